/**
 * Past one process (issue 17): the bot in shard processes of its own (test/bot/shard-bot.ts,
 * the script the ShardingManager runs in the tests), against the Discord double in this
 * process, with FENCE! games of two people.
 * - scale: N running games held by one bot process (seeded straight into the database, then
 *   played through the double at a steady rate, random games): the bot's RSS (with its heap and
 *   external memory) and event-loop delay p99 from its own health line, idle and under the
 *   steady load, at N = 100, 1,000, 10,000, and the full turn of every move sent (see `move`);
 * - throughput: moves sent open-loop at rising rates, each to a different game, on one shard
 *   (SQLite) and on two shard processes (PostgreSQL when a cluster can be started, else one
 *   SQLite file), after a short warm-up: moves per second answered, the full-turn latency
 *   (interaction out → the turn's post with its picture in the channel, as bench/turn.ts
 *   measures it) median and p99, and the CPU each turn cost the bot processes (every thread,
 *   from /proc) and this driver with the double. The driver keeps its own copy of each game
 *   (Mirror), so it reads no database per move.
 * The double and this driver run beside the bot on the same 2 cores: figures are the bot's
 * share of a loaded machine, as the load average printed shows.
 * Alone: `npx tsx bench/shards.ts [scale [100,1000]|throughput [1|2] [rate,rate,…] [suggestion lists per command move]]`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameById } from '../src/games/registry.ts';
import type { AnyGame } from '../src/platform/game.ts';
import { applyRequest } from '../src/platform/requests.ts';
import { createLogger } from '../src/discord/log.ts';
import { percentile } from '../src/discord/health.ts';
import { choiceId } from '../src/discord/ids.ts';
import { DEFAULT_TURN_LIMIT } from '../src/discord/handlers/settings.ts';
import { BOT_ENV, BOT_NODE_FLAGS, startShards } from '../src/shard.ts';
import { openStore, type Store } from '../src/store/index.ts';
import { DiscordDouble, type Channel, type Guild, type InteractionHandle, type User } from '../test/discord-double/index.ts';
import { turnPosted } from './turn.ts';
import { startPostgres, type PostgresCluster } from '../test/store/postgres.ts';
import { startGame } from '../src/runtime/moves.ts';

const SHARD_BOT = fileURLToPath(new URL('../test/bot/shard-bot.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const def = gameById('fence') as AnyGame;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const out = (s: string) => process.stdout.write(`${s}\n`);
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

interface Health {
  from: number;
  msg: string;
  rssMb: number;
  heapMb: number;
  externalMb: number;
  loopP99Ms: number;
  interactions: number;
  p99Ms: number | null;
}

/** A Discord with guilds for the shards, two players in each, channels made on demand. */
class Table {
  readonly guilds: Guild[] = [];
  readonly people: User[];
  readonly channels: Channel[] = [];
  readonly health: Health[] = [];
  constructor(readonly double: DiscordDouble, guilds: number) {
    this.people = ['ana', 'bo'].map((n) => double.createUser(n));
    for (let g = 0; g < guilds; g++) {
      const guild = double.createGuild(`club-${g}`);
      for (const u of this.people) double.addMember(guild, u);
      this.guilds.push(guild);
    }
  }
  channel(): Channel {
    const c = this.double.createChannel(this.guilds[this.channels.length % this.guilds.length]!, `t${this.channels.length}`);
    this.channels.push(c);
    return c;
  }
  line(from: number, text: string): void {
    if (!text.includes('"health"')) return;
    try {
      this.health.push({ ...(JSON.parse(text) as Health), from });
    } catch {
      // not a log line
    }
  }
}

