/**
 * The turn time limit (H2), all of it but what a timeout does (the platform's `timeout`
 * request: src/platform/requests.ts, the game's onTimeout): which seats are on the clock,
 * when their reminder and timeout are due, and what a due one means. The clocks are
 * timers in the store (so a restart loses none), written with the move that starts them
 * (moves.ts); the scheduler (src/discord/scheduler.ts) finds due ones and hands them to
 * moves.ts's fireTurnTimer.
 */
import type { GameTimer, TimerChanges, TimerKey, TimerRecord } from '../store/index.ts';
import type { GameWithDef, Runtime, StartedGame } from './context.ts';

export const TURN_TIMERS = ['reminder', 'timeout'] as const;

/** The seat a turn timer is for: its own column, or (timers armed before seats had their own) its payload. */
export function timerSeat(t: { seat: number | null; payload: unknown }): number | null {
  if (t.seat !== null) return t.seat;
  const p = t.payload as { seat?: unknown } | null;
  return typeof p?.seat === 'number' ? p.seat : null;
}

/**
 * H2 for every person the game waits for: a seat newly waited for, or one that acted since its
 * clock was armed and must act again, gets a fresh reminder and timeout; a seat still waited
 * for in the same turn keeps its running clock; seats no longer waited for lose theirs.
 * Derived from the state and the log alone, so running it again (at start-up) repairs what a
 * crash left.
 */
export async function armTurnTimers(rt: Runtime, game: GameWithDef, state: unknown, version: number, acted: readonly number[]): Promise<void> {
  await rt.store.changeTimers(game.game.id, await planTurnTimers(rt, game, state, version, acted, await rt.store.listTimers(game.game.id)));
}

/** What armTurnTimers changes, given the game's timers now. */
export async function planTurnTimers(rt: Runtime, game: GameWithDef, state: unknown, version: number, acted: readonly number[], timers: readonly GameTimer[]): Promise<TimerChanges> {
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
    const current = seat !== null && t.seat === seat && waiting.includes(seat) && !acted.includes(seat) && typeof armedAt === 'number' && !(await rt.store.actedSince(gameId, armedAt, seat));
    if (current) running.add(seat);
    else cancel.push({ kind: t.kind, seat: t.seat });
  }
  const now = rt.now();
  const arm = !limit ? [] : waiting.filter((seat) => !running.has(seat)).flatMap((seat) => [
    { kind: 'reminder', seat, fireAt: new Date(now + (limit * 1000) / 2), payload: { version } },
    { kind: 'timeout', seat, fireAt: new Date(now + limit * 1000), payload: { version } },
  ]);
  return { cancel, arm };
}

/** What a due timer of a running game means (the scheduler has claimed it). */
export type DueTurnTimer =
  | { due: 'unknown-kind' }
  /** Its turn is over (a crash kept it): the clocks the state calls for were armed again. */
  | { due: 'stale' }
  | { due: 'reminder'; seat: number; deadline: Date | null }
  | { due: 'timeout'; seat: number };

export async function dueTurnTimer(rt: Runtime, game: StartedGame, t: Pick<TimerRecord, 'kind' | 'seat' | 'payload' | 'gameId'>): Promise<DueTurnTimer> {
  const { store } = rt;
  const payload = (t.payload ?? {}) as { version?: number };
  const seat = timerSeat(t);
  if (!(TURN_TIMERS as readonly string[]).includes(t.kind) || seat === null) return { due: 'unknown-kind' };
  const stale = !game.def.activeSeats(game.state).includes(seat) || game.seats.find((s) => s.seat === seat)?.computer
    || typeof payload.version !== 'number' || (await store.actedSince(t.gameId, payload.version, seat));
  if (stale) {
    // A crash may have kept the timer of a turn that is over: the clocks the state calls for are armed again.
    await armTurnTimers(rt, game, game.state, game.game.version, []);
    return { due: 'stale' };
  }
  if (t.kind === 'reminder') {
    const deadline = (await store.listTimers(t.gameId)).find((x) => x.kind === 'timeout' && timerSeat(x) === seat);
    return { due: 'reminder', seat, deadline: deadline?.fireAt ?? null };
  }
  return { due: 'timeout', seat };
}
