// Everything the bot posted, per channel: the log tests read, and the API shapes REST answers with.
import {
  MessageFlags,
  MessageType,
  type APIAttachment,
  type APIEmbed,
  type APIMessage,
  type APIMessageTopLevelComponent,
} from 'discord.js';
import type { World } from './world.ts';
import { ATTACHMENT_SCHEME, isComponentsV2, textOfComponents, walkComponents } from './components.ts';

export interface PostedAttachment {
  readonly id: string;
  filename: string;
  contentType: string;
  description: string | null;
  readonly data: Buffer;
}

export interface PostedMessage {
  readonly id: string;
  readonly channelId: string;
  readonly guildId: string | null;
  readonly authorId: string;
  content: string;
  embeds: APIEmbed[];
  components: APIMessageTopLevelComponent[];
  attachments: PostedAttachment[];
  flags: number;
  /** Ephemeral messages are seen only by `recipientId` (the user who caused the interaction). */
  readonly ephemeral: boolean;
  readonly recipientId: string | null;
  /** The interaction this message answers, if any. */
  readonly interactionId: string | null;
  readonly interactionUserId: string | null;
  readonly commandName: string | null;
  /** A deferred reply not yet edited: Discord shows "<bot> is thinking…". */
  loading: boolean;
  /** Created as a deferred reply: its first edit fills it in, which Discord does not mark "(edited)". */
  readonly deferred: boolean;
  readonly createdAt: number;
  editedAt: number | null;
  deleted: boolean;
  /** How many times the message was edited, including updates by component interactions. */
  edits: number;
  /**
   * The users this message pinged when it was created: the `<@id>` mentions in its content
   * that `allowed_mentions` let through. Edits never add any (on Discord they do not notify).
   */
  readonly notified: readonly string[];
  /** A THREAD_CREATED system message: the thread it announces in its parent channel. */
  threadId?: string;
}

