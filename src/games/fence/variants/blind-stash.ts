/**
 * Mixed, Blind Stash (E14): one four-suit set of Ace–6 per two players (hearts and diamonds
 * red, spades and clubs blue), one shuffled pile from the start.
 */
import { card, isNumber, type Card, type Colour } from '../cards.ts';
import type { Variant } from './variant.ts';

export const blindStash: Variant = {
  name: 'Mixed, Blind Stash',
  on: (o) => o.blindStash,
  onePileFromStart: true,
  onePileInMain: true,
  deck(deck, players) {
    // Two suits of each colour per set.
    const sets = 2 * Math.ceil(players / 2);
    const numbers = (colour: Colour): Card[] => Array.from({ length: 6 * sets }, (_, i) => card(colour, (i % 6) + 1));
    return { red: [...numbers('red'), ...deck.red.filter((c) => !isNumber(c))], blue: [...numbers('blue'), ...deck.blue.filter((c) => !isNumber(c))] };
  },
};
