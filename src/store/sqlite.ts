/**
 * The SQLite backend (the default): one file, WAL mode, migrated at start-up. applyAction's
 * statements go straight to the connection Prisma uses (see connection.ts for why).
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { createClient, type InStatement } from '@libsql/client';
import { PrismaClient } from '../../generated/prisma/client.ts';
import type { ActionWrite, Backend, GameHead } from './backend.ts';
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

class SqliteBackend implements Backend {
  readonly provider = 'sqlite';
  constructor(readonly prisma: PrismaClient, private readonly adapter: OneConnectionPrismaLibSql) {}

  async readGame(gameId: number): Promise<GameHead | null> {
    const client = await this.#client();
    const [row] = (await client.executeOutside({
      sql: 'SELECT "kind", "status", "version", "state", "brokenReason" FROM "Game" WHERE "id" = ?',
      args: [gameId],
    })).rows as unknown as [string, string, number, string | null, string | null][];
    return row ? { kind: row[0], status: row[1], version: row[2], state: row[3], brokenReason: row[4] } : null;
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
