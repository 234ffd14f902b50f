/**
 * `/games status`: the bot's health for a server admin (Manage Server), privately, in words
 * that read on a phone: the same figures as the health log line (health.ts computes them), the
 * games of this server beside this process's, and a first line that says whether anything
 * needs a look. Counts and timings only: nothing of any player, nor of another server.
 */
import { onServer, type ServerCommand } from '../command.ts';
import { inGuild, manageServer, refuse } from '../guards.ts';
import type { HealthView } from '../health.ts';
import { listText } from '../posts.ts';
import { shardOf } from '../shards.ts';
import { plural } from './settings.ts';

/** Answers slower than this (95th percentile) are near Discord's 3-second limit for a first answer. */
const SLOW_ANSWER_MS = 2000;
/** Work waiting this long for the event loop (99th percentile) shows in every answer. */
const BUSY_LOOP_MS = 200;

export const healthCommand: ServerCommand = {
  name: 'status',
  define: (s) => s.setDescription('How the bot is doing: shards, games, timers, answer times, memory (Manage Server)'),
  handle: onServer(inGuild, manageServer(() => 'Only members with the Manage Server permission can see the bot’s status.'), async ({ ctx, r, guildId }) => {
    if (!ctx.health) return refuse('NOT_READY', 'The bot is still starting: ask again in a minute.');
    await r.private({ content: healthText(await ctx.health.view(guildId), guildId) });
  }),
};

/** "120 ms", "1.4 s". */
function duration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export function healthText(v: HealthView, guildId: string): string {
  const problems: string[] = [];
  if (v.timersOverdue > 0) problems.push(`${plural(v.timersOverdue, 'timer is', 'timers are')} more than a minute late`);
  if (v.p95Ms !== null && v.p95Ms > SLOW_ANSWER_MS) problems.push('answers are slow');
  if (v.loopP99Ms > BUSY_LOOP_MS) problems.push('the bot is very busy');
  if (v.globalLimitWaits > 0) problems.push('Discord is holding posts back');
  const ids = v.shards.split(',');
  const shards = v.shardCount === 1
    ? '1, run by this process'
    : `${v.shardCount} in all; this process runs ${ids.length === 1 ? `shard ${ids[0]}` : `shards ${listText(ids)}`}, and this server is on shard ${shardOf(guildId, v.shardCount)}`;
  const answers = v.interactions === 0 || v.p50Ms === null || v.p95Ms === null || v.p99Ms === null
    ? 'no commands or button presses in the last minute'
    : `${plural(v.interactions, 'command or press', 'commands and presses')} in the last minute: half answered within ${duration(v.p50Ms)}, 95% within ${duration(v.p95Ms)}, 99% within ${duration(v.p99Ms)}`;
  return [
    problems.length === 0 ? '**Bot status:** 🟢 all is well.' : `**Bot status:** ⚠️ ${listText(problems)}.`,
    `**Shards:** ${shards}.`,
    `**Servers:** ${v.guilds} on this process.`,
    `**Games here:** ${plural(v.gamesRunningHere, 'running game')}, ${plural(v.lobbiesHere, 'open lobby', 'open lobbies')}.`,
    `**Games on this process:** ${plural(v.gamesRunning, 'running game')}, ${plural(v.lobbies, 'open lobby', 'open lobbies')}.`,
    `**Timers** (turn limits, lobby closings, every shard): ${v.timersPending} waiting, ${v.timersOverdue === 0 ? 'none late' : `${v.timersOverdue} more than a minute late — a shard may be down or overloaded`}.`,
    `**Answers:** ${answers}.`,
    `**Event-loop delay:** new work waited at most ${duration(v.loopP99Ms)} to start (99% of the time, since the last health check).`,
    `**Memory:** ${v.rssMb} MB in use by this process.`,
    ...(v.globalLimitWaits > 0 && v.globalLimitMaxWaitMs !== null
      ? [`**Posting:** Discord held the bot’s posts back ${plural(v.globalLimitWaits, 'time')} in the last minute (at most ${duration(v.globalLimitMaxWaitMs)}): the bot is sending more than Discord lets it, so turns may show late. Answers to your commands and buttons are not held.`]
      : []),
  ].join('\n');
}
