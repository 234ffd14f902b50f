/**
 * For shards.test.ts: the script discord.js's ShardingManager runs in each shard process (as it
 * runs src/main.ts in production), against the test's Discord double. discord.js gives it its
 * shard and the token through the environment; its JSON log lines go to stdout.
 * Also run alone (one process, one shard) by bench/shards.ts, with DISCORD_TOKEN set.
 * Arguments (ShardingManager's shardArgs): <Discord API url> <database url> [timer poll ms] [health line every ms]
 */
import { startBot } from '../../src/main.ts';

const [discordApiUrl, databaseUrl, pollMs, healthMs] = process.argv.slice(2);
const token = process.env.DISCORD_TOKEN;
if (!discordApiUrl || !databaseUrl || !token) throw new Error('usage: shard-bot.ts <api url> <database url> [poll ms], DISCORD_TOKEN set');
// DISCORD_GLOBAL_RATE_LIMIT as in production (the bench runs a bot whose limit Discord raised).
const limit = Number(process.env.DISCORD_GLOBAL_RATE_LIMIT);
const running = await startBot({
  discordApiUrl, token, databaseUrl, timerPollMs: Number(pollMs ?? 60_000),
  ...(healthMs ? { healthIntervalMs: Number(healthMs) } : {}),
  ...(limit > 0 ? { globalRequestsPerSecond: limit } : {}),
});
// As src/main.ts: SIGTERM (the manager's stop) finishes in-flight work, then exits.
process.once('SIGTERM', () => void running.stop().finally(() => process.exit(0)));
