/**
 * The private hand: cards, the secret start tile, and (during map building) the tiles in hand,
 * always ephemeral, with a Refresh button (an ephemeral reply goes stale; its token lasts 15
 * minutes, and Refresh answers with a fresh one).
 */
import { ActionRowBuilder, AttachmentBuilder, ButtonBuilder, ButtonStyle, type ButtonInteraction } from 'discord.js';
import { cardsText, tileName, viewFor } from '../../games/fence/index.ts';
import { renderHand, renderTileHand } from '../../render/index.ts';
import type { BotContext } from '../context.ts';
import { inThisGame, runningGameHere, type RunningGame } from '../guards.ts';
import { buttonId } from '../ids.ts';
import type { PrivatePayload, Reply } from '../reply.ts';
import { gameById } from './play.ts';

export async function handPayload(game: RunningGame, seat: number): Promise<PrivatePayload> {
  const s = game.state;
  const view = viewFor(s, seat);
  const me = view.me!;
  const lines: string[] = [`**Your hand in game #${game.game.id}** (only you see this)`];
  lines.push(me.hand.length ? `Cards (${me.hand.length}): ${cardsText(me.hand)}` : 'Cards: none yet');
  if (me.startCards) lines.push(`Your secret start tile: ${cardsText(me.startCards)}`);
  const files: AttachmentBuilder[] = [];
  const hand = await renderHand(view);
  files.push(new AttachmentBuilder(hand.png, { name: 'hand.png', description: hand.alt.slice(0, 1024) }));
  if (s.phase === 'building') {
    const tiles = s.tileHands[seat] ?? [];
    lines.push(tiles.length ? `Tiles (${tiles.length}, face up for everyone): ${tiles.map((t) => tileName(s, t)).join('; ')}` : 'Tiles: none left');
    const th = await renderTileHand(view, seat);
    files.push(new AttachmentBuilder(th.png, { name: 'tiles.png', description: th.alt.slice(0, 1024) }));
  }
  const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
    new ButtonBuilder().setCustomId(buttonId({ verb: 'handr', gameId: game.game.id })).setLabel('Refresh').setStyle(ButtonStyle.Secondary),
  );
  return { content: lines.join('\n'), files, components: [row] };
}

export async function handCommand(ctx: BotContext, r: Reply): Promise<void> {
  const game = await runningGameHere(ctx, r);
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
  if (refresh) {
    await i.deferUpdate();
    const p = await handPayload(game, seat);
    await i.editReply({ content: p.content, files: p.files ?? [], components: p.components ?? [], attachments: [] });
    return;
  }
  await r.defer();
  await r.private(await handPayload(game, seat));
}
