/**
 * Boats (E3): one face card per player in the Stash (as many red as blue; an odd number of
 * players adds one). A player Moving Others may play one: they hold a boat of its colour until
 * Jail (or a later boat of that colour) sends it to the discard pile. A boated player on a
 * waterfront neighborhood may measure Hot Goods on a waterfront tile by water, where each tile
 * crossed counts half.
 */
import { colourOf, faceCard, isFace, type Card } from '../cards.ts';
import { cellKey, DX, DY, tileIdOfKey, waterAt } from '../geometry.ts';
import { isJailed, movingOthers, selfMoves, tileKeyOf, tileSetOf } from '../rules.ts';
import type { FenceState } from '../state.ts';
import type { Table, Variant } from './variant.ts';

type Boats = NonNullable<NonNullable<FenceState['extended']>['boats']>;
const noBoats: Boats = { red: null, blue: null };

/** Water steps between placed tiles (by map index), from the tiles at (red, blue); -1 unreachable. */
const waterCache = new WeakMap<readonly unknown[], Map<number, Int32Array>>();
function waterSteps(s: FenceState, red: number, blue: number): Map<string, number> {
  const set = tileSetOf(s);
  let byCoord = waterCache.get(s.map);
  if (!byCoord) waterCache.set(s.map, (byCoord = new Map()));
  const k = red * 8 + blue;
  let dist = byCoord.get(k);
  if (!dist) {
    const at = new Map(s.map.map((p, i) => [cellKey(p.x, p.y), i]));
    const defs = s.map.map((p) => set.byId.get(tileIdOfKey(p.key))!);
    dist = new Int32Array(s.map.length).fill(-1);
    const queue: number[] = [];
    s.map.forEach((p, i) => {
      const c = defs[i]!.coords;
      if (c && c.red === red && c.blue === blue && defs[i]!.waterfront) {
        dist![i] = 0;
        queue.push(i);
      }
    });
    for (let h = 0; h < queue.length; h++) {
      const i = queue[h]!;
      const p = s.map[i]!;
      for (let w = 0; w < 4; w++) {
        // Water along side w: one of its two corners (tiles that fit agree on both).
        if (!waterAt(defs[i]!, p.rot, w) && !waterAt(defs[i]!, p.rot, (w + 3) % 4)) continue;
        const j = at.get(cellKey(p.x + (DX[w] as number), p.y + (DY[w] as number)));
        if (j === undefined || dist[j] !== -1) continue;
        dist[j] = dist[i]! + 1;
        queue.push(j);
      }
    }
    byCoord.set(k, dist);
  }
  return new Map(s.map.map((p, i) => [p.key, dist![i]!]));
}

function discardBoat(t: Table, colour: 'red' | 'blue'): void {
  const boats = t.ext().boats ?? noBoats;
  const held = boats[colour];
  if (!held) return;
  t.piles().discard.push(held.card);
  t.ext().boats = { ...boats, [colour]: null };
  t.emit({ type: 'boatLost', seat: held.seat, colour });
}

export const boats: Variant = {
  name: 'Boats',
  on: (o) => o.boats,
  deck(deck, players) {
    const k = Math.ceil(players / 2);
    return { red: [...deck.red, ...Array<Card>(k).fill(faceCard('red'))], blue: [...deck.blue, ...Array<Card>(k).fill(faceCard('blue'))] };
  },
  // E3: a player Moving Others *may* also play a face card; the turn ends once its moves are done.
  optionalPlays(s, seat) {
    if (s.turn.boat) return [];
    // Playing a boat is part of Moving Others: not for a jailed player who must leave.
    if (!movingOthers(s) && isJailed(s, seat) && selfMoves(s, seat).length > 0) return [];
    return [...new Set((s.hands[seat] ?? []).filter(isFace))].map((card) => ({ type: 'playBoat' as const, card }));
  },
  act(t, seat, action) {
    if (action.type !== 'playBoat') return false;
    const colour = colourOf(action.card);
    t.setHand(seat, (() => {
      const hand = t.hand(seat);
      hand.splice(hand.indexOf(action.card), 1);
      return hand;
    })());
    discardBoat(t, colour);
    t.ext().boats = { ...(t.s.extended?.boats ?? noBoats), [colour]: { seat, card: action.card } };
    t.s.turn.boat = true;
    t.emit({ type: 'boatPlayed', seat, colour });
    return true;
  },
  jailed(t, seats) {
    const b = t.s.extended?.boats;
    for (const colour of ['red', 'blue'] as const) if (b?.[colour] && seats.includes(b[colour].seat)) discardBoat(t, colour);
  },
  removed(t, seat) {
    const b = t.s.extended?.boats;
    for (const colour of ['red', 'blue'] as const) if (b?.[colour]?.seat === seat) discardBoat(t, colour);
  },
  distance(s, seat, red, blue, road) {
    const b = s.extended?.boats;
    const pawn = s.pawns[seat];
    if (!b || !(b.red?.seat === seat || b.blue?.seat === seat) || !pawn || pawn === 'jail') return road;
    const def = tileSetOf(s).byId.get(tileIdOfKey(tileKeyOf(pawn)));
    if (!def?.waterfront) return road;
    const steps = waterSteps(s, red, blue).get(tileKeyOf(pawn)) ?? -1;
    if (steps < 0) return road;
    return road === null ? steps / 2 : Math.min(road, steps / 2);
  },
};
