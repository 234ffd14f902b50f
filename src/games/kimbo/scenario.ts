/**
 * Game of Fences scenario files (docs/kimbo.md): a position (the opening roll or whose turn it
 * is, pieces, fences with their colours, round, timeouts, players who left, dice rolled or to
 * come), then steps with actions written in players' terms (squares, slots, move labels) and
 * expectations after each. An illegal action is the engine's refusal, never an invalid file.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { actionExpectFields, fileFields, playerNames, playSteps, readScenario, seatNamed, stepSchema } from '../../platform/scenario.ts';
import { BOARD, HOME, nameOfSquare, parseEdge, parseSquare, SIDES } from './board.ts';
import { simplePlayer } from './bots.ts';
import { setup, currentResults, legalActions, NO_RESULT, type Action, type KimboEvent } from './engine.ts';
import { parseTyped } from './typed.ts';
import { optionsSchema, type KimboState } from './state.ts';
import { actionLabel, eventText, resultLabel } from './words.ts';

const die = z.number().int().min(1).max(6);
const names = z.array(z.string());

const expectSchema = z.object({
  ...actionExpectFields,
  pieces: z.record(z.string(), names).optional(),
  /** Slots that must hold a fence of this player, or of `neutral` (any colour) / `neutral <side>`. */
  fences: z.record(z.string(), names).optional(),
  stage: z.enum(['start', 'play', 'corner', 'over']).optional(),
  current: z.string().optional(),
  firstPlayer: z.string().optional(),
  /** The dice rolled this turn, or null before the roll. */
  dice: z.tuple([die, die]).nullable().optional(),
  round: z.number().int().min(1).optional(),
  /** Exactly the players who have left. */
  out: names.optional(),
  timeouts: z.record(z.string(), z.number().int().min(0)).optional(),
  /** Labels that must be among the legal moves after the step. */
  moves: names.optional(),
  /** Labels that must not be. */
  notMoves: names.optional(),
  moveCount: z.number().int().min(0).optional(),
  winners: names.optional(),
}).strict();

const fileSchema = z.object({
  ...fileFields('kimbo', stepSchema(expectSchema)),
  players: playerNames({ min: 2, max: 4 }),
  options: optionsSchema.partial().default({}),
  /** G9: the dice of the opening roll, two per player per round of rolling; then who starts is the engine's. */
  openingDice: z.array(die).optional(),
  /** Per player, their four pieces' squares ("A1", "HOME"). */
  pieces: z.record(z.string(), z.array(z.string()).length(4)).default({}),
  /** When given, the fences on the board: per player their slots, `neutral` / `neutral <side>` for neutral ones. */
  fences: z.record(z.string(), names).optional(),
  /** Players who have already left (G27): no pieces, their fences neutral. */
  left: names.default([]),
  current: z.string().optional(),
  /** Who began the game: a round ends when the turn comes back to them (default: `current`). */
  firstPlayer: z.string().optional(),
  round: z.number().int().min(1).default(1),
  timeouts: z.record(z.string(), z.number().int().min(0).max(2)).default({}),
  /** Dice already rolled this turn: the current player is playing them. */
  rolled: z.tuple([die, die]).optional(),
  /** The next dice rolled, in order (two per roll). */
  dice: z.array(die).default([]),
}).strict();

type File = z.output<typeof fileSchema>;

/** A position's names: players, squares and slots as the file writes them. */
interface Names {
  seatOf(name: string): number;
  square(text: string): number;
  edge(text: string): number;
}

function namesFor(f: File): Names {
  return {
    seatOf: (name) => seatNamed(f.players, name),
    square: (text) => {
      const sq = parseSquare(text);
      if (sq === null) throw new ScenarioError(`'${text}' is not a square`);
      return sq;
    },
    edge: (text) => {
      const e = parseEdge(text);
      if (e === null) throw new ScenarioError(`'${text}' is not a line between two neighbouring squares`);
      return e;
    },
  };
}

