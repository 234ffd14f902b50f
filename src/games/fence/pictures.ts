/**
 * FENCE!'s pictures, as the platform posts them: a kind of drawing (./draw/index.ts), the view
 * it shows and its alt text. Built from views only, so a picture never shows more than its viewer knows.
 */
import type { Picture } from '../../platform/game.ts';
import { handAlt, mapAlt, tileHandAlt } from './alt.ts';
import type { FenceView } from './views.ts';

/** The map with its panels: players, Jail, Hot Goods. */
export const mapPicture = (view: FenceView): Picture => ({ kind: 'map', view, alt: mapAlt(view) });

/** The viewer's own hand. Only a player's own view carries a hand; a channel view is refused. */
export function handPicture(view: FenceView): Picture {
  if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
  return { kind: 'hand', view, alt: handAlt(view.me) };
}

/** A seat's tile hand (face up, B2), each tile in its four rotations. */
export const tileHandPicture = (view: FenceView, seat: number): Picture => ({ kind: 'tiles', view: { view, seat }, alt: tileHandAlt(view, seat) });

/** The URL of FENCE!'s drawings module, for the definition. */
export const DRAWINGS = new URL(import.meta.url.endsWith('.ts') ? './draw/index.ts' : './draw/index.js', import.meta.url).href;
