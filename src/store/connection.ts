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
 */
import {
  createClient, LibsqlError, type Client, type Config, type InArgs, type InStatement, type Replicated, type ResultSet, type Transaction, type TransactionMode,
} from '@libsql/client';
import { PrismaLibSql } from '@prisma/adapter-libsql';

export const CONNECTION_PRAGMAS = ['PRAGMA synchronous = NORMAL', 'PRAGMA foreign_keys = ON'];

class OneConnectionClient implements Client {
  #tuned = false;
  #inTransaction = false;
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
    return typeof stmtOrSql === 'string' ? this.inner.execute(stmtOrSql, args) : this.inner.execute(stmtOrSql);
  }
  async batch(stmts: Array<InStatement | [string, InArgs?]>, mode?: TransactionMode): Promise<ResultSet[]> {
    await this.#tune();
    return this.inner.batch(stmts, mode);
  }
  async migrate(stmts: InStatement[]): Promise<ResultSet[]> {
    await this.#tune();
    return this.inner.migrate(stmts);
  }
  async transaction(mode: TransactionMode = 'write'): Promise<Transaction> {
    await this.#tune();
    if (this.#inTransaction) throw new LibsqlError('a transaction is already open on this connection', 'TRANSACTION_OPEN');
    // IMMEDIATE takes the write lock up front: a deferred transaction that reads and then
    // writes can fail with SQLITE_BUSY, without waiting, when another process wrote meanwhile.
    await this.inner.execute(mode === 'read' ? 'BEGIN DEFERRED' : 'BEGIN IMMEDIATE');
    this.#inTransaction = true;
    return new SameConnectionTransaction(this, () => { this.#inTransaction = false; });
  }
  async executeMultiple(sql: string): Promise<void> {
    await this.#tune();
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
  override createClient(config: Config): Client {
    return new OneConnectionClient(createClient(config));
  }
}
