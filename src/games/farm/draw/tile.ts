/**
 * One farm tile as drawn on any picture: terrain, fences and gates, animals with their letters,
 * henhouses with their seat numbers, the Ranch's tokens. Sizes are fractions of the tile's side,
 * chosen so that every letter and number is at least 26 px on a 165 px tile: on a 900 px
 * picture shown 390 CSS px wide (a phone), that is 11.3 CSS px. Where each piece stands is
 * pieces.ts's.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../../../render/fonts.ts';
import { seatColour } from '../../../render/palette.ts';
import type { TileView } from '../views.ts';
import { layPieces, TILE_SIZES, type Piece, type PieceKind, type Placed } from './pieces.ts';

export const TERRAIN: Record<string, string> = { pasture: '#8CC46E', meadow: '#D9E27F', mud: '#B98B5E', plain: '#EADFB8' };
/** Animal discs: fill, letter, ink. Males are drawn larger with a gold ring. */
export const ANIMAL: Record<string, [string, string, string]> = {
  cow: ['#3B2A20', 'C', '#FFFFFF'],
  bull: ['#3B2A20', 'B', '#FFFFFF'],
  sheep: ['#FFFFFF', 'S', '#333333'],
  ram: ['#FFFFFF', 'R', '#333333'],
  pig: ['#F29CB4', 'P', '#3A1020'],
  boar: ['#F29CB4', 'X', '#3A1020'],
  chicken: ['#F5C400', 'H', '#3A2A00'],
};
export const FENCE = '#4A2C12';
export const INK = '#1F1F1F';

export { TILE_SIZES } from './pieces.ts';
/** The smallest tile whose letters and numbers are 26 px: a picture's cells are never smaller (but for the end's overview, which draws none). */
export const MIN_CELL = 165;

/** Boundary points on the unit square (y down): NW, N, NE, E, SE, S, SW, W; -1 the centre. */
const PT: readonly [number, number][] = [[0, 0], [0.5, 0], [1, 0], [1, 0.5], [1, 1], [0.5, 1], [0, 1], [0, 0.5]];
export const pt = (k: number): [number, number] => (k === -1 ? [0.5, 0.5] : (PT[k] as [number, number]));

const HALF_CENTRE: readonly [number, number][] = [[0.25, 0], [0.75, 0], [1, 0.25], [1, 0.75], [0.75, 1], [0.25, 1], [0, 0.75], [0, 0.25]];

/** Where a region's animals and henhouses sit: out from the centre towards the middle of its arc; `dir` points outwards. */
export function anchors(outline: number[]): { animals: [number, number]; house: [number, number]; dir: [number, number] } {
  if (!outline.includes(-1)) return { animals: [0.5, 0.66], house: [0.5, 0.3], dir: [0, 1] };
  const hs = outline.slice(0, -2);
  let dx = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[0] - 0.5, 0);
  let dy = hs.reduce((a, h) => a + (HALF_CENTRE[h] as [number, number])[1] - 0.5, 0);
  const len = Math.hypot(dx, dy) || 1;
  dx /= len;
  dy /= len;
  return { animals: [0.5 + dx * 0.32, 0.5 + dy * 0.32], house: [0.5 + dx * 0.1, 0.5 + dy * 0.1], dir: [dx, dy] };
}

/**
 * Offsets of up to three animals around their anchor, in disc radii, for a region opening
 * downwards (+y outwards): a tight cluster whose wide side lies where the region is wide. Turned
 * to each region's own outward direction.
 */
const CLUSTER: readonly (readonly [number, number][])[] = [[], [[0, 0]], [[-1.05, 0], [1.05, 0]], [[-1.05, 0.9], [1.05, 0.9], [0, -0.9]]];
const turnOffset = ([ox, oy]: readonly [number, number], [dx, dy]: readonly [number, number]): [number, number] => [ox * dy + oy * dx, -ox * dx + oy * dy];

export interface Tokens {
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
  /**
   * An overview too small for letters: no animals, henhouses or tokens; each scored farm
   * tinted in the colour of its closer (`closers`, by farm).
   */
  plain?: boolean;
  closers?: number[];
  /** false: the tile without its pieces (drawPieces draws them after). */
  pieces?: boolean;
}

export type TokenKind = 'fox' | 'bale' | 'tractor' | 'horse';
const TOKEN_FILL: Record<TokenKind, string> = { fox: '#E8590C', bale: '#E9C46A', tractor: '#2F9E44', horse: '#8D5524' };

