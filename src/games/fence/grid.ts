/**
 * Names for map cells that players can say and the picture shows: columns A, B, … and rows
 * 1, 2, … over the map's bounds plus a one-cell margin (where new tiles can go). The
 * renderer draws these same labels, so a name and the picture always agree.
 */
import type { PlacedTile } from './geometry.ts';

export interface Grid {
  minX: number;
  minY: number;
  cols: number;
  rows: number;
}

export function gridOf(map: readonly PlacedTile[]): Grid {
  if (map.length === 0) return { minX: -1, minY: -1, cols: 3, rows: 3 };
  const xs = map.map((p) => p.x), ys = map.map((p) => p.y);
  const minX = Math.min(...xs) - 1, minY = Math.min(...ys) - 1;
  return { minX, minY, cols: Math.max(...xs) + 2 - minX, rows: Math.max(...ys) + 2 - minY };
}

export function columnLabel(i: number): string {
  let s = '';
  let n = i;
  do {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return s;
}

export const cellLabel = (grid: Grid, x: number, y: number): string => `${columnLabel(x - grid.minX)}${y - grid.minY + 1}`;
