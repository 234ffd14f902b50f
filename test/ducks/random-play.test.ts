// Random play: seeded Duck Pens games, solo and two players, random and simple players, with the
// platform's promises and the game's invariants checked after every action (no edge fenced twice,
// no crossing, nothing drawn inside a pen, pens disjoint and closed, boxes within their rows);
// every game must end. The suite plays GAMES of them; `npm run bench -- ducks` plays 1,000.
import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../platform/random-play.ts';
import { duckPlay } from './random-play.config.ts';

const GAMES = 200;
const CHUNK = 50;

describe(`random play: ${GAMES} games, solo and two players, checked after every action`, () => {
  const ends: Record<string, number> = {};
  for (let start = 0; start < GAMES; start += CHUNK) {
    it(`games ${start}–${start + CHUNK - 1}: no edge fenced twice, no crossing, nothing drawn in a pen, pens disjoint and closed, rows never overflow, every game ends`, () => {
      for (let g = start; g < start + CHUNK; g++) {
        const { outcome } = playRandomGame(duckPlay, g);
        const kind = (outcome.detail as { kind: string }).kind;
        ends[kind] = (ends[kind] ?? 0) + 1;
      }
    }, 300_000);
  }
  it('most games end by being played out, not by resigning', () => {
    expect((ends.scored ?? 0) + (ends.resigned ?? 0)).toBe(GAMES);
    expect(ends.scored ?? 0).toBeGreaterThan(GAMES * 0.7);
  });
});
