/**
 * Duck Pens scenarios (docs/ducks.md): a position set up in JSON — players, fences drawn, pens,
 * player areas, the Automa's deck and turned cards, the turn where it stands (its dice, re-rolls
 * left, what is drawn), skips and the dice to come — checked as the rules would have it, then
 * steps played on it, with expectations after each. Used by `npm run scenario` and
 * test/scenarios/ducks-*.json.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { actionExpectFields, fileFields, matches, playerNames, playSteps, readScenario, seatNamed, stepFields, wholeStep } from '../../platform/scenario.ts';
import { COMPONENTS } from './components.ts';
import { currentCard, legalActions, setup, simpleChoice } from './engine.ts';
import { dotName, edgeSpaces, readDot, spaceIndex, spaceName, SIZE, outline, type Colour, type Dot } from './grid.ts';
import {
  allowedPlacements, boundaryCounts, breadUnlocked, draw, eggUnlocked, fullSections, isSpecialty, newPens, pathEdges, penOf, penShape, REROLL_SPACES, scoreOf, shapeOf,
} from './rules.ts';
import type { Action, DucksEvent, DucksState } from './state.ts';
import { parseFence } from './typed.ts';
import { actionLabel, eventText } from './words.ts';

const colour = z.enum(['red', 'blue']);
const dice = z.array(colour).length(3);
const count = z.number().int().min(0);
const areaSchema = z.object({
  rerolls: count.optional(),
  bread: count.optional(),
  eggs: count.optional(),
  ducks: z.record(z.string(), count).optional(),
  outlined: z.array(z.string()).optional(),
  pending: count.optional(),
}).strict();

const expectSchema = z.object({
  ...actionExpectFields,
  /** Labels that must (not) be among the legal actions of `seat` (default: the turn's player). */
  legal: z.object({ seat: z.string().optional(), includes: z.array(z.string()).optional(), excludes: z.array(z.string()).optional(), count: z.number().int().optional() }).strict().optional(),
  /** Pens by a space of theirs ("C4"): owner, shape (null: none), size, or null for "no pen there". */
  pens: z.record(z.string(), z.object({ owner: colour.optional(), shape: z.string().nullable().optional(), automa: z.boolean().optional(), size: z.number().int().optional() }).strict().nullable()).optional(),
  penCount: count.optional(),
  areas: z.record(z.string(), areaSchema).optional(),
  /** Per player, exactly the special actions unlocked ("bread", "egg"). */
  unlocked: z.record(z.string(), z.array(z.enum(['bread', 'egg']))).optional(),
  scores: z.record(z.string(), z.object({ total: z.number().int().optional(), group: z.number().int().optional(), shapePoints: z.number().int().optional(), duckPoints: z.number().int().optional(), ducks: z.number().int().optional() }).strict()).optional(),
  stage: z.enum(['roll', 'reroll', 'act', 'automa', 'final', 'over']).optional(),
  turnOf: z.string().optional(),
  /** The turn's dice as they stand. */
  dice: z.array(colour).max(3).optional(),
  rerollsLeft: count.optional(),
  /** The special action used this turn, or null. */
  special: z.enum(['bread', 'egg']).nullable().optional(),
  skips: count.optional(),
  /** The Automa's card to place now: its number, shape, dot, the dots it may use (A5), cards left; null: none. */
  card: z.object({ number: count.optional(), shape: z.string().optional(), dot: z.string().optional(), dots: z.array(z.string()).optional(), left: count.optional() }).strict().nullable().optional(),
  timeouts: z.record(z.string(), count).optional(),
  /** How the game ended: `scored`, `resigned` or `aborted`, and for a scored one why (`skips`, `deck`); null: not over. */
  end: z.object({ kind: z.enum(['scored', 'resigned', 'aborted']).optional(), reason: z.enum(['skips', 'deck']).optional() }).strict().nullable().optional(),
  winners: z.array(z.string()).optional(),
}).strict();

const stepSchema = z.object({
  ...stepFields,
  /** An action as JSON, a fence typed as on `/ducks fence` ("C4 → C7"), or "computer". */
  action: z.union([z.record(z.string(), z.unknown()), z.string()]).optional(),
  /** The turn's dice are set to these first (as if just rolled): the turn moves to its actions. */
  dice: dice.optional(),
  expect: expectSchema.optional(),
}).strict().superRefine(wholeStep);

