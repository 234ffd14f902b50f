/** Season moves as autocomplete and button values (≤ 80 characters), and back (untrusted text). */
import { actionSchema } from './actions.ts';
import type { SeasonAction } from './seasons-data.ts';

export function encodeSeason(a: SeasonAction): string {
  if (a.type === 'swap') return `sw:${a.tile}`;
  if (a.type === 'lift') return `l:${a.from}:${a.x}:${a.y}:${a.rot}`;
  if (a.type === 'turnTile') return `t:${a.tile}:${a.rot}`;
  return `e:${a.region}`;
}

export function decodeSeason(text: string): SeasonAction | null {
  let m: RegExpExecArray | null;
  let raw: unknown = null;
  if ((m = /^sw:([A-Z]\d\d)$/.exec(text))) raw = { type: 'swap', tile: m[1] };
  else if ((m = /^l:(\d{1,4}):(-?\d{1,3}):(-?\d{1,3}):([0-3])$/.exec(text))) raw = { type: 'lift', from: Number(m[1]), x: Number(m[2]), y: Number(m[3]), rot: Number(m[4]) };
  else if ((m = /^t:(\d{1,4}):([0-3])$/.exec(text))) raw = { type: 'turnTile', tile: Number(m[1]), rot: Number(m[2]) };
  else if ((m = /^e:(\d{1,5})$/.exec(text))) raw = { type: 'evict', region: Number(m[1]) };
  if (raw === null) return null;
  const parsed = actionSchema.safeParse(raw);
  return parsed.success ? (parsed.data as SeasonAction) : null;
}
