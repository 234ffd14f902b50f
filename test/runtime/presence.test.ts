// The rules of being away, for every game: quiet hours in a player's own time zone, vacations,
// turn clocks that stop for them, who is pinged now and who later, how many votes a pause needs.
import { describe, expect, it } from 'vitest';
import {
  awayNow, clockDeadline, clockRan, clockStopped, howTold, instantOf, localTime, nextDigest, NOBODY_AWAY, standInFrom, timeZoneName, votesNeeded,
  type Presence,
} from '../../src/runtime/presence.ts';
import type { SeatRecord, UserSettingsRecord } from '../../src/store/index.ts';

const H = 3600_000;
const at = (iso: string): number => Date.parse(iso);
const settings = (patch: Partial<UserSettingsRecord> = {}): UserSettingsRecord => ({
  userId: 'bo', notify: 'every', timeZone: null, quiet: null, vacation: null, vacationMode: 'pause', digestAt: null, ...patch,
});
const presence = (u: UserSettingsRecord, now: number, policy = { quietHours: true, vacations: true }): Presence => ({ ...NOBODY_AWAY(now), policy, settings: new Map([[1, u]]) });

/** Paris: UTC+1 in winter, UTC+2 from the last Sunday of March. Quiet 22:00–07:00 their time. */
const paris = settings({ timeZone: 'Europe/Paris', quiet: { start: 22 * 60, end: 7 * 60 } });

describe('time zones', () => {
  it('reads a zone by its IANA name, and refuses what is not one', () => {
    expect(timeZoneName('Europe/Paris')).toBe('Europe/Paris');
    expect(timeZoneName(' America/New_York ')).toBe('America/New_York');
    expect(timeZoneName('Europe/Pari')).toBeNull();
    expect(timeZoneName('')).toBeNull();
  });

  it('turns a wall clock time of a zone into an instant, across a change of the clocks', () => {
    expect(instantOf({ year: 2027, month: 3, day: 1 }, 22 * 60, 'Europe/Paris')).toBe(at('2027-03-01T21:00:00Z'));
    // After the clocks went forward (28 March 2027): UTC+2.
    expect(instantOf({ year: 2027, month: 3, day: 29 }, 22 * 60, 'Europe/Paris')).toBe(at('2027-03-29T20:00:00Z'));
    expect(localTime(at('2027-03-29T20:30:00Z'), 'Europe/Paris')).toEqual({ year: 2027, month: 3, day: 29, minutes: 22 * 60 + 30 });
    expect(instantOf({ year: 2027, month: 3, day: 1 }, 9 * 60, null)).toBe(at('2027-03-01T09:00:00Z'));
  });
});