/** "neutral" (null: the colour follows the slot) or "neutral east"; a player's name otherwise. */
function neutralSide(key: string): number | null | undefined {
  const m = /^neutral(?:\s+(north|east|south|west))?$/.exec(key);
  if (!m) return undefined;
  return m[1] ? SIDES.indexOf(m[1] as (typeof SIDES)[number]) : null;
}

/** A neutral fence's colour when the file names none: the side whose entrance square it shuts, else a side nobody plays. */
function defaultNeutralSide(s: KimboState, slot: number): number {
  const ent = BOARD.entrances.findIndex((x) => x.slots.includes(slot));
  if (ent >= 0) return ent;
  return [0, 1, 2, 3].find((side) => !s.sides.includes(side)) ?? 0;
}

/** The starting state of a scenario file (its steps are not played); the setup's events too. */
function load(f: File, n: Names): { s: KimboState; events: KimboEvent[] } {
  const seats = f.players.map((name) => ({ name, computer: false }));
  if (f.openingDice && f.current) throw new ScenarioError('give either "openingDice" (the opening roll decides who starts) or "current", not both');
  const created = setup({ seats, seed: f.seed, options: optionsSchema.parse(f.options), fixedDice: f.openingDice ?? [] });
  const s = created.state;
  if (s.fixedDice.length) throw new ScenarioError(`openingDice: ${s.fixedDice.length} ${s.fixedDice.length === 1 ? 'die' : 'dice'} left over after the opening roll decided who starts`);
  const left = new Set(f.left.map(n.seatOf));
  for (const [name, squares] of Object.entries(f.pieces)) {
    const seat = n.seatOf(name);
    if (left.has(seat)) throw new ScenarioError(`pieces: ${name} has left the game and has no pieces`);
    s.pieces[seat] = squares.map(n.square);
  }
  const taken = new Map<number, string>();
  s.pieces.forEach((ps, seat) => ps.forEach((sq) => {
    if (sq === HOME || BOARD.starts.includes(sq)) return;
    const who = taken.get(sq);
    if (who) throw new ScenarioError(`pieces: ${who} and ${f.players[seat]} both stand on ${nameOfSquare(sq)}, an ordinary square holds one piece`);
    taken.set(sq, f.players[seat]!);
  }));
  if (f.fences) {
    const seen = new Set<number>();
    s.fences = Object.entries(f.fences).flatMap(([key, slots]) => {
      const neutral = neutralSide(key);
      const owner = neutral === undefined ? n.seatOf(key) : null;
      if (owner !== null && left.has(owner)) throw new ScenarioError(`fences: ${key} has left the game: their fences are neutral ("neutral ${SIDES[s.sides[owner]!]}")`);
      return slots.map((text) => {
        const slot = n.edge(text);
        if (BOARD.edgeKind[slot] !== 'slot') throw new ScenarioError(`fences: ${text} is no fence slot (${BOARD.edgeKind[slot] === 'entrance' ? 'an entrance into HOME' : BOARD.edgeKind[slot] === 'black' ? 'a black line' : 'inside HOME'})`);
        if (seen.has(slot)) throw new ScenarioError(`fences: ${text} is given twice`);
        seen.add(slot);
        const side = owner !== null ? s.sides[owner]! : (neutral ?? defaultNeutralSide(s, slot));
        return { slot, owner, side };
      });
    });
  }
  for (const seat of left) {
    s.out[seat] = true;
    s.pieces[seat] = [];
    for (const fence of s.fences) if (fence.owner === seat) fence.owner = null;
  }
  if (f.current) s.current = n.seatOf(f.current);
  s.firstSeat = f.firstPlayer ? n.seatOf(f.firstPlayer) : s.current;
  if (s.out[s.current]) throw new ScenarioError(`current: ${f.players[s.current]} has left the game`);
  if (f.round > s.options.roundLimit) throw new ScenarioError(`round: ${f.round} is past the round limit ${s.options.roundLimit}`);
  s.round = f.round;
  for (const [name, count] of Object.entries(f.timeouts)) s.timeouts[n.seatOf(name)] = count;
  if (s.seats.length - left.size < 2) throw new ScenarioError('left: fewer than two players would be left, so the game would be over');
  s.fixedDice = [...s.fixedDice, ...f.dice];
  if (f.rolled) {
    s.dice = [...f.rolled];
    s.stage = 'play';
    s.last = { seat: s.current, dice: s.dice, paths: [] };
    if (currentResults(s).length === 0) throw new ScenarioError(`rolled: ${f.players[s.current]} has no move with ${f.rolled.join(' and ')}, so the roll would already be lost`);
  }
  // The opening roll's line is what the channel was told at the start.
  return { s, events: f.openingDice ? created.events : [] };
}

