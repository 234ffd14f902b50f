/**
 * The whole city drawn for a phone (an OverviewView): land, water, roads and One Way signs as on
 * the map, but no names or dice, which no phone could read at this size (the words of the post
 * name the places). What a player reads on it is large: every piece with its number, the grid's
 * column letters and row numbers, the round's Hot Goods tiles, a choice's labels and the legend,
 * all at least OVERVIEW_TEXT px on an OVERVIEW_WIDTH-px picture, ≥ 11 CSS px when the picture is
 * 390 CSS px wide (a post on a phone).
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { font, registerFonts } from '../../../render/fonts.ts';
import { pictureCanvas } from '../../../render/surface.ts';
import { columnName, mapArea, gridOrigin, rowName } from '../grid.ts';
import { parseNbId, type NbId } from '../geometry.ts';
import type { LastMove } from '../state.ts';
import { defOf, tileSetOfView, type OverviewView } from '../views.ts';
import { chipText, drawCaptionAndLegend, legendRows } from './closeup.ts';
import { cellOrigin, type MapLayout, type MarkSpot, type PieceSpot } from './layout.ts';
import { drawMark, drawPiece, markSize, paintArrow } from './map.ts';
import { GOLD, HOT, POST, TUNNEL, hotGoodsRollsOn } from './markers.ts';
import { C, COPS, seatColour } from './palette.ts';
import { drawOffLimits, drawTileGround, measuringContext, pieceAnchor, type Pt } from './tiles.ts';
import { wrapLines } from '../../../render/text.ts';

/** The picture's width in px: as wide as a close-up, so both show alike in a post. */
export const OVERVIEW_WIDTH = 840;
/** Every text's size in px: 12.1 CSS px at 390 CSS px. */
export const OVERVIEW_TEXT = 26;
/** A small map's tiles are not drawn larger than this. */
const MAX_TILE = 150;
const MARGIN = 22;

export interface OverviewPicture {
  canvas: Canvas;
  layout: MapLayout;
  textPx: number;
}

/** Where everything goes: the cells, the pieces (large), the labels. */
export function layoutOverview(z: OverviewView): MapLayout {
  const view = z.view;
  const b = mapArea(view);
  const cols = b.x1 - b.x0 + 1;
  const measure = measuringContext();
  measure.font = font(OVERVIEW_TEXT, true);
  const origin = gridOrigin(view);
  let labelW = 0;
  for (let y = b.y0; y <= b.y1; y++) labelW = Math.max(labelW, measure.measureText(rowName(y - origin.y)).width);
  const gutter = Math.ceil(Math.max(OVERVIEW_TEXT * 1.5, labelW + OVERVIEW_TEXT * 0.5));
  const tile = Math.min(MAX_TILE, Math.floor((OVERVIEW_WIDTH - 2 * MARGIN - gutter) / cols));
  const l: MapLayout = {
    tile, origin, ...b, gutter, left: MARGIN, top: MARGIN,
    width: gutter + cols * tile, height: gutter + (b.y1 - b.y0 + 1) * tile, pieces: [], marks: [],
  };
  const placed: { x: number; y: number; r: number }[] = [];
  const r = Math.max(OVERVIEW_TEXT / 1.2, tile * 0.2);
  const groups: { piece: number | 'cops'; nb: NbId }[] = [];
  for (const s of view.seats) if (s.pawn && s.pawn !== 'jail' && !s.out) groups.push({ piece: s.seat, nb: s.pawn });
  if (view.cops) groups.push({ piece: 'cops', nb: view.cops });
  for (const g of groups) {
    const at = spotFor(z, l, g.nb, r * 1.12, r * 1.12, placed);
    if (!at) continue;
    placed.push({ ...at, r: r * 1.15 });
    l.pieces.push({ piece: g.piece, nb: g.nb, x: at.x, y: at.y, r } satisfies PieceSpot);
  }
  for (const m of z.marks ?? []) {
    const { w, h } = markSize(m.label, OVERVIEW_TEXT);
    const at = spotFor(z, l, m.nb, w / 2, h / 2, placed);
    if (!at) continue;
    placed.push({ ...at, r: w / 2 });
    const { key } = parseNbId(m.nb);
    const tile = view.map.find((p) => p.key === key)!;
    l.marks.push({ ...m, x: at.x, y: at.y, w, h, px: OVERVIEW_TEXT, cell: { x: tile.x, y: tile.y } } satisfies MarkSpot);
  }
  return l;
}

