/**
 * The playing commands (place, swap, move, push, cops) with autocomplete built from the
 * engine's legal actions, and the H1 choice buttons. An autocomplete value is the action
 * itself (JSON, under 100 characters); whatever arrives is checked again by the engine.
 */
import type { AutocompleteInteraction, ButtonInteraction, ChatInputCommandInteraction } from 'discord.js';
import { actionLabel, actionSchema, legalActions, whoMustAct, type Action, type FenceState } from '../../games/fence/index.ts';
import { PLAY_SUBCOMMANDS } from '../../../commands/fence.ts';
import type { BotContext } from '../context.ts';
import { act } from '../game.ts';
import { inGuild, inThisGame, runningGame, seatOf, yourTurn, type RunningGame } from '../guards.ts';
import type { ButtonId } from '../ids.ts';
import type { Reply } from '../reply.ts';

/** The playing subcommands by name, from their one definition in commands/. */
export const PLAY_TYPES: Record<string, { option: string; types: readonly Action['type'][]; what: string }> = Object.fromEntries(
  PLAY_SUBCOMMANDS.map((p) => [p.name, { option: p.option, types: p.types, what: p.what }]),
);

const NONE = '-';

function matches(label: string, typed: string): boolean {
  const words = typed.toLowerCase().split(/\s+/).filter(Boolean);
  const l = label.toLowerCase();
  return words.every((w) => l.includes(w));
}

/** The legal actions of one kind, with their labels, for a seat. */
export function offered(state: FenceState, seat: number, sub: string): { action: Action; label: string }[] {
  const kind = PLAY_TYPES[sub];
  if (!kind) return [];
  return legalActions(state, seat).filter((a) => kind.types.includes(a.type)).map((action) => ({ action, label: actionLabel(state, action) }));
}

export async function autocomplete(ctx: BotContext, i: AutocompleteInteraction): Promise<string> {
  const sub = i.options.getSubcommand(false) ?? '';
  const typed = String(i.options.getFocused() ?? '');
  const say = async (text: string, outcome: string) => {
    await i.respond([{ name: text.slice(0, 100), value: NONE }]);
    return outcome;
  };
  if (!i.inGuild() || !PLAY_TYPES[sub]) return say('Play FENCE! in a server channel.', 'none');
  const game = await ctx.store.loadActiveGame(i.channelId);
  if (!game || !game.state) return say(game ? 'The game has not started yet.' : 'No game here: start one with /fence new.', 'none');
  const state = game.state;
  const seat = seatOf(game.seats, i.user.id);
  if (!seat || seat.leftAt) return say('You are not playing in this game.', 'none');
  const who = whoMustAct(state);
  if (who !== seat.seat) return say(`Not your turn: waiting for ${who === null ? 'nobody (game over)' : state.seats[who]?.name}.`, 'none');
  const all = offered(state, seat.seat, sub);
  if (all.length === 0) {
    const p = state.pending ? 'Answer the choice first (buttons on the last post).' : `You cannot ${PLAY_TYPES[sub]!.what} now.`;
    return say(p, 'none');
  }
  const choices = all.filter((o) => matches(o.label, typed)).slice(0, 25).map((o) => ({ name: o.label.slice(0, 100), value: JSON.stringify(o.action) }));
  await i.respond(choices.length ? choices : [{ name: `Nothing matches “${typed.slice(0, 40)}” — clear the text to see all ${all.length}`, value: NONE }]);
  return 'ok';
}

/** Reads what was submitted: a chosen suggestion, or a label typed in full. */
function parseChoice(state: FenceState, seat: number, sub: string, value: string): Action | null {
  if (value.startsWith('{')) {
    try {
      const parsed = actionSchema.safeParse(JSON.parse(value));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
  const typed = value.trim().toLowerCase();
  return offered(state, seat, sub).find((o) => o.label.toLowerCase() === typed)?.action ?? null;
}

export async function playCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction, sub: string): Promise<void> {
  const kind = PLAY_TYPES[sub];
  if (!kind) return;
  const where = await inGuild(r);
  if (!where) return;
  await r.defer();
  await ctx.store.withChannelLock(where.channelId, async () => {
    const game = await runningGame(ctx, r, where.channelId);
    if (!game) return;
    const seat = await inThisGame(r, game);
    if (seat === null || !(await yourTurn(r, game, seat))) return;
    const value = i.options.getString(kind.option, true);
    const action = parseChoice(game.state, seat, sub, value);
    const legal = offered(game.state, seat, sub).map((o) => o.label);
    if (!action) {
      if (game.state.pending) return r.refuse('CHOICE_PENDING', 'First answer the choice in front of you: the buttons on the last game post.');
      return r.refuse('UNKNOWN_CHOICE', legal.length ? `Pick one of the suggestions in the list to ${kind.what}.` : `You cannot ${kind.what} right now.`, legal);
    }
    if (!kind.types.includes(action.type)) return r.refuse('WRONG_COMMAND', `That is not something \`/fence ${sub}\` does: use the command for that kind of move.`, legal);
    const label = actionLabel(game.state, action);
    const res = await act(ctx, game, seat, action, { userId: i.user.id });
    if (!res.ok) return r.refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
    await r.private({ content: `Done: ${label}.${res.over ? ' The game is over.' : ''}` });
  });
}

/** An H1 choice button: only the seat the choice belongs to may answer it. */
export async function pickButton(ctx: BotContext, r: Reply, i: ButtonInteraction, b: ButtonId): Promise<void> {
  await ctx.store.withChannelLock(i.channelId, async () => {
    const game = await gameById(ctx, r, b.gameId);
    if (!game) return;
    const state = game.state;
    const seat = seatOf(game.seats, i.user.id);
    const p = state.pending;
    if (!p || b.version !== game.game.version) return r.refuse('STALE_CHOICE', 'That choice has already been made; the game has moved on (see the latest post).');
    if (!seat || seat.seat !== p.seat) {
      const owner = game.seats.find((s) => s.seat === p.seat);
      return r.refuse('NOT_YOUR_CHOICE', `This choice is ${owner?.userId ? `<@${owner.userId}>` : state.seats[p.seat]?.name}'s, not yours.`);
    }
    const action: Action = b.value === 'red' || b.value === 'blue' ? { type: 'chooseColour', colour: b.value } : { type: 'chooseNeighborhood', nb: b.value ?? '' };
    await r.defer();
    const label = actionLabel(state, action);
    const res = await act(ctx, game, seat.seat, action, { userId: i.user.id });
    if (!res.ok) return r.refuse(res.refusal.code, res.refusal.message, res.refusal.legal);
    await r.private({ content: `Done: ${label}.` });
  });
}

/** The game a button belongs to, still running; a specific refusal for each other case. */
export async function gameById(ctx: BotContext, r: Reply, gameId: number): Promise<RunningGame | null> {
  const game = await ctx.store.getGame(gameId).catch(() => null);
  if (!game) {
    await r.refuse('NO_SUCH_GAME', 'That button belongs to a game this bot does not know.');
    return null;
  }
  const s = game.game.status;
  if (s === 'finished' || s === 'aborted' || s === 'broken') {
    await r.refuse('STALE_BUTTON', `That button belongs to game #${gameId}, which is ${s === 'finished' ? 'over' : s === 'aborted' ? 'aborted' : 'set aside'}. Start a new game with \`/fence new\`.`);
    return null;
  }
  if (s === 'lobby' || !game.state) {
    await r.refuse('LOBBY', `Game #${gameId} has not started yet.`);
    return null;
  }
  return game as RunningGame;
}
