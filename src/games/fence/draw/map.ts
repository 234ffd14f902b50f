/**
 * The city: cells cropped to the map's bounds (plus the one-cell margin while building, where
 * tiles can go), grid labels from grid.ts, tiles, off-limits shading, placeable cells, the
 * last move and the pieces. `layoutMap` is separate from drawing so tests and alt text can ask
 * where a neighborhood or a pawn is on the picture.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { keep, put, type Kept, type Rect } from '../../../render/bitmap.ts';
import type { ChoiceMark, FenceView } from '../views.ts';
import type { LastMove } from '../state.ts';
import { cellName, mapArea, columnName, gridOrigin, rowName, type Bounds } from '../grid.ts';
import { parseNbId, type NbId, type PlacedTile } from '../geometry.ts';
import { defOf, tileSetOfView } from '../views.ts';
import type { TileDef } from '../tiles.ts';
import { font } from '../../../render/fonts.ts';
import { C, COPS, seatColour } from './palette.ts';
import { DICE_BOX, drawOffLimits, drawTileGround, drawTileLabels, haloText, measuringContext, nameBlocks, pieceAnchor, type Box, type Pt } from './tiles.ts';
import { BADGE_R, badgeSlots, drawMarkers } from './markers.ts';
import { cellOrigin, hubOf, type MapLayout, type MarkSpot, type PieceSpot } from './layout.ts';

/** Pawns and Cops, radius as a fraction of the tile: big enough for the seat number to read on a phone. */
export const PAWN_RADIUS = 0.115;
/** A name's halo reaches this far (unit square) beyond its letters. */
const NAME_HALO = 0.015;
/** Grid-label gutter, as a fraction of the tile. */
export const GUTTER = 0.26;

/** Cell range: the placed tiles; while building, also the margin where tiles can go. */
export const mapBounds = (view: FenceView): Bounds => mapArea(view);

/** The size of the cells `b` drawn at `tile` px with their grid-label gutters, and the gutter. */
export function mapSize(tile: number, b: Bounds): { width: number; height: number; gutter: number } {
  const gutter = Math.round(tile * GUTTER);
  return { width: gutter + (b.x1 - b.x0 + 1) * tile, height: gutter + (b.y1 - b.y0 + 1) * tile, gutter };
}

/** Lays out the cells `bounds` (the whole map by default) with its top-left at (left, top). */
export function layoutMap(view: FenceView, tile: number, left = 0, top = 0, bounds: Bounds = mapBounds(view), marks: readonly ChoiceMark[] = []): MapLayout {
  const b = bounds;
  const l: MapLayout = { tile, origin: gridOrigin(view), ...b, ...mapSize(tile, b), left, top, pieces: [], marks: [] };
  l.pieces = pieceSpots(view, l);
  l.marks = markSpots(view, l, marks);
  return l;
}

/** A choice label's text size, as a fraction of the tile: ≈ 16 CSS px in a close-up at 390 CSS px. */
export const MARK_SCALE = 0.15;

/** A label's pill, its width and height in px for a text size. */
export function markSize(label: string, px: number): { w: number; h: number } {
  const ctx = measuringContext();
  ctx.font = font(px, true);
  const h = px * 1.45;
  return { w: Math.max(h, ctx.measureText(label).width + px * 0.8), h };
}

/**
 * Choice labels stand at their neighborhood and step aside, nearest spot first, to keep clear
 * of the tile's names, of the pieces and of each other (as pieces do, see pieceSpots).
 */
