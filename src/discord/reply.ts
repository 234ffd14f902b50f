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
  type StringSelectMenuInteraction,
} from 'discord.js';

export type Repliable = ChatInputCommandInteraction | ButtonInteraction | StringSelectMenuInteraction;

export interface PrivatePayload {
  content: string;
  files?: AttachmentBuilder[];
  components?: ActionRowBuilder<MessageActionRowComponentBuilder>[];
}

export class Reply {
  /** 'ok', 'refused:<CODE>', 'error' … for the interaction's log line. */
  outcome = 'ok';
  deferred = false;

  constructor(readonly i: Repliable) {}

  /** Acknowledges at once (ephemeral "thinking…"); use before storing or rendering. */
  async defer(): Promise<void> {
    if (this.i.deferred || this.i.replied) return;
    await this.i.deferReply({ flags: MessageFlags.Ephemeral });
    this.deferred = true;
  }

  /** An ephemeral answer to the invoker only. */
  async private(p: PrivatePayload): Promise<void> {
    const body = { content: clip(p.content), files: p.files ?? [], components: p.components ?? [], allowedMentions: { parse: [] } };
    if (this.i.deferred || this.i.replied) {
      await this.i.editReply(body);
    } else {
      await this.i.reply({ ...body, flags: MessageFlags.Ephemeral });
    }
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
