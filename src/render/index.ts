/**
 * PNG renders of a FENCE! game, as pure functions of a FenceView (channel or player view):
 * the renderer never sees what its viewer may not know.
 *
 * Tile size: 128 px per tile, shrunk only when a map would pass 2,400 px on a side (Big Map).
 * Drawing is synchronous and fast; PNG encoding is pngjs at zlib level 3 (see encode.ts).
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import type { FenceView } from '../games/fence/views.ts';
import { handAlt, mapAlt, tileHandAlt } from './alt.ts';
import { encodeCanvas } from './encode.ts';
import { registerFonts } from './fonts.ts';
import { drawHand, drawTileHand } from './hand.ts';
import { drawMap, layoutMap, mapBounds, type MapLayout } from './map.ts';
import { C } from './palette.ts';
import { drawBox, flowBoxes, panelBoxes, panelMetrics } from './panels.ts';

export interface Rendered {
  png: Buffer;
  alt: string;
  width: number;
  height: number;
}

export const TILE_SIZE = 128;
export const MAX_SIDE = 2400;
/** Panel text unit relative to the tile: body text is 1.05 units. */
const PANEL_UNIT = 0.13;

export interface MapPicture {
  canvas: Canvas;
  layout: MapLayout;
  /** Name text size in px (before any per-name shrinking), for legibility checks. */
  nameFontPx: number;
}

interface Plan {
  tile: number;
  width: number;
  height: number;
  margin: number;
  panel: ReturnType<typeof flowBoxes>;
  panelX: number;
  panelY: number;
  unit: number;
}

function plan(view: FenceView, tile: number): Plan {
  const b = mapBounds(view);
  const margin = Math.round(tile * 0.12);
  const gutter = Math.round(tile * 0.24);
  const mapW = gutter + (b.x1 - b.x0 + 1) * tile;
  const mapH = gutter + (b.y1 - b.y0 + 1) * tile;
  const unit = tile * PANEL_UNIT;
  const m = panelMetrics(unit);
  const boxes = panelBoxes(view);
  const gap = margin;
  // Phones show pictures at a fixed width: keep the panels under the map unless the map is tall.
  const below = mapW >= mapH * 0.8;
  const boxW = unit * 22;
  if (below) {
    const cols = Math.max(1, Math.min(boxes.length, Math.floor((mapW + gap) / (boxW + gap))));
    const colW = (Math.max(mapW, boxW) - (cols - 1) * gap) / cols;
    const panel = flowBoxes(boxes, m, colW, cols, gap);
    return { tile, margin, unit, panel, width: Math.ceil(Math.max(mapW, panel.width) + 2 * margin), height: Math.ceil(mapH + gap + panel.height + 2 * margin), panelX: margin, panelY: margin + mapH + gap };
  }
  const panel = flowBoxes(boxes, m, boxW, 1, gap);
  return { tile, margin, unit, panel, width: Math.ceil(mapW + gap + panel.width + 2 * margin), height: Math.ceil(Math.max(mapH, panel.height) + 2 * margin), panelX: margin + mapW + gap, panelY: margin };
}

/** Draws the map picture (no encoding): for tests that read pixels and for the bench. */
export function drawMapPicture(view: FenceView, opts: { tile?: number } = {}): MapPicture {
  registerFonts();
  let tile = opts.tile ?? TILE_SIZE;
  let p = plan(view, tile);
  while ((p.width > MAX_SIDE || p.height > MAX_SIDE) && tile > 40) {
    tile -= 4;
    p = plan(view, tile);
  }
  const canvas = createCanvas(p.width, p.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, p.width, p.height);
  const layout = layoutMap(view, tile, p.margin, p.margin);
  drawMap(ctx, view, layout);
  const m = panelMetrics(p.unit);
  for (const a of p.panel.at) drawBox(ctx, a.box, p.panelX + a.x, p.panelY + a.y, a.w, m);
  return { canvas, layout, nameFontPx: tile * 0.115 };
}

export async function renderMap(view: FenceView, opts: { tile?: number } = {}): Promise<Rendered> {
  const { canvas } = drawMapPicture(view, opts);
  return { png: await encodeCanvas(canvas), alt: mapAlt(view), width: canvas.width, height: canvas.height };
}

/** The viewer's own hand. Only a player's own view carries a hand; a channel view is refused. */
export async function renderHand(view: FenceView): Promise<Rendered> {
  if (!view.me) throw new Error('renderHand needs a player view (one with `me`): the channel never sees a hand');
  registerFonts();
  const canvas = drawHand(view.me);
  return { png: await encodeCanvas(canvas), alt: handAlt(view.me), width: canvas.width, height: canvas.height };
}

/** A seat's tile hand (face up, B2), each tile in its four rotations. */
export async function renderTileHand(view: FenceView, seat: number): Promise<Rendered> {
  registerFonts();
  const canvas = drawTileHand(view, seat);
  return { png: await encodeCanvas(canvas), alt: tileHandAlt(view, seat), width: canvas.width, height: canvas.height };
}

export { mapAlt, handAlt, tileHandAlt } from './alt.ts';
export type { MapLayout, PieceSpot } from './map.ts';
