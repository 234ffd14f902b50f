// Moves typed by hand are read against the state; understood moves go to the engine, which
// gives its specific reason when they are illegal (B7); only text not understood gets the list.
import { describe, expect, it } from 'vitest';
import { fence, type Action, type FenceState } from '../../src/games/fence/index.ts';
import { loadScenario } from '../../src/games/fence/scenario.ts';
import { buildContext, placementProblem } from '../../src/games/fence/building.ts';
import { tileSetOf } from '../../src/games/fence/rules.ts';
import { onTestMap } from './test-map.ts';
import { applyRequest } from '../../src/platform/requests.ts';

// ana in Old Town (1,3) holding Red 2, Red 4, Blue Ace, Blue 2; bo next door in Four Points (4,2); the Cops in Goose Green.
const main = (): FenceState =>
  loadScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Venice' }, cops: 'Goose Green', hands: { ana: ['R4', 'B2', 'R2', 'B1'] } }));

const parse = (s: FenceState, command: string, typed: string): Action | null => fence.parse!(s, 0, command, typed) as Action | null;
const refusal = (s: FenceState, a: Action | null): string => {
  const r = applyRequest(fence, s, 0, a);
  if (r.ok) throw new Error('the move was played');
  return r.message;
};

describe('typed moves', () => {
  it('B14 cards typed any way, with or without the destination, are the same move', () => {
    const s = main();
    const ways = ['r4 b2', 'R4 B2', 'red 4 blue 2', 'Red 4 + Blue 2 → Four Points', 'red four, blue two: four points', 'b2 r4 -> four points'];
    for (const typed of ways) expect(parse(s, 'move', typed), typed).toEqual({ type: 'moveSelf', cards: ['R4', 'B2'], to: '4-2/0' });
    expect(parse(s, 'move', 'blue ace')).toEqual({ type: 'moveSelf', cards: ['B1'], to: '1-1/0' });
    // The move is legal and played as typed.
    expect(applyRequest(fence, s, 0, parse(s, 'move', 'b1 to sunnyside')).ok).toBe(true);
  });

  it('B14 B7 a typed move that is understood but illegal gets the engine’s specific reason', () => {
    const s = main();
    expect(refusal(s, parse(s, 'move', 'r6 b6 maple end'))).toBe('You do not hold Red 6 + Blue 6; your hand is Red 2 + Red 4 + Blue Ace + Blue 2.');
    expect(refusal(s, parse(s, 'move', 'r4 b2'))).toMatch(/^Four Points is occupied by bo\./);
    expect(refusal(s, parse(s, 'move', 'red 2'))).toMatch(/^Those cards lead to \(2,3\): no neighborhood in play there \(that tile is not on the map\)\./);
    expect(refusal(s, parse(s, 'push', 'push bo to saltmarsh'))).toMatch(/^bo cannot be pushed from Four Points to Saltmarsh: a push is one road step.*They can go to The Yards/);
    expect(refusal(s, parse(s, 'push', 'push ana to the yards'))).toBe('Move Others moves another player’s pawn, not yours.');
    expect(refusal(s, parse(s, 'cops', 'cops by road to old town'))).toMatch(/^The Cops move one road step by road: from Goose Green they can go to /);
  });

  it('B15 pushes and the Cops by name, cell or coordinate; a move that cannot be told apart is not guessed', () => {
    const s = main();
    expect(parse(s, 'push', 'push bo to the yards')).toEqual({ type: 'push', target: 1, to: '3-2/0' });
    expect(parse(s, 'push', 'Bo → YARDS')).toEqual({ type: 'push', target: 1, to: '3-2/0' });
    expect(parse(s, 'cops', 'cops to downtown')).toEqual({ type: 'copsRoad', to: '4-5/0' });
    expect(parse(s, 'cops', 'the stix')).toEqual({ type: 'copsRoad', to: '6-4/0' });
    // A place beyond one road step: the one tip-off the hand has for it.
    expect(parse(s, 'cops', 'cops to four points')).toBeNull();
    expect(parse(s, 'cops', 'tip off the cops: red 4 → four points')).toEqual({ type: 'tipOff', cards: ['R4'], to: '4-2/0' });
    // The cell a label shows names the same place.
    const label = fence.words.action(s, { type: 'copsRoad', to: '4-5/0' });
    const cell = /\(([A-Z]+\d+)\)/.exec(label)![1]!;
    expect(parse(s, 'cops', `cops to ${cell.toLowerCase()}`)).toEqual({ type: 'copsRoad', to: '4-5/0' });
    expect(parse(s, 'cops', 'cops to 4,5')).toEqual({ type: 'copsRoad', to: '4-5/0' });
    // cy can go two ways: not guessed.
    expect(parse(s, 'push', 'push cy')).toBeNull();
    // Not a move at all.
    expect(parse(s, 'move', 'hello there')).toBeNull();
    expect(parse(s, 'push', 'push somebody somewhere')).toBeNull();
  });

  it('B5 B7 a typed placement that does not fit gets the reason; one that fits one way only needs no rotation', () => {
    const s = loadScenario(onTestMap({ tileHands: { ana: ['Harbor Point', 'Maple End'], bo: ['Orchard Row'], cy: ['Millbrook'] } }));
    const ctx = buildContext(s, tileSetOf(s));
    // The cell north of Chapel Hill, named as the map names it.
    const cell = / at ([A-Z]+\d+)$/.exec(fence.words.action(s, { type: 'place', tile: '1-5', x: 0, y: -2, rot: 0 }))![1]!;
    const rots = [0, 1, 2, 3];
    const misfit = rots.find((rot) => placementProblem(ctx, 0, { type: 'place', tile: '1-5', x: 0, y: -2, rot })?.kind === 'mismatch');
    expect(misfit).toBeDefined();
    const typed = parse(s, 'place', `harbor point at ${cell.toLowerCase()} rotated ${misfit! * 90}°`);
    expect(typed).toEqual({ type: 'place', tile: '1-5', x: 0, y: -2, rot: misfit });
    expect(refusal(s, typed)).toMatch(/^Harbor Point \(1,5\) does not fit there: the (roads|water) .* Try another rotation or cell\.$/);
    expect(refusal(s, parse(s, 'place', `orchard row at ${cell}`))).toMatch(/^Orchard Row \(4,1\) is not in your hand; you hold Harbor Point \(1,5\) or Maple End \(6,6\)\.$/);
    // Harbor Point fits there two ways: without a rotation, nothing is guessed.
    expect(parse(s, 'place', `harbor point ${cell}`)).toBeNull();
    expect(parse(s, 'place', `1,5 ${cell} rot 3`)).toEqual({ type: 'place', tile: '1-5', x: 0, y: -2, rot: 3 });
  });
});
