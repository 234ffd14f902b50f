import { describe, expect, it } from 'vitest';
import type { RaceState } from '../games/race/helpers.ts';
import { StaleVersionError } from '../../src/store/index.ts';
import { KeyedQueue } from '../../src/store/queue.ts';
import { asStored, BACKENDS, newDatabase, nextMove, openTemp, startedGame } from './helpers.ts';
import { applyAction } from '../../src/runtime/moves.ts';
import { replay } from '../../src/runtime/replay.ts';

describe.each(BACKENDS)('%s', (backend) => {
  describe('two clicks at once', () => {
    it('without the channel lock, the second write based on the same version is refused', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const { seat, action } = nextMove(game.state);
      const results = await Promise.allSettled([
        applyAction(store, game.record.id, 0, seat, action),
        applyAction(store, game.record.id, 0, seat, action),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const rejected = results.find((r) => r.status === 'rejected');
      expect(rejected?.status === 'rejected' && rejected.reason).toBeInstanceOf(StaleVersionError);
      expect((await store.getActionLog(game.record.id)).map((e) => e.seq)).toEqual([1]);
    });

    it('two bot processes on one database: of two writes based on the same version, exactly one wins and the other is refused as stale', async () => {
      const url = await newDatabase(backend);
      const one = await openTemp(url);
      const two = await openTemp(url);
      // A long race: 20 steps and more.
      const game = await startedGame(one, { options: { goal: 30 } });
      let state = game.state;
      const wins = [0, 0];
      for (let version = 0; version < 20; version++) {
        const { seat, action } = nextMove(state);
        const results = await Promise.allSettled([one, two].map((s) => applyAction(s, game.record.id, version, seat, action)));
        const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
        expect(won).toHaveLength(1);
        wins[won[0]!]!++;
        const lost = results.find((r) => r.status === 'rejected');
        expect(lost?.status === 'rejected' && lost.reason).toMatchObject({ code: 'STALE_VERSION', expected: version, actual: version + 1 });
        const winner = results[won[0]!];
        state = (winner?.status === 'fulfilled' && winner.value.ok ? winner.value.state : null) as RaceState;
      }
      // Each store sees the other's writes: no stale cache lets a write through or refuses one.
      const stored = await two.getGame(game.record.id);
      expect(stored.record.version).toBe(20);
      expect((await one.getActionLog(game.record.id)).map((e) => e.seq)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(asStored((await replay(one, game.record.id)).state)).toEqual(stored.state);
      expect(wins[0]! + wins[1]!).toBe(20);
    });

    it('with the channel lock, 30 concurrent clicks run one after the other and none is lost', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store, { options: { goal: 30 } });
      // Each click reloads, decides on what it sees, and applies: the bot's handler in small.
      const click = () => store.withChannelLock('chan-1', async () => {
        const loaded = await store.loadActiveGame('chan-1');
        const state = loaded?.state as RaceState;
        const { seat, action } = nextMove(state);
        const r = await applyAction(store, loaded!.record.id, loaded!.record.version, seat, action);
        if (!r.ok) throw new Error(r.refusal.message);
        return r.version;
      });
      const versions = await Promise.all(Array.from({ length: 30 }, click));
      expect(versions).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      const log = await store.getActionLog(game.record.id);
      expect(log.map((e) => e.seq)).toEqual(versions);
      const stored = await store.getGame(game.record.id);
      expect(stored.record.version).toBe(30);
      expect(asStored((await replay(store, game.record.id)).state)).toEqual(stored.state);
    });
  });
});

