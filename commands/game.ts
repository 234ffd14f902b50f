/**
 * The slash command of one game (`/<game id>`), built from its definition: the
 * platform's subcommands (lobby, information, admin) around the game's move subcommands, and
 * the game's options from its options schema. Registered by `npm run deploy-commands`
 * (src/cli/deploy-commands.ts) and, against the local Discord double, by the bot itself.
 */
import {
  InteractionContextType,
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandsOnlyBuilder,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord.js';
import type { AnyGame } from '../src/platform/game.ts';
import { optionFields, type OptionField } from '../src/platform/options.ts';

/** Turn limits offered by `/<game> new` and the settings (H2: minimum 1 minute). Seconds. */
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

/** A game option as a slash option, named by its meta's `slash` (or its key in kebab case). */
export const slashName = (f: OptionField): string => f.meta.slash ?? f.key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function addOption(s: SlashCommandSubcommandBuilder, f: OptionField): void {
  const name = slashName(f);
  const description = f.meta.description.slice(0, 100);
  if (f.type === 'boolean') s.addBooleanOption((o) => o.setName(name).setDescription(description));
  else if (f.type === 'integer') {
    s.addIntegerOption((o) => {
      o.setName(name).setDescription(description);
      if (f.min !== undefined) o.setMinValue(f.min);
      if (f.max !== undefined) o.setMaxValue(f.max);
      return o;
    });
  } else {
    s.addStringOption((o) => o.setName(name).setDescription(description).addChoices(...(f.values ?? []).slice(0, 25).map((v) => ({ name: (f.meta.labels?.[v] ?? v).slice(0, 100), value: v }))));
  }
}

/** Options of `/<game> new`: those with a `slash` name (the rest are set in the lobby's menu). */
export const newGameOptions = (game: AnyGame): OptionField[] => optionFields(game.options).filter((f) => f.meta.slash !== undefined);
/** Options an admin may save as this server's defaults. */
export const settingOptions = (game: AnyGame): OptionField[] => optionFields(game.options).filter((f) => f.meta.setting);

export function gameCommand(game: AnyGame): SlashCommandSubcommandsOnlyBuilder {
  const t = game.title;
  const cmd = new SlashCommandBuilder()
    .setName(game.id)
    .setDescription(game.description.slice(0, 100))
    .setContexts(InteractionContextType.Guild)
    .addSubcommand((s) => {
      s.setName('new').setDescription('Open a lobby for a new game in this channel');
      s.addIntegerOption((o) => o.setName('turn-limit').setDescription('How long each player has per turn (default 24 hours)').addChoices(...TURN_LIMIT_CHOICES));
      for (const f of newGameOptions(game)) addOption(s, f);
      s.addIntegerOption((o) => o.setName('computers').setDescription('Computer players to seat right away').setMinValue(0).setMaxValue(Math.max(1, game.seats.max - 1)));
      s.addBooleanOption((o) => o.setName('thread').setDescription('Open the game in a new thread of this channel'));
      return s;
    })
    .addSubcommand((s) => s.setName('start').setDescription('Start the game waiting in the lobby (host only)'))
    .addSubcommand((s) => s.setName('addbot').setDescription('Seat a computer player in the lobby'));
  for (const move of game.commands) {
    cmd.addSubcommand((s) =>
      s.setName(move.name).setDescription(move.description.slice(0, 100))
        .addStringOption((o) => o.setName(move.option).setDescription(move.choice.slice(0, 100)).setRequired(true).setAutocomplete(true)),
    );
  }
  if (game.isFinal) cmd.addSubcommand((s) => s.setName('undo').setDescription('Take back your last move, before anyone else plays and while nothing new was revealed'));
  if (game.hand) cmd.addSubcommand((s) => s.setName('hand').setDescription('Show what only you may see (only you see it)'));
  cmd
    .addSubcommand((s) => s.setName('status').setDescription(`Whose turn it is and what they may do, in ${t}`.slice(0, 100)))
    .addSubcommand((s) => s.setName('choose').setDescription('What you must do now, with its buttons (only you see it)'))
    .addSubcommand((s) => s.setName('map').setDescription('Show the current board'))
    .addSubcommand((s) => s.setName('history').setDescription('The recent actions in words'))
    .addSubcommand((s) =>
      s.setName('rules').setDescription('The rules, in short')
        .addStringOption((o) => o.setName('topic').setDescription('Which part of the rules').addChoices(...game.words.rules.slice(0, 25).map((r) => ({ name: r.name, value: r.value })))),
    )
    .addSubcommand((s) => s.setName('help').setDescription(`How to play ${t} with this bot`.slice(0, 100)))
    .addSubcommand((s) => s.setName('resign').setDescription('Leave the running game (asks to confirm)'))
    .addSubcommand((s) => s.setName('abort').setDescription('End the game in this channel for everyone (host or Manage Channels; asks to confirm)'))
    .addSubcommand((s) =>
      s.setName('kick').setDescription('Remove a player from the game (host or Manage Channels)')
        .addUserOption((o) => o.setName('player').setDescription('Who to remove').setRequired(true)),
    )
    .addSubcommand((s) => {
      s.setName('settings').setDescription(`Server defaults for new ${t} games (Manage Server)`.slice(0, 100));
      s.addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit').addChoices(...TURN_LIMIT_CHOICES));
      for (const f of settingOptions(game)) addOption(s, { ...f, meta: { ...f.meta, description: `Default: ${f.meta.label.toLowerCase()}` } });
      s.addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players'));
      return s;
    });
  return cmd;
}

export function gameCommandJson(game: AnyGame): RESTPostAPIChatInputApplicationCommandsJSONBody {
  return gameCommand(game).toJSON();
}
