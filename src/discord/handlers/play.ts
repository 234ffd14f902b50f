/**
 * The move subcommands (a game's `commands`) with autocomplete built from the game's legal
 * actions, and the choice buttons of turn posts. An autocomplete value or a button value is the
 * game's encoding of an action; whatever arrives is decoded and checked again by the game.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type AutocompleteInteraction } from 'discord.js';
import { isNotUnderstood, type AnyGame } from '../../platform/game.ts';
import { onGame, onPress, type ComponentHandler, type GameCall, type GameCommand, type Outcome, type PressCall } from '../command.ts';
import type { BotContext } from '../context.ts';
import { act, type ActResult } from '../../runtime/moves.ts';
import { applyRules } from '../../runtime/rules.ts';
import type { Answer } from '../game.ts';
import {
  botCanPost, channelLock, inGuild, pausedText, player, pressedRunningGame, refuse, runningGame, seatOf, started, unpaused, waitingNames, withDef, yourTurn,
  type Precondition, type RunningGame,
} from '../guards.ts';
import { choiceId, choiceOf } from '../ids.ts';
import { choiceRows, pictureFile } from '../posts.ts';
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

/** A game's move subcommands, each one piece: its definition, what it does, its suggestions. */
export function moveCommands(def: AnyGame): GameCommand[] {
  return def.commands.map((move): GameCommand => ({
    name: move.name,
    define: (s) => s.setDescription(move.description.slice(0, 100))
      .addStringOption((o) => o.setName(move.option).setDescription(move.choice.slice(0, 100)).setRequired(true).setAutocomplete(true)),
    handle: onGame(inGuild, botCanPost, channelLock, runningGame, unpaused, player, yourTurn, (c) => play(c, move)),
    autocomplete: (ctx, i) => suggest(ctx, i, def, move),
  }));
}

/**
 * What the typed text would play, in the order it is read when sent (see `readMove`): first
 * the move the game reads from it, when it is legal, then the legal moves whose labels hold
 * every typed word.
 */
async function suggest(ctx: BotContext, i: AutocompleteInteraction, def: AnyGame, move: Move): Promise<string> {
  const typed = String(i.options.getFocused() ?? '');
  const say = async (text: string, outcome: string) => {
    await i.respond([{ name: text.slice(0, 100), value: NONE }]);
    return outcome;
  };
  if (!i.inGuild()) return say(`Play ${def.title} in a server channel.`, 'none');
  const loaded = await ctx.store.loadActiveGame(i.channelId);
  const game = loaded ? started(withDef(loaded)) : null;
  if (!loaded || !game) return say(loaded ? 'The game has not started yet.' : `No game here: start one with /${def.id} new.`, 'none');
  if (game.def.id !== def.id) return say(`This channel's game is ${game.def.title}: use /${game.def.id}.`, 'none');
  const seat = seatOf(game.seats, i.user.id);
  if (!seat || seat.leftAt) return say('You are not playing in this game.', 'none');
  if (game.game.pausedAt) return say(pausedText(game).replace(/[`*]/g, ''), 'none');
  if (!def.activeSeats(game.state).includes(seat.seat)) return say(`Not your turn: waiting for ${waitingNames(game)}.`, 'none');
  const all = offered(def, game.state, seat.seat, move);
  if (all.length === 0) {
    // The game's own reason wins ("Roll first"); without one, a pending choice is the likely cause.
    const choice = !def.words.unavailable && def.words.prompt(game.state, seat.seat).buttons.length > 0;
    // A suggestion is plain text: the sentence's markdown would show as it is typed.
    return say(choice ? 'Answer the choice first (buttons on the last post).' : unavailable(def, game.state, seat.seat, move).replace(/[`*]/g, ''), 'none');
  }
  const read = typed.trim() ? typedMove(def, game.state, seat.seat, move, typed) : null;
  const first = read === null ? [] : [{ name: def.words.action(game.state, read), value: def.encode(read) }];
  const rest = all.filter((o) => matches(o.label, typed)).map((o) => ({ name: o.label, value: def.encode(o.action) }));
  const choices = [...first, ...rest.filter((o) => o.value !== first[0]?.value)].slice(0, 25).map((o) => ({ name: o.name.slice(0, 100), value: o.value }));
  await i.respond(choices.length ? choices : [{ name: `Nothing matches “${typed.slice(0, 40)}” — clear the text to see all ${all.length}`, value: NONE }]);
  return 'ok';
}

