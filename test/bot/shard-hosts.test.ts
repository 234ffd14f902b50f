// Two hosts on one machine, as two machines would run the bot: each host is `npm run
// start:sharded` (src/shard.ts: discord.js's ShardingManager, one process per shard) for its own
// range of the bot's four shards (SHARDS=0-1 and SHARDS=2-3 of SHARD_COUNT=4), configured
// through its environment only, against one PostgreSQL and the sharded Discord double. Host A
// runs the sources through tsx (development); host B runs the compiled build (dist/, plain
// node, as production and the Docker image do). Commands are registered once, by
// `npm run deploy-commands`.
//
// Games are played in guilds on all four shards; each due timer fires once, from the host and
// shard of its guild; host B is killed with SIGKILL (every process of it, as a machine dies)
// mid-game: host A's games go on, A never fires B's timers, and B started again resumes its
// games (prompts, computers, a turn timeout that came due while it was down) without losing an
// acknowledged move.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGames, gameById } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { replay } from '../../src/runtime/replay.ts';
import { DiscordDouble, messageText, shardOfGuild, type Channel, type User } from '../discord-double/index.ts';
import { startPostgres, type PostgresCluster } from '../store/postgres.ts';
import { check, step, type CrashReport } from './crash-driver.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SHARD_COUNT = 4;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type HostName = 'A' | 'B';
/**
 * Node's own TypeScript off, where this Node has it (22.6 and later): a compiled run that still
 * loaded a .ts file (a drawings module, the render worker) fails instead of passing unnoticed.
 */
const NO_TYPESCRIPT: NodeJS.ProcessEnv = (process.features as { typescript?: unknown }).typescript ? { NODE_OPTIONS: '--no-experimental-strip-types' } : {};

/** Host A: shards 0-1 from the sources; host B: shards 2-3 from the compiled build. */
const HOSTS: Record<HostName, { shards: string; ids: number[]; command: string[] }> = {
  A: { shards: '0-1', ids: [0, 1], command: ['--import', 'tsx', 'src/shard.ts'] },
  B: { shards: '2-3', ids: [2, 3], command: ['dist/src/shard.js'] },
};
const hostOf = (shard: number): HostName => (HOSTS.A.ids.includes(shard) ? 'A' : 'B');

interface Line {
  host: HostName;
  /** Which run of the host (B is started twice). */
  run: number;
  msg?: string;
  level?: string;
  shard?: unknown;
  game?: number;
  timer?: string;
  outcome?: string;
  [key: string]: unknown;
}

interface Host {
  child: ChildProcess;
  exited: Promise<void>;
  stderr: string[];
}

let double: DiscordDouble;
let pg: PostgresCluster;
let databaseUrl: string;
let store: Store;
const people: User[] = [];
/** One table per shard: tables[s] is in a guild on shard s. */
const tables: Channel[] = [];
const lines: Line[] = [];
const hosts = new Map<HostName, Host>();
const runs: Record<HostName, number> = { A: 0, B: 0 };
const def = gameById('fence') as AnyGame;
const report: CrashReport = { kills: 0, requests: 0, actions: 0, gamesFinished: 0, repairs: 0, checked: { running: 0, lobbies: 0 } };
/** Per game, the highest version seen in the database once a person's move was answered "Done". */
const acknowledged = new Map<number, number>();
/** Moves answered "Done", per channel. */
const moves = new Map<string, number>();
const answers: string[] = [];

const shardOfTable = (c: Channel) => shardOfGuild(c.guildId!, SHARD_COUNT);
const tablesOf = (host: HostName) => tables.filter((c) => hostOf(shardOfTable(c)) === host);
const movesIn = (c: Channel) => moves.get(c.id) ?? 0;
const linesOf = (host: HostName, run = runs[host]) => lines.filter((l) => l.host === host && l.run === run);
const lastLines = (host: HostName) => () => [...linesOf(host).slice(-8).map((l) => JSON.stringify(l)), ...(hosts.get(host)?.stderr.slice(-5) ?? [])].join('\n');

function environment(): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DISCORD_TOKEN: double.token,
    DISCORD_APPLICATION_ID: double.applicationId,
    DISCORD_API_URL: double.apiUrl,
    DATABASE_URL: databaseUrl,
    DEV_GUILD_ID: '',
    LOG_LEVEL: 'info',
    TIMER_POLL_MS: '200',
    DISCORD_GLOBAL_RATE_LIMIT: '50',
    SHARD_COUNT: String(SHARD_COUNT),
  };
}

