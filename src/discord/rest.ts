/**
 * Discord's global rate limit, as it applies to this bot.
 *
 * Discord lets a bot make 50 requests a second (more once Discord raises it for a large bot),
 * counted across every process that uses its token, on every host; @discordjs/rest keeps to it
 * in each process on its own. So each process takes its share of it: the part of the bot's
 * shards it runs (each shard's guilds make about as many requests as another's). No process
 * asks another, so nothing is shared but the totals every host is configured with.
 *
 * "Interaction endpoints are not bound to the bot's Global Rate Limit" (Discord's rate-limit
 * documentation): an interaction's acknowledgement, its answer and its follow-ups. @discordjs/rest
 * lets only the acknowledgement bypass its global count; the answers (`/webhooks/<app>/<token>…`)
 * queue with the channel posts. A bot posting more than the limit then held every private
 * answer until the next second (seen as turns of 300–500 ms every second through the Discord
 * double at 15 turns/s, and the bot's throughput capped at ≈ 12 turns/s). Here those requests go
 * through a second REST manager with no global count; their per-route limits still apply.
 */
import { REST, RESTEvents, type Client, type InternalRequest, type RESTOptions } from 'discord.js';

/** Discord's default global limit for a bot, requests per second. */
export const DISCORD_GLOBAL_LIMIT = 50;

/**
 * A process's share of the bot's global limit: the part of the bot's shards it runs (all of
 * them in one process; 1 of SHARD_COUNT for a ShardingManager's shard; 4 of 8 for a host
 * running shards 0-3 of 8 in one process), at least one request a second.
 */
export function processShareOfGlobalLimit(perBot: number, shards: { here: number; count: number }): number {
  return Math.max(1, Math.floor((perBot * Math.min(shards.here, shards.count)) / Math.max(1, shards.count)));
}

/** Whether a request goes to an interaction endpoint of this application (the callback, the original answer, follow-ups). */
export function isInteractionEndpoint(request: Pick<InternalRequest, 'fullRoute' | 'auth'>, applicationId: string | null): boolean {
  if (request.auth !== false) return false;
  if (request.fullRoute.startsWith('/interactions/')) return true;
  return applicationId !== null && request.fullRoute.startsWith(`/webhooks/${applicationId}/`);
}

/**
 * How often the answers' manager drops its idle per-route handlers. @discordjs/rest keeps one per
 * route and major parameter, and an answer's route carries the interaction's token: one handler
 * per interaction, swept by default once an hour, so a bot answering 25 interactions a second
 * held ~90,000 of them (its main heap crept up through bench/soak.ts). A token lives 15 minutes;
 * an idle handler is rebuilt for nothing if needed again.
 */
export const ANSWER_HANDLER_SWEEP_MS = 60_000;

/**
 * Sends the client's interaction-endpoint requests past its global count (see above). Returns
 * that second manager, and what to call when the client is destroyed (its sweep timers).
 */
export function exemptInteractionEndpoints(client: Client): { interactions: REST; stop: () => void } {
  const rest = client.rest;
  const options: Partial<RESTOptions> = { ...rest.options, globalRequestsPerSecond: Number.POSITIVE_INFINITY, handlerSweepInterval: ANSWER_HANDLER_SWEEP_MS };
  const interactions = new REST(options);
  // Listeners of the client's REST hear of these requests' rate limits and debug lines too.
  interactions.on(RESTEvents.RateLimited, (info) => rest.emit(RESTEvents.RateLimited, info));
  interactions.on(RESTEvents.Debug, (line) => rest.emit(RESTEvents.Debug, line));
  const queue = rest.queueRequest.bind(rest);
  rest.queueRequest = (request) => (isInteractionEndpoint(request, client.application?.id ?? client.user?.id ?? null) ? interactions.queueRequest(request) : queue(request));
  return {
    interactions,
    stop: () => {
      interactions.clearHashSweeper();
      interactions.clearHandlerSweeper();
    },
  };
}
