/**
 * Engine benchmark: complete random 6-player games (setup + main), legal-action listing on
 * the full 40-tile map, and actions applied per second. Prints numbers; asserts nothing.
 */
import { createHash } from 'node:crypto';
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { actingSeats, play, computerAction, setup, fence, legalActions, playComputers, whoMustAct, type FenceOptions, type FenceState } from '../src/games/fence/index.ts';
import { applyRequest } from '../src/platform/requests.ts';
import { Rng, seedRng } from '../src/platform/rng.ts';
import { randomVariantOptions } from '../test/fence/variant-options.ts';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;

const playRandom = (seed: string, options: Partial<FenceOptions> = {}): { state: FenceState; actions: number } =>
  playComputers(setup({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options }).state);

/** Every Extended Rule on at once (sub-options: the first non-default choice). */
export const ALL_VARIANTS: Partial<FenceOptions> = {
  ritzy: true, jokers: true, boats: true, tunnel: true, bigMap: true, turnTakingPawns: true, freeForAll: true, rewardedTiles: 'two', rewardedSmallDeal: true, tradingCards: true,
  missingTiles: true, everyNeighborhood: true, tradingPost: true, mixedStash: true, blindStash: true, hotGoodsByCards: 'discard',
  moreHotGoods: 'all', wastedHotGoods: true, hunch: true, accumulation: true, rolledRounds: true,
};

/** ALL_VARIANTS without E6 Free-For-All and E11 Trading Cards: the honest measure of issue 12. */
const ALL_BUT_SHORTCUTS: Partial<FenceOptions> = Object.fromEntries(
  Object.entries(ALL_VARIANTS).filter(([k]) => k !== 'freeForAll' && k !== 'tradingCards'),
) as Partial<FenceOptions>;

/**
 * One digest of how a fixed set of seeded games plays out (every event and every final state):
 * Basic, the two variant sets above and drawn option sets with 2–8 players, random and simple
 * computer players, some timeouts. A speed-up must leave it unchanged: run this part before and
 * after a change and compare the line (it is printed, never stored).
 */
export function outcomeDigest(games = 60): string {
  const hash = createHash('sha256');
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const kind = g % 5;
    const drive = new Rng(seedRng(`drv-${g}`));
    const options = kind === 0 ? {} : kind === 1 ? ALL_BUT_SHORTCUTS : kind === 2 ? ALL_VARIANTS : randomVariantOptions(drive);
    const players = kind < 3 ? 6 : 2 + (g % 7);
    let s = setup({ seats: Array.from({ length: players }, (_, i) => ({ name: `P${i}`, computer: true })), seed: `eq-${g}`, options }).state;
    for (let step = 0; !s.outcome && step < 20_000; step++) {
      const acting = actingSeats(s);
      if (acting.length === 0) break;
      const seat = acting[drive.int(acting.length)] as number;
      const r = drive.next() < 0.01 ? applyRequest(fence, s, 'system', { type: 'timeout', seat }) : applyRequest(fence, s, seat, computerAction(s, seat, kind === 4 ? 'simple' : 'random') ?? { type: 'resign' });
      if (!r.ok) throw new Error(`outcome digest, game ${g}: ${r.message}`);
      hash.update(JSON.stringify(r.events));
      s = r.state;
    }
    hash.update(JSON.stringify(s));
  }
  return `outcome digest of ${games} seeded games (compare before and after a speed-up): ${hash.digest('hex').slice(0, 16)} (${((performance.now() - t0) / 1000).toFixed(1)} s)`;
}

const load = (): string => loadavg().map((l) => l.toFixed(1)).join(' ');
const median = (xs: number[]): number => percentile([...xs].sort((a, b) => a - b), 0.5);

