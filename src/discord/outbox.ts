/**
 * The public posts of every channel, sent in the order they were queued but outside the
 * channel's lock: a batch of computer turns slowed down by Discord's rate limit never holds up
 * the next press in that channel. A failed post is retried with backoff; when it still fails,
 * the log says why and the channel gets a plain note for its admins (when the bot can still
 * write there). After a game's last post the store records the version the channel shows, so
 * start-up (or the next move) can post what was missed, and that post's id
 * (Game.boardMessageId), which `/games mine` links to; the buttons of the game's previous
 * prompt are then removed, so only the newest post offers any.
 */
import {
  DiscordAPIError, MessageFlags, PermissionFlagsBits, RESTJSONErrorCodes,
  type APIMessageTopLevelComponent, type Message, type MessageCreateOptions, type PermissionsBitField,
} from 'discord.js';
import type { GameRecord, Store } from '../store/index.ts';
import { KeyedQueue } from '../store/queue.ts';
import { errorText } from './log.ts';
import { PicturesAhead, sendable, type PostBuild, type Poster } from './posts.ts';
import { asSent, isV2, withoutChoices } from './v2.ts';

/** What the outbox needs of the bot: posting, and the store where it records what the channel shows. */
type Posting = Poster & { store: Store };

/** What the outbox needs of a game: where it is posted and what its channel showed when it was loaded. */
export type PostedGame = Pick<GameRecord, 'id' | 'channelId' | 'postedVersion' | 'boardMessageId'>;

/** Waits before each retry of a failed post, in ms. */
const BACKOFF_MS = [250, 1000, 4000];

/** Failures that retrying cannot fix. */
const PERMANENT = new Set<number>([RESTJSONErrorCodes.MissingPermissions, RESTJSONErrorCodes.MissingAccess, RESTJSONErrorCodes.UnknownChannel]);

export class Outbox {
  readonly #queue = new KeyedQueue();
  /** Per game, the version its channel shows once the posts queued so far are out. */
  readonly #promised: Recent<number>;
  /**
   * Per game, the latest post that carries its buttons (newer than the store's, while posts are
   * queued), and for a Components V2 post what it shows once its choices are over.
   */
  readonly #prompts: Recent<Shown>;
  /** Pictures drawn for a post still to come. */
  readonly ahead = new PicturesAhead();

  constructor(private readonly track: <T>(p: Promise<T>) => Promise<T>, private readonly backoffMs: readonly number[] = BACKOFF_MS, now: () => number = Date.now) {
    this.#promised = new Recent(now);
    this.#prompts = new Recent(now);
  }

