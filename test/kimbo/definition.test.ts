// The Game of Fences definition as the platform uses it: encoded actions, typed moves, refusals
// of bad input (state unchanged), prompts and words players read.
import { describe, expect, it } from 'vitest';
import { kimbo } from '../../src/games/kimbo/index.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { playOut } from '../../src/games/kimbo/bots.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import { edge, moveTo, newGame, position } from './helpers.ts';

describe('the /kimbo definition', () => {
  it('encodes every legal action in at most 80 characters and decodes it back; garbage decodes to nothing', () => {
    let s = newGame(4, 'codes');
    for (let i = 0; i < 60 && !s.outcome; i++) {
      for (const a of kimbo.legalActions(s, s.current).slice(0, 60)) {
        const text = kimbo.encode(a);
        expect(text.length).toBeLessThanOrEqual(80);
        expect(kimbo.decode(text)).toEqual(a);
        expect(kimbo.words.action(s, a).length).toBeLessThanOrEqual(100);
      }
      s = playOut(s, ['simple', 'random', 'simple', 'random'], 1).state;
    }
    for (const bad of ['', 'roll ', 'f1-', 'f999-2', 'c7', 'm', 'm-1.2', 'mABC', '{"type":"roll"}']) expect(kimbo.decode(bad)).toBeNull();
  });

  it('understands moves typed in plain words when they name one move, and fence moves as two slots', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(kimbo.parse!(s, 0, 'move', 'A4 east 1+2 C5')).toEqual(moveTo(s, 'piece 1 A4 east 1+2 → C5'));
    expect(kimbo.parse!(s, 0, 'move', 'piece 1 a4 south 1 + 2')).toEqual(moveTo(s, 'piece 1 A4 south 1+2 → A7'));
    expect(kimbo.parse!(s, 0, 'move', 'A4 east')).toBeNull();
    expect(kimbo.parse!(s, 0, 'fence', 'F5|G5 to K12|K13')).toEqual({ type: 'fence', from: edge('F5|G5'), to: edge('K12|K13') });
    expect(kimbo.parse!(s, 0, 'fence', 'F5|G5 → K12|K13')).toEqual({ type: 'fence', from: edge('F5|G5'), to: edge('K12|K13') });
    expect(kimbo.parse!(s, 0, 'fence', 'F5 K12')).toBeNull();
  });

  it('/kimbo move before rolling says to roll first; a fence on a black line or an entrance has its own refusal', () => {
    const s = position({});
    const typed = kimbo.parse!(s, 0, 'move', 'piece 1 A1 east');
    const r = applyRequest(kimbo, s, 0, typed);
    expect(r.ok || r.message).toMatch(/^Roll first: press \*\*Roll the dice\*\*/);
    expect(kimbo.words.unavailable!(s, 0, 'move')).toMatch(/^Roll first/);
    const mine = s.fences.find((f) => f.owner === 0)!.slot;
    const line = applyRequest(kimbo, s, 0, kimbo.parse!(s, 0, 'fence', `${kimbo.words.action(s, { type: 'fence', from: mine, to: mine }).split(' ')[1]} C4|D4`));
    expect(line.ok || [line.code, line.message]).toEqual(['NOT_A_SLOT', expect.stringContaining('C4|D4 is a black line')]);
  });

  it('refuses bad input with a reason and leaves the game as it was', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    const copy = JSON.stringify(s);
    const cases: [number | 'system', unknown, RegExp][] = [
      [0, null, /not a move of this game/],
      [0, { type: 'move', key: 'nonsense' }, /not one of the moves this roll allows/],
      [0, { type: 'roll' }, /already rolled/],
      [0, { type: 'fence', from: 1, to: 2 }, /only be moved before rolling/],
      [0, { type: 'corner', corner: 1 }, /no captured piece/],
      [1, moveTo(s, 'piece 1 A4 east 1+2 → C5'), /It is Ana's turn/],
      [7, { type: 'roll' }, /not in this game/],
      ['system', { type: 'timeout', seat: 1 }, /not waiting for that player/],
      ['system', { type: 'explode' }, /Not a request/],
    ];
    for (const [actor, input, message] of cases) {
      const r = applyRequest(kimbo, s, actor, input);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(message);
    }
    expect(JSON.stringify(s)).toBe(copy);
  });

  it('asks for the roll with a choice of Roll or Move a fence, and after it for squares; a move typed in words is still read', () => {
    const start = kimbo.words.prompt(newGame(2), 0);
    expect(start.choice?.options.map((o) => o.label)).toEqual(['Roll the dice', 'Move a fence']);
    expect(start.text).toBe('your turn: roll the dice, or first move one of your fences.');
    const many = position({ dice: [3, 4] });
    const q = kimbo.words.prompt(many, 0);
    expect(q.text).toMatch(/^you rolled 3 and 4: where does a piece go\? Press its square \(labelled on the board\), or type the move with `\/kimbo move` \(\d+ possible\)\.$/);
    expect(q.choice?.question).toBe('you rolled 3 and 4: where does a piece go?');
    expect(q.choice?.options.every((o) => /^([A-O](1[0-5]|[1-9])|HOME)$/.test(o.label))).toBe(true);
    expect(kimbo.parse!(many, 0, 'move', 'piece 1 A1 east 3+4')).not.toBeNull();
  });

  it('tells the status in plain words and has rules topics and help without ruling ids', () => {
    const s: KimboState = playOut(newGame(3, 'status'), ['simple', 'simple', 'simple'], 30).state;
    const lines = kimbo.words.status(s);
    expect(lines[0]).toMatch(/^Ana \(North\): \d in HOME/);
    expect(kimbo.words.phase(s)).toMatch(/^round \d+ of at most 200$/);
    const all = [...kimbo.words.rules.map((r) => r.text), kimbo.words.help, kimbo.words.resign].join('\n');
    expect(all).not.toMatch(/ruling|\(G\d|\bH2\b/i);
    expect(kimbo.words.rules.map((r) => r.value)).toEqual(['overview', 'setup', 'turn', 'moving', 'capture', 'home', 'doubles', 'last', 'winning']);
  });
});
