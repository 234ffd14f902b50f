/** Missing Tiles (E9): map building ends as soon as one player's hand of tiles is empty. */
import { seatsInGame } from '../../../platform/seats.ts';
import type { Variant } from './variant.ts';

export const missingTiles: Variant = {
  name: 'Missing Tiles',
  on: (o) => o.missingTiles,
  buildingOver: (s) => seatsInGame(s).some((i) => s.tileHands[i]!.length === 0),
};
