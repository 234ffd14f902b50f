/**
 * Trading Cards (E11): on their turn a player may offer another player a deal — up to two of
 * their own cards for up to two cards they name — and that player accepts or declines. The
 * cards are the two players' secret: the channel learns only who offered whom and the answer.
 * An offer is withdrawn as soon as the game moves past it (any move, the turn's end, a new
 * offer, either player leaving). Jailed players trade like everyone else.
 */
import type { ChoiceButton, Prompt } from '../../../platform/game.ts';
import type { Action, Refusal } from '../actions.ts';
import { card, faceCard, joker, removeCards, sortCards, type Card } from '../cards.ts';
import { seatsInGame } from '../../../platform/seats.ts';
import type { FenceEvent } from '../events.ts';
import type { Extended, FenceOptions, FenceState } from '../state.ts';
import { cardsText, seatName } from '../names.ts';
import type { Table, Variant } from './variant.ts';

/** Offers a player may make in one turn: enough to bargain, not enough to hold the table up. */
export const OFFERS_PER_TURN = 3;

type Trade = NonNullable<Extended['trade']>;
type Offer = Extract<Action, { type: 'offerTrade' }>;

/** Every card kind the game's deck holds: what an offer may ask for (the other hand is secret). */
function kindsOf(o: FenceOptions): Card[] {
  const kinds: Card[] = [];
  for (const colour of ['red', 'blue'] as const) {
    for (let v = 1; v <= 6; v++) kinds.push(card(colour, v));
    if (o.jokers) kinds.push(joker(colour));
    if (o.boats) kinds.push(faceCard(colour));
  }
  return kinds;
}

/** The different ways to pick none, one or two cards out of `pool` (a multiset). */
function picks(pool: readonly Card[]): Card[][] {
  const sorted = sortCards(pool);
  const kinds = [...new Set(sorted)];
  const out: Card[][] = [[]];
  kinds.forEach((a, i) => {
    out.push([a]);
    if (sorted.indexOf(a) !== sorted.lastIndexOf(a)) out.push([a, a]);
    for (const b of kinds.slice(i + 1)) out.push([a, b]);
  });
  return out;
}

const askable = new WeakMap<FenceOptions, Card[][]>();
function askPicks(o: FenceOptions): Card[][] {
  let p = askable.get(o);
  if (!p) askable.set(o, (p = picks(kindsOf(o).flatMap((k) => [k, k]))));
  return p;
}

const openTrade = (s: FenceState): Trade | null => (s.outcome ? null : s.extended?.trade ?? null);
const canOffer = (s: FenceState, seat: number): boolean =>
  s.options.tradingCards && s.phase === 'main' && !s.pending && !s.outcome && s.current === seat && !s.out[seat] && (s.turn.offers ?? 0) < OFFERS_PER_TURN;

/** Every offer the player whose turn it is may make now. */
export function tradeOffers(s: FenceState, seat: number): Offer[] {
  if (!canOffer(s, seat)) return [];
  const gives = picks(s.hands[seat] ?? []);
  const asks = askPicks(s.options);
  const out: Offer[] = [];
  for (const target of seatsInGame(s)) {
    if (target === seat) continue;
    for (const give of gives) for (const ask of asks) if (give.length + ask.length > 0) out.push({ type: 'offerTrade', target, give, ask });
  }
  return out;
}

function withdraw(t: Table): void {
  const trade = t.s.extended?.trade;
  if (!trade) return;
  delete t.ext().trade;
  t.emit({ type: 'tradeWithdrawn', seat: trade.from, target: trade.to });
}

