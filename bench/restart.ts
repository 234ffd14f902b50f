/**
 * Restart to ready (issue 28.5): a bot process started on a database of RESTART_GAMES (100)
 * running FENCE! games, each left as a kill -9 in the middle of play leaves it — moves saved
 * but not posted, computers owed their turn — against the Discord double in this process.
 * From the process's spawn, printed per run and as median / worst over RESTART_RUNS (3):
 * - answered: the first interaction answered (a player's `/fence status` of the last game
 *   recovery reaches, sent every 100 ms from the moment the bot's gateway connects: what a player
 *   asking at once sees), and how many of those got no acknowledgement within Discord's 3 s;
 * - ready: the bot's "bot ready" log line;
 * - a move's status in the last game recovery reaches, asked right after ready: its answer time;
 * - recovered: every game recovered, its posts out (the "games recovered" line; an older bot
 *   that recovers before it is ready logs only "bot ready").
 * Goal: answered and ready ≤ 2 s after start with 100 games. The bot runs as `npm start` runs it:
 * the compiled build (dist/src/main.js, built first) with the production node flags and environment.
 * Alone: `npx tsx bench/restart.ts [games] [runs]`.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../commands/index.ts';
import { computerAction, whoMustAct, type FenceState } from '../src/games/fence/index.ts';
import { gameById } from '../src/games/registry.ts';
import { applyAction, startGame } from '../src/runtime/moves.ts';
import { BOT_ENV, BOT_NODE_FLAGS } from '../src/shard.ts';
import { openStore, type Store } from '../src/store/index.ts';
import { DiscordDouble, type Channel, type User } from '../test/discord-double/index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const out = (s: string) => process.stdout.write(`${s}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Run {
  firstAnswerMs: number | null;
  unanswered: number;
  readyMs: number;
  statusAfterReadyMs: number | null;
  recoveredMs: number;
  posted: number | null;
}

/** A bot process; `lines` gets its log lines with the time they came (ms since spawn). */
function spawnBot(double: DiscordDouble, databaseUrl: string, onLine: (line: string, ms: number) => void): { started: number; stop(): Promise<void> } {
  const started = performance.now();
  const env = {
    ...process.env, ...BOT_ENV, DISCORD_TOKEN: double.token, DISCORD_APPLICATION_ID: double.applicationId, DISCORD_API_URL: double.apiUrl,
    DATABASE_URL: databaseUrl, DEV_GUILD_ID: '', LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, [...BOT_NODE_FLAGS, 'dist/src/main.js'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    const lines = (buffer + d.toString()).split('\n');
    buffer = lines.pop() ?? '';
    for (const l of lines) onLine(l, performance.now() - started);
  });
  return { started, stop: async () => { child.kill('SIGTERM'); await exited; } };
}

/** Two people and two computers in every channel's game; moves saved without the bot (so never posted), as a kill leaves them. */
async function leaveMidPlay(store: Store, channels: Channel[], people: User[]): Promise<void> {
  for (const c of channels) {
    let game = await store.loadActiveGame(c.id);
    if (!game) {
      const lobby = await store.createLobby({ kind: 'fence', guildId: c.guildId!, channelId: c.id, hostUserId: people[0]!.id, hostName: 'ana', options: { autoBuild: true, roundLimit: 30 } });
      await store.joinLobby(lobby.record.id, { userId: people[1]!.id, name: 'bo' });
      for (const name of ['Robo 1', 'Robo 2']) await store.joinLobby(lobby.record.id, { userId: null, name });
      game = (await startGame(store, lobby.record.id, { seed: `restart-${c.id}` })).game;
    }
    // One to three moves by whoever is on turn, people and computers alike.
    for (let k = 0, n = 1 + (Number(BigInt(c.id) % 3n)); k < n; k++) {
      const state = game.state as FenceState;
      const seat = whoMustAct(state);
      if (seat === null || state.outcome) break;
      const r = await applyAction(store, game.record.id, game.record.version, seat, computerAction(state, seat, 'simple'));
      if (!r.ok) break;
      game = await store.getGame(game.record.id);
    }
  }
}

