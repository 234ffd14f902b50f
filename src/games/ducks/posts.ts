/**
 * One post per turn: the roll and any re-rolls, the fence (and the bread's), the pens it closes
 * and what they capture, and in solo the Automa's card and where its pen went, told together
 * with the board once the turn is over. A turn still under way (dice rolled, a fence to draw,
 * the Automa's card to place, duck boxes to cross off) is held: its player sees their next
 * choice privately and the channel waits. The board marks every fence the turn drew.
 */
import type { PostPlan, Step } from '../../platform/game.ts';
import type { DucksEvent, DucksState } from './state.ts';
import { boardPicture } from './views.ts';
import { eventText } from './words.ts';

/** Events after which the turn is over for the channel: solo, once the Automa's card is resolved. */
const closes = (s: DucksState, e: DucksEvent): boolean =>
  e.type === 'over' || e.type === 'automaPlaced' || e.type === 'automaSkipped' || (e.type === 'turnEnded' && !s.automa);

/** Events the channel must hear at once, whatever the turn: a start, a leaver, a timeout, the end's duck boxes owed. */
const URGENT = new Set<DucksEvent['type']>(['started', 'left', 'tookOver', 'timedOut', 'ending']);

/** The fences drawn in a post's events: marked on its board. */
const drawnIn = (events: readonly DucksEvent[]): number[] => events.flatMap((e) => (e.type === 'fenced' || e.type === 'automaPlaced' ? e.edges : []));

export function posts(steps: readonly Step<DucksState, DucksEvent>[]): PostPlan<DucksState, DucksEvent>[] {
  const out: { events: DucksEvent[]; state: DucksState; closed: boolean }[] = [];
  let open: DucksEvent[] = [];
  for (const step of steps) {
    open.push(...step.events);
    if (step.events.some((e) => closes(step.state, e))) {
      out.push({ events: open, state: step.state, closed: true });
      open = [];
    }
  }
  const last = steps[steps.length - 1];
  if (last && (open.length || out.length === 0)) out.push({ events: open, state: last.state, closed: false });
  // A post with nothing to say joins the one before it.
  const merged: typeof out = [];
  for (const p of out) {
    const prev = merged[merged.length - 1];
    if (prev && !p.events.some((e) => eventText(p.state, e) !== null)) merged[merged.length - 1] = { events: [...prev.events, ...p.events], state: p.state, closed: prev.closed || p.closed };
    else merged.push(p);
  }
  const plans: PostPlan<DucksState, DucksEvent>[] = merged.map((p) => ({ events: p.events, state: p.state, picture: boardPicture(p.state, drawnIn(p.events)) }));
  const tail = merged[merged.length - 1];
  if (tail && !tail.closed && !tail.state.end && !tail.events.some((e) => URGENT.has(e.type))) plans[plans.length - 1]!.held = true;
  return plans;
}
