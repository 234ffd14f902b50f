// Duck Pens, ruling by ruling (../shared/rules/DUCK-PENS-RULINGS.md): each test names the ruling
// it checks. Positions are built with the scenario loader; moves go through the definition.
import { describe, expect, it } from 'vitest';
import standard from '../../assets/ducks/duck-pens.json' with { type: 'json' };
import { COMPONENTS, loadComponents } from '../../src/games/ducks/components.ts';
import { ducks } from '../../src/games/ducks/index.ts';
import { dotName, EDGES, readDot, regions, spaceName, spaceIndex, edgeBetween, SIZE } from '../../src/games/ducks/grid.ts';
import { allowedPlacements, fullSections, penShape, scoreOf, shapeOf } from '../../src/games/ducks/rules.ts';
import { simpleChoice } from '../../src/games/ducks/engine.ts';
import type { DucksState } from '../../src/games/ducks/state.ts';
import { bread, fence, labels, play, position, refused, sp, texts, withDice } from './helpers.ts';

const two = (extra: Record<string, unknown> = {}) => position({ name: 't', players: ['ana', 'bo'], first: 'ana', ...extra });
const solo = (extra: Record<string, unknown> = {}) => position({ name: 't', players: ['ana'], ...extra });
const dice = (...d: ('red' | 'blue')[]) => d;
const edge = (a: string, b: string) => edgeBetween(readDot(a)!, readDot(b)!)!;

describe('D — components', () => {
  it('D1 dots and spaces: 11×11 dots, 10×10 spaces; space (3,4) is C4, its lower-left dot; a fence is a set of edges', () => {
    expect(SIZE).toBe(10);
    expect(EDGES).toBe(220);
    expect(spaceName(spaceIndex(3, 4))).toBe('C4');
    expect(dotName([2, 3])).toBe('C4');
    expect(readDot('k11')).toEqual([10, 10]);
    expect(readDot('L1')).toBeNull();
  });

  it('D2 the printed border: red at the bottom, blue at the top, neutral sides; the board starts as one region with 180 open inner edges', () => {
    const s = two();
    expect(s.fences[edge('A1', 'B1')]).toBe('r');
    expect(s.fences[edge('A11', 'B11')]).toBe('b');
    expect(s.fences[edge('A1', 'A2')]).toBe('n');
    expect(s.fences[edge('K5', 'K6')]).toBe('n');
    expect([...s.fences].filter((c) => c === '.').length).toBe(180);
    expect(regions(s.fences).cells.length).toBe(1);
  });

  it('D3 the standard board: 44 duck spaces (16×1, 18×2, 10×3 = 82 ducks), 12 bread, 12 eggs, 32 empty; the same for both players', () => {
    const c = COMPONENTS.contents;
    const ducksOf = (n: number) => c.filter((x) => x.kind === 'ducks' && x.n === n).length;
    expect([ducksOf(1), ducksOf(2), ducksOf(3)]).toEqual([16, 18, 10]);
    expect(c.filter((x) => x.kind === 'bread').length).toBe(12);
    expect(c.filter((x) => x.kind === 'egg').length).toBe(12);
    expect(c.filter((x) => x.kind === 'empty').length).toBe(32);
    for (let x = 1; x <= 10; x++) for (let y = 1; y <= 10; y++) expect(c[spaceIndex(x, y)]).toEqual(c[spaceIndex(11 - x, 11 - y)]);
  });

  it('D4 five specialty shapes, matched turned or mirrored; the P has 5 spaces and a perimeter of 10', () => {
    expect(COMPONENTS.specialty.map((s) => s.id)).toEqual(['P5', 'U5', 'T5', 'L5', 'R6']);
    // A mirrored, turned P: D4 E4 D5 E5 E6.
    expect(shapeOf([sp('D4'), sp('E4'), sp('D5'), sp('E5'), sp('E6')])).toBe('P5');
    expect(shapeOf([sp('A1'), sp('B1'), sp('C1'), sp('D1'), sp('D2')])).toBe('L5');
    expect(shapeOf([sp('A1'), sp('B1'), sp('C1'), sp('D1'), sp('E1')])).toBeNull();
    const p = COMPONENTS.shapes.get('P5')!;
    expect(p.cells.length).toBe(5);
    expect(p.orientations.length).toBe(8);
  });

  it('D5 the player area: duck rows P 3, U 4, T 4, L 4, block 5; re-roll sections 3, 4, 5; bread and egg rows of 4; 2/4/8/16/32 points', () => {
    expect(COMPONENTS.specialty.map((s) => s.duckBoxes)).toEqual([3, 4, 4, 4, 5]);
    expect(COMPONENTS.rerollSections).toEqual([3, 4, 5]);
    expect([COMPONENTS.breadBoxes, COMPONENTS.eggBoxes]).toEqual([4, 4]);
    expect(COMPONENTS.shapePoints).toEqual([2, 4, 8, 16, 32]);
  });

  it('D6 components are checked at load: a lopsided board, a repeated shape or an unpaired card is refused', () => {
    const bad = structuredClone(standard);
    bad.board.rows[0] = `3${bad.board.rows[0]!.slice(1)}`;
    expect(() => loadComponents(bad)).toThrow(/not the same for both players/);
    const twin = structuredClone(standard);
    twin.shapes[1]!.rows = ['XX', 'XX', '.X'];
    expect(() => loadComponents(twin)).toThrow(/two specialty shapes are the same shape/);
    const lone = structuredClone(standard);
    lone.automa.cards[0]!.dot = [1, 1];
    expect(() => loadComponents(lone)).toThrow(/no partner/);
    expect(() => loadComponents(standard)).not.toThrow();
  });
});

