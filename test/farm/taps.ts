/**
 * A Fences choice walked as a player would: its levels breadth first (a part of the map is
 * reached from every other part, so depth first would find long ways round), and the fewest
 * labels to press for each action.
 */
import type { Action } from '../../src/games/farm/actions.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { isLeaf, type Choice } from '../../src/platform/choices.ts';
import type { Picture } from '../../src/platform/game.ts';

export type Level = Choice<Action, Picture>;

/** The choice the game offers whoever it waits for. */
export const choiceOf = (s: FarmState): Level => farm.words.prompt(s, farm.activeSeats(s)[0]!).choice!;

/** Every level of a tree once, breadth first, with the fewest labels pressed to reach it. */
export function levels(root: Level, depth = 4): { path: string[]; level: Level }[] {
  const out: { path: string[]; level: Level }[] = [];
  const seen = new Set<string>();
  const queue: { path: string[]; level: Level }[] = [{ path: [], level: root }];
  for (let next = queue.shift(); next; next = queue.shift()) {
    const { path, level } = next;
    const id = `${level.question}|${level.options.map((o) => o.label).join(',')}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push(next);
    if (path.length >= depth) continue;
    for (const o of level.options) if (!isLeaf(o)) queue.push({ path: [...path, o.label], level: o.then() });
  }
  return out;
}

/** The fewest labels to press for each action (by its encoding) in the choice offered now. */
export function tapsOf(s: FarmState, depth = 4): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const { path, level } of levels(choiceOf(s), depth)) {
    for (const o of level.options) if (isLeaf(o) && !out.has(farm.encode(o.action))) out.set(farm.encode(o.action), [...path, o.label]);
  }
  return out;
}

/** The fewest labels to press for `action`, or null when the choice does not offer it. */
export const tapsFor = (s: FarmState, action: Action): string[] | null => tapsOf(s).get(farm.encode(action)) ?? null;
