/**
 * A drawing kept for reuse (a cached map base, a tile's look), as its pixels. @napi-rs/canvas
 * records what is drawn on a canvas and rasterizes it when its pixels are needed, and copying a
 * canvas onto another (`drawImage`) replays that whole recording every time; so a kept drawing
 * is rasterized once and put back as pixels. It is kept as ImageData, not as a canvas holding
 * those pixels: such a canvas cost 2.8 times its pixels once it had been drawn from (its
 * recording, its raster and a snapshot; measured with 50 kept 1000 × 1000 drawings: 11.3 MB
 * each against 4 MB of pixels), ImageData about 1.2 times, so a render thread's caches took
 * ~100 MB more than their budgets said.
 */
import { ImageData, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';

export interface Kept {
  readonly pixels: ImageData;
  /** Pixels held, for a cache's budget. */
  readonly bytes: number;
}

/** A rectangle in a context's pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Keeps what `canvas` shows; the canvas itself is spent (its memory is given back at once, see release). */
export function keep(canvas: Canvas): Kept {
  const { width, height } = canvas;
  const pixels = new ImageData(new Uint8ClampedArray(canvas.data()), width, height);
  release(canvas);
  return { pixels, bytes: width * height * 4 };
}

/**
 * Puts a kept drawing back with its top-left at (x, y), whole pixels, as an opaque copy would
 * be drawn; only the part inside `clip` (the context's clip, which putting ignores, as it
 * ignores the transform: the context must have none).
 */
export function put(ctx: SKRSContext2D, kept: Kept, x: number, y: number, clip?: Rect): void {
  const { width, height } = kept.pixels;
  if (!clip) return ctx.putImageData(kept.pixels, x, y);
  const left = Math.max(x, clip.x), top = Math.max(y, clip.y);
  const right = Math.min(x + width, clip.x + clip.width), bottom = Math.min(y + height, clip.y + clip.height);
  if (right <= left || bottom <= top) return;
  ctx.putImageData(kept.pixels, x, y, left - x, top - y, right - left, bottom - top);
}

/**
 * Gives a canvas's native memory (pixels and recording) back now, rather than when a garbage
 * collection finds its JavaScript object: a render thread allocates little that V8 sees, so
 * collections are rare there, and canvases waiting for one held tens of MB per thread (a
 * resize frees the old surface at once: measured). The canvas stays usable, at 1 × 1.
 */
export function release(canvas: Canvas): void {
  canvas.width = 1;
  canvas.height = 1;
}