function markSpots(view: FenceView, l: MapLayout, marks: readonly ChoiceMark[]): MarkSpot[] {
  const set = tileSetOfView(view);
  const shown = tilesIn(view, l);
  const px = l.tile * MARK_SCALE;
  const out: MarkSpot[] = [];
  for (const m of marks) {
    const { key, index } = parseNbId(m.nb);
    const tile = shown.find((t) => t.key === key);
    if (!tile) continue;
    const o = cellOrigin(l, tile.x, tile.y);
    const { w, h } = markSize(m.label, px);
    // The pill as a circle (unit square) for the search: its half width.
    const r = w / 2 / l.tile, rh = h / 2 / l.tile;
    const { names } = tileObstacles(view, tile);
    const anchor = pieceAnchor(defOf(set, key), tile.rot, index);
    const taken = [
      ...l.pieces.filter((p) => p.x >= o.x && p.x <= o.x + l.tile && p.y >= o.y && p.y <= o.y + l.tile).map((p) => ({ x: (p.x - o.x) / l.tile, y: (p.y - o.y) / l.tile, r: p.r / l.tile * 1.2 })),
      ...out.filter((q) => q.cell.x === tile.x && q.cell.y === tile.y).map((q) => ({ x: (q.x - o.x) / l.tile, y: (q.y - o.y) / l.tile, r: q.w / 2 / l.tile })),
    ];
    const fits = (c: Pt, avoidNames: boolean) => c.x - r >= 0 && c.x + r <= 1 && c.y - rh >= 0 && c.y + rh <= 1
      && (!avoidNames || !names.some((b) => c.x + r > b.x && c.x - r < b.x + b.w && c.y + rh > b.y && c.y - rh < b.y + b.h))
      && taken.every((t) => Math.hypot(t.x - c.x, t.y - c.y) >= t.r + Math.max(r, rh) * 0.9);
    const at = SPOTS.map((d) => ({ x: anchor.x + d.x, y: anchor.y + d.y }));
    const best = at.find((c) => fits(c, true)) ?? at.find((c) => fits(c, false)) ?? anchor;
    out.push({ ...m, x: o.x + best.x * l.tile, y: o.y + best.y * l.tile, w, h, px, cell: { x: tile.x, y: tile.y } });
  }
  return out;
}

/** A choice label: a pill in the colour of the piece that would go there, its label in bold. */
export function drawMark(ctx: SKRSContext2D, m: Pick<MarkSpot, 'label' | 'piece' | 'x' | 'y' | 'w' | 'h' | 'px'>): void {
  const fill = m.piece === null ? C.text : m.piece === 'cops' ? COPS.fill : seatColour(m.piece).fill;
  const ink = m.piece === null ? '#FFFFFF' : m.piece === 'cops' ? COPS.ink : seatColour(m.piece).ink;
  const x = m.x - m.w / 2, y = m.y - m.h / 2, r = m.h / 2;
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x, y, m.w, m.h, r);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(2, m.h * 0.09);
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.beginPath();
  ctx.roundRect(x - ctx.lineWidth, y - ctx.lineWidth, m.w + 2 * ctx.lineWidth, m.h + 2 * ctx.lineWidth, r + ctx.lineWidth);
  ctx.lineWidth = Math.max(1, m.h * 0.05);
  ctx.strokeStyle = '#1F1D1A';
  ctx.stroke();
  ctx.font = font(m.px, true);
  ctx.fillStyle = ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(m.label, m.x, m.y + m.px * 0.04);
  ctx.restore();
}

/** Where a piece may stand around its anchor, nearest first: straight up first, then around. */
export const SPOTS: Pt[] = (() => {
  const out: Pt[] = [{ x: 0, y: 0 }];
  for (const d of [0.06, 0.12, 0.18, 0.24, 0.3, 0.36]) {
    for (const deg of [0, 30, -30, 60, -60, 90, -90, 120, -120, 150, -150, 180]) {
      const a = ((deg - 90) * Math.PI) / 180;
      out.push({ x: Math.cos(a) * d, y: Math.sin(a) * d });
    }
  }
  return out;
})();

export const circleHitsBox = (c: Pt, r: number, b: Box): boolean => {
  const nx = Math.max(b.x, Math.min(c.x, b.x + b.w)), ny = Math.max(b.y, Math.min(c.y, b.y + b.h));
  return Math.hypot(c.x - nx, c.y - ny) < r;
};

