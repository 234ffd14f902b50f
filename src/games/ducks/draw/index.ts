/**
 * Duck Pens' pictures, 720 px wide and legible at a phone's 390 (every text at least 22 px:
 * 12 CSS px there).
 * - `board`: who is to play and the dice; the board (fences in both colours, shaded pens,
 *   ducks, bread and eggs, the turn's new fences glowing, the Automa's card dot); each player's
 *   area; once the game is scored, the score by its parts and the verdict.
 * - `choice`: a level of a seat's choice: the seat and the question, the dice and the level's
 *   verbs as labels, the board with every candidate (a fence or an Automa pen) drawn and
 *   numbered where it is, the pens a candidate would close shaded with its number.
 * - `shapes`: the five specialty pens, for the rules.
 * Dots are named by the letters and numbers along the board's lines; spaces are never named
 * on a picture, so no name means two things.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font } from '../../../render/fonts.ts';
import { wrapLines } from '../../../render/text.ts';
import type { DucksChoiceView, DucksMark, DucksView, Ending, PlayerView, Tone } from '../views.ts';

const W = 720;
const CELL = 62;
const LEFT = 48;
/** The smallest text drawn: 22 px on 720 is 11.9 CSS px at 390. */
const SMALL = 22;
const LABEL = 24;

const C = {
  background: '#F4F1EA',
  field: '#E4EDCF',
  grid: '#C9D2B4',
  dot: '#7A8466',
  label: '#3F3A30',
  text: '#1F1D1A',
  muted: '#5E5950',
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
  mine: '#1E7D46',
  theirs: '#B3261E',
} as const;

const colourOf = (c: 'red' | 'blue'): string => (c === 'red' ? C.red : C.blue);
const tint = (c: 'red' | 'blue', alpha: number): string => (c === 'red' ? `rgba(213,94,0,${alpha})` : `rgba(0,114,178,${alpha})`);

type Ctx = SKRSContext2D;

/** A context for measuring text before a picture's height is known. */
let measuring: Ctx | null = null;
const measurer = (): Ctx => (measuring ??= createCanvas(1, 1).getContext('2d'));

/** Canvas point of dot (x, y) on a board whose top edge is at `top`: y grows upwards on the board. */
const px = (size: number, top: number, x: number, y: number): [number, number] => [LEFT + x * CELL, top + (size - y) * CELL];

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

/** An edge's two ends on the canvas. */
function edgeEnds(size: number, top: number, e: number): [[number, number], [number, number]] {
  const H = size * (size + 1);
  if (e < H) {
    const y = Math.floor(e / size);
    const x = e % size;
    return [px(size, top, x, y), px(size, top, x + 1, y)];
  }
  const y = Math.floor((e - H) / (size + 1));
  const x = (e - H) % (size + 1);
  return [px(size, top, x, y), px(size, top, x, y + 1)];
}

function edgeLine(ctx: Ctx, size: number, top: number, e: number): void {
  const [a, b] = edgeEnds(size, top, e);
  ctx.beginPath();
  ctx.moveTo(a[0], a[1]);
  ctx.lineTo(b[0], b[1]);
  ctx.stroke();
}

function text(ctx: Ctx, t: string, x: number, y: number, size: number, opts: { bold?: boolean; colour?: string; align?: 'left' | 'right' | 'center'; baseline?: 'middle' | 'top' } = {}): void {
  ctx.font = font(Math.max(SMALL, size), opts.bold);
  ctx.fillStyle = opts.colour ?? C.text;
  ctx.textAlign = opts.align ?? 'left';
  ctx.textBaseline = opts.baseline ?? 'middle';
  ctx.fillText(t, x, y);
}

