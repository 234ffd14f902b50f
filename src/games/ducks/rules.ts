/**
 * The rules as pure functions of a fence map and the pens: fence legality (D12) and the legal
 * fences of a roll (D11, D13), pens and their owners (D15–D17), the Automa's placements
 * (A3–A5) and the score (D21).
 */
import { COMPONENTS, shapeKey, type Cell } from './components.ts';
import {
  dotEdges, DOTS, edgeBetween, edgeSpaces, inkOf, isHorizontal, onBoard, outline, regions, SIZE, spaceIndex, spaceSides, SPACES, spaceXY,
  type Colour, type Dot,
} from './grid.ts';
import type { Area, DucksState, Pen, Score } from './state.ts';

/** A fence as drawn: its dots in order (two for a straight fence, three with a bend). */
export type Path = Dot[];

/** A path walked dot by dot: its dots and its edges in order; null when a leg is not straight or leaves the board. */
export function walk(path: readonly Dot[]): { dots: Dot[]; edges: number[] } | null {
  const first = path[0];
  if (!first || !onBoard(first)) return null;
  const dots: Dot[] = [first];
  const edges: number[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i] as Dot;
    const b = path[i + 1] as Dot;
    if (!onBoard(b) || (a[0] !== b[0]) === (a[1] !== b[1])) return null;
    const dx = Math.sign(b[0] - a[0]);
    const dy = Math.sign(b[1] - a[1]);
    for (let p: Dot = a; p[0] !== b[0] || p[1] !== b[1];) {
      const q: Dot = [p[0] + dx, p[1] + dy];
      edges.push(edgeBetween(p, q) as number);
      dots.push(q);
      p = q;
    }
  }
  return { dots, edges };
}

/** The edges along a path of straight legs; null when a leg is not straight or leaves the board. */
export const pathEdges = (path: readonly Dot[]): number[] | null => walk(path)?.edges ?? null;

/** Which pen each space is in (−1: none). */
export function penOf(pens: readonly Pen[]): number[] {
  const of = Array.from({ length: SPACES }, () => -1);
  pens.forEach((p, i) => p.cells.forEach((c) => (of[c] = i)));
  return of;
}

export type FenceProblem = 'shape' | 'taken' | 'pen' | 'crossing' | 'touch';

/** Why a fence along `path` may not be drawn for `colour` (D12), or null when it may. */
export function fenceProblem(fences: string, inPen: readonly number[], colour: Colour, path: readonly Dot[]): FenceProblem | null {
  const w = walk(path);
  if (!w || w.edges.length === 0 || new Set(w.edges).size !== w.edges.length) return 'shape';
  return problemOf(fences, inPen, inkOf(colour), w.dots, w.edges);
}

/** D12 on a walked fence: its edges open, none inside a pen, no crossing, touching the player's ink. */
function problemOf(fences: string, inPen: readonly number[], ink: string, dots: readonly Dot[], edges: readonly number[]): FenceProblem | null {
  for (const e of edges) if (fences[e] !== '.') return 'taken';
  for (const e of edges) {
    const [a, b] = edgeSpaces(e);
    if (a !== undefined && b !== undefined && inPen[a] !== -1 && inPen[a] === inPen[b]) return 'pen';
  }
  if (crossingDot(fences, dots, edges)) return 'crossing';
  for (const d of dots) {
    const at = dotEdges(d);
    for (const e of [at.e, at.w, at.n, at.s]) if (e !== null && fences[e] === ink) return null;
  }
  return 'touch';
}

/** The first dot the fence goes straight through while both perpendicular edges there are fenced. */
function crossingDot(fences: string, dots: readonly Dot[], edges: readonly number[]): Dot | null {
  for (let i = 1; i < edges.length; i++) {
    const straight = isHorizontal(edges[i - 1] as number) === isHorizontal(edges[i] as number);
    if (!straight) continue;
    const at = dotEdges(dots[i] as Dot);
    const [p, q] = isHorizontal(edges[i] as number) ? [at.n, at.s] : [at.e, at.w];
    if (p !== null && q !== null && fences[p] !== '.' && fences[q] !== '.') return dots[i] as Dot;
  }
  return null;
}

/** Where a fence would cross one: a dot it goes straight through between two fenced perpendicular edges. */
export function crossingAt(fences: string, path: readonly Dot[]): Dot | null {
  const w = walk(path);
  return w ? crossingDot(fences, w.dots, w.edges) : null;
}

const DIRS: Dot[] = [[1, 0], [0, 1], [-1, 0], [0, -1]];

