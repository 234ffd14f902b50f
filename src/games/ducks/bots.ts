/**
 * The computer players' levels besides normal (the simple strategy, D25, in engine.ts, which
 * also plays timed-out turns): easy and strong. Both choose only from the engine's legal
 * actions on public state, their tie-breaks drawn from the same generator as the simple one.
 */
import { COMPONENTS } from './components.ts';
import { DOTS, dotEdges, edgeBetween, edgeSpaces, inkOf, isHorizontal, onBoard, outline, spaceSides, type Colour, type Dot } from './grid.ts';
import { actionPath, colourOf, legalActions, pensAfter, simpleChoice, tieRng } from './engine.ts';
import { breadUnlocked, draw, ducksOn, eggUnlocked, isSpecialty, largestGroup, legalPaths, pathEdges, penOf, penShape, REROLL_SPACES } from './rules.ts';
import type { Action, Area, DucksState, FenceAction, Pen } from './state.ts';

/**
 * Easy: never re-rolls, draws a fence at random (a bent one or the bread's only now and then),
 * crosses duck boxes off in any open row, and places the Automa's pens as the simple strategy.
 */
export function easyChoice(s: DucksState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = tieRng(s, seat);
  const first = legal[0] as Action;
  const boxes = legal.filter((a) => a.type === 'box');
  if (boxes.length) return rng.pick(boxes);
  if (first.type === 'roll') return first;
  if (first.type === 'reroll') return { type: 'keep' };
  if (first.type === 'place') return simpleChoice(s, seat);
  const straight = legal.filter((a) => a.type === 'fence' && !a.via);
  if (straight.length) return rng.pick(straight);
  const any = legal.filter((a) => a.type === 'fence' || a.type === 'bread');
  return any.length && rng.next() < 0.5 ? rng.pick(any) : { type: 'done' };
}

/** What the strong player's evaluation counts, in points of the final score (D21). */
const DUCK_ROW_PENDING = 0.7;
const UNLOCK = 0.6;
const REROLL_SPACE = 0.15;
const THREAT = 0.8;

/**
 * Strong: judges every fence it may draw by the points it would bring at the end (D21: its
 * largest group of pens, the shapes outlined, the ducks of its specialty pens) for it and the
 * other player, plus what captured bread, eggs and re-roll spaces unlock; less the best pen its
 * opponent could then close with a short fence. It draws no fence when none is worth drawing,
 * re-rolls the dice when the fences the expected dice allow are worth more, and crosses off
 * duck boxes in the row of the shape its pens hold most ducks in.
 */
export function strongChoice(s: DucksState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = tieRng(s, seat);
  const boxes = legal.filter((a): a is Extract<Action, { type: 'box' }> => a.type === 'box');
  if (boxes.length) return strongBox(s, seat, boxes);
  const first = legal[0] as Action;
  if (first.type === 'roll') return first;
  if (first.type === 'place') return simpleChoice(s, seat);
  const judge = new Judge(s, seat);
  if (first.type === 'reroll') return judge.reroll(legal);
  const fences = legal.filter((a): a is FenceAction => a.type === 'fence' || a.type === 'bread');
  // The regular fence first: the bread's fence may follow it.
  const regular = fences.filter((a) => a.type === 'fence');
  const pool = regular.length ? regular : fences;
  let best: Action[] = [{ type: 'done' }];
  let bestValue = judge.stop(true);
  for (const a of pool) {
    const v = judge.fence(a, true);
    if (v > bestValue + 1e-9) [best, bestValue] = [[a], v];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(a);
  }
  return rng.pick(best);
}

/** The duck row whose shape our pens hold most ducks in, else the one nearest full. */
function strongBox(s: DucksState, seat: number, boxes: Extract<Action, { type: 'box' }>[]): Action {
  const colour = colourOf(s, seat);
  const area = s.areas[seat] as Area;
  const held = (shape: string) => s.pens.filter((p) => p.owner === colour && !p.automa && p.shape === shape).reduce((n, p) => n + p.cells.reduce((m, c) => m + ducksOn(c), 0), 0);
  const left = (shape: string) => (COMPONENTS.specialty.find((sh) => sh.id === shape)?.duckBoxes ?? 0) - (area.ducks[shape] ?? 0);
  return boxes.reduce((best, b) => {
    const [hb, hc] = [held(b.shape), held(best.shape)];
    return hb > hc || (hb === hc && left(b.shape) < left(best.shape)) ? b : best;
  });
}

