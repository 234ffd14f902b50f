/**
 * Color Swap with Joker (E2): one red and one blue Joker per pair of players (at least one
 * each). A Joker played alone swaps the pawn's (or the Cops') coordinates: rules.ts reads it.
 */
import { joker } from '../cards.ts';
import type { Variant } from './variant.ts';

export const jokers: Variant = {
  name: 'Color Swap with Joker',
  on: (o) => o.jokers,
  deck(deck, players) {
    const k = Math.max(1, Math.floor(players / 2));
    return { red: [...deck.red, ...Array(k).fill(joker('red'))], blue: [...deck.blue, ...Array(k).fill(joker('blue'))] };
  },
};
