/**
 * Store benchmark: how long the bot waits on an action (the runtime's applyAction: rules + database), on SQLite and on
 * PostgreSQL (a throwaway local cluster, same workload), on three-runner races (the test game:
 * its rules cost next to nothing, so the figure is the platform's and the database's); and how
 * big the SQLite database grows with finished six-player FENCE! games (the bot's biggest states
 * and logs). Goal: ≤ 5 ms p99 per action.
 * Run alone with `npx tsx bench/store.ts`; bench/index.ts calls the default export.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { play, computerAction, setup, whoMustAct, type FenceState } from '../src/games/fence/index.ts';
import { Prisma } from '../generated/prisma/client.ts';
import { applyRequest } from '../src/platform/requests.ts';
import { openStore, type Store } from '../src/store/index.ts';
import { postgresBinDir, startPostgres, type StartOptions } from '../test/store/postgres.ts';
import { applyAction as playAndSave, startGame } from '../src/runtime/moves.ts';
import { gameById, registerGame } from '../src/games/registry.ts';
import { race } from '../test/games/race/index.ts';
import { raceMove, type RaceState } from '../test/games/race/helpers.ts';

export interface Latency {
  applyMedianMs: number;
  applyP95Ms: number;
  applyP99Ms: number;
  engineMedianMs: number;
  engineP99Ms: number;
}

export interface StoreBenchResult {
  actions: number;
  sqlite: Latency;
  /** Absent when PostgreSQL is not installed. */
  postgresql?: { defaults: Latency; asyncCommit: Latency };
  games: number;
  logRows: number;
  dbBytes: number;
}

export interface StoreBenchOptions {
  /** Actions timed through the runtime's applyAction, on each database. */
  actions?: number;
  /** Finished games stored for the size measurement. */
  games?: number;
  /** Distinct games played for the size measurement; each is stored games/distinct times. */
  distinct?: number;
}

registerGame(race);
/** Runners of each race timed. */
const RUNNERS = 3;
/** Players of each FENCE! game stored for the size. */
const SEATS = 6;

const ms = (n: number): string => n.toFixed(2);
const line = (label: string, actions: number, l: Latency): string =>
  `store: applyAction on ${label} over ${actions} actions (${RUNNERS}-runner races): median ${ms(l.applyMedianMs)} ms, p95 ${ms(l.applyP95Ms)} ms, p99 ${ms(l.applyP99Ms)} ms `
  + `(rules alone: median ${ms(l.engineMedianMs)} ms, p99 ${ms(l.engineP99Ms)} ms; goal p99 ≤ 5 ms: ${l.applyP99Ms <= 5 ? 'met' : 'NOT met'})\n`;

