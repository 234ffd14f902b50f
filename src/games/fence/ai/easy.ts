/**
 * The easy strategy, a gentle opponent for new players: any legal action at random, except that
 * it never sends itself to Jail, spends cards on a tip-off only when the Cops cannot go by road,
 * and, until its first round is over (the Cops' placement at setup and round 1), never sends
 * anyone to Jail when it has another choice (B11, B15, B16).
 */
import type { Rng } from '../../../platform/rng.ts';
import type { Action } from '../actions.ts';
import { caughtBy } from '../rules.ts';
import type { FenceState } from '../state.ts';

/** Round 1 is the first round of the main phase; round 0 is setup, the Cops' placement included. */
const GENTLE_UNTIL_ROUND = 1;

export function chooseEasy(s: FenceState, seat: number, legal: readonly Action[], rng: Rng): Action {
  let pool = legal.filter((a) => !caughtBy(s, a).includes(seat));
  if (s.round <= GENTLE_UNTIL_ROUND) pool = prefer(pool, (a) => caughtBy(s, a).length === 0);
  pool = prefer(pool, (a) => a.type !== 'tipOff' || !legal.some((b) => b.type === 'copsRoad'));
  return rng.pick(pool.length ? pool : legal);
}

/** The actions that pass `ok`, or all of them when none does. */
function prefer(actions: readonly Action[], ok: (a: Action) => boolean): Action[] {
  const kept = actions.filter(ok);
  return kept.length ? kept : [...actions];
}
