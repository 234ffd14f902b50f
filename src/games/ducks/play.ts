/**
 * A seat's own action, as the platform hands it over (untrusted input): played when it names
 * one of the seat's legal actions (a fence read from either end, dice in any order), refused
 * otherwise with the rules' reason. Above both the engine and the refusals, which read the
 * engine and the words: so that neither imports the other back.
 */
import type { Applied, Refusal } from '../../platform/game.ts';
import { legalActions, playLegal, sameAction } from './engine.ts';
import { refusalFor } from './refusals.ts';
import { actionSchema, type DucksEvent, type DucksState } from './state.ts';

/** Plays one of a seat's own actions (the platform has checked the seat is in and the game goes on). */
export function playByRules(state: DucksState, seat: number, input: unknown): Applied<DucksState, DucksEvent> | Refusal {
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return refusalFor(state, seat, null);
  const action = parsed.data;
  // The legal action it names is what is played.
  const match = legalActions(state, seat).find((l) => sameAction(l, action));
  if (!match) return refusalFor(state, seat, action);
  return playLegal(state, seat, match);
}
