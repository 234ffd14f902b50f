/**
 * Render bench, for a 6-player standard map and a Big Map (80 tiles):
 * - through the public API (`renderMap`, i.e. the render worker): median/p99 time from call
 *   to PNG, and the longest the event loop was blocked meanwhile (1 ms timer probe);
 * - in one thread: draw + PNG (the worker's own work), with the map base cached (every turn
 *   after the first) and without (the first picture of a map);
 * - the built-in `toBuffer('image/png')` on the same pictures in the same run, against our
 *   encoder on the same rasterized canvas, and draw + built-in against draw + ours;
 * - PNG bytes for both. Run alone: `npx tsx bench/render.ts` (`… render.ts turns`: the turn
 *   pictures only, three runs).
 */
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { play, computerAction, setup, playComputers, view, whoMustAct, type FenceState, type FenceView } from '../src/games/fence/index.ts';
import { gameById } from '../src/games/registry.ts';
import drawings from '../src/games/fence/draw/index.ts';
import type { AnyGame, Picture } from '../src/platform/game.ts';
import { closeRenderer } from '../src/render/index.ts';
import { drawMapPicture } from '../src/games/fence/draw/picture.ts';
import { renderMap } from '../test/render/fixtures.ts';
import { encodeBuiltIn, encodeRgbaSync } from '../src/render/encode.ts';
import { withLentCanvas } from '../src/render/surface.ts';

const NAMES = ['Ann', 'Bob', 'Cara', 'Dmitri', 'Eve', 'Fatima'];

export function standardView(seed = 'bench', steps = 60): FenceView {
  const start = setup({ seats: NAMES.map((name) => ({ name, computer: true })), seed, options: { autoBuild: true } }).state;
  return view(playComputers(start, { steps }).state, 'channel');
}

/** The engine has no Big Map option yet: a second copy of every tile, placed beside the first. */
export function bigMapView(v: FenceView): FenceView {
  const xs = v.map.map((p) => p.x);
  const shift = Math.max(...xs) - Math.min(...xs) + 1;
  return { ...v, map: [...v.map, ...v.map.map((p) => ({ ...p, key: `${p.key}#2`, x: p.x + shift }))] };
}

const pct = (xs: number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] as number;
};

function timed<T>(f: () => T): [number, T] {
  const t0 = performance.now();
  const r = f();
  return [performance.now() - t0, r];
}

/** Longest gap between 1 ms timer ticks while `work` runs, less the 1 ms asked for: how long the loop was blocked. */
async function withLoopProbe<T>(work: () => Promise<T>): Promise<{ result: T; maxBlockMs: number }> {
  let max = 0;
  let last = performance.now();
  let running = true;
  const tick = () => {
    const now = performance.now();
    max = Math.max(max, now - last - 1);
    last = now;
    if (running) setTimeout(tick, 1);
  };
  setTimeout(tick, 1);
  const result = await work();
  running = false;
  await new Promise((r) => setTimeout(r, 3));
  return { result, maxBlockMs: max };
}

