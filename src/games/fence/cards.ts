/**
 * Playing cards. One card type for every deck the options build: a red or blue number card of
 * value 1–6 (Ace = 1), written "R4", "B2"; a Joker of either colour (Color Swap), "RJ", "BJ";
 * a face card of either colour (a boat), "RF", "BF". Mixed, Blind Stash's four-suit decks are
 * number cards too: a suit's colour is all that matters in play (hearts and diamonds are red,
 * spades and clubs blue), so the card keeps only its colour.
 */
import { z } from 'zod';

export type Colour = 'red' | 'blue';
export const COLOURS: readonly Colour[] = ['red', 'blue'];
export const cardSchema = z.string().regex(/^[RB]([1-6]|J|F)$/, 'a card is written R1–R6 or B1–B6 (RJ/BJ a Joker, RF/BF a face card)');
export type Card = string;

export const colourOf = (c: Card): Colour => (c[0] === 'R' ? 'red' : 'blue');
/** A number card's value; NaN for a Joker or face card (they have no coordinate). */
export const valueOf = (c: Card): number => Number(c[1]);
export const isNumber = (c: Card): boolean => c[1] !== 'J' && c[1] !== 'F';
export const isJoker = (c: Card): boolean => c[1] === 'J';
export const isFace = (c: Card): boolean => c[1] === 'F';
export const card = (colour: Colour, value: number): Card => `${colour === 'red' ? 'R' : 'B'}${value}`;
export const joker = (colour: Colour): Card => `${colour === 'red' ? 'R' : 'B'}J`;
export const faceCard = (colour: Colour): Card => `${colour === 'red' ? 'R' : 'B'}F`;

export function cardName(c: Card): string {
  const colour = colourOf(c) === 'red' ? 'Red' : 'Blue';
  if (isJoker(c)) return `${colour} Joker`;
  if (isFace(c)) return `${colour} face card`;
  return `${colour} ${valueOf(c) === 1 ? 'Ace' : valueOf(c)}`;
}

/** Rank for sorting: numbers, then Jokers, then face cards. */
const rank = (c: Card): number => (isJoker(c) ? 7 : isFace(c) ? 8 : valueOf(c));

/** Sorted copy: red before blue, low before high — how hands are shown and stored. */
export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => (a[0] === b[0] ? rank(a) - rank(b) : a[0] === 'R' ? -1 : 1));
}

/** Removes one copy of each card from a hand; null when the hand lacks one. */
export function removeCards(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const rest = [...hand];
  for (const c of cards) {
    const i = rest.indexOf(c);
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

/** Holds a number card of that colour (Jokers and face cards never make a red/blue pair). */
export const hasColour = (hand: readonly Card[], colour: Colour): boolean => hand.some((c) => isNumber(c) && colourOf(c) === colour);
