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
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import { createHash } from 'node:crypto';
import { pictureIdentity, type AnyGame, type ChoiceButton, type Picture, type PostPlan, type Step } from '../platform/game.ts';
import { render, type Rendered } from '../render/index.ts';
import type { SeatRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { buttonId } from './ids.ts';
import { errorText } from './log.ts';
import type { PostBuild } from './outbox.ts';

export type { Step };

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

const STYLES = { primary: ButtonStyle.Primary, secondary: ButtonStyle.Secondary, success: ButtonStyle.Success, danger: ButtonStyle.Danger } as const;

/** Buttons of a turn post: every waiting person's choices (theirs alone to press) and "Show my hand"; Rematch once the game is over. */
export function turnButtons(def: AnyGame, gameId: number, version: number, state: unknown, seats: SeatRecord[]): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const outcome = def.outcome(state);
  if (outcome) return outcome.status === 'finished' ? [rematchRow(gameId)] : rows;
  const choices = def.activeSeats(state)
    .filter((seat) => !seats.find((s) => s.seat === seat)?.computer)
    .flatMap((seat) => def.words.prompt(state, seat).buttons);
  rows.push(...choiceRows(def, gameId, version, choices));
  if (def.hand) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(buttonId({ verb: 'hand', gameId })).setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
    ));
  }
  return rows;
}

/** Choice buttons (each value once), five to a row, at most four rows. */
export function choiceRows(def: AnyGame, gameId: number, version: number, choices: readonly ChoiceButton<unknown>[]): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const seen = new Set<string>();
  const unique = choices.filter((c) => {
    const value = def.encode(c.action);
    if (seen.has(value)) return false;
    seen.add(value);
    return true;
  });
  for (let i = 0; i < unique.length && rows.length < 4; i += 5) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(
      unique.slice(i, i + 5).map((c) => new ButtonBuilder()
        .setCustomId(buttonId({ verb: 'pick', gameId, version, value: def.encode(c.action) }))
        .setLabel(c.label.slice(0, 80))
        .setStyle(STYLES[c.style ?? 'primary'])),
    ));
  }
  return rows;
}

/** The end post's button: a new lobby with the same players and options (handlers/rematch.ts). */
const rematchRow = (gameId: number): ActionRowBuilder<ButtonBuilder> => new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId(buttonId({ verb: 'rematch', gameId })).setLabel('Rematch').setStyle(ButtonStyle.Primary),
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

/** Discord shows at most this many attachments in one message. */
const MAX_FILES = 10;

/**
 * The public posts after a change of a running game, in channel order, as the game cuts them
 * (one per turn, say), each with its pictures. Only the last asks whoever must act (with the
 * mentions that notify) and carries the buttons, so a batch of computer turns pings a person
 * once. A finished game gets one more post: its end, the winners mentioned, the game's
 * summary and **Rematch**. Each post is built when asked for, so the first goes out after one
 * drawing, not all of them; a picture shared by several posts is drawn once.
 */
export function turnPosts(def: AnyGame, gameId: number, version: number, steps: readonly Step<unknown, unknown>[], seats: SeatRecord[], ahead: PicturesAhead, head?: string): TurnPosts {
  const last = steps[steps.length - 1];
  if (!last) return { held: false, posts: [] };
  const cut: PostPlan<unknown, unknown>[] = def.posts
    ? def.posts(steps)
    : [{ events: steps.flatMap((s) => [...s.events]), state: last.state, picture: def.board(last.state) }];
  if (cut[cut.length - 1]?.held) return { held: true, posts: [] };
  const endOf = (p: PostPlan<unknown, unknown> | undefined) => (p ? def.outcome(p.state) : null);
  // A post with nothing to say and nothing to show is not sent (Discord refuses empty messages),
  // unless it is the one that asks whoever must act.
  const plans = cut.filter((g, n) => g.picture !== null || (g.morePictures?.length ?? 0) > 0 || eventLines(def, g.state, g.events) !== ''
    || (n === 0 && head) || (n === cut.length - 1 && endOf(g)?.status !== 'finished'));
  const drawn = new Map<Picture, ReturnType<typeof render>>();
  const fileOf = async (p: Picture, name: string) => {
    let r = drawn.get(p);
    if (!r) drawn.set(p, (r = ahead.take(def, gameId, p) ?? render(def, p)));
    return attachment(await r, name);
  };
  const end = endOf(cut[cut.length - 1]);
  const finished = end?.status === 'finished';
  const posts: PostBuild[] = plans.map((g, n) => async () => {
    const pictures = [g.picture, ...(g.morePictures ?? [])].filter((p): p is Picture => p !== null).slice(0, MAX_FILES);
    const files = await Promise.all(pictures.map((p, k) => fileOf(p, k === 0 ? `${p.kind}.png` : `${p.kind}-${k + 1}.png`)));
    ahead.draw(def, gameId, g.ahead ?? []);
    const lines = [n === 0 ? head : undefined, eventLines(def, g.state, g.events)].filter(Boolean) as string[];
    if (n < plans.length - 1 || finished) return { content: lines.join('\n').slice(0, 2000), files, components: [], allowedMentions: { parse: [] } };
    const prompt = promptFor(def, g.state, seats);
    if (end) lines.push(`**Game #${gameId} is over.** Start another with \`/${def.id} new\`.`);
    else if (prompt.text) lines.push(prompt.text);
    return {
      content: lines.join('\n').slice(0, 2000),
      files,
      components: turnButtons(def, gameId, version, g.state, seats),
      allowedMentions: { users: prompt.mentionIds },
    };
  });
  if (end && finished) posts.push(async () => endPost(def, gameId, version, cut[cut.length - 1]!.state, end.winners, seats));
  return { held: false, posts };
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

/** A finished game's last post: who won (mentioned, so they hear of it), the game's story, Rematch. */
function endPost(def: AnyGame, gameId: number, version: number, state: unknown, winners: number[], seats: SeatRecord[]): MessageCreateOptions {
  const names = winners.map((w) => mention(seats, w));
  const result = names.length === 0 ? 'Nobody wins.' : names.length === 1 ? `🏆 ${names[0]} wins!` : `🏆 ${listText(names)} share the win!`;
  const story = def.words.summary?.(state) ?? [];
  const lines = [`**Game #${gameId} is over.** ${result}`, ...story, `Start another with \`/${def.id} new\`, or press **Rematch** for the same players and options.`];
  const userIds = winners.map((w) => seats.find((s) => s.seat === w)?.userId).filter((u): u is string => !!u);
  return { content: lines.join('\n').slice(0, 2000), components: turnButtons(def, gameId, version, state, seats), allowedMentions: { users: userIds } };
}

/** "A", "A and B", "A, B and C". */
export function listText(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export async function sendable(ctx: BotContext, channelId: string): Promise<SendableChannels | null> {
  const c = ctx.client.channels.cache.get(channelId) ?? (await ctx.client.channels.fetch(channelId).catch(() => null));
  return c && c.isSendable() ? c : null;
}

/** Posts to a channel; a failure (missing permissions, deleted channel) is logged, not thrown. */
export async function post(ctx: BotContext, channelId: string, msg: MessageCreateOptions, game?: number): Promise<string | null> {
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
