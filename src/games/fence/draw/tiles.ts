/**
 * One tile drawn from its data alone. Geometry is computed in the tile's own frame (unit
 * square, north up) and turned by its rotation, so land, water, roads and signs rotate with
 * the tile while text and dice stay upright. Each neighborhood gets a hub — where its roads
 * meet, its pawns stand and its name sits — and a region (the part of the tile nearer its
 * hub than any other), used for off-limits shading.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { TileDef } from '../tiles.ts';
import { C } from './palette.ts';
import { font, registerFonts } from '../../../render/fonts.ts';
import { wrapLines } from '../../../render/text.ts';
import { drawDieFace } from '../../../render/dice.ts';

export interface Pt {
  x: number;
  y: number;
}

const CENTRE: Pt = { x: 0.5, y: 0.5 };
const SIDE_MID: readonly Pt[] = [{ x: 0.5, y: 0 }, { x: 1, y: 0.5 }, { x: 0.5, y: 1 }, { x: 0, y: 0.5 }];
const INWARD: readonly Pt[] = [{ x: 0, y: 1 }, { x: -1, y: 0 }, { x: 0, y: -1 }, { x: 1, y: 0 }];
const CORNER: readonly Pt[] = [{ x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }, { x: 0, y: 0 }];

export const ROAD_WIDTH = 0.12;
/**
 * Neighborhood names, as a fraction of the tile: as large as two lines under the hub allow
 * (a tile is ≈ 45 CSS px on a phone, so every pixel of name counts).
 */
export const NAME_SCALE = 0.145;
/** Crossing tiles hold two names in one block. */
const CROSSING_NAME_SCALE = 0.125;
/** Where a name's block starts below its hub (clear of the pawns standing there). */
const NAME_DROP = 0.15;
const WATER_RADIUS = 0.4;

/** The tile's layout in its own frame (unit square). */
export interface LocalGeometry {
  hubs: Pt[];
  regions: Pt[][];
  /** Index of the neighborhood that passes over another on a bridge, or -1. */
  bridge: number;
  /** Exactly two neighborhoods whose straight roads cross (a bridge over an underpass). */
  crossing: boolean;
  pond: { c: Pt; rx: number; ry: number } | null;
}

const geometryCache = new Map<string, LocalGeometry>();

export function localGeometry(def: TileDef): LocalGeometry {
  const hit = geometryCache.get(def.id);
  if (hit) return hit;
  const n = def.neighborhoods.length;
  let bridge = -1;
  def.neighborhoods.forEach((a, i) =>
    def.neighborhoods.forEach((b, j) => {
      if (i < j && straight(a.roads) && straight(b.roads) && ((a.roads[0] as number) - (b.roads[0] as number) + 4) % 2 === 1) bridge = i;
    }),
  );
  const crossing = bridge >= 0 && n === 2;
  const hubs = def.neighborhoods.map((nb): Pt => {
    if (n === 1) return CENTRE;
    let vx = 0, vy = 0;
    for (const s of nb.roads) {
      vx -= (INWARD[s] as Pt).x;
      vy -= (INWARD[s] as Pt).y;
    }
    const len = Math.hypot(vx, vy);
    // Straight through: the hub sits on its own road, off the crossing.
    if (len < 1e-6) {
      const first = INWARD[nb.roads[0] as number] as Pt;
      return { x: 0.5 - 0.23 * first.x, y: 0.5 - 0.23 * first.y };
    }
    return { x: 0.5 + (0.24 * vx) / len, y: 0.5 + (0.24 * vy) / len };
  });
  const square: Pt[] = [{ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 1, y: 1 }, { x: 0, y: 1 }];
  const regions = crossing
    ? def.neighborhoods.map((nb) => {
        // Two roads crossing share the whole tile: each neighborhood is the band along its road.
        const vertical = nb.roads.includes(0);
        return vertical
          ? [{ x: 0.3, y: 0 }, { x: 0.7, y: 0 }, { x: 0.7, y: 1 }, { x: 0.3, y: 1 }]
          : [{ x: 0, y: 0.3 }, { x: 1, y: 0.3 }, { x: 1, y: 0.7 }, { x: 0, y: 0.7 }];
      })
    : hubs.map((h, i) => hubs.reduce((poly, o, j) => (j === i ? poly : clipNearer(poly, h, o)), square));
  let pond: LocalGeometry['pond'] = null;
  if (def.pond) {
    const free = [0, 1, 2, 3].find((s) => def.roadOwner[s] === -1);
    if (free !== undefined) {
      const inward = INWARD[free] as Pt;
      const along = inward.x === 0;
      pond = { c: { x: 0.5 - 0.3 * inward.x, y: 0.5 - 0.3 * inward.y }, rx: along ? 0.22 : 0.13, ry: along ? 0.13 : 0.22 };
    } else {
      pond = { c: { x: 0.77, y: 0.77 }, rx: 0.14, ry: 0.14 };
    }
  }
  const g = { hubs, regions, bridge, crossing, pond };
  geometryCache.set(def.id, g);
  return g;
}