describe('D — setup and turn', () => {
  it('D7 two players: the creator\'s colour, the other takes the other; a seeded draw picks who starts. Solo: the player starts', () => {
    const starters = new Set<number>();
    for (let i = 0; i < 20; i++) {
      const s = ducks.setup({ seats: [{ name: 'a', computer: false }, { name: 'b', computer: false }], seed: `s${i}`, options: { colour: 'blue', takeOver: false } }).state;
      expect(s.colours).toEqual(['blue', 'red']);
      starters.add(s.turn.seat);
      expect(ducks.setup({ seats: [{ name: 'a', computer: false }, { name: 'b', computer: false }], seed: `s${i}`, options: { colour: 'blue', takeOver: false } }).state.turn.seat).toBe(s.turn.seat);
    }
    expect([...starters].sort()).toEqual([0, 1]);
    const alone = ducks.setup({ seats: [{ name: 'a', computer: false }], seed: 'x', options: { colour: 'blue', takeOver: false } }).state;
    expect(alone.turn.seat).toBe(0);
    expect(alone.automa?.colour).toBe('red');
  });

  it('D8 a turn is roll, actions, capture; then the other player\'s turn (solo: an Automa card)', () => {
    let s = withDice(two(), dice('red', 'blue', 'blue'));
    s = play(s, 0, fence('C1', 'C2')).state;
    expect(s.turn.seat).toBe(1);
    expect(s.turn.stage).toBe('roll');
    let o = withDice(solo(), dice('red', 'blue', 'blue'));
    o = play(o, 0, fence('C1', 'C2')).state;
    expect(o.turn.stage).toBe('automa');
    expect(o.automa!.turned.length).toBe(1);
  });

  it('D9 three dice; re-rolls only with full sections, one per section, before any action; then the dice stand', () => {
    let s = two({ areas: { ana: { rerolls: 7 } } });
    expect(labels(s, 0)).toEqual(['Roll the dice']);
    s = play(s, 0, { type: 'roll' }).state;
    expect(s.turn.dice.length).toBe(3);
    expect(s.turn.stage).toBe('reroll');
    expect(s.turn.rerollsLeft).toBe(2);
    s = play(s, 0, { type: 'reroll', dice: [0, 2] }).state;
    s = play(s, 0, { type: 'reroll', dice: [1] }).state;
    expect(['act', 'roll', 'automa']).toContain(s.turn.stage);
    const none = play(two(), 0, { type: 'roll' }).state;
    expect(none.turn.stage === 'reroll').toBe(false);
    const act = withDice(two({ areas: { ana: { rerolls: 3 } } }), dice('red', 'blue', 'blue'));
    expect(refused(act, 0, { type: 'reroll', dice: [1] }).code).toBe('NO_REROLL');
  });

  it('D10 each die of the opponent\'s colour fills a re-roll space by itself at the end of the actions', () => {
    const s = withDice(two(), dice('red', 'blue', 'blue'));
    const { state, events } = play(s, 0, fence('C1', 'C2'));
    expect(state.areas[0]!.rerolls).toBe(2);
    expect(texts(state, events)).toContain('ana fills 2 re-roll spaces.');
  });

  it('D11 the fence is exactly as long as the dice showing the player\'s colour; none, no fence', () => {
    const s = withDice(two(), dice('red', 'red', 'blue'));
    expect(refused(s, 0, fence('C1', 'C4')).message).toMatch(/exactly 2 spaces long/);
    expect(refused(s, 0, fence('C1', 'C2')).code).toBe('LENGTH');
    expect(ducks.legalActions(s, 0).filter((a) => a.type === 'fence').every((a) => a.type === 'fence' && Math.abs(a.to[0] - a.from[0]) + Math.abs(a.to[1] - a.from[1]) === 2)).toBe(true);
    const zero = play(two(), 0, { type: 'roll' });
    // Without the player's colour, the turn has nothing to draw and ends by itself.
    const none = withDice(two(), dice('blue', 'blue', 'blue'));
    expect(ducks.legalActions(none, 0).map((a) => a.type)).toEqual(['done']);
    expect(zero.state).toBeDefined();
  });

  describe('D12 fence legality', () => {
    const base = () => withDice(two({ fences: { red: ['B3-E3'] }, pens: [{ cells: 'H1 I1 H2 I2', owner: 'red' }] }), dice('red', 'red', 'blue'));
    it('D12 a fence touching the player\'s colour anywhere along it (here its middle, at a fence\'s end) is legal', () => {
      expect(play(base(), 0, fence('E2', 'E4')).state.fences[edge('E3', 'E4')]).toBe('r');
    });
    it('D12 a fence that touches none of the player\'s fences is refused', () => {
      const r = refused(base(), 0, fence('G5', 'G7'));
      expect(r.code).toBe('TOUCH');
      expect(r.message).toBe('G5 → G7 must touch one of your red fences (your border counts).');
      expect(r.legal.length).toBeGreaterThan(0);
    });
    it('D12 going straight through a dot between two fenced edges is a crossing, refused', () => {
      const r = refused(base(), 0, fence('C2', 'C4'));
      expect(r.code).toBe('CROSSING');
      expect(r.message).toContain('at C3');
    });
    it('D12 meeting a fence at a T is no crossing', () => {
      expect(play(base(), 0, fence('C3', 'C5')).events.some((e) => e.type === 'fenced')).toBe(true);
    });
    it('D12 an edge already fenced is refused, so is a fence inside a completed pen', () => {
      expect(refused(base(), 0, fence('B3', 'D3')).code).toBe('TAKEN');
      expect(refused(base(), 0, fence('I1', 'I3')).code).toBe('IN_PEN');
    });
    it('D12 a fence drawn earlier in the turn counts for touching', () => {
      const s = withDice(two({ areas: { ana: { bread: 4 } } }), dice('red', 'blue', 'blue'));
      expect(refused(s, 0, bread('G2', 'G3')).code).toBe('TOUCH');
      const after = play(s, 0, fence('G1', 'G2')).state;
      expect(play(after, 0, bread('G2', 'G3')).state.fences[edge('G2', 'G3')]).toBe('r');
    });
    it('D12 blue may not use red\'s border to connect', () => {
      const s = withDice(two({ first: 'bo' }), dice('blue', 'red', 'red'));
      expect(refused(s, 1, fence('C1', 'C2')).code).toBe('TOUCH');
      expect(play(s, 1, fence('C11', 'C10')).state.fences[edge('C10', 'C11')]).toBe('b');
    });
  });

  it('D13 bread: one extra one-space fence, even with no dice; egg: the regular fence of 2 or more may bend once; one special a turn', () => {
    const b = withDice(two({ areas: { ana: { bread: 4 } } }), dice('blue', 'blue', 'blue'));
    expect(labels(b, 0)).toContain('Bread: C1 → C2');
    expect(play(b, 0, bread('C1', 'C2')).state.turn.seat).toBe(1);
    const e = withDice(two({ areas: { ana: { eggs: 4, bread: 4 } } }), dice('red', 'red', 'blue'));
    expect(labels(e, 0)).toContain('C1 → C2 → D2 (bent, egg)');
    const bent = play(e, 0, fence('C1', 'C2', 'D2'));
    expect(bent.state.fences[edge('C2', 'D2')]).toBe('r');
    // The bread would be a second special action: nothing is left, the turn ends.
    expect(bent.state.turn.seat).toBe(1);
    const noEgg = withDice(two(), dice('red', 'red', 'blue'));
    expect(refused(noEgg, 0, fence('C1', 'C2', 'D2')).code).toBe('NO_EGG');
    const one = withDice(two({ areas: { ana: { eggs: 4 } } }), dice('red', 'blue', 'blue'));
    expect(labels(one, 0).some((l) => l.includes('bent'))).toBe(false);
  });

  it('D14 re-roll spaces fill in order; past the 12th nothing; a section filled this turn gives its re-roll from the next turn', () => {
    let s = withDice(two({ areas: { ana: { rerolls: 2 } } }), dice('blue', 'blue', 'blue'));
    const r = play(s, 0, { type: 'done' });
    expect(r.state.areas[0]!.rerolls).toBe(5);
    expect(texts(r.state, r.events)).toContain('ana fills 3 re-roll spaces and unlocks a re-roll for every turn from the next one.');
    expect(fullSections(5)).toBe(1);
    s = withDice(two({ areas: { ana: { rerolls: 11 } } }), dice('blue', 'blue', 'blue'));
    expect(play(s, 0, { type: 'done' }).state.areas[0]!.rerolls).toBe(12);
  });
});

