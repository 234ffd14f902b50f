/**
 * Farm tiles as data (assets/farm/tiles.json), validated at load (F3). A tile is a square whose
 * eight half-sides (0–7 clockwise from the north-west corner, F1) are each fenced or open.
 * Internal fences are spokes from the centre to a boundary point (a corner: a diagonal fence; a
 * side's midpoint: a straight one), so each region is one arc of consecutive half-sides.
 */
import { z } from 'zod';
import tileData from '../../../assets/farm/tiles.json' with { type: 'json' };

/** Boundary point k lies between half-side k-1 and half-side k: NW, N, NE, E, SE, S, SW, W. */
export const POINTS = ['NW', 'N', 'NE', 'E', 'SE', 'S', 'SW', 'W'] as const;
export type PointName = (typeof POINTS)[number];

export const TERRAINS = ['pasture', 'meadow', 'mud', 'plain'] as const;
export type Terrain = (typeof TERRAINS)[number];
export const ANIMALS = ['cow', 'sheep', 'pig', 'chicken', 'bull', 'ram', 'boar'] as const;
export type Animal = (typeof ANIMALS)[number];
/** The kinds that count for "one kind", F13 and Market: a male counts as its females' kind (R3). */
export type Kind = 'cow' | 'sheep' | 'pig' | 'chicken';
export const KIND_OF: Readonly<Record<Animal, Kind>> = { cow: 'cow', bull: 'cow', sheep: 'sheep', ram: 'sheep', pig: 'pig', boar: 'pig', chicken: 'chicken' };
export const isMale = (a: Animal): boolean => a === 'bull' || a === 'ram' || a === 'boar';
const TERRAIN_OF: Readonly<Record<Kind, Terrain>> = { cow: 'pasture', sheep: 'meadow', pig: 'mud', chicken: 'plain' };

/** Which box a tile comes in: the base game or one Ranch expansion (R1). */
export const TILE_SETS = ['base', 'males', 'chickens', 'market', 'gates'] as const;
export type TileSetName = (typeof TILE_SETS)[number];

const halfSide = z.number().int().min(0).max(7);

const regionSchema = z.object({
  halfSides: z.array(halfSide).min(1).max(8),
  terrain: z.enum(TERRAINS),
  animals: z.array(z.enum(ANIMALS)).max(3),
});

const segmentSchema = z.object({
  /** The boundary point the spoke runs to from the centre. */
  to: z.enum(POINTS),
  /** The two regions (indices) it separates. */
  between: z.tuple([z.number().int().min(0).max(3), z.number().int().min(0).max(3)]),
  gate: z.boolean().optional(),
});

export const tileSchema = z
  .object({
    id: z.string().regex(/^[A-Z]\d\d$/),
    set: z.enum(TILE_SETS),
    /** Per half-side 0–7: true when fenced. */
    fenced: z.array(z.boolean()).length(8),
    regions: z.array(regionSchema).min(1).max(4),
    segments: z.array(segmentSchema).max(4),
    market: z.boolean().optional(),
  })
  .superRefine((t, ctx) => {
    const bad = (message: string) => ctx.addIssue({ code: 'custom', message: `${t.id}: ${message}` });
    const owner = new Array<number>(8).fill(-1);
    t.regions.forEach((r, i) => {
      for (const h of r.halfSides) {
        if (owner[h] !== -1) bad(`half-side ${h} lies in two regions`);
        owner[h] = i;
      }
      if (!r.halfSides.some((h) => !t.fenced[h])) bad(`region ${i} has no open half-side`);
      if (r.animals.length > 3) bad(`region ${i} holds over 3 animals`);
      if (r.animals.filter(isMale).length > 1) bad(`region ${i} holds 2 males`);
      for (const a of r.animals) if (TERRAIN_OF[KIND_OF[a]] !== r.terrain) bad(`region ${i}: a ${a} on ${r.terrain}`);
    });
    owner.forEach((o, h) => { if (o === -1) bad(`half-side ${h} lies in no region`); });
    // Each region is one arc, and the spokes are exactly its two ends.
    const spokes = POINTS.map((_, k) => owner[(k + 7) % 8] !== owner[k]);
    const expected = POINTS.filter((_, k) => spokes[k]);
    const given = t.segments.map((s) => s.to);
    if (t.regions.length > 1 && (expected.length !== t.regions.length || [...given].sort().join() !== [...expected].sort().join())) bad(`segments ${given.join(',')} do not bound the regions (expected ${expected.join(',')})`);
    if (t.regions.length === 1 && t.segments.length > 0) bad('a one-region tile has no internal fence');
    for (const s of t.segments) {
      const k = POINTS.indexOf(s.to);
      const pair = [owner[(k + 7) % 8], owner[k]].sort().join();
      if ([...s.between].sort().join() !== pair) bad(`the fence to ${s.to} separates regions ${pair}, not ${s.between.join(',')}`);
    }
    if ((t.set === 'gates') !== t.segments.some((s) => s.gate)) bad(t.set === 'gates' ? 'a gate tile needs one gate' : 'only gate tiles have gates');
    if (t.segments.filter((s) => s.gate).length > 1) bad('a tile has at most one gate');
    if ((t.set === 'market') !== (t.market === true)) bad('only market tiles (all of them) bear the market');
    const males = t.regions.flatMap((r) => r.animals).filter(isMale).length;
    if ((t.set === 'males') !== (males === 1)) bad(t.set === 'males' ? 'a males tile holds exactly one male' : 'only males tiles hold a male');
    if (t.set === 'chickens' && !t.regions.some((r) => r.animals.includes('chicken'))) bad('a chickens tile holds chickens');
  });

