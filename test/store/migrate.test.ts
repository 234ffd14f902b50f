import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createClient } from '@libsql/client';
import { describe, expect, it } from 'vitest';
import { MigrationError, openStore } from '../../src/store/index.ts';
import { migrate, MIGRATIONS_DIR, readMigrations, sqliteMigrations } from '../../src/store/migrate.ts';
import { openTemp, tempDir, tempUrl } from './helpers.ts';

interface Row { id: string; checksum: string; finished_at: number | null; migration_name: string; logs: string | null; rolled_back_at: number | null; started_at: number; applied_steps_count: number }

async function migrationRows(url: string): Promise<Row[]> {
  const c = createClient({ url });
  try {
    return (await c.execute('SELECT * FROM _prisma_migrations ORDER BY started_at')).rows as unknown as Row[];
  } finally {
    c.close();
  }
}

describe('migrations', () => {
  it('bring an empty database to the schema and record each one as prisma migrate deploy does', async () => {
    const url = tempUrl();
    const store = await openTemp(url);
    const tables = await store.prisma.$queryRaw<{ name: string }[]>`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`;
    expect(tables.map((t) => t.name)).toEqual(expect.arrayContaining(['ActionLog', 'Game', 'GuildSettings', 'Seat', 'Timer', '_prisma_migrations']));
    const rows = await migrationRows(url);
    const files = readMigrations();
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const [i, r] of rows.entries()) {
      const bytes = readFileSync(join(MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
      expect(r.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(r.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(r.applied_steps_count).toBe(1);
      expect(r.logs).toBeNull();
      expect(r.rolled_back_at).toBeNull();
      // Milliseconds since the epoch, as Prisma's engine writes them for SQLite.
      expect(typeof r.finished_at).toBe('number');
      expect(r.finished_at!).toBeGreaterThanOrEqual(r.started_at);
      expect(Math.abs(r.started_at - Date.now())).toBeLessThan(60_000);
      expect(files[i]!.checksum).toBe(r.checksum);
    }
  });

  it('are idempotent: a second start applies nothing and keeps the records', async () => {
    const url = tempUrl();
    await (await openStore(url)).close();
    const before = await migrationRows(url);
    const c = createClient({ url });
    const again = await migrate(sqliteMigrations(c));
    c.close();
    expect(again.applied).toEqual([]);
    expect(again.alreadyApplied).toEqual(before.map((r) => r.migration_name));
    await (await openStore(url)).close();
    expect(await migrationRows(url)).toEqual(before);
  });

  it('refuse to start when an applied migration was edited since', async () => {
    const url = tempUrl();
    await (await openStore(url)).close();
    const c = createClient({ url });
    await c.execute(`UPDATE _prisma_migrations SET checksum = 'edited'`);
    c.close();
    await expect(openStore(url)).rejects.toThrow(/was edited after it was applied/);
  });

  it('refuse to start after a failed migration until it is resolved', async () => {
    const url = tempUrl();
    await (await openStore(url)).close();
    const c = createClient({ url });
    await c.execute(`UPDATE _prisma_migrations SET finished_at = NULL, logs = 'boom'`);
    await expect(openStore(url)).rejects.toThrow(/failed earlier and was not resolved \(boom\)/);
    // `prisma migrate resolve --rolled-back` sets rolled_back_at; then the migration runs again.
    // Its tables are still there, so it fails again: a real operator would have cleaned up.
    await c.execute(`UPDATE _prisma_migrations SET rolled_back_at = 1`);
    c.close();
    await expect(openStore(url)).rejects.toThrow(MigrationError);
  });

  it('record a failing migration as failed and leave the database as it was', async () => {
    const dir = tempDir();
    const migrations = join(dir, 'migrations');
    cpSync(MIGRATIONS_DIR, migrations, { recursive: true });
    mkdirSync(join(migrations, '29990101000000_bad'));
    writeFileSync(join(migrations, '29990101000000_bad', 'migration.sql'), 'CREATE TABLE "Half" ("id" INTEGER);\nALTER TABLE "Nope" ADD COLUMN "x" TEXT;\n');
    const url = `file:${join(dir, 'db.sqlite')}`;
    const c = createClient({ url });
    await expect(migrate(sqliteMigrations(c), readMigrations(migrations))).rejects.toThrow(/29990101000000_bad failed: .*no such table: Nope/);
    const half = await c.execute(`SELECT name FROM sqlite_master WHERE name = 'Half'`);
    expect(half.rows).toHaveLength(0);
    const rows = (await c.execute('SELECT migration_name, finished_at, applied_steps_count, logs FROM _prisma_migrations')).rows;
    const earlier = readMigrations(MIGRATIONS_DIR).map((m) => [m.name, false]);
    expect(rows.map((r) => [r.migration_name, r.finished_at === null])).toEqual([...earlier, ['29990101000000_bad', true]]);
    await expect(migrate(sqliteMigrations(c), readMigrations(migrations))).rejects.toThrow(/29990101000000_bad failed earlier/);
    c.close();
  });

  it('carry a server’s saved round limit into FENCE!’s per-game defaults, and its turn timers into per-seat ones', async () => {
    const url = tempUrl();
    const c = createClient({ url });
    await migrate(sqliteMigrations(c), readMigrations().filter((m) => m.name === '20261121195000_init'));
    await c.execute(`INSERT INTO "GuildSettings" ("guildId", "defaultTurnLimitSeconds", "defaultRoundLimit", "allowComputers", "updatedAt") VALUES ('g1', 3600, 30, true, 1), ('g2', NULL, NULL, false, 1)`);
    await c.execute(`INSERT INTO "Game" ("guildId", "channelId", "kind", "status", "hostUserId", "updatedAt") VALUES ('g1', 'c1', 'fence', 'running', 'u', 1)`);
    await c.execute(`INSERT INTO "Timer" ("gameId", "kind", "fireAt", "payload") VALUES (1, 'timeout', 5, '{"version":3,"seat":2}')`);
    c.close();
    const store = await openTemp(url);
    expect(await store.getGameDefaults('g1', 'fence')).toEqual({ guildId: 'g1', game: 'fence', options: { roundLimit: 30 }, turnLimitSeconds: null, allowComputers: null });
    expect((await store.getGameDefaults('g2', 'fence')).options).toEqual({});
    expect(await store.getSettings('g1')).toEqual({
      guildId: 'g1', defaultTurnLimitSeconds: 3600, reminderAfterSeconds: null, allowComputers: true, lobbyExpirySeconds: null,
      // Servers from before who may open and abort games was a setting keep today's rules.
      startPolicy: 'anyone', startRoleId: null, abortPolicy: 'host',
      // Turn clocks stop in players' quiet hours and vacations, as on a new server.
      quietHoursStopClocks: true, vacationsStopClocks: true,
    });
    expect(await store.listTimers(1)).toEqual([{ kind: 'timeout', seat: null, fireAt: new Date(5), payload: { version: 3, seat: 2 } }]);
  });

  it('count the games that were running before posts were recorded as posted, so a restart does not post them again', async () => {
    const url = tempUrl();
    const c = createClient({ url });
    await migrate(sqliteMigrations(c), readMigrations().filter((m) => m.name < '20261125080000_reliability'));
    await c.execute(`INSERT INTO "Game" ("guildId", "channelId", "kind", "status", "hostUserId", "version", "updatedAt") VALUES ('g', 'c1', 'race', 'running', 'u', 7, 1), ('g', 'c2', 'race', 'lobby', 'u', 0, 1)`);
    c.close();
    const store = await openTemp(url);
    expect((await store.getGame(1)).record.postedVersion).toBe(7);
    expect((await store.getGame(2)).record.postedVersion).toBeNull();
  });

  it('take the two migrations of 2026-11-25 08:00 in either order (a database may have had only the second one)', async () => {
    const url = tempUrl();
    const c = createClient({ url });
    await migrate(sqliteMigrations(c), readMigrations().filter((m) => m.name !== '20261125080000_extras'));
    c.close();
    const store = await openTemp(url);
    expect(await store.setSettings('g', { lobbyExpirySeconds: 86_400, startPolicy: 'manage-server' })).toMatchObject({ lobbyExpirySeconds: 86_400, startPolicy: 'manage-server', startRoleId: null, abortPolicy: 'host' });
    const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'u', hostName: 'U' });
    expect(lobby.record.postedVersion).toBeNull();
  });

  it('refuse a database migrated by a newer bot', async () => {
    const url = tempUrl();
    await (await openStore(url)).close();
    const c = createClient({ url });
    await c.execute(`INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ('x', 'y', 2, '29990101000000_future', 1, 1)`);
    c.close();
    await expect(openStore(url)).rejects.toThrow(/does not have/);
  });

  it('creates the data folder, and the database runs in WAL mode with a busy timeout', async () => {
    const url = `file:${join(tempDir(), 'data', 'nested', 'fence.db')}`;
    const store = await openTemp(url);
    const [mode] = await store.prisma.$queryRawUnsafe<{ journal_mode: string }[]>('PRAGMA journal_mode');
    expect(mode?.journal_mode).toBe('wal');
    const [busy] = await store.prisma.$queryRawUnsafe<{ timeout: number }[]>('PRAGMA busy_timeout');
    expect(Number(busy?.timeout)).toBeGreaterThanOrEqual(1000);
  });
});
