/**
 * A close-up picture: one or more panes of the map (window.ts), each with its own grid labels,
 * stacked, with the turn's moves as arrows, a caption (a Hot Goods roll's result) and a legend
 * of the pieces shown. Sized for a phone: the picture is at most PANE_COLS tiles wide, so at a
 * 390-CSS-px preview a tile is ≈ 110 CSS px, every name ≥ 11 CSS px and a pawn ≈ 25 CSS px.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { font, registerFonts } from '../../../render/fonts.ts';
import { pictureCanvas } from '../../../render/surface.ts';
import { defOf, tileSetOfView, type CloseUpView, type FenceView } from '../views.ts';
import { cellOrigin, type MapLayout } from './layout.ts';
import { drawMapBase, drawMapPieces, drawPiece, layoutMap, mapSize } from './map.ts';
import { C } from './palette.ts';
import { measuringContext, nameBlocks } from './tiles.ts';
import { wrapLines } from '../../../render/text.ts';
import { PANE_COLS } from './window.ts';
import { seatLabel } from '../alt.ts';

/** Tile size in px: a 3-tile-wide picture is 840 px, sharp on a phone's 2–3× screen. */
export const CLOSEUP_TILE = 240;
/** Caption and legend text, as a fraction of the tile (≈ 12.8 CSS px at 390 CSS px). */
const TEXT = 0.115;

export interface CloseUpPicture {
  canvas: Canvas;
  panes: MapLayout[];
  /** Font size of caption and legend text, px. */
  textPx: number;
}

/** Every name line drawn in a layout, as a box in picture px, with its font size. */
export function nameRects(view: FenceView, l: MapLayout): { x: number; y: number; w: number; h: number; px: number; text: string }[] {
  const set = tileSetOfView(view);
  return view.map
    .filter((p) => p.x >= l.x0 && p.x <= l.x1 && p.y >= l.y0 && p.y <= l.y1)
    .flatMap((p) => {
      const o = cellOrigin(l, p.x, p.y);
      return nameBlocks(defOf(set, p.key), p.rot).flatMap((b) => b.lines.map((n) => ({ x: o.x + n.x * l.tile, y: o.y + n.y * l.tile, w: n.w * l.tile, h: n.h * l.tile, px: b.px * l.tile, text: n.text })));
    });
}

export function drawCloseUp(z: CloseUpView, tile = CLOSEUP_TILE): CloseUpPicture {
  registerFonts();
  const T = tile;
  const margin = Math.round(T * 0.12);
  const gap = Math.round(T * 0.18);
  const cols = Math.max(...z.panes.map((b) => b.x1 - b.x0 + 1), Math.min(PANE_COLS, 2));
  const width = Math.round(2 * margin + mapSize(T, { x0: 0, y0: 0, x1: cols - 1, y1: 0 }).width);
  const textPx = T * TEXT;
  const lineH = textPx * 1.35;
  // Text rows first (their count sets the height).
  const measure = measuringContext();
  measure.font = font(textPx, true);
  const caption = z.caption.flatMap((c) => wrapLines(measure, c, width - 2 * margin));
  const shown = new Set<number | 'cops'>();
  const panes: MapLayout[] = [];
  let y = margin;
  for (const b of z.panes) {
    const w = mapSize(T, b).width;
    const l = layoutMap(z.view, T, Math.round((width - w) / 2), y, b, z.marks ?? []);
    panes.push(l);
    for (const s of l.pieces) shown.add(s.piece);
    y += l.height + gap;
  }
  for (const m of z.moves) shown.add(m.piece);
  const rows = legendRows(z.view, shown, z.toPlay ?? null, (p) => {
    measure.font = font(textPx, true);
    return measure.measureText(chipText(z.view, p, z.toPlay ?? null)).width;
  }, textPx, width - 2 * margin);
  const textTop = y - gap + margin * 0.8;
  const height = Math.ceil(textTop + (caption.length + rows.length) * lineH + margin);

  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, width, height);
  for (const l of panes) {
    drawMapBase(ctx, z.view, l);
    drawMapPieces(ctx, z.view, l, z.moves);
  }
  drawCaptionAndLegend(ctx, z.view, caption, rows, z.toPlay ?? null, margin, textTop, lineH, textPx);
  return { canvas, panes, textPx };
}

/** A legend entry: a seat (its pawn and name), the Cops, or who is in Jail. */
export type LegendItem = number | 'cops' | 'jail';

/** What a legend entry says: "Ana", "Ana: to play", "Cops", "In Jail: Bo, Cy". */
export function chipText(view: FenceView, p: LegendItem, toPlay: number | null, more = ''): string {
  if (p === 'cops') return 'Cops';
  if (p === 'jail') return `In Jail: ${view.seats.filter((s) => s.pawn === 'jail' && !s.out).map((s) => `${s.name}${s.seat === toPlay ? ' (to play)' : ''}`).join(', ')}`;
  const extra = [p === toPlay ? 'to play' : '', more].filter(Boolean).join(', ');
  return `${seatLabel(view, p)}${extra ? `: ${extra}` : ''}`;
}

/**
 * The legend in rows that fit `width`: the pieces shown, the seat to play (wherever they are),
 * the Cops, and who is in Jail.
 */
export function legendRows(view: FenceView, shown: ReadonlySet<number | 'cops'>, toPlay: number | null, textWidth: (p: LegendItem) => number, textPx: number, width: number, all = false): LegendItem[][] {
  const seats = view.seats.filter((s) => !s.out && (all || shown.has(s.seat) || s.seat === toPlay) && s.pawn !== 'jail').map((s) => s.seat as LegendItem);
  const jailed = view.seats.some((s) => s.pawn === 'jail' && !s.out);
  const items: LegendItem[] = [...seats, ...(shown.has('cops') ? ['cops' as const] : []), ...(jailed ? ['jail' as const] : [])];
  const chipW = (p: LegendItem) => (p === 'jail' ? 0 : textPx * 2.2) + textWidth(p) + textPx * 1.2;
  const rows: LegendItem[][] = [];
  for (const p of items) {
    const row = rows[rows.length - 1];
    if (row && row.reduce((n: number, q) => n + chipW(q), 0) + chipW(p) <= width) row.push(p);
    else rows.push([p]);
  }
  return rows;
}

/**
 * Draws the text under a map from (x0, top), a line of `lineH` each: the caption's lines, then
 * the legend rows, the seat to play in bold; `more` adds words after a seat's name.
 */
export function drawCaptionAndLegend(ctx: SKRSContext2D, view: FenceView, caption: readonly string[], rows: readonly LegendItem[][], toPlay: number | null, x0: number, top: number, lineH: number, textPx: number, more: (seat: number) => string = () => ''): void {
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  let ty = top + lineH / 2;
  ctx.font = font(textPx, true);
  ctx.fillStyle = C.text;
  for (const c of caption) {
    ctx.fillText(c, x0, ty);
    ty += lineH;
  }
  for (const row of rows) {
    let x = x0;
    for (const p of row) {
      const text = chipText(view, p, toPlay, typeof p === 'number' ? more(p) : '');
      let tx = x;
      if (p !== 'jail') {
        drawPiece(ctx, p, x + textPx * 0.8, ty, textPx * 0.8);
        tx = x + textPx * 2.2;
      }
      ctx.font = font(textPx, p === toPlay || (p === 'jail' && toPlay !== null && view.seats[toPlay]?.pawn === 'jail'));
      ctx.fillStyle = C.text;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, tx, ty);
      x = tx + ctx.measureText(text).width + textPx * 1.2;
    }
    ty += lineH;
  }
}