function close(t: Table, trade: Trade, how: 'accepted' | 'declined' | 'timedOut'): void {
  delete t.ext().trade;
  if (how === 'accepted') {
    t.setHand(trade.from, [...(removeCards(t.hand(trade.from), trade.give) ?? []), ...trade.ask]);
    t.setHand(trade.to, [...(removeCards(t.hand(trade.to), trade.ask) ?? []), ...trade.give]);
    t.emit({ type: 'tradeAccepted', seat: trade.from, target: trade.to });
  } else {
    t.emit({ type: 'tradeDeclined', seat: trade.from, target: trade.to, ...(how === 'timedOut' ? { timedOut: true } : {}) });
  }
}

const refuse = (code: Refusal['code'], message: string): Refusal => ({ ok: false, code, message, legal: [] });

/** A deal as its offerer sees it: "your Red 3 for their Blue 5". */
function dealText(give: readonly Card[], ask: readonly Card[]): string {
  if (give.length === 0) return `their ${cardsText(ask)}, for nothing`;
  if (ask.length === 0) return `your ${cardsText(give)} as a gift`;
  return `your ${cardsText(give)} for their ${cardsText(ask)}`;
}

/** Trading's actions in words. An offer's label is seen by its maker alone (the command's list); answers name no card: their buttons are public. */
export function tradeLabel(s: FenceState, a: Action): string {
  if (a.type === 'offerTrade') return `Offer ${seatName(s, a.target)} ${dealText(a.give, a.ask)}`;
  const from = openTrade(s)?.from;
  const whose = from === undefined ? 'the' : `${seatName(s, from)}’s`;
  return a.type === 'acceptTrade' ? `Accept ${whose} trade` : `Decline ${whose} trade`;
}

type TradeEvent = Extract<FenceEvent, { type: 'tradeOffered' | 'tradeAccepted' | 'tradeDeclined' | 'tradeWithdrawn' }>;

/** What the channel is told: who offered whom, and the answer — never the cards. */
export function tradeEventText(s: FenceState, e: TradeEvent): string {
  const [from, to] = [seatName(s, e.seat), seatName(s, e.target)];
  switch (e.type) {
    case 'tradeOffered':
      return `${from} offered ${to} a trade.`;
    case 'tradeAccepted':
      return `${to} accepted ${from}’s trade.`;
    case 'tradeDeclined':
      return e.timedOut ? `${to} did not answer ${from}’s trade in time: it is declined.` : `${to} declined ${from}’s trade.`;
    case 'tradeWithdrawn':
      return `${from}’s offer to ${to} is withdrawn: the game moved on.`;
  }
}

/** The open offer as its two players see it in their hand (null for anyone else). */
export function tradeLine(s: FenceState, seat: number): string | null {
  const trade = openTrade(s);
  if (!trade) return null;
  if (trade.from === seat) return `Your open offer to ${seatName(s, trade.to)}: ${dealText(trade.give, trade.ask)} (waiting for their answer; your next move withdraws it).`;
  if (trade.to === seat) {
    const deal = trade.give.length === 0 ? `they ask for your ${cardsText(trade.ask)} as a gift`
      : trade.ask.length === 0 ? `they give you their ${cardsText(trade.give)} as a gift`
      : `they give you their ${cardsText(trade.give)} for your ${cardsText(trade.ask)}`;
    return `${seatName(s, trade.from)} offers you a trade: ${deal}. Accept or decline with the buttons on the last game post.`;
  }
  return null;
}

