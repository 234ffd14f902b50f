/**
 * The Game of Fences board picture: a strip with the players and the dice, then the 15×15
 * board with column letters and row numbers, black lines, fences in their owners' colours (grey
 * with white stripes when neutral), pieces numbered per player, HOME with the pieces in it,
 * the start corners' stacks (one box per player with their piece numbers) and the last move
 * as an arrow. 52 px squares: about 830 px wide, so a phone's 390 px preview shows a square
 * at about 24 px with its numbers still readable.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { drawDieFace } from '../../../render/dice.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font } from '../../../render/fonts.ts';
import { BOARD, cellsOf, COLUMNS, HOME, SIZE, xOf, yOf } from '../board.ts';
import type { KimboView } from '../views.ts';

const CELL = 52;
const MARGIN = 30;
const TOP = 90;
const W = MARGIN + SIZE * CELL + 12;
const H = TOP + MARGIN + SIZE * CELL + 12;
const INK = '#1A1A1A';

const ox = MARGIN;
const oy = TOP + MARGIN;
const cx = (sq: number) => ox + xOf(sq) * CELL + CELL / 2;
const cy = (sq: number) => oy + yOf(sq) * CELL + CELL / 2;
const HOME_X = ox + 6 * CELL;
const HOME_Y = oy + 6 * CELL;
const centre = (sq: number): [number, number] => (sq === HOME ? [HOME_X + 1.5 * CELL, HOME_Y + 1.5 * CELL] : [cx(sq), cy(sq)]);

/** Ink that reads on a fill: black on light colours, white on dark. */
function inkOn(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  const lum = 0.299 * (n >> 16) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255);
  return lum > 140 ? '#000000' : '#FFFFFF';
}

function disc(ctx: SKRSContext2D, x: number, y: number, r: number, fill: string, label: string): void {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = INK;
  ctx.stroke();
  ctx.fillStyle = inkOn(fill);
  ctx.font = font(r * 1.25, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y + 1);
}

/** The segment of an edge, in pixels. */
function edgeLine(edge: number): [number, number, number, number] {
  const [a] = cellsOf(edge);
  const x = ox + xOf(a) * CELL;
  const y = oy + yOf(a) * CELL;
  return edge < 210 ? [x + CELL, y, x + CELL, y + CELL] : [x, y + CELL, x + CELL, y + CELL];
}

function drawHeader(ctx: SKRSContext2D, v: KimboView): void {
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  const colW = (W - 2 * MARGIN - 120) / Math.max(2, v.names.length);
  v.names.forEach((name, seat) => {
    const x = MARGIN + seat * colW;
    const y = 26;
    disc(ctx, x + 14, y, 14, v.colours[seat]!, 'NESW'[v.sides[seat]!]!);
    ctx.fillStyle = v.out[seat] ? '#888888' : INK;
    ctx.font = font(24, v.current === seat);
    ctx.textAlign = 'left';
    ctx.fillText(fit(ctx, name, colW - 36), x + 32, y);
    const home = (v.pieces[seat] ?? []).filter((p) => p === HOME).length;
    ctx.font = font(21, v.current === seat);
    ctx.fillText(v.out[seat] ? 'left' : `${home}/4 HOME${v.current === seat ? ' ◀' : ''}`, x + 32, y + 30);
  });
  if (v.dice) {
    v.dice.forEach((d, i) => drawDieFace(ctx, W - MARGIN - 112 + i * 58, 12, 48, d, { fill: '#FFFFFF', pip: INK, edge: INK }));
  }
}

function fit(ctx: SKRSContext2D, text: string, width: number): string {
  let t = text;
  while (t.length > 1 && ctx.measureText(t).width > width) t = t.slice(0, -1);
  return t === text ? t : `${t.slice(0, -1)}…`;
}