const straight = (roads: readonly number[]): boolean => roads.length === 2 && ((roads[0] as number) - (roads[1] as number) + 4) % 4 === 2;

/** Sutherland–Hodgman: the part of `poly` nearer to `h` than to `o`. */
function clipNearer(poly: Pt[], h: Pt, o: Pt): Pt[] {
  const nx = o.x - h.x, ny = o.y - h.y;
  const k = (o.x * o.x + o.y * o.y - h.x * h.x - h.y * h.y) / 2;
  if (Math.hypot(nx, ny) < 1e-9) return poly;
  const inside = (p: Pt) => p.x * nx + p.y * ny <= k;
  const out: Pt[] = [];
  poly.forEach((p, i) => {
    const q = poly[(i + 1) % poly.length] as Pt;
    const pin = inside(p), qin = inside(q);
    if (pin) out.push(p);
    if (pin !== qin) {
      const dp = p.x * nx + p.y * ny - k, dq = q.x * nx + q.y * ny - k;
      const t = dp / (dp - dq);
      out.push({ x: p.x + t * (q.x - p.x), y: p.y + t * (q.y - p.y) });
    }
  });
  return out;
}

/** A point of the tile's own frame, turned `rot` quarter turns clockwise (still in the unit square). */
export function turn(p: Pt, rot: number): Pt {
  let x = p.x - 0.5, y = p.y - 0.5;
  for (let i = 0; i < (((rot % 4) + 4) % 4); i++) [x, y] = [-y, x];
  return { x: x + 0.5, y: y + 0.5 };
}

export interface TileDrawOptions {
  /** Neighborhood indices to shade as off limits. */
  offLimits?: ReadonlySet<number>;
  oldTown?: boolean;
}

/** Land, water, pond, roads, One Way signs and bridge, in the tile's frame turned by `rot`. */
export function drawTileGround(ctx: SKRSContext2D, def: TileDef, rot: number, x0: number, y0: number, size: number): void {
  const g = localGeometry(def);
  ctx.save();
  ctx.translate(x0 + size / 2, y0 + size / 2);
  ctx.rotate((rot * Math.PI) / 2);
  ctx.translate(-size / 2, -size / 2);
  ctx.scale(size, size);
  ctx.fillStyle = C.land;
  ctx.fillRect(0, 0, 1, 1);
  ctx.lineWidth = 0.02;
  def.water.forEach((wet, c) => {
    if (!wet) return;
    const p = CORNER[c] as Pt;
    const start = (c + 1) * (Math.PI / 2); // quarter disc opening into the tile
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.arc(p.x, p.y, WATER_RADIUS, start, start + Math.PI / 2);
    ctx.closePath();
    ctx.fillStyle = C.water;
    ctx.fill();
    ctx.beginPath();
    ctx.arc(p.x, p.y, WATER_RADIUS, start, start + Math.PI / 2);
    ctx.strokeStyle = C.waterEdge;
    ctx.stroke();
  });
  if (g.pond) {
    ctx.beginPath();
    ctx.ellipse(g.pond.c.x, g.pond.c.y, g.pond.rx, g.pond.ry, 0, 0, Math.PI * 2);
    ctx.fillStyle = C.water;
    ctx.fill();
    ctx.strokeStyle = C.waterEdge;
    ctx.stroke();
  }
  // Under-roads first, then the bridge's roads over them.
  const order = def.neighborhoods.map((_, i) => i).sort((a, b) => (a === g.bridge ? 1 : 0) - (b === g.bridge ? 1 : 0));
  for (const i of order) drawRoads(ctx, def, g, i);
  ctx.restore();
}

function roadPath(ctx: SKRSContext2D, side: number, hub: Pt): void {
  const m = SIDE_MID[side] as Pt, inward = INWARD[side] as Pt;
  const depth = (hub.x - m.x) * inward.x + (hub.y - m.y) * inward.y;
  const ctrl = { x: m.x + inward.x * depth, y: m.y + inward.y * depth };
  // Start a little outside the tile so neighbouring tiles' roads join without a seam.
  ctx.moveTo(m.x - inward.x * 0.01, m.y - inward.y * 0.01);
  if (Math.hypot(ctrl.x - hub.x, ctrl.y - hub.y) < 1e-6) ctx.lineTo(hub.x, hub.y);
  else ctx.quadraticCurveTo(ctrl.x, ctrl.y, hub.x, hub.y);
}

