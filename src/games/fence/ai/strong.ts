/**
 * The strong strategy: it plans its whole turn (Move Yourself, or both parts of Move Others in
 * either order) and judges where the pawns and the Cops would stand when the others move next:
 * who is in Jail and whether they can walk out, how surely the others could jail it in the
 * turns they play before its own (by road that is certain; a tip-off needs the right cards),
 * what its cards are worth, and how near the Hot Goods it stands. With two players each gets
 * two turns in a row as the First Player marker passes (B13): it watches the other's two, and
 * plans its own two together. Like the simple strategy it reads only what its seat may know:
 * the board, the card counts and colours the table has seen, and its own hand (never the
 * Stash, the others' card values or the dice to come). Building, pawn placement, colour draws
 * and the variants' own moves are the simple strategy's.
 */
import type { Rng } from '../../../platform/rng.ts';
import type { Action } from '../actions.ts';
import { colourOf, isNumber, removeCards, valueOf, type Card } from '../cards.ts';
import type { MapGraph, NbId } from '../geometry.ts';
import { copsRoadMoves, graphOfState, hotGoodsDistances, pushMoves } from '../roads.ts';
import { seatsInGame } from '../../../platform/seats.ts';
import { coordsOfKey, firstPlayerOf, hotGoodsPerRound, inPlay, selfMoves, tileKeyOf, tipOffMoves } from '../rules.ts';
import type { FenceState } from '../state.ts';
import { chooseSimple } from './simple.ts';

/** What a plan changes: the pawns, the Cops, the planner's hand and the cards it draws unseen. */
interface Sketch {
  pawns: (NbId | 'jail' | null)[];
  cops: NbId | null;
  hand: Card[];
  /** Colours of cards drawn by Turning State's Evidence during the plan (values unknown). */
  drawn: ('red' | 'blue')[];
  pushed: boolean;
  copsMoved: boolean;
}

/**
 * What the evaluation counts, in one scale: a win; a card in hand, and a red/blue pair (a way
 * out of Jail); a Hot Goods card expected this round; another player in Jail, more when they
 * hold no pair to walk out with, or would spend their last one.
 */
const WIN = 1000;
const CARD = 14;
const PAIR = 40;
const HOT_GOODS = 22;
const JAILED_OPP = 20;
const STUCK_OPP = 60;
const LAST_PAIR = 40;
/** How many of the best ends of our turn are judged again after our next turn, when it follows at once. */
const DEEP = 50;
/** How surely a jailing two turns away by road is found and played. */
const ROAD2 = 0.8;

const PLANNED = new Set<Action['type']>(['moveSelf', 'push', 'copsRoad', 'tipOff']);

export function chooseStrong(s: FenceState, seat: number, legal: readonly Action[], rng: Rng): Action {
  const planned = legal.filter((a) => PLANNED.has(a.type));
  if (s.phase !== 'main' || s.pending || planned.length === 0 || legal.length === 1) return chooseSimple(s, seat, legal, rng);
  const values = new Planner(s, seat).values(planned);
  let best: Action[] = [];
  let bestValue = -Infinity;
  for (const [i, a] of planned.entries()) {
    const v = values[i]!;
    if (v > bestValue + 1e-9) [best, bestValue] = [[a], v];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(a);
  }
  return rng.pick(best);
}

/** Chance that a hand of `k` cards of unknown colours holds both a red and a blue card (a way out of Jail). */
const pairChance = (k: number): number => (k < 2 ? 0 : 1 - 2 * 0.5 ** k);

/**
 * What a seat may know of the others' hands. Under the Basic Rules their colours are public:
 * everyone is dealt 2 red and 2 blue, every draw names its colour, every card played is shown;
 * only the values are secret, and a value is as likely as its copies not yet seen (B1: one red
 * and one blue set per player; the discard pile and our own hand are seen). Where a variant
 * hides colours or adds cards that are no number (Jokers, boats, trades, one mixed pile), only
 * the number of cards is known.
 */
class Beliefs {
  private readonly known: boolean;
  private readonly unseen: Record<'red' | 'blue', number[]>;
  private readonly unseenTotal: Record<'red' | 'blue', number>;
  private readonly colourCache: Record<'red' | 'blue', number>[] = [];

