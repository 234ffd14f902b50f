/**
 * The city as a graph. Nodes are the neighborhoods of placed tiles; a road edge joins two
 * neighborhoods whose tiles share a side with a road on both halves. Pawns follow One Way
 * signs (T4), the Cops do not. Everything here is derived from the placed tiles and cached
 * per map array, so the state stays plain JSON.
 */
import type { z } from 'zod';
import type { placedTileSchema } from './state.ts';
import type { Side, TileDef, TileSet } from './tiles.ts';

/** A tile on the map: its key, cell and rotation (the shape is the state's, state.ts). */
export type PlacedTile = z.output<typeof placedTileSchema>;

/** A neighborhood on the map: "<tile key>/<index>". */
export type NbId = string;
export const nbId = (key: string, index: number): NbId => `${key}/${index}`;
export function parseNbId(id: NbId): { key: string; index: number } {
  const slash = id.lastIndexOf('/');
  return { key: id.slice(0, slash), index: Number(id.slice(slash + 1)) };
}
export function tileIdOfKey(key: string): string {
  const i = key.indexOf('#');
  return i < 0 ? key : key.slice(0, i);
}

export const DX = [0, 1, 0, -1] as const;
export const DY = [-1, 0, 1, 0] as const;
/** A map cell as one number (maps stay far inside ±512). */
export const cellKey = (x: number, y: number): number => ((x + 512) << 10) | (y + 512);

/** Which of the tile's own sides faces world side `w` when rotated by `rot`. */
export const localSide = (w: number, rot: number): Side => ((w - rot + 4) & 3) as Side;
const localCorner = localSide;

/** Road owner (neighborhood index or -1) at world side w. */
export const roadAt = (def: TileDef, rot: number, w: number): number => def.roadOwner[localSide(w, rot)];
export const oneWayAt = (def: TileDef, rot: number, w: number): 'in' | 'out' | null => def.oneWay[localSide(w, rot)];
/** Water at world corner c (0 NE, 1 SE, 2 SW, 3 NW). */
export const waterAt = (def: TileDef, rot: number, c: number): boolean => def.water[localCorner(c, rot)];

/**
 * T3: two tiles fit across world side w of `a` (b lies beyond it) when road presence
 * matches and both shared corners match. a's corner w (clockwise end of side w) meets
 * b's corner w+1 of its side w+2, and a's corner w-1 meets b's corner w+2.
 */
export function sidesFit(a: TileDef, aRot: number, b: TileDef, bRot: number, w: number): boolean {
  const opposite = (w + 2) % 4;
  if ((roadAt(a, aRot, w) >= 0) !== (roadAt(b, bRot, opposite) >= 0)) return false;
  if (waterAt(a, aRot, w) !== waterAt(b, bRot, (w + 1) % 4)) return false;
  if (waterAt(a, aRot, (w + 3) % 4) !== waterAt(b, bRot, (w + 2) % 4)) return false;
  return true;
}

export interface GraphNode {
  id: NbId;
  key: string;
  index: number;
  name: string;
  tile: number;
}

export interface MapGraph {
  nodes: GraphNode[];
  index: Map<NbId, number>;
  /** Directed road edges a pawn may follow (One Way signs respected). */
  out: number[][];
  /** Reverse of `out`, for "can reach X" searches. */
  inn: number[][];
  /** Road edges ignoring signs (the Cops). */
  und: number[][];
  /** Node indices per tile key. */
  tileNodes: Map<string, number[]>;
  cells: Map<number, number>;
  defs: TileDef[];
  placed: readonly PlacedTile[];
}

/**
 * The road graph of `placed`. `grownFrom`, the graph of a map that `placed` extends (the same
 * tiles in the same order, more at the end: a placement), lends its nodes and lookups, so only
 * the new tiles' neighborhoods are made.
 */
