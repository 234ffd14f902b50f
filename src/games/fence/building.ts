/**
 * Map building (B4–B9): which placements and swaps are legal, and why one is not.
 * The enumerator and the validator share `placementProblem`, so the legal list and the
 * refusals can never disagree.
 */
import {
  buildGraph, cellKey, distances, DX, DY, fitProblem, reachabilityProblem, roadAt, oneWayAt, tileIdOfKey,
  type MapGraph, type PlacedTile, type PlacementProblem,
} from './geometry.ts';
import type { TileDef, TileSet } from './tiles.ts';
import type { FenceState } from './state.ts';

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
  without: Map<number, { graph: MapGraph; fwd: Int32Array; back: Int32Array; placed: PlacedTile[] }>;
}

export function buildContext(state: FenceState, set: TileSet): BuildContext {
  const graph = buildGraph(state.map, set);
  const start = graph.tileNodes.get(state.oldTown) ?? [];
  return { set, state, graph, fwd: distances(graph.out, start), back: distances(graph.inn, start), without: new Map() };
}

function withoutTile(ctx: BuildContext, index: number) {
  let w = ctx.without.get(index);
  if (!w) {
    const placed = ctx.state.map.filter((_, i) => i !== index);
    const graph = buildGraph(placed, ctx.set);
    const start = graph.tileNodes.get(ctx.state.oldTown) ?? [];
    w = { graph, fwd: distances(graph.out, start), back: distances(graph.inn, start), placed };
    ctx.without.set(index, w);
  }
  return w;
}

/**
 * Fast B5 check: a neighborhood of the new tile is fine when a road comes in from a
 * neighborhood already reachable from Old Town and one goes out to a neighborhood that
 * reaches Old Town. Adding a tile never removes paths, so "fine" here is exact; only a
 * "not fine" needs the full search (the new tile might link other tiles together).
 */
function fastReachable(g: MapGraph, fwd: Int32Array, back: Int32Array, def: TileDef, x: number, y: number, rot: number): boolean | null {
  let anyOk = false;
  for (let nb = 0; nb < def.neighborhoods.length; nb++) {
    let connected = false, inOk = false, outOk = false;
    for (let w = 0; w < 4; w++) {
      if (roadAt(def, rot, w) !== nb) continue;
      const t = g.cells.get(cellKey(x + (DX[w] as number), y + (DY[w] as number)));
      if (t === undefined) continue;
      const q = g.placed[t] as PlacedTile;
      const other = g.defs[t] as TileDef;
      const otherNb = roadAt(other, q.rot, (w + 2) % 4);
      if (otherNb < 0) continue;
      connected = true;
      const m = g.tileNodes.get(q.key)?.[otherNb] as number;
      const mine = oneWayAt(def, rot, w);
      const theirs = oneWayAt(other, q.rot, (w + 2) % 4);
      if ((fwd[m] as number) >= 0 && theirs !== 'in' && mine !== 'out') inOk = true;
      if ((back[m] as number) >= 0 && mine !== 'in' && theirs !== 'out') outOk = true;
    }
    const ok = inOk && outOk;
    if (ok) anyOk = true;
    else if (connected || def.neighborhoods.length === 1) return null;
  }
  return anyOk ? true : null;
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
  if (!(state.tileHands[seat] ?? []).includes(p.tile)) return { kind: 'notInHand' };
  const def = set.byId.get(tileIdOfKey(p.tile));
  if (!def) return { kind: 'notInHand' };
  const at = ctx.graph.cells.get(cellKey(p.x, p.y));
  const candidate: PlacedTile = { key: p.tile, x: p.x, y: p.y, rot: p.rot };
  if (p.type === 'place') {
    if (at !== undefined) return { kind: 'occupied' };
    const fit = fitProblem(state.map, ctx.graph.cells, ctx.graph.defs, def, p.x, p.y, p.rot);
    if (fit) return fit;
    if (fastReachable(ctx.graph, ctx.fwd, ctx.back, def, p.x, p.y, p.rot)) return null;
    const failing = reachabilityProblem(state.map, set, state.oldTown, candidate);
    return failing.length ? { kind: 'unreachable', neighborhoods: failing } : null;
  }
  if (at === undefined) return { kind: 'emptyCell' };
  const old = state.map[at] as PlacedTile;
  if (old.key === state.oldTown) return { kind: 'oldTown' };
  if (old.locked) return { kind: 'locked', tile: old.key };
  const fit = fitProblem(state.map, ctx.graph.cells, ctx.graph.defs, def, p.x, p.y, p.rot, at);
  if (fit) return fit;
  const w = withoutTile(ctx, at);
  if (fastReachable(w.graph, w.fwd, w.back, def, p.x, p.y, p.rot)) return null;
  const failing = reachabilityProblem(state.map, set, state.oldTown, candidate, at);
  return failing.length ? { kind: 'unreachable', neighborhoods: failing } : null;
}

/** Empty cells next to the map: the only places a tile can go. */
export function frontierCells(map: readonly PlacedTile[]): { x: number; y: number }[] {
  const taken = new Set(map.map((p) => cellKey(p.x, p.y)));
  const seen = new Set<string>();
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
  const hand = [...new Set(state.tileHands[seat] ?? [])];
  const out: Placement[] = [];
  const limit = opts.limit ?? Infinity;
  const frontier = frontierCells(state.map);
  for (const tile of hand) {
    const def = set.byId.get(tileIdOfKey(tile)) as TileDef;
    for (const { x, y } of frontier) {
      for (const rot of distinctRotations(def)) {
        const p: Placement = { type: 'place', tile, x, y, rot };
        if (!placementProblem(ctx, seat, p)) {
          out.push(p);
          if (out.length >= limit) return out;
        }
      }
    }
  }
  if (opts.swaps === false) return out;
  for (const tile of hand) {
    const def = set.byId.get(tileIdOfKey(tile)) as TileDef;
    for (const placed of state.map) {
      if (placed.key === state.oldTown || placed.locked) continue;
      for (const rot of distinctRotations(def)) {
        const p: Placement = { type: 'swap', tile, x: placed.x, y: placed.y, rot };
        if (!placementProblem(ctx, seat, p)) {
          out.push(p);
          if (out.length >= limit) return out;
        }
      }
    }
  }
  return out;
}

export function hasLegalPlacement(ctx: BuildContext, seat: number): boolean {
  return legalPlacements(ctx, seat, { limit: 1 }).length > 0;
}

/** Neighborhoods joined by road to each neighborhood of the tile at (x, y): B7's announcement. */
export function connectionsAt(map: readonly PlacedTile[], set: TileSet, x: number, y: number): { nb: string; to: string[] }[] {
  const g = buildGraph(map, set);
  const t = g.cells.get(cellKey(x, y));
  if (t === undefined) return [];
  const placed = map[t] as PlacedTile;
  return (g.tileNodes.get(placed.key) ?? []).map((n) => ({
    nb: g.nodes[n]!.id,
    to: [...new Set((g.und[n] as number[]).map((m) => g.nodes[m]!.id))],
  }));
}
