/**
 * `/<game> undo` and the **Undo** button of a move's private acknowledgement: the player who
 * just acted takes it back while nothing hidden or random came out of it and nobody else has
 * played since (see src/runtime/replay.ts). The channel is told, the taken-back move's post is
 * struck through (it no longer asks anyone to play), and the picture is posted again only when
 * the move's own post had one.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import { undoMove, type ActResult } from '../../runtime/moves.ts';
import type { UndoRefusal } from '../../runtime/replay.ts';
import { onGame, onPress, type ComponentHandler, type GameCommand, type Outcome } from '../command.ts';
import type { BotContext } from '../context.ts';
import { botCanPost, channelLock, inGuild, player, pressedRunningGame, refuse, runningGame, unpaused, type Precondition, type StartedGame } from '../guards.ts';
import { buttonId } from '../ids.ts';

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

const lacksUndo = (def: AnyGame) => (def.isFinal ? null : refuse('NO_UNDO', `${def.title} has no undo: every move is final.`));

// Permissions are checked before the change, so the game stays as it is when the bot could not post it.
export const undoCommand: GameCommand = {
  name: 'undo',
  define: (s) => s.setDescription('Take back your last move, before anyone else plays and while nothing new was revealed'),
  lacking: lacksUndo,
  handle: onGame(inGuild, botCanPost, channelLock, runningGame, unpaused, player, ({ ctx, r, game, seat }) => takeBack(ctx, game, seat, r.i.user.id)),
};

/** The Undo button names the version its move made: the game is still there. */
const sameVersion: Precondition<{ b: { version?: number }; game: StartedGame }> = {
  name: 'the move it was offered for',
  check: ({ b, game }) => b.version === game.record.version
    ? {}
    : refuse('STALE_UNDO', `That move can no longer be taken back from this button: the game has moved on. \`/${game.def.id} undo\` takes back your latest move, if it still can be.`),
};

/** The Undo button. Every field of the press is untrusted: its game must be this channel's, the presser one of its players, its version the game's. */
export const undoComponents = {
  undo: {
    kind: 'button',
    handle: onPress(botCanPost, channelLock, pressedRunningGame, unpaused, player, sameVersion, ({ ctx, i, game, seat }) => takeBack(ctx, game, seat, i.user.id)),
  },
} satisfies Record<string, ComponentHandler>;

/** Under the channel's lock: the undo is saved, its post queued (the runtime's, see posting.ts); the answer waits for the post. */
async function takeBack(ctx: BotContext, game: StartedGame, seat: number, userId: string): Promise<Outcome> {
  const res = await undoMove(ctx, game, seat, userId);
  if (!res.ok) return refuse(res.code, refusalText(game, res));
  const label = game.def.words.action(res.undone.before, res.undone.action);
  return { text: `Taken back: ${label}. It is your move again.`, posted: res.posted };
}

function refusalText(game: StartedGame, no: UndoRefusal): string {
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