describe('quiet hours and vacations', () => {
  it('a player is away during their quiet hours, back when they end, in their own time zone', () => {
    expect(awayNow(paris, at('2027-03-01T21:30:00Z'))).toEqual({ why: 'quiet', until: at('2027-03-02T06:00:00Z') });
    expect(awayNow(paris, at('2027-03-02T05:59:00Z'))).toEqual({ why: 'quiet', until: at('2027-03-02T06:00:00Z') });
    expect(awayNow(paris, at('2027-03-02T06:00:00Z'))).toBeNull();
    expect(awayNow(paris, at('2027-03-01T20:59:00Z'))).toBeNull();
    expect(awayNow(undefined, at('2027-03-01T21:30:00Z'))).toBeNull();
  });

  it('a vacation that ends in the night ends with that night’s quiet hours', () => {
    const u = { ...paris, vacation: { from: new Date(at('2027-03-01T23:00:00Z')), until: new Date(at('2027-03-03T23:00:00Z')) } };
    expect(awayNow(u, at('2027-03-02T12:00:00Z'))).toEqual({ why: 'vacation', until: at('2027-03-04T06:00:00Z') });
  });

  it('a clock stops during quiet hours and a paused vacation, and runs the rest of the time', () => {
    const p = presence(paris, at('2027-03-01T20:30:00Z'));
    // 1 hour from 20:30 UTC: 30 minutes before the quiet hours, 30 after them.
    expect(clockDeadline(p, 1, at('2027-03-01T20:30:00Z'), H)).toBe(at('2027-03-02T06:30:00Z'));
    expect(clockRan(p, 1, at('2027-03-01T20:30:00Z'), at('2027-03-02T06:10:00Z'))).toBe(40 * 60_000);
    expect(clockStopped(p, 1, at('2027-03-01T23:00:00Z'))).toBe(at('2027-03-02T06:00:00Z'));
    expect(clockStopped(p, 1, at('2027-03-01T20:00:00Z'))).toBeNull();
    // A seat without settings, or a server that lets clocks run: the plain limit.
    expect(clockDeadline(p, 0, at('2027-03-01T20:30:00Z'), H)).toBe(at('2027-03-01T21:30:00Z'));
    expect(clockDeadline(presence(paris, 0, { quietHours: false, vacations: true }), 1, at('2027-03-01T20:30:00Z'), H)).toBe(at('2027-03-01T21:30:00Z'));
    // A vacation (its clock stopped) joined to the quiet hours before and after it.
    const away = { ...paris, vacation: { from: new Date(at('2027-03-02T00:00:00Z')), until: new Date(at('2027-03-04T00:00:00Z')) } };
    expect(clockDeadline(presence(away, 0), 1, at('2027-03-01T20:30:00Z'), H)).toBe(at('2027-03-04T06:30:00Z'));
    // Left to the computer, a vacation does not stop the clock: the computer plays from its first day.
    const computer = { ...away, vacationMode: 'computer' as const };
    expect(clockDeadline(presence(computer, 0), 1, at('2027-03-01T20:30:00Z'), 2 * H)).toBe(at('2027-03-02T07:30:00Z'));
    expect(standInFrom(computer, at('2027-03-01T20:30:00Z'))).toBe(at('2027-03-02T00:00:00Z'));
    expect(standInFrom(computer, at('2027-03-02T01:00:00Z'))).toBeNull();
  });
});

describe('who is pinged', () => {
  it('each new turn by default; not during quiet hours but once they end; a reminder then not at all', () => {
    expect(howTold(undefined, at('2027-03-01T21:30:00Z'), 'turn', false)).toEqual({ how: 'ping' });
    expect(howTold(paris, at('2027-03-01T21:30:00Z'), 'turn', false)).toEqual({ how: 'later', at: at('2027-03-02T06:00:00Z') });
    expect(howTold(paris, at('2027-03-01T21:30:00Z'), 'reminder', true)).toEqual({ how: 'silent' });
    expect(howTold(paris, at('2027-03-01T12:00:00Z'), 'last', true)).toEqual({ how: 'ping' });
  });

  it('only when a game waits for them alone, for those who asked so; never for digest readers', () => {
    const last = settings({ notify: 'last' });
    expect(howTold(last, 0, 'turn', false)).toEqual({ how: 'silent' });
    expect(howTold(last, 0, 'turn', true)).toEqual({ how: 'ping' });
    expect(howTold(last, 0, 'last', true)).toEqual({ how: 'ping' });
    const digest = settings({ notify: 'digest' });
    for (const news of ['turn', 'last', 'resume', 'reminder'] as const) expect(howTold(digest, 0, news, true)).toEqual({ how: 'silent' });
  });

  it('a digest comes when the quiet hours end, or at 9:00 their time', () => {
    expect(nextDigest(paris, at('2027-03-01T12:00:00Z'))).toBe(at('2027-03-02T06:00:00Z'));
    expect(nextDigest(settings({ notify: 'digest' }), at('2027-03-01T12:00:00Z'))).toBe(at('2027-03-02T09:00:00Z'));
    expect(nextDigest(settings({ notify: 'digest' }), at('2027-03-01T08:00:00Z'))).toBe(at('2027-03-01T09:00:00Z'));
  });
});

describe('pauses', () => {
  it('need more than half of the people still in the game', () => {
    const seat = (n: number, extra: Partial<SeatRecord> = {}): SeatRecord => ({ seat: n, userId: `u${n}`, name: `P${n}`, computer: false, leftAt: null, leftReason: null, ...extra });
    expect(votesNeeded([seat(0), seat(1)])).toBe(2);
    expect(votesNeeded([seat(0), seat(1), seat(2)])).toBe(2);
    expect(votesNeeded([seat(0), seat(1), seat(2), seat(3)])).toBe(3);
    expect(votesNeeded([seat(0), seat(1), seat(2, { userId: null, computer: true }), seat(3, { leftAt: new Date() })])).toBe(2);
  });
});
