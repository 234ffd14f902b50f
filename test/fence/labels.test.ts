// Suggestions that say what they do: every label of a legal action names where it goes (the map
// cell) and what follows from it, judged against what the engine then does.
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../src/platform/requests.ts';
import { play, setup, fence, playComputers, type Action, type FenceState } from '../../src/games/fence/index.ts';
import { runScenario } from '../../src/games/fence/scenario.ts';
import { onTestMap } from './test-map.ts';

const NAMES = ['Ana', 'Bartholomew Longname-Smythe III', 'Cy', 'Dee', 'Esmeralda Wintergarden-Hall'];

interface Seen {
  selfJailing: number;
  jailing: number;
  evidence: number;
}

/** Checks every legal action of the seat to act; counts what it saw. */
function checkPosition(s: FenceState, seen: Seen): void {
  const seat = fence.activeSeats(s)[0];
  if (seat === undefined) return;
  const legal = fence.legalActions(s, seat) as Action[];
  let selfJailingSeen = false;
  for (const a of legal) {
    const label = fence.words.action(s, a);
    expect(label.length, label).toBeLessThanOrEqual(100);
    const r = play(s, seat, a);
    if (!r.ok) throw new Error(`a legal action was refused: ${r.message}`);
    const jailed = r.events.flatMap((e) => (e.type === 'jailed' ? e.seats : []));
    const selfJailed = s.pawns[seat] !== 'jail' && jailed.includes(seat);
    if (selfJailed) {
      seen.selfJailing++;
      selfJailingSeen = true;
      expect(label, label).toContain('YOU go to Jail');
    } else {
      expect(label, label).not.toContain('YOU go to Jail');
      // Everything that does not jail its mover comes before everything that does.
      expect(selfJailingSeen, `${label} is listed after a move that jails its mover`).toBe(false);
    }
    const others = jailed.filter((i) => i !== seat);
    if (others.length > 0) {
      seen.jailing++;
      expect(label, label).toMatch(/— jails /);
      for (const i of others) expect(label, label).toContain(s.seats[i]!.name.slice(0, 11));
    } else expect(label, label).not.toMatch(/jails /);
    const evidence = r.events.some((e) => e.type === 'stateEvidence');
    if (evidence) seen.evidence++;
    expect(label.includes('State’s Evidence: you draw'), label).toBe(evidence);
    // A move names the cell it goes to, as the map's grid does.
    if ('to' in a) expect(label, label).toMatch(/\([A-Z]+\d+\)/);
  }
}

describe('suggestions that say what they do', () => {
  it('B15 B16 B17 over random positions, every label says who goes to Jail, warns its mover, and lists those moves last', () => {
    const seen: Seen = { selfJailing: 0, jailing: 0, evidence: 0 };
    for (let game = 0; game < 8; game++) {
      const players = 3 + (game % 3);
      let s = setup({ seats: NAMES.slice(0, players).map((name) => ({ name, computer: false })), seed: `labels-${game}`, options: { autoBuild: true } }).state;
      for (let step = 0; step < 120 && !s.outcome; step++) {
        if (s.phase === 'main' && !s.pending) checkPosition(s, seen);
        s = playComputers(s, { steps: 1, strategy: 'random' }).state;
      }
    }
    // The positions did hold each kind of move, so the checks above were put to work.
    expect(seen.selfJailing).toBeGreaterThan(5);
    expect(seen.jailing).toBeGreaterThan(5);
    expect(seen.evidence).toBeGreaterThan(0);
  });

  it('B15 the Cops by road onto your own pawn: labelled, last, and previewed before it is played', () => {
    // ana in Old Town, the Cops next door in Four Points: by road they can come onto ana.
    const { state } = runScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'Downtown', cy: 'Tanner\'s Lane' }, cops: 'Four Points', turn: { pushed: true, cops: false } }), requestsTo(fence));
    const legal = fence.legalActions(state, 0) as Action[];
    const labels = legal.map((a) => fence.words.action(state, a));
    const last = labels[labels.length - 1]!;
    expect(last).toMatch(/^Cops by road → Old Town \([A-Z]+\d+\) — YOU go to Jail$/);
    const selfJail = legal[legal.length - 1]!;
    const preview = fence.preview!(state, 0, selfJail);
    // The whole city as a phone shows it, the move made: the Cops in Old Town, ana in Jail; the state is untouched.
    expect(preview?.kind).toBe('overview');
    const view = (preview!.view as { view: { cops: string; seats: { pawn: string | null }[] } }).view;
    expect(view.cops).toBe(state.pawns[0]);
    expect(view.seats[0]!.pawn).toBe('jail');
    expect(state.cops).not.toBe(state.pawns[0]);
    // A move that jails nobody of yours is played at once.
    for (const a of legal.slice(0, -1)) expect(fence.preview!(state, 0, a)).toBeNull();
  });
});
