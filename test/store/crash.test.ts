/**
 * Kill -9 at a random moment, 25 times: the database must always open, and every game's log
 * must replay to its stored state, with the version equal to the log's length. (Each kill
 * starts a process: 50 kills took 180 s of the suite under load; test/bot/crash.test.ts and
 * `npm run bench -- crash` SIGKILL the whole bot on the same store.)
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openStore, type Store } from '../../src/store/index.ts';
import { asStored, tempUrl } from './helpers.ts';
import { replay } from '../../src/runtime/replay.ts';
import { gameById } from '../../src/games/registry.ts';

const CHILD = fileURLToPath(new URL('./crash-child.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Starts the child, waits until it is applying actions, then kills it after `delayMs`. */
function runAndKill(url: string, run: number, delayMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url, String(run)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let killed = false;
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.on('data', (d: Buffer) => {
      if (!killed && d.toString().includes('playing')) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), delayMs);
      }
    });
    child.on('exit', (code, signal) => {
      if (signal === 'SIGKILL') resolve();
      else reject(new Error(`the child stopped by itself (code ${code}): ${stderr.slice(-2000)}`));
    });
  });
}

async function checkConsistent(store: Store, checked: Set<number>): Promise<number> {
  const [integrity] = await store.prisma.$queryRawUnsafe<{ integrity_check: string }[]>('PRAGMA integrity_check');
  expect(integrity?.integrity_check).toBe('ok');
  expect((await store.listGames({ status: ['lobby', 'running'] })).length).toBeLessThanOrEqual(1);
  let actions = 0;
  for (const game of await store.listGames()) {
    if (game.status === 'lobby' || checked.has(game.id)) continue;
    const log = await store.getActionLog(game.id);
    expect(log.map((e) => e.seq)).toEqual(log.map((_, i) => i + 1));
    const stored = await store.getGame(game.id);
    expect(stored.game.version).toBe(log.length);
    const replayed = await replay(store, game.id);
    expect(asStored(replayed.state)).toEqual(stored.state);
    const outcome = (stored.state as { outcome: unknown }).outcome;
    expect(stored.game.status).toBe(outcome ? 'finished' : 'running');
    if (outcome) {
      expect(stored.game.outcome).toEqual(outcome);
      checked.add(game.id);
    }
    actions += log.length;
  }
  return actions;
}

describe('crash safety', () => {
  it('after 25 SIGKILLs at random moments, log and state agree and nothing is half applied', async () => {
    const url = tempUrl();
    // Migrated once here, so that the first kill does not land on the migrations.
    await (await openStore(url)).close();
    const checked = new Set<number>();
    let lastActions = 0;
    let progressed = 0;
    for (let run = 0; run < 25; run++) {
      await runAndKill(url, run, Math.floor(Math.random() * 150));
      const store = await openStore(url, { kinds: gameById });
      try {
        const actions = await checkConsistent(store, checked);
        if (actions !== lastActions) progressed++;
        lastActions = actions;
      } finally {
        await store.close();
      }
    }
    // Kills must have landed while games were moving, not only before the first action.
    expect(progressed).toBeGreaterThan(12);
    expect(checked.size).toBeGreaterThan(0);
  }, 180_000);
});
