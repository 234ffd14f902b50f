// The shared die face: the right pips for every value, in the colours asked for.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { drawDieFace, PIPS } from '../../src/render/dice.ts';

describe('drawDieFace', () => {
  it('draws value pips where that value has them and none elsewhere', () => {
    const all = new Set(Object.values(PIPS).flat().map(([x, y]) => `${x},${y}`));
    for (let value = 1; value <= 6; value++) {
      const canvas = createCanvas(100, 100);
      const ctx = canvas.getContext('2d');
      drawDieFace(ctx, 0, 0, 100, value, { fill: '#FFFFFF', pip: '#000000', edge: '#000000' });
      const at = (x: number, y: number) => ctx.getImageData(Math.round(x * 100), Math.round(y * 100), 1, 1).data[0];
      expect(PIPS[value]).toHaveLength(value);
      for (const key of all) {
        const [x, y] = key.split(',').map(Number) as [number, number];
        const covered = PIPS[value]!.some(([px, py]) => Math.hypot(px - x, py - y) < 0.08);
        expect(at(x, y), `value ${value} at ${key}`).toBe(covered ? 0 : 255);
      }
    }
  });
});
