/**
 * The Extended Rules, in the order the rules text lists them, and the hook points the engine
 * calls. A hook runs for every variant that is on, in this order.
 */
import type { Action, Refusal } from '../actions.ts';
import { card, type Card, type Colour } from '../cards.ts';
import type { NbId } from '../geometry.ts';
import type { FenceOptions, FenceState, Outcome, Pending } from '../state.ts';
import { accumulation } from './accumulation.ts';
import { bigMap } from './big-map.ts';
import { boats } from './boats.ts';
import { hunch } from './hunch.ts';
import { tradingPost } from './trading-post.ts';
import { tunnel } from './tunnel.ts';
import { missingTiles } from './missing-tiles.ts';
import { placingMultiNeighborhoodTiles } from './placing-multi-neighborhood-tiles.ts';
import { rewardedTilePlacement } from './rewarded-tile-placement.ts';
import { turnTakingPawns } from './turn-taking-pawns.ts';
import { freeForAll } from './free-for-all.ts';
import { blindStash } from './blind-stash.ts';
import { jokers } from './jokers.ts';
import { tradingCards } from './trading-cards.ts';
import { mixedStash } from './mixed-stash.ts';
import { hotGoodsByCards } from './hot-goods-by-cards.ts';
import { moreHotGoods } from './more-hot-goods.ts';
import { ritzyTile } from './ritzy-tile.ts';
import { roundLimited } from './round-limited.ts';
import { wastedHotGoods } from './wasted-hot-goods.ts';
import type { Deck, Table, Variant } from './variant.ts';

export const VARIANTS: readonly Variant[] = [
  ritzyTile, jokers, boats, turnTakingPawns, freeForAll, rewardedTilePlacement, missingTiles, placingMultiNeighborhoodTiles, bigMap, tunnel, tradingPost,
  tradingCards, mixedStash, blindStash, hotGoodsByCards, moreHotGoods, wastedHotGoods, hunch, accumulation, roundLimited,
];

/** The variants a game plays with, and the flags the engine asks for at every move. */
interface Profile {
  on: readonly Variant[];
  everyNeighborhoodReaches: boolean;
  placesAtOnce: boolean;
  /** Per hook asked at every move, the variants that have it (most have none). */
  having: Partial<Record<keyof Variant, readonly Variant[]>>;
}
const profiles = new WeakMap<FenceOptions, Profile>();
function profileOf(o: FenceOptions): Profile {
  let p = profiles.get(o);
  if (!p) {
    const on = VARIANTS.filter((v) => v.on(o));
    p = { on, everyNeighborhoodReaches: on.some((v) => v.everyNeighborhoodReaches), placesAtOnce: on.some((v) => v.placesAtOnce), having: {} };
    profiles.set(o, p);
  }
  return p;
}

/** The variants a game plays with. */
export const variantsOf = (o: FenceOptions): readonly Variant[] => profileOf(o).on;

/** The variants a game plays with that have `hook`. */
function having(o: FenceOptions, hook: keyof Variant): readonly Variant[] {
  const p = profileOf(o);
  return (p.having[hook] ??= p.on.filter((v) => v[hook] !== undefined));
}

/** The cards of a game, unshuffled: one red and one blue Ace–6 per player (B1), as the variants change it. */
export function deckOf(o: FenceOptions, players: number): Deck {
  const set = (colour: Colour): Card[] => Array.from({ length: 6 * players }, (_, i) => card(colour, (i % 6) + 1));
  return variantsOf(o).reduce((deck, v) => v.deck?.(deck, players, o) ?? deck, { red: set('red'), blue: set('blue') });
}

/** Mixed, Blind Stash: the Stash is one pile from the start. */
export const onePileFromStart = (o: FenceOptions): boolean => variantsOf(o).some((v) => v.onePileFromStart);

/** Mixed Stash or Mixed, Blind Stash: the Stash is one pile in the main phase. */
export const onePileInMain = (o: FenceOptions): boolean => variantsOf(o).some((v) => v.onePileInMain);

export const tileKeys = (o: FenceOptions, ids: string[]): string[] => variantsOf(o).reduce((keys, v) => v.tileKeys?.(keys) ?? keys, ids);
export const noStartCards = (o: FenceOptions): boolean => variantsOf(o).some((v) => v.noStartCards);
export const everyNeighborhoodReaches = (o: FenceOptions): boolean => profileOf(o).everyNeighborhoodReaches;
export const placesAtOnce = (o: FenceOptions): boolean => profileOf(o).placesAtOnce;
/** The tiles a seat may place or swap in: their own hand, unless a variant widens it. */
export function placeableTiles(s: FenceState, seat: number): readonly string[] {
  for (const v of variantsOf(s.options)) if (v.placeableTiles) return v.placeableTiles(s, seat);
  return s.tileHands[seat] ?? [];
}
export const buildingOver = (s: FenceState): boolean => variantsOf(s.options).some((v) => v.buildingOver?.(s));
export const tilePlaced = (t: Table, seat: number, x: number, y: number): void => variantsOf(t.s.options).forEach((v) => v.tilePlaced?.(t, seat, x, y));
export const dealPerColour = (o: FenceOptions): number => variantsOf(o).reduce((k, v) => v.dealPerColour?.(o) ?? k, 2);

