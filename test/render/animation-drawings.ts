/**
 * Drawings for the animation tests: a card of any size on a flat background, a coloured block
 * and round, anti-aliased pieces with a label, so frames differ in size, in flat areas and in
 * edges. `noise` fills a strip with many colours (more than a palette holds).
 */
import { createCanvas } from '@napi-rs/canvas';
import { defineDrawings } from '../../src/render/drawings.ts';
import { font } from '../../src/render/fonts.ts';

export interface CardView {
  width: number;
  height: number;
  background: string;
  block: { x: number; y: number; w: number; h: number; colour: string } | null;
  pieces: { x: number; y: number; colour: string; label: string }[];
  /** Rows of many colours at the bottom, different for each `seed`. */
  noise?: { rows: number; seed: number };
}

export const CARD_URL = new URL('./animation-drawings.ts', import.meta.url).href;

export default defineDrawings<{ card: CardView }>({
  card: (v) => {
    const canvas = createCanvas(v.width, v.height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = v.background;
    ctx.fillRect(0, 0, v.width, v.height);
    if (v.block) {
      ctx.fillStyle = v.block.colour;
      ctx.fillRect(v.block.x, v.block.y, v.block.w, v.block.h);
    }
    for (const p of v.pieces) {
      ctx.fillStyle = p.colour;
      ctx.beginPath();
      ctx.arc(p.x, p.y, 18, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = '#000000';
      ctx.font = font(16, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(p.label, p.x, p.y);
    }
    if (v.noise) {
      const img = ctx.createImageData(v.width, v.noise.rows);
      let x = v.noise.seed * 2654435761 + 1;
      for (let i = 0; i < img.data.length; i++) {
        x = (x * 1103515245 + 12345) >>> 0;
        img.data[i] = i % 4 === 3 ? 255 : x >>> 24;
      }
      ctx.putImageData(img, 0, v.height - v.noise.rows);
    }
    return canvas;
  },
});