  constructor(private readonly s: FenceState, me: number) {
    const o = s.options;
    this.known = !o.mixedStash && !o.blindStash && !o.jokers && !o.boats && !o.tradingCards && !o.tradingPost;
    const copies = s.seats.length;
    this.unseen = { red: [0, ...Array(6).fill(copies)], blue: [0, ...Array(6).fill(copies)] } as Record<'red' | 'blue', number[]>;
    for (const c of [...s.discard, ...(s.hands[me] ?? [])]) if (isNumber(c)) this.unseen[colourOf(c)][valueOf(c)]! -= 1;
    this.unseenTotal = { red: this.unseen.red.reduce((a, b) => a + Math.max(0, b), 0), blue: this.unseen.blue.reduce((a, b) => a + Math.max(0, b), 0) };
  }

  /** Cards of each colour in a seat's hand (halves of the count when colours are not known). */
  private colours(seat: number): Record<'red' | 'blue', number> {
    const hand = this.s.hands[seat] ?? [];
    if (!this.known) return { red: hand.length / 2, blue: hand.length / 2 };
    let red = 0;
    for (const c of hand) if (colourOf(c) === 'red') red++;
    return { red, blue: hand.length - red };
  }

  /** Chance the seat holds a red and a blue card: a way out of Jail (B17). */
  pair(seat: number): number {
    if (!this.known) return pairChance(this.s.hands[seat]?.length ?? 0);
    const c = this.colourCache[seat] ??= this.colours(seat);
    return c.red > 0 && c.blue > 0 ? 1 : 0;
  }

  /** Chance the seat still holds a pair after paying one to walk out of Jail. */
  secondPair(seat: number): number {
    if (!this.known) return pairChance((this.s.hands[seat]?.length ?? 0) - 2);
    const c = this.colourCache[seat] ??= this.colours(seat);
    return c.red > 1 && c.blue > 1 ? 1 : 0;
  }

  /** Chance the seat holds a card of this colour and value. */
  holds(seat: number, colour: 'red' | 'blue', value: number): number {
    const n = (this.colourCache[seat] ??= this.colours(seat))[colour];
    const share = Math.max(0, this.unseen[colour][value] ?? 0) / Math.max(1, this.unseenTotal[colour]);
    return n <= 0 ? 0 : 1 - (1 - share) ** n;
  }
}

class Planner {
  private readonly graph: MapGraph;
  private readonly live: Set<NbId>;
  private readonly others: number[];
  private readonly beliefs: Beliefs;
  private readonly hotCache = new Map<string, number[]>();
  private readonly dangerCache = new Map<string, number>();

  constructor(private readonly s: FenceState, private readonly me: number) {
    this.graph = graphOfState(s);
    this.live = inPlay(s);
    this.others = seatsInGame(s).filter((i) => i !== me);
    this.beliefs = new Beliefs(s, me);
  }

  /**
   * A value for each action: the best end of the turn it starts. With two players the First
   * Player marker passing each round (B13) gives each player two turns in a row; so every end
   * is judged before the other's two turns, and when our next turn follows at once (we play
   * last in this round, first in the next), the most promising ends are judged after our best
   * next turn too.
   */
  values(actions: readonly Action[]): number[] {
    const s = this.s;
    const start: Sketch = { pawns: [...s.pawns], cops: s.cops, hand: [...(s.hands[this.me] ?? [])], drawn: [], pushed: s.turn.pushed, copsMoved: s.turn.cops };
    const ahead = this.others.length === 1 ? 2 : 1;
    const ends = actions.map((a) => {
      const first = this.play(start, a);
      if (a.type === 'moveSelf') return [first];
      const more = this.partsLeft(first).map((b) => this.play(first, b));
      return more.length ? more : [first];
    });
    const judged = ends.flatMap((list, i) => list.map((k) => ({ i, k, v: this.evaluate(k, true, ahead) })));
    const out = actions.map(() => -Infinity);
    const again = this.others.length === 1 && firstPlayerOf(s) !== this.me;
    if (!again) {
      for (const j of judged) out[j.i] = Math.max(out[j.i]!, j.v);
      return out;
    }
    judged.sort((x, y) => y.v - x.v);
    for (const j of judged.slice(0, DEEP)) out[j.i] = Math.max(out[j.i]!, this.bestTurn(j.k, ahead));
    return out;
  }

