/**
 * Crash recovery through the real bot and the Discord double (test/bot/crash-driver.ts): a bot
 * process is SIGKILLed at random moments of play in three channels, then started again on the
 * same database, and every game is checked after each start. The suite kills fewer times (a
 * process takes seconds to start); this runs `kills` SIGKILLs and prints what happened.
 */
import { runCrashes } from '../test/bot/crash-driver.ts';

export default async function crashBench(opts: { kills?: number } = {}): Promise<void> {
  const kills = opts.kills ?? Number(process.env.CRASH_KILLS ?? 60);
  const started = performance.now();
  const r = await runCrashes({ mode: 'sigkill', kills, channels: 3, minPlayMs: 300, maxPlayMs: 3000 });
  const s = (performance.now() - started) / 1000;
  process.stdout.write(`SIGKILLs: ${r.kills}, all checks held after each restart (${r.checked.running} running games and ${r.checked.lobbies} lobbies checked)\n`);
  process.stdout.write(`player requests: ${r.requests}; logged actions: ${r.actions}; games finished: ${r.gamesFinished}; restarts that repaired something: ${r.repairs}\n`);
  process.stdout.write(`${s.toFixed(0)} s in all, ${(s / Math.max(1, r.kills)).toFixed(1)} s per kill (mostly starting a bot process)\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await crashBench();
