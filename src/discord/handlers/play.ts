/**
 * The move subcommands (a game's `commands`) with autocomplete built from the game's legal
 * actions, and the choice buttons of turn posts. An autocomplete value or a button value is the
 * game's encoding of an action; whatever arrives is decoded and checked again by the game.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type AutocompleteInteraction, type ButtonInteraction, type ChatInputCommandInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import type { BotContext } from '../context.ts';
import { act, type ActResult } from '../../runtime/moves.ts';
import { answerWhenPosted, type Answer } from '../game.ts';
import { botCanPost, gameOfPress, inGuild, inThisGame, runningGame, seatOf, waitingNames, withDef, yourTurn, type RunningGame } from '../guards.ts';
import { buttonId, type ButtonId } from '../ids.ts';
import { choiceRows, pictureFile } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { undoRow } from './undo.ts';

const NONE = '-';

function matches(label: string, typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const l = label.toLowerCase();
  return words.every((w) => l.includes(w));
}

type Move = AnyGame['commands'][number];

/** The legal actions a move subcommand offers a seat, with their labels. */
export function offered(def: AnyGame, state: unknown, seat: number, move: Move): { action: unknown; label: string }[] {
  return def.legalActions(state, seat).filter((a) => move.accepts(a)).map((action) => ({ action, label: def.words.action(state, action) }));
}

export async function autocomplete(ctx: BotContext, i: AutocompleteInteraction, def: AnyGame): Promise<string> {
  const sub = i.options.getSubcommand(false) ?? '';
  const move = def.commands.find((m) => m.name === sub);
  const typed = String(i.options.getFocused() ?? '');
  const say = async (text: string, outcome: string) => {
    await i.respond([{ name: text.slice(0, 100), value: NONE }]);
    return outcome;
  };
  if (!i.inGuild() || !move) return say(`Play ${def.title} in a server channel.`, 'none');
  const loaded = await ctx.store.loadActiveGame(i.channelId);
  if (!loaded || loaded.state === null) return say(loaded ? 'The game has not started yet.' : `No game here: start one with /${def.id} new.`, 'none');
  const game = withDef(loaded) as RunningGame;
  if (game.def.id !== def.id) return say(`This channel's game is ${game.def.title}: use /${game.def.id}.`, 'none');
  const seat = seatOf(game.seats, i.user.id);
  if (!seat || seat.leftAt) return say('You are not playing in this game.', 'none');
  if (!def.activeSeats(game.state).includes(seat.seat)) return say(`Not your turn: waiting for ${waitingNames(game)}.`, 'none');
  const all = offered(def, game.state, seat.seat, move);
  if (all.length === 0) {
    const choice = def.words.prompt(game.state, seat.seat).buttons.length > 0;
    // A suggestion is plain text: the sentence's markdown would show as it is typed.
    return say(choice ? 'Answer the choice first (buttons on the last post).' : unavailable(def, game.state, seat.seat, move).replace(/[`*]/g, ''), 'none');
  }
  const choices = all.filter((o) => matches(o.label, typed)).slice(0, 25).map((o) => ({ name: o.label.slice(0, 100), value: def.encode(o.action) }));
  await i.respond(choices.length ? choices : [{ name: `Nothing matches “${typed.slice(0, 40)}” — clear the text to see all ${all.length}`, value: NONE }]);
  return 'ok';
}

/** Why a move subcommand offers a seat nothing on their turn: the game's words, or a plain default. */
function unavailable(def: AnyGame, state: unknown, seat: number, move: Move): string {
  return def.words.unavailable?.(state, seat, move.name) ?? `You cannot ${move.what} right now.`;
}

/** Reads what was submitted: a chosen suggestion, a move the game understands, or a label typed in full. */
function parseChoice(def: AnyGame, state: unknown, seat: number, move: Move, value: string): unknown {
  const decoded = def.decode(value);
  if (decoded !== null) return decoded;
  const parsed = def.parse?.(state, seat, move.name, value);
  if (parsed !== null && parsed !== undefined) return parsed;
  const typed = value.trim().toLowerCase();
  return offered(def, state, seat, move).find((o) => o.label.toLowerCase() === typed)?.action ?? null;
}

export async function playCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction, def: AnyGame, move: Move): Promise<void> {
  const where = await inGuild(r, def);
  if (!where || !(await botCanPost(r))) return;
  await answerWhenPosted(r, await ctx.store.withChannelLock(where.channelId, async (): Promise<Answer | void> => {
    const game = await runningGame(ctx, r, where.channelId, def);
    if (!game) return;
    const seat = await inThisGame(r, game);
    if (seat === null || !(await yourTurn(r, game, seat))) return;
    const value = i.options.getString(move.option, true);
    const action = parseChoice(def, game.state, seat, move, value);
    const legal = offered(def, game.state, seat, move).map((o) => o.label);
    if (action === null) {
      if (def.words.prompt(game.state, seat).buttons.length > 0 && legal.length === 0) return r.refuse('CHOICE_PENDING', 'First answer the choice in front of you: the buttons on the last game post.');
      // Words that fit several moves ("push cy" with two roads out): those moves, not the whole list.
      const fitting = legal.filter((l) => matches(l, value));
      if (fitting.length > 1 && fitting.length < legal.length) return r.refuse('AMBIGUOUS_CHOICE', `“${value.slice(0, 60)}” fits ${fitting.length} moves: pick one from the list, or say which.`, fitting);
      return r.refuse('UNKNOWN_CHOICE', legal.length ? `Pick one of the suggestions in the list to ${move.what}.` : unavailable(def, game.state, seat, move), legal);
    }
    if (!move.accepts(action)) return r.refuse('WRONG_COMMAND', `That is not something \`/${def.id} ${move.name}\` does: use the command for that kind of move.`, legal);
    const label = def.words.action(game.state, action);
    // A legal move the game previews: shown to this player alone, played when confirmed.
    const legalNow = () => def.legalActions(game.state, seat).some((a) => def.encode(a) === def.encode(action));
    const shown = def.preview && legalNow() ? def.preview(game.state, seat, action) : null;
    if (shown) {
      const confirm = new ButtonBuilder().setCustomId(buttonId({ verb: 'pick', gameId: game.game.id, version: game.game.version, value: def.encode(action) })).setLabel('Confirm').setStyle(ButtonStyle.Success);
      return r.private({
        content: `${label}: only you see this preview. Press **Confirm** to play it, or pick another.`,
        files: [await pictureFile(def, shown)],
        components: [new ActionRowBuilder<ButtonBuilder>().addComponents(confirm)],
      });
    }
    const res = await act(ctx, game, seat, action, { userId: i.user.id });
    if (!res.ok) return r.refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
    return done(def, game, seat, label, res);
  }));
}

