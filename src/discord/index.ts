/**
 * The Discord adapter: a discord.js client, the store, the interaction router and the timer
 * scheduler, with a graceful stop (no new work, in-flight work finished, then the gateway and
 * the database closed). One GameBot may run one shard of many (`npm run start:sharded`):
 * timers and start-up recovery then cover only its shard's guilds, and every log line carries
 * the shard id.
 */
import { Client, Events, GatewayIntentBits, Options, RESTEvents, type ClientOptions } from 'discord.js';
import { commandDefinitions } from '../../commands/index.ts';
import { allGames, gameById } from '../games/registry.ts';
import { closeRenderer, warmRenderer } from '../render/index.ts';
import { openStore, type Store } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { createLogger, errorText, type Logger } from './log.ts';
import { route } from './router.ts';
import { discordPosting } from './posting.ts';
import { Outbox } from './outbox.ts';
import { recoverGames, type Recovered } from './recovery.ts';
import { Scheduler } from './scheduler.ts';
import { Health } from './health.ts';
import { processShards, SINGLE_SHARD, shardScope, type ShardScope } from './shards.ts';
import { DISCORD_GLOBAL_LIMIT, exemptInteractionEndpoints, processShareOfGlobalLimit } from './rest.ts';

export interface BotOptions {
  token: string;
  databaseUrl: string;
  /** For the local Discord double: `rest: { api }`. */
  discordApiUrl?: string;
  /** Registers every game's command globally at start (the double and the sandbox); production uses `npm run deploy-commands`. */
  registerCommands?: boolean;
  logger?: Logger;
  now?: () => number;
  timerPollMs?: number;
  seedFor?: (gameId: number) => string | undefined;
  /**
   * The shards this process runs, or 'auto' for the count Discord recommends. Left out under
   * discord.js's ShardingManager, which tells each process its shard (SHARDS, SHARD_COUNT).
   */
  shards?: number[] | 'auto';
  shardCount?: number;
  /**
   * Requests per second Discord allows this bot (its global rate limit: 50 unless Discord raised
   * it), shared by all of its processes; interaction answers do not count (see rest.ts).
   */
  globalRequestsPerSecond?: number;
  /** How often the health line is logged (default every minute). */
  healthIntervalMs?: number;
}

/**
 * What discord.js keeps in memory, cut to what the bot reads: a process holds thousands of
 * channels with a game each, and by default every message posted in each of them (200 per
 * channel), every member and user who ever pressed a button, and every guild's emojis and
 * stickers stay cached for the life of the process. The bot reads only guilds, channels, roles
 * and permission overwrites (to post and to check its permissions) and its own member; old
 * posts are edited by id, which needs no cached message; interactions bring their own member
 * and user.
 */
function botCaches(): ClientOptions['makeCache'] {
  const none = { maxSize: 0 };
  return Options.cacheWithLimits({
    ...Options.DefaultMakeCacheSettings,
    MessageManager: none,
    UserManager: { maxSize: 0, keepOverLimit: (u) => u.id === u.client.user.id },
    GuildMemberManager: { maxSize: 0, keepOverLimit: (m) => m.id === m.client.user.id },
    ThreadMemberManager: none,
    ReactionManager: none,
    ReactionUserManager: none,
    PresenceManager: none,
    VoiceStateManager: none,
    GuildEmojiManager: none,
    GuildStickerManager: none,
    GuildScheduledEventManager: none,
    StageInstanceManager: none,
    GuildInviteManager: none,
    GuildBanManager: none,
    AutoModerationRuleManager: none,
  });
}

export class GameBot {
  readonly #inflight = new Set<Promise<unknown>>();
  #stopping = false;
  #scheduler: Scheduler | null = null;
  #scope: ShardScope = SINGLE_SHARD;
  #stopInteractionRest: () => void = () => undefined;
  readonly health: Health;
  /** Settles once start-up recovery is done (its posts out) and the timers run; the bot answers before. */
  recovered: Promise<Recovered> = Promise.resolve({ games: 0, posted: 0, computerMoves: 0 });

