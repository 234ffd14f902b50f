/**
 * What one viewer may know. The channel sees the board, tile hands (face up, B2), card
 * counts, the discard pile and who owes what; a player also sees their own hand and their
 * start cards. Never in any view: other hands, unrevealed start cards, the Stash order,
 * the generator state or fixed dice. (views.ts says what a view holds.)
 */
import { buildContext, buildersNow, legalPlacements } from './building.ts';
import { placesAtOnce } from './variants/index.ts';
import type { Card } from './cards.ts';
import { tileIdOfKey } from './geometry.ts';
import { firstPlayerOf, inPlay, tileSetOf } from './rules.ts';
import type { FenceState } from './state.ts';
import type { FenceView } from './views.ts';

export function view(s: FenceState, viewer: number | 'channel'): FenceView {
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
  const v: FenceView = {
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
    v.extended = {
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
    v.me = { seat: viewer, hand: [...(s.hands[viewer] ?? [])], startCards: start ? [start.red, start.blue] : null };
  }
  return v;
}

function tradeSeen(t: NonNullable<NonNullable<FenceState['extended']>['trade']>, viewer: number | 'channel'): { from: number; to: number; give?: Card[]; ask?: Card[] } {
  const party = viewer === t.from || viewer === t.to;
  return party ? { from: t.from, to: t.to, give: [...t.give], ask: [...t.ask] } : { from: t.from, to: t.to };
}
