/**
 * Rule queries shared by the engine, the variants, the computer players and the views: where a
 * card or pair can take a pawn or the Cops, who may leave Jail. Pure functions of the state;
 * nothing here changes it. What travels by road (pushes, the Cops by road, Hot Goods
 * distances) is in roads.ts, because the variants can add roads.
 */
import { seatsInGame } from '../../platform/seats.ts';
import type { Action } from './actions.ts';
import { colourOf, isJoker, isNumber, valueOf, type Card } from './cards.ts';
import { graphOf, inPlayOf, tileIdOfKey, type MapGraph, type NbId } from './geometry.ts';
import { standardTileSet, type TileSet } from './tiles.ts';
import type { FenceState } from './state.ts';

export const tileSetOf = (_state: FenceState): TileSet => standardTileSet();
export const inPlay = (s: FenceState): Set<NbId> => inPlayOf(s.map, tileSetOf(s), s.oldTown);

export const isJailed = (s: FenceState, seat: number): boolean => s.pawns[seat] === 'jail';
/** This turn is Moving Others: a part of it is done (or a boat was played). */
export const movingOthers = (s: FenceState): boolean => s.turn.pushed || s.turn.cops || s.turn.boat === true;

/**
 * The First Player now: the marker's seat, or, when that player has left the game, the next
 * seat still in the game clockwise (who would play first anyway). The marker itself stays put so the
 * round in progress still ends where it began.
 */
export function firstPlayerOf(s: FenceState): number {
  const n = s.seats.length;
  for (let k = 0; k < n; k++) {
    const i = (s.firstPlayer + k) % n;
    if (!s.out[i]) return i;
  }
  return s.firstPlayer;
}

/** The tile under a pawn or the Cops. */
export const tileKeyOf = (nb: NbId): string => nb.slice(0, nb.lastIndexOf('/'));

export function coordsOfKey(s: FenceState, key: string): { red: number; blue: number } | null {
  return tileSetOf(s).byId.get(tileIdOfKey(key))?.coords ?? null;
}

/** In-play neighborhoods of the tiles at a coordinate: empty = the tile is absent (B9). */
export function inPlayAt(s: FenceState, red: number, blue: number): NbId[] {
  const graph = graphOf(s.map, tileSetOf(s));
  let byCoord = byCoordCache.get(graph);
  if (!byCoord) {
    byCoord = new Map();
    const set = tileSetOf(s);
    const live = inPlay(s);
    for (const node of graph.nodes) {
      const c = set.byId.get(tileIdOfKey(node.key))?.coords;
      if (!c || !live.has(node.id)) continue;
      const k = c.red * 8 + c.blue;
      byCoord.set(k, [...(byCoord.get(k) ?? []), node.id]);
    }
    byCoordCache.set(graph, byCoord);
  }
  return [...(byCoord.get(red * 8 + blue) ?? [])];
}
/** In-play neighborhoods per coordinate (key red * 8 + blue), per map. */
const byCoordCache = new WeakMap<MapGraph, Map<number, NbId[]>>();

/** Neighborhoods a pawn may not enter by Move Yourself: other pawns and the Cops (B14). */
export function occupied(s: FenceState): Set<NbId> {
  const taken = new Set<NbId>();
  s.pawns.forEach((p, i) => {
    if (p && p !== 'jail' && !s.out[i]) taken.add(p);
  });
  if (s.cops) taken.add(s.cops);
  return taken;
}

/** The coordinate that one or two cards lead to from a tile (null: not allowed, B14). */
export function targetCoords(from: { red: number; blue: number } | null, cards: readonly Card[]): { red: number; blue: number } | null {
  if (cards.length === 2) {
    const red = cards.find((c) => isNumber(c) && colourOf(c) === 'red');
    const blue = cards.find((c) => isNumber(c) && colourOf(c) === 'blue');
    return red && blue ? { red: valueOf(red), blue: valueOf(blue) } : null;
  }
  const [only] = cards;
  if (!only || !from) return null;
  // Color Swap: a Joker swaps the coordinates.
  if (isJoker(only)) return { red: from.blue, blue: from.red };
  if (!isNumber(only)) return null;
  return colourOf(only) === 'red' ? { red: valueOf(only), blue: from.blue } : { red: from.red, blue: valueOf(only) };
}