describe('D — pens', () => {
  it('D15 a pen is complete as soon as its fence closes it, and no fence may then go inside', () => {
    const s = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] }, areas: { ana: { bread: 4 } } }), dice('red', 'blue', 'blue'));
    const { state, events } = play(s, 0, fence('C1', 'C2'));
    expect(events.some((e) => e.type === 'penFormed')).toBe(true);
    expect(state.turn.seat).toBe(0); // the bread fence is still to come
    expect(refused(state, 0, bread('B1', 'B2')).code).toBe('IN_PEN');
  });

  it('D16 an enclosed 2-space region is not a pen and may still be divided; 3 and 4 spaces are pens; 5 in a row is not', () => {
    const s = withDice(two({ fences: { red: ['A2-C2', 'C1-C2'] } }), dice('red', 'blue', 'blue'));
    expect(s.pens.length).toBe(0);
    const divided = play(s, 0, fence('B1', 'B2')).state;
    expect(divided.pens.length).toBe(0);
    expect(penShape([sp('A1'), sp('B1'), sp('C1')]).pen).toBe(true);
    expect(penShape([sp('A1'), sp('B1'), sp('A2'), sp('B2')]).pen).toBe(true);
    expect(penShape([sp('A1'), sp('B1')]).pen).toBe(false);
    expect(penShape([sp('A1'), sp('B1'), sp('C1'), sp('D1'), sp('E1')]).pen).toBe(false);
    expect(penShape([sp('A1'), sp('B1'), sp('C1'), sp('D1'), sp('D2')])).toEqual({ pen: true, shape: 'L5' });
  });

  it('D17 the owner has most of the pen\'s sides; borders count for their colour, neutral for nobody; a tie goes to who closed it', () => {
    // In the corner: red border 2 + 1, blue 3, the neutral side for nobody: a tie, red closed it.
    let s = withDice(two({ fences: { blue: ['A3-C3', 'C2-C3'] } }), dice('red', 'blue', 'blue'));
    s = play(s, 0, fence('C1', 'C2')).state;
    expect(s.pens[0]).toMatchObject({ owner: 'red', red: 3, blue: 3 });
    // Blue has 8 of the P's 10 sides: red closes it for blue.
    let b = withDice(two({ fences: { blue: ['D4-D7', 'D4-F4', 'F4-F6', 'E6-F6'], red: ['E6-E7'] } }), dice('red', 'blue', 'blue'));
    b = play(b, 0, fence('D7', 'E7')).state;
    expect(b.pens[0]).toMatchObject({ owner: 'blue', red: 2, blue: 8, completer: 'red' });
    // P5 in the open: blue 5 sides, red 4, red closes the 10th: a tie, red's.
    let t = withDice(two({ fences: { blue: ['D4-D7', 'D4-F4'], red: ['F4-F6', 'E6-F6', 'E6-E7'] } }), dice('red', 'blue', 'blue'));
    t = play(t, 0, fence('D7', 'E7')).state;
    expect(t.pens[0]).toMatchObject({ owner: 'red', shape: 'P5', red: 5, blue: 5, completer: 'red' });
  });

  it('D18 capture: the owner outlines the shape, crosses bread and egg boxes, and picks a row per duck space; boxes beyond a full row are lost', () => {
    let s = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] }, areas: { ana: { bread: 3 } } }), dice('red', 'blue', 'blue'));
    const r = play(s, 0, fence('C1', 'C2'));
    s = r.state;
    // A1 B1 A2 B2: A2 bread, B2 one duck.
    expect(s.areas[0]).toMatchObject({ bread: 4, pending: 1 });
    expect(texts(s, r.events)).toEqual(expect.arrayContaining(['ana captures 1 duck and 1 bread.', 'ana unlocks the bread: from the next turn, one extra one-space fence per turn.']));
    expect(ducks.activeSeats(s)).toEqual([1, 0]);
    const rows = ducks.words.prompt(s, 0).choice!.options;
    expect(rows.map((o) => o.label)).toEqual(['P row', 'U row', 'T row', 'L row', 'block row']);
    expect(rows[0]!.says).toBe('0 of 3 crossed off');
    s = play(s, 0, { type: 'box', shape: 'T5' }).state;
    expect(s.areas[0]!.ducks.T5).toBe(1);
    const full = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] }, areas: { ana: { bread: 4, ducks: { P5: 3, U5: 4, T5: 4, L5: 4, R6: 5 } } } }), dice('red', 'blue', 'blue'));
    const lost = play(play(full, 0, fence('C1', 'C2')).state, 0, { type: 'done' });
    expect(texts(lost.state, lost.events).join('\n')).toContain('ana captures 1 duck and 1 bread (1 box beyond a full row lost).');
    expect(texts(lost.state, lost.events).join('\n')).toContain("ana's duck rows are full: 1 duck box lost.");
  });

  it('D18 a specialty pen is outlined once', () => {
    let t = withDice(two({ fences: { red: ['D4-D7', 'D4-F4', 'F4-F6', 'E6-F6', 'E6-E7'] }, areas: { ana: { outlined: ['P5'] } } }), dice('red', 'blue', 'blue'));
    t = play(t, 0, fence('D7', 'E7')).state;
    expect(t.areas[0]!.outlined).toEqual(['P5']);
  });

  it('D19 a pen completed on the opponent\'s turn: its owner places duck boxes while play goes on, and before their next roll', () => {
    let s = withDice(two({ fences: { blue: ['D4-D7', 'D4-F4', 'F4-F6', 'E6-F6'], red: ['E6-E7'] } }), dice('red', 'blue', 'blue'));
    s = play(s, 0, fence('D7', 'E7')).state;
    // D4 (1 duck), E4 (empty), D5 (egg), E5 (3 ducks), D6 (empty): blue 6 sides, red 4.
    expect(s.pens[0]).toMatchObject({ owner: 'blue', shape: 'P5' });
    expect(s.areas[1]).toMatchObject({ pending: 2, eggs: 1, outlined: ['P5'] });
    expect(s.turn.seat).toBe(1);
    expect(labels(s, 1)).not.toContain('Roll the dice');
    expect(refused(s, 1, { type: 'roll' }).code).toBe('BOXES_FIRST');
    s = play(s, 1, { type: 'box', shape: 'U5' }).state;
    s = play(s, 1, { type: 'box', shape: 'U5' }).state;
    expect(labels(s, 1)).toEqual(['Roll the dice']);
    // Ana's own pen, captured as her turn ends: Bo plays on while her boxes wait.
    let t = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] } }), dice('red', 'blue', 'blue'));
    t = play(t, 0, fence('C1', 'C2')).state;
    expect(t.areas[0]!.pending).toBe(1);
    t = play(t, 1, { type: 'roll' }).state;
    expect(t.turn.dice.length).toBe(3);
    expect(ducks.activeSeats(t)).toContain(0);
  });
});

