/**
 * What every game's scenario runner does the same (docs/scenarios.md): reading the file, the
 * fields every file and every step has, and playing the steps — numbered from 1, each through
 * the platform's apply as the bot plays it, with the expectations about the action (accepted or
 * refused: its code, message and the alternatives it offers; its events in order, the events
 * that must not occur, its channel lines), the printed lines and the failures. A game builds
 * its position and hands the steps here with its StepRules: how its files write actions, the
 * computer's choice, how its events are named, and its own expectations about the position.
 *
 * No game is named here: src/runtime/scenario.ts finds the game a file is about through the
 * registry, and each game's scenario support imports this module.
 */
import { z } from 'zod';
import { ScenarioError, type Actor, type Answer, type ApplyRequest, type ScenarioResult } from './game.ts';
import type { SeatState } from './seats.ts';

// ---- The file -----------------------------------------------------------------------------------

/** A scenario file as JSON text, or already parsed. */
export function jsonOf(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input);
  } catch (e) {
    throw new ScenarioError(`not valid JSON: ${(e as Error).message}`);
  }
}

/** A file read by its game's schema; an invalid one is a ScenarioError naming its first problems. */
export function readScenario<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(jsonOf(input));
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.slice(0, 8).map((i) => `  ${where(i.path)}: ${i.message}`);
  throw new ScenarioError(`invalid scenario:\n${lines.join('\n')}`);
}

/** Where in the file a problem is: "step 3: expect" for a step, numbered from 1 as the runner prints them. */
function where(path: readonly PropertyKey[]): string {
  const [head, index, ...rest] = path.map(String);
  if (head === 'steps' && index !== undefined && /^\d+$/.test(index)) return [`step ${Number(index) + 1}`, rest.join('.')].filter(Boolean).join(': ');
  return path.map(String).join('.') || '(top level)';
}

/** The fields of every file besides its position: its game, a name that starts with the rulings it checks, the seed, the steps. */
export function fileFields<G extends string, T extends z.ZodType>(game: G, step: T) {
  return {
    /** Required by the platform's runner (src/runtime/scenario.ts), which finds the game by it. */
    game: z.literal(game).optional(),
    name: z.string().min(1),
    description: z.string().optional(),
    seed: z.string().default('scenario'),
    steps: z.array(step).default([]),
  };
}

/** The players of a file whose players are names: as many as the game seats, no name twice (a seat is found by its name). */
export function playerNames(seats: { min: number; max: number }) {
  return z.array(z.string().min(1)).min(seats.min).max(seats.max).refine((names) => new Set(names).size === names.length, 'two players have the same name');
}

/** One substring, or several. */
export const substrings = z.union([z.string(), z.array(z.string())]).transform((x) => (Array.isArray(x) ? x : [x]));

/** The expectations about a step's action that every game's `expect` takes; a game adds its own about the position. */
export const actionExpectFields = {
  /** Accepted (true) or refused (false). */
  ok: z.boolean().optional(),
  /** The refusal's code. */
  code: z.string().optional(),
  /** Substrings of the refusal's message. */
  message: substrings.optional(),
  /** Substrings each found in some alternative the refusal offers. */
  offered: substrings.optional(),
  /** Events that must occur, in this order (others may come between): a type, or a partial event with its parts named as the game's files name them. */
  events: z.array(z.union([z.string(), z.record(z.string(), z.unknown())])).optional(),
  /** Event types that must not occur. */
  noEvents: z.array(z.string()).optional(),
  /** Substrings each found in some channel line of the events. */
  text: z.array(z.string()).optional(),
};
export type ActionExpect = z.output<z.ZodObject<typeof actionExpectFields>>;

/** The fields of every step: who acts (a player, or "system" for the platform's requests), the action ("computer": the simple strategy's choice), a note. */
export const stepFields = {
  by: z.union([z.string().min(1), z.number().int().min(0)]).optional(),
  action: z.union([z.record(z.string(), z.unknown()), z.literal('computer')]).optional(),
  note: z.string().optional(),
};

/** A step needs an action, an expectation or both, and an action needs "by". */
export function wholeStep(step: { by?: unknown; action?: unknown; expect?: unknown }, ctx: z.RefinementCtx): void {
  if (step.action !== undefined && step.by === undefined) ctx.addIssue({ code: 'custom', message: 'a step with an action needs "by"' });
  if (step.action === undefined && step.expect === undefined) ctx.addIssue({ code: 'custom', message: 'a step needs an action, an expect, or both' });
}

/** A step's schema from the game's expectations. */
export function stepSchema<X extends z.ZodType>(expect: X) {
  return z.object({ ...stepFields, expect: expect.optional() }).strict().superRefine(wholeStep);
}