/**
 * A place for something `rw` × `rh` px (half sizes) at neighborhood `nb`: its anchor, or the
 * nearest spot around it clear of what is placed already, kept inside the map.
 */
function spotFor(z: OverviewView, l: MapLayout, nb: NbId, rw: number, rh: number, placed: readonly { x: number; y: number; r: number }[]): Pt | null {
  const { key, index } = parseNbId(nb);
  const tile = z.view.map.find((p) => p.key === key);
  if (!tile) return null;
  const o = cellOrigin(l, tile.x, tile.y);
  const a = pieceAnchor(defOf(tileSetOfView(z.view), key), tile.rot, index);
  const anchor = { x: o.x + a.x * l.tile, y: o.y + a.y * l.tile };
  const map0 = cellOrigin(l, l.x0, l.y0);
  const map1 = cellOrigin(l, l.x1 + 1, l.y1 + 1);
  const free = (c: Pt) => c.x - rw >= map0.x && c.x + rw <= map1.x && c.y - rh >= map0.y && c.y + rh <= map1.y
    && placed.every((p) => Math.hypot(p.x - c.x, p.y - c.y) >= p.r + Math.max(rw, rh) * 0.95);
  const step = Math.max(rw, rh);
  for (const d of [0, 1, 2, 3, 4]) {
    for (const deg of d === 0 ? [0] : [0, 45, -45, 90, -90, 135, -135, 180]) {
      const t = ((deg - 90) * Math.PI) / 180;
      const c = { x: anchor.x + Math.cos(t) * d * step, y: anchor.y + Math.sin(t) * d * step };
      if (free(c)) return c;
    }
  }
  return anchor;
}

export function drawOverview(z: OverviewView): OverviewPicture {
  registerFonts();
  const view = z.view;
  const l = layoutOverview(z);
  const textPx = OVERVIEW_TEXT;
  const lineH = textPx * 1.4;
  const width = Math.max(l.width + 2 * MARGIN, 2 * MARGIN + textPx * 16);
  const measure = measuringContext();
  measure.font = font(textPx, true);
  const caption = z.caption.flatMap((c) => wrapLines(measure, c, width - 2 * MARGIN));
  const winners = new Set(z.winners ?? []);
  const more = (seat: number) => (winners.has(seat) ? 'wins' : '');
  const shown = new Set<number | 'cops'>(l.pieces.map((p) => p.piece));
  const rows = legendRows(view, shown, z.toPlay ?? null, (p) => measure.measureText(chipText(view, p, z.toPlay ?? null, typeof p === 'number' ? more(p) : '')).width, textPx, width - 2 * MARGIN, true);
  const textTop = MARGIN + l.height + MARGIN * 0.8;
  const height = Math.ceil(textTop + (caption.length + rows.length) * lineH + MARGIN);

  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, width, height);
  drawCells(ctx, z, l);
  drawGrid(ctx, l);
  for (const m of z.moves) drawArrow(ctx, z, l, m);
  for (const p of l.pieces) {
    if (typeof p.piece === 'number' && winners.has(p.piece)) drawWinnerRing(ctx, p);
    drawPiece(ctx, p.piece, p.x, p.y, p.r);
  }
  for (const m of l.marks) drawMark(ctx, m);
  drawCaptionAndLegend(ctx, view, caption, rows, z.toPlay ?? null, MARGIN, textTop, lineH, textPx, more);
  return { canvas, layout: l, textPx };
}

