/**
 * The farm's pictures as the platform posts them: a kind, a view, and alt text from the view
 * alone. `map`: a part of the map with the score panel (a turn, a preview, `/farm map` whole);
 * `choice`: a part of the map with a choice's labels where its options are (cells, fields,
 * gates), the seat's own tiles above it when the level is theirs alone; `candidates`: the
 * tile-and-turn options on one cell, each drawn in place with what it would score; `end`: the
 * final scores broken down, every farm numbered on the map and listed with its animals and
 * points, and the pieces left on open fields; `hand`: a player's tiles in four turns.
 */
import type { Picture } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import type { Action } from './actions.ts';
import { Board } from './board.ts';
import { closedBy, gainsIf } from './engine.ts';
import { storageCosts } from './expansions/storage.ts';
import { compassOf, type Window } from './parts.ts';
import { POINT_KINDS, POINT_NAMES, type PointKind } from './points.ts';
import type { FarmState } from './state.ts';
import { view, type FarmView, type TileView } from './views.ts';

export type { Window } from './parts.ts';

export const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);

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
  return windowAt(v, t.x, t.y, radius);
}

/**
 * A (2·radius+1)-cell square holding cell x, y and as many of the map's tiles as it can: it moves
 * towards the tiles rather than show an empty row or column while tiles are cut off (ties: the
 * square whose tiles lie most evenly about its middle, then the one centred nearest x, y); null
 * when the whole map and its ring of empty cells fit in it.
 */
export function windowAt(v: FarmView, x: number, y: number, radius = 2): Window | null {
  const xs = v.tiles.map((t) => t.x), ys = v.tiles.map((t) => t.y);
  const side = 2 * radius + 1;
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  if (x1 - x0 + 3 <= side && y1 - y0 + 3 <= side) return null;
  let best: { w: Window; held: number; balance: number; off: number } | null = null;
  for (let wy = y - side + 1; wy <= y; wy++) {
    for (let wx = x - side + 1; wx <= x; wx++) {
      const w = { x0: wx, y0: wy, x1: wx + side - 1, y1: wy + side - 1 };
      const inWindow = v.tiles.filter((t) => t.x >= w.x0 && t.x <= w.x1 && t.y >= w.y0 && t.y <= w.y1);
      // Empty rows and columns on either side of the tiles shown: as many on each side as can be.
      const ix = inWindow.map((t) => t.x), iy = inWindow.map((t) => t.y);
      const balance = Math.abs((Math.min(...ix) - w.x0) - (w.x1 - Math.max(...ix))) + Math.abs((Math.min(...iy) - w.y0) - (w.y1 - Math.max(...iy)));
      const off = Math.abs(wx + radius - x) + Math.abs(wy + radius - y);
      const better = !best || inWindow.length > best.held || (inWindow.length === best.held && (balance < best.balance || (balance === best.balance && off < best.off)));
      if (better) best = { w, held: inWindow.length, balance, off };
    }
  }
  return best!.w;
}

