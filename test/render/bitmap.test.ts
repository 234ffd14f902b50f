// Kept drawings (src/render/bitmap.ts): put back, they give the pixels copying the canvas they
// were drawn on gives (what the caches did before: drawImage), also cut by a clip; the canvas
// they were kept from gives its memory back at once.
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { keep, put } from '../../src/render/bitmap.ts';

/** A tile-like drawing: opaque ground, a road, text with a halo. */
function paint(ctx: SKRSContext2D, x: number, y: number): void {
  ctx.fillStyle = '#C9D8A8';
  ctx.fillRect(x, y, 40, 30);
  ctx.strokeStyle = '#6B5B45';
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.moveTo(x, y + 15);
  ctx.lineTo(x + 40, y + 12);
  ctx.stroke();
  ctx.font = '9px sans-serif';
  ctx.fillStyle = '#111111';
  ctx.fillText('Nb', x + 5, y + 25);
}

/** A background with something under where the drawing goes, then the drawing at (13, 7), inside `clip` if given. */
function scene(draw: (ctx: SKRSContext2D) => void, clip?: { x: number; y: number; width: number; height: number }): Buffer {
  const canvas = createCanvas(80, 60);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#F4F1EA';
  ctx.fillRect(0, 0, 80, 60);
  ctx.fillStyle = '#0072B2';
  ctx.fillRect(10, 5, 30, 30);
  if (clip) {
    ctx.save();
    ctx.beginPath();
    ctx.rect(clip.x, clip.y, clip.width, clip.height);
    ctx.clip();
  }
  draw(ctx);
  if (clip) ctx.restore();
  // Drawn after it: stays on top.
  ctx.fillStyle = '#D55E00';
  ctx.fillRect(30, 20, 6, 6);
  return Buffer.from(canvas.data());
}

function drawn() {
  const canvas = createCanvas(40, 30);
  paint(canvas.getContext('2d'), 0, 0);
  return canvas;
}

function kept() {
  const source = drawn();
  return { kept: keep(source), source };
}

/** The drawing copied from its canvas, as a whole-pixel image. */
const copy = (x: number, y: number) => (ctx: SKRSContext2D) => ctx.drawImage(drawn(), x, y);

describe('kept drawings', () => {
  it('put back, give the same pixels as a copy of their canvas', () => {
    const { kept: k } = kept();
    expect(scene((ctx) => put(ctx, k, 13, 7)).equals(scene(copy(13, 7)))).toBe(true);
  });

  it('put back inside a clip (a tile cut at a picture\'s edge), give the pixels a copy inside it gives', () => {
    const { kept: k } = kept();
    const clip = { x: 0, y: 10, width: 30, height: 50 };
    expect(scene((ctx) => put(ctx, k, 13, 7, clip), clip).equals(scene(copy(13, 7), clip))).toBe(true);
    // Wholly outside: nothing.
    const away = { x: 60, y: 0, width: 20, height: 60 };
    expect(scene((ctx) => put(ctx, k, 13, 7, away), away).equals(scene(() => undefined))).toBe(true);
  });

  it('the canvas a drawing was kept from gives its memory back at once', () => {
    const { source } = kept();
    expect([source.width, source.height]).toEqual([1, 1]);
  });
});