/** Final points a seat's pens and area are heading for (D21), counting owed duck rows at a discount. */
function points(s: DucksState, pens: readonly Pen[], seat: number): number {
  const colour = colourOf(s, seat);
  const area = s.areas[seat] as Area;
  const mine: number[] = [];
  pens.forEach((p, i) => {
    if (p.owner === colour && !p.automa) mine.push(i);
  });
  const group = largestGroup(pens, mine);
  const outlined = new Set(area.outlined);
  for (const i of mine) {
    const shape = (pens[i] as Pen).shape;
    if (isSpecialty(shape)) outlined.add(shape as string);
  }
  const shapePoints = outlined.size === 0 ? 0 : (COMPONENTS.shapePoints[Math.min(outlined.size, COMPONENTS.shapePoints.length) - 1] as number);
  let duckPoints = 0;
  for (const shape of COMPONENTS.specialty) {
    const ducks = mine.reduce((n, i) => ((pens[i] as Pen).shape === shape.id ? n + (pens[i] as Pen).cells.reduce((m, c) => m + ducksOn(c), 0) : n), 0);
    if (ducks === 0) continue;
    duckPoints += (area.ducks[shape.id] ?? 0) >= shape.duckBoxes ? ducks : ducks * DUCK_ROW_PENDING;
  }
  return group + shapePoints + duckPoints;
}

/** What captured bread, eggs and duck spaces are worth before the rows that unlock actions are full. */
function extras(s: DucksState, pens: readonly Pen[], seat: number): number {
  const colour = colourOf(s, seat);
  const area = s.areas[seat] as Area;
  let bread = area.bread;
  let eggs = area.eggs;
  for (const p of pens) {
    if (p.owner !== colour || p.automa) continue;
    for (const c of p.cells) {
      const k = COMPONENTS.contents[c]?.kind;
      if (k === 'bread') bread++;
      else if (k === 'egg') eggs++;
    }
  }
  return UNLOCK * (Math.min(bread, COMPONENTS.breadBoxes) + Math.min(eggs, COMPONENTS.eggBoxes));
}

class Judge {
  private readonly colour: Colour;
  private readonly opponent: number | null;
  private readonly inPen: number[];

  constructor(private readonly s: DucksState, private readonly seat: number) {
    this.colour = colourOf(s, seat);
    const o = s.seats.findIndex((_, i) => i !== seat);
    this.opponent = o < 0 ? null : o;
    this.inPen = penOf(s.pens);
  }

  /** Ours less theirs, for a set of pens (the bread, eggs and re-roll spaces counted too). */
  private balance(pens: readonly Pen[], fences: string, reply: boolean): number {
    let v = pens === this.s.pens ? (this.base ??= this.worth(pens)) : this.worth(pens);
    if (reply) v -= THREAT * this.threat(pens, fences);
    return v;
  }

  private base: number | undefined;

  /** Our points less theirs (bread, eggs and re-roll spaces included). */
  private worth(pens: readonly Pen[]): number {
    let v = points(this.s, pens, this.seat) + extras(this.s, pens, this.seat);
    if (this.opponent !== null) v -= points(this.s, pens, this.opponent) + extras(this.s, pens, this.opponent);
    return v;
  }

  /** The value of ending the turn now (with the opponent's best reply, or without). */
  stop(reply: boolean): number {
    return this.balance(this.s.pens, this.s.fences, reply);
  }

  /** The value of drawing fence `a`. */
  fence(a: FenceAction, reply: boolean): number {
    const made = pensAfter(this.s, a, this.seat, this.inPen);
    const pens = made.length ? [...this.s.pens, ...made] : this.s.pens;
    return this.balance(pens, reply ? this.fencesAfter(a) : this.s.fences, reply);
  }

  private fencesAfter(a: FenceAction): string {
    return draw(this.s.fences, pathEdges(actionPath(a)) ?? [], this.colour);
  }