/**
 * Distinct ways to play one or two cards from a hand (singles only when allowed): a number card
 * or a Joker alone, or a red and a blue number card. Face cards are never played to move.
 */
export function cardPlays(hand: readonly Card[], singles: boolean): Card[][] {
  const distinct = [...new Set(hand)];
  const numbers = distinct.filter(isNumber);
  const plays: Card[][] = singles ? distinct.filter((c) => isNumber(c) || isJoker(c)).map((c) => [c]) : [];
  for (const r of numbers) if (colourOf(r) === 'red') for (const b of numbers) if (colourOf(b) === 'blue') plays.push([r, b]);
  return plays;
}

/** B14: where Move Yourself can take the seat's pawn, per card play. */
export function selfMoves(s: FenceState, seat: number): { cards: Card[]; to: NbId }[] {
  const pawn = s.pawns[seat];
  if (pawn === null || pawn === undefined) return [];
  const jailed = pawn === 'jail';
  const from = jailed ? null : coordsOfKey(s, tileKeyOf(pawn));
  const taken = occupied(s);
  const moves: { cards: Card[]; to: NbId }[] = [];
  for (const cards of cardPlays(s.hands[seat] ?? [], !jailed && from !== null)) {
    const to = targetCoords(from, cards);
    if (!to) continue;
    for (const nb of inPlayAt(s, to.red, to.blue)) if (nb !== pawn && !taken.has(nb)) moves.push({ cards, to: nb });
  }
  return moves;
}

/** Seats whose pawns stand in a neighborhood (players still in the game). */
export const pawnsAt = (s: FenceState, nb: NbId): number[] => s.pawns.flatMap((p, i) => (p === nb && !s.out[i] ? [i] : []));

/**
 * B16: the seats an action sends to Jail, as the engine will rule it — the pawns where the Cops
 * arrive, or a pawn pushed onto the Cops. Only moves whose result is certain are judged (a die
 * or a draw decides nothing here).
 */
export function caughtBy(s: FenceState, a: Action): number[] {
  switch (a.type) {
    case 'push':
      return a.to === s.cops ? [...new Set([a.target, ...pawnsAt(s, a.to)])].sort((x, y) => x - y) : [];
    case 'copsRoad':
    case 'tipOff':
      return pawnsAt(s, a.to);
    case 'chooseNeighborhood': {
      const p = s.pending;
      const copsGo = p?.kind === 'copsNeighborhood' || (p?.kind === 'marker' && p.what === 'hunch');
      return copsGo ? pawnsAt(s, a.nb) : [];
    }
    default:
      return [];
  }
}

/** B15/B16: the action sends its own mover to Jail (the Cops onto their own pawn). */
export const jailsMover = (s: FenceState, seat: number, a: Action): boolean => caughtBy(s, a).includes(seat);

/** B17: the action jails someone else while its mover sits in Jail: Turning State's Evidence, a draw. */
export const turnsEvidence = (s: FenceState, seat: number, a: Action): boolean =>
  isJailed(s, seat) && caughtBy(s, a).some((i) => i !== seat);

/** B17/B19: a jailed player who holds a pair leading somewhere legal. */
export const canLeaveJail = (s: FenceState, seat: number): boolean => isJailed(s, seat) && selfMoves(s, seat).length > 0;

/** B15: tip-offs: one or two cards as in B14, to any in-play neighborhood but the Cops' own. */
export function tipOffMoves(s: FenceState, seat: number): { cards: Card[]; to: NbId }[] {
  if (!s.cops) return [];
  const from = coordsOfKey(s, tileKeyOf(s.cops));
  const moves: { cards: Card[]; to: NbId }[] = [];
  for (const cards of cardPlays(s.hands[seat] ?? [], from !== null)) {
    const to = targetCoords(from, cards);
    if (!to) continue;
    for (const nb of inPlayAt(s, to.red, to.blue)) if (nb !== s.cops) moves.push({ cards, to: nb });
  }
  return moves;
}

export const hotGoodsPerRound = (s: FenceState): number => Math.ceil(seatsInGame(s).length / 2);