/** Words broken into lines no wider than `width` at `size`. */
function lines(ctx: Ctx, t: string, size: number, bold: boolean, width: number): string[] {
  ctx.font = font(size, bold);
  return wrapLines(ctx, t, width);
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

/**
 * The dice from `x` (their left) at `y` (their top), each with its colour's letter (a choice's
 * labels are numbers: the dice carry none); returns where they end.
 */
function dice(ctx: Ctx, v: DucksView, x: number, y: number): number {
  v.turn.dice.forEach((d, i) => {
    ctx.fillStyle = colourOf(d);
    ctx.beginPath();
    ctx.roundRect(x + i * 46, y, 40, 40, 8);
    ctx.fill();
    text(ctx, d === 'red' ? 'R' : 'B', x + i * 46 + 20, y + 21, SMALL, { bold: true, colour: '#FFFFFF', align: 'center' });
  });
  return x + v.turn.dice.length * 46;
}

const PILL = { fill: { plain: '#FFFFFF', mine: C.mine, theirs: C.theirs } as Record<Tone, string>, ink: { plain: C.text, mine: '#FFFFFF', theirs: '#FFFFFF' } as Record<Tone, string> };

/** A label as a pill centred at (x, y): the exact text of an option's label. */
function pill(ctx: Ctx, label: string, x: number, y: number, tone: Tone, edge: string): number {
  ctx.font = font(LABEL, true);
  const w = Math.max(34, ctx.measureText(label).width + 16);
  const h = 32;
  ctx.fillStyle = PILL.fill[tone];
  ctx.strokeStyle = tone === 'plain' ? edge : '#FFFFFF';
  ctx.lineWidth = 3;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - h / 2, w, h, 10);
  ctx.fill();
  ctx.stroke();
  text(ctx, label, x, y + 1, LABEL, { bold: true, colour: PILL.ink[tone], align: 'center' });
  return w;
}

// ---- The board --------------------------------------------------------------------------------

/** The field, its pens and contents, the grid and the dots' names, fences (the new ones glowing), the Automa's dots. */
function field(ctx: Ctx, v: DucksView, top: number, under: (ctx: Ctx) => void = () => {}, names = true): void {
  const size = v.size;
  const boardPx = size * CELL;
  const [fx, fy] = px(size, top, 0, size);
  ctx.fillStyle = C.field;
  ctx.fillRect(fx, fy, boardPx, boardPx);
  const penOf = new Map<number, DucksView['pens'][number]>();
  for (const p of v.pens) for (const c of p.cells) penOf.set(c, p);
  for (let i = 0; i < size * size; i++) {
    const x = (i % size) + 1;
    const y = Math.floor(i / size) + 1;
    const [sx, sy] = px(size, top, x - 1, y);
    const pen = penOf.get(i);
    if (pen) {
      ctx.fillStyle = tint(pen.owner, pen.automa ? 0.22 : 0.42);
      ctx.fillRect(sx, sy, CELL, CELL);
      if (pen.automa) hatch(ctx, sx, sy, tint(pen.owner, 0.45));
    }
    ctx.globalAlpha = pen?.automa ? 0.35 : 1;
    contents(ctx, v.contents[i] ?? '.', sx, sy, CELL);
    ctx.globalAlpha = 1;
  }
  under(ctx);
  // The grid, and the dots' names along its lines (fences go from dot to dot).
  ctx.strokeStyle = C.grid;
  ctx.lineWidth = 1;
  for (let k = 0; k <= size; k++) {
    const [ax, ay] = px(size, top, k, 0);
    const [bx, by] = px(size, top, k, size);
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(bx, by);
    ctx.stroke();
    const [cx, cy] = px(size, top, 0, k);
    const [dx, dy] = px(size, top, size, k);
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.lineTo(dx, dy);
    ctx.stroke();
    if (!names) continue;
    text(ctx, String.fromCharCode(65 + k), ax, ay + 26, SMALL, { bold: true, colour: C.label, align: 'center' });
    text(ctx, String(k + 1), LEFT - 12, cy, SMALL, { bold: true, colour: C.label, align: 'right' });
  }
  ctx.lineCap = 'round';
  ctx.strokeStyle = C.last;
  ctx.lineWidth = 18;
  for (const e of v.lastEdges) edgeLine(ctx, size, top, e);
  for (let e = 0; e < v.fences.length; e++) {
    const f = v.fences[e];
    if (f === '.') continue;
    ctx.strokeStyle = f === 'r' ? C.red : f === 'b' ? C.blue : C.neutral;
    ctx.lineWidth = f === 'n' ? 6 : 8;
    edgeLine(ctx, size, top, e);
  }
  ctx.fillStyle = C.dot;
  for (let x = 0; x <= size; x++) for (let y = 0; y <= size; y++) {
    const [dx, dy] = px(size, top, x, y);
    ctx.beginPath();
    ctx.arc(dx, dy, 3, 0, Math.PI * 2);
    ctx.fill();
  }
  // The Automa's dot (and the nearest ones when it is blocked).
  if (v.automa?.card) {
    ctx.strokeStyle = C.text;
    ctx.lineWidth = 4;
    for (const d of v.automa.card.dots) {
      const [dx, dy] = px(size, top, d[0], d[1]);
      ctx.beginPath();
      ctx.arc(dx, dy, 14, 0, Math.PI * 2);
      ctx.stroke();
    }
  }
}