  /**
   * The most the opponent could gain (their points less ours) by closing pens with one straight
   * fence of one or two edges on their next turn, weighted by how likely their dice give that
   * length (a one-edge fence is always there with the bread).
   */
  private threat(pens: readonly Pen[], fences: string): number {
    if (this.opponent === null) return 0;
    const o = this.opponent;
    const theirs = colourOf(this.s, o);
    const ink = inkOf(theirs);
    const inPen = pens === this.s.pens ? this.inPen : penOf(pens);
    const oneEdge = breadUnlocked(this.s.areas[o] as Area) ? 1 : 0.5;
    let worst = 0;
    for (const path of STRAIGHT) {
      if (!openFor(fences, inPen, ink, path)) continue;
      const made = closedBy(fences, inPen, path.edges, theirs);
      if (made.length === 0) continue;
      let gain = 0;
      for (const pen of made) gain += pen.owner === theirs ? this.penWorth(pens, pen, o) : -this.penWorth(pens, pen, this.seat);
      worst = Math.max(worst, gain * (path.edges.length === 1 ? oneEdge : 0.5));
    }
    return worst;
  }

  /**
   * About what one more pen brings its owner (D21): one for the group (taken as joined), a
   * specialty shape's doubling when it is new to them, and its ducks when its row is full.
   */
  private penWorth(pens: readonly Pen[], pen: Pen, seat: number): number {
    let v = 1;
    if (!isSpecialty(pen.shape)) return v;
    const colour = colourOf(this.s, seat);
    const area = this.s.areas[seat] as Area;
    const outlined = new Set(area.outlined);
    for (const p of pens) if (p.owner === colour && !p.automa && isSpecialty(p.shape)) outlined.add(p.shape as string);
    if (!outlined.has(pen.shape as string)) {
      const table = COMPONENTS.shapePoints;
      const n = outlined.size;
      v += (table[Math.min(n + 1, table.length) - 1] as number) - (n === 0 ? 0 : (table[Math.min(n, table.length) - 1] as number));
    }
    const shape = COMPONENTS.specialty.find((sh) => sh.id === pen.shape);
    const ducks = pen.cells.reduce((m, c) => m + ducksOn(c), 0);
    v += shape && (area.ducks[shape.id] ?? 0) >= shape.duckBoxes ? ducks : ducks * DUCK_ROW_PENDING;
    return v;
  }

  /**
   * Re-rolls (D9): for each choice of dice, the expected value of the best fence the dice would
   * allow (each die our colour or not with even chance), against keeping them.
   */
  reroll(legal: readonly Action[]): Action {
    const dice = this.s.turn.dice;
    const byLength = new Map<number, number>();
    const bestOf = (n: number): number => {
      let v = byLength.get(n);
      if (v === undefined) {
        v = this.stop(false);
        if (n > 0) {
          const area = this.s.areas[this.seat] as Area;
          for (const p of legalPaths(this.s.fences, this.s.pens, this.colour, n, eggUnlocked(area))) {
            const a: FenceAction = p.length === 3 && !straight(p) ? { type: 'fence', from: pair(p[0]!), via: pair(p[1]!), to: pair(p[2]!) } : { type: 'fence', from: pair(p[0]!), to: pair(p[p.length - 1]!) };
            v = Math.max(v, this.fence(a, false));
          }
        }
        byLength.set(n, v);
      }
      return v;
    };
    const mine = (d: string) => d === this.colour;
    const spaces = REROLL_SPACES - (this.s.areas[this.seat] as Area).rerolls;
    const value = (kept: number, keptTheirs: number, rolled: number): number => {
      let total = 0;
      for (let k = 0; k <= rolled; k++) {
        const chance = binomial(rolled, k) / 2 ** rolled;
        const theirs = keptTheirs + rolled - k;
        total += chance * (bestOf(kept + k) + REROLL_SPACE * Math.min(theirs, spaces));
      }
      return total;
    };
    const keepMine = dice.filter(mine).length;
    let best: Action = { type: 'keep' };
    let bestValue = value(keepMine, dice.length - keepMine, 0);
    for (const a of legal) {
      if (a.type !== 'reroll') continue;
      const kept = dice.filter((d, i) => !a.dice.includes(i));
      const v = value(kept.filter(mine).length, kept.length - kept.filter(mine).length, a.dice.length);
      if (v > bestValue + 1e-6) [best, bestValue] = [a, v];
    }
    return best;
  }
}

