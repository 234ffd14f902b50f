/** Text laid out on a picture, the same way in every game's drawings. */
import type { SKRSContext2D } from '@napi-rs/canvas';

/** Splits text into lines no wider than `width` in the context's current font (a word longer than that keeps its own line). */
export function wrapLines(ctx: SKRSContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const w of text.split(' ')) {
    const next = line ? `${line} ${w}` : w;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
