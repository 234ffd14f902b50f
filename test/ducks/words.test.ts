// Duck Pens words players read: plurals, names that tell things apart, refusals that say what
// was wrong with the fence as typed, and the warning before dice that lose the turn are kept.
import { describe, expect, it } from 'vitest';
import { COMPONENTS } from '../../src/games/ducks/components.ts';
import { ducks } from '../../src/games/ducks/index.ts';
import type { DucksState } from '../../src/games/ducks/state.ts';
import { play, position, refused, sp, withDice } from './helpers.ts';
import { scoreLine } from '../../src/games/ducks/words.ts';

const two = (extra: Record<string, unknown> = {}) => position({ name: 't', players: ['ana', 'bo'], first: 'ana', ...extra });
const event = (s: DucksState, e: Parameters<typeof ducks.words.event>[1]) => ducks.words.event(s, e);

describe('Duck Pens words', () => {
  it('counts agree with their nouns: 1 point, 2 bread, duck spaces captured, boxes lost', () => {
    const s = two();
    const one = { name: 'ana', colour: 'red' as const, group: 1, outlined: 1, shapePoints: 2, fullRows: [{ name: 'P', ducks: 1 }], duckPoints: 1, total: 4, ducks: 1 };
    expect(scoreLine(one)).toBe('ana: 4 points = 1 for the largest group of 1 pen + 2 for 1 shape outlined + 1 for ducks in pens of full rows (P 1); 1 duck penned.');
    expect(scoreLine({ ...one, name: 'bo', group: 0, outlined: 0, shapePoints: 0, fullRows: [], duckPoints: 0, total: 0, ducks: 0 })).toBe('bo: 0 points = 0 for pens (none) + 0 for shapes (none outlined) + 0 for ducks (no duck row full); 0 ducks penned.');
    expect(event(s, { type: 'captured', seat: 0, pen: 0, duckSpaces: 2, bread: 2, eggs: 1, outlined: null, lost: 1 })).toBe('ana captures 2 duck spaces, 2 bread and 1 egg (1 box beyond a full row lost).');
    expect(ducks.words.status(s)[0]).toMatch(/^ana \(red\): 0 points so far/);
  });

  it('re-rolls name their dice as a list: "dice 1 and 3", "all three dice"', () => {
    const s = two();
    expect(event(s, { type: 'rerolled', seat: 0, which: [0, 2], dice: ['red', 'red', 'blue'] })).toBe('ana re-rolls dice 1 and 3: now Red · Red · Blue.');
    expect(event(s, { type: 'rerolled', seat: 0, which: [0, 1, 2], dice: ['red', 'red', 'blue'] })).toBe('ana re-rolls all three dice: now Red · Red · Blue.');
    const r = { ...withDice(s, ['red', 'blue', 'blue']), turn: { ...s.turn, stage: 'reroll' as const, dice: ['red', 'blue', 'blue'] as ('red' | 'blue')[], rerollsLeft: 1 } };
    expect(ducks.words.action(r, { type: 'reroll', dice: [0, 1] })).toBe('Re-roll dice 1 (red) and 2 (blue)');
  });

  it('the Automa\'s cards of the same size are named apart, and the card tells which dot its pen went through', () => {
    const names = [...COMPONENTS.shapes.values()].map((sh) => sh.name);
    expect(new Set(names).size).toBe(names.length);
    const solo = position({ name: 't', players: ['ana'] });
    const card = (shape: string) => COMPONENTS.cards.findIndex((c) => c.shape === shape);
    expect(event(solo, { type: 'card', card: card('I3'), left: 5 })).toMatch(/^The Automa turns a card: a straight 3-space pen on dot/);
    expect(event(solo, { type: 'card', card: card('V3'), left: 1 })).toMatch(/^The Automa turns a card: a bent 3-space pen on dot .* \(1 card left\)\.$/);
    expect(event(solo, { type: 'card', card: card('O4'), left: 5 })).toMatch(/a square 4-space pen/);
    expect(event(solo, { type: 'card', card: card('L4'), left: 5 })).toMatch(/an L-shaped 4-space pen/);
    // Card 8 is the block on dot F4; say it went through E4 and G4 instead. C1 holds an egg, D1 bread (the board's data).
    const placed = event(solo, { type: 'automaPlaced', card: 8, cells: [sp('C1'), sp('D1')], edges: [], pen: 0, nearest: true, dots: [[4, 3], [6, 3]] });
    expect(placed).toBe('The Automa\'s pen goes between dots C1 and E2 (dot F4 was not free: it goes through E4 and G4, the nearest dot that could be used); 1 bread and 1 egg leave play with it.');
    expect(event(solo, { type: 'automaPlaced', card: 8, cells: [sp('C1')], edges: [], pen: 0, nearest: false })).toBe('The Automa\'s pen goes between dots C1 and D2; 1 egg leaves play with it.');
  });

  it('a typed one-space fence after the regular fence is the bread\'s, refused for what is wrong with it', () => {
    const s = { ...withDice(two({ pens: [{ cells: 'H1 I1 H2 I2', owner: 'red' }], areas: { ana: { bread: 4 } } }), ['red', 'red', 'blue']), };
    const drawn = { ...s, turn: { ...s.turn, fenced: true } };
    const typed = ducks.parse!(drawn, 0, 'fence', 'I1 → I2');
    expect(typed).toMatchObject({ type: 'bread' });
    const r = refused(drawn, 0, typed);
    expect([r.code, r.message]).toEqual(['IN_PEN', 'The bread fence I1 → I2 would go inside a finished pen.']);
    // Without the bread, the fence already drawn is the reason.
    const none = { ...drawn, areas: [{ ...drawn.areas[0]!, bread: 0 }, drawn.areas[1]!] };
    expect(refused(none, 0, ducks.parse!(none, 0, 'fence', 'I1 → I2')).code).toBe('FENCED');
  });

  it('a typed fence with two bends is refused for its bends, not as an unknown move', () => {
    const s = withDice(two({ areas: { ana: { eggs: 4 } } }), ['red', 'red', 'red']);
    const typed = ducks.parse!(s, 0, 'fence', 'c1-c2-d2-d3');
    expect(typed).toMatchObject({ type: 'fence', from: [2, 0], via: [2, 1], bends: [[3, 1]], to: [3, 2] });
    expect(ducks.decode(ducks.encode(typed as never))).toEqual(typed);
    const r = refused(s, 0, typed);
    expect([r.code, r.message]).toEqual(['BENDS', 'C1 → C2 → D2 → D3 bends twice: a fence is a straight line, or bent once with a full egg row.']);
    // Dots typed along a straight leg are no bend.
    expect(ducks.parse!(s, 0, 'fence', 'c1-c2-c3-c4')).toEqual({ type: 'fence', from: [2, 0], to: [2, 3] });
  });

  it('"Keep these dice" that leave no fence and no re-roll space says it skips the turn, before it is pressed', () => {
    const s = two({ areas: { ana: { rerolls: 12 } } });
    const at = (dice: ('red' | 'blue')[], skips = 0): DucksState => ({ ...s, skips, turn: { ...s.turn, stage: 'reroll', dice, rerollsLeft: 3 } });
    const nothing = at(['blue', 'blue', 'blue']);
    expect(ducks.words.action(nothing, { type: 'keep' })).toBe('Keep these dice and skip the turn');
    const p = ducks.words.prompt(nothing, 0);
    expect(p.text).toContain('no fence fits these dice (no red die)');
    expect(p.text).toContain('Careful: keeping them skips your turn.');
    const keep = p.choice!.options.find((o) => 'action' in o && o.action.type === 'keep')!;
    expect([keep.label, keep.says, keep.style]).toEqual(['Keep', 'skips your turn: no fence fits these dice and no die fills a re-roll space', 'danger']);
    expect(ducks.words.prompt(at(['blue', 'blue', 'blue'], 1), 0).text).toContain('skips your turn and, after the skip before it, ends the game.');
    const fence = at(['red', 'blue', 'blue']);
    expect(ducks.words.action(fence, { type: 'keep' })).toBe('Keep these dice');
    expect(ducks.words.prompt(fence, 0).text).not.toContain('Careful');
    // The bread's fence is something to do: no warning.
    const bread = { ...at(['blue', 'blue', 'blue']), areas: [{ ...s.areas[0]!, rerolls: 12, bread: 4 }, s.areas[1]!] };
    expect(ducks.words.action(bread, { type: 'keep' })).toBe('Keep these dice');
    // Kept anyway: the turn is a skip, as it said.
    expect(play(nothing, 0, { type: 'keep' }).events.some((e) => e.type === 'turnEnded' && e.skip)).toBe(true);
  });

  it('a move command with nothing to offer says why and what to do instead: roll first, boxes first, no fence fits', () => {
    const s = two();
    expect(ducks.words.unavailable!(s, 0, 'fence')).toBe('Roll first: press **Roll** on your turn\'s post.');
    const none = { ...withDice(s, ['blue', 'blue', 'blue']), turn: { ...s.turn, stage: 'reroll' as const, dice: ['blue', 'blue', 'blue'] as ('red' | 'blue')[], rerollsLeft: 1 } };
    expect(ducks.words.unavailable!(none, 0, 'fence')).toBe('No fence fits these dice (no red die): re-roll, keep them, or end your turn.');
    const owing = { ...s, areas: [{ ...s.areas[0]!, pending: 2 }, s.areas[1]!] };
    expect(ducks.words.unavailable!(owing, 0, 'fence')).toMatch(/^Place your 2 duck boxes first/);
    expect(ducks.words.unavailable!(s, 1, 'box')).toBe('You have no duck boxes to place.');
  });
});
