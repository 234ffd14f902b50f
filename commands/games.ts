/** `/games`: what is about the server rather than one game — its running games and its settings. */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { SERVER_COMMAND, serverCommands } from '../src/discord/handlers/index.ts';

export function gamesCommandJson(): RESTPostAPIChatInputApplicationCommandsJSONBody {
  const cmd = new SlashCommandBuilder()
    .setName(SERVER_COMMAND)
    .setDescription('The games of this server: what is running, and the server settings')
    .setContexts(InteractionContextType.Guild);
  for (const c of serverCommands) cmd.addSubcommand((s) => c.define(s.setName(c.name)));
  return cmd.toJSON();
}
