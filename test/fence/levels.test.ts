// FENCE!'s easy computer player (issue 30): a gentle opponent for new players. Until its first
// round is over it sends nobody to Jail when it has another choice: not by placing the Cops at
// setup (B11), nor by a tip-off, the Cops by road or a push (B15, B16). The normal player, in
// the very same positions, does: that is what the test would catch.
import { describe, expect, it } from 'vitest';
import { play, computerAction, setup, legalActions, whoMustAct, type Action, type FenceState, type Strategy } from '../../src/games/fence/index.ts';
import { caughtBy } from '../../src/games/fence/rules.ts';

/** Someone other than the mover goes to Jail by this action. */
const jailsOthers = (s: FenceState, seat: number, a: Action): boolean => caughtBy(s, a).some((i) => i !== seat);

describe('FENCE! easy computer', () => {
  it('B15 B16 the easy computer sends nobody to Jail on purpose in its first round: no tip-off, no Cops by road, no push onto the Cops', () => {
    let offered = 0;
    let normalWould = 0;
    for (let g = 0; g < 120; g++) {
      const players = 2 + (g % 3);
      const easy = g % players;
      let s = setup({ seats: Array.from({ length: players }, (_, i) => ({ name: `P${i}`, computer: true })), seed: `gentle-${g}` }).state;
      while (!s.outcome && s.round <= 1) {
        const seat = whoMustAct(s)!;
        const strategy: Strategy = seat === easy ? 'easy' : 'normal';
        const action = computerAction(s, seat, strategy)!;
        if (seat === easy) {
          const legal = legalActions(s, seat);
          const jailing = legal.filter((a) => jailsOthers(s, seat, a));
          if (jailing.length > 0 && jailing.length < legal.length) {
            offered++;
            expect(jailsOthers(s, seat, action), `game ${g}, round ${s.round}: ${JSON.stringify(action)}`).toBe(false);
            if (jailsOthers(s, seat, computerAction(s, seat, 'normal')!)) normalWould++;
          }
        }
        const r = play(s, seat, action);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
      // The game's own record of jailings agrees: none by the easy seat before round 2.
      expect((s.jailings ?? []).filter((j) => j.by === easy && j.round <= 1)).toEqual([]);
    }
    expect(offered).toBeGreaterThan(20);
    expect(normalWould).toBeGreaterThan(20);
  });

  it('B11 the easy computer, placing the Cops at setup as First Player, leaves the pawns on their tile alone when a neighborhood there is free', () => {
    let offered = 0;
    for (let g = 0; g < 1000 && offered < 6; g++) {
      let s = setup({ seats: Array.from({ length: 6 }, (_, i) => ({ name: `P${i}`, computer: true })), seed: `cops-setup-${g}`, options: { autoBuild: true } }).state;
      while (!s.outcome && s.round === 0 && s.pending?.kind !== 'copsNeighborhood') {
        const seat = whoMustAct(s)!;
        const r = play(s, seat, computerAction(s, seat, 'normal')!);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
      if (s.pending?.kind !== 'copsNeighborhood') continue;
      const seat = s.pending.seat;
      const legal = legalActions(s, seat);
      if (!legal.some((a) => jailsOthers(s, seat, a)) || !legal.some((a) => caughtBy(s, a).length === 0)) continue;
      offered++;
      expect(caughtBy(s, computerAction(s, seat, 'easy')!)).toEqual([]);
      expect(jailsOthers(s, seat, computerAction(s, seat, 'normal')!)).toBe(true);
    }
    expect(offered).toBe(6);
  });

  it('B15 the easy computer never moves the Cops onto its own pawn when it has another choice', () => {
    let offered = 0;
    for (let g = 0; g < 30; g++) {
      let s = setup({ seats: [{ name: 'E', computer: true }, { name: 'N', computer: true }], seed: `self-${g}` }).state;
      for (let step = 0; !s.outcome && step < 400; step++) {
        const seat = whoMustAct(s)!;
        const action = computerAction(s, seat, seat === 0 ? 'easy' : 'normal')!;
        if (seat === 0 && s.phase === 'main') {
          const legal = legalActions(s, seat);
          const self = legal.filter((a) => caughtBy(s, a).includes(seat));
          if (self.length > 0 && self.length < legal.length) {
            offered++;
            expect(caughtBy(s, action)).not.toContain(seat);
          }
        }
        const r = play(s, seat, action);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
      }
    }
    expect(offered).toBeGreaterThan(5);
  });
});
