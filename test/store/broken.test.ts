import { describe, expect, it } from 'vitest';
import type { Upgraders } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { loadState, StateLoadError, upgradeState } from '../../src/platform/state.ts';
import { race } from '../games/race/index.ts';
import type { RaceState } from '../games/race/helpers.ts';
import { BrokenGameError } from '../../src/store/index.ts';
import { asStored, BACKENDS, nextMove, openTemp, startedGame } from './helpers.ts';
import { applyAction as applyStored } from '../../src/runtime/moves.ts';

describe.each(BACKENDS)('%s', (backend) => {
  describe('a stored state the bot cannot use', () => {
    const cases: [string, (state: RaceState) => string, RegExp][] = [
      ['is not JSON', () => '{"version": 1, "game": "ra', /not valid JSON/],
      ['has an unknown (newer) schema version', (s) => JSON.stringify({ ...s, version: 99 }), /schema version 99, newer than this bot knows/],
      ['has no schema version', (s) => JSON.stringify({ ...s, version: undefined }), /no schema version/],
      ['is damaged', (s) => JSON.stringify({ ...s, picks: s.picks.map(() => 7) }), /damaged: picks\.0: /],
    ];

    it.each(cases)('marks the game broken when it %s, frees the channel and keeps the record', async (_, damage, reason) => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      await store.armTimer(game.record.id, 'turnTimeout', new Date(), { version: 0 });
      await store.prisma.game.update({ where: { id: game.record.id }, data: { state: damage(game.state) } });
      const found = await store.loadActiveGame('chan-1');
      expect(found?.record.status).toBe('broken');
      expect(found?.state).toBeNull();
      expect(found?.record.brokenReason).toMatch(reason);
      expect(found?.record.brokenReason).toMatch(/set aside, so the channel can start a new one; its record \(game #\d+\) is kept/);
      expect(await store.loadActiveGame('chan-1')).toBeNull();
      expect(await store.dueTimers()).toEqual([]);
      await store.createLobby({ kind: 'race', guildId: 'guild-1', channelId: 'chan-1', hostUserId: 'host', hostName: 'Ann' });
      expect((await store.getGame(game.record.id)).record.status).toBe('broken');
    });

    it('applyAction on such a game marks it broken and throws BrokenGameError instead of crashing', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store);
      await store.prisma.game.update({ where: { id: game.record.id }, data: { state: JSON.stringify({ ...game.state, version: 7 }) } });
      const { seat, action } = nextMove(game.state);
      const err = await applyStored(store, game.record.id, 0, seat, action).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(BrokenGameError);
      expect((err as BrokenGameError).reason).toMatch(/schema version 7/);
      await expect(applyStored(store, game.record.id, 0, seat, action)).rejects.toBeInstanceOf(BrokenGameError);
      expect(await store.getActionLog(game.record.id)).toEqual([]);
    });
  });
});

describe('state upgrades', () => {
  // A hand-made older state: as if v0 had no H2 timeout counters and could not be called off.
  const v0Upgraders: Upgraders = {
    0: (s) => ({ ...s, version: 1, timeouts: (s.seats as unknown[]).map(() => 0), aborted: false }),
  };

  it('upgrades a v0 state to the current version, and the engine plays on from it', async () => {
    expect(race.state.version).toBe(1);
    const store = await openTemp();
    const game = await startedGame(store);
    const { timeouts: _t, aborted: _a, ...rest } = asStored(game.state) as RaceState;
    const v0 = { ...rest, version: 0 };
    const upgraded = loadState(race, v0, v0Upgraders) as RaceState;
    expect(upgraded).toEqual(asStored(game.state));
    const { seat, action } = nextMove(upgraded);
    expect(applyRequest(race, upgraded, seat, action).ok).toBe(true);
    // Without an upgrader for v0 the state is refused with a reason, not guessed at.
    expect(() => loadState(race, v0)).toThrow(new StateLoadError('the stored state has schema version 0, which this bot cannot upgrade (it knows 1)'));
  });

  it('chains upgraders one version at a time and checks each step', () => {
    const chain: Upgraders = {
      1: (s) => ({ ...s, version: 2, a: 1 }),
      2: (s) => ({ ...s, version: 3, b: (s.a as number) + 1 }),
    };
    expect(upgradeState({ version: 1 }, 3, chain)).toEqual({ version: 3, a: 1, b: 2 });
    expect(upgradeState({ version: 3, x: 1 }, 3, chain)).toEqual({ version: 3, x: 1 });
    expect(() => upgradeState({ version: 1 }, 3, { 1: (s) => ({ ...s, version: 5 }) })).toThrow(/produced version 5/);
    expect(() => upgradeState([], 3, chain)).toThrow(/not an object/);
  });
});
