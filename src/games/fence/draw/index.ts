/** FENCE!'s drawings, by picture kind (see ../pictures.ts for the pictures and their views). */
import { defineDrawings } from '../../../render/drawings.ts';
import type { CloseUpView, FenceView, OverviewView } from '../views.ts';
import { drawHand, drawTileHand } from './hand.ts';
import { drawMapPicture } from './picture.ts';
import { drawCloseUp } from './closeup.ts';
import { drawOverview } from './overview.ts';

export default defineDrawings<{ map: FenceView; closeup: CloseUpView; hand: FenceView; tiles: { view: FenceView; seat: number }; overview: OverviewView }>({
  map: (view) => drawMapPicture(view).canvas,
  closeup: (z) => drawCloseUp(z).canvas,
  overview: (z) => drawOverview(z).canvas,
  hand: (view) => {
    if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
    return drawHand(view.me);
  },
  tiles: ({ view, seat }) => drawTileHand(view, seat),
});
