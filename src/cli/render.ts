// `npm run render -- <scenario.json|state.json> <out.png> [--viewer N]`: renders the final
// state of a scenario (or a saved FenceState) as the channel sees it, plus the alt text, so
// anyone can see any situation and attach it to a bug report.
import { readFileSync, writeFileSync } from 'node:fs';
import { viewFor, type FenceState } from '../games/fence/index.ts';
import { runScenario } from '../games/fence/scenario.ts';
import { renderHand, renderMap } from '../render/index.ts';

function usage(msg: string): never {
  process.stderr.write(`${msg}\nusage: npm run render -- <scenario.json | state.json> <out.png> [--viewer <seat number from 1>]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const viewerAt = args.indexOf('--viewer');
const viewer = viewerAt >= 0 ? Number(args[viewerAt + 1]) - 1 : 'channel';
if (viewerAt >= 0) args.splice(viewerAt, 2);
const [input, out] = args;
if (!input || !out) usage('render: need an input file and an output file');
if (typeof viewer === 'number' && !(viewer >= 0)) usage('render: --viewer takes a seat number from 1');

const json: unknown = JSON.parse(readFileSync(input, 'utf8'));
// A saved state has `game: 'fence'` and a map; anything else is read as a scenario.
const isState = typeof json === 'object' && json !== null && (json as { game?: unknown }).game === 'fence' && Array.isArray((json as { map?: unknown }).map);
let state: FenceState;
if (isState) state = json as FenceState;
else {
  const result = runScenario(json);
  for (const f of result.failures) process.stderr.write(`scenario: ${f}\n`);
  state = result.state;
}
const view = viewFor(state, viewer);
const map = await renderMap(view);
writeFileSync(out, map.png);
process.stdout.write(`${out}: ${map.width}x${map.height}, ${map.png.length} bytes\n${map.alt}\n`);
if (view.me) {
  const handOut = out.replace(/\.png$/i, '') + '.hand.png';
  const hand = await renderHand(view);
  writeFileSync(handOut, hand.png);
  process.stdout.write(`${handOut}: ${hand.alt}\n`);
}
