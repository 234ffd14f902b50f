/**
 * What the Extended Rules put on the city: the Ritzy Tile's badge, the Tunnel joining its two
 * neighborhoods, the Trading Post's sign. Drawn with the pieces (they are not part of the
 * cached map base) as one-letter badges; the panel's "On the map" box names them in words.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { font } from '../../../render/fonts.ts';
import type { FenceView } from '../views.ts';
import { defOf, tileSetOfView } from '../views.ts';
import { cellOrigin, hubOf, type MapLayout } from './map.ts';
import type { Pt } from './tiles.ts';

export const GOLD = '#B8860B';
export const TUNNEL = '#5A3E2B';
export const POST = '#1E6B52';

/** A round badge with one letter: small enough to sit beside a pawn, named in the panel. */
function badge(ctx: SKRSContext2D, letter: string, x: number, y: number, T: number, fill: string): void {
  const r = T * 0.1;
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1.5, T * 0.02);
  ctx.strokeStyle = '#FFFFFF';
  ctx.stroke();
  ctx.font = font(T * 0.13, true);
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(letter, x, y + T * 0.008);
}

export function drawMarkers(ctx: SKRSContext2D, view: FenceView, l: MapLayout): void {
  const T = l.tile;
  // Big Map: the second copy of a tile carries a "2", so the two are told apart.
  for (const p of view.map) {
    if (!p.key.endsWith('#2')) continue;
    const o = cellOrigin(l, p.x, p.y);
    badge(ctx, '2', o.x + T * 0.84, o.y + T * 0.84, T, '#444444');
  }
  const ext = view.extended;
  if (!ext) return;
  if (ext.ritzy) {
    const set = tileSetOfView(view);
    for (const p of view.map) {
      const c = defOf(set, p.key).coords;
      if (!c || c.red !== ext.ritzy.red || c.blue !== ext.ritzy.blue) continue;
      const o = cellOrigin(l, p.x, p.y);
      ctx.save();
      ctx.setLineDash([T * 0.08, T * 0.05]);
      ctx.lineWidth = Math.max(3, T * 0.045);
      ctx.strokeStyle = GOLD;
      ctx.strokeRect(o.x + T * 0.04, o.y + T * 0.04, T * 0.92, T * 0.92);
      ctx.restore();
      badge(ctx, '$', o.x + T * 0.84, o.y + T * 0.16, T, GOLD);
    }
  }
  if (ext.tunnel?.length === 2) {
    const [a, b] = ext.tunnel.map((nb) => hubOf(view, l, nb));
    if (a && b) drawTunnel(ctx, a, b, T);
  }
  if (ext.tradingPost) {
    const at = hubOf(view, l, ext.tradingPost);
    if (at) badge(ctx, 'P', at.x - T * 0.24, at.y - T * 0.2, T, POST);
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
  for (const p of [a, b]) badge(ctx, 'T', p.x + T * 0.24, p.y - T * 0.2, T, TUNNEL);
}
