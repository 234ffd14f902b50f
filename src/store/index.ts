/**
 * The bot's only door to the database. Games live here across restarts and crashes: every
 * accepted action is appended to a log in the same transaction that writes the new state, so
 * the log always replays to the stored state.
 */
import { randomUUID } from 'node:crypto';
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Game as GameRow, Seat as SeatRow } from '../../generated/prisma/client.ts';
import type { Backend, StoredGame, TimerWrite } from './backend.ts';
import type { Actor, AnyGame, Refusal } from '../platform/game.ts';
import { loadState, StateLoadError } from '../platform/state.ts';
import { checkOptions } from '../platform/options.ts';
import { gameById } from '../games/registry.ts';
import { BrokenGameError, ChannelBusyError, StaleVersionError, StoreError } from './errors.ts';
import type { Provider } from './migrate.ts';
import { isPostgresUrl, openPostgres } from './postgres.ts';
import { KeyedQueue } from './queue.ts';
import { openSqlite, sqlitePath } from './sqlite.ts';
import { replayLog, type InEffect } from './undo.ts';

export { BrokenGameError, ChannelBusyError, StaleVersionError, StoreError, type StoreErrorCode } from './errors.ts';
export { MigrationError, type Provider } from './migrate.ts';
export { isPostgresUrl } from './postgres.ts';
export { sqlitePath } from './sqlite.ts';
export { inEffectOf, isUndo, undoLast, type UndoOutcome, type UndoRefusal } from './undo.ts';

/** How a game ended, as the store records it: the game's own record of it goes to Game.outcome. */
export interface Ending {
  status: 'finished' | 'aborted';
  outcome: unknown;
}

export const DEFAULT_DATABASE_URL = 'file:data/fence.db';
const DEFAULT_BUSY_TIMEOUT_MS = 5000;

export type GameStatus = 'lobby' | 'running' | 'finished' | 'aborted' | 'broken';
const UNFINISHED: GameStatus[] = ['lobby', 'running'];

export interface GameRecord {
  id: number;
  guildId: string;
  channelId: string;
  parentChannelId: string | null;
  /** The game's id in the registry. */
  kind: string;
  status: GameStatus;
  hostUserId: string;
  options: unknown;
  turnLimitSeconds: number | null;
  seed: string | null;
  /** Equals the number of logged actions; pass it back to applyAction. */
  version: number;
  outcome: unknown;
  /** For the channel's admins, when status is 'broken'. */
  brokenReason: string | null;
  lobbyMessageId: string | null;
  boardMessageId: string | null;
  /** The version the latest turn post shows (null: none yet); behind `version` when a post was lost. */
  postedVersion: number | null;
  createdAt: Date;
  updatedAt: Date;
  startedAt: Date | null;
  endedAt: Date | null;
}

export interface SeatRecord {
  seat: number;
  /** null for a computer player. */
  userId: string | null;
  name: string;
  computer: boolean;
  leftAt: Date | null;
  leftReason: string | null;
}

/**
 * A game with its seats and, once started, its state (checked by its game's state schema). A
 * game whose state could not be read comes back once with status 'broken' (and state null)
 * from the call that found out.
 */
export interface LoadedGame {
  game: GameRecord;
  seats: SeatRecord[];
  state: unknown;
  /** Its pending timers, soonest first, as listTimers gives them. */
  timers: GameTimer[];
}

/** A timer of a game: its kind, and the seat it is for (null: a timer of the whole game). */
export interface TimerKey {
  kind: string;
  seat: number | null;
}

/** A pending timer of a game (see armTimer). */
export interface GameTimer extends TimerKey {
  fireAt: Date;
  payload: unknown;
}

/** Timers of one game to cancel (by kind and seat) and to arm or re-arm (see changeTimers). */
export interface TimerChanges {
  cancel?: readonly TimerKey[];
  arm?: readonly (TimerKey & { fireAt: Date; payload?: unknown })[];
}

/** applyAction's `timers`: the timer changes that go with the new state at `version`, or null for none. */
export type TimersFor = (state: unknown, version: number) => Promise<TimerChanges | null>;

export type ApplyOutcome =
  | { ok: true; state: unknown; events: unknown[]; version: number; ending: Ending | null }
  | { ok: false; refusal: Refusal };

export interface LogEntry {
  seq: number;
  actor: Actor;
  userId: string | null;
  action: unknown;
  events: unknown[];
  createdAt: Date;
}

export interface TimerRecord {
  id: number;
  gameId: number;
  kind: string;
  /** The seat it is for, or null for a timer of the whole game. */
  seat: number | null;
  fireAt: Date;
  payload: unknown;
  game: { guildId: string; channelId: string; status: GameStatus; version: number };
}

