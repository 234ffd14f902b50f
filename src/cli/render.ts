// `npm run render -- <scenario.json|state.json> <out.png> [--viewer N]`: draws the final state
// of a scenario (or a saved game state) of any game as the channel sees it, plus the alt text,
// so anyone can see any situation and attach it to a bug report. With --viewer, that seat's
// private pictures (`/<game> hand`) are written beside it.
import { readFileSync, writeFileSync } from 'node:fs';
import { gameById } from '../games/registry.ts';
import type { AnyGame } from '../platform/game.ts';
import { runScenario } from '../runtime/scenario.ts';
import { loadState } from '../platform/state.ts';
import { closeRenderer, render } from '../render/index.ts';

function usage(msg: string): never {
  process.stderr.write(`${msg}\nusage: npm run render -- <scenario.json | state.json> <out.png> [--viewer <seat number from 1>]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const viewerAt = args.indexOf('--viewer');
const viewer = viewerAt >= 0 ? Number(args[viewerAt + 1]) - 1 : null;
if (viewerAt >= 0) args.splice(viewerAt, 2);
const [input, out] = args;
if (!input || !out) usage('render: need an input file and an output file');
if (viewer !== null && !(viewer >= 0)) usage('render: --viewer takes a seat number from 1');

const json = JSON.parse(readFileSync(input, 'utf8')) as Record<string, unknown>;
// A saved state has a schema version and names its game; anything else is read as a scenario.
const stored = typeof json.game === 'string' && typeof json.version === 'number' ? gameById(json.game) : undefined;
let game: AnyGame;
let state: unknown;
if (stored) {
  game = stored;
  state = loadState(stored, json);
} else {
  const result = runScenario(json);
  for (const f of result.failures) process.stderr.write(`scenario: ${f}\n`);
  game = result.game;
  state = result.state;
}
const board = await render(game, game.board(state));
writeFileSync(out, board.png);
process.stdout.write(`${out}: ${board.width}x${board.height}, ${board.png.length} bytes\n${board.alt}\n`);
if (viewer !== null) {
  const pictures = game.hand?.(state, viewer).pictures ?? [];
  for (const p of pictures) {
    const file = `${out.replace(/\.png$/i, '')}.${p.kind}.png`;
    const r = await render(game, p);
    writeFileSync(file, r.png);
    process.stdout.write(`${file}: ${r.alt}\n`);
  }
}
await closeRenderer();
