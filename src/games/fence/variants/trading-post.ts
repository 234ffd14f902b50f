/**
 * The Trading Post (E12): at setup the First Player rolls its tile (and picks its neighborhood).
 * A player whose pawn ends their own turn there may give another player a card of their
 * choice and take one at random from that player's hand. Only the two of them learn the cards.
 */
import type { NbId } from '../geometry.ts';
import { seatsInGame } from '../../../platform/seats.ts';
import { firstPlayerOf, inPlayAt } from '../rules.ts';
import type { FenceState } from '../state.ts';
import type { Table, Variant } from './variant.ts';

const partners = (s: FenceState, seat: number): number[] => seatsInGame(s).filter((i) => i !== seat && (s.hands[i]?.length ?? 0) > 0);

function place(t: Table, nb: NbId): void {
  t.ext().tradingPost = nb;
  t.emit({ type: 'tradingPostPlaced', nb });
}

export const tradingPost: Variant = {
  name: 'The Trading Post',
  on: (o) => o.tradingPost,
  afterCops(t) {
    for (let attempt = 0; attempt < 1000; attempt++) {
      const red = t.die(), blue = t.die();
      const options = inPlayAt(t.s, red, blue);
      t.emit({ type: 'tradingPostRolled', red, blue, absent: options.length === 0 });
      if (options.length === 1) return place(t, options[0]!);
      if (options.length > 1) {
        t.s.pending = { kind: 'marker', seat: firstPlayerOf(t.s), what: 'tradingPost', options };
        return;
      }
    }
  },
  answerMarker(t, what, nb) {
    if (what === 'tradingPost') place(t, nb);
  },
  turnEnding(t, seat) {
    const s = t.s;
    if (!s.extended?.tradingPost || s.pawns[seat] !== s.extended.tradingPost) return false;
    if ((s.hands[seat]?.length ?? 0) === 0 || partners(s, seat).length === 0) return false;
    s.pending = { kind: 'tradingPost', seat };
    return true;
  },
  pendingActions(s, p) {
    if (p.kind !== 'tradingPost') return null;
    const cards = [...new Set(s.hands[p.seat] ?? [])];
    return [...partners(s, p.seat).flatMap((target) => cards.map((card) => ({ type: 'postTrade' as const, card, target }))), { type: 'postPass' as const }];
  },
  act(t, seat, action) {
    if (action.type !== 'postTrade' && action.type !== 'postPass') return false;
    t.s.pending = null;
    if (action.type === 'postPass') {
      t.emit({ type: 'postPassed', seat });
      return true;
    }
    const mine = t.hand(seat);
    mine.splice(mine.indexOf(action.card), 1);
    const theirs = t.hand(action.target);
    const [taken] = theirs.splice(Math.floor(t.shuffle(theirs.map((_, i) => i))[0] ?? 0), 1);
    t.setHand(seat, taken ? [...mine, taken] : mine);
    t.setHand(action.target, [...theirs, action.card]);
    t.emit({ type: 'postTraded', seat, target: action.target });
    return true;
  },
};
