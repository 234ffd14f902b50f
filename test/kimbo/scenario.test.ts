// Game of Fences scenario files (docs/kimbo.md): what a referee can state, and how the runner
// answers a move the roll does not allow (a refusal, not an invalid file).
import { describe, expect, it } from 'vitest';
import { BOARD } from '../../src/games/kimbo/board.ts';
import { runScenario as runFile } from '../../src/games/kimbo/scenario.ts';
import { view } from '../../src/games/kimbo/views.ts';
import { ScenarioError } from '../../src/platform/game.ts';
import { kimbo } from '../../src/games/kimbo/index.ts';
import { requestsTo } from '../../src/platform/requests.ts';

/** A scenario file played through the platform's requests, as the bot plays it. */
const runScenario = (json: unknown) => runFile(json, requestsTo(kimbo));

const base = { game: 'kimbo', name: 'G21 t', players: ['ana', 'bo'], pieces: { ana: ['A4', 'O8', 'HOME', 'HOME'] }, current: 'ana', rolled: [1, 2] };

describe('Game of Fences scenarios', () => {
  it('a move the roll does not allow is the engine\'s refusal: a failed step with the refusal, or a kept expectation', () => {
    const played = runScenario({ ...base, steps: [{ by: 'ana', action: { type: 'move', label: 'piece 1 A4 east 5 → F4' } }] });
    expect(played.failures).toEqual(['step 1: refused (ILLEGAL_MOVE: That is not one of the moves this roll allows.)']);
    expect(played.lines[0]).toMatchObject({ step: 1, by: 'ana', label: 'piece 1 A4 east 5 → F4', ok: false, code: 'ILLEGAL_MOVE', legal: expect.arrayContaining(['piece 1 A4 east 1+2 → C5']) });
    const expected = runScenario({ ...base, steps: [{ by: 'ana', action: { type: 'move', label: 'piece 1 A4 east 5 → F4' }, expect: { code: 'ILLEGAL_MOVE' } }, { expect: { dice: [1, 2], stage: 'play' } }] });
    expect(expected.failures).toEqual([]);
    expect(expected.lines[1]).toEqual({ step: 2, check: true });
  });

  it('neutral fences keep the colour the file gives them; a fence on a black line or given twice makes the file invalid', () => {
    const { state } = runScenario({ ...base, fences: { ana: ['K12|K13'], 'neutral east': ['J7|J8'], 'neutral west': ['F7|F8'], neutral: ['H5|H6'] }, steps: [] });
    // Drawn in their side's colour (the north entrance's slot H5|H6 is north's), marked neutral.
    expect(view(state).fences.map((f) => [f.colour, f.neutral])).toEqual([[BOARD.colours[0], false], [BOARD.colours[1], true], [BOARD.colours[3], true], [BOARD.colours[0], true]]);
    expect(() => runScenario({ ...base, fences: { ana: ['C4|D4'] }, steps: [] })).toThrow(ScenarioError);
    expect(() => runScenario({ ...base, fences: { ana: ['K12|K13'], neutral: ['K12|K13'] }, steps: [] })).toThrow(/given twice/);
    expect(() => runScenario({ ...base, pieces: { ana: ['A4', 'O8', 'HOME', 'HOME'], bo: ['A4', 'A1', 'A1', 'A1'] }, steps: [] })).toThrow(/both stand on A4/);
    expect(() => runScenario({ ...base, current: undefined, openingDice: [6, 6, 1, 1, 2], rolled: undefined, steps: [] })).toThrow(/1 die left over/);
  });
});
