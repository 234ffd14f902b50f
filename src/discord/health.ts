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

export class Health {
  #samples: number[] = [];
  #loop: IntervalHistogram = monitorEventLoopDelay({ resolution: 10 });
  #timer: NodeJS.Timeout | null = null;

  constructor(private readonly ctx: BotContext, private readonly scope: () => ShardScope) {
    this.#loop.enable();
  }

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
    this.#loop.disable();
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
    const loopP99Ms = this.#loop.percentile(99) / 1e6;
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
