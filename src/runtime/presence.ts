/**
 * Whether a player is around, and what follows, for every game: their quiet hours and their
 * vacation (their own settings, `UserSettingsRecord`), a paused game, and the server's word on
 * whether those stop a turn clock. Pure decisions from the settings and the time: who is pinged
 * now and who later, when a turn clock runs out, whom the computer plays for, how many votes
 * a pause needs. The one read is `loadPresence`; timers.ts and moves.ts act on the answers.
 */
import type { SeatRecord, UserSettingsRecord } from '../store/index.ts';
import type { GameWithDef, Runtime } from './context.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The deadline of a clock that never runs out (a game without a turn limit, or one paused): a date the scheduler never reaches. */
export const NEVER = new Date(Date.UTC(9999, 11, 31));

/** Whether a player's quiet hours and vacations stop their turn clocks (the server's settings). */
export interface ClockPolicy {
  quietHours: boolean;
  vacations: boolean;
}

/** What a move needs to know of the people in its game, read once (loadPresence). */
export interface Presence {
  /** Milliseconds since the epoch: the runtime's clock. */
  now: number;
  policy: ClockPolicy;
  /** The saved settings of each person's seat (a person who never saved any is not here: the defaults). */
  settings: ReadonlyMap<number, UserSettingsRecord>;
  /** Seats the computer plays now: their player is on vacation and left their turns to it. */
  standIns: ReadonlySet<number>;
}

/** Nobody has saved anything: what a game of computers, or of players without settings, gets. */
export const NOBODY_AWAY = (now: number): Presence => ({ now, policy: { quietHours: true, vacations: true }, settings: new Map(), standIns: new Set() });

/**
 * The settings of `game`'s people, and the server's clock policy (read only when someone has
 * quiet hours or a vacation): one query for most moves.
 */
export async function loadPresence(rt: Runtime, game: Pick<GameWithDef, 'record' | 'seats'>): Promise<Presence> {
  const now = rt.now();
  const people = game.seats.filter((s): s is SeatRecord & { userId: string } => !!s.userId && !s.computer && !s.leftAt);
  if (people.length === 0) return NOBODY_AWAY(now);
  const saved = await rt.store.userSettingsOf(people.map((s) => s.userId));
  if (saved.size === 0) return NOBODY_AWAY(now);
  const settings = new Map(people.flatMap((s) => { const u = saved.get(s.userId); return u ? [[s.seat, u] as const] : []; }));
  let policy: ClockPolicy = { quietHours: true, vacations: true };
  if ([...settings.values()].some((u) => u.quiet || u.vacation)) {
    const server = await rt.store.getSettings(game.record.guildId);
    policy = { quietHours: server.quietHoursStopClocks, vacations: server.vacationsStopClocks };
  }
  const standIns = new Set([...settings].filter(([, u]) => onComputerVacation(u, now)).map(([seat]) => seat));
  return { now, policy, settings, standIns };
}

// ---- Time zones -----------------------------------------------------------------------------

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formats.set(zone, f);
  }
  return f;
}

/** The time zone's own name (Intl's spelling of it), or null when it is not one. */
export function timeZoneName(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed || trimmed.length > 64) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: trimmed }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** The wall clock in `zone` at `at`: its date, and minutes after midnight. */
export function localTime(at: number, zone: string | null): { year: number; month: number; day: number; minutes: number } {
  const parts = Object.fromEntries(formatOf(zone ?? 'UTC').formatToParts(at).map((p) => [p.type, p.value]));
  return { year: Number(parts.year), month: Number(parts.month), day: Number(parts.day), minutes: Number(parts.hour) * 60 + Number(parts.minute) };
}

/** The instant the wall clock in `zone` shows `minutes` after midnight of that date (a time skipped by a clock change: just after it). */
export function instantOf(date: { year: number; month: number; day: number }, minutes: number, zone: string | null): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, 0, minutes);
  const offsetAt = (t: number): number => {
    const l = localTime(t, zone);
    return Date.UTC(l.year, l.month - 1, l.day, 0, l.minutes) - Math.floor(t / MINUTE) * MINUTE;
  };
  const first = wall - offsetAt(wall);
  const second = wall - offsetAt(first);
  return Math.min(first, second);
}

