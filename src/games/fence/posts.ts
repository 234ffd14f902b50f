/**
 * How the public posts of one change are cut: one per turn, ending as the next turn starts (a
 * turn in several actions is held until it ends). A round's Hot Goods come in the post of its
 * last turn, with the next turn's start; a winner who must choose a colour ends that post with
 * the question, and the answer's consequences open the next. Each post has one picture
 * (pictures.ts): the turn's, the round's overview with its Hot Goods, or the game's end.
 */
import { pictureIdentity, type Picture, type PostPlan, type Step } from '../../platform/game.ts';
import type { FenceEvent } from './events.ts';
import { endPicture, roundPicture, turnPicture } from './pictures.ts';
import type { FenceState } from './state.ts';
import { eventText } from './words.ts';
import { play } from './engine.ts';
import { legalActions, whoMustAct } from './legal.ts';
import { movingOthers } from './rules.ts';
import { prompt } from './choices.ts';

interface Segment {
  events: FenceEvent[];
  state: FenceState;
}

/**
 * Splits the events of one change into what players see as separate moments: a segment ends
 * with each 'turnStarted', so a turn's post ends by handing over (a round's Hot Goods, which
 * come before the next round's first turn starts, stay with its last turn). A segment that says
 * nothing in words (only bookkeeping events) joins its neighbour rather than becoming an empty
 * post.
 */
function segmentsOf(steps: readonly Step<FenceState, FenceEvent>[]): Segment[] {
  const raw: Segment[] = [];
  let open: FenceEvent[] = [];
  for (const step of steps) {
    for (const e of step.events) {
      open.push(e);
      if (e.type === 'turnStarted') {
        raw.push({ events: open, state: step.state });
        open = [];
      }
    }
  }
  const last = steps[steps.length - 1];
  if (last && (open.length || raw.length === 0)) raw.push({ events: open, state: last.state });
  const says = (g: Segment) => g.events.some((e) => eventText(g.state, e) !== null);
  const out: Segment[] = [];
  for (const g of raw) {
    const prev = out[out.length - 1];
    if (prev && (!says(g) || !says(prev))) out[out.length - 1] = { ...g, events: [...prev.events, ...g.events] };
    else out.push(g);
  }
  return out;
}

/**
 * The mover is between the parts of Moving Others (or answering a choice one of them raised):
 * the channel waits for the end of the turn, so a turn is one post.
 */
export function midTurn(s: FenceState): boolean {
  return s.phase === 'main' && !s.outcome && movingOthers(s) && whoMustAct(s) === s.current;
}

/**
 * A timed-out turn's events, said in the order players expect: first that the player ran out
 * of time, then the moves the computer made for them (the engine records the timeout last).
 */
function timeoutFirst(step: Step<FenceState, FenceEvent>): Step<FenceState, FenceEvent> {
  const timedOut = step.events.filter((e) => e.type === 'timedOut');
  if (timedOut.length === 0 || step.events[0]?.type === 'timedOut') return step;
  return { state: step.state, events: [...timedOut, ...step.events.filter((e) => e.type !== 'timedOut')] };
}

/** Events that change nothing on the map: a post of these alone carries no picture. */
const QUIET = new Set<FenceEvent['type']>([
  'cardDrawn', 'turnStarted', 'roundStarted', 'firstPlayerMoved', 'timedOut', 'passed', 'dealt', 'stashBurned', 'stashReshuffled',
  'hotGoodsStopped', 'gameOver', 'postTraded', 'postPassed', 'unreliableWitness', 'credibilityRestored', 'playingWith', 'stateEvidence',
]);
const quiet = (events: readonly FenceEvent[]) => events.every((e) => QUIET.has(e.type));

/** The round's Hot Goods wait for a choice (a winner's colour) before the next roll. */
const rollsInterrupted = (s: FenceState) => s.pending !== null && s.hotGoods !== null && s.hotGoods.round === s.round && s.hotGoods.rolls.length < s.hotGoods.due;

/** At most this many answers to a choice are played out ahead (a colour has two). */
const FORESEEN_ANSWERS = 4;

/**
 * The pictures the post after a pending choice will show whatever the answer: each answer the
 * chooser may give is played out (the engine is pure) and the pictures every one of them would
 * post are kept. A round's later rolls rarely depend on the colour of the card a winner draws,
 * so their picture is drawn while the player decides; a picture only some answers would post is
 * not drawn.
 */
function whateverTheAnswer(s: FenceState): Picture[] {
  const seat = whoMustAct(s);
  if (seat === null) return [];
  const answers = legalActions(s, seat);
  if (answers.length === 0 || answers.length > FORESEEN_ANSWERS) return [];
  const shown: Map<string, Picture>[] = [];
  for (const a of answers) {
    const r = play(s, seat, a);
    if (!r.ok) return [];
    const pictures = postsOf([{ state: r.state, events: r.events }], false).flatMap((plan) => (plan.picture ? [plan.picture] : []));
    shown.push(new Map(pictures.map((p) => [pictureIdentity(p), p] as const)));
  }
  const [first, ...others] = shown;
  return [...(first ?? [])].filter(([id]) => others.every((m) => m.has(id))).map(([, p]) => p);
}

/**
 * One post per turn (see the top of this file). A post that changes nothing on the map has no
 * picture, unless it asks someone to act; a choice among places (where the Cops start, say)
 * brings its own picture, which is then the post's only one.
 */
export function posts(steps: readonly Step<FenceState, FenceEvent>[]): PostPlan<FenceState, FenceEvent>[] {
  return postsOf(steps, true);
}

/** The picture of a post: the game's end, a round's Hot Goods, or the turn. */
function pictureOf(g: Segment, asks: boolean): Picture | null {
  const s = g.state;
  if (s.outcome && s.outcome.kind !== 'aborted') return endPicture(s, g.events);
  if (g.events.some((e) => e.type === 'hotGoods')) return roundPicture(s, g.events);
  if (!asks && quiet(g.events)) return null;
  const seat = whoMustAct(s);
  // The person asked sees the choice's own picture (the platform adds it): it is the post's.
  if (asks && seat !== null && !s.seats[seat]?.computer && prompt(s, seat).choice?.picture) return null;
  return turnPicture(s, g.events);
}

/** `foresee`: whether a post asking for a choice says what to draw while the player decides (not for answers played out ahead). */
function postsOf(steps: readonly Step<FenceState, FenceEvent>[], foresee: boolean): PostPlan<FenceState, FenceEvent>[] {
  const segments = segmentsOf(steps.map(timeoutFirst));
  const plans = segments.map((g, n): PostPlan<FenceState, FenceEvent> => {
    const last = n === segments.length - 1;
    const picture = pictureOf(g, last);
    const ahead = last && foresee && rollsInterrupted(g.state) ? whateverTheAnswer(g.state) : [];
    return { events: g.events, state: g.state, picture, ...(ahead.length ? { ahead } : {}) };
  });
  const last = plans[plans.length - 1];
  if (last && midTurn(last.state)) plans[plans.length - 1] = { ...last, held: true };
  return plans;
}
