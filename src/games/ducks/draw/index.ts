/**
 * Duck Pens' pictures: the board (fences in both colours, shaded pens, ducks/bread/eggs, the last
 * fences marked, the Automa's card dot) above each player's area; and the five specialty shapes
 * for the rules. Sized for a phone: 720 px wide, shown about half size.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font } from '../../../render/fonts.ts';
import type { DucksView, PlayerView } from '../views.ts';

const W = 720;
const CELL = 62;
const LEFT = 48;
const TOP = 70;

const C = {
  background: '#F4F1EA',
  field: '#E4EDCF',
  grid: '#C9D2B4',
  dot: '#7A8466',
  label: '#3F3A30',
  text: '#1F1D1A',
  muted: '#6B665C',
  red: '#D55E00',
  blue: '#0072B2',
  neutral: '#4A4A4A',
  last: '#FFD600',
  duck: '#F2C200',
  duckEdge: '#8A6D00',
  beak: '#E07000',
  bread: '#B9783C',
  breadTop: '#DDA15E',
  egg: '#FFFDF5',
  eggEdge: '#8C8474',
  box: '#FFFFFF',
  boxEdge: '#8C8474',
  panel: '#FFFFFF',
  panelEdge: '#D6D0C2',
} as const;

const colourOf = (c: 'red' | 'blue'): string => (c === 'red' ? C.red : C.blue);
const tint = (c: 'red' | 'blue', alpha: number): string => (c === 'red' ? `rgba(213,94,0,${alpha})` : `rgba(0,114,178,${alpha})`);

type Ctx = SKRSContext2D;

/** Canvas point of dot (x, y): y grows upwards on the board. */
const px = (size: number, x: number, y: number): [number, number] => [LEFT + x * CELL, TOP + (size - y) * CELL];

