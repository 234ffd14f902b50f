// Game records and replay frames without Discord: a record of each of the four games rebuilds
// the game exactly (through its file's text), moves taken back are left out of it, a record
// that ends elsewhere is told apart, and a replay's frames are the game's own public turn
// pictures, one per turn, the first and last held longer.
import { describe, expect, it } from 'vitest';
import { allGames, gameById, registerGame } from '../../src/games/registry.ts';
import type { Actor, AnyGame } from '../../src/platform/game.ts';
import { applyRules } from '../../src/runtime/rules.ts';
import type { LoadedGame, LogEntry } from '../../src/store/index.ts';
import { replayFrames, shownPictures } from '../../src/replay/animation.ts';
import { parseRecord, rebuild, recordOf, RecordError, recordText, stateDigest, type GameRecordFile } from '../../src/replay/record.ts';
import { race } from '../games/race/index.ts';

registerGame(race);

interface Played {
  loaded: LoadedGame;
  log: LogEntry[];
}

/** A game of `n` computer players played to its end by the game's simple strategy, as the store would hold it. */
function played(def: AnyGame, n: number, seed: string, options: unknown = {}): Played {
  const seats = Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true }));
  let state = def.setup({ seats, seed, options: def.options.parse(options) }).state;
  const log: LogEntry[] = [];
  while (!def.outcome(state)) {
    if (log.length > 5000) throw new Error(`${def.id} did not end`);
    const seat = def.activeSeats(state)[0]!;
    const action = def.bots[def.defaultBot]!(state, seat);
    const r = applyRules(def, state, seat, action);
    if (!r.ok) throw new Error(r.message);
    state = r.state;
    log.push(entry(log.length + 1, seat, action, r.events));
  }
  return { loaded: loadedGame(def, seats, seed, options, state), log };
}

const entry = (seq: number, actor: Actor, action: unknown, events: unknown[]): LogEntry => ({ seq, actor, userId: null, action, events, createdAt: new Date(0) });

function loadedGame(def: AnyGame, seats: { name: string; computer: boolean }[], seed: string, options: unknown, state: unknown, status: 'finished' | 'running' = 'finished'): LoadedGame {
  const at = new Date(Date.UTC(2026, 0, 2));
  return {
    record: {
      id: 7, guildId: 'g', channelId: 'c', parentChannelId: null, kind: def.id, status, hostUserId: 'u', options, turnLimitSeconds: null, seed,
      version: 0, outcome: null, brokenReason: null, lobbyMessageId: null, boardMessageId: null, postedVersion: null, createdAt: at, updatedAt: at, startedAt: at, endedAt: at, pausedAt: null,
    },
    seats: seats.map((s, seat) => ({ seat, userId: null, name: s.name, computer: s.computer, bot: null, leftAt: null, leftReason: null })),
    state,
    timers: [],
  };
}

describe('game records', () => {
  it.each(allGames().map((g) => [g.id, g] as const))('%s: the record, written out and read back, rebuilds the stored end exactly', (_id, def) => {
    const { loaded, log } = played(def, Math.min(3, def.seats.max), `record-${def.id}`);
    const record = recordOf(loaded, log);
    expect(record).toMatchObject({ format: 'fence-bot game record', version: 1, game: def.id, title: def.title, id: 7, status: 'finished', seed: `record-${def.id}` });
    expect(record.actions).toHaveLength(log.length);
    const read = parseRecord(recordText(record));
    expect(read).toEqual(record);
    const rebuilt = rebuild(read);
    expect(rebuilt.same).toBe(true);
    expect(rebuilt.final).toEqual(loaded.state);
    expect(stateDigest(rebuilt.final)).toBe(record.finalState);
    expect(rebuilt.steps).toHaveLength(log.length);
    rebuilt.steps.forEach((s, k) => expect(s.events, `move ${k + 1}`).toEqual(log[k]!.events));
  });

  it('moves taken back are not in the record, and the rest still rebuilds the stored state', () => {
    const def = gameById('race')!;
    const seats = [{ name: 'Ana', computer: false }, { name: 'Bo', computer: false }];
    const options = { goal: 5 };
    let state = def.setup({ seats, seed: 's', options: def.options.parse(options) }).state;
    const log: LogEntry[] = [];
    const play = (seat: number, action: unknown) => {
      const r = applyRules(def, state, seat, action);
      if (!r.ok) throw new Error(r.message);
      state = r.state;
      log.push(entry(log.length + 1, seat, action, r.events));
    };
    const before = state;
    play(0, { type: 'step', n: 3 });
    log.push(entry(2, 0, { platform: 'undo', undoes: 1 }, []));
    state = before;
    for (let round = 0; !def.outcome(state); round++) {
      play(0, { type: 'step', n: 1 });
      play(1, { type: 'step', n: 2 });
    }
    const record = recordOf(loadedGame(def, seats, 's', options, state), log);
    expect(record.actions).toEqual(log.filter((e) => e.seq > 2).map((e) => ({ by: e.actor, action: e.action })));
    const rebuilt = rebuild(record);
    expect(rebuilt.same).toBe(true);
    expect(rebuilt.final).toEqual(state);
  });

  it('a running game has no record (its seed decides what is still to come)', () => {
    const def = gameById('kimbo')!;
    const { loaded, log } = played(def, 2, 'running');
    expect(() => recordOf({ ...loaded, record: { ...loaded.record, status: 'running' } }, log)).toThrow(new RecordError('game #7 is running: only an ended game has a record'));
  });

  it('a record that does not end where it says is told apart; a file that is not a record is refused with the field', () => {
    const def = gameById('kimbo')!;
    const { loaded, log } = played(def, 2, 'tamper');
    const record = recordOf(loaded, log);
    expect(rebuild({ ...record, actions: record.actions.slice(0, -1) }).same).toBe(false);
    expect(rebuild({ ...record, finalState: stateDigest({}) }).same).toBe(false);
    expect(() => rebuild({ ...record, seed: 'another' })).toThrow(RecordError);
    expect(() => parseRecord('{')).toThrow(/^not valid JSON/);
    expect(() => parseRecord(JSON.stringify({ ...record, format: 'x' }))).toThrow('not a game record of this bot: "format"');
    expect(() => parseRecord(JSON.stringify({ ...record, seats: [] }))).toThrow('"seats"');
    const other: GameRecordFile = { ...record, game: 'chess' };
    expect(() => rebuild(other)).toThrow(`"game": this bot runs no game 'chess'`);
  });
});

