/**
 * The render engine: turns a game's Picture (a kind, a view, an alt text) into a PNG with that
 * game's drawings. Drawing and encoding run in a render worker (pool.ts), so a render never
 * blocks the bot's event loop; call `closeRenderer()` at shutdown.
 */
import type { Picture } from '../platform/game.ts';
import { runJob } from './pool.ts';

export interface Rendered {
  png: Buffer;
  alt: string;
  width: number;
  height: number;
}

/** Draws `picture` with the drawings of `game` (its definition's `drawings` module). */
export async function render(game: { drawings: string }, picture: Picture): Promise<Rendered> {
  const pic = await runJob({ drawings: game.drawings, kind: picture.kind, view: picture.view });
  return { ...pic, alt: picture.alt };
}

export { closeRenderer, warmRenderer } from './pool.ts';
export { animate, MAX_ANIMATION_BYTES, type AnimateOptions, type Animation, type AnimationFrame } from './animate.ts';
export { defineDrawings, type Drawings } from './drawings.ts';