export function buildGraph(placed: readonly PlacedTile[], set: TileSet, grownFrom?: MapGraph): MapGraph {
  const prev = grownFrom && grownFrom.placed.length < placed.length && grownFrom.placed.every((p, i) => p === placed[i]) ? grownFrom : null;
  const shared = prev ? prev.placed.length : 0;
  const nodes: GraphNode[] = prev ? prev.nodes.slice() : [];
  const index = prev ? new Map(prev.index) : new Map<NbId, number>();
  const tileNodes = prev ? new Map(prev.tileNodes) : new Map<string, number[]>();
  const cells = prev ? new Map(prev.cells) : new Map<number, number>();
  const defs: TileDef[] = prev ? prev.defs.slice() : [];
  for (let t = shared; t < placed.length; t++) {
    const p = placed[t] as PlacedTile;
    const def = set.byId.get(tileIdOfKey(p.key));
    if (!def) throw new Error(`unknown tile ${p.key}`);
    defs.push(def);
    cells.set(cellKey(p.x, p.y), t);
    const ids: number[] = [];
    def.neighborhoods.forEach((nb, i) => {
      const id = nbId(p.key, i);
      index.set(id, nodes.length);
      ids.push(nodes.length);
      nodes.push({ id, key: p.key, index: i, name: nb.name, tile: t });
    });
    tileNodes.set(p.key, ids);
  }
  // Each tile's first node: its neighborhoods are numbered in a row.
  const first = new Int32Array(placed.length);
  for (let t = 1; t < placed.length; t++) first[t] = (first[t - 1] as number) + (defs[t - 1] as TileDef).neighborhoods.length;
  const out: number[][] = nodes.map(() => []);
  const inn: number[][] = nodes.map(() => []);
  const und: number[][] = nodes.map(() => []);
  // Each shared side is seen from both tiles; each time the edge from this tile's side is added.
  for (let t = 0; t < placed.length; t++) {
    const p = placed[t] as PlacedTile;
    const def = defs[t] as TileDef;
    for (let w = 0; w < 4; w++) {
      const ownerA = roadAt(def, p.rot, w);
      if (ownerA < 0) continue;
      const other = cells.get(cellKey(p.x + (DX[w] as number), p.y + (DY[w] as number)));
      if (other === undefined) continue;
      const q = placed[other] as PlacedTile;
      const defB = defs[other] as TileDef;
      const ownerB = roadAt(defB, q.rot, (w + 2) % 4);
      if (ownerB < 0) continue;
      const a = (first[t] as number) + ownerA;
      const b = (first[other] as number) + ownerB;
      (und[a] as number[]).push(b);
      if (oneWayAt(def, p.rot, w) !== 'in' && oneWayAt(defB, q.rot, (w + 2) % 4) !== 'out') {
        (out[a] as number[]).push(b);
        (inn[b] as number[]).push(a);
      }
    }
  }
  return { nodes, index, out, inn, und, tileNodes, cells, defs, placed };
}

const graphCache = new WeakMap<readonly PlacedTile[], MapGraph>();
/**
 * The graph of a map array; cached because a map array never changes. `grownFrom`: the map
 * this one was made from by placing a tile (its graph, when known, is built upon).
 */
export function graphOf(placed: readonly PlacedTile[], set: TileSet, grownFrom?: readonly PlacedTile[]): MapGraph {
  let g = graphCache.get(placed);
  if (!g) {
    g = buildGraph(placed, set, grownFrom && graphCache.get(grownFrom));
    graphCache.set(placed, g);
  }
  return g;
}

/** Breadth-first distances (in road steps = tiles crossed) from the sources over `adj`; -1 = unreachable. */
export function distances(adj: number[][], sources: readonly number[], blocked?: ReadonlySet<number>): Int32Array {
  const dist = new Int32Array(adj.length).fill(-1);
  // Blocked nodes count as visited, so searches go around them.
  if (blocked) for (const b of blocked) dist[b] = -2;
  const queue = new Int32Array(adj.length);
  let head = 0, tail = 0;
  for (const s of sources) {
    if (dist[s] === -1) {
      dist[s] = 0;
      queue[tail++] = s;
    }
  }
  while (head < tail) {
    const n = queue[head++] as number;
    const d = (dist[n] as number) + 1;
    for (const m of adj[n] as number[]) {
      if (dist[m] === -1) {
        dist[m] = d;
        queue[tail++] = m;
      }
    }
  }
  if (blocked) for (const b of blocked) dist[b] = -1;
  return dist;
}

/** B9: neighborhoods reachable from Old Town, respecting One Way signs. */
export function inPlaySet(g: MapGraph, oldTownKey: string): Set<NbId> {
  const start = g.tileNodes.get(oldTownKey) ?? [];
  const dist = distances(g.out, start);
  const set = new Set<NbId>();
  dist.forEach((d, i) => {
    if (d >= 0) set.add((g.nodes[i] as GraphNode).id);
  });
  return set;
}

