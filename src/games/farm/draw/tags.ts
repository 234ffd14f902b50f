/**
 * Where farm numbers go on a map (issue 27): each on its own farm, clear of every other number
 * and of the pieces. Candidate spots are the farm's regions' own (pieces.ts), the deepest inside
 * its region first; farms with the fewest free spots are numbered first. A number with no free
 * spot on its farm goes where it still touches one of the farm's tiles, with a leader line to
 * the farm. Pure geometry, in the picture's pixels.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../../../render/fonts.ts';
import type { Window } from '../parts.ts';
import type { FarmView } from '../views.ts';
import { spotsOf, STEP } from './pieces.ts';

/** A tag's box around its number's text (`textW` wide in a font `size` px): snug, so that many fit on a crowded map. */
export const tagBox = (textW: number, size: number): { w: number; h: number } => ({ w: Math.max(size * 1.12, textW + size * 0.4), h: size * 1.12 });

/** A farm's number on a tag in its closer's colour (`fill`, `ink`), centred on x, y; its box is tagBox's. */
export function drawTag(ctx: SKRSContext2D, label: string, x: number, y: number, size: number, fill: string, ink: string): void {
  ctx.font = font(size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const { w, h } = tagBox(ctx.measureText(label).width, size);
  ctx.fillStyle = fill;
  ctx.strokeStyle = '#0B2A55';
  ctx.lineWidth = 2.5;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - h / 2, w, h, h / 4);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = ink;
  ctx.fillText(label, x, y + 1);
}

export interface TagWanted { farm: number; label: string; w: number; h: number }
export interface TagBox extends TagWanted {
  /** The tag's centre. */
  x: number;
  y: number;
  /** The point of the farm a leader line runs to, when the tag could not sit on the farm. */
  to: [number, number] | null;
}
/** The map as drawn: the window of cells, its first cell's top-left corner, a cell's side. */
export interface MapArea { window: Window; ox: number; oy: number; cell: number }
export interface Circle { x: number; y: number; r: number }

/** Air between two tags, and between a tag and a piece, in pixels. */
const AIR = 4;
/** Spots tried per region: every third of pieces.ts's grid each way. */
const EVERY = 3;
/** A tag finding no room tries to shove a neighbour from this many of its best spots. */
const SHOVE = 40;

type Rect = { x: number; y: number; w: number; h: number };
const overlaps = (a: Rect, b: Rect): boolean => Math.abs(a.x - b.x) * 2 < a.w + b.w + 2 * AIR && Math.abs(a.y - b.y) * 2 < a.h + b.h + 2 * AIR;
const hitsCircle = (a: Rect, c: Circle): boolean => {
  const dx = Math.max(Math.abs(c.x - a.x) - a.w / 2, 0), dy = Math.max(Math.abs(c.y - a.y) - a.h / 2, 0);
  return Math.hypot(dx, dy) < c.r + AIR;
};

