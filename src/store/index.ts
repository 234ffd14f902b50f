/**
 * The bot's only door to the database. Games live here across restarts and crashes: every
 * accepted action is appended to a log in the same transaction that writes the new state, so
 * the log always replays to the stored state. The store only stores: a move's rules, the
 * computer players and the timers it calls for are src/runtime/'s, which hands it what to write.
 */
import { Prisma, type PrismaClient } from '../../generated/prisma/client.ts';
import type { Game as GameRow, Seat as SeatRow } from '../../generated/prisma/client.ts';
import type { Backend, StoredGame, TimerWrite } from './backend.ts';
import type { Actor, AnyGame } from '../platform/game.ts';
import { loadState, StateLoadError } from '../platform/state.ts';
import { BrokenGameError, ChannelBusyError, StaleVersionError, StoreError } from './errors.ts';
import type { Provider } from './migrate.ts';
import { isPostgresUrl, openPostgres } from './postgres.ts';
import { KeyedQueue } from './queue.ts';
import { openSqlite, sqlitePath } from './sqlite.ts';
import type { UndoRecord } from './undo.ts';

export { BrokenGameError, ChannelBusyError, StaleVersionError, StoreError, type StoreErrorCode } from './errors.ts';
export { MigrationError, type Provider } from './migrate.ts';
export { isPostgresUrl } from './postgres.ts';
export { sqlitePath } from './sqlite.ts';
export { inEffectOf, isUndo, type UndoRecord } from './undo.ts';

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
  /** Equals the number of logged actions: the compare-and-set of the next write (saveAction). */
  version: number;
  outcome: unknown;
  /** For the channel's admins, when status is 'broken'. */
  brokenReason: string | null;
  lobbyMessageId: string | null;
  boardMessageId: string | null;
  /** The version the latest turn post shows (null: none yet); behind `version` when a post was lost. */
  postedVersion: number | null;
  /** Since when the game is paused (src/runtime/pause.ts); null while it is not. */
  pausedAt: Date | null;
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
  /** A computer player's bot (its level, by the bot's name in its game); null: the game's default. */
  bot: string | null;
  leftAt: Date | null;
  leftReason: string | null;
}

/**
 * A game with its seats and, once started, its state (checked by its game's state schema). A
 * game whose state could not be read comes back once with status 'broken' (and state null)
 * from the call that found out.
 */
export interface LoadedGame {
  record: GameRecord;
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

/**
 * What the store must know of a kind of game to keep it: its title and seat counts (lobbies),
 * and how its stored state reads back (version, schema, upgraders). Whoever opens the store
 * gives it (the bot: the registry's gameById); the store never runs a game's rules.
 */
export type StoredKind = Pick<AnyGame, 'title' | 'seats' | 'state'>;
export type Kinds = (kind: string) => StoredKind | undefined;

/** One accepted action as saveAction writes it: the rules were applied before (src/runtime/). */
export interface ActionRecord {
  /** The game's kind (the state is kept parsed for the next action). */
  kind: string;
  actor: Actor;
  userId: string | null;
  /** The action as it is logged and was applied (JSON text), so that replay sees the same input. */
  action: string;
  events: readonly unknown[];
  /** The state after the action. */
  state: unknown;
  /** Seats that left the game through it: marked as left. */
  seatsLeft: readonly { seat: number; reason: string }[];
  /** Set when the action ends the game: its status and outcome are written, its timers deleted. */
  ending: Ending | null;
  /** Timer changes that go with the new state (none with an ending). */
  timers: TimerChanges | null;
}

/**
 * A lobby's start as saveStart writes it: the first state, which was set up for exactly these
 * seats (in this order, as the lobby listed them) and these options, from this seed.
 */
export interface StartRecord {
  seed: string;
  state: unknown;
  seats: readonly SeatRecord[];
  options: unknown;
}

/** An undo as saveUndo writes it: `seat` takes back logged action `undoes`; the game goes back to `state`. */
export interface UndoWrite {
  seat: number;
  userId: string | null;
  undoes: number;
  state: unknown;
}

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
  /** Whether a turn clock stops during its player's quiet hours. */
  quietHoursStopClocks: boolean;
  /** Whether a turn clock stops during its player's vacation. */
  vacationsStopClocks: boolean;
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

/** How a player hears of their turns: each one, only when a game waits for them alone, or a daily digest by direct message instead of pings. */
export type NotifyMode = 'every' | 'last' | 'digest';
/** What happens to a player's turns during their vacation: their clocks stop, or the computer plays them. */
export type VacationMode = 'pause' | 'computer';

/** A player's own settings (`/games me`), the same in every server; the defaults for a player who never set any. */
export interface UserSettingsRecord {
  userId: string;
  notify: NotifyMode;
  /** IANA time zone name; null = UTC. */
  timeZone: string | null;
  /** Quiet hours, minutes after midnight in their time zone (end before start: past midnight); null = none. */
  quiet: { start: number; end: number } | null;
  /** From the start of its first day to the end of its last. */
  vacation: { from: Date; until: Date } | null;
  vacationMode: VacationMode;
  /** When the next daily digest is due (notify = digest). */
  digestAt: Date | null;
}
export type UserSettingsPatch = Partial<Omit<UserSettingsRecord, 'userId'>>;

/** A player's vote about a game's pause. */
export interface PauseVoteRecord {
  userId: string;
  wants: 'pause' | 'resume';
}

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
  /**
   * The kinds of games it keeps. Without them the store opens (and migrates) but refuses
   * lobbies and reading a game's state (UNKNOWN_KIND), rather than mistaking every game for a
   * broken one.
   */
  kinds?: Kinds;
}

