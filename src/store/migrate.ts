/**
 * Applies the provider's migrations at start-up (prisma/migrations for SQLite,
 * prisma/postgresql/migrations for PostgreSQL), recording each one in `_prisma_migrations`
 * exactly as `prisma migrate deploy` does, so that a connected deployment can still use Prisma's
 * own tools on the same database. (The schema engine that `migrate deploy` needs cannot be
 * downloaded on these machines: see ../shared/notes/offline-stack.md.)
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import type pg from 'pg';
import { projectPath } from '../platform/files.ts';

export type Provider = 'sqlite' | 'postgresql';

/** The SQLite migrations. */
export const MIGRATIONS_DIR = projectPath('prisma/migrations');
export const POSTGRES_MIGRATIONS_DIR = projectPath('prisma/postgresql/migrations');

export function migrationsDir(provider: Provider): string {
  return provider === 'sqlite' ? MIGRATIONS_DIR : POSTGRES_MIGRATIONS_DIR;
}

// Prisma's own definition of the table for each provider, so that its tools find what they
// expect.
const SQLITE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;
const POSTGRES_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

/** Statements with `?` placeholders, run on one connection. */
interface Runner {
  query(sql: string, args?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Several statements, no arguments. */
  script(sql: string): Promise<void>;
}

/** What the migrator needs of a database connection; see sqliteMigrations and postgresMigrations. */
export interface MigrationDb extends Runner {
  readonly provider: Provider;
  /** Runs `fn` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction(fn: (tx: Runner) => Promise<void>): Promise<void>;
  /** A timestamp column's value, as Prisma's engine writes it on this provider. */
  timestamp(ms: number): unknown;
  /** Keeps other processes from migrating at the same time; resolves to the release. */
  lock(): Promise<() => Promise<void>>;
}

export function sqliteMigrations(client: Client): MigrationDb {
  const runner = (c: Pick<Client, 'execute'> & { executeMultiple(sql: string): Promise<void> }): Runner => ({
    async query(sql, args = []) {
      return (await c.execute({ sql, args: args as never })).rows as unknown as Record<string, unknown>[];
    },
    script: (sql) => c.executeMultiple(sql),
  });
  return {
    provider: 'sqlite',
    ...runner(client),
    async transaction(fn) {
      const tx = await client.transaction('write');
      try {
        await fn(runner(tx));
        await tx.commit();
      } catch (e) {
        await tx.rollback().catch(() => undefined);
        throw e;
      } finally {
        tx.close();
      }
    },
    // Milliseconds since the epoch, as Prisma's engine writes them for SQLite.
    timestamp: (ms) => ms,
    // A write transaction locks the whole file: two bots cannot apply the same migration.
    lock: async () => async () => undefined,
  };
}

/** `?` placeholders as PostgreSQL's `$1, $2…` (the SQL of this folder has no `?` of its own). */
export function numberedPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/** Prisma migrate's own advisory lock key, so that this migrator and `prisma migrate deploy` exclude each other. */
const PRISMA_ADVISORY_LOCK = 72707369;

export function postgresMigrations(client: pg.ClientBase): MigrationDb {
  const runner: Runner = {
    async query(sql, args = []) {
      return (await client.query(numberedPlaceholders(sql), args)).rows as Record<string, unknown>[];
    },
    async script(sql) {
      await client.query(sql);
    },
  };
  return {
    provider: 'postgresql',
    ...runner,
    async transaction(fn) {
      // PostgreSQL's DDL is transactional: a failed script leaves no half-made table.
      await client.query('BEGIN');
      try {
        await fn(runner);
        await client.query('COMMIT');
      } catch (e) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw e;
      }
    },
    timestamp: (ms) => new Date(ms),
    async lock() {
      await client.query('SELECT pg_advisory_lock($1)', [PRISMA_ADVISORY_LOCK]);
      return async () => {
        await client.query('SELECT pg_advisory_unlock($1)', [PRISMA_ADVISORY_LOCK]);
      };
    },
  };
}

export interface MigrationFile {
  name: string;
  sql: string;
  /** sha256 hex of the file's bytes, as Prisma computes it. */
  checksum: string;
}

export interface MigrateResult {
  applied: string[];
  alreadyApplied: string[];
}

