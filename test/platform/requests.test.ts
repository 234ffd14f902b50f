// The platform's own requests (resign, timeout, remove, abort) and its seat bookkeeping, applied
// by applyRequest for every game alike: played here on the test game Race.
import { describe, expect, it } from 'vitest';
import { defineGame, type Answer } from '../../src/platform/game.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import { race } from '../games/race/index.ts';

type State = ReturnType<typeof race.setup>['state'];

const start = (players = 2): State =>
  race.setup({ seats: ['Ana', 'Bo', 'Cy'].slice(0, players).map((name) => ({ name, computer: false })), seed: 'requests', options: race.options.parse({ goal: 30 }) }).state;

function ok(r: Answer<State, unknown>): Extract<Answer<State, unknown>, { ok: true }> {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r;
}
const code = (r: Answer<State, unknown>): string => (r.ok ? 'accepted' : r.code);
const step = { type: 'step', n: 2 };

describe('the platform applies its own requests', () => {
  it('H2 the third turn in a row that runs out of time removes the player, after their part is played', () => {
    let s = start();
    for (let round = 1; round <= 2; round++) {
      const t = ok(applyRequest(race, s, 'system', { type: 'timeout', seat: 0 }));
      expect(t.state.timeouts).toEqual([round, 0]);
      expect(t.left).toEqual([]);
      s = ok(applyRequest(race, t.state, 1, step)).state;
    }
    const third = ok(applyRequest(race, s, 'system', { type: 'timeout', seat: 0 }));
    expect(third.events).toEqual([{ type: 'timedOut', seat: 0 }, { type: 'left', seat: 0 }]);
    expect(third.left).toEqual([{ seat: 0, reason: 'timeouts' }]);
    expect(third.state.out).toEqual([true, false]);
    expect(race.activeSeats(third.state)).toEqual([1]);
  });

  it('H2 a move of their own starts the count again', () => {
    let s = start();
    for (let round = 0; round < 2; round++) {
      s = ok(applyRequest(race, s, 'system', { type: 'timeout', seat: 0 })).state;
      s = ok(applyRequest(race, s, 1, step)).state;
    }
    expect(s.timeouts).toEqual([2, 0]);
    s = ok(applyRequest(race, s, 0, step)).state;
    expect(s.timeouts).toEqual([0, 0]);
    s = ok(applyRequest(race, s, 1, step)).state;
    const next = ok(applyRequest(race, s, 'system', { type: 'timeout', seat: 0 }));
    expect(next.state.timeouts).toEqual([1, 0]);
    expect(next.left).toEqual([]);
  });

  it('a timeout the game says was no turn of theirs does not count', () => {
    const lenient = { ...race, onTimeout: (s: State, seat: number, inARow: number) => ({ ...race.onTimeout(s, seat, inARow), counts: false }) };
    let s = start();
    for (let round = 0; round < 3; round++) {
      s = ok(applyRequest(lenient, s, 'system', { type: 'timeout', seat: 0 })).state;
      s = ok(applyRequest(lenient, s, 1, step)).state;
    }
    expect(s.timeouts).toEqual([0, 0]);
    expect(s.out).toEqual([false, false]);
  });

  it('H4 a seat that resigns or is removed is out: the game is told what it means, the platform marks it and says who left', () => {
    const s = start(3);
    const resigned = ok(applyRequest(race, s, 1, { type: 'resign' }));
    expect(resigned.left).toEqual([{ seat: 1, reason: 'resigned' }]);
    expect(resigned.events).toEqual([{ type: 'left', seat: 1 }]);
    const kicked = ok(applyRequest(race, resigned.state, 'system', { type: 'remove', seat: 2, reason: 'kicked' }));
    expect(kicked.left).toEqual([{ seat: 2, reason: 'kicked' }]);
    expect(kicked.state.out).toEqual([false, true, true]);
    // A game whose rules keep nothing about leavers is still told, and the seat is out all the same.
    const told: number[] = [];
    const quiet = { ...race, onLeave: (st: State, seat: number) => (told.push(seat), { ok: true as const, state: st, events: [] }) };
    const left = ok(applyRequest(quiet, s, 'system', { type: 'remove', seat: 0, reason: 'left' }));
    expect(told).toEqual([0]);
    expect(left.state.out).toEqual([true, false, false]);
    expect(s.out).toEqual([false, false, false]);
  });

  it('an abort ends the game through the game\'s own rules', () => {
    const r = ok(applyRequest(race, start(), 'system', { type: 'abort' }));
    expect(race.outcome(r.state)?.status).toBe('aborted');
    expect(r.events).toEqual([{ type: 'over', winners: null }]);
  });

  it('refuses what may not happen, with a reason, and never changes the state it was given', () => {
    const s = Object.freeze(start());
    const before = JSON.stringify(s);
    const over = ok(applyRequest(race, s, 'system', { type: 'abort' })).state;
    const gone = ok(applyRequest(race, s, 0, { type: 'resign' })).state;
    const picked = ok(applyRequest(race, s, 0, step)).state;
    const cases: [string, Answer<State, unknown>][] = [
      ['INVALID', applyRequest(race, s, 'system', { type: 'resign' })],
      ['INVALID', applyRequest(race, s, 'system', { type: 'remove', seat: 0, reason: 'bored' })],
      ['INVALID', applyRequest(race, s, 'system', { type: 'step', n: 2 })],
      ['INVALID', applyRequest(race, s, 'system', null)],
      ['INVALID', applyRequest(race, s, 0, { type: 'abort' })],
      ['NOT_SEATED', applyRequest(race, s, 7, step)],
      ['NOT_IN_GAME', applyRequest(race, s, 'system', { type: 'remove', seat: 5, reason: 'kicked' })],
      ['NOT_IN_GAME', applyRequest(race, gone, 0, step)],
      ['NOT_IN_GAME', applyRequest(race, gone, 0, { type: 'resign' })],
      ['NOT_IN_GAME', applyRequest(race, gone, 'system', { type: 'remove', seat: 0, reason: 'kicked' })],
      ['NOT_WAITING', applyRequest(race, picked, 'system', { type: 'timeout', seat: 0 })],
      ['NOT_WAITING', applyRequest(race, gone, 'system', { type: 'timeout', seat: 0 })],
      ['GAME_OVER', applyRequest(race, over, 1, step)],
      ['GAME_OVER', applyRequest(race, over, 1, { type: 'resign' })],
      ['GAME_OVER', applyRequest(race, over, 'system', { type: 'timeout', seat: 1 })],
    ];
    expect(cases.map(([, r]) => code(r))).toEqual(cases.map(([want]) => want));
    expect(JSON.stringify(s)).toBe(before);
  });

  it('a timeout without a seat (games logged before several seats could be timed) is the first seat waited for', () => {
    const picked = ok(applyRequest(race, start(), 0, step)).state;
    const r = ok(applyRequest(race, picked, 'system', { type: 'timeout' }));
    expect(r.events[0]).toEqual({ type: 'timedOut', seat: 1 });
  });
});

