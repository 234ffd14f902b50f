/**
 * Where the pieces of one region of a tile stand, so that none covers another or a fence (issue
 * 27): the printed animals, stored animal tokens, henhouses and the Ranch's tokens. Each piece is
 * a circle in tile units (the tile's side is 1, y down). Pieces keep the spots they always had
 * where those are free — animals in a cluster out from the centre, a henhouse near the centre —
 * and move to the nearest free spot of their region where not. A region too small for all its
 * pieces lets them touch its fences before letting them touch each other. Pure geometry: the
 * drawing (tile.ts) and the tests measure the same circles.
 */
import type { RegionView } from '../views.ts';

/**
 * Sizes on a tile, as fractions of its side: one place for the drawer and for the tests that
 * measure them. An animal's letter is `animalRadius × animalLetter` (0.158 of a side), a
 * henhouse's number `henhouse × houseNumber` (0.16).
 */
export const TILE_SIZES = { animalRadius: 0.09, animalLetter: 1.76, henhouse: 0.21, houseNumber: 0.76, token: 0.18, fence: 0.06 } as const;

export type PieceKind = 'animal' | 'male' | 'stored' | 'house' | 'shared' | 'token';

/** A piece's circle, in tile units: what it covers. */
export const PIECE_RADIUS: Record<PieceKind, number> = {
  animal: TILE_SIZES.animalRadius,
  // A male's disc is 1.15 times larger, with a thick ring.
  male: TILE_SIZES.animalRadius * 1.3,
  // A square token: its corners lie a little outside the circle.
  stored: TILE_SIZES.animalRadius * 1.3,
  // A henhouse's pentagon (roof to floor 0.95 of its width); its floor corners lie a hair outside.
  house: TILE_SIZES.henhouse * 0.62,
  // A henhouse with a sharecropper's badge on its roof.
  shared: TILE_SIZES.henhouse * 0.8,
  // The fox, a bale, a tractor, the horse.
  token: TILE_SIZES.token * 0.68,
};

/** Half a fence's width, in tile units: a piece clear of a fence keeps this much more away from its line. */
const FENCE_HALF = TILE_SIZES.fence / 2;
/** Air between two pieces, and between a piece and a line. */
const GAP = 0.012;
/** Candidate spots: a grid of this step over the tile. */
export const STEP = 0.02;

/** A circle in tile units: something pieces keep off (a mark printed on the tile). */
export interface Circle { x: number; y: number; r: number }
export interface Piece { kind: PieceKind; /** Where it would stand if free. */ want: [number, number] }
/** A piece where it stands; `fit` says how much room it found: 0 all it asks, up to 3 somewhere in its region, 4 overlapping a piece. */
export interface Placed { kind: PieceKind; x: number; y: number; r: number; fit: number }

type Pt = readonly [number, number];

/** The outline's corners in tile units (boundary point indices, -1 the centre). */
const PT: readonly Pt[] = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];
const corner = (k: number): Pt => (k === -1 ? [0.5, 0.5] : PT[k]!);

/** A region's sides: from a corner to the next, fenced or not (a side to or from the centre is an inner fence). */
export function regionEdges(r: Pick<RegionView, 'outline'>, fenced: readonly boolean[]): { a: Pt; b: Pt; fence: boolean }[] {
  const o = r.outline;
  return o.map((k, i) => {
    const n = o[(i + 1) % o.length]!;
    const fence = k === -1 || n === -1 ? true : fenced[k] === true;
    return { a: corner(k), b: corner(n), fence };
  });
}

function segDist(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0], dy = b[1] - a[1];
  const len = dx * dx + dy * dy;
  const t = len === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len));
  return Math.hypot(p[0] - a[0] - t * dx, p[1] - a[1] - t * dy);
}

