/**
 * Movement (G11–G22): walls, paths that turn at fences, and every legal result of a roll,
 * listed once each with one path (G15). Pure functions of the pieces, the fences and the dice.
 */
import { BOARD, edgeOf, HOME, neighbour, reverse, turnLeft, turnRight, type Board, type Direction } from './board.ts';

/** A captured piece between its capture and the capturer's choice of start square. */
export const OFF = -2;

export interface Position {
  /** Per seat, its pieces' squares (HOME, OFF, or a square); [] for a seat that left. */
  pieces: readonly (readonly number[])[];
  /** Slots that hold a fence. */
  fenced: ReadonlySet<number>;
}

export interface PieceMove {
  piece: number;
  /** Every square stood on, the start first; one entry per step (a jump is one step). */
  squares: number[];
  /** The dice this move counts, in the order counted; empty for a jump. */
  dice: number[];
  jump: boolean;
}

export interface Result {
  /** Same key, same result (G15): the mover's pieces afterwards and who was captured (base 36). */
  key: string;
  moves: PieceMove[];
  captures: { seat: number; piece: number; at: number }[];
  /** A die the roll leaves unused (the other die is ignored or could not be played), or null. */
  unused: number | null;
}

const DIRS: Direction[] = [0, 1, 2, 3];

/** G11: the edge on side `d` of `sq` stops a piece that has `remaining` steps left. */
export function wallAhead(board: Board, fenced: ReadonlySet<number>, sq: number, d: Direction, remaining: number): boolean {
  const e = edgeOf(sq, d);
  if (e < 0) return true;
  switch (board.edgeKind[e]) {
    case 'black': return true;
    case 'entrance': return remaining > 1;
    case 'slot': return fenced.has(e);
    default: return true;
  }
}

/**
 * Every path of exactly `steps` steps from `from` (G12–G13), one per sequence of chosen turns:
 * straight on; at a wall a left or right turn (both when both are open), a reverse when both
 * are walls; a path that meets a wall on three sides ends there, unplayable. Entering HOME
 * (only on the last step, G18) ends a path.
 */
export function paths(board: Board, fenced: ReadonlySet<number>, from: number, steps: number): number[][] {
  const out: number[][] = [];
  const go = (sq: number, d: Direction, r: number, path: number[]): void => {
    const next = neighbour(sq, d);
    const p = [...path, next];
    if (next === HOME || r === 1) {
      out.push(p);
      return;
    }
    walk(next, d, r - 1, p);
  };
  const walk = (sq: number, d: Direction, r: number, path: number[]): void => {
    if (!wallAhead(board, fenced, sq, d, r)) return go(sq, d, r, path);
    const left = turnLeft(d);
    const right = turnRight(d);
    const leftOpen = !wallAhead(board, fenced, sq, left, r);
    const rightOpen = !wallAhead(board, fenced, sq, right, r);
    if (leftOpen) go(sq, left, r, path);
    if (rightOpen) go(sq, right, r, path);
    if (!leftOpen && !rightOpen && !wallAhead(board, fenced, sq, reverse(d), r)) go(sq, reverse(d), r, path);
  };
  if (from === HOME || from === OFF || steps <= 0) return out;
  for (const d of DIRS) if (!wallAhead(board, fenced, from, d, steps)) go(from, d, steps, [from]);
  return out;
}

/** The direction of the first step of a path, for words ("B3 east 4"). */
export function firstDirection(squares: readonly number[]): Direction | null {
  const [a, b] = squares;
  if (a === undefined || b === undefined || a < 0) return null;
  for (const d of DIRS) if (neighbour(a, d) === b) return d;
  return null;
}

/** Whether a path turns back on itself somewhere (G13's reversal in a dead end). */
export function turnsBack(squares: readonly number[]): boolean {
  for (let i = 2; i < squares.length; i++) if (squares[i] === squares[i - 2]) return true;
  return false;
}

/** Who stands on an ordinary square (not a start square, not HOME), if anyone. */
function occupant(board: Board, pieces: readonly (readonly number[])[], sq: number, except?: { seat: number; piece: number }): { seat: number; piece: number } | null {
  if (sq < 0 || board.starts.includes(sq)) return null;
  for (let s = 0; s < pieces.length; s++) {
    const ps = pieces[s]!;
    for (let p = 0; p < ps.length; p++) if (ps[p] === sq && !(except && except.seat === s && except.piece === p)) return { seat: s, piece: p };
  }
  return null;
}

