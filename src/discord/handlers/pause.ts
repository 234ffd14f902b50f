/**
 * `/<game> pause`: pauses the channel's game, or resumes it once paused; the host (or a member
 * with Manage Channels) alone, or a vote of more than half of its players (src/runtime/pause.ts).
 * The channel's posts about it carry the buttons to agree (**Pause too**, **Resume too**) and
 * to resume (**Resume**).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { askPause, type PauseWish } from '../../runtime/pause.ts';
import { onGame, onPress, type ComponentHandler, type GameCommand, type Outcome } from '../command.ts';
import type { BotContext } from '../context.ts';
import {
  botCanPost, channelLock, inGuild, isGameAdmin, pressedRunningGame, refuse, runningGame, seatOf, type Precondition, type StartedGame,
} from '../guards.ts';
import { buttonId } from '../ids.ts';
import type { Reply } from '../reply.ts';

/** Who may ask: the game's admin (alone), or one of its players still in it (a vote). */
const voter: Precondition<{ r: Reply; game: StartedGame }, { admin: boolean }> = {
  name: 'one of its players or its admin',
  check: ({ r, game }) => {
    if (isGameAdmin(r.i, game)) return { admin: true };
    const seat = seatOf(game.seats, r.i.user.id);
    if (seat && !seat.leftAt) return { admin: false };
    return refuse('NOT_IN_GAME', `Only the players of game #${game.record.id}, its host or a member with Manage Channels can pause or resume it.`);
  },
};

/** The button that asks for `wants` in game `gameId`, labelled `label`. */
export function pauseRow(gameId: number, wants: PauseWish, label: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb: wants, gameId })).setLabel(label).setStyle(wants === 'pause' ? ButtonStyle.Secondary : ButtonStyle.Success),
  );
}

/** Asks for the game's pause or resume; the answer comes once the channel is told. */
async function ask(ctx: BotContext, game: StartedGame, userId: string, wants: PauseWish, admin: boolean): Promise<Outcome> {
  const id = game.record.id;
  const res = await askPause(ctx, game, userId, wants, admin);
  if (!res.ok) {
    switch (res.code) {
      case 'ALREADY_PAUSED':
        return refuse(res.code, `Game #${id} is already paused: \`/${game.def.id} pause\` asks to resume it.`);
      case 'NOT_PAUSED':
        return refuse(res.code, `Game #${id} is not paused any more: nothing was changed.`);
      case 'ALREADY_VOTED':
        return refuse(res.code, `You have already voted to ${wants} game #${id}: it waits for more of its players to agree.`);
      case 'MOVED_ON':
        return refuse(res.code, 'The game moved on while your request was handled, so nothing was changed.');
    }
  }
  const { news } = res;
  const text = news.kind === 'vote'
    ? `Your vote to ${wants} game #${id} is counted: ${news.votes} of the ${news.needed} votes needed.`
    : `Game #${id} is ${news.kind}.`;
  return { text, posted: res.posted };
}

export const pauseCommand: GameCommand = {
  name: 'pause',
  define: (s) => s.setDescription('Pause this game, or resume it once paused (a vote of its players, or the host alone)'),
  handle: onGame(inGuild, botCanPost, channelLock, runningGame, voter, ({ ctx, r, game, admin }) =>
    ask(ctx, game, r.i.user.id, game.record.pausedAt === null ? 'pause' : 'resume', admin)),
};

/** **Pause too** / **Resume too** on a vote's post, **Resume** on the pause's: each asks for what it says, whatever the game is now. */
export const pauseComponents = {
  pause: {
    kind: 'button',
    handle: onPress(botCanPost, channelLock, pressedRunningGame, voter, ({ ctx, i, game, admin }) => ask(ctx, game, i.user.id, 'pause', admin)),
  },
  resume: {
    kind: 'button',
    handle: onPress(botCanPost, channelLock, pressedRunningGame, voter, ({ ctx, i, game, admin }) => ask(ctx, game, i.user.id, 'resume', admin)),
  },
} satisfies Record<string, ComponentHandler>;