const inPlayCache = new WeakMap<readonly PlacedTile[], Set<NbId>>();
export function inPlayOf(placed: readonly PlacedTile[], set: TileSet, oldTownKey: string): Set<NbId> {
  let s = inPlayCache.get(placed);
  if (!s) {
    s = inPlaySet(graphOf(placed, set), oldTownKey);
    inPlayCache.set(placed, s);
  }
  return s;
}

// ---- Placement (B5, B6) ----------------------------------------------------------------

export type PlacementProblem =
  | { kind: 'occupied' }
  | { kind: 'notTouching' }
  | { kind: 'mismatch'; side: number; neighbor: string; what: 'road' | 'water' }
  | { kind: 'unreachable'; neighborhoods: string[] };

/** Checks sides and corners against every placed neighbor of (x, y). `ignore` = a cell treated as empty (a swap). */
export function fitProblem(
  placed: readonly PlacedTile[],
  cells: Map<number, number>,
  defs: readonly TileDef[],
  def: TileDef,
  x: number,
  y: number,
  rot: number,
  ignore?: number,
): PlacementProblem | null {
  const need = cellNeeds(placed, cells, defs, x, y, ignore);
  if (need.sides === 0) return { kind: 'notTouching' };
  if (fitsNeeds(def, rot, need)) return null;
  // Slow path only to explain the refusal.
  for (let w = 0; w < 4; w++) {
    const t = cells.get(cellKey(x + (DX[w] as number), y + (DY[w] as number)));
    if (t === undefined || t === ignore) continue;
    const q = placed[t] as PlacedTile;
    const other = defs[t] as TileDef;
    if (!sidesFit(def, rot, other, q.rot, w)) {
      const roadsMatch = (roadAt(def, rot, w) >= 0) === (roadAt(other, q.rot, (w + 2) % 4) >= 0);
      return { kind: 'mismatch', side: w, neighbor: q.key, what: roadsMatch ? 'water' : 'road' };
    }
  }
  return { kind: 'mismatch', side: 0, neighbor: '', what: 'water' };
}

/** What the placed neighbors of a cell demand of a tile there, as bitmasks (T3). */
export interface CellNeeds {
  /** Sides with a neighbor. */
  sides: number;
  /** Of those, sides whose neighbor has a road facing this cell. */
  roads: number;
  /** Corners touched by a neighbor. */
  corners: number;
  /** Of those, corners that must be water. */
  water: number;
  /** Two neighbors disagree about a corner: nothing fits. */
  impossible: boolean;
}

/** A corner of the cell that a neighbor makes land or water; two neighbors disagreeing make the cell impossible. */
function needCorner(need: CellNeeds, corner: number, wet: number): void {
  if (need.corners & (1 << corner)) {
    if (((need.water >> corner) & 1) !== wet) need.impossible = true;
  } else {
    need.corners |= 1 << corner;
    if (wet) need.water |= 1 << corner;
  }
}

/** What the placed neighbors of cell (x, y) demand (written into `into` when given: the enumerator reuses one). */
export function cellNeeds(placed: readonly PlacedTile[], cells: Map<number, number>, defs: readonly TileDef[], x: number, y: number, ignore?: number, into?: CellNeeds): CellNeeds {
  const need: CellNeeds = into ?? { sides: 0, roads: 0, corners: 0, water: 0, impossible: false };
  need.sides = 0; need.roads = 0; need.corners = 0; need.water = 0; need.impossible = false;
  for (let w = 0; w < 4; w++) {
    const t = cells.get(cellKey(x + (DX[w] as number), y + (DY[w] as number)));
    if (t === undefined || t === ignore) continue;
    const q = placed[t] as PlacedTile;
    const other = defs[t] as TileDef;
    need.sides |= 1 << w;
    if (other.roadBits[q.rot]! & (1 << ((w + 2) & 3))) need.roads |= 1 << w;
    // Our corner w meets their corner w+1; our corner w-1 meets their corner w+2.
    const theirWater = other.waterBits[q.rot] as number;
    needCorner(need, w, (theirWater >> ((w + 1) & 3)) & 1);
    needCorner(need, (w + 3) & 3, (theirWater >> ((w + 2) & 3)) & 1);
  }
  return need;
}

export const fitsNeeds = (def: TileDef, rot: number, need: CellNeeds): boolean =>
  !need.impossible && ((def.roadBits[rot]! ^ need.roads) & need.sides) === 0 && ((def.waterBits[rot]! ^ need.water) & need.corners) === 0;