/** What pieces must not cover on a tile (unit square): its names, then its dice and badges. */
export function tileObstacles(view: FenceView, tile: PlacedTile): { names: Box[]; marks: Box[] } {
  const def = defOf(tileSetOfView(view), tile.key);
  const names = nameBlocks(def, tile.rot).flatMap((b) => b.lines.map((l) => ({ x: l.x - NAME_HALO, y: l.y, w: l.w + 2 * NAME_HALO, h: l.h })));
  const marks = [...(def.coords ? [DICE_BOX] : []), ...badgeSlots(view, tile).map((c) => ({ x: c.x - BADGE_R, y: c.y - BADGE_R, w: 2 * BADGE_R, h: 2 * BADGE_R }))];
  return { names, marks };
}

/**
 * Pieces stand at their neighborhood (on a crossing, on their road's arm) and step aside,
 * nearest spot first, to keep clear of the tile's names, of each other and (when there is room)
 * of the dice and badges: a pawn never hides a name.
 */
function pieceSpots(view: FenceView, l: MapLayout): PieceSpot[] {
  const groups = new Map<NbId, (number | 'cops')[]>();
  for (const s of view.seats) {
    if (s.pawn && s.pawn !== 'jail' && !s.out) groups.set(s.pawn, [...(groups.get(s.pawn) ?? []), s.seat]);
  }
  if (view.cops) groups.set(view.cops, [...(groups.get(view.cops) ?? []), 'cops']);
  const set = tileSetOfView(view);
  const r = PAWN_RADIUS;
  // The Cops' octagon reaches 1.12 r, and outlines are stroked outside the shape.
  const reach = r * 1.22;
  const byTile = new Map<string, [number, (number | 'cops')[]][]>();
  for (const [nb, pieces] of groups) {
    const { key, index } = parseNbId(nb);
    byTile.set(key, [...(byTile.get(key) ?? []), [index, pieces]]);
  }
  const spots: PieceSpot[] = [];
  const shown = tilesIn(view, l);
  for (const [key, nbs] of byTile) {
    const tile = shown.find((t) => t.key === key);
    if (!tile) continue;
    const def = defOf(set, key);
    const { names, marks } = tileObstacles(view, tile);
    const taken: Pt[] = [];
    const o = cellOrigin(l, tile.x, tile.y);
    for (const [index, pieces] of nbs) {
      const anchor = pieceAnchor(def, tile.rot, index);
      for (const piece of pieces) {
        const free = (c: Pt, avoid: Box[]) =>
          c.x >= r && c.x <= 1 - r && c.y >= r && c.y <= 1 - r && !avoid.some((b) => circleHitsBox(c, reach, b)) && taken.every((t) => Math.hypot(t.x - c.x, t.y - c.y) >= 2 * r + 0.01);
        const at = (d: Pt) => ({ x: anchor.x + d.x, y: anchor.y + d.y });
        const best = SPOTS.map(at).find((c) => free(c, [...names, ...marks])) ?? SPOTS.map(at).find((c) => free(c, names)) ?? anchor;
        taken.push(best);
        spots.push({ piece, nb: `${key}/${index}`, x: o.x + best.x * l.tile, y: o.y + best.y * l.tile, r: r * l.tile });
      }
    }
  }
  return spots;
}

export function drawMap(ctx: SKRSContext2D, view: FenceView, l: MapLayout): void {
  drawMapBase(ctx, view, l);
  drawMapPieces(ctx, view, l);
}

/**
 * What only changes when a tile is placed or a neighborhood goes off limits: cells, tiles,
 * shading, names, dice and grid labels. Nothing here overlaps the gutters' labels or depends on
 * the pieces, so it can be drawn once and reused as an image (see pictures.ts).
 */
export function mapBaseKey(view: FenceView, l: MapLayout): string {
  return JSON.stringify([l.tile, l.x0, l.y0, l.x1, l.y1, l.origin.x, l.origin.y, view.phase === 'building', view.map.map((p) => [p.key, p.x, p.y, p.rot]), view.offLimits, view.oldTown, view.placeableCells.map((c) => [c.x, c.y])]);
}

/** The tiles inside the layout's cells. */
const tilesIn = (view: FenceView, l: Bounds): PlacedTile[] => view.map.filter((p) => p.x >= l.x0 && p.x <= l.x1 && p.y >= l.y0 && p.y <= l.y1);