interface Sim {
  pieces: number[][];
  moves: PieceMove[];
  captures: { seat: number; piece: number; at: number }[];
}

const clone = (pieces: readonly (readonly number[])[]): number[][] => pieces.map((p) => [...p]);

/**
 * Where a move ends (G16–G17): HOME and start squares take anyone; an ordinary square with the
 * mover's own piece refuses it; an opponent there is captured. Returns the new simulation or null.
 */
function land(board: Board, sim: Sim, seat: number, move: PieceMove): Sim | null {
  const end = move.squares[move.squares.length - 1]!;
  const who = occupant(board, sim.pieces, end, { seat, piece: move.piece });
  if (who && who.seat === seat) return null;
  const pieces = clone(sim.pieces);
  pieces[seat]![move.piece] = end;
  const captures = [...sim.captures];
  if (who) {
    pieces[who.seat]![who.piece] = OFF;
    captures.push({ ...who, at: end });
  }
  return { pieces, moves: [...sim.moves, move], captures };
}

/** Paths by start square and count, within one roll (fences do not move during a roll). */
type Paths = (from: number, steps: number) => number[][];

function pathMemo(board: Board, fenced: ReadonlySet<number>): Paths {
  const memo = new Map<number, number[][]>();
  return (from, steps) => {
    const k = from * 16 + steps;
    let p = memo.get(k);
    if (!p) memo.set(k, (p = paths(board, fenced, from, steps)));
    return p;
  };
}

/** One piece, one die (or a last piece's single die). */
function single(board: Board, walk: Paths, sim: Sim, seat: number, piece: number, die: number): Sim[] {
  const from = sim.pieces[seat]![piece]!;
  const out: Sim[] = [];
  for (const squares of walk(from, die)) {
    const next = land(board, sim, seat, { piece, squares, dice: [die], jump: false });
    if (next) out.push(next);
  }
  return out;
}

/** G14 option (a): one piece the sum, `first` counted first; at its end it may capture and go on. */
function sum(board: Board, walk: Paths, sim: Sim, seat: number, piece: number, first: number, second: number): Sim[] {
  const from = sim.pieces[seat]![piece]!;
  const out: Sim[] = [];
  for (const squares of walk(from, first + second)) {
    const move: PieceMove = { piece, squares, dice: [first, second], jump: false };
    const plain = land(board, sim, seat, move);
    if (plain) out.push(plain);
    const mid = squares[first]!;
    const who = occupant(board, sim.pieces, mid, { seat, piece });
    if (who && who.seat !== seat) {
      const pieces = clone(sim.pieces);
      pieces[who.seat]![who.piece] = OFF;
      const after = land(board, { pieces, moves: sim.moves, captures: [...sim.captures, { ...who, at: mid }] }, seat, move);
      if (after) out.push(after);
    }
  }
  return out;
}

/** G20: on doubles, one piece over a fence on an edge of its square to the square beyond. */
function jumps(board: Board, fenced: ReadonlySet<number>, sim: Sim, seat: number): Sim[] {
  const out: Sim[] = [];
  sim.pieces[seat]!.forEach((from, piece) => {
    if (from < 0) return;
    for (const d of DIRS) {
      const e = edgeOf(from, d);
      if (e < 0 || board.edgeKind[e] !== 'slot' || !fenced.has(e)) continue;
      const next = land(board, sim, seat, { piece, squares: [from, neighbour(from, d)], dice: [], jump: true });
      if (next) out.push(next);
    }
  });
  return out;
}

/**
 * A player's pieces are alike, so the result is where they stand as a set (two pieces leaving
 * the same start square the same way are one result), plus who was captured: packed into one
 * number (8 bits per sorted square, 5 per capture), as listing a roll compares many of them.
 */
