/**
 * What every handler gets: the Discord client, the store, the logger, the clock, and what the
 * runtime needs to play a move (src/runtime/context.ts): handlers pass it to the runtime as is.
 */
import type { Client } from 'discord.js';
import type { Runtime } from '../runtime/context.ts';
import type { Store } from '../store/index.ts';
import type { Health } from './health.ts';
import type { Logger } from './log.ts';
import type { Outbox } from './outbox.ts';

export interface BotContext extends Runtime {
  client: Client;
  store: Store;
  log: Logger;
  /** Milliseconds since the epoch; tests may move it. */
  now: () => number;
  /** Public posts, per channel, in order, outside the channel's lock. */
  outbox: Outbox;
  /** Seed for a new game (tests); the runtime picks a random one when this returns undefined. */
  seedFor: (gameId: number) => string | undefined;
  /** The bot's pulse (`/games status`); set once the bot is built. */
  health?: Health;
}