function duck(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.fillStyle = C.duck;
  ctx.strokeStyle = C.duckEdge;
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.beginPath();
  ctx.ellipse(cx, cy + r * 0.25, r, r * 0.7, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.beginPath();
  ctx.arc(cx + r * 0.55, cy - r * 0.45, r * 0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = C.beak;
  ctx.beginPath();
  ctx.moveTo(cx + r * 0.95, cy - r * 0.5);
  ctx.lineTo(cx + r * 1.45, cy - r * 0.35);
  ctx.lineTo(cx + r * 0.95, cy - r * 0.25);
  ctx.fill();
  ctx.fillStyle = C.text;
  ctx.beginPath();
  ctx.arc(cx + r * 0.65, cy - r * 0.55, r * 0.1, 0, Math.PI * 2);
  ctx.fill();
}

function bread(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.fillStyle = C.bread;
  ctx.strokeStyle = '#6B3F16';
  ctx.lineWidth = Math.max(1, r * 0.1);
  ctx.beginPath();
  ctx.roundRect(cx - r, cy - r * 0.6, r * 2, r * 1.3, r * 0.5);
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = C.breadTop;
  ctx.lineWidth = Math.max(1, r * 0.15);
  for (const dx of [-0.45, 0, 0.45]) {
    ctx.beginPath();
    ctx.moveTo(cx + r * (dx - 0.15), cy - r * 0.3);
    ctx.lineTo(cx + r * (dx + 0.15), cy + r * 0.1);
    ctx.stroke();
  }
}

function egg(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.fillStyle = C.egg;
  ctx.strokeStyle = C.eggEdge;
  ctx.lineWidth = Math.max(1, r * 0.12);
  ctx.beginPath();
  ctx.ellipse(cx, cy, r * 0.72, r, 0, 0, Math.PI * 2);
  ctx.fill();
  ctx.stroke();
}

/** A space's contents, centred in a box of side `s` at (x, y). */
function contents(ctx: Ctx, code: string, x: number, y: number, s: number): void {
  const cx = x + s / 2;
  const cy = y + s / 2;
  if (code === 'b') bread(ctx, cx, cy, s * 0.3);
  else if (code === 'e') egg(ctx, cx, cy, s * 0.3);
  else if (code === '1') duck(ctx, cx - s * 0.05, cy, s * 0.26);
  else if (code === '2') {
    duck(ctx, cx - s * 0.22, cy - s * 0.14, s * 0.18);
    duck(ctx, cx + s * 0.08, cy + s * 0.18, s * 0.18);
  } else if (code === '3') {
    duck(ctx, cx - s * 0.24, cy - s * 0.2, s * 0.15);
    duck(ctx, cx + s * 0.12, cy - s * 0.2, s * 0.15);
    duck(ctx, cx - s * 0.06, cy + s * 0.2, s * 0.15);
  }
}

function edgeLine(ctx: Ctx, size: number, e: number): void {
  const H = size * (size + 1);
  const dots = size + 1;
  let a: [number, number];
  let b: [number, number];
  if (e < H) {
    const y = Math.floor(e / size);
    const x = e % size;
    a = px(size, x, y);
    b = px(size, x + 1, y);
  } else {
    const y = Math.floor((e - H) / dots);
    const x = (e - H) % dots;
    a = px(size, x, y);
    b = px(size, x, y + 1);
  }
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

function text(ctx: Ctx, t: string, x: number, y: number, size: number, opts: { bold?: boolean; colour?: string; align?: 'left' | 'right' | 'center'; baseline?: 'middle' | 'top' } = {}): void {
  ctx.font = font(size, opts.bold);
  ctx.fillStyle = opts.colour ?? C.text;
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = opts.baseline ?? 'middle';
  ctx.fillText(t, x, y);
}

function boxes(ctx: Ctx, x: number, y: number, n: number, filled: number, s: number, colour: string): number {
  for (let i = 0; i < n; i++) {
    const bx = x + i * (s + 4);
    ctx.fillStyle = C.box;
    ctx.strokeStyle = C.boxEdge;
    ctx.lineWidth = 2;
    ctx.fillRect(bx, y, s, s);
    ctx.strokeRect(bx, y, s, s);
    if (i < filled) {
      ctx.strokeStyle = colour;
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.moveTo(bx + 4, y + 4);
      ctx.lineTo(bx + s - 4, y + s - 4);
      ctx.moveTo(bx + s - 4, y + 4);
      ctx.lineTo(bx + 4, y + s - 4);
      ctx.stroke();
    }
  }
  return x + n * (s + 4);
}

type ShapeCells = readonly (readonly [number, number])[];

function miniShape(ctx: Ctx, cells: ShapeCells, x: number, y: number, s: number, fill: string | null, edge: string): void {
  const h = Math.max(...cells.map((c) => c[1])) + 1;
  for (const [cx, cy] of cells) {
    const bx = x + cx * s;
    const by = y + (h - 1 - cy) * s;
    ctx.fillStyle = fill ?? C.box;
    ctx.fillRect(bx, by, s, s);
    ctx.strokeStyle = edge;
    ctx.lineWidth = 2;
    ctx.strokeRect(bx, by, s, s);
  }
}

const PANEL = 240;
const AUTOMA = 120;

function playerPanel(ctx: Ctx, v: DucksView, p: PlayerView, top: number): void {
  ctx.fillStyle = C.panel;
  ctx.strokeStyle = p.onTurn ? colourOf(p.colour) : C.panelEdge;
  ctx.lineWidth = p.onTurn ? 4 : 2;
  ctx.beginPath();
  ctx.roundRect(12, top, W - 24, PANEL - 10, 12);
  ctx.fill();
  ctx.stroke();
  const col = colourOf(p.colour);
  ctx.fillStyle = col;
  ctx.fillRect(26, top + 14, 24, 24);
  text(ctx, `${p.name}`, 60, top + 27, 26, { bold: true });
  text(ctx, `${p.score.total} pts`, W - 28, top + 27, 26, { bold: true, align: 'right', colour: col });
  // Re-rolls, bread, eggs.
  let x = 26;
  const row1 = top + 52;
  text(ctx, 'Re-roll', x, row1 + 13, 20, { bold: true, colour: C.muted });
  x += 88;
  let filled = p.area.rerolls;
  for (const n of v.rerollSections) {
    x = boxes(ctx, x, row1, n, Math.min(n, filled), 24, col) + 10;
    filled = Math.max(0, filled - n);
  }
  text(ctx, p.rerollsPerTurn ? `${p.rerollsPerTurn}×/turn` : '', x, row1 + 13, 20, { bold: true, colour: col });
  const row2 = top + 88;
  bread(ctx, 40, row2 + 12, 12);
  x = boxes(ctx, 62, row2, v.breadBoxes, p.area.bread, 24, col);
  if (p.bread) text(ctx, '+1 fence', x + 6, row2 + 13, 22, { bold: true, colour: col });
  egg(ctx, 300, row2 + 12, 12);
  x = boxes(ctx, 320, row2, v.eggBoxes, p.area.eggs, 24, col);
  if (p.egg) text(ctx, 'bend', x + 6, row2 + 13, 22, { bold: true, colour: col });
  if (p.area.pending) {
    // Duck boxes owed (captured, not yet crossed off): a duck and how many.
    text(ctx, `×${p.area.pending} to place`, W - 28, row2 + 13, 22, { bold: true, align: 'right', colour: C.text });
    duck(ctx, W - 28 - ctx.measureText(`×${p.area.pending} to place`).width - 20, row2 + 13, 11);
  }
  // The five shapes: outlined ones filled in, each with its duck row.
  const row3 = top + 124;
  const specialty = v.shapes.filter((s) => s.specialty);
  const slot = (W - 52) / specialty.length;
  specialty.forEach((sh, i) => {
    const sx = 26 + i * slot;
    const outlined = p.area.outlined.includes(sh.id);
    miniShape(ctx, sh.cells, sx, row3, 15, outlined ? col : null, outlined ? col : C.boxEdge);
    boxes(ctx, sx, row3 + 66, sh.duckBoxes, p.area.ducks[sh.id] ?? 0, 21, col);
  });
}

function automaPanel(ctx: Ctx, v: DucksView, top: number): void {
  const a = v.automa!;
  ctx.fillStyle = C.panel;
  ctx.strokeStyle = C.panelEdge;
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.roundRect(12, top, W - 24, AUTOMA - 10, 12);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = colourOf(a.colour);
  ctx.fillRect(26, top + 14, 24, 24);
  text(ctx, `Automa · ${a.left} card${a.left === 1 ? '' : 's'} left`, 60, top + 27, 24, { bold: true });
  if (a.card) {
    const sh = v.shapes.find((s) => s.id === a.card!.shape);
    text(ctx, `Card: this pen through dot ${a.card.dotName} (circled)`, 60, top + 62, 22, { colour: C.text });
    if (sh) miniShape(ctx, sh.cells, W - 40 - (Math.max(...sh.cells.map((c) => c[0])) + 1) * 22, top + 14, 22, tint(a.colour, 0.6), C.text);
  }
}

function board(v: DucksView) {
  const size = v.size;
  const boardPx = size * CELL;
  const panels = v.players.length * PANEL + (v.automa ? AUTOMA : 0);
  const height = TOP + boardPx + 44 + panels;
  const canvas = pictureCanvas(W, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, W, height);
  // Header: the turn and its dice.
  text(ctx, v.over ? 'Duck Pens · final board' : `Duck Pens · turn ${v.turn.number}`, 16, 30, 28, { bold: true });
  v.turn.dice.forEach((d, i) => {
    const x = W - 24 - (3 - i) * 44;
    ctx.fillStyle = colourOf(d);
    ctx.beginPath();
    ctx.roundRect(x, 10, 36, 36, 7);
    ctx.fill();
    text(ctx, String(i + 1), x + 18, 29, 20, { bold: true, colour: '#FFFFFF', align: 'center' });
  });
  // Field and pens.
  const [fx, fy] = px(size, 0, size);
  ctx.fillStyle = C.field;
  ctx.fillRect(fx, fy, boardPx, boardPx);
  const penOf = new Map<number, DucksView['pens'][number]>();
  for (const p of v.pens) for (const c of p.cells) penOf.set(c, p);
  for (let i = 0; i < size * size; i++) {
    const x = (i % size) + 1;
    const y = Math.floor(i / size) + 1;
    const [sx, sy] = px(size, x - 1, y);
    const pen = penOf.get(i);
    if (pen) {
      ctx.fillStyle = tint(pen.owner, pen.automa ? 0.22 : 0.42);
      ctx.fillRect(sx, sy, CELL, CELL);
      if (pen.automa) {
        // The Automa's own pens: hatched, their contents out of play.
        ctx.save();
        ctx.beginPath();
        ctx.rect(sx, sy, CELL, CELL);
        ctx.clip();
        ctx.strokeStyle = tint(pen.owner, 0.45);
        ctx.lineWidth = 3;
        for (let k = -CELL; k < CELL; k += 12) {
          ctx.beginPath();
          ctx.moveTo(sx + k, sy + CELL);
          ctx.lineTo(sx + k + CELL, sy);
          ctx.stroke();
        }
        ctx.restore();
      }
    }
    ctx.globalAlpha = pen?.automa ? 0.35 : 1;
    contents(ctx, v.contents[i] ?? '.', sx, sy, CELL);
    ctx.globalAlpha = 1;
  }
  // Grid and labels on the lines (fences go from dot to dot).
  ctx.strokeStyle = C.grid;
  ctx.lineWidth = 1;
  for (let k = 0; k <= size; k++) {
    const [ax, ay] = px(size, k, 0);
    const [bx, by] = px(size, k, size);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    const [cx, cy] = px(size, 0, k);
    const [dx, dy] = px(size, size, k);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(dx, dy);
    ctx.stroke();
    text(ctx, String.fromCharCode(65 + k), ax, ay + 24, 22, { bold: true, colour: C.label, align: 'center' });
    text(ctx, String(k + 1), LEFT - 12, cy, 22, { bold: true, colour: C.label, align: 'right' });
  }
  // Last fences under a glow, then every fence.
  ctx.lineCap = 'round';
  ctx.strokeStyle = C.last;
  ctx.lineWidth = 18;
  for (const e of v.lastEdges) edgeLine(ctx, size, e);
  for (let e = 0; e < v.fences.length; e++) {
    const f = v.fences[e];
    if (f === '.') continue;
    ctx.strokeStyle = f === 'r' ? C.red : f === 'b' ? C.blue : C.neutral;
    ctx.lineWidth = f === 'n' ? 6 : 8;
    edgeLine(ctx, size, e);
  }
  // Dots.
  ctx.fillStyle = C.dot;
  for (let x = 0; x <= size; x++) for (let y = 0; y <= size; y++) {
    const [dx, dy] = px(size, x, y);
    ctx.beginPath();
    ctx.arc(dx, dy, 3, 0, Math.PI * 2);
    ctx.fill();
  }
  // The Automa's dot (and the nearest ones when it is blocked).
  if (v.automa?.card) {
    ctx.strokeStyle = C.text;
    ctx.lineWidth = 4;
    for (const d of v.automa.card.dots) {
      const [dx, dy] = px(size, d[0], d[1]);
      ctx.beginPath();
      ctx.arc(dx, dy, 14, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
  let top = TOP + boardPx + 44;
  for (const p of v.players) {
    playerPanel(ctx, v, p, top);
    top += PANEL;
  }
  if (v.automa) automaPanel(ctx, v, top);
  return canvas;
}

function shapes(v: { shapes: { id: string; name: string; cells: ShapeCells; duckBoxes: number }[] }) {
  const slot = W / v.shapes.length;
  const canvas = pictureCanvas(W, 230);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, W, 230);
  text(ctx, 'The five specialty pens (turned or flipped)', W / 2, 28, 24, { bold: true, align: 'center' });
  v.shapes.forEach((sh, i) => {
    const w = Math.max(...sh.cells.map((c) => c[0])) + 1;
    const s = 30;
    miniShape(ctx, sh.cells, i * slot + (slot - w * s) / 2, 60, s, '#9CC27A', C.text);
    text(ctx, sh.name, i * slot + slot / 2, 200, 26, { bold: true, align: 'center' });
  });
  return canvas;
}

export default defineDrawings<{ board: DucksView; shapes: { shapes: { id: string; name: string; cells: ShapeCells; duckBoxes: number }[] } }>({ board, shapes });