/** One bot process, one shard, on its own (no manager). */
async function oneShard(t: Table, databaseUrl: string, healthMs: number): Promise<{ stop(): Promise<void>; heapSnapshot(): void; pid: number | undefined }> {
  // BENCH_PROF=<dir>: the bot process writes a CPU profile there (node --cpu-prof) when it stops.
  const prof = process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : [];
  // BENCH_HEAP=<dir>: heap snapshots of the bot's main thread there, at each N of `scale` (SIGUSR2).
  if (process.env.BENCH_HEAP) prof.push('--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${process.env.BENCH_HEAP}`);
  const bot = process.env.BENCH_BOT_JS ? [process.env.BENCH_BOT_JS] : ['--import', 'tsx', SHARD_BOT];
  const child: ChildProcess = spawn(process.execPath, [...BOT_NODE_FLAGS, ...prof, ...bot, t.double.apiUrl, databaseUrl, '60000', String(healthMs)], {
    cwd: ROOT, env: { ...BOT_ENV, ...process.env, DISCORD_TOKEN: t.double.token }, stdio: ['ignore', 'pipe', 'inherit'],
  });
  let ready!: () => void;
  const isReady = new Promise<void>((r) => (ready = r));
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    const lines = (buffer + d.toString()).split('\n');
    buffer = lines.pop() ?? '';
    for (const l of lines) {
      if (l.includes('"bot ready"')) ready();
      t.line(0, l);
    }
  });
  await isReady;
  return {
    stop: async () => { child.kill('SIGTERM'); await new Promise((r) => child.once('exit', r)); },
    heapSnapshot: () => { if (process.env.BENCH_HEAP) child.kill('SIGUSR2'); },
    pid: child.pid,
  };
}

/** Running two-person FENCE! games in fresh channels, written straight to the database (a copy of one started game). */
async function seed(t: Table, store: Store, n: number): Promise<void> {
  const [ana, bo] = t.people as [User, User];
  const proto = t.double.createChannel(t.guilds[0]!, 'proto');
  const lobby = await store.createLobby({ kind: 'fence', guildId: proto.guildId!, channelId: proto.id, hostUserId: ana.id, hostName: 'ana', options: { autoBuild: true, rounds: 30 } });
  await store.joinLobby(lobby.record.id, { userId: bo.id, name: 'bo' });
  const { game } = await startGame(store, lobby.record.id, { seed: 'bench' });
  const row = await store.prisma.game.findUniqueOrThrow({ where: { id: game.record.id } });
  await store.abortGame(game.record.id);
  for (let done = 0; done < n;) {
    // Plain inserts, 50 at a time: a batch transaction overran Prisma's 5 s limit on PostgreSQL under load.
    const batch = Array.from({ length: Math.min(50, n - done) }, () => t.channel());
    await Promise.all(batch.map((c) => store.prisma.game.create({
      data: {
        guildId: c.guildId!, channelId: c.id, kind: 'fence', status: 'running', hostUserId: ana.id, options: row.options, seed: row.seed, state: row.state,
        version: 0, postedVersion: 0, startedAt: new Date(), seats: { create: [{ seat: 0, userId: ana.id, name: 'ana' }, { seat: 1, userId: bo.id, name: 'bo' }] },
        // The turn limit the bot gives a game by default (24 h), so every turn re-arms its timers
        // as in play; BENCH_TURN_LIMIT=<seconds> sets another, 0 none.
        turnLimitSeconds: Number(process.env.BENCH_TURN_LIMIT ?? DEFAULT_TURN_LIMIT) || null,
      },
    })));
    done += batch.length;
  }
}

/**
 * What became of one move: answered (in `ms`), refused by the bot (the game did not change),
 * lost (nothing within 20 s), or skipped (nothing to send: the game is over, or its buttons are
 * not out yet).
 */
type Moved = { ms: number } | 'refused' | 'lost' | 'skipped';

const TURN_WAIT_MS = 20_000;

/**
 * Whoever is on turn in this channel sends a random legal move (not resigning): by its command,
 * or by its button on the channel's latest post with buttons. Null when there is nothing to send.
 */
/**
 * What a player's typing costs before a command move: Discord's client asks the bot for
 * suggestions (an autocomplete interaction) when the option is opened and again as the player
 * types. `count` of them go out before the command, the first with no text, the others with the
 * move's label typed word by word; each one's answer time goes to `ms`.
 */
interface Typing {
  count: number;
  ms: number[];
}

