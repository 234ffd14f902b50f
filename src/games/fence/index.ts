/** The FENCE! engine's public face: everything the bot, the store and the renderer use. */
import { Rng } from '../../engine/rng.ts';
import type { Action } from './actions.ts';
import { chooseRandom } from './ai/random.ts';
import { chooseSimple } from './ai/simple.ts';
import { applyAction, legalActions, simpleCandidates, whoMustAct } from './engine.ts';
import type { FenceState } from './state.ts';

export { createGame, applyAction, legalActions, whoMustAct, actionKey, type Applied, type ApplyResult, type CreateInput } from './engine.ts';
export { viewFor, type FenceView, type SeatView } from './views.ts';
export { actionSchema, systemActionSchema, type Action, type SystemAction, type Actor } from './actions.ts';
export type { FenceEvent } from './events.ts';
export type { Refusal, RefusalCode } from './refusals.ts';
export { actionLabel, eventText, nbName, tileName, seatName, cardsText } from './describe.ts';
export { gridOf, cellLabel, columnLabel, type Grid } from './grid.ts';
export { standardTileSet, type TileDef, type TileSet } from './tiles.ts';
export { STATE_VERSION, DEFAULT_OPTIONS, type FenceState, type FenceOptions, type SeatInfo, type Outcome, type Pending } from './state.ts';
export type { NbId, PlacedTile } from './geometry.ts';

export type Strategy = 'simple' | 'random';

/**
 * A computer player's choice for a seat, or null when the seat has nothing to do. Its
 * tie-breaks are drawn from a generator derived from the game's (not advanced), so the same
 * state always yields the same choice.
 */
export function computerAction(s: FenceState, seat: number, strategy: Strategy = 'simple'): Action | null {
  const legal = strategy === 'simple' ? simpleCandidates(s, seat) : legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = new Rng([s.rng[0] ^ (seat + 1), s.rng[1], s.rng[2] ^ 0x9e3779b9, s.rng[3]]);
  return strategy === 'simple' ? chooseSimple(s, seat, legal, rng) : chooseRandom(legal, rng);
}

/**
 * Lets computer players make every move, from a state, for at most `steps` actions or until
 * the game ends: the quick way to reach a realistic position (tests, benchmarks, demos).
 */
export function playComputers(s: FenceState, opts: { strategy?: Strategy; steps?: number } = {}): { state: FenceState; actions: number } {
  let state = s;
  let actions = 0;
  const limit = opts.steps ?? Infinity;
  while (actions < limit) {
    const seat = whoMustAct(state);
    if (seat === null) break;
    const action = computerAction(state, seat, opts.strategy ?? 'random');
    if (!action) break;
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`a computer move was refused: ${result.code} ${result.message}`);
    state = result.state;
    actions++;
  }
  return { state, actions };
}
