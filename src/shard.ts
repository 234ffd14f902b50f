/**
 * `npm run start:sharded`: a host's shards as processes of their own, with discord.js's own
 * ShardingManager. A host runs the shards SHARDS (default all) of the bot's SHARD_COUNT; each
 * process runs src/main.ts (dist/src/main.js once compiled) for one shard, and discord.js tells
 * it which (SHARDS and SHARD_COUNT in its environment, as a host is told). All processes of all
 * hosts share one database (PostgreSQL when they run on several machines). A shard that dies is
 * started again by the manager; SIGTERM / SIGINT stop every shard cleanly (each finishes its
 * in-flight work) and then the manager.
 *
 * Why discord.js's own manager rather than discord-hybrid-sharding: its `shardList` and
 * `totalShards` are all a host needs, and one shard a process keeps a shard's crash to its own
 * guilds; several shards a process (hybrid's clusters) save memory only past dozens of shards a
 * host, and `npm start` already runs a host's whole range in one process when that is wanted.
 */
import type { ChildProcess } from 'node:child_process';
import type { Worker } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ShardingManager, type Shard } from 'discord.js';
import { loadConfigOrExit } from './config.ts';
import { moduleBeside } from './platform/files.ts';
import { createLogger, errorText, type Logger } from './discord/log.ts';

const MAIN = fileURLToPath(moduleBeside('./main.ts', import.meta.url));

/**
 * Node flags of a bot process (`npm start` and the Dockerfile's CMD give the same). V8's young
 * generation grows to 3 × 16 MB per thread by default, the render worker's included; capped at
 * 4 MB semi-spaces a bot process holding 100 games under a steady 10 moves/s peaked at ≈ 400 MB
 * RSS instead of ≈ 455 MB (idle ≈ 250 instead of ≈ 300 MB), for more frequent, smaller
 * scavenges (bench/shards.ts scale). The old generation may grow to 1.25 times what a full
 * collection left (V8 picks up to 4 times): the main thread's heap, ≈ 57 MB live, was
 * committed at ≈ 150 MB under the soak (bench/soak.ts, four games at 25 interactions/s: peak
 * RSS 594–706 MB, with this 463–502 MB; the bot's CPU per interaction unchanged within noise).
 */
export const BOT_NODE_FLAGS = ['--max-semi-space-size=4', '--heap-growing-percent=25'];

/**
 * Environment of a bot process (`npm start` and the Dockerfile set the same). glibc's malloc
 * gives threads arenas of their own (up to 8 per core: the render worker, libuv's pool,
 * libsql's threads) and memory freed in one stays there; with 2 arenas the same bench peaked at
 * ≈ 350 MB instead of ≈ 410 MB at 100 games and 340 instead of 420 MB at 1,000. And every block
 * of 128 KB or more is mapped on its own, so it goes back to the system when freed: glibc would
 * otherwise raise that threshold to the largest block freed (a picture's pixels, 2–16 MB) and
 * serve those from the arenas, where freed pictures stayed resident (malloc_trim gave back
 * ≈ 130 MB of a soaking bot's RSS). Other C libraries ignore both.
 */
export const BOT_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * How many shard processes this host's manager runs, in each one's environment: they share the
 * host's cores. (SHARD_COUNT counts the shards of every host.)
 */
export const HOST_SHARD_PROCESSES = 'HOST_SHARD_PROCESSES';

/** Discord lets a bot start one gateway session per 5 s (max_concurrency 1). */
export const SPAWN_DELAY_MS = 5500;

export interface ShardsOptions {
  token: string;
  /** How many shards the bot runs on all hosts together: a number, or 'auto' for Discord's recommendation. */
  shards: number | 'auto';
  /** The ones this host runs (ids below `shards`, which must then be a number); all when left out. */
  shardList?: readonly number[];
  log: Logger;
  /** The script each shard process runs (src/main.ts; tests run a script on the Discord double). A .ts script runs through tsx. */
  file?: string;
  shardArgs?: string[];
  spawnDelayMs?: number;
  /** How long a shard may take to become ready. */
  readyTimeoutMs?: number;
  /** Each line a shard process writes to stdout (its JSON logs), instead of this process's stdout. */
  onLine?: (shard: number, line: string) => void;
}