export type TileDef = z.output<typeof tileSchema>;

export const tileSetSchema = z.array(tileSchema).superRefine((tiles, ctx) => {
  const seen = new Set<string>();
  for (const t of tiles) {
    if (seen.has(t.id)) ctx.addIssue({ code: 'custom', message: `tile id ${t.id} is repeated` });
    seen.add(t.id);
  }
});

/** Parses a tile set; throws naming every problem (F3). */
export function loadTiles(data: unknown): TileDef[] {
  const parsed = tileSetSchema.safeParse(data);
  if (!parsed.success) throw new Error(`farm tiles: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  return parsed.data;
}

export const TILES: readonly TileDef[] = loadTiles(tileData);
const BY_ID = new Map(TILES.map((t) => [t.id, t]));

export function tileById(id: string): TileDef {
  const t = BY_ID.get(id);
  if (!t) throw new Error(`farm: unknown tile ${id}`);
  return t;
}

/** Where half-side `h` of a tile turned `rot` quarter turns clockwise lies on the map. */
export const turned = (h: number, rot: number): number => (h + 2 * rot) % 8;
/** The tile's own half-side that lies at map half-side `h` once turned. */
export const unturned = (h: number, rot: number): number => (h + 8 - 2 * rot) % 8;
/** The half-side facing map half-side `h` across the side (F1: 0↔5, 1↔4, 2↔7, 3↔6). */
export const facing = (h: number): number => [5, 4, 7, 6, 1, 0, 3, 2][h] as number;
/** The side (0 N, 1 E, 2 S, 3 W) a half-side lies on, and the step to the neighbour across it. */
export const sideOf = (h: number): number => Math.floor(h / 2);
export const STEP: readonly (readonly [number, number])[] = [[0, -1], [1, 0], [0, 1], [-1, 0]];

/** Per tile and rotation: fenced or not, and the region, at each map half-side (computed once). */
const turnedCache = new WeakMap<TileDef, { fences: boolean[][]; regions: number[][] }>();

function turnedOf(t: TileDef): { fences: boolean[][]; regions: number[][] } {
  let c = turnedCache.get(t);
  if (!c) {
    const own = new Array<number>(8).fill(0);
    t.regions.forEach((r, i) => { for (const h of r.halfSides) own[h] = i; });
    c = {
      fences: [0, 1, 2, 3].map((rot) => Array.from({ length: 8 }, (_, h) => t.fenced[unturned(h, rot)] as boolean)),
      regions: [0, 1, 2, 3].map((rot) => Array.from({ length: 8 }, (_, h) => own[unturned(h, rot)] as number)),
    };
    turnedCache.set(t, c);
  }
  return c;
}

/** Fenced or not, for each map half-side, of a tile turned `rot`. Shared: do not change it. */
export const fencesTurned = (t: TileDef, rot: number): readonly boolean[] => turnedOf(t).fences[rot] as boolean[];

/** The region (index) holding each map half-side of a tile turned `rot`. Shared: do not change it. */
export const regionAt = (t: TileDef, rot: number): readonly number[] => turnedOf(t).regions[rot] as number[];
