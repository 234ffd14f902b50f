// `npm run scenario -- <file.json>`: plays a scenario (docs/scenarios.md) of the game it names
// and prints one JSON line per step (the action and its events, or its refusal), then the
// final channel view. Exit code 0: every expectation held; 1: an expectation failed; 2: the
// file is missing or invalid.
import { readFileSync } from 'node:fs';
import { runScenario, ScenarioError } from '../runtime/scenario.ts';

function main(argv: string[]): number {
  const file = argv[0];
  if (!file || argv.length > 1) {
    process.stderr.write('usage: npm run scenario -- <file.json>\n');
    return 2;
  }
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: cannot read: ${(e as Error).message}\n`);
    return 2;
  }
  try {
    const { lines, state, failures, game } = runScenario(text);
    for (const line of lines) process.stdout.write(`${JSON.stringify(line)}\n`);
    process.stdout.write(`${JSON.stringify({ view: game.view(state, 'channel') })}\n`);
    if (failures.length) {
      process.stderr.write(`${file}: ${failures.length} expectation(s) failed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
      return 1;
    }
    return 0;
  } catch (e) {
    if (e instanceof ScenarioError) {
      process.stderr.write(`${file}: ${e.message}\n`);
      return 2;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
