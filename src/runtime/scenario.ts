/**
 * Scenario files: a game's position set up in JSON, a list of steps played on it and what must
 * hold after each (docs/scenarios.md). A file names its game (`"game": "<id>"`); that game's
 * `scenario` support reads the rest and plays the steps through applyRules (rules.ts), as the
 * bot applies every request, with what every game's steps share (src/platform/scenario.ts). `npm run scenario`, `npm run render` and the scenario tests
 * (test/scenarios/) all come through here.
 */
import { gameById } from '../games/registry.ts';
import { ScenarioError, type AnyGame, type ScenarioResult } from '../platform/game.ts';
import { jsonOf } from '../platform/scenario.ts';
import { applyRules } from './rules.ts';

export { ScenarioError, type ScenarioResult };

/** The game a scenario file (JSON text or parsed) is about, and the parsed file. */
export function scenarioGame(input: unknown): { game: AnyGame; json: Record<string, unknown> } {
  const json = jsonOf(input);
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new ScenarioError('a scenario is a JSON object');
  const id = (json as { game?: unknown }).game;
  if (typeof id !== 'string') throw new ScenarioError('"game": which game the scenario is about, its id');
  const game = gameById(id);
  if (!game) throw new ScenarioError(`"game": no game '${id}' is registered`);
  if (!game.scenario) throw new ScenarioError(`"game": ${game.title} has no scenario support`);
  return { game, json: json as Record<string, unknown> };
}

/** Plays a scenario file. Throws ScenarioError only when the file itself is invalid. */
export function runScenario(input: unknown): ScenarioResult & { game: AnyGame } {
  const { game, json } = scenarioGame(input);
  return { ...game.scenario!.run(json, (s, actor, request) => applyRules(game, s, actor, request)), game };
}
