/**
 * How players name things on the farm: players, cells, parts of a tile, fields, and every
 * action as a button or list entry shows it. Apart from words.ts (which reads the engine for
 * prompts) so that the engine's refusals can name the choices they offer.
 */
import { count, listAnd } from '../grammar.ts';
import type { Action } from './actions.ts';
import { Board, regionOfKey, tileOfKey } from './board.ts';
import { henhousesLeft, type FarmState } from './state.ts';
import { regionAt } from './tiles.ts';
import { isSeasonAction } from './seasons-data.ts';
import { seasonActionLabel } from './seasons-words.ts';

export const seatName = (s: FarmState, seat: number): string => s.seats[seat]?.name ?? `Player ${seat + 1}`;
export const cellName = (x: number, y: number): string => `${x},${y}`;
export const turnName = (rot: number): string => (rot === 0 ? 'unturned' : `turned ${rot * 90}°`);

const HALF_CENTRE: readonly [number, number][] = [[0.25, 0], [0.75, 0], [1, 0.25], [1, 0.75], [0.75, 1], [0.25, 1], [0, 0.75], [0, 0.25]];
const COMPASS = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];

/** Where a region lies on its tile as placed: "north-west", or "whole tile". */
export function regionPlace(s: FarmState, key: number): string {
  const p = s.placed[tileOfKey(key)];
  if (!p) return 'somewhere';
  const board = new Board(s.placed);
  const regs = regionAt(board.def(tileOfKey(key)), p.rot);
  const hs = [0, 1, 2, 3, 4, 5, 6, 7].filter((h) => regs[h] === regionOfKey(key));
  if (hs.length === 8) return 'whole tile';
  const dx = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[0] - 0.5, 0);
  const dy = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[1] - 0.5, 0);
  if (Math.abs(dx) < 1e-9 && Math.abs(dy) < 1e-9) return 'middle';
  const angle = Math.atan2(dy, dx);
  return COMPASS[(Math.round(angle / (Math.PI / 4)) + 8) % 8] as string;
}

/**
 * A part of a placed tile as a scenario file names it: where it lies ("north-west"), or its
 * index on the tile when two parts of that tile lie the same way.
 */
export function partName(s: FarmState, key: number): string | number {
  const tile = tileOfKey(key);
  const p = s.placed[tile];
  if (!p) return regionOfKey(key);
  const board = new Board(s.placed);
  const places = board.def(tile).regions.map((_, r) => regionPlace(s, tile * 4 + r));
  const here = places[regionOfKey(key)] as string;
  return places.filter((x) => x === here).length === 1 ? here : regionOfKey(key);
}

/** The tile and part a region is on: "B17 at 2,3 (north-west)". */
export function tileAt(s: FarmState, key: number): string {
  const p = s.placed[tileOfKey(key)];
  return `${p?.id ?? '?'} at ${cellName(p?.x ?? 0, p?.y ?? 0)} (${regionPlace(s, key)})`;
}

const animalsOnRegion = (board: Board, key: number) => board.def(tileOfKey(key)).regions[regionOfKey(key)]?.animals ?? [];

export function fieldAnimals(board: Board, key: number): number {
  return board.fieldOf(key).regions.reduce((n, k) => n + animalsOnRegion(board, k).length, 0);
}

/** The players with a henhouse in the field holding `key`, named, in seat order. */
export function fieldOwners(s: FarmState, board: Board, key: number): string[] {
  const field = board.fieldOf(key);
  const seats = [...new Set(s.henhouses.filter((h) => field.regions.includes(h.region)).map((h) => h.seat))].sort((a, b) => a - b);
  return seats.map((seat) => seatName(s, seat));
}

/** A field as players find it: a tile and a part of it, its owners and chickens. */
export function fieldName(s: FarmState, board: Board, key: number): string {
  const owners = fieldOwners(s, board, key);
  const chickens = board.fieldOf(key).regions.reduce((n, k) => n + animalsOnRegion(board, k).filter((a) => a === 'chicken').length, 0);
  return `${tileAt(s, key)}${owners.length ? `, ${owners.join(' & ')}'s` : ', unowned'}${chickens ? `, ${count(chickens, 'chicken')}` : ''}`;
}

