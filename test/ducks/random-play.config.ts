/** Random play of Duck Pens: who plays, with which bots, and the invariants (test and bench share it). */
import { ducks } from '../../src/games/ducks/index.ts';
import type { DucksEvent, DucksState } from '../../src/games/ducks/state.ts';
import type { RandomPlay } from '../platform/random-play.ts';
import { checkDucks } from './invariants.ts';

export const duckPlay: RandomPlay = {
  game: ducks,
  players: (g, rng) => {
    const n = 1 + (g % 2);
    return {
      seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })),
      bots: Array.from({ length: n }, () => (rng.next() < 0.5 ? 'random' : 'simple')),
    };
  },
  options: (g) => ({ colour: g % 4 < 2 ? 'red' : 'blue' }),
  // D26: at most 409 turns, each a handful of actions.
  maxActions: 5000,
  system: { timeout: 0.01, resign: 0.001 },
  check: (state, events, before) => checkDucks(state as DucksState, events as DucksEvent[], before as DucksState),
};
