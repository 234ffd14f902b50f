/**
 * How the public posts of one change are cut: one per turn and one per Hot Goods roll, each
 * with a picture of its moment (pictureOf).
 */
import type { Picture, PostPlan, Step } from '../../platform/game.ts';
import type { FenceEvent } from './events.ts';
import { hotGoodsPicture, turnPicture, wholeMap } from './pictures.ts';
import type { FenceState } from './state.ts';
import { eventText } from './words.ts';

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
 * The picture of each post (pictures.ts): the round's start (after its Hot Goods) and the game's
 * end show the whole map, so the whole city is posted at least once a round; a Hot Goods roll
 * shows its tile close up; a turn shows the cells it touched close up.
 */
function pictureOf(g: Segment): Picture {
  if (g.events.some((e) => e.type === 'roundStarted' || e.type === 'gameOver')) return wholeMap(g.state, g.hotGoodsShown);
  const roll = g.events.find((e) => e.type === 'hotGoods');
  if (roll) return hotGoodsPicture(g.state, roll.index - 1);
  return turnPicture(g.state, g.events);
}

/** One post per segment. */
export function posts(steps: readonly Step<FenceState, FenceEvent>[]): PostPlan<FenceState, FenceEvent>[] {
  return segmentsOf(steps).map((g) => ({ events: g.events, state: g.state, picture: pictureOf(g) }));
}
