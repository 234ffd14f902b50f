/**
 * The FENCE! game state: plain JSON, stored as-is, versioned. Secrets live here too (hands,
 * Stash order, start cards, generator state); views.ts decides what each viewer may see.
 */
import type { RngState } from '../../engine/rng.ts';
import type { Card, Colour } from './cards.ts';
import type { NbId, PlacedTile } from './geometry.ts';

export const STATE_VERSION = 1;

/** Game options. Extended Rules (E1–E20) will be added here, each as an optional field. */
export interface FenceOptions {
  /** Skip map building: the engine builds a random legal map with the simple strategy. */
  autoBuild: boolean;
  /** H3: the game ends after this many rounds. */
  roundLimit: number;
  tileSet: 'standard';
}

export const DEFAULT_OPTIONS: FenceOptions = { autoBuild: false, roundLimit: 200, tileSet: 'standard' };

export interface SeatInfo {
  /** How the channel names this player, e.g. a display name; never a secret. */
  name: string;
  computer: boolean;
}

export type Phase = 'building' | 'pawns' | 'main' | 'over';

/** A choice the rules give one player; nothing else moves until it is answered (H1). */
export type Pending =
  | { kind: 'drawColour'; seat: number; reason: 'hotGoods' | 'evidence'; count: number }
  | { kind: 'pawnNeighborhood'; seat: number; options: NbId[] }
  | { kind: 'copsNeighborhood'; seat: number; options: NbId[] };

export interface TurnProgress {
  /** Move Others parts done this turn (B15). Either set = this turn is Moving Others. */
  pushed: boolean;
  cops: boolean;
}

export interface HotGoodsRoll {
  red: number;
  blue: number;
  /** What happened: a winner, or why nobody won. */
  result: 'won' | 'absent' | 'tie' | 'unreachable' | 'cops';
  winner: number | null;
  /** Distance of the nearest player (tiles), when someone was reachable. */
  distance: number | null;
  copsDistance: number | null;
}

export interface LastMove {
  kind: 'self' | 'push' | 'copsRoad' | 'tipOff' | 'placed';
  seat: number;
  /** Whose pawn moved, or 'cops'. */
  piece: number | 'cops';
  from: NbId | 'jail' | null;
  to: NbId;
}

export type Outcome =
  | { kind: 'winner'; seats: number[]; reason: 'lastFree' | 'roundLimit' | 'lastSeat' }
  | { kind: 'noWinner'; reason: 'allJailed' | 'nobodyLeft' }
  | { kind: 'aborted' };

export interface FenceState {
  version: typeof STATE_VERSION;
  game: 'fence';
  options: FenceOptions;
  seats: SeatInfo[];
  rng: RngState;
  /** Scenario/test hook: dice results used before the generator, in order. Never shown. */
  fixedDice: number[];
  phase: Phase;
  /** Tile instance key of the Old Town that starts the map. */
  oldTown: string;
  map: PlacedTile[];
  /** Tile hands during building, per seat, face up (B2). */
  tileHands: string[][];
  discardedTiles: string[];
  /** Consecutive passes during building (B8). */
  passesInRow: number;
  /** Secret start cards per seat (B3) until the pawn is placed; then null. */
  startCards: ({ red: Card; blue: Card } | null)[];
  /** Top of each pile = last element. Secret. */
  stash: { red: Card[]; blue: Card[] };
  hands: Card[][];
  discard: Card[];
  /** A pawn's neighborhood, 'jail', or null (not yet placed, or removed from the game). */
  pawns: (NbId | 'jail' | null)[];
  cops: NbId | null;
  /** Seats no longer in the game (resigned or removed, H2/H4). */
  out: boolean[];
  /** H2: timed-out turns in a row per seat. */
  timeouts: number[];
  firstPlayer: number;
  /** Seat who must act (when no choice is pending). */
  current: number;
  round: number;
  turn: TurnProgress;
  pending: Pending | null;
  /** Hot Goods of the round being resolved or last resolved. */
  hotGoods: { round: number; rolls: HotGoodsRoll[]; due: number } | null;
  lastMove: LastMove | null;
  outcome: Outcome | null;
}

export type { Card, Colour };
