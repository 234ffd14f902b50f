// Animated pictures (src/render/animate.ts, frames.ts): every frame shows its picture, frames of
// different sizes share one screen, nothing of an earlier frame shows through, an animation's
// jobs wait behind pictures, and one too large for its limit is drawn smaller, then with fewer frames.
import { afterAll, describe, expect, it } from 'vitest';
import { animate, closeRenderer, type AnimationFrame } from '../../src/render/index.ts';
import { runFramesJob, runJob } from '../../src/render/pool.ts';
import { withLentCanvas } from '../../src/render/surface.ts';
import { registerFonts } from '../../src/render/fonts.ts';
import { readGif, type Shown } from '../replay/gif.ts';
import drawings, { CARD_URL, type CardView } from './animation-drawings.ts';

afterAll(async () => {
  await closeRenderer();
});

const game = { drawings: CARD_URL };
const card = (over: Partial<CardView> = {}): CardView => ({ width: 300, height: 200, background: '#F4F1EA', block: null, pieces: [], ...over });
const frame = (view: CardView, delayMs = 500): AnimationFrame => ({ kind: 'card', view, delayMs });

function drawn(view: CardView): Uint8Array {
  registerFonts();
  return withLentCanvas(() => drawings.card!(view), (c) => new Uint8Array(c.data()));
}

/** The largest difference of one colour channel between frame `k` as shown and `view` drawn, over the picture's own area. */
function worst(shown: Shown, k: number, view: CardView, area?: { y0: number; y1: number }): number {
  const want = drawn(view);
  const got = shown.frames[k]!.rgba;
  let max = 0;
  for (let y = area?.y0 ?? 0; y < (area?.y1 ?? view.height); y++) {
    for (let x = 0; x < view.width; x++) {
      for (let c = 0; c < 3; c++) max = Math.max(max, Math.abs(want[(y * view.width + x) * 4 + c]! - got[(y * shown.width + x) * 4 + c]!));
    }
  }
  return max;
}

/** Whether every pixel of frame `k` outside `view`'s picture has `view`'s background colour. */
function paddedWith(shown: Shown, k: number, view: CardView): boolean {
  const bg = drawn(view).slice(((view.height - 1) * view.width) * 4, ((view.height - 1) * view.width) * 4 + 3);
  const got = shown.frames[k]!.rgba;
  for (let y = 0; y < shown.height; y++) {
    for (let x = 0; x < shown.width; x++) {
      if (x < view.width && y < view.height) continue;
      const i = (y * shown.width + x) * 4;
      if (got[i] !== bg[0] || got[i + 1] !== bg[1] || got[i + 2] !== bg[2] || got[i + 3] !== 255) return false;
    }
  }
  return true;
}

describe('animate', () => {
  it('shows every picture in turn on one screen as large as the largest, with nothing of an earlier frame left', async () => {
    const start = card({ pieces: [{ x: 50, y: 50, colour: '#E69F00', label: '1' }] });
    const tall = card({ height: 320, block: { x: 120, y: 150, w: 150, h: 150, colour: '#0072B2' }, pieces: [{ x: 160, y: 90, colour: '#E69F00', label: '1' }] });
    const short = card({ height: 150, pieces: [{ x: 50, y: 50, colour: '#E69F00', label: '1' }, { x: 250, y: 100, colour: '#56B4E9', label: '2' }] });
    const views = [start, tall, short, short, start];
    const a = await animate(game, views.map((v, k) => frame(v, k === 0 ? 1500 : k === views.length - 1 ? 4000 : 600)));
    const shown = readGif(a.gif);
    expect([shown.width, shown.height, a.width, a.height, a.scale, a.frames]).toEqual([300, 320, 300, 320, 1, 5]);
    expect(shown.loops).toBe(0);
    expect(shown.frames.map((f) => f.delayMs)).toEqual([1500, 600, 600, 600, 4000]);
    views.forEach((v, k) => {
      // Few colours: each frame's palette holds them exactly.
      expect(worst(shown, k, v), `frame ${k}`).toBe(0);
      // Below a shorter picture: its own background, not the block or the piece of the taller one before it.
      expect(paddedWith(shown, k, v), `frame ${k}`).toBe(true);
    });
  });

  it('a picture of more colours than a palette holds keeps its flat colours exact and the rest close', async () => {
    const views = [0, 1, 2].map((seed) => card({ height: 260, block: { x: 20 + seed * 40, y: 20, w: 60, h: 60, colour: '#009E73' }, noise: { rows: 40, seed } }));
    const shown = readGif((await animate(game, views.map((v) => frame(v)))).gif);
    views.forEach((v, k) => {
      expect(worst(shown, k, v, { y0: 0, y1: 220 }), `frame ${k}, flat part`).toBe(0);
      expect(worst(shown, k, v, { y0: 220, y1: 260 }), `frame ${k}, noise`).toBeLessThan(128);
    });
  });

  it("an animation's runs wait behind the pictures asked for meanwhile", async () => {
    const done: string[] = [];
    const view = card({ pieces: [{ x: 50, y: 50, colour: '#E69F00', label: '1' }] });
    const run = (name: string) => runFramesJob({ type: 'frames', drawings: CARD_URL, frames: [frame(view)], before: { kind: 'card', view }, screen: null, scale: 1 }).then(() => done.push(name));
    const previous = process.env.RENDER_THREADS;
    process.env.RENDER_THREADS = '1';
    try {
      await Promise.all([run('run 1'), run('run 2'), runJob({ drawings: CARD_URL, kind: 'card', view }).then(() => done.push('picture')), run('run 3')]);
    } finally {
      if (previous === undefined) delete process.env.RENDER_THREADS;
      else process.env.RENDER_THREADS = previous;
    }
    expect(done[0]).toBe('picture');
  });

  it('too large for its limit: drawn smaller (labels keep their size on a phone), never below 390 pixels wide, then every other frame left out', async () => {
    const views = Array.from({ length: 8 }, (_, seed) => card({ width: 800, height: 200, noise: { rows: 60, seed } }));
    const frames = views.map((v) => frame(v));
    const full = await animate(game, frames);
    expect(full.scale).toBe(1);
    const smaller = await animate(game, frames, { maxBytes: Math.round(full.gif.length * 0.6) });
    expect(smaller.gif.length).toBeLessThanOrEqual(full.gif.length * 0.6);
    expect(smaller.frames).toBe(8);
    expect(smaller.scale).toBeLessThan(1);
    expect(smaller.width).toBe(Math.round(800 * smaller.scale));
    const fewer = await animate(game, frames, { maxBytes: Math.round(full.gif.length * 0.3) });
    expect(fewer.gif.length).toBeLessThanOrEqual(full.gif.length * 0.3);
    expect(fewer.width).toBeGreaterThanOrEqual(390);
    expect(fewer.frames).toBeLessThan(8);
    expect(readGif(fewer.gif).frames).toHaveLength(fewer.frames);
  });
});
