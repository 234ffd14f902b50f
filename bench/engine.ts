/**
 * Engine benchmark: complete random 6-player games (setup + main), legal-action listing on
 * the full 40-tile map, and actions applied per second. Prints numbers; asserts nothing.
 */
import { pathToFileURL } from 'node:url';
import { applyAction, computerAction, createGame, legalActions, playComputers, whoMustAct, type FenceOptions, type FenceState } from '../src/games/fence/index.ts';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;

const playRandom = (seed: string, options: Partial<FenceOptions> = {}): { state: FenceState; actions: number } =>
  playComputers(createGame({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options }).state);

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

export default async function benchEngine(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  for (let i = 0; i < 20; i++) playRandom(`warm-${i}`);
  const times: number[] = [];
  let actions = 0;
  const games = 300;
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    const start = performance.now();
    actions += playRandom(`bench-${i}`).actions;
    times.push(performance.now() - start);
  }
  const total = performance.now() - t0;
  times.sort((a, b) => a - b);
  out(`engine: complete random 6-player game (setup + main), ${games} games: median ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms (goal: median <= 20 ms)`);
  out(`engine: actions applied per second (incl. choosing them): ${Math.round(actions / (total / 1000))} (${(actions / games).toFixed(0)} actions per game)`);

  // The same with every Extended Rule on (issue 12's goal: within 2x of the Basic Rules' median).
  for (let i = 0; i < 20; i++) playRandom(`warm-all-${i}`, ALL_VARIANTS);
  const allTimes: number[] = [];
  let allActions = 0;
  for (let i = 0; i < games; i++) {
    const start = performance.now();
    allActions += playRandom(`bench-all-${i}`, ALL_VARIANTS).actions;
    allTimes.push(performance.now() - start);
  }
  allTimes.sort((a, b) => a - b);
  out(`engine: complete random 6-player game, every Extended Rule on, ${games} games: median ${percentile(allTimes, 0.5).toFixed(2)} ms (${(percentile(allTimes, 0.5) / percentile(times, 0.5)).toFixed(2)}x the Basic Rules' ${percentile(times, 0.5).toFixed(2)} ms; goal <= 2x), p99 ${percentile(allTimes, 0.99).toFixed(2)} ms, ${(allActions / games).toFixed(0)} actions per game`);

  // Free-For-All ends map building early, which flatters the line above; this one leaves it
  // and Trading Cards out so the long building of a Big Map is in the measure (issue 12).
  const honestTimes: number[] = [];
  for (let i = 0; i < 20; i++) playRandom(`warm-honest-${i}`, ALL_BUT_SHORTCUTS);
  for (let i = 0; i < games; i++) {
    const start = performance.now();
    playRandom(`bench-honest-${i}`, ALL_BUT_SHORTCUTS);
    honestTimes.push(performance.now() - start);
  }
  honestTimes.sort((a, b) => a - b);
  out(`engine: complete random 6-player game, every Extended Rule on except Free-For-All and Trading Cards, ${games} games: median ${percentile(honestTimes, 0.5).toFixed(2)} ms (${(percentile(honestTimes, 0.5) / percentile(times, 0.5)).toFixed(2)}x the Basic Rules' ${percentile(times, 0.5).toFixed(2)} ms; goal <= 2x), p99 ${percentile(honestTimes, 0.99).toFixed(2)} ms`);

  // Legal actions on a finished 40-tile map, on fresh (uncached) copies of mid-game states.
  const states: { state: FenceState; seat: number }[] = [];
  let { state } = createGame({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: 'legal-bench', options: { autoBuild: true } });
  while (!state.outcome && states.length < 400) {
    const seat = whoMustAct(state) as number;
    if (state.phase === 'main') states.push({ state: JSON.parse(JSON.stringify(state)) as FenceState, seat });
    const r = applyAction(state, seat, computerAction(state, seat, 'random'));
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
  let build = createGame({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: 'build-bench' }).state;
  while (build.map.length < 20 && build.phase === 'building') {
    const seat = whoMustAct(build) as number;
    const r = applyAction(build, seat, computerAction(build, seat, 'simple'));
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
