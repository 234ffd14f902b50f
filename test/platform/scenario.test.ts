// What every game's scenario files share (docs/scenarios.md), played on the test game: steps
// numbered from 1, a refused action failing its step unless the step expects it, events in
// order and channel lines, a step without action checking the last action's, and a file that
// names what is not there refused as invalid, by the step's number.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/platform/game.ts';
import { requestsTo } from '../../src/platform/requests.ts';
import { actionExpectFields, fileFields, playerNames, playSteps, readScenario, stepSchema } from '../../src/platform/scenario.ts';
import { race } from '../games/race/index.ts';

const fileSchema = z.object({
  ...fileFields('race', stepSchema(z.object({ ...actionExpectFields, round: z.number().int().optional() }).strict())),
  players: playerNames({ min: 1, max: 3 }),
}).strict();

type RaceState = Extract<ReturnType<typeof race.setup>, { ok: true }>['state'];

/** A Race scenario: the players at the start line, then the steps. */
function run(steps: unknown[], players = ['ana', 'bo']) {
  const f = readScenario(fileSchema, { game: 'race', name: 'R1 test', players, steps });
  const start = race.setup({ seats: f.players.map((name) => ({ name, computer: false })), seed: f.seed, options: { goal: 10, fast: false } }).state as RaceState;
  return playSteps(start, f.steps, requestsTo(race), {
    action: (_s, _seat, a) => a,
    computer: (s, seat) => race.bots.steady!(s, seat),
    eventText: (s, e) => race.words.event(s, e),
    check: (s, e) => (e.round !== undefined && s.round !== e.round ? [`round ${s.round}, expected ${e.round}`] : []),
  });
}

describe('scenario steps, as every game plays them', () => {
  it('prints each step numbered from 1: who, the action, its events and channel lines, or the refusal and what it offers', () => {
    const { lines, failures } = run([
      { by: 'ana', action: { type: 'step', n: 2 } },
      { expect: { round: 1 } },
      { by: 'bo', action: { type: 'jump' }, expect: { code: 'INVALID' } },
      { by: 'bo', action: 'computer', expect: { round: 2 } },
    ]);
    expect(failures).toEqual([]);
    expect(lines).toEqual([
      { step: 1, by: 'ana', action: { type: 'step', n: 2 }, ok: true, events: [{ type: 'picked', seat: 0 }], text: ['ana has picked.'] },
      { step: 2, check: true },
      { step: 3, by: 'bo', action: { type: 'jump' }, ok: false, code: 'INVALID', message: 'Pick a step of 1, 2 or 3.', legal: ['Step 1', 'Step 2', 'Step 3'] },
      { step: 4, by: 'bo', action: { type: 'step', n: 2 }, ok: true, events: [{ type: 'picked', seat: 1 }, { type: 'moved', round: 1, steps: [2, 2], positions: [2, 2] }], text: ['bo has picked.', 'Round 1: ana +2 → 2, bo +2 → 2.'] },
    ]);
  });

  it('a refused action fails its step unless the step expects that refusal: its code, message and alternatives', () => {
    const refused = run([{ by: 'ana', action: { type: 'jump' }, note: 'no such action' }]);
    expect(refused.failures).toEqual(['step 1 (no such action): refused (INVALID: Pick a step of 1, 2 or 3.)']);
    expect(refused.lines[0]).toMatchObject({ failures: ['refused (INVALID: Pick a step of 1, 2 or 3.)'] });
    const wrong = run([{ by: 'ana', action: { type: 'jump' }, expect: { code: 'NOT_YOUR_TURN', message: 'step', offered: ['Step 4'] } }]);
    expect(wrong.failures).toEqual(['step 1: refused with INVALID, expected NOT_YOUR_TURN', 'step 1: the refusal offers no "Step 4" (it offers: Step 1 / Step 2 / Step 3)']);
    expect(run([{ by: 'ana', action: { type: 'step', n: 1 }, expect: { ok: false } }]).failures).toEqual(['step 1: expected a refusal, but it was played']);
    expect(run([{ expect: { code: 'INVALID' } }]).failures).toEqual(['step 1: ok, code, message and offered expect an action, and this step has none']);
  });

  it('events in order (a type or a partial event), events that must not occur, channel lines; a step without action checks the last action played', () => {
    const played = [{ by: 'ana', action: { type: 'step', n: 3 } }, { by: 'bo', action: { type: 'step', n: 1 } }];
    const ok = run([...played, { expect: { events: ['picked', { type: 'moved', positions: [3, 1] }], noEvents: ['over'], text: ['bo has picked.', 'bo +1 → 1'] } }]);
    expect(ok.failures).toEqual([]);
    const failing = run([...played, { expect: { events: ['moved', 'picked'], noEvents: ['moved'], text: ['ana has picked.'] } }]);
    expect(failing.failures).toEqual([
      'step 3: nothing said "ana has picked."; said: bo has picked. / Round 1: ana +3 → 3, bo +1 → 1.',
      'step 3: no event {"type":"picked"} (in order) among [{"type":"picked","seat":1},{"type":"moved","round":1,"steps":[3,1],"positions":[3,1]}]',
      "step 3: an event 'moved' occurred",
    ]);
    // After a refusal there is nothing to check.
    expect(run([...played, { by: 'ana', action: { type: 'jump' }, expect: { ok: false } }, { expect: { noEvents: ['moved'] } }]).failures).toEqual([]);
  });

  it('a file that names a player who is not there, or writes a step wrong, is invalid and says which step', () => {
    expect(() => run([{ by: 'ana', action: { type: 'step', n: 1 } }, { by: 'cy', action: { type: 'step', n: 1 } }])).toThrow(new ScenarioError("step 2: by: no player 'cy' (players: ana, bo)"));
    expect(() => run([{ by: 'system', action: { type: 'remove', seat: 'zed', reason: 'kicked' } }])).toThrow(/^step 1: seat: no player 'zed'/);
    expect(() => run([{ by: 'system', action: 'computer' }])).toThrow(/^step 1: "computer" needs a player/);
    expect(() => run([{ expect: { round: 1 } }, { action: { type: 'step', n: 1 } }])).toThrow(/step 2: a step with an action needs "by"/);
    expect(() => run([{ expect: { rounds: 1 } }])).toThrow(/step 1: expect: Unrecognized key: "rounds"/);
    expect(() => run('not steps' as unknown as unknown[])).toThrow(/^invalid scenario:\n {2}steps: /);
    expect(() => run([], ['ana', 'ana'])).toThrow('players: two players have the same name');
  });

  it("the system's requests name a seat by the player's name", () => {
    const { lines, state, failures } = run([{ by: 'system', action: { type: 'remove', seat: 'bo', reason: 'kicked' } }]);
    expect(failures).toEqual([]);
    expect(lines[0]).toMatchObject({ by: 'system', action: { type: 'remove', seat: 1, reason: 'kicked' }, ok: true });
    expect(state.out).toEqual([false, true]);
  });
});