describe('replay frames', () => {
  it('Game of Fences: a frame per turn (a roll and its move are one), its board; the first and last held longer', () => {
    const def = gameById('kimbo')!;
    const { loaded, log } = played(def, 2, 'frames');
    const record = recordOf(loaded, log);
    const rebuilt = rebuild(record);
    const { frames, alt } = replayFrames(record, rebuilt);
    // The start, then one frame each time the game passes to another seat, and the end.
    let turns = 0;
    let before = def.activeSeats(rebuilt.start.state);
    for (const s of rebuilt.steps) {
      const now = def.activeSeats(s.state);
      if (JSON.stringify(now) !== JSON.stringify(before) || s === rebuilt.steps.at(-1)) turns++;
      before = now;
    }
    expect(frames).toHaveLength(turns + 1);
    expect(frames.length).toBeLessThan(log.length / 1.5);
    expect(new Set(frames.map((f) => f.kind))).toEqual(new Set(['board']));
    expect(frames.at(-1)!.view).toEqual(def.board(rebuilt.final).view);
    expect(frames[0]!.delayMs).toBe(1500);
    expect(frames.at(-1)!.delayMs).toBe(4000);
    for (const f of frames.slice(1, -1)) expect(f.delayMs).toBeGreaterThanOrEqual(400);
    const winner = record.seats[rebuilt.outcome!.winners[0]!]!.name;
    expect(alt).toMatch(new RegExp(`^Replay of game #7 \\(Game of Fences\\): ${frames.length} pictures of the game as its channel saw it, turn by turn, from the start to the end\\. ${winner} won\\. The end: `));
    expect(alt.length).toBeLessThanOrEqual(1024);
  });

  it('FENCE!: its turn pictures of the kind its posts show most (close-ups or the whole city drawn for a phone), never a hand', () => {
    const def = gameById('fence')!;
    const { loaded, log } = played(def, 3, 'frames', { autoBuild: true, roundLimit: 4 });
    const record = recordOf(loaded, log);
    const rebuilt = rebuild(record);
    const shown = shownPictures(rebuilt);
    // Its posts show close-ups and, for a round's Hot Goods and the end, the whole city.
    expect(new Set(shown.map((p) => p.kind))).toEqual(new Set(['closeup', 'overview']));
    const { frames } = replayFrames(record, rebuilt);
    const kinds = new Set(frames.map((f) => f.kind));
    expect(kinds.size).toBe(1);
    const [kind] = [...kinds];
    expect(frames).toHaveLength(shown.filter((p) => p.kind === kind).length);
    expect(frames.length).toBeGreaterThanOrEqual(shown.length / 2);
    const handKinds = new Set(def.hand!(rebuilt.final, 0).pictures.map((p) => p.kind));
    expect(handKinds.size).toBeGreaterThan(0);
    for (const f of frames) expect(handKinds.has(f.kind)).toBe(false);
  });
});
