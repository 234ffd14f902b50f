/** Playing cards as coordinates: a red or blue card of value 1–6 (Ace = 1), written "R4", "B2". */
import { z } from 'zod';

export type Colour = 'red' | 'blue';
export const COLOURS: readonly Colour[] = ['red', 'blue'];
export const cardSchema = z.string().regex(/^[RB][1-6]$/, 'a card is written R1–R6 or B1–B6');
export type Card = string;

export const colourOf = (c: Card): Colour => (c[0] === 'R' ? 'red' : 'blue');
export const valueOf = (c: Card): number => Number(c[1]);
export const card = (colour: Colour, value: number): Card => `${colour === 'red' ? 'R' : 'B'}${value}`;
export const cardName = (c: Card): string => `${colourOf(c) === 'red' ? 'Red' : 'Blue'} ${valueOf(c) === 1 ? 'Ace' : valueOf(c)}`;

/** Sorted copy: red before blue, low before high — how hands are shown and stored. */
export function sortCards(cards: readonly Card[]): Card[] {
  return [...cards].sort((a, b) => (a[0] === b[0] ? valueOf(a) - valueOf(b) : a[0] === 'R' ? -1 : 1));
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

export const hasColour = (hand: readonly Card[], colour: Colour): boolean => hand.some((c) => colourOf(c) === colour);
