/**
 * Map building (B4–B9): which placements and swaps are legal, and why one is not.
 * The enumerator and the validator share `placementProblem`, so the legal list and the
 * refusals can never disagree.
 */
import {
  graphOf, cellNeeds, fitsNeeds, cellKey, DX, DY, fitProblem, tileIdOfKey,
  type CellNeeds, type MapGraph, type PlacedTile, type PlacementProblem,
} from './geometry.ts';
import type { Action } from './actions.ts';
import type { TileDef, TileSet } from './tiles.ts';
import type { FenceState } from './state.ts';
import { seatsInGame } from '../../platform/seats.ts';
import { tileSetOf } from './rules.ts';
import { everyNeighborhoodReaches, placeableTiles } from './variants/index.ts';

/** A placement or a swap, as players ask for it. */
export type Placement = Extract<Action, { type: 'place' | 'swap' }>;

/**
 * Reachability of the city's neighborhoods, one entry per road-graph node: ≥ 0 when the node
 * is reached from Old Town (`fwd`) / reaches Old Town (`back`), -1 when not. Only the sign is
 * meaningful (for a city without one tile the values are not distances).
 */
export interface Reach {
  fwd: Int32Array;
  back: Int32Array;
}

/** A search tree's children per node (compressed rows: node v's are list[start[v] .. start[v + 1])). */
interface Tree {
  start: Int32Array;
  list: Int32Array;
}

/**
 * Facts of one map array, computed once and shared by every listing and check on it: the
 * road graph, the reachability of the city, the search trees behind it (so the city without
 * one tile is worked out from the part that tile cut off, not searched again), and scratch
 * space for the per-candidate searches.
 */
interface MapFacts extends Reach {
  fwdTree: Tree;
  backTree: Tree;
  /** The map index of each node's tile. */
  nodeTile: Int32Array;
  /** For swaps: reachability with the tile at a map index taken away. */
  without: Map<number, Reach>;
  /** A node is visited by the current search when its stamp equals `gen`: nothing is cleared per search. */
  stamp: Int32Array;
  gen: number;
  queue: Int32Array;
}

/** Per-map facts and this position's options, shared by every candidate of one listing. */
export interface BuildContext {
  set: TileSet;
  state: FenceState;
  graph: MapGraph;
  facts: MapFacts;
  /** Placing Multi-Neighborhood Tiles: every neighborhood must pass B5, linked or not. */
  every: boolean;
}

const factsCache = new WeakMap<readonly PlacedTile[], MapFacts>();

/** Breadth-first search from `sources` over `adj`: reached (≥ 0) or not (-1), and its tree. */
function searchTree(adj: readonly (readonly number[])[], sources: readonly number[]): { reach: Int32Array; tree: Tree } {
  const n = adj.length;
  const reach = new Int32Array(n).fill(-1);
  const parent = new Int32Array(n).fill(-1);
  const queue = new Int32Array(n);
  let tail = 0;
  for (const s of sources) {
    if (reach[s] === -1) {
      reach[s] = 0;
      queue[tail++] = s;
    }
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head] as number;
    for (const u of adj[v] as number[]) {
      if (reach[u] === -1) {
        reach[u] = (reach[v] as number) + 1;
        parent[u] = v;
        queue[tail++] = u;
      }
    }
  }
  const start = new Int32Array(n + 1);
  for (let v = 0; v < n; v++) if (parent[v]! >= 0) start[parent[v]! + 1]!++;
  for (let v = 0; v < n; v++) start[v + 1]! += start[v]!;
  const fill = start.slice(0, n);
  const list = new Int32Array(Math.max(1, start[n] as number));
  for (let v = 0; v < n; v++) if (parent[v]! >= 0) list[fill[parent[v]!]!++] = v;
  return { reach, tree: { start, list } };
}

