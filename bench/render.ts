/**
 * Render bench: drawing + PNG encoding for a 6-player standard map and a Big Map (80 tiles),
 * the PNG size, the built-in encoder (`toBuffer('image/png')`) on the same pictures, and the
 * longest the event loop was blocked while our renders ran. Run alone: `npx tsx bench/render.ts`.
 */
import { pathToFileURL } from 'node:url';
import { applyAction, computerAction, createGame, viewFor, whoMustAct, type FenceView } from '../src/games/fence/index.ts';
import { drawMapPicture } from '../src/render/index.ts';
import { encodeBuiltIn, encodeCanvas } from '../src/render/encode.ts';

const NAMES = ['Ann', 'Bob', 'Cara', 'Dmitri', 'Eve', 'Fatima'];

export function standardView(seed = 'bench', steps = 60): FenceView {
  let s = createGame({ seats: NAMES.map((name) => ({ name, computer: true })), seed, options: { autoBuild: true } }).state;
  for (let i = 0; i < steps; i++) {
    const seat = whoMustAct(s);
    if (seat === null) break;
    const a = computerAction(s, seat, 'random');
    if (!a) break;
    const r = applyAction(s, seat, a);
    if (!r.ok) break;
    s = r.state;
  }
  return viewFor(s, 'channel');
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

/** Longest gap between 1 ms timer ticks while `work` runs: how long the loop was blocked. */
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

export default async function benchRender(iterations = 20): Promise<void> {
  const out = (s: string) => process.stdout.write(`${s}\n`);
  const standard = standardView();
  const cases: [string, FenceView][] = [['standard 6p', standard], ['Big Map 80', bigMapView(standard)]];
  out('render (draw + PNG encode)');
  for (const [name, view] of cases) {
    for (let i = 0; i < 3; i++) await encodeCanvas(drawMapPicture(view).canvas);
    const ours: number[] = [], draw: number[] = [], sync: number[] = [], builtin: number[] = [];
    let bytes = 0, builtinBytes = 0, w = 0, h = 0, tile = 0;
    const { maxBlockMs } = await withLoopProbe(async () => {
      for (let i = 0; i < iterations; i++) {
        const t0 = performance.now();
        const pic = drawMapPicture(view);
        const t1 = performance.now();
        const pending = encodeCanvas(pic.canvas);
        // Everything up to here ran on the event loop; the deflate itself runs on the thread pool.
        sync.push(performance.now() - t0);
        const png = await pending;
        ours.push(performance.now() - t0);
        draw.push(t1 - t0);
        bytes = png.length;
        w = pic.canvas.width;
        h = pic.canvas.height;
        tile = pic.layout.tile;
        // Let the probe's timer run between renders, as other channels' work would.
        await new Promise((r) => setTimeout(r, 2));
      }
    });
    const pic = drawMapPicture(view);
    for (let i = 0; i < Math.min(iterations, 10); i++) {
      const t0 = performance.now();
      builtinBytes = encodeBuiltIn(pic.canvas).length;
      builtin.push(performance.now() - t0);
    }
    const med = pct(ours, 0.5), bmed = pct(builtin, 0.5);
    out(`  ${name}: ${w}x${h} px, tile ${tile} px, ${view.map.length} tiles`);
    out(`    ours:     median ${med.toFixed(1)} ms, p99 ${pct(ours, 0.99).toFixed(1)} ms (draw median ${pct(draw, 0.5).toFixed(1)} ms), PNG ${(bytes / 1024).toFixed(0)} KB`);
    out(`    built-in: toBuffer('image/png') median ${bmed.toFixed(1)} ms on the same picture (encode only), PNG ${(builtinBytes / 1024).toFixed(0)} KB`);
    out(`    speed-up ${(bmed / med).toFixed(1)}x; draw + rasterize + first band (the longest synchronous slice): median ${pct(sync, 0.5).toFixed(1)} ms, max ${Math.max(...sync).toFixed(1)} ms; longest timer delay seen during our renders ${maxBlockMs.toFixed(1)} ms`);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchRender();
