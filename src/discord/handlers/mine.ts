/**
 * `/games mine`: every lobby and running game of this server the member is in, with whom it
 * waits for and since when, and a link to its latest turn post (or to its channel or thread).
 */
import { loadPresence } from '../../runtime/presence.ts';
import { onServer, type ServerCommand } from '../command.ts';
import { inGuild, started, withDef } from '../guards.ts';
import { when } from '../notify.ts';
import { waitingList, waitingOn } from '../waiting.ts';
import { gameName } from './games.ts';

const SHOWN = 20;

export const mineCommand: ServerCommand = {
  name: 'mine',
  define: (s) => s.setDescription('Your unfinished games on this server, with whose turn it is and links'),
  handle: onServer(inGuild, async ({ ctx, r, i, guildId }) => {
    const me = i.user.id;
    const lines: string[] = [];
    let yourTurn = 0;
    for (const record of await ctx.store.listGames({ guildId, status: ['lobby', 'running'] })) {
      const game = withDef(await ctx.store.getGame(record.id));
      const seat = game.seats.find((s) => s.userId === me);
      if (!seat || seat.leftAt) continue;
      const link = game.record.boardMessageId ? ` · [latest post](https://discord.com/channels/${game.record.guildId}/${game.record.channelId}/${game.record.boardMessageId})` : '';
      const head = `• #${game.record.id} ${gameName(game.def)} in <#${game.record.channelId}>`;
      const running = game.record.status === 'lobby' ? null : started(game);
      if (!running) {
        lines.push(`${head}: in its lobby, ${game.seats.length}/${game.def.seats.max} seats`);
        continue;
      }
      const presence = await loadPresence(ctx, running);
      const waiting = waitingOn(running.def, running.state, running.seats, running.timers, presence);
      const mine = waiting.find((w) => w.seat === seat.seat);
      if (mine) yourTurn++;
      const paused = running.record.pausedAt ? `⏸️ paused ${when(running.record.pausedAt)}, ` : '';
      lines.push(`${head}: ${paused}${mine ? `**your turn**${mine.since ? ` since ${when(mine.since)}` : ''}` : `waiting for ${waitingList(waiting, presence)}`}${link}`);
    }
    if (lines.length === 0) return r.private({ content: 'You are not in any game on this server. `/games list` shows the open lobbies.' });
    const shown = lines.slice(0, SHOWN);
    if (lines.length > SHOWN) shown.push(`… and ${lines.length - SHOWN} more.`);
    await r.private({ content: `**Your games on this server** (${lines.length}${yourTurn ? `, your turn in ${yourTurn}` : ''})\n${shown.join('\n')}` });
  }),
};