export interface NewUpload {
  /** The index n of the `files[n]` multipart part. */
  index: number;
  filename: string;
  contentType: string;
  data: Buffer;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Discord's rules: without `allowed_mentions` every user mention pings; with it, only `parse:
 * ['users']` or the listed `users`. A Components V2 message pings from its text displays.
 */
export function notifiedBy(body: Json): string[] {
  const content = isComponentsV2(body.flags) ? textOfComponents(body.components) : typeof body.content === 'string' ? body.content : '';
  const mentioned = [...new Set([...content.matchAll(/<@!?(\d+)>/g)].map((m) => m[1] as string))];
  const allowed = body.allowed_mentions;
  if (!isObj(allowed)) return mentioned;
  if (Array.isArray(allowed.parse) && allowed.parse.includes('users')) return mentioned;
  const users = Array.isArray(allowed.users) ? allowed.users.map(String) : [];
  return mentioned.filter((id) => users.includes(id));
}

/** What a message says: its content, or for a Components V2 message its text displays in reading order. */
export function messageText(msg: PostedMessage): string {
  return isComponentsV2(msg.flags) ? textOfComponents(msg.components) : msg.content;
}

export class MessageLog {
  readonly #byId = new Map<string, PostedMessage>();
  readonly #byChannel = new Map<string, PostedMessage[]>();

  constructor(
    private readonly world: World,
    private readonly attachmentUrl: (m: PostedMessage, a: PostedAttachment) => string,
    private readonly applicationId: () => string,
  ) {}

  get(id: string): PostedMessage | undefined {
    const m = this.#byId.get(id);
    return m && !m.deleted ? m : undefined;
  }

  inChannel(channelId: string): PostedMessage[] {
    return (this.#byChannel.get(channelId) ?? []).filter((m) => !m.deleted);
  }

  all(): PostedMessage[] {
    return [...this.#byId.values()].filter((m) => !m.deleted);
  }

  /** Forgets every message created before `at` (a long run's memory; see DiscordDouble.forgetBefore). */
  forgetBefore(at: number): void {
    for (const [id, m] of this.#byId) if (m.createdAt < at) this.#byId.delete(id);
    for (const [channelId, list] of this.#byChannel) this.#byChannel.set(channelId, list.filter((m) => m.createdAt >= at));
  }

  create(init: {
    channelId: string;
    authorId: string;
    body: Json;
    uploads: NewUpload[];
    interaction?: { id: string; userId: string; commandName: string | null };
    loading?: boolean;
    ephemeral?: boolean;
  }): PostedMessage {
    const channel = this.world.channels.get(init.channelId);
    const flags = typeof init.body.flags === 'number' ? init.body.flags : 0;
    const ephemeral = init.ephemeral ?? (init.interaction !== undefined && (flags & MessageFlags.Ephemeral) !== 0);
    const msg: PostedMessage = {
      id: this.world.ids.next(),
      channelId: init.channelId,
      guildId: channel?.guildId ?? null,
      authorId: init.authorId,
      content: '',
      embeds: [],
      components: [],
      attachments: [],
      flags: ephemeral ? MessageFlags.Ephemeral : 0,
      ephemeral,
      recipientId: ephemeral ? (init.interaction?.userId ?? null) : null,
      interactionId: init.interaction?.id ?? null,
      interactionUserId: init.interaction?.userId ?? null,
      commandName: init.interaction?.commandName ?? null,
      loading: init.loading ?? false,
      deferred: init.loading ?? false,
      createdAt: this.world.clock.now(),
      editedAt: null,
      deleted: false,
      edits: 0,
      notified: ephemeral || (flags & MessageFlags.SuppressNotifications) !== 0 ? [] : notifiedBy(init.body),
    };
    if (msg.loading) msg.flags |= MessageFlags.Loading;
    this.#apply(msg, init.body, init.uploads, true);
    this.#byId.set(msg.id, msg);
    const list = this.#byChannel.get(msg.channelId) ?? [];
    list.push(msg);
    this.#byChannel.set(msg.channelId, list);
    return msg;
  }

  edit(msg: PostedMessage, body: Json, uploads: NewUpload[]): void {
    this.#apply(msg, body, uploads, false);
    msg.loading = false;
    msg.flags &= ~MessageFlags.Loading;
    msg.editedAt = this.world.clock.now();
    msg.edits++;
  }

  delete(msg: PostedMessage): void {
    msg.deleted = true;
  }

  /** Applies a create or edit body; keys absent from an edit leave the message as it was, as on Discord. */
  #apply(msg: PostedMessage, body: Json, uploads: NewUpload[], creating: boolean): void {
    if ('content' in body) msg.content = typeof body.content === 'string' ? body.content : '';
    if ('embeds' in body) msg.embeds = Array.isArray(body.embeds) ? (body.embeds as APIEmbed[]) : [];
    if ('components' in body) msg.components = Array.isArray(body.components) ? (body.components as APIMessageTopLevelComponent[]) : [];
    if (typeof body.flags === 'number') {
      // Only the flags a bot may set survive (suppress embeds, components v2); ephemeral is fixed at creation.
      const settable = MessageFlags.SuppressEmbeds | MessageFlags.IsComponentsV2 | MessageFlags.SuppressNotifications;
      msg.flags = (msg.flags & ~settable) | (body.flags & settable);
    }
    const described = new Map<string, Json>();
    const listed = Array.isArray(body.attachments) ? body.attachments.filter(isObj) : null;
    for (const a of listed ?? []) described.set(String(a.id), a);
    const fresh: PostedAttachment[] = uploads.map((u) => {
      const meta = described.get(String(u.index));
      return {
        id: this.world.ids.next(),
        filename: typeof meta?.filename === 'string' ? meta.filename : u.filename,
        contentType: u.contentType,
        description: typeof meta?.description === 'string' ? meta.description : null,
        data: u.data,
      };
    });
    if (creating || listed === null) {
      msg.attachments = [...(creating ? [] : msg.attachments), ...fresh];
    } else {
      // On edit, `attachments` lists which existing files stay; unlisted ones are removed.
      const kept = msg.attachments.filter((a) => described.has(a.id));
      msg.attachments = [...kept, ...fresh];
    }
  }

  apiAttachment(msg: PostedMessage, a: PostedAttachment): APIAttachment {
    const url = this.attachmentUrl(msg, a);
    return {
      id: a.id,
      filename: a.filename,
      size: a.data.length,
      url,
      proxy_url: url,
      content_type: a.contentType,
      ...(a.description !== null ? { description: a.description } : {}),
      ...(msg.ephemeral ? { ephemeral: true } : {}),
    };
  }

  /**
   * The components as Discord returns them: an `attachment://name` media item comes back as the
   * file's URL with its attachment id (what was sent stays in the log as sent).
   */
  #resolvedMedia(msg: PostedMessage): APIMessageTopLevelComponent[] {
    if (!isComponentsV2(msg.flags)) return msg.components;
    const copy = structuredClone(msg.components);
    const resolve = (media: unknown): void => {
      if (!isObj(media) || typeof media.url !== 'string' || !media.url.startsWith(ATTACHMENT_SCHEME)) return;
      const a = msg.attachments.find((x) => x.filename === (media.url as string).slice(ATTACHMENT_SCHEME.length));
      if (!a) return;
      const url = this.attachmentUrl(msg, a);
      Object.assign(media, { url, proxy_url: url, content_type: a.contentType, attachment_id: a.id });
    };
    for (const { component: c } of walkComponents(copy, true)) {
      if (Array.isArray(c.items)) for (const item of c.items) resolve(isObj(item) ? item.media : undefined);
      resolve(c.media);
      resolve(c.file);
    }
    return copy;
  }

  apiMessage(msg: PostedMessage): APIMessage {
    const fromInteraction = msg.interactionId !== null;
    const base: APIMessage = {
      id: msg.id,
      channel_id: msg.channelId,
      author: this.world.apiUser(msg.authorId),
      content: msg.content,
      timestamp: new Date(msg.createdAt).toISOString(),
      edited_timestamp: msg.editedAt === null ? null : new Date(msg.editedAt).toISOString(),
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: msg.attachments.map((a) => this.apiAttachment(msg, a)),
      embeds: msg.embeds,
      components: this.#resolvedMedia(msg),
      pinned: false,
      type: msg.threadId ? MessageType.ThreadCreated : fromInteraction && msg.commandName !== null ? MessageType.ChatInputCommand : MessageType.Default,
      flags: msg.flags,
    };
    if (fromInteraction) {
      base.webhook_id = this.applicationId();
      base.application_id = this.applicationId();
    }
    return base;
  }
}
