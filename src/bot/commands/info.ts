/** `/fence status`, `map`, `history`, `rules` and `help`: information, answered privately. */
import type { ChatInputCommandInteraction } from 'discord.js';
import { eventText, nbName, whoMustAct, type FenceEvent } from '../../games/fence/index.ts';
import type { BotContext } from '../context.ts';
import { activeGame, inGuild, runningGameHere } from '../guards.ts';
import { mapFile, promptFor } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { limitText, lobbyMessage } from './lobby.ts';

export async function statusCommand(ctx: BotContext, r: Reply): Promise<void> {
  const where = await inGuild(r);
  if (!where) return;
  const game = await activeGame(ctx, r, where.channelId);
  if (!game) return;
  if (!game.state) return r.private({ content: lobbyMessage(game).content });
  const s = game.state;
  const who = whoMustAct(s);
  const phase = s.phase === 'building' ? 'map building' : s.phase === 'pawns' ? 'setting up pawns and Cops' : `round ${s.round} of at most ${s.options.roundLimit}`;
  const lines = [`**Game #${game.game.id}** — ${phase} · ${limitText(game.game.turnLimitSeconds)}`];
  if (who !== null) {
    const prompt = promptFor(s, game.seats).text.replace(/^<@\d+>/, s.seats[who]?.name ?? '?');
    lines.push(`Waiting for: ${prompt}`);
    const timeout = (await ctx.store.listTimers(game.game.id)).find((t) => t.kind === 'timeout');
    if (timeout) lines.push(`Turn ends <t:${Math.floor(timeout.fireAt.getTime() / 1000)}:R> (then the computer plays it).`);
  }
  lines.push('Players:');
  s.seats.forEach((seat, n) => {
    const pawn = s.pawns[n];
    const where = s.out[n] ? 'out of the game' : pawn === 'jail' ? 'in Jail' : pawn ? `in ${nbName(s, pawn)}` : 'not placed yet';
    const tiles = s.phase === 'building' ? `, ${s.tileHands[n]?.length ?? 0} tiles` : '';
    lines.push(`${n + 1}. ${seat.name}${seat.computer ? ' (computer)' : ''}${n === s.firstPlayer ? ' — First Player' : ''}: ${s.hands[n]?.length ?? 0} cards${tiles}, ${where}`);
  });
  if (s.phase !== 'building') lines.push(`Cops: ${s.cops ? nbName(s, s.cops) : 'not placed yet'} · Stash: ${s.stash.red.length} red, ${s.stash.blue.length} blue`);
  await r.private({ content: lines.join('\n') });
}

export async function mapCommand(ctx: BotContext, r: Reply): Promise<void> {
  const game = await runningGameHere(ctx, r);
  if (!game) return;
  const { file } = await mapFile(game.state);
  await r.private({ content: `The map of game #${game.game.id}.`, files: [file] });
}

export async function historyCommand(ctx: BotContext, r: Reply): Promise<void> {
  const game = await runningGameHere(ctx, r);
  if (!game) return;
  const log = await ctx.store.getActionLog(game.game.id);
  const lines: string[] = [];
  for (const entry of log.slice(-40)) {
    for (const e of entry.events as FenceEvent[]) {
      const t = eventText(game.state, e);
      if (t) lines.push(t);
    }
  }
  const shown: string[] = [];
  let len = 0;
  for (let k = lines.length - 1; k >= 0 && len < 1700; k--) {
    shown.unshift(`• ${lines[k]}`);
    len += (lines[k]?.length ?? 0) + 3;
  }
  await r.private({ content: `**Recent actions in game #${game.game.id}**\n${shown.join('\n') || 'Nothing has happened yet.'}` });
}

export const RULES: Record<string, string> = {
  overview: '**FENCE!** Players build a city of tiles, then move their pawns with red and blue cards (a tile’s coordinates are its red and blue numbers). The Cops send whoever they catch to Jail. After each round, Hot Goods go to whoever is nearest the rolled tile: one more card. Be the last one out of Jail.',
  building: '**Building the map** (B4–B9). Old Town starts in the centre. In turn, place a tile from your hand so that it touches the map, every shared side fits (roads meet roads, water meets water) and it connects to Old Town and back, respecting One Way signs — or swap a tile from your hand for a placed one. `/fence place` and `/fence swap` list only legal moves. With no legal move you pass automatically.',
  setup: '**Pawns and Cops** (B10–B12). Each player’s secret start cards name their start tile; on a tile with several neighborhoods you choose with buttons. The First Player then rolls the Cops’ tile and chooses their neighborhood. Everyone is dealt 2 red and 2 blue cards.',
  move: '**Move Yourself** (B14). Play one card to change that coordinate, or a red and a blue card to go straight to that tile. The destination must be free and in play. `/fence move` lists every move your hand allows.',
  others: '**Move Others** (B15). Instead of moving yourself: push another player’s pawn one road step (`/fence push`) and move the Cops (`/fence cops`) — one step by road, or a tip-off with one or two cards to any in-play neighborhood — in either order. A pawn caught with the Cops goes to Jail.',
  jail: '**Jail** (B16–B17). A jailed player with a red/blue pair that leads somewhere free must use it to get out. Otherwise they Move Others, and sending someone else to Jail from Jail is Turning State’s Evidence: draw a card.',
  hotgoods: '**Hot Goods** (B18). After each round, ceil(N/2) tiles are rolled. The unique nearest player by road wins a card of their chosen colour (buttons); ties, unreachable tiles or nearer Cops waste it.',
  winning: '**Winning** (B19, H3). You win when you are the only player out of Jail and nobody jailed can get out on their next turn. At the round limit, the un-jailed player with the most cards wins (ties share).',
  house: '**Playing in a channel** (H1–H4). Each player has a turn limit; at half time they get a reminder, at the limit the computer plays their turn, and three timeouts in a row remove them. `/fence resign` leaves a game; the host or a channel admin may `/fence abort` or `/fence kick`.',
};

export async function rulesCommand(r: Reply, i: ChatInputCommandInteraction): Promise<void> {
  const topic = i.options.getString('topic') ?? 'overview';
  const text = RULES[topic] ?? RULES.overview!;
  await r.private({ content: `${text}\n\nTopics: ${Object.keys(RULES).join(', ')} — \`/fence rules topic:…\`` });
}

export const HELP = [
  '**How to play FENCE! here**',
  '`/fence new` opens a lobby (options: turn limit, auto-build map, computer players, rounds, thread). Players press **Join**; the host presses **Start** (`/fence addbot` seats a computer).',
  'When it is your turn the bot mentions you in a new post with the map. Use `/fence place` / `/fence swap` while building, then `/fence move`, `/fence push` or `/fence cops` — pick from the list the command offers. Choices (a colour, a neighborhood) come as buttons for you alone.',
  '`/fence hand` (or **Show my hand**) shows your cards privately. `/fence status`, `/fence map`, `/fence history`, `/fence rules` inform; `/fence resign` leaves.',
  'Admins (the host or Manage Channels): `/fence abort`, `/fence kick`. Server defaults (Manage Server): `/fence settings`.',
].join('\n');

export async function helpCommand(r: Reply): Promise<void> {
  await r.private({ content: HELP });
}
