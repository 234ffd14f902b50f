/**
 * The PostgreSQL backend, chosen by a `postgresql://` (or `postgres://`) DATABASE_URL: the client
 * generated from prisma/postgresql/schema.prisma on a node-postgres pool through
 * @prisma/adapter-pg, migrated at start-up from prisma/postgresql/migrations. The store's own
 * statements (see backend.ts) use the same pool directly, as prepared statements.
 */
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { PrismaClient as PostgresPrismaClient } from '../../generated/prisma-pg/client.ts';
import { GameReads, utcDate, type ActionWrite, type Backend, type Statement, type TimerWrite } from './backend.ts';
import { migrate, postgresMigrations } from './migrate.ts';

export function isPostgresUrl(url: string): boolean {
  return /^postgres(ql)?:\/\//.test(url);
}

export interface PostgresOptions {
  /** Connections in the pool (node-postgres's default: 10). */
  poolSize?: number;
  /**
   * Told when a connection fails outside a query (the server restarted or ended it, the network
   * dropped): the pool replaces it, so this is for the log. `problem` is PostgreSQL's or the
   * network's own words, without the database URL.
   */
  onError?: (problem: string) => void;
}

export async function openPostgres(url: string, opts: PostgresOptions = {}): Promise<Backend> {
  const pool = new pg.Pool({ connectionString: url, max: opts.poolSize ?? 10 });
  const report = (e: Error): void => opts.onError?.(connectionProblem(e, url));
  // A connection's 'error' with no listener would end the process: the pool's idle connections,
  // the one checked out for migrating, and Prisma's transactions (onConnectionError) all have one.
  pool.on('error', report);
  try {
    const client = await pool.connect();
    client.on('error', report);
    try {
      await migrate(postgresMigrations(client));
    } finally {
      client.off('error', report);
      client.release();
    }
  } catch (e) {
    await pool.end();
    throw e;
  }
  const prisma = new PostgresPrismaClient({ adapter: new PrismaPg(pool, { onConnectionError: report }) });
  // Same models, same API: see Backend.prisma.
  return new PostgresBackend(prisma as unknown as PrismaClient, pool);
}

/** What failed, in words fit for a log line: the SQLSTATE or network code, and never the URL's password. */
export function connectionProblem(e: Error & { code?: unknown }, url: string): string {
  const code = typeof e.code === 'string' ? ` (${e.code})` : '';
  let text = `${e.message}${code}`;
  const password = passwordOf(url);
  if (password) text = text.split(password).join('[redacted]');
  return text.replace(/(postgres(?:ql)?:\/\/[^:/@\s]*):[^@\s]*@/g, '$1:[redacted]@');
}

function passwordOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).password);
  } catch {
    return '';
  }
}

/** OID of `timestamp without time zone`, the type of every DateTime column. */
const TIMESTAMP_OID = 1114;

/**
 * Type parsers for the store's own queries: node-postgres reads a timestamp without time zone
 * as local time; the columns hold UTC (as Prisma writes them).
 */
const UTC_TYPES = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMP_OID ? (text: string) => utcDate(text) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

const packed = (table: string, fields: readonly string[]): string =>
  `(SELECT json_agg(json_build_array(${fields.map((f) => `"${f}"`).join(', ')})) FROM "${table}" WHERE "gameId" = g."id")`;

/**
 * A turn's timer changes (TimerWrite) as two parts of a WITH, for the game whose id the part
 * `g` returns (none: nothing is written); `at` is the parameter of Timer.createdAt. The timers
 * go as arrays (node-postgres sends a JS array as a PostgreSQL one), so the statement is the
 * same for any number of them. The parts see the same snapshot and never touch the same timer
 * (TimerWrite), so neither depends on the other's effect.
 */
function timerParts(w: Pick<TimerWrite, 'cancel' | 'arm'>, at: string, param: (v: unknown) => string): string[] {
  return [
    `tc AS (DELETE FROM "Timer" WHERE "gameId" IN (SELECT "id" FROM g)
       AND ("kind", "seat") IN (SELECT * FROM unnest(${param(w.cancel.map((t) => t.kind))}::text[], ${param(w.cancel.map((t) => t.seat))}::int[])))`,
    `ta AS (INSERT INTO "Timer" ("gameId", "kind", "seat", "fireAt", "payload", "createdAt")
       SELECT g."id", a.*, ${at}::timestamp(3) FROM g, unnest(${param(w.arm.map((t) => t.kind))}::text[], ${param(w.arm.map((t) => t.seat))}::int[],
         ${param(w.arm.map((t) => postgresValue(t.fireAt)))}::timestamp(3)[], ${param(w.arm.map((t) => t.payload))}::text[]) AS a
       ON CONFLICT ("gameId", "kind", "seat") DO UPDATE SET "fireAt" = excluded."fireAt", "payload" = excluded."payload")`,
  ];
}

