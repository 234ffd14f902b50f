// Random play: seeded games of 2–6 players by the farm's own bots, through its definition,
// with the platform's promises and the farm's invariants checked after every action. Larger
// runs: `npm run bench` (bench/farm.ts plays 1,000).
import { describe, expect, it } from 'vitest';
import { playRandomGame } from '../platform/random-play.ts';
import { DRAWN, farmRandomPlay, ranchOptions } from './random-play-setup.ts';
import type { FarmState } from '../../src/games/farm/state.ts';

describe('farm random play', () => {
  it('20 seeded base games of 2–6 players end, every invariant holding after every action', () => {
    const p = farmRandomPlay();
    const ends = new Set<string>();
    for (let g = 0; g < 20; g++) {
      const played = playRandomGame(p, g);
      ends.add((played.outcome.detail as { reason: string }).reason);
    }
    expect(ends).toContain('tiles');
  }, 90_000);

  it('R1–R22, S1–S10 16 seeded games of 2–6 players with the ten Ranch expansions and Seasons drawn at random (each on in about half) end, every invariant holding after every action (token and season cards conserved, scores the sum of scoring events)', () => {
    const p = farmRandomPlay(ranchOptions);
    const seen = Object.fromEntries(DRAWN.map((k) => [k, 0])) as Record<(typeof DRAWN)[number], number>;
    let foxMoves = 0, bales = 0, cards = 0, gates = 0, seasonCards = 0;

    for (let g = 100; g < 116; g++) {
      const o = ranchOptions(g);
      for (const k of Object.keys(seen) as (keyof typeof seen)[]) if (o[k]) seen[k]++;
      const played = playRandomGame(p, g);
      const s = played.state as FarmState;

      foxMoves += s.fox !== null ? 1 : 0;
      bales += s.bales ? s.bales.held.reduce((a, b) => a + b, 0) : 0;
      cards += s.market ? s.market.discards.length : 0;
      gates += s.placed.filter((x) => x.gateOpen).length;
      seasonCards += s.seasons ? s.seasons.discards.length : 0;
    }
    for (const n of Object.values(seen)) expect(n).toBeGreaterThanOrEqual(4);
    // Every new expansion's part was played: tractors (placed, extra tiles, back), the horse, storage, sharecroppers, the Dust Bowl.
    for (const e of ['tractor', 'extraTile', 'tractorBack', 'horse:enters', 'horse:jumps', 'horse:moved', 'stored', 'shared', 'sharesTaken', 'took']) expect(p.seen.get(e) ?? 0, e).toBeGreaterThan(0);
    // …and every season's move, beside them.
    for (const e of ['season', 'swapped', 'lifted', 'turnedTile', 'evicted', 'droughtSkip', 'extraTurn']) expect(p.seen.get(e) ?? 0, e).toBeGreaterThan(0);
    expect(foxMoves).toBeGreaterThan(0);
    expect(bales).toBeGreaterThan(0);
    expect(cards).toBeGreaterThan(0);
    expect(gates).toBeGreaterThan(0);
    expect(seasonCards).toBeGreaterThan(0);
  }, 90_000);
});
