/**
 * Which guilds this process answers for. Discord sends a guild's events to one shard, chosen by
 * `(guild_id >> 22) % num_shards`; the same formula decides which process fires a game's timers
 * and recovers it at start-up, so that with several shard processes on one database each game
 * has exactly one process looking after it. Games outside any guild (DMs) belong to shard 0, as
 * Discord's DM events do.
 */
import { ShardClientUtil, type Client } from 'discord.js';

export interface ShardScope {
  /** The shard ids this process runs (one per process under `npm run start:sharded`). */
  readonly ids: readonly number[];
  /** How many shards the bot runs in all. */
  readonly count: number;
}

export const SINGLE_SHARD: ShardScope = { ids: [0], count: 1 };

/** The shards a logged-in client runs (discord.js fills `options.shards` in at login). */
export function shardScope(client: Client): ShardScope {
  const { shards, shardCount } = client.options;
  const ids = Array.isArray(shards) ? shards : [0];
  return { ids, count: Math.max(shardCount ?? 1, 1) };
}

/**
 * How many of the bot's shards this process runs, known before it logs in: from the bot's
 * options, else (under discord.js's ShardingManager) from SHARDS and SHARD_COUNT in its
 * environment, as discord.js's Client reads them. With 'auto' one process runs every shard.
 */
export function processShards(opts: { shards?: number[] | 'auto'; shardCount?: number }, env: Record<string, string | undefined> = process.env): { here: number; count: number } {
  if (Array.isArray(opts.shards)) return { here: opts.shards.length, count: Math.max(opts.shardCount ?? opts.shards.length, opts.shards.length) };
  if (opts.shards === 'auto' || !env.SHARDING_MANAGER) return { here: 1, count: 1 };
  let ids: unknown = null;
  try {
    ids = JSON.parse(env.SHARDS ?? 'null');
  } catch {
    // Not discord.js's form: counted as one shard.
  }
  const here = Array.isArray(ids) ? ids.length : 1;
  return { here, count: Math.max(Number(env.SHARD_COUNT) || here, here) };
}

/** The largest snowflake of 63 bits (Discord's until 2084); the store's SQL computes shards up to it (src/store/index.ts). */
const MAX_SNOWFLAKE = 2n ** 63n - 1n;

/** The shard of `count` that gets a guild's events; 0 for no guild, or an id that is no snowflake (as the store's SQL). */
export function shardOf(guildId: string | null, count: number): number {
  if (count <= 1 || !guildId || !/^\d{1,19}$/.test(guildId) || BigInt(guildId) > MAX_SNOWFLAKE) return 0;
  return ShardClientUtil.shardIdForGuildId(guildId, count);
}

/** Whether this process looks after the guild's games. */
export function ownsGuild(scope: ShardScope, guildId: string | null): boolean {
  return scope.count <= 1 || scope.ids.includes(shardOf(guildId, scope.count));
}
