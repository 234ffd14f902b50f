/**
 * Big Map (E8): two sets of tiles shuffled together, the second copy of each keyed "#2". The
 * first Old Town starts the map; the second is an ordinary tile. A coordinate names every tile
 * bearing it: moves offer, and Hot Goods measure from, the neighborhoods of all of them (rules.ts
 * indexes in-play neighborhoods by coordinate, so nothing more is needed there).
 */
import type { Variant } from './variant.ts';

export const bigMap: Variant = {
  name: 'Big Map',
  on: (o) => o.bigMap,
  tileKeys: (ids) => [...ids, ...ids.map((id) => `${id}#2`)],
};
