// Turn timers when the bot's shards run on several hosts over one database: each host asks for
// the due timers of its own shards' guilds only (chosen by the database, with Discord's shard
// formula), and a timer two processes both try to take is taken by exactly one.
import { describe, expect, it } from 'vitest';
import { shardOf } from '../../src/discord/shards.ts';
import type { Store } from '../../src/store/index.ts';
import { BACKENDS, newDatabase, openTemp } from './helpers.ts';

/** A guild id as Discord makes them: milliseconds since 2015 in the top bits, then 22 bits of worker, process and sequence. */
function snowflake(ms: number, low: number): string {
  return ((BigInt(ms) << 22n) | BigInt(low & 0x3fffff)).toString();
}

/** Guild ids of today's size and of the very first ones, on every shard of 4 and of 7. */
const GUILDS = [
  ...Array.from({ length: 24 }, (_, i) => snowflake(340_000_000_000 + i * 7_919_113, i * 104_729)),
  snowflake(1, 0), snowflake(1000, 5), '41771983423143937', '1234567890123456789',
];

/** A lobby (any game's timers are alike) in each guild, with one timer come due. */
async function dueTimerIn(store: Store, guildId: string, n: number, at: Date): Promise<number> {
  const lobby = await store.createLobby({ kind: 'race', guildId, channelId: `chan-${n}`, hostUserId: 'host', hostName: 'Ann' });
  await store.armTimer(lobby.record.id, 'lobbyExpiry', at);
  return lobby.record.id;
}

describe.each(BACKENDS)('%s', (backend) => {
  it('a host reads the due timers of its own shards\' guilds only, as Discord assigns guilds to shards', async () => {
    const store = await openTemp(backend);
    const now = Date.now();
    const games = new Map<number, string>();
    for (const [n, guild] of GUILDS.entries()) games.set(await dueTimerIn(store, guild, n, new Date(now - 1000 - n)), guild);
    // Not snowflakes (a game of no guild, damaged data), or past 63 bits: shard 0, as for Discord's DMs; never an error.
    for (const [n, guild] of ['', 'not-a-guild', '99999999999999999999'].entries()) games.set(await dueTimerIn(store, guild, 100 + n, new Date(now - 1000)), guild);
    for (const count of [4, 7]) {
      const seen: number[] = [];
      for (let shard = 0; shard < count; shard++) {
        const due = await store.dueTimers(new Date(now), 100, { ids: [shard], count });
        for (const t of due) expect([t.game.guildId, shardOf(t.game.guildId, count)]).toEqual([games.get(t.gameId), shard]);
        seen.push(...due.map((t) => t.gameId));
      }
      // Every timer is some shard's, and one shard's only.
      expect(seen.sort((a, b) => a - b)).toEqual([...games.keys()].sort((a, b) => a - b));
    }
    const mixed = GUILDS.filter((g) => shardOf(g, 7) === 0 || shardOf(g, 7) === 5).length;
    expect((await store.dueTimers(new Date(now), 100, { ids: [0, 5], count: 7 })).length).toBe(mixed + 3);
    // One shard of one: every timer, as without shards.
    expect((await store.dueTimers(new Date(now), 100, { ids: [0], count: 1 })).length).toBe(games.size);
  });

  it('another host\'s backlog (a host that is down) never holds back this host\'s timers', async () => {
    const store = await openTemp(backend);
    const now = Date.now();
    const theirs = GUILDS.filter((g) => shardOf(g, 2) === 1);
    const mine = GUILDS.find((g) => shardOf(g, 2) === 0)!;
    // 120 overdue timers of shard 1, all older than the one of shard 0.
    for (let n = 0; n < 120; n++) await dueTimerIn(store, theirs[n % theirs.length]!, n, new Date(now - 60_000 + n));
    const own = await dueTimerIn(store, mine, 999, new Date(now - 1000));
    expect((await store.dueTimers(new Date(now), 100, { ids: [0], count: 2 })).map((t) => t.gameId)).toEqual([own]);
    expect((await store.dueTimers(new Date(now), 100, { ids: [1], count: 2 })).length).toBe(100);
  });
});

describe('postgresql', () => {
  it('two hosts claiming the same due timers at once: each timer is taken by exactly one', async () => {
    const url = await newDatabase('postgresql');
    const hosts = [await openTemp(url), await openTemp(url)];
    const now = Date.now();
    for (let n = 0; n < 40; n++) await dueTimerIn(hosts[0]!, GUILDS[n % GUILDS.length]!, n, new Date(now - 1000));
    const due = await hosts[1]!.dueTimers(new Date(now), 100);
    expect(due).toHaveLength(40);
    const taken = await Promise.all(due.map(async (t) => (await Promise.all(hosts.map((h) => h.claimTimer(t.id, new Date(now))))).filter(Boolean).length));
    expect(taken).toEqual(due.map(() => 1));
    expect(await hosts[0]!.dueTimers(new Date(now), 100)).toEqual([]);
  });
});
