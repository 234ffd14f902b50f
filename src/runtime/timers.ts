/**
 * The turn clocks (H2), all of it but what a timeout does (the platform's `timeout` request: src/platform/requests.ts, the game's onTimeout): which seats are on the
 * clock, when their reminder and timeout are due, and what a due one means; and who hears of a
 * turn (presence.ts decides how). Every person the game waits for has a clock: a `timeout`
 * timer (due never when the game has no turn limit), with a `reminder` at half time when it
 * has one. A clock stops during its player's quiet hours and vacation (where the server lets
 * it) and while the game is paused, and resumes with the time it had left; a player away when
 * their turn comes is pinged once they are back (a `ping` timer). The clocks are timers in the
 * store (so a restart loses none), written with the move that starts them (moves.ts); the
 * scheduler (src/discord/scheduler.ts) finds due ones and hands them to moves.ts's fireTurnTimer.
 */
import type { GameTimer, TimerChanges, TimerKey, TimerRecord } from '../store/index.ts';
import type { GameWithDef, Runtime, StartedGame, TurnNews } from './context.ts';
import { clockDeadline, clockRan, howTold, loadPresence, NEVER, standInFrom, waitedFor, type Presence } from './presence.ts';

export const TURN_TIMERS = ['reminder', 'timeout'] as const;
/** A seat's timers: its clock, and the ping it is owed once it is back. */
const SEAT_TIMERS: readonly string[] = [...TURN_TIMERS, 'ping'];

/** What a turn clock's timers carry (clocks armed by older versions carry `version` alone). */
export interface ClockPayload {
  /** The game version at which the seat's turn began: a clock is for that turn only. */
  version: number;
  /** When the seat's turn began (ms since the epoch). */
  since?: number;
  /** At `from` (ms), the clock had `leftMs` to run; null: it never runs out (no turn limit). */
  from?: number;
  leftMs?: number | null;
  /** Stopped while the game is paused: `from` is when it stopped. */
  paused?: true;
  /** The seat was told it is the last one the game waits for: once a turn. */
  lastTold?: true;
}

/** What a `ping` timer carries: the turn it is about (its clock's version), and whether it tells the seat it is the last one waited for. */
interface PingPayload {
  version: number;
  last?: true;
}

/** The seat a turn timer is for: its own column, or (timers armed before seats had their own) its payload. */
export function timerSeat(t: { seat: number | null; payload: unknown }): number | null {
  if (t.seat !== null) return t.seat;
  const p = t.payload as { seat?: unknown } | null;
  return typeof p?.seat === 'number' ? p.seat : null;
}

const clockOf = (t: Pick<GameTimer, 'payload'>): ClockPayload => (t.payload ?? {}) as ClockPayload;

/** What the turn clocks of a change are: the timers to write, and who hears of it. */
export interface TurnPlan {
  changes: TimerChanges;
  news: TurnNews;
}

/**
 * When a clock's timer of `kind` fires, from `from` with `leftMs` to run: its stops not
 * counted, and a timeout as soon as the computer starts playing for the seat (a vacation its
 * player left to it).
 */
function fireAtOf(p: Presence, kind: string, seat: number, from: number, leftMs: number | null): Date {
  let at = leftMs === null ? NEVER.getTime() : clockDeadline(p, seat, from, leftMs);
  const computer = kind === 'timeout' ? standInFrom(p.settings.get(seat), p.now) : null;
  if (computer !== null) at = Math.min(at, computer);
  return new Date(at);
}

/**
 * H2 for every person the game waits for: a seat newly waited for, or one that acted since its
 * clock was armed and must act again, gets a fresh clock (its turn began); a seat still waited
 * for in the same turn keeps its running clock, replanned for the settings and the pause as
 * they are now; seats no longer waited for lose theirs. Derived from the state and the log
 * alone, so running it again (at start-up) repairs what a crash left.
 */
export async function armTurnTimers(rt: Runtime, game: GameWithDef, state: unknown, version: number, acted: readonly number[], presence: Presence): Promise<TurnNews> {
  const plan = await planTurnTimers(rt, game, state, version, acted, await rt.store.listTimers(game.record.id), presence);
  await rt.store.changeTimers(game.record.id, plan.changes);
  return plan.news;
}

