/**
 * The bot's pulse, for whoever runs it: every minute one `health` log line per shard process
 * with its shards and guilds, the games and timers in the database, how long interactions took
 * (percentiles over the minute), the event loop's delay and the memory in use. A timer long
 * overdue means no process is firing it (a shard down); a climbing p99 means the bot is
 * saturated. No player data: counts and timings only.
 */
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import type { BotContext } from './context.ts';
import { errorText, type LogFields } from './log.ts';
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
  readonly #histogram: IntervalHistogram;

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

export class Health {
  #samples: number[] = [];
  #loop = new LoopDelay();
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: BotContext, private readonly scope: () => ShardScope) {}

  /** One interaction, from its arrival to its last answer. */
  record(ms: number): void {
    if (this.#samples.length < MAX_SAMPLES) this.#samples.push(ms);
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
    const samples = this.#samples.sort((a, b) => a - b);
    this.#samples = [];
    const loopP99Ms = this.#loop.percentileMs(99);
    this.#loop.reset();
    const scope = this.scope();
    const { prisma } = this.ctx.store;
    const now = this.ctx.now();
    const [games, timersPending, timersOverdue] = await Promise.all([
      prisma.game.groupBy({ by: ['guildId', 'status'], where: { status: { in: ['running', 'lobby'] } }, _count: { _all: true } }),
      prisma.timer.count(),
      prisma.timer.count({ where: { fireAt: { lt: new Date(now - OVERDUE_MS) } } }),
    ]);
    const mine = games.filter((g) => ownsGuild(scope, g.guildId));
    const count = (status: string) => mine.filter((g) => g.status === status).reduce((n, g) => n + g._count._all, 0);
    const mem = process.memoryUsage();
    const mb = (bytes: number) => Math.round(bytes / 1048576);
    const round = (v: number | null) => (v === null ? null : Math.round(v * 10) / 10);
    return {
      shards: scope.ids.join(','),
      shardCount: scope.count,
      guilds: this.ctx.client.guilds.cache.size,
      gamesRunning: count('running'),
      lobbies: count('lobby'),
      timersPending,
      timersOverdue,
      interactions: samples.length,
      p50Ms: round(percentile(samples, 0.5)),
      p95Ms: round(percentile(samples, 0.95)),
      p99Ms: round(percentile(samples, 0.99)),
      loopP99Ms: Math.round(loopP99Ms * 10) / 10,
      rssMb: mb(mem.rss),
      heapMb: mb(mem.heapUsed),
      externalMb: mb(mem.external),
    };
  }
}
