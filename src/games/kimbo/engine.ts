/**
 * The Game of Fences engine: setup (G7–G9), the turn as stages (G10: a fence move or the roll,
 * playing the roll, the captured pieces' start squares), victory (G23, G28) and leaving (G27, G29).
 * Pure and deterministic: dice come from the generator kept in the state.
 */
import { z } from 'zod';
import { refuse, type Applied, type LeaveReason, type Refusal, type SeatInfo, type TimedOut } from '../../platform/game.ts';
import { Rng, seedRng } from '../../platform/rng.ts';
import { seatsInGame } from '../../platform/seats.ts';
import { BOARD, HOME, nameOfEdge } from './board.ts';
import { OFF, rollResults, turnsBack, type Position, type Result } from './moves.ts';
import { STATE_VERSION, type KimboOptions, type KimboState } from './state.ts';

export const actionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll') }),
  z.object({ type: z.literal('fence'), from: z.number().int().min(0).max(419), to: z.number().int().min(0).max(419) }),
  z.object({ type: z.literal('move'), key: z.string().regex(/^[0-9a-z]{1,12}$/) }),
  z.object({ type: z.literal('corner'), corner: z.number().int().min(0).max(3) }),
]);
export type Action = z.output<typeof actionSchema>;

/** A move key no result has (a result's key packs four squares, so it is never 0): "no such move". */
export const NO_RESULT = '0';

export type KimboEvent =
  | { type: 'started'; first: number; rolls: { seat: number; dice: [number, number] }[][] }
  | { type: 'fenceMoved'; seat: number; from: number; to: number }
  | { type: 'rolled'; seat: number; dice: [number, number] }
  | { type: 'rollLost'; seat: number; dice: [number, number] }
  | { type: 'moved'; seat: number; moves: { piece: number; from: number; to: number; jump: boolean; dice: number[]; turnsBack?: true }[]; captures: { seat: number; piece: number; at: number }[]; unused: number | null }
  | { type: 'cornered'; seat: number; victim: { seat: number; piece: number }; square: number }
  /** G29: a capturer left before choosing; the captured piece went back to its own start square. */
  | { type: 'returned'; seat: number; victim: { seat: number; piece: number }; square: number }
  | { type: 'turn'; seat: number; round: number }
  | { type: 'timedOut'; seat: number; inARow: number }
  | { type: 'left'; seat: number; reason: LeaveReason }
  | { type: 'over'; outcome: NonNullable<KimboState['outcome']> };


/** What a player who tries to move a piece before rolling is told. */
export const ROLL_FIRST = 'Roll first: press **Roll the dice** (before rolling you may move one of your fences with `/kimbo fence`).';

/** G7: seats in join order sit north, south, east, west. */
const SIDE_ORDER = [0, 2, 1, 3];

function rollDie(s: KimboState, rng: Rng): number {
  const fixed = s.fixedDice.shift();
  return fixed ?? rng.die();
}

function rollDice(s: KimboState): [number, number] {
  const rng = new Rng(s.rng);
  const dice: [number, number] = [rollDie(s, rng), rollDie(s, rng)];
  s.rng = rng.state;
  return dice;
}

export function setup(input: { seats: SeatInfo[]; seed: string; options: KimboOptions; fixedDice?: number[] }): Applied<KimboState, KimboEvent> {
  const n = input.seats.length;
  const sides = input.seats.map((_, i) => SIDE_ORDER[i]!);
  const fences: KimboState['fences'] = [];
  sides.forEach((side, seat) => {
    for (const slot of BOARD.triangles[side]!) fences.push({ slot, owner: seat, side });
  });
  // G8: each empty side's entrance square is shut by three neutral fences of that side's colour.
  for (let side = 0; side < 4; side++) {
    if (!sides.includes(side)) for (const slot of BOARD.entrances[side]!.slots) fences.push({ slot, owner: null, side });
  }
  const s: KimboState = {
    version: STATE_VERSION,
    game: 'kimbo',
    options: input.options,
    seats: input.seats.map((x) => ({ name: x.name, computer: x.computer })),
    sides,
    rng: seedRng(input.seed),
    fixedDice: [...(input.fixedDice ?? [])],
    pieces: input.seats.map(() => [...BOARD.starts]),
    fences,
    out: input.seats.map(() => false),
    timeouts: input.seats.map(() => 0),
    current: 0,
    stage: 'start',
    firstSeat: 0,
    round: 1,
    dice: null,
    corners: [],
    last: null,
    outcome: null,
  };
  // G9: everyone rolls; those tied for highest roll again.
  const rolls: { seat: number; dice: [number, number] }[][] = [];
  let rolling = Array.from({ length: n }, (_, i) => i);
  while (rolling.length > 1) {
    const round = rolling.map((seat) => ({ seat, dice: rollDice(s) }));
    rolls.push(round);
    const best = Math.max(...round.map((r) => r.dice[0] + r.dice[1]));
    rolling = round.filter((r) => r.dice[0] + r.dice[1] === best).map((r) => r.seat);
  }
  s.current = rolling[0]!;
  s.firstSeat = s.current;
  return { ok: true, state: s, events: [{ type: 'started', first: s.current, rolls }, { type: 'turn', seat: s.current, round: 1 }] };
}

