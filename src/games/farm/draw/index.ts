/**
 * The farm's pictures, drawn from views only (see ../pictures.ts for what each kind shows).
 *
 * Phone first: a post is about 390 CSS px wide, so a 900 px picture shows at 0.43×. Every text
 * is at least TEXT (26 px: 11.3 CSS px there) and a map part at most 5 cells wide, so a tile's
 * animal letters and henhouse numbers (tile.ts) are 26 px too. The whole map (`/farm map`,
 * opened full size) keeps cells of at least 100 px instead; the end's overview of the whole map
 * is too small for pieces: it numbers every farm at TEXT (tags.ts) and lists each farm's animals
 * and points under it, and the pieces left on open fields.
 */
import { createCanvas, type SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font, registerFonts } from '../../../render/fonts.ts';
import { seatColour } from '../../../render/palette.ts';
import { wrapLines } from '../../../render/text.ts';
import { inside, type Window } from '../parts.ts';
import type { CandidatesPictureView, ChoicePictureView, EndPictureView, Mark, MapPictureView } from '../pictures.ts';
import { POINT_NAMES } from '../points.ts';
import type { FarmView, TileView } from '../views.ts';
import { ANIMAL, drawAnimal, drawPieces, drawTile, drawToken, gatePoint, INK, MIN_CELL, piecesOn, regionPoint, TILE_SIZES, turnTile, type TokenKind, type Tokens } from './tile.ts';
import { drawTag, placeTags, tagBox, type TagBox } from './tags.ts';

/** Fences' pictures keep a number with the word before it when text wraps ("score 6", "at 1,0"). */
const wrap = (ctx: SKRSContext2D, text: string, max: number): string[] => wrapLines(ctx, text, max, { keepNumbers: true });

export { TILE_SIZES } from './tile.ts';

const BG = '#F4F1EA';
const WIDTH = 900;
/** The smallest text of every picture: 11.3 CSS px on a phone. */
const TEXT = 26;
const LINE = 38;
/** Room for the row numbers ("-12") left of a map, and the column numbers above it. */
const LEFT = 60;
const TOP = 40;
const RIGHT = 12;
/** The whole map keeps cells large enough to read when opened full size, up to this side. */
const MAX_SIDE = 2400;
const WHOLE_CELL = 100;
const MARK = '#1565C0';