/** A step as the runner plays it. */
export interface ScenarioStep<X> {
  by?: string | number | undefined;
  action?: Record<string, unknown> | string | undefined;
  note?: string | undefined;
  expect?: X | undefined;
}

// ---- Names --------------------------------------------------------------------------------------

/** The seat of a player named exactly as the file's players are. */
export function seatNamed(names: readonly string[], who: string | number, field = 'player'): number {
  const i = typeof who === 'string' ? names.indexOf(who) : -1;
  if (i < 0) throw new ScenarioError(`${field}: no player '${who}' (players: ${names.join(', ')})`);
  return i;
}

/** Deep partial match: every key of `want` matches in `got`; arrays element by element. */
export function matches(got: unknown, want: unknown): boolean {
  if (Array.isArray(want)) return Array.isArray(got) && got.length === want.length && want.every((w, i) => matches(got[i], w));
  if (want && typeof want === 'object') {
    if (!got || typeof got !== 'object') return false;
    return Object.entries(want).every(([k, v]) => matches((got as Record<string, unknown>)[k], v));
  }
  return got === want;
}

// ---- Playing the steps --------------------------------------------------------------------------

/** What a step's `expect` holds. */
type ExpectOf<St extends ScenarioStep<ActionExpect>> = NonNullable<St['expect']>;

/** What a game tells the runner about its steps. */
export interface StepRules<S extends SeatState, E extends { type: string }, St extends ScenarioStep<ActionExpect>> {
  /** The seat of a player the file names (`by`, a system request's `seat`); throws ScenarioError. Default: by exact name. */
  seat?(s: S, who: string | number, field: string): number;
  /** A seat's action as the file writes it → the engine's (names to ids…), read on the state before it. */
  action(s: S, seat: number, action: Record<string, unknown> | string): unknown;
  /** The simple strategy's choice for `seat` (a step's "computer"); null when it has nothing to do. */
  computer(s: S, seat: number): unknown;
  /** An event's channel line, or null when it says nothing. */
  eventText(s: S, e: E): string | null;
  /** An event as the game's files write it (players and places by name), for `events`. Default: as the engine has it. */
  named?(s: S, e: E): unknown;
  /** The other way round: a partial event as the file writes it → the engine's terms. */
  pattern?(s: S, want: Record<string, unknown>): unknown;
  /** When given, the printed line writes the action as a file would (from the state before it) and its events as `named` names them. */
  spell?(s: S, input: unknown): unknown;
  /** A label for the printed line, after the action (undefined: none); `accepted`: whether the action was played. */
  label?(before: S, actor: Actor, input: unknown, step: St, accepted: boolean): string | null | undefined;
  /** What a refused player could do instead, when the refusal itself offers nothing. */
  offers?(s: S, seat: number): string[];
  /** How a refusal no expectation asked for is reported. */
  refused?(code: string, message: string): string;
  /** The state a step starts from, before its action (a game's step may set up part of the turn). */
  before?(s: S, step: St): S;
  /** The game's own expectations on the position after the step (`events`: the ones its `expect` is about), each failure in words. */
  check(s: S, expect: ExpectOf<St>, events: readonly E[]): string[];
}

/**
 * Plays `steps` from `start` through `apply`, the platform's. A refused action is a failure of
 * its step unless the step expects a refusal; `events` and `text` are about the step's action,
 * or on a step without one about the last action played (none after a refusal), or before any
 * about `startEvents`, what the game said as it began. A step that names what is not there (a
 * player, a place) makes the file invalid: a ScenarioError that says which step.
 */
