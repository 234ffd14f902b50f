/**
 * The side panels: status and players (the legend of pawn colours), Jail, and the current
 * round's Hot Goods. Built as plain boxes of rows, so later layers (Trading Post, boats) add
 * a box rather than change the layout.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { defOf, tileSetOfView, type FenceView } from '../views.ts';
import { parseNbId, type NbId } from '../geometry.ts';
import { font } from '../../../render/fonts.ts';
import { drawPiece } from './map.ts';
import { C } from './palette.ts';
import { drawDie } from './tiles.ts';
import { seatLabel, statusLine, waitingSeats } from '../alt.ts';

export type Chip = { kind: 'piece'; piece: number | 'cops' } | { kind: 'dice'; red: number; blue: number } | { kind: 'offLimits' } | { kind: 'none' };

export interface Row {
  chip: Chip;
  text: string;
  bold?: boolean;
  muted?: boolean;
}

export interface Box {
  title: string;
  rows: Row[];
}

const RESULT_TEXT = (view: FenceView, r: NonNullable<FenceView['hotGoods']>['rolls'][number]): string => {
  const tiles = (d: number | null) => (d === 0 ? 'on the tile' : `${d} tile${d === 1 ? '' : 's'}`);
  switch (r.result) {
    case 'won': return `${seatLabel(view, r.winner ?? -1)} wins (${tiles(r.distance)})`;
    case 'absent': return 'no such tile: wasted';
    case 'tie': return `tie (${tiles(r.distance)}): nobody`;
    case 'unreachable': return 'nobody can reach it';
    case 'cops': return `Cops nearer (${r.copsDistance} vs ${r.distance})`;
  }
};

export function panelBoxes(view: FenceView): Box[] {
  const building = view.phase === 'building';
  const acting = waitingSeats(view);
  const ext = view.extended;
  const head = building ? 'Map building' : view.phase === 'over' ? 'FENCE!' : ext?.rounds ? `Round ${view.round} of ${ext.rounds}` : `Round ${view.round}`;
  const boat = (seat: number) => (['red', 'blue'] as const).filter((c) => ext?.boats?.[c] === seat).map((c) => ` · ${c} boat`).join('');
  const players: Box = {
    title: `${head} · ${statusLine(view)}`,
    rows: view.seats.map((s) => {
      const where = s.out ? 'out' : s.pawn === 'jail' ? 'in Jail' : building ? `${s.tiles.length} tile${s.tiles.length === 1 ? '' : 's'}` : `${s.cards} card${s.cards === 1 ? '' : 's'}`;
      const now = acting.includes(s.seat);
      return { chip: { kind: 'piece', piece: s.seat } as Chip, text: `${now ? '▶ ' : ''}${s.name} · ${where}${boat(s.seat)}`, bold: now, muted: s.out };
    }),
  };
  if (view.cops) players.rows.push({ chip: { kind: 'piece', piece: 'cops' }, text: 'Cops' });
  if (view.offLimits.length > 0) players.rows.push({ chip: { kind: 'offLimits' }, text: 'off limits', muted: true });
  const boxes = [players];
  if (!building) {
    const jailed = view.seats.filter((s) => s.pawn === 'jail' && !s.out);
    boxes.push({
      title: 'Jail',
      rows: jailed.length
        ? jailed.map((s) => ({ chip: { kind: 'piece', piece: s.seat } as Chip, text: ext?.witnesses?.includes(s.seat) ? `${s.name} · Unreliable Witness` : s.name }))
        : [{ chip: { kind: 'none' }, text: 'empty', muted: true }],
    });
  }
  const marks = markerRows(view);
  if (marks.length) boxes.push({ title: 'On the map', rows: marks });
  if (view.hotGoods) {
    boxes.push({
      title: `Hot Goods · round ${view.hotGoods.round}`,
      rows: view.hotGoods.rolls.length
        ? view.hotGoods.rolls.map((r) => ({ chip: { kind: 'dice', red: r.red, blue: r.blue } as Chip, text: RESULT_TEXT(view, r), bold: r.result === 'won' }))
        : [{ chip: { kind: 'none' }, text: 'no rolls yet', muted: true }],
    });
  }
  return boxes;
}

/** The variants' markers in words: what each badge on the map means, and where it is. */
function markerRows(view: FenceView): Row[] {
  const ext = view.extended;
  if (!ext) return [];
  const rows: Row[] = [];
  const set = tileSetOfView(view);
  const nbName = (id: NbId) => {
    const { key, index } = parseNbId(id);
    return defOf(set, key).neighborhoods[index]?.name ?? id;
  };
  if (ext.ritzy) rows.push({ chip: { kind: 'none' }, text: `$ Ritzy Tile (${ext.ritzy.red},${ext.ritzy.blue}): double Hot Goods` });
  if (ext.tunnel?.length === 2) rows.push({ chip: { kind: 'none' }, text: `T Tunnel: ${nbName(ext.tunnel[0]!)} ↔ ${nbName(ext.tunnel[1]!)}` });
  if (ext.tradingPost) rows.push({ chip: { kind: 'none' }, text: `P Trading Post: ${nbName(ext.tradingPost)}` });
  return rows;
}