const turnSchema = z.object({
  /** Whose turn (default: `first`, or the seeded draw). */
  of: z.string().optional(),
  /** Players' turns so far, this one included (default 1). */
  number: z.number().int().min(1).default(1),
  stage: z.enum(['roll', 'reroll', 'act', 'automa']).default('roll'),
  /** The dice rolled this turn (needed in `reroll` and `act`). */
  dice: dice.optional(),
  /** Re-rolls still allowed this turn (stage `reroll`; default: one per full section). */
  rerollsLeft: count.optional(),
  /** The regular fence is drawn already. */
  fenced: z.boolean().default(false),
  /** The special action used already. */
  special: z.enum(['bread', 'egg']).nullable().default(null),
}).strict();

const scenarioSchema = z.object({
  ...fileFields('ducks', stepSchema),
  players: playerNames({ min: 1, max: 2 }),
  /** The first player's colour. */
  colour: colour.default('red'),
  /** Who starts (2 players); the default is the seeded draw. */
  first: z.string().optional(),
  /** Fences already drawn, as dot paths ("B1-B4", "C4-C6-E6"), per colour. */
  fences: z.object({ red: z.array(z.string()).default([]), blue: z.array(z.string()).default([]) }).strict().optional(),
  /** Pens already complete: spaces ("B2 B3 C2"), owner; their sides no fence draws are drawn in the owner's colour. */
  pens: z.array(z.object({ cells: z.string(), owner: colour, automa: z.boolean().default(false) }).strict()).optional(),
  /** Who closes pens the drawn fences form (default: the first player's colour). */
  closedBy: colour.optional(),
  areas: z.record(z.string(), areaSchema).optional(),
  /** Solo: the Automa's cards not yet turned, top first, by number (0-based, assets order). */
  deck: z.array(count).optional(),
  /** Solo: cards already turned, in order; with the turn at `automa`, the last one is to be placed. */
  turned: z.array(count).optional(),
  /** The turn where it stands. */
  turn: turnSchema.optional(),
  /** Turns skipped in a row so far (D20, A9). */
  skips: count.max(1).default(0),
  /** Timed-out turns in a row so far, per player. */
  timeouts: z.record(z.string(), count.max(2)).optional(),
  /** The colours the next rolls and re-rolls show, in order (a roll takes three, a re-roll one per die). */
  rolls: z.array(colour).default([]),
}).strict();

type Scenario = z.output<typeof scenarioSchema>;

function space(name: string): number {
  const d = readDot(name);
  if (!d || d[0] >= SIZE || d[1] >= SIZE) throw new ScenarioError(`"${name}" is not a space`);
  return spaceIndex(d[0] + 1, d[1] + 1);
}

const spaces = (text: string): number[] => text.trim().split(/\s+/).map(space).sort((a, b) => a - b);

function edgesOf(path: string): number[] {
  const dots = path.split(/\s*(?:-|→)\s*/).map((t) => readDot(t));
  if (dots.some((d) => !d) || dots.length < 2) throw new ScenarioError(`fence "${path}" is not a path of dots`);
  const edges = pathEdges(dots as [number, number][]);
  if (!edges) throw new ScenarioError(`fence "${path}" is not made of straight lines`);
  return edges;
}

/** Whether spaces are joined side to side. */
function joined(cells: readonly number[]): boolean {
  const set = new Set(cells);
  const seen = new Set([cells[0]]);
  const todo = [cells[0]!];
  while (todo.length) {
    for (const e of outline([todo.pop()!])) for (const n of edgeSpaces(e)) {
      if (!set.has(n) || seen.has(n)) continue;
      seen.add(n);
      todo.push(n);
    }
  }
  return seen.size === set.size;
}

/** Edges between two spaces of a set. */
function innerEdges(cells: readonly number[]): number[] {
  const set = new Set(cells);
  return [...new Set(cells.flatMap((c) => outline([c])))].filter((e) => edgeSpaces(e).length === 2 && edgeSpaces(e).every((x) => set.has(x)));
}

/** The starting state of a scenario file (its steps are not played). */
export function position(json: unknown): DucksState {
  return loadScenario(readScenario(scenarioSchema, json));
}