function mapAlt(v: FarmView, window: Window | null): string {
  const last = v.last === null ? null : v.tiles[v.last];
  const acting = v.acting === null ? '' : `${v.names[v.acting]} to ${v.acting === v.current ? 'play' : 'choose'}.`;
  const parts = [
    `Farm map, ${v.tiles.length} tile${v.tiles.length === 1 ? '' : 's'}${window ? `, shown around the last tile` : ''}.`,
    last ? `Last tile ${last.id} at ${last.x},${last.y}.` : '',
    `Scores: ${v.names.map((n, i) => `${n} ${v.scores[i]}`).join(', ')}.`,
    acting,
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

/** What a placement would close and score at once, in words: "closes 1 farm: you would score 7". */
export function consequence(s: FarmState, seat: number, p: { id: string; x: number; y: number; rot: number }): string {
  const placed = [...s.placed, { id: p.id, x: p.x, y: p.y, rot: p.rot, by: seat }];
  const closes = closedBy(s, new Board(placed), placed.length - 1).length;
  if (closes === 0) return 'closes no farm';
  const gain = gainsIf(s, p, seat);
  const others = gain.map((g, i) => (i !== seat && g > 0 ? `${s.seats[i]?.name ?? '?'} ${g}` : '')).filter(Boolean);
  return `closes ${closes} farm${closes === 1 ? '' : 's'}: you would score ${gain[seat] ?? 0}${others.length ? `, ${others.join(', ')}` : ''}`;
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
  const p = placed[index] as FarmState['placed'][number];
  const closes = closedBy(after, new Board(placed), index).length;
  const what = a.type === 'place' ? consequence(s, seat, p) : closes === 0 ? 'closes no farm' : `closes ${closes} farm${closes === 1 ? '' : 's'}`;
  const v = view(after, 'channel');
  v.last = index;
  const banner = `Preview, not played yet: ${p.id} at ${p.x},${p.y} ${what}`;
  const window = windowAround(v);
  return { kind: 'map', view: { farm: v, window, preview: banner } satisfies MapPictureView, alt: `${banner}. ${mapAlt(v, window)}`.slice(0, 1024) };
}

// ---- Choices: labels where the options are --------------------------------------------------

/** Where a label is drawn: on an empty cell, on a region of a placed tile (a field), or on a tile's gate. */
export type MarkAt = { cell: [number, number] } | { region: number } | { gate: number };

export interface Mark {
  /** An option's label (src/platform/choices.ts), drawn as this exact text. */
  label: string;
  at: MarkAt;
  /** The tile the option would place on that cell, drawn there (the only way a tile fits it). */
  tile?: TileView;
}

export interface ChoicePictureView {
  /** The channel's view of the map; a seat's own view (their hand) only on a level shown to them alone. */
  farm: FarmView;
  window: Window;
  marks: Mark[];
  /**
   * The parts of the map holding this choice's options, when there are several: drawn small
   * over the map's outline (`bounds`), each with its option's label at `at` (the middle of its
   * places), this one (label null) lit.
   */
  parts: { label: string | null; window: Window; at: [number, number] }[];
  bounds: Window;
  /** Draw the viewer's tiles (farm.hand) above the map. */
  hand: boolean;
  /** Options that are not places ("No henhouse"): drawn as buttons under the map. */
  verbs: string[];
  /** A tile to outline: the one just placed. */
  focus: number | null;
}

/** A choice's picture: the alt says what is labelled where (a seat's own picture may name their tiles). */
export function choicePicture(view: ChoicePictureView, what: string): Picture {
  const v = view.farm;
  const where = view.marks.map((m) => `${m.label} on ${markPlace(v, m)}`).join(', ');
  const part = view.parts.length > 1 ? ` This is the ${compassOf(view.window, view.bounds)} part of the map; ${view.parts.filter((p) => p.label).map((p) => `${p.label}: the ${compassOf(p.window, view.bounds)} part`).join(', ')}.` : '';
  const hand = view.hand && v.hand ? ` Your tiles: ${v.hand.map((t) => t.id).join(', ')}.` : '';
  return { kind: 'choice', view, alt: `${what}: ${where}.${part}${hand}${view.verbs.length ? ` Or: ${view.verbs.join(', ')}.` : ''}`.slice(0, 1024) };
}

function markPlace(v: FarmView, m: Mark): string {
  if ('cell' in m.at) return `cell ${m.at.cell[0]},${m.at.cell[1]}`;
  const t = 'gate' in m.at ? v.tiles[m.at.gate] : v.tiles.find((x) => x.regions.some((r) => 'region' in m.at && r.key === m.at.region));
  return t ? `${'gate' in m.at ? 'the gate of ' : ''}${t.id} at ${t.x},${t.y}` : 'the map';
}

export interface Candidate {
  label: string;
  /** The tile as it would lie (its x, y the cell). */
  tile: TileView;
  /** What it does, in words, a line or two under it. */
  lines: string[];
}

/** The tile-and-turn options on one cell, each drawn in place among its neighbours. */
export interface CandidatesPictureView {
  farm: FarmView;
  cell: [number, number];
  /** A map tile left out (the one a Flood lifts from its old cell). */
  hide: number | null;
  candidates: Candidate[];
}

export function candidatesPicture(view: CandidatesPictureView): Picture {
  const list = view.candidates.map((c) => `${c.label}: ${c.lines.join(', ')}`).join('; ');
  return { kind: 'candidates', view, alt: `Cell ${view.cell[0]},${view.cell[1]} with each tile and turn that fits it, among its neighbours. ${list}.`.slice(0, 1024) };
}

// ---- The end ---------------------------------------------------------------------------------

export interface ScoreRow {
  seat: number;
  total: number;
  /** Points by kind (storage negative). */
  by: Record<PointKind, number>;
  /** Farms this player closed. */
  closed: number;
  winner: boolean;
  left: boolean;
}

export interface EndPictureView {
  farm: FarmView;
  /** Why the game ended, in words. */
  reason: string;
  rows: ScoreRow[];
  /** The kinds of points anyone scored (columns of the table). */
  kinds: PointKind[];
}

export const endReason = (s: FarmState): string => {
  const r = s.outcome?.reason;
  return r === 'tiles' ? 'All tiles are placed.' : r === 'rounds' ? 'The round limit is reached.' : r === 'alone' ? 'Only one player is left.' : 'The game was aborted.';
};

/** Each player's points broken down by what earned them (public: every award was announced). */
export function scoreRows(s: FarmState): ScoreRow[] {
  const winners = new Set(s.outcome?.winners ?? []);
  const bales = s.bales?.held ?? [];
  const storage = new Map(storageCosts(s).map((a) => [a.seat, a.points]));
  return s.seats.map((_, seat): ScoreRow => {
    const by = Object.fromEntries(POINT_KINDS.map((k) => [k, 0])) as Record<PointKind, number>;
    for (const f of s.farms) for (const a of f.awards) if (a.seat === seat && a.why !== 'bales' && a.why !== 'storage') by[a.why] += a.points;
    if (s.outcome) {
      by.bales = (bales[seat] ?? 0) ** 2;
      by.storage = storage.get(seat) ?? 0;
    }
    return { seat, total: s.scores[seat] ?? 0, by, closed: s.farms.filter((f) => f.closer === seat).length, winner: winners.has(seat), left: s.out[seat] === true };
  });
}

export function endPicture(s: FarmState): Picture {
  const rows = scoreRows(s);
  const kinds = POINT_KINDS.filter((k) => rows.some((r) => r.by[k] !== 0));
  const v: EndPictureView = { farm: view(s, 'channel'), reason: endReason(s), rows, kinds };
  const table = [...rows].sort((a, b) => b.total - a.total).map((r) => `${v.farm.names[r.seat]} ${r.total}${r.winner ? ' (wins)' : ''}: ${kinds.map((k) => `${POINT_NAMES[k]} ${r.by[k]}`).join(', ')}`).join('; ');
  return { kind: 'end', view: v, alt: `Game over. ${v.reason} ${table}. The whole map: ${s.placed.length} tiles, ${s.farms.length} farms, each numbered where it lies and listed with its animals and who scored from it.`.slice(0, 1024) };
}