function mapFacts(graph: MapGraph, oldTown: string): MapFacts {
  let f = factsCache.get(graph.placed);
  if (!f) {
    const start = graph.tileNodes.get(oldTown) ?? [];
    const fwd = searchTree(graph.out, start), back = searchTree(graph.inn, start);
    const n = graph.nodes.length;
    const nodeTile = new Int32Array(n);
    for (let i = 0; i < n; i++) nodeTile[i] = (graph.nodes[i] as { tile: number }).tile;
    // Room for a candidate's neighborhoods (up to 3) after the map's nodes.
    f = {
      fwd: fwd.reach, back: back.reach, fwdTree: fwd.tree, backTree: back.tree, nodeTile, without: new Map(),
      stamp: new Int32Array(n + 4), gen: 0, queue: new Int32Array(n + 4),
    };
    factsCache.set(graph.placed, f);
  }
  return f;
}

export function buildContext(state: FenceState, set: TileSet): BuildContext {
  const graph = graphOf(state.map, set);
  return { set, state, graph, facts: mapFacts(graph, state.oldTown), every: everyNeighborhoodReaches(state.options) };
}

/**
 * One direction of the city's reachability with tile `t` taken away. Only nodes below the
 * tile's nodes in the search tree can be cut off; of those, the ones still entered from the
 * rest of the city (and what they lead to) stay reached. Unchanged when nothing hangs below.
 */
function cutOff(f: MapFacts, adj: readonly (readonly number[])[], rev: readonly (readonly number[])[], reach: Int32Array, tree: Tree, tileNodes: readonly number[], t: number): Int32Array {
  const { nodeTile, queue } = f;
  let lost = 0;
  for (const v of tileNodes) {
    for (let c = tree.start[v] as number; c < (tree.start[v + 1] as number); c++) {
      const u = tree.list[c] as number;
      if (nodeTile[u] !== t) queue[lost++] = u;
    }
  }
  if (lost === 0) return reach;
  const out = reach.slice();
  for (const v of tileNodes) out[v] = -1;
  // Every node below the cut (a tree's subtrees are disjoint, so each is listed once).
  for (let i = 0; i < lost; i++) {
    const v = queue[i] as number;
    out[v] = -1;
    for (let c = tree.start[v] as number; c < (tree.start[v + 1] as number); c++) {
      const u = tree.list[c] as number;
      // A node of the tile itself below the cut: its own subtrees were listed from the start.
      if (nodeTile[u] !== t) queue[lost++] = u;
    }
  }
  // Those still entered from a reached node, then whatever they reach among the cut ones.
  let tail = 0;
  const regained = new Int32Array(lost);
  for (let i = 0; i < lost; i++) {
    const v = queue[i] as number;
    for (const p of rev[v] as number[]) {
      if ((out[p] as number) >= 0) {
        out[v] = 0;
        regained[tail++] = v;
        break;
      }
    }
  }
  for (let head = 0; head < tail; head++) {
    for (const u of adj[regained[head] as number] as number[]) {
      if ((out[u] as number) < 0 && nodeTile[u] !== t) {
        out[u] = 0;
        regained[tail++] = u;
      }
    }
  }
  return out;
}

/** Reachability with the tile at map index `index` taken away (for swaps), cached per map. */
function withoutTile(ctx: BuildContext, index: number): Reach {
  const f = ctx.facts;
  let w = f.without.get(index);
  if (!w) {
    const g = ctx.graph;
    const nodes = g.tileNodes.get((g.placed[index] as PlacedTile).key) ?? [];
    w = { fwd: cutOff(f, g.out, g.inn, f.fwd, f.fwdTree, nodes, index), back: cutOff(f, g.inn, g.out, f.back, f.backTree, nodes, index) };
    f.without.set(index, w);
  }
  return w;
}

/**
 * Everything about one cell that every candidate tile there is checked against. Sides are
 * world sides as bits (1 << w); the neighbors' roads are worked out when a first candidate fits.
 */
