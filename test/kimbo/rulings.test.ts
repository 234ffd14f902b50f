// Game of Fences rulings G7–G29, one or more tests each, named by id. The board's own rulings
// (G1–G6) are proven on the data in board.test.ts.
import { describe, expect, it } from 'vitest';
import { BOARD, HOME, nameOfSquare } from '../../src/games/kimbo/board.ts';
import { playOut, randomPlayer, simplePlayer } from '../../src/games/kimbo/bots.ts';
import type { Applied, Refusal } from '../../src/platform/game.ts';
import { setup, legalActions, type KimboEvent } from '../../src/games/kimbo/engine.ts';
import { kimbo } from '../../src/games/kimbo/index.ts';
import { paths } from '../../src/games/kimbo/moves.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import { eventText } from '../../src/games/kimbo/words.ts';
import { requestsTo } from '../../src/platform/requests.ts';
import { edge, labels, moveTo, NAMES, newGame, position, sq } from './helpers.ts';

const apply = requestsTo(kimbo);
const ok = <R extends Applied<KimboState, KimboEvent> | Refusal>(r: R): Extract<R, { ok: true }> => {
  if (!r.ok) throw new Error(`refused: ${r.code} ${r.message}`);
  return r as Extract<R, { ok: true }>;
};
const act = (s: KimboState, seat: number, a: unknown) => ok(apply(s, seat, a));
const STEP = { north: -15, east: 1, south: 15, west: -1 } as const;
/** Where the paths of `steps` from `from` that start towards `dir` end, with these fences. */
const ends = (from: string, dir: keyof typeof STEP, steps: number, fences: string[] = []): string[] =>
  paths(BOARD, new Set(fences.map(edge)), sq(from), steps)
    .filter((p) => p[1] !== HOME && p[1]! - p[0]! === STEP[dir])
    .map((p) => nameOfSquare(p[p.length - 1]!))
    .sort();
const said = (s: KimboState, events: KimboEvent[]) => events.map((e) => eventText(s, e)).filter(Boolean).join(' ');

describe('setup (G7–G9)', () => {
  it('G7 seats fill North, South, East, West in join order and turns go clockwise', () => {
    expect(newGame(2).sides).toEqual([0, 2]);
    expect(newGame(3).sides).toEqual([0, 2, 1]);
    let s = newGame(4, 'order');
    expect(s.sides).toEqual([0, 2, 1, 3]);
    const sides: number[] = [s.sides[s.current]!];
    while (sides.length < 9) {
      const r = act(s, s.current, simplePlayer(s, s.current));
      s = r.state;
      for (const e of r.events) if (e.type === 'turn') sides.push(s.sides[e.seat]!);
    }
    for (let i = 1; i < sides.length; i++) expect(sides[i]).toBe((sides[i - 1]! + 1) % 4);
  });

  it('G8 pieces on the four start squares, six fences on the side\'s triangles, empty sides\' entrances shut by neutral fences', () => {
    const s = newGame(2);
    for (const ps of s.pieces) expect(ps).toEqual(BOARD.starts);
    for (const seat of [0, 1]) expect(s.fences.filter((f) => f.owner === seat).map((f) => f.slot).sort()).toEqual([...BOARD.triangles[s.sides[seat]!]!].sort());
    const neutral = s.fences.filter((f) => f.owner === null);
    expect(neutral.map((f) => f.slot).sort()).toEqual([...BOARD.entrances[1]!.slots, ...BOARD.entrances[3]!.slots].sort());
    expect(new Set(neutral.map((f) => f.side))).toEqual(new Set([1, 3]));
    expect(newGame(4).fences.filter((f) => f.owner === null)).toEqual([]);
    expect(newGame(3).fences.filter((f) => f.owner === null).map((f) => f.slot).sort()).toEqual([...BOARD.entrances[3]!.slots].sort());
  });

  it('G9 the highest opening roll starts; players tied for highest roll again among themselves', () => {
    const seats = NAMES.slice(0, 3).map((name) => ({ name, computer: false }));
    const created = setup({ seats, seed: 'g9', options: { roundLimit: 200 }, fixedDice: [3, 3, 4, 2, 1, 1, 2, 2, 5, 5] });
    expect(created.state.current).toBe(1);
    const start = created.events[0]!;
    expect(start.type === 'started' && start.rolls.map((round) => round.map((r) => r.seat))).toEqual([[0, 1, 2], [0, 1]]);
    expect(said(created.state, created.events)).toContain('Opening rolls: Ana 6, Bo 6, Cy 2; then Ana 4, Bo 10. Bo goes first.');
  });
});