export const positionOf = (s: KimboState): Position => ({ pieces: s.pieces, fenced: new Set(s.fences.map((f) => f.slot)) });

/** The last listing, by what it depends on: a bot's listing serves the apply that follows it. */
let listed: { key: string; results: Result[] } | null = null;

/** The results the current player may choose from (stage 'play'). */
export function currentResults(s: KimboState): Result[] {
  if (s.stage !== 'play' || !s.dice) return [];
  const key = `${s.current}|${s.dice.join(',')}|${s.pieces.map((p) => p.join(',')).join(';')}|${s.fences.map((f) => f.slot).join(',')}`;
  if (listed?.key !== key) listed = { key, results: rollResults(positionOf(s), s.current, s.dice) };
  return listed.results;
}

/** Slots a fence could move to: every slot without a fence (entrances and black lines are never slots, G2–G3). */
export function vacantSlots(s: KimboState): number[] {
  const taken = new Set(s.fences.map((f) => f.slot));
  return BOARD.slots.filter((e) => !taken.has(e));
}

export function whoMustAct(s: KimboState): number | null {
  return s.outcome ? null : s.current;
}

export function legalActions(s: KimboState, seat: number): Action[] {
  if (s.outcome || seat !== s.current) return [];
  switch (s.stage) {
    case 'start': {
      const vacant = vacantSlots(s);
      const out: Action[] = [{ type: 'roll' }];
      for (const f of s.fences) if (f.owner === seat) for (const to of vacant) out.push({ type: 'fence', from: f.slot, to });
      return out;
    }
    case 'play': return currentResults(s).map((r) => ({ type: 'move', key: r.key }));
    case 'corner': return [0, 1, 2, 3].map((corner) => ({ type: 'corner', corner }));
    default: return [];
  }
}


function finish(s: KimboState, events: KimboEvent[], outcome: NonNullable<KimboState['outcome']>): void {
  s.outcome = outcome;
  s.stage = 'over';
  s.dice = null;
  events.push({ type: 'over', outcome });
}

/** Clockwise (N→E→S→W) from the current seat, counting a round each time the first seat's place is passed. */
function endTurn(s: KimboState, events: KimboEvent[]): void {
  s.dice = null;
  s.corners = [];
  const seats = seatsInGame(s);
  if (seats.length === 0) return finish(s, events, { kind: 'nobody' });
  const rel = (seat: number) => (s.sides[seat]! - s.sides[s.firstSeat]! + 4) % 4;
  const here = rel(s.current);
  const after = seats.filter((x) => rel(x) > here).sort((x, y) => rel(x) - rel(y));
  const next = after[0] ?? seats.sort((x, y) => rel(x) - rel(y))[0]!;
  if (after.length === 0 || rel(next) <= here) {
    if (s.round >= s.options.roundLimit) {
      // G28: most pieces in HOME wins; ties share.
      const home = (seat: number) => s.pieces[seat]!.filter((p) => p === HOME).length;
      const best = Math.max(...seats.map(home));
      return finish(s, events, { kind: 'won', seats: seats.filter((x) => home(x) === best), reason: 'roundLimit' });
    }
    s.round += 1;
  }
  s.current = next;
  s.stage = 'start';
  events.push({ type: 'turn', seat: next, round: s.round });
}

