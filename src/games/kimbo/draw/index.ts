/**
 * The Game of Fences pictures. `board`: a strip with the players and the dice, then the 15×15
 * board with column letters and row numbers, black lines, fences in their owners' colours (grey
 * with white stripes when neutral), pieces numbered per player, HOME with the pieces in it, the
 * start corners' stacks (one box per player with their piece numbers) and the last move's path
 * (a piece that turned back in a dead end shows the way out and back side by side). `choice`:
 * the same board with a choice's labels where its options are (squares, fence slots, parts of
 * the board), the moves already chosen this turn as paths, or one part of the board larger.
 *
 * Phone first: a post is about 390 CSS px wide, so the 828 px picture shows at 0.47×; every
 * text is at least 24 px (11.3 CSS px there), a square about 24 CSS px.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { drawDieFace } from '../../../render/dice.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font } from '../../../render/fonts.ts';
import { BOARD, cellsOf, COLUMNS, HOME, SIZE, xOf, yOf } from '../board.ts';
import type { PiecePath } from '../state.ts';
import type { Area, KimboChoiceView, KimboView, Mark } from '../views.ts';

const CELL = 52;
const MARGIN = 36;
const TOP = 96;
const W = MARGIN + SIZE * CELL + 12;
const H = TOP + MARGIN + SIZE * CELL + 12;
const INK = '#1A1A1A';
/** The smallest text drawn: 11.3 CSS px when the picture is shown 390 CSS px wide. */
const TEXT = 24;

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
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(label, x, y + 1);
}

