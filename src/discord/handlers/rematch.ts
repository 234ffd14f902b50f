/**
 * The **Rematch** button of a finished game's end post: a new lobby in the same channel with
 * the same options and turn limit, its computer players seated again (each at its level), and
 * the other players asked (with a mention) to press **Join**. Whoever presses it hosts the new game.
 */
import { ChannelBusyError } from '../../store/index.ts';
import { onPress, type ComponentHandler } from '../command.ts';
import { botCanPost, channelLock, pressedGame, refuse, withDef, type GameWithDef, type Precondition } from '../guards.ts';
import { displayName } from '../names.ts';
import { mayOpenLobby } from '../permissions.ts';
import { post } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { armLobbyExpiry, lobbyMessage } from './lobby.ts';
import { defaultsFor } from './settings.ts';

const finished: Precondition<{ game: GameWithDef }> = {
  name: 'a finished game',
  check: ({ game }) => (game.record.status === 'finished' ? {} : refuse('NO_REMATCH', 'Only a finished game can be played again.')),
};

const itsPlayer: Precondition<{ r: Reply; game: GameWithDef }> = {
  name: 'one of its players',
  check: ({ r, game }) => game.seats.some((s) => s.userId === r.i.user.id)
    ? {}
    : refuse('NOT_PLAYER', `Only the players of game #${game.record.id} can ask for its rematch. Start your own game with \`/${game.def.id} new\`.`),
};

export const rematchComponents = {
  // Every field of the press is untrusted: the game must be this server's and this channel's.
  rematch: {
    kind: 'button',
    handle: onPress(pressedGame, finished, itsPlayer, mayOpenLobby, botCanPost, channelLock, async ({ ctx, i, game: old }) => {
      const { def } = old;
      const computersAllowed = (await defaultsFor(ctx, old.record.guildId, def)).allowComputers;
      const computers = computersAllowed ? old.seats.filter((s) => s.computer) : [];
      const others = old.seats.filter((s) => s.userId !== null && s.userId !== i.user.id);
      let created: GameWithDef;
      try {
        const lobby = await ctx.store.createLobby({
          kind: def.id, guildId: old.record.guildId, channelId: old.record.channelId, parentChannelId: old.record.parentChannelId,
          hostUserId: i.user.id, hostName: displayName(i), options: old.record.options, turnLimitSeconds: old.record.turnLimitSeconds,
        });
        // Each at the level it played at.
        for (const c of computers) await ctx.store.joinLobby(lobby.record.id, { userId: null, name: c.name, bot: c.bot });
        await armLobbyExpiry(ctx, lobby.record);
        created = withDef(await ctx.store.getGame(lobby.record.id));
      } catch (err) {
        if (!(err instanceof ChannelBusyError)) throw err;
        const busy = await ctx.store.loadActiveGame(old.record.channelId);
        return refuse('CHANNEL_BUSY', `This channel already has a game${busy ? ` (#${busy.record.id}, ${busy.record.status === 'lobby' ? 'in its lobby: press **Join** on it' : 'running'})` : ''}.`);
      }
      const invite = others.length
        ? `Rematch of game #${old.record.id}: ${others.map((s) => `<@${s.userId}>`).join(', ')}, press **Join** to play again.`
        : `Rematch of game #${old.record.id}.`;
      const note = computersAllowed || !old.seats.some((s) => s.computer) ? invite : `${invite} Computer players are switched off on this server now, so they were not seated.`;
      const message = lobbyMessage(created, note);
      const text = `Game #${created.record.id} is open, with the options of game #${old.record.id}. ${others.length ? 'The other players were asked to press **Join**; you' : 'You'} press **Start** when everyone is in.`;
      // The lobby is posted after the lock is released; the answer waits for it.
      const posted = post(ctx, created.record.channelId, { ...message, allowedMentions: { users: others.map((s) => s.userId!) } }, created.record.id)
        .then(async (id) => {
          if (id) await ctx.store.setMessageIds(created.record.id, { lobbyMessageId: id });
          return null;
        });
      return { text, posted };
    }),
  },
} satisfies Record<string, ComponentHandler>;
