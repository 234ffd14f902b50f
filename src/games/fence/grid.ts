/**
 * Names for map cells that players can say and the pictures show: a column letter and a row
 * number, fixed relative to Old Town from the start of the game. Old Town's cell is always
 * M13, so a cell keeps its name however the map grows (the rows and columns around Old Town
 * run A–Z and 1–26, far more than a map spans; beyond them names stay unique, see below).
 * Every name a player reads — on a picture, in a suggestion, in history — comes from `cellName`.
 */
import type { PlacedTile } from './geometry.ts';

/** Whatever knows where Old Town is: a state or a view. */
export interface City {
  map: readonly PlacedTile[];
  oldTown: string;
}

/** Old Town's column (M) and row (13), counted from 0. */
const ORIGIN_COL = 12;
const ORIGIN_ROW = 12;

/** Old Town's cell: the origin of every name (the centre before it is placed, B4). */
export function oldTownCell(city: City): { x: number; y: number } {
  const t = city.map.find((p) => p.key === city.oldTown);
  return t ? { x: t.x, y: t.y } : { x: 0, y: 0 };
}

/** Spreadsheet letters: 0 → A, 25 → Z, 26 → AA, … */
function letters(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

/**
 * A column's letters, `dx` columns east of Old Town. West of column A (13 columns west, which
 * only a straight line of tiles could reach) names count down from ZZ, ZY, …: a map of 80 tiles
 * never reaches those from the east, so no two columns share a name.
 */
export function columnName(dx: number): string {
  const i = dx + ORIGIN_COL;
  return i >= 0 ? letters(i) : letters(702 + i);
}

/** A row's number, `dy` rows south of Old Town; north of row 1 they count down from 999. */
export function rowName(dy: number): string {
  const i = dy + ORIGIN_ROW;
  return String(i >= 0 ? i + 1 : 1000 + i);
}

/** The name of cell (x, y), e.g. "M13" for Old Town's. */
export function cellName(city: City, x: number, y: number): string {
  const o = oldTownCell(city);
  return `${columnName(x - o.x)}${rowName(y - o.y)}`;
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
