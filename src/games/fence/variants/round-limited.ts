/** Round-limited Game (E20): two dice rolled at setup give the number of rounds. */
import type { Variant } from './variant.ts';

export const roundLimited: Variant = {
  name: 'Round-limited Game',
  on: (o) => o.rolledRounds,
  afterDeal(t) {
    const red = t.die(), blue = t.die();
    t.ext().rounds = red + blue;
    t.emit({ type: 'roundsRolled', red, blue, rounds: red + blue });
  },
  lastRound: (s, limit) => Math.min(limit, s.extended?.rounds ?? limit),
};
