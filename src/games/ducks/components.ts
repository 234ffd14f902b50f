/**
 * Duck Pens' components as data (assets/ducks/duck-pens.json), validated at load (D6): the
 * board's contents (D3), the five specialty shapes (D4), the player area (D5), the Automa's deck
 * (A1) and the solo target (A10). The code holds no board, shape or card literals.
 */
import { z } from 'zod';
import standard from '../../../assets/ducks/duck-pens.json' with { type: 'json' };

/** A space's contents: ducks 1–3, bread, an egg or nothing. */
export type Content = { kind: 'ducks'; n: number } | { kind: 'bread' } | { kind: 'egg' } | { kind: 'empty' };

const rowsSchema = z.array(z.string().regex(/^[X.]+$/)).min(1);

const shapeSchema = z.object({ id: z.string().regex(/^[A-Z][A-Z0-9]{1,3}$/), name: z.string().min(1), rows: rowsSchema, duckBoxes: z.number().int().min(1).max(9) }).strict();
/** An Automa shape's name tells it apart from the others of its size ("bent 3-space"). */
const automaShapeSchema = z.object({ id: z.string().regex(/^[A-Z][A-Z0-9]{1,3}$/), name: z.string().min(1), rows: rowsSchema }).strict();

const fileSchema = z.object({
  board: z.object({ about: z.string(), rows: z.array(z.string().regex(/^[.123be]+$/)).min(4) }).strict(),
  shapes: z.array(shapeSchema),
  area: z.object({
    rerollSections: z.array(z.number().int().min(1)).min(1),
    breadBoxes: z.number().int().min(1),
    eggBoxes: z.number().int().min(1),
    shapePoints: z.array(z.number().int().min(0)),
  }).strict(),
  automa: z.object({
    about: z.string(),
    shapes: z.array(automaShapeSchema),
    cards: z.array(z.object({ shape: z.string(), dot: z.tuple([z.number().int(), z.number().int()]) }).strict()),
    soloTarget: z.number().int().min(1),
  }).strict(),
}).strict();

export type Cell = readonly [number, number];

/** A shape's cells, normalised (min x and y are 0). */
function cellsOf(rows: readonly string[]): Cell[] {
  const cells: Cell[] = [];
  rows.forEach((row, r) => [...row].forEach((c, x) => {
    if (c === 'X') cells.push([x, rows.length - 1 - r]);
  }));
  return cells;
}

