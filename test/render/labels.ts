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
}

const PHONE = 390;

/** Runs `draw`, returning its picture and every text it drew, with sizes as shown `shownWidth` wide. */
export function textsDrawn(draw: () => Canvas, shownWidth = PHONE): { canvas: Canvas; texts: DrawnText[] } {
  registerFonts();
  const proto = Object.getPrototypeOf(createCanvas(1, 1).getContext('2d')) as {
    fillText: (this: CanvasContext, text: string, x: number, y: number, maxWidth?: number) => void;
    strokeText: (this: CanvasContext, text: string, x: number, y: number, maxWidth?: number) => void;
  };
  const seen: { text: string; px: number }[] = [];
  const record = (ctx: CanvasContext, text: string) => {
    const size = /(\d+(?:\.\d+)?)px/.exec(ctx.font);
    const m = ctx.getTransform();
    // The transform's scale along x (drawings scale evenly).
    const scale = Math.hypot(m.a, m.b);
    seen.push({ text, px: (size ? Number(size[1]) : 10) * scale });
  };
  const { fillText, strokeText } = proto;
  proto.fillText = function (text, x, y, maxWidth) {
    record(this, String(text));
    return fillText.call(this, text, x, y, maxWidth);
  };
  proto.strokeText = function (text, x, y, maxWidth) {
    record(this, String(text));
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
  getTransform(): { a: number; b: number };
}

/** The smallest text of a picture in CSS px at `shownWidth`, and which text it is. */
export function smallestText(texts: readonly DrawnText[]): DrawnText | null {
  return texts.reduce<DrawnText | null>((min, t) => (min === null || t.css < min.css ? t : min), null);
}
