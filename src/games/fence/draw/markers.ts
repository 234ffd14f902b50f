/**
 * What sits on a tile besides its names and pieces: the Big Map's "2" on a second copy, the
 * round's Hot Goods rolls, and what the Extended Rules add (the Ritzy Tile, the Tunnel, the
 * Trading Post). Badges take fixed slots along the tile's top and right edges, away from the
 * names (which sit under the middle), and the pieces' layout steps around them (map.ts). Drawn
 * with the pieces (not part of the cached map base); the panel's boxes name them in words.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../../../render/fonts.ts';
import type { FenceView } from '../views.ts';
import { defOf, tileSetOfView } from '../views.ts';
import type { PlacedTile } from '../geometry.ts';
import { parseNbId } from '../geometry.ts';
import { cellOrigin, hubOf, type MapLayout } from './layout.ts';
import type { Pt } from './tiles.ts';

export const GOLD = '#B8860B';
export const TUNNEL = '#5A3E2B';
export const POST = '#1E6B52';
/** Hot Goods: a strong orange, apart from every seat colour's hue and from the Ritzy gold. */
export const HOT = '#E4572E';

/** Badge radius, as a fraction of the tile. */
export const BADGE_R = 0.09;
/** Badge slots in the unit square: along the top (right of the dice), then down the right edge. */
const SLOTS: readonly Pt[] = [{ x: 0.52, y: 0.115 }, { x: 0.71, y: 0.115 }, { x: 0.885, y: 0.115 }, { x: 0.885, y: 0.31 }, { x: 0.885, y: 0.5 }];

export interface Badge extends Pt {
  letter: string;
  fill: string;
}

/** Which Hot Goods rolls of the view's round landed on this tile (numbered from 1). */
export function hotGoodsRollsOn(view: FenceView, tile: PlacedTile): number[] {
  const c = defOf(tileSetOfView(view), tile.key).coords;
  if (!c || !view.hotGoods) return [];
  return view.hotGoods.rolls.flatMap((r, i) => (r.red === c.red && r.blue === c.blue ? [i + 1] : []));
}

/** The badges on one tile, each in its slot (unit square). */
export function badgeSlots(view: FenceView, tile: PlacedTile): Badge[] {
  const wanted: { letter: string; fill: string }[] = [];
  if (tile.key.endsWith('#2')) wanted.push({ letter: '2', fill: '#444444' });
  for (const n of hotGoodsRollsOn(view, tile)) wanted.push({ letter: String(n), fill: HOT });
  const ext = view.extended;
  const c = defOf(tileSetOfView(view), tile.key).coords;
  if (ext?.ritzy && c && c.red === ext.ritzy.red && c.blue === ext.ritzy.blue) wanted.push({ letter: '$', fill: GOLD });
  if (ext?.tunnel?.some((nb) => parseNbId(nb).key === tile.key)) wanted.push({ letter: 'T', fill: TUNNEL });
  if (ext?.tradingPost && parseNbId(ext.tradingPost).key === tile.key) wanted.push({ letter: 'P', fill: POST });
  return wanted.slice(0, SLOTS.length).map((b, i) => ({ ...b, ...(SLOTS[i] as Pt) }));
}

/** A round badge with one letter, named in the panel. */
function badge(ctx: SKRSContext2D, letter: string, x: number, y: number, T: number, fill: string): void {
  const r = T * BADGE_R;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, T * 0.018);
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.font = font(T * 0.12, true);
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, x, y + T * 0.008);
}

export function drawMarkers(ctx: SKRSContext2D, view: FenceView, l: MapLayout): void {
  const T = l.tile;
  const inView = (p: PlacedTile) => p.x >= l.x0 && p.x <= l.x1 && p.y >= l.y0 && p.y <= l.y1;
  for (const p of view.map) {
    if (!inView(p)) continue;
    const o = cellOrigin(l, p.x, p.y);
    const frame = (colour: string, dashed: boolean) => {
      ctx.save();
      if (dashed) ctx.setLineDash([T * 0.08, T * 0.05]);
      ctx.lineWidth = Math.max(3, T * 0.03);
      ctx.strokeStyle = colour;
      // On the tile's very edge: names keep 3 % of the tile clear of it.
      ctx.strokeRect(o.x + T * 0.015, o.y + T * 0.015, T * 0.97, T * 0.97);
      ctx.restore();
    };
    const badges = badgeSlots(view, p);
    if (badges.some((b) => b.fill === GOLD)) frame(GOLD, true);
    if (badges.some((b) => b.fill === HOT)) frame(HOT, false);
    for (const b of badges) badge(ctx, b.letter, o.x + b.x * T, o.y + b.y * T, T, b.fill);
  }
  const tunnel = view.extended?.tunnel;
  if (tunnel?.length === 2) {
    const [a, b] = tunnel.map((nb) => hubOf(view, l, nb));
    if (a && b) drawTunnel(ctx, a, b, T);
  }
}

function drawTunnel(ctx: SKRSContext2D, a: Pt, b: Pt, T: number): void {
  ctx.save();
  ctx.lineCap = 'round';
  ctx.setLineDash([T * 0.12, T * 0.08]);
  ctx.strokeStyle = '#FFFFFF';
  ctx.lineWidth = T * 0.07;
  ctx.beginPath();
  ctx.moveTo(a.x, a.y);
  ctx.lineTo(b.x, b.y);
  ctx.stroke();
  ctx.strokeStyle = TUNNEL;
  ctx.lineWidth = T * 0.045;
  ctx.stroke();
  ctx.restore();
}