interface CellInfo {
  x: number;
  y: number;
  need: CellNeeds;
  /** For a swap: the map index of the tile being replaced (-1 for a placement). */
  replacing: number;
  linksKnown: boolean;
  /** Sides with a neighbor's road facing the cell. */
  linked: number;
  /** Of those, sides where a pawn may come in from a neighborhood reached from Old Town (its sign allows leaving it). */
  inFromReached: number;
  /** Sides where a pawn may go out to a neighborhood that reaches Old Town (its sign allows entering it). */
  outToReaching: number;
  /** Sides whose neighbor's sign is not outbound-only / not inbound-only. */
  theirNotOut: number;
  theirNotIn: number;
  /** The neighbor's road-graph node across each side. */
  node: Int32Array;
}

function newCell(): CellInfo {
  return {
    x: 0, y: 0, need: { sides: 0, roads: 0, corners: 0, water: 0, impossible: false }, replacing: -1,
    linksKnown: false, linked: 0, inFromReached: 0, outToReaching: 0, theirNotOut: 0, theirNotIn: 0, node: new Int32Array(4),
  };
}

/** Sets `cell` (a fresh one unless given: the enumerator reuses one) to cell (x, y), replacing map index `replacing` (-1: none). */
function cellInfo(ctx: BuildContext, x: number, y: number, replacing = -1, cell = newCell()): CellInfo {
  const g = ctx.graph;
  cellNeeds(g.placed, g.cells, g.defs, x, y, replacing < 0 ? undefined : replacing, cell.need);
  cell.x = x; cell.y = y; cell.replacing = replacing;
  cell.linksKnown = false;
  cell.linked = 0; cell.inFromReached = 0; cell.outToReaching = 0; cell.theirNotOut = 0; cell.theirNotIn = 0;
  return cell;
}

const reachOf = (ctx: BuildContext, cell: CellInfo): Reach => (cell.replacing < 0 ? ctx.facts : withoutTile(ctx, cell.replacing));

function learnLinks(ctx: BuildContext, cell: CellInfo): void {
  cell.linksKnown = true;
  const g = ctx.graph;
  const reach = reachOf(ctx, cell);
  for (let w = 0; w < 4; w++) {
    const t = g.cells.get(cellKey(cell.x + (DX[w] as number), cell.y + (DY[w] as number)));
    if (t === undefined || t === cell.replacing) continue;
    const q = g.placed[t] as PlacedTile;
    const other = g.defs[t] as TileDef;
    const local = (w + 2 - q.rot + 4) & 3;
    const otherNb = other.roadOwner[local] as number;
    if (otherNb < 0) continue;
    const node = g.tileNodes.get(q.key)?.[otherNb] as number;
    const bit = 1 << w, sign = other.oneWay[local];
    cell.node[w] = node;
    cell.linked |= bit;
    if (sign !== 'out') cell.theirNotOut |= bit;
    if (sign !== 'in') cell.theirNotIn |= bit;
    if ((reach.fwd[node] as number) >= 0 && sign !== 'in') cell.inFromReached |= bit;
    if ((reach.back[node] as number) >= 0 && sign !== 'out') cell.outToReaching |= bit;
  }
}

/** A tile's roads turned by `rot`, as world-side bits: per neighborhood, and the sides whose own sign is not outbound-/inbound-only. */
interface TurnedRoads {
  sides: number[];
  notOut: number;
  notIn: number;
  /** Roads (bits 0–3) and water corners (bits 4–7), to match against a cell's needs in one step. */
  fit: number;
}
const turnedCache = new WeakMap<TileDef, TurnedRoads[]>();
function turned(def: TileDef): TurnedRoads[] {
  let t = turnedCache.get(def);
  if (!t) {
    t = [0, 1, 2, 3].map((rot) => {
      const r: TurnedRoads = { sides: def.neighborhoods.map(() => 0), notOut: 0, notIn: 0, fit: (def.roadBits[rot] as number) | ((def.waterBits[rot] as number) << 4) };
      for (let w = 0; w < 4; w++) {
        const local = (w - rot + 4) & 3;
        const nb = def.roadOwner[local] as number;
        if (nb >= 0) r.sides[nb]! |= 1 << w;
        if (def.oneWay[local] !== 'out') r.notOut |= 1 << w;
        if (def.oneWay[local] !== 'in') r.notIn |= 1 << w;
      }
      return r;
    });
    turnedCache.set(def, t);
  }
  return t;
}