async function sendRandomMove(t: Table, channel: Channel, gameId: number, version: number, state: unknown, seats: readonly { seat: number; userId: string | null }[], typing?: Typing): Promise<{ handle: InteractionHandle; before: number; started: number; seat: number; action: unknown } | null> {
  const seat = def.activeSeats(state)[0];
  const user = t.people.find((u) => u.id === seats.find((s) => s.seat === seat)?.userId);
  if (seat === undefined || !user) return null;
  // Not resigning, nor a move the bot first previews privately for a Confirm (one that jails its
  // mover): answered with a preview, it changes nothing and used to count as refused.
  const legal = def.legalActions(state, seat).filter((a) => (a as { type?: string }).type !== 'resign' && !def.preview?.(state, seat, a));
  const action = legal[Math.floor(Math.random() * legal.length)];
  if (action === undefined) return null;
  const cmd = def.commands.find((c) => c.accepts(action));
  if (cmd && typing) {
    const words = def.words.action(state, action).split(' ');
    for (let k = 0; k < typing.count; k++) {
      const text = words.slice(0, k).join(' ');
      const asked = performance.now();
      await t.double.autocomplete(user, channel, 'fence', cmd.option, text, { subcommand: cmd.name });
      typing.ms.push(performance.now() - asked);
    }
  }
  const before = t.double.messages(channel).length;
  const started = performance.now();
  if (cmd) return { handle: await t.double.runCommand(user, channel, 'fence', { subcommand: cmd.name, options: { [cmd.option]: def.encode(action) } }), before, started, seat, action };
  const post = [...t.double.messages(channel)].reverse().find((p) => p.components.length > 0);
  const id = choiceId(gameId, version, [seat], def.encode(action));
  if (!post || !t.double.buttons(post).some((b) => 'custom_id' in b && b.custom_id === id)) return null;
  return { handle: await t.double.clickButton(user, post, id), before, started, seat, action };
}

/**
 * The person on turn in this channel makes a random legal move. The full turn lasts from the
 * interaction sent to the first public post after it (with or without a picture: a turn that
 * changes nothing on the map posts none), or, when the game holds the channel's post until a
 * multi-part turn ends, to the mover's private answer (which the bot sends only once the posts
 * are out).
 */
async function move(t: Table, store: Store, channel: Channel): Promise<Moved> {
  const game = await store.loadActiveGame(channel.id);
  if (!game?.state) return 'skipped';
  const sent = await sendRandomMove(t, channel, game.record.id, game.record.version, game.state, game.seats);
  if (!sent) return 'skipped';
  const { handle, before, started } = sent;
  const reply = handle.reply(TURN_WAIT_MS).then(() => true, () => false);
  let replied = false;
  void reply.then((r) => { replied = r; });
  const seen = await t.double.waitFor(() => (replied || t.double.messages(channel).slice(before).some((m) => !m.ephemeral) ? true : undefined), TURN_WAIT_MS, 'turn post').catch(() => false);
  const ms = performance.now() - started;
  await reply;
  if (!seen) return 'lost';
  const after = await store.getGame(game.record.id);
  return after.record.version > game.record.version ? { ms } : 'refused';
}

export interface Steady {
  /** Moves sent (skipped ones are not). */
  sent: number;
  /** Full-turn times of the moves answered, ms. */
  answered: number[];
  refused: number;
  lost: number;
  wallS: number;
}

/**
 * The throughput driver's copy of each game, kept by applying its own accepted moves with the
 * engine: the driver then reads no database and parses no state per move, so the 2 cores go to
 * the bot (the bot is the only writer and its engine is deterministic, so the copy stays exact;
 * it is read again from the store whenever a move was not answered "Done").
 */
interface Mirror {
  gameId: number;
  state: unknown;
  version: number;
  seats: { seat: number; userId: string | null }[];
}

async function mirrorOf(store: Store, channel: Channel): Promise<Mirror | null> {
  const game = await store.loadActiveGame(channel.id);
  return game?.state ? { gameId: game.record.id, state: game.state, version: game.record.version, seats: game.seats } : null;
}

