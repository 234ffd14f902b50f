/**
 * The libsql adapter on one long-lived SQLite connection, with the settings the store needs,
 * and every statement prepared once.
 *
 * @libsql/client 0.17 gives each transaction a connection of its own and opens a new one for
 * whatever comes next, but never closes the old one (it waits for garbage collection). Under a
 * steady stream of actions that piles up open files until SQLite fails with SQLITE_CANTOPEN,
 * and every transaction pays for opening a connection. It also prepares every statement anew
 * each time it runs, which costs more than running it (libsql's prepare, ≈ 25 µs, against
 * ≈ 20 µs for a lookup by id), and asks each statement twice for its columns. So the client
 * Prisma's adapter is given here is this one: the same `Client` API over one libsql `Database`,
 * whose statements are kept by their SQL text (Prisma's texts are the same for every query of
 * one shape, their values are parameters). A transaction runs on that same connection: the
 * Prisma adapter already holds its lock from the start of a transaction to its end, so nothing
 * else of Prisma's runs on the connection meanwhile.
 *
 * `synchronous = NORMAL`: in WAL mode a commit then survives a crash of the process (the crash
 * test kills it 50 times) but may be lost on a power cut; the file is never corrupted. FULL
 * costs an fsync per action: ≈ 4 ms median and 30 ms p99 on these disks, against a goal of
 * 5 ms p99 for the whole apply.
 *
 * `query`, `writeBatch` and `executeOutside` are the store's hot path (see sqlite.ts): its own
 * statements, without Prisma's query machinery, which costs more than SQLite itself there. They
 * never run inside an open Prisma transaction: they wait for its end. libsql's calls are
 * synchronous, so a batch runs from BEGIN to COMMIT within one call and nothing interleaves.
 */
import Database from 'libsql';
import {
  LibsqlBatchError, LibsqlError, type Client, type Config, type InArgs, type InStatement, type InValue, type Replicated, type ResultSet, type Row, type Transaction,
  type TransactionMode, type Value,
} from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';

export const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL', 'PRAGMA foreign_keys = ON'];

/** Statements kept prepared; the store's queries come in far fewer shapes, so this only bounds the odd ones. */
const STATEMENTS_KEPT = 256;

/** A prepared statement with what running it needs: whether it returns rows, and their columns. */
interface Prepared {
  stmt: Database.Statement;
  reader: boolean;
  columns: string[];
  columnTypes: string[];
}

/** The statements of a batch: `[sql, args]` pairs as the client API allows, or statements. */
type BatchStatement = InStatement | [string, InArgs?];

export class OneConnectionClient implements Client {
  readonly protocol = 'file';
  #db: Database.Database | null = null;
  #closed = false;
  /** By SQL text, least recently used first. */
  readonly #statements = new Map<string, Prepared>();
  #inTransaction = false;
  /** Settles when the open transaction ends (null when none is open). */
  #transactionEnded: Promise<void> | null = null;

  constructor(readonly path: string, readonly busyTimeoutMs: number | undefined) {
    this.#open();
  }

  get closed(): boolean {
    return this.#closed;
  }

  #open(): Database.Database {
    if (this.#closed) throw new LibsqlError('The client is closed', 'CLIENT_CLOSED');
    if (!this.#db) {
      const db = new Database(this.path, this.busyTimeoutMs === undefined ? {} : { timeout: this.busyTimeoutMs });
      try {
        for (const p of CONNECTION_PRAGMAS) db.exec(p);
      } catch (e) {
        db.close();
        throw libsqlError(e);
      }
      this.#db = db;
    }
    return this.#db;
  }

