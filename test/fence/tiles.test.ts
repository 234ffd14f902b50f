/**
 * The FENCE! tile set (T1–T7): the standard set's contents, the geometry rules it is read
 * with, the statistics that make random maps good, and the load-time validation.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContext, placementProblem, type Placement } from '../../src/games/fence/building.ts';
import { Rng, seedRng } from '../../src/platform/rng.ts';
import { play, setup, legalActions, type FenceState } from '../../src/games/fence/index.ts';
import { buildGraph, distances, sidesFit, waterAt, type PlacedTile } from '../../src/games/fence/geometry.ts';
import { inPlay } from '../../src/games/fence/rules.ts';
import { buildTileSet, SIDES, standardTileSet, type TileDef, type TileSet } from '../../src/games/fence/tiles.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const rawStandard = (): { name: string; tiles: Record<string, unknown>[] } =>
  JSON.parse(readFileSync(join(ROOT, 'assets/tiles/fence-standard.json'), 'utf8'));

const set = standardTileSet();

/** The tile holding a neighborhood of that name, and the neighborhood's index on it. */
function tileWith(name: string, s: TileSet = set): { def: TileDef; index: number } {
  for (const def of s.tiles) {
    const index = def.neighborhoods.findIndex((nb) => nb.name === name);
    if (index >= 0) return { def, index };
  }
  throw new Error(`no neighborhood named ${name}`);
}
const roadNames = (def: TileDef, index: number): string => def.neighborhoods[index]!.roads.map((s) => SIDES[s]).sort().join('');

/** A hand-made tile set; tiles default to a land square. */
type RawTile = { id: string; coords?: [number, number] | null; neighborhoods: { name: string; roads: string[] }[]; corners?: string[]; pond?: boolean; oneWay?: { side: string; dir: string }[] };
function handMade(tiles: RawTile[]): TileSet {
  return buildTileSet({
    name: 'test',
    tiles: tiles.map((t) => ({
      coords: /^\d-\d$/.test(t.id) ? [Number(t.id[0]), Number(t.id[2])] : null,
      corners: ['land', 'land', 'land', 'land'],
      ...t,
    })),
  });
}
const cross = (id: string, name: string, extra: Partial<RawTile> = {}): RawTile => ({ id, neighborhoods: [{ name, roads: ['N', 'E', 'S', 'W'] }], ...extra });

/** Undirected reachability over the road graph from one node. */
function reachableFrom(adj: number[][], from: number): Set<number> {
  const dist = distances(adj, [from]);
  return new Set([...dist.keys()].filter((i) => (dist[i] as number) >= 0));
}

/** A building-phase state with the given map and seat 0 to place `hand`. */
function buildingState(map: PlacedTile[], hand: string[]): FenceState {
  const { state } = setup({ seats: [{ name: 'A', computer: true }, { name: 'B', computer: true }], seed: 'tiles-test' });
  return { ...state, phase: 'building', map, tileHands: [hand, []], current: 0, pending: null, passesInRow: 0 };
}

/** T5: water runs across world side w of `a` into `b` when they fit and a shared corner is water. */
const waterAcross = (a: TileDef, aRot: number, b: TileDef, bRot: number, w: number): boolean =>
  sidesFit(a, aRot, b, bRot, w) && (waterAt(a, aRot, w) || waterAt(a, aRot, (w + 3) % 4));

describe('T1 the standard set', () => {
  it('T1 has 36 coordinate tiles, one for every (red, blue) pair from (1,1) to (6,6)', () => {
    const coords = set.tiles.filter((t) => t.coords).map((t) => `${t.coords!.red},${t.coords!.blue}`);
    expect(coords).toHaveLength(36);
    const expected = [];
    for (let r = 1; r <= 6; r++) for (let b = 1; b <= 6; b++) expected.push(`${r},${b}`);
    expect([...coords].sort()).toEqual(expected.sort());
  });

  it('T1 has 4 tiles without coordinates, 40 in all, with unique ids', () => {
    expect(set.tiles.filter((t) => t.coords === null).map((t) => t.id).sort()).toEqual(['X1', 'X2', 'X3', 'X4']);
    expect(set.tiles).toHaveLength(40);
    expect(new Set(set.tiles.map((t) => t.id)).size).toBe(40);
  });
});

