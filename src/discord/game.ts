/**
 * Changing a running game: apply one action through the store, let computer players take
 * their turns, arm the turn timers (H2) of every seat the game waits for, and post the result
 * (as the game cuts it into posts, see posts.ts). Callers hold the channel lock.
 */
import type { Actor, AnyGame, Refusal, Step } from '../platform/game.ts';
import { StaleVersionError, type LoadedGame } from '../store/index.ts';
import type { BotContext } from './context.ts';
import type { GameHere, RunningGame } from './guards.ts';
import { post, turnPosts } from './posts.ts';

export type ActResult = { ok: true; state: unknown; version: number; events: unknown[]; over: boolean } | { ok: false; refusal: Refusal };

/** How many computer moves one request may trigger (a game of computers only ends well before). */
const MAX_COMPUTER_STEPS = 5000;

/** The seat an action speaks for: the actor, or the seat a timeout is about. */
function actingSeat(actor: Actor, action: unknown): number | null {
  if (typeof actor === 'number') return actor;
  const a = action as { type?: unknown; seat?: unknown } | null;
  return a && a.type === 'timeout' && typeof a.seat === 'number' ? a.seat : null;
}

export async function act(
  ctx: BotContext,
  game: RunningGame,
  actor: Actor,
  action: unknown,
  opts: { userId?: string | null; head?: string } = {},
): Promise<ActResult> {
  const id = game.game.id;
  const first = await ctx.store.applyAction(id, game.game.version, actor, action, { userId: opts.userId ?? null });
  if (!first.ok) return first;
  const steps: Step<unknown, unknown>[] = [{ state: first.state, events: first.events }];
  const { state, version } = await runComputers(ctx, game, first.state, first.version, steps);
  const seat = actingSeat(actor, action);
  await afterChange(ctx, game, steps, version, { acted: seat === null ? [] : [seat], ...(opts.head ? { head: opts.head } : {}) });
  return { ok: true, state, version, events: steps.flatMap((s) => [...s.events]), over: game.def.outcome(state) !== null };
}

/**
 * Computer seats play at once, with the game's default bot, until only people are waited for.
 * Each move is appended to `steps` with the state after it, so the game can give each computer
 * turn its own post.
 */
export async function runComputers(ctx: BotContext, game: LoadedGame & { def: AnyGame }, state: unknown, version: number, steps: Step<unknown, unknown>[]): Promise<{ state: unknown; version: number }> {
  const { def } = game;
  const computer = new Set(game.seats.filter((s) => s.computer).map((s) => s.seat));
  const bot = def.bots[def.defaultBot];
  if (!bot) return { state, version };
  let moves = 0;
  for (let moved = true; moved && moves < MAX_COMPUTER_STEPS;) {
    moved = false;
    for (const seat of def.activeSeats(state)) {
      if (!computer.has(seat)) continue;
      const action = bot(state, seat);
      if (action === null) continue;
      const r = await ctx.store.applyAction(game.game.id, version, seat, action);
      if (!r.ok) {
        ctx.log.error('computer move refused', { game: game.game.id, code: r.refusal.code });
        return { state, version };
      }
      state = r.state;
      version = r.version;
      steps.push({ state, events: r.events });
      moved = true;
      moves++;
      break; // who may act next is read again from the new state
    }
  }
  return { state, version };
}

/** Timers and the public posts after a change; `steps` ends with the state now stored at `version`. */
export async function afterChange(ctx: BotContext, game: GameHere, steps: readonly Step<unknown, unknown>[], version: number, opts: { acted?: number[]; head?: string } = {}): Promise<void> {
  const state = steps[steps.length - 1]?.state;
  if (state === undefined) return;
  await armTurnTimers(ctx, game, state, version, opts.acted ?? []);
  // One after the other, so the channel shows them in the order they happened. Each picture is
  // drawn just before its post: drawing the next one meanwhile would hold back this one's request.
  let last: string | null = null;
  for (const build of turnPosts(game.def, game.game.id, version, steps, game.seats, opts.head)) last = (await post(ctx, game.game.channelId, await build(), game.game.id)) ?? last;
  // `/games mine` links to it.
  if (last) await ctx.store.setMessageIds(game.game.id, { boardMessageId: last });
}

/** The seat a turn timer is for: its own column, or (timers armed before seats had their own) its payload. */
export function timerSeat(t: { seat: number | null; payload: unknown }): number | null {
  if (t.seat !== null) return t.seat;
  const p = t.payload as { seat?: unknown } | null;
  return typeof p?.seat === 'number' ? p.seat : null;
}

export const TURN_TIMERS = ['reminder', 'timeout'] as const;

/**
 * H2 for every person the game waits for: a seat newly waited for, or one that just acted and
 * must act again, gets a fresh reminder and timeout; a seat still waited for keeps its running
 * clock; seats no longer waited for lose theirs.
 */
export async function armTurnTimers(ctx: BotContext, game: GameHere, state: unknown, version: number, acted: readonly number[]): Promise<void> {
  const gameId = game.game.id;
  const limit = game.game.turnLimitSeconds;
  const people = new Set(game.seats.filter((s) => !s.computer).map((s) => s.seat));
  const waiting = limit ? game.def.activeSeats(state).filter((s) => people.has(s)) : [];
  const running = new Set<number>();
  for (const t of await ctx.store.listTimers(gameId)) {
    if (!(TURN_TIMERS as readonly string[]).includes(t.kind)) continue;
    const seat = timerSeat(t);
    if (seat !== null && t.seat === seat && waiting.includes(seat) && !acted.includes(seat)) running.add(seat);
    else await ctx.store.cancelTimer(gameId, t.kind, t.seat);
  }
  const now = ctx.now();
  for (const seat of waiting) {
    if (running.has(seat) || !limit) continue;
    await ctx.store.armTimer(gameId, 'reminder', new Date(now + (limit * 1000) / 2), { version }, seat);
    await ctx.store.armTimer(gameId, 'timeout', new Date(now + limit * 1000), { version }, seat);
  }
}

export function isStale(err: unknown): err is StaleVersionError {
  return err instanceof StaleVersionError;
}