function hatch(ctx: Ctx, sx: number, sy: number, colour: string): void {
  ctx.save();
  ctx.beginPath();
  ctx.rect(sx, sy, CELL, CELL);
  ctx.clip();
  ctx.strokeStyle = colour;
  ctx.lineWidth = 3;
  for (let k = -CELL; k < CELL; k += 12) {
    ctx.beginPath();
    ctx.moveTo(sx + k, sy + CELL);
    ctx.lineTo(sx + k + CELL, sy);
    ctx.stroke();
  }
  ctx.restore();
}

/** The height of the field with its letters below. */
const FIELD = (v: DucksView): number => v.size * CELL + 44;

const PANEL = 218;
const AUTOMA = 110;
/** The Automa's panel: its cards left, and the card turned if any. */
const automaHeight = (v: DucksView): number => (v.automa?.card ? AUTOMA : 62);

function panelBox(ctx: Ctx, top: number, h: number, edge: string, width: number): void {
  ctx.fillStyle = C.panel;
  ctx.strokeStyle = edge;
  ctx.lineWidth = width;
  ctx.beginPath();
  ctx.roundRect(12, top, W - 24, h - 10, 12);
  ctx.fill();
  ctx.stroke();
}

function playerPanel(ctx: Ctx, v: DucksView, p: PlayerView, top: number): void {
  panelBox(ctx, top, PANEL, p.onTurn ? colourOf(p.colour) : C.panelEdge, p.onTurn ? 5 : 2);
  const col = colourOf(p.colour);
  ctx.fillStyle = col;
  ctx.fillRect(26, top + 14, 24, 24);
  text(ctx, p.onTurn ? `${p.name} · to play` : p.name, 60, top + 27, 26, { bold: true });
  text(ctx, `${p.score.total} pts`, W - 28, top + 27, 26, { bold: true, align: 'right', colour: col });
  let x = 26;
  const row1 = top + 50;
  text(ctx, 'Re-roll', x, row1 + 13, SMALL, { bold: true, colour: C.muted });
  x += 88;
  let filled = p.area.rerolls;
  for (const n of v.rerollSections) {
    x = boxes(ctx, x, row1, n, Math.min(n, filled), 24, col) + 10;
    filled = Math.max(0, filled - n);
  }
  if (p.rerollsPerTurn) text(ctx, `${p.rerollsPerTurn}×/turn`, x, row1 + 13, SMALL, { bold: true, colour: col });
  const row2 = top + 84;
  bread(ctx, 40, row2 + 12, 12);
  x = boxes(ctx, 62, row2, v.breadBoxes, p.area.bread, 24, col);
  if (p.bread) text(ctx, '+1 fence', x + 6, row2 + 13, SMALL, { bold: true, colour: col });
  egg(ctx, 300, row2 + 12, 12);
  x = boxes(ctx, 320, row2, v.eggBoxes, p.area.eggs, 24, col);
  if (p.egg) text(ctx, 'bend', x + 6, row2 + 13, SMALL, { bold: true, colour: col });
  if (p.area.pending) {
    // Duck boxes owed (captured, not yet crossed off): a duck and how many.
    const owed = `×${p.area.pending} to place`;
    text(ctx, owed, W - 28, row2 + 13, SMALL, { bold: true, align: 'right', colour: C.text });
    duck(ctx, W - 28 - ctx.measureText(owed).width - 20, row2 + 13, 11);
  }
  // The five shapes, each named as its row's button is: outlined ones filled in, each with its duck row.
  const row3 = top + 118;
  const specialty = v.shapes.filter((s) => s.specialty);
  const slot = (W - 52) / specialty.length;
  specialty.forEach((sh, i) => {
    const sx = 26 + i * slot;
    const outlined = p.area.outlined.includes(sh.id);
    miniShape(ctx, sh.cells, sx, row3, 14, outlined ? col : null, outlined ? col : C.boxEdge);
    const wide = (Math.max(...sh.cells.map((c) => c[0])) + 1) * 14;
    text(ctx, sh.name, sx + wide + 6, row3 + 12, SMALL, { bold: true, colour: outlined ? col : C.muted });
    boxes(ctx, sx, row3 + 62, sh.duckBoxes, p.area.ducks[sh.id] ?? 0, 20, col);
  });
}