export interface GuildSettingsRecord {
  guildId: string;
  defaultTurnLimitSeconds: number | null;
  reminderAfterSeconds: number | null;
  allowComputers: boolean;
  /** Seconds an untouched lobby stays open; null = the bot's default. */
  lobbyExpirySeconds: number | null;
  /** Who may open a lobby (see src/discord/permissions.ts). */
  startPolicy: StartPolicy;
  startRoleId: string | null;
  abortPolicy: AbortPolicy;
}
export type StartPolicy = 'anyone' | 'role' | 'manage-server';
export type AbortPolicy = 'host' | 'manage-server';
export type GuildSettingsPatch = Partial<Omit<GuildSettingsRecord, 'guildId'>>;

/** A server's defaults for one game; null fields fall back to the server's settings. */
export interface GameDefaultsRecord {
  guildId: string;
  game: string;
  /** Option values as saved (the game's options schema checks them when used). */
  options: Record<string, unknown>;
  turnLimitSeconds: number | null;
  allowComputers: boolean | null;
}
export type GameDefaultsPatch = Partial<Pick<GameDefaultsRecord, 'options' | 'turnLimitSeconds' | 'allowComputers'>>;

export interface CreateLobbyInput {
  guildId: string;
  channelId: string;
  parentChannelId?: string | null;
  /** The game's id in the registry. */
  kind: string;
  hostUserId: string;
  /** The host's display name: the host takes seat 0. */
  hostName: string;
  options?: unknown;
  turnLimitSeconds?: number | null;
}

export interface OpenOptions {
  /** SQLite: how long a write waits for another process's lock. */
  busyTimeoutMs?: number;
  /** PostgreSQL: connections in the pool. */
  poolSize?: number;
  /** PostgreSQL: a connection failed outside a query (the pool replaces it); for the log, in words without the URL. */
  onConnectionError?: (problem: string) => void;
}

type Tx = Prisma.TransactionClient;

/**
 * Opens and migrates the database: a SQLite file (`file:…`, created with its folder when
 * missing) or a PostgreSQL database (`postgresql://…`, which must exist).
 */
export async function openStore(databaseUrl: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, options: OpenOptions = {}): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) {
    return new Store(await openPostgres(databaseUrl, { ...(options.poolSize ? { poolSize: options.poolSize } : {}), ...(options.onConnectionError ? { onError: options.onConnectionError } : {}) }));
  }
  if (sqlitePath(databaseUrl) === null) throw new StoreError('UNKNOWN_KIND', 'DATABASE_URL must be a SQLite file: URL or a postgresql:// URL');
  return new Store(await openSqlite(databaseUrl, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS));
}

/** Timer.seat of a timer that is not a seat's. */
const NO_SEAT = -1;

/**
 * Discord's shard of a game's guild, `(guild_id >> 22) % count` (src/discord/shards.ts), in SQL
 * that both providers run; the count is the statement's first parameter. A guild id that is no
 * snowflake of at most 63 bits (none is before 2084) is on shard 0, as a game of no guild is.
 */
const SHARD_OF_GAME = `CASE WHEN length(g."guildId") BETWEEN 1 AND 19 AND trim(g."guildId", '0123456789') = ''
  AND (length(g."guildId") < 19 OR g."guildId" <= '9223372036854775807')
  THEN (CAST(g."guildId" AS BIGINT) >> 22) % ? ELSE 0 END`;

/** Which shards' games a query is about: these ids of the bot's `count` shards. */
export interface ShardSet {
  readonly ids: readonly number[];
  readonly count: number;
}

/** How many games' last states applyAction keeps parsed (one entry per recently played game). */
const STATE_CACHE_SIZE = 1000;

export class Store {
  readonly #queue = new KeyedQueue();
  /**
   * The state each recently loaded or played game is in, parsed, with the exact text stored for
   * it. Reused only when the stored row still holds that text at that version, so the database
   * stays the truth; the text is read on every load and apply, but parsed and checked against
   * the game's schema only when it changed. Parsing the state anew for every load and action
   * cost more than the engine itself: a fresh object graph each time defeats the engine's
   * caches (kept per state object) and what they compute survives young-generation GCs, which
   * then take 5–10 ms each, once every ≈ 60 actions — the p99 of applyAction. States are
   * frozen: shared, never changed. Least recently used first.
   */
  readonly #lastStates = new Map<number, { version: number; kind: string; text: string; state: unknown }>();

  readonly prisma: PrismaClient;
  constructor(private readonly backend: Backend) {
    this.prisma = backend.prisma;
  }

