/**
 * The moves the platform offers a seat: the engine's legal actions, and, while re-rolls are
 * still allowed, the fences the dice give as they stand. Drawing one of those keeps the dice
 * first (D9: once the player acts, the dice stand), so a player who likes their roll draws their
 * fence in one press instead of pressing Keep first. The rules are the engine's: such a fence is
 * played as Keep, then the fence.
 */
import type { Applied, Refusal } from '../../platform/game.ts';
import { fenceActions, legalActions, sameAction } from './engine.ts';
import { playByRules } from './play.ts';
import { actionSchema, type Action, type DucksEvent, type DucksState, type FenceAction } from './state.ts';

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

/** Plays a seat's own action; a fence during the re-rolls keeps the dice and is then drawn (refused for what is wrong with it once kept). */
export function play(s: DucksState, seat: number, input: unknown): Applied<DucksState, DucksEvent> | Refusal {
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success || parsed.data.type !== 'fence' || s.end || s.turn.stage !== 'reroll' || seat !== s.turn.seat) return playByRules(s, seat, input);
  const fence = parsed.data;
  // Refused for the fence itself: what the player would hear once the dice stand.
  if (!fencesIfKept(s, seat).some((f) => sameAction(f, fence))) return playByRules(kept(s), seat, fence).ok ? playByRules(s, seat, input) : playByRules(kept(s), seat, fence);
  const keep = playByRules(s, seat, { type: 'keep' });
  if (!keep.ok) return keep;
  const drawn = playByRules(keep.state, seat, fence);
  return drawn.ok ? { ok: true, state: drawn.state, events: [...keep.events, ...drawn.events] } : drawn;
}