function drawRoads(ctx: SKRSContext2D, def: TileDef, g: LocalGeometry, i: number): void {
  const nb = def.neighborhoods[i];
  if (!nb) return;
  const hub = g.hubs[i] as Pt;
  const path = () => {
    ctx.beginPath();
    for (const s of nb.roads) roadPath(ctx, s, hub);
  };
  ctx.lineCap = 'butt';
  ctx.lineJoin = 'round';
  const bridge = i === g.bridge;
  if (bridge) {
    // Land-coloured shoulders cut the road beneath, so it reads as passing under the deck.
    ctx.save();
    ctx.beginPath();
    ctx.rect(0.25, 0.25, 0.5, 0.5);
    ctx.clip();
    path();
    ctx.strokeStyle = C.land;
    ctx.lineWidth = ROAD_WIDTH + 0.12;
    ctx.stroke();
    path();
    ctx.strokeStyle = C.roadEdge;
    ctx.lineWidth = ROAD_WIDTH + 0.055;
    ctx.stroke();
    ctx.restore();
  }
  path();
  ctx.strokeStyle = C.roadEdge;
  ctx.lineWidth = ROAD_WIDTH + 0.025;
  ctx.stroke();
  ctx.strokeStyle = bridge ? C.bridgeDeck : C.road;
  ctx.lineWidth = ROAD_WIDTH;
  ctx.stroke();
  if (!g.crossing) {
    ctx.beginPath();
    ctx.arc(hub.x, hub.y, ROAD_WIDTH * 0.75, 0, Math.PI * 2);
    ctx.fillStyle = C.road;
    ctx.fill();
  }
  for (const s of nb.roads) {
    const sign = def.oneWay[s];
    if (sign) drawOneWay(ctx, s, sign);
  }
}

/** A white arrowhead on the road near the edge: pointing in (entry only) or out (exit only). */
function drawOneWay(ctx: SKRSContext2D, side: number, dir: 'in' | 'out'): void {
  const m = SIDE_MID[side] as Pt, inward = INWARD[side] as Pt;
  const c = { x: m.x + inward.x * 0.16, y: m.y + inward.y * 0.16 };
  const f = dir === 'in' ? inward : { x: -inward.x, y: -inward.y };
  const px = -f.y, py = f.x;
  const len = 0.085, half = 0.05;
  ctx.beginPath();
  ctx.moveTo(c.x + f.x * len * 0.6, c.y + f.y * len * 0.6);
  ctx.lineTo(c.x - f.x * len * 0.4 + px * half, c.y - f.y * len * 0.4 + py * half);
  ctx.lineTo(c.x - f.x * len * 0.4 - px * half, c.y - f.y * len * 0.4 - py * half);
  ctx.closePath();
  ctx.fillStyle = C.oneWay;
  ctx.fill();
  ctx.strokeStyle = C.roadEdge;
  ctx.lineWidth = 0.008;
  ctx.stroke();
}

/** Off-limits shading over one neighborhood's region, in world coordinates. */
export function drawOffLimits(ctx: SKRSContext2D, def: TileDef, rot: number, index: number, x0: number, y0: number, size: number): void {
  const region = localGeometry(def).regions[index];
  if (!region || region.length < 3) return;
  ctx.save();
  ctx.beginPath();
  region.forEach((p, k) => {
    const q = turn(p, rot);
    if (k === 0) ctx.moveTo(x0 + q.x * size, y0 + q.y * size);
    else ctx.lineTo(x0 + q.x * size, y0 + q.y * size);
  });
  ctx.closePath();
  ctx.fillStyle = C.offLimits;
  ctx.fill();
  ctx.clip();
  ctx.beginPath();
  const step = Math.max(6, size / 10);
  for (let d = -size; d < size * 2; d += step) {
    ctx.moveTo(x0 + d, y0);
    ctx.lineTo(x0 + d + size, y0 + size);
  }
  ctx.strokeStyle = C.offLimitsHatch;
  ctx.lineWidth = Math.max(1, size / 50);
  ctx.stroke();
  ctx.restore();
}

/** A die face: `value` white pips on a rounded square of FENCE!'s red or blue. */
export function drawDie(ctx: SKRSContext2D, x: number, y: number, s: number, value: number, fill: string): void {
  drawDieFace(ctx, x, y, s, value, { fill, pip: '#FFFFFF', edge: 'rgba(255,255,255,0.9)' });
}

