/**
 * The farm map as geometry: which cells hold which tile, which placements fit (F1, F8), and the
 * fields — regions joined through facing open half-sides and open gates (F2, R8) — with whether
 * each is closed and whether it touches the map's edge.
 */
import { fencesTurned, facing, regionAt, sideOf, STEP, tileById, POINTS, type TileDef } from './tiles.ts';

export interface Placed {
  id: string;
  x: number;
  y: number;
  rot: number;
  /** A gate tile's gate: open or closed (R8). */
  gateOpen?: boolean;
}

/** A region on the map: placed tile index × 4 + region index. */
export const regionKey = (tile: number, region: number): number => tile * 4 + region;
export const tileOfKey = (key: number): number => Math.floor(key / 4);
export const regionOfKey = (key: number): number => key % 4;
const cellKey = (x: number, y: number): number => (x + 1024) * 4096 + (y + 1024);

export interface Field {
  /** Its smallest region key: a stable name while the field does not change. */
  id: number;
  regions: number[];
  tiles: number[];
  /** Open: some open half-side faces an empty cell (F2). */
  open: boolean;
  /** Some fenced half-side faces an empty cell (F2's edge). */
  edge: boolean;
}

export interface Placement {
  id: string;
  x: number;
  y: number;
  rot: number;
}

/** A side that does not fit: the map half-side of the new tile, and the neighbour's cell. */
export interface Misfit {
  side: number;
  halfSide: number;
  neighbour: [number, number];
}

export class Board {
  private readonly cells = new Map<number, number>();
  private readonly defs: TileDef[];
  private fieldCache: { of: Int32Array; fields: Map<number, Field> } | null = null;

  constructor(readonly placed: readonly Placed[]) {
    placed.forEach((p, i) => this.cells.set(cellKey(p.x, p.y), i));
    this.defs = placed.map((p) => tileById(p.id));
  }

  at(x: number, y: number): number | undefined {
    return this.cells.get(cellKey(x, y));
  }

  def(tile: number): TileDef {
    return this.defs[tile] as TileDef;
  }

  /** The map half-side `h` of a placed tile is fenced. */
  fenced(tile: number, h: number): boolean {
    const p = this.placed[tile] as Placed;
    return fencesTurned(this.def(tile), p.rot)[h] as boolean;
  }

  /** Empty cells beside a placed tile. */
  frontier(): [number, number][] {
    const out: [number, number][] = [];
    const seen = new Set<number>();
    for (const p of this.placed) {
      for (const [dx, dy] of STEP) {
        const x = p.x + dx, y = p.y + dy;
        const k = cellKey(x, y);
        if (!seen.has(k) && !this.cells.has(k)) {
          seen.add(k);
          out.push([x, y]);
        }
      }
    }
    return out;
  }

  neighbours(x: number, y: number): number {
    return STEP.filter(([dx, dy]) => this.cells.has(cellKey(x + dx, y + dy))).length;
  }

  /** The first side of a placement that does not fit its neighbour, or null when it fits (F1). */
  misfit(t: TileDef, x: number, y: number, rot: number): Misfit | null {
    const mine = fencesTurned(t, rot);
    for (let side = 0; side < 4; side++) {
      const [dx, dy] = STEP[side] as [number, number];
      const other = this.at(x + dx, y + dy);
      if (other === undefined) continue;
      for (const h of [2 * side, 2 * side + 1]) {
        if (mine[h] !== this.fenced(other, facing(h))) return { side, halfSide: h, neighbour: [x + dx, y + dy] };
      }
    }
    return null;
  }

  /** Every fitting (cell, rotation) of a tile (F8); rotations that look the same are kept once. */
  placements(id: string): Placement[] {
    const t = tileById(id);
    const rots = distinctRotations(t);
    const out: Placement[] = [];
    for (const [x, y] of this.frontier()) for (const rot of rots) if (!this.misfit(t, x, y, rot)) out.push({ id, x, y, rot });
    return out;
  }

  canPlace(id: string): boolean {
    const t = tileById(id);
    const rots = distinctRotations(t);
    return this.frontier().some(([x, y]) => rots.some((rot) => !this.misfit(t, x, y, rot)));
  }

  /** The tile's region holding map half-side `h`. */
  regionAt(tile: number, h: number): number {
    const p = this.placed[tile] as Placed;
    return regionAt(this.def(tile), p.rot)[h] as number;
  }

  /** Where a tile's gate is and the two regions it joins when open. */
  gate(tile: number): { regions: [number, number]; open: boolean; to: string } | null {
    const seg = this.def(tile).segments.find((s) => s.gate);
    if (!seg) return null;
    return { regions: seg.between, open: (this.placed[tile] as Placed).gateOpen === true, to: seg.to };
  }