describe('D19 duck boxes owed at the end', () => {
  // Every duck row full but the L (one box free) and the block (one box free); two boxes owed.
  const owing = () => {
    const s = solo({ areas: { ana: { ducks: { P5: 3, U5: 4, T5: 4, L5: 3, R6: 4 }, pending: 2 } } });
    return { ...s, turn: { ...s.turn, stage: 'final' as const } };
  };

  it('D19 boxes still owed when the game ends are placed before scoring, and the game is scored once', () => {
    const r = play(owing(), 0, { type: 'box', shape: 'L5' });
    // The last box has one row left: it goes there by itself, then the score.
    expect(r.events.map((e) => e.type)).toEqual(['box', 'box', 'over']);
    expect(r.state.areas[0]).toMatchObject({ pending: 0, ducks: { L5: 4, R6: 5 } });
    expect(r.state.end).toMatchObject({ kind: 'scored' });
  });

  it('D19 an owner who does not answer has the boxes placed by the simple strategy when their time runs out, then the score', () => {
    const r = play(owing(), 'system', { type: 'timeout', seat: 0 });
    expect(r.events.map((e) => e.type)).toEqual(['timedOut', 'box', 'box', 'over']);
    expect(r.state.end?.kind).toBe('scored');
    expect(refused(owing(), 0, { type: 'roll' }).code).toBe('GAME_ENDING');
  });
});