/**
 * B5's verdict as a set of failing neighborhoods (bit i: neighborhood i), 0 when the
 * candidate is legal. A neighborhood passes when it is reached from Old Town and reaches it;
 * the linked ones (all of them when `every`, or the tile's only one) must pass, and at
 * least one must. With no neighborhood passing and none required, all fail.
 */
function failingMask(k: number, ok: number, linked: number, every: boolean): number {
  const all = (1 << k) - 1;
  const failing = all & ~ok & (every || k === 1 ? all : linked);
  return ok === 0 && failing === 0 ? all : failing;
}

// A candidate's road links as directed edges (node n + i is its neighborhood i): at most four
// links, each both ways. Module scratch: the searches never nest.
const outFrom = new Int32Array(8), outTo = new Int32Array(8), inFrom = new Int32Array(8), inTo = new Int32Array(8);

/**
 * The candidate's neighborhoods (as bits) reached when its edges are added to a city whose
 * reach set is `known` (closed under the city's roads): anything new is first entered over
 * one of the candidate's edges from a reached node, so only the new part is explored.
 */
function grow(f: MapFacts, adj: readonly (readonly number[])[], known: Int32Array, blocked: number, from: Int32Array, to: Int32Array, edges: number, n: number, k: number): number {
  const { stamp, queue, nodeTile } = f;
  const gen = ++f.gen;
  let tail = 0;
  for (let e = 0; e < edges; e++) {
    const a = from[e] as number, b = to[e] as number;
    if (a < n && (known[a] as number) >= 0 && stamp[b] !== gen) {
      stamp[b] = gen;
      queue[tail++] = b;
    }
  }
  for (let head = 0; head < tail; head++) {
    const v = queue[head] as number;
    if (v < n) {
      for (const u of adj[v] as number[]) {
        if ((known[u] as number) < 0 && stamp[u] !== gen && nodeTile[u] !== blocked) {
          stamp[u] = gen;
          queue[tail++] = u;
        }
      }
    }
    for (let e = 0; e < edges; e++) {
      if (from[e] !== v) continue;
      const u = to[e] as number;
      if (stamp[u] === gen || (u < n && (known[u] as number) >= 0)) continue;
      stamp[u] = gen;
      queue[tail++] = u;
    }
  }
  let mask = 0;
  for (let i = 0; i < k; i++) if (stamp[n + i] === gen) mask |= 1 << i;
  return mask;
}

/**
 * B5 for a tile that fits the cell. Adding a tile never removes paths, so a neighborhood
 * with a road in from a reached neighbor and a road out to one that reaches Old Town passes
 * for sure; when a linked neighborhood fails that quick test and the tile links the map by
 * more than one neighborhood (it might join parts of the city), the candidate's roads are
 * followed through the city to decide. Returns the failing neighborhoods (0: legal).
 */
