/**
 * The computer players' three levels, named alike in every game (`bots.easy`, `bots.normal`,
 * `bots.strong`; `simple` stays the name of normal for stored games and tools), and a seeded
 * match between two of a game's bots, which is how the levels are measured (bench/levels.ts,
 * test/games/levels.test.ts).
 */
import type { AnyGame, Seat } from '../platform/game.ts';
import { applyRequest } from '../platform/requests.ts';

export const LEVELS = ['easy', 'normal', 'strong'] as const;
export type Level = (typeof LEVELS)[number];

export interface MatchResult {
  /** Points of each seat: 1 for a win alone, ½ each for a shared win or a game nobody won. */
  points: [number, number];
  /** Actions each seat's bot chose, the milliseconds it took to choose them, and the longest choice. */
  moves: [number, number];
  ms: [number, number];
  slowest: [number, number];
}

/**
 * Plays one 2-player game to its end between `bots[0]` (seat 0) and `bots[1]` (seat 1), by
 * names in `game.bots`. Everything follows from `seed`; the clock is read only to time the bots.
 */
export function playMatch(game: AnyGame, bots: readonly [string, string], seed: string, options: unknown = {}, maxActions = 20_000): MatchResult {
  const players = bots.map((name) => {
    const bot = game.bots[name];
    if (!bot) throw new Error(`${game.id} has no computer player '${name}'`);
    return bot;
  });
  let state = game.setup({ seats: bots.map((_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options: game.options.parse(options) }).state;
  const moves: [number, number] = [0, 0];
  const ms: [number, number] = [0, 0];
  const slowest: [number, number] = [0, 0];
  for (let step = 0; !game.outcome(state); step++) {
    if (step >= maxActions) throw new Error(`${game.id} ${seed}: no end after ${maxActions} actions`);
    const seat = game.activeSeats(state)[0] as Seat | undefined;
    if (seat === undefined) throw new Error(`${game.id} ${seed}: nobody can act, yet the game is not over`);
    const t0 = performance.now();
    const action = players[seat]!(state, seat);
    const took = performance.now() - t0;
    ms[seat as 0 | 1] += took;
    slowest[seat as 0 | 1] = Math.max(slowest[seat as 0 | 1], took);
    moves[seat as 0 | 1]++;
    if (action === null) throw new Error(`${game.id} ${seed}: seat ${seat} is waited for but its bot (${bots[seat]}) has nothing to do`);
    const result = applyRequest(game, state, seat, action);
    if (!result.ok) throw new Error(`${game.id} ${seed}: ${bots[seat]}'s ${JSON.stringify(action)} was refused: ${result.message}`);
    state = result.state;
  }
  const winners = game.outcome(state)!.winners;
  const points: [number, number] = winners.length === 1 ? [winners[0] === 0 ? 1 : 0, winners[0] === 1 ? 1 : 0] : [0.5, 0.5];
  return { points, moves, ms, slowest };
}

export interface PairingResult {
  games: number;
  /** Points of the first-named bot over all games, out of `games`. */
  points: number;
  /** Milliseconds per move of each bot of the pairing, and its slowest move. */
  msPerMove: [number, number];
  slowest: [number, number];
}

/**
 * `games` seeded games between two bots, each seed played twice with the seats swapped, so
 * each bot starts as often and meets the same deals: `games` is rounded up to an even number.
 */
export function playPairing(game: AnyGame, a: string, b: string, games: number, options: unknown = {}, seedPrefix = 'levels'): PairingResult {
  let points = 0;
  const moves: [number, number] = [0, 0];
  const ms: [number, number] = [0, 0];
  const slowest: [number, number] = [0, 0];
  const pairs = Math.ceil(games / 2);
  for (let g = 0; g < pairs; g++) {
    const seed = `${seedPrefix}-${game.id}-${g}`;
    for (const swapped of [false, true]) {
      const r = playMatch(game, swapped ? [b, a] : [a, b], seed, options);
      const [ia, ib]: [0 | 1, 0 | 1] = swapped ? [1, 0] : [0, 1];
      points += r.points[ia];
      moves[0] += r.moves[ia];
      moves[1] += r.moves[ib];
      ms[0] += r.ms[ia];
      ms[1] += r.ms[ib];
      slowest[0] = Math.max(slowest[0], r.slowest[ia]);
      slowest[1] = Math.max(slowest[1], r.slowest[ib]);
    }
  }
  return { games: pairs * 2, points, msPerMove: [ms[0] / Math.max(1, moves[0]), ms[1] / Math.max(1, moves[1])], slowest };
}
