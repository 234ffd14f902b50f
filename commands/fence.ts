/**
 * The one slash command, `/fence`, with a subcommand per thing a player or admin does.
 * Registered by `npm run deploy-commands` (src/cli/deploy-commands.ts) and, against the local
 * Discord double, by startBot itself.
 */
import { InteractionContextType, SlashCommandBuilder, type RESTPostAPIChatInputApplicationCommandsJSONBody } from 'discord.js';

/** Turn limits offered by `/fence new` and `/fence settings` (H2: minimum 1 minute). Seconds. */
export const TURN_LIMIT_CHOICES = [
  { name: '10 minutes', value: 600 },
  { name: '1 hour', value: 3600 },
  { name: '6 hours', value: 6 * 3600 },
  { name: '12 hours', value: 12 * 3600 },
  { name: '24 hours (default)', value: 24 * 3600 },
  { name: '48 hours', value: 48 * 3600 },
  { name: '72 hours', value: 72 * 3600 },
  { name: 'no limit', value: 0 },
] as const;

/**
 * The playing subcommands: one per kind of move, each with one autocompleted option whose
 * suggestions are the engine's legal actions of these types. The bot's play handler reads
 * this same table, so a subcommand, its option and the moves it accepts are named once.
 */
export const PLAY_SUBCOMMANDS = [
  { name: 'place', option: 'placement', types: ['place'], what: 'place a tile', description: 'Map building: place a tile from your hand', choice: 'Tile, cell and rotation (pick from the list)' },
  { name: 'swap', option: 'swap', types: ['swap'], what: 'swap a tile', description: 'Map building: swap a tile from your hand for a placed one', choice: 'Which tile replaces which (pick from the list)' },
  { name: 'move', option: 'move', types: ['moveSelf'], what: 'Move Yourself', description: 'Move Yourself: play one card or a red/blue pair', choice: 'Cards and destination (pick from the list)' },
  { name: 'push', option: 'push', types: ['push'], what: 'push a pawn', description: 'Move Others: push another pawn one road step', choice: 'Whose pawn and where (pick from the list)' },
  { name: 'cops', option: 'cops', types: ['copsRoad', 'tipOff'], what: 'move the Cops', description: 'Move Others: move the Cops by road or tip them off with cards', choice: 'Where the Cops go (pick from the list)' },
] as const;

export const RULE_TOPICS = [
  { name: 'Overview', value: 'overview' },
  { name: 'Building the map', value: 'building' },
  { name: 'Starting: pawns and Cops', value: 'setup' },
  { name: 'Move Yourself', value: 'move' },
  { name: 'Move Others (push, Cops)', value: 'others' },
  { name: 'Jail and State’s Evidence', value: 'jail' },
  { name: 'Hot Goods', value: 'hotgoods' },
  { name: 'Winning', value: 'winning' },
  { name: 'Timers, resigning, aborting', value: 'house' },
] as const;

export const fenceCommand = new SlashCommandBuilder()
  .setName('fence')
  .setDescription('Play FENCE! in this channel')
  .setContexts(InteractionContextType.Guild)
  .addSubcommand((s) =>
    s
      .setName('new')
      .setDescription('Open a lobby for a new game in this channel')
      .addIntegerOption((o) => o.setName('turn-limit').setDescription('How long each player has per turn (default 24 hours)').addChoices(...TURN_LIMIT_CHOICES))
      .addBooleanOption((o) => o.setName('auto-build').setDescription('Skip map building: the bot builds a random legal map'))
      .addIntegerOption((o) => o.setName('computers').setDescription('Computer players to seat right away').setMinValue(0).setMaxValue(7))
      .addIntegerOption((o) => o.setName('rounds').setDescription('Round limit (default 200)').setMinValue(1).setMaxValue(200))
      .addBooleanOption((o) => o.setName('thread').setDescription('Open the game in a new thread of this channel')),
  )
  .addSubcommand((s) => s.setName('start').setDescription('Start the game waiting in the lobby (host only)'))
  .addSubcommand((s) => s.setName('addbot').setDescription('Seat a computer player in the lobby'));

for (const play of PLAY_SUBCOMMANDS) {
  fenceCommand.addSubcommand((s) =>
    s
      .setName(play.name)
      .setDescription(play.description)
      .addStringOption((o) => o.setName(play.option).setDescription(play.choice).setRequired(true).setAutocomplete(true)),
  );
}

fenceCommand
  .addSubcommand((s) => s.setName('hand').setDescription('Show your cards, start tile and tiles (only you see it)'))
  .addSubcommand((s) => s.setName('status').setDescription('Whose turn it is, what they may do, the round, cards per player'))
  .addSubcommand((s) => s.setName('map').setDescription('Show the current map'))
  .addSubcommand((s) => s.setName('history').setDescription('The recent actions in words'))
  .addSubcommand((s) =>
    s
      .setName('rules')
      .setDescription('The rules, in short')
      .addStringOption((o) => o.setName('topic').setDescription('Which part of the rules').addChoices(...RULE_TOPICS)),
  )
  .addSubcommand((s) => s.setName('help').setDescription('How to play FENCE! with this bot'))
  .addSubcommand((s) => s.setName('resign').setDescription('Leave the running game (asks to confirm)'))
  .addSubcommand((s) => s.setName('abort').setDescription('End the game in this channel for everyone (host or Manage Channels; asks to confirm)'))
  .addSubcommand((s) =>
    s
      .setName('kick')
      .setDescription('Remove a player from the game (host or Manage Channels)')
      .addUserOption((o) => o.setName('player').setDescription('Who to remove').setRequired(true)),
  )
  .addSubcommand((s) =>
    s
      .setName('settings')
      .setDescription('Server defaults for new games (Manage Server)')
      .addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit').addChoices(...TURN_LIMIT_CHOICES))
      .addIntegerOption((o) => o.setName('rounds').setDescription('Default round limit').setMinValue(1).setMaxValue(200))
      .addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players')),
  );

/** Every command the bot registers, as JSON for the REST API. */
export function commandDefinitions(): RESTPostAPIChatInputApplicationCommandsJSONBody[] {
  return [fenceCommand.toJSON()];
}