type Tx = Prisma.TransactionClient;

/**
 * Opens and migrates the database: a SQLite file (`file:…`, created with its folder when
 * missing) or a PostgreSQL database (`postgresql://…`, which must exist).
 */
export async function openStore(databaseUrl: string = process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL, options: OpenOptions = {}): Promise<Store> {
  if (isPostgresUrl(databaseUrl)) {
    return new Store(await openPostgres(databaseUrl, { ...(options.poolSize ? { poolSize: options.poolSize } : {}), ...(options.onConnectionError ? { onError: options.onConnectionError } : {}) }), options.kinds);
  }
  if (sqlitePath(databaseUrl) === null) throw new StoreError('UNKNOWN_KIND', 'DATABASE_URL must be a SQLite file: URL or a postgresql:// URL');
  return new Store(await openSqlite(databaseUrl, options.busyTimeoutMs ?? DEFAULT_BUSY_TIMEOUT_MS), options.kinds);
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

/** How many games' last states the store keeps parsed (one entry per recently played game). */
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
   * then take 5–10 ms each, once every ≈ 60 actions — the p99 of a turn. States are
   * frozen: shared, never changed. Least recently used first.
   */
  readonly #lastStates = new Map<number, { version: number; kind: string; text: string; state: unknown }>();

  readonly prisma: PrismaClient;
  constructor(private readonly backend: Backend, private readonly kinds?: Kinds) {
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
    this.#kind(kind);
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
      return { record: gameRecord(row), seats: row.seats.map(seatRecord), state: null, timers: [] };
    } catch (e) {
      if (isUniqueViolation(e)) {
        const existing = await this.prisma.game.findFirst({ where: { channelId: input.channelId, status: { in: UNFINISHED } }, select: { id: true } });
        throw new ChannelBusyError(input.channelId, existing?.id ?? null);
      }
      throw e;
    }
  }

  /** Seats a player (userId) or a computer player (userId null, played by `bot`: null or omitted for the default) at the next free seat. */
  async joinLobby(gameId: number, player: { userId: string | null; name: string; bot?: string | null }): Promise<SeatRecord> {
    return this.prisma.$transaction(async (tx) => {
      const game = await this.#lobbyGame(tx, gameId);
      const seats = await tx.seat.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
      if (player.userId !== null && seats.some((s) => s.userId === player.userId)) {
        throw new StoreError('ALREADY_SEATED', `that player already has a seat in game #${gameId}`);
      }
      const { seats: { max } } = this.#kind(game.kind);
      if (seats.length >= max) throw new StoreError('LOBBY_FULL', `game #${gameId} is full (${max} seats)`);
      const row = await tx.seat.create({
        data: {
          gameId, seat: (seats.at(-1)?.seat ?? -1) + 1, userId: player.userId, name: player.name, computer: player.userId === null,
          bot: player.userId === null ? player.bot ?? null : null,
        },
      });
      await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
      return seatRecord(row);
    });
  }

  /** Changes which bot plays a lobby's computer seat (null: the game's default). NOT_SEATED when that seat is no computer player's. */
  async setComputerBot(gameId: number, seat: number, bot: string | null): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await this.#lobbyGame(tx, gameId);
      const { count } = await tx.seat.updateMany({ where: { gameId, seat, computer: true }, data: { bot } });
      if (count === 0) throw new StoreError('NOT_SEATED', `game #${gameId} has no computer player in seat ${seat}`);
      await tx.game.update({ where: { id: gameId }, data: { updatedAt: new Date() } });
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
   * Starts a lobby with the state set up for it (src/runtime/ sets it up): seats are renumbered
   * 0..n-1 in joining order, the seed is recorded for replay, the lobby's timers go, and the
   * game is running at version 0. Refused (WRONG_STATUS) when the game is no longer in its
   * lobby, or its seats or options are no longer the ones the state was set up for.
   */
  async saveStart(gameId: number, start: StartRecord): Promise<LoadedGame> {
    await this.prisma.$transaction(async (tx) => {
      const game = await this.#lobbyGame(tx, gameId);
      const seats = await tx.seat.findMany({ where: { gameId }, orderBy: { seat: 'asc' } });
      const asSet = (list: readonly Pick<SeatRecord, 'seat' | 'userId' | 'name' | 'computer'>[]) => JSON.stringify(list.map((s) => [s.seat, s.userId, s.name, s.computer]));
      if (asSet(seats) !== asSet(start.seats) || JSON.stringify(parseJson(game.options) ?? {}) !== JSON.stringify(start.options)) {
        throw new StoreError('WRONG_STATUS', `game #${gameId}'s lobby changed while it was starting`);
      }
      // Ascending order keeps every target index free when its turn comes.
      for (const [i, s] of seats.entries()) if (s.seat !== i) await tx.seat.update({ where: { id: s.id }, data: { seat: i } });
      const { count } = await tx.game.updateMany({
        where: { id: gameId, status: 'lobby' },
        data: { status: 'running', seed: start.seed, state: JSON.stringify(start.state), version: 0, startedAt: new Date() },
      });
      if (count !== 1) throw new StoreError('WRONG_STATUS', `game #${gameId} is no longer in its lobby`);
      // A lobby's timers (its expiry) end with it.
      await tx.timer.deleteMany({ where: { gameId } });
    });
    return this.getGame(gameId);
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

  /** A game and its seats, without its state (as started: its seed and options; any status, broken too). */
  async getRecord(gameId: number): Promise<{ game: GameRecord; seats: SeatRecord[] }> {
    const row = await this.prisma.game.findUnique({ where: { id: gameId }, include: { seats: { orderBy: { seat: 'asc' } } } });
    if (!row) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    return { game: gameRecord(row), seats: row.seats.map(seatRecord) };
  }

  /** Games by server, channel and status; with `userId`, only those where that player has a seat and has not left. */
  async listGames(filter: { guildId?: string; channelId?: string; status?: GameStatus[]; userId?: string } = {}): Promise<GameRecord[]> {
    const rows = await this.prisma.game.findMany({
      where: {
        ...(filter.guildId !== undefined ? { guildId: filter.guildId } : {}),
        ...(filter.userId !== undefined ? { seats: { some: { userId: filter.userId, leftAt: null } } } : {}),
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
    if (row.state === null || row.status === 'broken') return { record: gameRecord(row), seats, state: null, timers };
    try {
      const state = this.#stateOf(row.id, row.version, row.kind, row.state, row.status === 'running');
      return { record: gameRecord(row), seats, state, timers };
    } catch (e) {
      if (!(e instanceof StateLoadError)) throw e;
      const game = await this.markBroken(row.id, e.message);
      // Marking it broken cancelled its timers.
      return { record: game, seats, state: null, timers: [] };
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
    const state = deepFreeze(this.#parseState(kind, text));
    if (keep) this.#keep(gameId, version, kind, text, state);
    else this.#lastStates.delete(gameId);
    return state;
  }

  /** What the store knows of a kind of game (see Kinds); UNKNOWN_KIND when it knows none. */
  #kind(kind: string): StoredKind {
    if (!this.kinds) throw new StoreError('UNKNOWN_KIND', `this store was opened without its kinds of games (openStore's kinds), so it cannot keep a '${kind}' game`);
    const known = this.kinds(kind);
    if (!known) throw new StoreError('UNKNOWN_KIND', `no game '${kind}' is registered`);
    return known;
  }

  /** A stored state, read back: StateLoadError when it cannot be used. */
  #parseState(kind: string, text: string): unknown {
    // A store opened without kinds reads no state: UNKNOWN_KIND, not a broken game.
    const known = this.kinds ? this.kinds(kind) : this.#kind(kind);
    if (!known) throw new StateLoadError(`no game '${kind}' is registered`);
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new StateLoadError('the stored state is not valid JSON');
    }
    return loadState(known, raw);
  }

  #keep(gameId: number, version: number, kind: string, text: string, state: unknown): void {
    this.#lastStates.delete(gameId);
    this.#lastStates.set(gameId, { version, kind, text, state });
    if (this.#lastStates.size > STATE_CACHE_SIZE) this.#lastStates.delete(this.#lastStates.keys().next().value!);
  }

  // ---- Playing -------------------------------------------------------------------------------

  /**
   * The kind and state of a game running at `expectedVersion`, to apply an action to; otherwise
   * throws StaleVersionError, BrokenGameError (its state cannot be read: it is marked broken) or
   * WRONG_STATUS. Its own SQL (see backend.ts): this runs for every click.
   *
   * `loadedState`: the state the caller has of the game at `expectedVersion`, as this store
   * loaded or returned it. While it is still the one this store keeps for that version, the
   * game is not read (`read` false): saveAction's compare-and-set on the version refuses the
   * write anyway if the game moved on, and a refusal by the rules must be checked against the
   * stored game (playable again, without `loadedState`) before it is told.
   */
  async playable(gameId: number, expectedVersion: number, loadedState?: unknown): Promise<{ kind: string; state: unknown; read: boolean }> {
    const kept = this.#lastStates.get(gameId);
    if (loadedState !== undefined && kept?.version === expectedVersion && kept.state === loadedState) return { kind: kept.kind, state: kept.state, read: false };
    const row = await this.backend.readGame(gameId);
    if (!row) throw new StoreError('NO_SUCH_GAME', `there is no game #${gameId}`);
    if (row.status === 'broken') throw new BrokenGameError(gameId, row.brokenReason ?? 'unknown');
    if (row.version !== expectedVersion) throw new StaleVersionError(gameId, expectedVersion, row.version);
    if (row.status !== 'running' || row.state === null) throw new StoreError('WRONG_STATUS', `game #${gameId} is ${row.status}, not running`);
    try {
      return { kind: row.kind, state: this.#stateOf(gameId, expectedVersion, row.kind, row.state, true), read: true };
    } catch (e) {
      if (!(e instanceof StateLoadError)) throw e;
      await this.markBroken(gameId, e.message);
      throw new BrokenGameError(gameId, e.message);
    }
  }

  /**
   * Writes an accepted action in one transaction: appends it to the log, writes the new state,
   * bumps the version (finishing the game when `ending` says so, deleting its timers), marks
   * the seats that left, and changes the turn's timers, all under the compare-and-set on the
   * version: with the action, or not at all. Returns the new version; throws
   * StaleVersionError when the game is not running at `expectedVersion`.
   */
  async saveAction(gameId: number, expectedVersion: number, a: ActionRecord): Promise<number> {
    const version = expectedVersion + 1;
    const stateText = JSON.stringify(a.state);
    let written: boolean;
    try {
      written = await this.backend.writeAction({
        gameId, expectedVersion, version, actor: String(a.actor), userId: a.userId, action: a.action, events: JSON.stringify(a.events),
        state: stateText, seatsLeft: [...a.seatsLeft], ending: a.ending ? { status: a.ending.status, outcome: JSON.stringify(a.ending.outcome) } : null,
        timers: !a.ending && a.timers ? timerWrite(a.timers) : null, at: new Date(),
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
    if (a.ending) this.#lastStates.delete(gameId);
    else this.#keep(gameId, version, a.kind, stateText, deepFreeze(a.state));
    return version;
  }

  /**
   * Writes an undo (see undo.ts) in one transaction: logs it as a row of its own and writes the
   * state from before the action taken back, while the game is running at `expectedVersion`
   * (else StaleVersionError). Returns the new version.
   */
  async saveUndo(gameId: number, expectedVersion: number, u: UndoWrite): Promise<number> {
    const version = expectedVersion + 1;
    await this.prisma.$transaction(async (tx) => {
      const { count } = await tx.game.updateMany({
        where: { id: gameId, version: expectedVersion, status: 'running' },
        data: { state: JSON.stringify(u.state), version },
      });
      if (count !== 1) throw new StaleVersionError(gameId, expectedVersion, null);
      await tx.actionLog.create({
        data: { gameId, seq: version, actor: String(u.seat), userId: u.userId, action: JSON.stringify({ platform: 'undo', undoes: u.undoes } satisfies UndoRecord), events: '[]' },
      });
    });
    return version;
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
        quietHoursStopClocks: row.quietHoursStopClocks,
        vacationsStopClocks: row.vacationsStopClocks,
      }
      : {
        guildId, defaultTurnLimitSeconds: null, reminderAfterSeconds: null, allowComputers: true, lobbyExpirySeconds: null, startPolicy: 'anyone', startRoleId: null, abortPolicy: 'host',
        quietHoursStopClocks: true, vacationsStopClocks: true,
      };
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

  // ---- Players' own settings ------------------------------------------------------------------

  async getUserSettings(userId: string): Promise<UserSettingsRecord> {
    return (await this.userSettingsOf([userId])).get(userId) ?? defaultUserSettings(userId);
  }

  /**
   * The saved settings of these players (those who never saved any are left out). Its own SQL:
   * every move reads the settings of its game's players.
   */
  async userSettingsOf(userIds: readonly string[]): Promise<Map<string, UserSettingsRecord>> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0) return new Map();
    const rows = await this.backend.query({ sql: `SELECT ${USER_SETTINGS_SELECT} FROM "UserSettings" WHERE "userId" IN (${ids.map(() => '?').join(', ')})`, args: ids });
    return new Map(rows.map((r) => userSettingsRecord(r)).map((u) => [u.userId, u]));
  }

  async setUserSettings(userId: string, patch: UserSettingsPatch): Promise<UserSettingsRecord> {
    const data = {
      ...(patch.notify !== undefined ? { notify: patch.notify } : {}),
      ...(patch.timeZone !== undefined ? { timeZone: patch.timeZone } : {}),
      ...(patch.quiet !== undefined ? { quietStart: patch.quiet?.start ?? null, quietEnd: patch.quiet?.end ?? null } : {}),
      ...(patch.vacation !== undefined ? { vacationFrom: patch.vacation?.from ?? null, vacationUntil: patch.vacation?.until ?? null } : {}),
      ...(patch.vacationMode !== undefined ? { vacationMode: patch.vacationMode } : {}),
      ...(patch.digestAt !== undefined ? { digestAt: patch.digestAt } : {}),
    };
    await this.prisma.userSettings.upsert({ where: { userId }, create: { userId, ...data }, update: data });
    return this.getUserSettings(userId);
  }

  /** Players whose daily digest is due by `now`, soonest first. Claim each one (claimDigest) before sending it. */
  async dueDigests(now: Date, limit = 100): Promise<UserSettingsRecord[]> {
    const rows = await this.backend.query({ sql: `SELECT ${USER_SETTINGS_SELECT} FROM "UserSettings" WHERE "digestAt" <= ? ORDER BY "digestAt" LIMIT ?`, args: [now, limit] });
    return rows.map((r) => userSettingsRecord(r));
  }

  /** Moves a due digest (due at `due`) on to `next`: true for exactly one caller, whichever process it is in, so a digest is sent once. */
  async claimDigest(userId: string, due: Date, next: Date | null): Promise<boolean> {
    const { count } = await this.prisma.userSettings.updateMany({ where: { userId, digestAt: due }, data: { digestAt: next } });
    return count === 1;
  }

  // ---- Pauses --------------------------------------------------------------------------------

  /**
   * Pauses a running game (`at`) or resumes it (null); its votes go. False when the game is not
   * running, or already in that state.
   */
  async setPaused(gameId: number, at: Date | null): Promise<boolean> {
    return this.prisma.$transaction(async (tx) => {
      const { count } = await tx.game.updateMany({ where: { id: gameId, status: 'running', pausedAt: at ? null : { not: null } }, data: { pausedAt: at } });
      if (count === 1) await tx.pauseVote.deleteMany({ where: { gameId } });
      return count === 1;
    });
  }

  async pauseVotes(gameId: number): Promise<PauseVoteRecord[]> {
    const rows = await this.prisma.pauseVote.findMany({ where: { gameId }, orderBy: { createdAt: 'asc' } });
    return rows.map((r) => ({ userId: r.userId, wants: r.wants === 'resume' ? 'resume' : 'pause' }));
  }

  /** Records a player's vote (one per player: a new one replaces theirs). */
  async votePause(gameId: number, userId: string, wants: PauseVoteRecord['wants']): Promise<void> {
    await this.prisma.pauseVote.upsert({ where: { gameId_userId: { gameId, userId } }, create: { gameId, userId, wants }, update: { wants, createdAt: new Date() } });
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
    pausedAt: row.pausedAt,
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

const USER_SETTINGS_COLUMNS = ['userId', 'notify', 'timeZone', 'quietStart', 'quietEnd', 'vacationFrom', 'vacationUntil', 'vacationMode', 'digestAt'] as const;
const USER_SETTINGS_SELECT = USER_SETTINGS_COLUMNS.map((c) => `"${c}"`).join(', ');

function defaultUserSettings(userId: string): UserSettingsRecord {
  return { userId, notify: 'every', timeZone: null, quiet: null, vacation: null, vacationMode: 'pause', digestAt: null };
}

/** A row of USER_SETTINGS_SELECT; a value this version does not know reads as the default. */
function userSettingsRecord(row: readonly unknown[]): UserSettingsRecord {
  const [userId, notify, timeZone, quietStart, quietEnd, vacationFrom, vacationUntil, vacationMode, digestAt] = row as [string, string, string | null, number | null, number | null, Date | null, Date | null, string, Date | null];
  return {
    userId,
    notify: notify === 'last' || notify === 'digest' ? notify : 'every',
    timeZone,
    quiet: quietStart !== null && quietEnd !== null ? { start: Number(quietStart), end: Number(quietEnd) } : null,
    vacation: vacationFrom && vacationUntil ? { from: vacationFrom, until: vacationUntil } : null,
    vacationMode: vacationMode === 'computer' ? 'computer' : 'pause',
    digestAt,
  };
}

function seatRecord(row: SeatRow): SeatRecord {
  return { seat: row.seat, userId: row.userId, name: row.name, computer: row.computer, bot: row.bot, leftAt: row.leftAt, leftReason: row.leftReason };
}

function isUniqueViolation(e: unknown): boolean {
  return e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2002';
}