  /** Which database this store runs on. */
  get provider(): Provider {
    return this.backend.provider;
  }

  async close(): Promise<void> {
    await this.backend.close();
  }

  /**
   * Runs `fn` after every earlier task of this channel has finished. Wrap each interaction's
   * load → decide → apply in it, so two clicks in one channel are handled one after the other.
   */
  withChannelLock<T>(channelId: string, fn: () => Promise<T>): Promise<T> {
    return this.#queue.run(channelId, fn);
  }

  // ---- Lobby ---------------------------------------------------------------------------------

  /** Creates a lobby with the host in seat 0. Throws ChannelBusyError if the channel has a game. */
  async createLobby(input: CreateLobbyInput): Promise<LoadedGame> {
    const kind = input.kind;
    engineOf(kind);
    try {
      const row = await this.prisma.game.create({
        data: {
          guildId: input.guildId,
          channelId: input.channelId,
          parentChannelId: input.parentChannelId ?? null,
          kind,
          status: 'lobby',
          hostUserId: input.hostUserId,
          options: JSON.stringify(input.options ?? {}),
          turnLimitSeconds: input.turnLimitSeconds ?? null,
          seats: { create: { seat: 0, userId: input.hostUserId, name: input.hostName, computer: false } },
        },
        include: { seats: { orderBy: { seat: 'asc' } } },
      });
      return { game: gameRecord(row), seats: row.seats.map(seatRecord), state: null, timers: [] };
    } catch (e) {
      if (isUniqueViolation(e)) {
        const existing = await this.prisma.game.findFirst({ where: { channelId: input.channelId, status: { in: UNFINISHED } }, select: { id: true } });
        throw new ChannelBusyError(input.channelId, existing?.id ?? null);
      }
      throw e;
    }
  }

  /** Seats a player (userId) or a computer player (userId null) at the next free seat. */
  async joinLobby(gameId: number, player: { userId: string | null; name: string }): Promise<SeatRecord> {
    return this.prisma.$transaction(async (tx) => {
      const game = await this.#lobbyGame(tx, gameId);
      const seats = await tx.seat.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
      if (player.userId !== null && seats.some((s) => s.userId === player.userId)) {
        throw new StoreError('ALREADY_SEATED', `that player already has a seat in game #${gameId}`);
      }
      const engine = engineOf(game.kind);
      if (seats.length >= engine.seats.max) throw new StoreError('LOBBY_FULL', `game #${gameId} is full (${engine.seats.max} seats)`);
      const row = await tx.seat.create({
        data: { gameId, seat: (seats.at(-1)?.seat ?? -1) + 1, userId: player.userId, name: player.name, computer: player.userId === null },
      });
      await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
      return seatRecord(row);
    });
  }

