/**
 * Game of Fences scenario files (docs/kimbo.md): a position (the opening roll or whose turn it
 * is, pieces, fences with their colours, round, timeouts, players who left, dice rolled or to
 * come), then steps with actions written in players' terms (squares, slots, move labels) and
 * expectations after each. An illegal action is the engine's refusal, never an invalid file.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { BOARD, HOME, nameOfSquare, parseEdge, parseSquare, SIDES } from './board.ts';
import { simplePlayer } from './bots.ts';
import { createGame, currentResults, legalActions, NO_RESULT, type Action, type KimboEvent } from './engine.ts';
import { parseTyped } from './typed.ts';
import { optionsSchema, type KimboState } from './state.ts';
import { actionLabel, eventText, resultLabel } from './words.ts';

const die = z.number().int().min(1).max(6);
const names = z.array(z.string());

const expectSchema = z.object({
  /** Accepted (true) or refused (false). */
  ok: z.boolean().optional(),
  /** The refusal's code. */
  code: z.string().optional(),
  /** Substrings of the refusal's message. */
  message: names.optional(),
  /** Substrings of the channel lines said (a check step: the lines of the last action, or of the start). */
  text: names.optional(),
  /** Events that must occur, in order: a type, or a partial event with players and squares by name. */
  events: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).optional(),
  noEvents: names.optional(),
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

const stepSchema = z.object({
  /** A player's name, or "system" for timeout, remove and abort. */
  by: z.string().optional(),
  /** An action; a move by its label or as typed on `/kimbo move`; "computer" for the simple strategy's choice. */
  action: z.union([z.record(z.string(), z.unknown()), z.literal('computer')]).optional(),
  note: z.string().optional(),
  expect: expectSchema.optional(),
}).strict();

const fileSchema = z.object({
  game: z.literal('kimbo'),
  name: z.string(),
  description: z.string().optional(),
  players: z.array(z.string().min(1)).min(2).max(4),
  seed: z.string().default('scenario'),
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
  steps: z.array(stepSchema),
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
    seatOf: (name) => {
      const i = f.players.indexOf(name);
      if (i < 0) throw new ScenarioError(`no player '${name}'`);
      return i;
    },
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
  if (new Set(f.players).size !== f.players.length) throw new ScenarioError('players: two players have the same name');
  if (f.openingDice && f.current) throw new ScenarioError('give either "openingDice" (the opening roll decides who starts) or "current", not both');
  const created = createGame({ seats, seed: f.seed, options: optionsSchema.parse(f.options), fixedDice: f.openingDice ?? [] });
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

/** A step's action in players' terms → the engine's. Moves are named by their label or by typed words. */
function resolve(s: KimboState, actor: number | 'system', a: Record<string, unknown> | 'computer', n: Names): unknown {
  if (a === 'computer') {
    if (actor === 'system') throw new ScenarioError('"computer" needs a player, not the system');
    const choice = simplePlayer(s, actor);
    if (!choice) throw new ScenarioError(`${s.seats[actor]!.name} has nothing to do, so the computer cannot choose`);
    return choice;
  }
  const name = (v: unknown) => (typeof v === 'string' ? n.seatOf(v) : v);
  if (actor === 'system') return { ...a, ...(a.seat !== undefined ? { seat: name(a.seat) } : {}) };
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
        ? legalActions(s, actor).find((x: Action) => x.type === 'move' && actionLabel(s, x) === a.label)
        : typeof a.text === 'string' ? parseTyped(s, actor, 'move', a.text) : undefined;
      return found ?? { type: 'move', key: NO_RESULT };
    }
    default: return a;
  }
}

