/**
 * Computer players (G25): the three levels — easy, normal (the simple player) and strong —
 * and a random one. All choose only from the engine's legal actions, and all are
 * deterministic: their tie-breaks come from a generator derived from the game's (not advanced).
 */
import { botRng, type Rng } from '../../platform/rng.ts';
import { BOARD, HOME } from './board.ts';
import { play, currentResults, legalActions, positionOf, vacantSlots, type Action } from './engine.ts';
import { OFF, stepsToHome, type Result } from './moves.ts';
import type { KimboState } from './state.ts';
import { chooseStrong } from './strong.ts';

const rngFor = (s: KimboState, seat: number): Rng => botRng(s.rng, seat, { round: s.round });

/** Random: a quarter of the time a random own fence to a random vacant slot, then a uniform result. */
export function randomPlayer(s: KimboState, seat: number): Action | null {
  if (s.outcome || s.current !== seat) return null;
  const rng = rngFor(s, seat);
  if (s.stage === 'start') {
    const own = s.fences.filter((f) => f.owner === seat);
    if (own.length && rng.next() < 0.25) return { type: 'fence', from: rng.pick(own).slot, to: rng.pick(vacantSlots(s)) };
    return { type: 'roll' };
  }
  const legal = legalActions(s, seat);
  return legal.length ? rng.pick(legal) : null;
}

/** Pieces each seat has in HOME: who leads, for choosing whom to capture. */
const homeCount = (s: KimboState, seat: number): number => (s.pieces[seat] ?? []).filter((p) => p === HOME).length;

/**
 * Simple: one-ply greedy over the roll's results — a win, then pieces into HOME, then captures
 * (the leader's pieces first), then the fewest total steps to HOME. It never moves a fence and
 * sends a captured piece to the start square farthest from HOME.
 */
export function simplePlayer(s: KimboState, seat: number): Action | null {
  if (s.outcome || s.current !== seat) return null;
  if (s.stage === 'start') return { type: 'roll' };
  const dist = stepsToHome(positionOf(s).fenced);
  const far = (sq: number) => (sq === HOME ? 0 : sq === OFF ? 60 : Math.min(dist[sq] ?? 60, 60));
  if (s.stage === 'corner') {
    let best = 0;
    BOARD.starts.forEach((sq, i) => {
      if (far(sq) > far(BOARD.starts[best]!)) best = i;
    });
    return { type: 'corner', corner: best };
  }
  const results = currentResults(s);
  if (results.length === 0) return null;
  const leader = Math.max(...s.seats.map((_, x) => (x === seat ? -1 : homeCount(s, x))));
  const score = (r: Result): number[] => {
    const after = [...s.pieces[seat]!];
    for (const m of r.moves) after[m.piece] = m.squares[m.squares.length - 1]!;
    const home = after.filter((p) => p === HOME).length;
    const leaders = r.captures.filter((c) => homeCount(s, c.seat) === leader).length;
    return [home === 4 ? 1 : 0, home, leaders, r.captures.length, -after.reduce((t, p) => t + far(p), 0)];
  };
  const rng = rngFor(s, seat);
  let best: Result[] = [];
  let bestScore: number[] | null = null;
  for (const r of results) {
    const sc = score(r);
    const cmp = bestScore === null ? 1 : compare(sc, bestScore);
    if (cmp > 0) {
      best = [r];
      bestScore = sc;
    } else if (cmp === 0) best.push(r);
  }
  return { type: 'move', key: rng.pick(best).key };
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]! ? 1 : -1;
  return 0;
}

/**
 * Easy: a gentle opponent. It enters HOME when a roll allows (and wins when it can), otherwise
 * plays a result at random, never capturing when it can help it; it never moves a fence, and
 * sends a piece it had to capture to the start square nearest HOME.
 */
export function easyPlayer(s: KimboState, seat: number): Action | null {
  if (s.outcome || s.current !== seat) return null;
  if (s.stage === 'start') return { type: 'roll' };
  const dist = stepsToHome(positionOf(s).fenced);
  if (s.stage === 'corner') {
    let best = 0;
    BOARD.starts.forEach((sq, i) => {
      if ((dist[sq] ?? 60) < (dist[BOARD.starts[best]!] ?? 60)) best = i;
    });
    return { type: 'corner', corner: best };
  }
  const results = currentResults(s);
  if (results.length === 0) return null;
  const home = (r: Result) => r.moves.filter((m) => m.squares[m.squares.length - 1] === HOME).length;
  const most = Math.max(...results.map(home));
  let pool = most > 0 ? results.filter((r) => home(r) === most) : results;
  const gentle = pool.filter((r) => r.captures.length === 0);
  if (gentle.length) pool = gentle;
  return { type: 'move', key: rngFor(s, seat).pick(pool).key };
}

/** Strong: see strong.ts. */
export const strongPlayer = (s: KimboState, seat: number): Action | null => chooseStrong(s, seat, rngFor(s, seat));

export const PLAYERS = { normal: simplePlayer, simple: simplePlayer, easy: easyPlayer, strong: strongPlayer, random: randomPlayer } as const;
export type PlayerKind = keyof typeof PLAYERS;

/**
 * Lets computer players play from a state to the end (or `steps` actions): each seat plays
 * `kinds[seat]`, a timed-out turn the simple way. For tests, benchmarks and measurements.
 */
export function playOut(state: KimboState, kinds: readonly PlayerKind[], steps = Infinity): { state: KimboState; actions: number } {
  let s = state;
  let actions = 0;
  while (!s.outcome && actions < steps) {
    const seat = s.current;
    const action = PLAYERS[kinds[seat] ?? 'simple'](s, seat);
    if (!action) throw new Error(`seat ${seat} has nothing to do at stage ${s.stage}`);
    const r = play(s, seat, action);
    if (!r.ok) throw new Error(`a computer move was refused: ${r.code} ${r.message}`);
    s = r.state;
    actions++;
  }
  return { state: s, actions };
}
