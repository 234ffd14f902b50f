/**
 * Hot Goods by Cards (E15): the Hot Goods tile is a red/blue pair drawn from the Stash. The
 * cards are discarded, or (its option) set aside and shuffled back into the Stash when the
 * round ends.
 */
import { takePair } from '../stash.ts';
import type { Variant } from './variant.ts';

export const hotGoodsByCards: Variant = {
  name: 'Hot Goods by Cards',
  on: (o) => o.hotGoodsByCards !== 'off',
  hotGoodsTile(t) {
    const { stash, discard } = t.piles();
    const pair = takePair(stash, discard);
    if (!pair) return null;
    if (t.s.options.hotGoodsByCards === 'setAside') t.ext().setAside = [...(t.s.extended?.setAside ?? []), pair.red, pair.blue];
    else discard.push(pair.red, pair.blue);
    return { red: Number(pair.red[1]), blue: Number(pair.blue[1]), cards: [pair.red, pair.blue] };
  },
  roundEnded(t) {
    const aside = t.s.extended?.setAside ?? [];
    if (aside.length === 0) return null;
    const ext = t.ext();
    ext.setAside = [];
    const { stash } = t.piles();
    if (stash.mixed) stash.mixed = t.shuffle([...stash.mixed, ...aside]);
    else {
      stash.red = t.shuffle([...stash.red, ...aside.filter((c) => c[0] === 'R')]);
      stash.blue = t.shuffle([...stash.blue, ...aside.filter((c) => c[0] === 'B')]);
    }
    t.emit({ type: 'stashReshuffled', cards: aside.length });
    return null;
  },
};