function keyOf(sim: Sim, seat: number): number {
  const ps = sim.pieces[seat]!;
  const sorted = [ps[0]! + 2, ps[1]! + 2, ps[2]! + 2, ps[3]! + 2];
  for (let i = 1; i < 4; i++) {
    const v = sorted[i]!;
    let j = i - 1;
    while (j >= 0 && sorted[j]! > v) {
      sorted[j + 1] = sorted[j]!;
      j--;
    }
    sorted[j + 1] = v;
  }
  let key = ((sorted[0]! * 256 + sorted[1]!) * 256 + sorted[2]!) * 256 + sorted[3]!;
  const caps = sim.captures.map((c) => 1 + c.seat * 4 + c.piece).sort((a, b) => a - b);
  for (const c of caps) key = key * 32 + c;
  return key * 4 + caps.length;
}

/** The legal results of `dice` for `seat` (G14, G20–G22), each once (G15), in a stable order. */
export function rollResults(pos: Position, seat: number, dice: readonly [number, number], board: Board = BOARD): Result[] {
  const [a, b] = dice;
  const start: Sim = { pieces: clone(pos.pieces), moves: [], captures: [] };
  const f = pos.fenced;
  const walk = pathMemo(board, f);
  const mine = start.pieces[seat]!.map((sq, piece) => ({ sq, piece })).filter((p) => p.sq >= 0).map((p) => p.piece);
  const orders: [number, number][] = a === b ? [[a, b]] : [[a, b], [b, a]];
  const collect = (sims: Sim[], unused: number | null, into: Map<number, Result>) => {
    for (const sim of sims) {
      const key = keyOf(sim, seat);
      if (!into.has(key)) into.set(key, { key: key.toString(36), moves: sim.moves, captures: sim.captures, unused });
    }
  };
  const jumpResults = new Map<number, Result>();
  if (a === b) collect(jumps(board, f, start, seat), null, jumpResults);
  const withJumps = (m: Map<number, Result>): Result[] => {
    for (const [k, r] of jumpResults) if (!m.has(k)) m.set(k, r);
    return [...m.values()];
  };

  const found = new Map<number, Result>();
  if (mine.length === 1) {
    // G22: the last piece goes HOME with either die alone, or moves the sum.
    const piece = mine[0]!;
    for (const [x, y] of orders) collect(single(board, walk, start, seat, piece, x).filter((s) => s.pieces[seat]![piece] === HOME), y, found);
    if (found.size === 0) for (const [x, y] of orders) collect(sum(board, walk, start, seat, piece, x, y), null, found);
    return withJumps(found);
  }
  for (const piece of mine) for (const [x, y] of orders) collect(sum(board, walk, start, seat, piece, x, y), null, found);
  for (const i of mine) {
    for (const [x, y] of orders) {
      for (const first of single(board, walk, start, seat, i, x)) {
        for (const j of mine) if (j !== i && first.pieces[seat]![j]! >= 0) collect(single(board, walk, first, seat, j, y), null, found);
      }
    }
  }
  if (found.size === 0) {
    for (const [x, y] of orders) for (const piece of mine) collect(single(board, walk, start, seat, piece, x), y, found);
  }
  return withJumps(found);
}

/**
 * Steps from each square to HOME through edges that are not walls (G25's measure): fences,
 * black lines and the border stop; an entrance opens only into HOME. Unreachable: Infinity.
 */
let lastSteps: { key: string; dist: Float64Array } | null = null;

export function stepsToHome(fenced: ReadonlySet<number>, board: Board = BOARD): Float64Array {
  const key = [...fenced].sort((x, y) => x - y).join(',');
  if (lastSteps?.key === key && board === BOARD) return lastSteps.dist;
  const dist = new Float64Array(225).fill(Infinity);
  const queue: number[] = [];
  for (const ent of board.entrances) {
    dist[ent.square] = 1;
    queue.push(ent.square);
  }
  for (let i = 0; i < queue.length; i++) {
    const sq = queue[i]!;
    for (const d of DIRS) {
      if (wallAhead(board, fenced, sq, d, 2)) continue;
      const n = neighbour(sq, d);
      if (n < 0 || dist[n]! <= dist[sq]! + 1) continue;
      dist[n] = dist[sq]! + 1;
      queue.push(n);
    }
  }
  if (board === BOARD) lastSteps = { key, dist };
  return dist;
}
