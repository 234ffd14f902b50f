/**
 * Map building (B4–B9): which placements and swaps are legal, and why one is not.
 * The enumerator and the validator share `placementProblem`, so the legal list and the
 * refusals can never disagree.
 */
import {
  graphOf, cellNeeds, fitsNeeds, cellKey, distances, DX, DY, fitProblem, reachabilityProblem, tileIdOfKey,
  type CellNeeds, type MapGraph, type PlacedTile, type PlacementProblem,
} from './geometry.ts';
import type { TileDef, TileSet } from './tiles.ts';
import type { FenceState } from './state.ts';
import { everyNeighborhoodReaches, placeableTiles } from './variants/index.ts';

export interface Placement {
  type: 'place' | 'swap';
  tile: string;
  x: number;
  y: number;
  rot: number;
}

/** Per-map facts computed once per turn and shared by every candidate. */
export interface BuildContext {
  set: TileSet;
  state: FenceState;
  graph: MapGraph;
  fwd: Int32Array;
  back: Int32Array;
  /** For swaps: the same facts with one tile removed, by map index. */
  without: Map<number, { fwd: Int32Array; back: Int32Array }>;
}

const reachCache = new WeakMap<readonly PlacedTile[], { fwd: Int32Array; back: Int32Array; without: BuildContext['without'] }>();

export function buildContext(state: FenceState, set: TileSet): BuildContext {
  const graph = graphOf(state.map, set);
  let reach = reachCache.get(state.map);
  if (!reach) {
    const start = graph.tileNodes.get(state.oldTown) ?? [];
    reach = { fwd: distances(graph.out, start), back: distances(graph.inn, start), without: new Map() };
    reachCache.set(state.map, reach);
  }
  return { set, state, graph, ...reach };
}

/** Reachability with the tile at map index `index` taken away (for swaps), cached per turn. */
function withoutTile(ctx: BuildContext, index: number): { fwd: Int32Array; back: Int32Array } {
  let w = ctx.without.get(index);
  if (!w) {
    const g = ctx.graph;
    const blocked = new Set(g.tileNodes.get((ctx.state.map[index] as PlacedTile).key) ?? []);
    const start = (g.tileNodes.get(ctx.state.oldTown) ?? []).filter((n) => !blocked.has(n));
    w = { fwd: distances(g.out, start, blocked), back: distances(g.inn, start, blocked) };
    ctx.without.set(index, w);
  }
  return w;
}

/** A neighbor's road across one side of a cell, with what B5 needs to know about it. */
interface SideLink {
  node: number;
  sign: 'in' | 'out' | null;
  /** The neighbor's neighborhood is reachable from Old Town / reaches Old Town. */
  reached: boolean;
  reaches: boolean;
}

/** Everything about one cell that every candidate tile there is checked against. */
interface CellInfo {
  x: number;
  y: number;
  need: CellNeeds;
  links: (SideLink | null)[];
  /** For a swap: the map index of the tile being replaced. */
  replacing?: number;
}

function cellInfo(ctx: BuildContext, x: number, y: number, replacing?: number): CellInfo {
  const g = ctx.graph;
  const reach = replacing === undefined ? ctx : withoutTile(ctx, replacing);
  const links: (SideLink | null)[] = [null, null, null, null];
  for (let w = 0; w < 4; w++) {
    const t = g.cells.get(cellKey(x + (DX[w] as number), y + (DY[w] as number)));
    if (t === undefined || t === replacing) continue;
    const q = g.placed[t] as PlacedTile;
    const other = g.defs[t] as TileDef;
    const local = (w + 2 - q.rot + 4) & 3;
    const otherNb = other.roadOwner[local] as number;
    if (otherNb < 0) continue;
    const node = g.tileNodes.get(q.key)?.[otherNb] as number;
    links[w] = { node, sign: other.oneWay[local] ?? null, reached: (reach.fwd[node] as number) >= 0, reaches: (reach.back[node] as number) >= 0 };
  }
  const need = cellNeeds(g.placed, g.cells, g.defs, x, y, replacing);
  return replacing === undefined ? { x, y, need, links } : { x, y, need, links, replacing };
}

/**
 * B5 from the cell's facts. A neighborhood of the new tile is fine when a road comes in
 * from a neighborhood already reachable from Old Town and one goes out to a neighborhood
 * that reaches Old Town. Adding a tile never removes paths, so "fine" is exact; "not fine"
 * is exact too unless another neighborhood of the same tile is linked to the map (the tile
 * might join other tiles together): only then is the full search needed.
 * Returns the failing neighborhood names, [] when legal, or null when undecided.
 */
