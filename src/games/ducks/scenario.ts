/**
 * Duck Pens scenarios (docs/ducks.md): a position set up in JSON — players, fences drawn, pens,
 * player areas, the Automa's deck, the turn and its dice — then steps played on it, with
 * expectations after each. Used by `npm run scenario` and test/scenarios/ducks-*.json.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { COMPONENTS } from './components.ts';
import { legalActions, setup, simpleChoice } from './engine.ts';
import { readDot, spaceIndex, SIZE, outline, type Colour } from './grid.ts';
import { draw, newPens, pathEdges, scoreOf, shapeOf, boundaryCounts, penOf, isSpecialty } from './rules.ts';
import type { Action, DucksEvent, DucksState } from './state.ts';
import { actionLabel, eventText } from './words.ts';
import { ducks } from './index.ts';

const colour = z.enum(['red', 'blue']);
const areaSchema = z.object({
  rerolls: z.number().int().min(0).optional(),
  bread: z.number().int().min(0).optional(),
  eggs: z.number().int().min(0).optional(),
  ducks: z.record(z.string(), z.number().int().min(0)).optional(),
  outlined: z.array(z.string()).optional(),
  pending: z.number().int().min(0).optional(),
}).strict();

const expectSchema = z.object({
  ok: z.boolean().optional(),
  code: z.string().optional(),
  /** Substrings of the refusal's message. */
  message: z.array(z.string()).optional(),
  /** Substrings of the step's channel lines. */
  text: z.array(z.string()).optional(),
  /** Event types that must (not) occur. */
  events: z.array(z.string()).optional(),
  noEvents: z.array(z.string()).optional(),
  /** Labels that must (not) be among the legal actions of `seat` (default: the turn's player). */
  legal: z.object({ seat: z.string().optional(), includes: z.array(z.string()).optional(), excludes: z.array(z.string()).optional(), count: z.number().int().optional() }).strict().optional(),
  /** Pens by a space of theirs ("C4"): owner, shape (null: none), or null for "no pen there". */
  pens: z.record(z.string(), z.object({ owner: colour.optional(), shape: z.string().nullable().optional(), automa: z.boolean().optional(), size: z.number().int().optional() }).strict().nullable()).optional(),
  penCount: z.number().int().min(0).optional(),
  areas: z.record(z.string(), areaSchema).optional(),
  scores: z.record(z.string(), z.object({ total: z.number().int().optional(), group: z.number().int().optional(), shapePoints: z.number().int().optional(), duckPoints: z.number().int().optional(), ducks: z.number().int().optional() }).strict()).optional(),
  stage: z.enum(['roll', 'reroll', 'act', 'automa', 'final', 'over']).optional(),
  turnOf: z.string().optional(),
  winners: z.array(z.string()).optional(),
  skips: z.number().int().min(0).optional(),
}).strict();

const stepSchema = z.object({
  by: z.string().optional(),
  /** An action as JSON, a move typed as on `/ducks fence` ("C4 → C7"), or "computer". */
  action: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  /** The turn's dice are set to these first (as if just rolled): the turn moves to its actions. */
  dice: z.array(colour).length(3).optional(),
  note: z.string().optional(),
  expect: expectSchema.optional(),
}).strict();

const scenarioSchema = z.object({
  game: z.literal('ducks').optional(),
  name: z.string().min(1),
  description: z.string().optional(),
  players: z.array(z.string().min(1)).min(1).max(2),
  /** The first player's colour. */
  colour: colour.default('red'),
  seed: z.string().default('scenario'),
  /** Who starts (2 players); the default is the seeded draw. */
  first: z.string().optional(),
  /** Fences already drawn, as dot paths ("B1-B4", "C4-C6-E6"), per colour. */
  fences: z.object({ red: z.array(z.string()).default([]), blue: z.array(z.string()).default([]) }).strict().optional(),
  /** Pens already complete: spaces ("B2 B3 C2"), owner; their open sides are drawn in the owner's colour. */
  pens: z.array(z.object({ cells: z.string(), owner: colour, automa: z.boolean().default(false) }).strict()).optional(),
  /** Who closes pens the drawn fences form (default: the first player's colour). */
  closedBy: colour.optional(),
  areas: z.record(z.string(), areaSchema).optional(),
  /** Solo: the deck, top first, as card numbers (0-based, assets order). */
  deck: z.array(z.number().int().min(0)).optional(),
  steps: z.array(stepSchema).default([]),
}).strict();

type Scenario = z.output<typeof scenarioSchema>;