/**
 * Splits a name into at most `maxLines` lines no wider than `width`, shrinking the font only
 * as much as the widest line needs (re-wrapping at each size).
 */
export function fitText(ctx: SKRSContext2D, text: string, width: number, px: number, bold: boolean, maxLines = 2): { lines: string[]; px: number } {
  let size = px;
  for (let tries = 0; tries < 8; tries++) {
    ctx.font = font(size, bold);
    const lines = wrapLines(ctx, text, width);
    const widest = Math.max(...lines.map((l) => ctx.measureText(l).width));
    if (lines.length <= maxLines && widest <= width) return { lines, px: size };
    size *= lines.length <= maxLines ? Math.max(0.6, Math.min(0.98, width / widest)) : 0.92;
  }
  ctx.font = font(size, bold);
  return { lines: [text], px: size };
}

/** Centred text with a white halo, so it reads over roads and water. */
export function haloText(ctx: SKRSContext2D, lines: readonly string[], cx: number, cy: number, px: number, bold: boolean, colour: string = C.text): void {
  ctx.font = font(px, bold);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const lh = px * 1.1;
  const top = cy - ((lines.length - 1) * lh) / 2;
  ctx.lineJoin = 'round';
  ctx.lineWidth = Math.max(2, px * 0.28);
  ctx.strokeStyle = C.halo;
  lines.forEach((l, i) => ctx.strokeText(l, cx, top + i * lh));
  ctx.fillStyle = colour;
  lines.forEach((l, i) => ctx.fillText(l, cx, top + i * lh));
}

/** Whether neighborhood `index` of a crossing tile runs north–south on the map. */
const runsNorthSouth = (def: TileDef, rot: number, index: number): boolean => (def.neighborhoods[index]?.roads ?? []).some((s) => (s + rot) % 2 === 0);

/** A box in the tile's unit square, upright on the map (x right, y down). */
export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One line of a neighborhood's name, as a box in the unit square (centre cx, cy). */
export interface NameLine extends Box {
  text: string;
}

export interface NameBlock {
  index: number;
  /** Font size as a fraction of the tile. */
  px: number;
  lines: NameLine[];
}

/** The coordinate dice, top-left of every tile with coordinates (unit square). */
export const DICE_SIZE = 0.16;
const DICE_PAD = 0.035;
export const DICE_BOX: Box = { x: DICE_PAD, y: DICE_PAD, w: DICE_PAD * 0.8 + 2 * DICE_SIZE, h: DICE_SIZE };
/** Names stay this far inside the tile, clear of the tile's edge and of markers drawn on it. */
const NAME_INSET = 0.03;
const LINE_H = 1.1;
/** Text is measured at this size and scaled: the layout is the same at every tile size. */
const REF = 1000;

let measureCtx: SKRSContext2D | null = null;
/** A context only for measuring text (set its font first), shared by every drawing of this thread. */
export function measuringContext(): SKRSContext2D {
  registerFonts();
  measureCtx ??= createCanvas(8, 8).getContext('2d');
  return measureCtx;
}

const nameCache = new Map<string, NameBlock[]>();

/**
 * Where each neighborhood's name goes on a tile turned `rot` (unit square, upright), measured
 * once per tile and rotation. The drawing and the pieces' layout both read it, so pawns are
 * placed around the names rather than over them (map.ts).
 *
 * Single-neighborhood tiles: the name under the hub (where the pawns stand), as large as two
 * lines allow. Crossings: both names in one block under the crossing, each marked with the way
 * its road runs (↕ / ↔) and wrapped onto two lines rather than shrunk, so they stay as large as
 * the other tiles' names.
 */
