/**
 * Who acts now and what each seat may do: pure queries of a state, asked by the engine, the
 * words, the typed-move parser, the computer players and the bot. The engine remembers what it
 * found when an apply settled (`remember`), so asking again for the state it returned is free.
 */
import type { Action } from './actions.ts';
import { buildContext, buildersNow, legalPlacements } from './building.ts';
import { copsRoadMoves, pushMoves } from './roads.ts';
import { isJailed, movingOthers, selfMoves, tileSetOf, tipOffMoves } from './rules.ts';
import type { FenceState } from './state.ts';
import { choosableColours } from './stash.ts';
import * as variants from './variants/index.ts';

/**
 * The legal actions found when an apply settled, kept for the state it returned: the bot,
 * the computer players and the next apply all ask for them again.
 */
const legalCache = new WeakMap<FenceState, { seat: number; legal: Action[] }>();
/** Builders found when an apply settled, kept for the state it returned (see legalCache). */
const actingCache = new WeakMap<FenceState, number[]>();

/** What the engine found when an apply settled on `s`: the legal actions of the seat it stopped for, or the builders at once. */
export function remember(s: FenceState, settled: { seat: number; legal: Action[] } | null, builders: number[] | null): void {
  if (settled) legalCache.set(s, settled);
  if (builders) actingCache.set(s, builders);
}

/** The seat the game waits for first, or null when it is over. */
export function whoMustAct(s: FenceState): number | null {
  if (s.outcome) return null;
  return s.pending ? s.pending.seat : actingSeats(s)[0] ?? s.current;
}

/** Every seat that may act now: one, except while everyone builds at once (Free-For-All). */
export function actingSeats(s: FenceState): number[] {
  if (s.outcome) return [];
  if (s.pending) return [s.pending.seat];
  if (!buildingAtOnce(s)) {
    // An offer's target answers while the turn's player goes on (Trading Cards).
    const asked = s.phase === 'main' ? variants.asked(s) : [];
    return asked.length ? [s.current, ...asked.filter((i) => i !== s.current)] : [s.current];
  }
  return [...(actingCache.get(s) ?? buildersNow(s))];
}

/** Map building with everyone placing at once (Free-For-All). */
export const buildingAtOnce = (s: FenceState): boolean => s.phase === 'building' && variants.placesAtOnce(s.options);

/** Every legal action of a seat right now (empty when it is not theirs to act). */
export function legalActions(s: FenceState, seat: number): Action[] {
  const moves = movesOf(s, seat);
  const deals = s.phase === 'main' && seat === s.current ? variants.offers(s, seat) : [];
  return deals.length ? [...moves, ...deals] : moves;
}

/** The legal actions besides the deals a variant lets a player propose (they never keep a turn going). */
export function movesOf(s: FenceState, seat: number): Action[] {
  const cached = legalCache.get(s);
  if (cached && cached.seat === seat) return [...cached.legal];
  if (s.outcome || s.out[seat] || !actingSeats(s).includes(seat)) return [];
  const p = s.pending;
  if (p) {
    if (p.kind === 'drawColour' || p.kind === 'discardColour') return choosableColours(s.stash).map((colour) => ({ type: 'chooseColour', colour }));
    if ('options' in p) return p.options.map((nb) => ({ type: 'chooseNeighborhood', nb }));
    return variants.pendingActions(s, p) ?? [];
  }
  if (s.phase === 'building') {
    return legalPlacements(buildContext(s, tileSetOf(s)), seat);
  }
  if (s.phase !== 'main') return [];
  if (seat !== s.current) return variants.answers(s, seat) ?? [];
  const actions: Action[] = [];
  const fresh = !movingOthers(s);
  if (fresh) {
    const selves = selfMoves(s, seat);
    for (const m of selves) actions.push({ type: 'moveSelf', cards: m.cards, to: m.to });
    // B17: a jailed player who can leave must.
    if (isJailed(s, seat) && selves.length > 0) return actions;
  }
  if (!s.turn.pushed) for (const m of pushMoves(s, seat)) actions.push({ type: 'push', target: m.target, to: m.to });
  if (!s.turn.cops) {
    for (const to of copsRoadMoves(s)) actions.push({ type: 'copsRoad', to });
    for (const m of tipOffMoves(s, seat)) actions.push({ type: 'tipOff', cards: m.cards, to: m.to });
  }
  actions.push(...variants.extraActions(s, seat));
  // Plays that go along with a move (a boat) never keep the turn going by themselves.
  if (actions.length > 0) actions.push(...variants.optionalPlays(s, seat));
  return actions;
}
