import { describe, expect, it } from 'vitest';
import { fence, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { playRandomGame, type RandomPlay } from '../platform/random-play.ts';
import { checkEvents, checkState, checkViews } from './invariants.ts';

const GAMES = 1000;
const CHUNK = 100;
/** Views of every seat are walked after every action in the first games, and periodically after that. */
const FULL_VIEW_GAMES = 25;

const play: RandomPlay = {
  game: fence,
  players: (g, rng) => {
    const n = 2 + (g % 7);
    return {
      seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })),
      bots: Array.from({ length: n }, () => (rng.next() < 0.5 ? 'random' : 'simple')),
    };
  },
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

describe('random play: 1,000 games of 2–8 players, checked after every action', () => {
  const outcomes: Record<string, number> = {};
  let ended = 0;
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: cards conserved, nobody off limits, B14 respected, choices owed by the right player, someone can always act, no secret in any view or event, every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) {
        const { outcome } = playRandomGame(play, g);
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
