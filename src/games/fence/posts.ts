/**
 * How the public posts of one change are cut: one per turn (a turn in several actions is held
 * until it ends, its picture a close-up of what the turn touched) and one per round's Hot Goods
 * (a close-up of each roll, then the whole city with the round's rolls marked).
 */
import { pictureIdentity, type Picture, type PostPlan, type Step } from '../../platform/game.ts';
import type { FenceEvent } from './events.ts';
import { hotGoodsPicture, turnPicture, wholeMap } from './pictures.ts';
import type { FenceState } from './state.ts';
import { eventText } from './words.ts';
import { applyAction } from './engine.ts';
import { legalActions, whoMustAct } from './legal.ts';
import { movingOthers } from './rules.ts';

interface Segment {
  events: FenceEvent[];
  state: FenceState;
  /** How many of the state's Hot Goods rolls had been made at the end of the segment. */
  hotGoodsShown: number;
}

/**
 * Splits the events of one change into what players see as separate moments: a segment ends
 * with each 'turnStarted' (so a turn's post ends by handing over) and before each 'hotGoods'
 * roll (so a roll's post carries its consequences, such as the card drawn). A segment that
 * says nothing in words (only bookkeeping events) joins its neighbour rather than becoming
 * an empty post.
 */
function segmentsOf(steps: readonly Step<FenceState, FenceEvent>[]): Segment[] {
  const raw: Segment[] = [];
  let open: FenceEvent[] = [];
  const close = (step: Step<FenceState, FenceEvent>, after: number) => {
    if (open.length === 0) return;
    // Rolls made later in the same step are not on the map yet at this point.
    const later = step.events.slice(after).filter((e) => e.type === 'hotGoods').length;
    raw.push({ events: open, state: step.state, hotGoodsShown: (step.state.hotGoods?.rolls.length ?? 0) - later });
    open = [];
  };
  for (const step of steps) {
    step.events.forEach((e, n) => {
      if (e.type === 'hotGoods') close(step, n);
      open.push(e);
      if (e.type === 'turnStarted') close(step, n + 1);
    });
  }
  const last = steps[steps.length - 1];
  if (last) close(last, last.events.length);
  if (raw.length === 0 && last) raw.push({ events: [], state: last.state, hotGoodsShown: last.state.hotGoods?.rolls.length ?? 0 });
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
 * post are kept. A round's later rolls and its whole map rarely depend on the colour of the card
 * a winner draws, so they are drawn while the player decides; a picture only some answers would
 * post is not drawn.
 */
function whateverTheAnswer(s: FenceState): Picture[] {
  const seat = whoMustAct(s);
  if (seat === null) return [];
  const answers = legalActions(s, seat);
  if (answers.length === 0 || answers.length > FORESEEN_ANSWERS) return [];
  const shown: Map<string, Picture>[] = [];
  for (const a of answers) {
    const r = applyAction(s, seat, a);
    if (!r.ok) return [];
    const pictures = postsOf([{ state: r.state, events: r.events }], false).flatMap((plan) => [plan.picture, ...(plan.morePictures ?? [])]);
    shown.push(new Map(pictures.flatMap((p) => (p ? [[pictureIdentity(p), p] as const] : []))));
  }
  const [first, ...others] = shown;
  return [...(first ?? [])].filter(([id]) => others.every((m) => m.has(id))).map(([, p]) => p);
}

/**
 * One post per turn and one for a round's Hot Goods, with one close-up per roll. A turn still under way is
 * held (see midTurn). When a roll's winner must choose a colour before the next roll, the
 * choice is asked in a post without a picture, and the post that ends the round's rolls
 * carries the maps of all of them. A post that changes nothing on the map has no picture.
 */
export function posts(steps: readonly Step<FenceState, FenceEvent>[]): PostPlan<FenceState, FenceEvent>[] {
  return postsOf(steps, true);
}

/** `foresee`: whether a post asking for a choice says what to draw while the player decides (not for answers played out ahead). */
function postsOf(steps: readonly Step<FenceState, FenceEvent>[], foresee: boolean): PostPlan<FenceState, FenceEvent>[] {
  /** A run of segments told in one post; `rolls` maps each Hot Goods roll told in it to its segment. */
  interface Group { segments: Segment[]; rolls: Map<number, Segment> }
  const groups: Group[] = [];
  let rollsOpen = false;
  for (const g of segmentsOf(steps.map(timeoutFirst))) {
    const roll = g.events.find((e) => e.type === 'hotGoods');
    const prev = groups[groups.length - 1];
    const aftermath = prev && groups.length === 1 && prev.rolls.size === 0 && prev.segments.every((x) => quiet(x.events) && !x.events.some((e) => e.type === 'turnStarted'));
    if (roll && g.events[0]?.type === 'hotGoods' && prev && (rollsOpen || aftermath)) prev.segments.push(g);
    else groups.push({ segments: [g], rolls: new Map() });
    if (roll?.type === 'hotGoods') groups[groups.length - 1]!.rolls.set(roll.index, g);
    rollsOpen = (roll !== undefined || rollsOpen) && !g.events.some((e) => e.type === 'turnStarted');
  }
  const plans = groups.map((group, n): PostPlan<FenceState, FenceEvent> => {
    const last = group.segments[group.segments.length - 1]!;
    const events = group.segments.flatMap((x) => x.events);
    let maps: Picture[];
    let ahead: Picture[] = [];
    if (group.rolls.size > 0 && n === groups.length - 1 && rollsInterrupted(last.state)) {
      // Asked without a map: the post after the answer shows the rolls, drawn meanwhile.
      maps = [];
      if (foresee) ahead = whateverTheAnswer(last.state);
    } else if (group.rolls.size > 0) {
      // Every roll of the round so far (the earlier ones were asked about without a map), then
      // the whole city, at least once a round: after the round's last roll, with every roll marked.
      const upTo = Math.max(...group.rolls.keys());
      const first = group.rolls.values().next().value as Segment;
      const rolls = Array.from({ length: upTo }, (_, k) => hotGoodsPicture((group.rolls.get(k + 1) ?? first).state, k));
      maps = [...rolls, wholeMap(last.state, upTo)];
    } else {
      maps = quiet(events) ? [] : [turnPicture(last.state, events)];
    }
    const [picture = null, ...more] = maps;
    return { events, state: last.state, picture, ...(more.length ? { morePictures: more } : {}), ...(ahead.length ? { ahead } : {}) };
  });
  const last = plans[plans.length - 1];
  if (last && midTurn(last.state)) plans[plans.length - 1] = { ...last, held: true };
  return plans;
}
