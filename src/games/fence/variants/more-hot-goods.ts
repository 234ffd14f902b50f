/** More Hot Goods (E16): one Hot Goods per player in the game, or one fewer. */
import { seatsInGame } from '../../../platform/seats.ts';
import type { Variant } from './variant.ts';

export const moreHotGoods: Variant = {
  name: 'More Hot Goods',
  on: (o) => o.moreHotGoods !== 'off',
  hotGoodsDue: (s) => {
    const n = seatsInGame(s).length;
    return s.options.moreHotGoods === 'all' ? n : Math.max(1, n - 1);
  },
};
