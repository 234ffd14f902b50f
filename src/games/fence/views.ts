/**
 * What one viewer may know. The channel sees the board, tile hands (face up, B2), card
 * counts, the discard pile and who owes what; a player also sees their own hand and their
 * start cards. Never in any view: other hands, unrevealed start cards, the Stash order,
 * the generator state or fixed dice.
 */
import { buildContext, buildersNow, legalPlacements } from './building.ts';
import { placesAtOnce } from './variants/index.ts';
import type { Card } from './cards.ts';
import type { NbId, PlacedTile } from './geometry.ts';
import { firstPlayerOf, inPlay, tileSetOf } from './rules.ts';
import { tileIdOfKey } from './geometry.ts';
import { standardTileSet, type TileDef, type TileSet } from './tiles.ts';
import type { FenceOptions, FenceState, HotGoodsRoll, LastMove, Outcome, Phase } from './state.ts';

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

export function viewFor(s: FenceState, viewer: number | 'channel'): FenceView {
  const live = inPlay(s);
  const set = tileSetOf(s);
  const offLimits = s.phase === 'building' ? [] : s.map.flatMap((p) => set.byId.get(tileIdOfKey(p.key))!.neighborhoods.map((_, i) => `${p.key}/${i}`)).filter((id) => !live.has(id));
  const placeableCells: { x: number; y: number }[] = [];
  const builders: NonNullable<FenceView['builders']> = [];
  if (s.phase === 'building' && !s.outcome) {
    const ctx = buildContext(s, set);
    const all = new Set<string>();
    for (const seat of placesAtOnce(s.options) ? buildersNow(s) : [s.current]) {
      const cells: { x: number; y: number }[] = [];
      const mine = new Set<string>();
      for (const p of legalPlacements(ctx, seat, { swaps: false })) {
        const k = `${p.x},${p.y}`;
        if (mine.has(k)) continue;
        mine.add(k);
        cells.push({ x: p.x, y: p.y });
        if (!all.has(k)) {
          all.add(k);
          placeableCells.push({ x: p.x, y: p.y });
        }
      }
      builders.push({ seat, cells });
    }
  }
  const view: FenceView = {
    viewer,
    version: s.version,
    phase: s.phase,
    options: { ...s.options },
    round: s.round,
    seats: s.seats.map((seat, i) => ({
      seat: i,
      name: seat.name,
      computer: seat.computer,
      out: s.out[i] ?? false,
      pawn: s.pawns[i] ?? null,
      cards: s.hands[i]?.length ?? 0,
      tiles: [...(s.tileHands[i] ?? [])],
      startRevealed: s.startCards[i] === null,
    })),
    map: s.map.map((p) => ({ ...p })),
    oldTown: s.oldTown,
    offLimits,
    cops: s.cops,
    firstPlayer: firstPlayerOf(s),
    current: s.current,
    waitingFor: s.outcome ? null : (s.pending?.seat ?? s.current),
    pending: s.pending ? { kind: s.pending.kind, seat: s.pending.seat, ...('options' in s.pending ? { options: [...s.pending.options] } : {}) } : null,
    turn: { ...s.turn },
    stash: s.stash.mixed ? { red: 0, blue: 0, mixed: s.stash.mixed.length } : { red: s.stash.red.length, blue: s.stash.blue.length },
    discard: [...s.discard],
    discardedTiles: [...s.discardedTiles],
    placeableCells,
    builders,
    hotGoods: s.hotGoods ? { round: s.hotGoods.round, rolls: s.hotGoods.rolls.map((r) => ({ ...r })) } : null,
    lastMove: s.lastMove ? { ...s.lastMove } : null,
    outcome: s.outcome,
  };
  const ext = s.extended;
  if (ext) {
    view.extended = {
      ...(ext.ritzy ? { ritzy: { ...ext.ritzy } } : {}),
      ...(ext.rounds ? { rounds: ext.rounds } : {}),
      ...(ext.tradingPost ? { tradingPost: ext.tradingPost } : {}),
      ...(ext.tunnel ? { tunnel: [...ext.tunnel] } : {}),
      ...(ext.boats ? { boats: { red: ext.boats.red?.seat ?? null, blue: ext.boats.blue?.seat ?? null } } : {}),
      ...(ext.witnesses?.length ? { witnesses: [...ext.witnesses] } : {}),
      ...(ext.trade && !s.outcome ? { trade: tradeSeen(ext.trade, viewer) } : {}),
    };
  }
  if (typeof viewer === 'number' && s.seats[viewer]) {
    const start = s.startCards[viewer];
    view.me = { seat: viewer, hand: [...(s.hands[viewer] ?? [])], startCards: start ? [start.red, start.blue] : null };
  }
  return view;
}

function tradeSeen(t: NonNullable<NonNullable<FenceState['extended']>['trade']>, viewer: number | 'channel'): { from: number; to: number; give?: Card[]; ask?: Card[] } {
  const party = viewer === t.from || viewer === t.to;
  return party ? { from: t.from, to: t.to, give: [...t.give], ask: [...t.ask] } : { from: t.from, to: t.to };
}

/** The tile set a view's map is made of (drawings and alt text look tiles up in it). */
export const tileSetOfView = (_view: FenceView): TileSet => standardTileSet();

export function defOf(set: TileSet, key: string): TileDef {
  const def = set.byId.get(tileIdOfKey(key));
  if (!def) throw new Error(`render: unknown tile ${key}`);
  return def;
}