// PostgreSQL only: there, lobby transactions of two processes run side by side and the game's
// row lock keeps them apart. On SQLite a write transaction locks the whole file; and libsql
// waits for another connection's lock on the JavaScript thread, so two stores in one test
// process cannot even hold interleaved transactions.
describe('postgresql', () => {
  it('two bot processes seating players in one lobby at once: every player gets a seat of their own', async () => {
    const url = await newDatabase('postgresql');
    const one = await openTemp(url);
    const two = await openTemp(url);
    const lobby = await one.createLobby({ kind: 'crowdrace', guildId: 'g', channelId: 'c', hostUserId: 'host', hostName: 'Ann' });
    // Each process handles its own clicks one at a time (the channel lock), both at once.
    const joins = ['bo', 'cy', 'dee', 'eve', 'fay', 'gus'].map((u, i) => {
      const store = i % 2 ? one : two;
      return store.withChannelLock('c', () => store.joinLobby(lobby.record.id, { userId: u, name: u }));
    });
    await Promise.all(joins);
    const seats = (await two.getGame(lobby.record.id)).seats;
    expect(seats.map((s) => s.seat)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(seats.map((s) => s.userId).sort()).toEqual(['bo', 'cy', 'dee', 'eve', 'fay', 'gus', 'host']);
  });
});

describe('the per-channel queue', () => {
  it('keeps order within a channel, survives a failing task, and lets other channels through', async () => {
    const q = new KeyedQueue();
    const seen: string[] = [];
    let releaseA!: () => void;
    const gate = new Promise<void>((r) => { releaseA = r; });
    const a1 = q.run('a', async () => { await gate; seen.push('a1'); });
    const a2 = q.run('a', async () => { seen.push('a2'); throw new Error('a2 failed'); });
    const a3 = q.run('a', async () => { seen.push('a3'); return 3; });
    const b1 = q.run('b', async () => { seen.push('b1'); });
    await b1;
    expect(seen).toEqual(['b1']);
    releaseA();
    await a1;
    await expect(a2).rejects.toThrow('a2 failed');
    expect(await a3).toBe(3);
    expect(seen).toEqual(['b1', 'a1', 'a2', 'a3']);
    expect(q.busyKeys).toBe(0);
  });
});

describe.each(BACKENDS)('%s', (backend) => {
  describe('applyAction beside Prisma', () => {
    it('waits for an open Prisma transaction to end and never reads or writes inside it', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const { seat, action } = nextMove(game.state);
      let applied!: Promise<unknown>;
      // Rolled back: if applyAction ran inside it, it would have seen the version 7 or been undone.
      await expect(store.prisma.$transaction(async (tx) => {
        await tx.game.update({ where: { id: game.record.id }, data: { version: 7 } });
        applied = applyAction(store, game.record.id, 0, seat, action);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('roll back');
      })).rejects.toThrow('roll back');
      await expect(applied).resolves.toMatchObject({ ok: true, version: 1 });
      expect((await store.getGame(game.record.id)).record.version).toBe(1);
      expect((await store.getActionLog(game.record.id)).map((e) => e.seq)).toEqual([1]);
    });

    it('writes dates the way Prisma does, so the model API reads them back', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const before = Date.now();
      const { seat, action } = nextMove(game.state);
      await applyAction(store, game.record.id, 0, seat, action);
      const [log] = await store.getActionLog(game.record.id);
      expect(log?.createdAt.getTime()).toBeGreaterThanOrEqual(before - 1);
      expect(log?.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
      // SQLite keeps dates as text: it must be the text Prisma writes itself. (PostgreSQL's
      // timestamp column has no text format to get wrong: the read-back above covers it.)
      if (backend === 'sqlite') {
        const rows = await store.prisma.$queryRawUnsafe<{ a: string; g: string }[]>(
          `SELECT (SELECT 'd:' || "createdAt" FROM "ActionLog") AS a, (SELECT 'd:' || "createdAt" FROM "Game") AS g`);
        expect(rows[0]?.a).toMatch(/^d:\d{4}-/);
        expect(rows[0]?.a.replace(/\d/g, '0')).toBe(rows[0]?.g.replace(/\d/g, '0'));
      }
    });

    it('reuses its parsed state only while the row still holds the text it wrote', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const first = nextMove(game.state);
      const r = await applyAction(store, game.record.id, 0, first.seat, first.action);
      if (!r.ok) throw new Error(r.refusal.message);
      // Changed behind the store's back at the same version: read again, found damaged.
      await store.prisma.game.update({ where: { id: game.record.id }, data: { state: '{"version":1}' } });
      const next = nextMove(r.state as RaceState);
      await expect(applyAction(store, game.record.id, 1, next.seat, next.action)).rejects.toMatchObject({ code: 'BROKEN_GAME' });
    });

    it('given the state it loaded, writes without reading first, and still refuses a game that moved on in another process', async () => {
      const url = await newDatabase(backend);
      const one = await openTemp(url);
      const two = await openTemp(url);
      const game = await startedGame(one);
      const loaded = await one.loadActiveGame('chan-1');
      expect(loaded?.state).toBe((await one.loadActiveGame('chan-1'))?.state);
      const first = nextMove(game.state);
      const mine = await applyAction(one, game.record.id, 0, first.seat, first.action, { loadedState: loaded?.state });
      if (!mine.ok) throw new Error(mine.refusal.message);
      const second = nextMove(mine.state as RaceState);
      expect(await applyAction(one, game.record.id, 1, second.seat, { type: 'no such move' }, { loadedState: mine.state })).toMatchObject({ ok: false });
      // The other process plays version 1 → 2; this one still holds version 1 (its own result).
      expect((await applyAction(two, game.record.id, 1, second.seat, second.action)).ok).toBe(true);
      // An engine refusal of the kept state is checked against the stored game: stale, not refused.
      await expect(applyAction(one, game.record.id, 1, second.seat, { type: 'no such move' }, { loadedState: mine.state })).rejects.toMatchObject({ code: 'STALE_VERSION', actual: 2 });
      await expect(applyAction(one, game.record.id, 1, second.seat, second.action, { loadedState: mine.state })).rejects.toMatchObject({ code: 'STALE_VERSION', expected: 1, actual: 2 });
      expect((await one.getActionLog(game.record.id)).map((e) => e.seq)).toEqual([1, 2]);
      // A state the store does not keep for that version is no reason to skip the read.
      await expect(applyAction(one, game.record.id, 1, second.seat, { type: 'no such move' }, { loadedState: asStored(mine.state) })).rejects.toMatchObject({ code: 'STALE_VERSION', actual: 2 });
    });

    it('writes the timers that go with an action in its transaction, under its compare-and-set', async () => {
      const url = await newDatabase(backend);
      const one = await openTemp(url);
      const two = await openTemp(url);
      const game = await startedGame(one);
      const id = game.record.id;
      const later = new Date(Date.now() + 60_000);
      await one.armTimer(id, 'reminder', later, { version: 0 }, 0);
      await one.armTimer(id, 'lobbyExpiry', later);
      const timers = async (_state: unknown, version: number) => ({
        cancel: [{ kind: 'reminder', seat: 0 }],
        arm: [{ kind: 'timeout', seat: 1, fireAt: later, payload: { version } }, { kind: 'reminder', seat: 1, fireAt: later, payload: { version } }],
      });
      const first = nextMove(game.state);
      const r = await applyAction(one, id, 0, first.seat, first.action, { timers });
      if (!r.ok) throw new Error(r.refusal.message);
      const after = (await one.listTimers(id)).map((t) => ({ kind: t.kind, seat: t.seat, payload: t.payload }));
      expect(after).toEqual(expect.arrayContaining([{ kind: 'lobbyExpiry', seat: null, payload: {} }, { kind: 'timeout', seat: 1, payload: { version: 1 } }, { kind: 'reminder', seat: 1, payload: { version: 1 } }]));
      expect(after).toHaveLength(3);
      expect((await one.getGame(id)).timers).toEqual(await one.listTimers(id));
      // The loser of a race writes no timers either.
      const next = nextMove(r.state as RaceState);
      expect((await applyAction(two, id, 1, next.seat, next.action)).ok).toBe(true);
      const stale = async () => ({ cancel: [{ kind: 'lobbyExpiry', seat: null }], arm: [{ kind: 'reminder', seat: 2, fireAt: later }] });
      await expect(applyAction(one, id, 1, next.seat, next.action, { timers: stale })).rejects.toMatchObject({ code: 'STALE_VERSION' });
      expect(await one.listTimers(id)).toHaveLength(3);
    });
  });
});
