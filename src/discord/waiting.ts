/**
 * Whom a running game waits for, since when, and until when their clock runs, in words: the
 * same lines for `/<game> status`, `/games mine`, `/games list` and the daily digest.
 */
import type { AnyGame } from '../platform/game.ts';
import { clockStopped, NEVER, type Presence } from '../runtime/presence.ts';
import { timerSeat, type ClockPayload } from '../runtime/timers.ts';
import type { GameTimer, SeatRecord } from '../store/index.ts';
import { awayText, when } from './notify.ts';
import { listText } from './posts.ts';

/** A waited-for seat's clock: since when the game waits for it, and when its time runs out. */
export interface Waiting {
  seat: number;
  name: string;
  userId: string | null;
  since: Date | null;
  /** When its turn ends, if it ends; a stopped clock says why and what it has left. */
  ends: Date | null;
  stopped: { why: 'paused' | 'away'; leftMs: number | null } | null;
}

/** Whom a running game waits for, from its seats and its turn clocks. */
export function waitingOn(def: AnyGame, state: unknown, seats: readonly SeatRecord[], timers: readonly GameTimer[], presence: Presence): Waiting[] {
  return def.activeSeats(state).flatMap((seat) => {
    const record = seats.find((s) => s.seat === seat);
    if (record?.computer) return [];
    const clock = timers.find((t) => t.kind === 'timeout' && timerSeat(t) === seat);
    const p = (clock?.payload ?? {}) as ClockPayload;
    const ends = clock && clock.fireAt.getTime() < NEVER.getTime() ? clock.fireAt : null;
    let stopped: Waiting['stopped'] = null;
    if (p.paused) stopped = { why: 'paused', leftMs: p.leftMs ?? null };
    else if (ends && clockStopped(presence, seat, presence.now) !== null) stopped = { why: 'away', leftMs: null };
    return [{ seat, name: record?.name ?? `seat ${seat + 1}`, userId: record?.userId ?? null, since: typeof p.since === 'number' ? new Date(p.since) : null, ends, stopped }];
  });
}

/** "Bo since 2 hours ago — on vacation, back in 3 days": one waited-for seat, for a status line. */
export function waitingText(w: Waiting, presence: Presence): string {
  const away = awayText(presence.settings.get(w.seat), presence.now);
  return `${w.name}${w.since ? ` since ${when(w.since)}` : ''}${away ? ` — ${away}` : ''}`;
}

/** "Ana since 2 hours ago and Bo since 5 minutes ago — on vacation, back in 3 days": everyone a game waits for. */
export function waitingList(list: readonly Waiting[], presence: Presence): string {
  return list.length ? listText(list.map((w) => waitingText(w, presence))) : 'nobody';
}