describe('the turn (G10)', () => {
  it('G10 a fence move comes before the roll, any own fence to any vacant slot, then the dice are rolled; no second fence move', () => {
    const s = position({ next: [2, 5] });
    const own = s.fences.find((f) => f.owner === 0)!;
    const r = act(s, 0, { type: 'fence', from: own.slot, to: edge('K12|K13') });
    expect(r.state.fences.some((f) => f.slot === edge('K12|K13') && f.owner === 0)).toBe(true);
    expect(r.state.stage).toBe('play');
    expect(r.state.dice).toEqual([2, 5]);
    const again = apply(r.state, 0, { type: 'fence', from: edge('K12|K13'), to: edge('K13|K14') });
    expect(again.ok || again.code).toBe('FENCE_AFTER_ROLL');
  });

  it('G10 only the player\'s own fences move, never onto a fence, a black line or an entrance', () => {
    const s = position({});
    const theirs = s.fences.find((f) => f.owner === 1)!.slot;
    const mine = s.fences.find((f) => f.owner === 0)!.slot;
    const neutral = s.fences.find((f) => f.owner === null)!.slot;
    const code = (a: unknown) => { const r = apply(s, 0, a); return r.ok ? 'ok' : r.code; };
    expect(code({ type: 'fence', from: theirs, to: edge('K12|K13') })).toBe('NOT_YOUR_FENCE');
    expect(code({ type: 'fence', from: neutral, to: edge('K12|K13') })).toBe('NOT_YOUR_FENCE');
    expect(code({ type: 'fence', from: mine, to: theirs })).toBe('SLOT_TAKEN');
    const refusal = (a: unknown) => { const r = apply(s, 0, a); return r.ok ? null : { code: r.code, message: r.message }; };
    expect(refusal({ type: 'fence', from: mine, to: edge('H6|H7') })).toEqual({ code: 'NOT_A_SLOT', message: expect.stringMatching(/^H6\|H7 is an entrance into HOME: it stays open/) });
    expect(refusal({ type: 'fence', from: mine, to: edge('C4|D4') })).toEqual({ code: 'NOT_A_SLOT', message: expect.stringMatching(/^C4\|D4 is a black line/) });
    expect(refusal({ type: 'fence', from: mine, to: theirs })?.message).toMatch(/already holds a fence/);
    const legal = legalActions(s, 0).filter((a) => a.type === 'fence');
    expect(legal.every((a) => a.type === 'fence' && BOARD.edgeKind[a.to] === 'slot' && !s.fences.some((f) => f.slot === a.to))).toBe(true);
  });

  it('G10 a fence may shut a piece in', () => {
    const s = position({ pieces: { 0: ['D4', 'HOME', 'HOME', 'HOME'] }, fences: [['D3|D4', 0], ['K12|K13', 0]] });
    const r = act(s, 0, { type: 'fence', from: edge('K12|K13'), to: edge('D4|D5') });
    expect(r.state.fences.map((f) => f.slot)).toContain(edge('D4|D5'));
  });

  it('G10 doubles give no extra roll and count as two dice', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [3, 3] });
    expect(labels(s)).toContain('piece 1 A4 south 3+3 → A10');
    expect(labels(s).some((l) => /3\+3\+3/.test(l))).toBe(false);
    const r = act(s, 0, moveTo(s, 'piece 1 A4 south 3+3 → A10'));
    expect(r.state.current).toBe(1);
  });
});