describe('D — end and scoring', () => {
  it('D20 a turn with no fence and no re-roll space is a skip; two in a row end the game', () => {
    let s = withDice(two({ areas: { ana: { rerolls: 12 }, bo: { rerolls: 12 } } }), dice('blue', 'blue', 'blue'));
    const a = play(s, 0, { type: 'done' });
    expect(texts(a.state, a.events)).toContain('ana skips this turn (no fence, no re-roll space).');
    s = withDice(a.state, dice('red', 'red', 'red'));
    const b = play(s, 1, { type: 'done' });
    expect(b.state.end).toMatchObject({ kind: 'scored', reason: 'skips' });
    expect(ducks.outcome(b.state)?.status).toBe('finished');
    expect(texts(b.state, b.events).join('\n')).toContain('bo skips this turn (no fence, no re-roll space).\nTwo turns in a row were skipped (no fence drawn, no re-roll space filled): the game is over.');
    expect(ducks.words.summary!(b.state)[0]).toMatch(/^ana: 0 points = /);
    // A turn that fills a re-roll space is no skip, even without a fence: the count starts again.
    let c = withDice(two({ areas: { bo: { rerolls: 12 } } }), dice('blue', 'blue', 'blue'));
    c = play(c, 0, { type: 'done' }).state;
    expect(c.skips).toBe(0);
  });

  it('D21 the score: pens in the largest edge-joined group, points for outlined shapes, ducks in full-row shapes', () => {
    const s = two({
      pens: [
        { cells: 'A1 B1 A2 B2', owner: 'red' }, { cells: 'C1 D1 C2', owner: 'red' }, { cells: 'J1 J2 J3', owner: 'red' },
        { cells: 'E5 F5 E6 F6 E7', owner: 'red' },
      ],
      areas: { ana: { outlined: ['P5'], ducks: { P5: 3 } } },
    });
    // Group: A1-pen and C1-pen touch along a side (2); the P (E5 2+… ) alone; J alone.
    const sc = scoreOf(s, 0);
    expect(sc.group).toBe(2);
    expect(sc.shapePoints).toBe(2);
    // E5 3, F5 2, E6 2, F6 3, E7 e: 10 ducks in the P, whose row is full.
    expect(sc.duckPoints).toBe(10);
    expect(sc.total).toBe(14);
    const corner = two({ pens: [{ cells: 'A1 B1 A2 B2', owner: 'red' }, { cells: 'C3 D3 C4', owner: 'red' }] });
    expect(scoreOf(corner, 0).group).toBe(1); // touching only at a corner
  });

  it('D22 most points wins; a tie goes to most ducks penned; still tied, a shared win', () => {
    const end = (st: DucksState) => {
      let s = withDice(st, dice('blue', 'blue', 'blue'));
      s = play(s, 0, { type: 'done' }).state;
      return play(withDice(s, dice('red', 'red', 'red')), 1, { type: 'done' }).state;
    };
    const full = { ana: { rerolls: 12 }, bo: { rerolls: 12 } };
    // Ana: two pens side by side (2 points) against Bo's one.
    const points = end(two({ areas: full, pens: [{ cells: 'A1 B1 C1', owner: 'red' }, { cells: 'A2 B2 C2', owner: 'red' }, { cells: 'I9 H9 I8', owner: 'blue' }] }));
    expect(scoreOf(points, 0).total).toBe(2);
    expect(scoreOf(points, 1).total).toBe(1);
    expect(points.end?.winners).toEqual([0]);
    const ducksTie = end(two({ areas: full, pens: [{ cells: 'B2 C2 B3', owner: 'red' }, { cells: 'I9 H9 I8', owner: 'blue' }] }));
    expect(scoreOf(ducksTie, 0).ducks).toBe(4);
    expect(scoreOf(ducksTie, 1).ducks).toBe(4);
    expect(ducksTie.end?.winners).toEqual([0, 1]);
    const ahead = end(two({ areas: full, pens: [{ cells: 'B2 C2 B3', owner: 'red' }, { cells: 'H10 I10 J10', owner: 'blue' }] }));
    expect(scoreOf(ahead, 0).ducks).toBeGreaterThan(scoreOf(ahead, 1).ducks);
    expect(ahead.end?.winners).toEqual([0]);
    // The end says the win came on the tie-break, and which.
    const verdict = (s: DucksState) => ducks.words.summary!(s).at(-1);
    expect(verdict(ahead)).toBe(`ana wins on the tie-break: 1 point each, and ${scoreOf(ahead, 0).ducks} ducks penned to ${scoreOf(ahead, 1).ducks}.`);
    expect(verdict(points)).toBe('ana wins, 2 points to 1.');
    expect(verdict(ducksTie)).toBe('ana and bo share the win: 1 point and 4 ducks penned each.');
  });
});