export const afterCops = (t: Table): void => variantsOf(t.s.options).forEach((v) => v.afterCops?.(t));
export const afterDeal = (t: Table): void => variantsOf(t.s.options).forEach((v) => v.afterDeal?.(t));

export const hotGoodsDue = (s: FenceState, base: number): number => variantsOf(s.options).reduce((due, v) => v.hotGoodsDue?.(s, due) ?? due, base);

/** The Hot Goods tile from a variant, undefined when the dice decide, null when none can come up. */
export function hotGoodsTile(t: Table): { red: number; blue: number; cards: Card[] } | null | undefined {
  const v = variantsOf(t.s.options).find((x) => x.hotGoodsTile);
  return v ? v.hotGoodsTile!(t) : undefined;
}

export const hotGoodsPrize = (s: FenceState, red: number, blue: number): number =>
  variantsOf(s.options).reduce((prize, v) => v.hotGoodsPrize?.(s, red, blue, prize) ?? prize, 1);

export const hotGoodsWasted = (t: Table): void => variantsOf(t.s.options).forEach((v) => v.hotGoodsWasted?.(t));

/** The first outcome a variant gives at a round's end (every variant's bookkeeping runs). */
export function roundEnded(t: Table): Outcome | null {
  let outcome: Outcome | null = null;
  for (const v of variantsOf(t.s.options)) {
    const o = v.roundEnded?.(t) ?? null;
    outcome ??= o;
  }
  return outcome;
}

export const lastRound = (s: FenceState): number => variantsOf(s.options).reduce((limit, v) => v.lastRound?.(s, limit) ?? limit, s.options.roundLimit);

export const extraActions = (s: FenceState, seat: number): Action[] => having(s.options, 'actions').flatMap((v) => v.actions?.(s, seat) ?? []);
export const optionalPlays = (s: FenceState, seat: number): Action[] => having(s.options, 'optionalPlays').flatMap((v) => v.optionalPlays?.(s, seat) ?? []);

export const offers = (s: FenceState, seat: number): Action[] => having(s.options, 'offers').flatMap((v) => v.offers?.(s, seat) ?? []);
export const asked = (s: FenceState): number[] => having(s.options, 'asked').flatMap((v) => v.asked?.(s) ?? []);
/** What a seat asked by a variant may do (null: no variant asks it). */
export function answers(s: FenceState, seat: number): Action[] | null {
  for (const v of variantsOf(s.options)) {
    const a = v.answers?.(s, seat);
    if (a) return a;
  }
  return null;
}
export function refusal(s: FenceState, seat: number, action: Action): Refusal | null {
  for (const v of variantsOf(s.options)) {
    const r = v.refusal?.(s, seat, action);
    if (r) return r;
  }
  return null;
}
export const beforeAction = (t: Table, seat: number, action: Action): void => variantsOf(t.s.options).forEach((v) => v.beforeAction?.(t, seat, action));
export const timedOut = (t: Table, seat: number): boolean => variantsOf(t.s.options).some((v) => v.timedOut?.(t, seat) ?? false);

/** The answers to a variant's pending choice (null: not a variant's). */
export function pendingActions(s: FenceState, p: Pending): Action[] | null {
  for (const v of variantsOf(s.options)) {
    const a = v.pendingActions?.(s, p);
    if (a) return a;
  }
  return null;
}

/** Carries out a variant's action; false when no variant owns it. */
export const act = (t: Table, seat: number, action: Action): boolean => variantsOf(t.s.options).some((v) => v.act?.(t, seat, action) ?? false);
export const answerMarker = (t: Table, what: 'tradingPost' | 'tunnel' | 'hunch', nb: NbId): void => variantsOf(t.s.options).forEach((v) => v.answerMarker?.(t, what, nb));
export const skipTurn = (t: Table, seat: number): boolean => variantsOf(t.s.options).some((v) => v.skipTurn?.(t, seat) ?? false);
export const turnEnding = (t: Table, seat: number): boolean => variantsOf(t.s.options).some((v) => v.turnEnding?.(t, seat) ?? false);
export const jailed = (t: Table, seats: number[]): void => variantsOf(t.s.options).forEach((v) => v.jailed?.(t, seats));
export const removed = (t: Table, seat: number): void => variantsOf(t.s.options).forEach((v) => v.removed?.(t, seat));
export const afterBuilding = (t: Table): void => variantsOf(t.s.options).forEach((v) => v.afterBuilding?.(t));
export const distance = (s: FenceState, seat: number, red: number, blue: number, road: number | null): number | null =>
  variantsOf(s.options).reduce((d, v) => (v.distance ? v.distance(s, seat, red, blue, d) : d), road);
export const links = (s: FenceState): [NbId, NbId][] => having(s.options, 'links').flatMap((v) => v.links?.(s) ?? []);

/** A colour answered for a variant's own choice (the pending choice names no colour draw). */
export function answerColour(t: Table, colour: Colour): void {
  for (const v of variantsOf(t.s.options)) v.answerColour?.(t, colour);
}
