/**
 * `/<game> undo` and the **Undo** button of a move's private acknowledgement: the player who
 * just acted takes it back while nothing hidden or random came out of it and nobody else has
 * played since (see src/store/undo.ts). The channel is told, the taken-back move's post is
 * struck through (it no longer asks anyone to play), and the picture is posted again only when
 * the move's own post had one.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import { undoLast, type UndoRefusal } from '../../store/index.ts';
import { onGame, onPress, type ComponentHandler, type GameCommand, type Outcome } from '../command.ts';
import type { BotContext } from '../context.ts';
import { armTurnTimers, type ActResult } from '../game.ts';
import { botCanPost, channelLock, inGuild, player, pressedRunningGame, refuse, runningGame, type Precondition, type RunningGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { errorText } from '../log.ts';
import { boardFile, promptFor, sendable, turnButtons } from '../posts.ts';

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
  handle: onGame(inGuild, botCanPost, channelLock, runningGame, player, ({ ctx, r, game, seat }) => takeBack(ctx, game, seat, r.i.user.id)),
};

/** The Undo button names the version its move made: the game is still there. */
const sameVersion: Precondition<{ b: { version?: number }; game: RunningGame }> = {
  name: 'the move it was offered for',
  check: ({ b, game }) => b.version === game.game.version
    ? {}
    : refuse('STALE_UNDO', `That move can no longer be taken back from this button: the game has moved on. \`/${game.def.id} undo\` takes back your latest move, if it still can be.`),
};

/** The Undo button. Every field of the press is untrusted: its game must be this channel's, the presser one of its players, its version the game's. */
export const undoComponents = {
  undo: {
    kind: 'button',
    handle: onPress(botCanPost, channelLock, pressedRunningGame, player, sameVersion, ({ ctx, i, game, seat }) => takeBack(ctx, game, seat, i.user.id)),
  },
} satisfies Record<string, ComponentHandler>;

/** Under the channel's lock: the undo is saved, its post queued (outbox.ts); the answer waits for the post. */
async function takeBack(ctx: BotContext, game: RunningGame, seat: number, userId: string): Promise<Outcome> {
  const { def } = game;
  const res = await undoLast(ctx.store, game.game.id, game.game.version, seat, { userId });
  if (!res.ok) return refuse(res.code, refusalText(game, res));
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
  const posted = ctx.outbox.send(ctx, game.game, res.version, [async () => {
    // Built in channel order: the taken-back move's post is out, and the store has its id.
    await strike(ctx, game.game.id, `Taken back by ${name}.`);
    return {
      content: [`${name} took back their move (${label}).`, prompt.text].filter(Boolean).join('\n').slice(0, 2000),
      files: hadPicture ? [await boardFile(def, res.state)] : [],
      components: turnButtons(def, game.game.id, res.version, res.state, game.seats),
      allowedMentions: { users: prompt.mentionIds },
    };
  }]);
  return { text: `Taken back: ${label}. It is your move again.`, posted };
}

/**
 * Strikes through the game's latest turn post, which told a move now taken back (and asked
 * someone to play after it): its lines struck, `note` added, its buttons gone. A post that
 * cannot be read (no Read Message History) says only the note; one that cannot be edited stays.
 */
async function strike(ctx: BotContext, gameId: number, note: string): Promise<void> {
  const { game } = await ctx.store.getGame(gameId);
  const id = game.boardMessageId;
  if (!id) return;
  try {
    const channel = await sendable(ctx, game.channelId);
    if (!channel || !('messages' in channel)) return;
    const old = await channel.messages.fetch(id).catch(() => null);
    const struck = old?.content ? old.content.split('\n').map((l) => (l.trim() ? `~~${l}~~` : l)).join('\n') : '';
    const content = struck.length + note.length + 5 <= 2000 ? [struck, `-# ${note}`].filter(Boolean).join('\n') : `-# ${note}`;
    await channel.messages.edit(id, { content, components: [], allowedMentions: { parse: [] } });
  } catch (err) {
    ctx.log.warn('striking the taken-back post failed', { game: gameId, error: errorText(err) });
  }
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