function quickReachability(def: TileDef, rot: number, cell: CellInfo, every: boolean): string[] | null {
  const k = def.neighborhoods.length;
  let anyOk = false;
  let linked = 0;
  let failing: string[] | null = null;
  for (let nb = 0; nb < k; nb++) {
    let connected = false, inOk = false, outOk = false;
    for (let w = 0; w < 4; w++) {
      const local = (w - rot + 4) & 3;
      if (def.roadOwner[local] !== nb) continue;
      const link = cell.links[w];
      if (!link) continue;
      connected = true;
      const mine = def.oneWay[local];
      if (link.reached && link.sign !== 'in' && mine !== 'out') inOk = true;
      if (link.reaches && mine !== 'in' && link.sign !== 'out') outOk = true;
    }
    if (connected) linked++;
    if (inOk && outOk) anyOk = true;
    else if (connected || k === 1 || every) (failing ??= []).push((def.neighborhoods[nb] as { name: string }).name);
  }
  if (!failing) return anyOk ? [] : def.neighborhoods.map((n) => n.name);
  return linked > 1 ? null : failing;
}

function candidateProblem(ctx: BuildContext, def: TileDef, rot: number, cell: CellInfo): BuildProblem | null {
  // B7: a tile that touches nothing is refused for that reason, not as unreachable.
  if (cell.need.sides === 0) return { kind: 'notTouching' };
  if (!fitsNeeds(def, rot, cell.need)) {
    const g = ctx.graph;
    return fitProblem(g.placed, g.cells, g.defs, def, cell.x, cell.y, rot, cell.replacing);
  }
  const every = everyNeighborhoodReaches(ctx.state.options);
  const failing = quickReachability(def, rot, cell, every) ?? reachabilityProblem(ctx.graph, ctx.state.oldTown, def, cell.x, cell.y, rot, cell.replacing, every,
    cell.replacing === undefined ? ctx : withoutTile(ctx, cell.replacing));
  return failing.length ? { kind: 'unreachable', neighborhoods: failing } : null;
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

/** Empty cells next to the map: the only places a tile can go. */
export function frontierCells(map: readonly PlacedTile[]): { x: number; y: number }[] {
  const taken = new Set(map.map((p) => cellKey(p.x, p.y)));
  const seen = new Set<number>();
  const cells: { x: number; y: number }[] = [];
  for (const p of map) {
    for (let w = 0; w < 4; w++) {
      const x = p.x + (DX[w] as number), y = p.y + (DY[w] as number);
      const k = cellKey(x, y);
      if (taken.has(k) || seen.has(k)) continue;
      seen.add(k);
      cells.push({ x, y });
    }
  }
  return cells;
}

/** Rotations that look different: a tile symmetric under a half turn has only 2. */
function distinctRotations(def: TileDef): number[] {
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
  return rots;
}

/** Every legal placement, then every legal swap, for the seat (B5, B6). */
export function legalPlacements(ctx: BuildContext, seat: number, opts: { swaps?: boolean; limit?: number } = {}): Placement[] {
  const { state, set } = ctx;
  const hand = [...new Set(placeableTiles(state, seat))].map((tile) => {
    const def = set.byId.get(tileIdOfKey(tile)) as TileDef;
    return { tile, def, rots: distinctRotations(def) };
  });
  const out: Placement[] = [];
  const limit = opts.limit ?? Infinity;
  const scan = (type: Placement['type'], cells: CellInfo[]): boolean => {
    for (const cell of cells) {
      if (cell.need.impossible) continue;
      for (const { tile, def, rots } of hand) {
        for (const rot of rots) {
          if (!fitsNeeds(def, rot, cell.need)) continue;
          if (candidateProblem(ctx, def, rot, cell)) continue;
          out.push({ type, tile, x: cell.x, y: cell.y, rot });
          if (out.length >= limit) return true;
        }
      }
    }
    return false;
  };
  if (hand.length === 0) return out;
  if (scan('place', frontierCells(state.map).map((c) => cellInfo(ctx, c.x, c.y)))) return out;
  if (opts.swaps === false) return out;
  const spots = state.map.flatMap((p, i) => (p.key === state.oldTown || p.locked ? [] : [cellInfo(ctx, p.x, p.y, i)]));
  scan('swap', spots);
  return out;
}

export function hasLegalPlacement(ctx: BuildContext, seat: number): boolean {
  return legalPlacements(ctx, seat, { limit: 1 }).length > 0;
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