  /**
   * The version the game's channel shows, or will once its queued posts are out: what a new
   * post need not tell again. Read under the channel's lock, from the game loaded there.
   */
  shownVersion(game: PostedGame): number {
    return Math.max(game.postedVersion ?? 0, this.#promised.get(game.id) ?? 0);
  }

  /**
   * Queues a game's posts for its channel; resolves once they are out, with null, or with a
   * sentence saying why they could not be posted. Never rejects. `version`: the game version
   * the posts show (a turn post), or null (a reminder, a note).
   */
  send(ctx: Posting, game: PostedGame, version: number | null, posts: readonly PostBuild[]): Promise<string | null> {
    const { id: gameId, channelId } = game;
    if (version !== null) this.#promised.set(gameId, Math.max(version, this.#promised.get(gameId) ?? 0));
    return this.track(this.#queue.run(channelId, async () => {
      let last: Shown | null = null;
      for (const build of posts) {
        const sent = await this.#post(ctx, channelId, gameId, build);
        if ('problem' in sent) {
          // What was not posted is told by the next post instead (see shownVersion).
          this.#promised.delete(gameId);
          return sent.problem;
        }
        last = sent;
      }
      if (version !== null) {
        await ctx.store.setPostedVersion(gameId, version).catch((err: unknown) => ctx.log.error('recording the post failed', { game: gameId, error: errorText(err) }));
        if (last) await this.#newPrompt(ctx, game, last);
      }
      return null;
    }).catch((err: unknown) => {
      ctx.log.error('posting failed', { game: gameId, channel: channelId, error: errorText(err) });
      return 'Something went wrong while posting it.';
    }));
  }

  /** `post` is the game's latest turn post: `/games mine` links to it, and the one before loses its buttons. */
  async #newPrompt(ctx: Posting, game: PostedGame, post: Shown): Promise<void> {
    const before: Shown | null = this.#prompts.get(game.id) ?? (game.boardMessageId ? { id: game.boardMessageId } : null);
    this.#prompts.set(game.id, post);
    await ctx.store.setMessageIds(game.id, { boardMessageId: post.id }).catch((err: unknown) => ctx.log.error('recording the post failed', { game: game.id, error: errorText(err) }));
    if (!before || before.id === post.id) return;
    try {
      const channel = await sendable(ctx, game.channelId);
      if (!channel) return;
      // A V2 post keeps all but its choices (its text and pictures are the message); one not
      // remembered (the bot restarted since) is read back first.
      let after = before.after;
      if (!after) {
        const old = await channel.messages.fetch(before.id).catch(() => null);
        if (old && isV2(old.flags)) after = withoutChoices(asSent(old));
      }
      await channel.messages.edit(before.id, after ? { components: after, flags: MessageFlags.IsComponentsV2 } : { components: [] });
    } catch (err) {
      // A deleted message has no buttons left to press; anything else only leaves stale buttons, which refuse politely.
      ctx.log.warn('removing old buttons failed', { game: game.id, channel: game.channelId, error: errorText(err) });
    }
  }

  /**
   * A post of the game was rewritten (a taken-back move struck through): what it shows from now
   * on, with no choices, so that removing its buttons later keeps the new text.
   */
  rewritten(gameId: number, messageId: string, components: APIMessageTopLevelComponent[]): void {
    if (this.#prompts.get(gameId)?.id === messageId) this.#prompts.set(gameId, { id: messageId, after: withoutChoices(components) });
  }

  /** Resolves once every post queued so far for the channel is out (or given up). */
  idle(channelId: string): Promise<void> {
    return this.#queue.run(channelId, () => Promise.resolve());
  }

  async #post(ctx: Posting, channelId: string, gameId: number, build: PostBuild): Promise<Shown | { problem: string }> {
    const msg = await build();
    let last: unknown = null;
    for (let attempt = 0; attempt <= this.backoffMs.length; attempt++) {
      if (attempt > 0) await new Promise((r) => setTimeout(r, this.backoffMs[attempt - 1]));
      try {
        const c = await sendable(ctx, channelId);
        if (!c) throw new Error('the channel is gone or not a text channel');
        return shown(await c.send(msg), msg);
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

/** A post as the outbox remembers it: its id, and for a V2 post its components once its choices are over. */
interface Shown {
  id: string;
  after?: APIMessageTopLevelComponent[];
}

function shown(sent: Message, msg: MessageCreateOptions): Shown {
  if (!isV2(msg.flags as number | undefined)) return { id: sent.id };
  // As sent: pictures are `attachment://` references, which an edit keeps pointing at the files.
  const components = (msg.components ?? []).map((c) => ('toJSON' in c ? c.toJSON() : c)) as APIMessageTopLevelComponent[];
  return { id: sent.id, after: withoutChoices(components) };
}

/**
 * A per-game map that forgets a game some minutes after its last write. The outbox's entries
 * run ahead of the store only until the store has recorded the post and the games loaded before
 * that (under the channel's lock, seconds at most) are used; kept forever, they grew with every
 * game the process ever posted. Two generations: an entry lives FORGET_MS to 2 × FORGET_MS.
 */
export class Recent<V> {
  static readonly FORGET_MS = 10 * 60_000;
  #young = new Map<number, V>();
  #old = new Map<number, V>();
  #since: number;
  constructor(private readonly now: () => number) {
    this.#since = now();
  }
  get(key: number): V | undefined {
    return this.#young.get(key) ?? this.#old.get(key);
  }
  set(key: number, value: V): void {
    if (this.now() - this.#since >= Recent.FORGET_MS) {
      this.#old = this.#young;
      this.#young = new Map();
      this.#since = this.now();
    }
    this.#old.delete(key);
    this.#young.set(key, value);
  }
  delete(key: number): void {
    this.#young.delete(key);
    this.#old.delete(key);
  }
  get size(): number {
    return this.#young.size + this.#old.size;
  }
}

/** The permissions the bot lacks to post a game in a channel (files: a picture goes with it), as Discord names them. */
export function missingPermissions(perms: Readonly<PermissionsBitField>, need: { thread: boolean; files?: boolean; createThread?: boolean }): string[] {
  const needed: [bigint, string][] = [
    [PermissionFlagsBits.ViewChannel, 'View Channel'],
    need.thread ? [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads'] : [PermissionFlagsBits.SendMessages, 'Send Messages'],
  ];
  if (need.files !== false) needed.push([PermissionFlagsBits.AttachFiles, 'Attach Files']);
  if (need.createThread) needed.push([PermissionFlagsBits.CreatePublicThreads, 'Create Public Threads'], [PermissionFlagsBits.SendMessagesInThreads, 'Send Messages in Threads']);
  return [...new Set(needed.filter(([flag]) => !perms.has(flag)).map(([, name]) => name))];
}

/** The permissions the bot lacks to post in the channel, as Discord names them. */
async function missingHere(ctx: Posting, channelId: string, files: boolean): Promise<string[]> {
  const c = await sendable(ctx, channelId);
  const me = ctx.client.user;
  if (!c || !me || c.isDMBased()) return [];
  const perms = c.permissionsFor(me);
  return perms ? missingPermissions(perms, { thread: c.isThread(), files }) : [];
}
