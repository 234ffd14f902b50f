/**
 * One entry for every interaction: finds the game and the handler, acknowledges or answers
 * it, and writes one log line (kind, command, game, latency, outcome). Nothing a user sends can
 * throw out of here: a stale write is answered with where the game stands, an unexpected error
 * is logged and answered with an apology, privately.
 */
import { DiscordjsErrorCodes, DiscordjsTypeError, MessageFlags, type ChatInputCommandInteraction, type Interaction } from 'discord.js';
import type { AnyGame } from '../platform/game.ts';
import { gameById as registeredGame } from '../games/registry.ts';
import type { BotContext } from './context.ts';
import { isStale } from './game.ts';
import { parseButtonId, type ButtonVerb } from './ids.ts';
import { errorText } from './log.ts';
import { Reply } from './reply.ts';
import { addBot, lobbyButton, newGame, optionSelect, startCommand } from './handlers/lobby.ts';
import { autocomplete, pickButton, playCommand } from './handlers/play.ts';
import { handButton, handCommand } from './handlers/hand.ts';
import { helpCommand, historyCommand, mapCommand, rulesCommand, statusCommand, statusText } from './handlers/info.ts';
import { withDef, type RunningGame } from './guards.ts';
import { abortCommand, cancelButton, confirmButton, kickCommand, resignCommand } from './handlers/admin.ts';
import { gameSettingsCommand, serverSettingsCommand } from './handlers/settings.ts';
import { listCommand } from './handlers/games.ts';
import { healthCommand } from './handlers/health.ts';
import { undoButton, undoCommand } from './handlers/undo.ts';
import { rematchButton } from './handlers/rematch.ts';
import { leaderboardCommand, statsCommand } from './handlers/stats.ts';
import { mineCommand } from './handlers/mine.ts';
import { chooseCommand, continueButton } from './handlers/choices.ts';

/** Buttons and menus of the presser's own ephemeral messages: they replace that message (a choice made there loses its buttons). */
const EDITS_ITS_MESSAGE: ReadonlySet<ButtonVerb> = new Set<ButtonVerb>(['opt', 'optp', 'handr', 'abort', 'resign', 'cancel', 'pick']);

export async function route(ctx: BotContext, i: Interaction, opts: { stopping: boolean }): Promise<void> {
  const started = performance.now();
  const line: Record<string, string | number | null> = {
    kind: i.isAutocomplete() ? 'autocomplete' : i.isChatInputCommand() ? 'command' : i.isButton() ? 'button' : i.isStringSelectMenu() ? 'menu' : 'other',
    guild: i.guildId,
    channel: i.channelId,
    user: i.user.id,
  };
  let outcome = 'ok';
  try {
    if (i.isAutocomplete()) {
      line.command = `${i.commandName} ${i.options.getSubcommand(false) ?? ''}`.trim();
      const def = registeredGame(i.commandName);
      if (opts.stopping || !def) {
        await i.respond([]);
        outcome = opts.stopping ? 'stopping' : 'none';
      } else {
        outcome = await autocomplete(ctx, i, def);
      }
      return;
    }
    if (!i.isChatInputCommand() && !i.isButton() && !i.isStringSelectMenu()) return;
    const r = new Reply(i);
    if (opts.stopping) {
      await r.refuse('STOPPING', 'The bot is restarting: try again in a minute. Nothing was changed.');
      outcome = r.outcome;
      return;
    }
    // Acknowledged before any lock, database or Discord wait: a busy channel must never cost
    // a press its 3 seconds. Presses that edit their own ephemeral message promise an update.
    const pressed = i.isChatInputCommand() ? null : parseButtonId(i.customId);
    await r.ack(pressed && EDITS_ITS_MESSAGE.has(pressed.verb) ? 'update' : 'private');
    try {
      if (i.isChatInputCommand()) {
        const sub = i.options.getSubcommand(false) ?? '';
        line.command = `${i.commandName} ${sub}`.trim();
        if (i.commandName === 'games') await gamesCommand(ctx, r, i, sub);
        else {
          const def = registeredGame(i.commandName);
          if (!def) await r.refuse('UNKNOWN_COMMAND', `\`/${i.commandName}\` is not a game this bot runs: see \`/games list\`.`);
          else await gameCommand(ctx, r, i, def, sub);
        }
      } else {
        const b = pressed;
        line.command = b ? `${i.isButton() ? 'button' : 'menu'} ${b.verb}` : `${line.kind as string} ?`;
        line.game = b?.gameId ?? null;
        if (!b) await r.refuse('UNKNOWN_BUTTON', 'That button is from an older version of the bot and no longer does anything.');
        else if (i.isStringSelectMenu()) {
          if (b.verb === 'opt' || b.verb === 'optp') await optionSelect(ctx, r, i, b);
          else await r.refuse('UNKNOWN_BUTTON', 'That menu no longer does anything.');
        } else if (b.verb === 'join' || b.verb === 'leave' || b.verb === 'start' || b.verb === 'opts') await lobbyButton(ctx, r, i, b.verb, b.gameId);
        else if (b.verb === 'hand' || b.verb === 'handr') await handButton(ctx, r, i, b.gameId, b.verb === 'handr');
        else if (b.verb === 'pick') await pickButton(ctx, r, i, b);
        else if (b.verb === 'abort' || b.verb === 'resign') await confirmButton(ctx, r, i, b.verb, b.gameId);
        else if (b.verb === 'cancel') await cancelButton(r);
        else if (b.verb === 'undo') await undoButton(ctx, r, i, b);
        else if (b.verb === 'rematch') await rematchButton(ctx, r, i, b);
        else if (b.verb === 'next') await continueButton(ctx, r, b.gameId);
        else await r.refuse('UNKNOWN_BUTTON', 'That button no longer does anything.');
      }
    } catch (err) {
      const bad = optionProblem(err);
      if (bad) {
        await r.refuse('BAD_OPTION', `${bad} Nothing was changed.`);
        outcome = r.outcome;
        return;
      }
      // Two requests raced (another process, or a write outside the channel's queue): nothing
      // was changed; say so with where the game stands.
      if (!isStale(err)) throw err;
      await r.refuse('STALE', `The game moved on while your request was handled, so nothing was changed. Here is where it stands now:\n${await standing(ctx, err.gameId)}`);
    }
    outcome = r.outcome;
  } catch (err) {
    outcome = 'error';
    ctx.log.error('interaction failed', { ...line, error: errorText(err) });
    if ((i.isChatInputCommand() || i.isButton() || i.isStringSelectMenu()) && i.isRepliable()) {
      const content = 'Something went wrong on my side and your request was not completed. Please try again; if it keeps happening, tell the server admins.';
      try {
        if (i.deferred || i.replied) await i.editReply({ content, components: [], files: [] });
        else await i.reply({ content, flags: MessageFlags.Ephemeral });
      } catch {
        // The interaction may have expired; the log line says what happened.
      }
    }
  } finally {
    ctx.log.info('interaction', { ...line, outcome, ms: Math.round(performance.now() - started) });
  }
}

