/**
 * Public messages: the turn posts (what happened, the picture with its alt text, whose turn it
 * is with a mention that notifies), reminders and announcements. Always new messages, never
 * edits: mentions in edits do not notify, and one edited board hits rate limits.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Client,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import { createHash } from 'node:crypto';
import { pictureIdentity, type AnyGame, type Picture, type PostPlan, type Step } from '../platform/game.ts';
import { render, type Rendered } from '../render/index.ts';
import type { TurnNews } from '../runtime/context.ts';
import type { SeatRecord } from '../store/index.ts';
import { choiceFor, levelRows, levelText, type LevelOffer } from './choices.ts';
import { buttonId } from './ids.ts';
import { errorText } from './log.ts';
import type { Logger } from './log.ts';
import { notified } from './notify.ts';
import { COMPONENTS_MAX, GALLERY_MAX, layout, type Block, type Row } from './v2.ts';

export type { Step };

/** What posting needs of the bot: its client, and its log for what went wrong. */
export interface Poster {
  client: Client;
  log: Logger;
}

/** A post, built when its turn in the channel comes (outbox.ts): its pictures are drawn then. */
export type PostBuild = () => Promise<MessageCreateOptions>;

/** How the channel calls a seat: a mention for a person, the name in bold for a computer. */
export const mention = (seats: SeatRecord[], seat: number): string => {
  const s = seats.find((x) => x.seat === seat);
  return s?.userId ? `<@${s.userId}>` : `**${s?.name ?? `seat ${seat + 1}`}**`;
};

/** Lines for the channel from a batch of events, at most `max` characters (newest kept). */
export function eventLines(def: AnyGame, state: unknown, events: readonly unknown[], max = 1500): string {
  const lines = events.map((e) => def.words.event(state, e)).filter((l): l is string => !!l);
  const kept: string[] = [];
  let len = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] as string;
    if (len + l.length + 1 > max) {
      kept.unshift(`… ${i + 1} earlier line${i ? 's' : ''} (see \`/${def.id} history\`)`);
      break;
    }
    kept.unshift(l);
    len += l.length + 1;
  }
  return kept.join('\n');
}

/** Every person the game waits for, asked in words: the prompt lines and the users to notify. */
export function promptFor(def: AnyGame, state: unknown, seats: SeatRecord[]): { text: string; mentionIds: string[] } {
  const lines: string[] = [];
  const mentionIds: string[] = [];
  for (const seat of def.activeSeats(state)) {
    const record = seats.find((s) => s.seat === seat);
    if (record?.computer) continue;
    if (record?.userId) mentionIds.push(record.userId);
    lines.push(`${mention(seats, seat)}, ${def.words.prompt(state, seat).text}`);
  }
  return { text: lines.join('\n'), mentionIds };
}

/**
 * The rows of a turn post: the first level of every waiting person's choice (theirs alone to
 * press; see choices.ts), and "Show my hand"; Rematch and Replay once the game is over.
 */
export function turnButtons(def: AnyGame, gameId: number, version: number, state: unknown, seats: SeatRecord[]): Row[] {
  const outcome = def.outcome(state);
  if (outcome) return outcome.status === 'finished' ? [endRow(gameId)] : [];
  // Around the rows: what happened, the pictures, whom the game waits for, and Show my hand.
  const rows = levelRows(def, gameId, version, firstLevels(def, state, seats), COMPONENTS_MAX - 3 - (def.hand ? 2 : 0));
  if (def.hand) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(buttonId({ verb: 'hand', gameId })).setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
    ));
  }
  return rows;
}

/** The first level of each person's choice the game waits for (computers choose alone). */
export function firstLevels(def: AnyGame, state: unknown, seats: SeatRecord[]): LevelOffer[] {
  return def.activeSeats(state)
    .filter((seat) => !seats.find((s) => s.seat === seat)?.computer)
    .map((seat) => ({ seats: [seat], level: choiceFor(def, state, seat), path: [] }));
}

/**
 * The end post's buttons: a new lobby with the same players and options (handlers/rematch.ts),
 * and the game's replay as one animated picture (handlers/replay.ts).
 */
const endRow = (gameId: number): ActionRowBuilder<ButtonBuilder> => new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId(buttonId({ verb: 'rematch', gameId })).setLabel('Rematch').setStyle(ButtonStyle.Primary),
  new ButtonBuilder().setCustomId(buttonId({ verb: 'replay', gameId })).setLabel('Replay').setStyle(ButtonStyle.Secondary),
);

/** A picture as an attachment, its alt text as the description. */
export async function pictureFile(def: AnyGame, picture: Picture, name = `${picture.kind}.png`): Promise<AttachmentBuilder> {
  return attachment(await render(def, picture), name);
}

