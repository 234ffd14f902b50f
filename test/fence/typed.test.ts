// Moves typed by hand are read against the state; understood moves go to the engine, which
// gives its specific reason when they are illegal (B7); only text not understood gets the list.
import { describe, expect, it } from 'vitest';
import { cardsText, cellName, setup, fence, nbName, playComputers, seatName, type Action, type FenceState } from '../../src/games/fence/index.ts';
import { loadScenario } from '../../src/games/fence/scenario.ts';
import { buildContext, placementProblem } from '../../src/games/fence/building.ts';
import { tileSetOf } from '../../src/games/fence/rules.ts';
import { onTestMap } from './test-map.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import type { NotUnderstood } from '../../src/platform/game.ts';

// ana in Old Town (1,3) holding Red 2, Red 4, Blue Ace, Blue 2; bo next door in Four Points (4,2); the Cops in Goose Green.
const main = (): FenceState =>
  loadScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Venice' }, cops: 'Goose Green', hands: { ana: ['R4', 'B2', 'R2', 'B1'] } }));

const parse = (s: FenceState, command: string, typed: string): Action | NotUnderstood | null => fence.parse!(s, 0, command, typed) as Action | NotUnderstood | null;
const refusal = (s: FenceState, a: Action | NotUnderstood | null): string => {
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
    expect(parse(s, 'move', 'hello there')).toEqual({ notUnderstood: ['hello', 'there'] });
    expect(parse(s, 'push', 'push somebody somewhere')).toEqual({ notUnderstood: ['somebody', 'somewhere'] });
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
  describe('text naming something that does not exist is not read as another move', () => {
    /** Every legal Move Yourself of ana in `main()`, with the tile it goes to. */
    const moves = (s: FenceState) => (fence.legalActions(s, 0) as Action[]).filter((a): a is Extract<Action, { type: 'moveSelf' }> => a.type === 'moveSelf');

    it('B14 a card that does not exist (Red 7, Blue 0, red 9) makes the text not understood, whatever else it names', () => {
      const s = main();
      const [first] = moves(s);
      expect(first).toBeDefined();
      const nb = first!.to;
      const tile = nb.slice(0, nb.lastIndexOf('/'));
      // What the player is told was not understood: the card that does not exist.
      for (const [typed, bogus] of [[`r7 ${nb}`, 'r7'], [`r7 ${tile}`, 'r7'], [`b0 ${nb}`, 'b0'], [`red 9 ${nb}`, '9'], [`r7 b2 ${nb}`, 'r7'], [`blue 12 to ${nb}`, '12']] as const) {
        expect(parse(s, 'move', typed), typed).toEqual({ notUnderstood: expect.arrayContaining([bogus]) });
        expect(parse(s, 'cops', typed), typed).toEqual({ notUnderstood: expect.arrayContaining([bogus]) });
      }
    });

    it('B14 “r7” stays no card on a Big Map whose grid has a cell R7', () => {
      let s = setup({ seats: ['ana', 'bo', 'cy'].map((name) => ({ name, computer: false })), seed: 'r-cell-0', options: { autoBuild: true, bigMap: true } }).state;
      s = playComputers(s, { steps: 12 }).state;
      while (!(s.phase === 'main' && !s.pending && moves({ ...s, current: fence.activeSeats(s)[0]! }).length > 0)) s = playComputers(s, { steps: 1 }).state;
      const seat = fence.activeSeats(s)[0]!;
      const cells = new Set<string>();
      const xs = s.map.map((p) => p.x), ys = s.map.map((p) => p.y);
      for (let x = Math.min(...xs) - 1; x <= Math.max(...xs) + 1; x++) for (let y = Math.min(...ys) - 1; y <= Math.max(...ys) + 1; y++) cells.add(cellName(s, x, y));
      expect(cells.has('R7'), [...cells].join(' ')).toBe(true);
      for (const a of (fence.legalActions(s, seat) as Action[]).filter((x) => x.type === 'moveSelf')) {
        const to = (a as Extract<Action, { type: 'moveSelf' }>).to;
        expect(fence.parse!(s, seat, 'move', `r7 ${to}`), `r7 ${to}`).toEqual({ notUnderstood: ['r7'] });
        // Its tile written alone: still no move ("r7" may then be read as that cell, and the tile not).
        expect(fence.parse!(s, seat, 'move', `r7 ${to.slice(0, to.lastIndexOf('/'))}`)).toEqual({ notUnderstood: expect.any(Array) });
      }
    });

    it('B14 a move written as JSON with a card that does not exist is refused, not read as words', () => {
      const s = main();
      for (const { to } of moves(s)) {
        const json = JSON.stringify({ type: 'moveSelf', cards: ['R7'], to });
        expect(fence.decode(json), json).toBeNull();
        expect(parse(s, 'move', json), json).toBeNull();
      }
      // Nor is JSON that names real cards but is not an action read as words.
      const real = moves(s)[0]!;
      expect(parse(s, 'move', JSON.stringify({ type: 'moveSelf', cards: real.cards, to: 'nowhere' }))).toBeNull();
    });

    it('B15 a player or a place that does not exist is not replaced by the one the rules allow', () => {
      const s = main();
      // bo's only legal pushes go somewhere: naming nobody, or a place that is not on the map, guesses nothing.
      const push = (fence.legalActions(s, 0) as Action[]).find((a): a is Extract<Action, { type: 'push' }> => a.type === 'push' && a.target === 1)!;
      const there = fence.words.action(s, push).replace(/^Push bo → /, '').replace(/ \(.*$/, '');
      expect(parse(s, 'push', `push bo to ${there}`)).toEqual(push);
      expect(parse(s, 'push', `push zed to ${there}`)).toEqual({ notUnderstood: ['zed'] });
      expect(parse(s, 'push', 'push bo to atlantis')).toEqual({ notUnderstood: ['atlantis'] });
      expect(parse(s, 'move', 'b1 to atlantis')).toEqual({ notUnderstood: ['atlantis'] });
      expect(parse(s, 'cops', 'cops to atlantis')).toEqual({ notUnderstood: ['atlantis'] });
    });
  });
  it('B14 B15 what typed words play is the legal move they name, and its label is that move’s suggestion: “r5 b4”, “r6”, “push bob to gaslight”, “cops to sunnyside”, over random positions', () => {
    const short = (cards: readonly string[]) => cards.map((c) => c.toLowerCase()).join(' ');
    let checked = 0;
    for (let game = 0; game < 4; game++) {
      const options = game % 2 ? { bigMap: true } : {};
      let s = setup({ seats: ['Ana', 'Bob', 'Cy', 'Dee'].map((name) => ({ name, computer: false })), seed: `typed-agree-${game}`, options: { autoBuild: true, ...options } }).state;
      for (let step = 0; step < 100 && !s.outcome; step++) {
        const seat = fence.activeSeats(s)[0]!;
        if (s.phase === 'main' && !s.pending) {
          const legal = fence.legalActions(s, seat) as Action[];
          const labels = new Set(legal.map((a) => fence.words.action(s, a)));
          const read = (command: string, typed: string) => fence.parse!(s, seat, command, typed) as Action | null;
          for (const a of legal) {
            const label = fence.words.action(s, a);
            const forms: [string, string][] = [];
            if (a.type === 'moveSelf') forms.push(['move', `${short(a.cards)} ${nbName(s, a.to)}`], ['move', `${short(a.cards)} to ${a.to}`]);
            if (a.type === 'push') forms.push(['push', `push ${seatName(s, a.target)} to ${nbName(s, a.to)}`]);
            if (a.type === 'copsRoad') forms.push(['cops', `cops to ${nbName(s, a.to)}`]);
            if (a.type === 'tipOff') forms.push(['cops', `tip off the cops: ${cardsText(a.cards)} → ${nbName(s, a.to)}`]);
            // The label without what follows the move ("— jails Bob") names the same move.
            if ('to' in a) forms.push([a.type === 'moveSelf' ? 'move' : a.type === 'push' ? 'push' : 'cops', label.replace(/ — .*$/, '')]);
            for (const [command, typed] of forms) {
              expect(read(command, typed), `${typed} (${label})`).toEqual(a);
              checked++;
            }
            // Cards alone ("r5 b4", "r6") play that move when it is the only one they allow.
            if (a.type === 'moveSelf') {
              const same = legal.filter((x) => x.type === 'moveSelf' && cardsText(x.cards) === cardsText(a.cards));
              expect(read('move', short(a.cards)), short(a.cards)).toEqual(same.length === 1 ? a : null);
            }
          }
          // Whatever a typed form plays is one of the suggestions, by its label.
          for (const typed of ['r1', 'b6', 'r5 b4', 'r6', 'push bob to gaslight', 'cops to sunnyside', 'cops to old town']) {
            const command = typed.startsWith('push') ? 'push' : typed.startsWith('cops') ? 'cops' : 'move';
            const a = read(command, typed);
            if (a && legal.some((x) => fence.encode(x) === fence.encode(a))) expect(labels.has(fence.words.action(s, a)), typed).toBe(true);
          }
        }
        s = playComputers(s, { steps: 1, strategy: 'random' }).state;
      }
    }
    expect(checked).toBeGreaterThan(300);
  });
});