/**
 * The move that sending `typed` would play, when the game reads one from it (a move written
 * out, not picked from the list) and it is legal for `seat` now; null otherwise.
 */
function typedMove(def: AnyGame, state: unknown, seat: number, move: Move, typed: string): unknown {
  const action = readMove(def, state, seat, move, typed);
  if (action === null || isNotUnderstood(action) || !move.accepts(action)) return null;
  const value = def.encode(action);
  if (def.legalActions(state, seat).some((a) => def.encode(a) === value)) return action;
  // Some games read a move in a form their list does not spell the same way: the rules decide.
  return applyRules(def, state, seat, action).ok ? action : null;
}

/** Why a move subcommand offers a seat nothing on their turn: the game's words, or a plain default. */
function unavailable(def: AnyGame, state: unknown, seat: number, move: Move): string {
  return def.words.unavailable?.(state, seat, move.name) ?? `You cannot ${move.what} right now.`;
}

/**
 * Reads what was submitted: a chosen suggestion, a move the game understands, or a label typed
 * in full; or the words the game could not read (NotUnderstood).
 */
function readMove(def: AnyGame, state: unknown, seat: number, move: Move, value: string): unknown {
  const decoded = def.decode(value);
  if (decoded !== null) return decoded;
  const parsed = def.parse?.(state, seat, move.name, value) ?? null;
  if (parsed !== null && !isNotUnderstood(parsed)) return parsed;
  const typed = value.trim().toLowerCase();
  return offered(def, state, seat, move).find((o) => o.label.toLowerCase() === typed)?.action ?? parsed;
}

/** A move subcommand, once it is the invoker's turn in this channel's game. */
async function play({ ctx, r, i, def, game, seat }: GameCall & { game: RunningGame; seat: number }, move: Move): Promise<Outcome> {
  const value = i.options.getString(move.option, true);
  const action = readMove(def, game.state, seat, move, value);
  const legal = offered(def, game.state, seat, move).map((o) => o.label);
  // Words naming nothing in the game are pointed out, unless the command has nothing to offer anyway (then why is said).
  if (isNotUnderstood(action) && legal.length > 0) {
    const words = action.notUnderstood.map((w) => `“${w.slice(0, 30)}”`).join(', ');
    return refuse('NOT_UNDERSTOOD', `${words} in “${value.slice(0, 60)}” ${action.notUnderstood.length > 1 ? 'name' : 'names'} nothing in this game, so nothing was played. Pick one of the suggestions in the list to ${move.what}.`, legal);
  }
  if (action === null || isNotUnderstood(action)) {
    if (!def.words.unavailable && def.words.prompt(game.state, seat).buttons.length > 0 && legal.length === 0) return refuse('CHOICE_PENDING', 'First answer the choice in front of you: the buttons on the last game post.');
    // Words that fit several moves ("push cy" with two roads out): those moves, not the whole list.
    const fitting = legal.filter((l) => matches(l, value));
    if (fitting.length > 1 && fitting.length < legal.length) return refuse('AMBIGUOUS_CHOICE', `“${value.slice(0, 60)}” fits ${fitting.length} moves: pick one from the list, or say which.`, fitting);
    return refuse('UNKNOWN_CHOICE', legal.length ? `Pick one of the suggestions in the list to ${move.what}.` : unavailable(def, game.state, seat, move), legal);
  }
  if (!move.accepts(action)) return refuse('WRONG_COMMAND', `That is not something \`/${def.id} ${move.name}\` does: use the command for that kind of move.`, legal);
  const label = def.words.action(game.state, action);
  // A legal move the game previews: shown to this player alone, played when confirmed.
  const legalNow = () => def.legalActions(game.state, seat).some((a) => def.encode(a) === def.encode(action));
  const shown = def.preview && legalNow() ? def.preview(game.state, seat, action) : null;
  if (shown) {
    const confirm = new ButtonBuilder().setCustomId(choiceId(game.game.id, game.game.version, [seat], def.encode(action))).setLabel('Confirm').setStyle(ButtonStyle.Success);
    return r.private({
      content: `${label}: only you see this preview. Press **Confirm** to play it, or pick another.`,
      files: [await pictureFile(def, shown)],
      components: [new ActionRowBuilder<ButtonBuilder>().addComponents(confirm)],
    });
  }
  const res = await act(ctx, game, seat, action, { userId: i.user.id });
  if (!res.ok) return refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
  return done(def, game, seat, label, res);
}