function roll(s: KimboState, seat: number, events: KimboEvent[]): void {
  const dice = rollDice(s);
  s.dice = dice;
  s.stage = 'play';
  events.push({ type: 'rolled', seat, dice });
  s.last = { seat, dice, paths: [] };
  if (currentResults(s).length === 0) {
    events.push({ type: 'rollLost', seat, dice });
    endTurn(s, events);
  }
}

const allHome = (s: KimboState, seat: number) => s.pieces[seat]!.every((p) => p === HOME);

function playResult(s: KimboState, seat: number, r: Result, events: KimboEvent[]): void {
  for (const m of r.moves) s.pieces[seat]![m.piece] = m.squares[m.squares.length - 1]!;
  for (const c of r.captures) s.pieces[c.seat]![c.piece] = OFF;
  events.push({
    type: 'moved',
    seat,
    moves: r.moves.map((m) => ({ piece: m.piece, from: m.squares[0]!, to: m.squares[m.squares.length - 1]!, jump: m.jump, dice: m.dice, ...(turnsBack(m.squares) ? { turnsBack: true as const } : {}) })),
    captures: r.captures,
    unused: r.unused,
  });
  s.last = { seat, dice: s.dice, paths: r.moves.map((m) => ({ seat, piece: m.piece, squares: m.squares, jump: m.jump })) };
  if (allHome(s, seat)) {
    // G23: the game ends at once; a piece captured on the way goes back to its own start square.
    for (const c of r.captures) s.pieces[c.seat]![c.piece] = BOARD.starts[c.piece]!;
    return finish(s, events, { kind: 'won', seats: [seat], reason: 'allHome' });
  }
  if (r.captures.length) {
    s.stage = 'corner';
    s.corners = r.captures.map((c) => ({ seat: c.seat, piece: c.piece }));
    return;
  }
  endTurn(s, events);
}

/**
 * G29: a capturer who leaves before choosing the start squares of the pieces they captured:
 * each goes back to the start square it began the game on, and the channel is told. (Game
 * logic of leaving, apart from the seat handling around it.)
 */
function returnCapturedPieces(s: KimboState, seat: number, events: KimboEvent[]): void {
  if (s.current !== seat || s.stage !== 'corner') return;
  for (const victim of s.corners) {
    if (victim.seat === seat) continue;
    const square = BOARD.starts[victim.piece]!;
    s.pieces[victim.seat]![victim.piece] = square;
    events.push({ type: 'returned', seat, victim: { ...victim }, square });
  }
  s.corners = [];
}

/** G27: pieces leave the board, fences stay as neutral ones; the last player left wins. */
function leave(s: KimboState, seat: number, reason: LeaveReason, events: KimboEvent[]): void {
  const wasCurrent = s.current === seat;
  s.out[seat] = true;
  s.pieces[seat] = [];
  for (const f of s.fences) if (f.owner === seat) f.owner = null;
  events.push({ type: 'left', seat, reason });
  // A captured piece of theirs no longer needs a start square; one they captured goes back to its own.
  s.corners = s.corners.filter((c) => c.seat !== seat);
  returnCapturedPieces(s, seat, events);
  const left = seatsInGame(s);
  if (left.length === 1) return finish(s, events, { kind: 'won', seats: left, reason: 'lastSeat' });
  if (left.length === 0) return finish(s, events, { kind: 'nobody' });
  if (wasCurrent) endTurn(s, events);
  else if (s.stage === 'corner' && s.corners.length === 0) endTurn(s, events);
}

/** Why a fence cannot stand on an edge that is no slot (G2, G3). */
function notASlot(edge: number): string {
  const name = nameOfEdge(edge);
  switch (BOARD.edgeKind[edge]) {
    case 'black': return `${name} is a black line: fences stand only on the lines between squares that are not printed black.`;
    case 'entrance': return `${name} is an entrance into HOME: it stays open, no fence stands in it. To shut it, fence the other three sides of its square.`;
    default: return `${name} is inside HOME: no fence stands there.`;
  }
}

