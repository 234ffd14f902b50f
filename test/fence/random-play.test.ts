import { describe, expect, it } from 'vitest';
import type { FenceState } from '../../src/games/fence/index.ts';
import { playRandomGame } from '../platform/random-play.ts';
import { basicPlay } from './random-basic-play.ts';

/** `npm run bench -- fence-play` plays 1,000 of these games with the same checks. */
const GAMES = 400;
const CHUNK = 100;

describe(`random play: ${GAMES} games of 2–8 players, checked after every action`, () => {
  const outcomes: Record<string, number> = {};
  let ended = 0;
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: cards conserved, nobody off limits, B14 respected, choices owed by the right player, someone can always act, no secret in any view or event, every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) {
        const { outcome } = playRandomGame(basicPlay, g);
        const detail = outcome.detail as NonNullable<FenceState['outcome']>;
        const key = detail.kind + ('reason' in detail ? `:${detail.reason}` : '');
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        ended++;
      }
    }, 300_000);
  }
  it('every game ended, with winners most of the time', () => {
    expect(ended).toBe(GAMES);
    const winners = Object.entries(outcomes).filter(([k]) => k.startsWith('winner')).reduce((a, [, v]) => a + v, 0);
    expect(winners).toBeGreaterThan(GAMES / 2);
  });
});
