/**
 * One entry for every interaction: finds the handler, acknowledges or answers it, and writes
 * one log line (kind, command, game, latency, outcome). Nothing a user sends can throw out of
 * here: an unexpected error is logged and answered with an apology, privately.
 */
import { MessageFlags, type Interaction } from 'discord.js';
import type { BotContext } from './context.ts';
import { parseButtonId } from './ids.ts';
import { errorText } from './log.ts';
import { Reply } from './reply.ts';
import { addBot, lobbyButton, newGame, startCommand } from './commands/lobby.ts';
import { autocomplete, pickButton, playCommand, PLAY_TYPES } from './commands/play.ts';
import { handButton, handCommand } from './commands/hand.ts';
import { helpCommand, historyCommand, mapCommand, rulesCommand, statusCommand } from './commands/info.ts';
import { abortCommand, cancelButton, confirmButton, kickCommand, resignCommand, settingsCommand } from './commands/admin.ts';

export async function route(ctx: BotContext, i: Interaction, opts: { stopping: boolean }): Promise<void> {
  const started = performance.now();
  const line: Record<string, string | number | null> = {
    kind: i.isAutocomplete() ? 'autocomplete' : i.isChatInputCommand() ? 'command' : i.isButton() ? 'button' : 'other',
    guild: i.guildId,
    channel: i.channelId,
    user: i.user.id,
  };
  let outcome = 'ok';
  try {
    if (i.isAutocomplete()) {
      line.command = `fence ${i.options.getSubcommand(false) ?? ''}`.trim();
      if (opts.stopping) {
        await i.respond([]);
        outcome = 'stopping';
      } else {
        outcome = await autocomplete(ctx, i);
      }
      return;
    }
    if (!i.isChatInputCommand() && !i.isButton()) return;
    const r = new Reply(i);
    if (opts.stopping) {
      await r.refuse('STOPPING', 'The bot is restarting: try again in a minute. Nothing was changed.');
      outcome = r.outcome;
      return;
    }
    if (i.isChatInputCommand()) {
      const sub = i.options.getSubcommand(false) ?? '';
      line.command = `${i.commandName} ${sub}`.trim();
      if (i.commandName !== 'fence') {
        await r.refuse('UNKNOWN_COMMAND', 'This bot only knows `/fence`.');
      } else {
        await dispatchCommand(ctx, r, i, sub);
      }
    } else {
      const b = parseButtonId(i.customId);
      line.command = b ? `button ${b.verb}` : 'button ?';
      line.game = b?.gameId ?? null;
      if (!b) await r.refuse('UNKNOWN_BUTTON', 'That button is from an older version of the bot and no longer does anything.');
      else if (b.verb === 'join' || b.verb === 'leave' || b.verb === 'start') await lobbyButton(ctx, r, i, b.verb, b.gameId);
      else if (b.verb === 'hand' || b.verb === 'handr') await handButton(ctx, r, i, b.gameId, b.verb === 'handr');
      else if (b.verb === 'pick') await pickButton(ctx, r, i, b);
      else if (b.verb === 'abort' || b.verb === 'resign') await confirmButton(ctx, r, i, b.verb, b.gameId);
      else if (b.verb === 'cancel') await cancelButton(i);
    }
    outcome = r.outcome;
  } catch (err) {
    outcome = 'error';
    ctx.log.error('interaction failed', { ...line, error: errorText(err) });
    if ((i.isChatInputCommand() || i.isButton()) && i.isRepliable()) {
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

async function dispatchCommand(ctx: BotContext, r: Reply, i: import('discord.js').ChatInputCommandInteraction, sub: string): Promise<void> {
  if (sub in PLAY_TYPES) return playCommand(ctx, r, i, sub);
  switch (sub) {
    case 'new': return newGame(ctx, r, i);
    case 'start': return startCommand(ctx, r);
    case 'addbot': return addBot(ctx, r);
    case 'hand': return handCommand(ctx, r);
    case 'status': return statusCommand(ctx, r);
    case 'map': return mapCommand(ctx, r);
    case 'history': return historyCommand(ctx, r);
    case 'rules': return rulesCommand(r, i);
    case 'help': return helpCommand(r);
    case 'resign': return resignCommand(ctx, r);
    case 'abort': return abortCommand(ctx, r);
    case 'kick': return kickCommand(ctx, r, i);
    case 'settings': return settingsCommand(ctx, r, i);
    default: return r.refuse('UNKNOWN_COMMAND', `\`/fence ${sub}\` is not a command of this version; see \`/fence help\`.`);
  }
}
