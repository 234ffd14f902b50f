/** Ritzy Tile (E1): a red/blue pair drawn after the Cops names a tile whose Hot Goods pay double. */
import { inPlayAt } from '../rules.ts';
import { takePair } from '../stash.ts';
import type { Variant } from './variant.ts';

export const ritzyTile: Variant = {
  name: 'Ritzy Tile',
  on: (o) => o.ritzy,
  afterCops(t) {
    // An absent tile would make the marker pointless: draw again, as for start tiles.
    for (let attempt = 0; attempt < 50; attempt++) {
      const { stash, discard } = t.piles();
      const pair = takePair(stash, discard);
      if (!pair) return;
      discard.push(pair.red, pair.blue);
      const red = Number(pair.red[1]), blue = Number(pair.blue[1]);
      const present = inPlayAt(t.s, red, blue).length > 0;
      t.emit({ type: 'ritzyDrawn', cards: [pair.red, pair.blue], red, blue, absent: !present });
      if (present) {
        t.ext().ritzy = { red, blue };
        return;
      }
    }
  },
  hotGoodsPrize: (s, red, blue, prize) => (s.extended?.ritzy?.red === red && s.extended.ritzy.blue === blue ? prize * 2 : prize),
};