function reachFailing(ctx: BuildContext, def: TileDef, rot: number, cell: CellInfo): number {
  if (!cell.linksKnown) learnLinks(ctx, cell);
  const roads = turned(def)[rot] as TurnedRoads;
  const k = def.neighborhoods.length;
  let ok = 0, linked = 0, linkedCount = 0;
  for (let nb = 0; nb < k; nb++) {
    const sides = roads.sides[nb] as number;
    if (sides & cell.linked) {
      linked |= 1 << nb;
      linkedCount++;
    }
    if (sides & cell.inFromReached & roads.notOut && sides & cell.outToReaching & roads.notIn) ok |= 1 << nb;
  }
  const quick = failingMask(k, ok, linked, ctx.every);
  if (quick === 0 || linkedCount <= 1) return quick;
  const n = ctx.graph.nodes.length;
  let outs = 0, ins = 0;
  for (let w = 0; w < 4; w++) {
    const bit = 1 << w;
    if (!(cell.linked & bit)) continue;
    const X = n + (def.roadOwner[(w - rot + 4) & 3] as number);
    const node = cell.node[w] as number;
    // The pawns' roads follow the signs: X → neighbor unless either sign forbids it, and back.
    if (roads.notIn & cell.theirNotOut & bit) {
      outFrom[outs] = X; outTo[outs++] = node;
      inFrom[ins] = node; inTo[ins++] = X;
    }
    if (cell.theirNotIn & roads.notOut & bit) {
      outFrom[outs] = node; outTo[outs++] = X;
      inFrom[ins] = X; inTo[ins++] = node;
    }
  }
  const reach = reachOf(ctx, cell);
  const g = ctx.graph;
  const fwd = grow(ctx.facts, g.out, reach.fwd, cell.replacing, outFrom, outTo, outs, n, k);
  const back = grow(ctx.facts, g.inn, reach.back, cell.replacing, inFrom, inTo, ins, n, k);
  return failingMask(k, fwd & back, linked, ctx.every);
}

function candidateProblem(ctx: BuildContext, def: TileDef, rot: number, cell: CellInfo): BuildProblem | null {
  // B7: a tile that touches nothing is refused for that reason, not as unreachable.
  if (cell.need.sides === 0) return { kind: 'notTouching' };
  if (!fitsNeeds(def, rot, cell.need)) {
    const g = ctx.graph;
    return fitProblem(g.placed, g.cells, g.defs, def, cell.x, cell.y, rot, cell.replacing < 0 ? undefined : cell.replacing);
  }
  const failing = reachFailing(ctx, def, rot, cell);
  if (failing === 0) return null;
  return { kind: 'unreachable', neighborhoods: def.neighborhoods.filter((_, i) => (failing >> i) & 1).map((nb) => nb.name) };
}

export type BuildProblem =
  | PlacementProblem
  | { kind: 'notInHand' }
  | { kind: 'emptyCell' }
  | { kind: 'oldTown' }
  | { kind: 'locked'; tile: string };

/** Why `p` is not a legal placement/swap for `seat`, or null when it is. */
export function placementProblem(ctx: BuildContext, seat: number, p: Placement): BuildProblem | null {
  const { state, set } = ctx;
  if (!placeableTiles(state, seat).includes(p.tile)) return { kind: 'notInHand' };
  const def = set.byId.get(tileIdOfKey(p.tile));
  if (!def) return { kind: 'notInHand' };
  const at = ctx.graph.cells.get(cellKey(p.x, p.y));
  if (p.type === 'place') {
    if (at !== undefined) return { kind: 'occupied' };
    return candidateProblem(ctx, def, p.rot, cellInfo(ctx, p.x, p.y));
  }
  if (at === undefined) return { kind: 'emptyCell' };
  const old = state.map[at] as PlacedTile;
  if (old.key === state.oldTown) return { kind: 'oldTown' };
  if (old.locked) return { kind: 'locked', tile: old.key };
  return candidateProblem(ctx, def, p.rot, cellInfo(ctx, p.x, p.y, at));
}

const rotationsCache = new WeakMap<TileDef, number[]>();
/** Rotations that look different: a tile symmetric under a half turn has only 2. */
function distinctRotations(def: TileDef): number[] {
  const known = rotationsCache.get(def);
  if (known) return known;
  const sig = (rot: number) => {
    let s = '';
    for (let w = 0; w < 4; w++) s += `${def.roadOwner[((w - rot) % 4 + 4) % 4]}${def.oneWay[((w - rot) % 4 + 4) % 4] ?? ''}${def.water[((w - rot) % 4 + 4) % 4] ? 'w' : ''},`;
    return s;
  };
  const seen = new Set<string>();
  const rots: number[] = [];
  for (let r = 0; r < 4; r++) {
    // Neighborhood identity matters for names, so only collapse single-neighborhood tiles.
    const key = def.neighborhoods.length === 1 ? sig(r) : String(r);
    if (!seen.has(key)) {
      seen.add(key);
      rots.push(r);
    }
  }
  rotationsCache.set(def, rots);
  return rots;
}