/** The layout's cells, in the context's pixels. */
function cellsRect(l: MapLayout): Rect {
  const o = cellOrigin(l, l.x0, l.y0);
  return { x: o.x, y: o.y, width: (l.x1 - l.x0 + 1) * l.tile, height: (l.y1 - l.y0 + 1) * l.tile };
}

/** Keeps what `draw` paints inside the layout's cells (a part of the map is cut at its edge). */
function clipToCells(ctx: SKRSContext2D, l: MapLayout, draw: () => void): void {
  const r = cellsRect(l);
  ctx.save();
  ctx.beginPath();
  ctx.rect(r.x, r.y, r.width, r.height);
  ctx.clip();
  draw();
  ctx.restore();
}

export function drawMapBase(ctx: SKRSContext2D, view: FenceView, l: MapLayout): void {
  clipToCells(ctx, l, () => drawCells(ctx, view, l));
  drawGridLabels(ctx, l);
}

function drawCells(ctx: SKRSContext2D, view: FenceView, l: MapLayout): void {
  const set = tileSetOfView(view);
  const T = l.tile;
  const tiles = tilesIn(view, l);
  const placed = new Map<string, PlacedTile>();
  for (const p of tiles) placed.set(`${p.x},${p.y}`, p);
  const placeable = new Set(view.placeableCells.map((c) => `${c.x},${c.y}`));

  // Cells.
  for (let y = l.y0; y <= l.y1; y++) {
    for (let x = l.x0; x <= l.x1; x++) {
      if (placed.has(`${x},${y}`)) continue;
      const o = cellOrigin(l, x, y);
      ctx.fillStyle = C.emptyCell;
      ctx.fillRect(o.x, o.y, T, T);
      ctx.strokeStyle = C.gridLine;
      ctx.lineWidth = 1;
      ctx.strokeRect(o.x + 0.5, o.y + 0.5, T - 1, T - 1);
      if (placeable.has(`${x},${y}`)) drawPlaceable(ctx, o, T, cellName(view, x, y));
    }
  }

  // Tiles: each drawn once per look (cached bitmap), then copied into place.
  const offLimits = new Map<string, Set<number>>();
  for (const id of view.offLimits) {
    const { key, index } = parseNbId(id);
    offLimits.set(key, (offLimits.get(key) ?? new Set()).add(index));
  }
  for (const p of tiles) {
    const o = cellOrigin(l, p.x, p.y);
    const def = defOf(set, p.key), oldTown = p.key === view.oldTown, dimmed = offLimits.get(p.key);
    // A copy lands on the same pixels only at whole-pixel places and sizes; it is put inside
    // the cells' clip by hand (putting pixels ignores a clip; the context has no transform here).
    if (Number.isInteger(T) && Number.isInteger(o.x) && Number.isInteger(o.y)) put(ctx, tileImage(def, p.rot, T, oldTown, dimmed), o.x, o.y, cellsRect(l));
    else drawTile(ctx, def, p.rot, o.x, o.y, T, oldTown, dimmed);
  }
}

function drawTile(ctx: SKRSContext2D, def: TileDef, rot: number, x0: number, y0: number, T: number, oldTown: boolean, dimmed: ReadonlySet<number> | undefined): void {
  drawTileGround(ctx, def, rot, x0, y0, T);
  for (const i of dimmed ?? []) drawOffLimits(ctx, def, rot, i, x0, y0, T);
  ctx.strokeStyle = 'rgba(60,60,40,0.35)';
  ctx.lineWidth = 1;
  ctx.strokeRect(x0 + 0.5, y0 + 0.5, T - 1, T - 1);
  if (oldTown) {
    ctx.strokeStyle = C.oldTown;
    ctx.lineWidth = Math.max(2, T * 0.03);
    ctx.strokeRect(x0 + T * 0.02, y0 + T * 0.02, T * 0.96, T * 0.96);
  }
  drawTileLabels(ctx, def, rot, x0, y0, T, { dimmed });
}

