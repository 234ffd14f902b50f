/**
 * The Game of Fences board (G1–G5), read from assets/kimbo/board.json and checked at load: the
 * code knows the grid's shape, never where a line or slot is. Squares are numbered x + 15·y
 * (A1 = 0, O15 = 224); HOME is one space, `HOME`. Edges between neighbouring squares are
 * numbered too: 0–209 between a square and its east neighbour, 210–419 between a square and its
 * south neighbour.
 */
import { z } from 'zod';
import boardJson from '../../../assets/kimbo/board.json' with { type: 'json' };

export const HOME = -1;
export const SIZE = 15;
export const COLUMNS = 'ABCDEFGHIJKLMNO';
/** Directions in clockwise order; so are sides (the side a direction points to). */
export const DIRECTIONS = ['north', 'east', 'south', 'west'] as const;
export type Direction = 0 | 1 | 2 | 3;
export const SIDES = DIRECTIONS;
const DX = [0, 1, 0, -1] as const;
const DY = [-1, 0, 1, 0] as const;

export type EdgeKind = 'slot' | 'black' | 'entrance' | 'inside';

const squareName = z.string().regex(/^[A-O](?:[1-9]|1[0-5])$/, 'a square such as H6');
const edgeName = z.string().regex(/^[A-O](?:[1-9]|1[0-5])\|[A-O](?:[1-9]|1[0-5])$/, 'an edge such as G6|G7');