/** A seat's action in players' terms → the engine's. Moves are named by their label or by typed words. */
function resolve(s: KimboState, seat: number, a: Record<string, unknown> | string, n: Names): unknown {
  if (typeof a === 'string') return a;
  switch (a.type) {
    case 'fence': return { type: 'fence', from: typeof a.from === 'string' ? n.edge(a.from) : a.from, to: typeof a.to === 'string' ? n.edge(a.to) : a.to };
    case 'corner': {
      if (typeof a.corner !== 'string') return a;
      const corner = BOARD.starts.indexOf(n.square(a.corner));
      if (corner < 0) throw new ScenarioError(`'${a.corner}' is not a start square (${BOARD.starts.map(nameOfSquare).join(', ')})`);
      return { type: 'corner', corner };
    }
    case 'move': {
      if (typeof a.key === 'string') return a;
      // A label names one legal move; typed words the one legal move they fit. Anything else is
      // a move this roll does not allow: the engine refuses it, as it would in the channel.
      const found = typeof a.label === 'string'
        ? legalActions(s, seat).find((x: Action) => x.type === 'move' && actionLabel(s, x) === a.label)
        : typeof a.text === 'string' ? parseTyped(s, seat, 'move', a.text) : undefined;
      return found ?? { type: 'move', key: NO_RESULT };
    }
    default: return a;
  }
}

const SQUARE_FIELDS = new Set(['from', 'to', 'at', 'square']);

/** An event with players and squares by name, as a file writes them. */
function named(s: KimboState, e: KimboEvent): unknown {
  const walk = (v: unknown, key: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    if (typeof v !== 'number') return v;
    if (key === 'seat' || key === 'first') return s.seats[v]?.name ?? v;
    if (key === 'seats') return s.seats[v]?.name ?? v;
    if (SQUARE_FIELDS.has(key)) return v === -2 ? 'captured' : nameOfSquare(v);
    if (key === 'piece') return v + 1;
    return v;
  };
  return walk(e, '');
}

export function runScenario(json: unknown, apply: ApplyRequest<KimboState, KimboEvent>): ScenarioResult<KimboState> {
  const f = readScenario(fileSchema, json);
  const n = namesFor(f);
  const loaded = load(f, n);
  const played = playSteps(loaded.s, f.steps, apply, {
    action: (s, seat, a) => resolve(s, seat, a, n),
    computer: simplePlayer,
    eventText,
    named,
    // The label as the file named the move, beside the move it stands for.
    label: (_s, _actor, _input, step) => (typeof step.action === 'object' && step.action.type === 'move' ? (step.action.label ?? step.action.text ?? null) as string | null : undefined),
    // The engine's refusals offer nothing; the runner prints what the player could do.
    offers: (s, seat) => legalActions(s, seat).map((x) => actionLabel(s, x)).slice(0, 20),
    check: (s, e) => check(s, e, f, n),
  }, loaded.events);
  const s = played.state;
  for (let seat = 0; seat < s.pieces.length; seat++) {
    const ps = s.pieces[seat]!;
    if (!s.out[seat] && ps.length !== 4) played.failures.push(`${f.players[seat]} has ${ps.length} pieces`);
    for (const p of ps) if (p !== HOME && p >= 0 && !BOARD.squares.includes(p)) played.failures.push(`a piece stands on ${p}`);
  }
  return played;
}

