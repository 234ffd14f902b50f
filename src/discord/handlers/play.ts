/**
 * The move subcommands (a game's `commands`) with autocomplete built from the game's legal
 * actions, and the choice buttons of turn posts. An autocomplete value or a button value is the
 * game's encoding of an action; whatever arrives is decoded and checked again by the game.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type AutocompleteInteraction } from 'discord.js';
import { isNotUnderstood, type AnyGame } from '../../platform/game.ts';
import { choiceFor, levelPayload, reach, type Level, type Path } from '../choices.ts';
import { onGame, onMenu, onPress, type ComponentHandler, type GameCall, type GameCommand, type MenuCall, type Outcome, type PressCall } from '../command.ts';
import type { BotContext } from '../context.ts';
import { act, type ActResult } from '../../runtime/moves.ts';
import { applyRules } from '../../runtime/rules.ts';
import type { Answer } from '../game.ts';
import {
  botCanPost, channelLock, inGuild, pausedText, player, pressedRunningGame, refuse, runningGame, seatOf, started, unpaused, waitingNames, withDef, yourTurn,
  type Precondition, type StartedGame,
} from '../guards.ts';
import { choiceId, choiceOf, tapOf, type ButtonId } from '../ids.ts';
import { pictureFile } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { undoRow } from './undo.ts';

const NONE = '-';

/**
 * The words of a label or of typed text: split at spaces and at the marks between names ("→",
 * ",", "(", ")", "|", ":"), so "K12|K13" is two squares and "6+3" stays one word.
 */
const wordsOf = (text: string): string[] => text.toLowerCase().split(/[\s,()→|:;]+|->/).filter(Boolean);

/**
 * Whether a label holds every typed word as a whole word: "3" is piece 3, never the 3 of
 * "6+3"; "k1" is the square K1, never K12. A word of letters only may be the start of one
 * ("ea" for east, "k" for the squares of column K), since it is being typed.
 */
