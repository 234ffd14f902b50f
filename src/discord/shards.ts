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

export function shardOf(guildId: string | null, count: number): number {
  if (count <= 1 || !guildId || !/^\d{1,20}$/.test(guildId)) return 0;
  return ShardClientUtil.shardIdForGuildId(guildId, count);
}

/** Whether this process looks after the guild's games. */
export function ownsGuild(scope: ShardScope, guildId: string | null): boolean {
  return scope.count <= 1 || scope.ids.includes(shardOf(guildId, scope.count));
}
