/**
 * What a seat owes the game now (its prompt, with the choice buttons), offered again wherever
 * the player looks: `/<game> choose`, `/<game> status`, and the channel's notice at start-up for
 * a moment the game holds (PostPlan.held). In the middle of such a moment the channel is told
 * nothing yet and the next choice travels only in the mover's private answer; a restart before
 * that answer, or a client reload that drops it (ephemeral), must not leave the choice
 * unreachable. Buttons are issued fresh for the current version each time and go through the
 * same pick handler as any other (handlers/play.ts), so every way in is checked the same way.
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageCreateOptions } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import type { BotContext } from '../context.ts';
import { inThisGame, runningGameHere, waitingNames, type RunningGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { choiceRows, heldAt, mention, sendable } from '../posts.ts';
import type { PrivatePayload, Reply } from '../reply.ts';
import { gameById } from './play.ts';

/** The seat's prompt with its choice buttons (and "Show my hand"), privately; null when the game does not wait for the seat. */
export function owedChoice(game: RunningGame, seat: number): PrivatePayload | null {
  const { def, state } = game;
  if (!def.activeSeats(state).includes(seat)) return null;
  const prompt = def.words.prompt(state, seat);
  const held = heldAt(def, state) ? '\nThe channel sees your whole turn once it is over.' : '';
  return { content: `**Game #${game.game.id}** waits for you: ${prompt.text}${held}`, components: owedButtons(game, seat) };
}

/** The buttons of what the seat owes (none when it is not waited for, or answers with a command). */
export function owedButtons(game: RunningGame, seat: number): ActionRowBuilder<ButtonBuilder>[] {
  const { def, state } = game;
  if (!def.activeSeats(state).includes(seat)) return [];
  const rows = choiceRows(def, game.game.id, game.game.version, def.words.prompt(state, seat).buttons);
  if (def.hand) rows.push(handRow(game.game.id));
  return rows;
}

const handRow = (gameId: number) => new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId(buttonId({ verb: 'hand', gameId })).setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
);

/** Why nothing is offered to a player of the game. */
const nothingOwed = (game: RunningGame): string => `Nothing is waiting for you in game #${game.game.id}: it waits for ${waitingNames(game)}. You will be mentioned when it is your turn.`;

/** `/<game> choose`: the invoker's pending choice, with its buttons. */
export async function chooseCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const game = await runningGameHere(ctx, r, def);
  if (!game) return;
  const seat = await inThisGame(r, game);
  if (seat === null) return;
  const owed = owedChoice(game, seat);
  await (owed ? r.private(owed) : r.refuse('NOT_YOUR_TURN', nothingOwed(game)));
}

/** The start-up notice's button: the presser's pending choice, privately, if the game waits for them. */
export async function continueButton(ctx: BotContext, r: Reply, gameId: number): Promise<void> {
  const game = await gameById(ctx, r, gameId);
  if (!game) return;
  const seat = await inThisGame(r, game);
  if (seat === null) return;
  const owed = owedChoice(game, seat);
  await (owed ? r.private(owed) : r.refuse('NOT_YOUR_TURN', nothingOwed(game)));
}

/**
 * The channel's notice, at start-up, of a moment the game holds: who must go on (mentioned, so
 * they hear of it), and a button that shows them, privately, what comes next. It says nothing
 * of the moment itself, which the channel is told once it is over (and which an undo may still
 * take back quietly).
 */
export function heldNotice(game: RunningGame): MessageCreateOptions | null {
  const { def, state, seats } = game;
  const people = def.activeSeats(state).filter((s) => seats.some((x) => x.seat === s && !x.computer));
  if (people.length === 0) return null;
  const userIds = people.map((s) => seats.find((x) => x.seat === s)?.userId).filter((u): u is string => !!u);
  const who = people.map((s) => mention(seats, s)).join(', ');
  const whose = people.length === 1 ? 'your turn' : 'your turns';
  return {
    content: `${who}: ${whose} in game #${game.game.id} ${people.length === 1 ? 'is' : 'are'} not over. I restarted in the middle of it: press **Continue my turn** to see what comes next (only you see it), or use \`/${def.id} choose\`.`,
    components: [new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(buttonId({ verb: 'next', gameId: game.game.id })).setLabel('Continue my turn').setStyle(ButtonStyle.Primary),
    )],
    allowedMentions: { users: userIds },
  };
}

/**
 * Whether the channel's latest message is already this game's notice (a second restart within
 * the same moment): its button still works, so it is not posted again. Unsure (no access to the
 * history, Discord unreachable) counts as not shown: a repeated notice beats a lost choice.
 */
export async function noticeShown(ctx: BotContext, game: Pick<RunningGame['game'], 'id' | 'channelId'>): Promise<boolean> {
  const id = buttonId({ verb: 'next', gameId: game.id });
  try {
    const channel = await sendable(ctx, game.channelId);
    const last = channel && !channel.isDMBased() ? (await channel.messages.fetch({ limit: 1 })).first() : undefined;
    return !!last && last.author.id === ctx.client.user?.id
      && last.components.some((row) => 'components' in row && row.components.some((c) => 'customId' in c && c.customId === id));
  } catch {
    return false;
  }
}