describe('D — in a channel', () => {
  it('D23 the channel sees board, areas, dice and turned cards, never the seed or the deck order; dice are rolled only when the player rolls', () => {
    const s = solo();
    expect(s.turn.dice).toEqual([]);
    const view = JSON.stringify(ducks.view(s, 'channel'));
    expect(view).not.toContain(JSON.stringify(s.automa!.deck));
    expect(view).not.toContain(String(s.rng[0]));
    expect(view).not.toMatch(/"deck"|"rng"|"seed"/);
    expect(JSON.stringify(ducks.board(s))).not.toMatch(/"deck"|"rng"/);
    const rolled = play(s, 0, { type: 'roll' });
    expect(rolled.state.rng).not.toEqual(s.rng);
  });

  it('D24 a fence is previewed to its player (the board with it drawn, pens it closes shaded), nothing changed until confirmed', () => {
    const s = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] } }), dice('red', 'blue', 'blue'));
    const before = JSON.stringify(s);
    const shown = ducks.preview!(s, 0, fence('C1', 'C2'))!;
    const view = shown.view as { fences: string; lastEdges: number[]; pens: { cells: number[] }[] };
    expect(view.fences[edge('C1', 'C2')]).toBe('r');
    expect(view.lastEdges).toEqual([edge('C1', 'C2')]);
    expect(view.pens.map((p) => p.cells.length)).toEqual([4]);
    expect(shown.alt).toMatch(/^Preview of your fence C1 → C2/);
    expect(JSON.stringify(s)).toBe(before);
    expect(ducks.preview!(s, 0, { type: 'done' })).toBeNull();
  });

  it('D24 a fence once drawn is ink: nothing takes it back, and it cannot be drawn again', () => {
    const s = withDice(two({ areas: { ana: { bread: 4 } } }), dice('red', 'blue', 'blue'));
    const after = play(s, 0, fence('C1', 'C2')).state;
    expect(ducks.legalActions(after, 0).map((a) => a.type).filter((t) => !['bread', 'done'].includes(t))).toEqual([]);
    expect(refused(after, 0, bread('C1', 'C2')).code).toBe('TAKEN');
    expect(refused(after, 0, { type: 'undo' }).code).toBe('INVALID');
  });

  it('D25 the simple strategy: keeps its dice, closes the pen it would own with most ducks, crosses its fullest row, gives the Automa its poorest pen', () => {
    const r = play(two({ areas: { ana: { rerolls: 3 } } }), 0, { type: 'roll' }).state;
    expect(simpleChoice(r, 0)).toEqual({ type: 'keep' });
    // Two pens to close: A1 B1 A2 B2 (bread, 1 duck) or I1 J1 I2 J2 (egg, 3 ducks).
    const s = withDice(two({ fences: { red: ['A3-C3', 'C2-C3', 'H3-K3', 'H2-H3'] } }), dice('red', 'blue', 'blue'));
    expect(simpleChoice(s, 0)).toEqual(fence('H1', 'H2'));
    const rows = two({ areas: { ana: { pending: 2, ducks: { U5: 2, L5: 3 } } } });
    expect(simpleChoice(rows, 0)).toEqual({ type: 'box', shape: 'L5' });
    const card = withDice(solo({ deck: [13, 0, 1] }), dice('red', 'blue', 'blue'));
    const placed = play(card, 0, fence('C1', 'C2')).state;
    const choice = simpleChoice(placed, 0);
    expect(choice?.type).toBe('place');
    const ducksOf = (cells: number[]) => cells.reduce((n, c) => n + (COMPONENTS.contents[c]?.kind === 'ducks' ? (COMPONENTS.contents[c] as { n: number }).n : 0), 0);
    const least = Math.min(...ducks.legalActions(placed, 0).filter((a) => a.type === 'place').map((a) => ducksOf((a as { cells: number[] }).cells)));
    expect(ducksOf((choice as { cells: number[] }).cells)).toBe(least);
  });

  it('D26 a timeout plays the turn by the simple strategy to its end; resigning ends a 2-player game for the other, a solo game unscored; abort', () => {
    const s = two();
    const t = play(s, 'system', { type: 'timeout', seat: 0 });
    expect(t.events[0]).toEqual({ type: 'timedOut', seat: 0, inARow: 1 });
    expect(t.state.turn.seat).toBe(1);
    expect(t.state.turn.number).toBe(2);
    const r = play(s, 1, { type: 'resign' }).state;
    expect(ducks.outcome(r)).toMatchObject({ status: 'finished', winners: [0] });
    const alone = play(solo(), 0, { type: 'resign' }).state;
    expect(ducks.outcome(alone)).toMatchObject({ status: 'finished', winners: [] });
    expect(alone.end?.kind).toBe('resigned');
    expect(ducks.outcome(play(s, 'system', { type: 'abort' }).state)?.status).toBe('aborted');
    // Three timed-out turns in a row remove the player; acting in between starts the count again.
    let u = s;
    for (let k = 0; k < 2; k++) u = play(play(u, 'system', { type: 'timeout', seat: 0 }).state, 'system', { type: 'timeout', seat: 1 }).state;
    const third = play(u, 'system', { type: 'timeout', seat: 0 });
    expect(third.left).toEqual([{ seat: 0, reason: 'timeouts' }]);
    expect(third.state.end?.winners).toEqual([1]);
    const back = play(play(u, 0, { type: 'roll' }).state, 'system', { type: 'timeout', seat: 0 });
    expect(back.state.end).toBeNull();
    const gone = play(s, 'system', { type: 'remove', seat: 0, reason: 'kicked' });
    expect(gone.left).toEqual([{ seat: 0, reason: 'kicked' }]);
    expect(gone.state.end?.winners).toEqual([1]);
  });

  it('D26 with the host option, the computer plays on in the seat of a player who leaves a two-player game', () => {
    const s = { ...two(), options: { colour: 'red' as const, takeOver: true } };
    expect(s.options.takeOver).toBe(true);
    const mover = s.turn.seat;
    const leaver = 1 - mover;
    const left = play(s, leaver, { type: 'resign' });
    expect(left.state.end).toBeNull();
    expect(left.events).toContainEqual({ type: 'tookOver', seat: leaver });
    expect(left.left).toEqual([{ seat: leaver, reason: 'resigned' }]);
    expect(ducks.words.event(left.state, { type: 'tookOver', seat: leaver })).toMatch(/computer plays on/);
    // The remaining player ends their turn: the computer plays the leaver's whole turn at once.
    const turn = left.state.turn.number;
    let t = play(left.state, mover, { type: 'roll' }).state;
    while (t.turn.number === turn && !t.end) t = play(t, mover, ducks.legalActions(t, mover).find((a) => a.type === 'keep' || a.type === 'done') ?? ducks.legalActions(t, mover)[0]!).state;
    expect(t.end).toBeNull();
    expect(t.turn.seat).toBe(mover);
    expect(t.turn.number).toBe(turn + 2);
    expect(ducks.activeSeats(t)).not.toContain(leaver);
    // When the last player leaves too, nobody is left to play against: the game ends for the computer's seat.
    const last = play(t, mover, { type: 'resign' }).state;
    expect(last.end?.winners).toEqual([leaver]);
  });
});

