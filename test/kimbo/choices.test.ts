// A Game of Fences turn as taps on labelled pictures (src/games/kimbo/choices.ts): every legal
// move and nothing else is in the tree, in as many taps as it moves pieces; every level that is
// about places draws each option's label on its picture, legible on a phone; the turn's board
// names whose turn it is; a reversal shows.
import { describe, expect, it } from 'vitest';
import { simplePlayer } from '../../src/games/kimbo/bots.ts';
import { play, currentResults, legalActions, type Action } from '../../src/games/kimbo/engine.ts';
import draw, { pathPoints } from '../../src/games/kimbo/draw/index.ts';
import { kimbo } from '../../src/games/kimbo/index.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import { LABEL_MAX, type Choice } from '../../src/platform/choices.ts';
import type { Picture } from '../../src/platform/game.ts';
import type { Canvas } from '@napi-rs/canvas';
import { tapsFor } from '../bot/harness.ts';
import { smallestText, textsDrawn } from '../render/labels.ts';
import { newGame, position, sq } from './helpers.ts';
import { leaves, levels } from '../platform/choice-tree.ts';

type Level = Choice<Action, Picture>;
const choice = (s: KimboState): Level => kimbo.words.prompt(s, s.current).choice!;


const leavesOf = (root: Level): Action[] => leaves(root, 6);

/** States of a seeded game of three, at the moment a roll is to be played, every few turns. */
function rolledStates(count: number): KimboState[] {
  let s = newGame(3, 'choices');
  const out: KimboState[] = [];
  for (let i = 0; out.length < count && !s.outcome && i < 2000; i++) {
    if (s.stage === 'play' && i % 3 === 0) out.push(s);
    const r = play(s, s.current, simplePlayer(s, s.current)!);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  }
  return out;
}

const drawChoice = (p: Picture): Canvas => (draw as Record<string, (v: unknown) => Canvas>)[p.kind]!(p.view);

describe('a Game of Fences turn in taps', () => {
  it('offers every legal move and nothing else as squares: a one-piece move in one tap, a two-piece move in two', () => {
    let results = 0;
    let longer = 0;
    for (const s of rolledStates(12)) {
      const root = choice(s);
      const legal = new Set(legalActions(s, s.current).map((a) => kimbo.encode(a)));
      const offered = leavesOf(root).map((a) => kimbo.encode(a));
      expect(new Set(offered)).toEqual(legal);
      for (const r of currentResults(s)) {
        const taps = tapsFor(kimbo, s, s.current, { type: 'move', key: r.key })!;
        results++;
        // A square per piece moved, each a square's name. A square where one move stops and
        // another goes on is pressed again to stop; moves that differ only by a capture on the
        // way are then named in words.
        for (const label of taps.slice(0, r.moves.length)) expect(label).toMatch(/^([A-O](1[0-5]|[1-9])|HOME)$/);
        expect(taps.length).toBeLessThanOrEqual(r.moves.length + 2);
        if (taps.length > r.moves.length) longer++;
      }
    }
    expect(results).toBeGreaterThan(200);
    expect(longer / results).toBeLessThan(0.1);
  });

  it('before the roll offers Roll and Move a fence; a fence is moved by its letter, a part of the board and a numbered slot', () => {
    const s = newGame(2, 'fence-taps');
    const root = choice(s);
    expect(root.options.map((o) => o.label)).toEqual(['Roll the dice', 'Move a fence']);
    const all = leavesOf(root);
    const fences = all.filter((a) => a.type === 'fence');
    // Every own fence to every empty slot, each once.
    expect(new Set(fences.map((a) => kimbo.encode(a))).size).toBe(legalActions(s, s.current).filter((a) => a.type === 'fence').length);
    const taps = tapsFor(kimbo, s, s.current, fences[100]!)!;
    expect(taps).toHaveLength(4);
    expect(taps[0]).toBe('Move a fence');
    expect(taps[1]).toMatch(/^[a-f]$/);
    expect(['top left', 'top', 'top right', 'left', 'middle', 'right', 'bottom left', 'bottom', 'bottom right']).toContain(taps[2]);
    expect(taps[3]).toMatch(/^\d+$/);
  });

  it('every level about places draws each option\'s label on its picture, every text at least 11 CSS px on a 390 px phone', () => {
    const s = rolledStates(4)[3]!;
    const fenceRoot = choice(newGame(3, 'fence-labels'));
    const capture = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['C4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [2, 1] });
    const captured = play(capture, 0, { type: 'move', key: currentResults(capture).find((r) => r.captures.length > 0)!.key });
    if (!captured.ok) throw new Error(captured.message);
    const trees = [choice(s), fenceRoot, choice(captured.state)];
    let checked = 0;
    for (const root of trees) {
      for (const { path, level } of levels(root, 3).slice(0, 12)) {
        for (const o of level.options) expect(o.label.length, o.label).toBeLessThanOrEqual(level.picture ? LABEL_MAX : 80);
        if (!level.picture) continue;
        const { texts } = textsDrawn(() => drawChoice(level.picture!));
        const drawn = new Set(texts.map((t) => t.text));
        for (const o of level.options) expect(drawn.has(o.label), `"${o.label}" at ${path.join(' › ') || 'the first level'}`).toBe(true);
        expect(smallestText(texts)!.css, JSON.stringify(smallestText(texts))).toBeGreaterThanOrEqual(11);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a turn\'s board names whose turn it is (lit, and in the alt text); every text on it at least 11 CSS px at 390 px', () => {
    // Pieces stacked three and four on start squares and in HOME: the busiest boxes.
    const s = position({ n: 4, pieces: { 0: ['A1', 'A1', 'A1', 'HOME'], 1: ['O1', 'HOME', 'HOME', 'HOME'], 2: ['A1', 'A1', 'A1', 'A1'] }, current: 1 });
    const picture = kimbo.board(s);
    expect(picture.alt).toMatch(/ Bo to play\.$/);
    const { texts } = textsDrawn(() => drawChoice(picture));
    expect(texts.map((t) => t.text)).toContain('Bo');
    expect(smallestText(texts)!.css).toBeGreaterThanOrEqual(11);
  });

  it('G13 a piece that turns back in a dead end is drawn going out and coming back side by side', () => {
    const out = pathPoints([sq('D5'), sq('D4'), sq('D3'), sq('D4'), sq('D5')]);
    // The way back does not run over the way out.
    const [there, back] = [out[1]!, out[out.length - 2]!];
    expect(Math.hypot(there[0] - back[0], there[1] - back[1])).toBeGreaterThanOrEqual(10);
    const straight = pathPoints([sq('D5'), sq('D4'), sq('D3')]);
    expect(straight).toHaveLength(3);
  });
});
