/**
 * The libsql adapter on one long-lived SQLite connection, with the settings the store needs.
 *
 * @libsql/client 0.17 gives each transaction a connection of its own and opens a new one for
 * whatever comes next, but never closes the old one (it waits for garbage collection). Under a
 * steady stream of actions that piles up open files until SQLite fails with SQLITE_CANTOPEN,
 * and every transaction pays for opening a connection. Here a transaction runs on the client's
 * own connection instead: the Prisma adapter already holds its lock from the start of a
 * transaction to its end, so nothing else can run on that connection meanwhile.
 *
 * `synchronous = NORMAL`: in WAL mode a commit then survives a crash of the process (the crash
 * test kills it 50 times) but may be lost on a power cut; the file is never corrupted. FULL
 * costs an fsync per action: ≈ 4 ms median and 30 ms p99 on these disks, against a goal of
 * 5 ms p99 for the whole apply.
 *
 * `writeBatch` is the store's hot path (Store.applyAction): its statements go straight to the
 * connection in one IMMEDIATE transaction, without Prisma's query machinery, which costs more
 * than SQLite itself there (≈ 0.7 ms of a 1 ms apply, and garbage that lengthens the next
 * young-generation GC). It never runs inside an open Prisma transaction: it waits for its end.
 */
import {
  createClient, LibsqlError, type Client, type Config, type InArgs, type InStatement, type Replicated, type ResultSet, type Transaction, type TransactionMode,
} from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';

export const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL', 'PRAGMA foreign_keys = ON'];

export class OneConnectionClient implements Client {
  #tuned = false;
  #inTransaction = false;
  /** Settles when the open transaction ends (null when none is open). */
  #transactionEnded: Promise<void> | null = null;
  /** The writeBatch in flight, if any. */
  #batch: Promise<ResultSet[]> | null = null;
  constructor(readonly inner: Client) {}

  get closed(): boolean {
    return this.inner.closed;
  }
  get protocol(): string {
    return this.inner.protocol;
  }

  async #tune(): Promise<void> {
    if (this.#tuned) return;
    this.#tuned = true;
    for (const p of CONNECTION_PRAGMAS) await this.inner.execute(p);
  }

  async execute(stmtOrSql: InStatement | string, args?: InArgs): Promise<ResultSet> {
    await this.#tune();
    while (this.#batch) await this.#batch.catch(() => undefined);
    return typeof stmtOrSql === 'string' ? this.inner.execute(stmtOrSql, args) : this.inner.execute(stmtOrSql);
  }
  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    await this.#tune();
    while (this.#batch) await this.#batch.catch(() => undefined);
    return this.inner.batch(stmts, mode);
  }
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.#tune();
    return this.inner.migrate(stmts);
  }
  async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
    await this.#tune();
    while (this.#batch) await this.#batch.catch(() => undefined);
    if (this.#inTransaction) throw new LibsqlError('a transaction is already open on this connection', 'TRANSACTION_OPEN');
    // Marked open before BEGIN is sent, so that no writeBatch can start in between.
    this.#inTransaction = true;
    let ended!: () => void;
    this.#transactionEnded = new Promise<void>((resolve) => { ended = resolve; });
    const end = (): void => {
      this.#inTransaction = false;
      this.#transactionEnded = null;
      ended();
    };
    try {
      // IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
      // writes can fail with SQLITE_BUSY, without waiting, when another process wrote meanwhile.
      await this.inner.execute(mode === 'read' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE');
    } catch (e) {
      end();
      throw e;
    }
    return new SameConnectionTransaction(this, end);
  }
  /**
   * Runs the statements in one IMMEDIATE transaction on this connection: all of them or, if
   * one fails, none (the client's batch rolls back). Waits for an open transaction to end
   * first, and holds back other statements on this connection until it is done.
   */
  async writeBatch(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.#outsideTransactions();
    const batch = this.inner.batch(stmts, 'write');
    this.#batch = batch;
    try {
      return await batch;
    } finally {
      if (this.#batch === batch) this.#batch = null;
    }
  }
  /** One statement, run outside any open transaction (it waits for its end). */
  async executeOutside(stmt: InStatement): Promise<ResultSet> {
    await this.#outsideTransactions();
    return this.inner.execute(stmt);
  }
  async #outsideTransactions(): Promise<void> {
    await this.#tune();
    for (;;) {
      if (this.#transactionEnded) await this.#transactionEnded;
      else if (this.#batch) await this.#batch.catch(() => undefined);
      else return;
    }
  }
  async executeMultiple(sql: string): Promise<void> {
    await this.#tune();
    while (this.#batch) await this.#batch.catch(() => undefined);
    return this.inner.executeMultiple(sql);
  }
  sync(): Promise<Replicated> {
    return this.inner.sync();
  }
  close(): void {
    this.inner.close();
  }
  reconnect(): void {
    this.#tuned = false;
    this.#inTransaction = false;
    this.#transactionEnded = null;
    this.#batch = null;
    this.inner.reconnect();
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
  async batch(stmts: Array<InStatement | [string, InArgs?]>): Promise<ResultSet[]> {
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
      await this.client.inner.execute('COMMIT');
    } catch (e) {
      // A failed COMMIT leaves the transaction open; end it so that the connection is usable.
      await this.client.inner.execute('ROLLBACK').catch(() => undefined);
      throw e;
    } finally {
      this.#end();
    }
  }
  async rollback(): Promise<void> {
    if (!this.#open) return;
    try {
      await this.client.inner.execute('ROLLBACK');
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
  override createClient(config: Config): Client {
    this.client = new OneConnectionClient(createClient(config));
    return this.client;
  }
}
