// Positions for the Game of Fences tests: a game set up as the bot does, then pieces, fences,
// whose turn and dice put where a test needs them.
import { BOARD, parseEdge, parseSquare } from '../../src/games/kimbo/board.ts';
import { setup, currentResults } from '../../src/games/kimbo/engine.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import { resultLabel } from '../../src/games/kimbo/words.ts';

export const NAMES = ['Ana', 'Bo', 'Cy', 'Dee'];

export const sq = (name: string): number => {
  const s = parseSquare(name);
  if (s === null) throw new Error(`not a square: ${name}`);
  return s;
};
export const edge = (name: string): number => {
  const e = parseEdge(name);
  if (e === null) throw new Error(`not an edge: ${name}`);
  return e;
};

export function newGame(n: number, seed = 'test', fixedDice: number[] = []): KimboState {
  return setup({ seats: NAMES.slice(0, n).map((name) => ({ name, computer: false })), seed, options: { roundLimit: 200 }, fixedDice }).state;
}

export interface Setup {
  n?: number;
  /** Per seat, four squares ("HOME" too); unlisted seats stay on the start squares. */
  pieces?: Record<number, string[]>;
  /** The fences on the board (replacing the setup's): slot and owner (null: neutral). */
  fences?: [string, number | null][];
  current?: number;
  /** Dice already rolled: the position is at "play the roll". */
  dice?: [number, number];
  /** Dice the next rolls will show. */
  next?: number[];
}

export function position(o: Setup): KimboState {
  const s = newGame(o.n ?? 2);
  for (const [seat, squares] of Object.entries(o.pieces ?? {})) s.pieces[Number(seat)] = squares.map(sq);
  if (o.fences) s.fences = o.fences.map(([slot, owner]) => ({ slot: edge(slot), owner, side: owner === null ? 1 : s.sides[owner]! }));
  s.current = o.current ?? 0;
  s.firstSeat = s.current;
  if (o.dice) {
    s.dice = o.dice;
    s.stage = 'play';
  }
  s.fixedDice = [...(o.next ?? [])];
  return s;
}

export const labels = (s: KimboState): string[] => currentResults(s).map((r) => resultLabel(s, r));

export const moveTo = (s: KimboState, label: string): { type: 'move'; key: string } => {
  const r = currentResults(s).find((x) => resultLabel(s, x) === label);
  if (!r) throw new Error(`"${label}" is not legal: ${labels(s).join(' | ')}`);
  return { type: 'move', key: r.key };
};

export const starts = BOARD.starts;