function automaPanel(ctx: Ctx, v: DucksView, top: number): void {
  const a = v.automa!;
  panelBox(ctx, top, automaHeight(v), C.panelEdge, 2);
  ctx.fillStyle = colourOf(a.colour);
  ctx.fillRect(26, top + 14, 24, 24);
  text(ctx, `Automa · ${a.left} card${a.left === 1 ? '' : 's'} left`, 60, top + 27, 24, { bold: true });
  if (a.card) {
    const sh = v.shapes.find((s) => s.id === a.card!.shape);
    text(ctx, `Card: this pen through dot ${a.card.dotName} (circled)`, 60, top + 64, SMALL, { colour: C.text });
    if (sh) miniShape(ctx, sh.cells, W - 40 - (Math.max(...sh.cells.map((c) => c[0])) + 1) * 22, top + 14, 22, tint(a.colour, 0.6), C.text);
  }
}

const ROW = 38;

/** The height of the score table: its rows, and the verdict's lines. */
const tableHeight = (e: Ending, verdictLines: number): number => 58 + 6 * ROW + verdictLines * 30 + 20;

/** The end of a scored game: why, each player's points by part, the verdict. */
function scoreTable(ctx: Ctx, e: Ending, top: number, verdict: string[]): void {
  panelBox(ctx, top, tableHeight(e, verdict.length), C.text, 3);
  text(ctx, `Score · ${e.why}`, 26, top + 26, 24, { bold: true });
  const labelW = 290;
  const colW = (W - 40 - labelW) / Math.max(1, e.rows.length);
  const colX = (i: number) => 20 + labelW + colW * i + colW / 2;
  let y = top + 66;
  e.rows.forEach((r, i) => {
    ctx.fillStyle = colourOf(r.colour);
    ctx.fillRect(colX(i) - colW / 2 + 6, y - 16, 8, 32);
    text(ctx, r.name, colX(i), y, SMALL, { bold: true, align: 'center', colour: colourOf(r.colour) });
  });
  const rows: [string, (r: Ending['rows'][number]) => string, boolean][] = [
    ['Largest group of pens', (r) => String(r.group), false],
    ['Shapes outlined', (r) => (r.outlined ? `${r.outlined} → ${r.shapePoints}` : '0'), false],
    ['Ducks in full rows', (r) => (r.fullRows.length ? `${r.duckPoints} (${r.fullRows.map((f) => f.name).join(', ')})` : '0'), false],
    ['Points', (r) => String(r.total), true],
    ['Ducks penned (tie-break)', (r) => String(r.ducks), false],
  ];
  for (const [label, value, bold] of rows) {
    y += ROW;
    ctx.strokeStyle = C.panelEdge;
    ctx.lineWidth = 1;
    ctx.beginPath();
    ctx.moveTo(24, y - ROW / 2);
    ctx.lineTo(W - 24, y - ROW / 2);
    ctx.stroke();
    text(ctx, label, 26, y, SMALL, { bold, colour: bold ? C.text : C.muted });
    e.rows.forEach((r, i) => text(ctx, value(r), colX(i), y, bold ? 26 : SMALL, { bold, align: 'center' }));
  }
  y += ROW + 4;
  verdict.forEach((l, k) => text(ctx, l, 26, y + k * 30, SMALL, { bold: true }));
}