/** One name per fence whichever end it is read from: the end with the smaller (x, y) first. */
export function canonical(path: readonly Dot[]): Path {
  const first = path[0] as Dot;
  const last = path[path.length - 1] as Dot;
  const flip = last[0] < first[0] || (last[0] === first[0] && last[1] < first[1]);
  return (flip ? [...path].reverse() : [...path]).map((d) => [d[0], d[1]] as const);
}

/** Every straight fence of n edges, then (if `bends`) every fence of n edges bent once (legs ≥ 1), legal for `colour`. */
export function legalPaths(fences: string, pens: readonly Pen[], colour: Colour, n: number, bends: boolean): Path[] {
  if (n < 1) return [];
  return remember(`paths|${fences}|${pensKey(pens)}|${colour}|${n}|${bends}`, () => findPaths(fences, pens, colour, n, bends));
}

function findPaths(fences: string, pens: readonly Pen[], colour: Colour, n: number, bends: boolean): Path[] {
  const inPen = penOf(pens);
  const ink = inkOf(colour);
  const out: Path[] = [];
  const consider = (path: Path) => {
    const w = walk(path);
    if (w && problemOf(fences, inPen, ink, w.dots, w.edges) === null) out.push(path);
  };
  const before = (a: Dot, b: Dot) => a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  for (let x = 0; x < DOTS; x++) for (let y = 0; y < DOTS; y++) {
    // Straight fences eastward and northward only: each is found once, from its west/south end.
    for (const [dx, dy] of DIRS.slice(0, 2) as [number, number][]) {
      const to: Dot = [x + dx * n, y + dy * n];
      if (onBoard(to)) consider([[x, y], to]);
    }
    if (!bends || n < 2) continue;
    for (const [dx, dy] of DIRS as [number, number][]) {
      for (let a = 1; a < n; a++) {
        const via: Dot = [x + dx * a, y + dy * a];
        if (!onBoard(via)) break;
        for (const [tx, ty] of [[dy, dx], [-dy, -dx]] as const) {
          const to: Dot = [via[0] + tx * (n - a), via[1] + ty * (n - a)];
          // A bent fence is found from both ends: kept from the one `canonical` names first.
          if (onBoard(to) && before([x, y], to)) consider([[x, y], via, to]);
        }
      }
    }
  }
  return out;
}

/** The specialty or Automa shape a set of spaces matches, if any. */
const KEYS = new Map<string, string>([...COMPONENTS.shapes.values()].map((s) => [s.key, s.id]));
const cellsXY = (cells: readonly number[]): Cell[] => cells.map((c) => spaceXY(c));
export const shapeOf = (cells: readonly number[]): string | null => KEYS.get(shapeKey(cellsXY(cells))) ?? null;
/** No pen is larger than the largest shape. */
const LARGEST = Math.max(4, ...COMPONENTS.specialty.map((s) => s.cells.length));
const SPECIALTY = new Set(COMPONENTS.specialty.map((s) => s.id));
export const isSpecialty = (shape: string | null): boolean => shape !== null && SPECIALTY.has(shape);

/** D16: a region is a pen when it has 3 or 4 spaces or matches a specialty shape. */
export function penShape(cells: readonly number[]): { pen: boolean; shape: string | null } {
  if (cells.length < 3 || cells.length > LARGEST) return { pen: false, shape: null };
  const shape = shapeOf(cells);
  if (cells.length === 3 || cells.length === 4) return { pen: true, shape: isSpecialty(shape) ? shape : null };
  return isSpecialty(shape) ? { pen: true, shape } : { pen: false, shape: null };
}

/** Boundary edges of a pen per colour (D17): borders count for their colour, neutral for nobody. */
export function boundaryCounts(fences: string, cells: readonly number[]): { red: number; blue: number } {
  let red = 0;
  let blue = 0;
  for (const e of outline(cells)) {
    if (fences[e] === 'r') red++;
    else if (fences[e] === 'b') blue++;
  }
  return { red, blue };
}

/**
 * The pens that close in `fences` and are not pens yet (D15–D17), completed by `by`. With `near`
 * (the edges just drawn) only the regions beside them are looked at: no other region changed.
 */
export function newPens(fences: string, pens: readonly Pen[], by: Colour, near?: readonly number[], inPen: readonly number[] = penOf(pens)): Pen[] {
  const out: Pen[] = [];
  const candidates = near ? smallRegionsBeside(fences, near) : regions(fences).cells;
  for (const cells of candidates) {
    if (inPen[cells[0] as number] !== -1) continue;
    const { pen, shape } = penShape(cells);
    if (!pen) continue;
    const sorted = [...cells].sort((a, b) => a - b);
    const { red, blue } = boundaryCounts(fences, sorted);
    const owner: Colour = red > blue ? 'red' : blue > red ? 'blue' : by;
    out.push({ cells: sorted, owner, shape, completer: by, automa: false, red, blue });
  }
  return out;
}

