/**
 * Changing a running game: apply one action through the store, let computer players take
 * their turns, arm the turn timers (H2) of every seat the game waits for, and post the result
 * (as the game cuts it into posts, see posts.ts). Callers hold the channel lock.
 */
import type { Actor, AnyGame, Refusal, Step } from '../platform/game.ts';
import { inEffectOf, StaleVersionError, type GameTimer, type LoadedGame, type TimerChanges, type TimerKey, type TimersFor } from '../store/index.ts';
import type { BotContext } from './context.ts';
import type { GameHere, RunningGame } from './guards.ts';
import { turnPosts } from './posts.ts';
import type { PrivatePayload, Reply } from './reply.ts';

/**
 * What an accepted action led to. `posted` settles once its public posts are out (they are
 * sent outside the channel's lock): null, or why they could not be posted.
 */
export type ActResult =
  | {
    ok: true;
    state: unknown;
    version: number;
    /** What this action (and the computers after it) caused. */
    events: unknown[];
    over: boolean;
    posted: Promise<string | null>;
    /** The game holds the post (PostPlan.held): the channel is told when the moment ends. */
    held: boolean;
  }
  | { ok: false; refusal: Refusal };

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
  const seat = actingSeat(actor, action);
  const acted = seat === null ? [] : [seat];
  const timers = turnTimersWith(ctx, game, acted);
  const first = await ctx.store.applyAction(id, game.game.version, actor, action, { userId: opts.userId ?? null, loadedState: game.state, timers: timers.plan });
  if (!first.ok) return first;
  const steps: Step<unknown, unknown>[] = [{ state: first.state, events: first.events }];
  const { state, version } = await runComputers(ctx, game, first.state, first.version, steps, timers.plan);
  const unseen = await unseenStep(ctx, game);
  const { posted, held } = await afterChange(ctx, game, unseen ? [unseen, ...steps] : steps, version, {
    acted, timersArmed: timers.writtenFor() === version, ...(opts.head ? { head: opts.head } : {}),
  });
  return { ok: true, state, version, events: steps.flatMap((s) => [...s.events]), over: game.def.outcome(state) !== null, posted, held };
}

/**
 * What the channel has not been told of the game as loaded (`game.state` at `game.game.version`):
 * a post the game held (PostPlan.held), or one that failed or was lost in a crash. Read from
 * the action log (moves taken back left out), as one step with the loaded state; null when the
 * channel is up to date.
 */
export async function unseenStep(ctx: BotContext, game: GameHere & { state: unknown }): Promise<Step<unknown, unknown> | null> {
  const shown = ctx.outbox.shownVersion(game.game);
  if (shown >= game.game.version) return null;
  // The entries after `shown` alone give the same moves in effect as the whole log: an undo
  // there names either an action there, or one already shown (which stays shown).
  const events = inEffectOf(await ctx.store.getActionLog(game.game.id, { afterSeq: shown })).filter((e) => e.seq <= game.game.version).flatMap((e) => e.events);
  return events.length ? { state: game.state, events } : null;
}

/**
 * The turn timers (armTurnTimers) of an action and of the computer moves after it, written in
 * the transaction of the one after which only people are waited for: `plan` is applyAction's
 * `timers`. It starts from the timers the game was loaded with (under the channel's lock, so
 * nothing else changed them since) and plans nothing for a state in which a computer plays
 * next, whose move carries them instead. `writtenFor`: the version the timers were planned for
 * (written with it, or not at all); when it is not the last one (the computers stopped early,
 * or the game ended), armTurnTimers arms them as after any other change.
 */
function turnTimersWith(ctx: BotContext, game: RunningGame, acted: readonly number[]): { plan: TimersFor; writtenFor: () => number | null } {
  const computers = new Set(game.seats.filter((s) => s.computer).map((s) => s.seat));
  const computersPlay = game.def.bots[game.def.defaultBot] !== undefined;
  let writtenFor: number | null = null;
  return {
    plan: async (state, version) => {
      if (computersPlay && game.def.activeSeats(state).some((s) => computers.has(s))) return null;
      writtenFor = version;
      return planTurnTimers(ctx, game, state, version, acted, game.timers);
    },
    writtenFor: () => writtenFor,
  };
}

/**
 * Computer seats play at once, with the game's default bot, until only people are waited for.
 * Each move is appended to `steps` with the state after it, so the game can give each computer
 * turn its own post. `timers`: applyAction's, for each move.
 */
