// A game stored by an older bot keeps loading after the state's shape changed: its state is
// upgraded, it plays on, and its action log replays to the same state. The fixture is a Duck
// Pens game stored by the bot before the platform kept who is out (state version 1), played
// through the store from seed 'stored-ducks-v1' with the host's take-over option: Bo resigned
// and the computer plays on in his seat; Ana's last turn timed out.
import { describe, expect, it } from 'vitest';
import { ducks } from '../../src/games/ducks/index.ts';
import type { DucksState } from '../../src/games/ducks/state.ts';
import { applyAction, startGame } from '../../src/runtime/moves.ts';
import { replay } from '../../src/runtime/replay.ts';
import fixture from './fixtures/ducks-v1.json' with { type: 'json' };
import { asStored, openTemp } from './helpers.ts';

/** The fixture written into a new store: the game, its seats (Bo left) and its action log. */
async function storedGame() {
  const store = await openTemp();
  const lobby = await store.createLobby({ kind: 'ducks', guildId: 'guild-1', channelId: 'chan-1', hostUserId: 'ana', hostName: 'Ana', options: fixture.options });
  await store.joinLobby(lobby.record.id, { userId: 'bo', name: 'Bo' });
  const id = lobby.record.id;
  await startGame(store, id, { seed: fixture.seed });
  await store.prisma.game.update({ where: { id }, data: { state: JSON.stringify(fixture.state), version: fixture.version } });
  await store.prisma.seat.updateMany({ where: { gameId: id, seat: 1 }, data: { leftAt: new Date(), leftReason: 'resigned' } });
  await store.prisma.actionLog.createMany({
    data: fixture.log.map((e) => ({ gameId: id, seq: e.seq, actor: String(e.actor), action: JSON.stringify(e.action), events: JSON.stringify(e.events) })),
  });
  return { store, id };
}

describe('a game stored in an older state shape', () => {
  it('D26 a Duck Pens game of state version 1 loads as version 2 (who is out: the seat the computer took over), plays on and replays from its log to the same state', async () => {
    expect(fixture.state.version).toBe(1);
    expect(fixture.state).not.toHaveProperty('out');
    const { store, id } = await storedGame();

    const loaded = await store.getGame(id);
    expect(loaded.record.status).toBe('running');
    // fixedDice: a scenario hook Duck Pens' state gained later with a default (none).
    expect(loaded.state).toEqual({ ...fixture.state, version: 2, out: [false, true], fixedDice: [] });
    expect((await replay(store, id)).state).toEqual(asStored(loaded.state));

    // Ana plays on: her own move starts her count of timeouts again; then a turn of hers times out.
    let state = loaded.state as DucksState;
    expect(state.timeouts).toEqual([1, 0]);
    let version = fixture.version;
    for (let step = 0; step < 12; step++) {
      const seat = ducks.activeSeats(state)[0]!;
      const [actor, action]: [number | 'system', unknown] = step === 11 ? ['system', { type: 'timeout', seat }] : [seat, ducks.bots.simple!(state, seat)];
      const r = await applyAction(store, id, version, actor, action);
      if (!r.ok) throw new Error(r.refusal.message);
      state = r.state as DucksState;
      version = r.version;
      if (step === 0) expect(state.timeouts[0]).toBe(0);
    }
    expect(state.timeouts[seatOfAna(state)]).toBe(1);
    const replayed = await replay(store, id);
    expect(replayed.version).toBe(fixture.version + 12);
    expect(replayed.state).toEqual(asStored((await store.getGame(id)).state));
  });
});

const seatOfAna = (s: DucksState): number => s.seats.findIndex((x) => x.name === 'Ana');
