// E11 Trading Cards: on their turn a player offers another player (jailed or not) up to two of
// their cards for up to two cards they name; that player accepts or declines; the cards are
// seen by the two of them only; the offer is withdrawn once the game moves past it.
import { describe, expect, it } from 'vitest';
import { applyRequest } from '../../src/platform/requests.ts';
import { actingSeats, play, fence, legalActions, view, type Action, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { cardConservationProblem } from '../../src/games/fence/scenario.ts';
import { OFFERS_PER_TURN } from '../../src/games/fence/variants/trading-cards.ts';
import { eventText } from '../../src/games/fence/words.ts';
import { toMain } from './extended-helpers.ts';

type Offer = Extract<Action, { type: 'offerTrade' }>;

/** A main-phase position with Trading Cards on, nobody owing a choice. */
function table(seed = 'e11', players = 3, options = {}): FenceState {
  const { state } = toMain({ tradingCards: true, ...options }, seed, players);
  expect(state.phase).toBe('main');
  expect(state.pending).toBeNull();
  return state;
}

function playOk(s: FenceState, seat: number, action: Action): { state: FenceState; events: FenceEvent[] } {
  const r = play(s, seat, action);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(action)}: ${r.message}`);
  return r;
}

const CARD = /\b[RB]([1-6]|J|F)\b|\b(Red|Blue) (Ace|[2-6]|Joker|face)\b/;

/** An offer the target can accept: one card of the offerer's for one the target holds. */
function fairOffer(s: FenceState): Offer {
  const me = s.current;
  const target = [...s.seats.keys()].find((i) => i !== me && !s.out[i] && (s.hands[i]?.length ?? 0) > 0)!;
  return { type: 'offerTrade', target, give: [s.hands[me]![0]!], ask: [s.hands[target]![0]!] };
}

describe('E11 Trading Cards', () => {
  it('E11 the player whose turn it is may offer any other player up to two cards for up to two named cards: every offer is a legal action', () => {
    const s = table();
    const me = s.current;
    const offers = legalActions(s, me).filter((a): a is Offer => a.type === 'offerTrade');
    expect(offers.length).toBeGreaterThan(0);
    expect(new Set(offers.map((o) => o.target))).toEqual(new Set([0, 1, 2].filter((i) => i !== me)));
    expect(offers.every((o) => o.give.length <= 2 && o.ask.length <= 2 && o.give.length + o.ask.length > 0)).toBe(true);
    // Asking names any card of the game: the other hand is secret, so the list cannot depend on it.
    const other = (me + 1) % 3;
    const asked = new Set(offers.filter((o) => o.target === other && o.give.length === 0 && o.ask.length === 1).map((o) => o.ask[0]));
    expect(asked).toEqual(new Set(['R1', 'R2', 'R3', 'R4', 'R5', 'R6', 'B1', 'B2', 'B3', 'B4', 'B5', 'B6']));
    // Others may not offer out of turn.
    expect(legalActions(s, other).some((a) => a.type === 'offerTrade')).toBe(false);
    expect(fence.words.prompt(s, me).text).toContain('/fence trade');
  });

  it('E11 an offer asks its target at once, while the turn’s player may still play; accepting swaps the cards, seen by the two of them only', () => {
    const s = table();
    const offer = fairOffer(s);
    const me = s.current, them = offer.target;
    const offered = playOk(s, me, offer);
    expect(actingSeats(offered.state)).toEqual([me, them]);
    expect(legalActions(offered.state, them)).toEqual([{ type: 'acceptTrade' }, { type: 'declineTrade' }]);
    // The public post, the prompt, its buttons and the channel's view carry no card.
    const prompt = fence.words.prompt(offered.state, them);
    const said = [...offered.events.map((e) => eventText(offered.state, e) ?? ''), prompt.text, ...prompt.buttons.map((b) => b.label), JSON.stringify(prompt.buttons.map((b) => fence.encode(b.action)))];
    expect(said.join('\n')).not.toMatch(CARD);
    expect(said.join('\n')).toContain(`p${me} offered p${them} a trade.`);
    expect(JSON.stringify(view(offered.state, 'channel').extended?.trade)).toBe(JSON.stringify({ from: me, to: them }));
    const third = [0, 1, 2].find((i) => i !== me && i !== them)!;
    expect(view(offered.state, third).extended?.trade?.give).toBeUndefined();
    // The two of them see the cards, in their own hands' text.
    expect(view(offered.state, them).extended?.trade).toMatchObject({ give: offer.give, ask: offer.ask });
    expect(fence.hand!(offered.state, them).text).toMatch(/offers you a trade: they give you their .* for your /);
    expect(fence.hand!(offered.state, me).text).toContain(`Your open offer to p${them}`);
    expect(fence.hand!(offered.state, third).text).not.toContain('trade');

    const accepted = playOk(offered.state, them, { type: 'acceptTrade' });
    expect(accepted.state.hands[me]).toEqual(expect.arrayContaining(offer.ask));
    expect(accepted.state.hands[them]).toEqual(expect.arrayContaining(offer.give));
    expect(accepted.state.hands[me]!.length).toBe(s.hands[me]!.length);
    expect(cardConservationProblem(accepted.state)).toBeNull();
    expect(accepted.events.map((e) => eventText(accepted.state, e))).toEqual([`p${them} accepted p${me}’s trade.`]);
    expect(actingSeats(accepted.state)).toEqual([me]);
    expect(accepted.state.extended?.trade).toBeUndefined();
  });

  it('E11 declining leaves both hands as they were', () => {
    const s = table();
    const offer = fairOffer(s);
    const declined = playOk(playOk(s, s.current, offer).state, offer.target, { type: 'declineTrade' });
    expect(declined.state.hands).toEqual(s.hands);
    expect(eventText(declined.state, declined.events[0]!)).toBe(`p${offer.target} declined p${s.current}’s trade.`);
  });

  it('E11 a target who does not hold the cards asked for can only decline; accepting is refused with the reason', () => {
    const s = table();
    const me = s.current;
    const them = (me + 1) % 3;
    const missing = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6'].find((c) => !s.hands[them]!.includes(c))!;
    const offered = playOk(s, me, { type: 'offerTrade', target: them, give: [], ask: [missing] }).state;
    expect(legalActions(offered, them)).toEqual([{ type: 'declineTrade' }]);
    const r = play(offered, them, { type: 'acceptTrade' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('CARDS_NOT_IN_HAND');
  });

  it('E11 the offer is withdrawn when the game moves past it: the offerer plays a move, and the answer comes too late', () => {
    const s = table();
    const offer = fairOffer(s);
    const offered = playOk(s, s.current, offer).state;
    const move = legalActions(offered, s.current).find((a) => a.type !== 'offerTrade')!;
    const moved = playOk(offered, s.current, move);
    expect(moved.events[0]).toEqual({ type: 'tradeWithdrawn', seat: s.current, target: offer.target });
    expect(eventText(moved.state, moved.events[0]!)).toContain('withdrawn');
    expect(moved.state.extended?.trade).toBeUndefined();
    const late = play(moved.state, offer.target, { type: 'acceptTrade' });
    expect(late.ok).toBe(false);
  });

  it('E11 a new offer replaces the open one; at most three offers a turn', () => {
    let s = table();
    const me = s.current;
    const offers = legalActions(s, me).filter((a): a is Offer => a.type === 'offerTrade');
    for (let k = 0; k < OFFERS_PER_TURN; k++) {
      const r = playOk(s, me, offers[k]!);
      if (k > 0) expect(r.events.map((e) => e.type)).toEqual(['tradeWithdrawn', 'tradeOffered']);
      s = r.state;
    }
    expect(legalActions(s, me).some((a) => a.type === 'offerTrade')).toBe(false);
    const r = play(s, me, offers[3]!);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toContain('3 offers this turn');
  });

  it('E11 jailed players trade too: an offer to a player in Jail, and one made from Jail', () => {
    let s = table('e11-jail');
    const me = s.current;
    const them = (me + 1) % 3;
    s = { ...s, pawns: s.pawns.map((p, i) => (i === them ? 'jail' : p)) };
    const toJail = playOk(s, me, { type: 'offerTrade', target: them, give: [s.hands[me]![0]!], ask: [] });
    expect(actingSeats(toJail.state)).toContain(them);
    const gift = playOk(toJail.state, them, { type: 'acceptTrade' }).state;
    expect(gift.hands[them]!.length).toBe(s.hands[them]!.length + 1);
    const jailedMe = { ...s, pawns: s.pawns.map((p, i) => (i === me ? 'jail' : p)) };
    expect(legalActions(jailedMe, me).some((a) => a.type === 'offerTrade')).toBe(true);
  });

  it('E11 a target who does not answer in time declines; it was not their turn, so it does not count towards removal', () => {
    const s = table();
    const offer = fairOffer(s);
    const offered = playOk(s, s.current, offer).state;
    const r = applyRequest(fence, offered, 'system', { type: 'timeout', seat: offer.target });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.events).toEqual([{ type: 'tradeDeclined', seat: s.current, target: offer.target, timedOut: true }]);
    expect(r.state.timeouts[offer.target]).toBe(0);
    expect(r.state.hands).toEqual(s.hands);
    expect(actingSeats(r.state)).toEqual([s.current]);
  });

  it('E11 an offer is withdrawn when either player leaves the game', () => {
    const s = table();
    const offer = fairOffer(s);
    const offered = playOk(s, s.current, offer).state;
    const resigned = applyRequest(fence, offered, offer.target, { type: 'resign' });
    if (!resigned.ok) throw new Error(resigned.message);
    expect(resigned.events.map((e) => e.type)).toContain('tradeWithdrawn');
    expect(resigned.state.extended?.trade).toBeUndefined();
  });

  it('E11 refusals: out of turn, cards not held, a card the game does not have, an empty offer', () => {
    const s = table();
    const me = s.current, other = (me + 1) % 3;
    const notMine = ['R1', 'R2', 'R3', 'R4', 'R5', 'R6'].find((c) => !s.hands[me]!.includes(c))!;
    const cases: [number, Action, string][] = [
      [other, { type: 'offerTrade', target: me, give: [], ask: ['R1'] }, 'NOT_YOUR_TURN'],
      [me, { type: 'offerTrade', target: other, give: [notMine], ask: [] }, 'CARDS_NOT_IN_HAND'],
      [me, { type: 'offerTrade', target: other, give: [], ask: ['RJ'] }, 'NOT_AN_OPTION'],
      [me, { type: 'offerTrade', target: other, give: [], ask: [] }, 'ILLEGAL'],
      [me, { type: 'offerTrade', target: me, give: [], ask: ['R1'] }, 'NOT_AN_OPTION'],
      [other, { type: 'acceptTrade' }, 'NOT_YOUR_TURN'],
    ];
    for (const [seat, action, code] of cases) {
      const r = play(s, seat, action);
      expect(r.ok, JSON.stringify(action)).toBe(false);
      if (!r.ok) expect(r.code, `${JSON.stringify(action)}: ${r.message}`).toBe(code);
    }
  });

  it('E11 without the option nobody may offer', () => {
    const { state } = toMain({}, 'e11', 3);
    expect(legalActions(state, state.current).some((a) => a.type === 'offerTrade')).toBe(false);
    const r = play(state, state.current, { type: 'offerTrade', target: (state.current + 1) % 3, give: [], ask: ['R1'] });
    expect(r.ok).toBe(false);
  });
});