describe('movement (G11–G15)', () => {
  it('G11 G18 an entrance is a wall unless the step into HOME is the move\'s last', () => {
    expect(paths(BOARD, new Set(), sq('H4'), 3).some((p) => p[p.length - 1] === HOME)).toBe(true);
    expect(ends('H4', 'south', 4)).toEqual(['F6', 'J6']);
  });

  it('G12 a piece starts in any direction whose edge is not a wall', () => {
    const dirs = (fences: string[]) => new Set(paths(BOARD, new Set(fences.map(edge)), sq('A1'), 1).map((p) => nameOfSquare(p[1]!)));
    expect(dirs([])).toEqual(new Set(['B1', 'A2']));
    expect(dirs(['A1|B1'])).toEqual(new Set(['A2']));
  });

  it('G13 at a wall with one side open the piece turns that way (forced turn)', () => {
    expect(ends('A4', 'east', 3, ['C3|C4'])).toEqual(['C5']);
  });

  it('G13 at a wall with both sides open the player chooses left or right, and a turn costs no step', () => {
    expect(ends('A4', 'east', 3)).toEqual(['C3', 'C5']);
    expect(ends('A4', 'east', 4)).toEqual(['C2', 'C6']);
  });

  it('G13 a piece reverses only in a dead end, and cannot move when that is walled too', () => {
    expect(ends('D2', 'south', 3, ['D4|D5'])).toEqual(['D3']);
    expect(paths(BOARD, new Set([edge('D3|D4'), edge('D4|D5')]), sq('D4'), 2)).toEqual([]);
  });

  it('G13 when the count ends the piece stops, whatever is ahead', () => {
    expect(ends('A4', 'east', 2)).toEqual(['C4']);
  });

  it('G14 option (a): one piece the sum, its direction carried from the first die into the second', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s)).toEqual(expect.arrayContaining(['piece 1 A4 east 1+2 → C3', 'piece 1 A4 east 1+2 → C5', 'piece 1 A4 south 1+2 → A7']));
    expect(labels(s)).not.toContain('piece 1 A4 east 1+2 → B6');
  });

  it('G14 option (a): a capture at the end of the first die is optional and the piece goes on', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['B4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s)).toEqual(expect.arrayContaining(['piece 1 A4 east 1+2 → C5', 'piece 1 A4 east 1+2 → C5 (takes Bo\'s 1 on B4)']));
    const r = act(s, 0, moveTo(s, 'piece 1 A4 east 1+2 → C5 (takes Bo\'s 1 on B4)'));
    expect(r.state.stage).toBe('corner');
    expect(r.state.pieces[1]![0]).toBeLessThan(0);
  });

  it('G14 option (a) passes own pieces; option (b) never ends on one', () => {
    const s = position({ pieces: { 0: ['A4', 'B4', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s)).toContain('piece 1 A4 east 1+2 → C5');
    expect(labels(s).some((l) => l.startsWith('piece 1 A4 east 1 → B4'))).toBe(false);
  });

  it('G14 option (b): two pieces, one die each in the chosen order; the first one\'s capture is made before the second moves', () => {
    const s = position({ pieces: { 0: ['A4', 'A6', 'HOME', 'HOME'], 1: ['B4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    const ls = labels(s);
    // The capture note follows the piece that captured, and says where.
    expect(ls).toContain('piece 1 A4 east 1 → B4 (takes Bo\'s 1 on B4), piece 2 A6 east 2 → C6');
    // Piece 2 reaching B4 with its die after piece 1 captured there would end on its own piece.
    expect(ls.some((l) => /piece 2 A6 \w+ \d → B4/.test(l) && l.includes('piece 1 A4 east 1 → B4'))).toBe(false);
  });

  it('G15 ways with the same result are one legal action, each listed with one path', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    const ls = labels(s);
    expect(new Set(ls).size).toBe(ls.length);
    expect(ls.filter((l) => l.endsWith('→ A7') && l.startsWith('piece 1'))).toHaveLength(1);
    const keys = legalActions(s, 0).map((a) => (a.type === 'move' ? a.key : ''));
    expect(new Set(keys).size).toBe(keys.length);
  });
});

describe('pieces, capture, HOME (G16–G19)', () => {
  it('G16 pieces never block; a start square holds any number and nobody is captured there', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['B4', 'C4', 'A1', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s)).toContain('piece 1 A4 north 1+2 → A1');
    const r = act(s, 0, moveTo(s, 'piece 1 A4 north 1+2 → A1'));
    expect(r.state.pieces[1]![2]).toBe(sq('A1'));
    expect(r.state.pieces[0]![0]).toBe(sq('A1'));
  });

  it('G17 a move ending on an opponent captures it; the capturer chooses its start square', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['C4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [2, 1] });
    const r = act(s, 0, moveTo(s, 'piece 1 A4 east 2 → C4 (takes Bo\'s 1 on C4), piece 2 O8 west 1 → N8'));
    expect(labels(s)).not.toContain('piece 1 A4 east 2 → C4, piece 2 O8 west 1 → N8');
    expect(r.state.stage).toBe('corner');
    expect(kimbo.words.prompt(r.state, 0).choice?.options.map((o) => `${o.label} (${o.says})`)).toEqual(['A1 (top left)', 'O1 (top right)', 'O15 (bottom right)', 'A15 (bottom left)']);
    const placed = act(r.state, 0, { type: 'corner', corner: 2 });
    expect(placed.state.pieces[1]![0]).toBe(sq('O15'));
    expect(said(placed.state, placed.events)).toContain("Ana puts Bo's piece 1 on O15.");
    expect(placed.state.current).toBe(1);
  });

  it('G18 a piece heading straight in from the entrance square enters HOME on its last step', () => {
    const s = position({ pieces: { 0: ['H4', 'A4', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s)).toContain('piece 1 H4 south 1+2 → HOME');
  });

  it('G18 a fence met head-on on the entrance square turns a piece into HOME on its last step', () => {
    expect(paths(BOARD, new Set([edge('H6|I6')]), sq('G6'), 2).map((p) => nameOfSquare(p[p.length - 1]!)).sort()).toContain('HOME');
    const forced = paths(BOARD, new Set([edge('H6|I6'), edge('H5|H6'), edge('F6|G6')]), sq('G6'), 2).filter((p) => p[1] === sq('H6'));
    expect(forced.map((p) => nameOfSquare(p[2]!))).toEqual(['HOME']);
  });

  it('G19 pieces in HOME never move and cannot be captured; no fence stands on HOME\'s boundary', () => {
    const s = position({ pieces: { 0: ['H4', 'HOME', 'HOME', 'A4'] }, fences: [], dice: [1, 2] });
    expect(labels(s).every((l) => !/piece [23] /.test(l))).toBe(true);
    expect(BOARD.slots.some((e) => BOARD.entrances.some((x) => x.edge === e))).toBe(false);
  });
});

describe('doubles and using the dice (G20–G22)', () => {
  it('G20 on doubles a piece may jump a fence of any colour, neutral too, and lands like a move', () => {
    const s = position({ pieces: { 0: ['D5', 'O8', 'HOME', 'HOME'], 1: ['D6', 'HOME', 'HOME', 'HOME'] }, fences: [['D5|D6', null], ['D4|D5', 1]], dice: [2, 2] });
    expect(labels(s)).toEqual(expect.arrayContaining(['piece 1 jumps D5 → D6 (takes Bo\'s 1 on D6)', 'piece 1 jumps D5 → D4']));
    const noDoubles = position({ pieces: { 0: ['D5', 'O8', 'HOME', 'HOME'] }, fences: [['D5|D6', null]], dice: [2, 3] });
    expect(labels(noDoubles).some((l) => l.includes('jumps'))).toBe(false);
  });

  it('G20 never over a black line or the border, never into HOME', () => {
    const s = position({ pieces: { 0: ['C4', 'H6', 'HOME', 'HOME'] }, fences: [['H5|H6', 0]], dice: [1, 1] });
    const jumps = labels(s).filter((l) => l.includes('jumps'));
    expect(jumps).toEqual(['piece 2 jumps H6 → H5']);
  });

  it('G21 both dice must be used when any way exists', () => {
    const s = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    expect(labels(s).some((l) => l.includes('unused'))).toBe(false);
  });

  it('G21 otherwise one die, the player\'s choice; otherwise the roll is lost', () => {
    // Piece 1 in a pocket that only a 1 can leave; piece 2 shut in.
    const fences: [string, number | null][] = [['D3|D4', null], ['D4|D5', null], ['K12|K13', null], ['J13|K13', null], ['K13|L13', null], ['K13|K14', null]];
    const one = position({ pieces: { 0: ['D4', 'K13', 'HOME', 'HOME'] }, fences, dice: [3, 4] });
    expect(labels(one)).toEqual([]);
    const r = act({ ...position({ pieces: { 0: ['D4', 'K13', 'HOME', 'HOME'] }, fences, next: [3, 4] }) }, 0, { type: 'roll' });
    expect(said(r.state, r.events)).toContain('No piece can move with that roll');
    expect(r.state.current).toBe(1);
    // Piece 1 on the entrance square, fenced round: only a last step into HOME leaves it.
    const home = position({ pieces: { 0: ['H6', 'D4', 'HOME', 'HOME'] }, fences: [...fences.slice(0, 2), ['G6|H6', null], ['H6|I6', null], ['H5|H6', null]], dice: [1, 2] });
    expect(labels(home)).toEqual(['piece 1 H6 south 1 → HOME (2 unused)']);
  });

  it('G21 on doubles a jump is an alternative, and a must when nothing else can move', () => {
    const fences: [string, number | null][] = [['K12|K13', null], ['J13|K13', null], ['K13|L13', null], ['K13|K14', null]];
    const s = position({ pieces: { 0: ['K13', 'HOME', 'HOME', 'HOME'] }, fences, dice: [2, 2] });
    expect(labels(s).sort()).toEqual(['piece 1 jumps K13 → J13', 'piece 1 jumps K13 → K12', 'piece 1 jumps K13 → K14', 'piece 1 jumps K13 → L13']);
  });

  it('G22 the last piece goes HOME with either die alone, ignoring the other', () => {
    const s = position({ pieces: { 0: ['H5', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [2, 6] });
    expect(labels(s)).toEqual(['piece 1 H5 south 2 → HOME (6 unused)']);
    const r = act(s, 0, moveTo(s, 'piece 1 H5 south 2 → HOME (6 unused)'));
    expect(r.state.outcome).toEqual({ kind: 'won', seats: [0], reason: 'allHome' });
  });

  it('G22 otherwise the last piece must move the sum, even away from HOME, never one die alone', () => {
    const s = position({ pieces: { 0: ['H4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [1, 5] });
    const ls = labels(s);
    expect(ls.length).toBeGreaterThan(0);
    expect(ls.every((l) => l.includes('1+5') || l.includes('5+1'))).toBe(true);
    expect(ls.some((l) => l.includes('north'))).toBe(true);
  });
});

describe('victory, views, computer players, house rules (G23–G29)', () => {
  it('G23 the first player with all four pieces in HOME wins at once', () => {
    const s = position({ pieces: { 0: ['H6', 'H5', 'HOME', 'HOME'], 1: ['C4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    const r = act(s, 0, moveTo(s, 'piece 1 H6 south 1 → HOME, piece 2 H5 south 2 → HOME'));
    expect(r.state.outcome).toEqual({ kind: 'won', seats: [0], reason: 'allHome' });
    expect(kimbo.activeSeats(r.state)).toEqual([]);
    expect(said(r.state, r.events)).toContain('Ana has all four pieces HOME and wins!');
  });

  it('G24 everything is public but the generator: no view, picture, word or alt text carries it', () => {
    const s = playOut(newGame(3, 'secret-seed-xyz'), ['simple', 'random', 'simple'], 40).state;
    const view = JSON.stringify(kimbo.view(s, 'channel'));
    expect(view).not.toContain('rng');
    expect(view).not.toContain('fixedDice');
    expect(view).not.toContain(String(s.rng[0]));
    const pic = kimbo.board(s);
    expect(JSON.stringify(pic)).not.toContain(String(s.rng[0]));
    expect(pic.alt).toMatch(/Ana \(North\): \d in HOME/);
    expect(kimbo.words.status(s).join('\n')).not.toContain('secret-seed');
  });

  it('G25 computer players choose only legal actions; random moves a fence about a quarter of the time', () => {
    let fenceMoves = 0;
    let starts = 0;
    for (let g = 0; g < 6; g++) {
      let s = newGame(2, `bots-${g}`);
      for (let i = 0; i < 60 && !s.outcome; i++) {
        const bot = i % 2 ? simplePlayer : randomPlayer;
        const a = bot(s, s.current)!;
        if (s.stage === 'start' && bot === randomPlayer) {
          starts++;
          if (a.type === 'fence') fenceMoves++;
        }
        const r = apply(s, s.current, a);
        expect(r.ok).toBe(true);
        if (r.ok) s = r.state;
      }
    }
    expect(fenceMoves / starts).toBeGreaterThan(0.1);
    expect(fenceMoves / starts).toBeLessThan(0.45);
  });

  it('G25 simple takes a win, then HOME, then a capture of the leader, then the fewest steps to HOME', () => {
    const win = position({ pieces: { 0: ['H4', 'HOME', 'HOME', 'HOME'] }, fences: [], dice: [2, 1] });
    expect(simplePlayer(win, 0)).toEqual(moveTo(win, 'piece 1 H4 south 2+1 → HOME'));
    const capture = position({ n: 3, pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['C4', 'HOME', 'A1', 'A1'], 2: ['N8', 'A1', 'A1', 'A1'] }, fences: [], dice: [2, 1] });
    expect(simplePlayer(capture, 0)).toEqual(moveTo(capture, 'piece 1 A4 east 2 → C4 (takes Bo\'s 1 on C4), piece 2 O8 west 1 → N8 (takes Cy\'s 1 on N8)'));
  });

  it('G26 a timed-out turn is played whole by the simple strategy; three in a row remove the player', () => {
    let s = position({ next: [1, 2, 3, 4, 5, 6, 1, 3, 2, 4, 6, 5] });
    const r = ok(apply(s, 'system', { type: 'timeout', seat: 0 }));
    expect(r.state.current).toBe(1);
    expect(r.events.map((e) => e.type)).toEqual(expect.arrayContaining(['timedOut', 'rolled', 'moved', 'turn']));
    s = r.state;
    for (let i = 0; i < 2; i++) {
      s = ok(apply(s, 1, simplePlayer(s, 1))).state;
      while (s.current === 1) s = ok(apply(s, 1, simplePlayer(s, 1))).state;
      const t = ok(apply(s, 'system', { type: 'timeout', seat: 0 }));
      s = t.state;
      if (i === 1) expect(t.events.some((e) => e.type === 'left' && e.reason === 'timeouts')).toBe(true);
    }
    expect(s.outcome).toEqual({ kind: 'won', seats: [1], reason: 'lastSeat' });
  });

  it('G27 a player who resigns loses their pieces, their fences stay as neutral ones, turn order closes up', () => {
    const s = newGame(3, 'resign');
    const seat = s.current;
    const r = act(s, seat, { type: 'resign' });
    expect(r.state.pieces[seat]).toEqual([]);
    expect(r.state.fences.filter((f) => BOARD.triangles[s.sides[seat]!]!.includes(f.slot)).every((f) => f.owner === null)).toBe(true);
    expect(r.state.fences).toHaveLength(s.fences.length);
    expect(r.state.current).not.toBe(seat);
    expect(r.left).toEqual([{ seat, reason: 'resigned' }]);
    const last = act(r.state, r.state.current, { type: 'resign' });
    expect(last.state.outcome?.kind === 'won' && last.state.outcome.reason).toBe('lastSeat');
  });

  it('G29 a move may end on the square it started from, after a reversal: it is a move, and its words say it turned back', () => {
    // D4 is walled east and west; with a fence on D4|D5 it is a dead end. D3 south 1 then back 1.
    const s = position({ pieces: { 0: ['D3', 'HOME', 'HOME', 'HOME'], 1: ['C12', 'HOME', 'HOME', 'HOME'] }, fences: [['D4|D5', 1]], dice: [1, 1] });
    expect(labels(s)).toContain('piece 1 D3 south 1+1 (turns back) → D3');
    const r = act(s, 0, moveTo(s, 'piece 1 D3 south 1+1 (turns back) → D3'));
    expect(r.state.pieces[0]![0]).toBe(sq('D3'));
    expect(r.state.current).toBe(1);
    expect(r.events.some((e) => e.type === 'rollLost')).toBe(false);
    expect(said(r.state, r.events)).toContain('Ana moves piece 1 from D3 and back to D3 (1+1, turning back in a dead end).');
    // A reversal that ends elsewhere shows in the label too: D2 south 3 comes back to D3.
    const t = position({ pieces: { 0: ['D2', 'HOME', 'HOME', 'HOME'], 1: ['C12', 'HOME', 'HOME', 'HOME'] }, fences: [['D4|D5', 1]], dice: [1, 2] });
    expect(labels(t)).toContain('piece 1 D2 south 1+2 (turns back) → D3');
    expect(labels(t)).toContain('piece 1 D2 east 1+2 → G2');
  });

  it('G29 a capturer who leaves before choosing sends each captured piece to its own start square, and the channel is told', () => {
    const s = position({ n: 3, pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['C4', 'HOME', 'HOME', 'HOME'], 2: ['N8', 'A1', 'A1', 'A1'] }, fences: [], dice: [2, 1] });
    const captured = act(s, 0, moveTo(s, 'piece 1 A4 east 2 → C4 (takes Bo\'s 1 on C4), piece 2 O8 west 1 → N8 (takes Cy\'s 1 on N8)'));
    expect(captured.state.stage).toBe('corner');
    const placed = act(captured.state, 0, { type: 'corner', corner: 2 });
    expect(placed.state.stage).toBe('corner');
    const r = act(placed.state, 0, { type: 'resign' });
    // Cy's piece 1 began on A1 (piece n starts on the n-th start square): it goes back there.
    expect(r.state.pieces[2]![0]).toBe(sq('A1'));
    expect(r.state.pieces[1]![0]).toBe(sq('O15'));
    expect(r.events.map((e) => e.type)).toEqual(['left', 'returned', 'turn']);
    expect(said(r.state, r.events)).toContain("Ana left before choosing where it goes: Cy's piece 1 goes back to its own start square, A1 (top left).");
    expect(r.state.stage).toBe('start');
    // Removed by the platform: the same.
    const removed = ok(apply(captured.state, 'system', { type: 'remove', seat: 0, reason: 'kicked' }));
    expect(removed.events.filter((e) => e.type === 'returned').map((e) => e.type === 'returned' && nameOfSquare(e.square))).toEqual(['A1', 'A1']);
    expect(removed.state.pieces[1]![0]).toBe(sq('A1'));
  });

  it('G28 at the round limit the most pieces in HOME wins; ties share', () => {
    const s = setup({ seats: NAMES.slice(0, 2).map((name) => ({ name, computer: true })), seed: 'limit', options: { roundLimit: 10 } }).state;
    const end = playOut(s, ['random', 'random']).state;
    if (end.outcome?.kind === 'won' && end.outcome.reason === 'roundLimit') {
      const home = end.pieces.map((p) => p.filter((x) => x === HOME).length);
      expect(end.outcome.seats).toEqual([0, 1].filter((x) => home[x] === Math.max(...home)));
      expect(end.round).toBe(10);
    } else throw new Error('a 10-round random game should reach the limit');
    const tie = position({ pieces: { 0: ['A4', 'O8', 'HOME', 'HOME'], 1: ['C4', 'C9', 'HOME', 'HOME'] }, fences: [], dice: [1, 2] });
    tie.options.roundLimit = 10;
    tie.round = 10;
    tie.current = 1;
    const r = act(tie, 1, legalActions(tie, 1)[0]);
    expect(r.state.outcome).toEqual({ kind: 'won', seats: [0, 1], reason: 'roundLimit' });
  });
});