function loadScenario(sc: Scenario): DucksState {
  const seats = sc.players.map((name) => ({ name, computer: false }));
  const s = setup({ seats, seed: sc.seed, options: { colour: sc.colour, takeOver: false } }).state;
  const seatOf = (name: string): number => seatNamed(sc.players, name);
  if (sc.first !== undefined) s.turn.seat = seatOf(sc.first);
  // Fences first: a pen's sides that no fence draws are then drawn in its owner's colour.
  for (const c of ['red', 'blue'] as const) for (const f of sc.fences?.[c] ?? []) {
    const edges = edgesOf(f);
    if (new Set(edges).size !== edges.length) throw new ScenarioError(`fence "${f}" runs over itself`);
    for (const e of edges) if (s.fences[e] !== '.') throw new ScenarioError(`fence "${f}" runs over a fence already drawn (or the border)`);
    s.fences = draw(s.fences, edges, c);
  }
  for (const p of sc.pens ?? []) addPen(s, p);
  s.pens.push(...newPens(s.fences, s.pens, sc.closedBy ?? s.colours[0] as Colour));
  for (const [name, a] of Object.entries(sc.areas ?? {})) {
    const area = s.areas[seatOf(name)]!;
    Object.assign(area, structuredClone(a), { ducks: { ...area.ducks, ...(a.ducks ?? {}) } });
    const problems: string[] = [];
    if (area.rerolls > REROLL_SPACES) problems.push(`rerolls: at most ${REROLL_SPACES}`);
    if (area.bread > COMPONENTS.breadBoxes) problems.push(`bread: at most ${COMPONENTS.breadBoxes}`);
    if (area.eggs > COMPONENTS.eggBoxes) problems.push(`eggs: at most ${COMPONENTS.eggBoxes}`);
    for (const [id, n] of Object.entries(area.ducks)) {
      const sh = COMPONENTS.specialty.find((x) => x.id === id);
      if (!sh) problems.push(`ducks: no specialty row ${id}`);
      else if (n > sh.duckBoxes) problems.push(`ducks: the ${id} row has ${sh.duckBoxes} boxes`);
    }
    if (area.outlined.some((id) => !isSpecialty(id))) problems.push(`outlined: specialty shape ids only (${COMPONENTS.specialty.map((x) => x.id).join(', ')})`);
    if (new Set(area.outlined).size !== area.outlined.length) problems.push('outlined: a shape is outlined once');
    if (problems.length) throw new ScenarioError(`areas.${name}: ${problems.join('; ')}`);
  }
  if (sc.deck || sc.turned) {
    if (!s.automa) throw new ScenarioError('"deck" and "turned" are for solo games');
    const all = [...(sc.deck ?? []), ...(sc.turned ?? [])];
    if (all.some((c) => c >= COMPONENTS.cards.length)) throw new ScenarioError(`"deck", "turned": cards are numbered 0–${COMPONENTS.cards.length - 1}`);
    if (new Set(all).size !== all.length) throw new ScenarioError('"deck", "turned": a card is listed twice');
    if (sc.deck) s.automa.deck = [...sc.deck];
    s.automa.turned = [...(sc.turned ?? [])];
  }
  s.skips = sc.skips;
  for (const [name, n] of Object.entries(sc.timeouts ?? {})) s.timeouts[seatOf(name)] = n;
  s.fixedDice = [...sc.rolls];
  if (sc.turn) loadTurn(s, sc.turn, seatOf);
  return s;
}

/** A pen of the file, checked: joined spaces in no other pen, no fence inside, a pen's size or shape, an owner D17 allows. */
function addPen(s: DucksState, p: NonNullable<Scenario['pens']>[number]): void {
  const cells = spaces(p.cells);
  const where = `pen "${p.cells}"`;
  const inPen = penOf(s.pens);
  if (new Set(cells).size !== cells.length) throw new ScenarioError(`${where} names a space twice`);
  if (cells.some((c) => inPen[c] !== -1)) throw new ScenarioError(`${where} overlaps another pen`);
  if (!joined(cells)) throw new ScenarioError(`${where}: its spaces are not joined side to side`);
  if (innerEdges(cells).some((e) => s.fences[e] !== '.')) throw new ScenarioError(`${where} has a fence inside it`);
  if (p.automa && !s.automa) throw new ScenarioError(`${where}: an Automa pen needs a solo game`);
  const shape = shapeOf(cells);
  if (p.automa ? !COMPONENTS.cards.some((c) => c.shape === shape) : !penShape(cells).pen) {
    throw new ScenarioError(`${where} is not a pen: ${p.automa ? 'an Automa pen has the shape of one of its cards' : 'a pen has 3 or 4 spaces or a specialty shape'}`);
  }
  const owner: Colour = p.automa ? s.automa!.colour : p.owner;
  if (!p.automa && !s.colours.includes(owner)) throw new ScenarioError(`${where}: nobody plays ${owner}${s.automa ? ' (the Automa\'s own pens are "automa": true)' : ''}`);
  s.fences = draw(s.fences, outline(cells).filter((e) => s.fences[e] === '.'), owner);
  const { red, blue } = boundaryCounts(s.fences, cells);
  if (!p.automa && (owner === 'red' ? blue > red : red > blue)) throw new ScenarioError(`${where} cannot be ${owner}'s: with its open sides drawn in ${owner} it has sides red ${red}, blue ${blue}`);
  s.pens.push({ cells, owner, shape: p.automa || isSpecialty(shape) ? shape : null, completer: owner, automa: p.automa, red, blue });
}