const pair = (d: readonly number[]): [number, number] => [d[0]!, d[1]!];
const straight = (p: readonly (readonly number[])[]): boolean => p[0]![0] === p[2]![0] || p[0]![1] === p[2]![1];
const binomial = (n: number, k: number): number => (k < 0 || k > n ? 0 : k === 0 || k === n ? 1 : binomial(n - 1, k - 1) + binomial(n - 1, k));

/** Every straight fence of one or two edges: its dots (as indices y·DOTS + x) and edges. */
const STRAIGHT: { dots: number[]; edges: number[] }[] = (() => {
  const out: { dots: number[]; edges: number[] }[] = [];
  for (let x = 0; x < DOTS; x++) for (let y = 0; y < DOTS; y++) {
    for (const [dx, dy] of [[1, 0], [0, 1]] as const) {
      for (const n of [1, 2]) {
        const dots: Dot[] = Array.from({ length: n + 1 }, (_, i) => [x + dx * i, y + dy * i] as const);
        if (!dots.every(onBoard)) continue;
        const edges = dots.slice(1).map((d, i) => edgeBetween(dots[i]!, d) as number);
        out.push({ dots: dots.map(([a, b]) => b * DOTS + a), edges });
      }
    }
  }
  return out;
})();

/** D12 for a straight fence of `ink`: open edges, none inside a pen, no crossing, touching the colour's ink. */
function openFor(fences: string, inPen: readonly number[], ink: string, path: { dots: number[]; edges: number[] }): boolean {
  for (const e of path.edges) {
    if (fences[e] !== '.') return false;
    const [a, b] = edgeSpaces(e);
    if (a !== undefined && b !== undefined && inPen[a] !== -1 && inPen[a] === inPen[b]) return false;
  }
  if (path.edges.length === 2) {
    const at = dotEdgesAt(path.dots[1]!);
    const [p, q] = isHorizontal(path.edges[0]!) ? [at.n, at.s] : [at.e, at.w];
    if (p !== null && q !== null && fences[p] !== '.' && fences[q] !== '.') return false;
  }
  for (const d of path.dots) {
    const at = dotEdgesAt(d);
    if ((at.e !== null && fences[at.e] === ink) || (at.w !== null && fences[at.w] === ink) || (at.n !== null && fences[at.n] === ink) || (at.s !== null && fences[at.s] === ink)) return true;
  }
  return false;
}

const dotEdgesAt = (i: number) => dotEdges([i % DOTS, Math.floor(i / DOTS)]);

/** The pens (D15–D17) that drawing `edges` in `colour` would close: small regions beside them that are pens. */
function closedBy(fences: string, inPen: readonly number[], edges: readonly number[], colour: Colour): Pen[] {
  const shut = new Set(edges);
  const seen = new Set<number>();
  const out: Pen[] = [];
  for (const e of edges) for (const start of edgeSpaces(e)) {
    if (seen.has(start) || inPen[start] !== -1) continue;
    const cells = [start];
    const here = new Set(cells);
    for (let k = 0; k < cells.length && cells.length <= 6; k++) {
      for (const { edge, across } of spaceSides(cells[k]!)) {
        if (across >= 0 && !here.has(across) && fences[edge] === '.' && !shut.has(edge)) {
          here.add(across);
          cells.push(across);
        }
      }
    }
    for (const c of cells) seen.add(c);
    if (cells.length > 6 || !penShape(cells).pen) continue;
    const sorted = [...cells].sort((x, y) => x - y);
    let red = 0;
    let blue = 0;
    for (const edge of outline(sorted)) {
      const ink = shut.has(edge) ? inkOf(colour) : fences[edge];
      if (ink === 'r') red++;
      else if (ink === 'b') blue++;
    }
    const owner: Colour = red > blue ? 'red' : blue > red ? 'blue' : colour;
    out.push({ cells: sorted, owner, shape: penShape(sorted).shape, completer: colour, automa: false, red, blue });
  }
  return out;
}
