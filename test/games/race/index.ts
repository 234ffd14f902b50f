/**
 * Race: a tiny game that lives only in tests, to prove that a game plugs into the platform with its
 * own folder and one registration. 1–3 runners race to square 10. Each round every runner still in
 * picks a step of 1, 2 or 3 at the same time (hidden until all are in); then all move. Reaching 10
 * wins (ties share). A runner who times out steps 1. The platform handles leaving and timeouts.
 */
import { z } from 'zod';
import { defineGame, newSeats, refuse, seatFields, type Applied } from '../../../src/platform/game.ts';

const optionsSchema = z.object({
  goal: z.number().int().min(5).max(30).default(10).meta({ label: 'Finish line', description: 'The square that wins the race', slash: 'goal', setting: true, summary: 'race to {}', choices: [5, 10, 20, 30] }),
  fast: z.boolean().default(false).meta({ label: 'Fast steps', description: 'Steps count double', group: 'Pace', summary: ['normal steps', 'double steps'] }),
});
const stateSchema = z.object({
  ...seatFields, version: z.literal(1), game: z.literal('race'), options: optionsSchema, positions: z.array(z.number().int().min(0)),
  picks: z.array(z.number().int().min(1).max(3).nullable()), // this round's hidden picks, per seat (null: not yet)
  round: z.number().int().min(1), winners: z.array(z.number().int()).nullable(), aborted: z.boolean(),
});
type State = z.output<typeof stateSchema>;
const actionSchema = z.object({ type: z.literal('step'), n: z.number().int().min(1).max(3) });
type Action = z.output<typeof actionSchema>;
type Event = { type: 'picked' | 'timedOut' | 'left'; seat: number } | { type: 'moved'; round: number; steps: (number | null)[]; positions: number[] } | { type: 'over'; winners: number[] | null };
/** When every runner still in has picked, all move, and the race may be over. */
function settle(s: State, events: Event[]): Applied<State, Event> {
  const racing = s.seats.flatMap((_, i) => (s.out[i] ? [] : [i]));
  if (racing.length === 0) s.winners = [];
  else if (racing.every((i) => s.picks[i] !== null)) {
    const steps = s.picks.map((p, i) => (s.out[i] ? null : (p ?? 0) * (s.options.fast ? 2 : 1)));
    s.positions = s.positions.map((p, i) => p + (steps[i] ?? 0));
    events.push({ type: 'moved', round: s.round++, steps, positions: [...s.positions] });
    s.picks = s.picks.map(() => null);
    const done = racing.filter((i) => (s.positions[i] ?? 0) >= s.options.goal);
    if (done.length > 0) s.winners = done;
  }
  if (s.winners) events.push({ type: 'over', winners: s.winners });
  return { ok: true, state: s, events };
}
const pick = (s: State, seat: number, n: number, type: 'picked' | 'timedOut') => settle({ ...s, picks: s.picks.map((p, i) => (i === seat ? n : p)) }, [{ type, seat }]);
/** A button's or autocomplete's value (`step2`), or a typed step ("step 2", "2"). */
const readStep = (text: string): Action | null => (/^\s*(?:step\s*)?[1-3]\s*$/i.test(text) ? { type: 'step', n: Number(/[1-3]/.exec(text)![0]) } : null);
const view = (s: State, viewer: number | 'channel') => ({ goal: s.options.goal, names: s.seats.map((x) => x.name), positions: [...s.positions],
  picked: s.picks.map((p) => p !== null), out: [...s.out], round: s.round, mine: typeof viewer === 'number' ? (s.picks[viewer] ?? null) : null });
