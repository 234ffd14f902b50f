/**
 * What a viewer may know: everything but the generator (G24). The only thing drawings and
 * alt texts see.
 */
import { BOARD, HOME, nameOfSquare } from './board.ts';
import type { LastMove, KimboState } from './state.ts';
import { SIDE_NAMES } from './words.ts';

export interface KimboView {
  names: string[];
  /** Per seat: side (0 north … 3 west) and colour. */
  sides: number[];
  colours: string[];
  out: boolean[];
  pieces: number[][];
  fences: { slot: number; colour: string; neutral: boolean }[];
  current: number | null;
  dice: [number, number] | null;
  last: LastMove | null;
  round: number;
}

export function viewFor(s: KimboState): KimboView {
  return {
    names: s.seats.map((x) => x.name),
    sides: [...s.sides],
    colours: s.sides.map((side) => BOARD.colours[side]!),
    out: [...s.out],
    pieces: s.pieces.map((p) => [...p]),
    fences: s.fences.map((f) => ({ slot: f.slot, colour: BOARD.colours[f.side]!, neutral: f.owner === null })),
    current: s.outcome ? null : s.current,
    dice: s.last?.dice ?? null,
    last: s.last,
    round: s.round,
  };
}

/** Where every piece is, in words, for screen readers. */
export function boardAlt(v: KimboView): string {
  const seats = v.names.map((name, seat) => {
    if (v.out[seat]) return `${name} has left.`;
    const ps = v.pieces[seat]!;
    const home = ps.filter((p) => p === HOME).length;
    const rest = ps.map((p, i) => (p === HOME ? null : p < 0 ? `${i + 1} captured` : `${i + 1} on ${nameOfSquare(p)}`)).filter(Boolean).join(', ');
    return `${name} (${SIDE_NAMES[v.sides[seat]!]}): ${home} in HOME${rest ? `; ${rest}` : ''}.`;
  });
  const dice = v.dice ? ` Last roll ${v.dice[0]} and ${v.dice[1]}.` : '';
  return `Game of Fences board, round ${v.round}. ${seats.join(' ')}${dice}`;
}
