/**
 * Preconditions: what must hold before a command, button or menu does anything (used in a
 * server, this channel's game, one of its players, the game's admin, the bot can post there,
 * the channel's lock). Each one checks the call, and either adds what it found (the game, the
 * seat) or refuses in words for the user; commands declare theirs in order (command.ts runs
 * them), as Sapphire's preconditions are declared. A precondition only reads: nothing is
 * changed before every one of a command's preconditions holds.
 */
import { PermissionFlagsBits } from 'discord.js';
import type { AnyGame } from '../platform/game.ts';
import { gameById } from '../games/registry.ts';
import { votesNeeded } from '../runtime/presence.ts';
import type { GameWithDef, StartedGame } from '../runtime/context.ts';
import type { LoadedGame, SeatRecord } from '../store/index.ts';

export type { GameWithDef, StartedGame };
import type { BotContext } from './context.ts';
import type { ButtonId } from './ids.ts';
import { missingPermissions } from './outbox.ts';
import type { Reply, Repliable } from './reply.ts';

/** The definition of a stored game (every stored kind is registered, or the store would not have loaded it). */
export function withDef(game: LoadedGame): GameWithDef {
  const def = gameById(game.record.kind);
  if (!def) throw new Error(`game #${game.record.id} is of kind '${game.record.kind}', which is not registered`);
  return { ...game, def };
}

/** The game, if it has started (a running or an ended game has a state; a lobby has none). */
export function started(game: GameWithDef): StartedGame | null {
  const { state } = game;
  return state === null || state === undefined ? null : { ...game, state };
}

// ---- What a precondition is ---------------------------------------------------------------------

/**
 * Why a call is refused: a code for the log line, a sentence for the user, what would be
 * legal, and the precondition that refused (null: the command itself), for the log line.
 */
export class Refusal {
  constructor(readonly code: string, readonly message: string, readonly legal: readonly string[] = [], readonly precondition: string | null = null) {}
}

export const refuse = (code: string, message: string, legal: readonly string[] = []): Refusal => new Refusal(code, message, legal);

/** What a precondition that only checks adds: nothing. */
export type Nothing = Record<never, never>;
const OK: Nothing = {};

/**
 * One precondition: reads the call as the preconditions before it left it (`In`), and refuses,
 * or adds what it found (`Add`) for the ones after it and the command. `check` is a property,
 * so that a precondition that needs less than a call has is one for that call.
 */
export interface Precondition<In, Add = Nothing> {
  /** What it asks for, in words ("one of its players"): the log line of a refusal names it. */
  readonly name: string;
  readonly check: (c: In) => Promise<Add | Refusal> | Add | Refusal;
  /** The channel's lock: every precondition after it, and the command, run holding it. */
  readonly lock?: true;
}

/** Every call has these: the bot, the answer, and the interaction. */
interface Base {
  ctx: BotContext;
  r: Reply;
}

// ---- Where ------------------------------------------------------------------------------------------

/** The server and channel of a command. */
export interface Where {
  guildId: string;
  channelId: string;
}

/** Slash commands only make sense in a server channel (a game's own command names it in the refusal). */
export const inGuild: Precondition<{ r: Reply; def: AnyGame | null }, Where> = {
  name: 'in a server',
  check: ({ r, def }) => {
    const i = r.i;
    if (i.inGuild() && i.channelId) return { guildId: i.guildId, channelId: i.channelId };
    return refuse('DM', def
      ? `${def.title} is played in a server channel, not in direct messages: run \`/${def.id} new\` in a channel of your server.`
      : 'Games are played in a server channel, not in direct messages: use `/games` in a channel of your server.');
  },
};

/**
 * The channel's lock, for everything after it: what is read there is what is changed (two
 * presses in one channel run one after the other; another channel's do not wait).
 */
export const channelLock: Precondition<{ channelId: string }> = { name: 'the channel lock', check: () => OK, lock: true };

// ---- Which game --------------------------------------------------------------------------------------

/**
 * The channel's lobby or running game, which must be a game of `def`; any game when `def` is
 * null (a `/games` subcommand about this channel's game, whichever it is).
 */
