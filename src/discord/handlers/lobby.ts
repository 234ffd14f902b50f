/**
 * `/<game> new`, the lobby buttons (Join / Leave / Start / Options, and one per computer player
 * that changes its level), the option menu, `/<game> start` and `/<game> addbot`. The lobby
 * message is edited in place (turns, by contrast, are new messages).
 */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  StringSelectMenuBuilder,
  type ChatInputCommandInteraction,
  type MessageEditOptions,
} from 'discord.js';
import { LEVELS, type AnyGame, type Level } from '../../platform/game.ts';
import { changeableFields, checkOptions, summaryLine, valueText, type OptionField, type OptionValue } from '../../platform/options.ts';
import { start } from '../../runtime/moves.ts';
import { standInName } from '../../runtime/rules.ts';
import { ChannelBusyError, StoreError, type GameRecord, type LoadedGame, type SeatRecord } from '../../store/index.ts';
import { onGame, onMenu, onPress, type ComponentHandler, type GameCall, type GameCommand, type MenuCall, type Outcome, type PressCall } from '../command.ts';
import type { BotContext } from '../context.ts';
import {
  botCanPost, botCanPostThread, channelGame, channelLock, gameAdmin, inGuild, isGameAdmin, notAdmin, pressedLobby, refuse, withDef,
  type GameWithDef, type Precondition,
} from '../guards.ts';
import { buttonId } from '../ids.ts';
import { post, sendable } from '../posts.ts';
import { displayName } from '../names.ts';
import { mayOpenLobby } from '../permissions.ts';
import { addOption, newGameOptions, slashName } from '../slash.ts';
import { defaultsFor, limitText, LIMIT_ORDER, lobbyExpirySeconds, TURN_LIMIT_CHOICES, turnLimitProblem } from './settings.ts';

const optionValues = (game: LoadedGame): Record<string, unknown> => {
  const o = game.record.options;
  return typeof o === 'object' && o !== null ? (o as Record<string, unknown>) : {};
};

/** The options line: the game's options and the turn limit, each where its order puts it. */
const optionsLine = (def: AnyGame, game: LoadedGame): string =>
  summaryLine(def.options, optionValues(game), [{ order: LIMIT_ORDER, text: limitText(game.record.turnLimitSeconds) }]);

// ---- Computer levels -------------------------------------------------------------------------

/** The levels `def`'s computer players may be given, easiest first: none when it has only one kind of computer player. */
export function levelsOf(def: AnyGame): Level[] {
  const have = LEVELS.filter((l) => Object.hasOwn(def.bots, l));
  return have.length > 1 ? have : [];
}

/** A computer seat's level (the bot that plays it, see standInName); null for a person, or in a game without levels. */
export function levelOf(def: AnyGame, seat: Pick<SeatRecord, 'computer' | 'bot'>): Level | null {
  if (!seat.computer) return null;
  const name = standInName(def, seat);
  return levelsOf(def).find((l) => l === name) ?? null;
}

/** How the lobby, the start and the status name a seat: "Ana", "Computer 1 (strong)". */
export function seatLabel(def: AnyGame, seat: SeatRecord): string {
  return seat.computer ? `${seat.name} (${levelOf(def, seat) ?? 'computer'})` : seat.name;
}