describe('T2 the names fixed by the rules text', () => {
  const at = (name: string) => {
    const c = tileWith(name).def.coords;
    return c ? [c.red, c.blue] : null;
  };

  it('T2 Old Town is (1,3), Sunnyside (1,1), The Yards (3,2), Lily Rivers (2,3)', () => {
    expect(at('Old Town')).toEqual([1, 3]);
    expect(at('Sunnyside')).toEqual([1, 1]);
    expect(at('The Yards')).toEqual([3, 2]);
    expect(at('Lily Rivers')).toEqual([2, 3]);
  });

  it('T2 the Venice tile (2,5) holds exactly Venice (roads E and W) and Venice Underpass (roads N and S)', () => {
    const { def } = tileWith('Venice');
    expect(def.coords).toEqual({ red: 2, blue: 5 });
    expect(def.neighborhoods.map((nb) => nb.name).sort()).toEqual(['Venice', 'Venice Underpass']);
    expect(roadNames(def, tileWith('Venice').index)).toBe('EW');
    expect(roadNames(def, tileWith('Venice Underpass').index)).toBe('NS');
  });

  it('T2 Venice and Venice Underpass are not connected: ringed by four-way tiles, each reaches only its own side', () => {
    const { def } = tileWith('Venice');
    const plain = set.tiles.filter((t) => t.neighborhoods.length === 1 && t.roadOwner.every((o) => o === 0) && t.oneWay.every((s) => s === null) && !t.water.some(Boolean));
    expect(plain.length).toBeGreaterThanOrEqual(4);
    const map: PlacedTile[] = [{ key: def.id, x: 0, y: 0, rot: 0 }, ...plain.slice(0, 4).map((t, w) => ({ key: t.id, x: [0, 1, 0, -1][w]!, y: [-1, 0, 1, 0][w]!, rot: 0 }))];
    const g = buildGraph(map, set);
    const venice = g.index.get(`${def.id}/${tileWith('Venice').index}`)!;
    const under = g.index.get(`${def.id}/${tileWith('Venice Underpass').index}`)!;
    const names = (ns: Set<number>) => [...ns].map((n) => g.nodes[n]!.key).sort();
    expect(names(reachableFrom(g.und, venice))).toEqual([def.id, plain[1]!.id, plain[3]!.id].sort());
    expect(names(reachableFrom(g.und, under))).toEqual([def.id, plain[0]!.id, plain[2]!.id].sort());
  });

  it('T2 Downtown (r,b) and Four Points (r,2) share the red coordinate, b ≠ 2', () => {
    const downtown = tileWith('Downtown').def.coords!, fourPoints = tileWith('Four Points').def.coords!;
    expect(fourPoints.blue).toBe(2);
    expect(downtown.red).toBe(fourPoints.red);
    expect(downtown.blue).not.toBe(2);
  });

  it('T2 Cabbagetown can be placed so that it connects by road to both The Stix and Parkview', () => {
    // Old Town at the centre, The Stix east of it and Parkview south of it (any rotation the
    // engine accepts), then Cabbagetown in the corner between them. Every step is checked
    // by the engine's own placement rules and announced the way B7 asks.
    const id = (name: string) => tileWith(name).def.id;
    const legalRots = (map: PlacedTile[], tile: string, x: number, y: number) => {
      const s = buildingState(map, [tile]);
      const ctx = buildContext(s, set);
      return [0, 1, 2, 3].filter((rot) => placementProblem(ctx, 0, { type: 'place', tile, x, y, rot } satisfies Placement) === null);
    };
    let found: string[] | null = null;
    const base: PlacedTile[] = [{ key: id('Old Town'), x: 0, y: 0, rot: 0 }];
    search: for (const [sx, sy, px, py, cx, cy] of [[1, 0, 0, 1, 1, 1], [1, 0, 2, 0, 2, -1], [0, 1, 0, 2, 1, 2]] as const) {
      for (const sr of legalRots(base, id('The Stix'), sx, sy)) {
        const withStix = [...base, { key: id('The Stix'), x: sx, y: sy, rot: sr }];
        for (const pr of legalRots(withStix, id('Parkview'), px, py)) {
          const map = [...withStix, { key: id('Parkview'), x: px, y: py, rot: pr }];
          for (const cr of legalRots(map, id('Cabbagetown'), cx, cy)) {
            const result = play(buildingState(map, [id('Cabbagetown')]), 0, { type: 'place', tile: id('Cabbagetown'), x: cx, y: cy, rot: cr });
            expect(result.ok).toBe(true);
            if (!result.ok) continue;
            const placed = result.events.find((e) => e.type === 'tilePlaced');
            const to = placed && placed.type === 'tilePlaced' ? placed.connections.flatMap((c) => c.to) : [];
            const reached = to.map((nb) => set.byId.get(nb.slice(0, nb.lastIndexOf('/')))!.neighborhoods[Number(nb.slice(nb.lastIndexOf('/') + 1))]!.name);
            if (reached.includes('The Stix') && reached.includes('Parkview')) {
              found = reached;
              break search;
            }
          }
        }
      }
    }
    expect(found).not.toBeNull();
  });

  it('T2 neighborhood names are unique in the set', () => {
    const names = set.tiles.flatMap((t) => t.neighborhoods.map((nb) => nb.name));
    expect(new Set(names).size).toBe(names.length);
    for (const name of ['Cabbagetown', 'The Stix', 'Parkview']) expect(names).toContain(name);
  });
});

