/**
 * FENCE! Basic Rules random play with every invariant of the suite checked after every action
 * (test/fence/random-basic-play.ts): `FENCE_GAMES` games (1,000), where the suite plays 400.
 * Prints counts and time; throws on a broken invariant.
 */
import { pathToFileURL } from 'node:url';
import type { FenceState } from '../src/games/fence/index.ts';
import { playRandomGame } from '../test/platform/random-play.ts';
import { basicPlay } from '../test/fence/random-basic-play.ts';

export default async function benchFencePlay(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const games = Number(process.env.FENCE_GAMES ?? 1000);
  const outcomes = new Map<string, number>();
  let actions = 0;
  const t0 = performance.now();
  for (let g = 0; g < games; g++) {
    const played = playRandomGame(basicPlay, g);
    actions += played.actions;
    const o = (played.state as FenceState).outcome!;
    const key = o.kind + ('reason' in o ? `:${o.reason}` : '');
    outcomes.set(key, (outcomes.get(key) ?? 0) + 1);
  }
  out(`fence-play: ${games} random Basic Rules games, every invariant checked after every action: all ended, ${actions} actions, ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  out(`fence-play: endings: ${[...outcomes].map(([k, v]) => `${k} ${v}`).join(', ')}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchFencePlay();
