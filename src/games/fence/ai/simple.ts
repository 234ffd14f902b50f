/**
 * The simple strategy: scores each legal action with a few rules of thumb a casual player
 * would use — jail the leader, turn State's Evidence, keep away from the Cops, keep cards,
 * stay central (where Hot Goods are near) — and picks the best, breaking ties at random.
 * It reads only what its seat may know: the public board and its own hand.
 */
import type { Rng } from '../../../platform/rng.ts';
import type { Action } from '../actions.ts';
import { buildContext, legalPlacements } from '../building.ts';
import { colourOf } from '../cards.ts';
import { cellKey, distances, DX, DY, roadAt, tileIdOfKey, type NbId } from '../geometry.ts';
import { movesOf } from '../legal.ts';
import { graphOfState } from '../roads.ts';
import { seatsInGame } from '../../../platform/seats.ts';
import { isJailed, pawnsAt, tileSetOf } from '../rules.ts';
import type { FenceState } from '../state.ts';
import { tradeGain } from '../variants/trading-cards.ts';

/**
 * What the simple strategy chooses among: all legal actions, except that during building
 * swaps are only looked at when nothing can be placed (it never prefers a swap).
 */
export function simpleCandidates(s: FenceState, seat: number): Action[] {
  if (s.phase === 'building' && !s.pending) {
    const places = legalPlacements(buildContext(s, tileSetOf(s)), seat, { swaps: false });
    if (places.length) return places;
  }
  return movesOf(s, seat);
}


export function chooseSimple(s: FenceState, seat: number, legal: readonly Action[], rng: Rng): Action {
  if (legal.length === 1) return legal[0] as Action;
  let best: Action[] = [];
  let bestScore = -Infinity;
  const scorer = makeScorer(s, seat);
  for (const a of legal) {
    const score = scorer(a);
    if (score > bestScore + 1e-9) {
      bestScore = score;
      best = [a];
    } else if (Math.abs(score - bestScore) <= 1e-9) best.push(a);
  }
  return rng.pick(best);
}

function makeScorer(s: FenceState, me: number): (a: Action) => number {
  if (s.phase === 'building') return buildingScorer(s);
  const g = graphOfState(s);
  const copsNode = s.cops ? g.index.get(s.cops) : undefined;
  const copsDist = copsNode === undefined ? null : distances(g.und, [copsNode]);
  const degree = (nb: NbId) => {
    const n = g.index.get(nb);
    return n === undefined ? 0 : (g.out[n]?.length ?? 0) + (g.inn[n]?.length ?? 0);
  };
  const danger = (nb: NbId) => {
    const n = g.index.get(nb);
    const d = n === undefined || !copsDist ? -1 : (copsDist[n] as number);
    return d < 0 ? 0 : Math.max(0, 4 - d);
  };
  const others = seatsInGame(s).filter((i) => i !== me);
  const cards = (i: number) => s.hands[i]?.length ?? 0;
  const leader = others.reduce((a, b) => (cards(b) > cards(a) ? b : a), others[0] ?? me);
  const jailed = isJailed(s, me);
  const myHand = s.hands[me] ?? [];
  const red = myHand.filter((c) => colourOf(c) === 'red').length;
  const blue = myHand.length - red;

  const catchScore = (nb: NbId) => {
    const caught = pawnsAt(s, nb);
    if (caught.includes(me)) return -1000;
    if (caught.length === 0) return 0;
    return 60 * caught.length + (caught.includes(leader) ? 40 : 0) + (jailed ? 50 : 0);
  };

  return (a: Action): number => {
    switch (a.type) {
      case 'chooseColour':
        // Keep a red/blue pair in hand: draw the colour held less.
        return a.colour === 'red' ? blue - red : red - blue;
      case 'chooseNeighborhood': {
        if (s.pending?.kind === 'copsNeighborhood') return catchScore(a.nb) - danger(a.nb) * 0;
        return degree(a.nb) - danger(a.nb) * 3;
      }
      case 'moveSelf': {
        const cost = a.cards.length * 6;
        if (jailed) return 100 + degree(a.to) - danger(a.to) * 5 - cost;
        const here = s.pawns[me] as NbId;
        const gain = (danger(here) - danger(a.to)) * 12 + (degree(a.to) - degree(here));
        return gain - cost - 8;
      }
      case 'push': {
        if (a.to === s.cops) return catchScore(a.to) + 20;
        const lead = a.target === leader ? 3 : 0;
        return lead + danger(a.to) * 2 - degree(a.to) * 0.5;
      }
      case 'copsRoad':
      case 'tipOff': {
        const cost = a.type === 'tipOff' ? a.cards.length * 10 : 0;
        const mine = s.pawns[me];
        const near = mine && mine !== 'jail' ? (() => {
          const n = g.index.get(mine);
          const t = g.index.get(a.to);
          if (n === undefined || t === undefined) return 0;
          const d = distances(g.und, [t])[n] as number;
          return d >= 0 && d <= 1 ? -15 : 0;
        })() : 0;
        const pressure = others.reduce((sum, i) => {
          const p = s.pawns[i];
          if (!p || p === 'jail') return sum;
          const n = g.index.get(p), t = g.index.get(a.to);
          if (n === undefined || t === undefined) return sum;
          const d = distances(g.und, [t])[n] as number;
          return sum + (d === 1 ? (i === leader ? 3 : 2) : 0);
        }, 0);
        return catchScore(a.to) + near + pressure - cost;
      }
      case 'acceptTrade':
        // Accepts a deal that gives it at least as many cards as it asks.
        return tradeGain(s, me) >= 0 ? 1 : -1;
      default:
        return 0;
    }
  };
}

/** Building: prefer placements that join the most roads, placing before swapping. */
function buildingScorer(s: FenceState): (a: Action) => number {
  const set = tileSetOf(s);
  const ctx = buildContext(s, set);
  return (a: Action): number => {
    if (a.type !== 'place' && a.type !== 'swap') return 0;
    const def = set.byId.get(tileIdOfKey(a.tile));
    if (!def) return 0;
    let joined = 0;
    for (let w = 0; w < 4; w++) {
      if (roadAt(def, a.rot, w) < 0) continue;
      if (ctx.graph.cells.has(cellKey(a.x + (DX[w] as number), a.y + (DY[w] as number)))) joined++;
    }
    return joined * 10 + def.neighborhoods.length - (a.type === 'swap' ? 25 : 0);
  };
}
