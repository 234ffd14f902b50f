/**
 * The board's geometry (D1): dots (x, y) 0..size, spaces (x, y) 1..size, edges between adjacent
 * dots. Edges are numbered: horizontal ones first (dot (x,y)–(x+1,y) is y·size + x), then
 * vertical ones (dot (x,y)–(x,y+1) is H + y·(size+1) + x). A fence map is a string with one
 * character per edge: '.' open, 'r' red, 'b' blue, 'n' neutral border.
 */
import { COMPONENTS } from './components.ts';

export const SIZE = COMPONENTS.size;
export const DOTS = SIZE + 1;
/** How many horizontal edges there are (the vertical ones follow). */
export const H = SIZE * DOTS;
export const EDGES = 2 * H;
export const SPACES = SIZE * SIZE;

export type Dot = readonly [number, number];
export type Ink = 'r' | 'b' | 'n';
export type Colour = 'red' | 'blue';
export const inkOf = (c: Colour): Ink => (c === 'red' ? 'r' : 'b');
export const other = (c: Colour): Colour => (c === 'red' ? 'blue' : 'red');

/** The edge between two adjacent dots, or null when they are not adjacent on the board. */
export function edgeBetween(a: Dot, b: Dot): number | null {
  const [x1, y1] = a;
  const [x2, y2] = b;
  if (!onBoard(a) || !onBoard(b)) return null;
  if (y1 === y2 && Math.abs(x1 - x2) === 1) return y1 * SIZE + Math.min(x1, x2);
  if (x1 === x2 && Math.abs(y1 - y2) === 1) return H + Math.min(y1, y2) * DOTS + x1;
  return null;
}

export const onBoard = ([x, y]: Dot): boolean => Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x <= SIZE && y <= SIZE;

/** An edge's two dots, west/south one first. */
export function edgeDots(e: number): [Dot, Dot] {
  if (e < H) {
    const y = Math.floor(e / SIZE);
    const x = e % SIZE;
    return [[x, y], [x + 1, y]];
  }
  const y = Math.floor((e - H) / DOTS);
  const x = (e - H) % DOTS;
  return [[x, y], [x, y + 1]];
}

export const isHorizontal = (e: number): boolean => e < H;

/** Space (x, y), 1-based, as an index 0..SPACES−1. */
export const spaceIndex = (x: number, y: number): number => (y - 1) * SIZE + (x - 1);
export const spaceXY = (i: number): [number, number] => [(i % SIZE) + 1, Math.floor(i / SIZE) + 1];

/** The spaces on either side of an edge (one for a border edge). */
export function edgeSpaces(e: number): number[] {
  const [[x, y]] = edgeDots(e);
  const out: number[] = [];
  if (isHorizontal(e)) {
    if (y >= 1) out.push(spaceIndex(x + 1, y));
    if (y <= SIZE - 1) out.push(spaceIndex(x + 1, y + 1));
  } else {
    if (x >= 1) out.push(spaceIndex(x, y + 1));
    if (x <= SIZE - 1) out.push(spaceIndex(x + 1, y + 1));
  }
  return out;
}

/** A space's four edges: south, north, west, east; and the space across each (−1 off the board). */
export const spaceSides = (i: number): readonly { edge: number; across: number }[] => SIDES[i] as { edge: number; across: number }[];

function sidesOf(i: number): { edge: number; across: number }[] {
  const [x, y] = spaceXY(i);
  return [
    { edge: edgeBetween([x - 1, y - 1], [x, y - 1]) as number, across: y > 1 ? spaceIndex(x, y - 1) : -1 },
    { edge: edgeBetween([x - 1, y], [x, y]) as number, across: y < SIZE ? spaceIndex(x, y + 1) : -1 },
    { edge: edgeBetween([x - 1, y - 1], [x - 1, y]) as number, across: x > 1 ? spaceIndex(x - 1, y) : -1 },
    { edge: edgeBetween([x, y - 1], [x, y]) as number, across: x < SIZE ? spaceIndex(x + 1, y) : -1 },
  ];
}

export interface DotEdges { e: number | null; w: number | null; n: number | null; s: number | null }
/** The edges meeting at a dot: east, west, north, south (null off the board). */
export const dotEdges = ([x, y]: Dot): DotEdges => DOT_EDGES[y * DOTS + x] as DotEdges;

function dotEdgesOf([x, y]: Dot): DotEdges {
  return { e: edgeBetween([x, y], [x + 1, y]), w: edgeBetween([x, y], [x - 1, y]), n: edgeBetween([x, y], [x, y + 1]), s: edgeBetween([x, y], [x, y - 1]) };
}

/** The printed border (D2): red along y = 0, blue along y = size, neutral on the sides. */
export function borderFences(): string {
  const f: string[] = Array.from({ length: EDGES }, () => '.');
  for (let x = 0; x < SIZE; x++) {
    f[edgeBetween([x, 0], [x + 1, 0]) as number] = 'r';
    f[edgeBetween([x, SIZE], [x + 1, SIZE]) as number] = 'b';
  }
  for (let y = 0; y < SIZE; y++) {
    f[edgeBetween([0, y], [0, y + 1]) as number] = 'n';
    f[edgeBetween([SIZE, y], [SIZE, y + 1]) as number] = 'n';
  }
  return f.join('');
}

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** How players name a dot: its column letter and row number, "C4" (a space goes by its lower-left dot). */
export const dotName = ([x, y]: Dot): string => `${LETTERS[x]}${y + 1}`;
export const spaceName = (i: number): string => {
  const [x, y] = spaceXY(i);
  return dotName([x - 1, y - 1]);
};

/** Reads "C4" (any case) as a dot; null when it is not a dot of the board. */
export function readDot(text: string): Dot | null {
  const m = /^\s*([a-z])\s*(\d{1,2})\s*$/i.exec(text);
  if (!m) return null;
  const dot: Dot = [LETTERS.indexOf((m[1] as string).toUpperCase()), Number(m[2]) - 1];
  return onBoard(dot) ? dot : null;
}

/**
 * The regions of the board (D15): spaces joined by open edges. `region[i]` is the region of
 * space i; `cells` lists each region's spaces.
 */
export function regions(fences: string): { region: number[]; cells: number[][] } {
  const region = Array.from({ length: SPACES }, () => -1);
  const cells: number[][] = [];
  for (let start = 0; start < SPACES; start++) {
    if (region[start] !== -1) continue;
    const id = cells.length;
    const list = [start];
    region[start] = id;
    for (let k = 0; k < list.length; k++) {
      for (const { edge, across } of spaceSides(list[k] as number)) {
        if (across >= 0 && region[across] === -1 && fences[edge] === '.') {
          region[across] = id;
          list.push(across);
        }
      }
    }
    cells.push(list);
  }
  return { region, cells };
}

/** The edges on the outline of a set of spaces. */
export function outline(cells: readonly number[]): number[] {
  const inside = new Set(cells);
  const out: number[] = [];
  for (const c of cells) for (const { edge, across } of spaceSides(c)) if (!inside.has(across)) out.push(edge);
  return out;
}

// Looked up on every fence checked: computed once.
const SIDES = Array.from({ length: SPACES }, (_, i) => sidesOf(i));
const DOT_EDGES = Array.from({ length: DOTS * DOTS }, (_, i) => dotEdgesOf([i % DOTS, Math.floor(i / DOTS)]));
