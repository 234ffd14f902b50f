/** Mixed Stash (E13): once the cards are dealt, the two piles are shuffled into one. */
import { mixStash } from '../stash.ts';
import type { Variant } from './variant.ts';

export const mixedStash: Variant = {
  name: 'Mixed Stash',
  on: (o) => o.mixedStash,
  onePileInMain: true,
  afterDeal(t) {
    const { stash } = t.piles();
    Object.assign(stash, mixStash(stash, (cards) => t.shuffle(cards)));
  },
};