  #prepare(sql: string): Prepared {
    const kept = this.#statements.get(sql);
    if (kept) {
      this.#statements.delete(sql);
      this.#statements.set(sql, kept);
      return kept;
    }
    const stmt = this.#open().prepare(sql);
    // Integers come back as bigint and are checked on the way to number (as @libsql/client does), never rounded.
    stmt.safeIntegers(true);
    const reader = stmt.reader;
    if (reader) stmt.raw(true);
    const columns = reader ? stmt.columns() : [];
    const prepared = { stmt, reader, columns: columns.map((c) => c.name), columnTypes: columns.map((c) => c.type ?? '') };
    this.#statements.set(sql, prepared);
    if (this.#statements.size > STATEMENTS_KEPT) this.#statements.delete(this.#statements.keys().next().value!);
    return prepared;
  }

  /**
   * Runs one statement now. Rows are arrays of column values in the statement's order: what the
   * Prisma adapter reads (by position) and what the store's own queries read; they carry no
   * properties by column name.
   */
  #run(sql: string, args: InArgs | undefined): ResultSet {
    try {
      const p = this.#prepare(sql);
      const values = toSql(args);
      if (p.reader) {
        const rows = p.stmt.all(values) as unknown[][];
        for (const row of rows) for (let i = 0; i < row.length; i++) row[i] = fromSql(row[i]);
        return resultSet(p.columns, p.columnTypes, rows as unknown as Row[], 0, undefined);
      }
      const info = p.stmt.run(values);
      return resultSet([], [], [], info.changes, BigInt(info.lastInsertRowid));
    } catch (e) {
      throw libsqlError(e);
    }
  }

  /** Runs the statements between BEGIN and COMMIT, now: all of them, or (one fails) none. */
  #batchNow(stmts: BatchStatement[], begin: string): ResultSet[] {
    const db = this.#open();
    try {
      this.#run(begin, undefined);
      const results = stmts.map((s, i) => {
        const { sql, args } = Array.isArray(s) ? { sql: s[0], args: s[1] } : typeof s === 'string' ? { sql: s, args: undefined } : s;
        try {
          // A failed statement may have rolled the transaction back already (SQLite does on some errors).
          if (!db.inTransaction) throw new LibsqlBatchError('The transaction has been rolled back', i, 'TRANSACTION_CLOSED');
          return this.#run(sql, args);
        } catch (e) {
          if (e instanceof LibsqlBatchError || !(e instanceof LibsqlError)) throw e;
          throw new LibsqlBatchError(e.message, i, e.code, e.extendedCode, e.rawCode, e.cause instanceof Error ? e.cause : undefined);
        }
      });
      this.#run('COMMIT', undefined);
      return results;
    } finally {
      if (db.inTransaction) this.#run('ROLLBACK', undefined);
    }
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    return typeof stmtOrSql === 'string' ? this.#run(stmtOrSql, args) : this.#run(stmtOrSql.sql, stmtOrSql.args);
  }
  async batch(stmts: BatchStatement[], mode: TransactionMode = 'deferred'): Promise<ResultSet[]> {
    return this.#batchNow(stmts, beginOf(mode));
  }
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    this.#run('PRAGMA foreign_keys = OFF', undefined);
    try {
      return this.#batchNow(stmts, 'BEGIN DEFERRED');
    } finally {
      this.#run('PRAGMA foreign_keys = ON', undefined);
    }
  }
  async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
    if (this.#inTransaction) throw new LibsqlError('a transaction is already open on this connection', 'TRANSACTION_OPEN');
    // IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
    // writes can fail with SQLITE_BUSY, without waiting, when another process wrote meanwhile.
    this.#run(mode === 'read' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE', undefined);
    this.#inTransaction = true;
    let ended!: () => void;
    this.#transactionEnded = new Promise<void>((resolve) => { ended = resolve; });
    return new SameConnectionTransaction(this, () => {
      this.#inTransaction = false;
      this.#transactionEnded = null;
      ended();
    });
  }
  /** For SameConnectionTransaction: ends the open transaction (COMMIT or ROLLBACK). */
  endTransaction(sql: 'COMMIT' | 'ROLLBACK'): void {
    this.#run(sql, undefined);
  }

  /**
   * Runs the statements in one IMMEDIATE transaction on this connection: all of them or, if
   * one fails, none. Waits for an open transaction to end first.
   */
  async writeBatch(stmts: InStatement[]): Promise<ResultSet[]> {
    // Checked again after every wait: a transaction may have begun in between.
    while (this.#transactionEnded) await this.#transactionEnded;
    return this.#batchNow(stmts, 'BEGIN IMMEDIATE');
  }
  /** One statement, run outside any open transaction (it waits for its end). */
  async executeOutside(stmt: InStatement): Promise<ResultSet> {
    while (this.#transactionEnded) await this.#transactionEnded;
    return this.execute(stmt);
  }
  async executeMultiple(sql: string): Promise<void> {
    const db = this.#open();
    try {
      db.exec(sql);
    } catch (e) {
      throw libsqlError(e);
    } finally {
      // As @libsql/client's: a script never leaves a transaction open.
      if (db.inTransaction) this.#run('ROLLBACK', undefined);
    }
  }
  sync(): Promise<Replicated> {
    return Promise.reject(new LibsqlError('sync is not supported by a local SQLite file', 'SYNC_NOT_SUPPORTED'));
  }
  close(): void {
    this.#closed = true;
    this.#forget();
  }
  reconnect(): void {
    this.#forget();
    this.#closed = false;
  }
  #forget(): void {
    this.#statements.clear();
    this.#db?.close();
    this.#db = null;
    this.#inTransaction = false;
    this.#transactionEnded = null;
  }
}

