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

/** Parses "C4" back to map coordinates on the same grid; null when malformed. */
export function parseCell(grid: Grid, label: string): { x: number; y: number } | null {
  const m = /^([A-Za-z]+)\s*(\d+)$/.exec(label.trim());
  if (!m) return null;
  let col = 0;
  for (const ch of (m[1] as string).toUpperCase()) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { x: col - 1 + grid.minX, y: Number(m[2]) - 1 + grid.minY };
}