  private compute(): { of: Int32Array; fields: Map<number, Field> } {
    if (this.fieldCache) return this.fieldCache;
    const n = this.placed.length * 4;
    const parent = new Int32Array(n).map((_, i) => i);
    const find = (a: number): number => {
      while (parent[a] !== a) {
        parent[a] = parent[parent[a] as number] as number;
        a = parent[a] as number;
      }
      return a;
    };
    const union = (a: number, b: number) => {
      const ra = find(a), rb = find(b);
      if (ra !== rb) parent[Math.max(ra, rb)] = Math.min(ra, rb);
    };
    const open = new Uint8Array(n);
    const edge = new Uint8Array(n);
    this.placed.forEach((p, i) => {
      const fences = fencesTurned(this.def(i), p.rot);
      const regs = regionAt(this.def(i), p.rot);
      for (let h = 0; h < 8; h++) {
        const [dx, dy] = STEP[sideOf(h)] as [number, number];
        const other = this.at(p.x + dx, p.y + dy);
        const key = regionKey(i, regs[h] as number);
        if (other === undefined) {
          if (fences[h]) edge[key] = 1;
          else open[key] = 1;
        } else if (!fences[h] && other > i) {
          union(key, regionKey(other, this.regionAt(other, facing(h))));
        }
      }
      const g = this.gate(i);
      if (g?.open) union(regionKey(i, g.regions[0]), regionKey(i, g.regions[1]));
    });
    const fields = new Map<number, Field>();
    const of = new Int32Array(n).fill(-1);
    this.placed.forEach((_, i) => {
      this.def(i).regions.forEach((_, r) => {
        const key = regionKey(i, r);
        const root = find(key);
        of[key] = root;
        let f = fields.get(root);
        if (!f) fields.set(root, (f = { id: root, regions: [], tiles: [], open: false, edge: false }));
        f.regions.push(key);
        if (f.tiles[f.tiles.length - 1] !== i) f.tiles.push(i);
        if (open[key]) f.open = true;
        if (edge[key]) f.edge = true;
      });
    });
    this.fieldCache = { of, fields };
    return this.fieldCache;
  }

  /** The field holding a region. */
  fieldOf(key: number): Field {
    const c = this.compute();
    return c.fields.get(c.of[key] as number) as Field;
  }

  /** The open fields the regions of `tile` lie in, each once, with its first region on the tile (in region order): where a piece may go on the tile just placed. */
  openFieldsOn(tile: number): { key: number; field: Field }[] {
    const seen = new Set<number>();
    const out: { key: number; field: Field }[] = [];
    this.def(tile).regions.forEach((_, r) => {
      const key = regionKey(tile, r);
      const field = this.fieldOf(key);
      if (!field.open || seen.has(field.id)) return;
      seen.add(field.id);
      out.push({ key, field });
    });
    return out;
  }

  fields(): Field[] {
    return [...this.compute().fields.values()];
  }

  /**
   * Fields next to a field (F2's adjacency): across a fence between placed tiles or inside a
   * tile (closed gates included).
   */
  adjacentFields(field: Field): Field[] {
    const out = new Map<number, Field>();
    const add = (key: number) => {
      const f = this.fieldOf(key);
      if (f.id !== field.id) out.set(f.id, f);
    };
    for (const key of field.regions) {
      const tile = tileOfKey(key), region = regionOfKey(key);
      const p = this.placed[tile] as Placed;
      for (const s of this.def(tile).segments) {
        if (s.between[0] === region) add(regionKey(tile, s.between[1]));
        else if (s.between[1] === region) add(regionKey(tile, s.between[0]));
      }
      for (let h = 0; h < 8; h++) {
        if (this.regionAt(tile, h) !== region || !this.fenced(tile, h)) continue;
        const [dx, dy] = STEP[sideOf(h)] as [number, number];
        const other = this.at(p.x + dx, p.y + dy);
        if (other !== undefined) add(regionKey(other, this.regionAt(other, facing(h))));
      }
    }
    return [...out.values()];
  }
}

/** What a tile turned `rot` puts where: two rotations with the same look are the same placement. */
export const rotationLook = (t: TileDef, rot: number): string =>
  JSON.stringify([fencesTurned(t, rot), regionAt(t, rot).map((r) => [t.regions[r]?.terrain, t.regions[r]?.animals]), t.segments.map((s) => (POINTS.indexOf(s.to) + 2 * rot) % 8).sort()]);

/** Rotations of a tile that differ in what they put where (a symmetric tile has fewer). */
const rotationCache = new WeakMap<TileDef, number[]>();

export function distinctRotations(t: TileDef): number[] {
  const hit = rotationCache.get(t);
  if (hit) return hit;
  const seen = new Set<string>();
  const out: number[] = [];
  for (let rot = 0; rot < 4; rot++) {
    const sig = rotationLook(t, rot);
    if (!seen.has(sig)) {
      seen.add(sig);
      out.push(rot);
    }
  }
  rotationCache.set(t, out);
  return out;
}
