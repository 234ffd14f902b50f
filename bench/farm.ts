/**
 * Fences (the farm game): legal placements with 2 tiles in hand on a 60-tile map (median,
 * p99); complete 4-player games by the simple bot; F4's measured properties of the tile set
 * over 1,000 greedy random games; random play with invariants over 1,000 games. Prints numbers.
 */
import { pathToFileURL } from 'node:url';
import { farm } from '../src/games/farm/index.ts';
import { legalActions, setup, simpleChoice, play } from '../src/games/farm/engine.ts';
import { optionsSchema, type FarmState } from '../src/games/farm/state.ts';
import { greedyGame } from '../test/farm/greedy.ts';
import { DRAWN, farmRandomPlay, ranchOptions } from '../test/farm/random-play-setup.ts';
import { playRandomGame } from '../test/platform/random-play.ts';

const percentile = (sorted: number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true }));

export default async function benchFarm(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);

  // Positions with a 60-tile map: played by the simple bot until 60 tiles lie on the map.
  const positions: FarmState[] = [];
  for (let g = 0; positions.length < 200; g++) {
    let s = setup({ seats: seats(4), seed: `legal-${g}`, options: optionsSchema.parse({}) }).state;
    while (!s.outcome && s.placed.length < 60) {
      const r = play(s, s.current, simpleChoice(s, s.current));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    if (s.placed.length >= 60 && s.stage.kind === 'place') positions.push(JSON.parse(JSON.stringify(s)) as FarmState);
  }
  const times: number[] = [];
  let count = 0;
  for (const s of positions) {
    const t = performance.now();
    count += legalActions(s, s.current).length;
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  out(`farm: legal placements, 2 tiles in hand, 60-tile map (${positions.length} positions, ${(count / positions.length).toFixed(0)} placements each): median ${percentile(times, 0.5).toFixed(2)} ms, p99 ${percentile(times, 0.99).toFixed(2)} ms`);

  // Seasons: a Flood offers every lift of every movable tile, the largest list of moves.
  for (const season of ['flood', 'rainy'] as const) {
    const flooded: number[] = [];
    let moves = 0;
    for (const s of positions.slice(0, 100)) {
      const z = { ...s, seasons: { up: season, deck: [], discards: [], skip: [], extra: false, farmsBefore: s.farms.length, moved: null } };
      const t = performance.now();
      moves += legalActions(z, z.current).length;
      flooded.push(performance.now() - t);
    }
    flooded.sort((a, b) => a - b);
    out(`farm: legal moves in a ${season} round (hand placements and season moves), 60-tile map (100 positions, ${(moves / 100).toFixed(0)} moves each): median ${percentile(flooded, 0.5).toFixed(2)} ms, p99 ${percentile(flooded, 0.99).toFixed(2)} ms`);
  }

  const everyOption = Object.fromEntries(DRAWN.map((k) => [k, true]));
  for (const [label, opts] of [['base game', {}], ['all ten Ranch expansions and Seasons', everyOption]] as const) {
    const games: number[] = [];
    for (let g = 0; g < 10; g++) {
      const t = performance.now();
      let s = farm.setup({ seats: seats(4), seed: `full-${g}`, options: optionsSchema.parse(opts) }).state;
      while (!s.outcome) {
        const seat = farm.activeSeats(s)[0] as number;
        const r = play(s, seat, simpleChoice(s, seat));
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
      games.push(performance.now() - t);
    }
    games.sort((a, b) => a - b);
    out(`farm: complete 4-player game, simple bots, ${label}: median ${percentile(games, 0.5).toFixed(0)} ms, p99 ${percentile(games, 0.99).toFixed(0)} ms`);
  }

  const everyTile = { males: true, chickens: true, market: true, gates: true, bales: true };
  for (const [players, options] of [[2, {}], [3, {}], [4, {}], [5, {}], [6, {}], [2, everyTile], [4, everyTile]] as const) {
    let inPlay = 0, placed = 0, fields = 0, closed = 0, animals = 0, farms = 0, single = 0;
    const cards = new Array<number>(36).fill(0);
    const ranch = Object.keys(options).length > 0;
    const n = players === 4 && !ranch ? 1000 : 200;
    for (let g = 0; g < n; g++) {
      const { stats } = greedyGame(g, players, options);
      inPlay += stats.tilesInPlay; placed += stats.tilesPlaced; fields += stats.fields; closed += stats.closedFields;
      animals += stats.farmAnimals.reduce((a, b) => a + b, 0); farms += stats.farmsScored; single += stats.singleKindFarms;
      stats.cardTotals.forEach((c, i) => (cards[i]! += c));
    }
    const mean = cards.reduce((a, b) => a + b, 0) / 36 / farms;
    const spread = cards.map((c) => c / farms / mean - 1);
    out(`farm F4 (${n} greedy games, ${players} players${ranch ? ', every Ranch tile' : ''}): placed ${(100 * placed / inPlay).toFixed(2)}% · fields closed ${(100 * closed / fields).toFixed(1)}% · ${(animals / farms).toFixed(2)} animals per farm · ${(100 * single / farms).toFixed(1)}% single-kind${players === 4 && !ranch ? ` · farmer cards within ${(100 * Math.min(...spread)).toFixed(0)}%..+${(100 * Math.max(...spread)).toFixed(0)}% of the mean` : ''}`);
  }

  // Each of the ten Ranch options on in half the games, drawn per game.
  const p = farmRandomPlay((g) => ranchOptions(g, 'bench-options'));
  const on = Object.fromEntries(DRAWN.map((k) => [k, 0]));
  const t0 = performance.now();
  let actions = 0;
  for (let g = 0; g < 1000; g++) {
    const o = ranchOptions(g, 'bench-options');
    for (const k of DRAWN) if (o[k]) on[k]! += 1;
    actions += playRandomGame(p, g).actions;
    if ((g + 1) % 100 === 0) process.stdout.write(`  … ${g + 1} games\n`);
  }
  out(`farm: random play, 1,000 games of 2–6 players, the ten Ranch options and Seasons drawn at random (games with each: ${DRAWN.map((k) => `${k} ${on[k]}`).join(', ')}), invariants after every action: all ended, ${(actions / 1000).toFixed(0)} actions per game, ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  out(`farm: in those games: ${['tractor', 'extraTile', 'tractorBack', 'horse:enters', 'horse:jumps', 'horse:moved', 'horse:trapped', 'stored', 'shared', 'sharesTaken', 'took', 'fox', 'bale', 'market', 'season', 'swapped', 'lifted', 'turnedTile', 'evicted', 'droughtSkip', 'extraTurn'].map((k) => `${k} ${p.seen.get(k) ?? 0}`).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFarm();
