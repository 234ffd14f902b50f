/**
 * One bot process as production starts it (`npm start`: src/main.ts with the bot's Node flags
 * and environment), from the sources through tsx and from the compiled build (dist/, plain
 * node; built first), alternately: the time from its start to its 'bot ready' line (and the CPU
 * it used until then), its RSS
 * then, and its RSS and peak RSS (VmHWM) after 30 moves of a FENCE! game through the Discord
 * double (pictures drawn by its render worker). The double and the driver run in this process,
 * on the same cores: the load average printed says how busy the machine was.
 * Alone: `npx tsx bench/start.ts [runs per form, default 3]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../commands/index.ts';
import { gameById } from '../src/games/registry.ts';
import type { AnyGame } from '../src/platform/game.ts';
import { BOT_ENV, BOT_NODE_FLAGS } from '../src/shard.ts';
import { openStore } from '../src/store/index.ts';
import { DiscordDouble } from '../test/discord-double/index.ts';
import { step } from '../test/bot/crash-driver.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const FORMS = { tsx: ['--import', 'tsx', 'src/main.ts'], compiled: ['dist/src/main.js'] } as const;
type Form = keyof typeof FORMS;
const def = gameById('fence') as AnyGame;
const out = (s: string) => process.stdout.write(`${s}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** A /proc/<pid>/status figure in MB (VmRSS, VmHWM). */
function statusMb(pid: number, field: string): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith(`${field}:`)) ?? '';
  return Number(/(\d+) kB/.exec(line)?.[1] ?? NaN) / 1024;
}

/** CPU time the process (every thread) has used, in ms: steadier than wall time on a busy machine. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  // utime and stime, fields 14 and 15 of stat (11 and 12 after the name), in clock ticks of 10 ms.
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

interface Run { readyMs: number; readyCpuMs: number; readyRss: number; rss: number; peak: number }

async function once(form: Form): Promise<Run> {
  const double = await DiscordDouble.start();
  const guild = double.createGuild('club');
  const people = ['ana', 'bo'].map((n) => {
    const u = double.createUser(n, { globalName: n });
    double.addMember(guild, u);
    return u;
  });
  const channel = double.createChannel(guild, 'fence');
  // As `npm run deploy-commands` does once for a bot.
  await new REST({ api: double.apiUrl }).setToken(double.token).put(Routes.applicationCommands(double.applicationId), { body: commandDefinitions() });
  const dir = mkdtempSync(join(tmpdir(), 'fence-start-bench-'));
  const databaseUrl = `file:${join(dir, 'fence.db')}`;
  const env = { ...process.env, ...BOT_ENV, DISCORD_TOKEN: double.token, DISCORD_APPLICATION_ID: double.applicationId, DISCORD_API_URL: double.apiUrl, DATABASE_URL: databaseUrl, DEV_GUILD_ID: '', LOG_LEVEL: 'info' };
  const started = performance.now();
  const child = spawn(process.execPath, [...BOT_NODE_FLAGS, ...FORMS[form]], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((r) => child.once('exit', r));
  try {
    const readyMs = await new Promise<number>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => {
        if (d.toString().includes('"bot ready"')) resolve(performance.now() - started);
      });
      void exited.then(() => reject(new Error(`the ${form} bot stopped before it was ready`)));
    });
    const readyRss = statusMb(child.pid!, 'VmRSS');
    const readyCpuMs = cpuMs(child.pid!);
    const store = await openStore(databaseUrl);
    try {
      for (let moves = 0; moves < 30;) {
        const sent = await step(double, store, def, channel, people);
        if (!sent) {
          await new Promise((r) => setTimeout(r, 20));
          continue;
        }
        const reply = await sent.reply(20_000).catch(() => null);
        if (reply && /^Done/.test(reply.content)) moves++;
      }
      await new Promise((r) => setTimeout(r, 1000));
      return { readyMs, readyCpuMs, readyRss, rss: statusMb(child.pid!, 'VmRSS'), peak: statusMb(child.pid!, 'VmHWM') };
    } finally {
      await store.close();
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function startBench(runs = 3): Promise<void> {
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  out(`start: one bot process, the sources through tsx vs the compiled build, alternately (${runs} runs each); Node ${process.version}; load average ${load()}`);
  const all: Record<Form, Run[]> = { tsx: [], compiled: [] };
  for (let k = 0; k < runs; k++) {
    for (const form of Object.keys(FORMS) as Form[]) {
      const r = await once(form);
      all[form].push(r);
      out(`  ${form.padEnd(8)}: ready in ${r.readyMs.toFixed(0)} ms (CPU ${r.readyCpuMs.toFixed(0)} ms), RSS ${r.readyRss.toFixed(0)} MB; after 30 moves RSS ${r.rss.toFixed(0)} MB, peak ${r.peak.toFixed(0)} MB; load average ${load()}`);
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  for (const form of Object.keys(FORMS) as Form[]) {
    const rs = all[form];
    out(`  ${form.padEnd(8)} median: ready in ${median(rs.map((r) => r.readyMs)).toFixed(0)} ms (CPU ${median(rs.map((r) => r.readyCpuMs)).toFixed(0)} ms), RSS at ready ${median(rs.map((r) => r.readyRss)).toFixed(0)} MB, peak ${median(rs.map((r) => r.peak)).toFixed(0)} MB`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await startBench(Number(process.argv[2] ?? 3));
