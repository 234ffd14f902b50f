/**
 * A finished game's replay and record. **Replay** (on the end post, beside Rematch) posts the
 * game as one animated picture in its channel, for everyone there: the end of a game is a
 * moment its players share, the picture shows only what the channel was shown anyway, and a
 * group of friends looks at it together. It is posted once: a second press is pointed to it
 * rather than filling the channel with copies. `/games export` gives a player or an admin the
 * game's record as a file, privately (the seed included, which only an ended game gives away).
 */
import { AttachmentBuilder, PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import type { LoadedGame } from '../../store/index.ts';
import { drawReplay } from '../../replay/animation.ts';
import { recordOf, recordText, type GameRecordFile } from '../../replay/record.ts';
import { onPress, onServer, type ComponentHandler, type ServerCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { botCanPost, hasPerm, inGuild, isGameAdmin, pressedGame, refuse, withDef, type GameWithDef, type Precondition } from '../guards.ts';
import { errorText } from '../log.ts';
import { displayName } from '../names.ts';
import { listText, post } from '../posts.ts';
import type { Reply } from '../reply.ts';

/** An ended game whose record can be read: the seed is no secret any more. */
function ended(game: LoadedGame, def: GameWithDef['def']): ReturnType<typeof refuse> | null {
  const id = game.record.id;
  switch (game.record.status) {
    case 'lobby':
      return refuse('NOT_STARTED', `Game #${id} has not started, so it has no moves to show yet.`);
    case 'running':
      return refuse('RUNNING', `Game #${id} is still running. Its record holds the seed, which decides every card and roll still to come, so it can be had once the game is over (\`/${def.id} status\` shows where it stands).`);
    case 'broken':
      return refuse('BROKEN', `Game #${id} was set aside because its saved state could not be read, so it cannot be rebuilt.`);
    default:
      return game.record.seed === null || game.state === null ? refuse('NOT_STARTED', `Game #${id} ended before it started, so it has no moves to show.`) : null;
  }
}

// ---- Replay -------------------------------------------------------------------------------------

/**
 * Replays posted (message id) or being drawn (null) by this process, by game: a press while one
 * is there points to it. A restart forgets them: a press then posts the replay again.
 */
const posted = new Map<number, { at: number; message: string | null }>();
const KEPT = 200;

/** Replays drawn at once by this process: each keeps a game's states and its frames in memory while it is drawn. */
const AT_ONCE = 2;
let drawing = 0;
const waiting: (() => void)[] = [];

async function inTurn<T>(work: () => Promise<T>): Promise<T> {
  if (drawing < AT_ONCE) drawing++;
  // A finished replay hands its place to the next one waiting, as it is.
  else await new Promise<void>((go) => waiting.push(go));
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else drawing--;
  }
}

const endedGame: Precondition<{ game: GameWithDef }> = {
  name: 'an ended game',
  check: ({ game }) => ended(game, game.def) ?? {},
};

/** The record of a loaded ended game, from its log. */
async function recordHere(ctx: BotContext, game: LoadedGame): Promise<GameRecordFile> {
  return recordOf(game, await ctx.store.getActionLog(game.record.id));
}

/** Draws the replay and posts it in the game's channel; the message id, or null when it could not be posted. */
async function postReplay(ctx: BotContext, game: GameWithDef, askedBy: string): Promise<string | null> {
  const record = await recordHere(ctx, game);
  const replay = await inTurn(() => drawReplay(record));
  const { animation } = replay;
  ctx.log.info('replay drawn', {
    game: game.record.id, kind: game.def.id, frames: animation.frames, pictures: replay.pictures, bytes: animation.gif.length,
    width: animation.width, height: animation.height, scale: Number(animation.scale.toFixed(2)), ms: replay.ms,
  });
  const turns = animation.frames < replay.pictures ? `${animation.frames} of its ${replay.pictures} pictures` : `${animation.frames} pictures`;
  const content = `🎬 **Replay of game #${game.record.id}** (${game.def.title}), asked for by ${askedBy}: ${turns}, turn by turn, from the start to the end.`;
  const file = new AttachmentBuilder(animation.gif, { name: `replay-${game.record.id}.gif`, description: replay.alt });
  return post(ctx, game.record.channelId, { content, files: [file], allowedMentions: { parse: [] } }, game.record.id);
}

export const replayComponents = {
  // Every field of the press is untrusted: the game must be this server's and this channel's.
  replay: {
    kind: 'button',
    handle: onPress(pressedGame, endedGame, botCanPost, async ({ ctx, r, i, game }) => {
      const id = game.record.id;
      const before = posted.get(id);
      if (before?.message === null) return refuse('REPLAY_DRAWING', `The replay of game #${id} is being drawn: it will be posted in this channel in a moment.`);
      if (before) {
        const link = `https://discord.com/channels/${game.record.guildId}/${game.record.channelId}/${before.message}`;
        return refuse('REPLAY_POSTED', `The replay of game #${id} is already in this channel: ${link} (posted <t:${Math.floor(before.at / 1000)}:R>).`);
      }
      posted.set(id, { at: ctx.now(), message: null });
      if (posted.size > KEPT) posted.delete(posted.keys().next().value!);
      let message: string | null = null;
      try {
        message = await postReplay(ctx, game, displayName(i));
      } catch (err) {
        ctx.log.error('replay failed', { game: id, error: errorText(err) });
      }
      if (message) posted.set(id, { at: ctx.now(), message });
      else posted.delete(id);
      // Said below the replay: the reply to the press sits above it.
      await r.below({ content: message ? `The replay of game #${id} is posted, for everyone in this channel.` : `The replay of game #${id} could not be posted here: try again later.` });
    }),
  },
} satisfies Record<string, ComponentHandler>;

// ---- Export -------------------------------------------------------------------------------------

/** The game `/games export` names, or this channel's latest ended game; it must be of this server and ended. */
const exportedGame: Precondition<{ ctx: BotContext; i: ChatInputCommandInteraction; guildId: string; channelId: string }, { game: GameWithDef }> = {
  name: 'an ended game of this server',
  check: async ({ ctx, i, guildId, channelId }) => {
    const asked = i.options.getInteger('game');
    let loaded: LoadedGame | null;
    if (asked !== null) {
      loaded = await ctx.store.getGame(asked).catch(() => null);
      if (!loaded || loaded.record.guildId !== guildId) return refuse('NO_SUCH_GAME', `There is no game #${asked} on this server.`);
    } else {
      const last = (await ctx.store.listGames({ guildId, channelId, status: ['finished', 'aborted'] })).at(-1);
      if (!last) return refuse('NO_GAME', 'No game has ended in this channel yet. Name one with the `game` option (its number, as in “game #12”).');
      loaded = await ctx.store.getGame(last.id);
    }
    const game = withDef(loaded);
    return ended(game, game.def) ?? { game };
  },
};

/** One of the game's players, its host, or a member who may manage the channel or the server. */
const playerOrAdmin: Precondition<{ r: Reply; game: GameWithDef }> = {
  name: 'one of its players or an admin',
  check: ({ r, game }) => game.seats.some((s) => s.userId === r.i.user.id) || isGameAdmin(r.i, game) || hasPerm(r.i, PermissionFlagsBits.ManageGuild)
    ? {}
    : refuse('NOT_PLAYER', `Only the players of game #${game.record.id} (${listText(game.seats.filter((s) => !s.computer).map((s) => s.name))}) or an admin can export its record.`),
};

export const exportCommand: ServerCommand = {
  name: 'export',
  define: (s) => s.setDescription('An ended game’s record as a file: seed, options, players and every move')
    .addIntegerOption((o) => o.setName('game').setDescription('The game’s number (as in “game #12”); without it, this channel’s latest ended game').setMinValue(1)),
  handle: onServer(inGuild, exportedGame, playerOrAdmin, async ({ ctx, r, game }) => {
    const record = await recordHere(ctx, game);
    const name = `game-${record.id}-${record.game}.json`;
    const winners = record.outcome?.winners.map((w) => record.seats[w]?.name ?? `seat ${w + 1}`) ?? [];
    const result = record.status === 'aborted' ? 'aborted' : winners.length ? `${listText(winners)} won` : 'nobody won';
    const moves = record.actions.length;
    await r.private({
      content: `The record of game #${record.id} (${record.title}, ${record.seats.length} players, ${moves} move${moves === 1 ? '' : 's'}, ${result}): its seed, options, players and every move, from which the bot rebuilds the game exactly (\`npm run replay -- ${name}\`).`,
      files: [new AttachmentBuilder(Buffer.from(recordText(record)), { name, description: `Record of game #${record.id} of ${record.title}` })],
    });
  }),
};
