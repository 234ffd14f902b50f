import { describe, expect, it } from 'vitest';
import { race } from '../games/race/index.ts';
import type { RaceState } from '../games/race/helpers.ts';
import { asStored, BACKENDS, nextMove, openTemp, startedGame } from './helpers.ts';
import { applyAction } from '../../src/runtime/moves.ts';
import { replay } from '../../src/runtime/replay.ts';

/** Per backend (the same engine replays on both: the backends differ in what they store and read back). */
const GAMES = 20;

describe.each(BACKENDS)('%s', (backend) => {
  describe('replay', () => {
    it('rebuilds the stored state from seed, options, seats and log for 20 games', async () => {
      const store = await openTemp(backend);
      let actions = 0;
      // Each backend plays its own 20 of the same 40 games.
      const first = BACKENDS.indexOf(backend) * GAMES;
      for (let i = first; i < first + GAMES; i++) {
        const players = 1 + (i % 3);
        // Races of every length and both paces, solo to three runners.
        const options = { goal: [10, 20, 30][i % 3], fast: i % 5 === 4 };
        const pace = i % 2 === 0 ? 'varied' : 'steady';
        const game = await startedGame(store, { channelId: `chan-${i}`, players, seed: `replay-${i}`, options });
        let state: RaceState = game.state;
        let version = 0;
        let resigned = i % 10 !== 9;
        while (!race.outcome(state)) {
          // System actions too: a turn timeout now and then, and in some games a resignation
          // (of a runner still waited for, after the first round).
          const resign = !resigned && state.round > 1;
          resigned ||= resign;
          const move = version % 13 === 7 ? { seat: 'system' as const, action: { type: 'timeout' } }
            : resign ? { seat: race.activeSeats(state).at(-1)!, action: { type: 'resign' } }
            : nextMove(state, pace);
          const r = await applyAction(store, game.record.id, version, move.seat, move.action);
          if (!r.ok) throw new Error(`game ${i}, action ${version + 1}: ${r.refusal.message}`);
          state = r.state as RaceState;
          version = r.version;
        }
        actions += version;
        const stored = await store.getGame(game.record.id);
        const replayed = await replay(store, game.record.id);
        expect(replayed.version).toBe(stored.record.version);
        expect(asStored(replayed.state)).toEqual(stored.state);
        expect(stored.state).toEqual(asStored(state));
        expect(stored.record.status).toBe('finished');
      }
      // The games must have been games, not one action each.
    expect(actions).toBeGreaterThan(GAMES * 10);
    }, 120_000);
  });
});