function drawBoard(ctx: SKRSContext2D): void {
  ctx.fillStyle = '#EFE6D2';
  ctx.fillRect(ox, oy, SIZE * CELL, SIZE * CELL);
  // Start areas, tinted.
  ctx.fillStyle = '#D9CDB2';
  for (const start of BOARD.data.starts) {
    for (const name of start.block) {
      const x = COLUMNS.indexOf(name[0]!);
      const y = Number(name.slice(1)) - 1;
      ctx.fillRect(ox + x * CELL, oy + y * CELL, CELL, CELL);
    }
  }
  // Entrance squares, marked with a soft ring colour.
  ctx.fillStyle = '#F7F0DF';
  for (const ent of BOARD.entrances) ctx.fillRect(ox + xOf(ent.square) * CELL, oy + yOf(ent.square) * CELL, CELL, CELL);
  // Grid.
  ctx.strokeStyle = '#B9AD94';
  ctx.lineWidth = 1;
  for (let i = 0; i <= SIZE; i++) {
    ctx.beginPath();
    ctx.moveTo(ox + i * CELL, oy);
    ctx.lineTo(ox + i * CELL, oy + SIZE * CELL);
    ctx.moveTo(ox, oy + i * CELL);
    ctx.lineTo(ox + SIZE * CELL, oy + i * CELL);
    ctx.stroke();
  }
  // HOME.
  ctx.fillStyle = '#FFF8E6';
  ctx.fillRect(HOME_X, HOME_Y, 3 * CELL, 3 * CELL);
  ctx.fillStyle = '#8A7A55';
  ctx.font = font(22, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('HOME', HOME_X + 1.5 * CELL, HOME_Y + 18);
  // Labels.
  ctx.fillStyle = INK;
  ctx.font = font(18, true);
  for (let i = 0; i < SIZE; i++) {
    ctx.fillText(COLUMNS[i]!, ox + i * CELL + CELL / 2, oy - MARGIN / 2);
    ctx.fillText(String(i + 1), ox - MARGIN / 2, oy + i * CELL + CELL / 2);
  }
  // Black lines: HOME's walls, start-area walls, printed lines, border.
  ctx.strokeStyle = INK;
  ctx.lineWidth = 6;
  ctx.lineCap = 'round';
  BOARD.edgeKind.forEach((k, e) => {
    if (k !== 'black') return;
    const [x1, y1, x2, y2] = edgeLine(e);
    ctx.beginPath();
    ctx.moveTo(x1, y1);
    ctx.lineTo(x2, y2);
    ctx.stroke();
  });
  ctx.lineWidth = 6;
  ctx.strokeRect(ox, oy, SIZE * CELL, SIZE * CELL);
  // Triangle slots: small marks where the fences start.
  ctx.fillStyle = '#6E6250';
  for (const e of BOARD.triangles.flat()) {
    const [x1, y1, x2, y2] = edgeLine(e);
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2;
    ctx.beginPath();
    ctx.moveTo(mx - 5, my - 5);
    ctx.lineTo(mx + 5, my - 5);
    ctx.lineTo(mx, my + 4);
    ctx.closePath();
    ctx.fill();
  }
}

function drawFences(ctx: SKRSContext2D, v: KimboView): void {
  for (const f of v.fences) {
    const [x1, y1, x2, y2] = edgeLine(f.slot);
    const horizontal = y1 === y2;
    const t = 11;
    const inset = 4;
    const rx = horizontal ? x1 + inset : x1 - t / 2;
    const ry = horizontal ? y1 - t / 2 : y1 + inset;
    const rw = horizontal ? x2 - x1 - 2 * inset : t;
    const rh = horizontal ? t : y2 - y1 - 2 * inset;
    ctx.fillStyle = f.neutral ? '#6B6B6B' : f.colour;
    ctx.fillRect(rx, ry, rw, rh);
    if (f.neutral) {
      ctx.strokeStyle = '#FFFFFF';
      ctx.lineWidth = 2;
      for (let i = 6; i < (horizontal ? rw : rh); i += 9) {
        ctx.beginPath();
        if (horizontal) {
          ctx.moveTo(rx + i, ry + 1);
          ctx.lineTo(rx + i - 5, ry + rh - 1);
        } else {
          ctx.moveTo(rx + 1, ry + i);
          ctx.lineTo(rx + rw - 1, ry + i - 5);
        }
        ctx.stroke();
      }
    }
    ctx.strokeStyle = INK;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(rx, ry, rw, rh);
  }
}

function drawLastMove(ctx: SKRSContext2D, v: KimboView): void {
  for (const p of v.last?.paths ?? []) {
    const pts = p.squares.map(centre);
    if (pts.length < 2) continue;
    ctx.setLineDash(p.jump ? [8, 6] : []);
    for (const [width, colour] of [[9, INK], [5, v.colours[p.seat] ?? '#FFFFFF']] as const) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = width;
      ctx.lineJoin = 'round';
      ctx.beginPath();
      pts.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
      ctx.stroke();
    }
    ctx.setLineDash([]);
    // Where it came from: a ring.
    const [sx, sy] = pts[0]!;
    ctx.strokeStyle = INK;
    ctx.lineWidth = 3;
    ctx.beginPath();
    ctx.arc(sx, sy, 9, 0, Math.PI * 2);
    ctx.fillStyle = v.colours[p.seat] ?? '#FFFFFF';
    ctx.fill();
    ctx.stroke();
    const [x2, y2] = pts[pts.length - 1]!;
    const [x1, y1] = pts[pts.length - 2]!;
    const a = Math.atan2(y2 - y1, x2 - x1);
    // The arrowhead sits just outside the piece that arrived.
    const back = CELL * 0.36 + 2;
    const tipX = x2 - Math.cos(a) * back;
    const tipY = y2 - Math.sin(a) * back;
    ctx.fillStyle = INK;
    ctx.beginPath();
    ctx.moveTo(tipX, tipY);
    ctx.lineTo(tipX - Math.cos(a - 0.45) * 22, tipY - Math.sin(a - 0.45) * 22);
    ctx.lineTo(tipX - Math.cos(a + 0.45) * 22, tipY - Math.sin(a + 0.45) * 22);
    ctx.closePath();
    ctx.fill();
  }
}

