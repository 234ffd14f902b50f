/**
 * The computer players' three levels (issue 30): for every game, seeded 2-player games of
 * strong against normal, normal against easy and strong against easy (each seed played twice,
 * the seats swapped, so each level starts as often), the first-named level's share of the
 * points (a shared win or a game nobody won counts half), and each level's time per move (mean
 * over all its choices, and its slowest). Prints numbers; asserts nothing (the test
 * test/games/levels.test.ts checks the order on fewer games). `LEVELS_GAMES=40` plays fewer.
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { allGames } from '../src/games/registry.ts';
import { playPairing } from '../src/games/levels.ts';

const PAIRINGS = [['strong', 'normal'], ['normal', 'easy'], ['strong', 'easy']] as const;

export default async function benchLevels(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const games = Number(process.env.LEVELS_GAMES ?? 200);
  const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
  out(`levels: ${games} seeded 2-player games per pairing and game, seats swapped on each seed; load average ${load()} at the start`);
  out('levels: game            | strong-normal | normal-easy | strong-easy | ms/move easy | normal | strong (slowest)');
  for (const game of allGames()) {
    const t0 = performance.now();
    const ms: Record<string, { total: number; n: number; slowest: number }> = {};
    const rates: string[] = [];
    for (const [a, b] of PAIRINGS) {
      const r = playPairing(game, a, b, games);
      rates.push(`${((100 * r.points) / r.games).toFixed(0)}%`.padStart(a === 'strong' && b === 'normal' ? 13 : 11));
      [a, b].forEach((level, i) => {
        const m = (ms[level] ??= { total: 0, n: 0, slowest: 0 });
        m.total += r.msPerMove[i as 0 | 1];
        m.n++;
        m.slowest = Math.max(m.slowest, r.slowest[i as 0 | 1]);
      });
    }
    const time = (level: string) => {
      const m = ms[level]!;
      return `${(m.total / m.n).toFixed(2)} (${m.slowest.toFixed(0)})`;
    };
    out(`levels: ${game.title.padEnd(15)} | ${rates.join(' | ')} | ${time('easy')} | ${time('normal')} | ${time('strong')}  [${((performance.now() - t0) / 1000).toFixed(0)} s, load ${load()}]`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchLevels();