class PostgresBackend extends GameReads implements Backend {
  readonly provider = 'postgresql';
  /** The store's own statements, prepared once per connection: their names and their text with `$n` placeholders, by SQL. */
  readonly #prepared = new Map<string, { name: string; text: string }>();
  constructor(readonly prisma: PrismaClient, private readonly pool: pg.Pool) {
    super(packed);
  }

  query(stmt: Statement): Promise<unknown[][]> {
    return this.pool.query({ ...this.#statement(stmt.sql), values: stmt.args.map(postgresValue), rowMode: 'array', types: UTC_TYPES }).then((r) => r.rows as unknown[][]);
  }

  async write(stmt: Statement): Promise<number> {
    return (await this.pool.query({ ...this.#statement(stmt.sql), values: stmt.args.map(postgresValue) })).rowCount ?? 0;
  }

  /** `sql`'s prepared statement: `?` numbered as `$1, $2, …` (the store's SQL has no `?` of its own). */
  #statement(sql: string): { name: string; text: string } {
    let s = this.#prepared.get(sql);
    if (!s) {
      let n = 0;
      s = { name: `fence-${this.#prepared.size + 1}`, text: sql.replace(/\?/g, () => `$${++n}`) };
      this.#prepared.set(sql, s);
    }
    return s;
  }

  async writeAction(w: ActionWrite): Promise<boolean> {
    // One statement, so one transaction and one round trip. The guarded UPDATE is the
    // compare-and-set: a concurrent writer of the same game waits for this one's row lock,
    // then finds the version moved on and updates nothing; every other part writes only
    // for the row it returned.
    const values: unknown[] = [w.state, w.version, w.at.toISOString(), w.gameId, w.expectedVersion, w.actor, w.userId, w.action, w.events];
    const param = (v: unknown): string => `$${values.push(v)}`;
    const ending = w.ending ? `, "status" = ${param(w.ending.status)}, "outcome" = ${param(w.ending.outcome)}, "endedAt" = $3` : '';
    const parts = [
      `g AS (UPDATE "Game" SET "state" = $1, "version" = $2, "updatedAt" = $3${ending}
         WHERE "id" = $4 AND "version" = $5 AND "status" = 'running' RETURNING "id")`,
      `l AS (INSERT INTO "ActionLog" ("gameId", "seq", "actor", "userId", "action", "events", "createdAt")
         SELECT "id", $2, $6, $7, $8, $9, $3 FROM g)`,
      ...w.seatsLeft.map((l, i) => `s${i} AS (UPDATE "Seat" SET "leftAt" = $3, "leftReason" = ${param(l.reason)}
         WHERE "gameId" IN (SELECT "id" FROM g) AND "seat" = ${param(l.seat)} AND "leftAt" IS NULL)`),
      ...(w.ending ? ['t AS (DELETE FROM "Timer" WHERE "gameId" IN (SELECT "id" FROM g))'] : []),
      ...(w.timers ? timerParts(w.timers, '$3', param) : []),
    ];
    const { rows } = await this.pool.query<{ written: number }>({
      // Prepared once per connection for each shape of the statement.
      name: `fence-write-action-${w.seatsLeft.length}-${w.ending ? 'end' : w.timers ? 'timers' : 'go'}`,
      text: `WITH ${parts.join(',\n')}\nSELECT count(*)::int AS written FROM g`,
      values,
    });
    return rows[0]?.written === 1;
  }

  async changeTimers(w: TimerWrite): Promise<void> {
    // One statement, so one round trip and one transaction.
    const values: unknown[] = [w.gameId, postgresValue(w.at)];
    await this.pool.query({
      name: 'fence-change-timers',
      text: `WITH g AS (SELECT $1::int AS "id"), ${timerParts(w, '$2', (v) => `$${values.push(v)}`).join(', ')} SELECT 1`,
      values,
    });
  }

  async lockGame(tx: Prisma.TransactionClient, gameId: number): Promise<void> {
    await tx.$queryRaw`SELECT 1 FROM "Game" WHERE "id" = ${gameId} FOR UPDATE`;
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
    await this.pool.end();
  }
}

/** A Date as an ISO text in UTC: the timestamp column drops the zone and keeps UTC, as Prisma writes it (node-postgres would send local time). */
function postgresValue(v: Statement['args'][number]): unknown {
  return v instanceof Date ? v.toISOString() : v;
}
