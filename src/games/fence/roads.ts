/**
 * The roads of the city as pawns and the Cops travel them: one road step for a push or the Cops
 * by road, and the Hot Goods distances. The Extended Rules may add roads (the Tunnel), so this
 * sits above the variants, which use only rules.ts.
 */
import { distances, graphOf, tileIdOfKey, type MapGraph, type NbId } from './geometry.ts';
import { inPlay, tileSetOf } from './rules.ts';
import type { FenceState } from './state.ts';
import { links } from './variants/index.ts';

/**
 * The roads of the city: the tiles' own, plus what the variants join beyond them (the Tunnel,
 * a two-way road that ignores signs).
 */
const linkedCache = new WeakMap<readonly unknown[], Map<string, MapGraph>>();
export function graphOfState(s: FenceState): MapGraph {
  const base = graphOf(s.map, tileSetOf(s));
  const extra = links(s);
  if (extra.length === 0) return base;
  const key = extra.map((l) => l.join('~')).join('|');
  let byKey = linkedCache.get(s.map);
  if (!byKey) linkedCache.set(s.map, (byKey = new Map()));
  let g = byKey.get(key);
  if (!g) {
    const out = base.out.map((a) => [...a]), inn = base.inn.map((a) => [...a]), und = base.und.map((a) => [...a]);
    for (const [a, b] of extra) {
      const i = base.index.get(a), j = base.index.get(b);
      if (i === undefined || j === undefined) continue;
      out[i]!.push(j); out[j]!.push(i); inn[i]!.push(j); inn[j]!.push(i); und[i]!.push(j); und[j]!.push(i);
    }
    g = { ...base, out, inn, und };
    byKey.set(key, g);
  }
  return g;
}

/**
 * Facts about a finished map that every turn asks for: in-play neighborhoods by
 * coordinate and shortest road distances. The map never changes in the main phase, so
 * they are computed once per map array (rows of distances on first use).
 */
interface MapFacts {
  graph: MapGraph;
  live: Set<NbId>;
  /** In-play node indices per coordinate, key red * 8 + blue. */
  byCoord: Map<number, number[]>;
  /** Road steps from node a to node b following signs (-1 unreachable). */
  pawnDistance(a: number, b: number): number;
  /** Road steps between in-play nodes ignoring signs (-1 unreachable). */
  copsDistance(a: number, b: number): number;
}

const factsCache = new WeakMap<MapGraph, MapFacts>();
function mapFacts(s: FenceState): MapFacts {
  const graph = graphOfState(s);
  let f = factsCache.get(graph);
  if (f) return f;
  const set = tileSetOf(s);
  const live = inPlay(s);
  const byCoord = new Map<number, number[]>();
  graph.nodes.forEach((node, i) => {
    const c = set.byId.get(tileIdOfKey(node.key))?.coords;
    if (!c || !live.has(node.id)) return;
    const k = c.red * 8 + c.blue;
    byCoord.set(k, [...(byCoord.get(k) ?? []), i]);
  });
  const liveUnd = graph.und.map((adj, i) => (live.has(graph.nodes[i]!.id) ? adj.filter((m) => live.has(graph.nodes[m]!.id)) : []));
  const pawnRows: (Int32Array | undefined)[] = [];
  const copsRows: (Int32Array | undefined)[] = [];
  f = {
    graph,
    live,
    byCoord,
    pawnDistance: (a, b) => ((pawnRows[a] ??= distances(graph.out, [a]))[b] as number),
    copsDistance: (a, b) => ((copsRows[a] ??= distances(liveUnd, [a]))[b] as number),
  };
  factsCache.set(graph, f);
  return f;
}

/** B15: one road step for another player's pawn, signs respected. */
export function pushMoves(s: FenceState, seat: number): { target: number; to: NbId }[] {
  const g = graphOfState(s);
  const moves: { target: number; to: NbId }[] = [];
  s.pawns.forEach((p, target) => {
    if (target === seat || s.out[target] || !p || p === 'jail') return;
    const n = g.index.get(p);
    if (n === undefined) return;
    for (const m of new Set(g.out[n])) moves.push({ target, to: g.nodes[m]!.id });
  });
  return moves;
}

/** B15: the Cops by road (one step, signs ignored, never off limits). */
export function copsRoadMoves(s: FenceState): NbId[] {
  if (!s.cops) return [];
  const g = graphOfState(s);
  const live = inPlay(s);
  const n = g.index.get(s.cops);
  if (n === undefined) return [];
  return [...new Set((g.und[n] as number[]).map((m) => g.nodes[m]!.id))].filter((id) => live.has(id));
}

/**
 * B18 distances from the Hot Goods tile(s) at (red, blue): per seat (null when jailed, out
 * or unreachable) following signs, and the Cops' ignoring them (within the in-play city).
 */
export function hotGoodsDistances(s: FenceState, red: number, blue: number): { players: (number | null)[]; cops: number | null } {
  const f = mapFacts(s);
  const sources = f.byCoord.get(red * 8 + blue) ?? [];
  const nearest = (target: number, measure: (a: number, b: number) => number): number | null => {
    let best = -1;
    for (const src of sources) {
      const d = measure(src, target);
      if (d >= 0 && (best < 0 || d < best)) best = d;
    }
    return best < 0 ? null : best;
  };
  const players = s.pawns.map((p, i) => {
    if (s.out[i] || !p || p === 'jail') return null;
    return nearest(f.graph.index.get(p) as number, f.pawnDistance);
  });
  const cops = s.cops ? nearest(f.graph.index.get(s.cops) as number, f.copsDistance) : null;
  return { players, cops };
}
