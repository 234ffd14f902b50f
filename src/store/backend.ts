/**
 * What the store needs of a database beyond Prisma's model API, written once per provider: the
 * queries of every turn in the provider's own SQL (loading a game with its seats and timers,
 * a move's read (playable) and guarded write with the turn's timers (saveAction), timer changes), a plain query
 * and single-statement write for the store's SQL that both accept, and the row lock of lobby
 * transactions. Everything else goes through Prisma and is the same on both. SQLite
 * (sqlite.ts) is the default; PostgreSQL (postgres.ts) is chosen by the URL.
 *
 * Why not Prisma for every turn: its per-query machinery (query plan interpretation, result
 * mapping) cost ≈ 0.3 ms of main-thread CPU per query, more than the database itself.
 */
import type { Game as GameRow, Prisma, PrismaClient, Seat as SeatRow } from '../../generated/prisma/client.ts';
import type { Provider } from './migrate.ts';

/** The columns of a game a move reads (Store.playable) before the rules run. */
export interface GameHead {
  kind: string;
  status: string;
  version: number;
  state: string | null;
  brokenReason: string | null;
}

/** One accepted action, as it is written: everything in one transaction, or nothing. */
export interface ActionWrite {
  gameId: number;
  /** The write happens only while the game is running at this version (the compare-and-set). */
  expectedVersion: number;
  /** expectedVersion + 1: the new version, and the log entry's seq. */
  version: number;
  actor: string;
  userId: string | null;
  /** JSON texts. */
  action: string;
  events: string;
  state: string;
  seatsLeft: { seat: number; reason: string }[];
  /** Set when the action ends the game: its status and outcome (JSON) are written, its timers deleted. */
  ending: { status: 'finished' | 'aborted'; outcome: string } | null;
  /** Timers changed with the action (never with an ending, which deletes them all). */
  timers: Pick<TimerWrite, 'cancel' | 'arm'> | null;
  at: Date;
}

/** A timer as loadGame reads it (Timer.seat is -1 for a timer of the whole game; payload is JSON text). */
export interface TimerRow {
  kind: string;
  seat: number;
  fireAt: Date;
  payload: string;
}

/**
 * A game's row with its seats (in seat order), as Prisma would return it with `include: { seats }`,
 * and its timers (soonest first).
 */
export type StoredGame = GameRow & { seats: SeatRow[]; timers: TimerRow[] };

/**
 * A value bound to the store's own SQL. A Date is written as the provider keeps DateTime
 * columns (so Prisma reads it back); booleans as the provider keeps them.
 */
export type SqlValue = string | number | boolean | Date | null;

/** One statement of the store's own SQL, with `?` placeholders bound in order. */
export interface Statement {
  sql: string;
  args: readonly SqlValue[];
}

/** Timers of one game to cancel and to arm (or re-arm), in one transaction; no timer is in both. */
export interface TimerWrite {
  gameId: number;
  /** Timer.seat is -1 for a timer of the whole game. */
  cancel: { kind: string; seat: number }[];
  /** `payload`: JSON text. */
  arm: { kind: string; seat: number; fireAt: Date; payload: string }[];
  /** Timer.createdAt of a new timer. */
  at: Date;
}

export interface Backend {
  readonly provider: Provider;
  /**
   * On PostgreSQL, the client generated from prisma/postgresql/schema.prisma: the same models,
   * so the same API (the whole store suite runs on both). TypeScript cannot compare the two
   * generated clients' generic types, hence one declared type for both.
   */
  readonly prisma: PrismaClient;
  readGame(gameId: number): Promise<GameHead | null>;
  /** A game with its seats and timers, by id or as the channel's lobby or running game: one query. */
  loadGame(where: { id: number } | { channelId: string }): Promise<StoredGame | null>;
  /**
   * The rows of one statement, each an array of its columns' values in order: integers as
   * numbers, a table's DateTime and Boolean columns as Date and boolean.
   */
  query(stmt: Statement): Promise<unknown[][]>;
  /** Runs one statement (a transaction of its own); resolves with the number of rows it changed. */
  write(stmt: Statement): Promise<number>;
  /** Cancels and arms a game's timers, all or none: a turn's timers, so in as few round trips as the provider allows. */
  changeTimers(w: TimerWrite): Promise<void>;
  /** Writes `w` if the game is still running at w.expectedVersion; false, with nothing written, if not. */
  writeAction(w: ActionWrite): Promise<boolean>;
  /** Holds the game's row until the transaction ends, so that two lobby changes never interleave. */
  lockGame(tx: Prisma.TransactionClient, gameId: number): Promise<void>;
  close(): Promise<void>;
}

/** readGame's columns, selected in this order: "kind", "status", "version", "state", "brokenReason". */
export function headOf(row: readonly unknown[]): GameHead {
  const [kind, status, version, state, brokenReason] = row as [string, string, number, string | null, string | null];
  return { kind, status, version, state, brokenReason };
}

/** The columns of Game, in the order loadGame's SQL selects them (storedGameOf reads them so). */
export const GAME_COLUMNS = [
  'id', 'guildId', 'channelId', 'parentChannelId', 'kind', 'status', 'hostUserId', 'options', 'turnLimitSeconds', 'seed', 'state', 'version',
  'outcome', 'winners', 'brokenReason', 'lobbyMessageId', 'boardMessageId', 'postedVersion', 'pausedAt', 'createdAt', 'updatedAt', 'startedAt', 'endedAt',
] as const satisfies readonly (keyof GameRow)[];

