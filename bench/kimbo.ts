/**
 * Game of Fences: legal results of a roll (median, p99), a complete 4-player game of simple
 * players, and G6(f)'s fairness and strength figures (seat win rates of four simple players
 * over 1,000 seeds; simple against random in 2-player games). Prints numbers; asserts nothing.
 * `KIMBO_SEEDS=200 npx tsx bench/kimbo.ts` measures fewer seeds.
 */
import { pathToFileURL } from 'node:url';
import { playOut, type PlayerKind } from '../src/games/kimbo/bots.ts';
import { play, setup, currentResults } from '../src/games/kimbo/engine.ts';
import { simplePlayer } from '../src/games/kimbo/bots.ts';
import type { KimboState } from '../src/games/kimbo/state.ts';
import { randomPlay } from '../test/kimbo/invariants.ts';
import { playRandomGame } from '../test/platform/random-play.ts';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
const newGame = (n: number, seed: string): KimboState =>
  setup({ seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options: { roundLimit: 200 } }).state;

export default async function benchKimbo(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const seeds = Number(process.env.KIMBO_SEEDS ?? 1000);

  // Legal results of a roll, on fresh copies of positions from simple 4-player games.
  const positions: KimboState[] = [];
  for (let g = 0; positions.length < 2000; g++) {
    let s = newGame(4, `results-${g}`);
    while (!s.outcome) {
      const a = simplePlayer(s, s.current)!;
      const r = play(s, s.current, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      if (s.stage === 'play') positions.push(JSON.parse(JSON.stringify(s)) as KimboState);
    }
  }
  const times: number[] = [];
  let count = 0;
  for (const p of positions) {
    const t = performance.now();
    count += currentResults(p).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out(`kimbo: legal results of a roll (${positions.length} positions from 4-player games, ${(count / positions.length).toFixed(1)} results on average): median ${(percentile(times, 0.5) * 1000).toFixed(0)} µs, p99 ${(percentile(times, 0.99) * 1000).toFixed(0)} µs`);

  // G6(f): four simple players.
  const wins = [0, 0, 0, 0];
  const gameTimes: number[] = [];
  let maxRound = 0;
  let limit = 0;
  let actions = 0;
  for (let g = 0; g < seeds; g++) {
    const t = performance.now();
    const { state, actions: n } = playOut(newGame(4, `fairness-${g}`), ['simple', 'simple', 'simple', 'simple']);
    gameTimes.push(performance.now() - t);
    actions += n;
    maxRound = Math.max(maxRound, state.round);
    if (state.outcome?.kind === 'won') {
      if (state.outcome.reason === 'roundLimit') limit++;
      for (const w of state.outcome.seats) wins[state.sides[w]!]! += 1 / state.outcome.seats.length;
    }
  }
  gameTimes.sort((a, b) => a - b);
  out(`kimbo: complete 4-player game of simple players (${seeds} games, ${(actions / seeds).toFixed(0)} actions each): median ${percentile(gameTimes, 0.5).toFixed(0)} ms, p99 ${percentile(gameTimes, 0.99).toFixed(0)} ms`);
  out(`kimbo G6(f): four simple players, ${seeds} seeds: wins by side North ${pct(wins[0]!, seeds)}, East ${pct(wins[1]!, seeds)}, South ${pct(wins[2]!, seeds)}, West ${pct(wins[3]!, seeds)} (goal: none over 30%); longest game ${maxRound} rounds; ${limit} reached the 200-round limit (goal: 0)`);

  // G6(f): simple against random, 2 players, each seat in turn.
  let simpleWins = 0;
  for (let g = 0; g < seeds; g++) {
    const kinds: PlayerKind[] = g % 2 === 0 ? ['simple', 'random'] : ['random', 'simple'];
    const { state } = playOut(newGame(2, `strength-${g}`), kinds);
    const simpleSeat = kinds.indexOf('simple');
    if (state.outcome?.kind === 'won' && state.outcome.seats.length === 1 && state.outcome.seats[0] === simpleSeat) simpleWins++;
  }
  const games = Number(process.env.KIMBO_RANDOM_GAMES ?? 1000);
  const outcomes: Record<string, number> = {};
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const detail = playRandomGame(randomPlay, g).outcome.detail as NonNullable<KimboState['outcome']>;
    const key = detail.kind + ('reason' in detail ? `:${detail.reason}` : '');
    outcomes[key] = (outcomes[key] ?? 0) + 1;
  }
  out(`kimbo: random play, ${games} games of 2–4 players (random and simple mixed), invariants checked after every action: all ended (${Object.entries(outcomes).map(([k, v]) => `${k} ${v}`).join(', ')}) in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  out(`kimbo G6(f): simple beats random in ${pct(simpleWins, seeds)} of ${seeds} 2-player games (goal: at least 95%)`);
}

const pct = (n: number, of: number): string => `${((100 * n) / of).toFixed(1)}%`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchKimbo();
