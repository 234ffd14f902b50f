/**
 * The computer players: the choice a strategy makes for a seat, and a quick way to let them
 * play a game on from any state (tests, benchmarks, demos).
 */
import { botRng } from '../../../platform/rng.ts';
import type { Action } from '../actions.ts';
import { play } from '../engine.ts';
import { actingSeats, movesOf, whoMustAct } from '../legal.ts';
import type { FenceState } from '../state.ts';
import { tilesPlacedBy } from '../variants/free-for-all.ts';
import { placesAtOnce } from '../variants/index.ts';
import { tradeOffers } from '../variants/trading-cards.ts';
import { chooseEasy } from './easy.ts';
import { chooseRandom } from './random.ts';
import { chooseSimple, simpleCandidates } from './simple.ts';
import { chooseStrong } from './strong.ts';

/** The computer players: the three levels (`simple` is normal's older name) and a random one. */
export type Strategy = 'easy' | 'normal' | 'simple' | 'strong' | 'random';

/**
 * A computer player's choice for a seat, or null when the seat has nothing to do. Its
 * tie-breaks are drawn from a generator derived from the game's (not advanced), so the same
 * state always yields the same choice.
 */
export function computerAction(s: FenceState, seat: number, strategy: Strategy = 'simple'): Action | null {
  if (waitsForPeople(s, seat)) return null;
  const legal = strategy === 'random' ? movesOf(s, seat) : simpleCandidates(s, seat);
  if (legal.length === 0) return null;
  const rng = botRng(s.rng, seat);
  // The random player now and then offers a trade (Trading Cards); the others never do.
  if (strategy === 'random' && s.options.tradingCards && rng.next() < 0.1) {
    const deals = tradeOffers(s, seat);
    if (deals.length) return rng.pick(deals);
  }
  switch (strategy) {
    case 'random': return chooseRandom(legal, rng);
    case 'easy': return chooseEasy(s, seat, legal, rng);
    case 'strong': return chooseStrong(s, seat, legal, rng);
    default: return chooseSimple(s, seat, legal, rng);
  }
}

/**
 * Lets computer players make every move, from a state, for at most `steps` actions or until
 * the game ends: the quick way to reach a realistic position (tests, benchmarks, demos).
 */
export function playComputers(s: FenceState, opts: { strategy?: Strategy; steps?: number } = {}): { state: FenceState; actions: number } {
  let state = s;
  let actions = 0;
  const limit = opts.steps ?? Infinity;
  while (actions < limit) {
    const seat = whoMustAct(state);
    if (seat === null) break;
    const action = computerAction(state, seat, opts.strategy ?? 'random');
    if (!action) break;
    const result = play(state, seat, action);
    if (!result.ok) throw new Error(`a computer move was refused: ${result.code} ${result.message}`);
    state = result.state;
    actions++;
  }
  return { state, actions };
}

/**
 * E6 Free-For-All: everyone builds at once, and a computer could place every tile (its own,
 * then the people's) before anyone has read the post. A computer seat places a tile only while
 * it has placed no more than the quickest person still building, so the people are asked with
 * their tiles in hand and the computer keeps pace with them. With nobody else building it goes on.
 */
function waitsForPeople(s: FenceState, seat: number): boolean {
  if (s.phase !== 'building' || s.pending || !placesAtOnce(s.options) || !s.seats[seat]?.computer) return false;
  const people = actingSeats(s).filter((i) => !s.seats[i]?.computer);
  return people.length > 0 && tilesPlacedBy(s, seat) > Math.max(...people.map((i) => tilesPlacedBy(s, i)));
}