  /** Our best whole turn from `k` (Hot Goods come between: their cards are unknown). */
  private bestTurn(k: Sketch, ahead: number): number {
    if (k.pawns[this.me] === 'jail' || this.others.every((i) => k.pawns[i] === 'jail')) return this.evaluate(k, true, ahead);
    let best = -Infinity;
    for (const t of this.turns(k)) best = Math.max(best, this.evaluate(t, true, ahead));
    return best === -Infinity ? this.evaluate(k, true, ahead) : best;
  }

  /** Every end of a whole turn of ours from `k`: Move Yourself, or both parts of Move Others in either order. */
  private turns(k: Sketch): Sketch[] {
    const fresh: Sketch = { ...k, pushed: false, copsMoved: false };
    const out: Sketch[] = [];
    for (const m of selfMoves(this.stateOf(fresh), this.me)) out.push(this.play(fresh, { type: 'moveSelf', cards: m.cards, to: m.to }));
    for (const a of this.partsLeft(fresh)) {
      const first = this.play(fresh, a);
      const more = this.partsLeft(first);
      if (more.length === 0) out.push(first);
      for (const b of more) out.push(this.play(first, b));
    }
    return out;
  }

  /** The parts of Move Others we may still play after `k` (B15). */
  private partsLeft(k: Sketch): Action[] {
    const view = this.stateOf(k);
    const out: Action[] = [];
    if (!k.pushed) for (const m of pushMoves(view, this.me)) out.push({ type: 'push', target: m.target, to: m.to });
    if (!k.copsMoved) {
      for (const to of copsRoadMoves(view)) out.push({ type: 'copsRoad', to });
      for (const m of tipOffMoves(view, this.me)) out.push({ type: 'tipOff', cards: m.cards, to: m.to });
    }
    return out;
  }

  private stateOf(k: Sketch): FenceState {
    return { ...this.s, pawns: k.pawns, cops: k.cops, hands: this.s.hands.map((h, i) => (i === this.me ? k.hand : h)) };
  }

  /** The sketch after one action of ours (B14–B17), without anything random: our draws are counted, not seen. */
  private play(k: Sketch, a: Action): Sketch {
    const next: Sketch = { ...k, pawns: [...k.pawns], hand: k.hand, drawn: k.drawn };
    const jailedBefore = next.pawns[this.me] === 'jail';
    let caught = false;
    switch (a.type) {
      case 'moveSelf':
        next.hand = removeCards(next.hand, a.cards) ?? next.hand;
        next.pawns[this.me] = a.to;
        break;
      case 'push':
        next.pawns[a.target] = a.to;
        next.pushed = true;
        if (a.to === next.cops) caught = this.jail(next, a.to);
        break;
      case 'copsRoad':
      case 'tipOff':
        if (a.type === 'tipOff') next.hand = removeCards(next.hand, a.cards) ?? next.hand;
        next.cops = a.to;
        next.copsMoved = true;
        caught = this.jail(next, a.to);
        break;
      default:
        break;
    }
    // B17: Turning State's Evidence draws at once — one card of the colour it lacks, or (by a tip-off) a pair.
    if (jailedBefore && caught) {
      const has = (c: 'red' | 'blue') => next.hand.some((x) => isNumber(x) && colourOf(x) === c) || next.drawn.includes(c);
      const lacking = (['red', 'blue'] as const).filter((c) => !has(c));
      next.drawn = [...next.drawn, ...(a.type === 'tipOff' ? lacking : [lacking[0] ?? 'red'])];
    }
    return next;
  }

  /** B16: every pawn in `nb` goes to Jail; whether one of them was another player's (State's Evidence). */
  private jail(k: Sketch, nb: NbId): boolean {
    let other = false;
    for (let i = 0; i < k.pawns.length; i++) {
      if (k.pawns[i] !== nb || this.s.out[i]) continue;
      k.pawns[i] = 'jail';
      if (i !== this.me) other = true;
    }
    return other;
  }