const boundsOf = (v: FarmView): Window => {
  const xs = v.tiles.map((t) => t.x), ys = v.tiles.map((t) => t.y);
  return { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
};

/** A part's cell: as large as the width allows, never under MIN_CELL (parts are at most 5 wide), never over 280. */
const partCell = (cols: number, width = WIDTH): number => Math.max(MIN_CELL, Math.min(280, Math.floor((width - LEFT - RIGHT) / cols)));

let measuring: SKRSContext2D | null = null;
/** A context to measure text with before a picture's size is known. */
const measurer = (): SKRSContext2D => {
  registerFonts();
  measuring ??= createCanvas(1, 1).getContext('2d');
  return measuring;
};

function tokensOf(v: FarmView): Tokens {
  const scored = new Map<number, number>();
  v.farms.forEach((f, i) => f.regions.forEach((k) => scored.set(k, i)));
  return { scored, henhouses: v.henhouses, fox: v.fox, bales: v.bales?.on ?? [], tractors: v.tractors?.on ?? [], horse: v.horse?.region ?? null, shared: v.shared, storedOn: v.storedOn };
}

/**
 * A window of the map at ox, oy (its cells' top-left corner): column numbers above, row
 * numbers on the left, the grid, the tiles in it (`extra` tiles too, over the map's: a
 * candidate), the last tile outlined.
 */
function drawArea(ctx: SKRSContext2D, v: FarmView, w: Window, ox: number, oy: number, cell: number, opts: { highlight?: number | null; extra?: TileView[]; hide?: number | null; plain?: boolean } = {}): void {
  const cols = w.x1 - w.x0 + 1, rows = w.y1 - w.y0 + 1;
  if (!opts.plain) {
    ctx.fillStyle = INK;
    ctx.font = font(TEXT, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    for (let c = 0; c < cols; c++) ctx.fillText(String(w.x0 + c), ox + c * cell + cell / 2, oy - TOP / 2);
    for (let r = 0; r < rows; r++) ctx.fillText(String(w.y0 + r), ox - LEFT / 2, oy + r * cell + cell / 2);
  }
  ctx.strokeStyle = 'rgba(0,0,0,0.12)';
  ctx.lineWidth = 1;
  for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) ctx.strokeRect(ox + c * cell + 0.5, oy + r * cell + 0.5, cell - 1, cell - 1);
  const tokens = { ...tokensOf(v), ...(opts.plain ? { plain: true, closers: v.farms.map((f) => f.closer) } : {}) };
  const shown = [...v.tiles.map((t, i) => ({ t, lit: i === (opts.highlight === undefined ? v.last : opts.highlight), i })).filter(({ i }) => i !== opts.hide), ...(opts.extra ?? []).map((t) => ({ t, lit: true }))]
    .filter(({ t }) => inside(w, t.x, t.y));
  // Pieces after every tile: one reaching over an open side stays in sight.
  for (const { t, lit } of shown) drawTile(ctx, t, ox + (t.x - w.x0) * cell, oy + (t.y - w.y0) * cell, cell, { ...tokens, highlight: lit, pieces: false });
  for (const { t } of shown) drawPieces(ctx, t, ox + (t.x - w.x0) * cell, oy + (t.y - w.y0) * cell, cell, tokens);
}

// ---- map: a turn, a preview, the whole map ----------------------------------------------------

interface PanelLine { text: string; seat?: number; bold?: boolean; legend?: LegendItem[]; /** A scored farm's index: its number drawn as on the map's tag. */ farm?: number }
/** A legend entry: an animal's disc, a token's shape, or another mark of the map, and its word. */
type LegendItem = { animal: string; text: string } | { token: TokenKind; text: string } | { mark: 'market' | 'scored' | 'stored' | 'shared'; text: string };

/** The panel under a map; `tagged`: the farms numbered on the map drawn (the others are said to lie outside it). */
function panelLines(v: FarmView, tagged: ReadonlySet<number>): PanelLine[] {
  const out: PanelLine[] = [];
  out.push({ text: v.over ? 'Game over' : `Round ${v.round} · ${v.stack} tile${v.stack === 1 ? '' : 's'} in the stack`, bold: true });
  const order = v.names.map((_, i) => i).sort((a, b) => (v.scores[b] ?? 0) - (v.scores[a] ?? 0) || a - b);
  for (const i of order) {
    const houses = v.henhousesLeft[i] ?? 0;
    const bales = v.bales ? ` · ${v.bales.held[i]} bale${v.bales.held[i] === 1 ? '' : 's'}` : '';
    const acting = v.acting === i ? (v.current === i ? ' (to play)' : ' (to choose)') : '';
    out.push({ text: `${v.names[i]}${acting}${v.out[i] ? ' (left)' : ''}: ${v.scores[i]} pt${v.scores[i] === 1 ? '' : 's'} · ${houses} henhouse${houses === 1 ? '' : 's'} home${bales}`, seat: i, bold: v.acting === i });
    out.push({ text: `card: ${v.farmers[i]?.text ?? ''}` });
    const tokens = [
      v.shares ? `${v.shares[i]} sharecropper${v.shares[i] === 1 ? '' : 's'}` : '',
      v.stored ? `${v.stored[i]} stored` : '',
      v.rows?.[i]?.length ? `row: ${v.rows[i]?.join(', ')}` : '',
    ].filter(Boolean);
    if (tokens.length) out.push({ text: tokens.join(' · ') });
  }
  if (v.season) out.push({ text: `Season: ${v.season.name}${v.season.skip.length ? ` (${v.season.skip.join(', ')} skip${v.season.skip.length === 1 ? 's' : ''})` : ''}`, bold: true });
  if (v.market) out.push({ text: `Market: ${v.market}` });
  if (v.bales) out.push({ text: `Hay bales: ${v.bales.supply} left in the supply` });
  const supply = [v.tractors ? `Tractors in the supply: ${v.tractors.supply}` : '', v.horse && v.horse.region === null ? 'The horse waits for the next farm scored' : ''].filter(Boolean);
  if (supply.length) out.push({ text: supply.join(' · ') });
  for (const i of recentFarms(v)) {
    const bySeat = new Map<number, number>();
    for (const a of v.farms[i]!.awards) bySeat.set(a.seat, (bySeat.get(a.seat) ?? 0) + a.points);
    const gains = bySeat.size ? [...bySeat].map(([seat, pts]) => `${v.names[seat]} +${pts}`).join(', ') : 'no points';
    out.push({ text: `Farm ${i + 1}${tagged.has(i) ? '' : ' (outside this view)'}: ${gains}`, farm: i });
  }
  out.push({ text: '', legend: legendOf(v) });
  return out;
}

/** The farms the panel names: the last three scored. */
const recentFarms = (v: FarmView): number[] => v.farms.map((_, i) => i).slice(-3);

function legendOf(v: FarmView): LegendItem[] {
  const animals = new Set(v.tiles.flatMap((t) => t.regions.flatMap((r) => r.animals)));
  const items: LegendItem[] = (['cow', 'sheep', 'pig', 'chicken', 'bull', 'ram', 'boar'] as const).filter((a) => animals.has(a)).map((a) => ({ animal: a, text: a }));
  if (v.fox !== null) items.push({ token: 'fox', text: 'fox' });
  if (v.bales) items.push({ token: 'bale', text: 'bale' });
  if (v.tractors) items.push({ token: 'tractor', text: 'tractor' });
  if (v.horse) items.push({ token: 'horse', text: 'horse' });
  if (v.market !== null || v.tiles.some((t) => t.market)) items.push({ mark: 'market', text: 'market tile' });
  if (v.storedOn.length > 0) items.push({ mark: 'stored', text: 'added from storage' });
  if (v.shared.length > 0) items.push({ mark: 'shared', text: 'sharecropper' });
  if (v.farms.length > 0) items.push({ mark: 'scored', text: 'hatched: farm scored' });
  return items;
}

/** A legend's items laid out in lines of `width` px: each a symbol and its word. */
function legendRows(ctx: SKRSContext2D, items: readonly LegendItem[], width: number): LegendItem[][] {
  ctx.font = font(TEXT);
  const rows: LegendItem[][] = [[]];
  let x = 0;
  for (const it of items) {
    const w = 44 + ctx.measureText(it.text).width + 22;
    if (x + w > width && rows[rows.length - 1]!.length) {
      rows.push([]);
      x = 0;
    }
    rows[rows.length - 1]!.push(it);
    x += w;
  }
  return rows;
}

function drawLegendRow(ctx: SKRSContext2D, items: readonly LegendItem[], x: number, y: number): void {
  for (const it of items) {
    // A disc of 18 px radius: its letter is TEXT large.
    if ('animal' in it) drawAnimal(ctx, it.animal, x + 18, y, 18);
    else if ('token' in it) drawToken(ctx, it.token, x + 18, y, 30, 2);
    else drawLegendMark(ctx, it.mark, x + 18, y);
    ctx.fillStyle = INK;
    ctx.font = font(TEXT);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(it.text, x + 42, y);
    x += 44 + ctx.measureText(it.text).width + 22;
  }
}

const GLYPH = { fox: '▼', bale: '▬', tractor: '■', horse: '◆', market: '$', scored: '▨', stored: '□', shared: '○' } as const;
const legendText = (it: LegendItem): string => `${'animal' in it ? ANIMAL[it.animal]?.[1] ?? '?' : 'token' in it ? GLYPH[it.token] : GLYPH[it.mark]} ${it.text}`;

/** The other marks of the map, as the tiles draw them, 36 px across. */
function drawLegendMark(ctx: SKRSContext2D, mark: 'market' | 'scored' | 'stored' | 'shared', x: number, y: number): void {
  if (mark === 'market') {
    ctx.fillStyle = '#7A3E9D';
    ctx.font = font(TEXT + 4, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('$', x, y);
    return;
  }
  ctx.save();
  ctx.beginPath();
  if (mark === 'shared') ctx.arc(x, y, 10, 0, Math.PI * 2);
  else ctx.rect(x - 16, y - 16, 32, 32);
  ctx.fillStyle = mark === 'scored' ? '#D9E27F' : '#FFFFFF';
  ctx.fill();
  ctx.lineWidth = mark === 'stored' ? 5 : 2.5;
  ctx.strokeStyle = mark === 'stored' ? '#1864AB' : '#000000';
  if (mark === 'scored') {
    ctx.clip();
    ctx.strokeStyle = 'rgba(60,60,60,0.5)';
    for (let d = -32; d < 32; d += 8) {
      ctx.beginPath();
      ctx.moveTo(x - 16 + d, y - 16);
      ctx.lineTo(x + 16 + d, y + 16);
      ctx.stroke();
    }
  } else ctx.stroke();
  ctx.restore();
}

/** The panel's lines as drawn: long ones wrapped (a seat's line indented after its badge). */
function panelRows(v: FarmView, width: number, tagged: ReadonlySet<number> = new Set()): { text: string; seat?: number; bold: boolean; indent: number; legend?: LegendItem[]; farm?: number }[] {
  const ctx = measurer();
  const out: { text: string; seat?: number; bold: boolean; indent: number; legend?: LegendItem[]; farm?: number }[] = [];
  for (const l of panelLines(v, tagged)) {
    if (l.legend) {
      // Drawn as symbols and words; `text` says the same in characters ("H chicken  $ market tile").
      for (const row of legendRows(ctx, l.legend, width - 32)) out.push({ text: row.map(legendText).join('  '), bold: false, indent: 16, legend: row });
      continue;
    }
    const indent = l.seat !== undefined ? 16 + LINE + 4 : 16 + LINE + 4;
    ctx.font = font(TEXT, l.bold === true);
    wrap(ctx, l.text, width - indent - 12).forEach((text, k) => out.push({ text, bold: l.bold === true, indent, ...(k === 0 && l.seat !== undefined ? { seat: l.seat } : {}), ...(k === 0 && l.farm !== undefined ? { farm: l.farm } : {}) }));
  }
  return out;
}

/** Where everything of a map picture goes, in image pixels (the tests read it to measure a phone's view). */
export function mapLayout(pv: MapPictureView) {
  const v = pv.farm;
  const w = pv.window ?? boundsOf(v);
  const cols = w.x1 - w.x0 + 1, rows = w.y1 - w.y0 + 1;
  const whole = pv.window === null;
  const cell = whole
    ? Math.max(Math.min(WHOLE_CELL, Math.floor((MAX_SIDE - LEFT - RIGHT) / Math.max(cols, rows))), Math.min(170, Math.floor((WIDTH - LEFT - RIGHT) / Math.max(cols, rows))))
    : partCell(cols);
  const width = Math.max(WIDTH, LEFT + cols * cell + RIGHT);
  const ctx = measurer();
  ctx.font = font(TEXT, true);
  const bannerLines = pv.preview ? wrap(ctx, pv.preview, width - 24) : [];
  const banner = bannerLines.length ? bannerLines.length * LINE + 12 : 0;
  const ox = LEFT + Math.floor((width - LEFT - RIGHT - cols * cell) / 2), oy = banner + TOP;
  // The farms the panel names are numbered on the map where they lie in it, clear of the pieces.
  const pieces = v.tiles.filter((t) => inside(w, t.x, t.y)).flatMap((t) => piecesOn(t, tokensOf(v)).map((p) => ({ x: ox + (t.x - w.x0 + p.x) * cell, y: oy + (t.y - w.y0 + p.y) * cell, r: p.r * cell })));
  const tags = placeTags(v, recentFarms(v).map((i) => ({ farm: i, label: String(i + 1), ...tagSize(String(i + 1)) })), { window: w, ox, oy, cell }, pieces);
  const lines = panelRows(v, width, new Set(tags.map((t) => t.farm)));
  const mapH = banner + TOP + rows * cell + 10;
  return {
    window: w, cols, rows, cell, width, banner, bannerLines, lines, mapH, tags,
    /** The top-left corner of the window's first cell. */
    ox, oy,
    height: mapH + lines.length * LINE + 16,
    /** Sizes a player reads or counts, in image pixels. */
    sizes: { animal: 2 * cell * TILE_SIZES.animalRadius, letter: cell * TILE_SIZES.animalRadius * TILE_SIZES.animalLetter, henhouse: cell * TILE_SIZES.henhouse, fence: Math.max(3, cell * TILE_SIZES.fence), text: TEXT, coordinates: TEXT },
  };
}

/** A seat's number on its colour, a square at the left of the line of text from `y`, `inset` px smaller than the line. */
function drawSeatSquare(ctx: SKRSContext2D, seat: number, y: number, inset: number): void {
  const c = seatColour(seat);
  const side = LINE - inset;
  ctx.fillStyle = c.fill;
  ctx.fillRect(16, y + inset / 2, side, side);
  ctx.fillStyle = c.ink;
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(seat + 1), 16 + side / 2, y + LINE / 2);
}

function drawPanel(ctx: SKRSContext2D, lines: ReturnType<typeof panelRows>, top: number, farmCloser: (farm: number) => number): void {
  let y = top;
  for (const l of lines) {
    if (l.legend) drawLegendRow(ctx, l.legend, l.indent, y + LINE / 2);
    if (l.seat !== undefined) drawSeatSquare(ctx, l.seat, y, 4);
    if (l.text && !l.legend) {
      ctx.fillStyle = INK;
      ctx.font = font(TEXT, l.bold);
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      const number = l.farm === undefined ? '' : String(l.farm + 1);
      if (number && l.text.startsWith(`Farm ${number}`)) {
        // "Farm", then its number on a tag as the map draws it, then the rest.
        const head = 'Farm ';
        ctx.fillText(head, l.indent, y + LINE / 2);
        const tx = l.indent + ctx.measureText(head).width, { w } = tagSize(number);
        const c = seatColour(farmCloser(l.farm!));
        drawTag(ctx, number, tx + w / 2, y + LINE / 2, TEXT, c.fill, c.ink);
        ctx.fillStyle = INK;
        ctx.font = font(TEXT, l.bold);
        ctx.textAlign = 'left';
        ctx.textBaseline = 'middle';
        ctx.fillText(l.text.slice(`Farm ${number}`.length), tx + w + 2, y + LINE / 2);
      } else ctx.fillText(l.text, l.indent, y + LINE / 2);
    }
    y += LINE;
  }
}

function drawMap(pv: MapPictureView) {
  registerFonts();
  const { window: w, cell, width, banner, bannerLines, lines, mapH, height, ox, oy, tags } = mapLayout(pv);
  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (pv.preview) {
    // A preview is never the game's state: a banner across the top says so, and what it would do.
    ctx.fillStyle = MARK;
    ctx.fillRect(0, 0, width, banner);
    ctx.fillStyle = '#FFFFFF';
    ctx.font = font(TEXT, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    bannerLines.forEach((l, k) => ctx.fillText(l, 12, 6 + k * LINE + LINE / 2));
  }
  drawArea(ctx, pv.farm, w, ox, oy, cell);
  drawTags(ctx, pv.farm, tags);
  drawPanel(ctx, lines, mapH + 8, (i) => pv.farm.farms[i]?.closer ?? 0);
  return canvas;
}

// ---- choice: a part of the map with labels ----------------------------------------------------

const HAND_TILE = MIN_CELL;
const PILL_H = 52;

function choiceLayout(cv: ChoicePictureView) {
  const w = cv.window;
  const cols = w.x1 - w.x0 + 1, rows = w.y1 - w.y0 + 1;
  const cell = partCell(cols);
  const width = Math.max(WIDTH, LEFT + cols * cell + RIGHT);
  const hand = cv.hand ? (cv.farm.hand ?? []) : [];
  const handH = hand.length ? TEXT + 14 + HAND_TILE + 16 : 0;
  const handW = hand.length ? 16 + hand.length * (HAND_TILE + 16) : 0;
  // The small map of the parts: beside the hand when there is room, else above the map.
  const b = cv.bounds;
  const bc = b.x1 - b.x0 + 1, br = b.y1 - b.y0 + 1;
  const mini = cv.parts.length > 1 ? Math.max(10, Math.min(34, Math.floor(Math.min((width - 40 - handW) / bc, 300 / br)))) : 0;
  const miniW = mini * bc, miniH = mini * br;
  const beside = miniW > 0 && handW + miniW + 40 <= width;
  const headH = Math.max(handH, miniW > 0 ? miniH + TEXT + 50 : 0) + (miniW > 0 && !beside && handH ? handH : 0);
  const verbsH = cv.verbs.length ? Math.ceil(cv.verbs.length / 2) * (PILL_H + 12) + 16 : 0;
  const mapTop = headH + TOP;
  return { cols, rows, cell, width, hand, handH, mini, miniW, miniH, beside, mapTop, verbsH, height: mapTop + rows * cell + 12 + verbsH };
}

/** A label over the map: a white box with the label in bold, ringed in the choice's blue. */
function drawLabel(ctx: SKRSContext2D, label: string, x: number, y: number, size: number, fill = '#FFFFFF', ink = '#0B2A55'): void {
  ctx.font = font(size, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = Math.max(size * 1.35, ctx.measureText(label).width + size * 0.7);
  const h = size * 1.35;
  ctx.fillStyle = fill;
  ctx.strokeStyle = MARK;
  ctx.lineWidth = 4;
  ctx.beginPath();
  ctx.roundRect(x - w / 2, y - h / 2, w, h, h / 3);
  ctx.fill();
  ctx.stroke();
  ctx.fillStyle = ink;
  ctx.fillText(label, x, y + 1);
}

function drawMark(ctx: SKRSContext2D, v: FarmView, w: Window, ox: number, oy: number, cell: number, m: Mark): void {
  const at = m.at;
  if ('cell' in at) {
    const [x, y] = at.cell;
    const px = ox + (x - w.x0) * cell, py = oy + (y - w.y0) * cell;
    if (m.tile) {
      // The one way a tile fits here, drawn as it would lie; the label in its corner.
      // Paler than the tiles placed, on the choice's blue: not on the map yet.
      ctx.fillStyle = '#BBD3F0';
      ctx.fillRect(px, py, cell, cell);
      ctx.save();
      ctx.globalAlpha = 0.62;
      drawTile(ctx, m.tile, px, py, cell, tokensOf(v));
      ctx.restore();
      ctx.strokeStyle = MARK;
      ctx.lineWidth = 5;
      ctx.setLineDash([14, 8]);
      ctx.strokeRect(px + 3, py + 3, cell - 6, cell - 6);
      ctx.setLineDash([]);
      drawLabel(ctx, m.label, px + 34, py + 30, 36);
      return;
    }
    ctx.fillStyle = 'rgba(21,101,192,0.12)';
    ctx.fillRect(px + 4, py + 4, cell - 8, cell - 8);
    ctx.strokeStyle = MARK;
    ctx.lineWidth = 4;
    ctx.setLineDash([14, 8]);
    ctx.strokeRect(px + 6, py + 6, cell - 12, cell - 12);
    ctx.setLineDash([]);
    drawLabel(ctx, m.label, px + cell / 2, py + cell / 2, 44);
    return;
  }
  const index = 'gate' in at ? at.gate : v.tiles.findIndex((t) => t.regions.some((r) => r.key === at.region));
  const t = v.tiles[index];
  if (!t) return;
  const px = ox + (t.x - w.x0) * cell, py = oy + (t.y - w.y0) * cell;
  const p = 'gate' in at ? gatePoint(t, px, py, cell) : regionPoint(t, at.region, px, py, cell);
  if (!p) return;
  drawLabel(ctx, m.label, p[0], p[1], 36, 'gate' in at ? '#FFE066' : '#FFFFFF');
}

/** The small map of the parts: the map's cells in grey, each part's frame with its label, this part lit. */
function drawParts(ctx: SKRSContext2D, cv: ChoicePictureView, x: number, y: number, mini: number): void {
  const b = cv.bounds;
  ctx.fillStyle = INK;
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  ctx.fillText('Parts of the map', x, y);
  // Room for a label on the top row of cells.
  y += TEXT + 30;
  ctx.fillStyle = '#FFFFFF';
  ctx.fillRect(x, y, (b.x1 - b.x0 + 1) * mini, (b.y1 - b.y0 + 1) * mini);
  ctx.fillStyle = '#B9B2A2';
  for (const t of cv.farm.tiles) ctx.fillRect(x + (t.x - b.x0) * mini + 1, y + (t.y - b.y0) * mini + 1, mini - 2, mini - 2);
  for (const p of cv.parts) {
    const px = x + (p.window.x0 - b.x0) * mini, py = y + (p.window.y0 - b.y0) * mini;
    const pw = (p.window.x1 - p.window.x0 + 1) * mini, ph = (p.window.y1 - p.window.y0 + 1) * mini;
    if (p.label === null) {
      ctx.fillStyle = 'rgba(21,101,192,0.35)';
      ctx.fillRect(px, py, pw, ph);
    }
    ctx.strokeStyle = MARK;
    ctx.lineWidth = 3;
    ctx.strokeRect(px + 1.5, py + 1.5, pw - 3, ph - 3);
  }
  // Labels last, over every frame: each where its part's places are (parts overlap, their places do not).
  for (const p of cv.parts) {
    if (p.label === null) continue;
    const [cx, cy] = p.at;
    drawLabel(ctx, p.label, x + (cx - b.x0 + 0.5) * mini, y + (cy - b.y0 + 0.5) * mini, TEXT + 4);
  }
}

/** Options that are not places, drawn like the buttons that carry them, two to a line. */
function drawVerbs(ctx: SKRSContext2D, verbs: readonly string[], top: number, width: number): void {
  const pw = (width - 48) / 2;
  verbs.forEach((verb, i) => {
    const x = 16 + (i % 2) * (pw + 16), y = top + 8 + Math.floor(i / 2) * (PILL_H + 12);
    ctx.fillStyle = '#E3E5E8';
    ctx.strokeStyle = '#4F545C';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect(x, y, pw, PILL_H, 10);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = INK;
    ctx.font = font(TEXT, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(verb, x + pw / 2, y + PILL_H / 2);
  });
}

function drawHandStrip(ctx: SKRSContext2D, hand: readonly TileView[], rows: readonly string[], x: number, y: number): void {
  hand.forEach((t, i) => {
    const px = x + i * (HAND_TILE + 16);
    ctx.fillStyle = INK;
    ctx.font = font(TEXT, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(rows.includes(t.id) ? `${t.id} (row)` : t.id, px + HAND_TILE / 2, y);
    drawTile(ctx, t, px, y + TEXT + 10, HAND_TILE, {});
  });
}

function drawChoice(cv: ChoicePictureView) {
  registerFonts();
  const L = choiceLayout(cv);
  const canvas = pictureCanvas(L.width, L.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const me = cv.farm.acting;
  if (L.hand.length) drawHandStrip(ctx, L.hand, me === null ? [] : cv.farm.rows?.[me] ?? [], 16, 10);
  if (L.miniW) {
    const mx = L.beside ? L.width - RIGHT - L.miniW - 4 : 16;
    const my = L.beside || !L.handH ? 10 : L.handH + 10;
    drawParts(ctx, cv, mx, my, L.mini);
  }
  const ox = LEFT + Math.floor((L.width - LEFT - RIGHT - L.cols * L.cell) / 2);
  drawArea(ctx, cv.farm, cv.window, ox, L.mapTop, L.cell, { highlight: cv.focus });
  for (const m of cv.marks) drawMark(ctx, cv.farm, cv.window, ox, L.mapTop, L.cell, m);
  if (cv.verbs.length) drawVerbs(ctx, cv.verbs, L.mapTop + L.rows * L.cell + 12, L.width);
  return canvas;
}

// ---- candidates: each tile and turn on one cell -----------------------------------------------

/** How much of each neighbouring tile a candidate shows around its cell, in cells. */
const RIM = 0.35;

/** Where everything of a candidates picture goes, in image pixels (the tests read it). */
export function candidatesLayout(cv: CandidatesPictureView) {
  const n = cv.candidates.length;
  const per = n <= 4 ? 2 : 3;
  const panelW = Math.floor((WIDTH - 16 - per * 16) / per);
  const cell = Math.floor(panelW / (1 + 2 * RIM));
  const ctx = measurer();
  ctx.font = font(TEXT);
  const lines = cv.candidates.map((c) => c.lines.flatMap((l) => wrap(ctx, l, panelW - 8)));
  const rows = Math.ceil(n / per);
  const heights = Array.from({ length: rows }, (_, r) => 48 + panelW + 8 + Math.max(0, ...lines.slice(r * per, r * per + per).map((l) => l.length)) * (TEXT + 8) + 16);
  /** Each candidate's panel: its label above it at `top`, the cell and its rim at x, y, panelW a side. */
  const panels = cv.candidates.map((_, i) => {
    const row = Math.floor(i / per);
    const top = 8 + heights.slice(0, row).reduce((a, b) => a + b, 0);
    return { x: 16 + (i % per) * (panelW + 16), y: top + 48, top };
  });
  return { per, panelW, cell, lines, heights, panels, height: 8 + heights.reduce((a, b) => a + b, 0) };
}

function drawCandidates(cv: CandidatesPictureView) {
  registerFonts();
  const L = candidatesLayout(cv);
  const canvas = pictureCanvas(WIDTH, L.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const [cx, cy] = cv.cell;
  const tokens = tokensOf(cv.farm);
  cv.candidates.forEach((c, i) => {
    const { x, y, top } = L.panels[i]!;
    drawLabel(ctx, c.label, x + L.panelW / 2, top + 24, 30);
    // The cell and a rim of its neighbours, the candidate in its turn on the cell.
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, L.panelW, L.panelW);
    ctx.clip();
    ctx.fillStyle = '#FFFFFF';
    ctx.fillRect(x, y, L.panelW, L.panelW);
    const ox = x + RIM * L.cell - L.cell, oy = y + RIM * L.cell - L.cell;
    const around = cv.farm.tiles.filter((t, k) => k !== cv.hide && Math.abs(t.x - cx) <= 1 && Math.abs(t.y - cy) <= 1 && (t.x !== cx || t.y !== cy));
    for (const t of around) drawTile(ctx, t, ox + (t.x - cx + 1) * L.cell, oy + (t.y - cy + 1) * L.cell, L.cell, { ...tokens, pieces: false });
    drawTile(ctx, c.tile, ox + L.cell, oy + L.cell, L.cell, { ...tokens, highlight: true });
    // The neighbours' pieces the panel shows whole.
    for (const t of around) drawPieces(ctx, t, ox + (t.x - cx + 1) * L.cell, oy + (t.y - cy + 1) * L.cell, L.cell, tokens, { x0: x, y0: y, x1: x + L.panelW, y1: y + L.panelW });
    ctx.restore();
    ctx.strokeStyle = '#4F545C';
    ctx.lineWidth = 2;
    ctx.strokeRect(x, y, L.panelW, L.panelW);
    ctx.fillStyle = INK;
    ctx.font = font(TEXT);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    L.lines[i]!.forEach((l, k) => ctx.fillText(l, x + 4, y + L.panelW + 8 + k * (TEXT + 8)));
  });
  return canvas;
}

// ---- end: the scores broken down, and every farm ----------------------------------------------

/** Each player's two lines: name, verdict and total; then their points by kind, wrapped. */
function endRows(ev: EndPictureView): { seat: number; head: string; total: string; lines: string[]; winner: boolean; left: boolean }[] {
  const ctx = measurer();
  ctx.font = font(TEXT);
  const shared = ev.rows.filter((r) => r.winner).length > 1;
  return [...ev.rows].sort((a, b) => b.total - a.total || a.seat - b.seat).map((r) => {
    const parts = ev.kinds.map((k) => `${POINT_NAMES[k]} ${r.by[k]}`);
    parts.push(`${r.closed} farm${r.closed === 1 ? '' : 's'} closed`);
    return {
      seat: r.seat,
      head: `${ev.farm.names[r.seat]}${r.winner ? (shared ? ' shares the win' : ' wins') : r.left ? ' (left)' : ''}`,
      total: `${r.total} pts`,
      lines: wrap(ctx, parts.join(' · '), WIDTH - 16 - LINE - 16),
      winner: r.winner,
      left: r.left,
    };
  });
}

/** A farm's number as a tag, its text `TEXT` high. */
const tagSize = (label: string): { w: number; h: number } => {
  const ctx = measurer();
  ctx.font = font(TEXT, true);
  return tagBox(ctx.measureText(label).width, TEXT);
};

function drawTags(ctx: SKRSContext2D, v: FarmView, tags: readonly TagBox[]): void {
  for (const t of tags) {
    if (t.to) {
      ctx.strokeStyle = INK;
      ctx.lineWidth = 3;
      ctx.beginPath();
      ctx.moveTo(t.x, t.y);
      ctx.lineTo(t.to[0], t.to[1]);
      ctx.stroke();
      ctx.fillStyle = INK;
      ctx.beginPath();
      ctx.arc(t.to[0], t.to[1], 5, 0, Math.PI * 2);
      ctx.fill();
    }
    const c = seatColour(v.farms[t.farm]?.closer ?? 0);
    drawTag(ctx, t.label, t.x, t.y, TEXT, c.fill, c.ink);
  }
}

const ANIMAL_ORDER = ['cow', 'bull', 'sheep', 'ram', 'pig', 'boar', 'chicken'];
/** The end's list: a disc's radius (its letter TEXT high), and the room an animal kind takes ("2" and a disc). */
const LIST_DISC = Math.ceil(TEXT / TILE_SIZES.animalLetter);

/**
 * Each scored farm as the end lists it: its number, its animals counted by kind (printed, plus
 * stored tokens added, less animals taken out), and who scored from it.
 */
function farmEntries(v: FarmView): { n: number; closer: number; animals: [string, number][]; gains: string }[] {
  const printed = new Map<number, readonly string[]>();
  for (const t of v.tiles) for (const g of t.regions) printed.set(g.key, g.animals);
  return v.farms.map((f, i) => {
    const count = new Map<string, number>();
    const add = (a: string, n: number) => count.set(a, (count.get(a) ?? 0) + n);
    for (const k of f.regions) for (const a of printed.get(k) ?? []) add(a, 1);
    for (const x of v.storedOn) if (f.regions.includes(x.region)) add(x.kind, 1);
    for (const a of f.removed) add(a, -1);
    const bySeat = new Map<number, number>();
    for (const a of f.awards) bySeat.set(a.seat, (bySeat.get(a.seat) ?? 0) + a.points);
    const gains = [...bySeat].filter(([, p]) => p !== 0).map(([seat, p]) => `${v.names[seat]} ${p > 0 ? '+' : ''}${p}`).join(', ');
    return { n: i + 1, closer: f.closer, animals: ANIMAL_ORDER.filter((a) => (count.get(a) ?? 0) > 0).map((a) => [a, count.get(a)!] as [string, number]), gains: gains || 'no points' };
  });
}

/** The pieces left on open fields at the end (they score nothing), in words; each count after its name, so a line never starts with it. */
function leftOnMap(v: FarmView): string {
  const houses = v.names.map((name, seat) => [name, v.henhouses.filter((h) => h.seat === seat).length] as const).filter(([, n]) => n > 0).map(([name, n]) => `${name} ${n}`);
  const bales = v.bales?.on.length ?? 0, tractors = v.tractors?.on.length ?? 0;
  const all = [houses.length ? `henhouses: ${houses.join(', ')}` : '', bales ? `hay bales: ${bales}` : '', tractors ? `tractors: ${tractors}` : '', v.fox !== null ? 'the fox' : '', v.horse && v.horse.region !== null ? 'the horse' : ''].filter(Boolean);
  return all.length ? `Left on open fields (they score nothing): ${all.join(' · ')}` : '';
}

/**
 * The farm list's entries in two columns: each its tag, then its animals ("2" and a disc each),
 * then who scored, flowing onto more lines (after the tag) where a column is too narrow.
 */
function farmListLayout(v: FarmView) {
  const ctx = measurer();
  ctx.font = font(TEXT);
  const colW = (WIDTH - 48) / 2;
  const entries = farmEntries(v).map((e) => {
    const tag = tagSize(String(e.n));
    const indent = tag.w + 10;
    let x = indent, line = 0;
    const animals = e.animals.map(([a, n]) => {
      const w = ctx.measureText(String(n)).width + 4 + 2 * LIST_DISC;
      if (x > indent && x + w > colW) {
        line++;
        x = indent;
      }
      const at = { a, n, x, line };
      x += w + 12;
      return at;
    });
    const gainsW = ctx.measureText(e.gains).width;
    const gains = x + gainsW <= colW ? [{ text: e.gains, x, line }] : wrap(ctx, e.gains, colW - indent).map((text, k) => ({ text, x: indent, line: line + 1 + k }));
    return { ...e, tag, animals, gains, lines: 1 + Math.max(line, ...gains.map((g) => g.line)) };
  });
  const rows: number[] = [];
  for (let i = 0; i < entries.length; i += 2) rows.push(Math.max(entries[i]!.lines, entries[i + 1]?.lines ?? 1) * LINE + 8);
  return { colW, entries, rows, height: rows.reduce((a, b) => a + b, 0) };
}

/** Where everything of the end picture goes, in image pixels (the tests read it). */
export function endLayout(ev: EndPictureView) {
  const v = ev.farm;
  // The tiles and no ring of empty cells: nothing goes there any more.
  const xs = v.tiles.map((t) => t.x), ys = v.tiles.map((t) => t.y);
  const b: Window = { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
  const cols = b.x1 - b.x0 + 1, rows = b.y1 - b.y0 + 1;
  const cell = Math.min(120, Math.floor((WIDTH - 24) / cols));
  const table = endRows(ev);
  const tableTop = 8 + 2 * LINE + 8;
  const tableH = table.reduce((n, r) => n + (1 + r.lines.length) * LINE + 8, 0);
  const mapTop = tableTop + tableH + LINE + 8;
  const ox = Math.floor((WIDTH - cols * cell) / 2);
  const tags = placeTags(v, v.farms.map((_, i) => ({ farm: i, label: String(i + 1), ...tagSize(String(i + 1)) })), { window: b, ox, oy: mapTop, cell });
  const list = farmListLayout(v);
  const listTop = mapTop + rows * cell + 16 + (list.entries.length ? LINE + 8 : 0);
  const ctx = measurer();
  ctx.font = font(TEXT);
  const left = leftOnMap(v);
  const leftLines = left ? wrap(ctx, left, WIDTH - 32) : [];
  // The letters of the animals listed, named.
  const listed = new Set(list.entries.flatMap((e) => e.animals.map((x) => x.a)));
  const legend = legendRows(ctx, ANIMAL_ORDER.filter((a) => listed.has(a)).map((a) => ({ animal: a, text: a })), WIDTH - 32);
  const leftTop = listTop + list.height + (list.entries.length ? legend.length * LINE : 0) + 8;
  return { b, cols, rows, cell, table, tableTop, mapTop, ox, tags, list, listTop, legend, leftLines, leftTop, height: leftTop + leftLines.length * LINE + 12 };
}

function drawEnd(ev: EndPictureView) {
  registerFonts();
  const v = ev.farm;
  const L = endLayout(ev);
  const canvas = pictureCanvas(WIDTH, L.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = INK;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.font = font(TEXT + 4, true);
  ctx.fillText('Game over', 16, 8 + LINE / 2);
  ctx.font = font(TEXT);
  ctx.fillText(`${ev.reason} Open farms score nothing.`, 16, 8 + LINE * 1.5);
  // A block per player, best first: name and total, then their points by kind.
  let y = L.tableTop;
  for (const r of L.table) {
    const h = (1 + r.lines.length) * LINE;
    if (r.winner) {
      ctx.fillStyle = '#FFE9A8';
      ctx.fillRect(8, y - 2, WIDTH - 16, h + 4);
    }
    drawSeatSquare(ctx, r.seat, y, 6);
    ctx.fillStyle = r.left ? '#777777' : INK;
    ctx.textAlign = 'left';
    ctx.font = font(TEXT + 2, true);
    ctx.fillText(r.head, 16 + LINE + 4, y + LINE / 2);
    ctx.textAlign = 'right';
    ctx.fillText(r.total, WIDTH - 20, y + LINE / 2);
    ctx.textAlign = 'left';
    ctx.font = font(TEXT);
    r.lines.forEach((l, k) => ctx.fillText(l, 16 + LINE + 4, y + (k + 1.5) * LINE));
    y += h + 8;
  }
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'left';
  ctx.fillStyle = INK;
  ctx.fillText(`The map: ${v.farms.length} farm${v.farms.length === 1 ? '' : 's'}, numbered in their closer's colour`, 16, L.mapTop - LINE / 2 - 4);
  drawArea(ctx, v, L.b, L.ox, L.mapTop, L.cell, { highlight: null, plain: true });
  drawTags(ctx, v, L.tags);
  drawFarmList(ctx, v, L);
  ctx.fillStyle = INK;
  ctx.font = font(TEXT);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  L.leftLines.forEach((l, k) => ctx.fillText(l, 16, L.leftTop + (k + 0.5) * LINE));
  return canvas;
}

/** Each farm: its number, its animals by kind ("2" and a cow's disc), who scored; then the animals' legend. */
function drawFarmList(ctx: SKRSContext2D, v: FarmView, L: ReturnType<typeof endLayout>): void {
  const { list } = L;
  if (!list.entries.length) return;
  ctx.fillStyle = INK;
  ctx.font = font(TEXT, true);
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText('Each farm: its animals, and who scored from it', 16, L.listTop - LINE / 2 - 4);
  let top = L.listTop;
  list.entries.forEach((e, i) => {
    const x = 16 + (i % 2) * (list.colW + 16);
    const mid = top + LINE / 2;
    const c = seatColour(e.closer);
    drawTag(ctx, String(e.n), x + e.tag.w / 2, mid, TEXT, c.fill, c.ink);
    ctx.font = font(TEXT);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    for (const an of e.animals) {
      ctx.fillStyle = INK;
      ctx.fillText(String(an.n), x + an.x, mid + an.line * LINE);
      drawAnimal(ctx, an.a, x + an.x + ctx.measureText(String(an.n)).width + 4 + LIST_DISC, mid + an.line * LINE, LIST_DISC);
      ctx.font = font(TEXT);
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
    }
    ctx.fillStyle = INK;
    for (const g of e.gains) ctx.fillText(g.text, x + g.x, mid + g.line * LINE);
    if (i % 2 === 1 || i === list.entries.length - 1) top += list.rows[Math.floor(i / 2)]!;
  });
  L.legend.forEach((row, k) => drawLegendRow(ctx, row, 16, top + k * LINE + LINE / 2));
}

// ---- hand -------------------------------------------------------------------------------------

function drawHand(v: FarmView) {
  registerFonts();
  const hand = v.hand ?? [];
  const size = 190, gap = 24, label = 40;
  const width = 4 * size + 5 * gap;
  const canvas = pictureCanvas(width, Math.max(1, hand.length) * (size + label + gap) + gap);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  hand.forEach((t, row) => {
    for (let rot = 0; rot < 4; rot++) {
      const x = gap + rot * (size + gap), y = gap + row * (size + label + gap);
      ctx.fillStyle = INK;
      ctx.font = font(TEXT + 2, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillText(`${t.id} ${rot * 90}°`, x + size / 2, y);
      drawTile(ctx, turnTile(t, rot), x, y + label, size, {});
    }
  });
  if (hand.length === 0) {
    ctx.fillStyle = INK;
    ctx.font = font(28);
    ctx.fillText('No tiles in hand', gap, gap);
  }
  return canvas;
}

export default defineDrawings<{ map: MapPictureView; choice: ChoicePictureView; candidates: CandidatesPictureView; end: EndPictureView; hand: FarmView }>({
  map: drawMap, choice: drawChoice, candidates: drawCandidates, end: drawEnd, hand: drawHand,
});
