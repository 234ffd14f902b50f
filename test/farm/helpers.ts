/** Positions for the rulings tests: a real game set up, then shaped by hand. */
import { randomChoice, setup } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import { optionsSchema, type FarmState } from '../../src/games/farm/state.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import { expect } from 'vitest';
import { applyRequest } from '../../src/platform/requests.ts';
import type { LeaveReason } from '../../src/platform/seats.ts';

export const names = ['Ana', 'Bo', 'Cy', 'Dee', 'Eve', 'Fay'];

export function newGame(players = 2, options: Record<string, unknown> = {}, seed = 'rules'): FarmState {
  return setup({ seats: names.slice(0, players).map((name) => ({ name, computer: false })), seed, options: optionsSchema.parse(options) }).state;
}

/** Applies a request that must be accepted; returns the new state, its events and the seats it made leave. */
export function ok(s: FarmState, actor: number | 'system', action: unknown): { state: FarmState; events: FarmEvent[]; left: { seat: number; reason: LeaveReason }[] } {
  const r = applyRequest(farm, s, actor, action);
  if (!r.ok) expect.fail(`refused: ${r.code} ${r.message}`);
  return { state: r.state, events: r.events, left: r.left };
}

/** Plays random games with `options` (seeds `<prefix>-<n>`) and hands every applied step to `visit`, until it returns true. */
export function explore(prefix: string, options: Record<string, unknown>, visit: (before: FarmState, after: FarmState, events: FarmEvent[]) => boolean | void, games = 12): boolean {
  for (let g = 0; g < games; g++) {
    let s = newGame(2 + (g % 4), options, `${prefix}-${g}`);
    while (!s.outcome) {
      const seat = farm.activeSeats(s)[0]!;
      const r = ok(s, seat, randomChoice(s, seat));
      if (visit(s, r.state, r.events) === true) return true;
      s = r.state;
    }
  }
  return false;
}
