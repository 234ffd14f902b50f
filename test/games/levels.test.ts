// The computer players' three levels in every game (issue 30): strong beats normal and normal
// beats easy in at least 70% of seeded two-player games (each seed played twice, the seats
// swapped; a shared win or a game nobody won counts half), normal is the simple player it
// always was, and every level is deterministic and plays only legal actions.
import { describe, expect, it } from 'vitest';
import type { AnyGame } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { allGames } from '../../src/games/registry.ts';
import { LEVELS, playPairing } from '../../src/games/levels.ts';

/** Games per pairing: enough to show the order, few enough to keep each game's part to seconds. */
const GAMES: Record<string, number> = { fence: 30, kimbo: 20, ducks: 10, farm: 10 };

/** Plays a seeded 2-player game with `bots` per seat and returns every state a bot chose in, with its choice. */
function choices(game: AnyGame, bots: readonly [string, string], seed: string): { state: unknown; seat: number; bot: string; action: unknown }[] {
  let state = game.setup({ seats: bots.map((_, i) => ({ name: `P${i + 1}`, computer: true })), seed, options: game.options.parse({}) }).state;
  const seen: { state: unknown; seat: number; bot: string; action: unknown }[] = [];
  for (let step = 0; !game.outcome(state) && step < 5000; step++) {
    const seat = game.activeSeats(state)[0]!;
    const bot = bots[seat]!;
    const action = game.bots[bot]!(state, seat);
    seen.push({ state, seat, bot, action });
    const r = applyRequest(game, state, seat, action);
    if (!r.ok) throw new Error(`${game.id}: ${bot}'s ${JSON.stringify(action)} was refused: ${r.message}`);
    state = r.state;
  }
  return seen;
}

describe.each(allGames().map((g) => [g.title, g] as const))('%s: computer levels', (_title, game) => {
  it('has an easy, a normal and a strong computer player, normal being the default; simple still names normal', () => {
    for (const level of LEVELS) expect(game.bots[level], level).toBeTypeOf('function');
    expect(game.bots[game.defaultBot]).toBeDefined();
    for (const { state, seat, action } of choices(game, ['normal', 'normal'], `levels-same-${game.id}`).filter((_, i) => i % 3 === 0)) {
      expect(game.bots.simple!(state, seat)).toEqual(action);
      expect(game.bots[game.defaultBot]!(state, seat)).toEqual(action);
    }
  });

  it('every level chooses a legal action, the same one again for the same state', () => {
    for (const [a, b] of [['easy', 'strong'], ['strong', 'easy']] as const) {
      for (const { state, seat, action, bot } of choices(game, [a, b], `levels-legal-${game.id}`)) {
        const legal = game.legalActions(state, seat).map((x) => JSON.stringify(x));
        expect(legal.length === 0 || legal.includes(JSON.stringify(action)), `${bot} chose ${JSON.stringify(action)}`).toBe(true);
        expect(game.bots[bot]!(JSON.parse(JSON.stringify(state)), seat)).toEqual(action);
      }
    }
  });

  it('strong beats normal, and normal beats easy, in at least 70% of seeded two-player games', () => {
    const n = GAMES[game.id] ?? 10;
    const strong = playPairing(game, 'strong', 'normal', n, {}, 'levels-test');
    const normal = playPairing(game, 'normal', 'easy', n, {}, 'levels-test');
    expect(strong.points / strong.games, `strong's share against normal over ${strong.games} games`).toBeGreaterThanOrEqual(0.7);
    expect(normal.points / normal.games, `normal's share against easy over ${normal.games} games`).toBeGreaterThanOrEqual(0.7);
  });
});
