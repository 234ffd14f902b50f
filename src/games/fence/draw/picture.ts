/**
 * The map picture: the map with its panels, laid out for phone and desktop previews. The
 * render worker runs it through ./index.ts; tests that read pixels and the bench call it directly.
 */
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { keep, put, type Kept } from '../../../render/bitmap.ts';
import type { FenceView } from '../views.ts';
import { registerFonts } from '../../../render/fonts.ts';
import { pictureCanvas } from '../../../render/surface.ts';
import type { MapLayout } from './layout.ts';
import { drawMapBase, drawMapPieces, layoutMap, mapBaseKey, mapBounds, mapSize } from './map.ts';
import { NAME_SCALE } from './tiles.ts';
import { C } from './palette.ts';
import { drawBox, flowBoxes, panelBoxes, panelMetrics } from './panels.ts';

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

/**
 * Discord shows an inline picture scaled to fit about 550 × 350 CSS px on desktop, and the chat
 * width (≈ 380 CSS px) on a phone. The layout is chosen for the largest map on screen.
 */
export const DESKTOP_BOX = { width: 550, height: 350 };
export const PHONE_WIDTH = 380;
export const onScreenScale = (width: number, height: number): { desktop: number; phone: number } => ({
  desktop: Math.min(1, DESKTOP_BOX.width / width, DESKTOP_BOX.height / height),
  phone: Math.min(1, PHONE_WIDTH / width),
});

function plan(view: FenceView, tile: number): Plan {
  const margin = Math.round(tile * 0.12);
  const { width: mapW, height: mapH } = mapSize(tile, mapBounds(view));
  const unit = tile * PANEL_UNIT;
  const m = panelMetrics(unit);
  const boxes = panelBoxes(view);
  const gap = margin;
  const boxW = unit * 22;
  const candidates: Plan[] = [];
  // Panels to the right of the map, in one or two columns.
  for (const cols of [1, 2]) {
    if (cols > boxes.length) continue;
    const panel = flowBoxes(boxes, m, boxW, cols, gap);
    candidates.push({ tile, margin, unit, panel, width: Math.ceil(mapW + gap + panel.width + 2 * margin), height: Math.ceil(Math.max(mapH, panel.height) + 2 * margin), panelX: margin + mapW + gap, panelY: margin });
  }
  // Panels under the map, in as many columns as its width holds.
  const cols = Math.max(1, Math.min(boxes.length, Math.floor((mapW + gap) / (boxW + gap))));
  const colW = (Math.max(mapW, boxW) - (cols - 1) * gap) / cols;
  const below = flowBoxes(boxes, m, colW, cols, gap);
  candidates.push({ tile, margin, unit, panel: below, width: Math.ceil(Math.max(mapW, below.width) + 2 * margin), height: Math.ceil(mapH + gap + below.height + 2 * margin), panelX: margin, panelY: margin + mapH + gap });
  // The layout whose map is largest on the worse of the two screens: panels beside a square
  // or tall map (desktop's box is landscape), under a wide one (a phone's width is the limit).
  const score = (p: Plan) => {
    const s = onScreenScale(p.width, p.height);
    return Math.min(s.desktop, s.phone) * 1000 + s.desktop + s.phone;
  };
  return candidates.reduce((best, p) => (score(p) > score(best) ? p : best));
}

/**
 * Drawn map bases (tiles, names, shading, grid labels), by what they show. During the main
 * game the tiles never change and off-limits rarely does, so a turn's picture is this image
 * plus pieces, arrow and panels. A few entries cover several channels; a base is ≈ 5 MB, in
 * each render thread (3, not 6: a bot serving four games for an hour stayed under 500 MB RSS
 * only then, bench/soak.ts).
 */
const BASE_CACHE_MAX = 3;
const baseCache = new Map<string, Kept>();

/** The base of the map laid out as `layout` (drawn at its own top-left, 0, 0). */
function mapBase(view: FenceView, layout: MapLayout): Kept {
  const l = { ...layout, left: 0, top: 0 };
  const key = mapBaseKey(view, l);
  const hit = baseCache.get(key);
  if (hit) {
    baseCache.delete(key); // re-insert: most recently used last
    baseCache.set(key, hit);
    return hit;
  }
  const base = createCanvas(l.width, l.height);
  const ctx = base.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, l.width, l.height);
  drawMapBase(ctx, view, l);
  const kept = keep(base);
  baseCache.set(key, kept);
  if (baseCache.size > BASE_CACHE_MAX) baseCache.delete(baseCache.keys().next().value as string);
  return kept;
}

/** Draws the map picture (no encoding): for tests that read pixels and for the bench. */
export function drawMapPicture(view: FenceView, opts: { tile?: number; cache?: boolean } = {}): MapPicture {
  registerFonts();
  let tile = opts.tile ?? TILE_SIZE;
  let p = plan(view, tile);
  while ((p.width > MAX_SIDE || p.height > MAX_SIDE) && tile > 40) {
    tile -= 4;
    p = plan(view, tile);
  }
  const canvas = pictureCanvas(p.width, p.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, p.width, p.height);
  const layout = layoutMap(view, tile, p.margin, p.margin);
  if (opts.cache === false) drawMapBase(ctx, view, layout);
  // The canvas has no transform and no clip here: the base's pixels are put as they are.
  else put(ctx, mapBase(view, layout), p.margin, p.margin);
  drawMapPieces(ctx, view, layout);
  const m = panelMetrics(p.unit);
  for (const a of p.panel.at) drawBox(ctx, a.box, p.panelX + a.x, p.panelY + a.y, a.w, m);
  return { canvas, layout, nameFontPx: tile * NAME_SCALE };
}
