/**
 * The private hand (`/<game> hand`, "Show my hand"): what only this player may see, always
 * ephemeral, with a Refresh button (an ephemeral reply goes stale; its token lasts 15
 * minutes, and Refresh answers with a fresh one).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle } from 'discord.js';
import { onGame, onPress, type ComponentHandler, type GameCommand } from '../command.ts';
import { inGuild, player, pressedRunningGame, refuse, runningGame, type StartedGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { pictureFile } from '../posts.ts';
import type { PrivatePayload } from '../reply.ts';

export async function handPayload(game: StartedGame, seat: number): Promise<PrivatePayload> {
  const hand = game.def.hand?.(game.state, seat);
  const head = `**Your hand in game #${game.record.id}** (only you see this)`;
  const files = await Promise.all((hand?.pictures ?? []).map((p) => pictureFile(game.def, p)));
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb: 'handr', gameId: game.record.id })).setLabel('Refresh').setStyle(ButtonStyle.Secondary),
  );
  return { content: hand ? `${head}\n${hand.text}` : `${head}\nNothing in ${game.def.title} is hidden from the others.`, files, components: [row] };
}

export const handCommand: GameCommand = {
  name: 'hand',
  define: (s) => s.setDescription('Show what only you may see (only you see it)'),
  lacking: (def) => (def.hand ? null : refuse('UNKNOWN_COMMAND', `Nothing in ${def.title} is hidden: \`/${def.id} map\` shows everything.`)),
  handle: onGame(inGuild, runningGame, player, async ({ r, game, seat }) => r.private(await handPayload(game, seat))),
};

/** "Show my hand" on a turn post (a new private answer) and "Refresh" on the hand itself (which it replaces; pressed anywhere else, the hand comes privately). */
export const handComponents = {
  hand: { kind: 'button', handle: onPress(pressedRunningGame, player, async ({ r, game, seat }) => r.private(await handPayload(game, seat))) },
  handr: { kind: 'button', edits: true, handle: onPress(pressedRunningGame, player, async ({ r, game, seat }) => r.update(await handPayload(game, seat))) },
} satisfies Record<string, ComponentHandler>;