/**
 * The private answer to an accepted move. When the game holds its post (the turn goes on),
 * it also says what comes next, with the choice buttons, since the channel shows nothing yet.
 */
function done(def: AnyGame, game: RunningGame, seat: number, label: string, res: ActResult & { ok: true }): Answer {
  const undo = undoRow(def, game.game.id, game.game.version, res);
  if (!res.held || !def.activeSeats(res.state).includes(seat)) {
    return { text: `Done: ${label}.${res.over ? ' The game is over.' : ''}`, posted: res.posted, components: undo };
  }
  const next = def.words.prompt(res.state, seat);
  return {
    text: `Done: ${label}. Next, ${next.text}\nThe channel sees your whole turn once it is over.`,
    posted: res.posted,
    components: [...choiceRows(def, game.game.id, res.version, next.buttons), ...undo].slice(0, 5),
  };
}

/**
 * A choice button of a turn post: only a seat the game waits for, and for whom that choice is
 * legal, may press it. A button from an older post still works while its choice is legal and
 * its presser has not acted since it was posted (another seat acting meanwhile does not make
 * it stale); otherwise it says the game moved on.
 */
export async function pickButton(ctx: BotContext, r: Reply, i: ButtonInteraction, b: ButtonId): Promise<void> {
  if (!(await botCanPost(r))) return;
  await answerWhenPosted(r, await ctx.store.withChannelLock(i.channelId, async (): Promise<Answer | void> => {
    const game = await gameById(ctx, r, b.gameId);
    if (!game) return;
    const { def, state } = game;
    const action = def.decode(b.value ?? '');
    const seat = seatOf(game.seats, i.user.id);
    const active = def.activeSeats(state);
    const legalFor = (s: number) => action !== null && def.legalActions(state, s).some((a) => def.encode(a) === def.encode(action));
    const owners = active.filter(legalFor);
    const stale = b.version === undefined || (b.version !== game.game.version && (!seat || (await ctx.store.actedSince(game.game.id, b.version, seat.seat))));
    if (owners.length === 0 || stale) return r.refuse('STALE_CHOICE', 'That choice has already been made; the game has moved on (see the latest post).');
    if (!seat || !owners.includes(seat.seat)) {
      const owner = game.seats.find((s) => s.seat === owners[0]);
      return r.refuse('NOT_YOUR_CHOICE', `This choice is ${owner?.userId ? `<@${owner.userId}>` : owner?.name ?? 'another player'}'s, not yours.`);
    }
    const label = def.words.action(state, action);
    const res = await act(ctx, game, seat.seat, action, { userId: i.user.id });
    if (!res.ok) return r.refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
    return done(def, game, seat.seat, label, res);
  }), 'update');
}

/** The game a button belongs to, still running; a specific refusal for each other case. */
export async function gameById(ctx: BotContext, r: Reply, gameId: number): Promise<RunningGame | null> {
  const game = await gameOfPress(ctx, r, gameId);
  if (!game) return null;
  const s = game.game.status;
  if (s === 'finished' || s === 'aborted' || s === 'broken') {
    await r.refuse('STALE_BUTTON', `That button belongs to game #${gameId}, which is ${s === 'finished' ? 'over' : s === 'aborted' ? 'aborted' : 'set aside'}. Start a new game with \`/${game.def.id} new\`.`);
    return null;
  }
  if (s === 'lobby' || game.state === null) {
    await r.refuse('LOBBY', `Game #${gameId} has not started yet.`);
    return null;
  }
  return game as RunningGame;
}
