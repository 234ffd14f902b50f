/**
 * Preconditions shared by the handlers: each returns the thing it checked, or answers the
 * user with its own specific ephemeral refusal and returns null.
 */
import { PermissionFlagsBits, type PermissionsBitField } from 'discord.js';
import type { AnyGame } from '../platform/game.ts';
import { gameById } from '../games/registry.ts';
import type { LoadedGame, SeatRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import type { Reply, Repliable } from './reply.ts';

/** A game of this channel, with its definition. */
export interface GameHere extends LoadedGame {
  def: AnyGame;
}

/** A started game: its state is there. */
export type RunningGame = GameHere & { state: NonNullable<unknown> };

/** The definition of a stored game (every stored kind is registered, or the store would not have loaded it). */
export function withDef(game: LoadedGame): GameHere {
  const def = gameById(game.game.kind);
  if (!def) throw new Error(`game #${game.game.id} is of kind '${game.game.kind}', which is not registered`);
  return { ...game, def };
}

/** Slash commands and buttons only make sense in a server channel. */
export async function inGuild(r: Reply, game: AnyGame | null): Promise<{ guildId: string; channelId: string } | null> {
  const i = r.i;
  if (!i.inGuild() || !i.channelId) {
    await r.refuse('DM', game
      ? `${game.title} is played in a server channel, not in direct messages: run \`/${game.id} new\` in a channel of your server.`
      : 'Games are played in a server channel, not in direct messages: use `/games` in a channel of your server.');
    return null;
  }
  return { guildId: i.guildId, channelId: i.channelId };
}

/** The channel's lobby or running game, which must be a game of `def`. */
export async function activeGame(ctx: BotContext, r: Reply, channelId: string, def: AnyGame): Promise<GameHere | null> {
  const loaded = await ctx.store.loadActiveGame(channelId);
  if (!loaded) {
    await r.refuse('NO_GAME', `There is no ${def.title} game in this channel. Start one with \`/${def.id} new\`.`);
    return null;
  }
  if (loaded.game.status === 'broken') {
    await r.refuse('BROKEN', loaded.game.brokenReason ?? 'This game cannot continue.');
    return null;
  }
  const game = withDef(loaded);
  if (game.def.id !== def.id) {
    await r.refuse('OTHER_GAME', `This channel's game (#${game.game.id}) is ${game.def.title}: use \`/${game.def.id}\` for it.`);
    return null;
  }
  return game;
}

export async function runningGame(ctx: BotContext, r: Reply, channelId: string, def: AnyGame): Promise<RunningGame | null> {
  const game = await activeGame(ctx, r, channelId, def);
  if (!game) return null;
  if (game.game.status === 'lobby' || game.state === null) {
    await r.refuse('LOBBY', `Game #${game.game.id} has not started yet: join it in the lobby, and the host starts it with \`/${def.id} start\`.`);
    return null;
  }
  return game as RunningGame;
}

/**
 * The usual start of a command about this channel's running game: used in a server,
 * acknowledged at once (rendering or storage may follow), and the game has started.
 */
export async function runningGameHere(ctx: BotContext, r: Reply, def: AnyGame): Promise<RunningGame | null> {
  const where = await inGuild(r, def);
  if (!where) return null;
  await r.defer();
  return runningGame(ctx, r, where.channelId, def);
}

export function seatOf(seats: SeatRecord[], userId: string): SeatRecord | undefined {
  return seats.find((s) => s.userId === userId);
}

const playerList = (game: LoadedGame): string => game.seats.filter((s) => !s.leftAt).map((s) => s.name).join(', ');

/** The invoker's seat in a running game, still in play. */
export async function inThisGame(r: Reply, game: RunningGame): Promise<number | null> {
  const seat = seatOf(game.seats, r.i.user.id);
  if (!seat) {
    await r.refuse('NOT_IN_GAME', `You are not playing in game #${game.game.id} (players: ${playerList(game)}). Wait for it to end, or start your own in another channel or thread.`);
    return null;
  }
  if (seat.leftAt) {
    await r.refuse('LEFT_GAME', `You have left game #${game.game.id}${seat.leftReason ? ` (${seat.leftReason})` : ''}; you can follow it with \`/${game.def.id} status\` and \`/${game.def.id} map\`.`);
    return null;
  }
  return seat.seat;
}

/** The names of the seats the game waits for. */
export function waitingNames(game: RunningGame): string {
  const active = game.def.activeSeats(game.state);
  if (active.length === 0) return 'nobody (the game is over)';
  return active.map((s) => game.seats.find((x) => x.seat === s)?.name ?? `seat ${s + 1}`).join(' and ');
}

export async function yourTurn(r: Reply, game: RunningGame, seat: number): Promise<boolean> {
  if (game.def.activeSeats(game.state).includes(seat)) return true;
  await r.refuse('NOT_YOUR_TURN', `It is not your turn: the game waits for ${waitingNames(game)}. You will be mentioned when it is yours.`);
  return false;
}

/** The host of the game, or a member who may manage the channel. */
export function isGameAdmin(i: Repliable, game: LoadedGame): boolean {
  return game.game.hostUserId === i.user.id || hasPerm(i, PermissionFlagsBits.ManageChannels);
}

/**
 * The member's effective permissions in the channel the interaction comes from (roles and
 * the channel's overwrites, as Discord computed them), not their server-wide ones.
 */
export function hasPerm(i: Repliable, flag: bigint): boolean {
  return i.memberPermissions?.has(flag) ?? false;
}

/**
 * The game a button or menu names. Every field of a press is untrusted, its game id too: the
 * game must be one of this server and this channel (or thread), or nothing is done.
 */
export async function gameOfPress(ctx: BotContext, r: Reply, gameId: number): Promise<GameHere | null> {
  const loaded = await ctx.store.getGame(gameId).catch(() => null);
  if (!loaded || loaded.game.guildId !== r.i.guildId || loaded.game.channelId !== r.i.channelId) {
    await r.refuse('NOT_HERE', 'That button does not belong to a game of this channel, so nothing was done.');
    return null;
  }
  return withDef(loaded);
}

export async function gameAdmin(r: Reply, game: LoadedGame, what: string): Promise<boolean> {
  if (isGameAdmin(r.i, game)) return true;
  const host = game.seats.find((s) => s.userId === game.game.hostUserId)?.name ?? 'the host';
  await r.refuse('NOT_ADMIN', `Only the host (${host}) or a member with the Manage Channels permission can ${what}.`);
  return false;
}

/** The permissions the bot lacks to post a game in a channel (files: a picture goes with it), as Discord names them. */
export function missingPermissions(perms: Readonly<PermissionsBitField>, need: { thread: boolean; files?: boolean; createThread?: boolean }): string[] {
  const needed: [bigint, string][] = [
    [PermissionFlagsBits.ViewChannel, 'View Channel'],
    need.thread ? [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads'] : [PermissionFlagsBits.SendMessages, 'Send Messages'],
  ];
  if (need.files !== false) needed.push([PermissionFlagsBits.AttachFiles, 'Attach Files']);
  if (need.createThread) needed.push([PermissionFlagsBits.CreatePublicThreads, 'Create Public Threads'], [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads']);
  return [...new Set(needed.filter(([flag]) => !perms.has(flag)).map(([, name]) => name))];
}

/**
 * Permissions the bot needs in the channel to post the game there (as Discord computed them
 * for this interaction). Answers the invoker with the missing ones, named, and returns false
 * when something is missing: checked before a change, so the game stays as it is.
 */
export async function botCanPost(r: Reply, extra: { thread?: boolean; createThread?: boolean } = {}): Promise<boolean> {
  const isThread = r.i.channel?.isThread() ?? false;
  const missing = missingPermissions(r.i.appPermissions, { thread: isThread || (extra.thread ?? false), ...(extra.createThread ? { createThread: true } : {}) });
  if (missing.length === 0) return true;
  await r.refuse('BOT_PERMISSIONS', `I cannot post the game here: I am missing the **${missing.join('**, **')}** permission${missing.length > 1 ? 's' : ''} in this channel. Ask a server admin to grant ${missing.length > 1 ? 'them' : 'it'} to my role (or in this channel's permission settings), then try again. Nothing was changed.`);
  return false;
}
