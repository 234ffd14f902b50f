/** FENCE! as the store sees it: the one place where the store meets the FENCE! engine. */
import { z } from 'zod';
import {
  applyAction, createGame, STATE_VERSION, type Actor, type FenceEvent, type FenceOptions, type FenceState,
} from '../games/fence/index.ts';
import { StateLoadError, upgradeState, type GameEngine, type Upgraders } from './engine.ts';

const card = z.string().regex(/^[RB][1-6]$/);
const nb = z.string();
const seatIndex = z.number().int().min(0).max(7);

// What a loaded state must look like before the engine may touch it. Strict on the parts a
// damaged or hand-edited row would most likely break; nested rule data stays loose.
const fenceStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  game: z.literal('fence'),
  options: z.object({ autoBuild: z.boolean(), roundLimit: z.number().int().positive(), tileSet: z.literal('standard') }).loose(),
  seats: z.array(z.object({ name: z.string(), computer: z.boolean() })).min(2).max(8),
  rng: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  fixedDice: z.array(z.number().int().min(1).max(6)),
  phase: z.enum(['building', 'pawns', 'main', 'over']),
  oldTown: z.string(),
  map: z.array(z.object({ key: z.string(), x: z.number().int(), y: z.number().int(), rot: z.number().int().min(0).max(3), locked: z.boolean().optional() })),
  tileHands: z.array(z.array(z.string())),
  discardedTiles: z.array(z.string()),
  passesInRow: z.number().int().min(0),
  startCards: z.array(z.object({ red: card, blue: card }).nullable()),
  stash: z.object({ red: z.array(card), blue: z.array(card) }),
  hands: z.array(z.array(card)),
  discard: z.array(card),
  pawns: z.array(z.union([nb, z.null()])),
  cops: nb.nullable(),
  out: z.array(z.boolean()),
  timeouts: z.array(z.number().int().min(0)),
  firstPlayer: seatIndex,
  current: seatIndex,
  round: z.number().int().min(0),
  turn: z.object({ pushed: z.boolean(), cops: z.boolean() }),
  pending: z.object({ kind: z.enum(['drawColour', 'pawnNeighborhood', 'copsNeighborhood']), seat: seatIndex }).loose().nullable(),
  hotGoods: z.object({ round: z.number().int(), rolls: z.array(z.unknown()), due: z.number().int() }).loose().nullable(),
  lastMove: z.object({}).loose().nullable(),
  outcome: z.object({ kind: z.enum(['winner', 'noWinner', 'aborted']) }).loose().nullable(),
}).superRefine((s, ctx) => {
  const n = s.seats.length;
  for (const key of ['tileHands', 'startCards', 'hands', 'pawns', 'out', 'timeouts'] as const) {
    if (s[key].length !== n) ctx.addIssue({ code: 'custom', path: [key], message: `has ${s[key].length} entries for ${n} seats` });
  }
});

/**
 * FENCE! state upgraders, vN → vN+1. Empty while STATE_VERSION is 1. When the engine moves to
 * v2, add `1: (s) => ({ ...s, version: 2, newField: default })` here and a fixture test.
 */
export const fenceUpgraders: Upgraders = {};

export function loadFenceState(raw: unknown, upgraders: Upgraders = fenceUpgraders): FenceState {
  const upgraded = upgradeState(raw, STATE_VERSION, upgraders);
  const parsed = fenceStateSchema.safeParse(upgraded);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new StateLoadError(`the stored FENCE! state is damaged: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`);
  }
  // The schema checked the shape; the engine's own type is the precise one.
  return upgraded as unknown as FenceState;
}

export const fenceEngine: GameEngine<FenceState> = {
  kind: 'fence',
  minSeats: 2,
  maxSeats: 8,
  create: ({ seats, seed, options }) => createGame({ seats, seed, options: (options ?? {}) as Partial<FenceOptions> }),
  apply: (state, actor, action) => applyAction(state, actor as Actor, action),
  load: (raw) => loadFenceState(raw),
  ending: (state) => (state.outcome ? { status: state.outcome.kind === 'aborted' ? 'aborted' : 'finished', outcome: state.outcome } : null),
  seatsLeft: (events) => (events as readonly FenceEvent[]).flatMap((e) => (e.type === 'removed' ? [{ seat: e.seat, reason: e.reason }] : [])),
};