/** The turn where the file says it stands, checked against what that stage needs. */
function loadTurn(s: DucksState, t: z.output<typeof turnSchema>, seatOf: (name: string) => number): void {
  const seat = t.of === undefined ? s.turn.seat : seatOf(t.of);
  const area = s.areas[seat]!;
  const need = (ok: boolean, why: string) => {
    if (!ok) throw new ScenarioError(`turn: ${why}`);
  };
  need((t.stage === 'roll' || t.stage === 'automa') === !t.dice, t.stage === 'roll' || t.stage === 'automa' ? `no dice in stage "${t.stage}"` : `stage "${t.stage}" needs the dice rolled ("dice")`);
  need(t.stage === 'act' || (!t.fenced && t.special === null), 'a fence or special action is drawn only in stage "act"');
  need(t.rerollsLeft === undefined || t.stage === 'reroll', '"rerollsLeft" is for stage "reroll"');
  const sections = fullSections(area.rerolls);
  const rerollsLeft = t.stage === 'reroll' ? (t.rerollsLeft ?? sections) : 0;
  if (t.stage === 'reroll') need(rerollsLeft >= 1 && rerollsLeft <= sections, `${sections} full re-roll section${sections === 1 ? '' : 's'}: ${sections ? `1–${sections} re-rolls left` : 'no re-roll'}`);
  if (t.special === 'bread') need(breadUnlocked(area), 'the bread needs a full bread row');
  if (t.special === 'egg') need(eggUnlocked(area) && t.fenced, 'the egg bends the regular fence: a full egg row and "fenced"');
  need(area.pending === 0 || t.stage === 'roll' || t.stage === 'automa', 'duck boxes are placed before the roll (D19)');
  if (t.stage === 'automa') need(s.automa !== null && s.automa.turned.length > 0, 'stage "automa" needs a solo game and the card to place last in "turned"');
  s.turn = { seat, number: t.number, stage: t.stage, dice: t.dice ? [...t.dice] : [], rerollsLeft, fenced: t.fenced, special: t.special, newPens: [] };
  if (t.stage === 'automa') need(allowedPlacements(s.fences, s.pens, COMPONENTS.cards[currentCard(s)!]!).placements.length > 0, 'the card to place fits nowhere: it would have been discarded');
}

/** A seat's action as the file writes it: typed fences as on `/ducks fence`, a placement's spaces by name. */
function readAction(s: DucksState, seat: number, action: Record<string, unknown> | string): unknown {
  if (typeof action === 'string') return parseFence(s, seat, action) ?? action;
  if (action.type === 'place' && typeof action.cells === 'string') return { ...action, cells: spaces(action.cells) };
  return action;
}

const pathNames = (a: { from: Dot; to: Dot; via?: Dot }): string => [a.from, ...(a.via ? [a.via] : []), a.to].map(dotName).join(' → ');

/** An event as a file names its parts: players by name, spaces and dots by name, a pen by its spaces, size, owner and shape. */
function named(s: DucksState, e: DucksEvent): Record<string, unknown> {
  const out: Record<string, unknown> = { ...e };
  const name = (seat: number) => s.seats[seat]?.name ?? seat;
  if ('seat' in e && typeof e.seat === 'number') out.seat = name(e.seat);
  if ('owed' in e) out.owed = e.owed.map((x) => ({ ...x, seat: name(x.seat) }));
  if ('first' in e) out.first = name(e.first);
  if ('pen' in e) {
    const pen = s.pens[e.pen];
    out.pen = pen ? { cells: pen.cells.map(spaceName).join(' '), size: pen.cells.length, owner: pen.owner, shape: pen.shape, automa: pen.automa } : e.pen;
  }
  if ('cells' in e) out.cells = e.cells.map(spaceName).join(' ');
  if ('dots' in e && e.dots) out.dots = e.dots.map((d) => dotName(d));
  if (e.type === 'fenced') out.action = e.action.type === 'bread' ? `Bread: ${pathNames(e.action)}` : pathNames(e.action);
  if (e.type === 'over') out.end = { ...e.end, winners: e.end.winners.map(name) };
  return out;
}

