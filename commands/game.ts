/**
 * The slash command of one game (`/<game id>`), built from its definition: the platform's
 * subcommands (lobby, information, admin) around the game's move subcommands, each defined
 * where it is handled (src/discord/handlers/). Registered by `npm run deploy-commands`
 * (src/cli/deploy-commands.ts) and, against the local Discord double, by the bot itself.
 */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody, type SlashCommandSubcommandsOnlyBuilder } from 'discord.js';
import type { AnyGame } from '../src/platform/game.ts';
import { gameCommands } from '../src/discord/handlers/index.ts';

export function gameCommand(game: AnyGame): SlashCommandSubcommandsOnlyBuilder {
  const cmd = new SlashCommandBuilder()
    .setName(game.id)
    .setDescription(game.description.slice(0, 100))
    .setContexts(InteractionContextType.Guild);
  for (const c of gameCommands(game)) cmd.addSubcommand((s) => c.define(s.setName(c.name), game));
  return cmd;
}

export function gameCommandJson(game: AnyGame): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return gameCommand(game).toJSON();
}
