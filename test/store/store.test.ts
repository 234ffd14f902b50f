import { describe, expect, it } from 'vitest';
import { race } from '../games/race/index.ts';
import type { RaceState } from '../games/race/helpers.ts';
import { ChannelBusyError, StaleVersionError, StoreError } from '../../src/store/index.ts';
import { asStored, BACKENDS, newDatabase, nextMove, openTemp, startedGame } from './helpers.ts';
import { applyAction, startGame } from '../../src/runtime/moves.ts';

describe.each(BACKENDS)('%s', (backend) => {
  describe('lobby and seats', () => {
    it('seats the host first, then players and computers in joining order; renumbers on start', async () => {
      const store = await openTemp(backend);
      const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'host', hostName: 'Ann', options: { goal: 20 } });
      expect(lobby.record.status).toBe('lobby');
      await store.joinLobby(lobby.record.id, { userId: 'bob', name: 'Bob' });
      await store.joinLobby(lobby.record.id, { userId: null, name: 'Robo' });
      await expect(store.joinLobby(lobby.record.id, { userId: 'bob', name: 'Bob' })).rejects.toMatchObject({ code: 'ALREADY_SEATED' });
      await store.leaveLobby(lobby.record.id, { userId: 'bob' });
      await store.joinLobby(lobby.record.id, { userId: 'cat', name: 'Cat' });
      const { game } = await startGame(store, lobby.record.id, { seed: 's' });
      expect(game.record.status).toBe('running');
      expect(game.record.version).toBe(0);
      expect(game.seats.map((s) => [s.seat, s.name, s.computer])).toEqual([[0, 'Ann', false], [1, 'Robo', true], [2, 'Cat', false]]);
      expect((game.state as RaceState).seats.map((s) => s.name)).toEqual(['Ann', 'Robo', 'Cat']);
      expect((game.state as RaceState).options.goal).toBe(20);
      // Starting twice (two clicks on Start) does not start a second time.
      await expect(startGame(store, lobby.record.id)).rejects.toMatchObject({ code: 'WRONG_STATUS' });
    });

    it('writes a start only for the lobby it was set up for: a seat taken meanwhile refuses it, and the lobby stays open', async () => {
      const store = await openTemp(backend);
      const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'host', hostName: 'Ann', options: { goal: 20 } });
      await store.joinLobby(lobby.record.id, { userId: 'bob', name: 'Bob' });
      const before = await store.getRecord(lobby.record.id);
      await store.armTimer(lobby.record.id, 'lobbyExpiry', new Date(Date.now() + 60_000));
      await store.joinLobby(lobby.record.id, { userId: 'cat', name: 'Cat' });
      const start = { seed: 's', state: { set: 'up for two' }, seats: before.seats, options: before.game.options };
      await expect(store.saveStart(lobby.record.id, start)).rejects.toMatchObject({ code: 'WRONG_STATUS' });
      expect((await store.getGame(lobby.record.id)).record.status).toBe('lobby');
      // Set up for the lobby as it is now, it is written, and the lobby's timers go with the lobby.
      const now = await store.getRecord(lobby.record.id);
      const { game } = await startGame(store, lobby.record.id, { seed: 's' });
      expect(game.seats.map((s) => s.name)).toEqual(now.seats.map((s) => s.name));
      expect(await store.listTimers(lobby.record.id)).toEqual([]);
    });

    it('refuses a ninth player of a game for 2–8 and a start with one player', async () => {
      const store = await openTemp(backend);
      const lobby = await store.createLobby({ kind: 'crowdrace', guildId: 'g', channelId: 'c', hostUserId: 'host', hostName: 'Ann' });
      await expect(startGame(store, lobby.record.id)).rejects.toMatchObject({ code: 'NOT_ENOUGH_PLAYERS' });
      for (let i = 1; i < 8; i++) await store.joinLobby(lobby.record.id, { userId: `u${i}`, name: `P${i}` });
      await expect(store.joinLobby(lobby.record.id, { userId: 'u9', name: 'P9' })).rejects.toMatchObject({ code: 'LOBBY_FULL' });
    });

    it('keeps each computer seat’s level (the bot that plays it) through a reopen and the start; a person’s seat and a started game take none', async () => {
      const url = await newDatabase(backend);
      const store = await openTemp(url);
      const lobby = await store.createLobby({ kind: 'kimbo', guildId: 'g', channelId: 'c', hostUserId: 'host', hostName: 'Ann' });
      const id = lobby.record.id;
      expect((await store.joinLobby(id, { userId: null, name: 'Computer 1', bot: 'easy' })).bot).toBe('easy');
      await store.joinLobby(id, { userId: 'bob', name: 'Bob', bot: 'strong' });
      await store.joinLobby(id, { userId: null, name: 'Computer 2' });
      const levels = async (s = store) => (await s.getGame(id)).seats.map((x) => [x.name, x.bot]);
      expect(await levels()).toEqual([['Ann', null], ['Computer 1', 'easy'], ['Bob', null], ['Computer 2', null]]);
      await store.setComputerBot(id, 3, 'strong');
      await expect(store.setComputerBot(id, 2, 'strong')).rejects.toMatchObject({ code: 'NOT_SEATED' });
      await expect(store.setComputerBot(id, 7, 'strong')).rejects.toMatchObject({ code: 'NOT_SEATED' });
      await store.leaveLobby(id, { userId: 'bob' });
      const reopened = await openTemp(url);
      expect(await levels(reopened)).toEqual([['Ann', null], ['Computer 1', 'easy'], ['Computer 2', 'strong']]);
      expect((await reopened.getRecord(id)).seats.map((x) => x.bot)).toEqual([null, 'easy', 'strong']);
      // Seats are renumbered at the start; each computer keeps its level.
      const { game } = await startGame(reopened, id, { seed: 's' });
      expect(game.seats.map((x) => [x.seat, x.name, x.bot])).toEqual([[0, 'Ann', null], [1, 'Computer 1', 'easy'], [2, 'Computer 2', 'strong']]);
      await expect(reopened.setComputerBot(id, 1, 'normal')).rejects.toMatchObject({ code: 'WRONG_STATUS' });
      expect((await reopened.loadActiveGame('c'))!.seats.map((x) => x.bot)).toEqual([null, 'easy', 'strong']);
    });
  });

  describe('one unfinished game per channel', () => {
    it('is enforced by the database itself, not only by the store', async () => {
      const store = await openTemp(backend);
      const first = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'a', hostName: 'A' });
      await expect(store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'b', hostName: 'B' }))
        .rejects.toEqual(new ChannelBusyError('c', first.record.id));
      // Straight SQL, past every check the store makes: the partial unique index refuses it.
      await expect(store.prisma.$executeRaw`INSERT INTO "Game" ("guildId", "channelId", "kind", "status", "hostUserId", "updatedAt") VALUES ('g', 'c', 'race', 'running', 'b', ${new Date()})`)
        .rejects.toThrow(backend === 'sqlite' ? /UNIQUE constraint failed/ : /duplicate key value violates unique constraint "Game_one_unfinished_per_channel"/);
      // Another channel (or thread) is free, and finished games do not count.
      await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'thread-1', parentChannelId: 'c', hostUserId: 'a', hostName: 'A' });
      await store.abortGame(first.record.id, { byUserId: 'a' });
      const second = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'b', hostName: 'B' });
      expect(second.record.id).not.toBe(first.record.id);
      await store.prisma.$executeRaw`INSERT INTO "Game" ("guildId", "channelId", "kind", "status", "hostUserId", "updatedAt") VALUES ('g', 'c', 'race', 'finished', 'b', ${new Date()})`;
      expect((await store.listGames({ channelId: 'c' })).map((g) => g.status)).toEqual(['aborted', 'lobby', 'finished']);
    });
  });

  describe('applying actions', () => {
    it('logs the action, writes the state and bumps the version together; a reload sees the same game', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const { seat, action } = nextMove(game.state);
      const r = await applyAction(store, game.record.id, 0, seat, action, { userId: 'host' });
      if (!r.ok) throw new Error(r.refusal.message);
      expect(r.version).toBe(1);
      const reloaded = await store.loadActiveGame('chan-1');
      expect(reloaded?.record.version).toBe(1);
      expect(reloaded?.state).toEqual(asStored(r.state));
      const log = await store.getActionLog(game.record.id);
      expect(log).toEqual([expect.objectContaining({ seq: 1, actor: seat, userId: 'host', action: asStored(action), events: asStored(r.events) })]);
    });

    it('refuses a write based on a stale version and changes nothing', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const first = nextMove(game.state);
      const r = await applyAction(store, game.record.id, 0, first.seat, first.action);
      expect(r.ok).toBe(true);
      // A second click computed against version 0.
      const err = await applyAction(store, game.record.id, 0, first.seat, first.action).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StaleVersionError);
      expect(err).toMatchObject({ code: 'STALE_VERSION', expected: 0, actual: 1 });
      expect((await store.getActionLog(game.record.id)).length).toBe(1);
      expect((await store.getGame(game.record.id)).record.version).toBe(1);
    });

    it('writes nothing when the engine refuses the action', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      // One pick in: that runner has nothing more to do this round.
      const { seat, action } = nextMove(game.state);
      const first = await applyAction(store, game.record.id, 0, seat, action);
      if (!first.ok) throw new Error(first.refusal.message);
      const again = await applyAction(store, game.record.id, 1, seat, { type: 'step', n: 1 });
      expect(again.ok).toBe(false);
      if (!again.ok) expect(again.refusal.code).toBe('NOT_YOUR_TURN');
      const garbage = await applyAction(store, game.record.id, 1, (seat + 1) % 3, { type: 'teleport' });
      expect(garbage.ok).toBe(false);
      expect((await store.getActionLog(game.record.id)).map((e) => e.seq)).toEqual([1]);
      expect((await store.getGame(game.record.id)).record.version).toBe(1);
      // Anyone may resign at any time: that one is written, and the seat is marked as left.
      const r = await applyAction(store, game.record.id, 1, seat, { type: 'resign' });
      expect(r.ok).toBe(true);
      expect((await store.getActionLog(game.record.id)).map((e) => e.seq)).toEqual([1, 2]);
      const seats = (await store.getGame(game.record.id)).seats;
      expect(seats[seat]).toMatchObject({ leftReason: 'resigned' });
      expect(seats[seat]?.leftAt).toBeInstanceOf(Date);
    });

    it('is all or nothing: when the log write fails, the state and version stay as they were', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const before = await store.prisma.game.findUniqueOrThrow({ where: { id: game.record.id } });
      // A log entry that should not exist makes the append fail after the state was updated
      // inside the transaction.
      await store.prisma.actionLog.create({ data: { gameId: game.record.id, seq: 1, actor: 'system', action: '{}', events: '[]' } });
      const { seat, action } = nextMove(game.state);
      await expect(applyAction(store, game.record.id, 0, seat, action)).rejects.toThrow();
      const after = await store.prisma.game.findUniqueOrThrow({ where: { id: game.record.id } });
      expect(after.version).toBe(0);
      expect(after.state).toBe(before.state);
      expect(after.updatedAt).toEqual(before.updatedAt);
    });

    it('finishes the game when the engine says it is over; the record is kept, timers go', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      await store.armTimer(game.record.id, 'turnTimeout', new Date(Date.now() + 60_000), { version: 0 });
      const r = await applyAction(store, game.record.id, 0, 'system', { type: 'abort' }, { userId: 'admin' });
      expect(r.ok && r.ending).toEqual({ status: 'aborted', outcome: { aborted: true } });
      expect(await store.loadActiveGame('chan-1')).toBeNull();
      const kept = await store.getGame(game.record.id);
      expect(kept.record).toMatchObject({ status: 'aborted', outcome: { aborted: true }, version: 1 });
      expect(kept.record.endedAt).toBeInstanceOf(Date);
      expect(await store.listTimers(game.record.id)).toEqual([]);
      await expect(applyAction(store, game.record.id, 1, 0, { type: 'resign' })).rejects.toMatchObject({ code: 'WRONG_STATUS' });
    });

    it('plays a whole game to its end and marks it finished with the outcome', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store, { players: 2 });
      let state: RaceState = game.state;
      let version = 0;
      while (!race.outcome(state)) {
        const { seat, action } = nextMove(state);
        const r = await applyAction(store, game.record.id, version, seat, action);
        if (!r.ok) throw new Error(r.refusal.message);
        state = r.state as RaceState;
        version = r.version;
      }
      const done = await store.getGame(game.record.id);
      expect(done.record.status).toBe('finished');
      expect(done.record.outcome).toEqual(asStored(race.outcome(state)!.detail));
      expect(done.state).toEqual(asStored(state));
    });
  });

  describe('timers and settings', () => {
    it('lists due timers with their channel, re-arms by kind, cancels', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const now = Date.now();
      await store.armTimer(game.record.id, 'turnReminder', new Date(now - 1000), { version: 0 });
      await store.armTimer(game.record.id, 'turnTimeout', new Date(now + 3_600_000), { version: 0 });
      let due = await store.dueTimers(new Date(now));
      expect(due.map((t) => [t.kind, t.payload, t.game.channelId])).toEqual([['turnReminder', { version: 0 }, 'chan-1']]);
      // Re-arming replaces the timer of that kind rather than adding one.
      await store.armTimer(game.record.id, 'turnReminder', new Date(now + 5000), { version: 1 });
      expect(await store.dueTimers(new Date(now))).toEqual([]);
      due = await store.dueTimers(new Date(now + 3_600_000));
      expect(due.map((t) => [t.kind, t.payload])).toEqual([['turnReminder', { version: 1 }], ['turnTimeout', { version: 0 }]]);
      await store.cancelTimer(game.record.id, 'turnReminder');
      expect((await store.listTimers(game.record.id)).map((t) => t.kind)).toEqual(['turnTimeout']);
    });

    it('keeps per-server settings, with defaults for a server never configured', async () => {
      const store = await openTemp(backend);
      const permissions = { startPolicy: 'anyone', startRoleId: null, abortPolicy: 'host', quietHoursStopClocks: true, vacationsStopClocks: true };
      expect(await store.getSettings('g1')).toEqual({ guildId: 'g1', defaultTurnLimitSeconds: null, reminderAfterSeconds: null, allowComputers: true, lobbyExpirySeconds: null, ...permissions });
      await store.setSettings('g1', { defaultTurnLimitSeconds: 86_400 });
      await store.setSettings('g1', { lobbyExpirySeconds: 3 * 86_400 });
      const s = await store.setSettings('g1', { allowComputers: false, startPolicy: 'role', startRoleId: 'r1' });
      expect(s).toEqual({ guildId: 'g1', defaultTurnLimitSeconds: 86_400, reminderAfterSeconds: null, allowComputers: false, lobbyExpirySeconds: 3 * 86_400, ...permissions, startPolicy: 'role', startRoleId: 'r1' });
      expect((await store.getSettings('g2')).defaultTurnLimitSeconds).toBeNull();
    });

    it('records the version the channel shows, never moving it back, and lists the games a restart must look at', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'other', hostUserId: 'host', hostName: 'Ann' });
      const { seat, action } = nextMove(game.state);
      const r = await applyAction(store, game.record.id, 0, seat, action);
      expect(r.ok).toBe(true);
      expect((await store.getGame(game.record.id)).record.postedVersion).toBeNull();
      await store.setPostedVersion(game.record.id, 1);
      await store.setPostedVersion(game.record.id, 0);
      expect((await store.getGame(game.record.id)).record.postedVersion).toBe(1);
      await store.abortGame(game.record.id, { reason: 'test' });
      // Aborted and fully posted: nothing to look at; the lobby always is.
      expect((await store.gamesToRecover()).map((g) => g.id)).toEqual([lobby.record.id]);
    });

    it('keeps per-game defaults per server and game, merging saved options', async () => {
      const store = await openTemp(backend);
      expect(await store.getGameDefaults('g1', 'race')).toEqual({ guildId: 'g1', game: 'race', options: {}, turnLimitSeconds: null, allowComputers: null });
      await store.setGameDefaults('g1', 'race', { options: { goal: 30 } });
      const d = await store.setGameDefaults('g1', 'race', { options: { fast: true }, turnLimitSeconds: 3600 });
      expect(d).toEqual({ guildId: 'g1', game: 'race', options: { goal: 30, fast: true }, turnLimitSeconds: 3600, allowComputers: null });
      expect((await store.getGameDefaults('g1', 'other')).options).toEqual({});
      expect((await store.getGameDefaults('g2', 'race')).options).toEqual({});
    });

    it('aborting a lobby keeps it and frees the channel; aborting twice is refused', async () => {
      const store = await openTemp(backend);
      const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId: 'c', hostUserId: 'a', hostName: 'A' });
      await store.abortGame(lobby.record.id, { byUserId: 'a', reason: 'changed my mind' });
      expect(await store.loadActiveGame('c')).toBeNull();
      expect((await store.getGame(lobby.record.id)).record).toMatchObject({ status: 'aborted', outcome: { kind: 'aborted', by: 'a', reason: 'changed my mind' } });
      await expect(store.abortGame(lobby.record.id)).rejects.toBeInstanceOf(StoreError);
    });
  });
});