/** Why the database may not be used as it is; the message says what an operator can do. */
export class MigrationError extends Error {
  override name = 'MigrationError';
}

export function readMigrations(dir: string = MIGRATIONS_DIR): MigrationFile[] {
  if (!existsSync(dir)) throw new MigrationError(`no migrations folder at ${dir}`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(dir, e.name, 'migration.sql')))
    .map((e) => e.name)
    // Prisma's names start with a UTC timestamp: sorted names are chronological.
    .sort()
    .map((name) => {
      const bytes = readFileSync(join(dir, name, 'migration.sql'));
      return { name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') };
    });
}

interface MigrationRow {
  id: string;
  checksum: string;
  finished_at: unknown;
  migration_name: string;
  logs: string | null;
  rolled_back_at: unknown;
}

/**
 * Brings the database up to date. Refuses (throws MigrationError, changing nothing) when a
 * migration failed earlier and was not resolved, when an applied migration's file was edited,
 * or when the database has a migration this code does not know (a newer bot wrote it).
 * Safe to run on every start: applied migrations are skipped.
 */
export async function migrate(db: MigrationDb, migrations: MigrationFile[] = readMigrations(migrationsDir(db.provider))): Promise<MigrateResult> {
  const release = await db.lock();
  try {
    return await migrateLocked(db, migrations);
  } finally {
    await release();
  }
}

async function migrateLocked(db: MigrationDb, migrations: MigrationFile[]): Promise<MigrateResult> {
  await db.script(db.provider === 'sqlite' ? SQLITE_MIGRATIONS_TABLE : POSTGRES_MIGRATIONS_TABLE);
  const rows = await db.query('SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at') as unknown as MigrationRow[];
  // A rolled-back row is history only (`prisma migrate resolve --rolled-back`): Prisma ignores it.
  const live = rows.filter((r) => r.rolled_back_at === null);
  const failed = live.find((r) => r.finished_at === null);
  if (failed) {
    throw new MigrationError(
      `migration ${failed.migration_name} failed earlier and was not resolved (${firstLine(failed.logs)}). ` +
      `Fix the database, then mark it with \`prisma migrate resolve --rolled-back ${failed.migration_name}\` ` +
      `(or set rolled_back_at on its row in _prisma_migrations) and start again.`,
    );
  }
  const known = new Map(migrations.map((m) => [m.name, m]));
  for (const r of live) {
    const file = known.get(r.migration_name);
    if (!file) {
      throw new MigrationError(`the database has migration ${r.migration_name}, which this version of the bot does not have: is an older bot running against a newer database?`);
    }
    if (file.checksum !== r.checksum) {
      throw new MigrationError(`migration ${r.migration_name} was edited after it was applied (checksum ${r.checksum.slice(0, 12)}… in the database, ${file.checksum.slice(0, 12)}… on disk). Restore the file; put changes in a new migration.`);
    }
  }
  const done = new Set(live.map((r) => r.migration_name));
  const result: MigrateResult = { applied: [], alreadyApplied: [] };
  for (const m of migrations) {
    if (done.has(m.name)) {
      result.alreadyApplied.push(m.name);
      continue;
    }
    await applyOne(db, m);
    result.applied.push(m.name);
  }
  return result;
}

async function applyOne(db: MigrationDb, m: MigrationFile): Promise<void> {
  const id = randomUUID();
  const startedAt = db.timestamp(Date.now());
  try {
    // Unlike `migrate deploy`, the script runs in a transaction with its record, so a crash or
    // an error leaves the database as it was before this migration.
    await db.transaction(async (tx) => {
      await tx.script(m.sql);
      await tx.query(
        `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
         VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
        [id, m.checksum, db.timestamp(Date.now()), m.name, startedAt],
      );
    });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    // Recorded as Prisma records a failed migration, so that the next start refuses too
    // until someone has looked at it.
    await db.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
       VALUES (?, ?, NULL, ?, ?, NULL, ?, 0)`,
      [id, m.checksum, m.name, message, startedAt],
    );
    throw new MigrationError(`migration ${m.name} failed: ${message}`);
  }
}

function firstLine(s: string | null): string {
  return (s ?? 'no log').split('\n')[0]!.slice(0, 200);
}
