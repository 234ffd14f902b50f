/**
 * Names for map cells that players can say and the pictures show: a column letter and a row
 * number, counted from the map's north-west, west to east and north to south, as on a
 * spreadsheet (… Y, Z, AA, AB …). Old Town's cell is M13, so a cell keeps its name as the map
 * grows, and most maps never leave A–Z and 1–26. A map that grows past column A (or row 1) moves
 * every name by a whole alphabet (26 columns or rows) at that moment: Old Town becomes AM13, the
 * old column A is AA and the new one Z; the post of that tile says so. Names only ever move while
 * the map is built, never once it is done. Every name a player reads — on a picture, in a
 * suggestion, in history — comes from `cellName`.
 */
import type { PlacedTile } from './geometry.ts';

/** Whatever knows where Old Town is: a state or a view. */
export interface City {
  map: readonly PlacedTile[];
  oldTown: string;
}

/** Old Town's column (M) and row (13), counted from 0, on a map that has not grown past them. */
const ORIGIN_COL = 12;
const ORIGIN_ROW = 12;
/** A whole alphabet: how far the names move when the map grows past column A or row 1. */
const SHIFT = 26;

/** Old Town's cell: where the names are counted from (the centre before it is placed, B4). */
export function oldTownCell(city: City): { x: number; y: number } {
  const t = city.map.find((p) => p.key === city.oldTown);
  return t ? { x: t.x, y: t.y } : { x: 0, y: 0 };
}

/**
 * The cell named A1: ORIGIN_COL columns and ORIGIN_ROW rows north-west of Old Town, moved a
 * whole alphabet further out for each time the map and the one-cell margin around it (where
 * tiles can go while it is built) would pass it.
 */
export function gridOrigin(city: City): { x: number; y: number } {
  const o = oldTownCell(city);
  const b = boundsWithMargin(city.map);
  const out = (past: number) => Math.max(0, Math.ceil(past / SHIFT)) * SHIFT;
  return { x: o.x - ORIGIN_COL - out(o.x - ORIGIN_COL - b.x0), y: o.y - ORIGIN_ROW - out(o.y - ORIGIN_ROW - b.y0) };
}

/** Spreadsheet letters: 0 → A, 25 → Z, 26 → AA, … (also a choice's labels: short enough for a tile and a button). */
export function letters(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/**
 * A column's letters, `i` columns east of column A. West of A, where no cell of the map or its
 * margin is, a name that is no map cell's: "-A", "-B"…
 */
export const columnName = (i: number): string => (i >= 0 ? letters(i) : `-${letters(-i - 1)}`);

/** A row's number, `i` rows south of row 1 (north of it, likewise: "-1", "-2"…). */
export const rowName = (i: number): string => (i >= 0 ? String(i + 1) : `-${-i}`);

/** The name of cell (x, y), e.g. "M13" for Old Town's. */
export function cellName(city: City, x: number, y: number): string {
  const g = gridOrigin(city);
  return `${columnName(x - g.x)}${rowName(y - g.y)}`;
}

/** The cells a picture of the whole map shows: the tiles plus a one-cell margin (where new tiles can go). */
export interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export function boundsWithMargin(map: readonly PlacedTile[]): Bounds {
  if (map.length === 0) return { x0: -1, y0: -1, x1: 1, y1: 1 };
  const xs = map.map((p) => p.x), ys = map.map((p) => p.y);
  return { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
}

/** The cells a picture of the whole map shows: the tiles; while building, also the margin where tiles can go. */
export function mapArea(city: { map: readonly PlacedTile[]; phase: string }): Bounds {
  const b = boundsWithMargin(city.map);
  if (city.phase === 'building' || city.map.length === 0) return b;
  return { x0: b.x0 + 1, y0: b.y0 + 1, x1: b.x1 - 1, y1: b.y1 - 1 };
}
