// Interaction bookkeeping and Discord's timing rules: acknowledge within 3 s of dispatch,
// then follow-ups and edits through the token for 15 minutes.
import type { APIApplicationCommandOptionChoice } from 'discord.js';

export const ACK_DEADLINE_MS = 3_000;
export const TOKEN_LIFETIME_MS = 15 * 60_000;

export type InteractionKind = 'command' | 'component' | 'autocomplete';

export interface InteractionRecord {
  readonly id: string;
  readonly token: string;
  readonly kind: InteractionKind;
  readonly userId: string;
  readonly channelId: string;
  /** Null in a DM. */
  readonly guildId: string | null;
  readonly commandName: string | null;
  readonly customId: string | null;
  /** For select menus: the values picked. */
  readonly values: readonly string[] | null;
  /** For component interactions: the message whose button was clicked. */
  readonly sourceMessageId: string | null;
  readonly dispatchedAt: number;
  /** The callback type the bot answered with (4 reply, 5 defer, 6 deferred update, 7 update, 8 choices). */
  callbackType: number | null;
  /** When the callback was accepted (the double's clock). */
  acknowledgedAt: number | null;
  /** The message `@original` refers to. */
  originalMessageId: string | null;
  readonly followUpIds: string[];
  choices: APIApplicationCommandOptionChoice[] | null;
  /** Why a late or repeated callback was refused, kept so handles can explain a missing reply. */
  refused: string | null;
}

export class InteractionRegistry {
  readonly #byId = new Map<string, InteractionRecord>();
  readonly #byToken = new Map<string, InteractionRecord>();

  add(record: InteractionRecord): void {
    this.#byId.set(record.id, record);
    this.#byToken.set(record.token, record);
  }

  byId(id: string): InteractionRecord | undefined {
    return this.#byId.get(id);
  }

  byToken(token: string): InteractionRecord | undefined {
    return this.#byToken.get(token);
  }

  all(): InteractionRecord[] {
    return [...this.#byId.values()];
  }

  /** Forgets the interactions dispatched before `at`. */
  forgetBefore(at: number): void {
    for (const [id, r] of this.#byId) {
      if (r.dispatchedAt >= at) continue;
      this.#byId.delete(id);
      this.#byToken.delete(r.token);
    }
  }
}
