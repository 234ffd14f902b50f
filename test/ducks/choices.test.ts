// A Duck Pens turn as taps on numbered pictures (src/games/ducks/choices.ts): every legal move
// and nothing else is in the choice tree; a turn is Roll and a number (the fence's number keeps
// the dice), and in solo the number of the Automa's pen; every level about places draws each
// option's label on its picture, legible on a phone; a fence that closes a pen says so in words
// and the picture shades that pen; a turn's board names who is to play; a turn is one post.
import { describe, expect, it } from 'vitest';
import { simpleChoice } from '../../src/games/ducks/engine.ts';
import { ducks } from '../../src/games/ducks/index.ts';
import { TILES_MAX } from '../../src/games/ducks/choices.ts';
import { kept } from '../../src/games/ducks/moves.ts';
import { posts } from '../../src/games/ducks/posts.ts';
import type { Action, DucksEvent, DucksState } from '../../src/games/ducks/state.ts';
import type { DucksChoiceView, DucksView } from '../../src/games/ducks/views.ts';
import { isLeaf, LABEL_MAX, MAX_BUTTONS, type Choice } from '../../src/platform/choices.ts';
import type { Picture, Step } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { tapsFor } from '../bot/harness.ts';
import { smallestText, textsDrawn } from '../render/labels.ts';
import { drawPicture, labelsDrawn } from './labels.ts';
import { fence, play, position, sp, withDice } from './helpers.ts';
import { leaves, levels } from '../platform/choice-tree.ts';

type Level = Choice<Action, Picture>;
const two = (extra: Record<string, unknown> = {}) => position({ name: 't', players: ['ana', 'bo'], first: 'ana', ...extra });
const solo = (extra: Record<string, unknown> = {}) => position({ name: 't', players: ['ana'], ...extra });
const choice = (s: DucksState, seat = ducks.activeSeats(s)[0]!): Level => ducks.words.prompt(s, seat).choice!;

const leavesOf = (root: Level): Action[] => leaves(root, 4);

/** What a person playing the simple strategy does: a fence it draws after keeping its dice is pressed at once (its number keeps them). */
function person(s: DucksState, seat: number): Action {
  const a = simpleChoice(s, seat)!;
  if (a.type !== 'keep') return a;
  const f = simpleChoice(kept(s), seat);
  return f?.type === 'fence' ? f : a;
}

/** Every position of seeded games played by people as above, with the seat asked and the turn (game and number). */
function positions(games: number, seats: number, seed: string): { s: DucksState; seat: number; turn: string }[] {
  const out: { s: DucksState; seat: number; turn: string }[] = [];
  for (let g = 0; g < games; g++) {
    let s = ducks.setup({ seats: Array.from({ length: seats }, (_, i) => ({ name: ['Ana', 'Bo'][i]!, computer: false })), seed: `${seed}-${g}`, options: { colour: g % 2 ? 'blue' : 'red', takeOver: false } }).state;
    while (!s.end) {
      const seat = ducks.activeSeats(s)[0]!;
      out.push({ s, seat, turn: `${g}:${s.turn.number}` });
      s = play(s, seat, person(s, seat)).state;
    }
  }
  return out;
}

