/**
 * The farm's pictures: the map (a window around the last move, or all of it) with the score
 * panel under it, and a player's hand in its four turns. Drawn from views only.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { pictureCanvas } from '../../../render/surface.ts';
import { defineDrawings } from '../../../render/drawings.ts';
import { font, registerFonts } from '../../../render/fonts.ts';
import { seatColour } from '../../../render/palette.ts';
import type { MapPictureView } from '../pictures.ts';
import type { FarmView, TileView } from '../views.ts';

const TERRAIN: Record<string, string> = { pasture: '#8CC46E', meadow: '#D9E27F', mud: '#B98B5E', plain: '#EADFB8' };
/** Animal discs: fill, letter, ink. Males are drawn larger with a ring. */
const ANIMAL: Record<string, [string, string, string]> = {
  cow: ['#3B2A20', 'C', '#FFFFFF'],
  bull: ['#3B2A20', 'B', '#FFFFFF'],
  sheep: ['#FFFFFF', 'S', '#333333'],
  ram: ['#FFFFFF', 'R', '#333333'],
  pig: ['#F29CB4', 'P', '#3A1020'],
  boar: ['#F29CB4', 'X', '#3A1020'],
  chicken: ['#F5C400', 'H', '#3A2A00'],
};
const FENCE = '#4A2C12';
const BG = '#F4F1EA';
const INK = '#1F1F1F';

/** Boundary points on the unit square (y down): NW, N, NE, E, SE, S, SW, W; -1 the centre. */
const PT: readonly [number, number][] = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];
const pt = (k: number): [number, number] => (k === -1 ? [0.5, 0.5] : (PT[k] as [number, number]));

const HALF_CENTRE: readonly [number, number][] = [[0.25, 0], [0.75, 0], [1, 0.25], [1, 0.75], [0.75, 1], [0.25, 1], [0, 0.75], [0, 0.25]];

/**
 * Sizes on a tile, as fractions of its side: one place for the drawer and for the test that
 * measures them on a phone's screen.
 */
export const TILE_SIZES = { animalRadius: 0.088, animalLetter: 1.3, henhouse: 0.19, token: 0.14, fence: 0.06 } as const;

/** Where a region's animals and henhouses sit: out from the centre towards the middle of its arc; `dir` points outwards. */
function anchors(outline: number[]): { animals: [number, number]; house: [number, number]; dir: [number, number] } {
  if (!outline.includes(-1)) return { animals: [0.5, 0.64], house: [0.5, 0.3], dir: [0, 1] };
  const hs = outline.slice(0, -2);
  let dx = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[0] - 0.5, 0);
  let dy = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[1] - 0.5, 0);
  const len = Math.hypot(dx, dy) || 1;
  dx /= len;
  dy /= len;
  return { animals: [0.5 + dx * 0.34, 0.5 + dy * 0.34], house: [0.5 + dx * 0.12, 0.5 + dy * 0.12], dir: [dx, dy] };
}

/**
 * Offsets of up to three animals around their anchor, in disc radii, for a region opening
 * downwards (+y outwards): a tight cluster whose wide side lies where the region is wide. Turned
 * to each region's own outward direction.
 */
const CLUSTER: readonly (readonly [number, number][])[] = [[], [[0, 0]], [[-1.05, 0], [1.05, 0]], [[-1.05, 0.9], [1.05, 0.9], [0, -0.9]]];
const turnOffset = ([ox, oy]: readonly [number, number], [dx, dy]: readonly [number, number]): [number, number] => [ox * dy + oy * dx, -ox * dx + oy * dy];

interface Tokens {
  scored?: Map<number, number>;
  henhouses?: { seat: number; region: number }[];
  highlight?: boolean;
  fox?: number | null;
  bales?: number[];
  tractors?: number[];
  horse?: number | null;
  /** Henhouses (their regions) placed with a sharecropper token. */
  shared?: number[];
  /** Stored animals added to farms: drawn as square tokens. */
  storedOn?: { region: number; kind: string }[];
}

