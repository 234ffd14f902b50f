// The bot as two shard processes (discord.js's ShardingManager, as `npm run start:sharded`
// runs it) against the sharded Discord double and one PostgreSQL: games in both shards' guilds
// are played, each due timer fires once and in its own shard, and a shard killed with SIGKILL
// mid-game is started again by the manager without losing an acknowledged action.
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { createLogger } from '../../src/discord/log.ts';
import { renderThreads } from '../../src/render/pool.ts';
import { HOST_SHARD_PROCESSES, startShards, type RunningShards } from '../../src/shard.ts';
import { openStore, type Store } from '../../src/store/index.ts';
import { DiscordDouble, shardOfGuild, type Channel, type User } from '../discord-double/index.ts';
import { startPostgres, type PostgresCluster } from '../store/postgres.ts';
import { check, step, type CrashReport } from './crash-driver.ts';
import { replay } from '../../src/runtime/replay.ts';
import { textOf } from './harness.ts';

const SHARD_BOT = fileURLToPath(new URL('./shard-bot.ts', import.meta.url));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Line {
  /** The shard process the line came from. */
  from: number;
  /** The shard the line itself names. */
  shard?: unknown;
  msg?: string;
  level?: string;
  outcome?: string;
  game?: number;
  timer?: string;
  kind?: string;
  [key: string]: unknown;
}

/** This process's environment before the manager: discord.js marks it as a shard's meanwhile. */
const environment = { ...process.env };
let double: DiscordDouble;
let store: Store;
let shards: RunningShards;
let pg: PostgresCluster;
const people: User[] = [];
/** Channels by the shard their guild is on. */
const tables: Channel[][] = [[], []];
const lines: Line[] = [];
const def = gameById('fence') as AnyGame;
const report: CrashReport = { kills: 0, requests: 0, actions: 0, gamesFinished: 0, repairs: 0, checked: { running: 0, lobbies: 0 } };
/** Per game, the highest version seen in the database once a person's move was answered "Done". */
const acknowledged = new Map<number, number>();
/** Every answer, for the failure message. */
const answers: string[] = [];
/** Moves answered "Done", per channel. */
const moves = new Map<string, number>();

const readyLines = (shard: number) => lines.filter((l) => l.from === shard && l.msg === 'bot ready').length;

beforeAll(async () => {
  double = await DiscordDouble.start({ shards: 2 });
  for (const name of ['ana', 'bo']) people.push(double.createUser(name, { globalName: name }));
  // Snowflakes follow the clock: guilds made a few ms apart land on both shards.
  for (let n = 0; tables[0]!.length < 1 || tables[1]!.length < 1; n++) {
    const guild = double.createGuild(`club-${n}`);
    for (const u of people) double.addMember(guild, u);
    const shard = shardOfGuild(guild.id, 2);
    if (tables[shard]!.length < 1) tables[shard]!.push(double.createChannel(guild, 'fence'));
    await sleep(3);
  }
  pg = await startPostgres();
  const databaseUrl = await pg.createDatabase();
  store = await openStore(databaseUrl, { kinds: gameById });
  shards = await startShards({
    token: double.token,
    shards: 2,
    file: SHARD_BOT,
    shardArgs: [double.apiUrl, databaseUrl, '200'],
    spawnDelayMs: 0,
    log: createLogger({ sink: () => undefined }),
    onLine: (shard, text) => {
      try {
        lines.push({ ...(JSON.parse(text) as object), from: shard });
      } catch {
        lines.push({ from: shard, msg: 'output', text });
      }
    },
  });
  await double.waitFor(() => (readyLines(0) && readyLines(1) ? true : undefined), 60_000, 'both shards to be ready');
}, 120_000);

afterAll(async () => {
  await shards?.stop();
  await store?.close();
  await double?.stop();
  await pg?.stop();
});