const capital = (level: Level): string => `${level[0]!.toUpperCase()}${level.slice(1)}`;
const orList = (items: readonly string[]): string => (items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`);

/** The level a computer's lobby button sets: the next one, round from the strongest to the easiest. */
function nextLevel(levels: readonly Level[], current: Level | null): Level | undefined {
  return levels[(levels.indexOf(current ?? levels[0]!) + 1) % levels.length];
}

/** One button per computer player, labelled with its level; each press sets the next level (Discord allows 5 per row). */
function levelRows(game: GameWithDef): ActionRowBuilder<ButtonBuilder>[] {
  const levels = levelsOf(game.def);
  if (levels.length === 0) return [];
  const buttons = game.seats.filter((s) => s.computer).flatMap((s) => {
    const level = levelOf(game.def, s);
    const next = nextLevel(levels, level);
    if (!level || !next) return [];
    return [new ButtonBuilder().setCustomId(buttonId({ verb: 'level', gameId: game.record.id, version: s.seat, value: next })).setLabel(`${s.name}: ${capital(level)}`.slice(0, 80)).setStyle(ButtonStyle.Secondary)];
  });
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let k = 0; k < buttons.length && rows.length < 4; k += 5) rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(k, k + 5)));
  return rows;
}

export function lobbyMessage(game: GameWithDef, note?: string): { content: string; components: ActionRowBuilder<ButtonBuilder>[]; allowedMentions: { parse: [] } } {
  const { def } = game;
  const id = game.record.id;
  const seats = game.seats.map((s, i) => `${i + 1}. ${seatLabel(def, s)}${s.userId === game.record.hostUserId ? ' — host' : ''}`);
  const open = game.record.status === 'lobby';
  const levelRowsNow = open ? levelRows(game) : [];
  const range = def.seats.min === def.seats.max ? `${def.seats.min} players` : `${def.seats.min}–${def.seats.max} players`;
  const lines = [
    `**${def.title}** — game #${id}${open ? ' is open: join in!' : ''}`,
    `Seats (${game.seats.length}/${def.seats.max}): ${seats.join(' · ')}`,
    `Options: ${optionsLine(def, game)}`,
    open ? `Press **Join** to take a seat (${range}). The host presses **Start**; \`/${def.id} addbot\` seats a computer player.` : '',
    levelRowsNow.length ? `The host taps a computer player’s button to change how well it plays (${orList(levelsOf(def))}).` : '',
    note ?? '',
  ].filter(Boolean);
  const buttons = [
    new ButtonBuilder().setCustomId(buttonId({ verb: 'join', gameId: id })).setLabel('Join').setStyle(ButtonStyle.Success),
    new ButtonBuilder().setCustomId(buttonId({ verb: 'leave', gameId: id })).setLabel('Leave').setStyle(ButtonStyle.Secondary),
    new ButtonBuilder().setCustomId(buttonId({ verb: 'start', gameId: id })).setLabel('Start').setStyle(ButtonStyle.Primary),
  ];
  if (changeableFields(def.options).length > 0) {
    buttons.push(new ButtonBuilder().setCustomId(buttonId({ verb: 'opts', gameId: id })).setLabel('Options').setStyle(ButtonStyle.Secondary));
  }
  const components = open ? [new ActionRowBuilder<ButtonBuilder>().addComponents(buttons), ...levelRowsNow] : [];
  return { content: lines.join('\n'), components, allowedMentions: { parse: [] } };
}

/** Edits the lobby message (lobbies are edited; turns are new messages). */
export async function refreshLobby(ctx: BotContext, game: GameWithDef, note?: string): Promise<void> {
  if (!game.record.lobbyMessageId) return;
  const c = await sendable(ctx, game.record.channelId);
  if (!c || !('messages' in c)) return;
  await c.messages.edit(game.record.lobbyMessageId, lobbyMessage(game, note) as MessageEditOptions).catch((err: unknown) => {
    ctx.log.warn('lobby edit failed', { game: game.record.id, error: String(err) });
  });
}

/** The timer that closes a lobby nobody started (one per game). */
export const LOBBY_EXPIRY = 'lobbyExpiry';

/** Arms the lobby's expiry, counted from its opening, unless it is armed already. */
export async function armLobbyExpiry(ctx: BotContext, game: GameRecord): Promise<void> {
  if ((await ctx.store.listTimers(game.id)).some((t) => t.kind === LOBBY_EXPIRY)) return;
  const seconds = lobbyExpirySeconds((await ctx.store.getSettings(game.guildId)).lobbyExpirySeconds);
  await ctx.store.armTimer(game.id, LOBBY_EXPIRY, new Date(game.createdAt.getTime() + seconds * 1000));
}

/** A game option as given to `/<game> new`, or null when it was not given. */
function slashValue(i: ChatInputCommandInteraction, f: OptionField): OptionValue | null {
  const name = slashName(f);
  if (f.type === 'boolean') return i.options.getBoolean(name);
  if (f.type === 'integer') return i.options.getInteger(name);
  return i.options.getString(name);
}

/** `thread:True` asks for a thread of this channel, which a thread cannot have. */
const threadOption: Precondition<GameCall, { wantThread: boolean }> = {
  name: 'a thread where one can be opened',
  check: ({ i, def }) => {
    const wantThread = i.options.getBoolean('thread') ?? false;
    if (wantThread && (i.channel?.isThread() ?? false)) return refuse('THREAD_IN_THREAD', `This is already a thread: run \`/${def.id} new\` without the thread option to play here.`);
    return { wantThread };
  },
};

