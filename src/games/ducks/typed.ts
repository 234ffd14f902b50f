/** Fences typed by hand (`/ducks fence`, scenario files): read as dots, matched against the legal fences. */
import { actionSchema, type Action, type DucksState } from './state.ts';
import { fenceLength, legalActions, sameAction } from './engine.ts';
import { readDot, type Dot } from './grid.ts';
import { breadUnlocked } from './rules.ts';

/** A fence action along dots: two for a straight one, three bent once; more keep their extra corners (refused). */
export function fenceOf(kind: 'fence' | 'bread', dots: readonly (readonly [number, number])[]): unknown {
  const [from, via, ...rest] = dots.map((d) => [d[0], d[1]] as [number, number]);
  if (rest.length === 0) return { type: kind, from, to: via };
  const to = rest.pop()!;
  return { type: kind, from, via, to, ...(rest.length ? { bends: rest } : {}) };
}

/** A fence typed by hand: the legal one it names (either end first), the regular fence before the bread's. */
export function parseFence(s: DucksState, seat: number, typed: string): Action | null {
  const dots = readPath(typed);
  if (!dots) return null;
  const regular = actionSchema.parse(fenceOf('fence', dots));
  if (dots.length > 2) return legalActions(s, seat).find((l) => sameAction(l, regular)) ?? regular;
  const from: [number, number] = [dots[0]![0], dots[0]![1]];
  const to: [number, number] = [dots[1]![0], dots[1]![1]];
  const bread: Action = { type: 'bread', from, to };
  const legal = legalActions(s, seat);
  const match = legal.find((l) => sameAction(l, regular)) ?? legal.find((l) => sameAction(l, bread));
  if (match) return match;
  // Not legal: the fence the player most likely meant, so that the refusal says why. A one-space
  // fence is the bread's when the regular fence is drawn, not one space long, or not given by the dice.
  const oneSpace = Math.abs(from[0] - to[0]) + Math.abs(from[1] - to[1]) === 1;
  const breadMeant = oneSpace && breadUnlocked(s.areas[seat]!) && (s.turn.fenced || fenceLength(s) !== 1);
  return breadMeant || fenceLength(s) === 0 ? bread : regular;
}

/**
 * Reads a typed fence ("C4 → C7", "c4-c6-e6"): its end dots and corners, a dot typed in the
 * middle of a straight leg dropped. Null when it is not a path of dots.
 */
export function readPath(text: string): Dot[] | null {
  const parts = text.split(/\s*(?:→|->|-|–|—|\bto\b|,|\s)\s*/i).filter((p) => p.length > 0);
  if (parts.length < 2 || parts.length > 10) return null;
  const dots = parts.map(readDot);
  if (!dots.every((d): d is Dot => d !== null)) return null;
  const out: Dot[] = [dots[0]!];
  for (let i = 1; i < dots.length; i++) {
    const [a, b, c] = [out[out.length - 2], out[out.length - 1]!, dots[i]!];
    const inLine = a !== undefined && ((a[0] === b[0] && b[0] === c[0]) || (a[1] === b[1] && b[1] === c[1]));
    if (inLine) out[out.length - 1] = c;
    else out.push(c);
  }
  return out;
}