/** The farms' tags, placed; `avoid`: the pieces drawn on the map (none on an overview). */
export function placeTags(v: FarmView, wanted: readonly TagWanted[], area: MapArea, avoid: readonly Circle[] = []): TagBox[] {
  const { window: w, ox, oy, cell } = area;
  const right = ox + (w.x1 - w.x0 + 1) * cell, bottom = oy + (w.y1 - w.y0 + 1) * cell;
  const within = (r: Rect) => r.x - r.w / 2 >= ox && r.x + r.w / 2 <= right && r.y - r.h / 2 >= oy && r.y + r.h / 2 <= bottom;
  const keyTile = new Map<number, number>();
  v.tiles.forEach((t, i) => t.regions.forEach((g) => keyTile.set(g.key, i)));
  // Each farm's spots on the map, deepest first (depth: how far inside its region, in pixels).
  const spots = wanted.map((tag) => {
    const out: { x: number; y: number; depth: number }[] = [];
    for (const key of v.farms[tag.farm]?.regions ?? []) {
      const t = v.tiles[keyTile.get(key) ?? -1];
      const g = t?.regions.find((x) => x.key === key);
      if (!t || !g || t.x < w.x0 || t.x > w.x1 || t.y < w.y0 || t.y > w.y1) continue;
      const px = ox + (t.x - w.x0) * cell, py = oy + (t.y - w.y0) * cell;
      spotsOf(g, t.fenced).forEach((s) => {
        if (Math.round(s.p[0] / STEP) % EVERY !== 0 || Math.round(s.p[1] / STEP) % EVERY !== 0) return;
        out.push({ x: px + s.p[0] * cell, y: py + s.p[1] * cell, depth: Math.min(s.fence, s.open) * cell });
      });
    }
    return out.sort((a, b) => b.depth - a.depth || a.y - b.y || a.x - b.x);
  });
  const placed: TagBox[] = [];
  const free = (r: Rect) => within(r) && !placed.some((p) => overlaps(p, r)) && !avoid.some((c) => hitsCircle(r, c));
  // The most hemmed-in farms first: fewest spots where their tag would fit alone.
  const room = wanted.map((tag, i) => spots[i]!.filter((s) => free({ ...s, w: tag.w, h: tag.h })).length);
  const order = wanted.map((_, i) => i).filter((i) => spots[i]!.length > 0).sort((a, b) => room[a]! - room[b]! || a - b);
  const index = new Map(wanted.map((t, i) => [t.farm, i]));
  /** Room for tag i on its farm made by moving one tag in its way to another spot on that tag's own farm. */
  const shove = (i: number): boolean => {
    const tag = wanted[i]!;
    for (const s of spots[i]!.slice(0, SHOVE)) {
      const r = { ...s, w: tag.w, h: tag.h };
      if (!within(r) || avoid.some((c) => hitsCircle(r, c))) continue;
      const inWay = placed.filter((p) => overlaps(p, r));
      const other = inWay[0];
      if (inWay.length !== 1 || !other || other.to) continue;
      placed.splice(placed.indexOf(other), 1);
      placed.push({ ...tag, x: s.x, y: s.y, to: null });
      const alt = spots[index.get(other.farm)!]!.find((x) => free({ ...x, w: other.w, h: other.h }));
      if (alt) {
        placed.push({ ...other, x: alt.x, y: alt.y });
        return true;
      }
      placed.pop();
      placed.push(other);
    }
    return false;
  };
  for (const i of order) {
    const tag = wanted[i]!;
    const on = spots[i]!.find((s) => free({ ...s, w: tag.w, h: tag.h }));
    if (on) {
      placed.push({ ...tag, x: on.x, y: on.y, to: null });
      continue;
    }
    if (shove(i)) continue;
    // Failing that, touching one of its tiles, then anywhere near: the nearest free spot to its
    // deepest, with a leader line to it.
    const deep = spots[i]![0]!;
    const cells = [...new Set((v.farms[tag.farm]?.regions ?? []).map((k) => keyTile.get(k) ?? -1))].map((k) => v.tiles[k]).filter((t) => t !== undefined);
    const touches = (r: Rect) => cells.some((t) => {
      const x0 = ox + (t.x - w.x0) * cell, y0 = oy + (t.y - w.y0) * cell;
      return r.x + r.w / 2 > x0 && r.x - r.w / 2 < x0 + cell && r.y + r.h / 2 > y0 && r.y - r.h / 2 < y0 + cell;
    });
    const near = (reach: number, ok: (r: Rect) => boolean): Rect | null => {
      let best: Rect | null = null;
      let bestD = Infinity;
      const step = Math.max(3, cell / 16);
      for (let y = deep.y - reach; y <= deep.y + reach; y += step) {
        for (let x = deep.x - reach; x <= deep.x + reach; x += step) {
          const r = { x, y, w: tag.w, h: tag.h };
          const d = Math.hypot(x - deep.x, y - deep.y);
          if (d < bestD && free(r) && ok(r)) {
            best = r;
            bestD = d;
          }
        }
      }
      return best;
    };
    const beside = near(2 * cell, touches) ?? near(5 * cell, () => true);
    placed.push({ ...tag, ...(beside ?? { x: deep.x, y: deep.y }), to: beside ? [deep.x, deep.y] : null });
  }
  return placed;
}