/** One random legal move in `channel` by whoever is on turn; resolves with the full-turn time (turnPosted) or what became of it. */
async function play(t: Table, store: Store, mirrors: Map<string, Mirror | null>, channel: Channel, typing?: Typing): Promise<Moved> {
  let m = mirrors.get(channel.id);
  if (m === undefined) mirrors.set(channel.id, (m = await mirrorOf(store, channel)));
  if (!m) return 'skipped';
  const sent = await sendRandomMove(t, channel, m.gameId, m.version, m.state, m.seats, typing);
  if (!sent) return 'skipped';
  const { handle, before, started, seat, action } = sent;
  const at = await turnPosted(t.double, channel, before, handle).catch(() => null);
  // The bot answers an accepted move "Done: …" (a held step too, which posts nothing yet).
  const done = at !== null && (handle.messages.at(-1)?.content.startsWith('Done') ?? false);
  const next = done ? applyRequest(def, m.state, seat, action) : null;
  if (next?.ok) mirrors.set(channel.id, { ...m, state: next.state, version: m.version + 1 });
  else mirrors.delete(channel.id); // refused or lost: read it again next time
  return at ? { ms: (at.posted ?? at.answered) - started } : 'lost';
}

/**
 * CPU seconds (user + system) a process has used, from /proc (Linux): every thread, or with
 * `mainOnly` its main thread alone (the event loop: discord.js, the store, the engine), the
 * rest being the render workers and Node's helper threads.
 */
function cpuSeconds(pid: number | undefined, mainOnly = false): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(mainOnly ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / 100;
  } catch {
    return null;
  }
}

/** Moves at `rate` per second for `seconds`, each to a channel with no move in flight. */
async function steady(t: Table, store: Store, channels: Channel[], rate: number, seconds: number, one: (c: Channel) => Promise<Moved> = (c) => move(t, store, c)): Promise<Steady> {
  const busy = new Set<string>();
  const r: Steady = { sent: 0, answered: [], refused: 0, lost: 0, wallS: 0 };
  const inflight: Promise<void>[] = [];
  const started = performance.now();
  for (let k = 0; k < rate * seconds; k++) {
    const due = started + (k * 1000) / rate;
    if (due > performance.now()) await sleep(due - performance.now());
    const free = channels.filter((c) => !busy.has(c.id));
    const c = free[Math.floor(Math.random() * free.length)];
    if (!c) continue;
    busy.add(c.id);
    inflight.push(one(c).then((m) => {
      if (m === 'skipped') return;
      r.sent++;
      if (m === 'refused') r.refused++;
      else if (m === 'lost') r.lost++;
      else r.answered.push(m.ms);
    }, () => { r.sent++; r.lost++; }).finally(() => busy.delete(c.id)));
  }
  await Promise.all(inflight);
  r.wallS = (performance.now() - started) / 1000;
  return r;
}

/** Full-turn percentiles over every move sent: a lost move counts as slower than any answered. */
function turnFigures(r: Steady): string {
  const all = [...r.answered].sort((a, b) => a - b).concat(Array<number>(r.lost).fill(Infinity));
  const show = (q: number) => {
    const v = percentile(all, q);
    return v === null ? '-' : Number.isFinite(v) ? `${v.toFixed(0)} ms` : `> ${TURN_WAIT_MS / 1000} s`;
  };
  const other = [r.refused ? `${r.refused} refused` : '', r.lost ? `${r.lost} lost` : ''].filter(Boolean).join(', ');
  return `${r.answered.length}/${r.sent} turns answered${other ? ` (${other})` : ''}, full turn median ${show(0.5)}, p99 ${show(0.99)}`;
}

const fmt = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `median ${percentile(s, 0.5)?.toFixed(0) ?? '-'} ms, p99 ${percentile(s, 0.99)?.toFixed(0) ?? '-'} ms`;
};