async function oneRun(double: DiscordDouble, url: string, channels: Channel[], ana: User): Promise<Run> {
  let readyMs: number | null = null;
  let recoveredMs: number | null = null;
  let posted: number | null = null;
  const bot = spawnBot(double, url, (l, ms) => {
    if (l.includes('"bot ready"')) {
      readyMs = ms;
      const p = /"posted":(\d+)/.exec(l);
      if (p) { recoveredMs = ms; posted = Number(p[1]); }
    }
    if (l.includes('"games recovered"')) {
      recoveredMs = ms;
      posted = Number(/"posted":(\d+)/.exec(l)?.[1] ?? NaN);
    }
  });
  try {
    await double.waitForBotConnected(60_000);
    // A player asking from the moment the bot is online, every 100 ms, until one is answered:
    // the status of the last game recovery reaches (a read of the store while recovery writes).
    const presses: Promise<boolean>[] = [];
    let firstAnswerMs: number | null = null;
    while (firstAnswerMs === null && performance.now() - bot.started < 60_000) {
      const sent = double.runCommand(ana, channels[channels.length - 1]!, 'fence', { subcommand: 'status' });
      // Did not respond: no acknowledgement within Discord's 3 s.
      presses.push(sent.then((h) => h.acknowledged(3000)).then(() => true, () => false));
      void sent.then((h) => h.reply(30_000)).then(() => {
        const ms = performance.now() - bot.started;
        if (firstAnswerMs === null || ms < firstAnswerMs) firstAnswerMs = ms;
      }, () => undefined);
      await sleep(100);
    }
    const results = await Promise.all(presses);
    while (readyMs === null) await sleep(20);
    // Right after ready: the last game's status (the last one recovery reaches).
    const asked = performance.now();
    const status = await double.runCommand(ana, channels[channels.length - 1]!, 'fence', { subcommand: 'status' }).then((h) => h.reply(30_000)).then(() => performance.now() - asked, () => null);
    while (recoveredMs === null) await sleep(50);
    return { firstAnswerMs, unanswered: results.filter((r) => !r).length, readyMs: readyMs!, statusAfterReadyMs: status, recoveredMs: recoveredMs!, posted };
  } finally {
    await bot.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const s = (ms: number | null) => (ms === null ? '-' : `${(ms / 1000).toFixed(2)} s`);

export default async function restartBench(games = Number(process.env.RESTART_GAMES ?? 100), runs = Number(process.env.RESTART_RUNS ?? 3)): Promise<void> {
  const double = await DiscordDouble.start();
  const dir = mkdtempSync(join(tmpdir(), 'fence-restart-bench-'));
  const url = `file:${join(dir, 'restart.db')}`;
  try {
    const guild = double.createGuild('Restart Club');
    const people = ['ana', 'bo'].map((n) => double.createUser(n));
    for (const u of people) double.addMember(guild, u);
    const channels = Array.from({ length: games }, (_, k) => double.createChannel(guild, `t${k}`));
    // As `npm run deploy-commands` does once for a bot; and the build `npm start` runs.
    await new REST({ api: double.apiUrl }).setToken(double.token).put(Routes.applicationCommands(double.applicationId), { body: commandDefinitions() });
    const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
    out(`restart: a bot process started on ${games} running FENCE! games left mid-play (moves saved, not posted; computers owed their turn); load average ${load()}`);
    const all: Run[] = [];
    for (let run = 0; run < runs; run++) {
      const store = await openStore(url, { kinds: gameById });
      await leaveMidPlay(store, channels, people);
      await store.close();
      const r = await oneRun(double, url, channels, people[0]!);
      all.push(r);
      out(`  run ${run + 1}: first status answered ${s(r.firstAnswerMs)} after start (${r.unanswered} press${r.unanswered === 1 ? '' : 'es'} unanswered), bot ready ${s(r.readyMs)}, a status asked at ready answered in ${s(r.statusAfterReadyMs)}, games recovered ${s(r.recoveredMs)} (${r.posted ?? '?'} games posted); load average ${load()}`);
    }
    const answered = all.map((r) => r.firstAnswerMs ?? Infinity);
    out(`  first status answered: median ${s(median(answered))}, worst ${s(Math.max(...answered))}; bot ready: median ${s(median(all.map((r) => r.readyMs)))}, worst ${s(Math.max(...all.map((r) => r.readyMs)))}; recovered: median ${s(median(all.map((r) => r.recoveredMs)))} (goal: answering ≤ 2 s after start)`);
  } finally {
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await restartBench(process.argv[2] ? Number(process.argv[2]) : undefined, process.argv[3] ? Number(process.argv[3]) : undefined);