describe('T3 tile geometry', () => {
  const geo = handMade([
    { id: '1-1', neighborhoods: [{ name: 'North Road', roads: ['N'] }] },
    cross('1-2', 'Crossroads'),
    { id: '1-3', neighborhoods: [{ name: 'Bay', roads: ['N', 'E', 'S', 'W'] }], corners: ['water', 'land', 'land', 'land'] },
    { id: '1-4', neighborhoods: [{ name: 'Shore', roads: ['N', 'E', 'S', 'W'] }], corners: ['water', 'land', 'land', 'water'] },
    { id: '1-5', neighborhoods: [{ name: 'Quiet', roads: ['S'] }] },
  ]);
  const t = (id: string) => geo.byId.get(id)!;

  it('T3 a tile turns in quarter turns clockwise: a road on its north side faces east, south, west', () => {
    const dead = t('1-1');
    const sidesWithRoad = (rot: number) => [0, 1, 2, 3].filter((w) => sidesFit(dead, rot, t('1-2'), 0, w));
    expect([0, 1, 2, 3].map(sidesWithRoad)).toEqual([[0], [1], [2], [3]]);
    // A water corner turns with it: NE water at rot 0 is SE water at rot 1.
    expect([0, 1, 2, 3].map((rot) => [0, 1, 2, 3].filter((c) => waterAt(t('1-3'), rot, c)))).toEqual([[0], [1], [2], [3]]);
  });

  it('T3 two tiles fit when road presence matches on the shared side and both shared corners match', () => {
    // Road against no road: never.
    expect(sidesFit(t('1-2'), 0, t('1-5'), 0, 1)).toBe(false); // Quiet east of the crossroads: its west side has no road
    expect(sidesFit(t('1-2'), 0, t('1-5'), 0, 2)).toBe(false); // Quiet south of it: its north side has no road
    expect(sidesFit(t('1-2'), 0, t('1-5'), 0, 0)).toBe(true); // Quiet north of it: road meets road
    expect(sidesFit(t('1-5'), 0, t('1-2'), 0, 2)).toBe(true);
    // Corners: land against water fails; one matching corner is not enough; both matching fits.
    expect(sidesFit(t('1-2'), 0, t('1-3'), 0, 2)).toBe(false); // Bay's NE water meets Crossroads' SE land
    expect(sidesFit(t('1-4'), 2, t('1-3'), 0, 2)).toBe(false); // Shore turned has water SE+SW; Bay below it has water only NE
    expect(sidesFit(t('1-4'), 2, t('1-4'), 0, 2)).toBe(true); // shore above shore: water along the whole side
    expect(sidesFit(t('1-3'), 3, t('1-3'), 0, 0)).toBe(false); // NW water above NE water: the corners do not meet
    expect(sidesFit(t('1-3'), 1, t('1-3'), 0, 2)).toBe(true); // Bay turned (SE water) above Bay (NE water): one wet corner and one dry corner shared
  });

  it('T3 every standard tile has 1–3 neighborhoods, and each road side belongs to exactly one of them', () => {
    for (const def of set.tiles) {
      expect(def.neighborhoods.length, def.id).toBeGreaterThanOrEqual(1);
      expect(def.neighborhoods.length, def.id).toBeLessThanOrEqual(3);
      const owners = [0, 1, 2, 3].map((side) => def.neighborhoods.filter((nb) => nb.roads.includes(side as 0)).length);
      expect(owners.every((n) => n <= 1), def.id).toBe(true);
      def.neighborhoods.forEach((nb, i) => {
        expect(nb.roads.length, `${def.id} ${nb.name}`).toBeGreaterThan(0);
        for (const side of nb.roads) expect(def.roadOwner[side]).toBe(i);
      });
    }
  });

  it('T3 a tile set with 0 or 4 neighborhoods on a tile is refused', () => {
    expect(() => handMade([{ id: '1-1', neighborhoods: [] }])).toThrow();
    expect(() => handMade([{ id: '1-1', neighborhoods: ['A1', 'B1', 'C1', 'D1'].map((name, i) => ({ name, roads: [SIDES[i]!] })) }])).toThrow();
  });

  it('T3 neighborhoods on one standard tile are never connected on that tile (road graph, all rotations)', () => {
    const plain = set.tiles.filter((t) => t.neighborhoods.length === 1 && t.roadOwner.every((o) => o === 0) && t.oneWay.every((s) => s === null) && !t.water.some(Boolean));
    for (const def of set.tiles.filter((t) => t.neighborhoods.length > 1 && !t.water.some(Boolean))) {
      for (let rot = 0; rot < 4; rot++) {
        // Four-way tiles on the sides with roads; nothing else touches, so only the tile itself could join them.
        const ring = [0, 1, 2, 3].filter((w) => def.roadOwner[(w - rot + 4) % 4]! >= 0);
        const map: PlacedTile[] = [{ key: def.id, x: 0, y: 0, rot }, ...ring.map((w, i) => ({ key: plain[i]!.id, x: [0, 1, 0, -1][w]!, y: [-1, 0, 1, 0][w]!, rot: 0 }))];
        const g = buildGraph(map, set);
        const own = g.tileNodes.get(def.id)!;
        for (const n of own) {
          const reach = reachableFrom(g.und, n);
          expect(own.filter((m) => m !== n && reach.has(m)), `${def.id} rot ${rot}`).toEqual([]);
          expect(reach.size, `${def.id} rot ${rot}: ${g.nodes[n]!.name} reaches its own roads`).toBe(1 + def.neighborhoods[own.indexOf(n)]!.roads.length);
        }
      }
    }
  });
});