function board(v: DucksView) {
  const measure = measurer();
  const verdict = v.ending ? lines(measure, `${v.ending.verdict}.`, SMALL, true, W - 52) : [];
  const HEAD = 64;
  const panels = v.players.length * PANEL + (v.automa ? automaHeight(v) : 0) + (v.ending ? tableHeight(v.ending, verdict.length) : 0);
  const height = HEAD + 10 + FIELD(v) + panels;
  const canvas = pictureCanvas(W, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, W, height);
  // Who is to play, and the dice.
  const who = v.over ? [] : v.players.filter((p) => p.onTurn || p.area.pending > 0);
  const head = v.over ? 'Duck Pens · final board' : `Turn ${v.turn.number}${who.length ? ` · ${who.map((p) => p.name).join(' and ')} to play` : ''}`;
  if (who[0]) {
    ctx.fillStyle = colourOf(who[0].colour);
    ctx.fillRect(16, 20, 24, 24);
  }
  text(ctx, head, who[0] ? 50 : 16, 32, 28, { bold: true });
  dice(ctx, v, W - 16 - v.turn.dice.length * 46, 12);
  field(ctx, v, HEAD + 10);
  let top = HEAD + 10 + FIELD(v);
  if (v.ending) {
    scoreTable(ctx, v.ending, top, verdict);
    top += tableHeight(v.ending, verdict.length);
  }
  for (const p of v.players) {
    playerPanel(ctx, v, p, top);
    top += PANEL;
  }
  if (v.automa) automaPanel(ctx, v, top);
  return canvas;
}

// ---- A choice ---------------------------------------------------------------------------------

/**
 * A choice's picture: the seat and question, dice and verbs; then the board with the candidates
 * numbered, or, for the Automa's pen, each placement on its own part of the board (pens drawn
 * one over another could not be told apart).
 */
function choice(v: DucksChoiceView) {
  const measure = measurer();
  const title = lines(measure, v.title, 26, true, W - 32);
  const titleH = 12 + title.length * 34;
  const places = v.marks.filter((m): m is Extract<DucksMark, { place: unknown }> => 'place' in m);
  // The dice matter to fences, not to the Automa's pen.
  const showDice = !v.marks.some((m) => !('fence' in m)) && v.turn.dice.length > 0;
  const HEAD = titleH + (showDice || v.verbs.length ? 56 : 0);
  const gallery = places.length > 0;
  const height = HEAD + 10 + (gallery ? galleryHeight(places.length) : FIELD(v));
  const canvas = pictureCanvas(W, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, W, height);
  ctx.fillStyle = colourOf(v.colour);
  ctx.fillRect(0, 0, 10, HEAD);
  title.forEach((l, k) => text(ctx, l, 20, 28 + k * 34, 26, { bold: true }));
  // The dice, then the level's verbs as the buttons show them.
  let x = (showDice ? dice(ctx, v, 20, titleH) : 20) + 14;
  for (const verb of v.verbs) x += pill(ctx, verb, x + measurePill(ctx, verb) / 2, titleH + 20, 'plain', C.text) + 12;
  const top = HEAD + 10;
  if (gallery) return placementGallery(ctx, v, places, top), canvas;
  field(ctx, v, top, (c) => wouldPens(c, v, top));
  if (v.placed) placedPen(ctx, v, v.placed, v.automa?.colour ?? (v.colour === 'red' ? 'blue' : 'red'), top);
  const lane = lanes(v);
  for (const m of v.marks) if ('fence' in m) candidate(ctx, v, m, top, lane.get(m) ?? 0);
  for (const m of v.marks) markLabel(ctx, v, m, top, lane.get(m) ?? 0);
  const taken = v.marks.map((m) => labelPoint(v, m, top, lane.get(m) ?? 0)).filter((p): p is [number, number] => p !== null);
  for (const w of v.would) penLabels(ctx, v, w, top, taken);
  return canvas;
}

