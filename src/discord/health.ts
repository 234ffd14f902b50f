/**
 * The bot's pulse, for whoever runs it: every minute one `health` log line per shard process
 * with its shards and guilds, the games and timers in the database, how long interactions took
 * (percentiles over the minute), the event loop's delay and the memory in use. A timer long
 * overdue means no process is firing it (a shard down); a climbing p99 means the bot is
 * saturated. No player data: counts and timings only.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Client } from 'discord.js';
import { NEVER } from '../runtime/presence.ts';
import type { Store } from '../store/index.ts';
import { errorText, type LogFields, type Logger } from './log.ts';
import { ownsGuild, type ShardScope } from './shards.ts';

export const HEALTH_INTERVAL_MS = 60_000;

/** A timer this late was missed by every process that should fire it. */
const OVERDUE_MS = 60_000;

/** Interactions kept per window: enough for percentiles, bounded however busy the bot is. */
const MAX_SAMPLES = 20_000;

export interface HealthSnapshot extends LogFields {
  shards: string;
  shardCount: number;
  guilds: number;
  /** Running games in this process's guilds. */
  gamesRunning: number;
  lobbies: number;
  /** Timers of every shard in the database, and those overdue by more than a minute. */
  timersPending: number;
  timersOverdue: number;
  interactions: number;
  p50Ms: number | null;
  p95Ms: number | null;
  p99Ms: number | null;
  /** How late the event loop ran what was due (p99 over the window), not counting the monitor's own period. */
  loopP99Ms: number;
  rssMb: number;
  /** Of the RSS: the JavaScript heap of the main thread, and memory outside it held by JavaScript objects (Buffers, the PNGs). */
  heapMb: number;
  externalMb: number;
  /**
   * Times a request waited for Discord's global rate limit (this process's share of the bot's
   * requests per second; see rest.ts), and the longest wait: posts are late while it climbs.
   */
  globalLimitWaits: number;
  globalLimitMaxWaitMs: number | null;
}

