/**
 * Which parts of the city a turn's picture shows: one window ("pane") of at most 3 × 4 cells
 * around the cells the turn touched, or two of 3 × 2. Three columns is the most a picture can show
 * on a phone (≈ 390 CSS px wide) with every name ≥ 11 CSS px (picture.ts). Cells far apart
 * (a jump across a Big Map) get a pane each, stacked, rather than one pane too large to read.
 * Pure (no canvas): the picture's view carries the panes.
 */
import type { Bounds } from '../grid.ts';

export const PANE_COLS = 3;
export const PANE_ROWS = 3;
/** Two panes that would overlap merge when the union is no taller than this. */
const MERGED_ROWS = 4;
/** More panes would make a picture too tall for a phone's screen (and for Discord's desktop preview). */
export const MAX_PANES = 2;
/** Rows of each pane when there are two: the picture stays about as tall as it is wide. */
const SPLIT_ROWS = 2;

export interface FocusCell {
  x: number;
  y: number;
  /** Where something is now (a destination, a placed tile, a roll): kept before context cells. */
  primary: boolean;
}

const width = (b: Bounds) => b.x1 - b.x0 + 1;
const height = (b: Bounds) => b.y1 - b.y0 + 1;
const union = (a: Bounds, b: Bounds): Bounds => ({ x0: Math.min(a.x0, b.x0), y0: Math.min(a.y0, b.y0), x1: Math.max(a.x1, b.x1), y1: Math.max(a.y1, b.y1) });
const intersects = (a: Bounds, b: Bounds) => a.x0 <= b.x1 && b.x0 <= a.x1 && a.y0 <= b.y1 && b.y0 <= a.y1;

/** Grows `b` to `cols` × `rows` around its centre, kept inside `area` (or all of `area` when smaller). */
function grow(b: Bounds, area: Bounds, cols: number, rows: number): Bounds {
  const fit = (lo: number, hi: number, min: number, max: number, n: number): [number, number] => {
    if (max - min + 1 <= n) return [min, max];
    const extra = n - (hi - lo + 1);
    let a = lo - Math.floor(extra / 2);
    a = Math.max(min, Math.min(a, max - n + 1));
    return [a, a + n - 1];
  };
  const [x0, x1] = fit(b.x0, b.x1, area.x0, area.x1, Math.max(cols, width(b)));
  const [y0, y1] = fit(b.y0, b.y1, area.y0, area.y1, Math.max(rows, height(b)));
  return { x0, y0, x1, y1 };
}

/**
 * Greedy clusters of the cells, each within `cols` × `rows`, at most `most` of them; null when a
 * primary cell fits none (secondary cells that fit none are left out).
 */
function clustersOf(ordered: readonly FocusCell[], cols: number, rows: number, most: number): Bounds[] | null {
  const clusters: Bounds[] = [];
  for (const c of ordered) {
    const cell = { x0: c.x, y0: c.y, x1: c.x, y1: c.y };
    const k = clusters.findIndex((b) => width(union(b, cell)) <= cols && height(union(b, cell)) <= rows);
    if (k >= 0) clusters[k] = union(clusters[k] as Bounds, cell);
    else if (clusters.length < most) clusters.push(cell);
    else if (c.primary) return null;
  }
  return clusters;
}

/**
 * Panes covering the focus cells, primary cells first, in the order given: one pane of up to
 * PANE_COLS × MERGED_ROWS, else two of PANE_COLS × SPLIT_ROWS (a picture about as tall as a
 * phone's screen). Returns null when the primary cells need more (a whole built map, places far
 * apart): show the whole map.
 */
export function panesFor(focus: readonly FocusCell[], area: Bounds): Bounds[] | null {
  const inside = focus.filter((c) => c.x >= area.x0 && c.x <= area.x1 && c.y >= area.y0 && c.y <= area.y1);
  if (inside.length === 0) return null;
  const ordered = [...inside.filter((c) => c.primary), ...inside.filter((c) => !c.primary)];
  const one = clustersOf(ordered, PANE_COLS, MERGED_ROWS, 1);
  if (one) return [grow(one[0]!, area, PANE_COLS, PANE_ROWS)];
  const two = clustersOf(ordered, PANE_COLS, SPLIT_ROWS, MAX_PANES);
  if (!two) return null;
  const panes: Bounds[] = [];
  for (const b of two.map((b) => grow(b, area, PANE_COLS, SPLIT_ROWS))) {
    const k = panes.findIndex((p) => intersects(p, b) && width(union(p, b)) <= PANE_COLS && height(union(p, b)) <= MERGED_ROWS);
    if (k >= 0) panes[k] = union(panes[k] as Bounds, b);
    else panes.push(b);
  }
  return panes;
}
