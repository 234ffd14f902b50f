/**
 * The canvas a whole picture is drawn on. A new canvas costs more than much of the drawing on it:
 * its pixels are fresh memory, and the first touch of each page is a page fault (an 840 × 901
 * close-up: ≈ 670 faults, ≈ 9 ms of CPU on our VMs, more than drawing the whole close-up on a
 * canvas already in use). So while a render job draws (job.ts), a picture's canvas is lent from
 * a small pool of canvases by size and taken back once its pixels have been read; the pictures
 * of a game come in a few sizes only. Outside a job (tests, the CLI) every picture gets a canvas
 * of its own, since its caller may keep it.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { release } from './bitmap.ts';

/**
 * Pixels the pool may hold per render thread: a close-up or two, or a whole map. Holding 32 MB
 * (several sizes) drew the bench's 246 close-ups and 29 maps no faster than holding one canvas
 * (11.7–14.2 against 10.8–13.9 ms a close-up, four alternating runs of `bench/render.ts turns`):
 * memory (a bot's RSS with 10,000 games is measured against 500 MB) matters more.
 */
const POOL_BYTES = 8 * 1024 * 1024;

/** Idle canvases by size, least recently used first. */
const idle = new Map<string, Canvas>();
let idleBytes = 0;
/** Canvases lent to the job being drawn; null when no job is drawing. */
let lent: Canvas[] | null = null;

const bytesOf = (c: Canvas): number => c.width * c.height * 4;

/** A canvas of `width` × `height` for a picture, its drawing state as new; its pixels are for the caller to paint over entirely. */
export function pictureCanvas(width: number, height: number): Canvas {
  if (!lent) return createCanvas(width, height);
  const key = `${width}x${height}`;
  let canvas = idle.get(key);
  if (canvas) {
    idle.delete(key);
    idleBytes -= bytesOf(canvas);
    // Back to the state of a new canvas: transform, clip, styles, line dash, and an empty recording.
    canvas.getContext('2d').reset();
  } else if (idle.size > 0 && idleBytes + width * height * 4 > POOL_BYTES) {
    // Each game's pictures have sizes of their own: rather than a new canvas beside one the pool
    // would then drop, the least recently used is made this size (its old pixels freed at once;
    // a resize resets the canvas as a new one is).
    const [oldest, reused] = idle.entries().next().value as [string, Canvas];
    idle.delete(oldest);
    idleBytes -= bytesOf(reused);
    reused.width = width;
    reused.height = height;
    canvas = reused;
  } else canvas = createCanvas(width, height);
  lent.push(canvas);
  return canvas;
}

/**
 * Runs `draw` with picture canvases lent from the pool, then `use` on the picture it drew (read
 * its pixels there: the canvas goes back to the pool, to be drawn over, as soon as `use` returns).
 */
export function withLentCanvas<T>(draw: () => Canvas, use: (canvas: Canvas) => T): T {
  if (lent) throw new Error('render: a picture is already being drawn in this thread');
  lent = [];
  const mine = lent;
  try {
    let canvas: Canvas;
    try {
      canvas = draw();
    } finally {
      lent = null;
    }
    return use(canvas);
  } finally {
    for (const c of mine) giveBack(c);
  }
}

function giveBack(canvas: Canvas): void {
  const key = `${canvas.width}x${canvas.height}`;
  const old = idle.get(key);
  if (old && old !== canvas) {
    idleBytes -= bytesOf(old);
    release(old);
  }
  idle.delete(key);
  idle.set(key, canvas);
  idleBytes += bytesOf(canvas);
  while (idleBytes > POOL_BYTES && idle.size > 1) {
    const [oldest, gone] = idle.entries().next().value as [string, Canvas];
    idle.delete(oldest);
    idleBytes -= bytesOf(gone);
    release(gone);
  }
}