export function nameBlocks(def: TileDef, rot: number): NameBlock[] {
  const key = `${def.id}/${rot}`;
  const hit = nameCache.get(key);
  if (hit) return hit;
  const ctx = measuringContext();
  const g = localGeometry(def);
  const widthOf = (lines: string[], px: number) => {
    ctx.font = font(px * REF, true);
    return lines.map((l) => ctx.measureText(l).width / REF);
  };
  const blocks: NameBlock[] = [];
  if (g.crossing) {
    const order = [0, 1].sort((a, b) => Number(runsNorthSouth(def, rot, b)) - Number(runsNorthSouth(def, rot, a)));
    const texts = order.map((i) => `${runsNorthSouth(def, rot, i) ? '↕' : '↔'} ${def.neighborhoods[i]?.name ?? ''}`);
    // The block fills the band under the crossing road: 0.60 to 0.97.
    const band = 0.97 - 0.6;
    // The largest size at which both names wrap onto at most two lines each and fit the band.
    let px = CROSSING_NAME_SCALE;
    let wrapped: { lines: string[]; px: number }[] = [];
    for (let tries = 0; tries < 30; tries++, px *= 0.97) {
      wrapped = texts.map((t) => fitText(ctx, t, 0.94 * REF, px * REF, true)).map((f) => ({ lines: f.lines, px: f.px / REF }));
      const total = wrapped.reduce((n, w) => n + w.lines.length, 0);
      if (wrapped.every((w) => w.px >= px * 0.999) && total * px * LINE_H <= band) break;
    }
    px = Math.min(px, ...wrapped.map((w) => w.px));
    const total = wrapped.reduce((n, w) => n + w.lines.length, 0);
    let y = 0.97 - total * px * LINE_H;
    order.forEach((index, k) => {
      const lines = (wrapped[k] as { lines: string[] }).lines;
      const widths = widthOf(lines, px);
      blocks.push({
        index,
        px,
        lines: lines.map((text, j) => ({ text, x: 0.5 - (widths[j] as number) / 2, y: y + j * px * LINE_H, w: widths[j] as number, h: px * LINE_H })),
      });
      y += lines.length * px * LINE_H;
    });
  } else {
    const many = def.neighborhoods.length > 1;
    def.neighborhoods.forEach((nb, index) => {
      const hub = turn(g.hubs[index] as Pt, rot);
      const fit = fitText(ctx, nb.name, (many ? 0.62 : 0.94) * REF, (def.neighborhoods.length > 2 ? NAME_SCALE * 0.85 : NAME_SCALE) * REF, true);
      const px = fit.px / REF;
      const widths = widthOf(fit.lines, px);
      const w = Math.max(...widths), h = fit.lines.length * px * LINE_H;
      // Under the hub, clear of the pawns standing on it; above it when the tile's edge is too near.
      const below = hub.y + NAME_DROP;
      const top = below + h <= 1 - NAME_INSET ? below : Math.max(NAME_INSET, hub.y - NAME_DROP - h);
      const cx = clamp(hub.x, NAME_INSET + w / 2, 1 - NAME_INSET - w / 2);
      blocks.push({ index, px, lines: fit.lines.map((text, j) => ({ text, x: cx - (widths[j] as number) / 2, y: top + j * px * LINE_H, w: widths[j] as number, h: px * LINE_H })) });
    });
  }
  nameCache.set(key, blocks);
  return blocks;
}

/** Names (upright) and the coordinate dice; `x0,y0` is the tile's top-left. */
export function drawTileLabels(ctx: SKRSContext2D, def: TileDef, rot: number, x0: number, y0: number, size: number, opts: { dice?: boolean; dimmed?: ReadonlySet<number> } = {}): void {
  if (opts.dice !== false && def.coords) {
    const d = size * DICE_SIZE, pad = size * DICE_PAD;
    drawDie(ctx, x0 + pad, y0 + pad, d, def.coords.red, C.redDie);
    drawDie(ctx, x0 + pad * 1.8 + d, y0 + pad, d, def.coords.blue, C.blueDie);
  }
  for (const b of nameBlocks(def, rot)) {
    const colour = opts.dimmed?.has(b.index) ? '#3A3A3A' : C.text;
    for (const l of b.lines) haloText(ctx, [l.text], x0 + (l.x + l.w / 2) * size, y0 + (l.y + l.h / 2) * size, b.px * size, true, colour);
  }
}

const clamp = (v: number, lo: number, hi: number): number => (lo > hi ? (lo + hi) / 2 : Math.min(hi, Math.max(lo, v)));

/** Where the pieces of neighborhood `index` gather, in the unit square turned by `rot`. */
export function pieceAnchor(def: TileDef, rot: number, index: number): Pt {
  const g = localGeometry(def);
  // On a crossing, pieces stand on their own road's arm: north for the north–south road, west for the other, clear of the names below.
  return g.crossing ? (runsNorthSouth(def, rot, index) ? { x: 0.5, y: 0.27 } : { x: 0.22, y: 0.47 }) : turn(g.hubs[index] ?? CENTRE, rot);
}

/** World-frame hub of neighborhood `index` of a tile at (x0, y0). */
export function hubAt(def: TileDef, rot: number, index: number, x0: number, y0: number, size: number): Pt {
  const h = pieceAnchor(def, rot, index);
  return { x: x0 + h.x * size, y: y0 + h.y * size };
}
