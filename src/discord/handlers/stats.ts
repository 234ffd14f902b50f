/**
 * `/games stats [player] [game]` (games played, won and abandoned, per game) and
 * `/games leaderboard [game]` (the server's players ranked by rating, src/platform/rating.ts).
 * Only finished games count; computer players are not ranked, aborted games not counted.
 */
import type { ChatInputCommandInteraction } from 'discord.js';
import { allGames, gameById } from '../../games/registry.ts';
import { rateGames } from '../../platform/rating.ts';
import { winnersOf } from '../../runtime/rules.ts';
import { endedGames, type EndedGame } from '../../store/stats.ts';
import type { BotContext } from '../context.ts';
import { inGuild } from '../guards.ts';
import { userName } from '../names.ts';
import type { Reply } from '../reply.ts';

const SHOWN = 15;

const titleOf = (kind: string): string => gameById(kind)?.title ?? kind;

/** The `game` option, checked: a registered game's id, or null for every game. */
async function gameOption(r: Reply, i: ChatInputCommandInteraction): Promise<{ kind: string | null } | null> {
  const kind = i.options.getString('game');
  if (kind === null) return { kind: null };
  if (gameById(kind)) return { kind };
  await r.refuse('UNKNOWN_GAME', `This bot runs no game called “${kind}”. Its games: ${allGames().map((g) => g.title).join(', ')}.`);
  return null;
}

export async function statsCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction): Promise<void> {
  const where = await inGuild(r, null);
  if (!where) return;
  const filter = await gameOption(r, i);
  if (!filter) return;
  await r.defer();
  const user = i.options.getUser('player') ?? i.user;
  const games = (await endedGames(ctx.store, winnersOf, where.guildId, filter.kind ?? undefined)).filter((g) => g.seats.some((s) => s.userId === user.id));
  const name = latestName(games, user.id) ?? userName(user);
  const scope = filter.kind ? `${titleOf(filter.kind)} games` : 'games';
  const finished = games.filter((g) => g.status === 'finished');
  const aborted = games.length - finished.length;
  if (finished.length === 0) {
    return r.private({ content: `${name} has no finished ${scope} on this server yet.${aborted ? ` (${abortedText(aborted)})` : ''}` });
  }
  const byKind = new Map<string, EndedGame[]>();
  for (const g of finished) byKind.set(g.kind, [...(byKind.get(g.kind) ?? []), g]);
  const lines = [...byKind].map(([kind, list]) => `${titleOf(kind)}: ${tally(list, user.id)}`);
  if (byKind.size > 1) lines.push(`All games: ${tally(finished, user.id)}`);
  if (aborted) lines.push(abortedText(aborted));
  await r.private({ content: `**${name}'s ${scope} on this server**\n${lines.join('\n')}` });
}

export async function leaderboardCommand(ctx: BotContext, r: Reply, i: ChatInputCommandInteraction): Promise<void> {
  const where = await inGuild(r, null);
  if (!where) return;
  const filter = await gameOption(r, i);
  if (!filter) return;
  await r.defer();
  const games = (await endedGames(ctx.store, winnersOf, where.guildId, filter.kind ?? undefined)).filter((g) => g.status === 'finished');
  const ratings = rateGames(games.map((g) => ({
    players: g.seats.filter((s) => !s.computer && s.userId !== null).map((s) => ({ id: s.userId!, won: g.winners.includes(s.seat) })),
  })));
  const scope = filter.kind ? titleOf(filter.kind) : 'all games';
  if (ratings.length === 0) {
    return r.private({ content: `No ranked games yet (${scope}): a game counts once it is finished with at least two people playing.` });
  }
  const lines = ratings.slice(0, SHOWN).map((p, k) =>
    `${k + 1}. ${latestName(games, p.id) ?? 'player'} — rating ${p.ordinal.toFixed(1)} · ${p.games} game${p.games === 1 ? '' : 's'}, ${p.wins} won`);
  if (ratings.length > SHOWN) lines.push(`… and ${ratings.length - SHOWN} more.`);
  await r.private({
    content: `**Leaderboard — ${scope}**\n${lines.join('\n')}\n-# Wins against strong players count for more, and a rating is cautious until a player has played a few games. Only finished games between people count.`,
  });
}

function tally(games: EndedGame[], userId: string): string {
  let won = 0;
  let left = 0;
  for (const g of games) {
    const seat = g.seats.find((s) => s.userId === userId);
    if (!seat) continue;
    if (g.winners.includes(seat.seat)) won++;
    if (seat.leftEarly) left++;
  }
  return `${games.length} played · ${won} won · ${left} abandoned`;
}

const abortedText = (n: number): string => `${n} aborted game${n === 1 ? ' is' : 's are'} not counted.`;

/** The name a user played under most recently. */
function latestName(games: EndedGame[], userId: string): string | null {
  for (let k = games.length - 1; k >= 0; k--) {
    const seat = games[k]!.seats.find((s) => s.userId === userId);
    if (seat) return seat.name;
  }
  return null;
}