/** The date `days` after `date` (a calendar date, no zone). */
export function addDays(date: { year: number; month: number; day: number }, days: number): { year: number; month: number; day: number } {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The first instant at or after `after` when the wall clock in `zone` shows `minutes` after midnight. */
export function nextLocal(after: number, minutes: number, zone: string | null): number {
  const today = localTime(after, zone);
  for (let k = 0; k < 3; k++) {
    const at = instantOf(addDays(today, k), minutes, zone);
    if (at >= after) return at;
  }
  return after + DAY;
}

// ---- Away -----------------------------------------------------------------------------------

/** A stretch of time, [from, until) in ms. */
export type Span = readonly [number, number];

/** The quiet hours around and after `from` (the one `from` is in, if any), in order. */
function* quietSpans(u: UserSettingsRecord, from: number): Generator<Span> {
  if (!u.quiet || u.quiet.start === u.quiet.end) return;
  const { start, end } = u.quiet;
  const first = addDays(localTime(from, u.timeZone), -1);
  // Clocks are planned for at most days ahead; a year of quiet hours is more than any turn needs.
  for (let k = 0; k < 400; k++) {
    const day = addDays(first, k);
    const a = instantOf(day, start, u.timeZone);
    const b = instantOf(end > start ? day : addDays(day, 1), end, u.timeZone);
    if (b > from && b > a) yield [a, b];
  }
}

/** The player's vacation, when it has not ended by `from`. */
function vacationSpan(u: UserSettingsRecord, from: number): Span | null {
  return u.vacation && u.vacation.until.getTime() > from ? [u.vacation.from.getTime(), u.vacation.until.getTime()] : null;
}

function onComputerVacation(u: UserSettingsRecord, now: number): boolean {
  const v = vacationSpan(u, now);
  return u.vacationMode === 'computer' && v !== null && v[0] <= now;
}

/**
 * Why a player hears nothing now, and until when: their vacation or their quiet hours. They are
 * back once neither holds (a vacation that ends in the night ends with the night's quiet hours).
 */
export function awayNow(u: UserSettingsRecord | undefined, now: number): { why: 'quiet' | 'vacation'; until: number } | null {
  if (!u) return null;
  const v = vacationSpan(u, now);
  const quietAt = (t: number): Span | null => {
    const q = quietSpans(u, t).next().value;
    return q && q[0] <= t ? q : null;
  };
  const why = v && v[0] <= now ? 'vacation' : quietAt(now) ? 'quiet' : null;
  if (!why) return null;
  let until = now;
  for (let moved = true; moved;) {
    moved = false;
    if (v && v[0] <= until && v[1] > until) {
      until = v[1];
      moved = true;
    }
    const q = quietAt(until);
    if (q && q[1] > until) {
      until = q[1];
      moved = true;
    }
  }
  return { why, until };
}

/** When the computer starts playing for this player (a vacation they left to it, not yet begun), or null. */
export function standInFrom(u: UserSettingsRecord | undefined, now: number): number | null {
  if (!u || u.vacationMode !== 'computer') return null;
  const v = vacationSpan(u, now);
  return v && v[0] > now ? v[0] : null;
}

// ---- Turn clocks ----------------------------------------------------------------------------

/** The stretches during which `seat`'s turn clock stops, in order from `from` on (merged, so none overlap). */
function* heldSpans(p: Presence, seat: number, from: number): Generator<Span> {
  const u = p.settings.get(seat);
  if (!u) return;
  const v = p.policy.vacations && u.vacationMode === 'pause' ? vacationSpan(u, from) : null;
  const quiet = p.policy.quietHours ? quietSpans(u, from) : null;
  let pending: Span | null = v;
  let open: [number, number] | null = null;
  const next = (): Span | null => {
    const q = quiet?.next();
    return q && !q.done ? q.value : null;
  };
  let q = next();
  while (q || pending) {
    let span: Span;
    if (pending && (!q || pending[0] <= q[0])) {
      span = pending;
      pending = null;
    } else {
      span = q!;
      q = next();
    }
    if (open && span[0] <= open[1]) open[1] = Math.max(open[1], span[1]);
    else {
      if (open) yield open;
      open = [span[0], span[1]];
    }
  }
  if (open) yield open;
}

/** When `seat`'s clock, started at `from` with `leftMs` to run, runs out: its stops (quiet hours, vacation) do not count. */
export function clockDeadline(p: Presence, seat: number, from: number, leftMs: number): number {
  let t = from;
  let left = Math.max(0, leftMs);
  for (const [a, b] of heldSpans(p, seat, from)) {
    if (b <= t) continue;
    if (a > t) {
      if (a - t >= left) return t + left;
      left -= a - t;
    }
    t = Math.max(t, b);
  }
  return t + left;
}

/** How much of `seat`'s clock ran between `from` and `to` (its stops left out). */
export function clockRan(p: Presence, seat: number, from: number, to: number): number {
  let ran = 0;
  let t = from;
  for (const [a, b] of heldSpans(p, seat, from)) {
    if (t >= to) break;
    if (b <= t) continue;
    if (a > t) ran += Math.min(a, to) - t;
    t = Math.max(t, b);
  }
  return ran + Math.max(0, to - t);
}

/** Whether `seat`'s clock is stopped at `at`, and until when. */
export function clockStopped(p: Presence, seat: number, at: number): number | null {
  for (const [a, b] of heldSpans(p, seat, at)) {
    if (a > at) return null;
    if (b > at) return b;
  }
  return null;
}

// ---- Who hears of it ------------------------------------------------------------------------

/**
 * What a player is told: `turn`, a turn of theirs began; `last`, everyone else the game waited
 * for has acted; `resume`, their paused game goes on; `reminder`, half their time is gone.
 */
export type News = 'turn' | 'last' | 'resume' | 'reminder';

/** How a player hears of `news` now: pinged, pinged later (`at`, once they are back), or not pinged (still named in the post). */
export type Told = { how: 'ping' } | { how: 'later'; at: number } | { how: 'silent' };

/**
 * The notification rules, for every game: a digest reader is never pinged; a player who asked
 * to hear only when a game waits for them alone is pinged when it does (`alone`); anyone else
 * of each turn, of being the last one waited for, of a resumed game and of a reminder. Someone
 * in quiet hours or on vacation is not pinged then but once they are back (a reminder
 * excepted: the turn's end follows it anyway).
 */
export function howTold(u: UserSettingsRecord | undefined, now: number, news: News, alone: boolean): Told {
  const mode = u?.notify ?? 'every';
  if (mode === 'digest') return { how: 'silent' };
  if (mode === 'last' && (news === 'turn' || news === 'resume') && !alone) return { how: 'silent' };
  const away = awayNow(u, now);
  if (!away) return { how: 'ping' };
  return news === 'reminder' ? { how: 'silent' } : { how: 'later', at: away.until };
}

/** When a digest reader's daily digest comes: as their quiet hours end, or at 9:00 their time. */
export function nextDigest(u: UserSettingsRecord, after: number): number {
  return nextLocal(after + 1, u.quiet ? u.quiet.end : 9 * 60, u.timeZone);
}

// ---- Whom a game waits for ------------------------------------------------------------------

/** The people `state` waits for (not the computer's seats, nor players it stands in for), with their settings. */
export function waitedFor(game: GameWithDef, state: unknown, presence: Presence): { seat: number; userId: string; settings: UserSettingsRecord | undefined }[] {
  return game.def.activeSeats(state).flatMap((seat) => {
    const s = game.seats.find((x) => x.seat === seat);
    return s?.userId && !s.computer && !presence.standIns.has(seat) ? [{ seat, userId: s.userId, settings: presence.settings.get(seat) }] : [];
  });
}

// ---- Pauses ---------------------------------------------------------------------------------

/** How many of a game's people must vote to pause or resume it: more than half of those still in it. */
export function votesNeeded(seats: readonly SeatRecord[]): number {
  const people = seats.filter((s) => s.userId && !s.computer && !s.leftAt).length;
  return Math.floor(people / 2) + 1;
}