const TILE = 164;
const TILE_GAP = 14;
const CAPTION = 30;
const COLUMNS = 4;
const galleryHeight = (n: number): number => Math.ceil(n / COLUMNS) * (TILE + CAPTION + TILE_GAP);

/**
 * The Automa's placements side by side: each on the part of the board around it (the pens it
 * would close included), outlined, its number in the corner, what leaves play beneath.
 */
function placementGallery(ctx: Ctx, v: DucksChoiceView, places: readonly Extract<DucksMark, { place: unknown }>[], top: number): void {
  const automa = v.automa?.colour ?? (v.colour === 'red' ? 'blue' : 'red');
  const left = (W - COLUMNS * TILE - (COLUMNS - 1) * TILE_GAP) / 2;
  places.forEach((m, i) => {
    const tx = left + (i % COLUMNS) * (TILE + TILE_GAP);
    const ty = top + Math.floor(i / COLUMNS) * (TILE + CAPTION + TILE_GAP);
    const would = v.would.filter((w) => w.labels.includes(m.label));
    const cells = [...m.place.cells, ...would.flatMap((w) => w.cells)];
    const xs = cells.map((c) => c % v.size);
    const ys = cells.map((c) => Math.floor(c / v.size));
    // A square window of whole spaces around them, a space of margin where the board allows.
    const span = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) + 3;
    const x0 = Math.max(0, Math.min(v.size - span, Math.round((Math.min(...xs) + Math.max(...xs) + 1 - span) / 2)));
    const y0 = Math.max(0, Math.min(v.size - span, Math.round((Math.min(...ys) + Math.max(...ys) + 1 - span) / 2)));
    const scale = TILE / (Math.min(span, v.size) * CELL);
    ctx.save();
    ctx.beginPath();
    ctx.rect(tx, ty, TILE, TILE);
    ctx.clip();
    // Board row y0 + span − 1 (from the bottom) at the tile's top.
    const [ox, oy] = px(v.size, 0, x0, y0 + Math.min(span, v.size));
    ctx.translate(tx - ox * scale, ty - oy * scale);
    ctx.scale(scale, scale);
    field(ctx, v, 0, (c) => wouldPens(c, { ...v, would }, 0), false);
    placedPen(ctx, v, m.place.cells, automa, 0);
    ctx.restore();
    ctx.strokeStyle = m.tone === 'plain' ? C.panelEdge : m.tone === 'mine' ? C.mine : C.theirs;
    ctx.lineWidth = m.tone === 'plain' ? 2 : 5;
    ctx.strokeRect(tx, ty, TILE, TILE);
    pill(ctx, m.label, tx + 22, ty + 20, m.tone, colourOf(automa));
    const ducks = m.place.cells.reduce((n, c) => n + (Number(v.contents[c]) || 0), 0);
    text(ctx, ducks ? `${ducks} duck${ducks === 1 ? '' : 's'} lost` : 'no duck lost', tx + TILE / 2, ty + TILE + CAPTION / 2 + 2, SMALL, { bold: ducks === 0, colour: C.text, align: 'center' });
  });
}

