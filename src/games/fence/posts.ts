/**
 * How the public posts of one change are cut: one per turn and one per Hot Goods roll, each
 * with the map as it was at its end.
 */
import type { Picture, PostPlan, Step } from '../../platform/game.ts';
import type { FenceEvent } from './events.ts';
import { mapPicture } from './pictures.ts';
import type { FenceState } from './state.ts';
import { viewFor } from './views.ts';
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
 * The map as the channel sees it. `hotGoodsShown` trims the Hot Goods panel to the first rolls
 * of the round: several rolls resolved in one action share one state (no pawn moves between
 * them), so each roll's post shows the panel as it was when that roll was made.
 */
export function channelMap(state: FenceState, hotGoodsShown?: number): Picture {
  const view = viewFor(state, 'channel');
  if (view.hotGoods && hotGoodsShown !== undefined && hotGoodsShown < view.hotGoods.rolls.length) {
    view.hotGoods = { ...view.hotGoods, rolls: view.hotGoods.rolls.slice(0, Math.max(0, hotGoodsShown)) };
  }
  return mapPicture(view);
}

/** One post per segment; posts showing the same moment share one picture object (drawn once). */
export function posts(steps: readonly Step<FenceState, FenceEvent>[]): PostPlan<FenceState, FenceEvent>[] {
  const pictures = new Map<FenceState, Map<number, Picture>>();
  return segmentsOf(steps).map((g) => {
    const byShown = pictures.get(g.state) ?? new Map<number, Picture>();
    pictures.set(g.state, byShown);
    let picture = byShown.get(g.hotGoodsShown);
    if (!picture) byShown.set(g.hotGoodsShown, (picture = channelMap(g.state, g.hotGoodsShown)));
    return { events: g.events, state: g.state, picture };
  });
}
