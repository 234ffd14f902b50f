/**
 * The runtime's posts (src/runtime/context.ts's Posting) in Discord: a change cut into turn
 * posts (posts.ts) and queued in the channel's outbox (outbox.ts), the lobby message edited
 * once its game starts, an undo's correction, a turn's reminder, a player pinged once back,
 * a game's pause. Each picture is drawn just before its post.
 */
import { ComponentType, MessageFlags, type APIMessageTopLevelComponent, type MessageCreateOptions } from 'discord.js';
import type { PauseNews, Posting, StartedGame } from '../runtime/context.ts';
import type { BotContext } from './context.ts';
import { continueRow } from './handlers/choices.ts';
import { refreshLobby } from './handlers/lobby.ts';
import { pauseRow } from './handlers/pause.ts';
import { errorText } from './log.ts';
import { newsLines, notified, when } from './notify.ts';
import { boardFile, firstLevels, firstWords, heldAt, listText, mention, pictureFile, promptFor, sendable, turnButtons, turnPosts, v2Post } from './posts.ts';
import { asSent, isV2, withoutChoices } from './v2.ts';

/** `ctx`: the bot's context, read when a post is made (its logger changes once the shards are known). */
export function discordPosting(ctx: () => BotContext): Posting {
  return {
    shownVersion: (game) => ctx().outbox.shownVersion(game),

    change(game, version, steps, head, news) {
      const c = ctx();
      const opening = [...newsLines(game.seats, news), ...(head ? [head] : [])].join('\n');
      const out = turnPosts(game.def, game.record.id, version, steps, game.seats, c.outbox.ahead, opening || undefined, news);
      if (out.held) return { posted: Promise.resolve(null), held: true };
      return { posted: c.outbox.send(c, game.record, version, out.posts), held: false };
    },

    started: (game) => refreshLobby(ctx(), game, 'The game has started.'),

    undone(game, version, seat, { undone, state, stateAfterUndone }, news) {
      const c = ctx();
      const { def } = game;
      // A move the channel was never shown (its post held, see PostPlan.held) is taken back quietly: the channel already shows the state before it.
      if (c.outbox.shownVersion(game.record) < undone.seq) return c.outbox.send(c, game.record, version, []);
      const label = def.words.action(undone.before, undone.action);
      const name = game.seats.find((s) => s.seat === seat)?.name ?? 'A player';
      // The move's own post had a picture only if the game cut it that way: the correction matches.
      const hadPicture = def.posts ? def.posts([{ state: stateAfterUndone, events: undone.events }]).some((p) => p.picture !== null) : true;
      const prompt = promptFor(def, state, game.seats);
      // The store then records the version it shows (and its id, for /games mine).
      return c.outbox.send(c, game.record, version, [async () => {
        // Built in channel order: the taken-back move's post is out, and the store has its id.
        await strike(c, game.record.id, `Taken back by ${name}.`);
        // A first level about places brings its picture, as on a turn post.
        const firsts = firstLevels(def, state, game.seats);
        const levelPicture = firsts.length === 1 ? firsts[0]!.level.picture : undefined;
        return v2Post([
          { text: `${name} took back their move (${label}).` },
          { pictures: [...(hadPicture ? [await boardFile(def, state)] : []), ...(levelPicture ? [await pictureFile(def, levelPicture, `${levelPicture.kind}-2.png`)] : [])] },
          { text: [prompt.text, firstWords(firsts)].filter(Boolean).join('\n') },
          { rows: turnButtons(def, game.record.id, version, state, game.seats) },
        ], notified(prompt.mentionIds, news));
      }]);
    },

    reminder(game, seat, deadline, ping) {
      const c = ctx();
      // A reminder is a new message: mentions in edits do not notify.
      const by = deadline ? ` ${when(deadline)}` : ' soon';
      const userId = game.seats.find((s) => s.seat === seat)?.userId;
      return c.outbox.send(c, game.record, null, [async () => ({
        content: `⏰ ${mention(game.seats, seat)}, half of your time for this turn in game #${game.record.id} is gone: the computer plays it for you${by}.`,
        allowedMentions: { users: userId && ping ? [userId] : [] },
      })]);
    },

    ping(game, seat, { last, since }) {
      const c = ctx();
      const userId = game.seats.find((s) => s.seat === seat)?.userId;
      const prompt = game.def.words.prompt(game.state, seat).text;
      const what = last
        ? `everyone else has played: game #${game.record.id} waits for you alone.`
        : `game #${game.record.id} is waiting for you${since ? ` (since ${when(since)})` : ''}.`;
      return c.outbox.send(c, game.record, null, [async () => ({
        content: `🔔 ${mention(game.seats, seat)}, ${what} ${prompt.charAt(0).toUpperCase()}${prompt.slice(1)}`.slice(0, 2000),
        allowedMentions: { users: userId ? [userId] : [] },
      })]);
    },

    pause(game, news) {
      const c = ctx();
      return c.outbox.send(c, game.record, null, [async () => pausePost(game, news)]);
    },
  };
}

