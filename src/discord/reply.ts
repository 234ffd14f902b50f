/**
 * The "tunnel": one way to answer whatever came in (slash command, button, menu), so handlers do
 * not care whether the interaction was deferred. Every private answer is ephemeral; public
 * posts never go through here (they are new channel messages, see posts.ts).
 */
import {
  MessageFlags,
  type AttachmentBuilder,
  type ActionRowBuilder,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type MessageActionRowComponentBuilder,
  type APIMessageTopLevelComponent,
  type MessageEditOptions,
  type StringSelectMenuInteraction,
} from 'discord.js';
import { isV2, layout, type Row } from './v2.ts';

export type Repliable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

export interface PrivatePayload {
  content: string;
  files?: AttachmentBuilder[];
  components?: (ActionRowBuilder<MessageActionRowComponentBuilder> | Row)[];
  /**
   * One Components V2 message (v2.ts): the content as text, the files as a gallery with their
   * alt texts, the components, then `below` (text read after them). A private message that is
   * V2 stays V2 when it is replaced.
   */
  v2?: boolean;
  below?: string;
}

interface Body {
  content?: string;
  files: AttachmentBuilder[];
  components: (ActionRowBuilder<MessageActionRowComponentBuilder> | APIMessageTopLevelComponent)[];
  allowedMentions: { parse: [] };
  /** Set only for a V2 message (an edit with flags would otherwise reset them). */
  flags?: MessageFlags.IsComponentsV2;
}

/** A private answer's body: classic (content, files, rows) or Components V2. */
function bodyOf(p: PrivatePayload, v2: boolean): Body {
  const files = p.files ?? [];
  if (!v2) return { content: clip([p.content, p.below].filter(Boolean).join('\n')), files, components: (p.components ?? []) as ActionRowBuilder<MessageActionRowComponentBuilder>[], allowedMentions: { parse: [] } };
  // The buttons right under the picture, where a thumb reaches them; what each does below them.
  const laid = layout([{ text: p.content }, { pictures: files }, { rows: p.components ?? [] }, { text: p.below ?? '' }]);
  return { components: laid.components, files, flags: laid.flags, allowedMentions: { parse: [] } };
}

/**
 * How an interaction is acknowledged: 'private' opens an ephemeral reply ("thinking…");
 * 'update' promises an edit of the presser's own ephemeral message the component sits on.
 */
export type Ack = 'private' | 'update';

export class Reply {
  /** 'ok', 'refused:<CODE>', 'error' … for the interaction's log line. */
  outcome = 'ok';
  /** The precondition that refused the call (guards.ts), for the log line. */
  precondition: string | null = null;
  #mode: Ack | null = null;

  constructor(readonly i: Repliable) {}

  /** Whether the component was pressed on an ephemeral message (only its recipient can press those). */
  get onEphemeral(): boolean {
    return !this.i.isChatInputCommand() && this.i.message.flags.has(MessageFlags.Ephemeral);
  }

  /**
   * Acknowledges at once, before any lock or database wait (Discord allows 3 s). 'update' is
   * only honoured on the presser's ephemeral message: a public post is never rewritten by a press.
   */
  async ack(mode: Ack): Promise<void> {
    if (this.i.deferred || this.i.replied) return;
    if (mode === 'update' && this.onEphemeral && !this.i.isChatInputCommand()) {
      await this.i.deferUpdate();
    } else {
      mode = 'private';
      await this.i.deferReply({ flags: MessageFlags.Ephemeral });
    }
    this.#mode = mode;
  }

  /** Acknowledges with an ephemeral reply to come; use before storing or rendering. */
  defer(): Promise<void> {
    return this.ack('private');
  }

  /** An ephemeral answer to the invoker only. */
  async private(p: PrivatePayload): Promise<void> {
    const body = bodyOf(p, p.v2 === true);
    const flags = MessageFlags.Ephemeral | (body.flags ?? 0);
    if (this.#mode === 'update') {
      await this.i.followUp({ ...body, flags });
    } else if (this.i.deferred || this.i.replied) {
      await this.i.editReply(body);
    } else {
      await this.i.reply({ ...body, flags });
    }
  }

  /** Whether the pressed message is Components V2 (then whatever replaces it is too). */
  get #pressedV2(): boolean {
    return !this.i.isChatInputCommand() && isV2(this.i.message.flags);
  }

  /**
   * Replaces the presser's ephemeral message the component sits on; anywhere else (a public
   * post, or a forged press) the new content comes as a private answer instead. A V2 message is
   * replaced by a V2 one; a classic one that should become V2 loses its buttons and the answer
   * comes below it (Discord does not turn a message into V2 by an edit).
   */
  async update(p: PrivatePayload & Pick<MessageEditOptions, 'attachments'>): Promise<void> {
    if (this.#mode !== 'update') return this.private(p);
    if (p.v2 && !this.#pressedV2) {
      await this.i.editReply({ components: [] });
      this.#mode = 'update';
      return this.private(p);
    }
    await this.i.editReply({ ...bodyOf(p, this.#pressedV2), attachments: p.attachments ?? [] });
  }

  /**
   * A private answer as a new message, below whatever the channel got since the interaction
   * came in: the reply it was acknowledged with sits where the interaction was, above those
   * posts, and is removed (as is the presser's private message a pressed button sat on: its
   * question is answered).
   */
  async below(p: PrivatePayload): Promise<void> {
    if (!this.i.deferred) return this.private(p);
    // Gone already (its user dismissed it): the answer still comes.
    await this.i.deleteReply().catch(() => undefined);
    const body = bodyOf(p, p.v2 === true);
    await this.i.followUp({ ...body, flags: MessageFlags.Ephemeral | (body.flags ?? 0) });
  }

  /** A specific, ephemeral refusal. `code` goes to the log line. */
  async refuse(code: string, content: string, legal: string[] = []): Promise<void> {
    this.outcome = `refused:${code}`;
    const more = legal.length ? `\nYou could: ${legal.slice(0, 6).map((l) => `**${l}**`).join(' · ')}` : '';
    await this.private({ content: `${content}${more}` });
  }
}

/** Discord's message content limit is 2,000 characters. */
export function clip(text: string, max = 2000): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
