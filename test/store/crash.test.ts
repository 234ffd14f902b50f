/**
 * Kill -9 at a random moment, 25 times: the database must always open, and every game's log
 * must replay to its stored state, with the version equal to the log's length. (Each kill
 * starts a process: 25 kills took 705 s at load average 15, hence the long timeout, a hang
 * guard only; test/bot/crash.test.ts and `npm run bench -- crash` SIGKILL the whole bot on
 * the same store.)
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

/** A child that has applied no action this long after its start is stuck: a hang guard (a start took ≈ 28 s at load average 15). */
const START_GUARD_MS = 180_000;

/**
 * Starts the child and kills it once it has applied `actions` actions (it says so after each),
 * plus a moment: progress, not time, so a slow machine's runs get as far as a fast one's. The
 * kill lands wherever the child is by then (mid-transaction or between two).
 */
function runAndKill(url: string, run: number, actions: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, url, String(run)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    let applied = 0;
    let killed = false;
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the child applied no action in ${START_GUARD_MS / 1000} s: ${stderr.slice(-2000)}`));
    }, START_GUARD_MS);
    child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
    child.stdout.on('data', (d: Buffer) => {
      applied += d.toString().split('\n').filter((l) => l === 'applied').length;
      if (applied > 0) clearTimeout(guard);
      if (!killed && applied >= actions) {
        killed = true;
        setTimeout(() => child.kill('SIGKILL'), Math.random() * 20);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(guard);
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
    expect(stored.record.version).toBe(log.length);
    const replayed = await replay(store, game.id);
    expect(asStored(replayed.state)).toEqual(stored.state);
    const outcome = (stored.state as { outcome: unknown }).outcome;
    expect(stored.record.status).toBe(outcome ? 'finished' : 'running');
    if (outcome) {
      expect(stored.record.outcome).toEqual(outcome);
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
      // 1 to 60 actions a run: a game takes 10 to 90 (map building alternates), so games end too.
      await runAndKill(url, run, 1 + Math.floor(Math.random() * 60));
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
  }, 1_800_000);
});
