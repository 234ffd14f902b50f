/**
 * Writes the farm's component data (assets/farm/tiles.json, farmers.json) from a fixed seed:
 * `npx tsx src/games/farm/tools/generate-assets.ts`. The tiles are the project's own design
 * (F3, F4); test/farm/components.test.ts checks the written data against those rulings, so a
 * change here is only kept if the set still meets them.
 */
import { writeFileSync } from 'node:fs';
import { Rng, seedRng } from '../../../platform/rng.ts';
import { FARMER_ROWS, FARMER_COLUMNS } from '../farmer-grammar.ts';

type Terrain = 'pasture' | 'meadow' | 'mud' | 'plain';
type Animal = 'cow' | 'sheep' | 'pig' | 'chicken' | 'bull' | 'ram' | 'boar';
interface Region { halfSides: number[]; terrain: Terrain; animals: Animal[] }
interface Segment { to: string; between: [number, number]; gate?: boolean }
interface Tile { id: string; set: string; fenced: boolean[]; regions: Region[]; segments: Segment[]; market?: boolean }

const POINTS = ['NW', 'N', 'NE', 'E', 'SE', 'S', 'SW', 'W'];
const FEMALE: Record<Terrain, Animal | null> = { pasture: 'cow', meadow: 'sheep', mud: 'pig', plain: null };
const MALE: Record<string, Animal> = { pasture: 'bull', meadow: 'ram', mud: 'boar' };

const rng = new Rng(seedRng('farm-tiles-v1'));

/** Spoke sets by region count; corners (even points) are diagonal fences, weighted to keep F4's ≥ 60%. */
const SPLITS: Record<number, number[][]> = {
  2: [[0, 4], [2, 6], [0, 4], [2, 6], [1, 5], [3, 7], [0, 2], [2, 4], [4, 6], [6, 0], [1, 4], [3, 6]],
  3: [[0, 2, 5], [2, 4, 7], [4, 6, 1], [6, 0, 3], [0, 4, 6], [2, 6, 0], [1, 4, 6], [0, 3, 6]],
  4: [[0, 2, 4, 6], [0, 2, 4, 6], [1, 3, 5, 7], [0, 3, 4, 7]],
};

function arcs(spokes: number[]): number[][] {
  if (spokes.length === 0) return [[0, 1, 2, 3, 4, 5, 6, 7]];
  const s = [...spokes].sort((a, b) => a - b);
  return s.map((from, i) => {
    const to = s[(i + 1) % s.length]! + (i + 1 === s.length ? 8 : 0);
    const hs: number[] = [];
    for (let h = from; h < to; h++) hs.push(h % 8);
    return hs;
  });
}

function sides(): boolean[] {
  const out: boolean[] = [];
  for (let side = 0; side < 4; side++) {
    const r = rng.next();
    if (r < 0.4) out.push(true, true);
    else if (r < 0.76) out.push(false, false);
    else if (r < 0.88) out.push(true, false);
    else out.push(false, true);
  }
  return out;
}

function animalsFor(terrain: Terrain, size: number): Animal[] {
  const f = FEMALE[terrain];
  if (!f) return [];
  const r = rng.next();
  const bigger = size >= 3 ? 0.15 : 0;
  const n = r < 0.12 - bigger / 2 ? 0 : r < 0.45 - bigger ? 1 : r < 0.8 - bigger / 2 ? 2 : 3;
  return new Array<Animal>(n).fill(f);
}

function makeTile(id: string, set: string, terrains: () => Terrain): Tile {
  for (;;) {
    const r = rng.next();
    const n = set === 'gates' ? (r < 0.6 ? 2 : 3) : r < 0.06 ? 1 : r < 0.4 ? 2 : r < 0.75 ? 3 : 4;
    const spokes = n === 1 ? [] : rng.pick(SPLITS[n]!);
    const fenced = sides();
    const regionHs = arcs(spokes);
    if (regionHs.some((hs) => hs.every((h) => fenced[h]))) continue;
    const regions: Region[] = regionHs.map((hs) => {
      const terrain = terrains();
      return { halfSides: hs, terrain, animals: animalsFor(terrain, hs.length) };
    });
    const owner = new Array<number>(8);
    regions.forEach((reg, i) => reg.halfSides.forEach((h) => (owner[h] = i)));
    const segments: Segment[] = [...spokes].sort((a, b) => a - b).map((k) => ({ to: POINTS[k]!, between: [owner[(k + 7) % 8]!, owner[k]!] as [number, number] }));
    const tile: Tile = { id, set, fenced, regions, segments };
    if (set === 'gates') segments[rng.int(segments.length)]!.gate = true;
    if (set === 'market') tile.market = true;
    if (set === 'males') {
      const farm = regions.filter((reg) => reg.terrain !== 'plain');
      if (farm.length === 0) continue;
      const reg = rng.pick(farm);
      reg.animals = [MALE[reg.terrain]!, ...reg.animals.slice(0, 2)];
    }
    if (set === 'chickens') {
      const plains = regions.filter((reg) => reg.terrain === 'plain');
      if (plains.length === 0) continue;
      for (const p of plains) p.animals = new Array<Animal>(1 + rng.int(3)).fill('chicken');
    }
    return tile;
  }
}

