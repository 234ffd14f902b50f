/**
 * A drawing kept for reuse (a cached map base, a tile's look). @napi-rs/canvas records what is
 * drawn on a canvas and rasterizes it when its pixels are needed, and copying a canvas onto
 * another (`drawImage`) replays that whole recording every time. A kept drawing is a canvas
 * holding only its pixels (rasterized once, put back as one image), so a copy is a blit:
 * the same pixels, as a cached drawing is opaque.
 */
import { createCanvas, ImageData, type Canvas } from '@napi-rs/canvas';

export interface Kept {
  readonly image: Canvas;
  /** Pixels held, for a cache's budget. */
  readonly bytes: number;
}

export function keep(canvas: Canvas): Kept {
  const { width, height } = canvas;
  const flat = createCanvas(width, height);
  flat.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(canvas.data()), width, height), 0, 0);
  return { image: flat, bytes: width * height * 4 };
}