describe('A — the solo Automa', () => {
  it('A1 18 cards: 9 pairs of one shape on dots (x,y) and (10−x,10−y), all distinct, never the centre; the five specialty shapes and I3, V3, O4, L4', () => {
    expect(COMPONENTS.cards.length).toBe(18);
    expect(new Set(COMPONENTS.cards.map((c) => c.dot.join())).size).toBe(18);
    expect(COMPONENTS.cards.some((c) => c.dot[0] === 5 && c.dot[1] === 5)).toBe(false);
    const shapes = COMPONENTS.cards.map((c) => c.shape);
    expect([...new Set(shapes)].sort()).toEqual(['I3', 'L4', 'L5', 'O4', 'P5', 'R6', 'T5', 'U5', 'V3']);
    for (const id of new Set(shapes)) expect(shapes.filter((x) => x === id).length).toBe(2);
  });

  it('A2 the Automa takes the other colour; its deck is shuffled from the seed and kept secret', () => {
    const a = ducks.setup({ seats: [{ name: 'a', computer: false }], seed: 'one', options: { colour: 'red', takeOver: false } }).state;
    const b = ducks.setup({ seats: [{ name: 'a', computer: false }], seed: 'two', options: { colour: 'red', takeOver: false } }).state;
    expect(a.automa?.colour).toBe('blue');
    expect(a.automa?.deck).not.toEqual(b.automa?.deck);
    expect([...a.automa!.deck].sort((x, y) => x - y)).toEqual([...Array(18).keys()]);
    expect(JSON.stringify(ducks.view(a, 0))).not.toContain('deck');
  });

  it('A3 after every player turn, skips too, the top card is turned and its pen goes through the card\'s dot', () => {
    const s = withDice(solo({ deck: [13, 0], areas: { ana: { rerolls: 12 } } }), dice('blue', 'blue', 'blue'));
    const { state, events } = play(s, 0, { type: 'done' });
    expect(texts(state, events)).toEqual(['ana skips this turn (no fence, no re-roll space).', 'The Automa turns a card: a bent 3-space pen on dot E5 (1 card left).']);
    const places = ducks.legalActions(state, 0).filter((a) => a.type === 'place');
    expect(places.length).toBeGreaterThan(0);
    // Card 13: V3 on dot (4,4): every offered placement has the dot on its outline.
    const cornerOf = (c: number) => { const x = (c % 10) + 1, y = Math.floor(c / 10) + 1; return [[x - 1, y - 1], [x, y - 1], [x - 1, y], [x, y]]; };
    for (const p of places) expect((p as { cells: number[] }).cells.some((c) => cornerOf(c).some(([x, y]) => x === 4 && y === 4))).toBe(true);
  });

  it('A4 a placement covers no pen space and no fence between its spaces; it need not touch anything', () => {
    const s = solo({ fences: { red: ['E4-E6'] }, pens: [{ cells: 'D5 D6 C5', owner: 'red' }] });
    const { placements } = allowedPlacements(s.fences, s.pens, { shape: 'V3', dot: [4, 4] });
    expect(placements.length).toBeGreaterThan(0);
    for (const p of placements) {
      expect(p.cells).not.toContain(sp('D5'));
      // E4-E6 separates D4/E4 and D5/E5: no placement holds both sides of it.
      expect(p.cells.includes(sp('D4')) && p.cells.includes(sp('E4'))).toBe(false);
    }
    expect(placements.some((p) => p.cells.includes(sp('E4')) && p.cells.includes(sp('F4')))).toBe(true);
  });

  it('A5 with no legal placement through the dot, the nearest dots some placement passes through are used, all ties allowed', () => {
    // Card 8: the block on dot (5,3); E3 F3 E4 F4 around it are one pen.
    const s = solo({ pens: [{ cells: 'E3 F3 E4 F4', owner: 'red' }] });
    const a = allowedPlacements(s.fences, s.pens, { shape: 'R6', dot: [5, 3] });
    expect(a.nearest).toBe(true);
    expect(a.dots.map((d) => (d[0] - 5) ** 2 + (d[1] - 3) ** 2)).toEqual(a.dots.map(() => 1));
    expect(a.dots.length).toBeGreaterThan(1);
  });

  it('A6 the player chooses among the allowed placements; with none, the card is discarded as the Automa\'s skip', () => {
    const s = withDice(solo({ deck: [13, 0] }), dice('red', 'blue', 'blue'));
    const turned = play(s, 0, fence('C1', 'C2')).state;
    const options = ducks.legalActions(turned, 0).filter((a) => a.type === 'place');
    expect(options.length).toBeGreaterThan(1);
    const mine = options[options.length - 1]!;
    const placed = play(turned, 0, mine).state;
    expect(placed.pens[placed.pens.length - 1]!.cells).toEqual((mine as { cells: number[] }).cells);
    expect(refused(turned, 0, { type: 'place', cells: [sp('A10'), sp('B10'), sp('C10')] }).code).toBe('BAD_PLACEMENT');
    // Every space but a 2×2 corner in pens: the block fits nowhere, the card is discarded.
    const cols = 'ABCDEFGHIJ';
    const full = Array.from({ length: 24 }, (_, k) => { // every 2×2 block but the top-right one
      const x = (k % 5) * 2, y = Math.floor(k / 5) * 2;
      return { cells: `${cols[x]}${y + 1} ${cols[x + 1]}${y + 1} ${cols[x]}${y + 2} ${cols[x + 1]}${y + 2}`, owner: 'red' as const };
    }).filter((p) => !p.cells.startsWith('A1'));
    const blocked = withDice(solo({ deck: [8, 0], pens: full }), dice('blue', 'blue', 'blue'));
    const skipped = play(blocked, 0, { type: 'done' });
    expect(texts(skipped.state, skipped.events)).toContain('The Automa\'s pen fits nowhere: the card is discarded and the Automa skips.');
    expect(skipped.state.turn.stage).toBe('roll');
  });

  it('A7 the Automa\'s open sides become its fences; its pen is its own whatever the counts, captures nothing; pens it closes follow the usual owner rule', () => {
    // Red has walled A1 B1 C1 D1 E1 F1 off, bar E1/F1: the Automa's V3 through (4,4) cannot reach; use card 14 O4 on (2,8).
    const s = withDice(solo({ deck: [14, 0], fences: { red: ['A3-C3', 'C2-C3'] } }), dice('red', 'blue', 'blue'));
    const turned = play(s, 0, fence('H1', 'H2')).state;
    const place = { type: 'place', cells: [sp('C8'), sp('D8'), sp('C9'), sp('D9')].sort((a, b) => a - b) };
    const { state, events } = play(turned, 0, place);
    const pen = state.pens[state.pens.length - 1]!;
    expect(pen).toMatchObject({ owner: 'blue', automa: true, shape: 'O4' });
    expect(state.fences[edge('C8', 'D8')]).toBe('b');
    expect(texts(state, events).join('\n')).toContain('The Automa\'s pen goes between dots C8 and E10; 3 ducks and 1 bread leave play with it.');
    expect(state.areas[0]!.pending).toBe(0);
    // The Automa's O4 beside I1 J1 I2 J2, walled by red on top: red 4 sides, blue 2 → the player's, captured at once.
    const trap = withDice(solo({ deck: [15, 0], fences: { red: ['I3-K3'] } }), dice('red', 'blue', 'blue'));
    const t2 = play(trap, 0, fence('C1', 'C2')).state;
    const r = play(t2, 0, { type: 'place', cells: [sp('G1'), sp('H1'), sp('G2'), sp('H2')].sort((a, b) => a - b) });
    expect(r.state.pens.find((p) => p.cells.includes(sp('I1')))).toMatchObject({ owner: 'red', completer: 'blue', red: 4, blue: 2 });
    expect(r.state.areas[0]).toMatchObject({ eggs: 1 });
    expect(texts(r.state, r.events)).toContain('ana captures 3 ducks (1 duck box) and 1 egg.');
  });

  it('A8 Automa fences block and count for it, and the player cannot connect to them', () => {
    const s = withDice(solo({ pens: [{ cells: 'E5 F5 E6 F6', owner: 'blue', automa: true }] }), dice('red', 'blue', 'blue'));
    expect(refused(s, 0, fence('E7', 'E8')).code).toBe('TOUCH');
    expect(refused(s, 0, fence('F5', 'F6')).code).toBe('IN_PEN');
  });

  it('A9 the game ends when the last card is resolved, or at two skips in a row', () => {
    const s = withDice(solo({ deck: [13] }), dice('red', 'blue', 'blue'));
    const turned = play(s, 0, fence('C1', 'C2')).state;
    const done = play(turned, 0, simpleChoice(turned, 0)).state;
    expect(done.end?.kind).toBe('scored');
    const skip = withDice(solo({ deck: [13, 0, 1], areas: { ana: { rerolls: 12 } }, pens: [] }), dice('blue', 'blue', 'blue'));
    const a = play(skip, 0, { type: 'done' }).state;
    expect(a.skips).toBe(1);
    expect(a.end).toBeNull();
  });

  it('A9 at two skips in a row the game ends at once, no further card turned, and the end post says so; at the last card it says that', () => {
    // The Automa's card just before was discarded (a skip); Ana skips too.
    const s = withDice(solo({ deck: [3, 4], turned: [0], skips: 1, areas: { ana: { rerolls: 12 } } }), dice('blue', 'blue', 'blue'));
    const r = play(s, 0, { type: 'done' });
    expect(r.events.map((e) => e.type)).toEqual(['turnEnded', 'over']);
    expect(r.state.automa!.deck).toEqual([3, 4]);
    expect(r.state.end).toMatchObject({ kind: 'scored', reason: 'skips' });
    expect(texts(r.state, r.events)[1]).toBe('Two turns in a row were skipped (no fence drawn, no re-roll space filled): the game is over.');
    expect(ducks.words.summary!(r.state)[0]).toMatch(/^ana: 0 points = /);
    // The 18th card resolved: that is what the post says.
    const last = withDice(solo({ deck: [13] }), dice('red', 'blue', 'blue'));
    const turned = play(last, 0, fence('C1', 'C2')).state;
    const end = play(turned, 0, simpleChoice(turned, 0)!);
    expect(end.state.end).toMatchObject({ kind: 'scored', reason: 'deck' });
    expect(texts(end.state, end.events).join('\n')).toContain("The Automa's last card is played: the game is over.");
    expect(ducks.words.summary!(end.state)[0]).toMatch(/^ana: \d+ points? = /);
  });

  it('A10 the result is the player\'s score against the target in the assets', () => {
    expect(COMPONENTS.soloTarget).toBe(standard.automa.soloTarget);
    const s = withDice(solo({ deck: [13], pens: [{ cells: 'E5 F5 E6 F6 E7', owner: 'red' }], areas: { ana: { outlined: ['P5'], ducks: { P5: 3 } } } }), dice('red', 'blue', 'blue'));
    const turned = play(s, 0, fence('C1', 'C2')).state;
    const end = play(turned, 0, simpleChoice(turned, 0)!).state;
    const score = scoreOf(end, 0).total;
    expect(end.end?.winners).toEqual(score >= COMPONENTS.soloTarget ? [0] : []);
    expect(ducks.words.summary!(end).at(-1)).toBe(score >= COMPONENTS.soloTarget
      ? `ana wins: ${score} points, at least the ${COMPONENTS.soloTarget} needed to beat the Automa.`
      : `The Automa wins: ana scored ${score} of the ${COMPONENTS.soloTarget} points needed to beat it.`);
  });
});
