// Helpers for the Extended Rules' tests: a game played by computers up to its main phase.
import { applyAction, computerAction, createGame, whoMustAct, type FenceEvent, type FenceOptions, type FenceState } from '../../src/games/fence/index.ts';

export const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, computer: false }));

/** A game with these options, its map built by the bot, played by computers until the main phase. */
export function toMain(options: Partial<FenceOptions>, seed: string, players = 3): { state: FenceState; events: FenceEvent[] } {
  const created = createGame({ seats: seats(players), seed, options: { autoBuild: true, ...options } });
  let state = created.state;
  const events = [...created.events];
  for (let guard = 0; state.phase !== 'main' && state.phase !== 'over' && guard < 200; guard++) {
    const seat = whoMustAct(state)!;
    const r = applyAction(state, seat, computerAction(state, seat, 'simple')!);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    events.push(...r.events);
  }
  return { state, events };
}