export const newCommand: GameCommand = {
  name: 'new',
  define: (s, def) => {
    s.setDescription('Open a lobby for a new game in this channel');
    s.addIntegerOption((o) => o.setName('turn-limit').setDescription('How long each player has per turn (default 24 hours)').addChoices(...TURN_LIMIT_CHOICES));
    for (const f of newGameOptions(def)) addOption(s, f);
    s.addIntegerOption((o) => o.setName('computers').setDescription('Computer players to seat right away').setMinValue(0).setMaxValue(Math.max(1, def.seats.max - 1)));
    s.addBooleanOption((o) => o.setName('thread').setDescription('Open the game in a new thread of this channel'));
    return s;
  },
  handle: onGame(inGuild, mayOpenLobby, threadOption, botCanPostThread, async ({ ctx, r, i, def, guildId, channelId: here, wantThread }) => {
    const defaults = await defaultsFor(ctx, guildId, def);
    const computers = i.options.getInteger('computers') ?? 0;
    if (computers < 0 || computers > def.seats.max - 1) return refuse('BAD_OPTION', `The game was not opened: Computer players must be a whole number from 0 to ${def.seats.max - 1}.`);
    if (computers > 0 && !defaults.allowComputers) return refuse('NO_COMPUTERS', `Computer players are switched off on this server (\`${defaults.computersSetBy}\`).`);
    const givenLimit = i.options.getInteger('turn-limit');
    const badLimit = turnLimitProblem(givenLimit);
    if (badLimit) return refuse('BAD_OPTION', `The game was not opened: ${badLimit}`);
    const limit = givenLimit ?? defaults.turnLimitSeconds;
    const chosen: Record<string, unknown> = { ...defaults.options };
    for (const f of newGameOptions(def)) {
      const v = slashValue(i, f);
      if (v !== null) chosen[f.key] = v;
    }
    const checked = checkOptions(def.options, chosen);
    if (!checked.ok) return refuse('BAD_OPTION', `The game was not opened: ${checked.problems.join(' ')}`);
    const hostName = displayName(i);
    if (!wantThread) {
      const existing = await ctx.store.loadActiveGame(here);
      if (existing) return refuse('CHANNEL_BUSY', `This channel already has a game (#${existing.record.id}, ${existing.record.status === 'lobby' ? 'in its lobby' : 'running'}). Finish it, or open another in a thread: \`/${def.id} new thread:True\`.`);
    }
    let channelId = here;
    let parent: string | null = null;
    if (wantThread) {
      const channel = i.channel;
      if (!channel || channel.type !== ChannelType.GuildText) return refuse('NO_THREADS', 'Threads can only be opened from a text channel.');
      const thread = await channel.threads.create({ name: `${def.title} with ${hostName}`.slice(0, 100), reason: `A ${def.title} game` });
      channelId = thread.id;
      parent = here;
    }
    let game: GameWithDef;
    try {
      // The lock of the game's own channel, which may be the thread just opened.
      game = await ctx.store.withChannelLock(channelId, async () => {
        const g = await ctx.store.createLobby({ kind: def.id, guildId, channelId, parentChannelId: parent, hostUserId: i.user.id, hostName, options: chosen, turnLimitSeconds: limit || null });
        for (let n = 1; n <= computers; n++) await ctx.store.joinLobby(g.record.id, { userId: null, name: `Computer ${n}` });
        await armLobbyExpiry(ctx, g.record);
        return withDef(await ctx.store.getGame(g.record.id));
      });
    } catch (err) {
      if (err instanceof ChannelBusyError) return refuse('CHANNEL_BUSY', `This channel already has a game. Finish it, or open another in a thread: \`/${def.id} new thread:True\`.`);
      throw err;
    }
    const messageId = await post(ctx, channelId, lobbyMessage(game), game.record.id);
    if (messageId) await ctx.store.setMessageIds(game.record.id, { lobbyMessageId: messageId });
    await r.private({ content: `Game #${game.record.id} is open${parent ? ` in <#${channelId}>` : ''}. Others press **Join**; you press **Start** when everyone is in.` });
  }),
};

/** The channel's game is in its lobby (`/<game> start`). */
const inLobby: Precondition<{ game: GameWithDef }> = {
  name: 'in its lobby',
  check: ({ game }) => (game.record.status === 'lobby' ? {} : refuse('STARTED', `Game #${game.record.id} is already running.`)),
};

const enoughPlayers: Precondition<{ game: GameWithDef }> = {
  name: 'enough players',
  check: ({ game: { def, seats } }) => seats.length >= def.seats.min
    ? {}
    : refuse('NOT_ENOUGH_PLAYERS', `${def.title} needs at least ${def.seats.min} players: wait for someone to press **Join**, or add a computer player with \`/${def.id} addbot\`.`),
};

/** Join and Leave, by the presser, for themselves. */
const seatButton = (verb: 'join' | 'leave'): ComponentHandler => ({
  kind: 'button',
  handle: onPress(channelLock, pressedLobby, async ({ ctx, r, i, game }) => {
    const gameId = game.record.id;
    try {
      if (verb === 'join') {
        await ctx.store.joinLobby(gameId, { userId: i.user.id, name: displayName(i) });
      } else {
        if (game.record.hostUserId === i.user.id) return refuse('HOST_LEAVES', `You are the host: to call the game off, use \`/${game.def.id} abort\`.`);
        await ctx.store.leaveLobby(gameId, { userId: i.user.id });
      }
    } catch (err) {
      if (err instanceof StoreError && err.code === 'ALREADY_SEATED') return refuse('ALREADY_SEATED', `You already have a seat in game #${gameId}.`);
      if (err instanceof StoreError && err.code === 'LOBBY_FULL') return refuse('LOBBY_FULL', `Game #${gameId} is full (${game.def.seats.max} seats).`);
      if (err instanceof StoreError && err.code === 'NOT_SEATED') return refuse('NOT_SEATED', `You have no seat in game #${gameId} to leave.`);
      throw err;
    }
    // The lobby post is edited by its stored id, never "the message pressed" (a forged press may come from any message).
    await refreshLobby(ctx, withDef(await ctx.store.getGame(gameId)));
    await r.private({ content: verb === 'join' ? `You have a seat in game #${gameId}. The host starts it when everyone is in.` : `You left game #${gameId}.` });
  }),
});

/** The lobby's **Join**, **Leave**, **Start** and **Options** buttons, its computers' level buttons, and its option menu (by verb, see ids.ts). */
export const lobbyComponents = {
  join: seatButton('join'),
  leave: seatButton('leave'),
  start: {
    kind: 'button',
    handle: onPress(channelLock, pressedLobby, gameAdmin('start the game'), enoughPlayers, botCanPost, ({ ctx, game }) => startLobby(ctx, game)),
  },
  opts: {
    kind: 'button',
    handle: onPress(channelLock, pressedLobby, gameAdmin('change the options'), ({ r, game }) => r.private(optionsMenu(game, 0))),
  },
  opt: { kind: 'menu', edits: true, handle: onMenu(channelLock, pressedLobby, gameAdmin('change the options'), (c) => optionChosen(c)) },
  optp: { kind: 'menu', edits: true, handle: onMenu(channelLock, pressedLobby, gameAdmin('change the options'), ({ r, i, game }) => r.update(optionsMenu(game, Number(i.values[0] ?? '') || 0))) },
  level: { kind: 'button', handle: onPress(channelLock, pressedLobby, gameAdmin('change a computer player’s level'), (c) => levelPressed(c)) },
} satisfies Record<string, ComponentHandler>;

export const startCommand: GameCommand = {
  name: 'start',
  define: (s) => s.setDescription('Start the game waiting in the lobby (host only)'),
  handle: onGame(inGuild, channelLock, channelGame, inLobby, gameAdmin('start the game'), enoughPlayers, botCanPost, ({ ctx, game }) => startLobby(ctx, game)),
};

/** Starts the lobby's game: the store deals, computers that play first play, the channel is told. */
async function startLobby(ctx: BotContext, game: GameWithDef): Promise<Outcome> {
  const seed = ctx.seedFor(game.record.id);
  // Seats keep their joining order when the game renumbers them.
  const order = game.seats.map((s, n) => `${n + 1}. ${seatLabel(game.def, s)}`).join(', ');
  try {
    const { posted } = await start(ctx, game, { ...(seed ? { seed } : {}), head: `**Game #${game.record.id} begins!** Seat order: ${order}.` });
    return { text: `Game #${game.record.id} has started.`, posted };
  } catch (err) {
    if (err instanceof StoreError && err.code === 'BAD_OPTIONS') return refuse('BAD_OPTION', `${err.message}. Change them with the lobby's **Options** button.`);
    throw err;
  }
}

/** `/<game> addbot level:`, where the game has levels: untrusted text, so read against them. */
const levelOption: Precondition<GameCall, { level: Level | null }> = {
  name: 'a level the game has',
  check: ({ i, def }) => {
    const given = i.options.getString('level');
    if (given === null) return { level: null };
    const levels = levelsOf(def);
    const level = levels.find((l) => l === given);
    if (level) return { level };
    return refuse('BAD_OPTION', levels.length
      ? `No computer player was seated: its level must be ${orList(levels)}.`
      : `No computer player was seated: ${def.title} has one kind of computer player, so leave the level out.`);
  },
};

export const addbotCommand: GameCommand = {
  name: 'addbot',
  define: (s, def) => {
    s.setDescription('Seat a computer player in the lobby');
    const levels = levelsOf(def);
    const usual = levelOf(def, { computer: true, bot: null });
    if (levels.length) {
      s.addStringOption((o) => o.setName('level').setDescription(`How well it plays${usual ? ` (${capital(usual)} if left out)` : ''}`)
        .addChoices(...levels.map((l) => ({ name: capital(l), value: l }))));
    }
    return s;
  },
  handle: onGame(inGuild, levelOption, channelLock, channelGame, async ({ ctx, r, i, def, game, guildId, level }) => {
    if (game.record.status !== 'lobby') return refuse('STARTED', 'Computer players can only join before the game starts.');
    if (!isGameAdmin(i, game)) return notAdmin(game, 'add computer players');
    const defaults = await defaultsFor(ctx, guildId, def);
    if (!defaults.allowComputers) return refuse('NO_COMPUTERS', `Computer players are switched off on this server (\`${defaults.computersSetBy}\`).`);
    const n = game.seats.filter((s) => s.computer).length + 1;
    let seat: SeatRecord;
    try {
      seat = await ctx.store.joinLobby(game.record.id, { userId: null, name: `Computer ${n}`, bot: level });
    } catch (err) {
      if (err instanceof StoreError && err.code === 'LOBBY_FULL') return refuse('LOBBY_FULL', `Game #${game.record.id} is full (${def.seats.max} seats).`);
      throw err;
    }
    await refreshLobby(ctx, withDef(await ctx.store.getGame(game.record.id)));
    const seated = levelsOf(def).length ? `${seatLabel(def, seat)} takes a seat in game #${game.record.id}. Its button on the lobby changes its level.` : `${seat.name} takes a seat in game #${game.record.id}.`;
    await r.private({ content: seated });
  }),
};

/** A computer's level button: the seat and the level are the id's, untrusted, so read against the lobby. */
async function levelPressed({ ctx, r, b, game }: PressCall & { game: GameWithDef }): Promise<Outcome> {
  const { def } = game;
  const gameId = game.record.id;
  const levels = levelsOf(def);
  if (levels.length === 0) return refuse('NO_LEVELS', `${def.title} has one kind of computer player: there is no level to choose. Nothing was changed.`);
  const level = levels.find((l) => l === b.value);
  if (!level) return refuse('BAD_LEVEL', `That button asks for a level ${def.title} does not have: a computer player plays at ${orList(levels)}. Nothing was changed.`);
  const seat = game.seats.find((s) => s.seat === b.version);
  if (seat && !seat.computer) return refuse('NOT_COMPUTER', `${seat.name} is a person, not a computer player: only a computer player’s level can be changed. Nothing was changed.`);
  const stale = refuse('STALE_BUTTON', `That computer player is no longer in game #${gameId}: the lobby shows who is. Nothing was changed.`);
  if (!seat) return stale;
  try {
    await ctx.store.setComputerBot(gameId, seat.seat, level);
  } catch (err) {
    // The lobby changed since it was read (the channel lock keeps this to another process's doing).
    if (err instanceof StoreError && err.code === 'NOT_SEATED') return stale;
    if (err instanceof StoreError && err.code === 'WRONG_STATUS') return refuse('STARTED', `Game #${gameId} has already started: its computer players keep their levels. Nothing was changed.`);
    throw err;
  }
  await refreshLobby(ctx, withDef(await ctx.store.getGame(gameId)));
  await r.private({ content: `${seat.name} now plays at the ${level} level in game #${gameId}.` });
}

// ---- The option menu -------------------------------------------------------------------------

/** Pages of at most four options, by group, in schema order (a message holds five rows). */
function pagesOf(def: AnyGame): { title: string; fields: OptionField[] }[] {
  const groups = new Map<string, OptionField[]>();
  for (const f of changeableFields(def.options)) {
    const g = f.meta.group ?? 'Options';
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  const pages: { title: string; fields: OptionField[] }[] = [];
  for (const [group, fields] of groups) {
    const n = Math.ceil(fields.length / 4);
    for (let k = 0; k < n; k++) pages.push({ title: n > 1 ? `${group} (${k + 1}/${n})` : group, fields: fields.slice(k * 4, k * 4 + 4) });
  }
  return pages;
}

/** The values a select offers for an option: every value for yes/no and choices, the listed ones (and the current one) for numbers. */
function menuValues(f: OptionField, current: unknown): OptionValue[] {
  if (f.type === 'boolean') return [true, false];
  if (f.type === 'choice') return f.values ?? [];
  const listed = f.meta.choices ?? (f.min !== undefined && f.max !== undefined && f.max - f.min < 25 ? Array.from({ length: f.max - f.min + 1 }, (_, k) => (f.min as number) + k) : [f.default as number]);
  const all = new Set<number>([...listed, typeof current === 'number' ? current : (f.default as number)]);
  return [...all].sort((a, b) => a - b).slice(0, 25);
}

export function optionsMenu(game: GameWithDef, pageIndex: number): { content: string; components: ActionRowBuilder<StringSelectMenuBuilder>[] } {
  const { def } = game;
  const pages = pagesOf(def);
  const page = Math.min(Math.max(0, pageIndex), pages.length - 1);
  const checked = checkOptions(def.options, optionValues(game));
  const values = (checked.ok ? checked.options : optionValues(game)) as Record<string, unknown>;
  const rows: ActionRowBuilder<StringSelectMenuBuilder>[] = [];
  if (pages.length > 1) {
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder().setCustomId(buttonId({ verb: 'optp', gameId: game.record.id }))
        .addOptions(pages.slice(0, 25).map((p, k) => ({ label: p.title.slice(0, 100), value: String(k), default: k === page }))),
    ));
  }
  for (const f of pages[page]?.fields ?? []) {
    const current = values[f.key] ?? f.default;
    rows.push(new ActionRowBuilder<StringSelectMenuBuilder>().addComponents(
      new StringSelectMenuBuilder()
        .setCustomId(buttonId({ verb: 'opt', gameId: game.record.id, version: page, value: f.key }))
        .setPlaceholder(`${f.meta.label}: ${valueText(f, current)}`.slice(0, 150))
        .addOptions(menuValues(f, current).map((v) => ({
          label: `${f.meta.label}: ${valueText(f, v)}`.slice(0, 100),
          value: String(v),
          description: f.meta.description.slice(0, 100),
          default: v === current,
        }))),
    ));
  }
  return {
    content: `**Options of game #${game.record.id}** (only you see this; the lobby shows the result)\n${optionsLine(def, game)}`,
    components: rows,
  };
}

/** A new value for one option, from the option menu. */
async function optionChosen({ ctx, r, i, b, game }: MenuCall & { game: GameWithDef }): Promise<Outcome> {
  const field = changeableFields(game.def.options).find((f) => f.key === b.value);
  if (!field) return refuse('UNKNOWN_OPTION', `${game.def.title} has no such option.`);
  const picked = i.values[0] ?? '';
  const value: unknown = field.type === 'boolean' ? picked === 'true' : field.type === 'integer' ? Number(picked) : picked;
  const merged = { ...optionValues(game), [field.key]: value };
  const checked = checkOptions(game.def.options, merged);
  if (!checked.ok) return refuse('BAD_OPTION', `Not changed: ${checked.problems.join(' ')}`);
  await ctx.store.setLobbyOptions(game.record.id, { options: merged });
  const after = withDef(await ctx.store.getGame(game.record.id));
  await refreshLobby(ctx, after);
  await r.update(optionsMenu(after, b.version ?? 0));
}