/** People act in this channel (random legal moves, through Discord) until `until`. */
async function play(channel: Channel, until: () => boolean): Promise<void> {
  while (!until()) {
    // While the channel's shard is down, nothing reaches the bot (the double waits, then gives up).
    const sent = await step(double, store, def, channel, people).catch(() => null);
    if (!sent) {
      await sleep(20);
      continue;
    }
    report.requests++;
    const reply = await sent.reply(10_000).catch(() => null);
    answers.push(`${channel.name}@${channel.guildId}: ${reply ? textOf(reply).slice(0, 60) : 'no answer'}`);
    if (reply && /^Done/.test(textOf(reply))) {
      moves.set(channel.id, (moves.get(channel.id) ?? 0) + 1);
      const game = await store.loadActiveGame(channel.id);
      if (game) acknowledged.set(game.record.id, Math.max(acknowledged.get(game.record.id) ?? 0, game.record.version));
    }
  }
}

const allTables = () => [...tables[0]!, ...tables[1]!];

describe('two shard processes on one database', () => {
  it('each shard answers only its own guilds, and games in both are played', async () => {
    const started = Date.now();
    await Promise.all(allTables().map((c) => play(c, () => (moves.get(c.id) ?? 0) >= 3 || Date.now() - started > 60_000)));
    for (const c of allTables()) expect(moves.get(c.id) ?? 0, answers.slice(-30).join('\n')).toBeGreaterThanOrEqual(3);
    // Every interaction line names its shard, and it is the shard of the interaction's guild.
    const interactions = lines.filter((l) => l.msg === 'interaction');
    expect(interactions.length).toBeGreaterThan(8);
    for (const l of interactions) expect([l.from, l.shard]).toEqual([shardOfGuild(String(l.guild), 2), shardOfGuild(String(l.guild), 2)]);
    expect(new Set(interactions.map((l) => l.from))).toEqual(new Set([0, 1]));
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    // Each is told how many shard processes share the host's cores (its render pool's part).
    for (const shard of shards.manager.shards.values()) expect((shard.env as Record<string, string>)[HOST_SHARD_PROCESSES]).toBe('2');
  }, 100_000);

  it('a shard process renders on its part of the host\'s cores: the host\'s shard processes share them, whatever the bot\'s SHARD_COUNT', () => {
    const names = ['RENDER_THREADS', HOST_SHARD_PROCESSES, 'SHARD_COUNT'] as const;
    const was = names.map((n) => process.env[n]);
    try {
      delete process.env.RENDER_THREADS;
      // A host running 1 of the bot's 64 shards has its cores to itself.
      process.env.SHARD_COUNT = '64';
      process.env[HOST_SHARD_PROCESSES] = '1';
      expect(renderThreads()).toBe(Math.min(4, availableParallelism()));
      process.env[HOST_SHARD_PROCESSES] = String(availableParallelism());
      expect(renderThreads()).toBe(1);
      process.env.RENDER_THREADS = '3';
      expect(renderThreads()).toBe(3);
    } finally {
      names.forEach((n, i) => (was[i] === undefined ? delete process.env[n] : (process.env[n] = was[i])));
    }
  });

  it('a due timer fires once, in the shard of its game\'s guild, however many processes poll', async () => {
    const before = lines.length;
    const armed: { gameId: number; shard: number; channel: Channel }[] = [];
    for (const [shard, channels] of tables.entries()) {
      for (const channel of channels) {
        const game = await store.loadActiveGame(channel.id);
        if (!game?.state) continue;
        const seat = def.activeSeats(game.state).find((s) => game.seats.find((x) => x.seat === s && !x.computer));
        if (seat === undefined) continue;
        await store.armTimer(game.record.id, 'reminder', new Date(Date.now() - 1000), { version: game.record.version }, seat);
        armed.push({ gameId: game.record.id, shard, channel });
      }
    }
    expect(new Set(armed.map((a) => a.shard))).toEqual(new Set([0, 1]));
    const reminders = (c: Channel) => double.messages(c).filter((m) => textOf(m).startsWith('⏰')).length;
    const posted = new Map(armed.map((a) => [a.gameId, reminders(a.channel)]));
    await double.waitFor(() => (armed.every((a) => reminders(a.channel) > posted.get(a.gameId)!) ? true : undefined), 15_000, 'every reminder');
    // Several more polls of both shards: still one reminder each, and no timer left.
    await sleep(1000);
    for (const a of armed) {
      expect(reminders(a.channel)).toBe(posted.get(a.gameId)! + 1);
      expect((await store.listTimers(a.gameId)).filter((t) => t.kind === 'reminder' && t.fireAt.getTime() < Date.now())).toEqual([]);
      const fired = lines.slice(before).filter((l) => l.msg === 'timer' && l.game === a.gameId && l.timer === 'reminder');
      expect(fired.map((l) => [l.from, l.outcome])).toEqual([[a.shard, 'reminded']]);
    }
  }, 60_000);

  it('a shard killed with SIGKILL mid-game comes back (the manager respawns it) with every acknowledged action', async () => {
    const victim = shards.manager.shards.get(1)!;
    const readyBefore = readyLines(1);
    let back = false;
    const movesAtKill = new Map<string, number>();
    const plays = allTables().map((c) => play(c, () => back));
    // Mid-game: requests are in flight in shard 1's channels when it dies.
    await sleep(1500);
    victim.process!.kill('SIGKILL');
    report.kills++;
    for (const c of allTables()) movesAtKill.set(c.id, moves.get(c.id) ?? 0);
    await double.waitFor(() => (readyLines(1) > readyBefore ? true : undefined), 60_000, 'shard 1 to be back', () => lines.filter((l) => l.from === 1).slice(-5).map((l) => JSON.stringify(l)).join('\n'));
    // Shard 0 kept playing while shard 1 was down.
    for (const c of tables[0]!) expect(moves.get(c.id)).toBeGreaterThan(movesAtKill.get(c.id)!);
    const movesAtRestart = new Map(allTables().map((c) => [c.id, moves.get(c.id) ?? 0]));
    // The moment each of the restarted shard's games was in when it came back (its start-up recovery points the mover on).
    const atRestart = new Map((await Promise.all(tables[1]!.map((c) => store.loadActiveGame(c.id)))).filter((g) => g !== null).map((g) => [g.record.id, g.record.version]));
    await double.waitFor(() => (tables[1]!.every((c) => (moves.get(c.id) ?? 0) > movesAtRestart.get(c.id)!) ? true : undefined), 30_000, 'moves in the restarted shard', () => answers.slice(-30).join('\n'));
    back = true;
    await Promise.all(plays);
    // Let the last answers and posts land, then: nothing acknowledged is missing, and every game is whole.
    await sleep(1000);
    expect(acknowledged.size).toBeGreaterThanOrEqual(2);
    for (const [gameId, version] of acknowledged) {
      const game = await store.getGame(gameId);
      expect(game.record.version).toBeGreaterThanOrEqual(version);
      const replayed = await replay(store, gameId);
      expect(replayed.version).toBe(game.record.version);
      expect(JSON.stringify(replayed.state)).toBe(JSON.stringify(game.state));
    }
    await check(double, store, def, allTables(), report, (_c, g) => atRestart.get(g.record.id) === g.record.version);
    // Every table's game was checked, unless it was played to its end meanwhile (short games on a slow machine).
    const ended = (await Promise.all(allTables().map(async (c) => !(await store.loadActiveGame(c.id)) && (await store.listGames({ channelId: c.id })).at(-1)?.status === 'finished'))).filter(Boolean).length;
    expect(report.checked.running + report.checked.lobbies + ended).toBe(2);
    // The restarted shard recovered only its own guilds' games.
    const recovered = lines.filter((l) => l.from === 1 && l.msg === 'games recovered').at(-1)!;
    expect(recovered.games).toBeLessThanOrEqual(tables[1]!.length);
    expect(lines.filter((l) => l.level === 'error')).toEqual([]);
    double.expectNoViolations();
  }, 120_000);

  it('once stopped, the shards leave this process as it was: a bot started here is not taken for a shard', async () => {
    expect(process.env.SHARDING_MANAGER).toBe('true'); // discord.js's mark, while the manager runs
    await shards.stop();
    expect(process.env.SHARDING_MANAGER).toBe(environment.SHARDING_MANAGER);
    expect(process.env.SHARDING_MANAGER_MODE).toBe(environment.SHARDING_MANAGER_MODE);
    expect(process.env.DISCORD_TOKEN).toBe(environment.DISCORD_TOKEN);
  }, 60_000);
});
