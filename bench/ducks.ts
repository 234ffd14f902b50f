/**
 * Duck Pens: listing the legal fences of a roll (median, p99), a complete two-player game of the
 * simple strategy, 1,000 random-play games with every invariant checked (the suite plays fewer),
 * and the solo target (A10): the simple strategy's win rate over 1,000 seeded solo games. Prints
 * numbers; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { COMPONENTS } from '../src/games/ducks/components.ts';
import { fenceActions } from '../src/games/ducks/engine.ts';
import { ducks } from '../src/games/ducks/index.ts';
import { scoreOf } from '../src/games/ducks/rules.ts';
import { applyRequest } from '../src/platform/requests.ts';
import type { DucksState } from '../src/games/ducks/state.ts';
import { playRandomGame } from '../test/platform/random-play.ts';
import { duckPlay } from '../test/ducks/random-play.config.ts';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
const out = (line: string) => process.stdout.write(`${line}\n`);

/** Plays a game with the simple strategy for every seat; `seen` gets each position where a fence is to be chosen. */
function playSimple(seats: number, seed: string, seen?: (s: DucksState) => void): DucksState {
  let s = ducks.setup({ seats: Array.from({ length: seats }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options: { colour: 'red', takeOver: false } }).state;
  while (!s.end) {
    const seat = ducks.activeSeats(s)[0] as number;
    if (seen && s.turn.stage === 'act' && seat === s.turn.seat) seen(JSON.parse(JSON.stringify(s)) as DucksState);
    const r = applyRequest(ducks, s, seat, ducks.bots.simple!(s, seat));
    if (!r.ok) throw new Error(`${r.code} ${r.message}`);
    s = r.state;
  }
  return s;
}

export default async function benchDucks(): Promise<void> {
  // Positions with a roll to draw, from real games; listed again long after (nothing remembered).
  const positions: DucksState[] = [];
  for (let g = 0; g < 40; g++) playSimple(2, `positions-${g}`, (s) => positions.push(s));
  const times: number[] = [];
  let listed = 0;
  for (const s of positions) {
    const start = performance.now();
    listed += fenceActions(s).length;
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const us = (x: number) => (x * 1000).toFixed(0);
  out(`ducks: legal fences of a roll (${positions.length} positions, ${(listed / positions.length).toFixed(0)} fences on average): median ${us(percentile(times, 0.5))} µs, p99 ${us(percentile(times, 0.99))} µs`);

  const games: number[] = [];
  for (let g = 0; g < 100; g++) {
    const start = performance.now();
    playSimple(2, `bench-${g}`);
    games.push(performance.now() - start);
  }
  games.sort((a, b) => a - b);
  out(`ducks: complete 2-player game, simple strategy both seats (100 games): median ${percentile(games, 0.5).toFixed(1)} ms, p99 ${percentile(games, 0.99).toFixed(1)} ms`);

  const t0 = performance.now();
  const ends: Record<string, number> = {};
  for (let g = 0; g < 1000; g++) {
    const kind = (playRandomGame(duckPlay, g).outcome.detail as { kind: string }).kind;
    ends[kind] = (ends[kind] ?? 0) + 1;
  }
  out(`ducks: random play, 1,000 games (solo and 2 players, random and simple, invariants after every action): ${((performance.now() - t0) / 1000).toFixed(1)} s, all ended (${Object.entries(ends).map(([k, v]) => `${k} ${v}`).join(', ')})`);

  const scores: number[] = [];
  let wins = 0;
  for (let g = 0; g < 1000; g++) {
    const s = playSimple(1, `solo-${g}`);
    scores.push(scoreOf(s, 0).total);
    if (s.end?.winners.length) wins++;
  }
  scores.sort((a, b) => a - b);
  out(`ducks: solo target ${COMPONENTS.soloTarget}: the simple strategy wins ${(wins / 10).toFixed(1)}% of 1,000 seeded solo games (scores: median ${percentile(scores, 0.5)}, p10 ${percentile(scores, 0.1)}, p90 ${percentile(scores, 0.9)})`);
  // What the neighbouring targets would give, for tuning the one in assets/ducks.
  const rate = (t: number) => `${t}: ${(scores.filter((x) => x >= t).length / 10).toFixed(1)}%`;
  out(`ducks: win rate at other targets: ${[-2, -1, 1, 2].map((d) => rate(COMPONENTS.soloTarget + d)).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchDucks();