/**
 * A slash option missing or of the wrong type. Discord's own client cannot send one, but a
 * forged payload can: it is refused like any other bad value, not reported as our failure.
 */
function optionProblem(err: unknown): string | null {
  if (!(err instanceof DiscordjsTypeError)) return null;
  const name = /"([^"]+)"/.exec(err.message)?.[1];
  const option = name ? `The option \`${name}\`` : 'An option';
  switch (err.code) {
    case DiscordjsErrorCodes.CommandInteractionOptionNotFound:
    case DiscordjsErrorCodes.CommandInteractionOptionEmpty:
      return `${option} is missing.`;
    case DiscordjsErrorCodes.CommandInteractionOptionType:
      return `${option} has the wrong kind of value (pick it from the command's list).`;
    case DiscordjsErrorCodes.CommandInteractionOptionNoSubcommand:
      return 'The command needs a subcommand.';
    default:
      return null;
  }
}

/** Where a game stands, for a stale request's answer. */
async function standing(ctx: BotContext, gameId: number): Promise<string> {
  const game = await ctx.store.getGame(gameId);
  if (game.game.status !== 'running' || game.state === null) return `Game #${gameId} is ${game.game.status === 'lobby' ? 'in its lobby' : 'over'}.`;
  return statusText(ctx, withDef(game) as RunningGame);
}

async function gameCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction, def: AnyGame, sub: string): Promise<void> {
  const move = def.commands.find((m) => m.name === sub);
  if (move) return playCommand(ctx, r, i, def, move);
  switch (sub) {
    case 'new': return newGame(ctx, r, i, def);
    case 'start': return startCommand(ctx, r, def);
    case 'addbot': return addBot(ctx, r, def);
    case 'hand': return def.hand ? handCommand(ctx, r, def) : r.refuse('UNKNOWN_COMMAND', `Nothing in ${def.title} is hidden: \`/${def.id} map\` shows everything.`);
    case 'status': return statusCommand(ctx, r, def);
    case 'choose': return chooseCommand(ctx, r, def);
    case 'map': return mapCommand(ctx, r, def);
    case 'history': return historyCommand(ctx, r, def);
    case 'rules': return rulesCommand(r, i, def);
    case 'help': return helpCommand(r, def);
    case 'resign': return resignCommand(ctx, r, def);
    case 'abort': return abortCommand(ctx, r, def);
    case 'kick': return kickCommand(ctx, r, i, def);
    case 'settings': return gameSettingsCommand(ctx, r, i, def);
    case 'undo': return undoCommand(ctx, r, def);
    default: return r.refuse('UNKNOWN_COMMAND', `\`/${def.id} ${sub}\` is not a command of this version; see \`/${def.id} help\`.`);
  }
}

async function gamesCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction, sub: string): Promise<void> {
  switch (sub) {
    case 'list': return listCommand(ctx, r);
    case 'mine': return mineCommand(ctx, r);
    case 'stats': return statsCommand(ctx, r, i);
    case 'leaderboard': return leaderboardCommand(ctx, r, i);
    case 'settings': return serverSettingsCommand(ctx, r, i);
    case 'status': return healthCommand(ctx, r);
    default: return r.refuse('UNKNOWN_COMMAND', `\`/games ${sub}\` is not a command of this version.`);
  }
}
