/**
 * An animated GIF's frames, drawn and encoded in the thread that runs the job (the render
 * worker): a run of a game's pictures, each one drawn with its drawings like any other picture,
 * then written as one GIF frame. animate.ts cuts an animation into such runs and joins them.
 *
 * Why GIF (with gifenc, MIT, pure JavaScript): Discord plays an attached GIF inline in every
 * client, phones included, while animated WebP attachments animate only in recent desktop
 * clients; gifenc needs no native binary (sharp's animated WebP brings libvips, ≈ 20 MB, and
 * must be loaded in the main thread before worker threads), and it writes one frame at a
 * time, so a long animation is encoded in short jobs that never hold the worker for long.
 *
 * Frames are pictures of one game, drawn top-left on one screen (as wide and as tall as the
 * largest). Each frame after the first covers its own picture and the previous one (where that
 * was larger, the frame paints its own background there), and leaves transparent every pixel
 * that is the same as in the previous picture: a turn that moves one piece costs a few kB.
 * Colours: each frame has its own palette of the pixels it paints (at most 255 and the
 * transparent one), so a colour first seen late in a game is never approximated. A frame of
 * few colours gets them exactly; else gifenc's quantiser chooses the palette, and the colours
 * that cover most of the frame (a board's background, its squares) then replace the nearest
 * entries: otherwise a square repainted in one frame would differ, by a shade, from the same
 * square left standing from an earlier frame, and traces of old moves would show.
 */
import type { Canvas } from '@napi-rs/canvas';
import gifenc from 'gifenc';
import { loadDrawings } from './drawings.ts';
import { registerFonts } from './fonts.ts';
import { pictureCanvas, withLentCanvas } from './surface.ts';

const { GIFEncoder, quantize } = gifenc;

/** How many of a frame's most used colours are kept exactly when it has more than a palette holds. */
const EXACT = 64;

/** A picture of the animation: a kind of the game's drawings, its view, and how long it is shown. */
export interface AnimationFrame {
  kind: string;
  view: unknown;
  delayMs: number;
}

/** Frames of one animation for one job: the run `frames`, after the picture `before`. */
export interface FramesJob {
  type: 'frames';
  /** The URL of the game's drawings module. */
  drawings: string;
  frames: readonly AnimationFrame[];
  /**
   * The picture the screen shows before the first of `frames` (drawn to compare with, not
   * encoded); null when `frames` open the animation, and `screen` then says how large the
   * screen is (at least: it grows to fit the first picture).
   */
  before: { kind: string; view: unknown } | null;
  screen: { width: number; height: number } | null;
  /** Every picture is drawn, then scaled by this (≤ 1), to keep the file small. */
  scale: number;
}

/** GIF bytes: the opening job's start with the header, screen and loop; the others' frames only. No trailer. */
export interface EncodedFrames {
  gif: Buffer;
  /** The area the frames cover: the screen must be at least this large. */
  width: number;
  height: number;
}

interface Pixels {
  /** RGBA, as @napi-rs/canvas holds them, in an array of its own (gifenc reads its whole buffer). */
  rgba: Uint8Array;
  width: number;
  height: number;
}

function drawPixels(drawer: (view: unknown) => Canvas, view: unknown, scale: number): Pixels {
  return withLentCanvas(
    () => {
      const drawn = drawer(view);
      if (scale === 1) return drawn;
      const small = pictureCanvas(Math.max(1, Math.round(drawn.width * scale)), Math.max(1, Math.round(drawn.height * scale)));
      const ctx = small.getContext('2d');
      ctx.imageSmoothingEnabled = true;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(drawn, 0, 0, small.width, small.height);
      return small;
    },
    (canvas) => ({ rgba: new Uint8Array(canvas.data()), width: canvas.width, height: canvas.height }),
  );
}

/**
 * Where each painted pixel is and its colour, kept between frames: fresh arrays of a screen's
 * size for every frame (≈ 11 MB for a tall one) cost more in page faults than the copy itself.
 */
let scratch = { at: new Int32Array(0), colours: new Uint32Array(0) };
function scratchFor(pixels: number): typeof scratch {
  if (scratch.at.length < pixels) scratch = { at: new Int32Array(pixels), colours: new Uint32Array(pixels) };
  return scratch;
}

/**
 * One frame: `cur` over the area `width` × `height` (its own background beyond it), every pixel
 * the same as `prev` left transparent. The opening frame (no `prev`) paints the whole screen.
 */
