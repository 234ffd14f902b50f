// What the play surface reads back from Discord: the typed text autocomplete filters on
// (whole words and squares), and the custom ids of a choice's levels (the labels pressed so
// far, the seats offered), every part untrusted.
import { describe, expect, it } from 'vitest';
import { matches } from '../../src/discord/handlers/play.ts';
import { parseButtonId, tapId, tapMenuId, tapOf } from '../../src/discord/ids.ts';

describe('autocomplete matches whole words and squares', () => {
  const move = 'piece 1 A1 east 6+3 → J1';
  it('a number typed is a whole word: "piece 3" is not the 3 of "6+3", "6+3" is the sum', () => {
    expect(matches(move, 'piece 3')).toBe(false);
    expect(matches(move, 'piece 1')).toBe(true);
    expect(matches(move, '6+3')).toBe(true);
    expect(matches(move, '3')).toBe(false);
  });
  it('a square is a whole square: K1 is not K12, but K12 is one end of K12|K13', () => {
    expect(matches('Fence E2|F2 → K12|K13', 'k1')).toBe(false);
    expect(matches('Fence E2|F2 → K12|K13', 'k12')).toBe(true);
    expect(matches('Fence E2|F2 → K12|K13', 'E2|F2 K12|K13')).toBe(true);
    expect(matches(move, 'j1')).toBe(true);
  });
  it('letters being typed match the start of a word: "ea" for east, "pie" for piece', () => {
    expect(matches(move, 'pie ea')).toBe(true);
    expect(matches(move, 'west')).toBe(false);
  });
});

describe('the ids of a choice\'s levels', () => {
  it('carry the seats offered and the labels pressed, and read back the same', () => {
    const id = tapId(12, 34, [0, 2], [{ label: 'Move a fence', index: 1 }, { label: 'a', index: 0 }]);
    expect(id.length).toBeLessThanOrEqual(100);
    const b = parseButtonId(id)!;
    expect(b).toMatchObject({ verb: 'tap', gameId: 12, version: 34 });
    expect(tapOf(b)).toEqual({ seats: [0, 2], path: { labels: ['Move a fence', 'a'] }, menu: null });
    const menu = parseButtonId(tapMenuId(12, 34, [1], 2, [{ label: 'K7', index: 3 }]))!;
    expect(tapOf(menu)).toEqual({ seats: [1], path: { labels: ['K7'] }, menu: 2 });
  });

  it('labels too long for an id go by their places in their levels, still within 100 characters', () => {
    const long = Array.from({ length: 5 }, (_, i) => ({ label: `a label of some length ${i}`, index: i + 7 }));
    const id = tapId(123456, 99999, [3], long);
    expect(id.length).toBeLessThanOrEqual(100);
    expect(tapOf(parseButtonId(id)!)).toEqual({ seats: [3], path: { places: [7, 8, 9, 10, 11] }, menu: null });
  });

  it('a forged path that does not read is no choice at all', () => {
    for (const forged of ['f:tap:1:2:s1:%E0%A4%A', 'f:tap:1:2:s1:#x/1', 'f:tap:1:2:nope', 'f:tapm:1:2:s1:K7']) {
      const b = parseButtonId(forged);
      expect(b === null || tapOf(b) === null, forged).toBe(true);
    }
  });
});
