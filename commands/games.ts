/** `/games`: what is about the server rather than one game — its running games and its settings. */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';
import { allGames } from '../src/games/registry.ts';
import { TURN_LIMIT_CHOICES } from './game.ts';

/** How long an untouched lobby stays open before it expires (seconds). */
export const LOBBY_EXPIRY_CHOICES = [
  { name: '1 day', value: 24 * 3600 },
  { name: '3 days', value: 3 * 24 * 3600 },
  { name: '7 days (default)', value: 7 * 24 * 3600 },
  { name: '14 days', value: 14 * 24 * 3600 },
  { name: '30 days', value: 30 * 24 * 3600 },
] as const;

const gameChoices = () => allGames().slice(0, 25).map((g) => ({ name: g.title, value: g.id }));

/** `/games settings start:` — who may open a lobby (src/discord/permissions.ts applies it). */
export const START_POLICIES = [
  { name: 'Anyone', value: 'anyone' },
  { name: 'Members with the role chosen in start-role', value: 'role' },
  { name: 'Manage Server only', value: 'manage-server' },
] as const;
/** `/games settings abort:` — who may abort a game. */
export const ABORT_POLICIES = [
  { name: 'The game’s host or Manage Channels', value: 'host' },
  { name: 'Manage Server only', value: 'manage-server' },
] as const;

export function gamesCommandJson(): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return new SlashCommandBuilder()
    .setName('games')
    .setDescription('The games of this server: what is running, and the server settings')
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => s.setName('list').setDescription('Every lobby and running game on this server, with whose turn it is'))
    .addSubcommand((s) => s.setName('mine').setDescription('Your unfinished games on this server, with whose turn it is and links'))
    .addSubcommand((s) =>
      s.setName('stats').setDescription('Games played, won and abandoned, per game')
        .addUserOption((o) => o.setName('player').setDescription('Whose stats (default: yours)'))
        .addStringOption((o) => o.setName('game').setDescription('Only this game').addChoices(...gameChoices())),
    )
    .addSubcommand((s) =>
      s.setName('leaderboard').setDescription('This server\'s players ranked by rating')
        .addStringOption((o) => o.setName('game').setDescription('Only this game (default: all games)').addChoices(...gameChoices())),
    )
    .addSubcommand((s) =>
      s.setName('settings').setDescription('Defaults for every game on this server (Manage Server)')
        .addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit of every game').addChoices(...TURN_LIMIT_CHOICES))
        .addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players in every game'))
        .addIntegerOption((o) => o.setName('lobby-expiry').setDescription('How long a lobby waits for its start before it closes').addChoices(...LOBBY_EXPIRY_CHOICES))
        .addStringOption((o) => o.setName('start').setDescription('Who may open a game').addChoices(...START_POLICIES))
        .addRoleOption((o) => o.setName('start-role').setDescription('The role whose members may open a game (with start: role)'))
        .addStringOption((o) => o.setName('abort').setDescription('Who may abort a game').addChoices(...ABORT_POLICIES)),
    )
    .addSubcommand((s) => s.setName('status').setDescription('How the bot is doing: shards, games, timers, answer times, memory (Manage Server)'))
    .toJSON();
}