/** Terrain draws that keep the three animal kinds level: a shuffled bag refilled as it empties. */
function bag(plainShare: number): () => Terrain {
  let items: Terrain[] = [];
  return () => {
    if (items.length === 0) {
      const plains = Math.round((30 * plainShare) / (1 - plainShare));
      items = rng.shuffle([...Array<Terrain>(10).fill('pasture'), ...Array<Terrain>(10).fill('meadow'), ...Array<Terrain>(10).fill('mud'), ...Array<Terrain>(plains).fill('plain')]);
    }
    return items.pop()!;
  };
}

const tiles: Tile[] = [];
const add = (prefix: string, set: string, count: number, terrains: () => Terrain) => {
  for (let i = 1; i <= count; i++) tiles.push(makeTile(`${prefix}${String(i).padStart(2, '0')}`, set, terrains));
};
const base = bag(0.16);
/** F4's counted properties of the base set; the draw is repeated until they hold with a margin. */
function balanced(set: Tile[]): boolean {
  const animals = set.flatMap((t) => t.regions.flatMap((r) => r.animals));
  const shares = (['cow', 'sheep', 'pig'] as const).map((k) => animals.filter((a) => a === k).length / animals.length);
  const regions = set.flatMap((t) => t.regions);
  const plain = regions.filter((r) => r.terrain === 'plain').length / regions.length;
  const segments = set.flatMap((t) => t.segments);
  const diagonal = segments.filter((x) => x.to.length === 2).length / segments.length;
  return shares.every((x) => x >= 0.31 && x <= 0.35) && plain >= 0.16 && plain <= 0.24 && diagonal >= 0.62;
}
do {
  tiles.length = 0;
  add('B', 'base', 84, base);
} while (!balanced(tiles));
add('M', 'males', 12, bag(0));
add('C', 'chickens', 36, bag(0.45));
add('K', 'market', 6, base);
add('G', 'gates', 12, base);
// Males: the 12 tiles hold 4 bulls, 4 boars and 4 rams (R1).
const males = tiles.filter((t) => t.set === 'males');
const wanted: Animal[] = ['bull', 'bull', 'bull', 'bull', 'boar', 'boar', 'boar', 'boar', 'ram', 'ram', 'ram', 'ram'];
males.forEach((t, i) => {
  const male = wanted[i]!;
  const terrain = ({ bull: 'pasture', boar: 'mud', ram: 'meadow' } as const)[male as 'bull' | 'boar' | 'ram'];
  for (const reg of t.regions) reg.animals = reg.animals.filter((a) => a !== 'bull' && a !== 'boar' && a !== 'ram');
  const reg = t.regions[0]!;
  reg.terrain = terrain;
  reg.animals = [male, ...new Array<Animal>(rng.int(3)).fill(FEMALE[terrain]!)];
  for (const other of t.regions.slice(1)) other.animals = other.animals.map(() => FEMALE[other.terrain]!).filter(Boolean);
});

const farmers = FARMER_ROWS.flatMap((row, i) => FARMER_COLUMNS.map((col, j) => ({ id: `FP${String(6 * i + j + 1).padStart(2, '0')}`, conditions: [row, col] })));

const dir = new URL('../../../../assets/farm/', import.meta.url);
writeFileSync(new URL('tiles.json', dir), JSON.stringify(tiles, null, 1) + '\n');
writeFileSync(new URL('farmers.json', dir), JSON.stringify(farmers, null, 1) + '\n');
process.stdout.write(`wrote ${tiles.length} tiles and ${farmers.length} farmer cards\n`);
