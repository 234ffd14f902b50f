/**
 * How the public posts of one change are cut: one per turn, each with the map around that
 * turn's tile (large enough to read on a phone); the game's last with the end's picture (the
 * scores broken down, every farm). A turn still under way — its player placed a tile and now
 * chooses a henhouse, a gate, one more tile, where the fox goes — is held: its player is shown
 * the next choice privately and the channel hears of the whole turn once it is over. `/farm
 * map` shows the whole map.
 */
import type { PostPlan, Step } from '../../platform/game.ts';
import { activeSeats } from './engine.ts';
import type { FarmEvent } from './events.ts';
import { endPicture, mapPicture, windowAround } from './pictures.ts';
import type { FarmState } from './state.ts';
import { view } from './views.ts';

/** Events that tell a turn was taken (a tile placed, moved or turned, a swap, a skip). */
const TURN_TOLD: ReadonlySet<FarmEvent['type']> = new Set<FarmEvent['type']>(['placed', 'skipped', 'lifted', 'turnedTile', 'swapped', 'droughtSkip']);

export const turnPicture = (s: FarmState) => {
  const v = view(s, 'channel');
  return mapPicture(v, windowAround(v));
};

export const wholeMap = (s: FarmState) => mapPicture(view(s, 'channel'), null);

/** The seat an event says acted, when it names one. */
function actorOf(e: FarmEvent): number | null {
  switch (e.type) {
    case 'placed': case 'claimed': case 'passed': case 'gate': case 'bale': case 'tractor': case 'stored': case 'shared': case 'took':
    case 'swapped': case 'lifted': case 'turnedTile': case 'evicted':
      return e.seat;
    case 'fox': case 'horse':
      return e.seat;
    default:
      return null;
  }
}

/**
 * Whether the post ending in `s` is a turn still under way for the seat who just acted: the
 * game now waits for the turn's own player, and its first act was theirs (so a bale or a fox
 * placed by someone else, which hands the turn back, is told at once and pings its player).
 */
function underWay(events: readonly FarmEvent[], s: FarmState): boolean {
  if (s.outcome || events.some((e) => e.type === 'turn' || e.type === 'timedOut' || e.type === 'removed')) return false;
  const first = events.map(actorOf).find((a) => a !== null);
  return first !== undefined && first === s.current && activeSeats(s)[0] === s.current;
}

export function posts(steps: readonly Step<FarmState, FarmEvent>[]): PostPlan<FarmState, FarmEvent>[] {
  const out: PostPlan<FarmState, FarmEvent>[] = [];
  let open: FarmEvent[] = [];
  let last: FarmState | null = null;
  for (const step of steps) {
    for (const e of step.events) {
      open.push(e);
      // A turn's post ends where the next player's turn begins (or the game ends).
      if ((e.type === 'turn' && open.some((x) => TURN_TOLD.has(x.type))) || e.type === 'ended') {
        out.push({ events: open, state: step.state, picture: null });
        open = [];
      }
    }
    last = step.state;
  }
  if (last && (open.length > 0 || out.length === 0)) out.push({ events: open, state: last, picture: null });
  // Each post shows the map as it is at the end of the batch: states inside one step are not kept.
  const plans = out.map((p, i) => ({ ...p, picture: i === out.length - 1 ? (p.state.outcome ? endPicture(p.state) : turnPicture(p.state)) : null }));
  const end = plans[plans.length - 1];
  if (end && underWay(end.events, end.state)) end.held = true;
  return plans;
}
