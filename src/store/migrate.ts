/**
 * Applies prisma/migrations at start-up, recording each one in `_prisma_migrations` exactly as
 * `prisma migrate deploy` does, so that a connected deployment can still use Prisma's own
 * tools on the same file. (The schema engine that `migrate deploy` needs cannot be downloaded
 * on these machines: see ../shared/notes/offline-stack.md.)
 */
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Client } from '@libsql/client';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

// Prisma's own definition of the table for SQLite, byte for byte, so that its tools find
// what they expect.
const MIGRATIONS_TABLE_SQL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    TEXT PRIMARY KEY NOT NULL,
    "checksum"              TEXT NOT NULL,
    "finished_at"           DATETIME,
    "migration_name"        TEXT NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        DATETIME,
    "started_at"            DATETIME NOT NULL DEFAULT current_timestamp,
    "applied_steps_count"   INTEGER UNSIGNED NOT NULL DEFAULT 0
)`;

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
  finished_at: number | string | null;
  migration_name: string;
  logs: string | null;
  rolled_back_at: number | string | null;
}

/**
 * Brings the database up to date. Refuses (throws MigrationError, changing nothing) when a
 * migration failed earlier and was not resolved, when an applied migration's file was edited,
 * or when the database has a migration this code does not know (a newer bot wrote it).
 * Safe to run on every start: applied migrations are skipped.
 */
export async function migrate(client: Client, migrations: MigrationFile[] = readMigrations()): Promise<MigrateResult> {
  await client.execute(MIGRATIONS_TABLE_SQL);
  const rows = (await client.execute('SELECT id, checksum, finished_at, migration_name, logs, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at'))
    .rows as unknown as MigrationRow[];
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
    await applyOne(client, m);
    result.applied.push(m.name);
  }
  return result;
}

async function applyOne(client: Client, m: MigrationFile): Promise<void> {
  const id = randomUUID();
  const startedAt = Date.now();
  // Unlike `migrate deploy`, the script runs in a transaction with its record, so a crash or
  // an error leaves the database as it was before this migration.
  const tx = await client.transaction('write');
  try {
    await tx.executeMultiple(m.sql);
    await tx.execute({
      sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
            VALUES (?, ?, ?, ?, NULL, NULL, ?, 1)`,
      args: [id, m.checksum, Date.now(), m.name, startedAt],
    });
    await tx.commit();
  } catch (e) {
    await tx.rollback().catch(() => undefined);
    tx.close();
    const message = e instanceof Error ? e.message : String(e);
    // Recorded as Prisma records a failed migration, so that the next start refuses too
    // until someone has looked at it.
    await client.execute({
      sql: `INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, logs, rolled_back_at, started_at, applied_steps_count)
            VALUES (?, ?, NULL, ?, ?, NULL, ?, 0)`,
      args: [id, m.checksum, m.name, message, startedAt],
    });
    throw new MigrationError(`migration ${m.name} failed: ${message}`);
  }
}

function firstLine(s: string | null): string {
  return (s ?? 'no log').split('\n')[0]!.slice(0, 200);
}