export interface PanelMetrics {
  unit: number;
  pad: number;
  rowH: number;
  titleH: number;
}

export const panelMetrics = (unit: number): PanelMetrics => ({ unit, pad: unit * 0.7, rowH: unit * 2.1, titleH: unit * 2.2 });

export const boxHeight = (b: Box, m: PanelMetrics): number => m.pad * 2 + m.titleH + b.rows.length * m.rowH;

/** Lays boxes out in columns of `width` (shortest column first); returns positions and the total size. */
export function flowBoxes(boxes: Box[], m: PanelMetrics, colW: number, cols: number, gap: number): { at: { box: Box; x: number; y: number; w: number; h: number }[]; width: number; height: number } {
  const heights = new Array<number>(cols).fill(0);
  const at = boxes.map((box) => {
    let c = 0;
    heights.forEach((h, i) => {
      if (h < (heights[c] as number)) c = i;
    });
    const y = heights[c] as number;
    const h = boxHeight(box, m);
    heights[c] = y + h + gap;
    return { box, x: c * (colW + gap), y, w: colW, h };
  });
  return { at, width: cols * colW + (cols - 1) * gap, height: Math.max(...heights) - gap };
}

export function drawBox(ctx: SKRSContext2D, b: Box, x: number, y: number, w: number, m: PanelMetrics): void {
  const h = boxHeight(b, m);
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, m.unit * 0.6);
  ctx.fillStyle = C.panel;
  ctx.fill();
  ctx.strokeStyle = C.panelEdge;
  ctx.lineWidth = Math.max(1, m.unit * 0.1);
  ctx.stroke();
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = font(m.unit * 1.15, true);
  ctx.fillStyle = C.text;
  ctx.fillText(ellipsize(ctx, b.title, w - 2 * m.pad), x + m.pad, y + m.pad + m.titleH / 2);
  b.rows.forEach((r, i) => {
    const cy = y + m.pad + m.titleH + i * m.rowH + m.rowH / 2;
    const chipW = drawChip(ctx, r.chip, x + m.pad, cy, m.unit);
    ctx.font = font(m.unit * 1.05, r.bold ?? false);
    ctx.fillStyle = r.muted ? C.muted : C.text;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    const tx = x + m.pad + chipW;
    ctx.fillText(ellipsize(ctx, r.text, x + w - m.pad - tx), tx, cy);
  });
}

/** Draws a row's chip at (x, cy); returns the width it took, gap included. */
function drawChip(ctx: SKRSContext2D, chip: Chip, x: number, cy: number, u: number): number {
  switch (chip.kind) {
    case 'piece':
      drawPiece(ctx, chip.piece, x + u * 0.8, cy, u * 0.8);
      return u * 2.2;
    case 'dice':
      drawDie(ctx, x, cy - u * 0.75, u * 1.5, chip.red, C.redDie);
      drawDie(ctx, x + u * 1.7, cy - u * 0.75, u * 1.5, chip.blue, C.blueDie);
      return u * 3.9;
    case 'offLimits': {
      ctx.save();
      ctx.beginPath();
      ctx.rect(x, cy - u * 0.75, u * 1.6, u * 1.5);
      ctx.fillStyle = C.land;
      ctx.fill();
      ctx.fillStyle = C.offLimits;
      ctx.fill();
      ctx.clip();
      ctx.beginPath();
      for (let d = -2; d < 4; d++) {
        ctx.moveTo(x + d * u * 0.5, cy - u * 0.75);
        ctx.lineTo(x + d * u * 0.5 + u * 1.5, cy + u * 0.75);
      }
      ctx.strokeStyle = C.offLimitsHatch;
      ctx.lineWidth = Math.max(1, u * 0.1);
      ctx.stroke();
      ctx.restore();
      return u * 2.2;
    }
    case 'none':
      return 0;
  }
}

export function ellipsize(ctx: SKRSContext2D, text: string, width: number): string {
  if (ctx.measureText(text).width <= width) return text;
  let s = text;
  while (s.length > 1 && ctx.measureText(`${s}…`).width > width) s = s.slice(0, -1);
  return `${s}…`;
}