interface HandTile {
  tile: string;
  def: TileDef;
  rots: number[];
  turns: TurnedRoads[];
}

/** The candidates of one cell, in hand and rotation order, added to `out`; true once `limit` is reached. */
function scanCell(ctx: BuildContext, type: Placement['type'], cell: CellInfo, hand: readonly HandTile[], out: Placement[], limit: number): boolean {
  const need = cell.need;
  if (need.impossible || need.sides === 0) return false;
  // T3 for every turn of every tile at once: roads where the neighbors have roads, water where they have water.
  const mask = need.sides | (need.corners << 4), want = need.roads | (need.water << 4);
  for (const { tile, def, rots, turns } of hand) {
    for (const rot of rots) {
      if ((((turns[rot] as TurnedRoads).fit ^ want) & mask) !== 0 || reachFailing(ctx, def, rot, cell) !== 0) continue;
      out.push({ type, tile, x: cell.x, y: cell.y, rot });
      if (out.length >= limit) return true;
    }
  }
  return false;
}

/** Every legal placement, then every legal swap, for the seat (B5, B6). */
export function legalPlacements(ctx: BuildContext, seat: number, opts: { swaps?: boolean; limit?: number } = {}): Placement[] {
  const { state, set, graph } = ctx;
  const out: Placement[] = [];
  const tiles = placeableTiles(state, seat);
  if (tiles.length === 0) return out;
  const hand: HandTile[] = [];
  for (const tile of new Set(tiles)) {
    const def = set.byId.get(tileIdOfKey(tile)) as TileDef;
    hand.push({ tile, def, rots: distinctRotations(def), turns: turned(def) });
  }
  const limit = opts.limit ?? Infinity;
  const cell = newCell();
  // The empty cells next to the map, in map order and then side order (N, E, S, W).
  const seen = new Set<number>();
  for (const p of state.map) {
    for (let w = 0; w < 4; w++) {
      const x = p.x + (DX[w] as number), y = p.y + (DY[w] as number);
      const k = cellKey(x, y);
      if (graph.cells.has(k) || seen.has(k)) continue;
      seen.add(k);
      if (scanCell(ctx, 'place', cellInfo(ctx, x, y, -1, cell), hand, out, limit)) return out;
    }
  }
  if (opts.swaps === false) return out;
  for (let i = 0; i < state.map.length; i++) {
    const p = state.map[i] as PlacedTile;
    if (p.key === state.oldTown || p.locked) continue;
    if (scanCell(ctx, 'swap', cellInfo(ctx, p.x, p.y, i, cell), hand, out, limit)) return out;
  }
  return out;
}

export function hasLegalPlacement(ctx: BuildContext, seat: number): boolean {
  return legalPlacements(ctx, seat, { limit: 1 }).length > 0;
}

/** Seats that can place or swap a tile now (while everyone builds at once, they all may). */
export function buildersNow(s: FenceState): number[] {
  const ctx = buildContext(s, tileSetOf(s));
  return seatsInGame(s).filter((i) => hasLegalPlacement(ctx, i));
}

/** Neighborhoods joined by road to each neighborhood of the tile at (x, y): B7's announcement. */
export function connectionsAt(map: readonly PlacedTile[], set: TileSet, x: number, y: number): { nb: string; to: string[] }[] {
  const g = graphOf(map, set);
  const t = g.cells.get(cellKey(x, y));
  if (t === undefined) return [];
  const placed = map[t] as PlacedTile;
  return (g.tileNodes.get(placed.key) ?? []).map((n) => ({
    nb: g.nodes[n]!.id,
    to: [...new Set((g.und[n] as number[]).map((m) => g.nodes[m]!.id))],
  }));
}
