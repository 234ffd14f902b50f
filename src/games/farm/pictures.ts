/** The farm's pictures as the platform posts them: a kind, a view, and alt text from the view alone. */
import type { Picture } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import type { Action } from './actions.ts';
import { Board } from './board.ts';
import { closedBy, gainsIf } from './engine.ts';
import type { FarmState } from './state.ts';
import { viewFor, type FarmView } from './views.ts';

export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);

/** A part of the map to draw, in cells (inclusive); null draws the whole map. */
export interface Window { x0: number; y0: number; x1: number; y1: number }

export interface MapPictureView {
  farm: FarmView;
  window: Window | null;
  /** A move not yet played, shown to its player alone: a banner over the map says so. */
  preview?: string;
}

/** The cells within `radius` of the last tile placed, so the turn's picture stays large on a phone. */
export function windowAround(v: FarmView, radius = 2): Window | null {
  const t = v.last === null ? null : v.tiles[v.last];
  if (!t) return null;
  const xs = v.tiles.map((x) => x.x), ys = v.tiles.map((x) => x.y);
  const span = (Math.max(...xs) - Math.min(...xs) + 3) * (Math.max(...ys) - Math.min(...ys) + 3);
  if (span <= (2 * radius + 1) ** 2) return null;
  // Slide the window inside the map (and the ring of empty cells around it) rather than show emptiness.
  const side = 2 * radius + 1;
  const clamp = (c: number, lo: number, hi: number) => (hi - lo + 1 <= side ? lo - Math.floor((side - (hi - lo + 1)) / 2) : Math.min(Math.max(c - radius, lo), hi - side + 1));
  const x0 = clamp(t.x, Math.min(...xs) - 1, Math.max(...xs) + 1);
  const y0 = clamp(t.y, Math.min(...ys) - 1, Math.max(...ys) + 1);
  return { x0, y0, x1: x0 + side - 1, y1: y0 + side - 1 };
}

function mapAlt(v: FarmView, window: Window | null): string {
  const last = v.last === null ? null : v.tiles[v.last];
  const parts = [
    `Farm map, ${v.tiles.length} tile${v.tiles.length === 1 ? '' : 's'}${window ? `, shown around the last tile` : ''}.`,
    last ? `Last tile ${last.id} at ${last.x},${last.y}.` : '',
    `Scores: ${v.names.map((n, i) => `${n} ${v.scores[i]}`).join(', ')}.`,
    v.season ? `Season: ${v.season.name}.` : '',
    `${v.farms.length} farm${v.farms.length === 1 ? '' : 's'} closed; ${v.henhouses.length} henhouse${v.henhouses.length === 1 ? '' : 's'} on the map; ${v.stack} tile${v.stack === 1 ? '' : 's'} in the stack.`,
  ];
  return parts.filter(Boolean).join(' ').slice(0, 1024);
}

export function mapPicture(v: FarmView, window: Window | null): Picture {
  const view: MapPictureView = { farm: v, window };
  return { kind: 'map', view, alt: mapAlt(v, window) };
}

export function handPicture(v: FarmView): Picture {
  return { kind: 'hand', view: v, alt: `Your ${v.hand?.length ?? 0} tiles in their four turns.` };
}

/**
 * A placement (or a season's move of a map tile) as it would stand, for its player alone before
 * they confirm: the map around the tile with it in place, and what it would close. Drawn from
 * the channel's view of that map, so it shows no hand.
 */
export function previewPicture(s: FarmState, seat: number, a: Action): Picture | null {
  if (a.type !== 'place' && a.type !== 'lift' && a.type !== 'turnTile') return null;
  const placed = s.placed.map((p) => ({ ...p }));
  let index: number;
  if (a.type === 'place') index = placed.push({ id: a.tile, x: a.x, y: a.y, rot: a.rot, by: seat }) - 1;
  else {
    index = a.type === 'lift' ? a.from : a.tile;
    const p = placed[index];
    if (!p) return null;
    Object.assign(p, a.type === 'lift' ? { x: a.x, y: a.y, rot: a.rot } : { rot: a.rot });
  }
  const after: FarmState = { ...s, placed, seasons: s.seasons ? { ...s.seasons, moved: index } : null };
  const closes = closedBy(after, new Board(placed), index).length;
  const mine = a.type === 'place' ? (gainsIf(s, { id: a.tile, x: a.x, y: a.y, rot: a.rot }, seat)[seat] ?? 0) : null;
  const v = viewFor(after, 'channel');
  v.last = index;
  const p = placed[index] as FarmState['placed'][number];
  const what = closes === 0 ? 'closes no farm' : `closes ${closes} farm${closes === 1 ? '' : 's'}${mine === null ? '' : `: you would score ${mine}`}`;
  const banner = `Preview, not played yet: ${p.id} at ${p.x},${p.y} ${what}`;
  const window = windowAround(v);
  return { kind: 'map', view: { farm: v, window, preview: banner } satisfies MapPictureView, alt: `${banner}. ${mapAlt(v, window)}`.slice(0, 1024) };
}
