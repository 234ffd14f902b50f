/**
 * Turn-Taking for Pawn Placement (E5): no secret start cards; in seat order from the First
 * Player each player picks any free in-play neighborhood (the engine's pawn placement offers
 * every free one when a player has no start cards).
 */
import type { Variant } from './variant.ts';

export const turnTakingPawns: Variant = {
  name: 'Turn-Taking for Pawn Placement',
  on: (o) => o.turnTakingPawns,
  noStartCards: true,
};
