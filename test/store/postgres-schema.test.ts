/**
 * PostgreSQL's side of the one source of the models: the derived schema is what the script
 * writes, its hand-written migrations make the tables the PostgreSQL client expects, and they
 * are applied and recorded as `prisma migrate deploy` would, once, even by two bots at once.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { Prisma } from '../../generated/prisma-pg/client.ts';
import { derivePostgresSchema, POSTGRES_SCHEMA, SQLITE_SCHEMA } from '../../prisma/derive-postgresql.ts';
import { openStore } from '../../src/store/index.ts';
import { migrate, POSTGRES_MIGRATIONS_DIR, postgresMigrations, readMigrations } from '../../src/store/migrate.ts';
import { declaredFields, declaredType, declaredUniques, newDatabase, openTemp } from './helpers.ts';

/** Runs `fn` on a plain connection to `url`. */
async function onConnection<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The PostgreSQL type Prisma gives each scalar type of schema.prisma. */
const PRISMA_TYPES: Record<string, string> = { String: 'text', Int: 'integer', Boolean: 'boolean', DateTime: 'timestamp(3) without time zone' };

describe('the PostgreSQL schema', () => {
  it('is the one derived from prisma/schema.prisma (run `npx tsx prisma/derive-postgresql.ts` after editing it)', () => {
    const derived = derivePostgresSchema(readFileSync(SQLITE_SCHEMA, 'utf8'));
    expect(readFileSync(POSTGRES_SCHEMA, 'utf8')).toBe(derived);
    expect(derived).toMatch(/provider = "postgresql"/);
    // Same models, field for field: only the header, the provider and the client's folder differ.
    const models = (text: string): string => text.slice(text.indexOf('\nmodel '));
    expect(models(derived)).toBe(models(readFileSync(SQLITE_SCHEMA, 'utf8')));
  });

  it('refuses to derive from a schema it does not recognise, rather than write a wrong one', () => {
    expect(() => derivePostgresSchema('datasource db {\n  provider = "mysql"\n}\n')).toThrow(/expected one match/);
  });
});

describe('PostgreSQL migrations and the models agree', () => {
  const models = Object.values(Prisma.ModelName);

  it('every model: the columns of the client, with the nullability and the type Prisma gives them', async () => {
    const store = await openTemp('postgresql');
    for (const model of models) {
      const columns = await store.prisma.$queryRaw<{ name: string; nullable: string; type: string }[]>`
        SELECT a.attname AS name, CASE WHEN a.attnotnull THEN 'NO' ELSE 'YES' END AS nullable, format_type(a.atttypid, a.atttypmod) AS type
        FROM pg_attribute a WHERE a.attrelid = ${`"${model}"`}::regclass AND a.attnum > 0 AND NOT a.attisdropped`;
      const fields = Object.values(Prisma[`${model}ScalarFieldEnum` as keyof typeof Prisma] as Record<string, string>);
      expect(columns.map((c) => c.name).sort()).toEqual([...fields].sort());
      const declared = declaredFields(model);
      for (const c of columns) {
        expect({ model, column: c.name, nullable: c.nullable === 'YES', type: c.type })
          .toEqual({ model, column: c.name, nullable: declared.get(c.name), type: PRISMA_TYPES[declaredType(model, c.name)!] });
      }
    }
  });

  it('every @@unique is a unique index, and one unfinished game per channel is a partial one', async () => {
    const store = await openTemp('postgresql');
    const indexes = await store.prisma.$queryRaw<{ table: string; def: string }[]>`
      SELECT tablename AS table, indexdef AS def FROM pg_indexes WHERE schemaname = 'public' AND indexdef LIKE 'CREATE UNIQUE INDEX%'`;
    const plain = indexes.filter((i) => !i.def.includes(' WHERE ') && !i.def.includes('_pkey'))
      .map((i) => `${i.table}(${/\(([^)]*)\)\s*$/.exec(i.def)![1]!.replaceAll('"', '').replaceAll(' ', '')})`);
    expect(plain.sort()).toEqual(declaredUniques().sort());
    expect(indexes.find((i) => i.def.includes('Game_one_unfinished_per_channel'))?.def).toMatch(/WHERE \(status = ANY \(ARRAY\['lobby'::text, 'running'::text\]\)\)/);
  });
});

