/**
 * What a seat owes the game now (its prompt, with the first level of its choice), offered again
 * wherever the player looks: `/games choose`, `/<game> status`, and the channel's notice at
 * start-up for a moment the game holds (PostPlan.held). In the middle of such a moment the
 * channel is told nothing yet and the next choice travels only in the mover's private answer; a
 * restart before that answer, or a client reload that drops it (ephemeral), must not leave the
 * choice unreachable. The level is the one a turn post or a move's answer shows (choices.ts's
 * levelPayload), issued fresh for the current version and the seat alone, and pressed through
 * the same handlers (handlers/play.ts), so every way in is checked the same way.
 *
 * `choose` is a subcommand of `/games`, not of each game: it acts on this channel's game,
 * whichever it is, the same in every game, and a game's own command keeps its room (Discord
 * allows 25 subcommands; `/fence` has 24).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type MessageCreateOptions } from 'discord.js';
import { choiceFor, levelPayload } from '../choices.ts';
import { onPress, onServer, type ComponentHandler, type ServerCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { inGuild, player, pressedRunningGame, runningGame, unpaused, yourTurn, type GameWithDef, type StartedGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { heldAt, mention, pictureFile, sendable } from '../posts.ts';
import type { PrivatePayload } from '../reply.ts';

/**
 * The seat's prompt with the first level of its choice (its picture, its options, what each
 * does) and "Show my hand", privately, for a seat the game waits for. `head` opens it instead
 * of the prompt (a status says the prompt itself).
 */
export async function owedChoice(game: StartedGame, seat: number, head?: string): Promise<PrivatePayload> {
  const { def, state } = game;
  const held = heldAt(def, state) ? '\nThe channel sees your whole turn once it is over.' : '';
  const hand = def.hand ? [handRow(game.record.id)] : [];
  const shown = await levelPayload(
    def, game.record.id, game.record.version, seat, choiceFor(def, state, seat), [], (p) => pictureFile(def, p),
    head ?? `**Game #${game.record.id}** waits for you: ${def.words.prompt(state, seat).text}${held}`, 2 * hand.length,
  );
  return { content: shown.content, files: shown.files, components: [...shown.components, ...hand], below: shown.below, v2: true };
}

const handRow = (gameId: number) => new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId(buttonId({ verb: 'hand', gameId })).setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
);

export const chooseCommand: ServerCommand = {
  name: 'choose',
  define: (s) => s.setDescription('What this channel’s game waits for you to do, with its buttons (only you see it)'),
  handle: onServer(inGuild, runningGame, unpaused, player, yourTurn, async ({ r, game, seat }) => r.private(await owedChoice(game, seat))),
};

/** The start-up notice's **Continue my turn**: the presser's choice, privately, if the game waits for them. */
export const choicesComponents = {
  next: { kind: 'button', handle: onPress(pressedRunningGame, unpaused, player, yourTurn, async ({ r, game, seat }) => r.private(await owedChoice(game, seat))) },
} satisfies Record<string, ComponentHandler>;

/**
 * The channel's notice, at start-up, of a moment the game holds (at `state`): who must go on
 * (mentioned, so they hear of it), and a button that shows them, privately, what comes next. It
 * says nothing of the moment itself, which the channel is told once it is over (and which an
 * undo may still take back quietly). A paused game gets none (it offers nothing to press): its
 * resume post carries the button instead (posting.ts).
 */
export function heldNotice(game: GameWithDef, state: unknown): MessageCreateOptions | null {
  const { def, seats } = game;
  const people = def.activeSeats(state).filter((s) => seats.some((x) => x.seat === s && !x.computer));
  if (people.length === 0) return null;
  const userIds = people.map((s) => seats.find((x) => x.seat === s)?.userId).filter((u): u is string => !!u);
  const who = people.map((s) => mention(seats, s)).join(', ');
  const whose = people.length === 1 ? 'your turn' : 'your turns';
  return {
    content: `${who}: ${whose} in game #${game.record.id} ${people.length === 1 ? 'is' : 'are'} not over. I restarted in the middle of it: press **Continue my turn** to see what comes next (only you see it), or use \`/games choose\`.`,
    components: [continueRow(game.record.id)],
    allowedMentions: { users: userIds },
  };
}

/** **Continue my turn**: whoever the game waits for gets what comes next, privately (`next`). */
export const continueRow = (gameId: number) => new ActionRowBuilder<ButtonBuilder>().addComponents(
  new ButtonBuilder().setCustomId(buttonId({ verb: 'next', gameId })).setLabel('Continue my turn').setStyle(ButtonStyle.Primary),
);

/**
 * Whether the channel's latest message is already this game's notice (a second restart within
 * the same moment): its button still works, so it is not posted again. Unsure (no access to the
 * history, Discord unreachable) counts as not shown: a repeated notice beats a lost choice.
 */
export async function noticeShown(ctx: BotContext, game: { id: number; channelId: string }): Promise<boolean> {
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