function writeFrame(gif: ReturnType<typeof GIFEncoder>, cur: Pixels, prev: Pixels | null, width: number, height: number, delayMs: number): void {
  const c32 = new Uint32Array(cur.rgba.buffer, 0, cur.width * cur.height);
  const p32 = prev ? new Uint32Array(prev.rgba.buffer, 0, prev.width * prev.height) : null;
  const background = c32[(cur.height - 1) * cur.width] as number;
  const { at, colours } = scratchFor(width * height);
  let n = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const c = x < cur.width && y < cur.height ? (c32[y * cur.width + x] as number) : background;
      if (p32 && x < prev!.width && y < prev!.height && p32[y * prev!.width + x] === c) continue;
      at[n] = y * width + x;
      colours[n++] = c;
    }
  }
  if (n === 0) {
    // Nothing changed: a transparent pixel carries the delay.
    gif.writeFrame(new Uint8Array(1), 1, 1, { palette: [[0, 0, 0], [0, 0, 0]], transparent: true, transparentIndex: 0, delay: delayMs, dispose: 1 });
    return;
  }
  const opening = prev === null;
  const { palette, indexOf } = paletteFor(colours.subarray(0, n), opening ? 256 : 255);
  const transparent = palette.length;
  const index = new Uint8Array(width * height).fill(opening ? 0 : transparent);
  for (let k = 0, last = -1, i = 0; k < n; k++) {
    const c = colours[k] as number;
    // Runs of one colour are the rule in flat pictures: one lookup a run.
    if (c !== last) [last, i] = [c, indexOf(c)];
    index[at[k] as number] = i;
  }
  if (opening) {
    gif.writeFrame(index, width, height, { palette, first: true, repeat: 0, delay: delayMs, dispose: 1 });
  } else {
    gif.writeFrame(index, width, height, { palette: [...palette, [0, 0, 0]], transparent: true, transparentIndex: transparent, delay: delayMs, dispose: 1 });
  }
}

const rgbOf = (c: number): number[] => [c & 0xff, (c >>> 8) & 0xff, (c >>> 16) & 0xff];

/** A palette of at most `size` colours for `colours` (RGBA words), and each colour's index in it. */
function paletteFor(colours: Uint32Array, size: number): { palette: number[][]; indexOf: (c: number) => number } {
  // Counted run by run: flat pictures repeat a colour along a row.
  const counts = new Map<number, number>();
  for (let k = 0; k < colours.length;) {
    const c = colours[k] as number;
    let end = k + 1;
    while (end < colours.length && colours[end] === c) end++;
    counts.set(c, (counts.get(c) ?? 0) + end - k);
    k = end;
  }
  const byUse = [...counts].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  const exact = new Map<number, number>();
  let palette: number[][];
  if (byUse.length <= size) {
    palette = byUse.map(rgbOf);
    byUse.forEach((c, k) => exact.set(c, k));
  } else {
    // The quantiser's time grows with the square of the colour bins it starts from: past a few
    // thousand colours (a photograph, never a board), coarser bins keep a frame to milliseconds.
    const format = byUse.length > 4096 ? 'rgb444' : 'rgb565';
    palette = quantize(new Uint8Array(colours.buffer, colours.byteOffset, colours.length * 4).slice(), size, { format });
    const taken = new Set<number>();
    for (const c of byUse.slice(0, EXACT)) {
      const k = nearest(palette, c, taken);
      if (k < 0) break;
      palette[k] = rgbOf(c);
      taken.add(k);
      exact.set(c, k);
    }
  }
  return {
    palette,
    indexOf: (c) => {
      let k = exact.get(c);
      if (k === undefined) exact.set(c, (k = nearest(palette, c, null)));
      return k;
    },
  };
}

/** The palette entry nearest to colour `c` (not one of `skip`), or -1. */
function nearest(palette: readonly number[][], c: number, skip: ReadonlySet<number> | null): number {
  const r = c & 0xff, g = (c >>> 8) & 0xff, b = (c >>> 16) & 0xff;
  let best = -1;
  let bestD = Infinity;
  for (let k = 0; k < palette.length; k++) {
    if (skip?.has(k)) continue;
    const p = palette[k]!;
    const d = (p[0]! - r) ** 2 + (p[1]! - g) ** 2 + (p[2]! - b) ** 2;
    if (d < bestD) [best, bestD] = [k, d];
  }
  return best;
}

/** Draws and encodes a frames job in the calling thread, blocking it meanwhile: the worker's work. */
export async function encodeFrames(job: FramesJob): Promise<EncodedFrames> {
  if (!job.before && !job.screen) throw new Error('render: an animation opens with the size of its screen');
  registerFonts();
  const drawings = await loadDrawings(job.drawings);
  const drawerOf = (kind: string) => {
    const d = drawings[kind];
    if (!d) throw new Error(`render: no drawer for pictures of kind '${kind}'`);
    return d;
  };
  const gif = GIFEncoder({ auto: false });
  let prev = job.before ? drawPixels(drawerOf(job.before.kind), job.before.view, job.scale) : null;
  let width = 0;
  let height = 0;
  for (const frame of job.frames) {
    const cur = drawPixels(drawerOf(frame.kind), frame.view, job.scale);
    let w: number, h: number;
    if (prev) [w, h] = [Math.max(cur.width, prev.width), Math.max(cur.height, prev.height)];
    else {
      gif.writeHeader();
      [w, h] = [Math.max(job.screen!.width, cur.width), Math.max(job.screen!.height, cur.height)];
    }
    writeFrame(gif, cur, prev, w, h, frame.delayMs);
    width = Math.max(width, w);
    height = Math.max(height, h);
    prev = cur;
  }
  const bytes = gif.bytes();
  return { gif: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length), width, height };
}
