/** `/<game> resign`, `abort` and `kick`, with confirm buttons where it cannot be undone. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, GuildMember, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import type { BotContext } from '../context.ts';
import { act } from '../../runtime/moves.ts';
import { answerWhenPosted, type Answer } from '../game.ts';
import { activeGame, gameAdmin, gameOfPress, inGuild, inThisGame, runningGame, seatOf, withDef, type GameHere, type RunningGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import type { Reply } from '../reply.ts';
import { displayName, userName } from '../names.ts';
import { refreshLobby } from './lobby.ts';
import { mayAbort } from '../permissions.ts';

function confirmRow(verb: 'abort' | 'resign', gameId: number, label: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb, gameId })).setLabel(label).setStyle(ButtonStyle.Danger),
    new ButtonBuilder().setCustomId(buttonId({ verb: 'cancel', gameId })).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
  );
}

export async function resignCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const where = await inGuild(r, def);
  if (!where) return;
  const game = await runningGame(ctx, r, where.channelId, def);
  if (!game) return;
  if ((await inThisGame(r, game)) === null) return;
  await r.private({ content: `Resign from game #${game.game.id}? ${def.words.resign} This cannot be undone.`, components: [confirmRow('resign', game.game.id, 'Resign')] });
}

export async function abortCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const where = await inGuild(r, def);
  if (!where) return;
  const game = await activeGame(ctx, r, where.channelId, def);
  if (!game) return;
  if (!(await mayAbort(ctx, r, game))) return;
  await r.private({ content: `Abort game #${game.game.id} for everyone? It is recorded as aborted, and the channel is free for a new game.`, components: [confirmRow('abort', game.game.id, 'Abort the game')] });
}

export async function cancelButton(r: Reply): Promise<void> {
  await r.update({ content: 'Cancelled: nothing was changed.' });
}

export async function confirmButton(ctx: BotContext, r: Reply, i: ButtonInteraction, verb: 'abort' | 'resign', gameId: number): Promise<void> {
  await answerWhenPosted(r, await ctx.store.withChannelLock(i.channelId, async (): Promise<Answer | void> => {
    const game = await gameOfPress(ctx, r, gameId);
    if (!game) return;
    if (!['lobby', 'running'].includes(game.game.status)) return r.refuse('STALE_BUTTON', `Game #${gameId} is already over.`);
    const by = displayName(i);
    if (verb === 'abort') {
      if (!(await mayAbort(ctx, r, game))) return;
      return { text: `Game #${gameId} is aborted.`, ...(await abortGame(ctx, game, by)) };
    }
    if (game.game.status !== 'running' || game.state === null) return r.refuse('LOBBY', 'The game has not started: use the **Leave** button of the lobby.');
    const seat = await inThisGame(r, game as RunningGame);
    if (seat === null) return;
    const res = await act(ctx, game as RunningGame, seat, { type: 'resign' }, { userId: i.user.id });
    if (!res.ok) return r.update({ content: res.refusal.message });
    return { text: `You resigned from game #${gameId}.`, posted: res.posted };
  }), 'update');
}

/**
 * Ends the game for everyone; `posted` as in Answer. An admin's abort of a lobby only edits
 * the lobby; `announce` (a lobby that expired, say) is also posted in the channel.
 */
export async function abortGame(ctx: BotContext, game: GameHere, by: string, announce?: string): Promise<Pick<Answer, 'posted'>> {
  const why = announce ?? `${by} aborted game #${game.game.id}.`;
  if (game.game.status === 'running' && game.state !== null) {
    const res = await act(ctx, game as RunningGame, 'system', { type: 'abort' }, { head: why });
    if (res.ok) return { posted: res.posted };
  }
  await ctx.store.abortGame(game.game.id, { reason: `aborted by ${by}` });
  const after = withDef(await ctx.store.getGame(game.game.id));
  await refreshLobby(ctx, after, announce ?? `Aborted by ${by}.`);
  if (game.game.status === 'lobby' && !announce) return { posted: Promise.resolve(null) };
  return {
    posted: ctx.outbox.send(ctx, game.game, null, [
      async () => ({ content: `${why} Start a new one with \`/${game.def.id} new\`.`, allowedMentions: { parse: [] } }),
    ]),
  };
}

export async function kickCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction, def: AnyGame): Promise<void> {
  const where = await inGuild(r, def);
  if (!where) return;
  const target = i.options.getUser('player', true);
  await answerWhenPosted(r, await ctx.store.withChannelLock(where.channelId, async (): Promise<Answer | void> => {
    const game = await activeGame(ctx, r, where.channelId, def);
    if (!game) return;
    if (!(await gameAdmin(r, game, 'remove players'))) return;
    const seat = seatOf(game.seats, target.id);
    if (!seat || seat.leftAt) {
      // Named as the channel knows them (server display name), like every seat and post.
      const member = i.options.getMember('player');
      return r.refuse('NOT_IN_GAME', `${seat?.name ?? userName(target, member instanceof GuildMember ? member : null)} is not playing in game #${game.game.id}.`);
    }
    if (game.game.status === 'lobby') {
      if (target.id === game.game.hostUserId) return r.refuse('HOST', 'The host cannot be removed from the lobby; abort the game instead.');
      await ctx.store.leaveLobby(game.game.id, { userId: target.id });
      await refreshLobby(ctx, withDef(await ctx.store.getGame(game.game.id)));
      return r.private({ content: `${seat.name} no longer has a seat in game #${game.game.id}.` });
    }
    const res = await act(ctx, game as RunningGame, 'system', { type: 'remove', seat: seat.seat, reason: 'kicked' }, { head: `${displayName(i)} removed ${seat.name} from the game.` });
    if (!res.ok) return r.refuse(res.refusal.code, res.refusal.message);
    return { text: `${seat.name} was removed from game #${game.game.id}.`, posted: res.posted };
  }));
}