export function matches(label: string, typed: string): boolean {
  const have = wordsOf(label);
  return wordsOf(typed).every((w) => have.some((h) => h === w || (/^[a-z]+$/.test(w) && h.startsWith(w))));
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
  if (game.record.pausedAt) return say(pausedText(game).replace(/[`*]/g, ''), 'none');
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
async function play({ ctx, r, i, def, game, seat }: GameCall & { game: StartedGame; seat: number }, move: Move): Promise<Outcome> {
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
    const confirm = new ButtonBuilder().setCustomId(choiceId(game.record.id, game.record.version, [seat], def.encode(action))).setLabel('Confirm').setStyle(ButtonStyle.Success);
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
 * it also shows what comes next: the first level of the seat's choice, with its picture, since
 * the channel shows nothing yet. A move that ends the game is answered below the channel's
 * posts that show it.
 */
async function done(def: AnyGame, game: StartedGame, seat: number, label: string, res: ActResult & { ok: true }): Promise<Answer> {
  const undo = undoRow(def, game.record.id, game.record.version, res);
  if (!res.held || !def.activeSeats(res.state).includes(seat)) {
    return { text: `Done: ${label}.${res.over ? ' The game is over.' : ''}`, posted: res.posted, components: undo, ...(res.over ? { below: true } : {}) };
  }
  const next = choiceFor(def, res.state, seat);
  const head = `Done: ${label}. Next, ${def.words.prompt(res.state, seat).text}\nThe channel sees your whole turn once it is over.`;
  const shown = await levelPayload(def, game.record.id, res.version, seat, next, [], (p) => pictureFile(def, p), head, 2 * undo.length);
  return { text: shown.content, after: shown.below, posted: res.posted, components: [...shown.components, ...undo], files: shown.files, v2: true };
}

/** A level of a choice shown to the presser alone: its words, its picture, its options and Back. */
async function showLevel(def: AnyGame, game: StartedGame, version: number, seat: number, level: Level, path: Path): Promise<Answer> {
  const shown = await levelPayload(def, game.record.id, version, seat, level, path, (p) => pictureFile(def, p));
  return { text: shown.content, after: shown.below, posted: Promise.resolve(null), components: shown.components, files: shown.files, v2: true };
}

/**
 * A choice button answers only the choice it was offered for, for a seat it was offered to: its
 * version is one the game has reached (not a forged later one), the presser holds one of its
 * seats, that seat has not acted since (nor been acted for: a timeout, a removal), and the
 * choice is still the seat's to make. Another seat acting meanwhile does not make it stale (two
 * seats asked at once each press their own). Buttons posted before choices named their seats
 * count only at the version they were posted for.
 */
const offeredChoice: Precondition<PressCall & { game: StartedGame }, { seat: number; action: unknown }> = {
  name: 'a choice offered to them',
  check: async ({ ctx, r, b, game }) => {
    const choice = choiceOf(b);
    const action = game.def.decode(choice.value);
    if (b.version === undefined || b.version > game.record.version || action === null) return refuse('NOT_OFFERED', 'That choice was never offered, so nothing was done.');
    return offeredAction(ctx, r, game, b.version, choice.seats, choice.value, action);
  },
};

const STALE = 'That choice has already been made; the game has moved on (see the latest post).';

/**
 * The seat a choice offered at `version` to `seats` (null: a button older than seats in ids,
 * offered to whoever could answer it then) is answered for: the presser's, if it was offered to
 * them, they have not acted since and still must act. `can(seat)`: the choice is still theirs.
 */
async function offeredSeat(ctx: BotContext, r: Reply, game: StartedGame, version: number, seats: number[] | null, can: (seat: number) => boolean): Promise<{ seat: number } | ReturnType<typeof refuse>> {
  const active = game.def.activeSeats(game.state);
  const stale = refuse('STALE_CHOICE', STALE);
  if (seats === null && version !== game.record.version) return stale;
  const offeredTo = seats ?? active.filter(can);
  if (offeredTo.length === 0) return stale;
  const seat = seatOf(game.seats, r.i.user.id);
  if (!seat || seat.leftAt || !offeredTo.includes(seat.seat)) {
    const owner = game.seats.find((s) => s.seat === offeredTo[0]);
    return refuse('NOT_YOUR_CHOICE', `This choice is ${owner?.userId ? `<@${owner.userId}>` : owner?.name ?? 'another player'}'s, not yours.`);
  }
  if (!active.includes(seat.seat) || !can(seat.seat) || (await actedSince(ctx, game.record.id, version, seat.seat))) return stale;
  return { seat: seat.seat };
}

/** An action (encoded as `value`) offered as a choice: still legal for the presser's seat. */
async function offeredAction(ctx: BotContext, r: Reply, game: StartedGame, version: number, seats: number[] | null, value: string, action: unknown): Promise<{ seat: number; action: unknown } | ReturnType<typeof refuse>> {
  const legalFor = (s: number) => game.def.legalActions(game.state, s).some((a) => game.def.encode(a) === value);
  const found = await offeredSeat(ctx, r, game, version, seats, legalFor);
  return 'seat' in found ? { seat: found.seat, action } : found;
}

/** What a `tap` or `tapm` press chose: an action to play, or a level to show (with its path). */
type Tapped = { seat: number } & ({ action: unknown } | { level: Level; path: Path });

/**
 * An option of a choice's level, pressed (`tap`) or picked from its menu (`tapm`): offered to
 * the presser's seat at a version the game has reached, the seat has not acted since, and the
 * labels pressed still lead somewhere in the seat's choice now. A leaf is then played as a
 * choice button is.
 */
async function tapped(ctx: BotContext, r: Reply, b: ButtonId, game: StartedGame, picked: string | null): Promise<Tapped | ReturnType<typeof refuse>> {
  const tap = tapOf(b);
  const never = refuse('NOT_OFFERED', 'That choice was never offered, so nothing was done.');
  if (!tap || b.version === undefined || b.version > game.record.version) return never;
  const { def, state } = game;
  if (picked?.startsWith('=')) {
    const action = def.decode(picked.slice(1));
    return action === null ? never : offeredAction(ctx, r, game, b.version, tap.seats, picked.slice(1), action);
  }
  if (picked !== null && !picked.startsWith('>')) return never;
  const found = await offeredSeat(ctx, r, game, b.version, tap.seats, () => true);
  if (!('seat' in found)) return found;
  const path = picked === null ? tap.path : 'labels' in tap.path ? { labels: [...tap.path.labels, picked.slice(1)] } : null;
  // A menu's path by places is not extended by a label: such menus are not made (ids.ts writes short paths by label).
  const reached = path ? reach(choiceFor(def, state, found.seat), path) : null;
  if (!reached) return refuse('STALE_CHOICE', STALE);
  return 'action' in reached ? { seat: found.seat, action: reached.action } : { seat: found.seat, level: reached.level, path: reached.path };
}

const pressedTap: Precondition<PressCall & { game: StartedGame }, Tapped> = {
  name: 'a choice offered to them',
  check: ({ ctx, r, b, game }) => tapped(ctx, r, b, game, null),
};

const menuTap: Precondition<MenuCall & { game: StartedGame }, Tapped> = {
  name: 'a choice offered to them',
  check: ({ ctx, r, b, game, i }) => (i.values.length === 1 ? tapped(ctx, r, b, game, i.values[0]!) : refuse('NOT_OFFERED', 'Pick one option.')),
};

/** Plays a chosen action for `seat`, as its button would. */
async function playChoice(ctx: BotContext, userId: string, game: StartedGame, seat: number, action: unknown): Promise<Outcome> {
  const label = game.def.words.action(game.state, action);
  const res = await act(ctx, game, seat, action, { userId });
  if (!res.ok) return refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
  return done(game.def, game, seat, label, res);
}

/** A tapped option: its level shown, or its action played. */
function onTapped(ctx: BotContext, userId: string, game: StartedGame, t: Tapped): Promise<Outcome> {
  const version = game.record.version;
  return 'action' in t ? playChoice(ctx, userId, game, t.seat, t.action) : showLevel(game.def, game, version, t.seat, t.level, t.path);
}

/** Whether `seat` acted after `version`, or the bot acted for it (its time ran out, it was removed). */
async function actedSince(ctx: BotContext, gameId: number, version: number, seat: number): Promise<boolean> {
  const forSeat = (action: unknown) => (action as { seat?: unknown } | null)?.seat === seat;
  return (await ctx.store.getActionLog(gameId, { afterSeq: version })).some((e) => e.actor === seat || (e.actor === 'system' && forSeat(e.action)));
}

/**
 * The choice buttons of turn posts, of a move's private answer, and a preview's Confirm; the
 * options that open a choice's next level, and its menus.
 */
export const playComponents = {
  pick: {
    kind: 'button',
    edits: true,
    handle: onPress(botCanPost, channelLock, pressedRunningGame, unpaused, offeredChoice, ({ ctx, i, game, seat, action }) => playChoice(ctx, i.user.id, game, seat, action)),
  },
  tap: {
    kind: 'button',
    edits: true,
    handle: onPress(botCanPost, channelLock, pressedRunningGame, unpaused, pressedTap, (c) => onTapped(c.ctx, c.i.user.id, c.game, c)),
  },
  tapm: {
    kind: 'menu',
    edits: true,
    handle: onMenu(botCanPost, channelLock, pressedRunningGame, unpaused, menuTap, (c) => onTapped(c.ctx, c.i.user.id, c.game, c)),
  },
} satisfies Record<string, ComponentHandler>;