describe('T4 One Way signs', () => {
  type Sign = 'in' | 'out' | null;
  const signs: Sign[] = [null, 'in', 'out'];
  /** Tile A west of tile B, a road between them, with the given signs on that segment. */
  function pair(a: Sign, b: Sign) {
    const s = handMade([
      { id: '1-1', neighborhoods: [{ name: 'Xville', roads: ['E'] }], oneWay: a ? [{ side: 'E', dir: a }] : [] },
      { id: '1-2', neighborhoods: [{ name: 'Yburg', roads: ['W'] }], oneWay: b ? [{ side: 'W', dir: b }] : [] },
    ]);
    const g = buildGraph([{ key: '1-1', x: 0, y: 0, rot: 0 }, { key: '1-2', x: 1, y: 0, rot: 0 }], s);
    return { X: g.index.get('1-1/0')!, Y: g.index.get('1-2/0')!, g };
  }

  for (const a of signs) {
    for (const b of signs) {
      it(`T4 X→Y when A's segment is not inbound-only and B's is not outbound-only (A: ${a ?? 'none'}, B: ${b ?? 'none'}); the Cops ignore signs`, () => {
        const { X, Y, g } = pair(a, b);
        expect(g.out[X]!.includes(Y)).toBe(a !== 'in' && b !== 'out');
        expect(g.out[Y]!.includes(X)).toBe(b !== 'in' && a !== 'out');
        expect(g.inn[Y]!.includes(X)).toBe(g.out[X]!.includes(Y));
        // The Cops' graph has the road both ways whatever the signs say.
        expect(g.und[X]).toEqual([Y]);
        expect(g.und[Y]).toEqual([X]);
      });
    }
  }

  it('T4 a sign turns with its tile and only affects its own segment', () => {
    const s = handMade([
      cross('1-1', 'Hub', { oneWay: [{ side: 'N', dir: 'out' }] }),
      cross('1-2', 'East End'),
      cross('1-3', 'South End'),
    ]);
    // Hub turned once: its signed (north) segment faces east.
    const g = buildGraph([{ key: '1-1', x: 0, y: 0, rot: 1 }, { key: '1-2', x: 1, y: 0, rot: 0 }, { key: '1-3', x: 0, y: 1, rot: 0 }], s);
    const [hub, east, south] = ['1-1/0', '1-2/0', '1-3/0'].map((k) => g.index.get(k)!) as [number, number, number];
    expect(g.out[hub]).toEqual(expect.arrayContaining([east, south]));
    expect(g.out[east]).toEqual([]);
    expect(g.out[south]).toEqual([hub]);
  });

  it('T4 every sign in the standard set sits on a road segment', () => {
    for (const def of set.tiles) def.oneWay.forEach((sign, side) => sign && expect(def.roadOwner[side], def.id).toBeGreaterThanOrEqual(0));
  });
});