function drawCells(ctx: SKRSContext2D, z: OverviewView, l: MapLayout): void {
  const view = z.view;
  const set = tileSetOfView(view);
  const T = l.tile;
  const placed = new Map(view.map.map((p) => [`${p.x},${p.y}`, p]));
  const placeable = new Set(view.placeableCells.map((c) => `${c.x},${c.y}`));
  const off = new Map<string, number[]>();
  for (const id of view.offLimits) {
    const { key, index } = parseNbId(id);
    off.set(key, [...(off.get(key) ?? []), index]);
  }
  for (let y = l.y0; y <= l.y1; y++) {
    for (let x = l.x0; x <= l.x1; x++) {
      const o = cellOrigin(l, x, y);
      const p = placed.get(`${x},${y}`);
      if (!p) {
        const open = placeable.has(`${x},${y}`);
        ctx.fillStyle = open ? C.highlight : C.emptyCell;
        ctx.fillRect(o.x, o.y, T, T);
        ctx.strokeStyle = C.gridLine;
        ctx.lineWidth = 1;
        ctx.strokeRect(o.x + 0.5, o.y + 0.5, T - 1, T - 1);
        // Where a tile can go, by name, when the name fits the cell at a size a phone reads.
        const name = open ? `${columnName(x - l.origin.x)}${rowName(y - l.origin.y)}` : '';
        ctx.font = font(OVERVIEW_TEXT, true);
        if (name && ctx.measureText(name).width <= T * 0.9) {
          ctx.fillStyle = C.highlightEdge;
          ctx.textAlign = 'center';
          ctx.textBaseline = 'middle';
          ctx.fillText(name, o.x + T / 2, o.y + T / 2);
        }
        continue;
      }
      const def = defOf(set, p.key);
      drawTileGround(ctx, def, p.rot, o.x, o.y, T);
      for (const i of off.get(p.key) ?? []) drawOffLimits(ctx, def, p.rot, i, o.x, o.y, T);
      ctx.strokeStyle = 'rgba(60,60,40,0.35)';
      ctx.lineWidth = 1;
      ctx.strokeRect(o.x + 0.5, o.y + 0.5, T - 1, T - 1);
    }
  }
  // Frames and badges over the tiles: Old Town, the Ritzy Tile, the Hot Goods, the Trading Post.
  const ext = view.extended;
  const frame = (x: number, y: number, colour: string, dashed: boolean, inset: number) => {
    const o = cellOrigin(l, x, y);
    ctx.save();
    if (dashed) ctx.setLineDash([T * 0.12, T * 0.08]);
    ctx.lineWidth = Math.max(3, T * 0.05);
    ctx.strokeStyle = colour;
    ctx.strokeRect(o.x + inset, o.y + inset, T - 2 * inset, T - 2 * inset);
    ctx.restore();
  };
  for (const p of view.map) {
    const c = defOf(set, p.key).coords;
    if (p.key === view.oldTown) frame(p.x, p.y, C.oldTown, false, Math.max(2, T * 0.04));
    if (ext?.ritzy && c && c.red === ext.ritzy.red && c.blue === ext.ritzy.blue) frame(p.x, p.y, GOLD, true, Math.max(4, T * 0.08));
    const rolls = hotGoodsRollsOn(view, p);
    if (rolls.length) frame(p.x, p.y, HOT, false, Math.max(2, T * 0.025));
    const o = cellOrigin(l, p.x, p.y);
    const badges = [...rolls.map((n) => ({ text: String(n), fill: HOT })), ...(ext?.tradingPost && parseNbId(ext.tradingPost).key === p.key ? [{ text: 'P', fill: POST }] : [])];
    badges.forEach((b, k) => badge(ctx, b.text, o.x + T - OVERVIEW_TEXT * 0.75 * (1 + 2 * k) - 2, o.y + OVERVIEW_TEXT * 0.75 + 2, b.fill));
  }
  const tunnel = ext?.tunnel;
  if (tunnel?.length === 2) {
    const [a, b] = tunnel.map((nb) => hub(z, l, nb));
    if (a && b) {
      ctx.save();
      ctx.setLineDash([T * 0.15, T * 0.1]);
      ctx.lineWidth = Math.max(4, T * 0.05);
      ctx.strokeStyle = TUNNEL;
      ctx.beginPath();
      ctx.moveTo(a.x, a.y);
      ctx.lineTo(b.x, b.y);
      ctx.stroke();
      ctx.restore();
    }
  }
}

