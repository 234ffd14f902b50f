// What the store keeps for players' comfort over days, on both databases: each player's own
// settings (pings, time zone, quiet hours, vacation, digest), a game's pause and its votes, a
// server's word on whether quiet hours and vacations stop turn clocks.
import { describe, expect, it } from 'vitest';
import { BACKENDS, openTemp, startedGame } from './helpers.ts';

describe.each(BACKENDS)('%s', (backend) => {
  it('keeps a player’s own settings, with the defaults for a player who never saved any', async () => {
    const store = await openTemp(backend);
    expect(await store.getUserSettings('bo')).toEqual({ userId: 'bo', notify: 'every', timeZone: null, quiet: null, vacation: null, vacationMode: 'pause', digestAt: null });
    const vacation = { from: new Date('2027-03-02T00:00:00Z'), until: new Date('2027-03-04T00:00:00Z') };
    await store.setUserSettings('bo', { timeZone: 'Europe/Paris', quiet: { start: 1320, end: 420 } });
    const saved = await store.setUserSettings('bo', { notify: 'digest', vacation, vacationMode: 'computer', digestAt: new Date('2027-03-02T06:00:00Z') });
    expect(saved).toEqual({ userId: 'bo', notify: 'digest', timeZone: 'Europe/Paris', quiet: { start: 1320, end: 420 }, vacation, vacationMode: 'computer', digestAt: new Date('2027-03-02T06:00:00Z') });
    // Cleared one by one; read in bulk (players without settings are left out).
    await store.setUserSettings('bo', { quiet: null, vacation: null });
    await store.setUserSettings('cy', { notify: 'last' });
    const many = await store.userSettingsOf(['bo', 'cy', 'dee', 'bo']);
    expect([...many.keys()].sort()).toEqual(['bo', 'cy']);
    expect(many.get('bo')).toMatchObject({ quiet: null, vacation: null, timeZone: 'Europe/Paris' });
    expect(many.get('cy')?.notify).toBe('last');
    expect(await store.userSettingsOf([])).toEqual(new Map());
  });

  it('hands out a due digest to one caller only, and moves it on to the next day', async () => {
    const store = await openTemp(backend);
    const due = new Date('2027-03-02T09:00:00Z');
    await store.setUserSettings('bo', { notify: 'digest', digestAt: due });
    await store.setUserSettings('cy', { notify: 'digest', digestAt: new Date('2027-03-03T09:00:00Z') });
    expect((await store.dueDigests(new Date('2027-03-02T08:59:00Z')))).toEqual([]);
    const found = await store.dueDigests(new Date('2027-03-02T09:30:00Z'));
    expect(found.map((u) => u.userId)).toEqual(['bo']);
    const next = new Date('2027-03-03T09:00:00Z');
    const claims = await Promise.all([store.claimDigest('bo', due, next), store.claimDigest('bo', due, next)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect((await store.getUserSettings('bo')).digestAt).toEqual(next);
    expect(await store.dueDigests(new Date('2027-03-02T09:30:00Z'))).toEqual([]);
  });

  it('pauses and resumes a running game once each, its votes going with it; the game loads paused', async () => {
    const store = await openTemp(backend);
    const game = await startedGame(store);
    const id = game.record.id;
    expect(game.record.pausedAt).toBeNull();
    await store.votePause(id, 'host', 'pause');
    await store.votePause(id, 'bo', 'pause');
    await store.votePause(id, 'bo', 'resume');
    // Votes cast in the same millisecond have no order between them; only who wants what counts.
    const votes = (await store.pauseVotes(id)).sort((a, b) => a.userId.localeCompare(b.userId));
    expect(votes).toEqual([{ userId: 'bo', wants: 'resume' }, { userId: 'host', wants: 'pause' }]);
    const at = new Date('2027-03-02T10:00:00Z');
    expect(await store.setPaused(id, at)).toBe(true);
    expect(await store.setPaused(id, at)).toBe(false);
    expect(await store.pauseVotes(id)).toEqual([]);
    expect((await store.getGame(id)).record.pausedAt).toEqual(at);
    expect((await store.loadActiveGame('chan-1'))?.record.pausedAt).toEqual(at);
    expect(await store.setPaused(id, null)).toBe(true);
    expect(await store.setPaused(id, null)).toBe(false);
    expect((await store.getGame(id)).record.pausedAt).toBeNull();
    await store.abortGame(id);
    expect(await store.setPaused(id, at)).toBe(false);
  });

  it('lists the running games a player is still in, in every server', async () => {
    const store = await openTemp(backend);
    const one = await startedGame(store, { channelId: 'c1' });
    const two = await store.createLobby({ kind: 'race', guildId: 'guild-2', channelId: 'c2', hostUserId: 'host', hostName: 'Ann' });
    expect((await store.listGames({ userId: 'host', status: ['running'] })).map((g) => g.id)).toEqual([one.record.id]);
    expect((await store.listGames({ userId: 'host' })).map((g) => g.id)).toEqual([one.record.id, two.record.id]);
    expect(await store.listGames({ userId: 'nobody' })).toEqual([]);
  });

  it('keeps a server’s word on turn clocks in quiet hours and vacations, yes by default', async () => {
    const store = await openTemp(backend);
    expect(await store.getSettings('g1')).toMatchObject({ quietHoursStopClocks: true, vacationsStopClocks: true });
    expect(await store.setSettings('g1', { quietHoursStopClocks: false })).toMatchObject({ quietHoursStopClocks: false, vacationsStopClocks: true });
  });
});
