/**
 * FENCE! random play over combinations of the Extended Rules: 2,000 games of 2–8 players with the
 * options drawn at random (each variant on in about 40% of games), every invariant of the test
 * suite checked after every action (views every 25 actions). Prints counts; throws on a broken
 * invariant. The suite plays 150 of these games (test/fence/random-variants.test.ts).
 */
import { pathToFileURL } from 'node:url';
import type { FenceState } from '../src/games/fence/index.ts';
import { playRandomGame } from '../test/platform/random-play.ts';
import { variantPlay } from '../test/fence/random-variants-play.ts';

export default async function benchVariants(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const games = Number(process.env.VARIANT_GAMES ?? 2000);
  const on = new Map<string, number>();
  const outcomes = new Map<string, number>();
  let actions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const played = playRandomGame(variantPlay, g);
    actions += played.actions;
    const s = played.state as FenceState;
    for (const [k, v] of Object.entries(s.options)) if (v !== false && v !== 'off' && k !== 'roundLimit' && k !== 'tileSet' && k !== 'autoBuild') on.set(k, (on.get(k) ?? 0) + 1);
    const o = s.outcome!;
    const key = o.kind + ('reason' in o ? `:${o.reason}` : '');
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
    if ((g + 1) % 250 === 0 && g + 1 < games) out(`variants: ${g + 1} games played, every invariant held (${((performance.now() - t0) / 1000).toFixed(0)} s)`);
  }
  const secs = (performance.now() - t0) / 1000;
  out(`variants: ${games} random games over option combinations, every invariant checked after every action: all ended, ${actions} actions, ${secs.toFixed(0)} s`);
  out(`variants: games with each variant on (min ${Math.min(...on.values())}, goal >= ${games / 4}): ${[...on].map(([k, v]) => `${k} ${v}`).join(', ')}`);
  out(`variants: endings: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchVariants();