describe('T5 water', () => {
  it('T5 a tile is waterfront when water touches it: a water corner or a pond', () => {
    for (const def of set.tiles) expect(def.waterfront, def.id).toBe(def.pond || def.water.some(Boolean));
    const s = handMade([
      cross('1-1', 'Dry'),
      cross('1-2', 'Pondside', { pond: true }),
      cross('1-3', 'Cornerbay', { corners: ['land', 'land', 'water', 'land'] }),
    ]);
    expect(['1-1', '1-2', '1-3'].map((id) => s.byId.get(id)!.waterfront)).toEqual([false, true, true]);
  });

  it('T5 water connects across a shared side only when both tiles have water along it; a pond stays inside its tile', () => {
    const s = handMade([
      { id: '1-1', neighborhoods: [{ name: 'North Shore', roads: ['N'] }], corners: ['land', 'water', 'water', 'land'] },
      { id: '1-2', neighborhoods: [{ name: 'South Shore', roads: ['S'] }], corners: ['water', 'land', 'land', 'water'] },
      cross('1-3', 'Inland', { pond: true }),
    ]);
    const north = s.byId.get('1-1')!, south = s.byId.get('1-2')!, inland = s.byId.get('1-3')!;
    // North Shore above South Shore: the river between them is one water.
    expect(waterAcross(north, 0, south, 0, 2)).toBe(true);
    expect(waterAcross(south, 0, north, 0, 0)).toBe(true);
    // Their dry sides, and a pond tile, carry no water across.
    expect(sidesFit(south, 0, north, 0, 2)).toBe(true);
    expect(waterAcross(south, 0, north, 0, 2)).toBe(false);
    expect(waterAcross(inland, 0, inland, 0, 1)).toBe(false);
    // Water never meets land: the shore does not fit against a dry side.
    expect(sidesFit(north, 0, inland, 0, 2)).toBe(false);
  });

  it('T5 the standard set has water that can join across a side', () => {
    const wet = set.tiles.filter((t) => t.water.some(Boolean));
    const joins = wet.some((a) => wet.some((b) => [0, 1, 2, 3].some((ar) => [0, 1, 2, 3].some((br) => [0, 1, 2, 3].some((w) => waterAcross(a, ar, b, br, w))))));
    expect(joins).toBe(true);
  });
});

describe('T6 the set makes good maps', () => {
  it('T6 set statistics: ≥ 6 tiles with 2+ neighborhoods, ≥ 8 one-way segments, ≥ 10 waterfront tiles, ≥ 3 dead-end tiles', () => {
    const multi = set.tiles.filter((t) => t.neighborhoods.length >= 2).length;
    const oneWay = set.tiles.reduce((n, t) => n + t.oneWay.filter(Boolean).length, 0);
    const waterfront = set.tiles.filter((t) => t.waterfront).length;
    // Tiles whose neighborhoods have one road each: dead ends.
    const deadEnds = set.tiles.filter((t) => t.neighborhoods.every((nb) => nb.roads.length === 1)).length;
    expect({ multi: multi >= 6, oneWay: oneWay >= 8, waterfront: waterfront >= 10, deadEnds: deadEnds >= 3 }).toEqual({ multi: true, oneWay: true, waterfront: true, deadEnds: true });
  });

  /** Seeds for the random-build statistics; T6 asks for 1,000. */
  const SEEDS = 1000;
  const SEATS = [2, 3, 4, 5, 6, 7, 8];

  it(`T6 random builds (every player placing greedily at random) place at least 90% of tiles and leave at least 95% of placed neighborhoods in play over ${SEEDS} seeds`, () => {
    let tiles = 0, placed = 0, neighborhoods = 0, live = 0;
    let worstPlaced = 1, worstLive = 1;
    for (let seed = 0; seed < SEEDS; seed++) {
      const players = SEATS[seed % SEATS.length]!;
      const rng = new Rng(seedRng(`T6-builder-${seed}`));
      let s = setup({ seats: Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, computer: true })), seed: `T6-${seed}` }).state;
      for (let guard = 0; s.phase === 'building'; guard++) {
        if (guard > 2000) throw new Error(`seed ${seed}: building did not end`);
        const seat = s.pending ? s.pending.seat : s.current;
        // Greedily at random: any legal placement, uniformly; a swap only when no placement is legal.
        const legal = legalActions(s, seat);
        const places = legal.filter((a) => a.type === 'place');
        if (legal.length === 0) throw new Error(`seed ${seed}: seat ${seat} has nothing to do while building`);
        const action = rng.pick(places.length ? places : legal);
        const r = play(s, seat, action);
        if (!r.ok) throw new Error(`seed ${seed}: ${r.message}`);
        s = r.state;
      }
      const nbs = s.map.reduce((n, p) => n + set.byId.get(p.key)!.neighborhoods.length, 0);
      const inPlayCount = inPlay(s).size;
      tiles += set.tiles.length;
      placed += s.map.length;
      neighborhoods += nbs;
      live += inPlayCount;
      worstPlaced = Math.min(worstPlaced, s.map.length / set.tiles.length);
      worstLive = Math.min(worstLive, inPlayCount / nbs);
    }
    const stats = { placed: placed / tiles, inPlay: live / neighborhoods, worstPlaced, worstLive };
    expect(stats.placed, JSON.stringify(stats)).toBeGreaterThanOrEqual(0.9);
    expect(stats.inPlay, JSON.stringify(stats)).toBeGreaterThanOrEqual(0.95);
    // No single build is a disaster either.
    expect(stats.worstPlaced, JSON.stringify(stats)).toBeGreaterThanOrEqual(0.75);
    expect(stats.worstLive, JSON.stringify(stats)).toBeGreaterThanOrEqual(0.8);
  }, 900_000);
});

