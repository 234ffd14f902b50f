/**
 * FENCE! Basic Rules random play, as the suite (random-play.test.ts) and `npm run bench --
 * fence-play` run it: 2–8 players (game g has 2 + g % 7), random and simple computer players,
 * auto-build in every fifth game, a rare timeout or resignation, and every invariant checked
 * after every action (every seat's views in the first games, then every 50 actions).
 */
import type { FenceEvent, FenceState } from '../../src/games/fence/index.ts';
import { fence } from '../../src/games/fence/index.ts';
import type { RandomPlay } from '../platform/random-play.ts';
import { checkEvents, checkState, checkViews } from './invariants.ts';

/** Views of every seat are walked after every action in the first games, and periodically after that. */
const FULL_VIEW_GAMES = 25;

/** Game g has 2 + g % 7 computer players, each random or simple at a coin's toss. */
export const mixedComputers: RandomPlay['players'] = (g, rng) => {
  const n = 2 + (g % 7);
  return {
    seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })),
    bots: Array.from({ length: n }, () => (rng.next() < 0.5 ? 'random' : 'simple')),
  };
};

export const basicPlay: RandomPlay = {
  game: fence,
  players: mixedComputers,
  options: (g) => ({ autoBuild: g % 5 === 0 }),
  maxActions: 20_000,
  // Now and then the bot's system actions happen too: a timeout, a resignation.
  system: { timeout: 0.002, resign: 0.0005 },
  check: (state, events, before, g, step) => {
    const s = state as FenceState;
    const problems = [...checkState(s, events as FenceEvent[], before as FenceState), ...checkEvents(events as FenceEvent[])];
    if (g < FULL_VIEW_GAMES || step % 50 === 0) problems.push(...checkViews(s));
    return problems;
  },
};
