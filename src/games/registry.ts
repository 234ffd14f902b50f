/**
 * The games this bot hosts: one line per game. The platform (store, Discord, render engine)
 * reaches a game only through here. A game that is not built yet is simply not listed.
 */
import type { AnyGame } from '../platform/game.ts';
import { ducks } from './ducks/index.ts';
import { farm } from './farm/index.ts';
import { fence } from './fence/index.ts';
import { kimbo } from './kimbo/index.ts';

const GAMES = new Map<string, AnyGame>();
for (const game of [
  fence,
  kimbo,
  ducks,
  farm,
] satisfies AnyGame[]) GAMES.set(game.id, game);

/** Every registered game, in the order they were listed. */
export const allGames = (): AnyGame[] => [...GAMES.values()];

export const gameById = (id: string): AnyGame | undefined => GAMES.get(id);

/**
 * Adds a game at run time. For games that live in tests (the test game proves a game plugs in
 * with its own folder and this one call); the bot's games are listed above.
 */
export function registerGame(game: AnyGame): void {
  if (GAMES.has(game.id) && GAMES.get(game.id) !== game) throw new Error(`a different game is already registered as '${game.id}'`);
  GAMES.set(game.id, game);
}
