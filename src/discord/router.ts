/**
 * One entry for every interaction: finds the game and the handler, acknowledges or answers
 * it, and writes one log line (kind, command, game, latency, outcome). Nothing a user sends can
 * throw out of here: a stale write is answered with where the game stands, an unexpected error
 * is logged and answered with an apology, privately.
 */
import { DiscordAPIError, DiscordjsErrorCodes, DiscordjsTypeError, MessageFlags, RESTJSONErrorCodes, type Interaction } from 'discord.js';
import { gameById as registeredGame } from '../games/registry.ts';
import { answer } from './command.ts';
import type { BotContext } from './context.ts';
import { isStale } from './game.ts';
import { started, withDef } from './guards.ts';
import { components, gameCommand, serverCommands, SERVER_COMMAND } from './handlers/index.ts';
import { statusText } from './handlers/info.ts';
import { parseButtonId } from './ids.ts';
import { errorText } from './log.ts';
import { Reply } from './reply.ts';

/**
 * Interaction ids seen lately. Discord may deliver one interaction twice: it is answered once.
 * Ids are unique across Discord, so one record per process serves every bot it runs.
 */
class Delivered {
  static readonly KEPT = 10_000;
  readonly #ids = new Set<string>();
  /** Whether `id` was seen before (and it is remembered from now on). */
  again(id: string): boolean {
    if (this.#ids.has(id)) return true;
    this.#ids.add(id);
    if (this.#ids.size > Delivered.KEPT) this.#ids.delete(this.#ids.values().next().value!);
    return false;
  }
}
const delivered = new Delivered();

/** Discord's answer to acknowledging an interaction that was acknowledged already (delivered twice). */
const acknowledgedTwice = (err: unknown): boolean => err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.InteractionHasAlreadyBeenAcknowledged;

export async function route(ctx: BotContext, i: Interaction, opts: { stopping: boolean }): Promise<void> {
  const began = performance.now();
  const line: Record<string, string | number | null> = {
    kind: i.isAutocomplete() ? 'autocomplete' : i.isChatInputCommand() ? 'command' : i.isButton() ? 'button' : i.isStringSelectMenu() ? 'menu' : 'other',
    guild: i.guildId,
    channel: i.channelId,
    user: i.user.id,
  };
  let outcome = 'ok';
  if (delivered.again(i.id)) {
    ctx.log.debug('interaction delivered again', line);
    return;
  }
  try {
    if (i.isAutocomplete()) {
      const sub = i.options.getSubcommand(false) ?? '';
      line.command = `${i.commandName} ${sub}`.trim();
      const def = registeredGame(i.commandName);
      const command = def ? gameCommand(def, sub) : undefined;
      const server = i.commandName === SERVER_COMMAND ? serverCommands.find((c) => c.name === sub) : undefined;
      if (!opts.stopping && server?.autocomplete) outcome = await server.autocomplete(ctx, i);
      else if (opts.stopping || !def || !command?.autocomplete) {
        await i.respond([]);
        outcome = opts.stopping ? 'stopping' : 'none';
      } else {
        outcome = await command.autocomplete(ctx, i, def);
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
    const handler = pressed ? components[pressed.verb] : null;
    try {
      await r.ack(handler?.edits ? 'update' : 'private');
    } catch (err) {
      if (!acknowledgedTwice(err)) throw err;
      // Delivered again after a restart, or to another process: answered there.
      outcome = 'delivered-twice';
      ctx.log.debug('interaction acknowledged already', line);
      return;
    }
    try {
      if (i.isChatInputCommand()) {
        const sub = i.options.getSubcommand(false) ?? '';
        line.command = `${i.commandName} ${sub}`.trim();
        if (i.commandName === SERVER_COMMAND) {
          const command = serverCommands.find((c) => c.name === sub);
          if (!command) await r.refuse('UNKNOWN_COMMAND', `\`/games ${sub}\` is not a command of this version.`);
          else await answer(r, await command.handle.run({ ctx, r, i, def: null }));
        } else {
          const def = registeredGame(i.commandName);
          const command = def ? gameCommand(def, sub) : undefined;
          if (!def) await r.refuse('UNKNOWN_COMMAND', `\`/${i.commandName}\` is not a game this bot runs: see \`/games list\`.`);
          else if (!command) await r.refuse('UNKNOWN_COMMAND', `\`/${def.id} ${sub}\` is not a command of this version; see \`/${def.id} help\`.`);
          else await answer(r, command.lacking?.(def) ?? (await command.handle.run({ ctx, r, i, def })));
        }
      } else {
        line.command = pressed ? `${i.isButton() ? 'button' : 'menu'} ${pressed.verb}` : `${line.kind as string} ?`;
        line.game = pressed?.gameId ?? null;
        const how = handler?.edits ? 'update' : 'private';
        if (!pressed || !handler) await r.refuse('UNKNOWN_BUTTON', 'That button is from an older version of the bot and no longer does anything.');
        else if (i.isStringSelectMenu()) {
          if (handler.kind === 'menu') await answer(r, await handler.handle.run({ ctx, r, i, b: pressed, channelId: i.channelId }), how);
          else await r.refuse('UNKNOWN_BUTTON', 'That menu no longer does anything.');
        } else if (handler.kind === 'button') await answer(r, await handler.handle.run({ ctx, r, i, b: pressed, channelId: i.channelId }), how);
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
      await r.refuse('STALE', `The game moved on while your request was handled, so nothing was changed. Here is where it stands now:\n${await standing(ctx, err.gameId, i.user.id)}`);
    }
    outcome = r.outcome;
    if (r.precondition) line.precondition = r.precondition;
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
    ctx.log.info('interaction', { ...line, outcome, ms: Math.round(performance.now() - began) });
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

/** Where a game stands, for a stale request's answer to `reader`. */
async function standing(ctx: BotContext, gameId: number, reader: string): Promise<string> {
  const loaded = await ctx.store.getGame(gameId);
  const game = loaded.record.status === 'running' ? started(withDef(loaded)) : null;
  if (!game) return `Game #${gameId} is ${loaded.record.status === 'lobby' ? 'in its lobby' : 'over'}.`;
  return statusText(ctx, game, reader);
}
