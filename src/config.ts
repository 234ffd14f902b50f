/**
 * Configuration from the environment (and `.env` through dotenv), checked with zod at start.
 * Every missing or malformed variable gets its own line saying what is wrong and what is
 * expected; no value is ever echoed back (a token must not reach a log).
 */
import { z } from 'zod';

const snowflake = /^\d{17,20}$/;

/** The most shards the configuration takes (a bot of 10 million servers runs about 4,000). */
const MAX_SHARDS = 4096;
const SHARD_COUNT_PROBLEM = `SHARD_COUNT must be 'auto' or a whole number of shards from 1 to ${MAX_SHARDS}`;

/**
 * Shard ids from `0-3`, `5` or `0,2,4-5` (ascending, each once); null when the text is not
 * such a list.
 */
export function parseShardList(text: string): number[] | null {
  const ids = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^\s*(\d{1,4})\s*(?:-\s*(\d{1,4})\s*)?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (to < from || to >= MAX_SHARDS) return null;
    for (let id = from; id <= to; id++) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

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
   * How many shards (gateway connections) the bot runs, on all of its hosts together: a number,
   * or 'auto' for Discord's recommendation. `npm start` runs them in one process (default 1);
   * `npm run start:sharded` one process per shard (default 'auto').
   */
  SHARD_COUNT: z
    .union([z.literal('auto'), z.coerce.number().int(SHARD_COUNT_PROBLEM).min(1, SHARD_COUNT_PROBLEM).max(MAX_SHARDS, SHARD_COUNT_PROBLEM)], { error: SHARD_COUNT_PROBLEM })
    .optional(),
  /**
   * Which of the SHARD_COUNT shards this host runs: ids and ranges such as `0-3` or `0,2,4-5`
   * (every shard when left out). Each shard must run on exactly one host.
   */
  SHARDS: z
    .string()
    .trim()
    .transform((text, ctx) => {
      const ids = parseShardList(text);
      if (ids) return ids;
      if (text === 'auto') {
        ctx.addIssue({ code: 'custom', message: 'SHARDS=auto: how many shards the bot runs is SHARD_COUNT (SHARD_COUNT=auto); SHARDS names the ones this host runs (empty: all of them)' });
        return z.NEVER;
      }
      ctx.addIssue({ code: 'custom', message: "SHARDS must be the shard ids this host runs, such as 0-3 or 0,2,4-5 (with SHARD_COUNT the number of shards of all hosts together), or left empty for all" });
      return z.NEVER;
    })
    .optional(),
  /**
   * The Discord API the bot talks to (default Discord's own, https://discord.com/api): a REST
   * proxy in front of Discord, or a local Discord double in the tests.
   */
  DISCORD_API_URL: z.url({ protocol: /^https?$/, error: 'DISCORD_API_URL must be an http(s) URL such as https://discord.com/api, or left empty' }).optional(),
}).superRefine((c, ctx) => {
  if (!c.SHARDS) return;
  if (c.SHARD_COUNT === undefined || c.SHARD_COUNT === 'auto') {
    ctx.addIssue({ code: 'custom', path: ['SHARDS'], message: `SHARDS names the shards this host runs, so SHARD_COUNT must say how many the bot runs on all hosts together (a number, not auto)${c.SHARDS.length === 1 && c.SHARD_COUNT === undefined ? `; to run ${c.SHARDS[0]} shards on this host alone, set SHARD_COUNT=${c.SHARDS[0]} and leave SHARDS empty` : ''}` });
    return;
  }
  const beyond = c.SHARDS.filter((id) => id >= (c.SHARD_COUNT as number));
  if (beyond.length) ctx.addIssue({ code: 'custom', path: ['SHARDS'], message: `SHARDS names shard ${beyond.join(', ')}, but with SHARD_COUNT=${c.SHARD_COUNT} the shards are numbered 0 to ${(c.SHARD_COUNT as number) - 1}` });
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
