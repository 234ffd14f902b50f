/** Game of Fences (Parker Brothers, 1960) for the platform: its definition, `kimbo`. */
import { defineGame, type Outcome, type Picture, type PostPlan, type Step, finalAfter, ofTypes } from '../../platform/game.ts';
import { moduleBeside } from '../../platform/files.ts';
import { PLAYERS, simplePlayer } from './bots.ts';
import { abortGame, actionSchema, play, setup, leaveGame, legalActions, timeOut, type Action, type KimboEvent } from './engine.ts';
import { parseTyped } from './typed.ts';
import { runScenario } from './scenario.ts';
import { optionsSchema, stateSchema, STATE_VERSION, upgraders, type KimboOptions, type KimboState } from './state.ts';
import { boardAlt, view, type KimboView } from './views.ts';
import { prompt } from './choices.ts';
import { actionLabel, eventText, HELP, phaseText, RESIGN_TEXT, RULES, statusLines, unavailableText } from './words.ts';

export { setup, play, legalActions, whoMustAct, type Action, type KimboEvent } from './engine.ts';
export type { KimboState } from './state.ts';

const DRAWINGS = moduleBeside('./draw/index.ts', import.meta.url);

export const boardPicture = (s: KimboState): Picture => {
  const v = view(s);
  return { kind: 'board', view: v, alt: boardAlt(v) };
};

function outcomeOf(s: KimboState): Outcome | null {
  const o = s.outcome;
  if (!o) return null;
  return { status: o.kind === 'aborted' ? 'aborted' : 'finished', winners: o.kind === 'won' ? [...o.seats] : [], detail: o };
}

/**
 * One post per turn: a turn's fence, roll and move (and the start square of a piece it
 * captured) are told together with the board once the turn is over. A turn still under way
 * (rolled, or a captured piece waiting for its start square) is held: its player is shown their
 * next choice privately, and the roll is told with the move.
 */
function turnPosts(steps: readonly Step<KimboState, KimboEvent>[]): PostPlan<KimboState, KimboEvent>[] {
  const plans: PostPlan<KimboState, KimboEvent>[] = [];
  let events: KimboEvent[] = [];
  steps.forEach((step, i) => {
    events.push(...step.events);
    const ends = step.events.some((e) => e.type === 'turn' || e.type === 'over');
    if (ends || i === steps.length - 1) {
      plans.push({ events, state: step.state, picture: boardPicture(step.state) });
      events = [];
    }
  });
  const last = plans[plans.length - 1];
  if (last && !last.state.outcome && (last.state.stage === 'play' || last.state.stage === 'corner')) last.held = true;
  return plans;
}

/** Events after which a move cannot be taken back: the dice rolled (a fence move rolls at once), a player leaving, the end. */
const isFinal = finalAfter<KimboEvent>(['started', 'rolled', 'rollLost', 'left', 'over']);

export const kimbo = defineGame<KimboState, Action, KimboEvent, KimboView, KimboOptions>({
  id: 'kimbo',
  title: 'Game of Fences',
  description: 'Game of Fences (Parker Brothers, 1960): race your pieces HOME, steered by fences',
  seats: { min: 2, max: 4 },
  options: optionsSchema,
  state: { version: STATE_VERSION, schema: stateSchema, upgraders },
  setup: ({ seats, seed, options }) => setup({ seats, seed, options }),
  turn: { current: (s) => s.current },
  legalActions,
  play,
  onLeave: leaveGame,
  // G26: a timed-out turn is played whole by the simple player.
  onTimeout: (s, seat, inARow) => timeOut(s, seat, inARow, simplePlayer),
  onAbort: abortGame,
  outcome: outcomeOf,
  view,
  bots: PLAYERS,
  words: { action: actionLabel, event: eventText, prompt, phase: phaseText, status: statusLines, resign: RESIGN_TEXT, rules: RULES, help: HELP, unavailable: unavailableText },
  commands: [
    { name: 'fence', option: 'fence', what: 'move a fence', description: 'Before rolling: move one of your fences to an empty slot', choice: 'Your fence → an empty slot (type a square to narrow)', accepts: ofTypes('fence') },
    { name: 'move', option: 'move', what: 'move', description: 'Play your roll: a piece and where it goes', choice: 'Piece and destination (type a piece number or square)', accepts: ofTypes('move') },
  ],
  encode: (a) => {
    switch (a.type) {
      case 'roll': return 'roll';
      case 'fence': return `f${a.from}-${a.to}`;
      case 'move': return `m${a.key}`;
      case 'corner': return `c${a.corner}`;
    }
  },
  decode: (text) => {
    let raw: unknown = null;
    if (text === 'roll') raw = { type: 'roll' };
    else if (/^f\d+-\d+$/.test(text)) {
      const [from, to] = text.slice(1).split('-').map(Number);
      raw = { type: 'fence', from, to };
    } else if (/^m[0-9a-z]{1,12}$/.test(text)) raw = { type: 'move', key: text.slice(1) };
    else if (/^c\d$/.test(text)) raw = { type: 'corner', corner: Number(text.slice(1)) };
    const parsed = actionSchema.safeParse(raw);
    return parsed.success ? parsed.data : null;
  },
  parse: parseTyped,
  posts: turnPosts,
  board: boardPicture,
  drawings: DRAWINGS,
  scenario: { run: runScenario },
  isFinal,
});
