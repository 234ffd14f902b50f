/**
 * `/<game> undo` and the **Undo** button of a move's private acknowledgement: the player who
 * just acted takes it back while nothing hidden or random came out of it and nobody else has
 * played since (see src/store/undo.ts). The channel is told, and the picture is posted again
 * only when the move's own post had one.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type ButtonInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import { undoLast, type UndoRefusal } from '../../store/index.ts';
import type { BotContext } from '../context.ts';
import { answerWhenPosted, armTurnTimers, type ActResult, type Answer } from '../game.ts';
import { botCanPost, inThisGame, runningGameHere, seatOf, type RunningGame } from '../guards.ts';
import { buttonId, type ButtonId } from '../ids.ts';
import { boardFile, promptFor, turnButtons } from '../posts.ts';
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

/** Under the channel's lock: the undo is saved, its post queued (outbox.ts); the answer waits for the post. */
async function takeBack(ctx: BotContext, r: Reply, game: RunningGame, seat: number, userId: string): Promise<Answer | void> {
  const { def } = game;
  const res = await undoLast(ctx.store, game.game.id, game.game.version, seat, { userId });
  if (!res.ok) return r.refuse(res.code, refusalText(game, res));
  const label = def.words.action(res.undone.before, res.undone.action);
  const name = game.seats.find((s) => s.seat === seat)?.name ?? 'A player';
  await armTurnTimers(ctx, game, res.state, res.version, [seat]);
  // A move the channel was never shown (its post held, see PostPlan.held) is taken back quietly: the channel already shows the state before it.
  if (ctx.outbox.shownVersion(game.game) < res.undone.seq) {
    return { text: `Taken back: ${label}. It is your move again.`, posted: ctx.outbox.send(ctx, game.game, res.version, []) };
  }
  // The move's own post had a picture only if the game cut it that way: the correction matches.
  const hadPicture = def.posts ? def.posts([{ state: res.stateAfterUndone, events: res.undone.events }]).some((p) => p.picture !== null) : true;
  const prompt = promptFor(def, res.state, game.seats);
  // Sent outside the lock, in channel order; the store then records the version it shows (and its id, for /games mine).
  const posted = ctx.outbox.send(ctx, game.game, res.version, [async () => ({
    content: [`${name} took back their move (${label}).`, prompt.text].filter(Boolean).join('\n').slice(0, 2000),
    files: hadPicture ? [await boardFile(def, res.state)] : [],
    components: turnButtons(def, game.game.id, res.version, res.state, game.seats),
    allowedMentions: { users: prompt.mentionIds },
  })]);
  return { text: `Taken back: ${label}. It is your move again.`, posted };
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
