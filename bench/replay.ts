/**
 * Replays (src/replay/): per game, a seeded game of computer players rebuilt from its record and
 * drawn as the Replay button posts it — frames, bytes, scale, wall time — and how long a turn's
 * picture waits while a long replay is being drawn (a picture asked for every 250 ms, against
 * the same pictures with no replay running). Prints numbers; asserts nothing.
 * `REPLAY_GAMES=kimbo,ducks npx tsx bench/replay.ts` measures only those.
 */
import { pathToFileURL } from 'node:url';
import { allGames, gameById } from '../src/games/registry.ts';
import type { Actor, AnyGame } from '../src/platform/game.ts';
import { applyRules } from '../src/runtime/rules.ts';
import { closeRenderer, render } from '../src/render/index.ts';
import { drawReplay } from '../src/replay/animation.ts';
import { RECORD_FORMAT, stateDigest, type GameRecordFile } from '../src/replay/record.ts';

/** The record of a game of `n` computer players played to its end. */
function recordOf(def: AnyGame, n: number, seed: string): GameRecordFile {
  const seats = Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true }));
  const options = def.options.parse({});
  let state = def.setup({ seats, seed, options }).state;
  const actions: { by: Actor; action: unknown }[] = [];
  while (!def.outcome(state)) {
    const seat = def.activeSeats(state)[0]!;
    const action = def.bots[def.defaultBot]!(state, seat);
    const r = applyRules(def, state, seat, action);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    actions.push({ by: seat, action });
  }
  const o = def.outcome(state)!;
  return {
    format: RECORD_FORMAT, version: 1, game: def.id, title: def.title, id: 1, status: 'finished', startedAt: null, endedAt: null,
    stateVersion: def.state.version, options, seats, seed, actions, outcome: { status: o.status, winners: o.winners, detail: o.detail }, finalState: stateDigest(state),
  };
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

/** Draws turn pictures of `def` every 250 ms until `until` settles; their latencies (ms). */
async function turnPictures(def: AnyGame, until: Promise<unknown>, count?: number): Promise<number[]> {
  const state = def.setup({ seats: [{ name: 'A', computer: true }, { name: 'B', computer: true }], seed: 'bench', options: def.options.parse({}) }).state;
  const picture = def.board(state);
  const waits: number[] = [];
  let done = false;
  void until.finally(() => (done = true));
  while (!done && (count === undefined || waits.length < count)) {
    const t = performance.now();
    await render(def, picture);
    waits.push(performance.now() - t);
    await new Promise((r) => setTimeout(r, 250));
  }
  return waits;
}

export default async function benchReplay(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const wanted = process.env.REPLAY_GAMES?.split(',');
  const cases = allGames().filter((g) => !wanted || wanted.includes(g.id)).flatMap((g) => [Math.min(3, g.seats.max), ...(g.seats.max > 4 ? [g.seats.max] : [])].map((n) => [g, n] as const));
  for (const [def, n] of cases) {
    const record = recordOf(def, n, `bench-${def.id}-${n}`);
    const r = await drawReplay(record);
    const a = r.animation;
    out(`replay ${def.id} ${n} players: ${record.actions.length} moves, ${a.frames} frames, ${a.width}x${a.height}, scale ${a.scale.toFixed(2)}, ${(a.gif.length / 1024 / 1024).toFixed(2)} MB, ${(r.ms / 1000).toFixed(1)} s`);
  }
  const kimbo = gameById('kimbo')!;
  const alone = await turnPictures(kimbo, new Promise(() => undefined), 12);
  const fence = gameById('fence')!;
  const long = drawReplay(recordOf(fence, 8, 'bench-fence-8'));
  const during = await turnPictures(kimbo, long);
  await long;
  out(`turn picture (Game of Fences board) alone: median ${median(alone).toFixed(0)} ms, max ${Math.max(...alone).toFixed(0)} ms; while an 8-player FENCE! replay is drawn: median ${median(during).toFixed(0)} ms, max ${Math.max(...during).toFixed(0)} ms (${during.length} pictures)`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await benchReplay();
  await closeRenderer();
}