function space(name: string): number {
  const d = readDot(name);
  if (!d || d[0] >= SIZE || d[1] >= SIZE) throw new ScenarioError(`"${name}" is not a space`);
  return spaceIndex(d[0] + 1, d[1] + 1);
}

function edgesOf(path: string): number[] {
  const dots = path.split(/\s*(?:-|→)\s*/).map((t) => readDot(t));
  if (dots.some((d) => !d) || dots.length < 2) throw new ScenarioError(`fence "${path}" is not a path of dots`);
  const edges = pathEdges(dots as [number, number][]);
  if (!edges) throw new ScenarioError(`fence "${path}" is not made of straight lines`);
  return edges;
}

/** The starting state of a scenario file (its steps are not played). */
export function position(json: unknown): DucksState {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  return loadScenario(parsed.data);
}

function loadScenario(sc: Scenario): DucksState {
  const seats = sc.players.map((name) => ({ name, computer: false }));
  const s = setup({ seats, seed: sc.seed, options: { colour: sc.colour, takeOver: false } }).state;
  const seatOf = (name: string): number => {
    const i = sc.players.indexOf(name);
    if (i < 0) throw new ScenarioError(`"${name}" is not a player`);
    return i;
  };
  if (sc.first !== undefined) s.turn.seat = seatOf(sc.first);
  for (const p of sc.pens ?? []) {
    const cells = p.cells.trim().split(/\s+/).map(space).sort((a, b) => a - b);
    const inPen = penOf(s.pens);
    if (cells.some((c) => inPen[c] !== -1)) throw new ScenarioError(`pen "${p.cells}" overlaps another pen`);
    const owner: Colour = p.automa ? (s.automa?.colour ?? p.owner) : p.owner;
    s.fences = draw(s.fences, outline(cells).filter((e) => s.fences[e] === '.'), owner);
    const shape = shapeOf(cells);
    const { red, blue } = boundaryCounts(s.fences, cells);
    s.pens.push({ cells, owner, shape: p.automa || isSpecialty(shape) ? shape : null, completer: owner, automa: p.automa, red, blue });
  }
  for (const c of ['red', 'blue'] as const) for (const f of sc.fences?.[c] ?? []) s.fences = draw(s.fences, edgesOf(f), c);
  s.pens.push(...newPens(s.fences, s.pens, sc.closedBy ?? s.colours[0] as Colour));
  for (const [name, a] of Object.entries(sc.areas ?? {})) Object.assign(s.areas[seatOf(name)]!, structuredClone(a), { ducks: { ...s.areas[seatOf(name)]!.ducks, ...(a.ducks ?? {}) } });
  if (sc.deck) {
    if (!s.automa) throw new ScenarioError('"deck" is for solo games');
    if (sc.deck.some((c) => c >= COMPONENTS.cards.length)) throw new ScenarioError('"deck": no such card');
    s.automa.deck = [...sc.deck];
  }
  return s;
}

function readAction(s: DucksState, seat: number, action: NonNullable<z.output<typeof stepSchema>['action']>): unknown {
  if (action === 'computer') return simpleChoice(s, seat);
  if (typeof action === 'string') return ducks.parse?.(s, seat, 'fence', action) ?? action;
  return action;
}

