/** Text laid out on a picture, the same way in every game's drawings. */
import type { SKRSContext2D } from '@napi-rs/canvas';

/**
 * Splits text into lines no wider than `width` in the context's current font (a word longer than
 * that keeps its own line). `keepNumbers`: a number stays with the word before it ("score 6",
 * "at 1,0"), so that no line starts with a number alone.
 */
export function wrapLines(ctx: SKRSContext2D, text: string, width: number, opts: { keepNumbers?: boolean } = {}): string[] {
  const lines: string[] = [];
  let line = '';
  const units: string[] = [];
  for (const word of text.split(' ')) {
    if (opts.keepNumbers && units.length && /^[+-]?\d/.test(word)) units[units.length - 1] += ` ${word}`;
    else units.push(word);
  }
  for (const w of units) {
    const next = line ? `${line} ${w}` : w;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = w;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