describe('T7 the set is data, validated at load', () => {
  const refused = (mutate: (raw: ReturnType<typeof rawStandard>) => void): string => {
    const raw = rawStandard();
    mutate(raw);
    try {
      buildTileSet(raw);
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('the malformed set was accepted');
  };
  type Nb = { name: string; roads: string[] };
  const nbs = (t: Record<string, unknown>) => t.neighborhoods as Nb[];

  it('T7 the standard file loads as it is', () => {
    expect(() => buildTileSet(rawStandard())).not.toThrow();
  });

  it('T7 a duplicate neighborhood name is refused, naming it', () => {
    expect(refused((raw) => (nbs(raw.tiles[5]!)[0]!.name = 'Sunnyside'))).toMatch(/duplicate neighborhood name Sunnyside/);
  });

  it('T7 a One Way sign on a side without a road is refused, naming the tile and side', () => {
    const raw = rawStandard();
    const tile = raw.tiles.find((t) => nbs(t).length === 1 && nbs(t)[0]!.roads.length < 4)!;
    const bare = SIDES.find((s) => !nbs(tile)[0]!.roads.includes(s))!;
    const msg = refused((r) => (r.tiles.find((t) => t.id === tile.id)!.oneWay = [{ side: bare, dir: 'in' }]));
    expect(msg).toContain(`${tile.id as string}: One Way sign on side ${bare}, which has no road`);
  });

  it('T7 two neighborhoods with a road to the same side are refused', () => {
    const msg = refused((raw) => {
      const tile = raw.tiles.find((t) => nbs(t).length === 2)!;
      nbs(tile)[1]!.roads.push(nbs(tile)[0]!.roads[0]!);
    });
    expect(msg).toMatch(/side [NESW] has roads to both/);
  });

  it('T7 a bad id is refused: malformed, not matching its coordinates, or an X id on a coordinate tile', () => {
    expect(refused((raw) => (raw.tiles[0]!.id = 'tile-one'))).toMatch(/id/i);
    expect(refused((raw) => (raw.tiles[0]!.id = '6-6'))).toMatch(/id must be 1-1|duplicate tile/);
    expect(refused((raw) => (raw.tiles[0]!.coords = null))).toMatch(/X id/);
  });

  it('T7 code holds no tile literals: no neighborhood name of the set appears in src/ code (Old Town, named by the rules as the start, aside)', () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const f of readdirSync(dir)) {
        const p = join(dir, f);
        if (statSync(p).isDirectory()) walk(p);
        else if (p.endsWith('.ts')) files.push(p);
      }
    };
    walk(join(ROOT, 'src'));
    const names = set.tiles.flatMap((t) => t.neighborhoods.map((nb) => nb.name)).filter((n) => n !== 'Old Town');
    const hits: string[] = [];
    for (const f of files) {
      // Comments may use names as examples; code may not.
      const code = readFileSync(f, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
      for (const n of names) if (code.includes(n)) hits.push(`${f.slice(ROOT.length)}: ${n}`);
    }
    expect(hits).toEqual([]);
  });
});