/** The pictures of the turn posts of a few seeded computer games (mostly close-ups): what a running bot draws. */
export function turnPictures(games = 3, steps = 80): Picture[] {
  const def = gameById('fence') as AnyGame;
  const pics: Picture[] = [];
  for (let g = 0; g < games; g++) {
    let s = setup({ seats: NAMES.slice(0, 2 + 2 * g).map((name) => ({ name, computer: true })), seed: `turns-${g}`, options: { autoBuild: true } }).state as FenceState;
    for (let k = 0; k < steps; k++) {
      const seat = whoMustAct(s);
      if (seat === null) break;
      const r = play(s, seat, computerAction(s, seat, 'random'));
      if (!r.ok) break;
      s = r.state;
      for (const p of def.posts?.([{ state: s, events: r.events }]) ?? []) for (const pic of [p.picture, ...(p.morePictures ?? [])]) if (pic) pics.push(pic);
    }
  }
  return pics;
}

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * Back to the event loop, as the render worker between two jobs (worker.ts): the pixels a
 * canvas.data() returned are freed by a finalizer that runs there. A loop that never yields
 * keeps every picture's pixels and reads each next one into fresh memory, whose page faults the
 * worker does not pay (measured at load ≈ 5: canvas.data() of a standard map 14.7 ms when never
 * yielding, 1.7–2.4 ms yielding; a close-up's draw + encode ≈ 18–23 ms against 10–12 ms).
 */
export const backToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Turn pictures drawn and encoded in this thread, as a render worker does: CPU per picture by kind (second pass: caches warm). */
async function benchTurnPictures(out: (s: string) => void): Promise<void> {
  const pics = turnPictures();
  const by = new Map<string, { draw: number; encode: number; n: number }>();
  for (let pass = 0; pass < 2; pass++) {
    for (const p of pics) {
      const c0 = cpuMs();
      // As job.ts's drawAndEncode does, with the two halves timed apart.
      const [c1, c2] = withLentCanvas(
        () => drawings[p.kind]!(p.view),
        (canvas) => {
          const rgba = canvas.data();
          const c1 = cpuMs();
          encodeRgbaSync(rgba, canvas.width, canvas.height);
          return [c1, cpuMs()];
        },
      );
      await backToEventLoop();
      if (pass === 0) continue;
      const e = by.get(p.kind) ?? { draw: 0, encode: 0, n: 0 };
      by.set(p.kind, { draw: e.draw + c1 - c0, encode: e.encode + c2 - c1, n: e.n + 1 });
    }
  }
  out(`  turn pictures of 3 seeded games (2, 4, 6 players), drawn + encoded in one thread, CPU per picture:`);
  for (const [kind, e] of by) out(`    ${kind.padEnd(8)} ×${e.n}: draw (incl. rasterizing) ${(e.draw / e.n).toFixed(1)} ms + encode ${(e.encode / e.n).toFixed(1)} ms = ${((e.draw + e.encode) / e.n).toFixed(1)} ms`);
}

export default async function benchRender(iterations = 30): Promise<void> {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const standard = standardView();
  const cases: [string, FenceView][] = [['standard 6p', standard], ['Big Map 80', bigMapView(standard)]];
  out(`render (draw + PNG encode); load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  await benchTurnPictures(out);
  for (const [name, view] of cases) {
    for (let i = 0; i < 3; i++) await renderMap(view); // worker started, fonts and base cached
    const api: number[] = [];
    let bytes = 0, w = 0, h = 0;
    const { maxBlockMs } = await withLoopProbe(async () => {
      for (let i = 0; i < iterations; i++) {
        const t0 = performance.now();
        const r = await renderMap(view);
        api.push(performance.now() - t0);
        bytes = r.png.length;
        w = r.width;
        h = r.height;
        // Let the probe's timer run between renders, as other channels' work would.
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    const cached: number[] = [], fresh: number[] = [], ours: number[] = [], builtin: number[] = [], drawBuiltin: number[] = [];
    let builtinBytes = 0, tile = 0;
    // Drawn and encoded as a render job (job.ts), back to the event loop after each like the worker.
    const drawAndEncode = (opts: { cache?: boolean }) =>
      withLentCanvas(() => drawMapPicture(view, opts).canvas, (c) => encodeRgbaSync(c.data(), c.width, c.height));
    for (let i = 0; i < iterations; i++) {
      cached.push(timed(() => drawAndEncode({}))[0]);
      await backToEventLoop();
      fresh.push(timed(() => drawAndEncode({ cache: false }))[0]);
      await backToEventLoop();
    }
    for (let i = 0; i < Math.min(iterations, 10); i++) {
      const pic = drawMapPicture(view);
      tile = pic.layout.tile;
      pic.canvas.data(); // rasterize first: both encoders then start from the same pixels
      ours.push(timed(() => encodeRgbaSync(pic.canvas.data(), pic.canvas.width, pic.canvas.height))[0]);
      await backToEventLoop();
      const [t, b] = timed(() => encodeBuiltIn(pic.canvas));
      builtin.push(t);
      builtinBytes = b.length;
      await backToEventLoop();
      drawBuiltin.push(timed(() => encodeBuiltIn(drawMapPicture(view).canvas))[0]);
      await backToEventLoop();
    }
    const m = (xs: number[]) => pct(xs, 0.5).toFixed(1);
    out(`  ${name}: ${w}x${h} px, tile ${tile} px, ${view.map.length} tiles`);
    out(`    renderMap (worker):  median ${m(api)} ms, p99 ${pct(api, 0.99).toFixed(1)} ms, PNG ${(bytes / 1024).toFixed(0)} KB; longest event-loop block during these renders ${maxBlockMs.toFixed(1)} ms`);
    out(`    draw + PNG, 1 thread: median ${m(cached)} ms (map base cached), ${m(fresh)} ms (drawn from scratch)`);
    out(`    encode only, same canvas: ours ${m(ours)} ms, built-in toBuffer('image/png') ${m(builtin)} ms (${(builtinBytes / 1024).toFixed(0)} KB): ${(pct(builtin, 0.5) / pct(ours, 0.5)).toFixed(1)}x`);
    out(`    draw + built-in ${m(drawBuiltin)} ms vs draw + ours ${m(cached)} ms: ${(pct(drawBuiltin, 0.5) / pct(cached, 0.5)).toFixed(1)}x`);
  }
  await closeRenderer();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // `turns`: only the turn pictures (the CPU per close-up and per whole map), three runs.
  if (process.argv[2] === 'turns') {
    process.stdout.write(`render, turn pictures only; load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);
    for (let run = 0; run < 3; run++) await benchTurnPictures((s) => process.stdout.write(`${s}\n`));
  } else await benchRender();
}