export function runScenario(json: unknown, applyRequest: ApplyRequest<DucksState, DucksEvent>): ScenarioResult<DucksState> {
  const sc = readScenario(scenarioSchema, json);
  const seatOf = (name: string): number => seatNamed(sc.players, name);
  return playSteps(loadScenario(sc), sc.steps, applyRequest, {
    action: readAction,
    computer: simpleChoice,
    eventText,
    named,
    before: (state, step) => (step.dice ? { ...structuredClone(state), turn: { ...state.turn, dice: [...step.dice], stage: 'act', fenced: false, special: null, rerollsLeft: 0 } } : state),
    check: (state, e) => check(state, e, sc, seatOf),
  });
}

/** A step's own expectations on the state after it. */
function check(state: DucksState, e: z.output<typeof expectSchema>, sc: Scenario, seatOf: (name: string) => number): string[] {
  const out: string[] = [];
  const fail = (msg: string) => out.push(msg);
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
  for (const [name, want] of Object.entries(e.unlocked ?? {})) {
    const area = state.areas[seatOf(name)]!;
    const have = [breadUnlocked(area) && 'bread', eggUnlocked(area) && 'egg'].filter(Boolean);
    if (JSON.stringify(have) !== JSON.stringify([...want].sort())) fail(`${name} has ${have.join(' and ') || 'nothing'} unlocked, expected ${want.join(' and ') || 'nothing'}`);
  }
  for (const [name, want] of Object.entries(e.scores ?? {})) {
    const got = scoreOf(state, seatOf(name));
    for (const [k, v] of Object.entries(want)) if (got[k as keyof typeof got] !== v) fail(`${name}'s ${k} is ${got[k as keyof typeof got]}, expected ${v}`);
  }
  const stage = state.end ? 'over' : state.turn.stage;
  if (e.stage !== undefined && stage !== e.stage) fail(`stage is ${stage}, expected ${e.stage}`);
  if (e.turnOf !== undefined && state.turn.seat !== seatOf(e.turnOf)) fail(`it is ${sc.players[state.turn.seat]}'s turn`);
  if (e.dice !== undefined && JSON.stringify(state.turn.dice) !== JSON.stringify(e.dice)) fail(`the dice are ${state.turn.dice.join(', ') || 'not rolled'}, expected ${e.dice.join(', ') || 'not rolled'}`);
  if (e.rerollsLeft !== undefined && state.turn.rerollsLeft !== e.rerollsLeft) fail(`${state.turn.rerollsLeft} re-rolls left, expected ${e.rerollsLeft}`);
  if (e.special !== undefined && state.turn.special !== e.special) fail(`special action used: ${state.turn.special ?? 'none'}, expected ${e.special ?? 'none'}`);
  if (e.skips !== undefined && state.skips !== e.skips) fail(`${state.skips} skips in a row, expected ${e.skips}`);
  if (e.card !== undefined) {
    const card = currentCard(state);
    const c = card === null ? null : COMPONENTS.cards[card]!;
    if (e.card === null || c === null) {
      if ((e.card === null) !== (c === null)) fail(c ? `card ${card} is to be placed` : 'no Automa card is to be placed');
    } else {
      const dots = allowedPlacements(state.fences, state.pens, c).dots.map((d) => dotName(d)).sort();
      const got = { number: card, shape: c.shape, dot: dotName(c.dot), dots, left: state.automa?.deck.length };
      const want = { ...e.card, ...(e.card.dots ? { dots: [...e.card.dots].sort() } : {}) };
      if (!matches(got, want)) fail(`the card is ${JSON.stringify(got)}, expected ${JSON.stringify(e.card)}`);
    }
  }
  for (const [name, n] of Object.entries(e.timeouts ?? {})) if (state.timeouts[seatOf(name)] !== n) fail(`${name} has ${state.timeouts[seatOf(name)]} timeouts in a row, expected ${n}`);
  if (e.end !== undefined && (e.end === null ? state.end !== null : !matches(state.end, e.end))) fail(`the end is ${JSON.stringify(state.end)}, expected ${JSON.stringify(e.end)}`);
  if (e.winners !== undefined && JSON.stringify(state.end?.winners.map((w) => sc.players[w]) ?? null) !== JSON.stringify(e.winners)) fail(`winners are ${JSON.stringify(state.end?.winners.map((w) => sc.players[w]) ?? null)}`);
  return out;
}