/** Starts a host (its own process group, as a machine of its own); resolves once both its shards are ready. */
async function startHost(name: HostName): Promise<void> {
  const run = ++runs[name];
  const child = spawn(process.execPath, HOSTS[name].command, {
    cwd: ROOT, env: { ...environment(), SHARDS: HOSTS[name].shards, ...(name === 'B' ? NO_TYPESCRIPT : {}) }, stdio: ['ignore', 'pipe', 'pipe'], detached: true,
  });
  const host: Host = { child, exited: new Promise((r) => child.once('exit', () => r())), stderr: [] };
  hosts.set(name, host);
  let buffer = '';
  child.stdout!.on('data', (d: Buffer) => {
    const parts = (buffer + d.toString()).split('\n');
    buffer = parts.pop() ?? '';
    for (const text of parts) {
      try {
        lines.push({ ...(JSON.parse(text) as object), host: name, run });
      } catch {
        lines.push({ host: name, run, msg: 'output', text });
      }
    }
  });
  child.stderr!.on('data', (d: Buffer) => host.stderr.push(d.toString()));
  await double.waitFor(() => (linesOf(name).filter((l) => l.msg === 'bot ready').length >= 2 ? true : undefined), 180_000, `host ${name}'s two shards to be ready`, lastLines(name));
}

/** SIGKILL to every process of the host at once (its manager and its shards): a machine that dies. */
async function killHost(name: HostName): Promise<void> {
  const host = hosts.get(name)!;
  process.kill(-host.child.pid!, 'SIGKILL');
  await host.exited;
  await double.waitFor(() => (HOSTS[name].ids.every((s) => !double.gateway.liveShards.includes(s)) ? true : undefined), 30_000, `host ${name}'s shards to be gone`);
}

/** SIGTERM to the manager, which stops its shards cleanly first; SIGKILL if it is still there after a minute. */
async function stopHost(name: HostName): Promise<void> {
  const host = hosts.get(name);
  if (!host || host.child.exitCode !== null || host.child.signalCode !== null) return;
  host.child.kill('SIGTERM');
  const late = setTimeout(() => {
    try {
      process.kill(-host.child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 60_000);
  await host.exited;
  clearTimeout(late);
}

/** Runs a program to its end: its output, or an error with it. */
function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`${args.join(' ')} exited with ${code}:\n${out}`))));
  });
}

