/**
 * Free-For-All Tile Placement (E6): map building has no turns. Every player who can place (or
 * swap) a tile may do so at any time, several at once; a player whose hand is empty may place
 * tiles still held by the others. Building ends when nobody can place or swap any more (or, with
 * Missing Tiles, when the first hand empties: then nobody ever places another player's tile).
 */
import { activeSeats } from '../rules.ts';
import type { FenceState } from '../state.ts';
import type { Variant } from './variant.ts';

/** What a builder is asked while everyone builds at once: there is no turn to wait for. */
export function freeForAllPrompt(s: FenceState, seat: number): string {
  const own = (s.tileHands[seat]?.length ?? 0) > 0;
  return `everyone builds at once: \`/fence place\` ${own ? 'a tile from your hand' : 'a tile another player still holds (your hand is empty)'}, or \`/fence swap\` one in, whenever you like.`;
}

export const freeForAll: Variant = {
  name: 'Free-For-All Tile Placement',
  on: (o) => o.freeForAll,
  placesAtOnce: true,
  placeableTiles(s: FenceState, seat: number) {
    const own = s.tileHands[seat] ?? [];
    if (own.length > 0) return own;
    return activeSeats(s).flatMap((i) => (i === seat ? [] : s.tileHands[i] ?? []));
  },
};