type TokenKind = 'fox' | 'bale' | 'tractor' | 'horse';
const TOKEN_FILL: Record<TokenKind, string> = { fox: '#E8590C', bale: '#E9C46A', tractor: '#2F9E44', horse: '#8D5524' };

/** A token on the map: the fox (triangle), a bale (block), a tractor (green square, T), the horse (brown diamond, horseshoe). */
function drawToken(ctx: SKRSContext2D, kind: TokenKind, x: number, y: number, w: number, line: number): void {
  ctx.fillStyle = TOKEN_FILL[kind];
  ctx.strokeStyle = '#000000';
  ctx.lineWidth = line;
  ctx.beginPath();
  if (kind === 'fox') {
    ctx.moveTo(x - w / 2, y - w / 2);
    ctx.lineTo(x + w / 2, y - w / 2);
    ctx.lineTo(x, y + w / 2);
    ctx.closePath();
  } else if (kind === 'bale') ctx.rect(x - w / 2, y - w / 2.6, w, w / 1.3);
  else if (kind === 'tractor') ctx.roundRect(x - w / 2, y - w / 2, w, w, w * 0.18);
  else {
    ctx.moveTo(x, y - w * 0.62);
    ctx.lineTo(x + w * 0.62, y);
    ctx.lineTo(x, y + w * 0.62);
    ctx.lineTo(x - w * 0.62, y);
    ctx.closePath();
  }
  ctx.fill();
  ctx.stroke();
  if (kind === 'horse') {
    // A horseshoe, opening downwards.
    ctx.strokeStyle = '#FFFFFF';
    ctx.lineWidth = Math.max(2, w * 0.14);
    ctx.beginPath();
    ctx.arc(x, y + w * 0.02, w * 0.22, Math.PI * 0.95, Math.PI * 2.05);
    ctx.lineTo(x + w * 0.22 * Math.cos(Math.PI * 2.05), y + w * 0.3);
    ctx.moveTo(x + w * 0.22 * Math.cos(Math.PI * 0.95), y + w * 0.02 + w * 0.22 * Math.sin(Math.PI * 0.95));
    ctx.lineTo(x - w * 0.22, y + w * 0.3);
    ctx.stroke();
    return;
  }
  ctx.fillStyle = kind === 'fox' || kind === 'tractor' ? '#FFFFFF' : '#5A4000';
  ctx.font = font(w * (kind === 'tractor' ? 0.62 : 0.5), true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(kind === 'fox' ? 'F' : kind === 'tractor' ? 'T' : '#', x, y - (kind === 'fox' ? w * 0.15 : 0) + (kind === 'tractor' ? w * 0.04 : 0));
}

function drawTile(ctx: SKRSContext2D, t: TileView, px: number, py: number, size: number, opts: Tokens): void {
  const P = (k: number): [number, number] => {
    const [u, v] = pt(k);
    return [px + u * size, py + v * size];
  };
  for (const r of t.regions) {
    ctx.beginPath();
    r.outline.forEach((k, i) => {
      const [x, y] = P(k);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.closePath();
    ctx.fillStyle = TERRAIN[r.terrain] ?? '#CCCCCC';
    ctx.fill();
    const farm = opts.scored?.get(r.key);
    if (farm !== undefined) {
      ctx.save();
      ctx.clip();
      ctx.strokeStyle = 'rgba(60,60,60,0.28)';
      ctx.lineWidth = Math.max(1, size * 0.025);
      for (let d = -size; d < size * 2; d += size * 0.12) {
        ctx.beginPath();
        ctx.moveTo(px + d, py);
        ctx.lineTo(px + d + size, py + size);
        ctx.stroke();
      }
      ctx.restore();
    }
  }
  if (t.market) {
    ctx.fillStyle = '#7A3E9D';
    ctx.font = font(size * 0.16, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText('$', px + size * 0.05, py + size * 0.04);
  }
  // Tile border, thin: where tiles meet with open halves.
  ctx.strokeStyle = 'rgba(0,0,0,0.25)';
  ctx.lineWidth = 1;
  ctx.strokeRect(px + 0.5, py + 0.5, size - 1, size - 1);
  const fenceW = Math.max(3, size * TILE_SIZES.fence);
  ctx.strokeStyle = FENCE;
  ctx.lineCap = 'round';
  ctx.lineWidth = fenceW;
  t.fenced.forEach((f, h) => {
    if (!f) return;
    const [x0, y0] = P(h), [x1, y1] = P((h + 1) % 8);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    ctx.stroke();
  });
  for (const s of t.spokes) {
    const [x0, y0] = P(-1), [x1, y1] = P(s.to);
    ctx.beginPath();
    ctx.moveTo(x0, y0);
    ctx.lineTo(x1, y1);
    if (s.gate === null) {
      ctx.strokeStyle = FENCE;
      ctx.setLineDash([]);
    } else {
      ctx.strokeStyle = s.gate === 'open' ? '#2E7D32' : '#C62828';
      ctx.setLineDash(s.gate === 'open' ? [fenceW * 0.6, fenceW * 1.8] : [fenceW * 1.6, fenceW * 0.6]);
    }
    ctx.stroke();
    ctx.setLineDash([]);
  }
  for (const r of t.regions) {
    const at = anchors(r.outline);
    const houses = (opts.henhouses ?? []).filter((h) => h.region === r.key);
    const rad = size * TILE_SIZES.animalRadius;
    const cx = px + at.animals[0] * size, cy = py + at.animals[1] * size;
    const offsets = CLUSTER[Math.min(3, r.animals.length)] ?? [];
    const stored = (opts.storedOn ?? []).filter((x) => x.region === r.key);
    stored.forEach((a, i) => {
      // Added from storage: square tokens in a row under the printed animals.
      const [fill, letter, ink] = ANIMAL[a.kind] ?? ['#999', '?', '#000'];
      const x = cx + (i - (stored.length - 1) / 2) * rad * 2.2, y = cy + rad * (r.animals.length > 2 ? 2.9 : 2.1);
      ctx.fillStyle = fill;
      ctx.strokeStyle = '#1864AB';
      ctx.lineWidth = Math.max(2, rad * 0.3);
      ctx.beginPath();
      ctx.rect(x - rad, y - rad, rad * 2, rad * 2);
      ctx.fill();
      ctx.stroke();
      ctx.fillStyle = ink;
      ctx.font = font(rad * 1.2, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(letter, x, y + rad * 0.05);
    });
    r.animals.forEach((a, i) => {
      const [fill, letter, ink] = ANIMAL[a] ?? ['#999', '?', '#000'];
      const [ox, oy] = turnOffset(offsets[i] ?? [0, 0], at.dir);
      const x = cx + ox * rad, y = cy + oy * rad;
      const male = letter === 'B' || letter === 'R' || letter === 'X';
      ctx.beginPath();
      ctx.arc(x, y, male ? rad * 1.15 : rad, 0, Math.PI * 2);
      ctx.fillStyle = fill;
      ctx.fill();
      ctx.lineWidth = male ? Math.max(2, rad * 0.3) : Math.max(1, rad * 0.15);
      ctx.strokeStyle = male ? '#B8860B' : '#222222';
      ctx.stroke();
      ctx.fillStyle = ink;
      ctx.font = font(rad * TILE_SIZES.animalLetter, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(letter, x, y + rad * 0.05);
    });
    const extra: TokenKind[] = [
      ...(opts.fox === r.key ? ['fox' as const] : []),
      ...(opts.horse === r.key ? ['horse' as const] : []),
      ...(opts.tractors ?? []).filter((k) => k === r.key).map(() => 'tractor' as const),
      ...(opts.bales ?? []).filter((b) => b === r.key).map(() => 'bale' as const),
    ];
    extra.forEach((kind, i) => {
      // The horse and tractors are drawn larger: they are what a player looks for on the map.
      const w = size * TILE_SIZES.token * (kind === 'horse' || kind === 'tractor' ? 1.3 : 1);
      const x = px + at.house[0] * size + (i - (extra.length - 1) / 2) * size * TILE_SIZES.token * 1.3 + (houses.length ? size * TILE_SIZES.token * 1.1 : 0);
      const y = py + at.house[1] * size;
      drawToken(ctx, kind, x, y, w, Math.max(1.5, size * 0.015));
    });
    houses.forEach((h, i) => {
      const c = seatColour(h.seat);
      const w = size * TILE_SIZES.henhouse;
      const x = px + at.house[0] * size + (i - (houses.length - 1) / 2) * w * 1.1;
      const y = py + at.house[1] * size;
      ctx.beginPath();
      ctx.moveTo(x - w / 2, y + w * 0.4);
      ctx.lineTo(x - w / 2, y - w * 0.1);
      ctx.lineTo(x, y - w * 0.5);
      ctx.lineTo(x + w / 2, y - w * 0.1);
      ctx.lineTo(x + w / 2, y + w * 0.4);
      ctx.closePath();
      ctx.fillStyle = c.fill;
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, size * 0.015);
      ctx.strokeStyle = '#000000';
      ctx.stroke();
      ctx.fillStyle = c.ink;
      ctx.font = font(w * 0.55, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(h.seat + 1), x, y + w * 0.08);
      if ((opts.shared ?? []).includes(h.region)) {
        // A sharecropper's henhouse: a white badge with a black ring on its roof.
        ctx.beginPath();
        ctx.arc(x + w * 0.42, y - w * 0.42, w * 0.2, 0, Math.PI * 2);
        ctx.fillStyle = '#FFFFFF';
        ctx.fill();
        ctx.lineWidth = Math.max(1.5, w * 0.08);
        ctx.strokeStyle = '#000000';
        ctx.stroke();
      }
    });
  }
  if (opts.highlight) {
    ctx.strokeStyle = '#E53935';
    ctx.lineWidth = Math.max(3, size * 0.04);
    ctx.setLineDash([size * 0.1, size * 0.06]);
    ctx.strokeRect(px + 2, py + 2, size - 4, size - 4);
    ctx.setLineDash([]);
  }
}

const WIDTH = 900;
const LINE = 34;
const TEXT = 26;
/** The whole map keeps cells large enough to read when opened full size, up to this side. */
const MAX_SIDE = 2400;
const MIN_CELL = 100;

/** Characters of one legend line: a full line of the panel's text at its size. */
const LEGEND_CHARS = 48;

function panelLines(v: FarmView): { text: string; seat?: number; bold?: boolean }[] {
  const out: { text: string; seat?: number; bold?: boolean }[] = [];
  out.push({ text: v.over ? 'Game over' : `Round ${v.round} · ${v.stack} tile${v.stack === 1 ? '' : 's'} in the stack`, bold: true });
  const order = v.names.map((_, i) => i).sort((a, b) => (v.scores[b] ?? 0) - (v.scores[a] ?? 0) || a - b);
  for (const i of order) {
    const houses = v.henhousesLeft[i] ?? 0;
    const bales = v.bales ? ` · ${v.bales.held[i]} bale${v.bales.held[i] === 1 ? '' : 's'}` : '';
    out.push({ text: `${v.names[i]}${v.current === i ? ' (to play)' : ''}${v.out[i] ? ' (left)' : ''}: ${v.scores[i]} pt${v.scores[i] === 1 ? '' : 's'} · ${houses} henhouse${houses === 1 ? '' : 's'} home${bales}`, seat: i, bold: v.current === i });
    out.push({ text: `   card: ${v.farmers[i]?.text ?? ''}` });
    const tokens = [
      v.shares ? `${v.shares[i]} sharecropper${v.shares[i] === 1 ? '' : 's'}` : '',
      v.stored ? `${v.stored[i]} stored` : '',
      v.rows?.[i]?.length ? `row: ${v.rows[i]?.join(', ')}` : '',
    ].filter(Boolean);
    if (tokens.length) out.push({ text: `   ${tokens.join(' · ')}` });
  }
  if (v.season) out.push({ text: `Season: ${v.season.name}${v.season.skip.length ? ` (${v.season.skip.join(', ')} skip${v.season.skip.length === 1 ? 's' : ''})` : ''}`, bold: true });
  if (v.market) out.push({ text: `Market: ${v.market}` });
  if (v.bales) out.push({ text: `Hay bales: ${v.bales.supply} left in the supply` });
  const supply = [v.tractors ? `Tractors in the supply: ${v.tractors.supply}` : '', v.horse && v.horse.region === null ? 'The horse waits for the next farm scored' : ''].filter(Boolean);
  if (supply.length) out.push({ text: supply.join(' · ') });
  const recent = v.farms.slice(-3);
  recent.forEach((f, j) => {
    const n = v.farms.length - recent.length + j + 1;
    const bySeat = new Map<number, number>();
    for (const a of f.awards) bySeat.set(a.seat, (bySeat.get(a.seat) ?? 0) + a.points);
    const gains = bySeat.size ? [...bySeat].map(([seat, pts]) => `${v.names[seat]} +${pts}`).join(', ') : 'no points';
    out.push({ text: `Farm ${n}: ${gains}` });
  });
  // The legend names what the options call things (Chickens, Market) and every mark on the map, packed into short lines.
  const present = new Set(v.tiles.flatMap((t) => t.regions.flatMap((r) => r.animals)));
  const legend = [
    ...(['cow', 'sheep', 'pig', 'chicken', 'bull', 'ram', 'boar'] as const).filter((a) => present.has(a) || ['cow', 'sheep', 'pig'].includes(a)).map((a) => `${ANIMAL[a]?.[1]} ${a}`),
    ...[
      v.fox !== undefined && v.fox !== null && 'F fox',
      v.bales && '# hay bale',
      v.tractors && 'T tractor',
      typeof v.horse?.region === 'number' && '◆ horse',
      v.storedOn.length > 0 && '■ added from storage',
      v.shared.length > 0 && '○ sharecropper',
      (v.market !== null || v.tiles.some((t) => t.market)) && '$ market tile',
      v.farms.length > 0 && '▨ hatched: farm scored',
    ].filter((x): x is string => typeof x === 'string'),
  ];
  let line = '';
  for (const item of legend) {
    if (line && line.length + 2 + item.length > LEGEND_CHARS) {
      out.push({ text: line });
      line = '';
    }
    line = line ? `${line}  ${item}` : item;
  }
  if (line) out.push({ text: line });
  return out;
}

function fitText(ctx: SKRSContext2D, text: string, max: number): string {
  if (ctx.measureText(text).width <= max) return text;
  let t = text;
  while (t.length > 1 && ctx.measureText(t + '…').width > max) t = t.slice(0, -1);
  return t + '…';
}

/** Where everything of a map picture goes, in image pixels (the test reads it to measure a phone's view). */
export function mapLayout(pv: MapPictureView) {
  const v = pv.farm;
  const xs = v.tiles.map((t) => t.x), ys = v.tiles.map((t) => t.y);
  const w = pv.window ?? { x0: Math.min(...xs) - 1, y0: Math.min(...ys) - 1, x1: Math.max(...xs) + 1, y1: Math.max(...ys) + 1 };
  const cols = w.x1 - w.x0 + 1, rows = w.y1 - w.y0 + 1;
  const margin = 40;
  const fit = Math.floor((WIDTH - margin - 10) / Math.max(cols, rows));
  const cell = Math.max(Math.min(MIN_CELL, Math.floor((MAX_SIDE - margin - 10) / Math.max(cols, rows))), Math.min(170, fit));
  const width = Math.max(WIDTH, margin + cols * cell + 10);
  const banner = pv.preview ? LINE + 12 : 0;
  const lines = panelLines(v);
  const mapH = banner + margin + rows * cell + 10;
  return {
    window: w, cols, rows, margin, cell, width, banner, lines, mapH,
    height: mapH + lines.length * LINE + 16,
    /** Sizes a player reads or counts, in image pixels. */
    sizes: { animal: 2 * cell * TILE_SIZES.animalRadius, letter: cell * TILE_SIZES.animalRadius * TILE_SIZES.animalLetter, henhouse: cell * TILE_SIZES.henhouse, fence: Math.max(3, cell * TILE_SIZES.fence), text: TEXT, coordinates: Math.min(24, cell * 0.3) },
  };
}

function drawMap(pv: MapPictureView) {
  registerFonts();
  const v = pv.farm;
  const { window: w, cols, rows, margin: top, cell, width, banner, lines, mapH, height } = mapLayout(pv);
  const margin = top;
  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = BG;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const ox = margin + Math.floor((width - margin - 10 - cols * cell) / 2), oy = banner + margin;
  if (pv.preview) {
    // A preview is never the game's state: a banner across the top says so.
    ctx.fillStyle = '#1565C0';
    ctx.fillRect(0, 0, width, banner);
    ctx.fillStyle = '#FFFFFF';
    ctx.font = font(TEXT, true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(fitText(ctx, pv.preview, width - 24), 12, banner / 2);
  }
  // Coordinates along the top and the left: players name cells "column,row".
  ctx.fillStyle = INK;
  ctx.font = font(Math.min(24, cell * 0.3), true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  for (let c = 0; c < cols; c++) ctx.fillText(String(w.x0 + c), ox + c * cell + cell / 2, banner + margin / 2);
  for (let r = 0; r < rows; r++) ctx.fillText(String(w.y0 + r), margin / 2, oy + r * cell + cell / 2);
  ctx.strokeStyle = 'rgba(0,0,0,0.12)';
  ctx.lineWidth = 1;
  for (let c = 0; c < cols; c++) for (let r = 0; r < rows; r++) ctx.strokeRect(ox + c * cell + 0.5, oy + r * cell + 0.5, cell - 1, cell - 1);
  const scored = new Map<number, number>();
  v.farms.forEach((f, i) => f.regions.forEach((k) => scored.set(k, i)));
  v.tiles.forEach((t, i) => {
    if (t.x < w.x0 || t.x > w.x1 || t.y < w.y0 || t.y > w.y1) return;
    drawTile(ctx, t, ox + (t.x - w.x0) * cell, oy + (t.y - w.y0) * cell, cell, { scored, henhouses: v.henhouses, highlight: i === v.last, fox: v.fox, bales: v.bales?.on ?? [], tractors: v.tractors?.on ?? [], horse: v.horse?.region ?? null, shared: v.shared, storedOn: v.storedOn });
  });
  let y = mapH + 8;
  for (const l of lines) {
    let x = 16;
    if (l.seat !== undefined) {
      const c = seatColour(l.seat);
      ctx.fillStyle = c.fill;
      ctx.fillRect(x, y + 3, LINE - 6, LINE - 6);
      ctx.fillStyle = c.ink;
      ctx.font = font(20, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(String(l.seat + 1), x + (LINE - 6) / 2, y + LINE / 2);
      x += LINE + 4;
    }
    ctx.fillStyle = INK;
    ctx.font = font(TEXT, l.bold === true);
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(fitText(ctx, l.text, width - x - 10), x, y + LINE / 2);
    y += LINE;
  }
  return canvas;
}

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
      const turnedView = turnTile(t, rot);
      const x = gap + rot * (size + gap), y = gap + row * (size + label + gap);
      ctx.fillStyle = INK;
      ctx.font = font(26, true);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'top';
      ctx.fillText(`${t.id} ${rot * 90}°`, x + size / 2, y);
      drawTile(ctx, turnedView, x, y + label, size, {});
    }
  });
  if (hand.length === 0) {
    ctx.fillStyle = INK;
    ctx.font = font(28);
    ctx.fillText('No tiles in hand', gap, gap);
  }
  return canvas;
}

/** A hand tile's view turned `rot` quarter turns clockwise (the view holds it unturned). */
function turnTile(t: TileView, rot: number): TileView {
  const r = (k: number) => (k === -1 ? -1 : (k + 2 * rot) % 8);
  return {
    ...t,
    fenced: Array.from({ length: 8 }, (_, h) => t.fenced[(h + 8 - 2 * rot) % 8] as boolean),
    regions: t.regions.map((g) => ({ ...g, outline: g.outline.map(r) })),
    spokes: t.spokes.map((s) => ({ ...s, to: r(s.to) })),
  };
}

export default defineDrawings<{ map: MapPictureView; hand: FarmView }>({ map: drawMap, hand: drawHand });