/** An Automa pen as it would stand: its spaces shaded and hatched, its outline drawn. */
function placedPen(ctx: Ctx, v: DucksView, cells: readonly number[], colour: 'red' | 'blue', top: number): void {
  const inside = new Set(cells);
  for (const c of cells) {
    const [sx, sy] = px(v.size, top, c % v.size, Math.floor(c / v.size) + 1);
    ctx.fillStyle = tint(colour, 0.3);
    ctx.fillRect(sx, sy, CELL, CELL);
    hatch(ctx, sx, sy, tint(colour, 0.5));
  }
  ctx.lineCap = 'round';
  // Under a glow, as the board marks new fences: the Automa's older pens look the same otherwise.
  for (const [stroke, width] of [[C.last, 24], [colourOf(colour), 10]] as const) for (const c of cells) {
    ctx.strokeStyle = stroke;
    ctx.lineWidth = width;
    const x = c % v.size;
    const y = Math.floor(c / v.size);
    const [sx, sy] = px(v.size, top, x, y + 1);
    const sides: [boolean, number, number, number, number][] = [
      [!inside.has(c + v.size) || y === v.size - 1, sx, sy, sx + CELL, sy],
      [!inside.has(c - v.size) || y === 0, sx, sy + CELL, sx + CELL, sy + CELL],
      [x === 0 || !inside.has(c - 1), sx, sy, sx, sy + CELL],
      [x === v.size - 1 || !inside.has(c + 1), sx + CELL, sy, sx + CELL, sy + CELL],
    ];
    for (const [open, x1, y1, x2, y2] of sides) {
      if (!open) continue;
      ctx.beginPath();
      ctx.moveTo(x1, y1);
      ctx.lineTo(x2, y2);
      ctx.stroke();
    }
  }
}

function measurePill(ctx: Ctx, label: string): number {
  ctx.font = font(LABEL, true);
  return Math.max(34, ctx.measureText(label).width + 16);
}

/** The pens candidates would close, shaded and hatched in their would-be owner's colour. */
function wouldPens(ctx: Ctx, v: DucksChoiceView, top: number): void {
  for (const w of v.would) for (const c of w.cells) {
    const [sx, sy] = px(v.size, top, c % v.size, Math.floor(c / v.size) + 1);
    ctx.fillStyle = tint(w.owner, 0.25);
    ctx.fillRect(sx, sy, CELL, CELL);
    hatch(ctx, sx, sy, tint(w.owner, 0.55));
  }
}

/**
 * Lanes for candidate fences: fences that share a stretch of line are drawn side by side, each
 * on a lane of its own (the first on the line itself, then either side of it), so each can be
 * followed from its label to its ends. Returns each fence mark's lane.
 */
function lanes(v: DucksChoiceView): Map<DucksMark, number> {
  const taken = new Map<string, Set<number>>();
  const out = new Map<DucksMark, number>();
  for (const m of v.marks) {
    if (!('fence' in m)) continue;
    const steps = unitSteps(m.fence.dots);
    let lane = 0;
    while (steps.some((k) => taken.get(k)?.has(lane))) lane++;
    for (const k of steps) (taken.get(k) ?? taken.set(k, new Set()).get(k)!).add(lane);
    out.set(m, lane);
  }
  return out;
}

/** The unit edges along a fence's dots, as keys. */
function unitSteps(dots: readonly (readonly [number, number])[]): string[] {
  const keys: string[] = [];
  for (let i = 0; i + 1 < dots.length; i++) {
    const [ax, ay] = dots[i]!;
    const [bx, by] = dots[i + 1]!;
    const dx = Math.sign(bx - ax);
    const dy = Math.sign(by - ay);
    for (let x = ax, y = ay; x !== bx || y !== by; x += dx, y += dy) keys.push(`${Math.min(x, x + dx)},${Math.min(y, y + dy)},${dx === 0 ? 'v' : 'h'}`);
  }
  return keys;
}

/** How far a lane lies from its line, in canvas px: 0, then 8 either side, then 16… */
const laneOffset = (lane: number): number => (lane === 0 ? 0 : (lane % 2 === 1 ? 1 : -1) * 8 * Math.ceil(lane / 2));

/** A fence's points on the canvas, on its lane: each leg moved across itself by the lane's offset. */
function lanePoints(v: DucksChoiceView, dots: readonly (readonly [number, number])[], lane: number, top: number): [number, number][] {
  const off = laneOffset(lane);
  const shift = (i: number): [number, number] => {
    // A dot's shift: across the leg it belongs to (a bend's corner takes both legs').
    const legs = [dots[i - 1], dots[i + 1]].filter((d): d is readonly [number, number] => d !== undefined).map((d) => (d[1] === dots[i]![1] ? 'h' : 'v'));
    return [legs.includes('v') ? off : 0, legs.includes('h') ? off : 0];
  };
  return dots.map(([x, y], i) => {
    const [cx, cy] = px(v.size, top, x, y);
    const [sx, sy] = shift(i);
    return [cx + sx, cy + sy];
  });
}