function drawPieces(ctx: SKRSContext2D, v: KimboView): void {
  const starts = new Set(BOARD.starts);
  const stacks = new Map<number, { seat: number; pieces: number[] }[]>();
  const home: { seat: number; piece: number }[] = [];
  const onSquares: { sq: number; seat: number; piece: number }[] = [];
  v.pieces.forEach((ps, seat) => ps.forEach((sq, piece) => {
    if (sq === HOME) home.push({ seat, piece });
    else if (starts.has(sq)) {
      const list = stacks.get(sq) ?? [];
      const mine = list.find((x) => x.seat === seat);
      if (mine) mine.pieces.push(piece);
      else list.push({ seat, pieces: [piece] });
      stacks.set(sq, list);
    } else if (sq >= 0) onSquares.push({ sq, seat, piece });
  }));
  // A start square: one box per player, growing from the board's corner into its start area
  // (which is rarely crowded), each with that player's piece numbers.
  for (const [sq, list] of stacks) {
    const east = xOf(sq) > 7;
    const south = yOf(sq) > 7;
    const size = 40;
    const gap = 3;
    const cornerX = ox + (east ? (xOf(sq) + 1) * CELL : xOf(sq) * CELL);
    const cornerY = oy + (south ? (yOf(sq) + 1) * CELL : yOf(sq) * CELL);
    list.sort((a, b) => a.seat - b.seat).forEach((entry, i) => {
      const dx = (i % 2) * (size + gap) + gap;
      const dy = Math.floor(i / 2) * (size + gap) + gap;
      const bx = east ? cornerX - dx - size : cornerX + dx;
      const by = south ? cornerY - dy - size : cornerY + dy;
      const fill = v.colours[entry.seat]!;
      ctx.fillStyle = fill;
      ctx.strokeStyle = INK;
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.roundRect(bx, by, size, size, 7);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = inkOn(fill);
      const label = entry.pieces.sort().map((p) => p + 1).join('');
      ctx.font = font(label.length <= 2 ? 22 : 15, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(label, bx + size / 2, by + size / 2 + 1);
    });
  }
  for (const p of onSquares) disc(ctx, cx(p.sq), cy(p.sq), CELL * 0.36, v.colours[p.seat]!, String(p.piece + 1));
  // HOME: pieces in rows under its title.
  home.sort((a, b) => a.seat - b.seat || a.piece - b.piece).forEach((p, i) => {
    const col = i % 4;
    const row = Math.floor(i / 4);
    disc(ctx, HOME_X + 24 + col * 36, HOME_Y + 48 + row * 30, 13, v.colours[p.seat]!, String(p.piece + 1));
  });
}

export function drawBoardPicture(v: KimboView) {
  const canvas = pictureCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FBF8F1';
  ctx.fillRect(0, 0, W, H);
  drawHeader(ctx, v);
  drawBoard(ctx);
  drawFences(ctx, v);
  drawLastMove(ctx, v);
  drawPieces(ctx, v);
  return canvas;
}

export default defineDrawings<{ board: KimboView }>({ board: drawBoardPicture });
