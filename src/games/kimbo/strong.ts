/**
 * The strong Game of Fences player. It measures a square by the dice a piece there still needs
 * to reach HOME, moving as pieces move (straight on, turning only at walls, HOME by exact
 * count: G11–G18), rather than by steps on a map; it chooses the result that leaves its pieces
 * nearest HOME by that measure and the others' farthest, less what its pieces risk being
 * captured on the others' next rolls (G17); and it sends a captured piece to the start square
 * from which its owner needs the most dice. Everything it reads is public (G24).
 */
import type { Rng } from '../../platform/rng.ts';
import { BOARD, HOME } from './board.ts';
import { currentResults, positionOf, type Action } from './engine.ts';
import { OFF, paths, type Result } from './moves.ts';
import type { KimboState } from './state.ts';

/** Where a piece can end from a square with a count (G13: one end per choice of turns), remembered. */
type Reach = (sq: number, n: number) => number[];

/** Dice a piece still needs, per square (HOME 0), for one placement of the fences. */
let measured: { key: string; dice: Float64Array; reach: Reach } | null = null;

function measure(s: KimboState): { dice: Float64Array; reach: Reach } {
  const fenced = positionOf(s).fenced;
  const key = [...fenced].sort((a, b) => a - b).join(',');
  if (measured?.key === key) return measured;
  const ends = new Map<number, number[]>();
  const reach: Reach = (sq, n) => {
    let e = ends.get(sq * 16 + n);
    if (!e) ends.set(sq * 16 + n, (e = [...new Set(paths(BOARD, fenced, sq, n).map((p) => p[p.length - 1]!))]));
    return e;
  };
  // Expected dice to HOME if each die may move this piece or be spent elsewhere: the fixed point
  // of V(sq) = 1 + mean over a die d of min(V(sq), best end of d), HOME being 0.
  const dice = new Float64Array(225).fill(60);
  const value = (sq: number) => (sq === HOME ? 0 : dice[sq]!);
  for (let round = 0; round < 200; round++) {
    let change = 0;
    for (const sq of BOARD.squares) {
      let total = 0;
      for (let d = 1; d <= 6; d++) {
        let best = dice[sq]!;
        for (const end of reach(sq, d)) best = Math.min(best, value(end));
        total += best;
      }
      const next = Math.min(60, 1 + total / 6);
      change = Math.max(change, Math.abs(next - dice[sq]!));
      dice[sq] = next;
    }
    if (change < 1e-3) break;
  }
  measured = { key, dice, reach };
  return measured;
}

/** A piece in HOME is safe for good: it counts this many dice better than its distance, 0. */
const HOME_BONUS = 2;

export function chooseStrong(s: KimboState, seat: number, rng: Rng): Action | null {
  if (s.outcome || s.current !== seat) return null;
  if (s.stage === 'start') return { type: 'roll' };
  const { dice, reach } = measure(s);
  const far = (sq: number): number => (sq === HOME ? 0 : sq === OFF ? worstStart(dice) : dice[sq]!);
  if (s.stage === 'corner') {
    let best = 0;
    BOARD.starts.forEach((sq, i) => {
      if (dice[sq]! > dice[BOARD.starts[best]!]!) best = i;
    });
    return { type: 'corner', corner: best };
  }
  const results = currentResults(s);
  if (results.length === 0) return null;
  const others = s.seats.map((_, i) => i).filter((i) => i !== seat && !s.out[i]);
  const value = (r: Result): number => {
    const pieces = s.pieces.map((p) => [...p]);
    for (const m of r.moves) pieces[seat]![m.piece] = m.squares[m.squares.length - 1]!;
    for (const c of r.captures) pieces[c.seat]![c.piece] = OFF;
    const mine = pieces[seat]!;
    if (mine.every((p) => p === HOME)) return Infinity;
    let v = 0;
    for (const p of mine) v -= far(p) - (p === HOME ? HOME_BONUS : 0);
    // The dice the others still need count for us (averaged over them).
    for (const o of others) {
      const theirs = pieces[o]!.reduce((t, p) => t + far(p), 0);
      v += theirs / others.length;
    }
    // Our pieces on ordinary squares that the others' next rolls can land on.
    for (const p of mine) {
      if (p < 0 || BOARD.starts.includes(p)) continue;
      const risk = captureChance(pieces, others, p, reach);
      if (risk > 0) v -= risk * (worstStart(dice) - dice[p]!);
    }
    return v;
  };
  let best: Result[] = [];
  let bestValue = -Infinity;
  for (const r of results) {
    const v = value(r);
    if (v > bestValue + 1e-9) [best, bestValue] = [[r], v];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(r);
  }
  return { type: 'move', key: rng.pick(best).key };
}

const worstStart = (dice: Float64Array): number => Math.max(...BOARD.starts.map((sq) => dice[sq]!));

/**
 * The share of the 36 rolls on which some other player could end a move on `sq`: one die, the
 * other, or both for one piece (G14), by any of their pieces on the board.
 */
function captureChance(pieces: readonly (readonly number[])[], others: readonly number[], sq: number, reach: Reach): number {
  const hits = new Set<number>();
  for (const o of others) {
    for (const p of pieces[o] ?? []) {
      if (p < 0) continue;
      for (let n = 1; n <= 12; n++) if (!hits.has(n) && reach(p, n).includes(sq)) hits.add(n);
    }
  }
  if (hits.size === 0) return 0;
  let rolls = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (hits.has(a) || hits.has(b) || hits.has(a + b)) rolls++;
  return rolls / 36;
}
