// For every game the bot hosts (and the test game): what the channel sees — the board picture
// (its drawn view and alt text), the status and phase lines — never carries what only one seat
// may know. A seat's private knowledge is found generically: whatever its own view holds that the
// channel's view does not (or holds differently).
import { describe, expect, it } from 'vitest';
import { allGames, registerGame } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { race } from '../games/race/index.ts';
import { everyOptionOn, playRandomGame } from './random-play.ts';

registerGame(race);

const GAMES = 6;
/** Fewer games with every option on: they are longer (more to check per game). */
const GAMES_ALL_ON = 2;
/** Checked after every this-many actions (views of every seat cost the most). */
const EVERY = 3;

/** Every leaf of a JSON value, by path. */
function leaves(v: unknown, path: string, out: Map<string, unknown>): Map<string, unknown> {
  if (typeof v === 'object' && v !== null) {
    for (const [k, x] of Object.entries(v)) leaves(x, `${path}.${k}`, out);
  } else {
    out.set(path, v);
  }
  return out;
}

/** What `seat` knows that the channel does not: path → value. The viewer's own id is not a secret. */
function privateFacts(game: AnyGame, state: unknown, seat: number): Map<string, unknown> {
  const channel = leaves(JSON.parse(JSON.stringify(game.view(state, 'channel'))), '', new Map());
  const mine = leaves(JSON.parse(JSON.stringify(game.view(state, seat))), '', new Map());
  const facts = new Map<string, unknown>();
  for (const [path, value] of mine) if (channel.get(path) !== value && !(channel.get(path) === 'channel' && value === seat)) facts.set(path, value);
  return facts;
}

function problems(game: AnyGame, state: unknown, seatCount: number): string[] {
  const out: string[] = [];
  const board = game.board(state);
  const drawn = leaves(JSON.parse(JSON.stringify(board.view)), '', new Map());
  const text = [board.alt, game.words.phase(state), ...game.words.status(state)].join('\n');
  // A word the channel's own view holds somewhere, or the game's rules use ("sheep"), proves nothing when it appears in the text.
  const publicWords = new Set([...leaves(JSON.parse(JSON.stringify(game.view(state, 'channel'))), '', new Map()).values()]);
  const rulesText = [...game.words.rules.map((t) => t.text), game.words.help].join('\n').toLowerCase();
  for (let seat = 0; seat < seatCount; seat++) {
    for (const [path, value] of privateFacts(game, state, seat)) {
      if (value !== null && drawn.has(path) && drawn.get(path) === value) out.push(`the board picture shows seat ${seat}'s ${path} = ${JSON.stringify(value)}`);
      if (typeof value === 'string' && value.length >= 4 && !publicWords.has(value) && !rulesText.includes(value.toLowerCase()) && text.includes(value)) out.push(`the channel's text shows seat ${seat}'s ${path} = ${value}`);
    }
  }
  return out;
}


describe('the channel never sees a secret', () => {
  const runs = allGames().flatMap((g) => [[g, {}, 'default options', GAMES], [g, everyOptionOn(g), 'every option on', GAMES_ALL_ON]] as [AnyGame, Record<string, unknown>, string, number][]);
  for (const [game, options, which, games] of runs) {
    it(`${game.title} (${which}): board picture, alt text, status and phase after every few actions of ${games} random games`, () => {
      const seatCount = (n: number) => Math.min(game.seats.max, Math.max(game.seats.min, 2 + (n % 3)));
      let checked = 0;
      let secrets = 0;
      for (let g = 0; g < games; g++) {
        playRandomGame({
          game,
          players: (n) => ({ seats: Array.from({ length: seatCount(n) }, (_, i) => ({ name: `Player ${i + 1}`, computer: true })), bots: [] }),
          options: () => options,
          maxActions: 20_000,
          check: (state, _events, _before, n, step) => {
            if (step % EVERY !== 0) return [];
            checked++;
            if (Array.from({ length: seatCount(n) }, (_, s) => privateFacts(game, state, s).size).some((k) => k > 0)) secrets++;
            return problems(game, state, seatCount(n));
          },
        }, g);
      }
      expect(checked).toBeGreaterThan(games);
      // The check must have had something to look for: players held secrets at those moments.
      if (game.hand) expect(secrets).toBeGreaterThan(0);
    }, 120_000);
  }
});
