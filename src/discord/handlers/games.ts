/** `/games list`: every lobby and running game of this server, with whose turn it is; and the games this bot runs. */
import type { AnyGame } from '../../platform/game.ts';
import { allGames } from '../../games/registry.ts';
import { onServer, type ServerCommand } from '../command.ts';
import { loadPresence } from '../../runtime/presence.ts';
import { inGuild, started, withDef } from '../guards.ts';
import { waitingList, waitingOn } from '../waiting.ts';

const SHOWN = 20;

/** How a list names a game: its title and its command (several games have "fence" in their name). */
export const gameName = (def: AnyGame): string => `${def.title} (\`/${def.id}\`)`;

/** The games this bot runs (but `except`), one line each: title, how to start one, what it is. */
export function gamesText(except?: AnyGame): string {
  return allGames().filter((g) => g !== except).map((g) => `• **${g.title}**: \`/${g.id} new\` — ${g.description}`).join('\n');
}

export const listCommand: ServerCommand = {
  name: 'list',
  define: (s) => s.setDescription('Every lobby and running game on this server, with whose turn it is'),
  handle: onServer(inGuild, async ({ ctx, r, guildId }) => {
    const games = await ctx.store.listGames({ guildId, status: ['lobby', 'running'] });
    if (games.length === 0) return r.private({ content: `No game is open or running on this server. Start one in a channel:\n${gamesText()}` });
    const lines: string[] = [];
    for (const record of games.slice(0, SHOWN)) {
      const game = withDef(await ctx.store.getGame(record.id));
      const where = `<#${record.channelId}>`;
      const running = game.record.status === 'lobby' ? null : started(game);
      if (!running) {
        lines.push(`• #${record.id} ${gameName(game.def)} in ${where}: lobby, ${game.seats.length}/${game.def.seats.max} seats`);
        continue;
      }
      const presence = await loadPresence(ctx, running);
      const waiting = waitingList(waitingOn(running.def, running.state, running.seats, running.timers, presence), presence);
      lines.push(`• #${record.id} ${gameName(game.def)} in ${where}: ${game.def.words.phase(running.state)}${running.record.pausedAt ? ', paused' : ''}, waiting for ${waiting}`);
    }
    if (games.length > SHOWN) lines.push(`… and ${games.length - SHOWN} more.`);
    await r.private({ content: `**Games on this server** (${games.length})\n${lines.join('\n')}\n\n**Games of this bot**\n${gamesText()}` });
  }),
};
