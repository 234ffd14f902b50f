// A local Discord for tests and demos: see double.ts for the scripting API.
export { DiscordDouble, InteractionHandle, DEFAULT_BOT_PERMISSIONS, type CommandInput, type DoubleOptions, type OptionValue } from './double.ts';
export type { PostedMessage, PostedAttachment } from './messages.ts';
export { messageText } from './messages.ts';
export { walkComponents, textOfComponents } from './components.ts';
export type { Violation } from './validate.ts';
export { LIMITS, validateBody } from './validate.ts';
export type { RateLimitRule, RequestRecord } from './rest.ts';
export { shardOfGuild, type ShardPair } from './gateway.ts';
export { ACK_DEADLINE_MS, TOKEN_LIFETIME_MS } from './interactions.ts';
export {
  ManualClock,
  systemClock,
  ALL_PERMISSIONS,
  DEFAULT_EVERYONE_PERMISSIONS,
  type Channel,
  type Clock,
  type Guild,
  type Member,
  type Role,
  type User,
} from './world.ts';