export const channelGame: Precondition<Base & { def: AnyGame | null; channelId: string }, { game: GameWithDef }> = {
  name: 'this channel’s game',
  check: async ({ ctx, def, channelId }) => {
    const loaded = await ctx.store.loadActiveGame(channelId);
    if (!loaded) {
      return refuse('NO_GAME', def
        ? `There is no ${def.title} game in this channel. Start one with \`/${def.id} new\`.`
        : 'There is no game in this channel: `/games mine` lists your games on this server.');
    }
    if (loaded.record.status === 'broken') return refuse('BROKEN', loaded.record.brokenReason ?? 'This game cannot continue.');
    const game = withDef(loaded);
    if (def && game.def.id !== def.id) return refuse('OTHER_GAME', `This channel's game (#${game.record.id}) is ${game.def.title}: use \`/${game.def.id}\` for it.`);
    return { game };
  },
};

/** The channel's game of `def` (any game when null), started. */
export const runningGame: Precondition<Base & { def: AnyGame | null; channelId: string }, { game: StartedGame }> = {
  name: 'this channel’s running game',
  check: async (c) => {
    const found = await channelGame.check(c);
    if (found instanceof Refusal) return found;
    const game = found.game.record.status === 'lobby' ? null : started(found.game);
    return game ? { game } : refuse('LOBBY', `Game #${found.game.record.id} has not started yet: join it in the lobby, and the host starts it with \`/${found.game.def.id} start\`.`);
  },
};

/**
 * The game a button or menu names. Every field of a press is untrusted, its game id too: the
 * game must be one of this server and this channel (or thread), or nothing is done.
 */
export const pressedGame: Precondition<Base & { b: ButtonId }, { game: GameWithDef } & Where> = {
  name: 'a game of this channel',
  check: async ({ ctx, r, b }) => {
    const loaded = await ctx.store.getGame(b.gameId).catch(() => null);
    if (!loaded || loaded.record.guildId !== r.i.guildId || loaded.record.channelId !== r.i.channelId) {
      return refuse('NOT_HERE', 'That button does not belong to a game of this channel, so nothing was done.');
    }
    return { game: withDef(loaded), guildId: loaded.record.guildId, channelId: loaded.record.channelId };
  },
};

/** The game a button belongs to, still running; a specific refusal for each other case. */
export const pressedRunningGame: Precondition<Base & { b: ButtonId }, { game: StartedGame } & Where> = {
  name: 'a running game of this channel',
  check: async (c) => {
    const found = await pressedGame.check(c);
    if (found instanceof Refusal) return found;
    const { game: pressed } = found;
    const s = pressed.record.status;
    const gameId = pressed.record.id;
    if (s === 'finished' || s === 'aborted' || s === 'broken') {
      return refuse('STALE_BUTTON', `That button belongs to game #${gameId}, which is ${s === 'finished' ? 'over' : s === 'aborted' ? 'aborted' : 'set aside'}. Start a new game with \`/${pressed.def.id} new\`.`);
    }
    const game = s === 'lobby' ? null : started(pressed);
    return game ? { ...found, game } : refuse('LOBBY', `Game #${gameId} has not started yet.`);
  },
};

/** A lobby's button: its game is still in its lobby. */
export const pressedLobby: Precondition<Base & { b: ButtonId }, { game: GameWithDef } & Where> = {
  name: 'a lobby of this channel',
  check: async (c) => {
    const found = await pressedGame.check(c);
    if (found instanceof Refusal) return found;
    const { game } = found;
    if (game.record.status === 'running') return refuse('STARTED', `Game #${game.record.id} has already started; you can follow it with \`/${game.def.id} status\`.`);
    if (game.record.status !== 'lobby') return refuse('STALE_BUTTON', `That button belongs to game #${game.record.id}, which is over. Start a new game with \`/${game.def.id} new\`.`);
    return found;
  },
};

// ---- Who ------------------------------------------------------------------------------------------

export function seatOf(seats: SeatRecord[], userId: string): SeatRecord | undefined {
  return seats.find((s) => s.userId === userId);
}

const playerList = (game: LoadedGame): string => game.seats.filter((s) => !s.leftAt).map((s) => s.name).join(', ');

/** The invoker is one of the game's players, still in play: their seat. */
export const player: Precondition<{ r: Reply; game: StartedGame }, { seat: number }> = {
  name: 'one of its players',
  check: ({ r, game }) => {
    const seat = seatOf(game.seats, r.i.user.id);
    if (!seat) return refuse('NOT_IN_GAME', `You are not playing in game #${game.record.id} (players: ${playerList(game)}). Wait for it to end, or start your own in another channel or thread.`);
    if (seat.leftAt) return refuse('LEFT_GAME', `You have left game #${game.record.id}${seat.leftReason ? ` (${seat.leftReason})` : ''}; you can follow it with \`/${game.def.id} status\` and \`/${game.def.id} map\`.`);
    return { seat: seat.seat };
  },
};