/**
 * A placed tile's picture (ground, off-limits shading, border, Old Town's frame, dice and names)
 * for a look: which tile, turned how, how large, and which of its neighborhoods are off limits.
 * Every game draws the same few hundred looks over and over (the tile set is shared and a tile's
 * look changes only when a neighborhood goes off limits), and drawing one costs ~1 ms of
 * rasterizing text halos, roads and water, while copying its bitmap costs a few µs: so each look
 * is drawn once per render thread and kept (render/bitmap.ts). Nothing of a tile is drawn outside its cell, so copying the
 * tiles one by one gives the same pixels as drawing each layer across the map in turn.
 */
const TILE_CACHE_BYTES = 48 * 1024 * 1024;

const tileCache = new Map<string, { def: TileDef; kept: Kept }>();
let tileCacheBytes = 0;

function tileImage(def: TileDef, rot: number, T: number, oldTown: boolean, dimmed: ReadonlySet<number> | undefined): Kept {
  const key = `${def.id}|${rot}|${T}|${oldTown ? 1 : 0}|${dimmed ? [...dimmed].sort().join(',') : ''}`;
  const hit = tileCache.get(key);
  if (hit && hit.def === def) {
    tileCache.delete(key); // re-insert: most recently used last
    tileCache.set(key, hit);
    return hit.kept;
  }
  const canvas = createCanvas(T, T);
  drawTile(canvas.getContext('2d'), def, rot, 0, 0, T, oldTown, dimmed);
  const kept = keep(canvas);
  if (hit) tileCacheBytes -= hit.kept.bytes;
  tileCache.set(key, { def, kept });
  tileCacheBytes += kept.bytes;
  while (tileCacheBytes > TILE_CACHE_BYTES && tileCache.size > 1) {
    const [oldest, gone] = tileCache.entries().next().value as [string, { kept: Kept }];
    tileCache.delete(oldest);
    tileCacheBytes -= gone.kept.bytes;
  }
  return kept;
}

/**
 * The moves' arrows and the pieces, drawn over the base every time. `moves`: the view's last
 * move unless told otherwise (a turn's picture draws each of the turn's moves).
 */
export function drawMapPieces(ctx: SKRSContext2D, view: FenceView, l: MapLayout, moves: readonly LastMove[] = view.lastMove ? [view.lastMove] : []): void {
  clipToCells(ctx, l, () => {
    drawMarkers(ctx, view, l);
    if (moves.length > 0) {
      underNames(ctx, view, l, () => {
        for (const m of moves) drawMove(ctx, view, l, m);
      });
    }
    for (const s of l.pieces) drawPiece(ctx, s.piece, s.x, s.y, s.r);
  });
  // Over the cells' edge if need be: a label is never cut.
  for (const m of l.marks) drawMark(ctx, m);
}

/** Boxes that overlap are replaced by the box around both, until none overlap. */
function disjoint(boxes: readonly Box[]): Box[] {
  const out = [...boxes];
  for (let i = 0; i < out.length; i++) {
    for (let j = i + 1; j < out.length; j++) {
      const a = out[i]!, b = out[j]!;
      if (a.x >= b.x + b.w || b.x >= a.x + a.w || a.y >= b.y + b.h || b.y >= a.y + a.h) continue;
      const x = Math.min(a.x, b.x), y = Math.min(a.y, b.y);
      out[i] = { x, y, w: Math.max(a.x + a.w, b.x + b.w) - x, h: Math.max(a.y + a.h, b.y + b.h) - y };
      out.splice(j, 1);
      j = i; // the grown box may now meet one already passed
    }
  }
  return out;
}

/**
 * Draws with every name's box (halo included) cut out, so an arrow passes under a name, as a
 * road under a bridge, instead of striking it through: pawns already keep clear of names.
 */
