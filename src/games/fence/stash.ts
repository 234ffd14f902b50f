/**
 * The Stash: two face-down piles, red and blue (B1), or one shuffled pile when Mixed Stash or
 * Mixed, Blind Stash is on. Every draw goes through here, so the rest of the engine never asks
 * how many piles there are. Functions that change a stash change the copy they are given.
 */
import { COLOURS, colourOf, isNumber, type Card, type Colour } from './cards.ts';
import type { FenceState } from './state.ts';

export type Stash = FenceState['stash'];

export const stashSize = (st: Stash): number => st.red.length + st.blue.length + (st.mixed?.length ?? 0);
export const isOnePile = (st: Stash): boolean => st.mixed !== undefined;

/** The colours a player may choose to draw; none when the Stash is one pile (the top card comes). */
export const choosableColours = (st: Stash): Colour[] => (st.mixed ? [] : COLOURS.filter((c) => st[c].length > 0));

/** Takes the top card of a colour's pile, or of the one pile (the colour is then not chosen). */
export function takeCard(st: Stash, colour: Colour | null): Card | undefined {
  if (st.mixed) return st.mixed.pop();
  return colour ? st[colour].pop() : (st.red.pop() ?? st.blue.pop());
}

/**
 * A red/blue pair drawn straight from the Stash (a start tile, a Ritzy Tile, the Tunnel, Hot
 * Goods by cards): the top of each pile, or from one pile cards until one of each colour has
 * come, all but the last of each colour going to `discard`. Null when no pair can be drawn
 * (what was drawn is then discarded too).
 */
export function takePair(st: Stash, discard: Card[]): { red: Card; blue: Card } | null {
  if (!st.mixed) {
    // A Joker or face card names no coordinate: it is discarded and the next card drawn.
    const next = (pile: Card[]): Card | undefined => {
      for (let c = pile.pop(); c !== undefined; c = pile.pop()) {
        if (isNumber(c)) return c;
        discard.push(c);
      }
      return undefined;
    };
    if (!st.red.some(isNumber) || !st.blue.some(isNumber)) return null;
    return { red: next(st.red) as Card, blue: next(st.blue) as Card };
  }
  let red: Card | undefined, blue: Card | undefined;
  while (!(red && blue)) {
    const c = st.mixed.pop();
    if (!c) break;
    if (!isNumber(c)) {
      discard.push(c);
      continue;
    }
    const kept = colourOf(c) === 'red' ? red : blue;
    if (kept) discard.push(kept);
    if (colourOf(c) === 'red') red = c;
    else blue = c;
  }
  if (red && blue) return { red, blue };
  if (red) discard.push(red);
  if (blue) discard.push(blue);
  return null;
}

/** Puts every card of the Stash into one pile, in the order `shuffle` gives. */
export function mixStash(st: Stash, shuffle: (cards: Card[]) => Card[]): Stash {
  return { red: [], blue: [], mixed: shuffle([...(st.mixed ?? []), ...st.red, ...st.blue]) };
}
