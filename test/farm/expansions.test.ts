// The Ranch expansions Tractor (R10–R12), Horse (R13–R15), Storage (R16, R17), Sharecroppers
// (R19, R20) and Dust Bowl (R21, R22), their parts (R1) and R2's scoring order. Positions are
// written as scenarios (src/games/farm/scenario.ts); the worked examples of the Ranch text are
// scenario files of their own (test/scenarios/farm-*.json).
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/games/farm/board.ts';
import { play, legalActions, randomChoice } from '../../src/games/farm/engine.ts';
import { storageCosts } from '../../src/games/farm/expansions/storage.ts';
import { farm } from '../../src/games/farm/index.ts';
import { runScenario } from '../../src/games/farm/scenario.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { requestsTo } from '../../src/platform/requests.ts';
import { explore, newGame, ok } from './helpers.ts';

/** Plays a position written as a scenario; every expectation must hold. */
function playFile(file: Record<string, unknown>): { state: FarmState; lines: { events?: FarmEvent[]; text?: string[] }[] } {
  const r = runScenario({ game: 'farm', name: 'test', seed: 'expansions', ...file }, requestsTo(farm));
  expect(r.failures).toEqual([]);
  return { state: r.state, lines: r.lines as { events?: FarmEvent[]; text?: string[] }[] };
}

/** Purple closes yellow's farm of 2 pigs and 2 sheep (B28 + B42). */
const horseMap = {
  players: ['yellow', 'purple'],
  map: [{ tile: 'B28', x: 1, y: 4, rot: 0 }],
  henhouses: [{ player: 'yellow', cell: '1,4', part: 1 }],
  farmers: { yellow: 'FP01', purple: 'FP19' },
  current: 'purple',
};
const closeIt = { by: 'purple', action: { type: 'place', tile: 'B42', x: 2, y: 4, rot: 3 } };

/** Red's field on B01 with red's tractor; purple's B42 reaches it. */
const tractorMap = {
  players: ['red', 'purple'],
  options: { tractor: true },
  map: [{ tile: 'B01', x: 1, y: 0, rot: 2 }, { tile: 'B38', x: 2, y: 0, rot: 3 }],
  hands: { red: ['B10'], purple: ['B42', 'B32'] },
  current: 'purple',
};


describe('R1 the parts', () => {
  it.each([[2, 1], [3, 1], [4, 2], [5, 2], [6, 2]])('R1 at %i players %i tractor(s); one horse in the supply; 4 cows, 4 pigs, 4 sheep to store; one sharecropper token each, the rest of 7 in the supply', (players, tractors) => {
    const s = newGame(players, { tractor: true, horse: true, storage: true, sharecroppers: true, dustBowl: true });
    expect(s.tractors).toEqual({ supply: tractors, on: [] });
    expect(s.horse).toEqual({ region: null, left: null });
    expect(s.storage?.supply).toEqual({ cow: 4, pig: 4, sheep: 4 });
    expect(s.shares).toEqual({ supply: 7 - players, held: new Array(players).fill(1) });
    expect(s.rows).toEqual(new Array(players).fill([]));
    const plain = newGame(players);
    expect([plain.tractors, plain.horse, plain.storage, plain.shares, plain.rows]).toEqual([null, null, null, null, null]);
  });
});

describe('R2 the order of scoring one farm', () => {
  it('R2 storage first, then the points, then the owner\'s bale, then the Dust Bowl, and the horse enters last', () => {
    const { lines } = playFile({
      ...horseMap,
      options: { horse: true, storage: true, bales: true, dustBowl: true, sharecroppers: true },
      hands: { purple: ['B42', 'B10'], yellow: ['B20', 'B21'] },
      steps: [
        { ...closeIt, expect: { pending: 'storage', waitingFor: 'yellow', noEvents: ['scored'] } },
        { by: 'yellow', action: { type: 'decline' }, expect: { events: [{ type: 'scored', closer: 'purple' }], pending: 'bale', waitingFor: 'yellow', noEvents: ['horse'] } },
        { by: 'yellow', action: { type: 'computer' }, expect: { events: [{ type: 'bale', seat: 'yellow' }], pending: 'dust', waitingFor: 'purple', noEvents: ['horse'] } },
        { by: 'purple', action: { type: 'take', seat: 'yellow', from: 'hand', index: 0 }, expect: { events: [{ type: 'took', seat: 'purple', tile: 'B20' }, { type: 'horse', why: 'enters' }], rows: { purple: ['B20'] }, hands: { yellow: ['B21'] } } },
      ],
    });
    expect(lines).toHaveLength(4);
  });
});

