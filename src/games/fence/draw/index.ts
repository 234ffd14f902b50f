/** FENCE!'s drawings, by picture kind (see ../pictures.ts for the pictures and their views). */
import { defineDrawings } from '../../../render/drawings.ts';
import type { CloseUpView, FenceView } from '../views.ts';
import { drawHand, drawTileHand } from './hand.ts';
import { drawMapPicture } from './picture.ts';
import { drawCloseUp } from './closeup.ts';

export default defineDrawings<{ map: FenceView; closeup: CloseUpView; hand: FenceView; tiles: { view: FenceView; seat: number } }>({
  map: (view) => drawMapPicture(view).canvas,
  closeup: (z) => drawCloseUp(z).canvas,
  hand: (view) => {
    if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
    return drawHand(view.me);
  },
  tiles: ({ view, seat }) => drawTileHand(view, seat),
});
