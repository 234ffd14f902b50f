/**
 * PNG renders of a FENCE! game, as pure functions of a FenceView (channel or player view):
 * the renderer never sees what its viewer may not know.
 *
 * The three render functions post the view to a render worker (pool.ts) and resolve with the
 * PNG, so a render never blocks the bot's event loop; call `closeRenderer()` at shutdown.
 * `drawMapPicture` draws in the calling thread, for tests that read pixels.
 */
import type { FenceView } from '../games/fence/views.ts';
import { handAlt, mapAlt, tileHandAlt } from './alt.ts';
import { runJob } from './pool.ts';

export interface Rendered {
  png: Buffer;
  alt: string;
  width: number;
  height: number;
}

export async function renderMap(view: FenceView, opts: { tile?: number } = {}): Promise<Rendered> {
  const pic = await runJob(opts.tile === undefined ? { kind: 'map', view } : { kind: 'map', view, tile: opts.tile });
  return { ...pic, alt: mapAlt(view) };
}

/** The viewer's own hand. Only a player's own view carries a hand; a channel view is refused. */
export async function renderHand(view: FenceView): Promise<Rendered> {
  if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
  const pic = await runJob({ kind: 'hand', view });
  return { ...pic, alt: handAlt(view.me) };
}

/** A seat's tile hand (face up, B2), each tile in its four rotations. */
export async function renderTileHand(view: FenceView, seat: number): Promise<Rendered> {
  const pic = await runJob({ kind: 'tileHand', view, seat });
  return { ...pic, alt: tileHandAlt(view, seat) };
}

export { closeRenderer } from './pool.ts';
export { drawMapPicture, MAX_SIDE, TILE_SIZE, type MapPicture } from './pictures.ts';
export { mapAlt, handAlt, tileHandAlt } from './alt.ts';
export type { MapLayout, PieceSpot } from './map.ts';
