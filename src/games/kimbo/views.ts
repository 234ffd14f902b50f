/**
 * What a viewer may know: everything but the generator (G24). The only thing drawings and
 * alt texts see.
 */
import { BOARD, HOME, nameOfSquare } from './board.ts';
import type { LastMove, KimboState, PiecePath } from './state.ts';
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

export function view(s: KimboState): KimboView {
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

/** Where a choice's label is drawn: on a square (HOME too), on a fence slot, or over an area of the board. */
export type MarkPlace = { square: number } | { edge: number } | { area: Area };

/** A rectangle of squares, columns x0–x1 and rows y0–y1 (inclusive). */
export interface Area {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Mark {
  /** Drawn as this exact text: the label of an option (src/platform/choices.ts). */
  label: string;
  at: MarkPlace;
}

/**
 * A choice's picture: the board as the channel sees it, each option's label where it is, the
 * moves already chosen this turn drawn as paths (`trails`, their pieces shown where they end),
 * and optionally a part of the board shown larger (`zoom`). `focus`: fences to pick out.
 */
export interface KimboChoiceView extends KimboView {
  marks: Mark[];
  trails: PiecePath[];
  zoom: Area | null;
  focus: number[];
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
  const turn = v.current === null ? '' : ` ${v.names[v.current]} to play.`;
  return `Game of Fences board, round ${v.round}. ${seats.join(' ')}${dice}${turn}`;
}