export function percentile(sorted: readonly number[], q: number): number | null {
  if (sorted.length === 0) return null;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

/**
 * How late the event loop runs what is due, beyond when it was due. Node's monitor is a
 * repeating timer that records the whole time between two of its ticks, its own period
 * included: an idle loop reads ≈ `periodMs` (min ≈ 9.1, mean ≈ 10.5 ms for a 10 ms period in a
 * bare script) although nothing waited. The period is taken off each reading, so an idle loop
 * reads ≈ 0 and a loop blocked 50 ms reads ≈ 50 ms. A shorter period would shrink the error but
 * wake an idle bot a thousand times a second.
 */
export class LoopDelay {
  readonly #histogram: ReturnType<typeof monitorEventLoopDelay>;

  constructor(private readonly periodMs = 10) {
    this.#histogram = monitorEventLoopDelay({ resolution: periodMs });
    this.#histogram.enable();
  }

  /** The q-th percentile (0–100) of the delay since the last reset, in ms. */
  percentileMs(q: number): number {
    if (this.#histogram.count === 0) return 0;
    return Math.max(0, this.#histogram.percentile(q) / 1e6 - this.periodMs);
  }

  reset(): void {
    this.#histogram.reset();
  }

  stop(): void {
    this.#histogram.disable();
  }
}

/** `/games status` reads the interactions of the last minute, whenever the log line was. */
const RECENT_MS = 60_000;

/** What `/games status` shows: the log line's figures, plus the games of the asking server. */
export interface HealthView extends HealthSnapshot {
  gamesRunningHere: number;
  lobbiesHere: number;
}

type Timing = Pick<HealthSnapshot, 'interactions' | 'p50Ms' | 'p95Ms' | 'p99Ms' | 'loopP99Ms' | 'rssMb' | 'heapMb' | 'externalMb' | 'globalLimitWaits' | 'globalLimitMaxWaitMs'>;
type Counts = Pick<HealthView, 'shards' | 'shardCount' | 'guilds' | 'gamesRunning' | 'lobbies' | 'timersPending' | 'timersOverdue' | 'gamesRunningHere' | 'lobbiesHere'>;

export class Health {
  /** Interactions since the log line's window began or within the last minute, whichever is older; `at` from performance.now(). */
  #samples: { at: number; ms: number }[] = [];
  #windowStart = performance.now();
  #loop = new LoopDelay();
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: { client: Client; store: Store; log: Logger; now: () => number }, private readonly scope: () => ShardScope) {}

  /** Waits for Discord's global rate limit, kept as interactions are. */
  #globalWaits: { at: number; ms: number }[] = [];

  /** One interaction, from its arrival to its last answer. */
  record(ms: number): void {
    this.#keep(this.#samples, ms);
  }

  /** A request held back by Discord's global rate limit for `ms`. */
  globalLimitWait(ms: number): void {
    this.#keep(this.#globalWaits, ms);
  }

  #keep(list: { at: number; ms: number }[], ms: number): void {
    const at = performance.now();
    const keepFrom = Math.min(this.#windowStart, at - RECENT_MS);
    const kept = list.findIndex((s) => s.at >= keepFrom);
    if (kept !== 0) list.splice(0, kept === -1 ? list.length : kept);
    if (list.length < MAX_SAMPLES) list.push({ at, ms });
  }

  /** Logs a line every `intervalMs` until stopped. */
  start(intervalMs = HEALTH_INTERVAL_MS): void {
    this.#timer = setInterval(() => void this.log(), intervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    this.#loop.stop();
  }

  async log(): Promise<void> {
    try {
      this.ctx.log.info('health', await this.snapshot());
    } catch (err) {
      this.ctx.log.warn('health check failed', { error: errorText(err) });
    }
  }

  /** The figures since the previous snapshot (which this one starts a new window for). */
  async snapshot(): Promise<HealthSnapshot> {
    const timing = this.#timing(this.#windowStart);
    this.#windowStart = performance.now();
    this.#loop.reset();
    const { gamesRunningHere: _g, lobbiesHere: _l, ...counts } = await this.#counts(null);
    return { ...counts, ...timing };
  }

  /**
   * For `/games status`: the same figures, with interactions over the last minute and the event
   * loop since the last log line; the log line's window is left as it is.
   */
  async view(guildId: string): Promise<HealthView> {
    const timing = this.#timing(performance.now() - RECENT_MS);
    return { ...(await this.#counts(guildId)), ...timing };
  }

  #timing(since: number): Timing {
    const samples = this.#samples.filter((s) => s.at >= since).map((s) => s.ms).sort((a, b) => a - b);
    const waits = this.#globalWaits.filter((s) => s.at >= since).map((s) => s.ms);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    const mem = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1048576);
    return {
      interactions: samples.length,
      p50Ms: round(percentile(samples, 0.5)),
      p95Ms: round(percentile(samples, 0.95)),
      p99Ms: round(percentile(samples, 0.99)),
      loopP99Ms: Math.round(this.#loop.percentileMs(99) * 10) / 10,
      rssMb: mb(mem.rss),
      heapMb: mb(mem.heapUsed),
      externalMb: mb(mem.external),
      globalLimitWaits: waits.length,
      globalLimitMaxWaitMs: waits.length ? Math.round(Math.max(...waits)) : null,
    };
  }

  async #counts(guildId: string | null): Promise<Counts> {
    const scope = this.scope();
    const { prisma } = this.ctx.store;
    const now = this.ctx.now();
    const [games, timersPending, timersOverdue] = await Promise.all([
      prisma.game.groupBy({ by: ['guildId', 'status'], where: { status: { in: ['running', 'lobby'] } }, _count: { _all: true } }),
      // A clock that never runs out (no turn limit, a paused game) is not waiting for anything.
      prisma.timer.count({ where: { fireAt: { lt: NEVER } } }),
      prisma.timer.count({ where: { fireAt: { lt: new Date(now - OVERDUE_MS) } } }),
    ]);
    const count = (rows: typeof games, status: string) => rows.filter((g) => g.status === status).reduce((n, g) => n + g._count._all, 0);
    const mine = games.filter((g) => ownsGuild(scope, g.guildId));
    const here = games.filter((g) => g.guildId === guildId);
    return {
      shards: scope.ids.join(','),
      shardCount: scope.count,
      guilds: this.ctx.client.guilds.cache.size,
      gamesRunning: count(mine, 'running'),
      lobbies: count(mine, 'lobby'),
      timersPending,
      timersOverdue,
      gamesRunningHere: count(here, 'running'),
      lobbiesHere: count(here, 'lobby'),
    };
  }
}
