/**
 * The bot's entry point. `npm start` runs it with the configuration from `.env` (the host's
 * shards, SHARDS of SHARD_COUNT, in this one process); under `npm run start:sharded`
 * (src/shard.ts) discord.js's ShardingManager runs this file once per shard and tells each
 * process its shard. Both run the compiled build (dist/src/main.js); the sandbox and the tests
 * call `startBot` with the local Discord double instead.
 */
import { pathToFileURL } from 'node:url';
import { loadConfigOrExit, type Config } from './config.ts';
import { GameBot, type BotOptions } from './discord/index.ts';
import { createLogger, errorText } from './discord/log.ts';
import { startupProblem } from './discord/startup.ts';

export interface StartBotOptions extends Partial<Omit<BotOptions, 'token' | 'databaseUrl' | 'discordApiUrl'>> {
  discordApiUrl: string;
  token: string;
  databaseUrl: string;
}

export interface RunningBot {
  stop(): Promise<void>;
  bot: GameBot;
}

/** Starts the bot against a given Discord API (the sandbox's seam); registers /fence itself. */
export async function startBot(opts: StartBotOptions): Promise<RunningBot> {
  const bot = await GameBot.start({ registerCommands: true, ...opts });
  return { bot, stop: () => bot.stop() };
}

async function main(): Promise<void> {
  const config = await loadConfigOrExit();
  const logger = createLogger({ level: config.LOG_LEVEL });
  // Under the ShardingManager, discord.js reads this process's shard from the environment.
  const managed = Boolean(process.env.SHARDING_MANAGER);
  const shards = managed ? {} : shardOptions(config);
  let bot: GameBot;
  try {
    bot = await GameBot.start({
      token: config.DISCORD_TOKEN, databaseUrl: config.DATABASE_URL, logger, timerPollMs: config.TIMER_POLL_MS, globalRequestsPerSecond: config.DISCORD_GLOBAL_RATE_LIMIT,
      ...(config.DISCORD_API_URL ? { discordApiUrl: config.DISCORD_API_URL } : {}), ...shards,
    });
  } catch (err) {
    console.error(`The bot could not start: ${startupProblem(err)}`);
    process.exit(1);
  }
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    bot.stop().then(() => process.exit(0), (err: unknown) => {
      logger.error('shutdown failed', { error: errorText(err) });
      process.exit(1);
    });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  // A shard whose manager died without it (SIGKILL to the manager alone) stops too: the host,
  // started again, runs a new process for this shard, and two must never run it at once.
  if (managed) {
    process.once('disconnect', () => shutdown('manager gone'));
    // What discord.js still tells the manager meanwhile (its shard's disconnection) has nobody
    // to go to: Node reports it as an 'error' event, which would end the process mid-stop.
    process.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ERR_IPC_CHANNEL_CLOSED') logger.error('manager channel error', { error: errorText(err) });
    });
  }
}

/** The host's shards (SHARDS, or all of them) of the bot's SHARD_COUNT, all in this process. */
function shardOptions(config: Config): { shards: number[] | 'auto'; shardCount?: number } {
  if (config.SHARD_COUNT === 'auto') return { shards: 'auto' };
  const count = config.SHARD_COUNT ?? 1;
  return { shards: config.SHARDS ?? Array.from({ length: count }, (_, i) => i), shardCount: count };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    console.error(`The bot could not start: ${errorText(err)}`);
    process.exit(1);
  });
}