/** The regions beside some edges that are small enough to be pens (larger ones are cut short). */
function smallRegionsBeside(fences: string, edges: readonly number[]): number[][] {
  const done = new Set<number>();
  const out: number[][] = [];
  for (const e of edges) for (const start of edgeSpaces(e)) {
    if (done.has(start)) continue;
    const list = [start];
    const seen = new Set(list);
    for (let k = 0; k < list.length && list.length <= LARGEST; k++) {
      for (const { edge, across } of spaceSides(list[k] as number)) {
        if (across >= 0 && !seen.has(across) && fences[edge] === '.') {
          seen.add(across);
          list.push(across);
        }
      }
    }
    for (const c of list) done.add(c);
    if (list.length <= LARGEST) out.push(list);
  }
  return out;
}

/** Draws edges in a colour and returns the new map. */
export function draw(fences: string, edges: readonly number[], colour: Colour): string {
  const f = fences.split('');
  for (const e of edges) f[e] = inkOf(colour);
  return f.join('');
}

// The same position is asked about many times in a row (legal actions, prompt, bot, view):
// its answers are kept for a while. Callers never change what they get back.
const MEMO = new Map<string, unknown>();
const MEMO_SIZE = 64;
function remember<T>(key: string, compute: () => T): T {
  if (MEMO.has(key)) return MEMO.get(key) as T;
  const value = compute();
  if (MEMO.size >= MEMO_SIZE) MEMO.delete(MEMO.keys().next().value as string);
  MEMO.set(key, value);
  return value;
}
const pensKey = (pens: readonly Pen[]): string => pens.map((p) => p.cells.join('.')).join('/');

// ---- The Automa -----------------------------------------------------------------------------------

export interface Placement {
  /** Spaces, sorted. */
  cells: number[];
  /** Dots on its outline, corners included. */
  dots: string[];
}

/** Every legal placement of a shape on the board (A4): spaces in no pen, no fence between two of its spaces. */
export function placements(fences: string, pens: readonly Pen[], shapeId: string): Placement[] {
  const shape = COMPONENTS.shapes.get(shapeId);
  if (!shape) return [];
  const inPen = penOf(pens);
  const out: Placement[] = [];
  for (const o of shape.orientations) {
    const w = Math.max(...o.map((c) => c[0]));
    const h = Math.max(...o.map((c) => c[1]));
    for (let x0 = 1; x0 + w <= SIZE; x0++) for (let y0 = 1; y0 + h <= SIZE; y0++) {
      const cells = o.map(([x, y]) => spaceIndex(x0 + x, y0 + y)).sort((a, b) => a - b);
      if (cells.some((c) => inPen[c] !== -1)) continue;
      const set = new Set(cells);
      const inner = outlineAndInner(cells, set);
      if (inner.some((e) => fences[e] !== '.')) continue;
      out.push({ cells, dots: outlineDots(cells, set) });
    }
  }
  return out;
}

function outlineAndInner(cells: readonly number[], set: ReadonlySet<number>): number[] {
  const inner: number[] = [];
  for (const c of cells) {
    const [x, y] = spaceXY(c);
    if (x < SIZE && set.has(spaceIndex(x + 1, y))) inner.push(edgeBetween([x, y - 1], [x, y]) as number);
    if (y < SIZE && set.has(spaceIndex(x, y + 1))) inner.push(edgeBetween([x - 1, y], [x, y]) as number);
  }
  return inner;
}

/** Dots of the outline: corners of the shape's spaces not surrounded by the shape on all four sides. */
function outlineDots(cells: readonly number[], set: ReadonlySet<number>): string[] {
  const dots = new Set<string>();
  const has = (x: number, y: number) => x >= 1 && y >= 1 && x <= SIZE && y <= SIZE && set.has(spaceIndex(x, y));
  for (const c of cells) {
    const [x, y] = spaceXY(c);
    for (const [dx, dy] of [[x - 1, y - 1], [x, y - 1], [x - 1, y], [x, y]] as const) {
      // Dot (dx, dy) touches spaces (dx, dy), (dx+1, dy), (dx, dy+1), (dx+1, dy+1).
      if (!(has(dx, dy) && has(dx + 1, dy) && has(dx, dy + 1) && has(dx + 1, dy + 1))) dots.add(`${dx},${dy}`);
    }
  }
  return [...dots];
}

