/** A die face, as any game's pictures show a roll. */
import type { SKRSContext2D } from '@napi-rs/canvas';

export interface DieColours {
  fill: string;
  pip: string;
  edge: string;
}

/** Pip centres per value, as fractions of the face. */
export const PIPS: Readonly<Record<number, readonly (readonly [number, number])[]>> = {
  1: [[0.5, 0.5]],
  2: [[0.27, 0.27], [0.73, 0.73]],
  3: [[0.25, 0.25], [0.5, 0.5], [0.75, 0.75]],
  4: [[0.27, 0.27], [0.73, 0.27], [0.27, 0.73], [0.73, 0.73]],
  5: [[0.25, 0.25], [0.75, 0.25], [0.5, 0.5], [0.25, 0.75], [0.75, 0.75]],
  6: [[0.27, 0.22], [0.73, 0.22], [0.27, 0.5], [0.73, 0.5], [0.27, 0.78], [0.73, 0.78]],
};

/** `value` pips on a rounded square of side `s` at (x, y). */
export function drawDieFace(ctx: SKRSContext2D, x: number, y: number, s: number, value: number, colours: DieColours): void {
  ctx.beginPath();
  ctx.roundRect(x, y, s, s, s * 0.2);
  ctx.fillStyle = colours.fill;
  ctx.fill();
  ctx.strokeStyle = colours.edge;
  ctx.lineWidth = Math.max(1, s / 14);
  ctx.stroke();
  ctx.fillStyle = colours.pip;
  for (const [px, py] of PIPS[value] ?? []) {
    ctx.beginPath();
    ctx.arc(x + px * s, y + py * s, s * 0.1, 0, Math.PI * 2);
    ctx.fill();
  }
}
