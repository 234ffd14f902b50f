import { describe, expect, it } from 'vitest';
import { race } from '../games/race/index.ts';
import type { RaceEvent, RaceState } from '../games/race/helpers.ts';
import { Rng } from '../../src/platform/rng.ts';
import { inEffectOf } from '../../src/store/index.ts';
import { asStored, BACKENDS, nextMove, openTemp, startedGame } from './helpers.ts';
import { applyAction } from '../../src/runtime/moves.ts';
import { replay, undoLast } from '../../src/runtime/replay.ts';

const isFinal = (events: readonly unknown[]): boolean => events.some((e) => race.isFinal!(e as RaceEvent));

describe.each(BACKENDS)('%s', (backend) => {
  describe('undo in the action log', () => {
    it('takes back a hidden pick: logged as a row of its own, the state from before it restored, replay equal', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store, { players: 2, seed: 'undo-1' });
      const before = game.state;
      const move = nextMove(before);
      const played = await applyAction(store, game.record.id, 0, move.seat, move.action, { userId: 'host' });
      expect(played.ok && isFinal(played.events)).toBe(false);
      const undone = await undoLast(store, game.record.id, 1, move.seat, { userId: 'host' });
      expect(undone.ok).toBe(true);
      const stored = await store.getGame(game.record.id);
      expect(stored.record.version).toBe(2);
      expect(stored.state).toEqual(asStored(before));
      const log = await store.getActionLog(game.record.id);
      expect(log.map((e) => e.action)).toEqual([move.action, { platform: 'undo', undoes: 1 }]);
      expect(inEffectOf(log)).toEqual([]);
      const replayed = await replay(store, game.record.id);
      expect(asStored(replayed.state)).toEqual(stored.state);
    });

    it('refuses when nothing was played, when another seat acted since, and for a pick that revealed the round', async () => {
      const store = await openTemp(backend);
      const game = await startedGame(store, { players: 3, seed: 'undo-2' });
      expect(await undoLast(store, game.record.id, 0, 0)).toMatchObject({ ok: false, code: 'NOTHING_TO_UNDO' });
      let state: RaceState = game.state;
      let version = 0;
      let sawFinal = false;
      let sawOther = false;
      while (!race.outcome(state) && !(sawFinal && sawOther)) {
        const move = nextMove(state);
        const r = await applyAction(store, game.record.id, version, move.seat, move.action);
        if (!r.ok) throw new Error(r.refusal.message);
        version = r.version;
        state = r.state as RaceState;
        if (isFinal(r.events) && !sawFinal && !race.outcome(state)) {
          expect(await undoLast(store, game.record.id, version, move.seat)).toMatchObject({ ok: false, code: 'FINAL' });
          sawFinal = true;
        } else if (!race.outcome(state) && !sawOther) {
          const other = (move.seat + 1) % 3;
          expect(await undoLast(store, game.record.id, version, other)).toMatchObject({ ok: false, code: 'NOT_YOURS', by: move.seat });
          sawOther = true;
        }
      }
      expect(sawFinal && sawOther).toBe(true);
      expect((await store.getGame(game.record.id)).record.version).toBe(version);
    });

    it('replays exactly over 20 random games with random undos interleaved (several in a row too)', async () => {
      const store = await openTemp(backend);
      let undos = 0;
      let refusedFinal = 0;
      // Each backend plays its own 20 of the same 40 games.
      const first = BACKENDS.indexOf(backend) * 20;
      for (let g = first; g < first + 20; g++) {
        const rng = new Rng([g + 11, 3, 99, g * 7 + 1]);
        const players = 1 + (g % 3);
        const game = await startedGame(store, { channelId: `undo-${g}`, players, seed: `undo-replay-${g}`, options: { goal: g % 2 ? 10 : 20 } });
        let state: RaceState = game.state;
        let version = 0;
        /** The states before each of the acting seat's own consecutive actions still in effect. */
        let mine: { seat: number; before: RaceState }[] = [];
        while (!race.outcome(state)) {
          const roll = rng.next();
          const last = mine[mine.length - 1];
          if (last && roll < 0.15) {
            const r = await undoLast(store, game.record.id, version, last.seat);
            version = (await store.getGame(game.record.id)).record.version;
            if (r.ok) {
              undos++;
              expect(asStored(r.state)).toEqual(asStored(last.before));
              state = r.state as RaceState;
              mine.pop();
            } else {
              expect(['FINAL', 'NOTHING_TO_UNDO']).toContain(r.code);
              if (r.code === 'FINAL') refusedFinal++;
              mine = [];
            }
            continue;
          }
          const move = nextMove(state, g % 2 ? 'steady' : 'varied');
          const r = await applyAction(store, game.record.id, version, move.seat, move.action);
          if (!r.ok) throw new Error(`game ${g}: ${r.refusal.message}`);
          if (mine.length && mine[0]!.seat !== move.seat) mine = [];
          mine.push({ seat: move.seat, before: state });
          state = r.state as RaceState;
          version = r.version;
        }
        const stored = await store.getGame(game.record.id);
        const replayed = await replay(store, game.record.id);
        expect(replayed.version).toBe(stored.record.version);
        expect(asStored(replayed.state)).toEqual(stored.state);
        expect(stored.state).toEqual(asStored(state));
      }
      expect(undos).toBeGreaterThan(15);
      expect(refusedFinal).toBeGreaterThan(4);
    }, 120_000);
  });
});
