/** Positions for the rulings tests: a real game set up, then shaped by hand. */
import { apply, setup } from '../../src/games/farm/engine.ts';
import { optionsSchema, type FarmState } from '../../src/games/farm/state.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import { expect } from 'vitest';

export const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eve', 'Fay'];

export function newGame(players = 2, options: Record<string, unknown> = {}, seed = 'rules'): FarmState {
  return setup({ seats: names.slice(0, players).map((name) => ({ name, computer: false })), seed, options: optionsSchema.parse(options) }).state;
}

/** Applies an action that must be accepted; returns the new state and its events. */
export function ok(s: FarmState, actor: number | 'system', action: unknown): { state: FarmState; events: FarmEvent[] } {
  const r = apply(s, actor, action);
  if (!r.ok) expect.fail(`refused: ${r.code} ${r.message}`);
  return { state: r.state, events: r.events };
}
