// Random play: Game of Fences games of 2–4 players (random and simple players mixed, with
// timeouts and resignations now and then), invariants checked after every action. The suite
// plays 200 games to stay near a minute; `npm run bench` (bench/kimbo.ts) plays the same
// 1,000 games with the same checks.
import { describe, expect, it } from 'vitest';
import type { KimboState } from '../../src/games/kimbo/index.ts';
import { playRandomGame } from '../platform/random-play.ts';
import { randomPlay as play } from './invariants.ts';

const GAMES = 200;
const CHUNK = 100;

describe('random play: games of 2–4 players, checked after every action', () => {
  const outcomes: Record<string, number> = {};
  let ended = 0;
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: 4 pieces per player on squares, start squares or HOME; one piece per ordinary square; 6 fences per player on slots; neutral fences never move; every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) {
        const { outcome } = playRandomGame(play, g);
        const detail = outcome.detail as NonNullable<KimboState['outcome']>;
        const key = detail.kind + ('reason' in detail ? `:${detail.reason}` : '');
        outcomes[key] = (outcomes[key] ?? 0) + 1;
        ended++;
      }
    }, 300_000);
  }
  it('every game ended, most of them with a winner', () => {
    expect(ended).toBe(GAMES);
    const won = Object.entries(outcomes).filter(([k]) => k.startsWith('won')).reduce((t, [, v]) => t + v, 0);
    expect(won).toBeGreaterThan(GAMES / 2);
    expect(outcomes['won:allHome'] ?? 0).toBeGreaterThan(0);
  });
});
