/**
 * Soak (issue 28.7): one bot process serving all four games for a long time at a steady rate of
 * interactions, its memory printed over time. The bot runs as `npm start` runs it (the compiled
 * build, dist/src/main.js, built first, with the production node flags and environment) against
 * the Discord double in this process; 4 channels per game, two people in each (and a computer
 * where the game seats one), playing whole games one after the other through Discord, as people
 * do: moves by their commands (after a preview, its Confirm) or by tapping their choice's labels,
 * level by level, from the turn post or the private answer that offers them (`/games choose`
 * when none does), and between them status, map, hand, suggestions while typing a move, and bad
 * input (a move that does not exist). Goal: RSS < 500 MB over the hour. The heap and external
 * columns are the bot's latest health line (one a minute).
 *
 * `npm run bench -- soak` (an hour: SOAK_SECONDS changes it, SOAK_RATE the interactions per
 * second, 25), or alone `npx tsx bench/soak.ts [seconds] [rate]`. BENCH_HEAP=<dir>: the bot
 * writes a heap snapshot of its main thread there at each printed line (SIGUSR2). It is not run
 * by a bare `npm run bench`: an hour is not a benchmark to run by the way.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REST, Routes } from 'discord.js';
import { commandDefinitions } from '../commands/index.ts';
import { allGames, gameById } from '../src/games/registry.ts';
import type { AnyGame } from '../src/platform/game.ts';
import { percentile } from '../src/discord/health.ts';
import { BOT_ENV, BOT_NODE_FLAGS } from '../src/shard.ts';
import { openStore, type LoadedGame, type Store } from '../src/store/index.ts';
import { DiscordDouble, messageText, type Channel, type InteractionHandle, type PostedMessage, type User } from '../test/discord-double/index.ts';
import { tapsFor } from '../test/bot/harness.ts';

/** Runs only when asked for by name (`npm run bench -- soak`). */
export const onlyWhenNamed = true;

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const out = (s: string) => process.stdout.write(`${s}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(xs: readonly T[]): T | undefined => xs[Math.floor(Math.random() * xs.length)];
const ANSWER_WAIT_MS = 30_000;

interface Table {
  def: AnyGame;
  channel: Channel;
  people: [User, User];
  /** The latest private answer that offered this table's choices (a level, a preview). */
  offer: PostedMessage | null;
  /** The labels still to press for the choice being made, level by level. */
  taps: string[];
}

interface Tally {
  sent: number;
  answered: number;
  lost: number;
  ms: number[];
}

/** The bot's resident memory (VmRSS), from /proc, in MB. */
function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) the process has used, every thread, from /proc. */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return NaN;
  }
}

/** What each game's lobby needs: options of `/<game> new` that keep games short, and a computer where there is room. */
function newOptions(def: AnyGame): Record<string, string | number | boolean> {
  const o: Record<string, string | number | boolean> = { 'turn-limit': 600 };
  if (def.seats.max > 2) o.computers = 1;
  if (def.id === 'fence') Object.assign(o, { 'auto-build': true, rounds: 2 });
  if (def.id === 'kimbo') o.rounds = 1;
  return o;
}

/** One interaction at a table, as its players would send it now; resolves with it, or null when there was nothing to send. */
async function next(double: DiscordDouble, store: Store, t: Table, tally: Tally): Promise<InteractionHandle | null> {
  const { def, channel, people } = t;
  const [host, guest] = people;
  const game = await store.loadActiveGame(channel.id);
  if (!game) return double.runCommand(host, channel, def.id, { subcommand: 'new', options: newOptions(def) });
  if (game.record.status === 'lobby') {
    if (!game.seats.some((s) => s.userId === guest.id)) {
      const lobby = game.record.lobbyMessageId ? double.log.get(game.record.lobbyMessageId) : undefined;
      return lobby ? double.clickButton(guest, lobby, 'Join') : null;
    }
    return double.runCommand(host, channel, def.id, { subcommand: 'start' });
  }
  if (game.state === null) return null;
  const someone = pick(people)!;
  const r = Math.random();
  if (r < 0.08) return double.runCommand(someone, channel, def.id, { subcommand: 'status' });
  if (r < 0.14) return double.runCommand(someone, channel, def.id, { subcommand: 'map' });
  if (r < 0.18 && def.hand) return double.runCommand(someone, channel, def.id, { subcommand: 'hand' });
  if (r < 0.22) {
    const move = pick(def.commands);
    if (move) return double.runCommand(someone, channel, def.id, { subcommand: move.name, options: { [move.option]: 'x9 to nowhere' } });
  }
  return move(double, t, game, r < 0.32, tally);
}

/** The person on turn moves: a random legal action by its command, or by its choice button. `typing`: suggestions are asked for first. */
async function move(double: DiscordDouble, t: Table, game: LoadedGame, typing: boolean, tally: Tally): Promise<InteractionHandle | null> {
  const { def, channel, people } = t;
  const state = game.state;
  const seat = def.activeSeats(state).find((s) => people.some((u) => u.id === game.seats.find((x) => x.seat === s)?.userId));
  const user = people.find((u) => u.id === game.seats.find((x) => x.seat === seat)?.userId);
  if (seat === undefined || !user) return null;
  const taps = (a: unknown) => tapsFor(def, state, seat, a);
  const legal = def.legalActions(state, seat).filter((a) => (a as { type?: string }).type !== 'resign' && (def.commands.some((c) => c.accepts(a)) || taps(a) !== null));
  const action = pick(legal);
  if (action === undefined) return null;
  const cmd = def.commands.find((c) => c.accepts(action));
  if (cmd) {
    if (typing) {
      // What Discord's client sends as the player opens the option and starts typing.
      const asked = performance.now();
      tally.sent++;
      await double.autocomplete(user, channel, def.id, cmd.option, def.words.action(state, action).split(' ')[0] ?? '', { subcommand: cmd.name });
      tally.answered++;
      tally.ms.push(performance.now() - asked);
    }
    return double.runCommand(user, channel, def.id, { subcommand: cmd.name, options: { [cmd.option]: def.encode(action) } });
  }
  // The choice's first level: on the private answer that offered it last, or on the channel's latest post.
  const [first, ...rest] = taps(action)!;
  const offer = t.offer && double.log.get(t.offer.id);
  t.offer = null;
  const post = [...double.messages(channel)].reverse().find((m) => m.components.length > 0);
  for (const where of [offer, post]) {
    const pressed = where ? press(double, user, where, first!) : null;
    if (pressed) {
      t.taps = rest;
      return pressed;
    }
  }
  return double.runCommand(user, channel, 'games', { subcommand: 'choose' });
}

/** `user` presses the option labelled `label` on `m`: a button, or a select menu's option; null when `m` offers none. */
function press(double: DiscordDouble, user: User, m: PostedMessage, label: string): Promise<InteractionHandle> | null {
  const current = double.log.get(m.id) ?? m;
  const button = double.buttons(current).find((b) => 'label' in b && b.label === label && 'custom_id' in b);
  if (button && 'custom_id' in button) return double.clickButton(user, current, button.custom_id);
  const menu = double.selects(current).find((s) => s.options.some((o) => o.label === label));
  return menu ? double.chooseFromMenu(user, current, menu.custom_id, [menu.options.find((o) => o.label === label)!.value]) : null;
}

/** Waits for the answer; a preview is confirmed, and buttons offered are kept for the next choice. */
async function settle(double: DiscordDouble, t: Table, handle: InteractionHandle, tally: Tally, started: number): Promise<void> {
  const { sourceMessageId, dispatchedAt } = handle.record;
  // A press on a private answer is answered by rewriting it.
  const reply = await handle.waitForMessage((m) => !m.loading && (m.id !== sourceMessageId || (m.editedAt ?? 0) >= dispatchedAt), ANSWER_WAIT_MS);
  tally.answered++;
  tally.ms.push(performance.now() - started);
  const offers = double.buttons(reply).some((b) => 'custom_id' in b && /^f:(pick|tap):/.test(b.custom_id)) || double.selects(reply).length > 0;
  const taps = t.taps;
  t.taps = [];
  if (!reply.ephemeral || !offers) return;
  const user = [...t.people].find((u) => u.id === reply.recipientId);
  // The next level of the choice being made, shown to its player: its next label pressed.
  const next = user && taps[0] !== undefined ? press(double, user, reply, taps[0]) : null;
  if (next) {
    t.taps = taps.slice(1);
    tally.sent++;
    return settle(double, t, await next, tally, performance.now());
  }
  if (user && messageText(reply).includes('only you see this preview')) {
    tally.sent++;
    const confirm = await double.clickButton(user, reply, 'Confirm');
    return settle(double, t, confirm, tally, performance.now());
  }
  t.offer = reply;
}

export default async function soakBench(seconds = Number(process.env.SOAK_SECONDS ?? 3600), rate = Number(process.env.SOAK_RATE ?? 25)): Promise<void> {
  const double = await DiscordDouble.start();
  const dir = mkdtempSync(join(tmpdir(), 'fence-soak-'));
  const url = `file:${join(dir, 'soak.db')}`;
  const sampleMs = Math.max(10_000, Math.min(60_000, (seconds * 1000) / 30));
  const health: { heapMb: number; externalMb: number }[] = [];
  // As `npm run deploy-commands` does once for a bot; and the build `npm start` runs.
  await new REST({ api: double.apiUrl }).setToken(double.token).put(Routes.applicationCommands(double.applicationId), { body: commandDefinitions() });
  const built = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: ROOT, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  const env = {
    ...process.env, ...BOT_ENV, DISCORD_TOKEN: double.token, DISCORD_APPLICATION_ID: double.applicationId, DISCORD_API_URL: double.apiUrl,
    DATABASE_URL: url, DEV_GUILD_ID: '', LOG_LEVEL: 'info',
  };
  const child = spawn(process.execPath, [
    ...BOT_NODE_FLAGS,
    ...(process.env.BENCH_HEAP ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${process.env.BENCH_HEAP}`] : []),
    'dist/src/main.js',
  ], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  let buffer = '';
  child.stdout.on('data', (d: Buffer) => {
    const lines = (buffer + d.toString()).split('\n');
    buffer = lines.pop() ?? '';
    for (const l of lines) {
      if (l.includes('"bot ready"')) ready();
      if (l.includes('"health"')) {
        try {
          health.push(JSON.parse(l) as { heapMb: number; externalMb: number });
        } catch {
          // not a log line
        }
      }
    }
  });
  try {
    await isReady;
    const guild = double.createGuild('Soak Club');
    const tables: Table[] = [];
    for (const def of allGames()) {
      for (let k = 0; k < 4; k++) {
        const people = [0, 1].map((n) => {
          const u = double.createUser(`${def.id}-${k}-${n}`);
          double.addMember(guild, u);
          return u;
        }) as [User, User];
        tables.push({ def, channel: double.createChannel(guild, `${def.id}-${k}`), people, offer: null, taps: [] });
      }
    }
    const store = await openStore(url, { kinds: gameById });
    const pid = child.pid!;
    out(`soak: one bot process, ${allGames().map((g) => g.id).join(', ')} (${tables.length} channels), ${rate} interactions/s for ${seconds} s; load average ${load()}`);
    out(`  ${'time'.padStart(6)}  ${'RSS'.padStart(7)}  ${'heap'.padStart(7)}  ${'external'.padStart(8)}  interactions answered (lost), answer p50 / p99`);
    const tally: Tally = { sent: 0, answered: 0, lost: 0, ms: [] };
    const samples: { s: number; rss: number }[] = [];
    const cpuAtStart = cpuSeconds(pid);
    const started = performance.now();
    const sample = () => {
      const s = Math.round((performance.now() - started) / 1000);
      const rss = rssMb(pid) ?? NaN;
      samples.push({ s, rss });
      const h = health.at(-1);
      const ms = [...tally.ms].sort((a, b) => a - b);
      out(`  ${`${s} s`.padStart(6)}  ${`${rss} MB`.padStart(7)}  ${`${h?.heapMb ?? '?'} MB`.padStart(7)}  ${`${h?.externalMb ?? '?'} MB`.padStart(8)}  ${tally.answered}/${tally.sent} (${tally.lost}), ${percentile(ms, 0.5)?.toFixed(0) ?? '-'} / ${percentile(ms, 0.99)?.toFixed(0) ?? '-'} ms; load ${load()}`);
      tally.ms = [];
      if (process.env.BENCH_HEAP) child.kill('SIGUSR2');
      // The double would otherwise keep every picture it was sent: the driver's memory, not the bot's.
      double.forgetBefore(double.clock.now() - 5 * 60_000);
    };
    sample();
    const sampler = setInterval(sample, sampleMs);
    const busy = new Set<Table>();
    const inflight = new Set<Promise<void>>();
    for (let k = 0; performance.now() - started < seconds * 1000; k++) {
      const due = started + (k * 1000) / rate;
      if (due > performance.now()) await sleep(due - performance.now());
      const t = pick(tables.filter((x) => !busy.has(x)));
      if (!t) continue;
      busy.add(t);
      const one = (async () => {
        const at = performance.now();
        const handle = await next(double, store, t, tally);
        if (!handle) return;
        tally.sent++;
        await settle(double, t, handle, tally, at);
      })().catch(() => { tally.lost++; }).finally(() => busy.delete(t));
      inflight.add(one);
      void one.finally(() => inflight.delete(one));
    }
    await Promise.all(inflight);
    clearInterval(sampler);
    sample();
    await store.close();
    const cpu = cpuSeconds(pid) - cpuAtStart;
    const rss = samples.map((x) => x.rss).filter(Number.isFinite);
    const late = samples.filter((x) => x.s >= seconds / 2).map((x) => x.rss);
    out(`  RSS: first ${rss[0]} MB, highest ${Math.max(...rss)} MB, last ${rss.at(-1)} MB; second half ${Math.min(...late)}–${Math.max(...late)} MB (goal < 500 MB); ${tally.answered} interactions answered, ${tally.lost} lost; the bot's CPU ${((cpu * 1000) / Math.max(1, tally.answered)).toFixed(1)} ms an interaction (all threads)`);
  } finally {
    child.kill('SIGTERM');
    await exited;
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await soakBench(process.argv[2] ? Number(process.argv[2]) : undefined, process.argv[3] ? Number(process.argv[3]) : undefined);