describe('PostgreSQL migrations at start-up', () => {
  it('are recorded as prisma migrate deploy records them, and a second start applies nothing', async () => {
    const url = await newDatabase('postgresql');
    await (await openStore(url)).close();
    const rows = await onConnection(url, async (c) => (await c.query('SELECT * FROM "_prisma_migrations" ORDER BY started_at')).rows);
    const files = readMigrations(POSTGRES_MIGRATIONS_DIR);
    expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
    for (const r of rows) {
      const bytes = readFileSync(join(POSTGRES_MIGRATIONS_DIR, r.migration_name, 'migration.sql'));
      expect(r).toMatchObject({ checksum: createHash('sha256').update(bytes).digest('hex'), applied_steps_count: 1, logs: null, rolled_back_at: null });
      expect(r.finished_at).toBeInstanceOf(Date);
      expect(r.finished_at.getTime()).toBeGreaterThanOrEqual(r.started_at.getTime());
      expect(Math.abs(r.started_at.getTime() - Date.now())).toBeLessThan(60_000);
    }
    await (await openStore(url)).close();
    expect(await onConnection(url, async (c) => (await c.query('SELECT * FROM "_prisma_migrations" ORDER BY started_at')).rows)).toEqual(rows);
  });

  it('run once when two bots start on a new database at the same moment', async () => {
    const url = await newDatabase('postgresql');
    const stores = await Promise.all([openStore(url), openStore(url), openStore(url)]);
    await Promise.all(stores.map((s) => s.close()));
    const names = await onConnection(url, async (c) => (await c.query('SELECT migration_name FROM "_prisma_migrations"')).rows.map((r) => r.migration_name));
    expect(names).toEqual(readMigrations(POSTGRES_MIGRATIONS_DIR).map((f) => f.name));
  });

  it('refuse to start when an applied migration was edited since, or one failed', async () => {
    const url = await newDatabase('postgresql');
    await (await openStore(url)).close();
    await onConnection(url, (c) => c.query(`UPDATE "_prisma_migrations" SET checksum = 'edited'`));
    await expect(openStore(url)).rejects.toThrow(/was edited after it was applied/);
    const other = await newDatabase('postgresql');
    await (await openStore(other)).close();
    await onConnection(other, (c) => c.query(`UPDATE "_prisma_migrations" SET finished_at = NULL, logs = 'boom'`));
    await expect(openStore(other)).rejects.toThrow(/failed earlier and was not resolved \(boom\)/);
  });

  it('leave nothing half made when a migration fails: PostgreSQL rolls its DDL back', async () => {
    const url = await newDatabase('postgresql');
    const bad = [...readMigrations(POSTGRES_MIGRATIONS_DIR), { name: '29990101000000_bad', sql: 'CREATE TABLE "Half" ("id" INTEGER);\nALTER TABLE "Nope" ADD COLUMN "x" TEXT;\n', checksum: 'c' }];
    await onConnection(url, async (c) => {
      await expect(migrate(postgresMigrations(c), bad)).rejects.toThrow(/29990101000000_bad failed: relation "Nope" does not exist/);
      expect((await c.query(`SELECT to_regclass('"Half"') AS t`)).rows[0].t).toBeNull();
      expect((await c.query(`SELECT to_regclass('"Game"') AS t`)).rows[0].t).toBe('"Game"');
      const rows = (await c.query('SELECT migration_name, finished_at FROM "_prisma_migrations" ORDER BY started_at')).rows;
      expect(rows.at(-1)).toEqual({ migration_name: '29990101000000_bad', finished_at: null });
    });
  });
});