function underNames(ctx: SKRSContext2D, view: FenceView, l: MapLayout, draw: () => void): void {
  const T = l.tile;
  const o = cellOrigin(l, l.x0, l.y0);
  ctx.save();
  ctx.beginPath();
  ctx.rect(o.x, o.y, (l.x1 - l.x0 + 1) * T, (l.y1 - l.y0 + 1) * T);
  for (const p of tilesIn(view, l)) {
    const c = cellOrigin(l, p.x, p.y);
    const boxes = tileObstacles(view, p).names.map((b) => ({ x: b.x, y: b.y - NAME_HALO, w: b.w, h: b.h + 2 * NAME_HALO }));
    for (const b of disjoint(boxes)) ctx.rect(c.x + b.x * T, c.y + b.y * T, b.w * T, b.h * T);
  }
  // Even-odd leaves out each box once: boxes that overlapped (a name's lines) were merged.
  ctx.clip('evenodd');
  draw();
  ctx.restore();
}

function drawPlaceable(ctx: SKRSContext2D, o: Pt, T: number, label: string): void {
  const inset = T * 0.06;
  ctx.fillStyle = C.highlight;
  ctx.fillRect(o.x + inset, o.y + inset, T - 2 * inset, T - 2 * inset);
  ctx.save();
  ctx.setLineDash([T * 0.08, T * 0.05]);
  ctx.strokeStyle = C.highlightEdge;
  ctx.lineWidth = Math.max(2, T * 0.025);
  ctx.strokeRect(o.x + inset, o.y + inset, T - 2 * inset, T - 2 * inset);
  ctx.restore();
  ctx.font = font(T * 0.2, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = C.highlightEdge;
  ctx.fillText(label, o.x + T / 2, o.y + T / 2);
}

export function drawPiece(ctx: SKRSContext2D, piece: number | 'cops', x: number, y: number, r: number): void {
  const colour = piece === 'cops' ? COPS : seatColour(piece);
  ctx.beginPath();
  if (piece === 'cops') {
    // An octagonal badge: a different shape from the round pawns, not only a different colour.
    for (let k = 0; k < 8; k++) {
      const a = Math.PI / 8 + (k * Math.PI) / 4;
      const px = x + Math.cos(a) * r * 1.12, py = y + Math.sin(a) * r * 1.12;
      if (k === 0) ctx.moveTo(px, py);
      else ctx.lineTo(px, py);
    }
    ctx.closePath();
  } else ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = colour.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, r * 0.16);
  ctx.strokeStyle = piece === 'cops' ? '#FFFFFF' : '#1F1D1A';
  ctx.stroke();
  ctx.fillStyle = colour.ink;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (piece === 'cops') {
    drawStar(ctx, x, y, r * 0.62);
  } else {
    ctx.font = font(r * 1.25, true);
    ctx.fillText(String(piece + 1), x, y + r * 0.05);
  }
}

