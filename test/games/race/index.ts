/**
 * Race: a tiny game that lives only in tests, to prove that a game plugs into the platform with
 * its own folder and one registration. 1–3 runners race to square 10. Each round every runner
 * still in the race picks a step of 1, 2 or 3 at the same time (picks stay hidden until all are
 * in); then all move. Reaching 10 wins (ties share). A runner who times out steps 1.
 */
import { z } from 'zod';
import { defineGame, type Applied, type Picture, type Refusal } from '../../../src/platform/game.ts';

const GOAL = 10;

const optionsSchema = z.object({
  goal: z.number().int().min(5).max(30).default(GOAL).meta({ label: 'Finish line', description: 'The square that wins the race', slash: 'goal', setting: true, summary: 'race to {}', choices: [5, 10, 20, 30] }),
  fast: z.boolean().default(false).meta({ label: 'Fast steps', description: 'Steps count double', group: 'Pace', summary: ['normal steps', 'double steps'] }),
});

const stateSchema = z.object({
  version: z.literal(1),
  game: z.literal('race'),
  options: optionsSchema,
  seats: z.array(z.object({ name: z.string(), computer: z.boolean() })).min(1).max(3),
  positions: z.array(z.number().int().min(0)),
  /** This round's hidden picks, per seat (null: not yet). */
  picks: z.array(z.number().int().min(1).max(3).nullable()),
  out: z.array(z.boolean()),
  round: z.number().int().min(1),
  winners: z.array(z.number().int()).nullable(),
  aborted: z.boolean(),
});
type State = z.output<typeof stateSchema>;
type Options = z.output<typeof optionsSchema>;

const actionSchema = z.object({ type: z.literal('step'), n: z.number().int().min(1).max(3) });
type Action = z.output<typeof actionSchema>;
const systemSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('timeout'), seat: z.number().int() }),
  z.object({ type: z.literal('remove'), seat: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('abort') }),
]);

type Event =
  | { type: 'picked'; seat: number }
  | { type: 'moved'; round: number; steps: (number | null)[]; positions: number[] }
  | { type: 'timedOut'; seat: number }
  | { type: 'left'; seat: number; reason: string }
  | { type: 'over'; winners: number[] | null };

interface View { goal: number; names: string[]; positions: number[]; picked: boolean[]; out: boolean[]; round: number; mine: number | null }

const refuse = (code: string, message: string, legal: string[] = []): Refusal => ({ ok: false, code, message, legal });
const active = (s: State): number[] => (s.winners || s.aborted ? [] : s.seats.map((_, i) => i).filter((i) => !s.out[i] && s.picks[i] === null));

function resolveIfDone(s: State, events: Event[]): void {
  const racing = s.seats.map((_, i) => i).filter((i) => !s.out[i]);
  if (racing.length === 0) {
    s.winners = [];
    events.push({ type: 'over', winners: [] });
    return;
  }
  if (racing.some((i) => s.picks[i] === null)) return;
  const steps = s.picks.map((p, i) => (s.out[i] ? null : (p ?? 0) * (s.options.fast ? 2 : 1)));
  s.positions = s.positions.map((p, i) => p + (steps[i] ?? 0));
  events.push({ type: 'moved', round: s.round, steps, positions: [...s.positions] });
  const done = racing.filter((i) => (s.positions[i] ?? 0) >= s.options.goal);
  s.picks = s.picks.map(() => null);
  s.round += 1;
  if (done.length > 0) {
    s.winners = done;
    events.push({ type: 'over', winners: done });
  }
}

function apply(state: State, actor: number | 'system', input: unknown): Applied<State, Event> | Refusal {
  if (state.winners || state.aborted) return refuse('GAME_OVER', 'The race is over.');
  const s: State = structuredClone(state);
  const events: Event[] = [];
  if (actor === 'system') {
    const a = systemSchema.safeParse(input);
    if (!a.success) return refuse('INVALID', 'Not a request the race knows.');
    if (a.data.type === 'abort') {
      s.aborted = true;
      events.push({ type: 'over', winners: null });
    } else if (a.data.type === 'timeout') {
      if (!active(s).includes(a.data.seat)) return refuse('NOT_WAITING', 'That runner has already picked.');
      s.picks[a.data.seat] = 1;
      events.push({ type: 'timedOut', seat: a.data.seat });
      resolveIfDone(s, events);
    } else {
      if (s.out[a.data.seat] !== false) return refuse('NOT_IN_GAME', 'That runner is not in the race.');
      s.out[a.data.seat] = true;
      s.picks[a.data.seat] = null;
      events.push({ type: 'left', seat: a.data.seat, reason: a.data.reason });
      resolveIfDone(s, events);
    }
    return { ok: true, state: s, events };
  }
  if ((input as { type?: unknown } | null)?.type === 'resign') {
    if (s.out[actor] !== false) return refuse('NOT_IN_GAME', 'You are not in the race.');
    s.out[actor] = true;
    s.picks[actor] = null;
    events.push({ type: 'left', seat: actor, reason: 'resigned' });
    resolveIfDone(s, events);
    return { ok: true, state: s, events };
  }
  const a = actionSchema.safeParse(input);
  if (!a.success) return refuse('INVALID', 'Pick a step of 1, 2 or 3.', ['Step 1', 'Step 2', 'Step 3']);
  if (!active(s).includes(actor)) return refuse('NOT_YOUR_TURN', 'You have already picked this round: wait for the others.');
  s.picks[actor] = a.data.n;
  events.push({ type: 'picked', seat: actor });
  resolveIfDone(s, events);
  return { ok: true, state: s, events };
}

