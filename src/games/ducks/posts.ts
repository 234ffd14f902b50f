/**
 * How the posts of one change are cut: a post ends with each turn's end and each Automa card
 * placed (or discarded), and those posts carry the board; a roll or a re-roll is a line of text.
 */
import type { PostPlan, Step } from '../../platform/game.ts';
import type { DucksEvent, DucksState } from './state.ts';
import { boardPicture } from './views.ts';
import { eventText } from './words.ts';

/** Events after which the board has changed for everyone to see. */
const BOARD_MOMENTS = new Set<DucksEvent['type']>(['started', 'turnEnded', 'automaPlaced', 'automaSkipped', 'over']);
/** Events that close a post. */
const CLOSING = new Set<DucksEvent['type']>(['automaPlaced', 'automaSkipped', 'over']);

export function posts(steps: readonly Step<DucksState, DucksEvent>[]): PostPlan<DucksState, DucksEvent>[] {
  const out: { events: DucksEvent[]; state: DucksState; board: boolean }[] = [];
  let open: DucksEvent[] = [];
  let board = false;
  for (const step of steps) {
    for (const e of step.events) {
      open.push(e);
      board ||= BOARD_MOMENTS.has(e.type);
    }
    // A turn's post closes at the end of the step that ended it (with the Automa's card, if any).
    if (step.events.some((e) => CLOSING.has(e.type) || e.type === 'turnEnded')) {
      out.push({ events: open, state: step.state, board });
      open = [];
      board = false;
    }
  }
  const last = steps[steps.length - 1];
  if (last && (open.length || out.length === 0)) out.push({ events: open, state: last.state, board });
  // A post with nothing to say joins the one before it.
  const merged: typeof out = [];
  for (const p of out) {
    const prev = merged[merged.length - 1];
    if (prev && !p.events.some((e) => eventText(p.state, e) !== null)) merged[merged.length - 1] = { events: [...prev.events, ...p.events], state: p.state, board: prev.board || p.board };
    else merged.push(p);
  }
  return merged.map((p) => ({ events: p.events, state: p.state, picture: p.board ? boardPicture(p.state) : null }));
}
