/**
 * What a player can ask of the engine (the platform's own requests — resign, timeouts, removals,
 * aborts — are src/platform/seats.ts'), and its answer when the rules say no. Every request is
 * parsed before any rule is checked.
 */
import { z } from 'zod';
import { cardSchema, removeCards, sortCards } from './cards.ts';

const nb = z.string().regex(/^[A-Za-z0-9#-]+\/[0-9]$/, 'a neighborhood is written <tile>/<index>, e.g. 4-2/0');
const tile = z.string().regex(/^([1-6]-[1-6]|X[1-9])(#2)?$/, 'a tile is written like 4-2 or X1');
// Wide enough for a Big Map of 80 tiles laid in one line.
const coord = z.number().int().min(-100).max(100);
const rot = z.number().int().min(0).max(3);

export const actionSchema = z.discriminatedUnion('type', [
  // Map building (B4–B8)
  z.object({ type: z.literal('place'), tile, x: coord, y: coord, rot }),
  z.object({ type: z.literal('swap'), tile, x: coord, y: coord, rot }),
  // Answers to pending choices (H1)
  z.object({ type: z.literal('chooseColour'), colour: z.enum(['red', 'blue']) }),
  z.object({ type: z.literal('chooseNeighborhood'), nb }),
  // Main phase (B14–B17)
  z.object({ type: z.literal('moveSelf'), cards: z.array(cardSchema).min(1).max(2), to: nb }),
  z.object({ type: z.literal('push'), target: z.number().int().min(0).max(7), to: nb }),
  z.object({ type: z.literal('copsRoad'), to: nb }),
  z.object({ type: z.literal('tipOff'), cards: z.array(cardSchema).min(1).max(2), to: nb }),
  // Extended Rules: a boat (face card) while Moving Others; the Cops on a Hunch; the Trading Post
  z.object({ type: z.literal('playBoat'), card: cardSchema }),
  z.object({ type: z.literal('hunch'), colour: z.enum(['red', 'blue']) }),
  z.object({ type: z.literal('postTrade'), card: cardSchema, target: z.number().int().min(0).max(7) }),
  z.object({ type: z.literal('postPass') }),
  // Trading Cards: an offer to a named player (what is given, what is asked), their answer
  z.object({ type: z.literal('offerTrade'), target: z.number().int().min(0).max(7), give: z.array(cardSchema).max(2), ask: z.array(cardSchema).max(2) }),
  z.object({ type: z.literal('acceptTrade') }),
  z.object({ type: z.literal('declineTrade') }),
]);

export type Action = z.infer<typeof actionSchema>;
export type ActionType = Action['type'];

export type RefusalCode =
  | 'INVALID_REQUEST' | 'NOT_SEATED' | 'GAME_OVER' | 'NOT_IN_GAME' | 'NOT_YOUR_TURN' | 'CHOICE_PENDING'
  | 'WRONG_PHASE' | 'TILE_NOT_IN_HAND' | 'CELL_OCCUPIED' | 'NOT_TOUCHING' | 'DOES_NOT_FIT' | 'UNREACHABLE'
  | 'CELL_EMPTY' | 'OLD_TOWN' | 'TILE_LOCKED' | 'CARDS_NOT_IN_HAND' | 'NEIGHBORHOOD_OCCUPIED' | 'OFF_LIMITS'
  | 'NOT_ADJACENT' | 'ONE_WAY' | 'MUST_LEAVE_JAIL' | 'NO_COORDINATES' | 'WRONG_DESTINATION' | 'ALREADY_DONE'
  | 'NOT_AN_OPTION' | 'PILE_EMPTY' | 'CANNOT_PUSH' | 'ILLEGAL';

export interface Refusal {
  ok: false;
  code: RefusalCode;
  message: string;
  /** Labels of what the player could do instead (a few), when it is their turn. */
  legal: string[];
}

/** Who asks: a seat index, or the bot acting for the game (timers, admins). */
export type Actor = number | 'system';

/** A canonical string for comparing actions (card order does not matter). */
export function actionKey(a: Action): string {
  const norm = 'cards' in a ? { ...a, cards: sortCards(a.cards) } : a.type === 'offerTrade' ? { ...a, give: sortCards(a.give), ask: sortCards(a.ask) } : a;
  return JSON.stringify(norm, Object.keys(norm).sort());
}

/** Same action? Field by field, cards as a multiset. */
export function sameAction(a: Action, b: Action): boolean {
  if (a.type !== b.type) return false;
  const x = a as Record<string, unknown>, y = b as Record<string, unknown>;
  for (const k of Object.keys(x)) {
    if (Array.isArray(x[k])) {
      // Card lists (a move's cards, an offer's give and ask) compare as multisets.
      const ca = x[k] as string[], cb = y[k] as string[] | undefined;
      if (!Array.isArray(cb) || ca.length !== cb.length || removeCards(ca, cb)?.length !== 0) return false;
    } else if (x[k] !== y[k]) return false;
  }
  return Object.keys(y).length === Object.keys(x).length;
}
