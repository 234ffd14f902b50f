/**
 * Configuration from the environment (and `.env` through dotenv), checked with zod at start.
 * Every missing or malformed variable gets its own line saying what is wrong and what is
 * expected; no value is ever echoed back (a token must not reach a log).
 */
import { z } from 'zod';

const snowflake = /^\d{17,20}$/;

const schema = z.object({
  DISCORD_TOKEN: z
    .string({ error: 'DISCORD_TOKEN is missing: copy the bot token from the Discord Developer Portal (Bot → Reset Token)' })
    .trim()
    .min(20, 'DISCORD_TOKEN is too short to be a bot token')
    .refine((t) => !/\s/.test(t), 'DISCORD_TOKEN must not contain spaces')
    .refine((t) => !t.startsWith('Bot '), 'DISCORD_TOKEN must be the token alone, without the "Bot " prefix'),
  DISCORD_APPLICATION_ID: z
    .string({ error: 'DISCORD_APPLICATION_ID is missing: copy the Application ID from the Developer Portal (General Information)' })
    .trim()
    .regex(snowflake, 'DISCORD_APPLICATION_ID must be a Discord id: 17–20 digits'),
  DEV_GUILD_ID: z
    .string()
    .trim()
    .regex(snowflake, 'DEV_GUILD_ID must be a Discord server id (17–20 digits) or left empty')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^(file:.+|postgres(ql)?:\/\/.+)/, 'DATABASE_URL must be a SQLite file URL such as file:data/fence.db, or a PostgreSQL URL such as postgresql://user:password@host:5432/fence')
    .default('file:data/fence.db'),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error'], { error: 'LOG_LEVEL must be one of debug, info, warn, error' }).default('info'),
  TIMER_POLL_MS: z.coerce.number({ error: 'TIMER_POLL_MS must be a number of milliseconds' }).int().min(100).max(600_000).default(5000),
  /**
   * Requests per second Discord allows the bot across all of its processes (its global rate
   * limit): 50 unless Discord raised it for this bot. Answers to interactions do not count.
   */
  DISCORD_GLOBAL_RATE_LIMIT: z.coerce.number({ error: 'DISCORD_GLOBAL_RATE_LIMIT must be a number of requests per second' }).int().min(1).max(100_000).default(50),
  /**
   * How many shards (gateway connections) the bot runs: a number, or 'auto' for Discord's
   * recommendation. `npm start` runs them all in one process; `npm run start:sharded` one
   * process per shard (default 'auto').
   */
  SHARDS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(4096)], { error: "SHARDS must be 'auto' or a whole number of shards from 1 to 4096" })
    .optional(),
});

export type Config = z.infer<typeof schema>;

export class ConfigError extends Error {
  override name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`The bot's configuration is not usable:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.`);
  }
}

/** Validates an environment (process.env by default). Throws ConfigError listing every problem. */
export function parseConfig(env: Record<string, string | undefined> = process.env): Config {
  const blankToUndefined = Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === '' && k !== 'DEV_GUILD_ID' ? undefined : v]));
  const r = schema.safeParse(blankToUndefined);
  if (r.success) return r.data;
  throw new ConfigError(r.error.issues.map((i) => (i.message.includes(String(i.path[0])) ? i.message : `${String(i.path[0])}: ${i.message}`)));
}

/** Loads `.env` (when present, without overriding the real environment) and validates. */
export async function loadConfig(path = '.env'): Promise<Config> {
  const dotenv = await import('dotenv');
  dotenv.config({ path, quiet: true });
  return parseConfig(process.env);
}

/**
 * For the start-up scripts (`npm start`, `npm run start:sharded`): the configuration, or the
 * reason it is unusable on stderr and exit code 1 (a bot without a usable configuration has
 * nothing to do).
 */
export async function loadConfigOrExit(): Promise<Config> {
  try {
    return await loadConfig();
  } catch (err) {
    console.error(err instanceof ConfigError ? err.message : err instanceof Error ? `${err.name}: ${err.message}` : String(err));
    process.exit(1);
  }
}
