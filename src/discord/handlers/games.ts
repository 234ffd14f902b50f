/** `/games list`: every lobby and running game of this server, with whose turn it is. */
import type { BotContext } from '../context.ts';
import { inGuild, waitingNames, withDef, type RunningGame } from '../guards.ts';
import type { Reply } from '../reply.ts';

const SHOWN = 20;

export async function listCommand(ctx: BotContext, r: Reply): Promise<void> {
  const where = await inGuild(r, null);
  if (!where) return;
  await r.defer();
  const games = await ctx.store.listGames({ guildId: where.guildId, status: ['lobby', 'running'] });
  if (games.length === 0) return r.private({ content: 'No game is open or running on this server. Start one with `/<game> new`, e.g. one of the commands listed under `/` for this bot.' });
  const lines: string[] = [];
  for (const record of games.slice(0, SHOWN)) {
    const game = withDef(await ctx.store.getGame(record.id));
    const where = `<#${record.channelId}>`;
    if (game.game.status === 'lobby' || game.state === null) {
      lines.push(`• #${record.id} ${game.def.title} in ${where}: lobby, ${game.seats.length}/${game.def.seats.max} seats`);
    } else {
      lines.push(`• #${record.id} ${game.def.title} in ${where}: ${game.def.words.phase(game.state)}, waiting for ${waitingNames(game as RunningGame)}`);
    }
  }
  if (games.length > SHOWN) lines.push(`… and ${games.length - SHOWN} more.`);
  await r.private({ content: `**Games on this server** (${games.length})\n${lines.join('\n')}` });
}
