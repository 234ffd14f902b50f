/**
 * The SQLite backend (the default): one file, WAL mode, migrated at start-up. The store's own
 * statements (see backend.ts) go straight to the connection Prisma uses (see connection.ts).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type InStatement, type InValue, type ResultSet } from '@libsql/client';
import { PrismaClient } from '../../generated/prisma/client.ts';
import { GameReads, utcDate, type ActionWrite, type Backend, type SqlValue, type Statement, type TimerWrite } from './backend.ts';
import { OneConnectionPrismaLibSql, type OneConnectionClient } from './connection.ts';
import { migrate, sqliteMigrations } from './migrate.ts';

/** The file path of a `file:` URL, or null for other URLs. */
export function sqlitePath(url: string): string | null {
  if (!url.startsWith('file:')) return null;
  let rest = url.slice('file:'.length).split('?')[0]!;
  if (rest.startsWith('//')) rest = rest.slice(2);
  return rest;
}

/** Opens (creating it and its folder when missing) and migrates the database file. */
export async function openSqlite(url: string, busyTimeoutMs: number): Promise<Backend> {
  const path = sqlitePath(url);
  if (path === null) throw new Error(`not a SQLite file URL: ${url}`);
  mkdirSync(dirname(resolve(path)), { recursive: true });
  const admin = createClient({ url, timeout: busyTimeoutMs });
  try {
    // WAL is a property of the file, so setting it once here covers every later connection;
    // the busy timeout is per connection and goes to the adapter below.
    await admin.execute('PRAGMA journal_mode = WAL');
    await migrate(sqliteMigrations(admin));
  } finally {
    admin.close();
  }
  const adapter = new OneConnectionPrismaLibSql(path, { url, timeout: busyTimeoutMs });
  return new SqliteBackend(new PrismaClient({ adapter }), adapter);
}

const packed = (table: string, fields: readonly string[]): string =>
  `(SELECT json_group_array(json_array(${fields.map((f) => `"${f}"`).join(', ')})) FROM "${table}" WHERE "gameId" = g."id")`;

/** A turn's timer changes (TimerWrite), each statement guarded by `guard` (SQL over "Game", with its arguments), as one batch writes them. */
function timerStatements(w: Pick<TimerWrite, 'gameId' | 'cancel' | 'arm' | 'at'>, guard: { sql: string; args: InValue[] } = { sql: '"id" = ?', args: [w.gameId] }): InStatement[] {
  return [
    ...w.cancel.map((t) => ({
      sql: `DELETE FROM "Timer" WHERE "gameId" = ? AND "kind" = ? AND "seat" = ? AND EXISTS (SELECT 1 FROM "Game" WHERE ${guard.sql})`,
      args: [w.gameId, t.kind, t.seat, ...guard.args],
    })),
    // The WHERE before ON CONFLICT is required: it tells SQLite's parser the SELECT has ended.
    ...w.arm.map((t) => ({
      sql: `INSERT INTO "Timer" ("gameId", "kind", "seat", "fireAt", "payload", "createdAt") SELECT "id", ?, ?, ?, ?, ? FROM "Game" WHERE ${guard.sql}
        ON CONFLICT ("gameId", "kind", "seat") DO UPDATE SET "fireAt" = excluded."fireAt", "payload" = excluded."payload"`,
      args: [t.kind, t.seat, sqliteDate(t.fireAt), t.payload, sqliteDate(w.at), ...guard.args],
    })),
  ];
}

class SqliteBackend extends GameReads implements Backend {
  readonly provider = 'sqlite';
  constructor(readonly prisma: PrismaClient, private readonly adapter: OneConnectionPrismaLibSql) {
    super(packed);
  }

  async query(stmt: Statement): Promise<unknown[][]> {
    const client = await this.#client();
    return rowsOf(await client.executeOutside({ sql: stmt.sql, args: stmt.args.map(sqliteValue) }));
  }

  async write(stmt: Statement): Promise<number> {
    const client = await this.#client();
    return (await client.executeOutside({ sql: stmt.sql, args: stmt.args.map(sqliteValue) })).rowsAffected;
  }

