/**
 * The public posts of every channel, sent in the order they were queued but outside the
 * channel's lock: a batch of computer turns slowed down by Discord's rate limit never holds up
 * the next press in that channel. A failed post is retried with backoff; when it still fails,
 * the log says why and the channel gets a plain note for its admins (when the bot can still
 * write there). After a game's last post the store records the version the channel shows, so
 * start-up can post again what a crash lost, and that post's id (Game.boardMessageId), which
 * `/games mine` links to.
 */
import { DiscordAPIError, RESTJSONErrorCodes, type MessageCreateOptions } from 'discord.js';
import { KeyedQueue } from '../store/queue.ts';
import type { BotContext } from './context.ts';
import { missingPermissions } from './guards.ts';
import { errorText } from './log.ts';
import { sendable } from './posts.ts';

export type PostBuild = () => Promise<MessageCreateOptions>;

/** Waits before each retry of a failed post, in ms. */
const BACKOFF_MS = [250, 1000, 4000];

/** Failures that retrying cannot fix. */
const PERMANENT = new Set<number>([RESTJSONErrorCodes.MissingPermissions, RESTJSONErrorCodes.MissingAccess, RESTJSONErrorCodes.UnknownChannel]);

export class Outbox {
  readonly #queue = new KeyedQueue();

  constructor(private readonly track: <T>(p: Promise<T>) => Promise<T>, private readonly backoffMs: readonly number[] = BACKOFF_MS) {}

  /**
   * Queues a game's posts for its channel; resolves once they are out, with null, or with a
   * sentence saying why they could not be posted. Never rejects.
   */
  send(ctx: BotContext, channelId: string, gameId: number, version: number | null, posts: readonly PostBuild[]): Promise<string | null> {
    return this.track(this.#queue.run(channelId, async () => {
      let last: string | null = null;
      for (const build of posts) {
        const sent = await this.#post(ctx, channelId, gameId, build);
        if ('problem' in sent) return sent.problem;
        last = sent.id;
      }
      if (version !== null) {
        await ctx.store.setPostedVersion(gameId, version).catch((err: unknown) => ctx.log.error('recording the post failed', { game: gameId, error: errorText(err) }));
        // The game's latest turn post: `/games mine` links to it.
        if (last) await ctx.store.setMessageIds(gameId, { boardMessageId: last }).catch((err: unknown) => ctx.log.error('recording the post failed', { game: gameId, error: errorText(err) }));
      }
      return null;
    }).catch((err: unknown) => {
      ctx.log.error('posting failed', { game: gameId, channel: channelId, error: errorText(err) });
      return 'Something went wrong while posting it.';
    }));
  }

  /** Resolves once every post queued so far for the channel is out (or given up). */
  idle(channelId: string): Promise<void> {
    return this.#queue.run(channelId, () => Promise.resolve());
  }

  async #post(ctx: BotContext, channelId: string, gameId: number, build: PostBuild): Promise<{ id: string } | { problem: string }> {
    const msg = await build();
    let last: unknown = null;
    for (let attempt = 0; attempt <= this.backoffMs.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.backoffMs[attempt - 1]));
      try {
        const c = await sendable(ctx, channelId);
        if (!c) throw new Error('the channel is gone or not a text channel');
        return { id: (await c.send(msg)).id };
      } catch (err) {
        last = err;
        if (err instanceof DiscordAPIError && typeof err.code === 'number' && PERMANENT.has(err.code)) break;
      }
    }
    const missing = await missingHere(ctx, channelId, (msg.files?.length ?? 0) > 0);
    ctx.log.warn('post failed', { channel: channelId, game: gameId, missing: missing.join(', ') || null, error: errorText(last) });
    const why = missing.length ? `I am missing the **${missing.join('**, **')}** permission${missing.length > 1 ? 's' : ''} in this channel` : 'Discord did not accept the post';
    // A plain note for the channel's admins: it needs no more than Send Messages.
    try {
      await (await sendable(ctx, channelId))?.send({ content: `⚠️ I could not post the latest turn of game #${gameId} here: ${why}. The game is saved: once an admin fixes it, I post where it stands at the next move or when I restart.`, allowedMentions: { parse: [] } });
    } catch {
      // Not even a plain note gets through: the log line above is all there is.
    }
    return { problem: `I could not post it in the channel: ${why}.` };
  }
}

/** The permissions the bot lacks to post in the channel, as Discord names them. */
async function missingHere(ctx: BotContext, channelId: string, files: boolean): Promise<string[]> {
  const c = await sendable(ctx, channelId);
  const me = ctx.client.user;
  if (!c || !me || c.isDMBased()) return [];
  const perms = c.permissionsFor(me);
  return perms ? missingPermissions(perms, { thread: c.isThread(), files }) : [];
}
