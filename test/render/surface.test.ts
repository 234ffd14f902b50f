// Picture canvases lent by the render engine (src/render/surface.ts): reused between jobs, yet every picture as on a new canvas.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { pictureCanvas, withLentCanvas } from '../../src/render/surface.ts';

/** A picture that leaves its canvas in a strange state: turned, clipped, half transparent, dashed. */
function messy(canvas: Canvas): Canvas {
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#F4F1EA';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.save();
  ctx.translate(7, 3);
  ctx.rotate(0.3);
  ctx.beginPath();
  ctx.rect(0, 0, 20, 20);
  ctx.clip();
  ctx.globalAlpha = 0.5;
  ctx.setLineDash([3, 2]);
  ctx.fillStyle = '#0072B2';
  ctx.fillRect(0, 0, 40, 40);
  ctx.save(); // left unbalanced on purpose
  return canvas;
}

function plain(canvas: Canvas): Canvas {
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#F4F1EA';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.strokeStyle = '#D55E00';
  ctx.lineWidth = 3;
  ctx.strokeRect(5.5, 5.5, 30, 20);
  return canvas;
}

describe('picture canvases', () => {
  it('a render job reuses the canvas of the last picture of its size, drawn as on a new one', () => {
    const first = withLentCanvas(() => messy(pictureCanvas(48, 32)), (c) => c);
    const [again, pixels] = withLentCanvas(() => plain(pictureCanvas(48, 32)), (c) => [c, Buffer.from(c.data())] as const);
    expect(again).toBe(first);
    expect(pixels.equals(plain(createCanvas(48, 32)).data())).toBe(true);
    const other = withLentCanvas(() => plain(pictureCanvas(48, 33)), (c) => c);
    expect(other).not.toBe(first);
  });

  it('a picture of a new size, with the pool full, is drawn on its least recently used canvas made that size, as on a new one', () => {
    // 8.4 MB of pixels: the pool holds no more than that.
    const big = withLentCanvas(() => plain(pictureCanvas(1500, 1400)), (c) => c);
    const [again, pixels] = withLentCanvas(() => plain(pictureCanvas(52, 31)), (c) => [c, Buffer.from(c.data())] as const);
    // Not a new canvas beside one the pool would then drop (whose memory waits for a garbage collection).
    expect(again).toBe(big);
    expect([again.width, again.height]).toEqual([52, 31]);
    expect(pixels.equals(plain(createCanvas(52, 31)).data())).toBe(true);
  });

  it('a canvas the pool drops gives its memory back at once', () => {
    const first = withLentCanvas(() => plain(pictureCanvas(1500, 1400)), (c) => c);
    // Two pictures of one job: the first is dropped when the second goes back.
    const [a] = withLentCanvas(() => {
      const one = plain(pictureCanvas(1500, 1400));
      plain(pictureCanvas(1500, 1401));
      return one;
    }, (c) => [c] as const);
    expect(a).toBe(first);
    expect([first.width, first.height]).toEqual([1, 1]);
  });

  it('outside a render job every picture gets a canvas of its own', () => {
    expect(pictureCanvas(48, 32)).not.toBe(pictureCanvas(48, 32));
  });

  it('a canvas goes back to the pool even when drawing throws', () => {
    const first = withLentCanvas(() => plain(pictureCanvas(40, 30)), (c) => c);
    expect(() =>
      withLentCanvas(
        () => {
          pictureCanvas(40, 30);
          throw new Error('bad view');
        },
        (c) => c,
      ),
    ).toThrow('bad view');
    expect(withLentCanvas(() => pictureCanvas(40, 30), (c) => c)).toBe(first);
  });
});
