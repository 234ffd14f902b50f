/**
 * Server defaults: `/games settings` (for every game: turn limit, computer players) and
 * `/<game> settings` (one game's options, and its own turn limit and computers over the
 * server's). What a new lobby starts with is `defaultsFor`.
 */
import type { AnyGame } from '../../platform/game.ts';
import { checkOptions, defaultOptions, summaryLine } from '../../platform/options.ts';
import { onGame, onServer, type GameCommand, type ServerCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { inGuild, manageServer, refuse } from '../guards.ts';
import { ABORT_POLICIES, permissionPatch, permissionText, START_POLICIES } from '../permissions.ts';
import { addOption, settingOptions, slashName } from '../slash.ts';

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

/** How long an untouched lobby stays open before it expires (seconds). */
export const LOBBY_EXPIRY_CHOICES = [
  { name: '1 day', value: 24 * 3600 },
  { name: '3 days', value: 3 * 24 * 3600 },
  { name: '7 days (default)', value: 7 * 24 * 3600 },
  { name: '14 days', value: 14 * 24 * 3600 },
  { name: '30 days', value: 30 * 24 * 3600 },
] as const;

export const DEFAULT_TURN_LIMIT = 24 * 3600;
export const DEFAULT_LOBBY_EXPIRY = 7 * 24 * 3600;

/** How long a lobby stays open on a server (a saved value the command no longer offers gives way to the default). */
export function lobbyExpirySeconds(saved: number | null): number {
  return LOBBY_EXPIRY_CHOICES.some((c) => c.value === saved) ? (saved as number) : DEFAULT_LOBBY_EXPIRY;
}

export const expiryText = (seconds: number): string => LOBBY_EXPIRY_CHOICES.find((c) => c.value === seconds)?.name.replace(' (default)', '') ?? durationText(seconds);

export function limitText(seconds: number | null): string {
  if (!seconds) return 'no turn limit';
  const named = TURN_LIMIT_CHOICES.find((c) => c.value === seconds)?.name.replace(' (default)', '');
  return `${named ?? durationText(seconds)} per turn`;
}

/** "1 hour", "2 hours", "3 open lobbies". */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * A duration as players read it: "24 hours", "1 hour 30 minutes", "10 minutes", "a few
 * seconds"; days from 72 hours on ("7 days"). Never "1440 min" nor "0 min".
 */
export function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return s < 45 ? 'a few seconds' : '1 minute';
  const minutes = Math.round(s / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  if (minutes >= 72 * 60 && minutes % (24 * 60) === 0) return plural(minutes / (24 * 60), 'day');
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return m === 0 || h >= 10 ? plural(Math.round(minutes / 60), 'hour') : `${plural(h, 'hour')} ${plural(m, 'minute')}`;
}

/**
 * A turn limit must be one the commands offer (a forged payload may carry any number): the
 * refusal names them, or null when `seconds` is fine (or not given).
 */
export function turnLimitProblem(seconds: number | null): string | null {
  if (seconds === null || TURN_LIMIT_CHOICES.some((c) => c.value === seconds)) return null;
  return `The turn limit must be one of: ${TURN_LIMIT_CHOICES.map((c) => c.name.replace(' (default)', '')).join(', ')}.`;
}

/** The turn limit's place in a game's option summary (game options say theirs in their meta). */
export const LIMIT_ORDER = 50;

export interface Defaults {
  /** The game's options: saved defaults over the game's own (checked by its schema). */
  options: Record<string, unknown>;
  /** Seconds; 0 = no limit. */
  turnLimitSeconds: number;
  allowComputers: boolean;
  /** Where computer players are switched off, for the refusal: `/<game> settings` or `/games settings`. */
  computersSetBy: string;
}

/** What a new game of `def` starts with on this server. */
export async function defaultsFor(ctx: BotContext, guildId: string, def: AnyGame): Promise<Defaults> {
  const [server, game] = await Promise.all([ctx.store.getSettings(guildId), ctx.store.getGameDefaults(guildId, def.id)]);
  const saved = checkOptions(def.options, game.options);
  // A saved default the game no longer accepts (its options changed since) gives way to the game's own.
  const options = (saved.ok ? saved.options : defaultOptions(def.options)) as Record<string, unknown>;
  return {
    options,
    // A saved limit the commands no longer offer gives way to the default, like a saved option.
    turnLimitSeconds: [game.turnLimitSeconds, server.defaultTurnLimitSeconds].find((l) => l !== null && l !== undefined && !turnLimitProblem(l)) ?? DEFAULT_TURN_LIMIT,
    allowComputers: game.allowComputers ?? server.allowComputers,
    computersSetBy: game.allowComputers === false ? `/${def.id} settings` : '/games settings',
  };
}

const choicesText = `Choices for the turn limit: ${TURN_LIMIT_CHOICES.map((c) => c.name).join(', ')}.`;

/** `/<game> settings`: this server's defaults for new games of one game. */
export const gameSettingsCommand: GameCommand = {
  name: 'settings',
  define: (s, def) => {
    s.setDescription(`Server defaults for new ${def.title} games (Manage Server)`.slice(0, 100));
    s.addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit').addChoices(...TURN_LIMIT_CHOICES));
    for (const f of settingOptions(def)) addOption(s, { ...f, meta: { ...f.meta, description: `Default: ${f.meta.label.toLowerCase()}` } });
    s.addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players'));
    return s;
  },
  handle: onGame(inGuild, manageServer(({ def }) => `Only members with the Manage Server permission can change the server’s ${def.title} defaults.`), async ({ ctx, r, i, def, guildId }) => {
    const limit = i.options.getInteger('turn-limit');
    const badLimit = turnLimitProblem(limit);
    if (badLimit) return refuse('BAD_OPTION', `Nothing was saved: ${badLimit}`);
    const computers = i.options.getBoolean('computers');
    const options: Record<string, unknown> = {};
    for (const f of settingOptions(def)) {
      const name = slashName(f);
      const v = f.type === 'boolean' ? i.options.getBoolean(name) : f.type === 'integer' ? i.options.getInteger(name) : i.options.getString(name);
      if (v !== null) options[f.key] = v;
    }
    const changed = limit !== null || computers !== null || Object.keys(options).length > 0;
    if (changed) {
      const saved = await ctx.store.getGameDefaults(guildId, def.id);
      const checked = checkOptions(def.options, { ...saved.options, ...options });
      if (!checked.ok) return refuse('BAD_OPTION', `Nothing was saved: ${checked.problems.join(' ')}`);
      await ctx.store.setGameDefaults(guildId, def.id, {
        options,
        ...(limit !== null ? { turnLimitSeconds: limit } : {}),
        ...(computers !== null ? { allowComputers: computers } : {}),
      });
    }
    const d = await defaultsFor(ctx, guildId, def);
    const shown = summaryLine(def.options, d.options, [{ order: LIMIT_ORDER, text: limitText(d.turnLimitSeconds) }], (f) => f.meta.setting === true);
    await r.private({ content: `${changed ? 'Saved. ' : ''}Defaults for new games on this server: ${shown} · computer players ${d.allowComputers ? 'allowed' : 'not allowed'}.\n${choicesText}` });
  }),
};

/** `/games settings`: defaults for every game on this server. */
export const serverSettingsCommand: ServerCommand = {
  name: 'settings',
  define: (s) => s.setDescription('Defaults for every game on this server (Manage Server)')
    .addIntegerOption((o) => o.setName('turn-limit').setDescription('Default turn limit of every game').addChoices(...TURN_LIMIT_CHOICES))
    .addBooleanOption((o) => o.setName('computers').setDescription('Allow computer players in every game'))
    .addIntegerOption((o) => o.setName('lobby-expiry').setDescription('How long a lobby waits for its start before it closes').addChoices(...LOBBY_EXPIRY_CHOICES))
    .addStringOption((o) => o.setName('start').setDescription('Who may open a game').addChoices(...START_POLICIES))
    .addRoleOption((o) => o.setName('start-role').setDescription('The role whose members may open a game (with start: role)'))
    .addStringOption((o) => o.setName('abort').setDescription('Who may abort a game').addChoices(...ABORT_POLICIES))
    .addBooleanOption((o) => o.setName('quiet-hours-clock').setDescription('Turn clocks stop during a player’s quiet hours (default: yes)'))
    .addBooleanOption((o) => o.setName('vacation-clock').setDescription('Turn clocks stop during a player’s vacation (default: yes)')),
  handle: onServer(inGuild, manageServer(() => 'Only members with the Manage Server permission can change this server’s game settings.'), async ({ ctx, r, i, guildId }) => {
    const limit = i.options.getInteger('turn-limit');
    const badLimit = turnLimitProblem(limit);
    if (badLimit) return refuse('BAD_OPTION', `Nothing was saved: ${badLimit}`);
    const expiry = i.options.getInteger('lobby-expiry');
    if (expiry !== null && !LOBBY_EXPIRY_CHOICES.some((c) => c.value === expiry)) {
      return refuse('BAD_OPTION', `Nothing was saved: The lobby expiry must be one of: ${LOBBY_EXPIRY_CHOICES.map((c) => c.name.replace(' (default)', '')).join(', ')}.`);
    }
    const computers = i.options.getBoolean('computers');
    const quietClock = i.options.getBoolean('quiet-hours-clock');
    const vacationClock = i.options.getBoolean('vacation-clock');
    const permissions = permissionPatch(i, await ctx.store.getSettings(guildId));
    if ('problem' in permissions) return refuse('BAD_SETTING', `Nothing was saved: ${permissions.problem}`);
    const patch = {
      ...(limit !== null ? { defaultTurnLimitSeconds: limit } : {}),
      ...(computers !== null ? { allowComputers: computers } : {}),
      ...(expiry !== null ? { lobbyExpirySeconds: expiry } : {}),
      ...(quietClock !== null ? { quietHoursStopClocks: quietClock } : {}),
      ...(vacationClock !== null ? { vacationsStopClocks: vacationClock } : {}),
      ...permissions.patch,
    };
    const changed = Object.keys(patch).length > 0;
    const s = changed ? await ctx.store.setSettings(guildId, patch) : await ctx.store.getSettings(guildId);
    await r.private({ content: `${changed ? 'Saved. ' : ''}Defaults for every game on this server: ${limitText(s.defaultTurnLimitSeconds ?? DEFAULT_TURN_LIMIT)} · computer players ${s.allowComputers ? 'allowed' : 'not allowed'} · lobbies close after ${expiryText(lobbyExpirySeconds(s.lobbyExpirySeconds))} without a start. Each game's own \`settings\` can change the first two for that game.\n${permissionText(s)}\nA player's turn clock stops during their quiet hours: ${s.quietHoursStopClocks ? 'yes' : 'no'}; during their vacation: ${s.vacationsStopClocks ? 'yes' : 'no'} (\`quiet-hours-clock\`, \`vacation-clock\`; players set theirs with \`/games me\`).\n${choicesText}` });
  }),
};