/** A candidate fence drawn where it would be, on its lane in the seat's colour (green or red when it closes a pen), its ends marked. */
function candidate(ctx: Ctx, v: DucksChoiceView, m: Extract<DucksMark, { fence: unknown }>, top: number, lane: number): void {
  ctx.save();
  ctx.lineCap = 'round';
  const colour = m.tone === 'plain' ? colourOf(v.colour) : m.tone === 'mine' ? C.mine : C.theirs;
  const points = lanePoints(v, m.fence.dots, lane, top);
  ctx.strokeStyle = colour;
  ctx.globalAlpha = 0.85;
  ctx.lineWidth = 4;
  ctx.setLineDash([10, 6]);
  ctx.beginPath();
  points.forEach(([x, y], i) => (i === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  ctx.stroke();
  ctx.setLineDash([]);
  ctx.fillStyle = colour;
  for (const [x, y] of [points[0]!, points[points.length - 1]!]) {
    ctx.beginPath();
    ctx.arc(x, y, 5, 0, Math.PI * 2);
    ctx.fill();
  }
  ctx.restore();
}

/** Where a mark's label goes on the canvas: a fence's on its labelled edge (on its lane), a point's at that point; null for a placement (shown on a tile). */
function labelPoint(v: DucksChoiceView, m: DucksMark, top: number, lane: number): [number, number] | null {
  if ('fence' in m) {
    const [a, b] = edgeEnds(v.size, top, m.fence.at);
    const off = laneOffset(lane);
    return a[0] === b[0] ? [a[0] + off, (a[1] + b[1]) / 2] : [(a[0] + b[0]) / 2, a[1] + off];
  }
  return 'spot' in m ? px(v.size, top, m.spot[0], m.spot[1]) : null;
}

function markLabel(ctx: Ctx, v: DucksChoiceView, m: DucksMark, top: number, lane: number): void {
  const at = labelPoint(v, m, top, lane);
  if (at) pill(ctx, m.label, at[0], at[1], m.tone, colourOf('fence' in m ? v.colour : v.automa?.colour ?? v.colour));
}

/** The numbers of the candidates that would close a pen, in the pen: so the pen shows which press closes it. */
function penLabels(ctx: Ctx, v: DucksChoiceView, w: DucksChoiceView['would'][number], top: number, taken: readonly [number, number][]): void {
  ctx.font = font(LABEL, true);
  const widths = w.labels.map((l) => measurePill(ctx, l));
  const wide = widths.reduce((a, b) => a + b, 0) + 4 * (widths.length - 1);
  // In the pen's space farthest from the candidates' labels, so none covers another.
  const centre = (c: number): [number, number] => {
    const [sx, sy] = px(v.size, top, c % v.size, Math.floor(c / v.size) + 1);
    return [sx + CELL / 2, sy + CELL / 2];
  };
  const room = (c: number) => Math.min(Infinity, ...taken.map(([x, y]) => Math.max(Math.abs(x - centre(c)[0]) - wide / 2, Math.abs(y - centre(c)[1]) - 16)));
  const c = [...w.cells].sort((p, q) => room(q) - room(p))[0]!;
  const [cx, cy] = centre(c);
  let x = cx - wide / 2;
  const tone: Tone = w.owner === v.colour ? 'mine' : 'theirs';
  w.labels.forEach((l, i) => {
    pill(ctx, l, x + widths[i]! / 2, cy, tone, C.text);
    x += widths[i]! + 4;
  });
}

// ---- The rules' shapes --------------------------------------------------------------------------

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

export default defineDrawings<{ board: DucksView; choice: DucksChoiceView; shapes: { shapes: { id: string; name: string; cells: ShapeCells; duckBoxes: number }[] } }>({ board, choice, shapes });
