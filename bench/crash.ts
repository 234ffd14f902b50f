/**
 * Crash recovery through the real bot and the Discord double (test/bot/crash-driver.ts): a bot
 * process is SIGKILLed at random moments of play in three channels, then started again on the
 * same database, and every game is checked after each start; then the same with an in-process
 * bot stopped dead (the suite's 'freeze' kill, see killable), which restarts in a fraction of a
 * second, so many more kills fit. The suite kills fewer times; this runs `CRASH_KILLS`
 * SIGKILLs (60) and `CRASH_FREEZES` freezes (300) and prints what happened.
 */
import { runCrashes } from '../test/bot/crash-driver.ts';

export default async function crashBench(opts: { kills?: number; freezes?: number } = {}): Promise<void> {
  const kills = opts.kills ?? Number(process.env.CRASH_KILLS ?? 60);
  const freezes = opts.freezes ?? Number(process.env.CRASH_FREEZES ?? 300);
  for (const [mode, n, what] of [['sigkill', kills, 'SIGKILLs'], ['freeze', freezes, 'in-process kills']] as const) {
    if (n <= 0) continue;
    const started = performance.now();
    const r = await runCrashes({ mode, kills: n, channels: 3 });
    const s = (performance.now() - started) / 1000;
    process.stdout.write(`${what}: ${r.kills}, all checks held after each restart (${r.checked.running} running games and ${r.checked.lobbies} lobbies checked)\n`);
    process.stdout.write(`player requests: ${r.requests}; logged actions: ${r.actions}; games finished: ${r.gamesFinished}; restarts that repaired something: ${r.repairs}\n`);
    process.stdout.write(`${s.toFixed(0)} s in all, ${(s / Math.max(1, r.kills)).toFixed(1)} s per kill${mode === 'sigkill' ? ' (mostly starting a bot process)' : ''}\n`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await crashBench();