  /** Frees a lobby seat (by user id, or by seat index for a computer player). */
  async leaveLobby(gameId: number, who: { userId: string } | { seat: number }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.#lobbyGame(tx, gameId);
      const where = 'userId' in who ? { gameId, userId: who.userId } : { gameId, seat: who.seat };
      const { count } = await tx.seat.deleteMany({ where });
      if (count === 0) throw new StoreError('NOT_SEATED', `no such seat in game #${gameId}`);
    });
  }

  async setLobbyOptions(gameId: number, patch: { options?: unknown; turnLimitSeconds?: number | null }): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.#lobbyGame(tx, gameId);
      await tx.game.update({
        where: { id: gameId },
        data: {
          ...(patch.options !== undefined ? { options: JSON.stringify(patch.options) } : {}),
          ...(patch.turnLimitSeconds !== undefined ? { turnLimitSeconds: patch.turnLimitSeconds } : {}),
        },
      });
    });
  }

  /** Records that the channel shows the game at `version` (never moves back: posts go out in order). */
  async setPostedVersion(gameId: number, version: number): Promise<void> {
    await this.backend.write({ sql: 'UPDATE "Game" SET "postedVersion" = ? WHERE "id" = ? AND ("postedVersion" IS NULL OR "postedVersion" < ?)', args: [version, gameId, version] });
  }

  /**
   * Games whose follow-ups a crash may have cut short: every lobby and running game, and
   * ended games whose last post is missing.
   */
  async gamesToRecover(): Promise<{ id: number; guildId: string; channelId: string; status: GameStatus }[]> {
    const rows = await this.prisma.$queryRawUnsafe<{ id: number | bigint; guildId: string; channelId: string; status: GameStatus }[]>(
      `SELECT "id", "guildId", "channelId", "status" FROM "Game" WHERE "status" IN ('lobby', 'running')
         OR ("status" IN ('finished', 'aborted') AND "version" > 0 AND COALESCE("postedVersion", -1) < "version") ORDER BY "id"`,
    );
    // Raw queries may hand integers back as bigint.
    return rows.map((r) => ({ id: Number(r.id), guildId: r.guildId, channelId: r.channelId, status: r.status }));
  }

  /** Remembers the Discord messages the bot edits for this game. */
  async setMessageIds(gameId: number, ids: { lobbyMessageId?: string | null; boardMessageId?: string | null }): Promise<void> {
    const set = (['lobbyMessageId', 'boardMessageId'] as const).filter((k) => ids[k] !== undefined);
    const count = await this.backend.write({
      sql: `UPDATE "Game" SET ${set.map((k) => `"${k}" = ?, `).join('')}"updatedAt" = ? WHERE "id" = ?`,
      args: [...set.map((k) => ids[k] ?? null), new Date(), gameId],
    });
    if (count !== 1) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
  }

  /**
   * Starts a lobby: seats are renumbered 0..n-1 in joining order, the engine creates the game
   * from a new seed (recorded for replay), and the game is running at version 0.
   */
  async startGame(gameId: number, opts: { seed?: string } = {}): Promise<{ game: LoadedGame; events: unknown[] }> {
    const seed = opts.seed ?? randomUUID();
    const events = await this.prisma.$transaction(async (tx) => {
      const game = await this.#lobbyGame(tx, gameId);
      const engine = engineOf(game.kind);
      const seats = await tx.seat.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
      if (seats.length < engine.seats.min) throw new StoreError('NOT_ENOUGH_PLAYERS', `game #${gameId} needs at least ${engine.seats.min} players`);
      // Ascending order keeps every target index free when its turn comes.
      for (const [i, s] of seats.entries()) if (s.seat !== i) await tx.seat.update({ where: { id: s.id }, data: { seat: i } });
      const created = engine.setup({ seats: seats.map((s) => ({ name: s.name, computer: s.computer })), seed, options: optionsOf(engine, game.options) });
      const { count } = await tx.game.updateMany({
        where: { id: gameId, status: 'lobby' },
        data: { status: 'running', seed, state: JSON.stringify(created.state), version: 0, startedAt: new Date() },
      });
      if (count !== 1) throw new StoreError('WRONG_STATUS', `game #${gameId} is no longer in its lobby`);
      return created.events;
    });
    const loaded = await this.getGame(gameId);
    return { game: loaded, events };
  }

  // ---- Loading -------------------------------------------------------------------------------

  /** The channel's lobby or running game, or null. See LoadedGame for broken games. */
  async loadActiveGame(channelId: string): Promise<LoadedGame | null> {
    const row = await this.backend.loadGame({ channelId });
    return row ? this.#loaded(row) : null;
  }

  async getGame(gameId: number): Promise<LoadedGame> {
    const row = await this.backend.loadGame({ id: gameId });
    if (!row) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    return this.#loaded(row);
  }

  async listGames(filter: { guildId?: string; channelId?: string; status?: GameStatus[] } = {}): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({
      where: {
        ...(filter.guildId !== undefined ? { guildId: filter.guildId } : {}),
        ...(filter.channelId !== undefined ? { channelId: filter.channelId } : {}),
        ...(filter.status ? { status: { in: filter.status } } : {}),
      },
      omit: { state: true },
      orderBy: { id: 'asc' },
    });
    return rows.map((r) => gameRecord({ ...r, state: null }));
  }

  /** The lobby, locked until the transaction ends; refused when the game is not in its lobby. */
  async #lobbyGame(tx: Tx, gameId: number): Promise<GameRow> {
    await this.backend.lockGame(tx, gameId);
    const game = await tx.game.findUnique({ where: { id: gameId } });
    if (!game) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    if (game.status !== 'lobby') throw new StoreError('WRONG_STATUS', `game #${gameId} is ${game.status}, not in its lobby`);
    return game;
  }

  async #loaded(row: StoredGame): Promise<LoadedGame> {
    const seats = row.seats.map(seatRecord);
    const timers = row.timers.map(gameTimer);
    if (row.state === null || row.status === 'broken') return { game: gameRecord(row), seats, state: null, timers };
    try {
      const state = this.#stateOf(row.id, row.version, row.kind, row.state, row.status === 'running');
      return { game: gameRecord(row), seats, state, timers };
    } catch (e) {
      if (!(e instanceof StateLoadError)) throw e;
      const game = await this.markBroken(row.id, e.message);
      // Marking it broken cancelled its timers.
      return { game, seats, state: null, timers: [] };
    }
  }

  /**
   * The state stored as `text` at `version`: the one kept in #lastStates when it is that text at
   * that version, else parsed and checked (StateLoadError when it cannot be used), frozen, and
   * kept when `keep` (a running game: an ended one is not played on).
   */
  #stateOf(gameId: number, version: number, kind: string, text: string, keep: boolean): unknown {
    const kept = this.#lastStates.get(gameId);
    if (kept && kept.version === version && kept.text === text) {
      this.#lastStates.delete(gameId);
      this.#lastStates.set(gameId, kept);
      return kept.state;
    }
    const state = deepFreeze(parseState(kind, text));
    if (keep) this.#keep(gameId, version, kind, text, state);
    else this.#lastStates.delete(gameId);
    return state;
  }

  #keep(gameId: number, version: number, kind: string, text: string, state: unknown): void {
    this.#lastStates.delete(gameId);
    this.#lastStates.set(gameId, { version, kind, text, state });
    if (this.#lastStates.size > STATE_CACHE_SIZE) this.#lastStates.delete(this.#lastStates.keys().next().value!);
  }

  // ---- Playing -------------------------------------------------------------------------------

  /**
   * The game's kind and state when it is running at `expectedVersion`; otherwise throws what
   * applyAction says of it. Its own SQL (see backend.ts): this runs for every click.
   */
  async #playable(gameId: number, expectedVersion: number): Promise<{ kind: string; state: unknown }> {
    const row = await this.backend.readGame(gameId);
    if (!row) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    if (row.status === 'broken') throw new BrokenGameError(gameId, row.brokenReason ?? 'unknown');
    if (row.version !== expectedVersion) throw new StaleVersionError(gameId, expectedVersion, row.version);
    if (row.status !== 'running' || row.state === null) throw new StoreError('WRONG_STATUS', `game #${gameId} is ${row.status}, not running`);
    try {
      return { kind: row.kind, state: this.#stateOf(gameId, expectedVersion, row.kind, row.state, true) };
    } catch (e) {
      if (!(e instanceof StateLoadError)) throw e;
      await this.markBroken(gameId, e.message);
      throw new BrokenGameError(gameId, e.message);
    }
  }

  /**
   * Runs the engine on the stored state and, in one transaction, appends the action to the log,
   * writes the new state and bumps the version (finishing the game when the engine says it is
   * over). A refusal by the engine writes nothing. Throws StaleVersionError when the game is
   * not at `expectedVersion`, BrokenGameError when its state cannot be read.
   *
   * `loadedState`: the state the caller has of the game at `expectedVersion`, as this store
   * loaded or returned it. While it is still the one this store keeps for that version, the
   * game is not read first: the write's compare-and-set on the version refuses it anyway if the
   * game moved on (StaleVersionError), and a refusal by the engine is checked against the
   * stored game before it is returned.
   *
   * `timers`: the timer changes that go with the new state (not called when the action ends
   * the game: its timers all go), written in the action's own transaction, under its
   * compare-and-set: with the action, or not at all.
   */
  async applyAction(
    gameId: number, expectedVersion: number, actor: Actor, action: unknown,
    opts: { userId?: string | null; loadedState?: unknown; timers?: TimersFor } = {},
  ): Promise<ApplyOutcome> {
    const kept = this.#lastStates.get(gameId);
    const known = opts.loadedState !== undefined && kept?.version === expectedVersion && kept.state === opts.loadedState ? kept : null;
    const { kind, state } = known ?? await this.#playable(gameId, expectedVersion);
    // Applied exactly as it will be logged, so that replay sees the same input.
    const logged = JSON.stringify(action ?? null);
    const engine = engineOf(kind);
    const result = engine.apply(state, actor, JSON.parse(logged));
    if (!result.ok) {
      if (known) await this.#playable(gameId, expectedVersion);
      return { ok: false, refusal: result };
    }
    const ending = endingOf(engine, result.state);
    const version = expectedVersion + 1;
    const stateText = JSON.stringify(result.state);
    const timers = !ending && opts.timers ? await opts.timers(result.state, version) : null;
    let written: boolean;
    try {
      written = await this.backend.writeAction({
        gameId, expectedVersion, version, actor: String(actor), userId: opts.userId ?? null, action: logged, events: JSON.stringify(result.events),
        state: stateText, seatsLeft: engine.seatsLeft(result.events), ending: ending ? { status: ending.status, outcome: JSON.stringify(ending.outcome) } : null,
        timers: timers ? timerWrite(timers) : null, at: new Date(),
      });
    } catch (e) {
      this.#lastStates.delete(gameId);
      throw e;
    }
    if (!written) {
      this.#lastStates.delete(gameId);
      const current = await this.backend.readGame(gameId);
      throw new StaleVersionError(gameId, expectedVersion, current ? current.version : null);
    }
    if (ending) this.#lastStates.delete(gameId);
    else this.#keep(gameId, version, kind, stateText, deepFreeze(result.state));
    return { ok: true, state: result.state, events: result.events, version, ending };
  }

  /**
   * Ends a lobby or running game without the engine (an admin's decision, or a game that can
   * no longer continue). Kept, never deleted. Prefer the engine's own abort action for a
   * running game when it has one, so the log tells the story.
   */
  async abortGame(gameId: number, why: { byUserId?: string; reason?: string } = {}): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.game.updateMany({
        where: { id: gameId, status: { in: UNFINISHED } },
        data: { status: 'aborted', endedAt: new Date(), outcome: JSON.stringify({ kind: 'aborted', by: why.byUserId ?? null, reason: why.reason ?? null }) },
      });
      if (count !== 1) throw new StoreError('WRONG_STATUS', `game #${gameId} is not a lobby or a running game`);
      await tx.timer.deleteMany({ where: { gameId } });
    });
  }

  /** Sets a game aside: it frees the channel, keeps its record, and says why for admins. */
  async markBroken(gameId: number, reason: string): Promise<GameRecord> {
    const message = `This game's saved state cannot be used (${reason}). The game has been set aside, `
      + `so the channel can start a new one; its record (game #${gameId}) is kept for the bot's operators.`;
    await this.prisma.$transaction(async (tx) => {
      await tx.game.updateMany({ where: { id: gameId, status: { in: UNFINISHED } }, data: { status: 'broken', brokenReason: message, endedAt: new Date() } });
      await tx.timer.deleteMany({ where: { gameId } });
    });
    const row = await this.prisma.game.findUniqueOrThrow({ where: { id: gameId } });
    return gameRecord(row);
  }

  /** The game's action log, oldest first; with `afterSeq`, only the entries after that one (seqs start at 1). */
  async getActionLog(gameId: number, opts: { afterSeq?: number } = {}): Promise<LogEntry[]> {
    const rows = await this.backend.query({
      sql: 'SELECT "seq", "actor", "userId", "action", "events", "createdAt" FROM "ActionLog" WHERE "gameId" = ? AND "seq" > ? ORDER BY "seq"',
      args: [gameId, opts.afterSeq ?? 0],
    });
    return rows.map(([seq, actor, userId, action, events, createdAt]) => ({
      seq: seq as number,
      actor: parseActor(actor as string),
      userId: userId as string | null,
      action: JSON.parse(action as string) as unknown,
      events: JSON.parse(events as string) as unknown[],
      createdAt: createdAt as Date,
    }));
  }

  /** Whether `seat` has had an action logged after version `version` (its own, not a timeout's). */
  async actedSince(gameId: number, version: number, seat: number): Promise<boolean> {
    const rows = await this.backend.query({ sql: 'SELECT 1 FROM "ActionLog" WHERE "gameId" = ? AND "seq" > ? AND "actor" = ? LIMIT 1', args: [gameId, version, String(seat)] });
    return rows.length > 0;
  }

  /**
   * Rebuilds a started game from its seed, options, seats and action log (undos included, see
   * undo.ts). The result equals the stored state unless something wrote one without the other.
   */
  async replay(gameId: number): Promise<{ state: unknown; version: number; inEffect: InEffect[]; log: LogEntry[]; kind: string; status: GameStatus }> {
    const row = await this.prisma.game.findUnique({ where: { id: gameId }, include: { seats: { orderBy: { seat: 'asc' } } } });
    if (!row) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    if (row.seed === null) throw new StoreError('WRONG_STATUS', `game #${gameId} has not started`);
    const engine = engineOf(row.kind);
    const log = await this.getActionLog(gameId);
    const initial = engine.setup({ seats: row.seats.map((s) => ({ name: s.name, computer: s.computer })), seed: row.seed, options: optionsOf(engine, row.options) }).state;
    const { state, inEffect } = replayLog(engine, initial, log, gameId);
    return { state, version: log.length, inEffect, log, kind: row.kind, status: row.status as GameStatus };
  }

  // ---- Timers --------------------------------------------------------------------------------

  /** Arms (or re-arms: one per kind per game and seat) a timer. Put the game version in the payload. */
  async armTimer(gameId: number, kind: string, fireAt: Date, payload: unknown = {}, seat: number | null = null): Promise<void> {
    await this.changeTimers(gameId, { arm: [{ kind, seat, fireAt, payload }] });
  }

  /** Cancels a game's timer of this kind: the seat's only, when a seat is given. */
  async cancelTimer(gameId: number, kind: string, seat?: number | null): Promise<void> {
    await this.backend.write(seat === undefined
      ? { sql: 'DELETE FROM "Timer" WHERE "gameId" = ? AND "kind" = ?', args: [gameId, kind] }
      : { sql: 'DELETE FROM "Timer" WHERE "gameId" = ? AND "kind" = ? AND "seat" = ?', args: [gameId, kind, seat ?? NO_SEAT] });
  }

  /**
   * Cancels and arms timers of one game (as cancelTimer with a seat, and armTimer) in one
   * transaction. A timer both cancelled and armed is simply re-armed.
   */
  async changeTimers(gameId: number, changes: TimerChanges): Promise<void> {
    const w = timerWrite(changes);
    if (w.cancel.length || w.arm.length) await this.backend.changeTimers({ gameId, ...w, at: new Date() });
  }

  /**
   * Timers whose time has come, oldest first; with `shards`, only those of games in the guilds
   * on these shards (a process's or a host's), chosen by the database, so that the backlog of
   * another host's guilds (a host that is down) is never read. Claim (claimTimer) each one
   * before handling it.
   */
  async dueTimers(now: Date = new Date(), limit = 100, shards?: ShardSet): Promise<TimerRecord[]> {
    const scoped = shards && shards.count > 1 ? shards : null;
    const rows = await this.backend.query({
      sql: `SELECT t."id", t."gameId", t."kind", t."seat", t."fireAt", t."payload", g."guildId", g."channelId", g."status", g."version"
        FROM "Timer" t JOIN "Game" g ON g."id" = t."gameId"
        WHERE t."fireAt" <= ?${scoped ? ` AND ${SHARD_OF_GAME} IN (${scoped.ids.map(() => '?').join(', ')})` : ''}
        ORDER BY t."fireAt", t."id" LIMIT ?`,
      args: [now, ...(scoped ? [scoped.count, ...scoped.ids] : []), limit],
    });
    return rows.map(([id, gameId, kind, seat, fireAt, payload, guildId, channelId, status, version]) => ({
      id: Number(id), gameId: Number(gameId), kind: kind as string, seat: Number(seat) === NO_SEAT ? null : Number(seat), fireAt: fireAt as Date,
      payload: JSON.parse(payload as string) as unknown,
      game: { guildId: guildId as string, channelId: channelId as string, status: status as GameStatus, version: Number(version) },
    }));
  }

  /**
   * Takes a timer out of the table by id, if it is still due by `dueBy`: true for exactly one
   * caller, whichever process it is in, so a timer fires once. False when it was claimed
   * elsewhere, cancelled, or re-armed for later.
   */
  async claimTimer(id: number, dueBy?: Date): Promise<boolean> {
    const { count } = await this.prisma.timer.deleteMany({ where: { id, ...(dueBy ? { fireAt: { lte: dueBy } } : {}) } });
    return count === 1;
  }

  async listTimers(gameId: number): Promise<GameTimer[]> {
    const rows = await this.backend.query({ sql: 'SELECT "kind", "seat", "fireAt", "payload" FROM "Timer" WHERE "gameId" = ? ORDER BY "fireAt", "id"', args: [gameId] });
    return rows.map(([kind, seat, fireAt, payload]) => gameTimer({ kind: kind as string, seat: seat as number, fireAt: fireAt as Date, payload: payload as string }));
  }

  // ---- Settings ------------------------------------------------------------------------------

  async getSettings(guildId: string): Promise<GuildSettingsRecord> {
    const row = await this.prisma.guildSettings.findUnique({ where: { guildId } });
    return row
      ? {
        guildId, defaultTurnLimitSeconds: row.defaultTurnLimitSeconds, reminderAfterSeconds: row.reminderAfterSeconds, allowComputers: row.allowComputers,
        lobbyExpirySeconds: row.lobbyExpirySeconds,
        startPolicy: row.startPolicy === 'role' || row.startPolicy === 'manage-server' ? row.startPolicy : 'anyone',
        startRoleId: row.startRoleId,
        abortPolicy: row.abortPolicy === 'manage-server' ? 'manage-server' : 'host',
      }
      : { guildId, defaultTurnLimitSeconds: null, reminderAfterSeconds: null, allowComputers: true, lobbyExpirySeconds: null, startPolicy: 'anyone', startRoleId: null, abortPolicy: 'host' };
  }

  async setSettings(guildId: string, patch: GuildSettingsPatch): Promise<GuildSettingsRecord> {
    await this.prisma.guildSettings.upsert({ where: { guildId }, create: { guildId, ...patch }, update: patch });
    return this.getSettings(guildId);
  }

  async getGameDefaults(guildId: string, game: string): Promise<GameDefaultsRecord> {
    const row = await this.prisma.gameDefaults.findUnique({ where: { guildId_game: { guildId, game } } });
    const options = row ? parseJson(row.options) : null;
    return {
      guildId,
      game,
      options: typeof options === 'object' && options !== null && !Array.isArray(options) ? options as Record<string, unknown> : {},
      turnLimitSeconds: row?.turnLimitSeconds ?? null,
      allowComputers: row?.allowComputers ?? null,
    };
  }

  /** Saves a server's defaults for a game; `options` are merged into the saved ones. */
  async setGameDefaults(guildId: string, game: string, patch: GameDefaultsPatch): Promise<GameDefaultsRecord> {
    const before = await this.getGameDefaults(guildId, game);
    const data = {
      options: JSON.stringify({ ...before.options, ...(patch.options ?? {}) }),
      ...(patch.turnLimitSeconds !== undefined ? { turnLimitSeconds: patch.turnLimitSeconds } : {}),
      ...(patch.allowComputers !== undefined ? { allowComputers: patch.allowComputers } : {}),
    };
    await this.prisma.gameDefaults.upsert({ where: { guildId_game: { guildId, game } }, create: { guildId, game, ...data }, update: data });
    return this.getGameDefaults(guildId, game);
  }
}