const DRAWINGS = new URL('./draw/index.ts', import.meta.url).href;
const name = (s: State, seat: number): string => s.seats[seat]?.name ?? `runner ${seat + 1}`;

function view(s: State, viewer: number | 'channel'): View {
  return {
    goal: s.options.goal,
    names: s.seats.map((x) => x.name),
    positions: [...s.positions],
    picked: s.picks.map((p) => p !== null),
    out: [...s.out],
    round: s.round,
    mine: typeof viewer === 'number' ? (s.picks[viewer] ?? null) : null,
  };
}

const board = (s: State): Picture => {
  const v = view(s, 'channel');
  return { kind: 'track', view: v, alt: `Race to ${v.goal}: ${v.names.map((n, i) => `${n} on ${v.positions[i]}`).join(', ')}.` };
};

export const race = defineGame<State, Action, Event, View, Options>({
  id: 'race',
  title: 'Race',
  description: 'A tiny race for tests',
  seats: { min: 1, max: 3 },
  options: optionsSchema,
  state: { version: 1, schema: stateSchema, upgraders: {} },
  setup: ({ seats, options }) => ({
    ok: true,
    state: { version: 1, game: 'race', options, seats, positions: seats.map(() => 0), picks: seats.map(() => null), out: seats.map(() => false), round: 1, winners: null, aborted: false },
    events: [],
  }),
  activeSeats: active,
  legalActions: (s, seat) => (active(s).includes(seat) ? [1, 2, 3].map((n) => ({ type: 'step' as const, n })) : []),
  apply,
  outcome: (s) => (s.aborted ? { status: 'aborted', winners: [], detail: { aborted: true } } : s.winners ? { status: 'finished', winners: s.winners, detail: { winners: s.winners } } : null),
  seatsLeft: (events) => events.flatMap((e) => (e.type === 'left' ? [{ seat: e.seat, reason: e.reason }] : [])),
  view,
  bots: { steady: (s, seat) => (active(s).includes(seat) ? { type: 'step', n: 2 } : null) },
  defaultBot: 'steady',
  words: {
    action: (_s, a) => `Step ${a.n}`,
    event: (s, e) => {
      switch (e.type) {
        case 'picked': return `${name(s, e.seat)} has picked.`;
        case 'moved': return `Round ${e.round}: ${e.steps.map((n, i) => (n === null ? null : `${name(s, i)} +${n} → ${e.positions[i]}`)).filter(Boolean).join(', ')}.`;
        case 'timedOut': return `${name(s, e.seat)} ran out of time and steps 1.`;
        case 'left': return `${name(s, e.seat)} leaves the race.`;
        case 'over': return e.winners === null ? 'The race was called off.' : e.winners.length ? `${e.winners.map((w) => name(s, w)).join(' and ')} wins the race!` : 'Nobody is left in the race.';
      }
    },
    prompt: () => ({ text: 'pick your step: `/race step` or a button.', buttons: [1, 2, 3].map((n) => ({ label: `Step ${n}`, action: { type: 'step', n }, style: 'primary' as const })) }),
    phase: (s) => `round ${s.round}, race to ${s.options.goal}`,
    status: (s) => s.seats.map((x, i) => `${x.name}: square ${s.positions[i]}${s.out[i] ? ' (out)' : s.picks[i] !== null ? ' (picked)' : ''}`),
    resign: 'You leave the race.',
    rules: [{ name: 'Overview', value: 'overview', text: '**Race** Everyone picks 1, 2 or 3 at once; first to the finish line wins.' }],
    help: '**How to race here**: `/race new`, **Join**, **Start**, then `/race step` or the buttons.',
  },
  commands: [{ name: 'step', option: 'step', description: 'Pick your step for this round', choice: 'How far (1–3)', what: 'pick a step', accepts: (a) => a.type === 'step' }],
  encode: (a) => `step${a.n}`,
  decode: (text) => {
    const m = /^step([1-3])$/.exec(text);
    return m ? { type: 'step', n: Number(m[1]) } : null;
  },
  parse: (_s, _seat, _command, typed) => {
    const m = /^\s*(?:step\s*)?([1-3])\s*$/i.exec(typed);
    return m ? { type: 'step', n: Number(m[1]) } : null;
  },
  board,
  hand: (s, seat) => ({ text: s.picks[seat] ? `Your pick this round: ${s.picks[seat]}` : 'You have not picked this round yet.', pictures: [] }),
  drawings: DRAWINGS,
  // A pick may be taken back until the round is revealed (and leaving, and the end, are final).
  isFinal: (e) => e.type !== 'picked' && e.type !== 'timedOut',
});
