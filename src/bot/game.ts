/**
 * Changing a running game: apply one action through the store, let computer players take
 * their turns, arm the turn timers (H2) and post the result (one post per turn and per Hot
 * Goods roll, see posts.ts). Callers hold the channel lock.
 */
import { computerAction, whoMustAct, type Action, type FenceEvent, type FenceState, type SystemAction } from '../games/fence/index.ts';
import { StaleVersionError, type EngineRefusal, type LoadedGame } from '../store/index.ts';
import type { BotContext } from './context.ts';
import type { RunningGame } from './guards.ts';
import { post, turnPosts, type Step } from './posts.ts';

export type ActResult = { ok: true; state: FenceState; version: number; events: FenceEvent[]; over: boolean } | { ok: false; refusal: EngineRefusal };

/** How many computer moves one request may trigger (a game of computers only ends well before). */
const MAX_COMPUTER_STEPS = 5000;

export async function act(
  ctx: BotContext,
  game: RunningGame,
  actor: number | 'system',
  action: Action | SystemAction,
  opts: { userId?: string | null; head?: string } = {},
): Promise<ActResult> {
  const id = game.game.id;
  const first = await ctx.store.applyAction(id, game.game.version, actor, action, { userId: opts.userId ?? null });
  if (!first.ok) return first;
  const steps: Step[] = [{ state: first.state as FenceState, events: [...(first.events as FenceEvent[])] }];
  const { state, version } = await runComputers(ctx, id, first.state as FenceState, first.version, steps);
  await afterChange(ctx, game, steps, version, opts.head);
  return { ok: true, state, version, events: steps.flatMap((s) => s.events), over: state.outcome !== null };
}

/**
 * Computer seats play at once, with the simple strategy, until a person must act. Each move
 * is appended to `steps` with the state after it, so each computer turn gets its own map.
 */
export async function runComputers(ctx: BotContext, gameId: number, state: FenceState, version: number, steps: Step[]): Promise<{ state: FenceState; version: number }> {
  for (let step = 0; step < MAX_COMPUTER_STEPS; step++) {
    const who = whoMustAct(state);
    if (who === null || !state.seats[who]?.computer || state.out[who]) break;
    const action = computerAction(state, who, 'simple');
    if (!action) break;
    const r = await ctx.store.applyAction(gameId, version, who, action);
    if (!r.ok) {
      ctx.log.error('computer move refused', { game: gameId, code: r.refusal.code });
      break;
    }
    state = r.state as FenceState;
    version = r.version;
    steps.push({ state, events: [...(r.events as FenceEvent[])] });
  }
  return { state, version };
}

/** Timers and the public posts after a change; `steps` ends with the state now stored at `version`. */
export async function afterChange(ctx: BotContext, game: LoadedGame, steps: readonly Step[], version: number, head?: string): Promise<void> {
  const state = steps[steps.length - 1]?.state;
  if (!state) return;
  await armTurnTimers(ctx, game.game.id, game.game.turnLimitSeconds, state, version);
  // One after the other, so the channel shows them in the order they happened. Each map is drawn
  // just before its post: drawing the next one meanwhile would hold back the request of this one.
  for (const build of turnPosts(game.game.id, version, steps, game.seats, head)) await post(ctx, game.game.channelId, await build(), game.game.id);
}

/** H2: a reminder at half time and the timeout at the limit, for the person who must act. */
export async function armTurnTimers(ctx: BotContext, gameId: number, limitSeconds: number | null, state: FenceState, version: number): Promise<void> {
  const who = whoMustAct(state);
  if (who === null || !limitSeconds || state.seats[who]?.computer) {
    await ctx.store.cancelTimer(gameId, 'reminder');
    await ctx.store.cancelTimer(gameId, 'timeout');
    return;
  }
  const now = ctx.now();
  await ctx.store.armTimer(gameId, 'reminder', new Date(now + (limitSeconds * 1000) / 2), { version, seat: who });
  await ctx.store.armTimer(gameId, 'timeout', new Date(now + limitSeconds * 1000), { version, seat: who });
}

export function isStale(err: unknown): err is StaleVersionError {
  return err instanceof StaleVersionError;
}
