/**
 * Victory by Accumulation (E19): at a round's end, once a player out of Jail holds at least
 * twice as many cards as there are players out of Jail, the free player with the most cards
 * wins; a tie for the most plays on.
 */
import { seatsInGame } from '../../../platform/seats.ts';
import { isJailed } from '../rules.ts';
import type { Variant } from './variant.ts';

export const accumulation: Variant = {
  name: 'Victory by Accumulation',
  on: (o) => o.accumulation,
  roundEnded(t) {
    const s = t.s;
    const free = seatsInGame(s).filter((i) => !isJailed(s, i));
    const cards = (i: number) => s.hands[i]!.length;
    if (!free.some((i) => cards(i) >= 2 * free.length)) return null;
    const most = Math.max(...free.map(cards));
    const leaders = free.filter((i) => cards(i) === most);
    return leaders.length === 1 ? { kind: 'winner', seats: leaders, reason: 'accumulation' } : null;
  },
};
