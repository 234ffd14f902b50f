/** Every slash command the bot registers: one per registered game, and `/games`. */
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { allGames } from '../src/games/registry.ts';
import { gameCommandJson } from './game.ts';
import { gamesCommandJson } from './games.ts';

export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [...allGames().map(gameCommandJson), gamesCommandJson()];
}