/** A round badge with a number or letter, large enough to read. */
function badge(ctx: SKRSContext2D, text: string, x: number, y: number, fill: string): void {
  const r = OVERVIEW_TEXT * 0.75;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.font = font(OVERVIEW_TEXT, true);
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, y + 1);
}

function drawGrid(ctx: SKRSContext2D, l: MapLayout): void {
  ctx.font = font(OVERVIEW_TEXT, true);
  ctx.fillStyle = C.label;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let x = l.x0; x <= l.x1; x++) ctx.fillText(columnName(x - l.origin.x), cellOrigin(l, x, l.y0).x + l.tile / 2, l.top + l.gutter / 2);
  for (let y = l.y0; y <= l.y1; y++) ctx.fillText(rowName(y - l.origin.y), l.left + l.gutter / 2, cellOrigin(l, l.x0, y).y + l.tile / 2);
}

function hub(z: OverviewView, l: MapLayout, nb: NbId): Pt | null {
  const { key, index } = parseNbId(nb);
  const p = z.view.map.find((t) => t.key === key);
  if (!p) return null;
  const o = cellOrigin(l, p.x, p.y);
  const a = pieceAnchor(defOf(tileSetOfView(z.view), key), p.rot, index);
  return { x: o.x + a.x * l.tile, y: o.y + a.y * l.tile };
}

/** A move: an arrow from where the piece was to where it stands (from Jail or placed: a ring). */
function drawArrow(ctx: SKRSContext2D, z: OverviewView, l: MapLayout, m: LastMove): void {
  const colour = m.piece === 'cops' ? COPS.fill : seatColour(m.piece).fill;
  const spot = l.pieces.find((p) => p.piece === m.piece && p.nb === m.to);
  const end = spot ?? hub(z, l, m.to);
  if (!end) return;
  const from = m.from && m.from !== 'jail' ? hub(z, l, m.from) : null;
  const w = Math.max(5, l.tile * 0.06);
  ctx.save();
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  if (!from) {
    ctx.beginPath();
    ctx.arc(end.x, end.y, (spot?.r ?? OVERVIEW_TEXT) * 1.35, 0, Math.PI * 2);
    ctx.lineWidth = w;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.restore();
    return;
  }
  const dx = end.x - from.x, dy = end.y - from.y;
  const len = Math.hypot(dx, dy);
  const stop = (spot?.r ?? 0) * 1.15;
  if (len <= stop + 4) {
    ctx.restore();
    return;
  }
  const ux = dx / len, uy = dy / len;
  const ex = end.x - ux * stop, ey = end.y - uy * stop;
  const head = Math.max(16, w * 3);
  const sx = ex - ux * head * 0.8, sy = ey - uy * head * 0.8;
  const line = () => {
    ctx.beginPath();
    ctx.moveTo(from.x, from.y);
    ctx.lineTo(sx, sy);
  };
  const tip = () => {
    ctx.beginPath();
    ctx.moveTo(ex, ey);
    ctx.lineTo(ex - ux * head - uy * head * 0.5, ey - uy * head + ux * head * 0.5);
    ctx.lineTo(ex - ux * head + uy * head * 0.5, ey - uy * head - ux * head * 0.5);
    ctx.closePath();
  };
  paintArrow(ctx, from, line, tip, w, 4, colour);
  ctx.restore();
}

/** A winner's pawn: a gold ring around it. */
function drawWinnerRing(ctx: SKRSContext2D, p: PieceSpot): void {
  ctx.beginPath();
  ctx.arc(p.x, p.y, p.r * 1.45, 0, Math.PI * 2);
  ctx.fillStyle = GOLD;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
}

