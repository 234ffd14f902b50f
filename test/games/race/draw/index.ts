/** Race's one picture: the track, a square per step, each runner's numbered disc. */
import { createCanvas } from '@napi-rs/canvas';
import { defineDrawings } from '../../../../src/render/drawings.ts';
import { font } from '../../../../src/render/fonts.ts';
import { seatColour } from '../../../../src/render/palette.ts';

interface View { goal: number; names: string[]; positions: number[] }

export default defineDrawings<{ track: View }>({
  track: (v) => {
    const cell = 40;
    const canvas = createCanvas((v.goal + 1) * cell + 20, v.names.length * cell + 20);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#F4F1EA';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    v.names.forEach((_, seat) => {
      const c = seatColour(seat);
      const x = 10 + Math.min(v.positions[seat] ?? 0, v.goal) * cell + cell / 2;
      const y = 10 + seat * cell + cell / 2;
      ctx.fillStyle = c.fill;
      ctx.beginPath();
      ctx.arc(x, y, cell * 0.4, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillStyle = c.ink;
      ctx.font = font(cell * 0.5, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(seat + 1), x, y);
    });
    return canvas;
  },
});
