// The texts a picture's drawing writes, and how large each shows on a phone. Every fillText
// and strokeText of the drawing is recorded with its font size times the scale the canvas is
// drawn at then (its transform): at `shownWidth` CSS px (390: a phone), a text of `px` canvas
// pixels shows at px × shownWidth / canvas width. The font size is the measure (CSS px of
// font-size, as a page states it), not the height of the glyphs' ink.
import { createCanvas, type Canvas } from '@napi-rs/canvas';
import { registerFonts } from '../../src/render/fonts.ts';

export interface DrawnText {
  text: string;
  /** Font size in canvas pixels, the transform's scale included. */
  px: number;
  /** The same, in CSS px when the picture is shown `shownWidth` wide. */
  css: number;
  /** Where the text lies on the canvas, in canvas pixels (its advance width by the font's height, the transform applied). */
  box: { x: number; y: number; w: number; h: number };
  /** The font it was drawn in (the context's `font`). */
  font: string;
}

const PHONE = 390;

/** Runs `draw`, returning its picture and every text it drew, with sizes as shown `shownWidth` wide. */
export function textsDrawn(draw: () => Canvas, shownWidth = PHONE): { canvas: Canvas; texts: DrawnText[] } {
  registerFonts();
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as {
    fillText: (this: CanvasContext, text: string, x: number, y: number, maxWidth?: number) => void;
    strokeText: (this: CanvasContext, text: string, x: number, y: number, maxWidth?: number) => void;
  };
  const seen: { text: string; px: number; box: DrawnText['box']; font: string }[] = [];
  const record = (ctx: CanvasContext, text: string, x: number, y: number) => {
    const size = /(\d+(?:\.\d+)?)px/.exec(ctx.font);
    const m = ctx.getTransform();
    // The transform's scale along x (drawings scale evenly).
    const scale = Math.hypot(m.a, m.b);
    const font = size ? Number(size[1]) : 10;
    const w = ctx.measureText(text).width;
    const left = ctx.textAlign === 'center' ? x - w / 2 : ctx.textAlign === 'right' || ctx.textAlign === 'end' ? x - w : x;
    const top = ctx.textBaseline === 'middle' ? y - font / 2 : ctx.textBaseline === 'top' || ctx.textBaseline === 'hanging' ? y : ctx.textBaseline === 'bottom' || ctx.textBaseline === 'ideographic' ? y - font : y - font * 0.8;
    seen.push({ text, px: font * scale, font: ctx.font, box: { x: m.a * left + m.c * top + m.e, y: m.b * left + m.d * top + m.f, w: w * scale, h: font * scale } });
  };
  const { fillText, strokeText } = proto;
  proto.fillText = function (text, x, y, maxWidth) {
    record(this, String(text), x, y);
    return fillText.call(this, text, x, y, maxWidth);
  };
  proto.strokeText = function (text, x, y, maxWidth) {
    record(this, String(text), x, y);
    return strokeText.call(this, text, x, y, maxWidth);
  };
  try {
    const canvas = draw();
    const ratio = shownWidth / canvas.width;
    return { canvas, texts: seen.filter((t) => t.text.trim() !== '').map((t) => ({ ...t, css: t.px * ratio })) };
  } finally {
    proto.fillText = fillText;
    proto.strokeText = strokeText;
  }
}

interface CanvasContext {
  font: string;
  textAlign: string;
  textBaseline: string;
  getTransform(): { a: number; b: number; c: number; d: number; e: number; f: number };
  measureText(text: string): { width: number };
}

/** The smallest text of a picture in CSS px at `shownWidth`, and which text it is. */
export function smallestText(texts: readonly DrawnText[]): DrawnText | null {
  return texts.reduce<DrawnText | null>((min, t) => (min === null || t.css < min.css ? t : min), null);
}
