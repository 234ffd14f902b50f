/**
 * A throwaway PostgreSQL cluster for tests and benchmarks: Debian's own binaries (the
 * `postgresql` package; .ci/run installs it), `initdb` into a temporary folder, `pg_ctl` on a
 * free port, everything removed by stop(). PostgreSQL refuses to run as root: as root, the
 * cluster runs as the `postgres` user the Debian package creates.
 *
 *   const pg = await startPostgres();
 *   const url = await pg.createDatabase();   // postgresql://postgres@127.0.0.1:<port>/<fresh db>
 *   …
 *   await pg.stop();
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface PostgresCluster {
  /** The cluster's port on 127.0.0.1. */
  readonly port: number;
  /** The URL of a database of this cluster (`postgres`, the maintenance one, by default). */
  url(database?: string): string;
  /** Creates an empty database (a fresh name unless given) and returns its URL. */
  createDatabase(name?: string): Promise<string>;
  /** Ends every connection to `database` from the server's side (`pg_terminate_backend`, as an admin or a restart does); returns how many. */
  dropConnections(database: string): Promise<number>;
  /** Stops the server at once and removes its folder. Safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /**
   * false (the default): fsync and synchronous commit off, for speed; a commit still survives
   * the server process being killed, not a power cut. true: PostgreSQL's own defaults.
   */
  durable?: boolean;
  /** More server settings, e.g. `synchronous_commit=off`. */
  settings?: string[];
}

/** The folder of Debian's PostgreSQL binaries (the newest installed), or null when there are none. */
export function postgresBinDir(): string | null {
  if (process.env.PG_BIN && existsSync(join(process.env.PG_BIN, 'pg_ctl'))) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl'))).sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

let clusters = 0;

export async function startPostgres(opts: StartOptions = {}): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed: `apt-get install -y postgresql` (Debian), or set PG_BIN to the folder of initdb and pg_ctl');
  const dir = mkdtempSync(join(tmpdir(), 'fence-pg-'));
  const data = join(dir, 'data');
  const asRoot = userInfo().uid === 0;
  if (asRoot) chownSync(dir, pgUid(), pgGid());
  // As root, every command runs as the postgres user; otherwise as ourselves.
  const run = (cmd: string, args: string[]): void => {
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]] : [join(bin, cmd), args];
    execFileSync(file, argv, { stdio: ['ignore', 'ignore', 'pipe'] });
  };
  run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-locale', '--no-sync']);
  const port = await freePort();
  const settings = [
    `-p ${port}`, '-c listen_addresses=127.0.0.1', `-c unix_socket_directories=${dir}`, '-c max_connections=200',
    ...(opts.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
    ...(opts.settings ?? []).map((setting) => `-c ${setting}`),
  ];
  run('pg_ctl', ['-D', data, '-o', settings.join(' '), '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  const stopNow = (): void => {
    if (stopped) return;
    stopped = true;
    process.off('exit', stopNow);
    const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop']] : [join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop']];
    spawnSync(file, argv, { stdio: 'ignore' });
    rmSync(dir, { recursive: true, force: true });
  };
  // A test run that ends early must not leave a server behind.
  process.on('exit', stopNow);
  const url = (database = 'postgres'): string => `postgresql://postgres@127.0.0.1:${port}/${database}`;
  const id = `${process.pid}_${++clusters}`;
  let databases = 0;
  return {
    port,
    url,
    async createDatabase(name = `t_${id}_${++databases}`) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name}"`);
      } finally {
        await client.end();
      }
      return url(name);
    },
    async dropConnections(database) {
      const client = new pg.Client({ connectionString: url() });
      await client.connect();
      try {
        const { rows } = await client.query<{ ended: boolean }>('SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database]);
        return rows.filter((r) => r.ended).length;
      } finally {
        await client.end();
      }
    },
    async stop() {
      stopNow();
    },
  };
}

function pgUid(): number {
  return Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
}
function pgGid(): number {
  return Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
