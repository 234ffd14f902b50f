/**
 * Why the bot could not connect to Discord, in words an operator can act on: a refused token
 * and an unreachable Discord look alike in the raw errors (a 401, a `getaddrinfo ENOTFOUND`).
 */
import { DiscordAPIError, DiscordjsError, DiscordjsErrorCodes } from 'discord.js';
import { errorText } from './log.ts';

/** Network failures, as Node and undici name them. */
const UNREACHABLE = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_SOCKET']);

/** The first network code in an error or its causes (undici wraps them: "fetch failed" → cause). */
function networkCode(err: unknown): { code: string; host: string | null } | null {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, hostname, address } = e as { code?: unknown; hostname?: unknown; address?: unknown };
    if (typeof code === 'string' && UNREACHABLE.has(code)) return { code, host: typeof hostname === 'string' ? hostname : typeof address === 'string' ? address : null };
  }
  return null;
}

export function startupProblem(err: unknown): string {
  const refused = (err instanceof DiscordjsError && err.code === DiscordjsErrorCodes.TokenInvalid) || (err instanceof DiscordAPIError && err.status === 401);
  if (refused) {
    return 'Discord refused the bot token. Check DISCORD_TOKEN in .env: it is the token under Bot in the Discord Developer Portal (press Reset Token for a new one), pasted whole, without quotes or a "Bot " prefix.';
  }
  const net = networkCode(err);
  if (net) {
    return `Discord could not be reached (${net.code}${net.host ? ` ${net.host}` : ''}). Check this machine's network connection and DNS, and that no firewall or proxy blocks HTTPS to discord.com and gateway.discord.gg; then start the bot again.`;
  }
  return errorText(err);
}