/** What armTurnTimers changes, given the game's timers now; and who hears of the turn. */
export async function planTurnTimers(
  rt: Runtime, game: GameWithDef, state: unknown, version: number, acted: readonly number[], timers: readonly GameTimer[], presence: Presence,
): Promise<TurnPlan> {
  const gameId = game.record.id;
  const { now } = presence;
  const limitMs = game.record.turnLimitSeconds ? game.record.turnLimitSeconds * 1000 : null;
  const paused = game.record.pausedAt !== null;
  const people = new Set(game.seats.filter((s) => !s.computer && !presence.standIns.has(s.seat)).map((s) => s.seat));
  const waiting = game.def.activeSeats(state).filter((s) => people.has(s));
  const before = new Set(timers.filter((t) => t.kind === 'timeout').map(timerSeat));
  const cancel: TimerKey[] = [];
  /** Re-armed timers, by kind and seat. */
  const arm = new Map<string, TimerKey & { fireAt: Date; payload: unknown }>();
  const put = (t: TimerKey & { fireAt: Date; payload: unknown }) => arm.set(`${t.kind} ${t.seat}`, t);
  const kept = new Map<number, GameTimer>();
  for (const t of timers) {
    if (!SEAT_TIMERS.includes(t.kind)) continue;
    const seat = timerSeat(t);
    const armedAt = clockOf(t).version;
    // A clock keeps running only for the turn it was armed for: the seat has not acted since.
    const current = seat !== null && t.seat === seat && waiting.includes(seat) && !acted.includes(seat) && typeof armedAt === 'number' && !(await rt.store.actedSince(gameId, armedAt, seat));
    if (!current) {
      cancel.push({ kind: t.kind, seat: t.seat });
      continue;
    }
    if (t.kind === 'timeout') kept.set(seat, t);
    if (t.kind === 'ping') {
      // Owed pings are said when the game resumes instead.
      if (paused) cancel.push({ kind: t.kind, seat });
      continue;
    }
    const c = clockOf(t);
    // Clocks armed before they said how much they had left: what is left to their deadline.
    const from = c.from ?? now;
    const leftMs = c.leftMs !== undefined ? c.leftMs : t.fireAt.getTime() >= NEVER.getTime() ? null : Math.max(0, t.fireAt.getTime() - now);
    if (paused) {
      if (c.paused) continue;
      const left = leftMs === null ? null : Math.max(0, leftMs - clockRan(presence, seat, from, now));
      put({ kind: t.kind, seat, fireAt: NEVER, payload: { ...c, from: now, leftMs: left, paused: true } satisfies ClockPayload });
      continue;
    }
    const { paused: _stopped, ...running } = c;
    const payload: ClockPayload = c.paused ? { ...running, from: now, leftMs } : { ...c, from, leftMs };
    const fireAt = fireAtOf(presence, t.kind, seat, payload.from!, leftMs);
    if (c.paused || c.from === undefined || fireAt.getTime() !== t.fireAt.getTime()) put({ kind: t.kind, seat, fireAt, payload });
  }

  const fresh = waiting.filter((s) => !kept.has(s));
  for (const seat of fresh) {
    const clock = (leftMs: number | null): ClockPayload => ({ version, since: now, from: now, leftMs, ...(paused ? { paused: true as const } : {}) });
    put({ kind: 'timeout', seat, fireAt: paused ? NEVER : fireAtOf(presence, 'timeout', seat, now, limitMs), payload: clock(limitMs) });
    if (limitMs) put({ kind: 'reminder', seat, fireAt: paused ? NEVER : fireAtOf(presence, 'reminder', seat, now, limitMs / 2), payload: clock(limitMs / 2) });
  }

  // Who hears of it: each new turn, and (once a turn) the one person the game now waits for alone, everyone else having played.
  const only = waiting.length === 1 ? waiting[0]! : null;
  const lastClock = only !== null ? kept.get(only) : undefined;
  const last = only !== null && lastClock && before.size >= 2 && !clockOf(lastClock).lastTold ? only : null;
  const news: TurnNews = { started: fresh, last, ping: [], covered: [] };
  if (paused) return { changes: { cancel, arm: [...arm.values()] }, news };
  if (last !== null && lastClock) {
    const key = `timeout ${last}`;
    const base = arm.get(key) ?? { kind: 'timeout', seat: last, fireAt: lastClock.fireAt, payload: lastClock.payload };
    arm.set(key, { ...base, payload: { ...(base.payload as ClockPayload), lastTold: true } satisfies ClockPayload });
  }
  const ping: string[] = [];
  const tell = (seat: number, what: 'turn' | 'last', turnVersion: number) => {
    const userId = game.seats.find((s) => s.seat === seat)?.userId;
    if (!userId) return;
    const told = howTold(presence.settings.get(seat), now, what, waiting.length === 1);
    if (told.how === 'ping') ping.push(userId);
    else if (told.how === 'later') put({ kind: 'ping', seat, fireAt: new Date(told.at), payload: { version: turnVersion, ...(what === 'last' ? { last: true as const } : {}) } satisfies PingPayload });
  };
  for (const seat of fresh) tell(seat, 'turn', version);
  if (last !== null && lastClock) tell(last, 'last', clockOf(lastClock).version);
  return { changes: { cancel, arm: [...arm.values()] }, news: { ...news, ping } };
}