  /** Neighborhoods our pairs lead out of Jail to (B17): cards drawn unseen count as two. */
  private exits(k: Sketch): number {
    if (!this.hasPair(k)) return 0;
    if (k.drawn.length) return 2;
    const view = this.stateOf({ ...k, pawns: k.pawns.map((p, i) => (i === this.me ? 'jail' : p)) });
    return new Set(selfMoves(view, this.me).map((m) => m.to)).size;
  }

  /** Red/blue pairs we hold (number cards and cards drawn unseen). */
  private pairs(k: Sketch): number {
    let red = 0;
    let blue = 0;
    for (const c of k.hand) if (isNumber(c)) c[0] === 'R' ? red++ : blue++;
    for (const c of k.drawn) c === 'red' ? red++ : blue++;
    return Math.min(red, blue);
  }

  private hasPair(k: Sketch): boolean {
    return this.pairs(k) > 0;
  }

  /** How good the position is for the planner when the others move next. */
  private evaluate(k: Sketch, hot: boolean, ahead: number): number {
    const me = this.me;
    const cards = k.hand.length + k.drawn.length;
    const pair = this.hasPair(k);
    let v = cards * CARD + (pair ? PAIR : 0);
    const othersFree: number[] = [];
    // Chance that every other player in Jail stays there (none holds a way out).
    let stuck = 1;
    for (const i of this.others) {
      if (k.pawns[i] !== 'jail') othersFree.push(i);
      else stuck *= 1 - this.beliefs.pair(i);
    }
    if (k.pawns[me] === 'jail') {
      // In Jail: with a pair it walks out next turn (paying the pair); without one it is stuck, and lost once only one player is free.
      // A way out to a single neighborhood can be shut by the Cops or a pawn before our turn.
      const lost = othersFree.length <= 1 ? WIN * 0.8 : WIN * 0.4;
      const exits = this.exits(k);
      if (exits >= 2) v -= 2 * CARD + PAIR;
      else if (exits === 1) v -= 2 * CARD + PAIR + lost * 0.5;
      else v -= lost;
      return v + this.othersJailed(k);
    }
    if (othersFree.length === 0 && this.others.length > 0) {
      // B19: the last one free wins when nobody in Jail can leave.
      return v + WIN * stuck + (1 - stuck) * this.othersJailed(k);
    }
    v += this.othersJailed(k);
    // The others' turns before ours: the chance one of them can jail us, and what that costs.
    const lastFree = othersFree.length === 1 && stuck > 0.5;
    const cost = pair ? 2 * CARD + PAIR + 30 : lastFree || this.others.length === 1 ? WIN * 0.8 : WIN * 0.3;
    v -= this.danger(k, ahead) * cost;
    if (hot) v += HOT_GOODS * this.hotGoodsShare(k);
    return v;
  }

  /** What the others in Jail are worth to us: their way out costs them a pair, and without one they lose their part. */
  private othersJailed(k: Sketch): number {
    let v = 0;
    for (const i of this.others) {
      if (k.pawns[i] !== 'jail') continue;
      const pair = this.beliefs.pair(i);
      v += 2 * CARD + JAILED_OPP + (1 - pair) * STUCK_OPP + pair * (1 - this.beliefs.secondPair(i)) * LAST_PAIR;
    }
    return v;
  }

  /**
   * The chance that the other players, in the `ahead` turns they play before ours, can send our
   * pawn to Jail: by road it is certain (the Cops one step, us pushed one step, in either order,
   * each turn); a tip-off onto us, or onto a neighborhood we can be pushed into, needs the right
   * cards. A player in Jail who holds a pair must walk out first (B17).
   */
  private danger(k: Sketch, ahead: number): number {
    const mine = k.pawns[this.me];
    if (!mine || mine === 'jail' || !k.cops) return 0;
    let key = `${mine}|${k.cops}|${ahead}`;
    for (const i of this.others) if (k.pawns[i] === 'jail') key += `|${i}`;
    let d = this.dangerCache.get(key);
    if (d === undefined) this.dangerCache.set(key, (d = this.dangerOf(k, mine, k.cops, ahead)));
    return d;
  }