describe('a Duck Pens turn in taps', () => {
  const solos = positions(3, 1, 'taps-solo');
  const twos = positions(3, 2, 'taps-two');

  it('offers every legal move and nothing else: the engine\'s, and during the re-rolls the fences the dice give', () => {
    let fencesWhileRerolling = 0;
    for (const { s, seat } of [...solos, ...twos].filter((_, i) => i % 3 === 0)) {
      const legal = new Set(ducks.legalActions(s, seat).map((a) => ducks.encode(a)));
      const offered = leavesOf(choice(s, seat)).map((a) => ducks.encode(a));
      expect(new Set(offered), `${s.turn.stage}`).toEqual(legal);
      if (s.turn.stage === 'reroll') fencesWhileRerolling += offered.filter((v) => v.startsWith('fence:')).length;
    }
    expect(fencesWhileRerolling).toBeGreaterThan(0);
  });

  it('D9 a fence pressed during the re-rolls keeps the dice and draws it, the rules\' way: as Keep then the fence', () => {
    const s = { ...withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] }, areas: { ana: { rerolls: 3 } } }), ['red', 'blue', 'blue']), turn: { ...two().turn, stage: 'reroll' as const, dice: ['red', 'blue', 'blue'] as ('red' | 'blue')[], rerollsLeft: 1 } };
    const closing = fence('C1', 'C2');
    expect(tapsFor(ducks, s, 0, closing)).toHaveLength(1);
    const once = applyRequest(ducks, s, 0, closing);
    const keep = play(s, 0, { type: 'keep' });
    const twice = play(keep.state, 0, closing);
    expect(once.ok && once.state).toEqual(twice.state);
    expect(once.ok && once.events).toEqual([...keep.events, ...twice.events]);
    // A fence the kept dice do not give is refused for what is wrong with it.
    const far = applyRequest(ducks, s, 0, fence('E5', 'E6'));
    expect(!far.ok && far.code).toBe('TOUCH');
  });

  it('a turn is Roll and the fence\'s number, and in solo the Automa\'s pen\'s number: median 3 taps or fewer, every option one press', () => {
    for (const [games, most] of [[solos, 3], [twos, 2]] as const) {
      const perTurn = new Map<string, number>();
      for (const { s, seat, turn: key } of games) {
        const taps = tapsFor(ducks, s, seat, person(s, seat));
        expect(taps, ducks.words.action(s, person(s, seat))).not.toBeNull();
        // A level of more than MAX_BUTTONS options is a menu: two presses.
        const level = choice(s, seat);
        perTurn.set(key, (perTurn.get(key) ?? 0) + taps!.length + (level.options.length > MAX_BUTTONS ? 1 : 0));
      }
      const sorted = [...perTurn.values()].sort((a, b) => a - b);
      expect(sorted[sorted.length >> 1]).toBeLessThanOrEqual(most);
    }
  });

  it('every level about places draws each option\'s label on its picture, every text at least 11 CSS px on a 390 px phone', () => {
    let checked = 0;
    const kinds = new Set<string>();
    for (const { s, seat } of [...solos, ...twos].filter((_, i) => i % 4 === 0)) {
      for (const { path, level } of levels(choice(s, seat), 2)) {
        for (const o of level.options) expect(o.label.length, o.label).toBeLessThanOrEqual(level.picture || !isLeaf(o) ? LABEL_MAX : 80);
        if (!level.picture) continue;
        const { texts } = textsDrawn(() => drawPicture(level.picture!));
        const drawn = labelsDrawn(level.picture);
        for (const o of level.options) expect(drawn.get(o.label) ?? 0, `"${o.label}" at ${path.join(' › ') || 'the first level'} (${s.turn.stage})`).toBeGreaterThanOrEqual(1);
        expect(smallestText(texts)!.css, JSON.stringify(smallestText(texts))).toBeGreaterThanOrEqual(11);
        kinds.add(s.turn.stage);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect([...kinds].sort()).toEqual(['act', 'automa', 'reroll']);
  });

  it('a fence that closes a pen says so, and the picture shades that pen with the fence\'s number; one that closes it for the other player says whose', () => {
    const s = withDice(two({ fences: { red: ['A3-C3', 'C2-C3'] } }), ['red', 'blue', 'blue']);
    const level = choice(s);
    const closing = level.options.find((o) => isLeaf(o) && ducks.encode(o.action) === ducks.encode(fence('C1', 'C2')))!;
    // A1 B1 A2 B2: ducks 1 and 2, an egg, nothing (the board's data).
    expect(closing.says).toMatch(/^C1 → C2 · closes a 4-space pen: you capture \d+ ducks?/);
    expect(closing.style).toBe('success');
    const view = level.picture!.view as DucksChoiceView;
    const pen = view.would.find((w) => w.labels.includes(closing.label));
    expect(pen?.cells).toEqual([sp('A1'), sp('B1'), sp('A2'), sp('B2')]);
    // Its number is drawn twice: on the fence, and in the pen.
    expect(labelsDrawn(level.picture!).get(closing.label)).toBe(2);
    const plain = level.options.find((o) => o.label !== closing.label && isLeaf(o) && o.action.type === 'fence')!;
    expect(plain.says).not.toContain('closes');
    // Blue has 8 of the P's 10 sides: red closes it for blue.
    const theirs = withDice(two({ fences: { blue: ['D4-D7', 'D4-F4', 'F4-F6', 'E6-F6'], red: ['E6-E7'] } }), ['red', 'blue', 'blue']);
    const forBo = choice(theirs).options.find((o) => isLeaf(o) && o.says.includes('closes'))!;
    expect(forBo.says).toMatch(/closes a P pen for bo \(more of its sides are blue\): bo captures /);
    expect(forBo.style).toBe('danger');
  });

  it('A6 the Automa\'s pen: each placement on a part of the board of its own, numbered, fewest ducks first (1 is the simple strategy\'s)', () => {
    const s = positions(1, 1, 'automa').map((p) => p.s).find((x) => x.turn.stage === 'automa' && ducks.legalActions(x, 0).length > 3 && ducks.legalActions(x, 0).length <= MAX_BUTTONS)!;
    const level = choice(s, 0);
    expect(level.options.map((o) => o.label)).toEqual(level.options.map((_, i) => String(i + 1)));
    const first = level.options[0]!;
    expect(isLeaf(first) && ducks.encode(first.action)).toBe(ducks.encode(simpleChoice(s, 0)!));
    expect(first.says).toMatch(/(leaves?|leave) play|nothing leaves play/);
    // Each on a tile of its own: the board's row numbers are not drawn there, only the placements' numbers.
    expect(textsDrawn(() => drawPicture(level.picture!)).texts.filter((t) => /^\d+$/.test(t.text)).map((t) => t.text)).toEqual(level.options.map((o) => o.label));
  });

  it('A6 an open board\'s many placements: Fewest ducks at once (shown on the board), or a direction from the dot and then its numbered places', () => {
    const s = positions(2, 1, 'automa').map((p) => p.s).find((x) => x.turn.stage === 'automa' && ducks.legalActions(x, 0).length > TILES_MAX)!;
    const root = choice(s, 0);
    const [fewest, ...ways] = root.options;
    expect(fewest!.label).toBe('Fewest ducks');
    expect(isLeaf(fewest!) && ducks.encode(fewest.action)).toBe(ducks.encode(simpleChoice(s, 0)!));
    expect(ways.map((o) => o.label).every((l) => ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'].includes(l))).toBe(true);
    const view = root.picture!.view as DucksChoiceView;
    expect(view.placed).toEqual(isLeaf(fewest!) && fewest.action.type === 'place' ? fewest.action.cells : null);
    // Every placement once, under one direction.
    const under = ways.flatMap((o) => (isLeaf(o) ? [] : o.then().options.map((x) => (isLeaf(x) ? ducks.encode(x.action) : ''))));
    expect(under.sort()).toEqual(ducks.legalActions(s, 0).map((a) => ducks.encode(a)).sort());
    for (const o of ways) expect(isLeaf(o) ? 0 : o.then().options.length).toBeLessThanOrEqual(TILES_MAX);
  });

  it('a turn\'s board names who is to play, in the picture and its alt text; the end\'s board tells why it ended, the score by parts and the verdict', () => {
    const s = two({ turn: { of: 'bo' } });
    const board = ducks.board(s);
    expect(board.alt).toMatch(/ bo to play\.$/);
    const { texts } = textsDrawn(() => drawPicture(board));
    expect(texts.map((t) => t.text)).toContain('Turn 1 · bo to play');
    expect(smallestText(texts)!.css).toBeGreaterThanOrEqual(11);
    // Two skips in a row end it.
    let e = withDice(two({ areas: { ana: { rerolls: 12 }, bo: { rerolls: 12 } }, pens: [{ cells: 'A1 B1 C1', owner: 'red' }] }), ['blue', 'blue', 'blue']);
    e = play(e, 0, { type: 'done' }).state;
    e = play(withDice(e, ['red', 'red', 'red']), 1, { type: 'done' }).state;
    const end = ducks.board(e);
    const view = end.view as DucksView;
    expect(view.ending).toMatchObject({ why: 'two turns in a row were skipped', verdict: 'ana wins, 1 point to 0' });
    expect(end.alt).toMatch(/ ana wins, 1 point to 0\.$/);
    const drawn = textsDrawn(() => drawPicture(end)).texts.map((t) => t.text);
    expect(drawn).toEqual(expect.arrayContaining(['Score · two turns in a row were skipped', 'Largest group of pens', 'Points', 'Ducks penned (tie-break)']));
    expect(drawn.some((t) => t.startsWith('ana wins'))).toBe(true);
  });
});

describe('a Duck Pens turn is one post', () => {
  /** The posts of a run of steps, as the platform cuts them. */
  const steps = (s: DucksState, seat: number, actions: Action[]): Step<DucksState, DucksEvent>[] => {
    const out: Step<DucksState, DucksEvent>[] = [];
    for (const a of actions) {
      const r = play(s, seat, a);
      out.push({ state: r.state, events: r.events });
      s = r.state;
    }
    return out;
  };

  it('held while the turn is under way (rolled, a fence to draw, the Automa\'s card to place), then one post with the board marking every fence the turn drew', () => {
    const start = solo({ fences: { red: ['A3-C3', 'C2-C3'] }, rolls: ['red', 'blue', 'blue'] });
    const rolled = steps(start, 0, [{ type: 'roll' }]);
    expect(posts(rolled).map((p) => p.held)).toEqual([true]);
    const fenced = steps(rolled[0]!.state, 0, [fence('C1', 'C2')]);
    // The turn is over, the Automa's card turned: still the same turn for the channel.
    expect(fenced[0]!.state.turn.stage).toBe('automa');
    expect(posts([...rolled, ...fenced]).map((p) => p.held)).toEqual([true]);
    // The pen's duck boxes, then the Automa's pen: held until the pen is placed.
    const placed: Step<DucksState, DucksEvent>[] = [];
    for (let t = fenced[0]!.state; t.turn.stage === 'automa';) {
      placed.push(...steps(t, 0, [simpleChoice(t, 0)!]));
      t = placed[placed.length - 1]!.state;
      if (t.turn.stage === 'automa') expect(posts([...rolled, ...fenced, ...placed]).map((p) => p.held)).toEqual([true]);
    }
    expect(placed.map((p) => p.events[0]?.type)).toContain('automaPlaced');
    const all = posts([...rolled, ...fenced, ...placed]);
    expect(all).toHaveLength(1);
    expect(all[0]!.held).toBeFalsy();
    const types = all[0]!.events.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['rolled', 'fenced', 'penFormed', 'turnEnded', 'captured', 'card', 'automaPlaced']));
    const marked = (all[0]!.picture!.view as DucksView).lastEdges;
    const drawn = [...fenced, ...placed].flatMap((p) => p.events).flatMap((e) => (e.type === 'fenced' || e.type === 'automaPlaced' ? e.edges : []));
    expect(new Set(marked)).toEqual(new Set(drawn));
  });

  it('two players: a turn ends in one post that asks the next player; a game\'s start is never held', () => {
    const s = two({ fences: { red: ['A3-C3', 'C2-C3'] }, rolls: ['red', 'blue', 'blue'] });
    const turn = steps(s, 0, [{ type: 'roll' }, fence('C1', 'C2')]);
    const cut = posts(turn);
    expect(cut).toHaveLength(1);
    expect(cut[0]!.held).toBeFalsy();
    expect(ducks.activeSeats(cut[0]!.state)).toContain(1);
    const started = ducks.setup({ seats: [{ name: 'Ana', computer: false }], seed: 's', options: { colour: 'red', takeOver: false } });
    expect(posts([{ state: started.state, events: started.events }]).map((p) => p.held ?? false)).toEqual([false]);
  });
});
