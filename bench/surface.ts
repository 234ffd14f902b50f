/**
 * The play surface (issue 27): each game played once, seeded, through the Discord double with
 * the real bot, as people would (bench/surface/<game>.ts). Prints per game: messages and
 * pictures per turn, taps per turn (median, most) and the smallest text of the pictures a player
 * is shown, in CSS px at 390 CSS px wide. Goals: 1 message a turn, median ≤ 3 taps, ≥ 11 px.
 */
import { loadavg } from 'node:os';
import { fenceSurface, type SurfaceFigures } from './surface/fence.ts';

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};

export function surfaceLine(f: SurfaceFigures): string {
  const small = f.smallest ? `${f.smallest.css.toFixed(1)} CSS px ("${f.smallest.text.slice(0, 24)}")` : 'no text';
  const colour = f.colourTaps.length ? `; a Hot Goods colour: ${median(f.colourTaps)} tap${median(f.colourTaps) === 1 ? '' : 's'} (${f.colourTaps.length}×)` : '';
  return `${f.game}: ${f.turns} turns; ${(f.messages / f.turns).toFixed(2)} messages and ${(f.pictures / f.turns).toFixed(2)} pictures per turn; taps per turn median ${median(f.taps)}, most ${Math.max(...f.taps)}${colour}; smallest text ${small} at 390 px`;
}

export default async function surfaceBench(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  out(surfaceLine(await fenceSurface()));
  out(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await surfaceBench();