/** The channel's message about a pause: a vote, the game paused, the game resumed (naming whom it waits for). */
function pausePost(game: StartedGame, news: PauseNews): MessageCreateOptions {
  const id = game.record.id;
  const cmd = `/${game.def.id}`;
  const name = (userId: string) => game.seats.find((s) => s.userId === userId)?.name ?? `<@${userId}>`;
  const by = (n: { by: readonly string[]; admin: boolean }) => (n.admin ? `by ${name(n.by[0] ?? '')}` : `by a vote of ${listText(n.by.map(name))}`);
  switch (news.kind) {
    case 'vote': {
      const icon = news.wants === 'pause' ? '⏸️' : '▶️';
      return {
        content: `${icon} ${name(news.userId)} votes to ${news.wants} game #${id}: ${news.votes} of the ${news.needed} votes needed. Players who agree press **${news.wants === 'pause' ? 'Pause' : 'Resume'} too**.`,
        components: [pauseRow(id, news.wants, news.wants === 'pause' ? 'Pause too' : 'Resume too')],
        allowedMentions: { users: [] },
      };
    }
    case 'paused':
      return {
        content: `⏸️ **Game #${id} is paused** (${by(news)}). Nothing can be played and the turn clocks are stopped until it is resumed: **Resume** below or \`${cmd} pause\`, by the host or a member with Manage Channels alone, or by ${news.needed} of its players.`,
        components: [pauseRow(id, 'resume', 'Resume')],
        allowedMentions: { users: [] },
      };
    case 'resumed': {
      const waiting = news.waiting.map((seat) => mention(game.seats, seat));
      // A turn under way (PostPlan.held) goes on in its player's private answers, which a restart
      // during the pause may have cut off: the way back to it, as at start-up (handlers/choices.ts).
      const held = waiting.length > 0 && heldAt(game.def, game.state);
      return {
        content: `▶️ **Game #${id} is resumed** (${by(news)}): the turn clocks run again with the time they had left.${waiting.length ? `\nWaiting for ${listText(waiting)}.` : ''}${held ? ' **Continue my turn** shows what comes next.' : ''}`,
        ...(held ? { components: [continueRow(id)] } : {}),
        allowedMentions: { users: [...news.ping] },
      };
    }
  }
}

/**
 * Strikes through the game's latest turn post, which told a move now taken back (and asked
 * someone to play after it): its lines struck, `note` added, its buttons gone (a V2 post keeps
 * its pictures). A post that cannot be read (no Read Message History) says only the note; one
 * that cannot be edited stays.
 */
async function strike(ctx: BotContext, gameId: number, note: string): Promise<void> {
  const { record: game } = await ctx.store.getGame(gameId);
  const id = game.boardMessageId;
  if (!id) return;
  const struck = (text: string): string => text.split('\n').map((l) => (l.trim() ? `~~${l}~~` : l)).join('\n');
  try {
    const channel = await sendable(ctx, game.channelId);
    if (!channel || !('messages' in channel)) return;
    const old = await channel.messages.fetch(id).catch(() => null);
    // Turn posts are V2: one that cannot be read is told as the note alone.
    if (!old || isV2(old.flags)) {
      const components: APIMessageTopLevelComponent[] = (old ? withoutChoices(asSent(old)) : []).map((c) => (c.type === ComponentType.TextDisplay ? { ...c, content: struck(c.content) } : c));
      components.push({ type: ComponentType.TextDisplay, content: `-# ${note}` });
      await channel.messages.edit(id, { components, flags: MessageFlags.IsComponentsV2, allowedMentions: { parse: [] } });
      ctx.outbox.rewritten(gameId, id, components);
      return;
    }
    const lines = old.content ? struck(old.content) : '';
    const content = lines.length + note.length + 5 <= 2000 ? [lines, `-# ${note}`].filter(Boolean).join('\n') : `-# ${note}`;
    await channel.messages.edit(id, { content, components: [], allowedMentions: { parse: [] } });
  } catch (err) {
    ctx.log.warn('striking the taken-back post failed', { game: gameId, error: errorText(err) });
  }
}