const STORED_NAME = { cow: 'cow', pig: 'pig', sheep: 'sheep' } as const;

/** An action as a button or a list entry shows it. */
export function actionLabel(s: FarmState, a: Action): string {
  if (a.type === 'place') return `${a.tile} at ${cellName(a.x, a.y)}, ${turnName(a.rot)}${s.rows?.[s.current]?.includes(a.tile) ? ' (from your row)' : ''}`;
  if (isSeasonAction(a)) return seasonActionLabel(s, a, (region) => tileAt(s, region));
  if (a.type === 'pass') return henhousesLeft(s, s.current) > 0 ? 'No henhouse' : 'Do nothing';
  if (a.type === 'decline') {
    const owed = s.pending[0];
    return owed?.kind === 'storage' ? (owed.phase === 'remove' ? 'Take nothing out' : 'Add nothing') : owed?.kind === 'dust' ? 'Take no tile' : 'No more tiles';
  }
  if (a.type === 'store') return a.op === 'remove' ? `Store a ${STORED_NAME[a.kind]} from this farm` : `Add a stored ${STORED_NAME[a.kind]} to this farm`;
  if (a.type === 'take') {
    const tile = a.from === 'row' ? s.rows?.[a.seat]?.[a.index] : null;
    return a.from === 'hand' ? `Take ${seatName(s, a.seat)}'s hand tile ${a.index + 1}` : `Take ${tile ?? '?'} from ${seatName(s, a.seat)}'s row`;
  }
  if (a.type === 'keepGates') return 'Leave the gates';
  if (a.type === 'gate') {
    const p = s.placed[a.tile];
    return `${p?.gateOpen ? 'Close' : 'Open'} the gate on ${p?.id ?? '?'} at ${cellName(p?.x ?? 0, p?.y ?? 0)}`;
  }
  const board = new Board(s.placed);
  if (a.type === 'fox' || a.type === 'bale' || a.type === 'horse') return `${a.type === 'fox' ? 'Fox' : a.type === 'bale' ? 'Bale' : 'Horse'} to ${fieldName(s, board, a.region)}`;
  const n = fieldAnimals(board, a.region);
  if (a.type === 'tractor') return `Tractor: ${tileAt(s, a.region)}, ${count(n, 'animal')} so far`;
  if (a.type === 'share') return `Sharecropper + henhouse: ${fieldName(s, board, a.region)}`;
  const t = board.def(tileOfKey(a.region)).regions[regionOfKey(a.region)];
  return `Henhouse: ${t?.terrain ?? 'field'} (${regionPlace(s, a.region)}), ${count(n, 'animal')} so far`;
}

const INSTEAD: Partial<Record<Action['type'], string>> = {
  share: 'share a field with a sharecropper token',
  tractor: 'put a tractor in your field',
  horse: 'move the horse',
  evict: 'send any henhouse home (the tornado)',
};

/**
 * The claim step's choices in words, after "now …" or a player's mention: a henhouse is named
 * only when one can be placed (F9), then the alternatives (R10, R14, R19, S9).
 */
export function claimStepWords(actions: readonly Action[], henhouses: number): string {
  const alternatives = [...new Set(actions.flatMap((a) => INSTEAD[a.type] ?? []))];
  if (actions.some((a) => a.type === 'claim')) return `place a henhouse on the tile you just placed (you have ${henhouses} left)${alternatives.length ? `, or instead ${listAnd(alternatives)}` : ''}, or none`;
  const why = henhouses <= 0 ? 'you have no henhouse left' : 'no field of your tile can take a henhouse';
  return `${alternatives.length ? `${listAnd(alternatives)}, or do nothing` : 'nothing can be placed'} (${why})`;
}
