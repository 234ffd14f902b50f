// Random play over combinations of the Extended Rules, for the suite and the bench.
import { fence, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import type { RandomPlay } from '../platform/random-play.ts';
import { checkEvents, checkState, checkViews } from './invariants.ts';
import { mixedComputers } from './random-basic-play.ts';
import { randomVariantOptions } from './variant-options.ts';

export const variantPlay: RandomPlay = {
  game: fence,
  players: mixedComputers,
  options: (_g, rng) => randomVariantOptions(rng),
  maxActions: 20_000,
  system: { timeout: 0.002, resign: 0.0005 },
  check: (state, events, before, _g, step) => {
    const s = state as FenceState;
    const problems = [...checkState(s, events as FenceEvent[], before as FenceState), ...checkEvents(events as FenceEvent[])];
    if (step % 25 === 0) problems.push(...checkViews(s));
    return problems;
  },
};

