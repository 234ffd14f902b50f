/**
 * Free-For-All Tile Placement (E6): map building has no turns. Every player who can place (or
 * swap) a tile may do so at any time, several at once; a player whose hand is empty may place
 * tiles still held by the others. Building ends when nobody can place or swap any more (or, with
 * Missing Tiles, when the first hand empties: then nobody ever places another player's tile).
 * It counts the tiles each seat places, so that a computer player, who could place every tile
 * the moment building starts, keeps the people's pace instead (ai/index.ts).
 */
import type { RulesTopic } from '../../../platform/game.ts';
import { seatsInGame } from '../../../platform/seats.ts';
import type { FenceState } from '../state.ts';
import type { Variant } from './variant.ts';

/** What a builder is asked while everyone builds at once: there is no turn to wait for. */
export function freeForAllPrompt(s: FenceState, seat: number): string {
  if (s.seats[seat]?.computer) return 'everyone builds at once: the computer places its next tile when one of the people has placed theirs.';
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
    return seatsInGame(s).flatMap((i) => (i === seat ? [] : s.tileHands[i] ?? []));
  },
  tilePlaced(t, seat) {
    const placed = t.s.seats.map((_, i) => t.s.extended?.placed?.[i] ?? 0);
    placed[seat]!++;
    t.ext().placed = placed;
  },
};

/** Tiles `seat` has placed or swapped in so far while everyone builds at once. */
export const tilesPlacedBy = (s: FenceState, seat: number): number => s.extended?.placed?.[seat] ?? 0;

/** `/fence rules` for this variant, in players' words. */
export const FREE_FOR_ALL_RULES: RulesTopic = {
  name: 'Variants: everyone builds at once',
  value: 'v-free-for-all',
  text: '**Free-For-All Tile Placement.** Map building has no turns: as soon as Old Town is down, everyone may place (or swap) tiles whenever they like, several players at the same time. The bot asks everyone who still has a tile that fits. If two players go for the same spot, the first one there gets it and the other is told why theirs no longer fits. Once your own hand is empty you may place tiles the other players still hold. A computer player keeps pace with the people: it is never more than one tile ahead of the quickest of them. Building ends when nobody can place or swap any more.\n'
    + 'With *Missing Tiles*, building stops the moment the first hand is empty, so nobody gets to place another player’s tiles. With *Rewarded Tile Placement*, a tile that earns a card stops everyone for a moment while its placer picks the card’s colour. Pawns are still placed one at a time afterwards.',
};
