// Random play over combinations of the Extended Rules: every Basic Rules invariant after every
// action (cards conserved with Jokers and face cards, nobody off limits, choices owed by the
// right player, no secret in a view or an event), and every game ends. The bench plays more.
import { describe, expect, it } from 'vitest';
import type { FenceState } from '../../src/games/fence/index.ts';
import { playRandomGame } from '../platform/random-play.ts';
import { variantPlay } from './random-variants-play.ts';
import { randomVariantOptions } from './variant-options.ts';

const GAMES = 120;
const CHUNK = 40;

describe(`random play over variant combinations: ${GAMES} games of 2–8 players`, () => {
  const seen = new Map<string, number>();
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: every invariant holds after every action and every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) {
        const played = playRandomGame(variantPlay, g);
        const o = (played.state as FenceState).options;
        for (const [k, v] of Object.entries(o)) if (v !== false && v !== 'off' && k !== 'roundLimit' && k !== 'tileSet') seen.set(k, (seen.get(k) ?? 0) + 1);
      }
    }, 300_000);
  }
  it('every variant was on in at least a quarter of the games', () => {
    for (const key of Object.keys(randomVariantOptions({ next: () => 0 }))) {
      if (key === 'autoBuild') continue;
      expect(seen.get(key) ?? 0, key).toBeGreaterThanOrEqual(GAMES / 4);
    }
  });
});