/**
 * A token: the fox (an orange head, ears up), a bale (a straw block), a tractor (a green body on
 * a big wheel), the horse (a brown diamond with a horseshoe). Shapes, not letters: the legend
 * under the map names them.
 */
export function drawToken(ctx: SKRSContext2D, kind: TokenKind, x: number, y: number, w: number, line: number): void {
  ctx.fillStyle = TOKEN_FILL[kind];
  ctx.strokeStyle = '#000000';
  ctx.lineWidth = line;
  ctx.beginPath();
  if (kind === 'fox') {
    ctx.moveTo(x - w / 2, y - w / 2);
    ctx.lineTo(x - w / 4, y - w / 4);
    ctx.lineTo(x + w / 4, y - w / 4);
    ctx.lineTo(x + w / 2, y - w / 2);
    ctx.lineTo(x + w / 2.6, y);
    ctx.lineTo(x, y + w / 2);
    ctx.lineTo(x - w / 2.6, y);
    ctx.closePath();
  } else if (kind === 'bale') ctx.rect(x - w / 2, y - w / 2.6, w, w / 1.3);
  else if (kind === 'tractor') {
    ctx.roundRect(x - w / 2, y - w / 2, w * 0.7, w * 0.55, w * 0.08);
    ctx.fill();
    ctx.stroke();
    ctx.beginPath();
    ctx.arc(x + w * 0.18, y + w * 0.2, w * 0.3, 0, Math.PI * 2);
    ctx.fillStyle = '#222222';
  } else {
    ctx.moveTo(x, y - w * 0.62);
    ctx.lineTo(x + w * 0.62, y);
    ctx.lineTo(x, y + w * 0.62);
    ctx.lineTo(x - w * 0.62, y);
    ctx.closePath();
  }
  ctx.fill();
  ctx.stroke();
  ctx.strokeStyle = kind === 'bale' ? '#8A6A10' : '#FFFFFF';
  ctx.lineWidth = Math.max(2, w * 0.1);
  ctx.beginPath();
  if (kind === 'horse') {
    // A horseshoe, opening downwards.
    ctx.arc(x, y + w * 0.02, w * 0.22, Math.PI * 0.95, Math.PI * 2.05);
    ctx.lineTo(x + w * 0.22 * Math.cos(Math.PI * 2.05), y + w * 0.3);
    ctx.moveTo(x + w * 0.22 * Math.cos(Math.PI * 0.95), y + w * 0.02 + w * 0.22 * Math.sin(Math.PI * 0.95));
    ctx.lineTo(x - w * 0.22, y + w * 0.3);
  } else if (kind === 'bale') {
    for (const f of [-0.2, 0.2]) {
      ctx.moveTo(x + f * w, y - w / 2.6);
      ctx.lineTo(x + f * w, y + w / 2.6);
    }
  } else if (kind === 'fox') {
    // Eyes.
    ctx.fillStyle = '#FFFFFF';
    ctx.arc(x - w * 0.14, y - w * 0.05, w * 0.06, 0, Math.PI * 2);
    ctx.moveTo(x + w * 0.2, y - w * 0.05);
    ctx.arc(x + w * 0.14, y - w * 0.05, w * 0.06, 0, Math.PI * 2);
    ctx.fill();
    return;
  } else {
    ctx.arc(x + w * 0.18, y + w * 0.2, w * 0.1, 0, Math.PI * 2);
  }
  ctx.stroke();
}

