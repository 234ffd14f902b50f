/**
 * Game of Fences scenario files (docs/kimbo.md): a position (pieces, fences, whose turn, fixed
 * dice), steps with actions written in players' terms (squares, slots, move labels) and
 * expectations after each step.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { BOARD, HOME, nameOfSquare, parseEdge, parseSquare } from './board.ts';
import { createGame, currentResults, legalActions, type Action, type KimboEvent } from './engine.ts';
import { optionsSchema, type KimboState } from './state.ts';
import { actionLabel, eventText, resultLabel } from './words.ts';

const stepSchema = z.object({
  by: z.string(),
  action: z.record(z.string(), z.unknown()),
  note: z.string().optional(),
  expect: z.object({
    refused: z.string().optional(),
    pieces: z.record(z.string(), z.array(z.string())).optional(),
    stage: z.enum(['start', 'play', 'corner', 'over']).optional(),
    current: z.string().optional(),
    /** Labels that must be among the legal moves after the step. */
    moves: z.array(z.string()).optional(),
    /** Labels that must not be. */
    notMoves: z.array(z.string()).optional(),
    moveCount: z.number().int().optional(),
    winners: z.array(z.string()).optional(),
    /** Text that the step's event lines must contain. */
    says: z.array(z.string()).optional(),
  }).optional(),
});

const fileSchema = z.object({
  game: z.literal('kimbo'),
  name: z.string(),
  description: z.string().optional(),
  players: z.array(z.string()).min(2).max(4),
  seed: z.string().default('scenario'),
  options: optionsSchema.partial().default({}),
  /** Per player, their four pieces' squares ("A1", "HOME"). */
  pieces: z.record(z.string(), z.array(z.string()).length(4)).default({}),
  /** When given, the fences on the board: per player their six slots, "neutral" any others. */
  fences: z.record(z.string(), z.array(z.string())).optional(),
  current: z.string().optional(),
  dice: z.array(z.number().int().min(1).max(6)).default([]),
  steps: z.array(stepSchema),
});