/** Applies one of the player's own actions (already parsed) for the seat on turn. */
function playParsed(s: KimboState, seat: number, a: Action, events: KimboEvent[]): Refusal | null {
  switch (a.type) {
    case 'roll':
      if (s.stage !== 'start') return refuse('ALREADY_ROLLED', 'The dice are already rolled this turn: play them.');
      roll(s, seat, events);
      return null;
    case 'fence': {
      if (s.stage !== 'start') return refuse('FENCE_AFTER_ROLL', 'A fence can only be moved before rolling the dice.');
      const fence = s.fences.find((f) => f.slot === a.from);
      if (!fence) return refuse('NO_FENCE', 'There is no fence there.');
      if (fence.owner !== seat) return refuse('NOT_YOUR_FENCE', fence.owner === null ? 'That fence is neutral: nobody may move it.' : 'That fence is not yours: you may move only your own colour.');
      if (BOARD.edgeKind[a.to] !== 'slot') return refuse('NOT_A_SLOT', notASlot(a.to));
      if (!vacantSlots(s).includes(a.to)) return refuse('SLOT_TAKEN', `${nameOfEdge(a.to)} already holds a fence: choose an empty slot.`);
      fence.slot = a.to;
      events.push({ type: 'fenceMoved', seat, from: a.from, to: a.to });
      roll(s, seat, events);
      return null;
    }
    case 'move': {
      if (s.stage !== 'play') return refuse('NOT_NOW', s.stage === 'start' ? ROLL_FIRST : 'First choose a start square for the captured piece: the buttons on the last post.');
      const r = currentResults(s).find((x) => x.key === a.key);
      if (!r) return refuse('ILLEGAL_MOVE', 'That is not one of the moves this roll allows.');
      playResult(s, seat, r, events);
      return null;
    }
    case 'corner': {
      if (s.stage !== 'corner') return refuse('NO_CAPTURE', 'There is no captured piece to place.');
      const victim = s.corners.shift()!;
      const square = BOARD.starts[a.corner]!;
      s.pieces[victim.seat]![victim.piece] = square;
      events.push({ type: 'cornered', seat, victim, square });
      if (s.corners.length === 0) endTurn(s, events);
      return null;
    }
  }
}

/** A copy whose every part an action may change is new; the rest (seats, sides, options) is shared, never written. */
function copyState(state: KimboState): KimboState {
  return {
    ...state,
    rng: [...state.rng],
    fixedDice: [...state.fixedDice],
    pieces: state.pieces.map((p) => [...p]),
    fences: state.fences.map((f) => ({ ...f })),
    out: [...state.out],
    timeouts: [...state.timeouts],
    corners: state.corners.map((c) => ({ ...c })),
  };
}

export type Chooser = (s: KimboState, seat: number) => Action | null;

/** Applies one of the seat's own actions (the platform has checked the seat is in and the game goes on). Never changes `state`. */
export function play(state: KimboState, seat: number, input: unknown): Applied<KimboState, KimboEvent> | Refusal {
  const a = actionSchema.safeParse(input);
  if (!a.success) return refuse('INVALID', 'That is not a move of this game: roll, move a fence, move a piece or choose a start square.');
  if (seat !== state.current) return refuse('NOT_YOUR_TURN', `It is ${state.seats[state.current]!.name}'s turn.`);
  const s = copyState(state);
  const events: KimboEvent[] = [];
  const refused = playParsed(s, seat, a.data, events);
  return refused ?? { ok: true, state: s, events };
}

/** G27: a seat leaves (resigned, removed); G29: pieces it captured and had not yet placed go back to their own start squares. */
export function leaveGame(state: KimboState, seat: number, reason: LeaveReason): Applied<KimboState, KimboEvent> {
  const s = copyState(state);
  const events: KimboEvent[] = [];
  leave(s, seat, reason, events);
  return { ok: true, state: s, events };
}

/** G26: a timed-out turn is played whole by `timeoutPlayer`. */
export function timeOut(state: KimboState, seat: number, inARow: number, timeoutPlayer: Chooser): TimedOut<KimboState, KimboEvent> {
  const s = copyState(state);
  const events: KimboEvent[] = [{ type: 'timedOut', seat, inARow }];
  let guard = 0;
  while (!s.outcome && s.current === seat && guard++ < 20) {
    const choice = timeoutPlayer(s, seat);
    if (!choice) break;
    const refused = playParsed(s, seat, choice, events);
    if (refused) return refused;
  }
  return { ok: true, state: s, events };
}

export function abortGame(state: KimboState): Applied<KimboState, KimboEvent> {
  const s = copyState(state);
  const events: KimboEvent[] = [];
  finish(s, events, { kind: 'aborted' });
  return { ok: true, state: s, events };
}
