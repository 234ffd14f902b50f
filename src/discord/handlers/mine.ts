/**
 * `/games mine`: every lobby and running game of this server the member is in, with whose turn
 * it is and a link to its latest turn post (or to its channel or thread).
 */
import type { BotContext } from '../context.ts';
import { inGuild, waitingNames, withDef, type RunningGame } from '../guards.ts';
import type { Reply } from '../reply.ts';

const SHOWN = 20;

export async function mineCommand(ctx: BotContext, r: Reply): Promise<void> {
  const where = await inGuild(r, null);
  if (!where) return;
  await r.defer();
  const me = r.i.user.id;
  const lines: string[] = [];
  let yourTurn = 0;
  for (const record of await ctx.store.listGames({ guildId: where.guildId, status: ['lobby', 'running'] })) {
    const game = withDef(await ctx.store.getGame(record.id));
    const seat = game.seats.find((s) => s.userId === me);
    if (!seat || seat.leftAt) continue;
    const link = game.game.boardMessageId ? ` · [latest post](https://discord.com/channels/${game.game.guildId}/${game.game.channelId}/${game.game.boardMessageId})` : '';
    const head = `• #${game.game.id} ${game.def.title} in <#${game.game.channelId}>`;
    if (game.game.status === 'lobby' || game.state === null) {
      lines.push(`${head}: in its lobby, ${game.seats.length}/${game.def.seats.max} seats`);
      continue;
    }
    const running = game as RunningGame;
    const mine = running.def.activeSeats(running.state).includes(seat.seat);
    if (mine) yourTurn++;
    lines.push(`${head}: ${mine ? '**your turn**' : `waiting for ${waitingNames(running)}`}${link}`);
  }
  if (lines.length === 0) return r.private({ content: 'You are not in any game on this server. `/games list` shows the open lobbies.' });
  const shown = lines.slice(0, SHOWN);
  if (lines.length > SHOWN) shown.push(`… and ${lines.length - SHOWN} more.`);
  await r.private({ content: `**Your games on this server** (${lines.length}${yourTurn ? `, your turn in ${yourTurn}` : ''})\n${shown.join('\n')}` });
}
