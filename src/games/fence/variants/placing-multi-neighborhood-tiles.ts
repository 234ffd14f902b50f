/**
 * Placing Multi-Neighborhood Tiles (E10): every neighborhood of a placed tile must reach Old
 * Town and be reached from it, not only those with a road into the map (building.ts asks).
 */
import type { Variant } from './variant.ts';

export const placingMultiNeighborhoodTiles: Variant = {
  name: 'Placing Multi-Neighborhood Tiles',
  on: (o) => o.everyNeighborhood,
  everyNeighborhoodReaches: true,
};
