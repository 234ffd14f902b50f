/**
 * The moves the platform offers a seat: the engine's legal actions, and, while re-rolls are
 * still allowed, the fences the dice give as they stand. Drawing one of those keeps the dice
 * first (D9: once the player acts, the dice stand), so a player who likes their roll draws their
 * fence in one press instead of pressing Keep first. The rules are the engine's: such a fence is
 * played as Keep, then the fence.
 */
import { apply, fenceActions, legalActions, sameAction, type Result } from './engine.ts';
import { actionSchema, type Action, type DucksState, type FenceAction } from './state.ts';

/** The state once the turn's player keeps their dice (the engine's Keep, before it looks for a fence). */
export const kept = (s: DucksState): DucksState => ({ ...s, turn: { ...s.turn, stage: 'act', rerollsLeft: 0 } });

/** The regular fences the dice would give if kept now: only while re-rolls are allowed, for the turn's player. */
export function fencesIfKept(s: DucksState, seat: number): FenceAction[] {
  if (s.end || s.turn.stage !== 'reroll' || seat !== s.turn.seat) return [];
  return fenceActions(kept(s)).filter((a) => a.type === 'fence');
}

/** What `seat` may play now: the engine's legal actions and the fences that keep the dice. */
export function offeredActions(s: DucksState, seat: number): Action[] {
  return [...legalActions(s, seat), ...fencesIfKept(s, seat)];
}

/** Applies a request; a fence during the re-rolls keeps the dice and is then drawn (refused for what is wrong with it once kept). */
export function applyMove(s: DucksState, actor: number | 'system', input: unknown): Result {
  const parsed = actionSchema.safeParse(input);
  if (actor === 'system' || !parsed.success || parsed.data.type !== 'fence' || s.end || s.turn.stage !== 'reroll' || actor !== s.turn.seat) return apply(s, actor, input);
  const fence = parsed.data;
  if (!fencesIfKept(s, actor).some((f) => sameAction(f, fence))) {
    // Refused for the fence itself: what the player would hear once the dice stand.
    const r = apply(kept(s), actor, fence);
    return r.ok ? apply(s, actor, input) : r;
  }
  const keep = apply(s, actor, { type: 'keep' });
  if (!keep.ok) return keep;
  const drawn = apply(keep.state, actor, fence);
  return drawn.ok ? { ok: true, state: drawn.state, events: [...keep.events, ...drawn.events] } : drawn;
}
