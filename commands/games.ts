/** `/games`: what is about the server rather than one game — its running games and its settings. */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { TURN_LIMIT_CHOICES } from './game.ts';

/** How long an untouched lobby stays open before it expires (seconds). */
export const LOBBY_EXPIRY_CHOICES = [
  { name: '1 day', value: 24 * 3600 },
  { name: '3 days', value: 3 * 24 * 3600 },
  { name: '7 days (default)', value: 7 * 24 * 3600 },
  { name: '14 days', value: 14 * 24 * 3600 },
  { name: '30 days', value: 30 * 24 * 3600 },
] as const;

export function gamesCommandJson(): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return new SlashCommandBuilder()
    .setName('games')
    .setDescription('The games of this server: what is running, and the server settings')
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => s.setName('list').setDescription('Every lobby and running game on this server, with whose turn it is'))
    .addSubcommand((s) =>
      s.setName('settings').setDescription('Defaults for every game on this server (Manage Server)')
        .addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit of every game').addChoices(...TURN_LIMIT_CHOICES))
        .addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players in every game'))
        .addIntegerOption((o) => o.setName('lobby-expiry').setDescription('How long a lobby waits for its start before it closes').addChoices(...LOBBY_EXPIRY_CHOICES)),
    )
    .toJSON();
}
