// A Fences turn as taps on labelled pictures (src/games/farm/choices.ts): every legal action and
// nothing else is in the tree; a placement is Place a tile, a numbered cell, a tile and turn
// (one tap more when its cell is in another part of the map), with what it scores said before it
// is played; every level about places draws each option's label on its picture, every text of
// it legible on a phone; the turn post's first level and picture show no hand; the turn's
// picture names whom the game waits for; the end's picture breaks the scores down.
import type { Canvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/games/farm/actions.ts';
import draw from '../../src/games/farm/draw/index.ts';
import { play, gainsIf, simpleChoice } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import { endPicture, type ChoicePictureView, type EndPictureView } from '../../src/games/farm/pictures.ts';
import { posts, turnPicture } from '../../src/games/farm/posts.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { isLeaf, LABEL_MAX } from '../../src/platform/choices.ts';
import type { Picture } from '../../src/platform/game.ts';
import { smallestText, textsDrawn } from '../render/labels.ts';
import { newGame } from './helpers.ts';
import { choiceOf, levels, tapsOf, type Level } from './taps.ts';

const leaves = (root: Level): Action[] => levels(root, 5).flatMap(({ level }) => level.options.flatMap((o) => (isLeaf(o) ? [o.action] : [])));

const drawPicture = (p: Picture): Canvas => (draw as Record<string, (v: unknown) => Canvas>)[p.kind]!(p.view);

/** States of seeded games at every kind of question: placing, the henhouse, gates, the fox, bales, the horse, seasons. */
function states(options: Record<string, unknown>, seed: string, every = 3, count = 40): FarmState[] {
  let s = newGame(3, options, seed);
  const out: FarmState[] = [];
  for (let i = 0; !s.outcome && out.length < count && i < 3000; i++) {
    if (i % every === 0 || s.pending.length > 0 || s.stage.kind === 'gate' || s.stage.kind === 'extra') out.push(s);
    const seat = farm.activeSeats(s)[0]!;
    const r = play(s, seat, simpleChoice(s, seat));
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

const ALL = { males: true, chickens: true, market: true, gates: true, bales: true, tractor: true, horse: true, storage: true, sharecroppers: true, dustBowl: true };

describe('a Fences turn in taps', () => {
  it('offers every legal action and nothing else, at every kind of question', () => {
    const kinds = new Set<string>();
    for (const s of [...states({}, 'taps-base', 5, 20), ...states(ALL, 'taps-ranch', 2, 60), ...states({ seasons: true, tractor: true, horse: true }, 'taps-seasons', 2, 60)]) {
      const seat = farm.activeSeats(s)[0]!;
      const legal = new Set(farm.legalActions(s, seat).map((a) => farm.encode(a)));
      const offered = leaves(choiceOf(s)).map((a) => farm.encode(a));
      expect(new Set(offered), `${s.stage.kind} ${s.pending[0]?.kind ?? ''}`).toEqual(legal);
      kinds.add(s.pending[0]?.kind ?? s.stage.kind);
    }
    for (const k of ['place', 'claim', 'gate', 'fox', 'bale', 'horse']) expect(kinds).toContain(k);
  });

  it('a placement is Place a tile, a numbered cell (the one way a tile fits it drawn there), then the tile and its turn where several fit; a part letter more from another part of the map; each says what it would score', () => {
    let placements = 0;
    const counts: number[] = [];
    for (const s of states({}, 'taps-place', 4, 25).filter((x) => x.stage.kind === 'place' && x.pending.length === 0)) {
      const seat = s.current;
      const all = tapsOf(s);
      const places = farm.legalActions(s, seat).filter((x): x is Extract<Action, { type: 'place' }> => x.type === 'place');
      for (const a of places) {
        const path = all.get(farm.encode(a))!;
        expect(path, JSON.stringify(a)).toBeDefined();
        expect(path[0]).toBe('Place a tile');
        const alone = places.filter((b) => b.x === a.x && b.y === a.y).length === 1;
        const cell = alone ? path[path.length - 1]! : path[path.length - 2]!;
        expect(cell).toMatch(/^\d+$/);
        if (!alone) expect(path[path.length - 1]).toBe(`${a.tile} ${a.rot * 90}°`);
        const letters = path.length - (alone ? 2 : 3);
        expect(letters, path.join(' › ')).toBeLessThanOrEqual(1);
        if (letters === 1) expect(path[1]).toMatch(/^[A-Z]$/);
        counts.push(path.length);
        placements++;
      }
      // The option that places the tile says what it would score, before it is played.
      const a = simpleChoice(s, seat)!;
      if (a.type !== 'place') continue;
      const path = all.get(farm.encode(a))!;
      let level = choiceOf(s);
      for (const label of path.slice(0, -1)) {
        const o = level.options.find((x) => x.label === label)!;
        if (isLeaf(o)) throw new Error('a leaf before the last tap');
        level = o.then();
      }
      const says = level.options.find((o) => o.label === path[path.length - 1])!.says;
      const gain = gainsIf(s, { id: a.tile, x: a.x, y: a.y, rot: a.rot }, seat)[seat]!;
      expect(says).toMatch(gain > 0 ? new RegExp(`closes \\d+ farms?: you would score ${gain}`) : /closes (no farm|\d+ farms?: you would score 0)/);
    }
    expect(placements).toBeGreaterThan(300);
    // Most placements need no change of part; a cell a tile fits one way only is one tap fewer.
    expect(counts.filter((n) => n <= 3).length / counts.length).toBeGreaterThan(0.3);
    expect(counts).toContain(2);
  });

  it('every level about places draws each option\'s label on its picture, every text at least 11 CSS px on a 390 px phone', () => {
    const picked = [...states(ALL, 'labels-ranch', 7, 14), ...states({ seasons: true }, 'labels-seasons', 9, 6)];
    let checked = 0;
    for (const s of picked) {
      for (const { path, level } of levels(choiceOf(s), 3).slice(0, 6)) {
        for (const o of level.options) expect(o.label.length, o.label).toBeLessThanOrEqual(level.picture ? LABEL_MAX : 80);
        if (!level.picture) continue;
        const { texts } = textsDrawn(() => drawPicture(level.picture!));
        const drawn = new Set(texts.map((t) => t.text));
        for (const o of level.options) expect(drawn.has(o.label), `"${o.label}" at ${path.join(' › ') || 'the first level'}`).toBe(true);
        expect(smallestText(texts)!.css, JSON.stringify(smallestText(texts))).toBeGreaterThanOrEqual(11);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(30);
  });

  it('F6 the turn post\'s first level tells nothing of the hand; the cells where the tiles fit are shown to their player alone, with their tiles', () => {
    for (const s of states(ALL, 'hidden', 3, 30)) {
      const seat = farm.activeSeats(s)[0]!;
      const root = choiceOf(s);
      const hands = s.hands.flat();
      for (const o of root.options) for (const id of hands) expect(o.label + o.says, o.label).not.toContain(id);
      if (root.picture) {
        expect((root.picture.view as ChoicePictureView).farm.hand).toBeNull();
        expect((root.picture.view as ChoicePictureView).hand).toBe(false);
        for (const id of hands) expect(root.picture.alt).not.toContain(id);
      }
      if (s.stage.kind !== 'place' || s.pending.length > 0) continue;
      const cells = root.options.find((o) => o.label === 'Place a tile');
      if (!cells || isLeaf(cells)) continue;
      const view = cells.then().picture!.view as ChoicePictureView;
      expect(view.hand).toBe(true);
      expect(view.farm.hand!.map((t) => t.id)).toEqual([...s.hands[seat]!, ...(s.rows?.[seat] ?? [])]);
    }
  });

  it('a turn\'s picture names whom the game waits for (the player to play, or the one to choose a field), every text at least 11 CSS px at 390 px', () => {
    let choosing = 0;
    for (const s of states(ALL, 'acting', 6, 30)) {
      const acting = farm.activeSeats(s)[0]!;
      const picture = turnPicture(s);
      const { texts } = textsDrawn(() => drawPicture(picture));
      const who = s.seats[acting]!.name + (acting === s.current ? ' (to play)' : ' (to choose)');
      expect(texts.some((t) => t.text.startsWith(`${who}:`)), who).toBe(true);
      expect(picture.alt).toContain(`${s.seats[acting]!.name} to ${acting === s.current ? 'play' : 'choose'}.`);
      expect(smallestText(texts)!.css).toBeGreaterThanOrEqual(11);
      if (acting !== s.current) choosing++;
    }
    expect(choosing).toBeGreaterThan(0);
  });

  it('a turn still under way is held: the channel hears of it once the turn ends, in one post', () => {
    let s = newGame(2, {}, 'held');
    let held = 0;
    for (let i = 0; i < 120 && !s.outcome; i++) {
      const seat = farm.activeSeats(s)[0]!;
      const r = play(s, seat, simpleChoice(s, seat));
      if (!r.ok) throw new Error(r.message);
      const plans = posts([{ state: r.state, events: r.events }]);
      const goesOn = !r.state.outcome && farm.activeSeats(r.state)[0] === seat && r.state.current === seat && !r.events.some((e) => e.type === 'turn');
      expect(plans[plans.length - 1]!.held === true, JSON.stringify(r.events.map((e) => e.type))).toBe(goesOn);
      if (goesOn) held++;
      s = r.state;
    }
    expect(held).toBeGreaterThan(5);
  });

  it('F14 the end\'s picture: why the game ended, each player\'s points by kind adding up to their score, the winner, every farm numbered; every text at least 11 CSS px', () => {
    let s = newGame(3, { bales: true, market: true, storage: true, horse: true }, 'the-end');
    while (!s.outcome) {
      const seat = farm.activeSeats(s)[0]!;
      const r = play(s, seat, simpleChoice(s, seat));
      if (!r.ok) throw new Error(r.message);
      s = r.state;
    }
    const picture = endPicture(s);
    const view = picture.view as EndPictureView;
    expect(view.reason).toBe('All tiles are placed.');
    for (const r of view.rows) expect(Object.values(r.by).reduce((a, b) => a + b, 0), view.farm.names[r.seat]).toBe(s.scores[r.seat]);
    expect(view.rows.filter((r) => r.winner).map((r) => r.seat)).toEqual(s.outcome!.winners);
    expect(view.kinds).toEqual(expect.arrayContaining(['animals', 'card', 'bales']));
    const { texts } = textsDrawn(() => drawPicture(picture));
    const drawn = new Set(texts.map((t) => t.text));
    for (let n = 1; n <= s.farms.length; n++) expect(drawn.has(String(n)), `farm ${n}`).toBe(true);
    for (const w of s.outcome!.winners) expect(drawn.has(`${s.seats[w]!.name} wins`)).toBe(true);
    expect(smallestText(texts)!.css).toBeGreaterThanOrEqual(11);
    // The game's last post carries this picture, and says who won and by how much.
    const plans = posts([{ state: s, events: [{ type: 'ended', reason: 'tiles', winners: s.outcome!.winners }] }]);
    expect(plans[plans.length - 1]!.picture?.kind).toBe('end');
    const [first, second] = [...s.scores.keys()].sort((a, b) => s.scores[b]! - s.scores[a]!);
    if (s.outcome!.winners.length === 1) expect(farm.words.summary!(s)).toEqual([`${s.seats[first!]!.name} wins by ${s.scores[first!]! - s.scores[second!]!} points over ${s.seats[second!]!.name}.`.replace(/ by 1 points/, ' by 1 point')]);
    // F14 a tie shares the win: no tie-break.
    const tied: FarmState = { ...s, scores: s.scores.map((n, i) => (i === second ? s.scores[first!]! : n)), outcome: { ...s.outcome!, winners: [first!, second!].sort() } };
    expect(farm.words.summary!(tied)[0]).toMatch(/ tie on \d+ points and share the win: the rules break no tie\.$/);
    const tiedView = endPicture(tied);
    const names = new Set(textsDrawn(() => drawPicture(tiedView)).texts.map((t) => t.text));
    for (const w of [first!, second!]) expect(names.has(`${s.seats[w]!.name} shares the win`)).toBe(true);
  });
});