/**
 * The private answer to an accepted move. When the game holds its post (the turn goes on),
 * it also says what comes next, with the choice buttons, since the channel shows nothing yet.
 * A move that ends the game is answered below the channel's posts that show it.
 */
function done(def: AnyGame, game: RunningGame, seat: number, label: string, res: ActResult & { ok: true }): Answer {
  const undo = undoRow(def, game.game.id, game.game.version, res);
  if (!res.held || !def.activeSeats(res.state).includes(seat)) {
    return { text: `Done: ${label}.${res.over ? ' The game is over.' : ''}`, posted: res.posted, components: undo, ...(res.over ? { below: true } : {}) };
  }
  const next = def.words.prompt(res.state, seat);
  return {
    text: `Done: ${label}. Next, ${next.text}\nThe channel sees your whole turn once it is over.`,
    posted: res.posted,
    components: [...choiceRows(def, game.game.id, res.version, [{ seat, buttons: next.buttons }]), ...undo].slice(0, 5),
  };
}

/**
 * A choice button answers only the choice it was offered for, for a seat it was offered to: its
 * version is one the game has reached (not a forged later one), the presser holds one of its
 * seats, that seat has not acted since (nor been acted for: a timeout, a removal), and the
 * choice is still the seat's to make. Another seat acting meanwhile does not make it stale (two
 * seats asked at once each press their own). Buttons posted before choices named their seats
 * count only at the version they were posted for.
 */
const offeredChoice: Precondition<PressCall & { game: RunningGame }, { seat: number; action: unknown }> = {
  name: 'a choice offered to them',
  check: async ({ ctx, r, b, game }) => {
    const { def, state } = game;
    const { version } = b;
    const choice = choiceOf(b);
    const action = def.decode(choice.value);
    if (version === undefined || version > game.game.version || action === null) return refuse('NOT_OFFERED', 'That choice was never offered, so nothing was done.');
    const stale = refuse('STALE_CHOICE', 'That choice has already been made; the game has moved on (see the latest post).');
    const active = def.activeSeats(state);
    const legalFor = (s: number) => def.legalActions(state, s).some((a) => def.encode(a) === choice.value);
    if (choice.seats === null && version !== game.game.version) return stale;
    const offeredTo = choice.seats ?? active.filter(legalFor);
    if (offeredTo.length === 0) return stale;
    const seat = seatOf(game.seats, r.i.user.id);
    if (!seat || seat.leftAt || !offeredTo.includes(seat.seat)) {
      const owner = game.seats.find((s) => s.seat === offeredTo[0]);
      return refuse('NOT_YOUR_CHOICE', `This choice is ${owner?.userId ? `<@${owner.userId}>` : owner?.name ?? 'another player'}'s, not yours.`);
    }
    if (!active.includes(seat.seat) || !legalFor(seat.seat) || (await actedSince(ctx, game.game.id, version, seat.seat))) return stale;
    return { seat: seat.seat, action };
  },
};

/** Whether `seat` acted after `version`, or the bot acted for it (its time ran out, it was removed). */
async function actedSince(ctx: BotContext, gameId: number, version: number, seat: number): Promise<boolean> {
  const forSeat = (action: unknown) => (action as { seat?: unknown } | null)?.seat === seat;
  return (await ctx.store.getActionLog(gameId, { afterSeq: version })).some((e) => e.actor === seat || (e.actor === 'system' && forSeat(e.action)));
}

/** The choice buttons of turn posts, of a move's private answer, and a preview's Confirm. */
export const playComponents = {
  pick: {
    kind: 'button',
    edits: true,
    handle: onPress(botCanPost, channelLock, pressedRunningGame, unpaused, offeredChoice, async ({ ctx, i, game, seat, action }) => {
      const label = game.def.words.action(game.state, action);
      const res = await act(ctx, game, seat, action, { userId: i.user.id });
      if (!res.ok) return refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
      return done(game.def, game, seat, label, res);
    }),
  },
} satisfies Record<string, ComponentHandler>;
