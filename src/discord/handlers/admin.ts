/** `/<game> resign`, `abort` and `kick`, with confirm buttons where it cannot be undone. */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, GuildMember } from 'discord.js';
import { onGame, onPress, type ComponentHandler, type GameCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { act } from '../../runtime/moves.ts';
import type { Answer } from '../game.ts';
import {
  channelGame, channelLock, gameAdmin, inGuild, player, pressedGame, refuse, runningGame, seatOf, started, withDef,
  type GameWithDef, type Precondition, type StartedGame,
} from '../guards.ts';
import { buttonId } from '../ids.ts';
import { displayName, userName } from '../names.ts';
import { mayAbort } from '../permissions.ts';
import { refreshLobby } from './lobby.ts';

function confirmRow(verb: 'abort' | 'resign', gameId: number, label: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb, gameId })).setLabel(label).setStyle(ButtonStyle.Danger),
    new ButtonBuilder().setCustomId(buttonId({ verb: 'cancel', gameId })).setLabel('Cancel').setStyle(ButtonStyle.Secondary),
  );
}

export const resignCommand: GameCommand = {
  name: 'resign',
  define: (s) => s.setDescription('Leave the running game (asks to confirm)'),
  handle: onGame(inGuild, runningGame, player, ({ r, def, game }) =>
    r.private({ content: `Resign from game #${game.record.id}? ${def.words.resign} This cannot be undone.`, components: [confirmRow('resign', game.record.id, 'Resign')] })),
};

export const abortCommand: GameCommand = {
  name: 'abort',
  define: (s) => s.setDescription('End the game in this channel for everyone (host or Manage Channels; asks to confirm)'),
  handle: onGame(inGuild, channelGame, mayAbort, ({ r, game }) =>
    r.private({ content: `Abort game #${game.record.id} for everyone? It is recorded as aborted, and the channel is free for a new game.`, components: [confirmRow('abort', game.record.id, 'Abort the game')] })),
};

/** A confirmation pressed once its game is over is refused. */
const notOver: Precondition<{ game: GameWithDef }> = {
  name: 'not over',
  check: ({ game }) => (['lobby', 'running'].includes(game.record.status) ? {} : refuse('STALE_BUTTON', `Game #${game.record.id} is already over.`)),
};

/** A resignation is from a started game: a lobby is left with its own button. */
const startedGame: Precondition<{ game: GameWithDef }, { game: StartedGame }> = {
  name: 'started',
  check: ({ game }) => {
    const running = game.record.status === 'running' ? started(game) : null;
    return running ? { game: running } : refuse('LOBBY', 'The game has not started: use the **Leave** button of the lobby.');
  },
};

/** The confirm buttons (Abort, Resign) and Cancel of the private questions above. */
export const adminComponents = {
  abort: {
    kind: 'button',
    edits: true,
    handle: onPress(channelLock, pressedGame, notOver, mayAbort, async ({ ctx, i, game }) =>
      ({ text: `Game #${game.record.id} is aborted.`, ...(await abortGame(ctx, game, displayName(i))) })),
  },
  resign: {
    kind: 'button',
    edits: true,
    handle: onPress(channelLock, pressedGame, notOver, startedGame, player, async ({ ctx, r, i, game, seat }) => {
      const res = await act(ctx, game, seat, { type: 'resign' }, { userId: i.user.id });
      if (!res.ok) return r.update({ content: res.refusal.message });
      return { text: `You resigned from game #${game.record.id}.`, posted: res.posted };
    }),
  },
  cancel: { kind: 'button', edits: true, handle: onPress(({ r }) => r.update({ content: 'Cancelled: nothing was changed.' })) },
} satisfies Record<string, ComponentHandler>;

/**
 * Ends the game for everyone; `posted` as in Answer. An admin's abort of a lobby only edits
 * the lobby; `announce` (a lobby that expired, say) is also posted in the channel.
 */
export async function abortGame(ctx: BotContext, game: GameWithDef, by: string, announce?: string): Promise<Pick<Answer, 'posted'>> {
  const why = announce ?? `${by} aborted game #${game.record.id}.`;
  const running = game.record.status === 'running' ? started(game) : null;
  if (running) {
    const res = await act(ctx, running, 'system', { type: 'abort' }, { head: why });
    if (res.ok) return { posted: res.posted };
  }
  await ctx.store.abortGame(game.record.id, { reason: `aborted by ${by}` });
  const after = withDef(await ctx.store.getGame(game.record.id));
  await refreshLobby(ctx, after, announce ?? `Aborted by ${by}.`);
  if (game.record.status === 'lobby' && !announce) return { posted: Promise.resolve(null) };
  return {
    posted: ctx.outbox.send(ctx, game.record, null, [
      async () => ({ content: `${why} Start a new one with \`/${game.def.id} new\`.`, allowedMentions: { parse: [] } }),
    ]),
  };
}

export const kickCommand: GameCommand = {
  name: 'kick',
  define: (s) => s.setDescription('Remove a player from the game (host or Manage Channels)')
    .addUserOption((o) => o.setName('player').setDescription('Who to remove').setRequired(true)),
  handle: onGame(inGuild, channelLock, channelGame, gameAdmin('remove players'), async ({ ctx, r, i, game }) => {
    const target = i.options.getUser('player', true);
    const seat = seatOf(game.seats, target.id);
    if (!seat || seat.leftAt) {
      // Named as the channel knows them (server display name), like every seat and post.
      const member = i.options.getMember('player');
      return refuse('NOT_IN_GAME', `${seat?.name ?? userName(target, member instanceof GuildMember ? member : null)} is not playing in game #${game.record.id}.`);
    }
    if (game.record.status === 'lobby') {
      if (target.id === game.record.hostUserId) return refuse('HOST', 'The host cannot be removed from the lobby; abort the game instead.');
      await ctx.store.leaveLobby(game.record.id, { userId: target.id });
      await refreshLobby(ctx, withDef(await ctx.store.getGame(game.record.id)));
      return r.private({ content: `${seat.name} no longer has a seat in game #${game.record.id}.` });
    }
    const running = started(game);
    if (!running) return refuse('LOBBY', `Game #${game.record.id} has not started yet.`);
    const res = await act(ctx, running, 'system', { type: 'remove', seat: seat.seat, reason: 'kicked' }, { head: `${displayName(i)} removed ${seat.name} from the game.` });
    if (!res.ok) return refuse(res.refusal.code, res.refusal.message);
    return { text: `${seat.name} was removed from game #${game.record.id}.`, posted: res.posted };
  }),
};