/** A step's own expectations on the position after it. */
function check(s: KimboState, e: z.output<typeof expectSchema>, f: File, n: Names): string[] {
  const out: string[] = [];
  for (const [name, want] of Object.entries(e.pieces ?? {})) {
    const have = s.pieces[n.seatOf(name)]!.map((p) => (p === -2 ? 'captured' : nameOfSquare(p)));
    const wantNames = want.map((w) => nameOfSquare(n.square(w)));
    if (JSON.stringify(have) !== JSON.stringify(wantNames)) out.push(`${name}'s pieces are ${have.join(' ') || 'none'}, expected ${want.join(' ')}`);
  }
  for (const [key, slots] of Object.entries(e.fences ?? {})) {
    const neutral = neutralSide(key);
    const owner = neutral === undefined ? n.seatOf(key) : null;
    for (const text of slots) {
      const fence = s.fences.find((x) => x.slot === n.edge(text));
      const ok = fence && fence.owner === owner && (neutral === undefined || neutral === null || fence.side === neutral);
      if (!ok) out.push(`${text} holds ${fence ? (fence.owner === null ? `a neutral ${SIDES[fence.side]} fence` : `${f.players[fence.owner]}'s fence`) : 'no fence'}, expected ${key === 'neutral' ? 'a neutral fence' : key.startsWith('neutral') ? `a ${key} fence` : `${key}'s fence`}`);
    }
  }
  if (e.stage && s.stage !== e.stage) out.push(`stage is ${s.stage}, expected ${e.stage}`);
  if (e.current && s.current !== n.seatOf(e.current)) out.push(`it is ${f.players[s.current]}'s turn, expected ${e.current}'s`);
  if (e.firstPlayer && s.firstSeat !== n.seatOf(e.firstPlayer)) out.push(`${f.players[s.firstSeat]} began the game, expected ${e.firstPlayer}`);
  if (e.dice !== undefined && JSON.stringify(s.dice) !== JSON.stringify(e.dice)) out.push(`the dice are ${JSON.stringify(s.dice)}, expected ${JSON.stringify(e.dice)}`);
  if (e.round !== undefined && s.round !== e.round) out.push(`round ${s.round}, expected ${e.round}`);
  if (e.out) {
    const have = f.players.filter((_, i) => s.out[i]);
    if (JSON.stringify([...have].sort()) !== JSON.stringify([...e.out].sort())) out.push(`players out: ${have.join(', ') || 'none'}, expected ${e.out.join(', ') || 'none'}`);
  }
  for (const [name, count] of Object.entries(e.timeouts ?? {})) if (s.timeouts[n.seatOf(name)] !== count) out.push(`${name} has ${s.timeouts[n.seatOf(name)]} timeouts in a row, expected ${count}`);
  const labels = currentResults(s).map((x) => resultLabel(s, x));
  for (const m of e.moves ?? []) if (!labels.includes(m)) out.push(`"${m}" is not a legal move; they are: ${labels.join(' | ') || 'none'}`);
  for (const m of e.notMoves ?? []) if (labels.includes(m)) out.push(`"${m}" should not be a legal move`);
  if (e.moveCount !== undefined && labels.length !== e.moveCount) out.push(`${labels.length} legal moves, expected ${e.moveCount}: ${labels.join(' | ')}`);
  if (e.winners) {
    const got = s.outcome?.kind === 'won' ? s.outcome.seats.map((x) => f.players[x]) : [];
    if (JSON.stringify(got) !== JSON.stringify(e.winners)) out.push(`winners ${got.join(', ') || 'none'}, expected ${e.winners.join(', ') || 'none'}`);
  }
  return out;
}