export function playSteps<S extends SeatState, E extends { type: string }, St extends ScenarioStep<ActionExpect>>(
  start: S, steps: readonly St[], apply: ApplyRequest<S, E>, rules: StepRules<S, E, St>, startEvents: readonly E[] = [],
): ScenarioResult<S> {
  const seatOf = (s: S, who: string | number, field: string): number => (rules.seat ? rules.seat(s, who, field) : seatNamed(s.seats.map((x) => x.name), who, field));
  const named = (s: S, e: E): unknown => (rules.named ? rules.named(s, e) : e);
  const said = (s: S, events: readonly E[]): string[] => events.map((e) => rules.eventText(s, e)).filter((t): t is string => t !== null);

  /** The request a step sends: the computer's choice, a system request with its seat by name, or the game's reading of a seat's action. */
  const requestOf = (s: S, actor: Actor, action: Record<string, unknown> | string): unknown => {
    if (action === 'computer' || (typeof action === 'object' && action.type === 'computer')) {
      if (actor === 'system') throw new ScenarioError('"computer" needs a player, not the system');
      const choice = rules.computer(s, actor);
      if (choice === null || choice === undefined) throw new ScenarioError(`${s.seats[actor]!.name} has nothing to do, so the computer cannot choose`);
      return choice;
    }
    if (actor !== 'system') return rules.action(s, actor, action);
    return typeof action === 'object' && typeof action.seat === 'string' ? { ...action, seat: seatOf(s, action.seat, 'seat') } : action;
  };

  let s = start;
  let last: readonly E[] = startEvents;
  const lines: object[] = [];
  const failures: string[] = [];
  steps.forEach((step, k) => {
    const line: Record<string, unknown> = { step: k + 1 };
    const e = step.expect ?? ({} as ExpectOf<St>);
    let fail: string[];
    try {
      if (rules.before) s = rules.before(s, step);
      let answer: Answer<S, E> | null = null;
      if (step.action !== undefined) {
        const actor = step.by === 'system' ? 'system' : seatOf(s, step.by!, 'by');
        const input = requestOf(s, actor, step.action);
        const before = s;
        line.by = actor === 'system' ? 'system' : s.seats[actor]!.name;
        line.action = rules.spell ? rules.spell(s, input) : input;
        answer = apply(s, actor, input);
        const label = rules.label?.(before, actor, input, step, answer.ok);
        if (label !== undefined) line.label = label;
        if (answer.ok) {
          s = answer.state;
          last = answer.events;
          Object.assign(line, { ok: true, events: rules.spell ? last.map((x) => named(s, x)) : last, text: said(s, last) });
        } else {
          last = [];
          const legal = answer.legal.length || actor === 'system' || !rules.offers ? answer.legal : rules.offers(s, actor);
          Object.assign(line, { ok: false, code: answer.code, message: answer.message, legal });
        }
      } else line.check = true;
      fail = [...actionFailures(answer, e, rules.refused), ...eventFailures(s, last, e, named, said, rules.pattern), ...rules.check(s, e, last)];
    } catch (err) {
      if (err instanceof ScenarioError) throw new ScenarioError(`step ${k + 1}: ${err.message}`);
      throw err;
    }
    if (fail.length) {
      line.failures = fail;
      failures.push(...fail.map((f) => `step ${k + 1}${step.note ? ` (${step.note})` : ''}: ${f}`));
    }
    lines.push(line);
  });
  return { lines, state: s, failures };
}

/** Whether the action was played or refused as expected, and the refusal as expected. */
function actionFailures(answer: Answer<unknown, unknown> | null, e: ActionExpect, refused = (code: string, message: string) => `refused (${code}: ${message})`): string[] {
  const asked = e.ok !== undefined || e.code !== undefined || e.message !== undefined || e.offered !== undefined;
  if (!answer) return asked ? ['ok, code, message and offered expect an action, and this step has none'] : [];
  const wantRefusal = e.ok !== undefined ? !e.ok : asked;
  if (answer.ok) return wantRefusal ? ['expected a refusal, but it was played'] : [];
  const out = wantRefusal ? [] : [refused(answer.code, answer.message)];
  if (e.code !== undefined && answer.code !== e.code) out.push(`refused with ${answer.code}, expected ${e.code}`);
  for (const m of e.message ?? []) if (!answer.message.includes(m)) out.push(`the refusal does not say "${m}": ${answer.message}`);
  for (const o of e.offered ?? []) if (!answer.legal.some((l) => l.includes(o))) out.push(`the refusal offers no "${o}" (it offers: ${answer.legal.join(' / ') || 'nothing'})`);
  return out;
}

/** The step's channel lines, its events in order and the events that must not occur. */
function eventFailures<S, E extends { type: string }>(
  s: S, events: readonly E[], e: ActionExpect, named: (s: S, e: E) => unknown, said: (s: S, events: readonly E[]) => string[],
  pattern?: (s: S, want: Record<string, unknown>) => unknown,
): string[] {
  const out: string[] = [];
  const text = e.text ? said(s, events) : [];
  for (const t of e.text ?? []) if (!text.some((l) => l.includes(t))) out.push(`nothing said "${t}"; said: ${text.join(' / ') || 'nothing'}`);
  const evs = e.events ? events.map((x) => named(s, x)) : [];
  let at = 0;
  for (const want of e.events ?? []) {
    const partial = typeof want === 'string' ? { type: want } : want;
    const wanted = pattern ? pattern(s, partial) : partial;
    const i = evs.slice(at).findIndex((x) => matches(x, wanted));
    if (i < 0) out.push(`no event ${JSON.stringify(partial)} (in order) among ${JSON.stringify(evs)}`);
    else at += i + 1;
  }
  for (const type of e.noEvents ?? []) if (events.some((x) => x.type === type)) out.push(`an event '${type}' occurred`);
  return out;
}
