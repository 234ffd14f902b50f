/**
 * What a closed farm is worth (F11, F12): its animals split among its owners, and the closer's
 * farmer card. Pure: the engine applies the awards, the bots weigh them.
 */
import type { Board, Field } from './board.ts';
import { tileOfKey, regionOfKey } from './board.ts';
import { cardPoints, farmerById, type FarmFacts } from './farmers.ts';
import { KIND_OF, type Animal } from './tiles.ts';
import type { Award, FarmState } from './state.ts';

export interface FarmValue {
  owners: number[];
  animals: Animal[];
  single: boolean;
  awards: Award[];
}

export function animalsIn(board: Board, field: Field): Animal[] {
  return field.regions.flatMap((key) => board.def(tileOfKey(key)).regions[regionOfKey(key)]?.animals ?? []);
}

/** The players with a henhouse in a field, in seat order (F9). */
export function ownersOf(s: FarmState, field: Field): number[] {
  const regions = new Set(field.regions);
  return [...new Set(s.henhouses.filter((h) => regions.has(h.region)).map((h) => h.seat))].sort((a, b) => a - b);
}

export function factsOf(board: Board, field: Field, owners: number[], animals: Animal[]): FarmFacts {
  const kinds: FarmFacts['kinds'] = {};
  for (const a of animals) kinds[KIND_OF[a]] = (kinds[KIND_OF[a]] ?? 0) + 1;
  return { kinds, animals: animals.length, tiles: field.tiles.length, owners, edge: field.edge };
}

/** The awards of scoring `field` closed by `closer`. */
export function valueOf(s: FarmState, board: Board, field: Field, closer: number): FarmValue {
  const owners = ownersOf(s, field);
  const animals = animalsIn(board, field);
  const facts = factsOf(board, field, owners, animals);
  const single = Object.keys(facts.kinds).length === 1;
  const total = animals.length * (single ? 2 : 1);
  const awards: Award[] = [];
  if (owners.length > 0) {
    const share = Math.floor(total / owners.length);
    for (const o of owners) awards.push({ seat: o, points: share, why: 'animals' });
  }
  const card = cardPoints(farmerById(s.farmers[closer] as string), facts, closer);
  if (card > 0) awards.push({ seat: closer, points: card, why: 'card' });
  return { owners, animals, single, awards };
}
