// `npm run replay -- <record.json> [out.gif]`: rebuilds a game from its record (`/games export`)
// and prints one JSON line per move (who, the request, what it caused in the channel's words),
// then how it ended and whether that is exactly how the record says the game ended (the final
// state and the outcome). With `out.gif`, also draws the game's replay there, as the Replay
// button posts it. Exit code 0: rebuilt exactly; 1: it ended elsewhere; 2: the file is missing
// or is not a record this bot can play.
import { readFileSync, writeFileSync } from 'node:fs';
import { closeRenderer } from '../render/index.ts';
import { drawReplay } from '../replay/animation.ts';
import { parseRecord, rebuild, RecordError, type GameRecordFile, type Rebuilt } from '../replay/record.ts';

function fail(message: string): number {
  process.stderr.write(`${message}\nusage: npm run replay -- <record.json> [out.gif]\n`);
  return 2;
}

function read(file: string): { record: GameRecordFile; rebuilt: Rebuilt } | string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    return `${file}: cannot read: ${(e as Error).message}`;
  }
  try {
    const record = parseRecord(text);
    return { record, rebuilt: rebuild(record) };
  } catch (e) {
    if (e instanceof RecordError) return `${file}: ${e.message}`;
    throw e;
  }
}

async function main(argv: string[]): Promise<number> {
  const [file, out] = argv;
  if (!file || argv.length > 2) return fail('replay: need a record file');
  const got = read(file);
  if (typeof got === 'string') return fail(got);
  const { record, rebuilt } = got;
  const { def } = rebuilt;
  const who = (by: number | 'system') => (by === 'system' ? 'system' : record.seats[by]?.name ?? `seat ${by + 1}`);
  rebuilt.steps.forEach((step, k) => {
    const said = step.events.map((e) => def.words.event(step.state, e)).filter((l): l is string => l !== null);
    process.stdout.write(`${JSON.stringify({ move: k + 1, by: who(step.by), action: step.action, said })}\n`);
  });
  const o = rebuilt.outcome;
  process.stdout.write(`${JSON.stringify({ outcome: o ? { status: o.status, winners: o.winners.map(who) } : null, same: rebuilt.same })}\n`);
  if (!rebuilt.same) process.stderr.write(`${file}: the rebuilt game does not end as the record says (another version of the rules?)\n`);
  if (out) {
    try {
      const replay = await drawReplay(record);
      writeFileSync(out, replay.animation.gif);
      const a = replay.animation;
      process.stdout.write(`${out}: ${a.width}x${a.height}, ${a.frames} frames, ${a.gif.length} bytes, scale ${a.scale.toFixed(2)}, ${replay.ms} ms\n${replay.alt}\n`);
    } finally {
      await closeRenderer();
    }
  }
  return rebuilt.same ? 0 : 1;
}

process.exitCode = await main(process.argv.slice(2));
