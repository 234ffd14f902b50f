/** The random computer player: any legal action, uniformly. */
import type { Rng } from '../../../platform/rng.ts';
import type { Action } from '../actions.ts';

export const chooseRandom = (legal: readonly Action[], rng: Rng): Action => rng.pick(legal);