export const boardSchema = z.object({
  size: z.literal(SIZE),
  home: z.object({ from: squareName, to: squareName, entrances: z.array(edgeName).length(4) }),
  starts: z.array(z.object({ square: squareName, block: z.array(squareName).length(4), exits: z.array(edgeName).length(2), walls: z.array(edgeName).length(2) })).length(4),
  blackLines: z.array(edgeName),
  sides: z.array(z.object({ side: z.enum(DIRECTIONS), colour: z.string().regex(/^#[0-9A-Fa-f]{6}$/), triangles: z.array(edgeName).length(6) })).length(4),
});
export type BoardData = z.output<typeof boardSchema>;

export interface Board {
  data: BoardData;
  /** Kind of every edge by id; 'inside' is an edge between two parts of HOME. */
  edgeKind: EdgeKind[];
  /** The 216 squares outside HOME. */
  squares: number[];
  /** The four start squares, in the data's order (A1, O1, O15, A15). */
  starts: number[];
  /** Per side (north, east, south, west): its entrance square, the entrance edge, the entrance square's other three edges. */
  entrances: { square: number; edge: number; slots: number[] }[];
  /** Per side: its six triangle slots. */
  triangles: number[][];
  colours: string[];
  /** Every fence slot. */
  slots: number[];
  /** Black lines printed on the board besides HOME's and the start areas'. */
  extraLines: number[];
}

export const xOf = (sq: number): number => sq % SIZE;
export const yOf = (sq: number): number => Math.floor(sq / SIZE);
export const squareAt = (x: number, y: number): number => x + SIZE * y;

export function nameOfSquare(sq: number): string {
  return sq === HOME ? 'HOME' : `${COLUMNS[xOf(sq)]}${yOf(sq) + 1}`;
}

/** A square by name ("H6", any case), HOME, or null. */
export function parseSquare(text: string): number | null {
  const t = text.trim().toUpperCase();
  if (t === 'HOME') return HOME;
  const m = /^([A-O])(1[0-5]|[1-9])$/.exec(t);
  if (!m) return null;
  const sq = squareAt(COLUMNS.indexOf(m[1]!), Number(m[2]) - 1);
  return inHomeBlock(sq) ? HOME : sq;
}

const HOME_MIN = 6;
const HOME_MAX = 8;
const inHomeBlock = (sq: number): boolean => xOf(sq) >= HOME_MIN && xOf(sq) <= HOME_MAX && yOf(sq) >= HOME_MIN && yOf(sq) <= HOME_MAX;

/** The raw neighbour cell (a HOME cell included), or -2 past the border. */
function cellAt(sq: number, d: Direction): number {
  const x = xOf(sq) + DX[d];
  const y = yOf(sq) + DY[d];
  return x < 0 || y < 0 || x >= SIZE || y >= SIZE ? -2 : squareAt(x, y);
}

/** The edge on side `d` of square `sq`, or -1 for the border. */
export function edgeOf(sq: number, d: Direction): number {
  const x = xOf(sq);
  const y = yOf(sq);
  switch (d) {
    case 0: return y === 0 ? -1 : 210 + (y - 1) * SIZE + x;
    case 1: return x === SIZE - 1 ? -1 : y * (SIZE - 1) + x;
    case 2: return y === SIZE - 1 ? -1 : 210 + y * SIZE + x;
    case 3: return x === 0 ? -1 : y * (SIZE - 1) + x - 1;
  }
}

/** The two cells an edge separates (west then east, or north then south). */
export function cellsOf(edge: number): [number, number] {
  if (edge < 210) {
    const y = Math.floor(edge / (SIZE - 1));
    const x = edge % (SIZE - 1);
    return [squareAt(x, y), squareAt(x + 1, y)];
  }
  const e = edge - 210;
  return [e, e + SIZE];
}

/** Where a step from `sq` towards `d` lands: a square, HOME, or -2 past the border. */
export function neighbour(sq: number, d: Direction): number {
  const c = cellAt(sq, d);
  return c >= 0 && inHomeBlock(c) ? HOME : c;
}

export const turnLeft = (d: Direction): Direction => ((d + 3) % 4) as Direction;
export const turnRight = (d: Direction): Direction => ((d + 1) % 4) as Direction;
export const reverse = (d: Direction): Direction => ((d + 2) % 4) as Direction;

export function nameOfEdge(edge: number): string {
  const [a, b] = cellsOf(edge);
  return `${nameOfSquare(a)}|${nameOfSquare(b)}`;
}

/** An edge by name ("G6|G7", either order, any case), or null when the squares are not neighbours. */
export function parseEdge(text: string): number | null {
  const parts = text.trim().toUpperCase().split('|');
  if (parts.length !== 2) return null;
  const cell = (t: string): number | null => {
    const m = /^([A-O])(1[0-5]|[1-9])$/.exec(t.trim());
    return m ? squareAt(COLUMNS.indexOf(m[1]!), Number(m[2]) - 1) : null;
  };
  const a = cell(parts[0]!);
  const b = cell(parts[1]!);
  if (a === null || b === null) return null;
  for (const d of [0, 1, 2, 3] as Direction[]) if (cellAt(a, d) === b) return edgeOf(a, d);
  return null;
}

/** Reads and checks board data; throws with every problem found. */
export function loadBoard(json: unknown): Board {
  const data = boardSchema.parse(json);
  const problems: string[] = [];
  const edge = (name: string, what: string): number => {
    const e = parseEdge(name);
    if (e === null) problems.push(`${what} ${name} is not an edge between two neighbouring squares`);
    return e ?? -1;
  };
  const sq = (name: string): number => squareAt(COLUMNS.indexOf(name[0]!), Number(name.slice(1)) - 1);
  if (data.home.from !== 'G7' || data.home.to !== 'I9') problems.push('HOME is G7–I9 (G2)');

  const edgeKind: EdgeKind[] = Array.from({ length: 420 }, () => 'slot');
  for (let e = 0; e < 420; e++) {
    const [a, b] = cellsOf(e);
    if (inHomeBlock(a) && inHomeBlock(b)) edgeKind[e] = 'inside';
    else if (inHomeBlock(a) || inHomeBlock(b)) edgeKind[e] = 'black';
  }
  const entrances = data.home.entrances.map((name, side) => {
    const e = edge(name, 'entrance');
    const [a, b] = e < 0 ? [0, 0] : cellsOf(e);
    const square = inHomeBlock(a) ? b : a;
    if (e >= 0 && inHomeBlock(a) === inHomeBlock(b)) problems.push(`entrance ${name} is not on HOME's boundary`);
    if (e >= 0 && neighbour(square, ((side + 2) % 4) as Direction) !== HOME) problems.push(`entrance ${name} is not on HOME's ${DIRECTIONS[side]} side`);
    if (e >= 0) edgeKind[e] = 'entrance';
    const slots = ([0, 1, 2, 3] as Direction[]).map((d) => edgeOf(square, d)).filter((x) => x !== e && x >= 0);
    return { square, edge: e, slots };
  });
  const blacken = (name: string, what: string) => {
    const e = edge(name, what);
    if (e < 0) return -1;
    if (edgeKind[e] !== 'slot') problems.push(`${what} ${name} is already ${edgeKind[e]}`);
    edgeKind[e] = 'black';
    return e;
  };
  const starts = data.starts.map((s) => {
    for (const w of s.walls) blacken(w, 'start-area wall');
    for (const x of s.exits) if (parseEdge(x) === null) problems.push(`start exit ${x} is not an edge`);
    return sq(s.square);
  });
  const extraLines = data.blackLines.map((l) => blacken(l, 'black line'));
  const triangles = data.sides.map((s) => s.triangles.map((t) => edge(t, `${s.side} triangle slot`)));
  for (const ent of entrances) for (const e of ent.slots) if (edgeKind[e] !== 'slot') problems.push(`the entrance square ${nameOfSquare(ent.square)} has a black line on ${nameOfEdge(e)} (G3)`);
  triangles.flat().forEach((e) => {
    if (e >= 0 && edgeKind[e] !== 'slot') problems.push(`triangle slot ${nameOfEdge(e)} is not a slot`);
  });
  data.sides.forEach((s, i) => {
    if (s.side !== DIRECTIONS[i]) problems.push(`sides are listed north, east, south, west (found ${s.side} at ${i + 1})`);
  });
  if (problems.length) throw new Error(`assets/kimbo/board.json: ${problems.join('; ')}`);
  const squares: number[] = [];
  for (let i = 0; i < SIZE * SIZE; i++) if (!inHomeBlock(i)) squares.push(i);
  const slots: number[] = [];
  for (let e = 0; e < 420; e++) if (edgeKind[e] === 'slot') slots.push(e);
  return { data, edgeKind, squares, starts, entrances, triangles, colours: data.sides.map((s) => s.colour), slots, extraLines };
}

/** The board the game is played on. */
export const BOARD: Board = loadBoard(boardJson);