const attachment = (drawn: { png: Buffer; alt: string }, name: string): AttachmentBuilder => new AttachmentBuilder(drawn.png, { name, description: drawn.alt.slice(0, 1024) });

/** The board as the channel sees it, as an attachment. */
export const boardFile = (def: AnyGame, state: unknown): Promise<AttachmentBuilder> => pictureFile(def, def.board(state));

/** Whether the game holds the channel's post at this state (PostPlan.held): a moment under way, told once it ends. */
export function heldAt(def: AnyGame, state: unknown): boolean {
  return def.posts?.([{ state, events: [] }]).at(-1)?.held === true;
}

export interface TurnPosts {
  /** The game holds the batch (PostPlan.held): nothing is posted now, the next post tells it. */
  held: boolean;
  posts: PostBuild[];
}

/** Discord shows at most this many pictures in one message's gallery. */
const MAX_FILES = GALLERY_MAX;

/**
 * The public posts after a change of a running game, in channel order, as the game cuts them
 * (one per turn, say), each one Components V2 message: what happened, its pictures (alt texts
 * kept), and for the last one whoever must act (with the mentions that notify) and the first
 * level of their choice. So a batch of computer turns pings a person once, and a turn is one
 * message. A finished game's last post also tells its end: the winners mentioned, the game's
 * summary, **Rematch** and **Replay**. Each post is built when asked for, so the first goes out after one
 * drawing, not all of them; a picture shared by several posts is drawn once. `news`: who of
 * those asked is notified (notify.ts); without it, all of them.
 */
export function turnPosts(
  def: AnyGame, gameId: number, version: number, steps: readonly Step<unknown, unknown>[], seats: SeatRecord[], ahead: PicturesAhead, head?: string, news?: TurnNews,
): TurnPosts {
  const last = steps[steps.length - 1];
  if (!last) return { held: false, posts: [] };
  const cut: PostPlan<unknown, unknown>[] = def.posts
    ? def.posts(steps)
    : [{ events: steps.flatMap((s) => [...s.events]), state: last.state, picture: def.board(last.state) }];
  if (cut[cut.length - 1]?.held) return { held: true, posts: [] };
  // A post with nothing to say and nothing to show is not sent (Discord refuses empty messages),
  // unless it is the last: it asks whoever must act, or tells the end.
  const plans = cut.filter((g, n) => g.picture !== null || (g.morePictures?.length ?? 0) > 0 || eventLines(def, g.state, g.events) !== ''
    || (n === 0 && head) || n === cut.length - 1);
  const drawn = new Map<Picture, ReturnType<typeof render>>();
  const fileOf = async (p: Picture, name: string) => {
    let r = drawn.get(p);
    if (!r) drawn.set(p, (r = ahead.take(def, gameId, p) ?? render(def, p)));
    return attachment(await r, name);
  };
  const end = def.outcome(last.state);
  const posts: PostBuild[] = plans.map((g, n) => async () => {
    const isLast = n === plans.length - 1;
    const firsts = isLast && !end ? firstLevels(def, g.state, seats) : [];
    // A first level about places brings its own picture (one person asked: theirs).
    const levelPicture = firsts.length === 1 ? firsts[0]!.level.picture : undefined;
    const pictures = [g.picture, ...(g.morePictures ?? []), levelPicture].filter((p): p is Picture => !!p).slice(0, MAX_FILES);
    const files = await Promise.all(pictures.map((p, k) => fileOf(p, k === 0 ? `${p.kind}.png` : `${p.kind}-${k + 1}.png`)));
    ahead.draw(def, gameId, g.ahead ?? []);
    const told = [n === 0 ? head : undefined, eventLines(def, g.state, g.events)].filter(Boolean).join('\n');
    if (!isLast) return v2Post([{ text: told }, { pictures: files }], []);
    if (end) {
      const ending = end.status === 'finished' ? endText(def, gameId, g.state, end.winners, seats) : { text: `**Game #${gameId} is over.** Start another with \`/${def.id} new\`.`, userIds: [] };
      return v2Post([{ text: told }, { pictures: files }, { text: ending.text }, { rows: turnButtons(def, gameId, version, g.state, seats) }], ending.userIds);
    }
    const prompt = promptFor(def, g.state, seats);
    const words = firstWords(firsts);
    return v2Post([{ text: told }, { pictures: files }, { text: [prompt.text, words].filter(Boolean).join('\n') }, { rows: turnButtons(def, gameId, version, g.state, seats) }], notified(prompt.mentionIds, news));
  });
  return { held: false, posts };
}

