/**
 * Wasted Hot Goods (E17): a Hot Goods nobody wins makes the First Player discard one card from
 * the Stash, from the pile they choose (asked only when both piles have cards).
 */
import type { Colour } from '../cards.ts';
import { firstPlayerOf } from '../rules.ts';
import { choosableColours, stashSize, takeCard } from '../stash.ts';
import type { Table, Variant } from './variant.ts';

function burn(t: Table, colour: Colour | null): void {
  const { stash, discard } = t.piles();
  const c = takeCard(stash, colour);
  if (!c) return;
  discard.push(c);
  t.emit({ type: 'stashBurned', seat: firstPlayerOf(t.s), card: c });
}

export const wastedHotGoods: Variant = {
  name: 'Wasted Hot Goods',
  on: (o) => o.wastedHotGoods,
  hotGoodsWasted(t) {
    if (stashSize(t.s.stash) === 0) return;
    const colours = choosableColours(t.s.stash);
    if (colours.length === 2) t.s.pending = { kind: 'discardColour', seat: firstPlayerOf(t.s) };
    else burn(t, colours[0] ?? null);
  },
  answerColour: burn,
};
