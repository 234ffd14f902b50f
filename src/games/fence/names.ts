/**
 * How players name the things of a game in words: neighborhoods (with their map cell), tiles,
 * coordinates, seats, cards, and lists of them. Read by the words of every part of the game,
 * the variants' included, so it knows nothing of turns or legal moves.
 */
import { listAnd } from '../grammar.ts';
import { cardName, sortCards, type Card } from './cards.ts';
import { parseNbId, tileIdOfKey, type NbId } from './geometry.ts';
import { cellName } from './grid.ts';
import { tileKeyOf, tileSetOf } from './rules.ts';
import type { FenceState } from './state.ts';

/** Big Map: the second copy of a tile is told apart by "#2". */
export const copyMark = (key: string): string => (key.endsWith('#2') ? ' #2' : '');

export function nbName(s: FenceState, id: NbId): string {
  const { key, index } = parseNbId(id);
  const name = tileSetOf(s).byId.get(tileIdOfKey(key))?.neighborhoods[index]?.name ?? id;
  return `${name}${copyMark(key)}`;
}

export function tileName(s: FenceState, key: string): string {
  const def = tileSetOf(s).byId.get(tileIdOfKey(key));
  if (!def) return key;
  const names = def.neighborhoods.map((n) => `${n.name}${copyMark(key)}`).join(' / ');
  return def.coords ? `${names} (${def.coords.red},${def.coords.blue})` : `${names} (no coordinates)`;
}

export const seatName = (s: FenceState, seat: number): string => s.seats[seat]?.name ?? `seat ${seat + 1}`;
export const cardsText = (cards: readonly Card[]): string => sortCards(cards).map(cardName).join(' + ');

export function listOr(items: readonly string[], max = 8): string {
  if (items.length === 0) return 'nothing';
  const shown = items.slice(0, max);
  const more = items.length > max ? `, or ${items.length - max} more` : '';
  if (shown.length === 1) return shown[0] + more;
  return more ? shown.join(', ') + more : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
}

/** Where a neighborhood is on the map: its name and its tile's cell, "The Yards (C3)". */
export function placeName(s: FenceState, nb: NbId): string {
  const key = tileKeyOf(nb);
  const tile = s.map.find((p) => p.key === key);
  return tile ? `${nbName(s, nb)} (${cellName(s, tile.x, tile.y)})` : nbName(s, nb);
}

/** The tile(s) at a coordinate, by name: "Four Points (4,2)". */
export function coordName(s: FenceState, red: number, blue: number): string {
  const keys = s.map.map((p) => p.key).filter((k) => {
    const c = tileSetOf(s).byId.get(tileIdOfKey(k))?.coords;
    return c?.red === red && c.blue === blue;
  });
  return keys.length ? listAnd(keys.map((k) => tileName(s, k))) : `(${red},${blue})`;
}
