/** `/fence new`, the lobby buttons (Join / Leave / Start), `/fence start` and `/fence addbot`. */
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  ChannelType,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageEditOptions,
} from 'discord.js';
import type { FenceEvent, FenceState } from '../../games/fence/index.ts';
import { ChannelBusyError, StoreError, type LoadedGame } from '../../store/index.ts';
import { TURN_LIMIT_CHOICES } from '../../../commands/fence.ts';
import type { BotContext } from '../context.ts';
import { afterChange, runComputers } from '../game.ts';
import { activeGame, botCanPost, gameAdmin, inGuild } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { post, sendable, type Step } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { displayName } from '../names.ts';

export const DEFAULT_TURN_LIMIT = 24 * 3600;

interface LobbyOptions {
  autoBuild: boolean;
  roundLimit: number;
}

export function limitText(seconds: number | null): string {
  if (!seconds) return 'no turn limit';
  const named = TURN_LIMIT_CHOICES.find((c) => c.value === seconds)?.name.replace(' (default)', '');
  if (named) return `${named} per turn`;
  return seconds % 3600 === 0 ? `${seconds / 3600} h per turn` : `${Math.round(seconds / 60)} min per turn`;
}

export function lobbyMessage(game: LoadedGame, note?: string): { content: string; components: ActionRowBuilder<ButtonBuilder>[]; allowedMentions: { parse: [] } } {
  const o = game.game.options as Partial<LobbyOptions>;
  const id = game.game.id;
  const seats = game.seats.map((s, i) => `${i + 1}. ${s.name}${s.computer ? ' (computer)' : ''}${s.userId === game.game.hostUserId ? ' — host' : ''}`);
  const open = game.game.status === 'lobby';
  const lines = [
    `**FENCE!** — game #${id}${open ? ' is open: join in!' : ''}`,
    `Seats (${game.seats.length}/8): ${seats.join(' · ')}`,
    `Options: ${o.autoBuild ? 'the bot builds the map' : 'players build the map'} · ${limitText(game.game.turnLimitSeconds)} · round limit ${o.roundLimit ?? 200}`,
    open ? 'Press **Join** to take a seat (2–8 players). The host presses **Start**; `/fence addbot` seats a computer player.' : '',
    note ?? '',
  ].filter(Boolean);
  const components = open
    ? [new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder().setCustomId(buttonId({ verb: 'join', gameId: id })).setLabel('Join').setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId(buttonId({ verb: 'leave', gameId: id })).setLabel('Leave').setStyle(ButtonStyle.Secondary),
        new ButtonBuilder().setCustomId(buttonId({ verb: 'start', gameId: id })).setLabel('Start').setStyle(ButtonStyle.Primary),
      )]
    : [];
  return { content: lines.join('\n'), components, allowedMentions: { parse: [] } };
}

/** Edits the lobby message (lobbies are edited; turns are new messages). */
async function refreshLobby(ctx: BotContext, game: LoadedGame, note?: string): Promise<void> {
  if (!game.game.lobbyMessageId) return;
  const c = await sendable(ctx, game.game.channelId);
  if (!c || !('messages' in c)) return;
  await c.messages.edit(game.game.lobbyMessageId, lobbyMessage(game, note) as MessageEditOptions).catch((err: unknown) => {
    ctx.log.warn('lobby edit failed', { game: game.game.id, error: String(err) });
  });
}

