/** Real SQLite files in a temporary folder, one per test, removed afterwards. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { computerAction, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { openStore, type LoadedGame, type Store } from '../../src/store/index.ts';

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

export async function openTemp(url: string = tempUrl()): Promise<Store> {
  const store = await openStore(url);
  cleanups.push(() => store.close());
  return store;
}

/** A started FENCE! game in `channelId`: the host plus computer players. */
export async function startedGame(store: Store, opts: { channelId?: string; players?: number; seed?: string; options?: unknown } = {}): Promise<LoadedGame & { state: FenceState }> {
  const lobby = await store.createLobby({
    kind: 'fence', guildId: 'guild-1', channelId: opts.channelId ?? 'chan-1', hostUserId: 'host', hostName: 'Ann', options: opts.options ?? {},
  });
  for (let i = 1; i < (opts.players ?? 3); i++) await store.joinLobby(lobby.game.id, { userId: null, name: `Computer ${i}` });
  const { game } = await store.startGame(lobby.game.id, { seed: opts.seed ?? 'seed-1' });
  if (!game.state) throw new Error('a started game has a state');
  return game as LoadedGame & { state: FenceState };
}

/** The action the acting seat's random computer player would take. */
export function nextMove(state: FenceState, strategy: 'random' | 'simple' = 'random'): { seat: number; action: unknown } {
  const seat = whoMustAct(state);
  if (seat === null) throw new Error('the game is over');
  const action = computerAction(state, seat, strategy);
  if (!action) throw new Error(`seat ${seat} must act but has no legal action`);
  return { seat, action };
}

/** JSON as stored: what "equal" means for a state that went through the database. */
export const asStored = (v: unknown): unknown => JSON.parse(JSON.stringify(v));