/** A henhouse of `seat`, `w` wide, centred on x, y: its seat number on it (none on an overview). */
export function drawHenhouse(ctx: SKRSContext2D, seat: number, x: number, y: number, w: number, line: number, number = true): void {
  const c = seatColour(seat);
  ctx.beginPath();
  ctx.moveTo(x - w / 2, y + w * 0.45);
  ctx.lineTo(x - w / 2, y - w * 0.1);
  ctx.lineTo(x, y - w * 0.5);
  ctx.lineTo(x + w / 2, y - w * 0.1);
  ctx.lineTo(x + w / 2, y + w * 0.45);
  ctx.closePath();
  ctx.fillStyle = c.fill;
  ctx.fill();
  ctx.lineWidth = line;
  ctx.strokeStyle = '#000000';
  ctx.stroke();
  if (!number) return;
  ctx.fillStyle = c.ink;
  ctx.font = font(w * TILE_SIZES.houseNumber, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(String(seat + 1), x, y + w * 0.1);
}

/** An animal disc with its letter (none on an overview). */
export function drawAnimal(ctx: SKRSContext2D, kind: string, x: number, y: number, rad: number, letterOn = true): void {
  const [fill, letter, ink] = ANIMAL[kind] ?? ['#999', '?', '#000'];
  const male = letter === 'B' || letter === 'R' || letter === 'X';
  ctx.beginPath();
  ctx.arc(x, y, male ? rad * 1.15 : rad, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = male ? Math.max(2, rad * 0.3) : Math.max(1, rad * 0.15);
  ctx.strokeStyle = male ? '#B8860B' : '#222222';
  ctx.stroke();
  if (!letterOn) return;
  ctx.fillStyle = ink;
  ctx.font = font(rad * TILE_SIZES.animalLetter, true);
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, x, y + rad * 0.05);
}

/** Where a region's mark goes on a tile drawn at px, py with side `size`: where its henhouse would stand. */
export function regionPoint(t: TileView, key: number, px: number, py: number, size: number): [number, number] | null {
  const r = t.regions.find((g) => g.key === key);
  if (!r) return null;
  const at = anchors(r.outline);
  return [px + at.house[0] * size, py + at.house[1] * size];
}

/** Where a tile's gate is drawn: the middle of its gated inner fence. */
export function gatePoint(t: TileView, px: number, py: number, size: number): [number, number] | null {
  const g = t.spokes.find((s) => s.gate !== null);
  if (!g) return null;
  const [u, v] = pt(g.to);
  return [px + ((u + 0.5) / 2) * size, py + ((v + 0.5) / 2) * size];
}

/** A market tile's '$', in its north-west corner: pieces keep off it. */
const MARKET_MARK = { x: 0.1, y: 0.12, r: 0.09 } as const;

/** A piece on a tile, where it stands (tile units: layPieces) and what it is. */
export type TilePiece = Placed & PieceWhat & { region: number };
type PieceWhat = { animal: string } | { stored: string } | { house: number; shared: boolean } | { token: TokenKind };

/**
 * Every piece on tile `t`, region by region, laid out so that none covers another or a fence
 * (pieces.ts): the printed animals in a cluster out from the region's centre, stored tokens
 * below them, henhouses near the centre, the fox, the horse, tractors and bales beside them.
 */
export function piecesOn(t: TileView, opts: Tokens): TilePiece[] {
  const out: TilePiece[] = [];
  const R = TILE_SIZES.animalRadius;
  for (const r of t.regions) {
    const at = anchors(r.outline);
    const offsets = CLUSTER[Math.min(3, r.animals.length)] ?? [];
    const whats: PieceWhat[] = [];
    const pieces: Piece[] = [];
    const add = (kind: PieceKind, want: [number, number], what: PieceWhat) => {
      pieces.push({ kind, want });
      whats.push(what);
    };
    r.animals.forEach((a, i) => {
      const [ox, oy] = turnOffset(offsets[i] ?? [0, 0], at.dir);
      const male = a === 'bull' || a === 'ram' || a === 'boar';
      add(male ? 'male' : 'animal', [at.animals[0] + ox * R, at.animals[1] + oy * R], { animal: a });
    });
    const stored = (opts.storedOn ?? []).filter((x) => x.region === r.key);
    stored.forEach((a, i) => add('stored', [at.animals[0] + (i - (stored.length - 1) / 2) * R * 2.2, at.animals[1] + R * (r.animals.length > 2 ? 2.9 : 2.1)], { stored: a.kind }));
    const houses = (opts.henhouses ?? []).filter((h) => h.region === r.key);
    const w = TILE_SIZES.henhouse;
    houses.forEach((h, i) => {
      const shared = (opts.shared ?? []).includes(h.region);
      add(shared ? 'shared' : 'house', [at.house[0] + (i - (houses.length - 1) / 2) * w * 1.1, at.house[1]], { house: h.seat, shared });
    });
    const extra: TokenKind[] = [
      ...(opts.fox === r.key ? ['fox' as const] : []),
      ...(opts.horse === r.key ? ['horse' as const] : []),
      ...(opts.tractors ?? []).filter((k) => k === r.key).map(() => 'tractor' as const),
      ...(opts.bales ?? []).filter((b) => b === r.key).map(() => 'bale' as const),
    ];
    const tw = TILE_SIZES.token;
    extra.forEach((kind, i) => add('token', [at.house[0] + (i - (extra.length - 1) / 2) * tw * 1.15 + (houses.length ? w * 1.05 : 0), at.house[1]], { token: kind }));
    layPieces(r, t.fenced, pieces, t.market ? [MARKET_MARK] : []).forEach((p, i) => out.push({ ...p, ...whats[i]!, region: r.key }));
  }
  return out;
}

/**
 * The pieces of a tile drawn at px, py with side `size` (none on an overview); `within`: only
 * those wholly inside this rectangle. A map draws them after every tile (Tokens.pieces false),
 * so that a piece reaching over an open side into the next tile stays in sight.
 */
export function drawPieces(ctx: SKRSContext2D, t: TileView, px: number, py: number, size: number, opts: Tokens, within?: { x0: number; y0: number; x1: number; y1: number }): void {
  if (opts.plain) return;
  const line = Math.max(1.5, size * 0.012);
  for (const p of piecesOn(t, opts)) {
    // Only whole pieces where the picture shows part of a tile: a piece cut in two reads as another.
    const x = px + p.x * size, y = py + p.y * size, r = p.r * size;
    if (within && (x - r < within.x0 || x + r > within.x1 || y - r < within.y0 || y + r > within.y1)) continue;
    drawPiece(ctx, p, px, py, size, line);
  }
}

function drawPiece(ctx: SKRSContext2D, p: TilePiece, px: number, py: number, size: number, line: number): void {
  const x = px + p.x * size, y = py + p.y * size;
  const rad = size * TILE_SIZES.animalRadius;
  if ('animal' in p) drawAnimal(ctx, p.animal, x, y, rad);
  else if ('stored' in p) {
    // Added from storage: a square token.
    const [fill, letter, ink] = ANIMAL[p.stored] ?? ['#999', '?', '#000'];
    ctx.fillStyle = fill;
    ctx.strokeStyle = '#1864AB';
    ctx.lineWidth = Math.max(2, rad * 0.3);
    ctx.beginPath();
    ctx.rect(x - rad, y - rad, rad * 2, rad * 2);
    ctx.fill();
    ctx.stroke();
    ctx.fillStyle = ink;
    ctx.font = font(rad * TILE_SIZES.animalLetter, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(letter, x, y + rad * 0.05);
  } else if ('house' in p) {
    const w = size * TILE_SIZES.henhouse;
    drawHenhouse(ctx, p.house, x, y, w, line);
    if (p.shared) {
      // A sharecropper's henhouse: a white badge with a black ring on its roof.
      ctx.beginPath();
      ctx.arc(x + w * 0.42, y - w * 0.42, w * 0.2, 0, Math.PI * 2);
      ctx.fillStyle = '#FFFFFF';
      ctx.fill();
      ctx.lineWidth = Math.max(1.5, w * 0.08);
      ctx.strokeStyle = '#000000';
      ctx.stroke();
    }
  } else drawToken(ctx, p.token, x, y, size * TILE_SIZES.token, line);
}

export function drawTile(ctx: SKRSContext2D, t: TileView, px: number, py: number, size: number, opts: Tokens): void {
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
    if (farm !== undefined && opts.plain) {
      const [red, green, blue] = seatColour(opts.closers?.[farm] ?? 0).rgb;
      ctx.fillStyle = `rgba(${red},${green},${blue},0.55)`;
      ctx.fill();
    } else if (farm !== undefined) {
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
  if (t.market && !opts.plain) {
    // Over the fences (a diagonal one runs through the corner): pieces keep off it.
    ctx.fillStyle = '#7A3E9D';
    ctx.font = font(size * 0.16, true);
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText('$', px + MARKET_MARK.x * size, py + MARKET_MARK.y * size);
  }
  if (opts.pieces !== false) drawPieces(ctx, t, px, py, size, opts);
  if (opts.highlight) {
    ctx.strokeStyle = '#E53935';
    ctx.lineWidth = Math.max(3, size * 0.04);
    ctx.setLineDash([size * 0.1, size * 0.06]);
    ctx.strokeRect(px + 2, py + 2, size - 4, size - 4);
    ctx.setLineDash([]);
  }
}

/** A hand tile's view turned `rot` quarter turns clockwise (the view holds it unturned). */
export function turnTile(t: TileView, rot: number): TileView {
  const r = (k: number) => (k === -1 ? -1 : (k + 2 * rot) % 8);
  return {
    ...t,
    fenced: Array.from({ length: 8 }, (_, h) => t.fenced[(h + 8 - 2 * rot) % 8] as boolean),
    regions: t.regions.map((g) => ({ ...g, outline: g.outline.map(r) })),
    spokes: t.spokes.map((s) => ({ ...s, to: r(s.to) })),
  };
}