export interface RunningShards {
  manager: ShardingManager;
  /** Stops every shard (SIGTERM, each finishes its work), without respawning them. */
  stop(): Promise<void>;
}

export async function startShards(opts: ShardsOptions): Promise<RunningShards> {
  // Each shard process inherits this process's environment (unless set otherwise already).
  for (const [name, value] of Object.entries(BOT_ENV)) process.env[name] ??= value;
  // A ShardingManager marks this process as a shard's (SHARDING_MANAGER and the token in its
  // own environment): a discord.js Client started here later (a test, the bench) would then
  // take itself for a shard and fail when ready. Put back once the shards are stopped.
  const marks = ['SHARDING_MANAGER', 'SHARDING_MANAGER_MODE', 'DISCORD_TOKEN'].map((name) => [name, process.env[name]] as const);
  const file = opts.file ?? MAIN;
  const manager = new ShardingManager(file, {
    token: opts.token,
    totalShards: opts.shards,
    shardList: opts.shardList ? [...opts.shardList] : 'auto',
    mode: 'process',
    respawn: true,
    // Compiled JavaScript runs as it is (production); the sources through tsx (development, tests).
    execArgv: [...BOT_NODE_FLAGS, ...(file.endsWith('.ts') ? ['--import', 'tsx'] : [])],
    shardArgs: opts.shardArgs ?? [],
    silent: opts.onLine !== undefined,
  });
  manager.on('shardCreate', (shard: Shard) => {
    // The shard processes of this host share its cores (the render pool's size, see renderThreads).
    if (Array.isArray(manager.shardList)) (shard.env as Record<string, string>)[HOST_SHARD_PROCESSES] = String(manager.shardList.length);
    opts.log.info('shard starting', { shard: shard.id, shardCount: manager.totalShards });
    shard.on('death', (child) => {
      const code = 'exitCode' in child ? child.exitCode : null;
      opts.log.warn('shard died', { shard: shard.id, exitCode: code, respawn: manager.respawn });
    });
    shard.on('ready', () => opts.log.info('shard ready', { shard: shard.id }));
    // A respawn that fails (e.g. not ready in time) is reported here; the manager tries again at the next exit.
    shard.on('error', (err) => opts.log.error('shard error', { shard: shard.id, error: errorText(err) }));
    const onLine = opts.onLine;
    if (onLine) {
      shard.on('spawn', (child: ChildProcess | Worker) => {
        if (!('stdio' in child)) return; // worker mode is not used
        let buffer = '';
        child.stdout?.on('data', (d: Buffer) => {
          const lines = (buffer + d.toString()).split('\n');
          buffer = lines.pop() ?? '';
          for (const l of lines) onLine(shard.id, l);
        });
        child.stderr?.on('data', (d: Buffer) => onLine(shard.id, d.toString()));
      });
    }
  });
  const stop = async (): Promise<void> => {
    manager.respawn = false;
    await Promise.all([...manager.shards.values()].map((shard) => stopShard(shard)));
    for (const [name, value] of marks) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
  try {
    await manager.spawn({ amount: opts.shards, delay: opts.spawnDelayMs ?? SPAWN_DELAY_MS, timeout: opts.readyTimeoutMs ?? 60_000 });
  } catch (err) {
    await stop();
    throw err;
  }
  return { manager, stop };
}

/** SIGTERM, then wait for the process to exit (the bot gives itself 15 s, then exits anyway). */
function stopShard(shard: Shard): Promise<void> {
  const child = shard.process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    // Shard#kill sends SIGTERM and detaches the manager's respawn listener.
    shard.kill();
  });
}

async function main(): Promise<void> {
  const config = await loadConfigOrExit();
  const log = createLogger({ level: config.LOG_LEVEL, base: { process: 'manager' } });
  const running = await startShards({ token: config.DISCORD_TOKEN, shards: config.SHARD_COUNT ?? 'auto', ...(config.SHARDS ? { shardList: config.SHARDS } : {}), log });
  const { shardList, totalShards } = running.manager;
  log.info('shards running', { shards: Array.isArray(shardList) ? shardList.join(',') : null, shardCount: totalShards === 'auto' ? null : totalShards });
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info('shutting down', { signal });
    running.stop().then(() => process.exit(0), (err: unknown) => {
      log.error('shutdown failed', { error: errorText(err) });
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`The shards could not start: ${errorText(err)}`);
    process.exit(1);
  });
}