export function runScenario(json: unknown, apply: ApplyRequest<KimboState, KimboEvent>): ScenarioResult<KimboState> {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const f = parsed.data;
  const seatOf = (name: string): number => {
    const i = f.players.indexOf(name);
    if (i < 0) throw new ScenarioError(`no player '${name}'`);
    return i;
  };
  const square = (text: string): number => {
    const sq = parseSquare(text);
    if (sq === null) throw new ScenarioError(`'${text}' is not a square`);
    return sq;
  };
  const slot = (text: string): number => {
    const e = parseEdge(text);
    if (e === null || BOARD.edgeKind[e] !== 'slot') throw new ScenarioError(`'${text}' is not a fence slot`);
    return e;
  };
  let s = createGame({ seats: f.players.map((name) => ({ name, computer: false })), seed: f.seed, options: optionsSchema.parse(f.options) }).state;
  for (const [name, squares] of Object.entries(f.pieces)) s.pieces[seatOf(name)] = squares.map(square);
  if (f.fences) {
    s.fences = Object.entries(f.fences).flatMap(([name, slots]) => {
      const owner = name === 'neutral' ? null : seatOf(name);
      return slots.map((x) => ({ slot: slot(x), owner, side: owner === null ? 0 : s.sides[owner]! }));
    });
  }
  if (f.current) {
    s.current = seatOf(f.current);
    s.firstSeat = s.current;
  }
  s.fixedDice = [...f.dice];

  const lines: object[] = [];
  const failures: string[] = [];
  f.steps.forEach((step, n) => {
    const where = `step ${n + 1}`;
    const actor = step.by === 'system' ? 'system' : seatOf(step.by);
    const input = resolve(s, actor, step.action, { seatOf, square, slot });
    const r = apply(s, actor, input);
    const e = step.expect ?? {};
    if (!r.ok) {
      lines.push({ step: n + 1, action: input, refused: { code: r.code, message: r.message } });
      if (e.refused !== r.code) failures.push(`${where}: refused (${r.code}: ${r.message})${e.refused ? `, expected ${e.refused}` : ''}`);
      return;
    }
    const said = r.events.map((ev) => eventText(r.state, ev)).filter((t): t is string => t !== null);
    lines.push({ step: n + 1, action: input, events: said });
    if (e.refused) failures.push(`${where}: expected a refusal ${e.refused}, but it was played`);
    s = r.state;
    for (const [name, want] of Object.entries(e.pieces ?? {})) {
      const have = s.pieces[seatOf(name)]!.map((p) => nameOfSquare(p));
      if (JSON.stringify(have) !== JSON.stringify(want.map((w) => nameOfSquare(square(w))))) failures.push(`${where}: ${name}'s pieces are ${have.join(' ')}, expected ${want.join(' ')}`);
    }
    if (e.stage && s.stage !== e.stage) failures.push(`${where}: stage is ${s.stage}, expected ${e.stage}`);
    if (e.current && s.current !== seatOf(e.current)) failures.push(`${where}: it is ${f.players[s.current]}'s turn, expected ${e.current}'s`);
    const labels = currentResults(s).map((x) => resultLabel(s, x));
    for (const m of e.moves ?? []) if (!labels.includes(m)) failures.push(`${where}: "${m}" is not a legal move; they are: ${labels.join(' | ')}`);
    for (const m of e.notMoves ?? []) if (labels.includes(m)) failures.push(`${where}: "${m}" should not be a legal move`);
    if (e.moveCount !== undefined && labels.length !== e.moveCount) failures.push(`${where}: ${labels.length} legal moves, expected ${e.moveCount}: ${labels.join(' | ')}`);
    if (e.winners) {
      const got = s.outcome?.kind === 'won' ? s.outcome.seats.map((x) => f.players[x]) : [];
      if (JSON.stringify(got) !== JSON.stringify(e.winners)) failures.push(`${where}: winners ${got.join(', ') || 'none'}, expected ${e.winners.join(', ')}`);
    }
    for (const text of e.says ?? []) if (!said.some((l) => l.includes(text))) failures.push(`${where}: nothing said "${text}"; said: ${said.join(' / ')}`);
  });
  for (let seat = 0; seat < s.pieces.length; seat++) {
    const ps = s.pieces[seat]!;
    if (!s.out[seat] && ps.length !== 4) failures.push(`seat ${seat} has ${ps.length} pieces`);
    for (const p of ps) if (p !== HOME && p >= 0 && !BOARD.squares.includes(p)) failures.push(`a piece stands on ${p}`);
  }
  return { lines, state: s, failures };
}

/** A step's action in players' terms → the engine's. Moves are named by their label or by typed words. */
function resolve(s: KimboState, actor: number | 'system', a: Record<string, unknown>, h: { seatOf(n: string): number; square(t: string): number; slot(t: string): number }): unknown {
  const seatField = (v: unknown) => (typeof v === 'string' ? h.seatOf(v) : v);
  if (actor === 'system') return { ...a, ...(a.seat !== undefined ? { seat: seatField(a.seat) } : {}) };
  switch (a.type) {
    case 'fence': return { type: 'fence', from: h.slot(String(a.from)), to: typeof a.to === 'string' ? (parseEdge(a.to) ?? -1) : a.to };
    case 'corner': return { type: 'corner', corner: typeof a.corner === 'string' ? BOARD.starts.indexOf(h.square(a.corner)) : a.corner };
    case 'move': {
      if (typeof a.key === 'string') return a;
      const want = String(a.label ?? '');
      const found = legalActions(s, actor).find((x: Action) => x.type === 'move' && actionLabel(s, x) === want);
      if (!found) throw new ScenarioError(`"${want}" is not a legal move here; the legal moves are: ${currentResults(s).map((x) => resultLabel(s, x)).join(' | ') || 'none'}`);
      return found;
    }
    default: return a;
  }
}
