// Random play: seeded games of 2–6 players by the farm's own bots, through its definition,
// with the platform's promises and the farm's invariants checked after every action. Larger
// runs: `npm run bench` (bench/farm.ts plays 1,000).
import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../platform/random-play.ts';
import { farmRandomPlay } from './random-play-setup.ts';

describe('farm random play', () => {
  it('60 seeded base games of 2–6 players end, every invariant holding after every action', () => {
    const p = farmRandomPlay();
    const ends = new Set<string>();
    for (let g = 0; g < 60; g++) {
      const played = playRandomGame(p, g);
      ends.add((played.outcome.detail as { reason: string }).reason);
    }
    expect(ends).toContain('tiles');
  });
});