export const tradingCards: Variant = {
  name: 'Trading Cards',
  on: (o) => o.tradingCards,
  offers: tradeOffers,
  asked: (s) => {
    const trade = openTrade(s);
    return trade && !s.pending ? [trade.to] : [];
  },
  answers(s, seat) {
    const trade = openTrade(s);
    if (!trade || trade.to !== seat || s.pending) return null;
    const canGive = removeCards(s.hands[seat] ?? [], trade.ask) !== null;
    return [...(canGive ? [{ type: 'acceptTrade' as const }] : []), { type: 'declineTrade' as const }];
  },
  refusal(s, seat, action) {
    const trade = openTrade(s);
    if (action.type === 'acceptTrade' || action.type === 'declineTrade') {
      if (!trade || trade.to !== seat) return refuse('NOT_AN_OPTION', 'No trade is offered to you right now.');
      if (action.type === 'acceptTrade' && !removeCards(s.hands[seat] ?? [], trade.ask)) return refuse('CARDS_NOT_IN_HAND', `You do not hold ${cardsText(trade.ask)}, which the offer asks for: decline it instead.`);
      return null;
    }
    if (action.type !== 'offerTrade') return null;
    if (s.phase !== 'main' || s.current !== seat) return refuse('NOT_YOUR_TURN', 'You can offer a trade during your own turn in the main phase.');
    if (s.pending) return refuse('CHOICE_PENDING', 'Answer the choice in front of you first.');
    if ((s.turn.offers ?? 0) >= OFFERS_PER_TURN) return refuse('ALREADY_DONE', `You have made ${OFFERS_PER_TURN} offers this turn: play your move.`);
    if (action.target === seat || s.out[action.target] || !s.seats[action.target]) return refuse('NOT_AN_OPTION', 'Offer a trade to another player still in the game.');
    if (action.give.length + action.ask.length === 0) return refuse('ILLEGAL', 'An offer gives or asks for at least one card.');
    const hand = s.hands[seat] ?? [];
    if (!removeCards(hand, action.give)) return refuse('CARDS_NOT_IN_HAND', `You do not hold ${cardsText(action.give)}; your hand is ${hand.length ? cardsText(hand) : 'empty'}.`);
    const kinds = new Set(kindsOf(s.options));
    const unknown = action.ask.filter((c) => !kinds.has(c));
    if (unknown.length) return refuse('NOT_AN_OPTION', `This game has no ${cardsText(unknown)} to ask for.`);
    return null;
  },
  beforeAction(t, _seat, action) {
    // Answering keeps the offer for its answer; anything else (a new offer too) moves past it.
    if (action.type !== 'acceptTrade' && action.type !== 'declineTrade') withdraw(t);
  },
  act(t, seat, action) {
    if (action.type === 'offerTrade') {
      t.ext().trade = { from: seat, to: action.target, give: sortCards(action.give), ask: sortCards(action.ask) };
      t.s.turn.offers = (t.s.turn.offers ?? 0) + 1;
      t.emit({ type: 'tradeOffered', seat, target: action.target });
      return true;
    }
    if (action.type !== 'acceptTrade' && action.type !== 'declineTrade') return false;
    const trade = t.s.extended?.trade;
    if (trade) close(t, trade, action.type === 'acceptTrade' ? 'accepted' : 'declined');
    return true;
  },
  timedOut(t, seat) {
    const trade = t.s.extended?.trade;
    if (!trade || trade.to !== seat) return false;
    close(t, trade, 'timedOut');
    return true;
  },
  removed(t, seat) {
    const trade = t.s.extended?.trade;
    if (trade && (trade.from === seat || trade.to === seat)) withdraw(t);
  },
};

/** What the target of an offer is asked (their buttons name no card: the post is public). */
export function tradePrompt(s: FenceState, seat: number): Prompt<Action> | null {
  const trade = openTrade(s);
  if (!trade || trade.to !== seat || s.pending) return null;
  const buttons = (tradingCards.answers?.(s, seat) ?? []).map((a): ChoiceButton<Action> => ({ label: tradeLabel(s, a), action: a, style: a.type === 'acceptTrade' ? 'success' : 'secondary' }));
  return { text: `${seatName(s, trade.from)} offers you a trade: see the cards with \`/fence hand\` or **Show my hand** (only you see them), then answer with the buttons below.`, buttons };
}

/** The simple computer player's view of an offer: how many cards it gains by accepting. */
export function tradeGain(s: FenceState, seat: number): number {
  const trade = openTrade(s);
  return trade && trade.to === seat ? trade.give.length - trade.ask.length : 0;
}

