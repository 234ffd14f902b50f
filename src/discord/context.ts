/** What every handler gets: the Discord client, the store, the logger and the clock. */
import type { Client } from 'discord.js';
import type { Store } from '../store/index.ts';
import type { Health } from './health.ts';
import type { Logger } from './log.ts';
import type { Outbox } from './outbox.ts';

export interface BotContext {
  client: Client;
  store: Store;
  log: Logger;
  /** Milliseconds since the epoch; tests may move it. */
  now: () => number;
  /** Public posts, per channel, in order, outside the channel's lock. */
  outbox: Outbox;
  /** Seed for a new game (tests); the store picks a random one when this returns undefined. */
  seedFor: (gameId: number) => string | undefined;
  /** The bot's pulse (`/games status`); set once the bot is built. */
  health?: Health;
}