/**
 * The placements the player may choose for a card (A3, A5): those through the card's dot, or
 * else those through the nearest dots some legal placement passes through; `nearest` says which.
 */
export function allowedPlacements(fences: string, pens: readonly Pen[], card: { shape: string; dot: Dot }): { placements: Placement[]; nearest: boolean; dots: Dot[] } {
  return remember(`place|${fences}|${pensKey(pens)}|${card.shape}|${card.dot.join(',')}`, () => findPlacements(fences, pens, card));
}

function findPlacements(fences: string, pens: readonly Pen[], card: { shape: string; dot: Dot }): { placements: Placement[]; nearest: boolean; dots: Dot[] } {
  const all = placements(fences, pens, card.shape);
  const key = `${card.dot[0]},${card.dot[1]}`;
  const through = all.filter((p) => p.dots.includes(key));
  if (through.length) return { placements: through, nearest: false, dots: [card.dot] };
  let best = Infinity;
  const near = new Set<string>();
  for (const p of all) for (const d of p.dots) {
    const [x, y] = d.split(',').map(Number) as [number, number];
    const d2 = (x - card.dot[0]) ** 2 + (y - card.dot[1]) ** 2;
    if (d2 < best) {
      best = d2;
      near.clear();
    }
    if (d2 === best) near.add(d);
  }
  const chosen = all.filter((p) => p.dots.some((d) => near.has(d)));
  return { placements: chosen, nearest: true, dots: [...near].map((d) => d.split(',').map(Number) as unknown as Dot) };
}

// ---- The player area and the score -----------------------------------------------------------------

/** Re-roll sections complete (D9, D14). */
export function fullSections(rerolls: number): number {
  let sum = 0;
  let full = 0;
  for (const n of COMPONENTS.rerollSections) {
    sum += n;
    if (rerolls >= sum) full++;
  }
  return full;
}
export const REROLL_SPACES = COMPONENTS.rerollSections.reduce((a, b) => a + b, 0);
export const breadUnlocked = (a: Area): boolean => a.bread >= COMPONENTS.breadBoxes;
export const eggUnlocked = (a: Area): boolean => a.eggs >= COMPONENTS.eggBoxes;

/** Ducks on a space (0 when it holds something else). */
export const ducksOn = (cell: number): number => {
  const c = COMPONENTS.contents[cell];
  return c?.kind === 'ducks' ? c.n : 0;
};

/** D21: how many pens the largest group of `mine` (pens of `pens`, by index) holds, pens joined by a shared side. */
export function largestGroup(pens: readonly Pen[], mine: readonly number[]): number {
  const inPen = penOf(pens);
  const ids = new Set(mine);
  const seen = new Set<number>();
  let group = 0;
  for (const start of mine) {
    if (seen.has(start)) continue;
    seen.add(start);
    const todo = [start];
    let size = 0;
    while (todo.length) {
      const pen = todo.pop() as number;
      size++;
      for (const c of (pens[pen] as Pen).cells) for (const { across } of spaceSides(c)) {
        const q = across < 0 ? -1 : (inPen[across] as number);
        if (q !== -1 && ids.has(q) && !seen.has(q)) {
          seen.add(q);
          todo.push(q);
        }
      }
    }
    group = Math.max(group, size);
  }
  return group;
}

/** D21 and D22's tie-break for the player of `colour`. */
export function scoreOf(s: DucksState, seat: number): Score {
  const colour = s.colours[seat] as Colour;
  const area = s.areas[seat] as Area;
  const mine = s.pens.map((p, i) => ({ p, i })).filter(({ p }) => p.owner === colour && !(p.automa));
  const group = largestGroup(s.pens, mine.map(({ i }) => i));
  const outlined = area.outlined.length;
  const shapePoints = outlined === 0 ? 0 : (COMPONENTS.shapePoints[Math.min(outlined, COMPONENTS.shapePoints.length) - 1] as number);
  let duckPoints = 0;
  for (const shape of COMPONENTS.specialty) {
    if ((area.ducks[shape.id] ?? 0) < shape.duckBoxes) continue;
    for (const { p } of mine) if (p.shape === shape.id) duckPoints += p.cells.reduce((n, c) => n + ducksOn(c), 0);
  }
  const ducks = mine.reduce((n, { p }) => n + p.cells.reduce((m, c) => m + ducksOn(c), 0), 0);
  return { group, outlined, shapePoints, duckPoints, total: group + shapePoints + duckPoints, ducks };
}