  private dangerOf(k: Sketch, mine: NbId, copsAt: NbId, ahead: number): number {
    const graph = this.graph;
    const meN = graph.index.get(mine);
    const copsN = graph.index.get(copsAt);
    if (meN === undefined || copsN === undefined) return 0;
    const now = this.roadJail(meN, copsN);
    let soon = now;
    if (!now && ahead >= 2) {
      // Their first turn by road (or one spent elsewhere), then the second.
      const pushes = graph.out[meN]?.length ? graph.out[meN]! : [meN];
      const copsTo = this.copsSteps(copsN);
      const moves = copsTo.length ? copsTo : [copsN];
      soon = this.roadJail(meN, copsN);
      for (const m of pushes) for (const c of moves) if (!soon && m !== c && this.roadJail(m, c)) soon = true;
    }
    const cops = coordsOfKey(this.s, tileKeyOf(copsAt));
    const targets = new Set<string>([tileKeyOf(mine)]);
    for (const m of graph.out[meN] ?? []) targets.add(graph.nodes[m]!.key);
    let safe = 1;
    for (const i of this.others) {
      const pair = k.pawns[i] === 'jail' ? this.beliefs.pair(i) : 0;
      // A jailed player with a pair walks out on their first turn and has only the second.
      const road = now ? (ahead >= 2 ? 1 : 1 - pair) : soon ? (1 - pair) * ROAD2 : 0;
      // Tip-offs: one card changes one coordinate of the Cops' tile, a pair sends them anywhere.
      let reach = 0;
      for (const key of targets) {
        const c = coordsOfKey(this.s, key);
        if (!c || !cops) continue;
        const red = this.beliefs.holds(i, 'red', c.red);
        const blue = this.beliefs.holds(i, 'blue', c.blue);
        let p = red * blue;
        if (cops.blue === c.blue && cops.red !== c.red) p = Math.max(p, red);
        if (cops.red === c.red && cops.blue !== c.blue) p = Math.max(p, blue);
        reach = 1 - (1 - reach) * (1 - p);
      }
      const tip = ahead >= 2 ? 1 - (1 - reach) ** 2 : reach * (1 - pair);
      safe *= (1 - road) * (1 - tip);
    }
    return 1 - safe;
  }

  /** In-play neighborhoods the Cops reach in one road step (signs ignored). */
  private copsSteps(n: number): number[] {
    const { graph, live } = this;
    return (graph.und[n] ?? []).filter((m) => live.has(graph.nodes[m]!.id));
  }

  /** One Move Others turn by road can jail the pawn at node `m` with the Cops at `c` (B15, B16). */
  private roadJail(m: number, c: number): boolean {
    const copsTo = this.copsSteps(c);
    if (copsTo.includes(m)) return true;
    for (const p of this.graph.out[m] ?? []) if (p === c || copsTo.includes(p)) return true;
    return false;
  }

  /** Hot Goods cards we expect this round's rolls to bring us, less the most any other may expect. */
  private hotGoodsShare(k: Sketch): number {
    const key = `${k.pawns.join(',')}|${k.cops}`;
    let wins = this.hotCache.get(key);
    if (!wins) {
      wins = this.s.seats.map(() => 0);
      const view = this.stateOf(k);
      for (let red = 1; red <= 6; red++) {
        for (let blue = 1; blue <= 6; blue++) {
          const d = hotGoodsDistances(view, red, blue);
          let best = -1;
          let winner = -1;
          d.players.forEach((x, i) => {
            if (x === null) return;
            if (best < 0 || x < best) [best, winner] = [x, i];
            else if (x === best) winner = -1;
          });
          if (winner >= 0 && !(d.cops !== null && d.cops < best)) wins[winner]! += 1 / 36;
        }
      }
      this.hotCache.set(key, wins);
    }
    const per = hotGoodsPerRound(this.s);
    const mine = (wins[this.me] ?? 0) * per;
    const theirs = Math.max(0, ...this.others.map((i) => (wins![i] ?? 0) * per));
    return mine - theirs;
  }
}