const steps = (): Action[] => [1, 2, 3].map((n) => ({ type: 'step', n }));
export const race = defineGame<State, Action, Event, ReturnType<typeof view>, z.output<typeof optionsSchema>>({
  id: 'race', title: 'Race', seats: { min: 1, max: 3 }, options: optionsSchema, state: { version: 1, schema: stateSchema },
  setup: ({ seats, options }) => ({ ok: true, state: { ...newSeats(seats), version: 1, game: 'race', options, positions: seats.map(() => 0), picks: seats.map(() => null), round: 1, winners: null, aborted: false }, events: [] }),
  turn: { waiting: (s, seat) => s.picks[seat] === null },
  legalActions: (s, seat): Action[] => (race.activeSeats(s).includes(seat) ? steps() : []),
  play: (s, seat, input) => {
    const a = actionSchema.safeParse(input);
    if (!a.success) return refuse('INVALID', 'Pick a step of 1, 2 or 3.', ['Step 1', 'Step 2', 'Step 3']);
    return s.picks[seat] === null ? pick(s, seat, a.data.n, 'picked') : refuse('NOT_YOUR_TURN', 'You have already picked this round: wait for the others.');
  },
  onTimeout: (s, seat) => pick(s, seat, 1, 'timedOut'),
  onLeave: (s, seat) => settle({ ...s, out: s.out.map((o, i) => o || i === seat), picks: s.picks.map((p, i) => (i === seat ? null : p)) }, [{ type: 'left', seat }]),
  onAbort: (s) => ({ ok: true, state: { ...s, aborted: true }, events: [{ type: 'over', winners: null }] }),
  outcome: (s) => (s.aborted ? { status: 'aborted', winners: [], detail: { aborted: true } } : s.winners ? { status: 'finished', winners: s.winners, detail: { winners: s.winners } } : null),
  view,
  bots: { steady: (s, seat): Action | null => (race.activeSeats(s).includes(seat) ? { type: 'step', n: 2 } : null) },
  words: {
    action: (_s, a) => `Step ${a.n}`,
    event: (s, e) => {
      const who = (seat: number) => s.seats[seat]!.name;
      if (e.type === 'moved') return `Round ${e.round}: ${e.steps.flatMap((n, i) => (n === null ? [] : [`${who(i)} +${n} → ${e.positions[i]}`])).join(', ')}.`;
      if (e.type === 'over') return e.winners === null ? 'The race was called off.' : e.winners.length ? `${e.winners.map(who).join(' and ')} wins the race!` : 'Nobody is left in the race.';
      return `${who(e.seat)} ${{ picked: 'has picked.', timedOut: 'ran out of time and steps 1.', left: 'leaves the race.' }[e.type]}`;
    },
    prompt: () => ({ text: 'pick your step: `/race step` or a button.', buttons: steps().map((action) => ({ label: `Step ${action.n}`, action, style: 'primary' as const })) }),
    phase: (s) => `round ${s.round}, race to ${s.options.goal}`,
    status: (s) => s.seats.map((x, i) => `${x.name}: square ${s.positions[i]}${s.out[i] ? ' (out)' : s.picks[i] !== null ? ' (picked)' : ''}`),
    resign: 'You leave the race.',
  },
  commands: [{ name: 'step', option: 'step', description: 'Pick your step for this round', choice: 'How far (1–3)', what: 'pick a step', accepts: (a) => a.type === 'step' }],
  encode: (a) => `step${a.n}`, decode: readStep, parse: (_s, _seat, _command, typed) => readStep(typed),
  board: (s) => ({ kind: 'track', view: view(s, 'channel'), alt: `Race to ${s.options.goal}: ${s.seats.map((x, i) => `${x.name} on ${s.positions[i]}`).join(', ')}.` }),
  hand: (s, seat) => ({ text: s.picks[seat] ? `Your pick this round: ${s.picks[seat]}` : 'You have not picked this round yet.', pictures: [] }),
  drawings: new URL('./draw/index.ts', import.meta.url).href,
  // A pick may be taken back until the round is revealed (and leaving, and the end, are final).
  isFinal: (e) => e.type !== 'picked' && e.type !== 'timedOut',
});
