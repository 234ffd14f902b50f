/**
 * Fences (`/farm`) on the surface bench (bench/surface.ts): four people, the Ranch's Chickens,
 * Market and Hay Bales (fox and bale questions), played by the simple computer player's choices
 * pressed as labels. A turn's post shows the map around its tile (the end: the scores and every
 * farm), and the first level's picture when it is about places (the fox's or a bale's field).
 */
import { choiceFor } from '../src/discord/choices.ts';
import type { Action } from '../src/games/farm/actions.ts';
import { endPicture } from '../src/games/farm/pictures.ts';
import { turnPicture } from '../src/games/farm/posts.ts';
import type { FarmState } from '../src/games/farm/state.ts';
import type { Picture } from '../src/platform/game.ts';
import { tapsFor } from '../test/farm/taps.ts';
import type { Script } from './surface.ts';

export const farmScript: Script = {
  id: 'farm',
  people: 4,
  options: { chickens: true, market: true, 'hay-bales': true },
  seed: 'surface-farm-4',
  postPictures: (def, state) => {
    const s = state as FarmState;
    if (s.outcome) return [endPicture(s)];
    const seat = def.activeSeats(s)[0];
    const first = seat === undefined ? undefined : choiceFor(def, s, seat).picture;
    return [turnPicture(s), ...(first ? [first] : [])] as Picture[];
  },
  // A cell in another part of the map is one letter away from the first part: the shortest way, as a player would press.
  taps: (state, _seat, action) => tapsFor(state as FarmState, action as Action),
};