function drawStar(ctx: SKRSContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = -Math.PI / 2 + (k * Math.PI) / 5;
    const rr = k % 2 === 0 ? r : r * 0.45;
    if (k === 0) ctx.moveTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
    else ctx.lineTo(x + Math.cos(a) * rr, y + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

/** Whether neighborhood `nb`'s tile is among the layout's cells. */
export function shows(view: FenceView, l: Bounds, nb: NbId | 'jail' | null): boolean {
  if (!nb || nb === 'jail') return false;
  const key = parseNbId(nb).key;
  return view.map.some((p) => p.key === key && p.x >= l.x0 && p.x <= l.x1 && p.y >= l.y0 && p.y <= l.y1);
}

/**
 * A move as a layout can show it: an arrow when both ends are in it; a ring around the piece
 * where it arrived when only that end is; a dashed ring where it left when only that one is
 * (an arrow to a far part of the map would only cross the names between).
 */
function drawMove(ctx: SKRSContext2D, view: FenceView, l: MapLayout, m: LastMove): void {
  if (m.from && m.from !== 'jail' && !shows(view, l, m.to)) {
    const at = shows(view, l, m.from) ? hubOf(view, l, m.from) : null;
    if (!at) return;
    ctx.save();
    ctx.setLineDash([l.tile * 0.04, l.tile * 0.03]);
    ctx.beginPath();
    ctx.arc(at.x, at.y, l.tile * PAWN_RADIUS, 0, Math.PI * 2);
    ctx.lineWidth = l.tile * 0.03;
    ctx.strokeStyle = m.piece === 'cops' ? COPS.fill : seatColour(m.piece).fill;
    ctx.stroke();
    ctx.restore();
    return;
  }
  if (m.from && !shows(view, l, m.from)) return drawMove(ctx, view, l, { ...m, from: null });
  const to = hubOf(view, l, m.to);
  if (!to) return;
  const colour = m.piece === 'cops' ? COPS.fill : seatColour(m.piece).fill;
  const T = l.tile;
  const from = m.from && m.from !== 'jail' ? hubOf(view, l, m.from) : null;
  // The arrow ends at the piece that moved, not at its neighborhood's hub.
  const spot = l.pieces.find((s) => s.piece === m.piece && s.nb === m.to);
  const end = spot ?? to;
  if (!from) {
    ctx.beginPath();
    // Just around the piece, so the ring stays clear of the names beside it.
    ctx.arc(end.x, end.y, (spot?.r ?? T * PAWN_RADIUS) * 1.22, 0, Math.PI * 2);
    ctx.lineWidth = T * 0.025;
    ctx.strokeStyle = colour;
    ctx.stroke();
    return;
  }
  const dx = end.x - from.x, dy = end.y - from.y;
  const len = Math.hypot(dx, dy);
  if (len < 1) return;
  // A gentle bend, so the arrow does not hide the road it followed.
  const ctrl = { x: (from.x + end.x) / 2 - (dy / len) * len * 0.18, y: (from.y + end.y) / 2 + (dx / len) * len * 0.18 };
  const stop = T * 0.14;
  const ex = end.x - ((end.x - ctrl.x) / Math.hypot(end.x - ctrl.x, end.y - ctrl.y)) * stop;
  const ey = end.y - ((end.y - ctrl.y) / Math.hypot(end.x - ctrl.x, end.y - ctrl.y)) * stop;
  const ang = Math.atan2(ey - ctrl.y, ex - ctrl.x);
  const w = T * 0.045, head = T * 0.13;
  const shaftEnd = { x: ex - Math.cos(ang) * head * 0.8, y: ey - Math.sin(ang) * head * 0.8 };
  const shaft = () => {
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.quadraticCurveTo(ctrl.x, ctrl.y, shaftEnd.x, shaftEnd.y);
  };
  const headPath = () => {
    ctx.beginPath();
    ctx.moveTo(ex, ey);
    ctx.lineTo(ex - Math.cos(ang - 0.45) * head, ey - Math.sin(ang - 0.45) * head);
    ctx.lineTo(ex - Math.cos(ang + 0.45) * head, ey - Math.sin(ang + 0.45) * head);
    ctx.closePath();
  };
  paintArrow(ctx, from, shaft, headPath, w, T * 0.03, colour);
}

/**
 * A move's arrow, from the paths of its shaft and head (each begins its own path): both
 * outlined in white, `halo` wider, so it stands out on any ground, then in `colour`, with a dot
 * where the move began.
 */
export function paintArrow(ctx: SKRSContext2D, from: Pt, shaft: () => void, head: () => void, w: number, halo: number, colour: string): void {
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  shaft();
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = w + halo;
  ctx.stroke();
  head();
  ctx.lineWidth = halo;
  ctx.stroke();
  shaft();
  ctx.strokeStyle = colour;
  ctx.lineWidth = w;
  ctx.stroke();
  head();
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.beginPath();
  ctx.arc(from.x, from.y, w * 0.9, 0, Math.PI * 2);
  ctx.fill();
}

function drawGridLabels(ctx: SKRSContext2D, l: MapLayout): void {
  const px = l.tile * 0.2;
  ctx.font = font(px, true);
  ctx.fillStyle = C.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = l.x0; x <= l.x1; x++) {
    const o = cellOrigin(l, x, l.y0);
    ctx.fillText(columnName(x - l.origin.x), o.x + l.tile / 2, l.top + l.gutter / 2);
  }
  for (let y = l.y0; y <= l.y1; y++) {
    const o = cellOrigin(l, l.x0, y);
    ctx.fillText(rowName(y - l.origin.y), l.left + l.gutter / 2, o.y + l.tile / 2);
  }
}

export { haloText };
