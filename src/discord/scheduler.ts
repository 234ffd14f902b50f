/**
 * Due timers. They live in the store (so a restart loses none): this loop polls for due
 * ones — at start, which fires whatever came due while the bot was down, and then every
 * `pollMs`. A lobby's expiry closes it; a turn timer (H2) is the runtime's to fire
 * (src/runtime/moves.ts's fireTurnTimer: a reminder, or the seat's timeout as a move).
 * With several shard processes on one database (on one host or several), each fires only its
 * own guilds' timers, and claims each one by id in the database before acting on it, so a timer
 * fires once even if two processes see it.
 */
import type { TimerRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { fireTurnTimer } from '../runtime/moves.ts';
import { sendDigests } from './digest.ts';
import { started, withDef } from './guards.ts';
import { errorText } from './log.ts';
import { abortGame } from './handlers/admin.ts';
import { LOBBY_EXPIRY } from './handlers/lobby.ts';
import { expiryText } from './handlers/settings.ts';
import { SINGLE_SHARD, type ShardScope } from './shards.ts';

export class Scheduler {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(
    private readonly ctx: BotContext,
    private readonly pollMs: number,
    private readonly track: <T>(p: Promise<T>) => Promise<T>,
    private readonly scope: ShardScope = SINGLE_SHARD,
  ) {}

  start(): void {
    this.#stopped = false;
    void this.#poll();
    this.#timer = setInterval(() => void this.#poll(), this.pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#running;
  }

  /** Handles every due timer once (a poll while one is running is skipped). */
  #poll(): Promise<void> {
    if (this.#running || this.#stopped) return this.#running ?? Promise.resolve();
    this.#running = this.track(this.#run()).finally(() => {
      this.#running = null;
    });
    return this.#running;
  }

  /** Handles every timer due now, after the run in progress (which may have read the clock earlier). */
  async tick(): Promise<void> {
    await this.#running;
    await this.#poll();
  }

  async #run(): Promise<void> {
    let due: TimerRecord[];
    try {
      // Only this process's guilds: another host's (even one that is down) are its own.
      due = await this.ctx.store.dueTimers(new Date(this.ctx.now()), 100, this.scope);
    } catch (err) {
      this.ctx.log.error('timer poll failed', { error: errorText(err) });
      return;
    }
    for (const t of due) {
      if (this.#stopped) return;
      const started = performance.now();
      let outcome = 'ok';
      try {
        const fired = await this.ctx.store.withChannelLock(t.game.channelId, () => this.#fire(t));
        outcome = fired.outcome;
        // Its posts go out after the lock is released; the tick ends once they are out.
        await fired.posted;
      } catch (err) {
        outcome = 'error';
        this.ctx.log.error('timer failed', { game: t.gameId, timer: t.kind, error: errorText(err) });
        await this.ctx.store.claimTimer(t.id).catch(() => undefined);
      }
      this.ctx.log.info('timer', { game: t.gameId, timer: t.kind, outcome, ms: Math.round(performance.now() - started) });
    }
    // Players' daily digests are due on the same clock (each claimed, so one process sends it).
    if (!this.#stopped) await sendDigests(this.ctx).catch((err: unknown) => this.ctx.log.error('digests failed', { error: errorText(err) }));
  }

  async #fire(t: TimerRecord): Promise<{ outcome: string; posted?: Promise<string | null> }> {
    const outcome = (o: string) => ({ outcome: o });
    const { store } = this.ctx;
    const loaded = await store.getGame(t.gameId);
    // Re-check under the lock: the timer may have been re-armed or made stale meanwhile.
    const current = (await store.listTimers(t.gameId)).find((x) => x.kind === t.kind && x.seat === t.seat);
    if (!current || current.fireAt.getTime() > this.ctx.now()) return outcome('rearmed');
    // Another process (a shard restarted over this one's last moments) may have taken it.
    if (!(await store.claimTimer(t.id, new Date(this.ctx.now())))) return outcome('claimed-elsewhere');
    if (t.kind === LOBBY_EXPIRY) {
      if (loaded.record.status !== 'lobby') return outcome('started');
      const waited = expiryText(Math.round((t.fireAt.getTime() - loaded.record.createdAt.getTime()) / 1000));
      const { posted } = await abortGame(this.ctx, withDef(loaded), 'lobby expiry', `Game #${loaded.record.id}'s lobby has closed: nobody started it within ${waited}.`);
      return { outcome: 'lobby-expired', posted };
    }
    const game = loaded.record.status === 'running' ? started(withDef(loaded)) : null;
    if (!game) return outcome('not-running');
    return fireTurnTimer(this.ctx, game, t);
  }
}