export default async function benchStore(opts: StoreBenchOptions = {}): Promise<StoreBenchResult> {
  const actions = opts.actions ?? 3000;
  const games = opts.games ?? 1000;
  const distinct = Math.min(opts.distinct ?? 50, games);
  const dir = mkdtempSync(join(tmpdir(), 'fence-bench-'));
  try {
    const sqlite = await measureLatency(`file:${join(dir, 'latency.db')}`, actions);
    process.stdout.write(line('SQLite (WAL, synchronous=NORMAL)', actions, sqlite));
    let postgresql: StoreBenchResult['postgresql'];
    if (postgresBinDir()) {
      const defaults = await onPostgres({ durable: true }, actions);
      process.stdout.write(line('PostgreSQL (its defaults: fsync at every commit)', actions, defaults));
      const asyncCommit = await onPostgres({ durable: true, settings: ['synchronous_commit=off'] }, actions);
      process.stdout.write(line('PostgreSQL (synchronous_commit=off, like SQLite\'s NORMAL: no fsync wait)', actions, asyncCommit));
      postgresql = { defaults, asyncCommit };
    } else {
      process.stdout.write('store: PostgreSQL is not installed here (apt-get install postgresql): its line is skipped\n');
    }
    const size = await measureSize(join(dir, 'size.db'), games, distinct);
    process.stdout.write(
      `store: ${games} finished ${SEATS}-player FENCE! games (${distinct} distinct random games, each stored ${Math.round(games / distinct)}×), `
      + `${size.logRows} logged actions: SQLite database ${(size.dbBytes / 1024 / 1024).toFixed(1)} MiB `
      + `(${(size.dbBytes / games / 1024).toFixed(0)} KiB per game)\n`,
    );
    return { actions, sqlite, ...(postgresql ? { postgresql } : {}), games, ...size };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same workload on a fresh local cluster, stopped afterwards. */
async function onPostgres(settings: StartOptions, actions: number): Promise<Latency> {
  const cluster = await startPostgres(settings);
  try {
    return await measureLatency(await cluster.createDatabase(), actions);
  } finally {
    await cluster.stop();
  }
}

async function measureLatency(url: string, count: number): Promise<Latency> {
  const store = await openStore(url, { kinds: gameById });
  try {
    const apply: number[] = [];
    const engine: number[] = [];
    let g = 0;
    while (apply.length < count) {
      const { id, state: first } = await newGame(store, `latency-${g}`, g);
      g++;
      let state = first;
      let version = 0;
      while (!race.outcome(state) && apply.length < count) {
        const { seat, action } = raceMove(state);
        let t = performance.now();
        applyRequest(race, state, seat, action);
        engine.push(performance.now() - t);
        t = performance.now();
        const r = await playAndSave(store, id, version, seat, action);
        apply.push(performance.now() - t);
        if (!r.ok) throw new Error(`refused: ${r.refusal.message}`);
        state = r.state as RaceState;
        version = r.version;
      }
    }
    return { applyMedianMs: quantile(apply, 0.5), applyP95Ms: quantile(apply, 0.95), applyP99Ms: quantile(apply, 0.99), engineMedianMs: quantile(engine, 0.5), engineP99Ms: quantile(engine, 0.99) };
  } finally {
    await store.close();
  }
}

/** A race to 30 (steps of 1-3 by round and seat: about 45 actions). */
async function newGame(store: Store, channelId: string, n: number): Promise<{ id: number; state: RaceState }> {
  const lobby = await store.createLobby({ kind: 'race', guildId: 'bench', channelId, hostUserId: 'host', hostName: 'Host', options: { goal: 30 } });
  for (let i = 1; i < RUNNERS; i++) await store.joinLobby(lobby.record.id, { userId: `user-${i}`, name: `Player ${i}` });
  const { game } = await startGame(store, lobby.record.id, { seed: `bench-${n}` });
  return { id: game.record.id, state: game.state as RaceState };
}

interface PlayedGame {
  seed: string;
  state: FenceState;
  log: { actor: number; action: string; events: string }[];
}

/** A whole game played in memory by random computer players, as the store would log it. */
function playGame(seed: string): PlayedGame {
  const seats = Array.from({ length: SEATS }, (_, i) => ({ name: `Player ${i}`, computer: false }));
  let state = setup({ seats, seed }).state;
  const log: PlayedGame['log'] = [];
  while (!state.outcome) {
    const seat = whoMustAct(state)!;
    const action = computerAction(state, seat, 'random');
    const r = play(state, seat, action);
    if (!r.ok) throw new Error(`refused: ${r.message}`);
    log.push({ actor: seat, action: JSON.stringify(action), events: JSON.stringify(r.events) });
    state = r.state;
  }
  return { seed, state, log };
}

/**
 * Playing 1,000 games through applyAction would take many minutes; the size depends only on
 * the rows, so a few distinct games are written many times, as the store writes them.
 */
async function measureSize(path: string, games: number, distinct: number): Promise<Pick<StoreBenchResult, 'logRows' | 'dbBytes'>> {
  const played = Array.from({ length: distinct }, (_, i) => playGame(`size-${i}`));
  const store = await openStore(`file:${path}`, { kinds: gameById });
  let logRows = 0;
  try {
    const now = new Date();
    for (let g = 0; g < games; g++) {
      const p = played[g % distinct]!;
      await store.prisma.$transaction(async (tx) => {
        const game = await tx.game.create({
          data: {
            guildId: 'bench', channelId: `size-${g}`, kind: 'fence', status: 'finished', hostUserId: 'user-0', seed: p.seed,
            state: JSON.stringify(p.state), version: p.log.length, outcome: JSON.stringify(p.state.outcome),
            startedAt: new Date(), endedAt: new Date(),
            seats: { create: p.state.seats.map((s, i) => ({ seat: i, userId: `user-${g}-${i}`, name: s.name })) },
          },
        });
        // Multi-row INSERTs: the rows the store writes, without a client round trip per row.
        for (let from = 0; from < p.log.length; from += 1000) {
          const rows = p.log.slice(from, from + 1000).map((e, i) =>
            Prisma.sql`(${game.id}, ${from + i + 1}, ${String(e.actor)}, ${`user-${g}-${e.actor}`}, ${e.action}, ${e.events}, ${now})`);
          await tx.$executeRaw`INSERT INTO "ActionLog" ("gameId", "seq", "actor", "userId", "action", "events", "createdAt") VALUES ${Prisma.join(rows)}`;
        }
      });
      logRows += p.log.length;
    }
    await store.prisma.$queryRawUnsafe('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await store.close();
  }
  return { logRows, dbBytes: statSync(path).size };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchStore({
    ...(process.env.BENCH_ACTIONS ? { actions: Number(process.env.BENCH_ACTIONS) } : {}),
    ...(process.env.BENCH_GAMES ? { games: Number(process.env.BENCH_GAMES) } : {}),
  });
}