describe('R10 R11 R12 Tractor', () => {
  it('R10 instead of a henhouse a tractor goes on the tile just placed, in an open field the player owns; elsewhere it is refused', () => {
    const { state } = playFile({
      ...tractorMap,
      henhouses: [{ player: 'purple', cell: '1,0', part: 1 }],
      steps: [
        { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
        { by: 'purple', action: { type: 'tractor', cell: '3,0', part: 0 }, expect: { code: 'BAD_TRACTOR' } },
        { by: 'purple', action: { type: 'tractor', cell: '3,0', part: 2 }, expect: { events: [{ type: 'tractor', seat: 'purple' }], tractorsInSupply: 0, waitingFor: 'red', noEvents: ['extraTile'] } },
      ],
    });
    expect(state.tractors?.on).toHaveLength(1);
    expect(state.henhouses).toHaveLength(1);
  });

  it('R11 a tile reaching a tractor\'s field earns one more tile after the claim step; nothing may be claimed on it; the player may stop', () => {
    playFile({
      ...tractorMap,
      henhouses: [{ player: 'red', cell: '1,0', part: 1 }],
      tractors: [{ cell: '1,0', part: 1 }],
      steps: [
        { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
        { by: 'purple', action: { type: 'pass' }, expect: { stage: 'extra', events: [{ type: 'extraTile' }] } },
        { by: 'purple', action: { type: 'decline' }, expect: { waitingFor: 'red', stage: 'place' } },
      ],
    });
    const s = playFile({ ...tractorMap, henhouses: [{ player: 'red', cell: '1,0', part: 1 }], tractors: [{ cell: '1,0', part: 1 }], steps: [{ by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } }, { by: 'purple', action: { type: 'pass' } }] }).state;
    const second = legalActions(s, 1).find((a) => a.type === 'place')!;
    const after = ok(s, 1, second).state;
    if (after.stage.kind === 'claim') expect(play(after, 1, { type: 'claim', region: after.stage.tile * 4 }).ok).toBe(false);
    expect(after.henhouses.filter((h) => h.seat === 1)).toHaveLength(0);
  });

  it('R11 a tile that does not reach a tractor\'s field earns nothing more', () => {
    playFile({
      ...tractorMap,
      henhouses: [{ player: 'red', cell: '1,0', part: 1 }],
      steps: [
        { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
        { by: 'purple', action: { type: 'pass' }, expect: { noEvents: ['extraTile'], waitingFor: 'red' } },
      ],
    });
  });

  it('R11 R2 a scored farm\'s tractor returns to the supply at once', () => {
    const found = explore('expansions', { tractor: true }, (before, after, events) => {
      for (const e of events) {
        if (e.type !== 'scored') continue;
        const regions = new Set(after.farms[e.farm]!.regions);
        if (!before.tractors!.on.some((t) => regions.has(t.region))) continue;
        expect(events.some((x) => x.type === 'tractorBack' && x.why === 'scored')).toBe(true);
        expect(after.tractors!.on.some((t) => regions.has(t.region))).toBe(false);
        return true;
      }
    }, 40);
    expect(found).toBe(true);
  });

  it('R12 a tractor returns at the end of its owner\'s next turn (a skipped turn too); one in a field nobody owns waits', () => {
    playFile({
      ...tractorMap,
      hands: { red: [], purple: ['B42', 'B32'] },
      henhouses: [{ player: 'red', cell: '1,0', part: 1 }],
      tractors: [{ cell: '1,0', part: 1 }],
      steps: [
        { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
        { by: 'purple', action: { type: 'pass' } },
        { by: 'purple', action: { type: 'decline' }, expect: { events: [{ type: 'turn', seat: 'red' }, { type: 'skipped', seat: 'red' }, { type: 'tractorBack', why: 'turnEnd' }], tractorsInSupply: 1 } },
      ],
    });
    playFile({
      ...tractorMap,
      hands: { red: [], purple: ['B42', 'B32'] },
      tractors: [{ cell: '1,0', part: 1 }],
      steps: [
        { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
        { by: 'purple', action: { type: 'pass' } },
        { by: 'purple', action: { type: 'decline' }, expect: { noEvents: ['tractorBack'], tractorsInSupply: 0 } },
      ],
    });
  });
});

describe('R13 R14 R15 Horse', () => {
  it('R13 the horse enters the first farm scored; at each turn\'s start in a closed farm it must jump to an adjacent open field, never straight back', () => {
    let entered = 0, jumps = 0;
    explore('expansions', { horse: true }, (before, after, events) => {
      for (const e of events) {
        if (e.type !== 'horse') continue;
        if (e.why === 'enters') {
          entered++;
          expect(before.horse!.region).toBeNull();
          expect(after.farms.some((f) => f.regions.includes(e.region!))).toBe(true);
        }
        if (e.why === 'jumps') {
          jumps++;
          const board = new Board(after.placed);
          expect(board.fieldOf(e.region!).open).toBe(true);
          const from = before.horse!.region!;
          expect(board.fieldOf(from).open).toBe(false);
          expect(board.adjacentFields(board.fieldOf(from)).map((f) => f.id)).toContain(board.fieldOf(e.region!).id);
          if (before.horse!.left !== null) expect(board.fieldOf(e.region!).id).not.toBe(board.fieldOf(before.horse!.left).id);
        }
      }
      return entered > 2 && jumps > 2;
    }, 30);
    expect(entered).toBeGreaterThan(0);
    expect(jumps).toBeGreaterThan(0);
  });

  it('R14 instead of a henhouse the player may move the horse to an adjacent open field, its field open or not; without the horse on the map it is refused', () => {
    const moved = explore('expansions', { horse: true }, (before, after, events) => {
      const e = events.find((x) => x.type === 'horse' && x.why === 'moved');
      if (!e || e.type !== 'horse') return;
      const board = new Board(after.placed);
      expect(board.fieldOf(e.region!).open).toBe(true);
      expect(after.henhouses.length).toBe(before.henhouses.length);
      return true;
    }, 30);
    expect(moved).toBe(true);
    playFile({ ...tractorMap, options: { horse: true }, steps: [
      { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
      { by: 'purple', action: { type: 'horse', cell: '1,0', part: 0 }, expect: { code: 'BAD_HORSE' } },
    ] });
    playFile({ ...tractorMap, options: { horse: true }, horse: { cell: '1,0', part: 1 }, steps: [
      { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
      { by: 'purple', action: { type: 'horse', cell: '1,0', part: 1 }, expect: { code: 'BAD_HORSE' }, note: 'it must leave its field' },
    ] });
  });

  it('R15 a player who closes their own farm with the horse scores its 5 once', () => {
    playFile({ ...horseMap, options: { horse: true }, current: 'yellow', hands: { yellow: ['B42'] }, horse: { cell: '1,4', part: 1 }, farmers: { yellow: 'FP19', purple: 'FP01' }, steps: [
      { by: 'yellow', action: { type: 'place', tile: 'B42', x: 2, y: 4, rot: 3 }, expect: { awards: [{ player: 'yellow', points: 5, why: 'horse' }], scores: { yellow: 9, purple: 0 } } },
    ] });
  });
});

describe('R16 R17 Storage', () => {
  const storageMap = {
    players: ['yellow', 'red'],
    options: { storage: true },
    map: [{ tile: 'C25', x: -7, y: 3, rot: 3 }, { tile: 'B12', x: -7, y: 4, rot: 0 }],
    hands: { red: ['B58'], yellow: [] },
    farmers: { yellow: 'FP01', red: 'FP02' },
    current: 'red',
  };
  const closeStorage = { by: 'red', action: { type: 'place', tile: 'B58', x: -7, y: 5, rot: 0 } };

  it('R16 if neither the owner nor the closer changed the farm, the owner may add a stored animal', () => {
    playFile({ ...storageMap, henhouses: [{ player: 'yellow', cell: '-7,4', part: 0 }], stored: { yellow: { sheep: 1 } }, steps: [
      { ...closeStorage, expect: { pending: 'storage', waitingFor: 'yellow' } },
      { by: 'yellow', action: { type: 'decline' }, expect: { pending: 'storage', waitingFor: 'yellow' } },
      { by: 'yellow', action: { type: 'store', op: 'add', kind: 'sheep' }, expect: { awards: [{ player: 'yellow', points: 6, why: 'animals' }], stored: { yellow: { cow: 0, pig: 0, sheep: 0 } } } },
    ] });
  });

  it('R16 an owner with two henhouses in the farm has two actions (take out both, or swap); a closer who owns the farm only one', () => {
    playFile({ ...storageMap, henhouses: [{ player: 'yellow', cell: '-7,4', part: 0 }, { player: 'yellow', cell: '-7,3', part: 1 }], steps: [
      { ...closeStorage },
      { by: 'yellow', action: { type: 'store', op: 'remove', kind: 'cow' }, expect: { pending: 'storage', waitingFor: 'yellow' } },
      { by: 'yellow', action: { type: 'store', op: 'remove', kind: 'pig' }, expect: { awards: [{ player: 'yellow', points: 6, why: 'animals' }], stored: { yellow: { cow: 1, pig: 1, sheep: 0 } } } },
    ] });
    playFile({ ...storageMap, current: 'yellow', hands: { yellow: ['B58'], red: [] }, henhouses: [{ player: 'yellow', cell: '-7,4', part: 0 }], stored: { yellow: { sheep: 1 } }, steps: [
      { by: 'yellow', action: { type: 'place', tile: 'B58', x: -7, y: 5, rot: 0 }, expect: { pending: 'storage' } },
      { by: 'yellow', action: { type: 'store', op: 'remove', kind: 'cow' }, expect: { events: [{ type: 'scored' }], stored: { yellow: { cow: 1, pig: 0, sheep: 1 } } } },
    ] });
  });

  it('R16 an animal whose supply is empty cannot be taken out; with nothing to do nobody is asked', () => {
    playFile({ ...storageMap, henhouses: [{ player: 'yellow', cell: '-7,4', part: 0 }], stored: { red: { cow: 4 } }, steps: [
      { ...closeStorage, expect: { pending: 'storage', waitingFor: 'yellow' } },
      { by: 'yellow', action: { type: 'store', op: 'remove', kind: 'cow' }, expect: { code: 'BAD_STORAGE' } },
    ] });
    playFile({ ...storageMap, options: { storage: true, horse: true }, map: [{ tile: 'B28', x: 1, y: 4, rot: 0 }], henhouses: [], hands: { red: ['B42'] }, steps: [
      { by: 'red', action: { type: 'place', tile: 'B42', x: 2, y: 4, rot: 3 }, expect: { events: [{ type: 'scored' }], noEvents: ['stored'] } },
    ] });
  });

  it('R16 an unowned farm: only its closer may add a stored animal', () => {
    playFile({ ...storageMap, stored: { red: { sheep: 1 } }, steps: [
      { ...closeStorage, expect: { pending: 'storage', waitingFor: 'red' } },
      { by: 'red', action: { type: 'store', op: 'remove', kind: 'cow' }, expect: { code: 'BAD_STORAGE' } },
      { by: 'red', action: { type: 'store', op: 'add', kind: 'sheep' }, expect: { events: [{ type: 'scored', owners: [] }] } },
    ] });
  });

  it('R17 stored animals cost 1 + 2 + … at the end: 3 animals cost 6; males and chickens are never offered', () => {
    const s = newGame(3, { storage: true });
    s.storage!.held = [{ cow: 1, pig: 1, sheep: 1 }, { cow: 0, pig: 0, sheep: 1 }, { cow: 0, pig: 0, sheep: 0 }];
    expect(storageCosts(s)).toEqual([{ seat: 0, points: -6, why: 'storage' }, { seat: 1, points: -1, why: 'storage' }]);
    const found = explore('expansions', { storage: true, males: true, chickens: true }, (_b, after) => {
      const p = after.pending[0];
      if (p?.kind !== 'storage') return;
      for (const k of p.options) expect(['cow', 'pig', 'sheep']).toContain(k);
      return after.farms.length > 3;
    }, 20);
    expect(found).toBe(true);
    const ended = explore('expansions', { storage: true }, (_b, after, events) => {
      const final = events.find((e) => e.type === 'final');
      if (!final || final.type !== 'final') return;
      for (const a of final.awards.filter((x) => x.why === 'storage')) {
        const n = Object.values(after.storage!.held[a.seat]!).reduce((x, y) => x + y, 0);
        expect(a.points).toBe(-(n * (n + 1)) / 2);
      }
      return final.awards.some((a) => a.why === 'storage');
    }, 20);
    expect(ended).toBe(true);
  });
});

describe('R19 R20 Sharecroppers', () => {
  it('R19 a token plus a henhouse claims an open field someone else owns, on the tile just placed; not one the player owns, not without a token', () => {
    playFile({ ...tractorMap, options: { sharecroppers: true }, henhouses: [{ player: 'red', cell: '1,0', part: 1 }], steps: [
      { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
      { by: 'purple', action: { type: 'share', cell: '3,0', part: 0 }, expect: { code: 'BAD_SHARE' } },
      { by: 'purple', action: { type: 'share', cell: '3,0', part: 2 }, expect: { events: [{ type: 'shared', seat: 'purple' }], waitingFor: 'red' } },
    ] });
    playFile({ ...tractorMap, options: { sharecroppers: true }, henhouses: [{ player: 'purple', cell: '1,0', part: 1 }], steps: [
      { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
      { by: 'purple', action: { type: 'share', cell: '3,0', part: 2 }, expect: { code: 'BAD_SHARE' }, note: 'purple owns it already' },
    ] });
    playFile({ ...tractorMap, options: { sharecroppers: true }, shares: { purple: 0 }, henhouses: [{ player: 'red', cell: '1,0', part: 1 }], steps: [
      { by: 'purple', action: { type: 'place', tile: 'B42', x: 3, y: 0, rot: 0 } },
      { by: 'purple', action: { type: 'share', cell: '3,0', part: 2 }, expect: { code: 'BAD_SHARE' } },
    ] });
  });

  it('R20 the closer takes the scored farm\'s tokens; an unowned farm gives its closer one from the supply, usable at once', () => {
    const { state } = playFile({ ...horseMap, options: { sharecroppers: true }, henhouses: [{ player: 'yellow', cell: '1,4', part: 1 }, { player: 'purple', cell: '1,4', part: 1, share: true }], shares: { purple: 0 }, hands: { purple: ['B42'] }, steps: [
      { ...closeIt, expect: { events: [{ type: 'scored', owners: ['yellow', 'purple'] }, { type: 'sharesTaken', seat: 'purple', count: 1 }] } },
    ] });
    expect(state.shares!.held[1]).toBe(1);
    const unowned = playFile({ ...horseMap, options: { sharecroppers: true }, henhouses: [], hands: { purple: ['B42'] }, steps: [
      { ...closeIt, expect: { events: [{ type: 'scored', owners: [] }, { type: 'sharesTaken', seat: 'purple', count: 1 }] } },
    ] }).state;
    expect(unowned.shares!.held[1]).toBe(2);
    expect(unowned.shares!.supply).toBe(4);
  });

  it('R5 R20 of a farm\'s owners, only the original ones (henhouses without a token) choose where the fox goes', () => {
    const found = explore('expansions', { sharecroppers: true, chickens: true }, (before, after, events) => {
      const scored = events.find((e) => e.type === 'scored');
      const fox = after.pending[0]?.kind === 'fox' ? after.pending[0] : null;
      if (!scored || scored.type !== 'scored' || !fox || scored.owners.length < 2) return;
      const regions = new Set(after.farms[scored.farm]!.regions);
      const original = new Set(before.henhouses.filter((h) => !h.share && regions.has(h.region)).map((h) => h.seat));
      if (original.size > 0) expect(original.has(fox.seat)).toBe(true);
      return original.size > 0 && original.size < scored.owners.length;
    }, 60);
    expect(found).toBe(true);
  });
});

describe('R21 R22 Dust Bowl', () => {
  const dust = { ...horseMap, options: { dustBowl: true }, hands: { purple: ['B42', 'B10'], yellow: ['B20', 'B21'] } };

  it('R21 after closing a farm others own, the closer alone sees their hands and may take one tile into their row, face up', () => {
    const { state } = playFile({ ...dust, steps: [
      { ...closeIt, expect: { pending: 'dust', waitingFor: 'purple' } },
      { by: 'purple', action: { type: 'take', seat: 'yellow', from: 'hand', index: 5 }, expect: { code: 'BAD_TAKE' } },
    ] });
    // Only purple's private hand names yellow's tiles; the channel's words never do.
    expect(farm.hand!(state, 1).text).toMatch(/yellow's hand: tile 1: B20, tile 2: B21/);
    expect(farm.hand!(state, 0).text).not.toMatch(/B10|B42/);
    const prompt = farm.words.prompt(state, 1);
    expect(JSON.stringify(prompt)).not.toMatch(/B20|B21/);
    expect(prompt.buttons.map((b) => b.label)).toEqual(["Take yellow's hand tile 1", "Take yellow's hand tile 2", 'Take no tile']);
    const took = ok(state, 1, { type: 'take', seat: 0, from: 'hand', index: 1 });
    expect(took.state.rows).toEqual([[], ['B21']]);
    expect(farm.words.event(took.state, took.events[0]!)).toBe("🌪️ purple takes B21 from yellow's hand: it lies face up in front of purple.");
  });

  it('R21 closing one\'s own farm, or one nobody owns, offers nothing', () => {
    playFile({ ...dust, henhouses: [], steps: [{ ...closeIt, expect: { pending: null } }] });
    playFile({ ...dust, current: 'yellow', hands: { yellow: ['B42'], purple: ['B10'] }, steps: [{ by: 'yellow', action: { type: 'place', tile: 'B42', x: 2, y: 4, rot: 3 }, expect: { pending: null } }] });
  });

  it('R22 a row tile is placed instead of a hand tile and not replaced; a robbed hand refills at its owner\'s next draw', () => {
    playFile({ ...dust, steps: [
      { ...closeIt },
      { by: 'purple', action: { type: 'take', seat: 'yellow', from: 'hand', index: 0 }, expect: { hands: { yellow: ['B21'] }, rows: { purple: ['B20'] } } },
    ] });
    const s = playFile({ ...dust, steps: [{ ...closeIt }, { by: 'purple', action: { type: 'take', seat: 'yellow', from: 'hand', index: 0 } }] }).state;
    const afterPurple = ok(s, 1, legalActions(s, 1).find((a) => a.type === 'pass') ?? legalActions(s, 1)[0]!).state;
    expect(afterPurple.hands[1]).toHaveLength(2);
    const yellowPlays = legalActions(afterPurple, 0).find((a) => a.type === 'place' && a.tile === 'B21')!;
    expect(yellowPlays).toBeDefined();
    let t = ok(afterPurple, 0, yellowPlays).state;
    while (t.current === 0 && !t.outcome) t = ok(t, farm.activeSeats(t)[0]!, randomChoice(t, farm.activeSeats(t)[0]!)!).state;
    expect(t.hands[0]).toHaveLength(2);
    const rowPlace = legalActions(t, 1).find((a) => a.type === 'place' && a.tile === 'B20');
    expect(rowPlace).toBeDefined();
    const handBefore = [...t.hands[1]!];
    let u = ok(t, 1, rowPlace!).state;
    expect(u.rows![1]).toEqual([]);
    while (u.current === 1 && !u.outcome) u = ok(u, farm.activeSeats(u)[0]!, randomChoice(u, farm.activeSeats(u)[0]!)!).state;
    expect(u.hands[1]).toEqual(handBefore);
  });
});
