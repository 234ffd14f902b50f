/**
 * The map in parts a phone can read. A whole farmland soon spans 10–16 cells a side; at 390 CSS
 * px a cell must stay about 70 CSS px wide for its animal letters to read, so a picture shows at
 * most PART_COLS × PART_ROWS cells. A choice among places all over the map (where a tile fits,
 * which field gets the fox) is cut into as few such parts as hold every place, the fullest
 * first. Pure geometry: cells are [x, y].
 */

/** A part of the map to draw, in cells (inclusive). */
export interface Window { x0: number; y0: number; x1: number; y1: number }

export const PART_COLS = 5;
/** A phone is taller than wide: a part may be a row taller than wide. */
export const PART_ROWS = 6;

export const inside = (w: Window, x: number, y: number): boolean => x >= w.x0 && x <= w.x1 && y >= w.y0 && y <= w.y1;

/** The cells the map covers and the ring of empty cells around it (where tiles go next). */
export function boundsOf(cells: readonly (readonly [number, number])[]): Window {
  const xs = cells.map((c) => c[0]), ys = cells.map((c) => c[1]);
  return { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
}

/** One window's span along an axis: the whole bounds when they are narrower than `size`. */
function starts(lo: number, hi: number, size: number): number[] {
  if (hi - lo + 1 <= size) return [lo];
  return Array.from({ length: hi - lo - size + 2 }, (_, i) => lo + i);
}

/**
 * Windows of at most `cols` × `rows` cells inside `bounds` that together hold every one of
 * `places`, greedily: each next window holds the most places not yet held, each counted by its
 * weight (1 unless given: a place worth more comes first) (ties: the most places in all, then
 * the one nearest `near`, then the first in reading order). Each place belongs to the first
 * window holding it.
 */
export function partsFor(
  places: readonly (readonly [number, number])[], bounds: Window, near: readonly [number, number] | null = null,
  cols = PART_COLS, rows = PART_ROWS, weights: readonly number[] = [],
): { window: Window; places: number[] }[] {
  const out: { window: Window; places: number[] }[] = [];
  const held = new Set<number>();
  const xs = starts(bounds.x0, bounds.x1, cols), ys = starts(bounds.y0, bounds.y1, rows);
  const w = Math.min(cols, bounds.x1 - bounds.x0 + 1), h = Math.min(rows, bounds.y1 - bounds.y0 + 1);
  while (held.size < places.length) {
    let best: { window: Window; fresh: number; all: number; dist: number } | null = null;
    for (const y0 of ys) {
      for (const x0 of xs) {
        const window = { x0, y0, x1: x0 + w - 1, y1: y0 + h - 1 };
        let fresh = 0, all = 0;
        places.forEach(([x, y], i) => {
          if (!inside(window, x, y)) return;
          all++;
          if (!held.has(i)) fresh += weights[i] ?? 1;
        });
        if (fresh === 0) continue;
        const dist = near ? Math.abs(x0 + (w - 1) / 2 - near[0]) + Math.abs(y0 + (h - 1) / 2 - near[1]) : 0;
        if (!best || fresh > best.fresh || (fresh === best.fresh && (all > best.all || (all === best.all && dist < best.dist)))) best = { window, fresh, all, dist };
      }
    }
    if (!best) break;
    const mine: number[] = [];
    places.forEach(([x, y], i) => {
      if (!held.has(i) && inside(best!.window, x, y)) {
        held.add(i);
        mine.push(i);
      }
    });
    out.push({ window: best.window, places: mine });
  }
  return out;
}

const COMPASS = ['north-west', 'north', 'north-east', 'west', 'middle', 'east', 'south-west', 'south', 'south-east'];

/** Where a window lies on the map, in words: "north-west", "middle". */
export function compassOf(window: Window, bounds: Window): string {
  const third = (lo: number, hi: number, a: number, b: number): number => {
    const mid = (a + b) / 2;
    const span = hi - lo + 1;
    if (span <= (b - a + 1) * 1.5) return 1;
    return mid < lo + span / 3 ? 0 : mid > hi - span / 3 ? 2 : 1;
  };
  return COMPASS[third(bounds.y0, bounds.y1, window.y0, window.y1) * 3 + third(bounds.x0, bounds.x1, window.x0, window.x1)]!;
}