class SameConnectionTransaction implements Transaction {
  #open = true;
  constructor(readonly client: OneConnectionClient, readonly onEnd: () => void) {}

  get closed(): boolean {
    return !this.#open;
  }
  #check(): void {
    if (!this.#open) throw new LibsqlError('The transaction is closed', 'TRANSACTION_CLOSED');
  }
  #end(): void {
    this.#open = false;
    this.onEnd();
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    this.#check();
    return this.client.execute(stmtOrSql, args);
  }
  async batch(stmts: BatchStatement[]): Promise<ResultSet[]> {
    const results: ResultSet[] = [];
    for (const s of stmts) results.push(await this.execute(Array.isArray(s) ? { sql: s[0], args: s[1] ?? [] } : s));
    return results;
  }
  executeMultiple(): Promise<void> {
    // The client's executeMultiple rolls back any open transaction when it ends.
    return Promise.reject(new LibsqlError('executeMultiple is not available inside a transaction', 'NOT_SUPPORTED'));
  }
  async commit(): Promise<void> {
    this.#check();
    try {
      this.client.endTransaction('COMMIT');
    } catch (e) {
      // A failed COMMIT leaves the transaction open; end it so that the connection is usable.
      try {
        this.client.endTransaction('ROLLBACK');
      } catch {
        // Nothing more to undo.
      }
      throw e;
    } finally {
      this.#end();
    }
  }
  async rollback(): Promise<void> {
    if (!this.#open) return;
    try {
      this.client.endTransaction('ROLLBACK');
    } finally {
      this.#end();
    }
  }
  close(): void {
    void this.rollback().catch(() => undefined);
  }
}

export class OneConnectionPrismaLibSql extends PrismaLibSql {
  /** The client of the latest connect(): Prisma connects lazily, and again after $disconnect. */
  client: OneConnectionClient | null = null;
  constructor(readonly path: string, config: Config) {
    super(config);
  }
  override createClient(config: Config): Client {
    this.client = new OneConnectionClient(this.path, config.timeout);
    return this.client;
  }
}

function beginOf(mode: TransactionMode): string {
  return mode === 'write' ? 'BEGIN IMMEDIATE' : mode === 'read' ? 'BEGIN TRANSACTION READONLY' : 'BEGIN DEFERRED';
}

