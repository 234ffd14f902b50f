/**
 * What a closed farm is worth (R2 b): its animals (F11, males R3, chickens and the fox R4,
 * Market R6) split among its owners, the Market fair's bonus, and the closer's farmer card
 * (F12). Pure: the engine applies the awards, the bots weigh them.
 */
import type { Board, Field } from './board.ts';
import { tileOfKey, regionOfKey } from './board.ts';
import { cardPoints, farmerById, type FarmFacts } from './farmers.ts';
import { marketById } from './market.ts';
import { KIND_OF, isMale, type Animal, type Kind } from './tiles.ts';
import type { Award, FarmState, Stored } from './state.ts';
import { horseAwards } from './expansions/horse.ts';
import { adjusted } from './expansions/storage.ts';
import { fullShares, winterPoints } from './seasons.ts';

export interface FarmValue {
  owners: number[];
  /** The animals that count (eaten chickens left out). */
  animals: Animal[];
  /** Chickens the fox ate (R4). */
  eaten: number;
  single: boolean;
  /** The farm's one kind, when it holds one kind only. */
  kind: Kind | null;
  /** Males among the animals that count (never doubled, R3). */
  males: number;
  /** The market card, when it is a demand or a glut that changed what these animals score (R6). */
  market: string | null;
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

/** The owners' animal points of a farm (before splitting), with the Market card in force. */
export function animalPoints(animals: Animal[], marketCard: string | null): number {
  const kinds = new Set(animals.map((a) => KIND_OF[a]));
  const single = kinds.size === 1;
  const card = marketCard ? marketById(marketCard) : null;
  let total = 0;
  for (const a of animals) {
    const kind = KIND_OF[a];
    // R3: a male scores 1 per female of its kind, never doubled or changed by the Market.
    if (isMale(a)) {
      total += animals.filter((b) => !isMale(b) && KIND_OF[b] === kind).length;
      continue;
    }
    let points = single ? 2 : 1;
    if (card && card.kind === kind && card.effect === 'demand') points += 1;
    if (card && card.kind === kind && card.effect === 'glut') points = 0;
    total += points;
  }
  return total;
}

/** Storage's changes to a farm before it is scored (R16). */
export interface Storage { removed: readonly Stored[]; added: readonly Stored[] }

/** The awards of scoring `field` closed by `closer`, as things stand now (after `storage`'s changes). */
export function valueOf(s: FarmState, board: Board, field: Field, closer: number, storage?: Storage): FarmValue {
  const owners = ownersOf(s, field);
  const printed = animalsIn(board, field);
  const all = storage ? adjusted(printed, storage.removed, storage.added) : printed;
  const foxHere = s.fox !== null && field.regions.includes(s.fox);
  const animals = foxHere ? all.filter((a) => a !== 'chicken') : all;
  const facts = factsOf(board, field, owners, animals);
  const single = Object.keys(facts.kinds).length === 1;
  const market = s.market?.up ?? null;
  const total = animalPoints(animals, market);
  const awards: Award[] = [];
  if (owners.length > 0) {
    // S5: under Harvest every owner scores the whole.
    const share = Math.floor(total / (fullShares(s) ? 1 : owners.length));
    for (const o of owners) awards.push({ seat: o, points: share, why: 'animals' });
    const card = market ? marketById(market) : null;
    // R6: a fair gives each owner 3, unsplit, when the farm holds the kind (males count).
    if (card?.effect === 'fair' && (facts.kinds[card.kind] ?? 0) > 0) for (const o of owners) awards.push({ seat: o, points: 3, why: 'market' });
  }
  const card = cardPoints(farmerById(s.farmers[closer] as string), facts, closer);
  if (card > 0) awards.push({ seat: closer, points: card, why: 'card' });
  awards.push(...horseAwards(s, field, owners, closer));
  const winter = winterPoints(s, owners.length, card, total);
  if (winter > 0) awards.push({ seat: closer, points: winter, why: 'winter' });
  const marketCard = market ? marketById(market) : null;
  const moved = marketCard && marketCard.effect !== 'fair' && animals.some((a) => !isMale(a) && KIND_OF[a] === marketCard.kind) ? market : null;
  const kinds = Object.keys(facts.kinds) as Kind[];
  return { owners, animals, eaten: all.length - animals.length, single, kind: single ? (kinds[0] as Kind) : null, males: animals.filter(isMale).length, market: moved, awards };
}