export async function runComputers(
  ctx: BotContext, game: LoadedGame & { def: AnyGame }, state: unknown, version: number, steps: Step<unknown, unknown>[],
  timers?: TimersFor,
): Promise<{ state: unknown; version: number }> {
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
      const r = await ctx.store.applyAction(game.game.id, version, seat, action, { loadedState: state, ...(timers ? { timers } : {}) });
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

/**
 * Timers and the public posts after a change; `steps` ends with the state now stored at
 * `version`. The posts are queued (in channel order, see outbox.ts), not awaited: `posted`
 * settles once they are out. Each picture is drawn just before its post. `timersArmed`: the
 * change wrote the turn timers of that state already.
 */
export async function afterChange(
  ctx: BotContext, game: GameHere, steps: readonly Step<unknown, unknown>[], version: number,
  opts: { acted?: readonly number[]; head?: string; timersArmed?: boolean } = {},
): Promise<{ posted: Promise<string | null>; held: boolean }> {
  const state = steps[steps.length - 1]?.state;
  if (state === undefined) return { posted: Promise.resolve(null), held: false };
  if (!opts.timersArmed) await armTurnTimers(ctx, game, state, version, opts.acted ?? []);
  const out = turnPosts(game.def, game.game.id, version, steps, game.seats, ctx.outbox.ahead, opts.head);
  if (out.held) return { posted: Promise.resolve(null), held: true };
  return { posted: ctx.outbox.send(ctx, game.game, version, out.posts), held: false };
}

/** The seat a turn timer is for: its own column, or (timers armed before seats had their own) its payload. */
export function timerSeat(t: { seat: number | null; payload: unknown }): number | null {
  if (t.seat !== null) return t.seat;
  const p = t.payload as { seat?: unknown } | null;
  return typeof p?.seat === 'number' ? p.seat : null;
}

export const TURN_TIMERS = ['reminder', 'timeout'] as const;

/**
 * H2 for every person the game waits for: a seat newly waited for, or one that acted since its
 * clock was armed and must act again, gets a fresh reminder and timeout; a seat still waited
 * for in the same turn keeps its running clock; seats no longer waited for lose theirs.
 * Derived from the state and the log alone, so running it again (at start-up) repairs what a
 * crash left.
 */
export async function armTurnTimers(ctx: BotContext, game: GameHere, state: unknown, version: number, acted: readonly number[]): Promise<void> {
  await ctx.store.changeTimers(game.game.id, await planTurnTimers(ctx, game, state, version, acted, await ctx.store.listTimers(game.game.id)));
}

/** What armTurnTimers changes, given the game's timers now. */
async function planTurnTimers(ctx: BotContext, game: GameHere, state: unknown, version: number, acted: readonly number[], timers: readonly GameTimer[]): Promise<TimerChanges> {
  const gameId = game.game.id;
  const limit = game.game.turnLimitSeconds;
  const people = new Set(game.seats.filter((s) => !s.computer).map((s) => s.seat));
  const waiting = limit ? game.def.activeSeats(state).filter((s) => people.has(s)) : [];
  const running = new Set<number>();
  const cancel: TimerKey[] = [];
  for (const t of timers) {
    if (!(TURN_TIMERS as readonly string[]).includes(t.kind)) continue;
    const seat = timerSeat(t);
    const armedAt = (t.payload as { version?: unknown } | null)?.version;
    // A clock keeps running only for the turn it was armed for: the seat has not acted since.
    const current = seat !== null && t.seat === seat && waiting.includes(seat) && !acted.includes(seat) && typeof armedAt === 'number' && !(await ctx.store.actedSince(gameId, armedAt, seat));
    if (current) running.add(seat);
    else cancel.push({ kind: t.kind, seat: t.seat });
  }
  const now = ctx.now();
  const arm = !limit ? [] : waiting.filter((seat) => !running.has(seat)).flatMap((seat) => [
    { kind: 'reminder', seat, fireAt: new Date(now + (limit * 1000) / 2), payload: { version } },
    { kind: 'timeout', seat, fireAt: new Date(now + limit * 1000), payload: { version } },
  ]);
  return { cancel, arm };
}

/**
 * What to tell whoever acted, once the change is saved under the channel's lock: said after
 * the lock is released and the posts are out, with why they could not be posted, if so.
 */
export interface Answer {
  text: string;
  posted: Promise<string | null>;
  /** Buttons that go with the answer (a move's **Undo**). */
  components?: PrivatePayload['components'];
  /** It tells what the posts show (the game is over): a new message below them, not the reply placed before them. */
  below?: boolean;
}

/** `how`: a new private answer, or the presser's own ephemeral message replaced (a confirmation). */
export async function answerWhenPosted(r: Reply, answer: Answer | null | void, how: 'private' | 'update' = 'private'): Promise<void> {
  if (!answer) return;
  const problem = await answer.posted;
  const content = problem ? `${answer.text} ${problem}` : answer.text;
  // An update replaces the pressed message: its old buttons go unless the answer brings new ones.
  const body = { content, ...(answer.components || how === 'update' ? { components: answer.components ?? [] } : {}) };
  await (answer.below ? r.below(body) : how === 'update' ? r.update(body) : r.private(body));
}

export function isStale(err: unknown): err is StaleVersionError {
  return err instanceof StaleVersionError;
}
