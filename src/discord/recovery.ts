/**
 * Start-up after a crash (or any stop): the stored game is the truth, and whatever follows from
 * it is derived again. Idempotent: computer seats that must act play, turn timers are armed
 * from the state and the log (not trusted from their rows), the latest prompt is posted again
 * when the channel's last post does not show it, and lobbies get their expiry timer. A shard
 * recovers only its own guilds' games: the other shards are running and look after theirs.
 */
import { catchUp } from '../runtime/moves.ts';
import type { BotContext } from './context.ts';
import { withDef, type StartedGame } from './guards.ts';
import { heldNotice, noticeShown } from './handlers/choices.ts';
import { armLobbyExpiry, lobbyMessage, refreshLobby } from './handlers/lobby.ts';
import { errorText } from './log.ts';
import { post } from './posts.ts';
import { ownsGuild, SINGLE_SHARD, type ShardScope } from './shards.ts';

export interface Recovered {
  games: number;
  /** Games whose prompt was posted again (or whose computers played and posted). */
  posted: number;
  computerMoves: number;
}

/**
 * Recovers every unfinished game (and ended games whose last post was lost); resolves once their
 * posts are out. Runs while the bot already answers: each game is recovered under its channel's
 * lock, so a press in that channel comes wholly before or after it, and recovery reads the game
 * afresh (a press may have changed it, posted what was missed and armed its timers: what is left
 * to do is then nothing, and doing it again is harmless). `stopping`: the bot is stopping; the
 * games not reached yet are recovered at the next start.
 */
export async function recoverGames(ctx: BotContext, scope: ShardScope = SINGLE_SHARD, stopping: () => boolean = () => false): Promise<Recovered> {
  const out: Recovered = { games: 0, posted: 0, computerMoves: 0 };
  const posts: Promise<string | null>[] = [];
  for (const g of await ctx.store.gamesToRecover()) {
    if (stopping()) break;
    if (!ownsGuild(scope, g.guildId)) continue;
    out.games++;
    try {
      const r = await ctx.store.withChannelLock(g.channelId, () => recoverGame(ctx, g.id));
      out.computerMoves += r.computerMoves;
      if (r.posted) {
        out.posted++;
        posts.push(r.posted);
      }
    } catch (err) {
      ctx.log.error('recovery failed', { game: g.id, error: errorText(err) });
    }
  }
  await Promise.all(posts);
  return out;
}

async function recoverGame(ctx: BotContext, gameId: number): Promise<{ computerMoves: number; posted?: Promise<string | null> }> {
  const loaded = await ctx.store.getGame(gameId);
  const { status, postedVersion } = loaded.record;
  if (status === 'broken') return { computerMoves: 0 };
  const game = withDef(loaded);
  if (status === 'lobby') {
    await armLobbyExpiry(ctx, loaded.record);
    // Opened, but its post was lost: without it nobody can press Join.
    if (!loaded.record.lobbyMessageId) {
      const messageId = await post(ctx, loaded.record.channelId, lobbyMessage(game), gameId);
      if (messageId) await ctx.store.setMessageIds(gameId, { lobbyMessageId: messageId });
    }
    return { computerMoves: 0 };
  }
  if (loaded.state === null) return { computerMoves: 0 };
  // Started, but the lobby post may still offer Join.
  if (postedVersion === null) await refreshLobby(ctx, game, 'The game has started.');
  // Computer seats that must act play, turn clocks are armed again, the channel is told what it was not.
  const caught = await catchUp(ctx, game as StartedGame, { showStart: postedVersion === null });
  // A moment the game holds: the choice that comes next was only ever in the mover's private
  // answer, which a crash may have cut off (or a client reload dropped): the channel points them
  // to it again. Not while paused: nothing can be pressed then, and the resume post points them.
  if (!caught.held || loaded.record.pausedAt !== null) return caught;
  const notice = heldNotice(game, caught.held.state);
  if (!notice || (await noticeShown(ctx, loaded.record))) return { computerMoves: caught.computerMoves };
  return { computerMoves: caught.computerMoves, posted: ctx.outbox.send(ctx, loaded.record, null, [async () => notice]) };
}