function resultSet(columns: string[], columnTypes: string[], rows: Row[], rowsAffected: number, lastInsertRowid: bigint | undefined): ResultSet {
  return {
    columns, columnTypes, rows, rowsAffected, lastInsertRowid,
    toJSON: () => ({ columns, columnTypes, rows: rows.map((r) => Array.from(r as unknown as ArrayLike<Value>)), rowsAffected, lastInsertRowid: lastInsertRowid?.toString() ?? null }),
  };
}

/** Arguments as libsql binds them, checked as @libsql/client checks them. */
function toSql(args: InArgs | undefined): unknown[] | Record<string, unknown> {
  if (args === undefined) return [];
  if (Array.isArray(args)) return args.map(valueToSql);
  const named: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) named[/^[@$:]/.test(name) ? name.slice(1) : name] = valueToSql(value);
  return named;
}

const MIN_INTEGER = -9223372036854775808n;
const MAX_INTEGER = 9223372036854775807n;

function valueToSql(value: InValue): unknown {
  switch (typeof value) {
    case 'number':
      if (!Number.isFinite(value)) throw new RangeError('Only finite numbers (not Infinity or NaN) can be passed as arguments');
      return value;
    case 'bigint':
      if (value < MIN_INTEGER || value > MAX_INTEGER) throw new RangeError('bigint is too large to be represented as a 64-bit integer and passed as argument');
      return value;
    case 'boolean':
      return value ? 1 : 0;
    case 'undefined':
      throw new TypeError('undefined cannot be passed as argument to the database');
    default:
      if (value instanceof ArrayBuffer) return Buffer.from(value);
      if (value instanceof Date) return value.valueOf();
      return value;
  }
}

function fromSql(value: unknown): Value {
  if (typeof value === 'bigint') {
    if (value < BigInt(Number.MIN_SAFE_INTEGER) || value > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError('Received integer which cannot be safely represented as a JavaScript number');
    return Number(value);
  }
  if (value instanceof Buffer) return value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength) as ArrayBuffer;
  return value as Value;
}

/** libsql's error as @libsql/client reports it (its code first), which Prisma's adapter maps to its own errors. */
function libsqlError(e: unknown): unknown {
  if (!(e instanceof Database.SqliteError)) return e;
  const err = e as Error & { code: string; rawCode?: number };
  const base = err.rawCode === undefined ? 'SQLITE_UNKNOWN' : baseCode(err.rawCode);
  return new LibsqlError(err.message, base, err.code, err.rawCode, err);
}

/** SQLite's primary result code name for an extended code (the low byte), as @libsql/client names it. */
function baseCode(rawCode: number): string {
  return BASE_CODES[rawCode & 0xff] ?? 'SQLITE_UNKNOWN';
}

const BASE_CODES: Record<number, string> = {
  1: 'SQLITE_ERROR', 2: 'SQLITE_INTERNAL', 3: 'SQLITE_PERM', 4: 'SQLITE_ABORT', 5: 'SQLITE_BUSY', 6: 'SQLITE_LOCKED', 7: 'SQLITE_NOMEM',
  8: 'SQLITE_READONLY', 9: 'SQLITE_INTERRUPT', 10: 'SQLITE_IOERR', 11: 'SQLITE_CORRUPT', 12: 'SQLITE_NOTFOUND', 13: 'SQLITE_FULL',
  14: 'SQLITE_CANTOPEN', 15: 'SQLITE_PROTOCOL', 16: 'SQLITE_EMPTY', 17: 'SQLITE_SCHEMA', 18: 'SQLITE_TOOBIG', 19: 'SQLITE_CONSTRAINT',
  20: 'SQLITE_MISMATCH', 21: 'SQLITE_MISUSE', 22: 'SQLITE_NOLFS', 23: 'SQLITE_AUTH', 24: 'SQLITE_FORMAT', 25: 'SQLITE_RANGE',
  26: 'SQLITE_NOTADB', 27: 'SQLITE_NOTICE', 28: 'SQLITE_WARNING',
};
