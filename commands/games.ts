/** `/games`: what is about the server rather than one game — its running games and its settings. */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { TURN_LIMIT_CHOICES } from './game.ts';

export function gamesCommandJson(): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return new SlashCommandBuilder()
    .setName('games')
    .setDescription('The games of this server: what is running, and the server settings')
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => s.setName('list').setDescription('Every lobby and running game on this server, with whose turn it is'))
    .addSubcommand((s) =>
      s.setName('settings').setDescription('Defaults for every game on this server (Manage Server)')
        .addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit of every game').addChoices(...TURN_LIMIT_CHOICES))
        .addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players in every game')),
    )
    .toJSON();
}