async function withDouble<T>(shards: number, guilds: number, f: (t: Table, dir: string) => Promise<T>): Promise<T> {
  const double = await DiscordDouble.start({ shards });
  const dir = mkdtempSync(join(tmpdir(), 'fence-shards-bench-'));
  try {
    return await f(new Table(double, guilds), dir);
  } finally {
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function scale(sizes = [100, 1000, 10_000], rate = 10, seconds = 10): Promise<void> {
  out(`scale: N running games in one bot process, ${rate} moves/s to random games for ${seconds} s; load average ${load()}`);
  await withDouble(1, 100, async (t, dir) => {
    const url = `file:${join(dir, 'scale.db')}`;
    const store = await openStore(url, { kinds: gameById });
    const healthMs = 4000;
    const bot = await oneShard(t, url, healthMs);
    try {
      // The first turn after start-up waits for the render worker to start (its own tsx and
      // fonts): told apart, so that it does not stand for the steady figures.
      await seed(t, store, 1);
      const first = await move(t, store, t.channels[0]!);
      out(`  first turn after start-up: ${typeof first === 'object' ? `${first.ms.toFixed(0)} ms` : first}`);
      for (const n of sizes) {
        await seed(t, store, n - t.channels.length);
        // A health window with nothing happening: the idle figures.
        const idleFrom = t.health.length;
        await sleep(healthMs * 2 + 200);
        const idle = t.health.slice(idleFrom).at(-1);
        const busyFrom = t.health.length;
        const r = await steady(t, store, t.channels, rate, seconds);
        await sleep(healthMs + 200);
        const busy = t.health.slice(busyFrom);
        const rss = Math.max(...busy.map((h) => h.rssMb), idle?.rssMb ?? 0);
        const loopBusy = Math.max(...busy.map((h) => h.loopP99Ms));
        out(`  N=${String(n).padStart(6)}: RSS ${rss} MB (idle ${idle?.rssMb ?? '?'} MB), event-loop p99 idle ${idle?.loopP99Ms ?? '?'} ms, under ${rate} moves/s ${loopBusy} ms; ${turnFigures(r)}`);
        const last = busy.at(-1);
        out(`    idle heap ${idle?.heapMb ?? '?'} MB, external ${idle?.externalMb ?? '?'} MB; after: heap ${last?.heapMb ?? '?'} MB, external ${last?.externalMb ?? '?'} MB`);
        bot.heapSnapshot();
      }
      out(`  goal: 10,000 games under 500 MB RSS, event-loop p99 < 20 ms while idle (load average now ${load()})`);
    } finally {
      await bot.stop();
      await store.close();
    }
  });
}

/**
 * The global rate limit the throughput bench's bot processes run with. Discord's default (50
 * requests/s for a whole bot, answers to interactions not counted) would cap the turns a
 * second at 50 / (the bot's own requests a turn) whatever one shard can do, so the bench runs a
 * bot whose limit Discord raised, and prints the default's cap beside.
 */
const GLOBAL_LIMIT = 10_000;

/**
 * `typing`: autocomplete interactions a command move sends first (see Typing); with 0 every
 * interaction is a move. The rate is of moves; interactions per second count both.
 */
export async function throughput(shards: 1 | 2, rates = [10, 25, 50, 100, 200], seconds = 6, typing = 0): Promise<void> {
  process.env.DISCORD_GLOBAL_RATE_LIMIT ??= String(GLOBAL_LIMIT);
  let pg: PostgresCluster | null = null;
  if (shards === 2) {
    try {
      pg = await startPostgres();
    } catch (err) {
      out(`  (no PostgreSQL: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; two shards on one SQLite file instead)`);
    }
  }
  await withDouble(shards, 20, async (t, dir) => {
    const url = pg ? await pg.createDatabase() : `file:${join(dir, 'tp.db')}`;
    const how = typing ? `each command move after ${typing} suggestion lists (autocomplete interactions, as a player opening the option and typing sends)` : 'every interaction a move';
    out(`throughput: ${shards} shard process${shards > 1 ? 'es' : ''} on ${pg ? 'PostgreSQL' : 'SQLite'}, moves sent open-loop, each to a game with none in flight, ${how}; load average ${load()}`);
    const store = await openStore(url, { kinds: gameById });
    await seed(t, store, 400);
    const running = shards === 1
      ? await (async () => {
        const s = await oneShard(t, url, 60_000);
        return { stop: s.stop, pids: () => [s.pid] };
      })()
      : await (async () => {
        const s = await startShards({ token: t.double.token, shards: 2, file: SHARD_BOT, shardArgs: [t.double.apiUrl, url, '60000'], spawnDelayMs: 0, log: createLogger({ level: 'error' }), onLine: (id, l) => t.line(id, l) });
        return { stop: () => s.stop(), pids: () => [...s.manager.shards.values()].map((sh) => (sh.process as ChildProcess | null)?.pid) };
      })();
    const mirrors = new Map<string, Mirror | null>();
    // Every game read once before the clock starts: the driver's reads are not the bot's cost.
    for (const c of t.channels) mirrors.set(c.id, await mirrorOf(store, c));
    const botCpu = (mainOnly = false) => running.pids().reduce((n: number, pid) => n + (cpuSeconds(pid, mainOnly) ?? NaN), 0);
    const driverCpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1e6; };
    try {
      // Warm-up, not reported: render workers started (the second starts only once the first is
      // busy: at 5 moves/s it started inside the first measured rate, ≈ 1 s of CPU there), fonts
      // and tiles drawn, queries compiled.
      await steady(t, store, t.channels, 25, 3, (c) => play(t, store, mirrors, c));
      let best = 0;
      let perTurn = 0;
      for (const rate of rates) {
        const [bot0, main0, drv0, req0] = [botCpu(), botCpu(true), driverCpu(), t.double.requests.length];
        const typed: Typing = { count: typing, ms: [] };
        const r = await steady(t, store, t.channels, rate, seconds, (c) => play(t, store, mirrors, c, typing ? typed : undefined));
        const counted = t.double.requests.slice(req0).filter((q) => !q.route.includes('/interactions/') && !q.route.includes('/webhooks/')).length / r.answered.length;
        const [botMs, mainMs, drvMs] = [botCpu() - bot0, botCpu(true) - main0, driverCpu() - drv0].map((s) => (s * 1000) / r.answered.length) as [number, number, number];
        const p99 = percentile([...r.answered].sort((a, b) => a - b), 0.99) ?? Infinity;
        const perS = (r.answered.length + typed.ms.length) / r.wallS;
        if (p99 < 150) best = Math.max(best, perS);
        const interactions = typing ? `${perS.toFixed(1)} interactions/s answered (${(r.answered.length / r.wallS).toFixed(1)} turns/s, ${(typed.ms.length / r.wallS).toFixed(1)} suggestion lists/s: ${fmt(typed.ms)})` : `${perS.toFixed(1)} turns/s answered`;
        out(`  offered ${String(rate).padStart(3)} moves/s: ${interactions} (${r.answered.length}/${r.sent} moves), full turn ${fmt(r.answered)}; CPU per turn: bot ${botMs.toFixed(1)} ms (all threads; main thread ${mainMs.toFixed(1)}), driver + double ${drvMs.toFixed(1)} ms; ${counted.toFixed(2)} requests a turn under the global limit; load average ${load()}`);
        perTurn = Math.max(perTurn, counted);
      }
      out(`  sustained with full-turn p99 < 150 ms: ${best.toFixed(1)} ${typing ? 'interactions' : 'turns'}/s (goal ≥ 200/s); load average now ${load()}`);
      out(`  (the bot ran with a global rate limit of ${process.env.DISCORD_GLOBAL_RATE_LIMIT}/s, as Discord grants a large bot; at Discord's default 50/s for the whole bot, ${perTurn.toFixed(2)} requests a turn allow ${(50 / perTurn).toFixed(0)} turns/s across all shards)`);
    } finally {
      await running.stop();
      await store.close();
    }
  });
  await pg?.stop();
}

export default async function shardsBench(): Promise<void> {
  await scale();
  await throughput(1);
  await throughput(2);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const which = process.argv[2];
  if (which === 'scale') await scale(process.argv[3] ? process.argv[3].split(',').map(Number) : undefined);
  else if (which === 'throughput') await throughput(Number(process.argv[3] ?? 1) === 2 ? 2 : 1, process.argv[4] ? process.argv[4].split(',').map(Number) : undefined, 6, Number(process.argv[5] ?? 0));
  else await shardsBench();
}
