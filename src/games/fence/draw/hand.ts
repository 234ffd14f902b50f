/**
 * Images for ephemeral replies: a player's hand of cards (only from a view that carries
 * `me`, i.e. that player's own view), and a tile hand, both legible at a phone's width.
 */
import type { Canvas, SKRSContext2D } from '@napi-rs/canvas';
import { sortCards, colourOf, isFace, isJoker, valueOf, type Card } from '../cards.ts';
import type { FenceView } from '../views.ts';
import { font, registerFonts } from '../../../render/fonts.ts';
import { pictureCanvas } from '../../../render/surface.ts';
import { defOf, tileSetOfView } from '../views.ts';
import { C } from './palette.ts';
import { drawTileGround, drawTileLabels } from './tiles.ts';

const CARD_W = 120, CARD_H = 168, GAP = 16, PAD = 24;

export function drawHand(me: NonNullable<FenceView['me']>): Canvas {
  registerFonts();
  const hand = sortCards(me.hand);
  const start = me.startCards ?? [];
  const perRow = 6;
  const rows = Math.max(1, Math.ceil(hand.length / perRow));
  const titleH = 44;
  const width = PAD * 2 + perRow * CARD_W + (perRow - 1) * GAP;
  const startH = start.length ? titleH + CARD_H + GAP : 0;
  const height = PAD * 2 + titleH + rows * (CARD_H + GAP) - GAP + startH;
  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, width, height);
  title(ctx, hand.length ? `Your hand · ${hand.length} card${hand.length === 1 ? '' : 's'}` : 'Your hand is empty', PAD, PAD + titleH / 2);
  hand.forEach((c, i) => drawCard(ctx, c, PAD + (i % perRow) * (CARD_W + GAP), PAD + titleH + Math.floor(i / perRow) * (CARD_H + GAP)));
  if (start.length) {
    const y = PAD + titleH + rows * (CARD_H + GAP);
    title(ctx, 'Start cards (secret until your pawn is placed)', PAD, y + titleH / 2);
    start.forEach((c, i) => drawCard(ctx, c, PAD + i * (CARD_W + GAP), y + titleH));
  }
  return canvas;
}

/** Title text, px: ≥ 11 CSS px when the picture is shown 390 CSS px wide. */
const TITLE_PX = 28;

function title(ctx: SKRSContext2D, text: string, x: number, cy: number, px = TITLE_PX): void {
  ctx.font = font(px, true);
  ctx.fillStyle = C.text;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText(text, x, cy);
}

export function drawCard(ctx: SKRSContext2D, c: Card, x: number, y: number): void {
  const red = colourOf(c) === 'red';
  const v = valueOf(c);
  ctx.beginPath();
  ctx.roundRect(x, y, CARD_W, CARD_H, 12);
  ctx.fillStyle = red ? C.redCard : C.blueCard;
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(x + 7, y + 7, CARD_W - 14, CARD_H - 14, 8);
  ctx.strokeStyle = 'rgba(255,255,255,0.85)';
  ctx.lineWidth = 3;
  ctx.stroke();
  ctx.fillStyle = '#FFFFFF';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  // A Joker and a face card (a boat) have no value: a letter stands in for it.
  const face = isJoker(c) ? 'J' : isFace(c) ? 'K' : v === 1 ? 'A' : String(v);
  ctx.font = font(72, true);
  ctx.fillText(face, x + CARD_W / 2, y + CARD_H * 0.45);
  // The colour in words too: red and blue must not be told apart by hue alone.
  ctx.font = font(26, true);
  ctx.fillText(red ? 'RED' : 'BLUE', x + CARD_W / 2, y + CARD_H * 0.8);
}

/**
 * Tiles in a phone-sized grid: three a row, each drawn once as it would be placed unturned, so at
 * a 390-CSS-px preview a tile is ≈ 120 CSS px and its names ≥ 11 CSS px (the suggestions name
 * the turn each placement needs).
 */
export const TILE_HAND_SIZE = 240;
const TILE = TILE_HAND_SIZE, PER_ROW = 3, TILE_GAP = 24;

export function drawTileHand(view: FenceView, seat: number): Canvas {
  registerFonts();
  const set = tileSetOfView(view);
  const tiles = view.seats[seat]?.tiles ?? [];
  const rows = Math.max(1, Math.ceil(tiles.length / PER_ROW));
  const titleH = 64;
  const width = PAD * 2 + PER_ROW * TILE + (PER_ROW - 1) * TILE_GAP;
  const height = PAD * 2 + titleH + rows * (TILE + TILE_GAP) - TILE_GAP;
  const canvas = pictureCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = C.background;
  ctx.fillRect(0, 0, width, height);
  const name = view.seats[seat]?.name ?? `Seat ${seat + 1}`;
  title(ctx, tiles.length ? `${name}'s tiles · ${tiles.length}` : `${name} has no tiles`, PAD, PAD + titleH / 2, TITLE_PX * 1.2);
  tiles.forEach((key, i) => {
    const def = defOf(set, key);
    const x = PAD + (i % PER_ROW) * (TILE + TILE_GAP), y = PAD + titleH + Math.floor(i / PER_ROW) * (TILE + TILE_GAP);
    drawTileGround(ctx, def, 0, x, y, TILE);
    ctx.strokeStyle = C.landEdge;
    ctx.lineWidth = 2;
    ctx.strokeRect(x + 1, y + 1, TILE - 2, TILE - 2);
    drawTileLabels(ctx, def, 0, x, y, TILE);
  });
  return canvas;
}