function insidePolygon(p: Pt, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!, [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** How far a spot is from the region's fences (less half a fence's width) and from its open sides. */
export function clearance(p: Pt, edges: ReturnType<typeof regionEdges>): { fence: number; open: number } {
  let fence = Infinity, open = Infinity;
  for (const e of edges) {
    if (e.fence) fence = Math.min(fence, segDist(p, e.a, e.b) - FENCE_HALF);
    else open = Math.min(open, segDist(p, e.a, e.b));
  }
  return { fence, open };
}

/** Spots of the region and their clearance, cached by outline and fences (a tile has few shapes). */
/** A spot of a region (tile units) and how far it is from the region's fences and open sides. */
export interface Spot { p: Pt; fence: number; open: number }
const spotsCache = new Map<string, Spot[]>();
export function spotsOf(r: Pick<RegionView, 'outline'>, fenced: readonly boolean[]): Spot[] {
  const key = `${r.outline.join(',')}|${fenced.map((f) => (f ? 1 : 0)).join('')}`;
  const hit = spotsCache.get(key);
  if (hit) return hit;
  const poly = r.outline.map(corner);
  const edges = regionEdges(r, fenced);
  const out: Spot[] = [];
  const n = Math.round(1 / STEP);
  for (let i = 1; i < n; i++) {
    for (let j = 1; j < n; j++) {
      const p: Pt = [i * STEP, j * STEP];
      if (insidePolygon(p, poly)) out.push({ p, ...clearance(p, edges) });
    }
  }
  if (spotsCache.size > 500) spotsCache.clear();
  spotsCache.set(key, out);
  return out;
}

/**
 * How much room a piece of radius r asks for, from the most to the least: clear of fences and
 * inside its tile; over a fence's edge but not its middle (the fence still reads as a line);
 * reaching a little over an open side too (into the next tile); anywhere in its region.
 */
const ROOM = (r: number): { fence: number; open: number }[] => [
  { fence: r + GAP, open: r + GAP },
  { fence: r - FENCE_HALF, open: r },
  { fence: r - FENCE_HALF, open: r * 0.4 },
  { fence: -Infinity, open: -Infinity },
];

/** How many spots a search tries before it asks for less room. */
const BUDGET = 400;
/** Spots a search tries for one piece, each this far from those tried before. */
const TRIES = 6;
const APART = 0.06;

/**
 * Stands `pieces` in region `r` of a tile whose half-sides are `fenced`, clear of `keepOff`, each as near where it
 * wants to be as the others allow. All of them get the most room of ROOM that lets every piece
 * stand clear of the others (a short search: largest pieces first, each trying a few spots,
 * nearest first); when no room does, the pieces are laid one by one where they overlap least.
 */
export function layPieces(r: Pick<RegionView, 'outline'>, fenced: readonly boolean[], pieces: readonly Piece[], keepOff: readonly Circle[] = []): Placed[] {
  const key = `${r.outline.join(',')}|${fenced.map((f) => (f ? 1 : 0)).join('')}|${pieces.map((p) => `${p.kind}@${p.want[0].toFixed(3)},${p.want[1].toFixed(3)}`).join(';')}|${keepOff.map((c) => `${c.x},${c.y},${c.r}`).join(';')}`;
  const hit = laid.get(key);
  if (hit) return hit.map((p) => ({ ...p }));
  const out = lay(r, fenced, pieces, keepOff);
  if (laid.size > 2000) laid.clear();
  laid.set(key, out);
  return out.map((p) => ({ ...p }));
}

/** Layouts already found: a map draws the same tiles' pieces again and again. */
const laid = new Map<string, Placed[]>();

function lay(r: Pick<RegionView, 'outline'>, fenced: readonly boolean[], pieces: readonly Piece[], keepOff: readonly Circle[]): Placed[] {
  const spots = spotsOf(r, fenced);
  const order = pieces.map((_, i) => i).sort((a, b) => PIECE_RADIUS[pieces[b]!.kind] - PIECE_RADIUS[pieces[a]!.kind] || a - b);
  const levels = ROOM(0).length;
  for (let fit = 0; fit < levels; fit++) {
    const found = search(spots, order, pieces, fit, keepOff);
    if (found) return found;
  }
  return crowded(spots, order, pieces, keepOff);
}

function search(spots: readonly Spot[], order: readonly number[], pieces: readonly Piece[], fit: number, keepOff: readonly Circle[]): Placed[] | null {
  const out: Placed[] = new Array<Placed>(pieces.length);
  let budget = BUDGET;
  const step = (k: number): boolean => {
    if (k === order.length) return true;
    const i = order[k]!;
    const piece = pieces[i]!;
    const rad = PIECE_RADIUS[piece.kind];
    const room = ROOM(rad)[fit]!;
    const placed: Circle[] = [...keepOff, ...order.slice(0, k).map((j) => out[j]!)];
    const free = spots.filter((s) => s.fence >= room.fence && s.open >= room.open && placed.every((q) => Math.hypot(s.p[0] - q.x, s.p[1] - q.y) >= rad + q.r + GAP));
    const near = (p: Pt) => Math.hypot(p[0] - piece.want[0], p[1] - piece.want[1]);
    free.sort((a, b) => near(a.p) - near(b.p));
    const tried: Pt[] = [];
    for (const s of free) {
      if (tried.length >= TRIES || budget < 0) break;
      if (tried.some((t) => Math.hypot(t[0] - s.p[0], t[1] - s.p[1]) < APART)) continue;
      tried.push(s.p);
      budget--;
      out[i] = { kind: piece.kind, x: s.p[0], y: s.p[1], r: rad, fit };
      if (step(k + 1)) return true;
    }
    return false;
  };
  return step(0) ? out : null;
}

/** No room for all: each piece where it overlaps those laid before least, nearest its want. */
function crowded(spots: readonly Spot[], order: readonly number[], pieces: readonly Piece[], keepOff: readonly Circle[]): Placed[] {
  const out: Placed[] = new Array<Placed>(pieces.length);
  const placed: Circle[] = [...keepOff];
  for (const i of order) {
    const piece = pieces[i]!;
    const rad = PIECE_RADIUS[piece.kind];
    let best: Pt = piece.want;
    let most = -Infinity;
    for (const s of spots) {
      const free = Math.min(Infinity, ...placed.map((q) => Math.hypot(s.p[0] - q.x, s.p[1] - q.y) - rad - q.r)) - Math.hypot(s.p[0] - piece.want[0], s.p[1] - piece.want[1]) * 0.01;
      if (free > most) {
        most = free;
        best = s.p;
      }
    }
    out[i] = { kind: piece.kind, x: best[0], y: best[1], r: rad, fit: ROOM(0).length };
    placed.push(out[i]);
  }
  return out;
}
