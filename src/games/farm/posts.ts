/**
 * How the public posts of one change are cut: one per turn, each with the map around that
 * turn's tile (large enough to read on a phone); `/farm map` shows the whole map.
 */
import type { PostPlan, Step } from '../../platform/game.ts';
import type { FarmEvent } from './events.ts';
import { mapPicture, windowAround } from './pictures.ts';
import type { FarmState } from './state.ts';
import { viewFor } from './views.ts';

/** Events that tell a turn was taken (a tile placed, moved or turned, a swap, a skip). */
const TURN_TOLD: ReadonlySet<FarmEvent['type']> = new Set<FarmEvent['type']>(['placed', 'skipped', 'lifted', 'turnedTile', 'swapped', 'droughtSkip']);

export const turnPicture = (s: FarmState) => {
  const v = viewFor(s, 'channel');
  return mapPicture(v, windowAround(v));
};

export const wholeMap = (s: FarmState) => mapPicture(viewFor(s, 'channel'), null);

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
  return out.map((p, i) => ({ ...p, picture: i === out.length - 1 ? turnPicture(p.state) : null }));
}
