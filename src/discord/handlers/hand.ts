/**
 * The private hand (`/<game> hand`, "Show my hand"): what only this player may see, always
 * ephemeral, with a Refresh button (an ephemeral reply goes stale; its token lasts 15
 * minutes, and Refresh answers with a fresh one).
 */
import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type ButtonInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import type { BotContext } from '../context.ts';
import { inThisGame, runningGameHere, type RunningGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import { pictureFile } from '../posts.ts';
import type { PrivatePayload, Reply } from '../reply.ts';
import { gameById } from './play.ts';

export async function handPayload(game: RunningGame, seat: number): Promise<PrivatePayload> {
  const hand = game.def.hand?.(game.state, seat);
  const head = `**Your hand in game #${game.game.id}** (only you see this)`;
  const files = await Promise.all((hand?.pictures ?? []).map((p) => pictureFile(game.def, p)));
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb: 'handr', gameId: game.game.id })).setLabel('Refresh').setStyle(ButtonStyle.Secondary),
  );
  return { content: hand ? `${head}\n${hand.text}` : `${head}\nNothing in ${game.def.title} is hidden from the others.`, files, components: [row] };
}

export async function handCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const game = await runningGameHere(ctx, r, def);
  if (!game) return;
  const seat = await inThisGame(r, game);
  if (seat === null) return;
  await r.private(await handPayload(game, seat));
}

/** "Show my hand" on a turn post (a new ephemeral reply) or "Refresh" on the hand itself (an update). */
export async function handButton(ctx: BotContext, r: Reply, i: ButtonInteraction, gameId: number, refresh: boolean): Promise<void> {
  const game = await gameById(ctx, r, gameId);
  if (!game) return;
  const seat = await inThisGame(r, game);
  if (seat === null) return;
  const hand = await handPayload(game, seat);
  // Refresh replaces the presser's own ephemeral hand; pressed anywhere else, the hand comes privately.
  await (refresh ? r.update(hand) : r.private(hand));
}