/** Waits until `f` holds (an async check), polling; fails with `what` after `ms`. */
async function until(f: () => Promise<boolean>, ms: number, what: string, explain: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await f())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${explain()}`);
    await sleep(100);
  }
}

/** People act in this channel (random legal moves, through Discord) until `stop()`. */
async function play(channel: Channel, stop: () => boolean): Promise<void> {
  while (!stop()) {
    // While the channel's host is down, nothing reaches a bot: the double waits, then gives up.
    const sent = await step(double, store, def, channel, people).catch(() => null);
    if (!sent) {
      await sleep(20);
      continue;
    }
    report.requests++;
    const reply = await sent.reply(10_000).catch(() => null);
    answers.push(`${channel.name}: ${reply ? messageText(reply).slice(0, 60) : 'no answer'}`);
    if (reply && /^Done/.test(messageText(reply))) {
      moves.set(channel.id, movesIn(channel) + 1);
      const game = await store.loadActiveGame(channel.id);
      if (game) acknowledged.set(game.record.id, Math.max(acknowledged.get(game.record.id) ?? 0, game.record.version));
    }
  }
}

/** Plays `channels` until each has `n` more acknowledged moves than now. */
async function playUntilMoves(channels: Channel[], n: number, ms: number, what: string): Promise<void> {
  const from = new Map(channels.map((c) => [c.id, movesIn(c)]));
  const done = () => channels.every((c) => movesIn(c) >= from.get(c.id)! + n);
  const deadline = Date.now() + ms;
  await Promise.all(channels.map((c) => play(c, () => done() || Date.now() > deadline)));
  if (!done()) throw new Error(`${what}: ${channels.map((c) => `${c.name} ${movesIn(c) - from.get(c.id)!}`).join(', ')} of ${n} moves\n${answers.slice(-20).join('\n')}`);
}

/** The channel's running game, when a person is to act and everything after the latest move is done (posted, computers played, timers armed). */
async function atRest(channel: Channel): Promise<boolean> {
  const game = await store.loadActiveGame(channel.id);
  if (game?.record.status !== 'running' || !game.state) return false;
  const state = game.state;
  if (!def.activeSeats(state).some((s) => game.seats.find((x) => x.seat === s && !x.computer))) return false;
  return check(double, store, def, [channel], { ...report, checked: { running: 0, lobbies: 0 } }).then(() => true, () => false);
}

/**
 * Brings the channel's game to rest with a person to act: people act (a new game when the last
 * one ended, a move when the game waits for one whose timers were used up) and the bot's posts
 * land; fails after `ms`.
 */
async function settle(channel: Channel, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await atRest(channel))) {
    if (Date.now() > deadline) throw new Error(`${channel.name} never came to rest with a person to act\n${answers.slice(-10).join('\n')}`);
    // What is under way first (posts, computers): then a person acts.
    const settled = Date.now() + 2000;
    while (Date.now() < settled && !(await atRest(channel))) await sleep(100);
    if (await atRest(channel)) return;
    const sent = await step(double, store, def, channel, people).catch(() => null);
    await sent?.reply(10_000).catch(() => null);
  }
}

/**
 * A lobby nobody starts, in a new channel of `table`'s guild, whose expiry is due: the host of
 * that guild closes it at its next poll (a timer no other test touches).
 */
async function expiringLobby(table: Channel): Promise<{ gameId: number; channel: Channel }> {
  const channel = double.createChannel(double.world.guilds.get(table.guildId!)!, `lobby-${lines.length}`);
  const lobby = await store.createLobby({ kind: 'fence', guildId: table.guildId!, channelId: channel.id, hostUserId: people[0]!.id, hostName: 'ana' });
  await store.armTimer(lobby.record.id, 'lobbyExpiry', new Date(Date.now() - 500));
  return { gameId: lobby.record.id, channel };
}

/** The timer lines about a game, as [host, shard, timer, outcome]. */
const timerLines = (gameId: number, from = 0) => lines.slice(from).filter((l) => l.msg === 'timer' && l.game === gameId).map((l) => [l.host, l.shard, l.timer, l.outcome]);

beforeAll(async () => {
  // The compiled build host B runs (`npm run build`), made while the rest starts.
  const build = run([join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json']);
  double = await DiscordDouble.start({ shards: SHARD_COUNT });
  for (const name of ['ana', 'bo']) people.push(double.createUser(name, { globalName: name }));
  // Snowflakes follow the clock: guilds made a few ms apart land on every shard.
  const found: (Channel | undefined)[] = [];
  for (let n = 0; found.filter(Boolean).length < SHARD_COUNT; n++) {
    const guild = double.createGuild(`club-${n}`);
    const shard = shardOfGuild(guild.id, SHARD_COUNT);
    if (!found[shard]) {
      for (const u of people) double.addMember(guild, u);
      found[shard] = double.createChannel(guild, `shard-${shard}`);
    }
    await sleep(3);
  }
  tables.push(...(found as Channel[]));
  pg = await startPostgres();
  databaseUrl = await pg.createDatabase();
  store = await openStore(databaseUrl, { kinds: gameById });
  await build;
  // Registered once for all hosts, as in production (no host registers them).
  const deployed = await run(['--import', 'tsx', 'src/cli/deploy-commands.ts'], environment());
  expect(deployed).toMatch(/^Registered \d+ command\(s\) globally/);
  await Promise.all([startHost('A'), startHost('B')]);
}, 300_000);

afterAll(async () => {
  await Promise.all([stopHost('A'), stopHost('B')]);
  await store?.close();
  await double?.stop();
  await pg?.stop();
});

describe('two hosts, each running its range of the shards, on one database', () => {
  it('the compiled build draws every game\'s pictures on plain node, with its compiled render worker, drawings and the fonts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fence-compiled-'));
    try {
      const scenarios = readdirSync(join(ROOT, 'test/scenarios')).filter((f) => f.endsWith('.json')).sort();
      for (const game of allGames()) {
        const scenario = scenarios.find((f) => (JSON.parse(readFileSync(join(ROOT, 'test/scenarios', f), 'utf8')) as { game?: string }).game === game.id);
        expect(scenario, `a scenario of ${game.id} in test/scenarios`).toBeDefined();
        const png = join(dir, `${game.id}.png`);
        const out = await run(['dist/src/cli/render.js', join(ROOT, 'test/scenarios', scenario!), png], { ...process.env, ...NO_TYPESCRIPT });
        expect(out).toMatch(/: \d+x\d+, \d+ bytes\n/);
        expect(readFileSync(png).subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('each host runs its own shards and answers only their guilds; games on all four shards are played', async () => {
    for (const name of ['A', 'B'] as const) {
      const ready = linesOf(name).filter((l) => l.msg === 'bot ready');
      expect(ready.map((l) => l.shard).sort()).toEqual(HOSTS[name].ids);
      // Each process keeps to its share of the bot's 50 requests a second: one shard of four.
      for (const l of ready) expect([l.shardCount, l.globalLimit]).toEqual([SHARD_COUNT, 12]);
    }
    expect(double.gateway.liveShards).toEqual([0, 1, 2, 3]);
    await playUntilMoves(tables, 3, 180_000, 'moves on every shard');
    const interactions = lines.filter((l) => l.msg === 'interaction');
    for (const l of interactions) {
      const shard = shardOfGuild(String(l.guild), SHARD_COUNT);
      expect([l.host, l.shard]).toEqual([hostOf(shard), shard]);
    }
    expect(new Set(interactions.map((l) => l.shard))).toEqual(new Set([0, 1, 2, 3]));
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  }, 240_000);

  it('a due timer fires once, from the host and shard of its game\'s guild, with four processes polling', async () => {
    for (const c of tables) await settle(c, 120_000);
    const from = lines.length;
    const armed: { gameId: number; table: Channel; posts: number }[] = [];
    const reminders = (c: Channel) => double.messages(c).filter((m) => messageText(m).startsWith('⏰')).length;
    for (const table of tables) {
      const game = (await store.loadActiveGame(table.id))!;
      const seat = def.activeSeats(game.state!).find((s) => game.seats.find((x) => x.seat === s && !x.computer))!;
      armed.push({ gameId: game.record.id, table, posts: reminders(table) });
      await store.armTimer(game.record.id, 'reminder', new Date(Date.now() - 1000), { version: game.record.version }, seat);
    }
    await double.waitFor(() => (armed.every((a) => reminders(a.table) > a.posts) ? true : undefined), 60_000, 'every reminder');
    // A timer armed after each reminder fired (a lobby's expiry, which a running game ignores):
    // once it has fired too, the reminder's process has polled again since.
    for (const a of armed) await store.armTimer(a.gameId, 'lobbyExpiry', new Date(Date.now() - 1000));
    await double.waitFor(() => (armed.every((a) => timerLines(a.gameId, from).some((t) => t[2] === 'lobbyExpiry')) ? true : undefined), 60_000, 'the later timers');
    for (const a of armed) {
      const shard = shardOfTable(a.table);
      expect(reminders(a.table)).toBe(a.posts + 1);
      expect(timerLines(a.gameId, from)).toEqual([[hostOf(shard), shard, 'reminder', 'reminded'], [hostOf(shard), shard, 'lobbyExpiry', 'started']]);
    }
  }, 180_000);

  it('host B killed with SIGKILL mid-game: host A plays on and never fires B\'s timers; B started again resumes its games with every acknowledged move', async () => {
    const [busy, quiet] = tablesOf('B') as [Channel, Channel];
    const [a0] = tablesOf('A') as [Channel, Channel];
    // The quiet table waits for a person when B dies: its turn timeout comes due while B is down.
    await settle(quiet, 120_000);
    let stopB = false;
    let stopA = false;
    const playingA = tablesOf('A').map((c) => play(c, () => stopA));
    const playingB = play(busy, () => stopB);
    // Mid-game: moves are going on in B's busy channel when it dies.
    const before = movesIn(busy);
    await double.waitFor(() => (movesIn(busy) > before ? true : undefined), 60_000, `a move in ${busy.name}`, () => answers.slice(-10).join('\n'));
    await killHost('B');
    report.kills++;
    stopB = true;
    await playingB;

    // While B is down: its quiet game's turn runs out.
    const game = (await store.loadActiveGame(quiet.id))!;
    const seat = def.activeSeats(game.state!).find((s) => game.seats.find((x) => x.seat === s && !x.computer))!;
    const timeout = (await store.listTimers(game.record.id)).find((t) => t.kind === 'timeout' && t.seat === seat)!;
    expect(timeout).toBeDefined();
    // A clock says when its turn began and how long it had (src/runtime/timers.ts): its turn began long enough ago to be over.
    const clock = timeout.payload as { from?: number; leftMs?: number | null };
    expect(typeof clock.leftMs).toBe('number');
    await store.armTimer(game.record.id, 'timeout', new Date(Date.now() - 1000), { ...clock, from: Date.now() - clock.leftMs! - 1000 }, seat);
    // Host A polls past it (a timer of A's own, armed later, fires) and leaves it alone.
    const sentinel = await expiringLobby(a0);
    await double.waitFor(() => (timerLines(sentinel.gameId).length ? true : undefined), 60_000, 'host A\'s own timer', lastLines('A'));
    expect(timerLines(sentinel.gameId)).toEqual([['A', shardOfTable(a0), 'lobbyExpiry', 'lobby-expired']]);
    expect((await store.listTimers(game.record.id)).filter((t) => t.kind === 'timeout' && t.fireAt.getTime() < Date.now())).toHaveLength(1);
    // A's games go on while B is down.
    const aMoves = new Map(tablesOf('A').map((c) => [c.id, movesIn(c)]));
    await double.waitFor(() => (tablesOf('A').every((c) => movesIn(c) >= aMoves.get(c.id)! + 2) ? true : undefined), 120_000, 'moves on host A while B is down', () => answers.slice(-10).join('\n'));

    // B again: the timeout that came due while it was down is its own to fire, once.
    const fromB = lines.length;
    await startHost('B');
    // The moment each of B's games was in when B came back (its start-up recovery points the mover on).
    const atRestart = new Map((await Promise.all(tablesOf('B').map((c) => store.loadActiveGame(c.id)))).filter((g) => g !== null).map((g) => [g.record.id, g.record.version]));
    await double.waitFor(() => (timerLines(game.record.id, fromB).length ? true : undefined), 60_000, 'the overdue timeout', lastLines('B'));
    expect(timerLines(game.record.id, fromB)).toEqual([['B', shardOfTable(quiet), 'timeout', 'timed-out']]);
    const log = await store.getActionLog(game.record.id);
    expect(log.filter((e) => e.seq > game.record.version && e.actor === 'system').map((e) => e.action)).toEqual([{ type: 'timeout', seat }]);
    // …and its games go on.
    await playUntilMoves(tablesOf('B'), 2, 180_000, 'moves on host B after its restart');
    stopA = true;
    await Promise.all(playingA);

    // Nothing acknowledged is missing, every game replays to its state, and every channel shows
    // its game's prompt with computers played and timers armed (start-up recovery may still be
    // posting when B reports ready).
    expect(acknowledged.size).toBeGreaterThanOrEqual(SHARD_COUNT);
    for (const [gameId, version] of acknowledged) {
      const stored = await store.getGame(gameId);
      expect(stored.record.version).toBeGreaterThanOrEqual(version);
      const replayed = await replay(store, gameId);
      expect(replayed.version).toBe(stored.record.version);
      expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(stored.state));
    }
    let problem = '';
    await until(() => check(double, store, def, tables, report, (_c, g) => atRestart.get(g.record.id) === g.record.version).then(() => true, (err: unknown) => {
      problem = String(err);
      return false;
    }), 60_000, 'every game to be whole', () => problem);
    // The restarted host recovered its own guilds' games only (at most its two tables').
    const recovered = linesOf('B').filter((l) => typeof l.games === 'number' && (l.msg === 'bot ready' || l.msg === 'games recovered')).reduce((n, l) => n + (l.games as number), 0);
    expect(recovered).toBeLessThanOrEqual(tablesOf('B').length);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    // Registered once (by deploy-commands), never by a host.
    expect(double.requests.filter((r) => r.method === 'PUT' && r.route.includes('/commands'))).toHaveLength(1);
    double.expectNoViolations();
  }, 600_000);

  it('a host\'s shard processes whose manager was killed alone stop by themselves, so a new manager\'s never run beside them', async () => {
    const manager = hosts.get('A')!;
    manager.child.kill('SIGKILL');
    await manager.exited;
    // The shards are orphans now: they notice their manager is gone, finish their work and leave Discord.
    await double.waitFor(() => (linesOf('A').filter((l) => l.msg === 'bot stopped').length === 2 ? true : undefined), 60_000, 'host A\'s shards to stop', lastLines('A'));
    expect(linesOf('A').filter((l) => l.msg === 'shutting down').map((l) => [l.shard ?? null, l.signal])).toEqual([[null, 'manager gone'], [null, 'manager gone']]);
    await double.waitFor(() => (HOSTS.A.ids.every((s) => !double.gateway.liveShards.includes(s)) ? true : undefined), 30_000, 'host A\'s shards to leave the gateway');
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
  }, 120_000);
});