/** Every column of the model: a column added to Game (or Seat, below) fails to compile here until the store's SQL reads it. */
type Unread<Columns, Read> = [Exclude<Columns, Read>] extends [never] ? true : { unread: Exclude<Columns, Read> };
const everyGameColumnRead: Unread<keyof GameRow, (typeof GAME_COLUMNS)[number]> = true;
void everyGameColumnRead;

/** The columns of GAME_COLUMNS as SQL, each prefixed with the table's alias `g`. */
export const GAME_SELECT = GAME_COLUMNS.map((c) => `g."${c}"`).join(', ');

/**
 * loadGame's two columns after GAME_COLUMNS, packed as JSON by each provider's own functions:
 * the game's seats, and its timers, each an array of these fields' values in this order.
 */
export const SEAT_JSON_FIELDS = ['id', 'seat', 'userId', 'name', 'computer', 'joinedAt', 'leftAt', 'leftReason'] as const;
export const TIMER_JSON_FIELDS = ['id', 'kind', 'seat', 'fireAt', 'payload'] as const;
const everySeatColumnRead: Unread<keyof SeatRow, (typeof SEAT_JSON_FIELDS)[number] | 'gameId'> = true;
void everySeatColumnRead;

/** The SQL of loadGame's columns and its condition, around `pack(table, fields)`: the provider's SQL for a JSON array of one array of `fields` per row of `table` that belongs to the game `g`. */
export function loadGameSql(where: { id: number } | { channelId: string }, pack: (table: string, fields: readonly string[]) => string): string {
  return `SELECT ${GAME_SELECT}, ${pack('Seat', SEAT_JSON_FIELDS)}, ${pack('Timer', TIMER_JSON_FIELDS)} FROM "Game" g WHERE `
    + ('id' in where ? 'g."id" = ?' : 'g."channelId" = ? AND g."status" IN (\'lobby\', \'running\')');
}

/**
 * readGame and loadGame, the same on both providers but for how loadGame packs a game's seats and
 * timers as JSON (`pack`, as loadGameSql takes it): a provider's backend extends this with its `query`.
 */
export abstract class GameReads {
  readonly #loadById: string;
  readonly #loadByChannel: string;
  constructor(pack: (table: string, fields: readonly string[]) => string) {
    this.#loadById = loadGameSql({ id: 0 }, pack);
    this.#loadByChannel = loadGameSql({ channelId: '' }, pack);
  }

  abstract query(stmt: Statement): Promise<unknown[][]>;

  async readGame(gameId: number): Promise<GameHead | null> {
    const [row] = await this.query({ sql: 'SELECT "kind", "status", "version", "state", "brokenReason" FROM "Game" WHERE "id" = ?', args: [gameId] });
    return row ? headOf(row) : null;
  }

  async loadGame(where: { id: number } | { channelId: string }): Promise<StoredGame | null> {
    const [row] = await this.query({ sql: 'id' in where ? this.#loadById : this.#loadByChannel, args: ['id' in where ? where.id : where.channelId] });
    return row ? storedGameOf(row) : null;
  }
}

/** A game row from loadGame's values: GAME_COLUMNS in that order, then its seats and its timers as packed (JSON text, or parsed already). */
export function storedGameOf(values: readonly unknown[]): StoredGame {
  const row = Object.fromEntries(GAME_COLUMNS.map((c, i) => [c, values[i]])) as GameRow;
  const unpack = (packed: unknown): unknown[][] => (typeof packed === 'string' ? JSON.parse(packed) : packed ?? []) as unknown[][];
  const seats = (unpack(values[GAME_COLUMNS.length]) as [number, number, string | null, string, boolean | number, string, string | null, string | null][])
    .map(([id, seat, userId, name, computer, joinedAt, leftAt, leftReason]): SeatRow => ({
      id, gameId: row.id, seat, userId, name, computer: Boolean(computer), joinedAt: utcDate(joinedAt), leftAt: leftAt === null ? null : utcDate(leftAt), leftReason,
    }))
    .sort((a, b) => a.seat - b.seat);
  const timers = (unpack(values[GAME_COLUMNS.length + 1]) as [number, string, number, string, string][])
    .map(([id, kind, seat, fireAt, payload]) => ({ id, kind, seat, fireAt: utcDate(fireAt), payload }))
    .sort((a, b) => a.fireAt.getTime() - b.fireAt.getTime() || a.id - b.id)
    .map(({ kind, seat, fireAt, payload }): TimerRow => ({ kind, seat, fireAt, payload }));
  return { ...row, seats, timers };
}

/**
 * A DateTime as either provider writes it in text: with its zone (Prisma's SQLite text,
 * `…+00:00`), or without one, in UTC (PostgreSQL's timestamp columns, in JSON or text form).
 */
export function utcDate(text: string): Date {
  return new Date(/(Z|[+-]\d\d:?\d\d)$/i.test(text) ? text : `${text.replace(' ', 'T')}Z`);
}