  private constructor(readonly client: Client, readonly store: Store, readonly ctx: BotContext) {
    this.health = new Health(ctx, () => this.#scope);
    ctx.health = this.health;
  }

  static async start(opts: BotOptions): Promise<GameBot> {
    const log = opts.logger ?? createLogger();
    // The render worker loads the games' drawings while the bot connects.
    warmRenderer(allGames().map((g) => g.drawings));
    // A PostgreSQL connection that fails outside a query is replaced by the pool: a log line, not a crash.
    let storeLog = log;
    const store = await openStore(opts.databaseUrl, { kinds: gameById, onConnectionError: (problem) => storeLog.warn('database connection lost', { problem }) });
    const globalLimit = processShareOfGlobalLimit(opts.globalRequestsPerSecond ?? DISCORD_GLOBAL_LIMIT, processShards(opts));
    const client = new Client({
      intents: [GatewayIntentBits.Guilds],
      makeCache: botCaches(),
      rest: { ...(opts.discordApiUrl ? { api: opts.discordApiUrl } : {}), globalRequestsPerSecond: globalLimit },
      ...(opts.shards ? { shards: opts.shards } : {}),
      ...(opts.shardCount ? { shardCount: opts.shardCount } : {}),
    });
    const stopInteractionRest = exemptInteractionEndpoints(client).stop;
    // The outbox's posts count as work in flight, so that stop() lets them finish.
    const outbox = new Outbox((p) => bot.#track(p), undefined, opts.now ?? Date.now);
    const ctx: BotContext = { client, store, log, outbox, now: opts.now ?? Date.now, seedFor: opts.seedFor ?? (() => undefined), posting: discordPosting(() => ctx) };
    const bot: GameBot = new GameBot(client, store, ctx);
    bot.#stopInteractionRest = stopInteractionRest;
    client.on(Events.InteractionCreate, (i) => {
      const started = performance.now();
      void bot.#track(route(ctx, i, { stopping: bot.#stopping })).finally(() => bot.health.record(performance.now() - started));
    });
    client.rest.on(RESTEvents.RateLimited, (info) => {
      if (info.global) bot.health.globalLimitWait(info.timeToReset);
    });
    client.on(Events.Error, (err) => log.error('client error', { error: errorText(err) }));
    client.on(Events.Warn, (msg) => log.warn('client warning', { detail: msg }));
    try {
      const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
      await client.login(opts.token);
      await ready;
      bot.#scope = shardScope(client);
      ctx.log = log.child({ shard: bot.#scope.ids.length === 1 ? bot.#scope.ids[0]! : bot.#scope.ids.join(',') });
      storeLog = ctx.log;
      // Commands are global: one shard registers them for all.
      if (opts.registerCommands && bot.#scope.ids.includes(0)) await client.application?.commands.set(commandDefinitions());
    } catch (err) {
      await client.destroy().catch(() => undefined);
      stopInteractionRest();
      await store.close().catch(() => undefined);
      throw err;
    }
    // Interactions are answered from here on. Start-up recovery goes on behind them: a press on
    // a game not yet recovered is as safe as any other (the channel's lock orders it with that
    // game's recovery, the version compare-and-set refuses a stale write, and the press itself
    // tells the channel what it had not been told; see recovery.ts). Waiting for every game's
    // posts first left players unanswered for seconds after a restart (issue 28.5).
    bot.health.start(opts.healthIntervalMs);
    ctx.log.info('bot ready', { user: client.user?.tag ?? null, guilds: client.guilds.cache.size, shardCount: bot.#scope.count, globalLimit });
    const started = performance.now();
    bot.recovered = bot.#track(recoverGames(ctx, bot.#scope, () => bot.#stopping)).catch((err: unknown): Recovered => {
      // The games could not even be listed (the database is down): the timers still run, and each game is repaired by its next move.
      ctx.log.error('recovery failed', { error: errorText(err) });
      return { games: 0, posted: 0, computerMoves: 0 };
    }).then((recovered) => {
      // Only now the timers: they are derived again from the games, not trusted, before the first fires.
      if (!bot.#stopping) {
        bot.#scheduler = new Scheduler(ctx, opts.timerPollMs ?? 5000, (p) => bot.#track(p), bot.#scope);
        bot.#scheduler.start();
      }
      ctx.log.info('games recovered', { ...recovered, ms: Math.round(performance.now() - started) });
      return recovered;
    });
    return bot;
  }

  #track<T>(p: Promise<T>): Promise<T> {
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p)).catch(() => undefined);
    return p;
  }

  /** Runs due timers now (tests). */
  tickTimers(): Promise<void> {
    return this.#scheduler?.tick() ?? Promise.resolve();
  }

  async stop(): Promise<void> {
    if (this.#stopping) return;
    this.#stopping = true;
    this.health.stop();
    await this.#scheduler?.stop();
    await Promise.allSettled([...this.#inflight]);
    await this.client.destroy();
    this.#stopInteractionRest();
    await this.store.close();
    // The render worker restarts by itself on the next render, so closing it is always safe.
    await closeRenderer();
    this.ctx.log.info('bot stopped');
  }
}