/** Deep partial match: every key of `want` matches in `got`; arrays element by element. */
function matches(got: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => matches(got[i], w));
  if (want && typeof want === 'object') {
    if (!got || typeof got !== 'object') return false;
    return Object.entries(want).every(([k, v]) => matches((got as Record<string, unknown>)[k], v));
  }
  return got === want;
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
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const f = parsed.data;
  const n = namesFor(f);
  const loaded = load(f, n);
  let s = loaded.s;
  let lastEvents: KimboEvent[] = loaded.events;
  const lines: object[] = [];
  const failures: string[] = [];
  f.steps.forEach((step, k) => {
    const where = `step ${k + 1}${step.note ? ` (${step.note})` : ''}`;
    const line: Record<string, unknown> = { step: k + 1 };
    const fail: string[] = [];
    const e = step.expect ?? {};
    let refusal: { code: string; message: string } | null = null;
    if (step.action !== undefined) {
      if (step.by === undefined) throw new ScenarioError(`${where}: an action needs "by"`);
      const actor = step.by === 'system' ? 'system' : n.seatOf(step.by);
      const input = resolve(s, actor, step.action, n);
      line.by = step.by;
      line.action = input;
      if (typeof step.action === 'object' && step.action.type === 'move') line.label = step.action.label ?? step.action.text ?? null;
      const r = apply(s, actor, input);
      if (r.ok) {
        s = r.state;
        lastEvents = r.events;
        Object.assign(line, { ok: true, events: r.events, text: r.events.map((ev) => eventText(s, ev)).filter((t) => t !== null) });
      } else {
        refusal = r;
        lastEvents = [];
        const legal = r.legal.length ? r.legal : actor === 'system' ? [] : legalActions(s, actor).map((x) => actionLabel(s, x)).slice(0, 20);
        Object.assign(line, { ok: false, code: r.code, message: r.message, legal });
      }
      const wantRefusal = e.ok === false || e.code !== undefined || e.message !== undefined;
      if (refusal && !wantRefusal) fail.push(`refused (${refusal.code}: ${refusal.message})`);
      if (!refusal && wantRefusal) fail.push('expected a refusal, but it was played');
    } else line.check = true;
    if (e.ok === true && refusal) fail.push('expected it to be played');
    if (e.code !== undefined && refusal && refusal.code !== e.code) fail.push(`refused with ${refusal.code}, expected ${e.code}`);
    for (const m of e.message ?? []) if (refusal && !refusal.message.includes(m)) fail.push(`the refusal does not say "${m}": ${refusal.message}`);
    fail.push(...check(s, e, lastEvents, f, n));
    if (fail.length) {
      line.failures = fail;
      failures.push(...fail.map((x) => `${where}: ${x}`));
    }
    lines.push(line);
  });
  for (let seat = 0; seat < s.pieces.length; seat++) {
    const ps = s.pieces[seat]!;
    if (!s.out[seat] && ps.length !== 4) failures.push(`${f.players[seat]} has ${ps.length} pieces`);
    for (const p of ps) if (p !== HOME && p >= 0 && !BOARD.squares.includes(p)) failures.push(`a piece stands on ${p}`);
  }
  return { lines, state: s, failures };
}

/** The expectations of a step on the position after it; `said` are the events whose lines it checks. */
function check(s: KimboState, e: z.output<typeof expectSchema>, said: KimboEvent[], f: File, n: Names): string[] {
  const out: string[] = [];
  const text = said.map((ev) => eventText(s, ev)).filter((t): t is string => t !== null);
  for (const t of e.text ?? []) if (!text.some((l) => l.includes(t))) out.push(`nothing said "${t}"; said: ${text.join(' / ') || 'nothing'}`);
  let at = 0;
  const evs = said.map((ev) => named(s, ev));
  for (const want of e.events ?? []) {
    const pattern = typeof want === 'string' ? { type: want } : want;
    const i = evs.slice(at).findIndex((x) => matches(x, pattern));
    if (i < 0) out.push(`no event ${JSON.stringify(pattern)} (in order) among ${JSON.stringify(evs)}`);
    else at += i + 1;
  }
  for (const type of e.noEvents ?? []) if (said.some((x) => x.type === type)) out.push(`an event '${type}' occurred`);
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