/** A box of a player's colour with their piece numbers, two to a line. */
function numberBox(ctx: SKRSContext2D, x: number, y: number, size: number, fill: string, pieces: number[]): void {
  ctx.fillStyle = fill;
  ctx.strokeStyle = INK;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(x, y, size, size, 7);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = inkOn(fill);
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const label = [...pieces].sort().map((p) => p + 1).join('');
  if (label.length <= 2) ctx.fillText(label, x + size / 2, y + size / 2 + 1);
  else {
    ctx.fillText(label.slice(0, 2), x + size / 2, y + size / 2 - 10);
    ctx.fillText(label.slice(2), x + size / 2, y + size / 2 + 12);
  }
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
  const colW = (W - 24 - 124) / Math.max(2, v.names.length);
  v.names.forEach((name, seat) => {
    const x = 12 + seat * colW;
    if (v.current === seat) {
      // Whose turn it is: their column lit.
      ctx.fillStyle = '#FFE9A8';
      ctx.strokeStyle = '#C9A227';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.roundRect(x, 6, colW - 6, TOP - 14, 10);
      ctx.fill();
      ctx.stroke();
    }
    disc(ctx, x + 24, 30, 17, v.colours[seat]!, 'NESW'[v.sides[seat]!]!);
    ctx.fillStyle = v.out[seat] ? '#888888' : INK;
    ctx.font = font(26, true);
    ctx.textAlign = 'left';
    ctx.fillText(fit(ctx, name, colW - 56), x + 46, 30);
    const home = (v.pieces[seat] ?? []).filter((p) => p === HOME).length;
    ctx.font = font(TEXT, false);
    ctx.fillText(v.out[seat] ? 'left' : `${home}/4 HOME`, x + 12, 66);
  });
  if (v.dice) {
    v.dice.forEach((d, i) => drawDieFace(ctx, W - 12 - 116 + i * 60, 22, 52, d, { fill: '#FFFFFF', pip: INK, edge: INK }));
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
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText('HOME', HOME_X + 1.5 * CELL, HOME_Y + 18);
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

/** Column letters and row numbers, for the columns and rows from `area` (the whole board by default). */
function drawCoordinates(ctx: SKRSContext2D, area: Area = { x0: 0, y0: 0, x1: SIZE - 1, y1: SIZE - 1 }): void {
  ctx.fillStyle = INK;
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = area.x0; i <= area.x1; i++) ctx.fillText(COLUMNS[i]!, ox + i * CELL + CELL / 2, oy - MARGIN / 2);
  for (let i = area.y0; i <= area.y1; i++) ctx.fillText(String(i + 1), ox - MARGIN / 2, oy + i * CELL + CELL / 2);
}

function drawFences(ctx: SKRSContext2D, v: KimboView, focus: readonly number[] = []): void {
  for (const f of v.fences) {
    const [x1, y1, x2, y2] = edgeLine(f.slot);
    const horizontal = y1 === y2;
    const t = 11;
    const inset = 4;
    const rx = horizontal ? x1 + inset : x1 - t / 2;
    const ry = horizontal ? y1 - t / 2 : y1 + inset;
    const rw = horizontal ? x2 - x1 - 2 * inset : t;
    const rh = horizontal ? t : y2 - y1 - 2 * inset;
    if (focus.includes(f.slot)) {
      // The fence being moved: a halo around it.
      ctx.fillStyle = '#FFD23F';
      ctx.fillRect(rx - 6, ry - 6, rw + 12, rh + 12);
    }
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

/**
 * The points a path is drawn through: square centres, except that where the piece turns back
 * (a dead end) the way back runs beside the way out, so the reversal shows.
 */
export function pathPoints(squares: readonly number[]): [number, number][] {
  const pts: [number, number][] = [];
  let sx = 0;
  let sy = 0;
  squares.forEach((sq, i) => {
    const [x, y] = centre(sq);
    pts.push([x + sx, y + sy]);
    const prev = squares[i - 1];
    if (prev !== undefined && squares[i + 1] === prev) {
      // Turns back here: the rest of the path moves aside, square to the way it came.
      const [px, py] = centre(prev);
      const len = Math.hypot(x - px, y - py) || 1;
      sx += (-(y - py) / len) * 12;
      sy += ((x - px) / len) * 12;
      pts.push([x + sx, y + sy]);
    }
  });
  return pts;
}

function drawPath(ctx: SKRSContext2D, p: PiecePath, colour: string): void {
  const pts = pathPoints(p.squares);
  if (pts.length < 2) return;
  ctx.setLineDash(p.jump ? [8, 6] : []);
  for (const [width, c] of [[9, INK], [5, colour]] as const) {
    ctx.strokeStyle = c;
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
  ctx.fillStyle = colour;
  ctx.fill();
  ctx.stroke();
  const [x2, y2] = pts[pts.length - 1]!;
  const [x1, y1] = pts[pts.length - 2]!;
  const a = Math.atan2(y2 - y1, x2 - x1);
  // The arrowhead sits just outside the piece that arrived.
  const back = Math.min(CELL * 0.36 + 2, Math.hypot(x2 - x1, y2 - y1) / 2);
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

function drawPieces(ctx: SKRSContext2D, v: KimboView): void {
  const starts = new Set(BOARD.starts);
  const stacks = new Map<number, { seat: number; pieces: number[] }[]>();
  const home = new Map<number, number[]>();
  const onSquares: { sq: number; seat: number; piece: number }[] = [];
  v.pieces.forEach((ps, seat) => ps.forEach((sq, piece) => {
    if (sq === HOME) home.set(seat, [...(home.get(seat) ?? []), piece]);
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
  const size = 49;
  const gap = 2;
  for (const [sq, list] of stacks) {
    const east = xOf(sq) > 7;
    const south = yOf(sq) > 7;
    const cornerX = ox + (east ? (xOf(sq) + 1) * CELL : xOf(sq) * CELL);
    const cornerY = oy + (south ? (yOf(sq) + 1) * CELL : yOf(sq) * CELL);
    list.sort((a, b) => a.seat - b.seat).forEach((entry, i) => {
      const dx = (i % 2) * (size + gap) + gap;
      const dy = Math.floor(i / 2) * (size + gap) + gap;
      numberBox(ctx, east ? cornerX - dx - size : cornerX + dx, south ? cornerY - dy - size : cornerY + dy, size, v.colours[entry.seat]!, entry.pieces);
    });
  }
  for (const p of onSquares) disc(ctx, cx(p.sq), cy(p.sq), CELL * 0.37, v.colours[p.seat]!, String(p.piece + 1));
  // HOME: one box per player under its title.
  [...home.entries()].sort(([a], [b]) => a - b).forEach(([seat, pieces], i) => {
    numberBox(ctx, HOME_X + 27 + (i % 2) * (size + 4), HOME_Y + 36 + Math.floor(i / 2) * (size + 4), size, v.colours[seat]!, pieces);
  });
}

/** Where a mark goes, and how it looks there. */
function drawMark(ctx: SKRSContext2D, m: Mark): void {
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const width = ctx.measureText(m.label).width;
  let x: number;
  let y: number;
  let fill = '#FFFFFF';
  if ('square' in m.at) {
    [x, y] = centre(m.at.square);
    // Half a square up or down, alternating by column: a label is wider than a square, and so
    // two side by side do not cover each other; a piece standing there still shows.
    if (m.at.square !== HOME) y += xOf(m.at.square) % 2 === 0 ? -12 : 12;
    else y += 30;
  } else if ('edge' in m.at) {
    const [x1, y1, x2, y2] = edgeLine(m.at.edge);
    x = (x1 + x2) / 2;
    y = (y1 + y2) / 2;
    fill = '#FFE066';
  } else {
    const a = m.at.area;
    x = ox + ((a.x0 + a.x1 + 1) / 2) * CELL;
    y = oy + ((a.y0 + a.y1 + 1) / 2) * CELL;
    ctx.strokeStyle = '#3A5BA0';
    ctx.lineWidth = 4;
    ctx.setLineDash([14, 8]);
    ctx.strokeRect(ox + a.x0 * CELL + 3, oy + a.y0 * CELL + 3, (a.x1 - a.x0 + 1) * CELL - 6, (a.y1 - a.y0 + 1) * CELL - 6);
    ctx.setLineDash([]);
  }
  const w = Math.max(30, width + 10);
  const h = 27;
  ctx.fillStyle = fill;
  ctx.strokeStyle = INK;
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - h / 2, w, h, 9);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = INK;
  ctx.fillText(m.label, x, y + 1);
}

/** The board part of a picture: board, coordinates, fences, paths, pieces. */
function drawPlay(ctx: SKRSContext2D, v: KimboView, paths: readonly PiecePath[], focus: readonly number[] = [], area?: Area): void {
  drawBoard(ctx);
  drawCoordinates(ctx, area);
  drawFences(ctx, v, focus);
  for (const p of paths) drawPath(ctx, p, v.colours[p.seat] ?? '#FFFFFF');
  drawPieces(ctx, v);
}

export function drawBoardPicture(v: KimboView): Canvas {
  const canvas = pictureCanvas(W, H);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FBF8F1';
  ctx.fillRect(0, 0, W, H);
  drawHeader(ctx, v);
  drawPlay(ctx, v, v.last?.paths ?? []);
  return canvas;
}

/**
 * A choice's picture. Whole: the board picture with the trails and the marks. Zoomed: the
 * area and half a square around it, drawn larger (the same drawing under a scale, so lines stay
 * sharp), its coordinates beside it, the marks at their size.
 */
export function drawChoicePicture(v: KimboChoiceView): Canvas {
  const paths = v.trails.length ? v.trails : v.last?.paths ?? [];
  if (!v.zoom) {
    const canvas = pictureCanvas(W, H);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#FBF8F1';
    ctx.fillRect(0, 0, W, H);
    drawHeader(ctx, v);
    drawPlay(ctx, v, paths, v.focus);
    for (const m of v.marks) drawMark(ctx, m);
    return canvas;
  }
  const a = v.zoom;
  const left = ox + (a.x0 - 0.5) * CELL;
  const top = oy + (a.y0 - 0.5) * CELL;
  const cropW = (a.x1 - a.x0 + 2) * CELL;
  const cropH = (a.y1 - a.y0 + 2) * CELL;
  const scale = (W - MARGIN) / cropW;
  const height = Math.round(MARGIN + cropH * scale);
  const canvas = pictureCanvas(W, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#FBF8F1';
  ctx.fillRect(0, 0, W, height);
  const toZoom = () => ctx.setTransform(scale, 0, 0, scale, MARGIN - left * scale, MARGIN - top * scale);
  ctx.save();
  ctx.beginPath();
  ctx.rect(MARGIN, MARGIN, W - MARGIN, height - MARGIN);
  ctx.clip();
  toZoom();
  drawBoard(ctx);
  drawFences(ctx, v, v.focus);
  for (const p of paths) drawPath(ctx, p, v.colours[p.seat] ?? '#FFFFFF');
  drawPieces(ctx, v);
  // Marks at their own size, where the zoomed board puts them.
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  for (const m of v.marks) {
    ctx.save();
    const at = markPoint(m);
    // Drawn at `at` unzoomed, moved to where the zoomed board has it.
    ctx.setTransform(1, 0, 0, 1, MARGIN - left * scale + at[0] * (scale - 1), MARGIN - top * scale + at[1] * (scale - 1));
    drawMark(ctx, m);
    ctx.restore();
  }
  ctx.restore();
  // Coordinates beside the zoomed part.
  ctx.fillStyle = INK;
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let i = a.x0; i <= a.x1; i++) ctx.fillText(COLUMNS[i]!, MARGIN + (ox + (i + 0.5) * CELL - left) * scale, MARGIN / 2);
  for (let i = a.y0; i <= a.y1; i++) ctx.fillText(String(i + 1), MARGIN / 2, MARGIN + (oy + (i + 0.5) * CELL - top) * scale);
  return canvas;
}

/** The point a mark is centred on, unzoomed. */
function markPoint(m: Mark): [number, number] {
  if ('square' in m.at) return centre(m.at.square);
  if ('edge' in m.at) {
    const [x1, y1, x2, y2] = edgeLine(m.at.edge);
    return [(x1 + x2) / 2, (y1 + y2) / 2];
  }
  const a = m.at.area;
  return [ox + ((a.x0 + a.x1 + 1) / 2) * CELL, oy + ((a.y0 + a.y1 + 1) / 2) * CELL];
}

export default defineDrawings<{ board: KimboView; choice: KimboChoiceView }>({ board: drawBoardPicture, choice: drawChoicePicture });
