/**
 * What a view holds: the part of a game one viewer may know (the channel, or one player), and
 * the close-up pictures made of it. Drawings and alt text read only views; visible.ts makes
 * them from a game's state.
 */
import type { Card } from './cards.ts';
import { tileIdOfKey, type NbId, type PlacedTile } from './geometry.ts';
import type { Bounds } from './grid.ts';
import { standardTileSet, type TileDef, type TileSet } from './tiles.ts';
import type { FenceOptions, HotGoodsRoll, LastMove, Outcome, Phase } from './state.ts';

export interface SeatView {
  seat: number;
  name: string;
  computer: boolean;
  out: boolean;
  pawn: NbId | 'jail' | null;
  cards: number;
  tiles: string[];
  startRevealed: boolean;
}

export interface FenceView {
  viewer: number | 'channel';
  version: number;
  phase: Phase;
  options: FenceOptions;
  round: number;
  seats: SeatView[];
  map: PlacedTile[];
  oldTown: string;
  offLimits: NbId[];
  cops: NbId | null;
  firstPlayer: number;
  current: number;
  waitingFor: number | null;
  pending: { kind: string; seat: number; options?: NbId[] } | null;
  turn: { pushed: boolean; cops: boolean };
  /** Cards per Stash pile; `mixed` when the Stash is one pile. */
  stash: { red: number; blue: number; mixed?: number };
  /** What the Extended Rules put on the table (public). */
  extended?: {
    ritzy?: { red: number; blue: number };
    rounds?: number;
    tradingPost?: NbId;
    tunnel?: NbId[];
    /** Who holds the boat of each colour. */
    boats?: { red: number | null; blue: number | null };
    witnesses?: number[];
    /** Trading Cards: the open offer; its cards only in the views of its two players. */
    trade?: { from: number; to: number; give?: Card[]; ask?: Card[] };
  };
  discard: Card[];
  discardedTiles: string[];
  /**
   * Map building: empty cells where a builder can place at least one tile (the map highlights
   * them). While everyone builds at once (Free-For-All), a cell where any of them can.
   */
  placeableCells: { x: number; y: number }[];
  /**
   * Map building: who may build now and the empty cells where each can place a tile (a builder
   * with none can only swap). One seat, the one whose turn it is, or with Free-For-All every
   * player who can place or swap. Absent from views made by hand (tests): the seat whose
   * turn it is builds, at `placeableCells`.
   */
  builders?: { seat: number; cells: { x: number; y: number }[] }[];
  hotGoods: { round: number; rolls: HotGoodsRoll[] } | null;
  lastMove: LastMove | null;
  outcome: Outcome | null;
  /** Only in a player's own view. */
  me?: { seat: number; hand: Card[]; startCards: Card[] | null };
}

/**
 * An option of a choice where it is on the picture: its label (as the button has it) at a
 * neighborhood, in the colour of the piece that would go there (a seat, the Cops, or null when
 * several could).
 */
export interface ChoiceMark {
  label: string;
  nb: NbId;
  piece: number | 'cops' | null;
}

/** What a turn's picture says besides the map: whose turn it is, the winners of a game over, the options. */
interface Scene {
  view: FenceView;
  /** Drawn as arrows. */
  moves: LastMove[];
  /** Lines under the map, in bold: what the picture is about when the post's words need help (a roll's result). */
  caption: string[];
  /** The seat the game waits for, named in the legend ("to play") even when in Jail. */
  toPlay?: number | null;
  /** A choice's options, each label where it is. */
  marks?: ChoiceMark[];
}

/** A close-up picture: parts of the map, the turn's moves as arrows, and a caption. */
export interface CloseUpView extends Scene {
  /** The parts of the map shown, top to bottom. */
  panes: Bounds[];
}

/**
 * The whole city drawn for a phone: ground, water and roads without names, every piece large,
 * the Hot Goods of the round, labels and legend text at a size a phone shows legibly.
 */
export interface OverviewView extends Scene {
  /** A game over: who won (marked in the legend). */
  winners?: number[];
}

/** The tile set a view's map is made of (drawings and alt text look tiles up in it). */
export const tileSetOfView = (_view: FenceView): TileSet => standardTileSet();

export function defOf(set: TileSet, key: string): TileDef {
  const def = set.byId.get(tileIdOfKey(key));
  if (!def) throw new Error(`render: unknown tile ${key}`);
  return def;
}
