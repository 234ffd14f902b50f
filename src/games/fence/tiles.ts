/**
 * The FENCE! tile set: data from assets/tiles, validated at load (T7). A tile is a square
 * with a road or not at each side's midpoint, land or water at each corner, 1–3
 * neighborhoods each owning some of the roads (T3), optional One Way signs on road
 * segments (T4) and optional red/blue coordinates (T1).
 */
import { z } from 'zod';
import standardSet from '../../../assets/tiles/fence-standard.json' with { type: 'json' };

export const SIDES = ['N', 'E', 'S', 'W'] as const;
export type SideName = (typeof SIDES)[number];
/** Sides as indices 0..3 clockwise from north; corner i sits between side i and side i+1 (NE, SE, SW, NW). */
export type Side = 0 | 1 | 2 | 3;
export const CORNERS = ['NE', 'SE', 'SW', 'NW'] as const;

const sideName = z.enum(SIDES);
const die = z.number().int().min(1).max(6);

const neighborhoodSchema = z.object({
  name: z.string().min(2).max(32),
  roads: z.array(sideName).min(1).max(4),
});

const tileSchema = z
  .object({
    id: z.string().regex(/^([1-6]-[1-6]|X[1-9])$/),
    coords: z.tuple([die, die]).nullable(),
    neighborhoods: z.array(neighborhoodSchema).min(1).max(3),
    corners: z.tuple([z.enum(['land', 'water']), z.enum(['land', 'water']), z.enum(['land', 'water']), z.enum(['land', 'water'])]),
    /** A pond inside the tile: its neighborhoods are waterfront without water at the corners (T5). */
    pond: z.boolean().default(false),
    oneWay: z.array(z.object({ side: sideName, dir: z.enum(['in', 'out']) })).default([]),
  })
  .superRefine((tile, ctx) => {
    const owner = new Map<string, string>();
    for (const nb of tile.neighborhoods) {
      for (const side of nb.roads) {
        if (owner.has(side)) ctx.addIssue({ code: 'custom', message: `${tile.id}: side ${side} has roads to both ${owner.get(side)} and ${nb.name}` });
        owner.set(side, nb.name);
      }
    }
    for (const sign of tile.oneWay) {
      if (!owner.has(sign.side)) ctx.addIssue({ code: 'custom', message: `${tile.id}: One Way sign on side ${sign.side}, which has no road` });
    }
    if (new Set(tile.oneWay.map((s) => s.side)).size !== tile.oneWay.length) {
      ctx.addIssue({ code: 'custom', message: `${tile.id}: two One Way signs on one side` });
    }
    const expectedId = tile.coords ? `${tile.coords[0]}-${tile.coords[1]}` : null;
    if (expectedId !== null && tile.id !== expectedId) ctx.addIssue({ code: 'custom', message: `${tile.id}: id must be ${expectedId}` });
    if (expectedId === null && !tile.id.startsWith('X')) ctx.addIssue({ code: 'custom', message: `${tile.id}: a tile without coordinates has an X id` });
  });

const tileSetSchema = z
  .object({
    name: z.string(),
    tiles: z.array(tileSchema),
  })
  .superRefine((set, ctx) => {
    const ids = new Set<string>();
    const names = new Set<string>();
    for (const tile of set.tiles) {
      if (ids.has(tile.id)) ctx.addIssue({ code: 'custom', message: `duplicate tile ${tile.id}` });
      ids.add(tile.id);
      for (const nb of tile.neighborhoods) {
        if (names.has(nb.name)) ctx.addIssue({ code: 'custom', message: `duplicate neighborhood name ${nb.name}` });
        names.add(nb.name);
      }
    }
  });

export type TileData = z.infer<typeof tileSchema>;
export type TileSetData = z.infer<typeof tileSetSchema>;

/** A tile with its sides resolved to indices, ready for geometry. */
export interface TileDef {
  id: string;
  coords: { red: number; blue: number } | null;
  neighborhoods: { name: string; roads: Side[] }[];
  /** For each side (N, E, S, W): index of the neighborhood whose road reaches it, or -1. */
  roadOwner: [number, number, number, number];
  /** For each side: 'in' (inbound only), 'out' (outbound only) or null. */
  oneWay: ['in' | 'out' | null, 'in' | 'out' | null, 'in' | 'out' | null, 'in' | 'out' | null];
  /** NE, SE, SW, NW: true where water. */
  water: [boolean, boolean, boolean, boolean];
  pond: boolean;
  waterfront: boolean;
  /** Per rotation: bit w set when world side w has a road. */
  roadBits: [number, number, number, number];
  /** Per rotation: bit c set when world corner c is water. */
  waterBits: [number, number, number, number];
}

export interface TileSet {
  name: string;
  tiles: TileDef[];
  byId: Map<string, TileDef>;
}

const sideIndex = (s: SideName): Side => SIDES.indexOf(s) as Side;

export function buildTileSet(raw: unknown): TileSet {
  const parsed = tileSetSchema.parse(raw);
  const tiles = parsed.tiles.map((t): TileDef => {
    const roadOwner: TileDef['roadOwner'] = [-1, -1, -1, -1];
    t.neighborhoods.forEach((nb, i) => nb.roads.forEach((s) => (roadOwner[sideIndex(s)] = i)));
    const oneWay: TileDef['oneWay'] = [null, null, null, null];
    for (const sign of t.oneWay) oneWay[sideIndex(sign.side)] = sign.dir;
    const water = t.corners.map((c) => c === 'water') as TileDef['water'];
    const bits = (has: (local: number) => boolean) =>
      [0, 1, 2, 3].map((rot) => [0, 1, 2, 3].reduce((m, w) => (has((w - rot + 4) & 3) ? m | (1 << w) : m), 0)) as TileDef['roadBits'];
    return {
      id: t.id,
      coords: t.coords ? { red: t.coords[0], blue: t.coords[1] } : null,
      neighborhoods: t.neighborhoods.map((nb) => ({ name: nb.name, roads: nb.roads.map(sideIndex) })),
      roadOwner,
      oneWay,
      water,
      pond: t.pond,
      waterfront: t.pond || water.some(Boolean),
      roadBits: bits((l) => roadOwner[l] !== -1),
      waterBits: bits((l) => water[l] === true),
    };
  });
  return { name: parsed.name, tiles, byId: new Map(tiles.map((t) => [t.id, t])) };
}

let standard: TileSet | undefined;
/** The standard 40-tile set (T1), parsed once. */
export function standardTileSet(): TileSet {
  standard ??= buildTileSet(standardSet);
  return standard;
}