const normalise = (cells: readonly Cell[]): Cell[] => {
  const mx = Math.min(...cells.map((c) => c[0]));
  const my = Math.min(...cells.map((c) => c[1]));
  return cells.map(([x, y]) => [x - mx, y - my] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
};
const keyOf = (cells: readonly Cell[]): string => cells.map(([x, y]) => `${x},${y}`).join(' ');

/** The distinct rotations and mirror images of a shape, each normalised. */
export function orientations(cells: readonly Cell[]): Cell[][] {
  const seen = new Map<string, Cell[]>();
  for (let t = 0; t < 8; t++) {
    const moved = cells.map(([x, y]) => {
      const [a, b] = t & 4 ? [y, x] : [x, y];
      return [t & 1 ? -a : a, t & 2 ? -b : b] as const;
    });
    const n = normalise(moved);
    seen.set(keyOf(n), n);
  }
  return [...seen.values()];
}

/** One key for a set of cells up to position, rotation and mirror. */
export const shapeKey = (cells: readonly Cell[]): string => orientations(cells).map(keyOf).sort()[0] as string;

function edgeConnected(cells: readonly Cell[]): boolean {
  const key = (c: Cell) => `${c[0]},${c[1]}`;
  const all = new Set(cells.map(key));
  const seen = new Set<string>([key(cells[0] as Cell)]);
  const todo: Cell[] = [cells[0] as Cell];
  while (todo.length) {
    const [x, y] = todo.pop() as Cell;
    for (const n of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
      if (all.has(key(n)) && !seen.has(key(n))) {
        seen.add(key(n));
        todo.push(n);
      }
    }
  }
  return seen.size === all.size;
}

export interface ShapeDef {
  id: string;
  /** What players call it ("the P"), for words. */
  name: string;
  cells: Cell[];
  orientations: Cell[][];
  key: string;
  /** Specialty shapes only: the boxes of its duck row. */
  duckBoxes: number;
}

export interface Card {
  shape: string;
  /** A dot (x, y). */
  dot: Cell;
}

export interface Components {
  /** Spaces per side (the board is size × size spaces, (size+1)² dots). */
  size: number;
  /** Contents of space (x, y), 1-based, at index (y−1)·size + (x−1). */
  contents: Content[];
  /** The specialty shapes, in the player area's order. */
  specialty: ShapeDef[];
  /** Every shape by id: the specialty shapes and the Automa's own. */
  shapes: Map<string, ShapeDef>;
  rerollSections: number[];
  breadBoxes: number;
  eggBoxes: number;
  /** Points for 1, 2, … outlined shapes. */
  shapePoints: number[];
  cards: Card[];
  soloTarget: number;
}

const contentOf = (c: string): Content => (c === 'b' ? { kind: 'bread' } : c === 'e' ? { kind: 'egg' } : c === '.' ? { kind: 'empty' } : { kind: 'ducks', n: Number(c) });

/** Reads and checks a components file; throws with every problem found. */
export function loadComponents(input: unknown): Components {
  const file = fileSchema.parse(input);
  const problems: string[] = [];
  const size = file.board.rows.length;
  if (size % 2 !== 0) problems.push('the board needs an even number of rows (quadrants)');
  if (file.board.rows.some((r) => r.length !== size)) problems.push(`every board row must have ${size} spaces`);
  const contents: Content[] = [];
  for (let y = 1; y <= size; y++) for (let x = 1; x <= size; x++) contents.push(contentOf(file.board.rows[size - y]?.[x - 1] ?? '.'));
  const at = (x: number, y: number) => contents[(y - 1) * size + (x - 1)] as Content;
  const same = (a: Content, b: Content) => JSON.stringify(a) === JSON.stringify(b);
  for (let y = 1; y <= size; y++) for (let x = 1; x <= size; x++) {
    if (!same(at(x, y), at(size + 1 - x, size + 1 - y))) problems.push(`the board is not the same for both players: space (${x},${y}) differs from (${size + 1 - x},${size + 1 - y})`);
  }
  // Every quadrant holds the same numbers of duck spaces, bread and eggs (D3).
  const half = size / 2;
  const counts = [[1, 1], [half + 1, 1], [1, half + 1], [half + 1, half + 1]].map(([x0, y0]) => {
    const c = { ducks: 0, bread: 0, egg: 0 };
    for (let y = y0 as number; y < (y0 as number) + half; y++) for (let x = x0 as number; x < (x0 as number) + half; x++) {
      const k = at(x, y).kind;
      if (k === 'ducks') c.ducks++;
      else if (k === 'bread') c.bread++;
      else if (k === 'egg') c.egg++;
    }
    return JSON.stringify(c);
  });
  if (new Set(counts).size !== 1) problems.push(`the quadrants differ: ${counts.join(' / ')}`);

  const specialty: ShapeDef[] = file.shapes.map((s) => {
    const cells = normalise(cellsOf(s.rows));
    return { id: s.id, name: s.name, cells, orientations: orientations(cells), key: shapeKey(cells), duckBoxes: s.duckBoxes };
  });
  if (specialty.length !== file.area.shapePoints.length) problems.push(`the points table needs one entry per specialty shape (${specialty.length})`);
  for (const s of specialty) {
    if (s.cells.length < 5 || s.cells.length > 6) problems.push(`shape ${s.id} must have 5 or 6 spaces`);
    if (!edgeConnected(s.cells)) problems.push(`shape ${s.id} is not joined edge to edge`);
  }
  if (new Set(specialty.map((s) => s.key)).size !== specialty.length) problems.push('two specialty shapes are the same shape');
  const shapes = new Map<string, ShapeDef>(specialty.map((s) => [s.id, s]));
  for (const a of file.automa.shapes) {
    const cells = normalise(cellsOf(a.rows));
    if (shapes.has(a.id)) problems.push(`shape id ${a.id} is used twice`);
    if (cells.length < 3 || cells.length > 4 || !edgeConnected(cells)) problems.push(`Automa shape ${a.id} must be a joined pen of 3 or 4 spaces`);
    shapes.set(a.id, { id: a.id, name: a.name, cells, orientations: orientations(cells), key: shapeKey(cells), duckBoxes: 0 });
  }
  const names = [...shapes.values()].map((s) => s.name);
  if (new Set(names).size !== names.length) problems.push('two shapes have the same name: players could not tell them apart');
  // A1: pairs of the same shape on point-symmetric inner dots, all distinct, never the centre.
  const dots = new Set<string>();
  const cards = file.automa.cards;
  for (const c of cards) {
    const [x, y] = c.dot;
    if (!shapes.has(c.shape)) problems.push(`card shape ${c.shape} is not a shape`);
    if (x < 1 || y < 1 || x > size - 1 || y > size - 1) problems.push(`card dot (${x},${y}) is not an inner dot`);
    if (x * 2 === size && y * 2 === size) problems.push('no card may use the centre dot');
    if (dots.has(`${x},${y}`)) problems.push(`card dot (${x},${y}) is used twice`);
    dots.add(`${x},${y}`);
    if (!cards.some((o) => o.shape === c.shape && o.dot[0] === size - x && o.dot[1] === size - y)) problems.push(`card ${c.shape} (${x},${y}) has no partner on (${size - x},${size - y})`);
  }
  if (cards.length % 2 !== 0 || cards.length === 0) problems.push('the Automa deck must hold pairs of cards');
  if (problems.length) throw new Error(`Duck Pens components: ${problems.join('; ')}`);
  return {
    size,
    contents,
    specialty,
    shapes,
    rerollSections: file.area.rerollSections,
    breadBoxes: file.area.breadBoxes,
    eggBoxes: file.area.eggBoxes,
    shapePoints: file.area.shapePoints,
    cards: cards.map((c) => ({ shape: c.shape, dot: [c.dot[0], c.dot[1]] as const })),
    soloTarget: file.automa.soloTarget,
  };
}

/** The standard components, loaded once. */
export const COMPONENTS: Components = loadComponents(standard);
