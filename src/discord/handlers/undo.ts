/**
 * `/<game> undo` and the **Undo** button of a move's private acknowledgement: the player who
 * just acted takes it back while nothing hidden or random came out of it and nobody else has
 * played since (see src/runtime/replay.ts). The channel is told, and the picture is posted again
 * only when the move's own post had one.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type ButtonInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import { undoMove, type ActResult } from '../../runtime/moves.ts';
import type { UndoRefusal } from '../../runtime/replay.ts';
import type { BotContext } from '../context.ts';
import { answerWhenPosted, type Answer } from '../game.ts';
import { botCanPost, inThisGame, runningGameHere, seatOf, type RunningGame } from '../guards.ts';
import { buttonId, type ButtonId } from '../ids.ts';
import type { Reply } from '../reply.ts';
import { gameById } from './play.ts';

/**
 * The Undo button for a move's acknowledgement, when the move can be taken back: the game
 * declares final events, none came out of the move, no computer played after it, the game
 * goes on.
 */
export function undoRow(def: AnyGame, gameId: number, versionBefore: number, res: ActResult): ActionRowBuilder<ButtonBuilder>[] {
  if (!def.isFinal || !res.ok || res.over || res.version !== versionBefore + 1 || res.events.some((e) => def.isFinal!(e))) return [];
  return [new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb: 'undo', gameId, version: res.version })).setLabel('Undo').setStyle(ButtonStyle.Secondary),
  )];
}

export async function undoCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  if (!def.isFinal) return r.refuse('NO_UNDO', `${def.title} has no undo: every move is final.`);
  const here = await runningGameHere(ctx, r, def);
  // Checked before the change, so the game stays as it is when the bot could not post it.
  if (!here || !(await botCanPost(r))) return;
  await answerWhenPosted(r, await ctx.store.withChannelLock(here.game.channelId, async (): Promise<Answer | void> => {
    // Read again inside the lock: a move may have landed while this one waited.
    const game = await gameById(ctx, r, here.game.id);
    if (!game) return;
    const seat = await inThisGame(r, game);
    if (seat === null) return;
    return takeBack(ctx, r, game, seat, r.i.user.id);
  }));
}

/**
 * The Undo button. Every field of the press is untrusted: its game must be this server's and
 * this channel's (gameById), the presser one of its players, its version the game's.
 */
export async function undoButton(ctx: BotContext, r: Reply, i: ButtonInteraction, b: ButtonId): Promise<void> {
  if (!(await botCanPost(r))) return;
  await answerWhenPosted(r, await ctx.store.withChannelLock(i.channelId, async (): Promise<Answer | void> => {
    const game = await gameById(ctx, r, b.gameId);
    if (!game) return;
    const seat = seatOf(game.seats, i.user.id);
    if (!seat || seat.leftAt) return r.refuse('NOT_IN_GAME', `You are not playing in game #${game.game.id}.`);
    if (b.version !== game.game.version) {
      return r.refuse('STALE_UNDO', `That move can no longer be taken back from this button: the game has moved on. \`/${game.def.id} undo\` takes back your latest move, if it still can be.`);
    }
    return takeBack(ctx, r, game, seat.seat, i.user.id);
  }));
}

/** Under the channel's lock: the undo is saved, its post queued (the runtime's); the answer waits for the post. */
async function takeBack(ctx: BotContext, r: Reply, game: RunningGame, seat: number, userId: string): Promise<Answer | void> {
  const res = await undoMove(ctx, game, seat, userId);
  if (!res.ok) return r.refuse(res.code, refusalText(game, res));
  const label = game.def.words.action(res.undone.before, res.undone.action);
  return { text: `Taken back: ${label}. It is your move again.`, posted: res.posted };
}

function refusalText(game: RunningGame, no: UndoRefusal): string {
  switch (no.code) {
    case 'NO_UNDO':
      return `${game.def.title} has no undo: every move is final.`;
    case 'NOTHING_TO_UNDO':
      return 'There is no move of yours to take back yet.';
    case 'NOT_YOURS': {
      const who = no.by === 'system' ? 'the bot (a timeout or an admin)' : game.seats.find((s) => s.seat === no.by)?.name ?? 'another player';
      return `Only the latest move can be taken back, by the player who made it, before anyone else plays: the last to play was ${who}.`;
    }
    case 'FINAL': {
      const line = no.event === undefined ? null : game.def.words.event(game.state, no.event);
      return `Your last move stands: something hidden or random came out of it${line ? ` (“${line}”)` : ''}, so it cannot be taken back.`;
    }
  }
}