export default async function benchEngine(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(`engine: load average ${load()} at the start`);
  // The three sets play in turn, game by game, so a change in the machine's load falls on all
  // of them alike and the ratios stay fair.
  const sets = [
    { name: 'Basic Rules', options: {} },
    { name: 'every Extended Rule on', options: ALL_VARIANTS },
    { name: 'every Extended Rule on except Free-For-All and Trading Cards', options: ALL_BUT_SHORTCUTS },
  ].map((set) => ({ ...set, times: [] as number[], actions: 0 }));
  for (let i = 0; i < 20; i++) for (const set of sets) playRandom(`warm-${i}`, set.options);
  const games = 300;
  for (let i = 0; i < games; i++) {
    for (const set of sets) {
      const start = performance.now();
      set.actions += playRandom(`bench-${i}`, set.options).actions;
      set.times.push(performance.now() - start);
    }
  }
  const [basic, all, honest] = sets as [typeof sets[0], typeof sets[0], typeof sets[0]];
  const base = median(basic.times);
  const sorted = basic.times.sort((a, b) => a - b);
  out(`engine: complete random 6-player game (setup + main), ${games} games: median ${base.toFixed(2)} ms, p99 ${percentile(sorted, 0.99).toFixed(2)} ms (goal: median <= 20 ms), ${(basic.actions / games).toFixed(0)} actions per game; load ${load()}`);
  out(`engine: actions applied per second (incl. choosing them): ${Math.round(basic.actions / (sorted.reduce((a, b) => a + b, 0) / 1000))}`);
  // Issue 12: within 2x of the Basic Rules. Free-For-All (with Missing Tiles) ends map building
  // early, which flatters the all-on figure; the set without it and Trading Cards keeps the long
  // building of a Big Map in the measure and is the one the goal is judged on.
  for (const set of [all, honest]) {
    const m = median(set.times);
    out(`engine: complete random 6-player game, ${set.name}, ${games} games: median ${m.toFixed(2)} ms = ${(m / base).toFixed(2)}x the Basic Rules' ${base.toFixed(2)} ms in the same run (goal <= 2x), p99 ${percentile(set.times.sort((a, b) => a - b), 0.99).toFixed(2)} ms, ${(set.actions / games).toFixed(0)} actions per game; load ${load()}`);
  }

  out(`engine: ${outcomeDigest()}`);

  // Legal actions on a finished 40-tile map, on fresh (uncached) copies of mid-game states.
  const states: { state: FenceState; seat: number }[] = [];
  let { state } = setup({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: 'legal-bench', options: { autoBuild: true } });
  while (!state.outcome && states.length < 400) {
    const seat = whoMustAct(state) as number;
    if (state.phase === 'main') states.push({ state: JSON.parse(JSON.stringify(state)) as FenceState, seat });
    const r = play(state, seat, computerAction(state, seat, 'random'));
    if (!r.ok) throw new Error(r.message);
    state = r.state;
  }
  // Cold: a state just loaded from storage (the map's road graph and distances are derived
  // again). Warm: the map is known, only this position's actions are listed.
  const cold: number[] = [];
  const warm: number[] = [];
  for (const { state: s, seat } of states) {
    const copy = JSON.parse(JSON.stringify(s)) as FenceState;
    let start = performance.now();
    legalActions(copy, seat);
    cold.push(performance.now() - start);
    const again = { ...copy };
    start = performance.now();
    legalActions(again, seat);
    warm.push(performance.now() - start);
  }
  const us = (xs: number[], p: number) => (percentile(xs.sort((a, b) => a - b), p) * 1000).toFixed(0);
  out(`engine: legal actions, main phase on the 40-tile map (${states.length} positions): warm median ${us(warm, 0.5)} µs, p99 ${us(warm, 0.99)} µs; freshly loaded median ${us(cold, 0.5)} µs, p99 ${us(cold, 0.99)} µs`);

  // Map building half way (about 20 tiles down), every placement and swap listed.
  let build = setup({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: 'build-bench' }).state;
  while (build.map.length < 20 && build.phase === 'building') {
    const seat = whoMustAct(build) as number;
    const r = play(build, seat, computerAction(build, seat, 'simple'));
    if (!r.ok) throw new Error(r.message);
    build = r.state;
  }
  const buildTimes: number[] = [];
  for (let i = 0; i < 50; i++) {
    const copy = JSON.parse(JSON.stringify(build)) as FenceState;
    const start = performance.now();
    const n = legalActions(copy, whoMustAct(copy) as number).length;
    buildTimes.push(performance.now() - start);
    if (i === 0) out(`engine: map building with ${build.map.length} tiles placed: ${n} legal placements and swaps`);
  }
  out(`engine: listing them: median ${us(buildTimes, 0.5)} µs, p99 ${us(buildTimes, 0.99)} µs`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchEngine();