  async changeTimers(w: TimerWrite): Promise<void> {
    const client = await this.#client();
    const statements = timerStatements(w);
    // One statement is a transaction of its own; BEGIN and COMMIT would only add two.
    await (statements.length === 1 ? client.executeOutside(statements[0]!) : client.writeBatch(statements));
  }

  async writeAction(w: ActionWrite): Promise<boolean> {
    const client = await this.#client();
    const now = sqliteDate(w.at);
    // Every statement carries the same guard, evaluated inside one transaction: either the
    // game is still at the expected version and all of them write, or none does. The batch
    // is one IMMEDIATE transaction, rolled back whole if a statement fails.
    const guard = '"id" = ? AND "version" = ? AND "status" = \'running\'';
    const g = [w.gameId, w.expectedVersion];
    const statements: InStatement[] = [
      {
        sql: `INSERT INTO "ActionLog" ("gameId", "seq", "actor", "userId", "action", "events", "createdAt")
          SELECT "id", ?, ?, ?, ?, ?, ? FROM "Game" WHERE ${guard}`,
        args: [w.version, w.actor, w.userId, w.action, w.events, now, ...g],
      },
      ...w.seatsLeft.map((l) => ({
        sql: `UPDATE "Seat" SET "leftAt" = ?, "leftReason" = ?
          WHERE "gameId" = ? AND "seat" = ? AND "leftAt" IS NULL AND EXISTS (SELECT 1 FROM "Game" WHERE ${guard})`,
        args: [now, l.reason, w.gameId, l.seat, ...g],
      })),
      ...(w.ending ? [{ sql: `DELETE FROM "Timer" WHERE "gameId" = ? AND EXISTS (SELECT 1 FROM "Game" WHERE ${guard})`, args: [w.gameId, ...g] }] : []),
      ...(w.timers ? timerStatements({ gameId: w.gameId, ...w.timers, at: w.at }, { sql: guard, args: g }) : []),
      w.ending
        ? {
          sql: `UPDATE "Game" SET "state" = ?, "version" = ?, "updatedAt" = ?, "status" = ?, "outcome" = ?, "endedAt" = ? WHERE ${guard}`,
          args: [w.state, w.version, now, w.ending.status, w.ending.outcome, now, ...g],
        }
        : { sql: `UPDATE "Game" SET "state" = ?, "version" = ?, "updatedAt" = ? WHERE ${guard}`, args: [w.state, w.version, now, ...g] },
    ];
    const results = await client.writeBatch(statements);
    return results[0]?.rowsAffected === 1 && results.at(-1)?.rowsAffected === 1;
  }

  // A write transaction takes the whole file's lock (BEGIN IMMEDIATE, see connection.ts).
  async lockGame(): Promise<void> {}

  async close(): Promise<void> {
    await this.prisma.$disconnect();
  }

  /** The connection under Prisma (connecting first if Prisma has not yet). */
  async #client(): Promise<OneConnectionClient> {
    if (!this.adapter.client || this.adapter.client.closed) await this.prisma.$connect();
    const client = this.adapter.client;
    if (!client || client.closed) throw new Error('the database connection of this store is closed');
    return client;
  }
}

/** A DateTime as the Prisma libsql adapter writes it (ISO 8601, `+00:00`), so Prisma reads it back. */
function sqliteDate(d: Date): string {
  return d.toISOString().replace('Z', '+00:00');
}

function sqliteValue(v: SqlValue): InValue {
  return v instanceof Date ? sqliteDate(v) : v;
}

/** A result's rows with the DateTime and Boolean columns of tables (by their declared type) as Date and boolean, as Prisma reads them. */
function rowsOf(result: ResultSet): unknown[][] {
  const rows = result.rows as unknown as unknown[][];
  const dates: number[] = [];
  const booleans: number[] = [];
  result.columnTypes.forEach((t, i) => {
    const type = t.toUpperCase();
    if (type === 'DATETIME') dates.push(i);
    else if (type === 'BOOLEAN') booleans.push(i);
  });
  if (dates.length || booleans.length) {
    for (const row of rows) {
      for (const i of dates) if (row[i] !== null) row[i] = typeof row[i] === 'number' ? new Date(row[i] as number) : utcDate(String(row[i]));
      for (const i of booleans) if (row[i] !== null) row[i] = Boolean(row[i]);
    }
  }
  return rows;
}