/** What the options of the one person asked do, on the post that asks them (several asked: their buttons say it). */
export const firstWords = (firsts: readonly LevelOffer[]): string => (firsts.length === 1 ? levelText(firsts[0]!.level) : '');

/** A channel post as one Components V2 message; only `mentionIds` are notified. */
export function v2Post(blocks: readonly Block[], mentionIds: readonly string[]): MessageCreateOptions {
  const files = blocks.flatMap((b) => ('pictures' in b ? b.pictures : []));
  const laid = layout(blocks);
  return { components: laid.components, files, flags: laid.flags, allowedMentions: mentionIds.length ? { users: [...mentionIds] } : { parse: [] } };
}

/**
 * Pictures drawn ahead of the post that shows them (PostPlan.ahead), by game and picture
 * identity, oldest first; one per bot (the outbox's). That post comes a move or two later; a
 * picture not found here (evicted, never shown, or a restart in between) is drawn then, as any other.
 */
export class PicturesAhead {
  static readonly KEPT = 32;
  /** Game id → identity digest → the drawing. */
  readonly #drawn = new Map<number, Map<string, Promise<Rendered>>>();
  #count = 0;

  draw(def: AnyGame, gameId: number, pictures: readonly Picture[]): void {
    for (const p of pictures) {
      const id = digest(p);
      const game = this.#drawn.get(gameId) ?? new Map<string, Promise<Rendered>>();
      if (game.has(id)) continue;
      const r = render(def, p);
      r.catch(() => this.#forget(gameId, id)); // the post draws it itself
      game.set(id, r);
      this.#drawn.set(gameId, game);
      if (++this.#count > PicturesAhead.KEPT) {
        const [oldestGame, kept] = this.#drawn.entries().next().value!;
        this.#forget(oldestGame, kept.keys().next().value!);
      }
    }
  }

  /** The drawing of a picture the same as `picture`, handed over once (drawn again if that failed). */
  take(def: AnyGame, gameId: number, picture: Picture): Promise<Rendered> | null {
    // Most posts find nothing: the identity is not even computed then.
    const game = this.#drawn.get(gameId);
    if (!game) return null;
    const id = digest(picture);
    const r = game.get(id);
    if (!r) return null;
    this.#forget(gameId, id);
    // Alt text comes with the post's own picture (the words may say more now).
    return r.then((d) => ({ ...d, alt: picture.alt }), () => render(def, picture));
  }

  #forget(gameId: number, id: string): void {
    const game = this.#drawn.get(gameId);
    if (!game?.delete(id)) return;
    this.#count--;
    if (game.size === 0) this.#drawn.delete(gameId);
  }
}

/** A picture's identity, short: views run to tens of kilobytes. */
const digest = (p: Picture): string => createHash('sha1').update(pictureIdentity(p)).digest('base64');

/** How a finished game's last post ends: who won (mentioned, so they hear of it), the game's story, how to play again or watch it again. */
export function endText(def: AnyGame, gameId: number, state: unknown, winners: number[], seats: SeatRecord[]): { text: string; userIds: string[] } {
  const names = winners.map((w) => mention(seats, w));
  const result = names.length === 0 ? 'Nobody wins.' : names.length === 1 ? `🏆 ${names[0]} wins!` : `🏆 ${listText(names)} share the win!`;
  const story = def.words.summary?.(state) ?? [];
  const lines = [`**Game #${gameId} is over.** ${result}`, ...story, `Start another with \`/${def.id} new\`, or press **Rematch** for the same players and options; **Replay** shows the whole game again.`];
  const userIds = winners.map((w) => seats.find((s) => s.seat === w)?.userId).filter((u): u is string => !!u);
  return { text: lines.join('\n'), userIds };
}

/** "A", "A and B", "A, B and C". */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export async function sendable(ctx: Pick<Poster, 'client'>, channelId: string): Promise<SendableChannels | null> {
  const c = ctx.client.channels.cache.get(channelId) ?? (await ctx.client.channels.fetch(channelId).catch(() => null));
  return c && c.isSendable() ? c : null;
}

/** Posts to a channel; a failure (missing permissions, deleted channel) is logged, not thrown. */
export async function post(ctx: Poster, channelId: string, msg: MessageCreateOptions, game?: number): Promise<string | null> {
  try {
    const c = await sendable(ctx, channelId);
    if (!c) throw new Error('the channel is gone or not a text channel');
    const sent = await c.send(msg);
    return sent.id;
  } catch (err) {
    ctx.log.warn('post failed', { channel: channelId, game, error: errorText(err) });
    return null;
  }
}