describe('a game says how its turns go, and members with a sensible default may be left out', () => {
  it('turn.waiting: every seat still in that owes its move acts at once; nobody once the game is over', () => {
    const s = start(3);
    expect(race.activeSeats(s)).toEqual([0, 1, 2]);
    const one = ok(applyRequest(race, s, 1, step)).state;
    expect(race.activeSeats(one)).toEqual([0, 2]);
    expect(race.activeSeats(ok(applyRequest(race, one, 2, { type: 'resign' })).state)).toEqual([0]);
    expect(race.activeSeats(ok(applyRequest(race, s, 'system', { type: 'abort' })).state)).toEqual([]);
  });

  it('turn.current: the one seat whose turn it is; the first bot plays by default; the words have defaults', () => {
    const { id: _, title: __, turn: ___, activeSeats: ____, defaultBot: _____, description: ______, words, ...rest } = race;
    const solo = defineGame({
      ...rest, id: 'solo', title: 'Solo', options: race.options, state: { version: 1, schema: race.state.schema },
      turn: { current: () => 0 },
      words: { action: words.action, event: words.event, prompt: words.prompt, phase: words.phase, status: words.status },
    });
    const s = start(2);
    expect(solo.activeSeats(s)).toEqual([0]);
    expect(solo.activeSeats(ok(applyRequest(solo, s, 0, { type: 'resign' })).state)).toEqual([]);
    expect(solo.defaultBot).toBe('steady');
    expect(solo.state.upgraders).toEqual({});
    expect(solo.words.resign).toBe('You leave the game.');
    expect(solo.description).toBe('Play Solo in this channel');
    expect(solo.words.rules[0]?.text).toBe('**Solo**: Play Solo in this channel');
    expect(solo.words.help).toContain('`/solo step`: Pick your step for this round');
  });

  it('a game that says neither how its turns go nor who acts is refused where it is defined', () => {
    const { turn: _, activeSeats: __, ...rest } = race;
    expect(() => defineGame({ ...rest, id: 'lost' })).toThrow(/lost: a game says how its turns go/);
  });
});
