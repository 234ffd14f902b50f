/** Building Duck Pens positions and playing on them in tests. */
import { expect } from 'vitest';
import { ducks } from '../../src/games/ducks/index.ts';
import { position } from '../../src/games/ducks/scenario.ts';
import { readDot, spaceIndex } from '../../src/games/ducks/grid.ts';
import type { Action, DucksEvent, DucksState } from '../../src/games/ducks/state.ts';
import type { LeaveReason, Refusal } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';

export { position };

/** A state with the turn's dice set (as just rolled), at its actions. */
export function withDice(s: DucksState, dice: ('red' | 'blue')[]): DucksState {
  return { ...structuredClone(s), turn: { ...s.turn, dice, stage: 'act', fenced: false, special: null, rerollsLeft: 0 } };
}

/** Applies a request that must be accepted; returns the new state, its events and the seats it made leave. */
export function play(s: DucksState, seat: number | 'system', action: unknown): { state: DucksState; events: DucksEvent[]; left: { seat: number; reason: LeaveReason }[] } {
  const r = applyRequest(ducks, s, seat, action);
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return { state: r.state, events: r.events, left: r.left };
}

/** Applies an action that must be refused, and checks the state is untouched. */
export function refused(s: DucksState, seat: number, action: unknown): Refusal {
  const before = JSON.stringify(s);
  const r = applyRequest(ducks, s, seat, action);
  expect(JSON.stringify(s)).toBe(before);
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(action)}`);
  return r;
}

/** A fence action from dot names: fence('C1', 'C3') or with a bend fence('C1', 'C3', 'E3'). */
export function fence(...names: string[]): Action {
  const d = names.map((n) => {
    const dot = readDot(n);
    if (!dot) throw new Error(`not a dot: ${n}`);
    return [dot[0], dot[1]] as [number, number];
  });
  return d.length === 3 ? { type: 'fence', from: d[0]!, via: d[1]!, to: d[2]! } : { type: 'fence', from: d[0]!, to: d[1]! };
}
export const bread = (a: string, b: string): Action => ({ ...(fence(a, b) as Extract<Action, { type: 'fence' }>), type: 'bread' });

/** A space index from its name ("C4"). */
export function sp(name: string): number {
  const d = readDot(name)!;
  return spaceIndex(d[0] + 1, d[1] + 1);
}

export const labels = (s: DucksState, seat: number): string[] => ducks.legalActions(s, seat).map((a) => ducks.words.action(s, a));
export const texts = (s: DucksState, events: readonly DucksEvent[]): string[] => events.map((e) => ducks.words.event(s, e)).filter((t): t is string => t !== null);