/** What a due timer of a running game means (the scheduler has claimed it). */
export type DueTurnTimer =
  | { due: 'unknown-kind' }
  /** Its turn is over (a crash kept it): the clocks the state calls for were armed again. */
  | { due: 'stale' }
  /** The game is paused: its clocks were stopped again. */
  | { due: 'paused' }
  /** Not due after all: its player's settings stop it for longer than when it was armed (it was armed again), or want no ping any more. */
  | { due: 'held' }
  | { due: 'reminder'; seat: number; deadline: Date | null; ping: boolean }
  | { due: 'timeout'; seat: number }
  /** The seat's player is on a vacation they left to the computer: it plays their turn. */
  | { due: 'stand-in'; seat: number }
  /** The seat's player is back (their quiet hours or vacation are over) and the game still waits for them. */
  | { due: 'ping'; seat: number; last: boolean; since: Date | null };

export async function dueTurnTimer(rt: Runtime, game: StartedGame, t: Pick<TimerRecord, 'kind' | 'seat' | 'payload' | 'gameId'>, presence: Presence): Promise<DueTurnTimer> {
  const { store } = rt;
  const payload = clockOf(t);
  const seat = timerSeat(t);
  if (!SEAT_TIMERS.includes(t.kind) || seat === null) return { due: 'unknown-kind' };
  const stale = !game.def.activeSeats(game.state).includes(seat) || game.seats.find((s) => s.seat === seat)?.computer
    || typeof payload.version !== 'number' || (await store.actedSince(t.gameId, payload.version, seat));
  if (stale || game.record.pausedAt !== null) {
    // A crash may have kept the timer of a turn that is over, and a paused game's clocks stay stopped: the clocks the state calls for are armed again.
    await armTurnTimers(rt, game, game.state, game.record.version, [], presence);
    return { due: stale ? 'stale' : 'paused' };
  }
  const again = async (fireAt: Date): Promise<DueTurnTimer> => {
    await store.changeTimers(t.gameId, { arm: [{ kind: t.kind, seat, fireAt, payload: t.payload }] });
    return { due: 'held' };
  };
  const u = presence.settings.get(seat);
  const timers = await store.listTimers(t.gameId);
  const timeout = timers.find((x) => x.kind === 'timeout' && timerSeat(x) === seat);
  if (t.kind === 'ping') {
    const last = (t.payload as PingPayload).last === true;
    const told = howTold(u, presence.now, last ? 'last' : 'turn', waitedFor(game, game.state, presence).length === 1);
    // Their settings may have changed since: still away, or no pings wanted any more.
    if (told.how === 'later') return again(new Date(told.at));
    if (told.how === 'silent') return { due: 'held' };
    const since = timeout ? clockOf(timeout).since : undefined;
    return { due: 'ping', seat, last, since: since === undefined ? null : new Date(since) };
  }
  if (t.kind === 'timeout' && presence.standIns.has(seat)) return { due: 'stand-in', seat };
  // Armed with the settings of the time: later ones (quiet hours set since) may stop it for longer.
  if (typeof payload.from === 'number' && payload.leftMs !== undefined) {
    const at = fireAtOf(presence, t.kind, seat, payload.from, payload.leftMs);
    if (at.getTime() > presence.now) return again(at);
  }
  if (t.kind === 'reminder') {
    const deadline = timeout && timeout.fireAt.getTime() < NEVER.getTime() ? timeout.fireAt : null;
    return { due: 'reminder', seat, deadline, ping: howTold(u, presence.now, 'reminder', true).how === 'ping' };
  }
  return { due: 'timeout', seat };
}

/**
 * A player's settings changed: their clocks that must now fire sooner, because the computer
 * takes over their turns (a vacation they left to it, begun or coming), are brought forward,
 * in every game of theirs, so that whichever process fires that game's timers plays for them.
 * A clock the new settings stop for longer is put off when it comes due (dueTurnTimer); one
 * they would end sooner keeps its deadline: a change of settings never times anyone out.
 */
export async function clocksBroughtForward(rt: Runtime, userId: string): Promise<number> {
  let moved = 0;
  for (const record of await rt.store.listGames({ userId, status: ['running'] })) {
    await rt.store.withChannelLock(record.channelId, async () => {
      const game = await rt.store.getGame(record.id);
      const seat = game.seats.find((s) => s.userId === userId && !s.leftAt)?.seat;
      const t = game.timers.find((x) => x.kind === 'timeout' && timerSeat(x) === seat);
      if (seat === undefined || !t || game.record.pausedAt !== null) return;
      const presence = await loadPresence(rt, game);
      const c = clockOf(t);
      const at = presence.standIns.has(seat) ? new Date(presence.now)
        : c.from !== undefined && c.leftMs !== undefined ? fireAtOf(presence, 'timeout', seat, c.from, c.leftMs) : t.fireAt;
      if (at.getTime() >= t.fireAt.getTime()) return;
      await rt.store.changeTimers(game.record.id, { arm: [{ kind: 'timeout', seat, fireAt: at, payload: t.payload }] });
      moved++;
    });
  }
  return moved;
}