/** The names of the seats the game waits for. */
export function waitingNames(game: StartedGame): string {
  const active = game.def.activeSeats(game.state);
  if (active.length === 0) return 'nobody (the game is over)';
  return active.map((s) => game.seats.find((x) => x.seat === s)?.name ?? `seat ${s + 1}`).join(' and ');
}

/** Why nothing is played in a paused game, and how it goes on. */
export function pausedText(game: GameWithDef): string {
  const since = game.record.pausedAt ? ` (since <t:${Math.floor(game.record.pausedAt.getTime() / 1000)}:R>)` : '';
  return `Game #${game.record.id} is paused${since}, so nothing was changed. To go on, resume it with \`/${game.def.id} pause\`: the host or a member with Manage Channels alone, or ${votesNeeded(game.seats)} of its players.`;
}

/** The game is not paused: a paused game accepts no moves (src/runtime/pause.ts). */
export const unpaused: Precondition<{ game: GameWithDef }> = {
  name: 'not paused',
  check: ({ game }) => (game.record.pausedAt === null ? OK : refuse('PAUSED', pausedText(game))),
};

/** The game waits for the invoker's seat. */
export const yourTurn: Precondition<{ game: StartedGame; seat: number }> = {
  name: 'their turn',
  check: ({ game, seat }) => game.def.activeSeats(game.state).includes(seat)
    ? OK
    : refuse('NOT_YOUR_TURN', `It is not your turn: the game waits for ${waitingNames(game)}. You will be mentioned when it is yours.`),
};

/**
 * The member's effective permissions in the channel the interaction comes from (roles and
 * the channel's overwrites, as Discord computed them), not their server-wide ones.
 */
export function hasPerm(i: Repliable, flag: bigint): boolean {
  return i.memberPermissions?.has(flag) ?? false;
}

/** The host of the game, or a member who may manage the channel. */
export function isGameAdmin(i: Repliable, game: LoadedGame): boolean {
  return game.record.hostUserId === i.user.id || hasPerm(i, PermissionFlagsBits.ManageChannels);
}

/** The refusal of someone who is not the game's admin, for `what` ("start the game"). */
export function notAdmin(game: LoadedGame, what: string): Refusal {
  const host = game.seats.find((s) => s.userId === game.record.hostUserId)?.name ?? 'the host';
  return refuse('NOT_ADMIN', `Only the host (${host}) or a member with the Manage Channels permission can ${what}.`);
}

/** The game's host, or a member with Manage Channels here, may `what` ("remove players"). */
export const gameAdmin = (what: string): Precondition<{ r: Reply; game: LoadedGame }> => ({
  name: 'the game’s admin',
  check: ({ r, game }) => (isGameAdmin(r.i, game) ? OK : notAdmin(game, what)),
});

/** Only members with Manage Server (in this channel); `refusal` says so to the others. */
export function manageServer<C extends { r: Reply }>(refusal: (c: C) => string): Precondition<C> {
  return { name: 'Manage Server', check: (c) => (hasPerm(c.r.i, PermissionFlagsBits.ManageGuild) ? OK : refuse('NOT_ADMIN', refusal(c))) };
}

// ---- The bot ----------------------------------------------------------------------------------------

/**
 * Permissions the bot needs in the channel to post the game there (as Discord computed them
 * for this interaction), named in the refusal when some are missing: checked before a change,
 * so the game stays as it is. `createThread`: the call opens a thread from here.
 */
function botPermissions(r: Reply, createThread: boolean): Nothing | Refusal {
  const i = r.i;
  const missing = missingPermissions(i.appPermissions, { thread: i.channel?.isThread() ?? false, ...(createThread ? { createThread: true } : {}) });
  if (missing.length === 0) return OK;
  return refuse('BOT_PERMISSIONS', `I cannot post the game here: I am missing the **${missing.join('**, **')}** permission${missing.length > 1 ? 's' : ''} in this channel. Ask a server admin to grant ${missing.length > 1 ? 'them' : 'it'} to my role (or in this channel's permission settings), then try again. Nothing was changed.`);
}

/** The bot can post the game in this channel. */
export const botCanPost: Precondition<{ r: Reply }> = { name: 'the bot can post', check: ({ r }) => botPermissions(r, false) };

/** The bot can post the game here, and open a thread from here when `wantThread`. */
export const botCanPostThread: Precondition<{ r: Reply; wantThread: boolean }> = { name: 'the bot can post', check: ({ r, wantThread }) => botPermissions(r, wantThread) };