export function runScenario(json: unknown, apply: ApplyRequest<DucksState, DucksEvent>): ScenarioResult<DucksState> {
  const parsed = scenarioSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const sc = parsed.data;
  let state = loadScenario(sc);
  const lines: object[] = [];
  const failures: string[] = [];
  const seatOf = (name: string): number => {
    if (name === 'system') return -1;
    const i = sc.players.indexOf(name);
    if (i < 0) throw new ScenarioError(`"${name}" is not a player`);
    return i;
  };
  sc.steps.forEach((st, n) => {
    const fail = (msg: string) => failures.push(`step ${n + 1}${st.note ? ` (${st.note})` : ''}: ${msg}`);
    if (st.dice) state = { ...structuredClone(state), turn: { ...state.turn, dice: [...st.dice], stage: 'act', fenced: false, special: null, rerollsLeft: 0 } };
    let events: DucksEvent[] = [];
    let refusal: { code: string; message: string } | null = null;
    if (st.action !== undefined) {
      if (st.by === undefined) throw new ScenarioError(`step ${n + 1}: an action needs "by"`);
      const seat = seatOf(st.by);
      const input = seat < 0 ? st.action : readAction(state, seat, st.action);
      const r = apply(state, seat < 0 ? 'system' : seat, input);
      if (r.ok) {
        events = r.events;
        state = r.state;
        lines.push({ action: input, events: events.map((e) => ({ ...e, text: eventText(state, e) })) });
      } else {
        refusal = r;
        lines.push({ action: input, refused: { code: r.code, message: r.message, legal: r.legal } });
      }
    }
    const e = st.expect;
    if (!e) return;
    if (e.ok !== undefined && e.ok !== (refusal === null)) fail(e.ok ? `refused: ${refusal?.code} ${refusal?.message}` : 'was accepted');
    if (e.code !== undefined && refusal?.code !== e.code) fail(`expected refusal ${e.code}, got ${refusal?.code ?? 'none'}`);
    for (const m of e.message ?? []) if (!refusal?.message.includes(m)) fail(`refusal message lacks "${m}": ${refusal?.message ?? 'no refusal'}`);
    const text = events.map((x) => eventText(state, x)).filter(Boolean).join('\n');
    for (const t of e.text ?? []) if (!text.includes(t)) fail(`the channel text lacks "${t}": ${text}`);
    for (const t of e.events ?? []) if (!events.some((x) => x.type === t)) fail(`no ${t} event`);
    for (const t of e.noEvents ?? []) if (events.some((x) => x.type === t)) fail(`unexpected ${t} event`);
    if (e.legal) {
      const seat = e.legal.seat ? seatOf(e.legal.seat) : state.turn.seat;
      const labels = legalActions(state, seat).map((a: Action) => actionLabel(state, a));
      for (const l of e.legal.includes ?? []) if (!labels.includes(l)) fail(`"${l}" is not legal (${labels.slice(0, 12).join(', ')}…)`);
      for (const l of e.legal.excludes ?? []) if (labels.includes(l)) fail(`"${l}" is legal`);
      if (e.legal.count !== undefined && labels.length !== e.legal.count) fail(`${labels.length} legal actions, expected ${e.legal.count}`);
    }
    const inPen = penOf(state.pens);
    for (const [name, want] of Object.entries(e.pens ?? {})) {
      const pen = state.pens[inPen[space(name)] as number];
      if (want === null) {
        if (pen) fail(`${name} is in a pen`);
        continue;
      }
      if (!pen) {
        fail(`${name} is in no pen`);
        continue;
      }
      if (want.owner !== undefined && pen.owner !== want.owner) fail(`the pen at ${name} is ${pen.owner}'s, not ${want.owner}'s`);
      if (want.shape !== undefined && pen.shape !== want.shape) fail(`the pen at ${name} is shape ${pen.shape}, not ${want.shape}`);
      if (want.automa !== undefined && pen.automa !== want.automa) fail(`the pen at ${name} is${pen.automa ? '' : ' not'} the Automa's card pen`);
      if (want.size !== undefined && pen.cells.length !== want.size) fail(`the pen at ${name} has ${pen.cells.length} spaces`);
    }
    if (e.penCount !== undefined && state.pens.length !== e.penCount) fail(`${state.pens.length} pens, expected ${e.penCount}`);
    for (const [name, want] of Object.entries(e.areas ?? {})) {
      const area = state.areas[seatOf(name)]!;
      for (const [k, v] of Object.entries(want)) if (JSON.stringify(k === 'ducks' ? { ...area.ducks, ...(v as object) } : v) !== JSON.stringify(area[k as keyof typeof area])) fail(`${name}'s ${k} is ${JSON.stringify(area[k as keyof typeof area])}, expected ${JSON.stringify(v)}`);
    }
    for (const [name, want] of Object.entries(e.scores ?? {})) {
      const got = scoreOf(state, seatOf(name));
      for (const [k, v] of Object.entries(want)) if (got[k as keyof typeof got] !== v) fail(`${name}'s ${k} is ${got[k as keyof typeof got]}, expected ${v}`);
    }
    const stage = state.end ? 'over' : state.turn.stage;
    if (e.stage !== undefined && stage !== e.stage) fail(`stage is ${stage}, expected ${e.stage}`);
    if (e.turnOf !== undefined && state.turn.seat !== seatOf(e.turnOf)) fail(`it is ${sc.players[state.turn.seat]}'s turn`);
    if (e.skips !== undefined && state.skips !== e.skips) fail(`${state.skips} skips in a row, expected ${e.skips}`);
    if (e.winners !== undefined && JSON.stringify(state.end?.winners.map((w) => sc.players[w]) ?? null) !== JSON.stringify(e.winners)) fail(`winners are ${JSON.stringify(state.end?.winners.map((w) => sc.players[w]) ?? null)}`);
  });
  return { lines, state, failures };
}

