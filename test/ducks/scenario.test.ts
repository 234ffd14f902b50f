// Duck Pens scenario files (docs/ducks.md): starting positions are checked as the rules would
// have them, a turn can start where it stands, and the runner prints numbered steps.
import { describe, expect, it } from 'vitest';
import { position, runScenario as runFile } from '../../src/games/ducks/scenario.ts';
import { ScenarioError } from '../../src/platform/game.ts';
import { ducks } from '../../src/games/ducks/index.ts';
import { requestsTo } from '../../src/platform/requests.ts';

/** A scenario file played through the platform's requests, as the bot plays it. */
const runScenario = (json: unknown) => runFile(json, requestsTo(ducks));

const base = { game: 'ducks', name: 'D12 t', players: ['ana', 'bo'], first: 'ana' };
const invalid = (extra: Record<string, unknown>) => () => position({ ...base, ...extra });

describe('Duck Pens scenarios', () => {
  it('refuses a starting position no game could reach, saying what is wrong', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ fences: { red: ['A1-C1'] } }, /runs over a fence already drawn \(or the border\)/],
      [{ fences: { red: ['B3-E3'], blue: ['C3-D3'] } }, /runs over a fence already drawn/],
      [{ fences: { red: ['B3-E3-B3'] } }, /runs over itself/],
      [{ fences: { red: ['C1-C3'] }, pens: [{ cells: 'B1 C1 B2 C2', owner: 'red' }] }, /has a fence inside it/],
      [{ pens: [{ cells: 'A5 B5 C5 D5 E5', owner: 'red' }] }, /is not a pen: a pen has 3 or 4 spaces or a specialty shape/],
      [{ pens: [{ cells: 'A5 B5 D5', owner: 'red' }] }, /not joined side to side/],
      [{ pens: [{ cells: 'B2 C2 B3', owner: 'red' }, { cells: 'A1 B1 C1', owner: 'blue' }] }, /cannot be blue's: with its open sides drawn in blue it has sides red 5, blue 2/],
      [{ pens: [{ cells: 'A1 B1 C1', owner: 'red' }, { cells: 'C1 C2 D2', owner: 'red' }] }, /overlaps another pen/],
      [{ pens: [{ cells: 'E5 F5 E6', owner: 'blue', automa: true }] }, /an Automa pen needs a solo game/],
      [{ areas: { ana: { bread: 5 } } }, /areas\.ana: bread: at most 4/],
      [{ areas: { ana: { ducks: { P5: 4, X9: 1 } } } }, /the P5 row has 3 boxes; ducks: no specialty row X9/],
      [{ turn: { stage: 'act' } }, /turn: stage "act" needs the dice rolled/],
      [{ turn: { stage: 'reroll', dice: ['red', 'red', 'blue'] } }, /turn: 0 full re-roll sections: no re-roll/],
      [{ turn: { stage: 'roll', fenced: true } }, /a fence or special action is drawn only in stage "act"/],
      [{ deck: [1] }, /"deck" and "turned" are for solo games/],
    ];
    for (const [extra, message] of cases) expect(invalid(extra), JSON.stringify(extra)).toThrow(message);
    expect(() => position({ ...base, players: ['ana'], first: undefined, deck: [1, 2], turned: [2] })).toThrow(/a card is listed twice/);
    expect(() => position({ ...base, players: ['ana'], first: undefined, turn: { stage: 'automa' } })).toThrow(/needs a solo game and the card to place last in "turned"/);
    expect(invalid({ fences: { red: ['B3-E3'] }, pens: [{ cells: 'H1 I1 H2 I2', owner: 'red' }] })).not.toThrow();
  });

  it('starts a turn where it stands: dice rolled, re-rolls left, the dice the next re-roll shows', () => {
    const { lines, failures, state } = runScenario({
      ...base,
      areas: { ana: { rerolls: 7 } },
      turn: { of: 'ana', number: 4, stage: 'reroll', dice: ['blue', 'blue', 'red'], rerollsLeft: 1 },
      skips: 1,
      rolls: ['red', 'red'],
      steps: [
        { expect: { stage: 'reroll', rerollsLeft: 1, skips: 1, dice: ['blue', 'blue', 'red'] } },
        { by: 'ana', action: { type: 'reroll', dice: [1, 0] }, expect: { dice: ['red', 'red', 'red'], stage: 'act', text: ['ana re-rolls dice 1 and 2: now Red · Red · Red.'] } },
        { by: 'ana', action: 'C1 → C4' },
      ],
    });
    expect(failures).toEqual([]);
    expect(lines[0]).toEqual({ step: 1, check: true });
    expect(lines[1]).toMatchObject({ step: 2, by: 'ana', ok: true });
    expect(state.turn.seat).toBe(1);
    expect(state.skips).toBe(0);
  });

  it('a refused step fails the file with the refusal unless it expects one; an invalid file is a ScenarioError', () => {
    const r = runScenario({ ...base, steps: [{ by: 'ana', action: { type: 'box', shape: 'P5' } }] });
    expect(r.failures).toEqual(['step 1: refused (NO_BOXES: You have no duck boxes to place.)']);
    expect(r.lines[0]).toMatchObject({ step: 1, by: 'ana', ok: false, code: 'NO_BOXES' });
    expect(() => runScenario({ ...base, steps: [{ by: 'zed', action: { type: 'roll' } }] })).toThrow(ScenarioError);
  });
});
