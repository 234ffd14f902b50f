/**
 * H2 turn timers. They live in the store (so a restart loses none): this loop polls for due
 * ones — at start, which fires whatever came due while the bot was down, and then every
 * `pollMs`. A reminder is a new message (mentions in edits do not notify); a timeout is the
 * game's system action, after which computers may play on and the next timers are armed.
 * With several shard processes on one database (on one host or several), each fires only its
 * own guilds' timers, and claims each one by id in the database before acting on it, so a timer
 * fires once even if two processes see it.
 */
import type { TimerRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { act, armTurnTimers, timerSeat, TURN_TIMERS } from './game.ts';
import { withDef, type RunningGame } from './guards.ts';
import { errorText } from './log.ts';
import { mention } from './posts.ts';
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
  }

  async #fire(t: TimerRecord): Promise<{ outcome: string; posted?: Promise<string | null> }> {
    const outcome = (o: string) => ({ outcome: o });
    const { store } = this.ctx;
    const loaded = await store.getGame(t.gameId);
    const payload = (t.payload ?? {}) as { version?: number };
    // Re-check under the lock: the timer may have been re-armed or made stale meanwhile.
    const current = (await store.listTimers(t.gameId)).find((x) => x.kind === t.kind && x.seat === t.seat);
    if (!current || current.fireAt.getTime() > this.ctx.now()) return outcome('rearmed');
    // Another process (a shard restarted over this one's last moments) may have taken it.
    if (!(await store.claimTimer(t.id, new Date(this.ctx.now())))) return outcome('claimed-elsewhere');
    if (t.kind === LOBBY_EXPIRY) {
      if (loaded.game.status !== 'lobby') return outcome('started');
      const waited = expiryText(Math.round((t.fireAt.getTime() - loaded.game.createdAt.getTime()) / 1000));
      const { posted } = await abortGame(this.ctx, withDef(loaded), 'lobby expiry', `Game #${loaded.game.id}'s lobby has closed: nobody started it within ${waited}.`);
      return { outcome: 'lobby-expired', posted };
    }
    if (loaded.game.status !== 'running' || loaded.state === null) return outcome('not-running');
    const game = withDef(loaded) as RunningGame;
    const seat = timerSeat(t);
    if (!(TURN_TIMERS as readonly string[]).includes(t.kind) || seat === null) return outcome('unknown-kind');
    const stale = !game.def.activeSeats(game.state).includes(seat) || game.seats.find((s) => s.seat === seat)?.computer
      || typeof payload.version !== 'number' || (await store.actedSince(t.gameId, payload.version, seat));
    if (stale) {
      // A crash may have kept the timer of a turn that is over: the clocks the state calls for are armed again.
      await armTurnTimers(this.ctx, game, game.state, game.game.version, []);
      return outcome('stale');
    }
    if (t.kind === 'reminder') {
      const deadline = (await store.listTimers(t.gameId)).find((x) => x.kind === 'timeout' && timerSeat(x) === seat);
      const when = deadline ? ` <t:${Math.floor(deadline.fireAt.getTime() / 1000)}:R>` : ' soon';
      const userId = game.seats.find((s) => s.seat === seat)?.userId;
      const posted = this.ctx.outbox.send(this.ctx, game.game, null, [async () => ({
        content: `⏰ ${mention(game.seats, seat)}, half of your time for this turn in game #${game.game.id} is gone: the computer plays it for you${when}.`,
        allowedMentions: { users: userId ? [userId] : [] },
      })]);
      return { outcome: 'reminded', posted };
    }
    const res = await act(this.ctx, game, 'system', { type: 'timeout', seat });
    return res.ok ? { outcome: 'timed-out', posted: res.posted } : outcome(`refused:${res.refusal.code}`);
  }
}