export async function newGame(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction): Promise<void> {
  const where = await inGuild(r);
  if (!where) return;
  const wantThread = i.options.getBoolean('thread') ?? false;
  const inThread = i.channel?.isThread() ?? false;
  if (wantThread && inThread) return r.refuse('THREAD_IN_THREAD', 'This is already a thread: run `/fence new` without the thread option to play here.');
  if (!(await botCanPost(r, { createThread: wantThread }))) return;
  const settings = await ctx.store.getSettings(where.guildId);
  const computers = i.options.getInteger('computers') ?? 0;
  if (computers > 0 && !settings.allowComputers) return r.refuse('NO_COMPUTERS', 'Computer players are switched off on this server (`/fence settings`).');
  const limit = i.options.getInteger('turn-limit') ?? settings.defaultTurnLimitSeconds ?? DEFAULT_TURN_LIMIT;
  const options: LobbyOptions = { autoBuild: i.options.getBoolean('auto-build') ?? false, roundLimit: i.options.getInteger('rounds') ?? settings.defaultRoundLimit ?? 200 };
  const hostName = displayName(i);
  if (!wantThread) {
    const existing = await ctx.store.loadActiveGame(where.channelId);
    if (existing) return r.refuse('CHANNEL_BUSY', `This channel already has a game (#${existing.game.id}, ${existing.game.status === 'lobby' ? 'in its lobby' : 'running'}). Finish it, or open another in a thread: \`/fence new thread:True\`.`);
  }
  await r.defer();
  let channelId = where.channelId;
  let parent: string | null = null;
  if (wantThread) {
    const here = i.channel;
    if (!here || here.type !== ChannelType.GuildText) return r.refuse('NO_THREADS', 'Threads can only be opened from a text channel.');
    const thread = await here.threads.create({ name: `FENCE! with ${hostName}`.slice(0, 100), reason: 'A FENCE! game' });
    channelId = thread.id;
    parent = where.channelId;
  }
  let game: LoadedGame;
  try {
    game = await ctx.store.withChannelLock(channelId, async () => {
      const g = await ctx.store.createLobby({ guildId: where.guildId, channelId, parentChannelId: parent, hostUserId: i.user.id, hostName, options, turnLimitSeconds: limit || null });
      for (let n = 1; n <= computers; n++) await ctx.store.joinLobby(g.game.id, { userId: null, name: `Computer ${n}` });
      return ctx.store.getGame(g.game.id);
    });
  } catch (err) {
    if (err instanceof ChannelBusyError) return r.refuse('CHANNEL_BUSY', 'This channel already has a game. Finish it, or open another in a thread: `/fence new thread:True`.');
    throw err;
  }
  const messageId = await post(ctx, channelId, lobbyMessage(game), game.game.id);
  if (messageId) await ctx.store.setMessageIds(game.game.id, { lobbyMessageId: messageId });
  await r.private({ content: `Game #${game.game.id} is open${parent ? ` in <#${channelId}>` : ''}. Others press **Join**; you press **Start** when everyone is in.` });
}

async function lobbyOf(ctx: BotContext, r: Reply, gameId: number): Promise<LoadedGame | null> {
  const game = await ctx.store.getGame(gameId).catch(() => null);
  if (!game) {
    await r.refuse('NO_SUCH_GAME', 'That lobby no longer exists.');
    return null;
  }
  if (game.game.status === 'running') {
    await r.refuse('STARTED', `Game #${gameId} has already started; you can follow it with \`/fence status\`.`);
    return null;
  }
  if (game.game.status !== 'lobby') {
    await r.refuse('STALE_BUTTON', `That button belongs to game #${gameId}, which is over. Start a new game with \`/fence new\`.`);
    return null;
  }
  return game;
}

export async function lobbyButton(ctx: BotContext, r: Reply, i: ButtonInteraction, verb: 'join' | 'leave' | 'start', gameId: number): Promise<void> {
  const channelId = i.channelId;
  await ctx.store.withChannelLock(channelId, async () => {
    const game = await lobbyOf(ctx, r, gameId);
    if (!game) return;
    if (verb === 'start') return startLobby(ctx, r, game);
    try {
      if (verb === 'join') {
        await ctx.store.joinLobby(gameId, { userId: i.user.id, name: displayName(i) });
      } else {
        if (game.game.hostUserId === i.user.id) return r.refuse('HOST_LEAVES', 'You are the host: to call the game off, use `/fence abort`.');
        await ctx.store.leaveLobby(gameId, { userId: i.user.id });
      }
    } catch (err) {
      if (err instanceof StoreError && err.code === 'ALREADY_SEATED') return r.refuse('ALREADY_SEATED', `You already have a seat in game #${gameId}.`);
      if (err instanceof StoreError && err.code === 'LOBBY_FULL') return r.refuse('LOBBY_FULL', `Game #${gameId} is full (8 seats).`);
      if (err instanceof StoreError && err.code === 'NOT_SEATED') return r.refuse('NOT_SEATED', `You have no seat in game #${gameId} to leave.`);
      throw err;
    }
    await i.update(lobbyMessage(await ctx.store.getGame(gameId)));
  });
}

export async function startCommand(ctx: BotContext, r: Reply): Promise<void> {
  const where = await inGuild(r);
  if (!where) return;
  await ctx.store.withChannelLock(where.channelId, async () => {
    const game = await activeGame(ctx, r, where.channelId);
    if (!game) return;
    if (game.game.status !== 'lobby') return r.refuse('STARTED', `Game #${game.game.id} is already running.`);
    await startLobby(ctx, r, game);
  });
}

async function startLobby(ctx: BotContext, r: Reply, game: LoadedGame): Promise<void> {
  if (!(await gameAdmin(r, game, 'start the game'))) return;
  if (game.seats.length < 2) return r.refuse('NOT_ENOUGH_PLAYERS', 'FENCE! needs at least 2 players: wait for someone to press **Join**, or add a computer player with `/fence addbot`.');
  await r.defer();
  const seed = ctx.seedFor(game.game.id);
  const { game: started, events } = await ctx.store.startGame(game.game.id, seed ? { seed } : {});
  const state = started.state as FenceState;
  const steps: Step[] = [{ state, events: [...(events as FenceEvent[])] }];
  const after = await runComputers(ctx, started.game.id, state, started.game.version, steps);
  await refreshLobby(ctx, started, 'The game has started.');
  const order = started.seats.map((s, n) => `${n + 1}. ${s.name}`).join(', ');
  await afterChange(ctx, started, steps, after.version, `**Game #${started.game.id} begins!** Seat order: ${order}.`);
  await r.private({ content: `Game #${started.game.id} has started.` });
}

export async function addBot(ctx: BotContext, r: Reply): Promise<void> {
  const where = await inGuild(r);
  if (!where) return;
  await ctx.store.withChannelLock(where.channelId, async () => {
    const game = await activeGame(ctx, r, where.channelId);
    if (!game) return;
    if (game.game.status !== 'lobby') return r.refuse('STARTED', 'Computer players can only join before the game starts.');
    if (!(await gameAdmin(r, game, 'add computer players'))) return;
    const settings = await ctx.store.getSettings(where.guildId);
    if (!settings.allowComputers) return r.refuse('NO_COMPUTERS', 'Computer players are switched off on this server (`/fence settings`).');
    const n = game.seats.filter((s) => s.computer).length + 1;
    try {
      await ctx.store.joinLobby(game.game.id, { userId: null, name: `Computer ${n}` });
    } catch (err) {
      if (err instanceof StoreError && err.code === 'LOBBY_FULL') return r.refuse('LOBBY_FULL', `Game #${game.game.id} is full (8 seats).`);
      throw err;
    }
    await refreshLobby(ctx, await ctx.store.getGame(game.game.id));
    await r.private({ content: `Computer ${n} takes a seat in game #${game.game.id}.` });
  });
}

export { refreshLobby };
