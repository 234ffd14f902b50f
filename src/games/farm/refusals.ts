/** Refusals in players' words: what was wrong and what would be legal. */
import type { Refusal } from '../../platform/game.ts';
import type { Misfit } from './board.ts';

export const refuse = (code: string, message: string, legal: string[] = []): Refusal => ({ ok: false, code, message, legal });

const SIDE = ['north', 'east', 'south', 'west'];
const HALF = ['west', 'east', 'north', 'south', 'east', 'west', 'south', 'north'];

export function describeMisfit(tile: string, x: number, y: number, m: Misfit): string {
  return `Tile ${tile} does not fit on cell ${x},${y} that way: the ${HALF[m.halfSide]} half of its ${SIDE[m.side]} side must match the tile at ${m.neighbour[0]},${m.neighbour[1]} (fence against fence, open against open).`;
}
