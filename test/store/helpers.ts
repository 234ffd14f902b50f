/**
 * Real databases, one per test, removed afterwards: a SQLite file in a temporary folder, or a
 * fresh database of a throwaway PostgreSQL cluster (started on first use, one per test file,
 * stopped after the file's last test). Tests that hold on both run once per backend:
 * `describe.each(BACKENDS)('%s', (backend) => { … openTemp(backend) … })`.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { openStore, type LoadedGame, type Provider, type Store } from '../../src/store/index.ts';
import { startPostgres, type PostgresCluster } from './postgres.ts';
import { startGame } from '../../src/runtime/moves.ts';
import { gameById, registerGame } from '../../src/games/registry.ts';
import { race } from '../games/race/index.ts';
import { crowdRace, raceMove, type RaceState } from '../games/race/helpers.ts';

// The store's tests keep the test game: what they check is the same for every game.
registerGame(race);
registerGame(crowdRace);

export const BACKENDS: Provider[] = ['sqlite', 'postgresql'];

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'fence-store-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export function tempUrl(): string {
  return `file:${join(tempDir(), 'fence.db')}`;
}

let cluster: Promise<PostgresCluster> | null = null;
afterAll(async () => {
  const started = cluster;
  cluster = null;
  if (started) await (await started).stop();
});

/** This file's PostgreSQL cluster, started on first use. */
export function postgresCluster(): Promise<PostgresCluster> {
  cluster ??= startPostgres();
  return cluster;
}

/** The URL of a new, empty database on `backend`. */
export async function newDatabase(backend: Provider): Promise<string> {
  return backend === 'sqlite' ? tempUrl() : (await postgresCluster()).createDatabase();
}

/** Opens a store on a new database of `backend`, or on the database at `url`; closed after the test. */
export async function openTemp(backendOrUrl: Provider | string = 'sqlite'): Promise<Store> {
  const url = backendOrUrl === 'sqlite' || backendOrUrl === 'postgresql' ? await newDatabase(backendOrUrl) : backendOrUrl;
  const store = await openStore(url, { kinds: gameById });
  cleanups.push(() => store.close());
  return store;
}

/** A started race in `channelId`: the host plus computer players (3 runners unless told). */
export async function startedGame(store: Store, opts: { channelId?: string; players?: number; seed?: string; options?: unknown } = {}): Promise<LoadedGame & { state: RaceState }> {
  const lobby = await store.createLobby({
    kind: 'race', guildId: 'guild-1', channelId: opts.channelId ?? 'chan-1', hostUserId: 'host', hostName: 'Ann', options: opts.options ?? {},
  });
  for (let i = 1; i < (opts.players ?? 3); i++) await store.joinLobby(lobby.record.id, { userId: null, name: `Computer ${i}` });
  const { game } = await startGame(store, lobby.record.id, { seed: opts.seed ?? 'seed-1' });
  if (!game.state) throw new Error('a started game has a state');
  return game as LoadedGame & { state: RaceState };
}

/** The first seat that may act and its step (test/games/race/helpers.ts). */
export const nextMove = raceMove;

/** JSON as stored: what "equal" means for a state that went through the database. */
export const asStored = (v: unknown): unknown => JSON.parse(JSON.stringify(v));

const schema = readFileSync(new URL('../../prisma/schema.prisma', import.meta.url), 'utf8');

/** Scalar fields of a model as schema.prisma declares them: name → optional? */
export function declaredFields(model: string): Map<string, boolean> {
  const body = new RegExp(`model ${model} \\{([\\s\\S]*?)\\n\\}`).exec(schema)?.[1] ?? '';
  const fields = new Map<string, boolean>();
  for (const line of body.split('\n')) {
    const m = /^\s+(\w+)\s+(\w+)(\?|\[\])?/.exec(line);
    if (!m || m[3] === '[]' || line.includes('@relation')) continue;
    fields.set(m[1]!, m[3] === '?');
  }
  return fields;
}

/** The type schema.prisma gives a model's field (String, Int, DateTime…). */
export function declaredType(model: string, field: string): string | undefined {
  const body = new RegExp(`model ${model} \\{([\\s\\S]*?)\\n\\}`).exec(schema)?.[1] ?? '';
  return new RegExp(`^\\s+${field}\\s+(\\w+)`, 'm').exec(body)?.[1];
}

/** Every @@unique of schema.prisma, as `Model(a,b)`. */
export function declaredUniques(): string[] {
  return [...schema.matchAll(/model (\w+) \{([\s\S]*?)\n\}/g)].flatMap(([, model, body]) =>
    [...body!.matchAll(/@@unique\(\[([^\]]+)\]\)/g)].map(([, cols]) => `${model}(${cols!.split(',').map((s) => s.trim()).join(',')})`));
}