// ---- Helpers -------------------------------------------------------------------------------

function engineOf(kind: string): AnyGame {
  const game = gameById(kind);
  if (!game) throw new StoreError('UNKNOWN_KIND', `no game '${kind}' is registered`);
  return game;
}

function parseState(kind: string, text: string): unknown {
  const game = gameById(kind);
  if (!game) throw new StateLoadError(`no game '${kind}' is registered`);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new StateLoadError('the stored state is not valid JSON');
  }
  return loadState(game, raw);
}

/** A game's stored options, parsed by its options schema (defaults filled in). */
function optionsOf(game: AnyGame, text: string): unknown {
  const checked = checkOptions(game.options, parseJson(text) ?? {});
  if (!checked.ok) throw new StoreError('BAD_OPTIONS', `the options of this ${game.title} game are not valid: ${checked.problems.join(' ')}`);
  return checked.options;
}

function endingOf(game: AnyGame, state: unknown): Ending | null {
  const o = game.outcome(state);
  return o ? { status: o.status, outcome: o.detail } : null;
}

/** Freezes a JSON-like value and everything in it; returns it. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function parseActor(text: string): Actor {
  return text === 'system' ? 'system' : Number(text);
}

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function gameRecord(row: GameRow): GameRecord {
  return {
    id: row.id,
    guildId: row.guildId,
    channelId: row.channelId,
    parentChannelId: row.parentChannelId,
    kind: row.kind,
    status: row.status as GameStatus,
    hostUserId: row.hostUserId,
    options: parseJson(row.options) ?? {},
    turnLimitSeconds: row.turnLimitSeconds,
    seed: row.seed,
    version: row.version,
    outcome: parseJson(row.outcome),
    brokenReason: row.brokenReason,
    lobbyMessageId: row.lobbyMessageId,
    boardMessageId: row.boardMessageId,
    postedVersion: row.postedVersion,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
  };
}

function gameTimer(row: { kind: string; seat: number; fireAt: Date; payload: string }): GameTimer {
  return { kind: row.kind, seat: row.seat === NO_SEAT ? null : row.seat, fireAt: row.fireAt, payload: parseJson(row.payload) };
}

/** Timer changes as the backends write them: seats as stored, payloads as JSON, and a timer both cancelled and armed only re-armed. */
function timerWrite(changes: TimerChanges): Pick<TimerWrite, 'cancel' | 'arm'> {
  const arm = (changes.arm ?? []).map((t) => ({ kind: t.kind, seat: t.seat ?? NO_SEAT, fireAt: t.fireAt, payload: JSON.stringify(t.payload ?? {}) }));
  const armed = new Set(arm.map((t) => `${t.kind} ${t.seat}`));
  const cancel = (changes.cancel ?? []).map((t) => ({ kind: t.kind, seat: t.seat ?? NO_SEAT })).filter((t) => !armed.has(`${t.kind} ${t.seat}`));
  return { cancel, arm };
}

function seatRecord(row: SeatRow): SeatRecord {
  return { seat: row.seat, userId: row.userId, name: row.name, computer: row.computer, leftAt: row.leftAt, leftReason: row.leftReason };
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
}
