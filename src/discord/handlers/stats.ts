/**
 * `/games stats [player] [game]` (games played, won and abandoned, per game) and
 * `/games leaderboard [game]` (the server's players ranked by rating, src/platform/rating.ts).
 * Only finished games count; computer players are not ranked, aborted games not counted.
 */
import { allGames, gameById } from '../../games/registry.ts';
import { rateGames } from '../../platform/rating.ts';
import { winnersOf } from '../../runtime/rules.ts';
import { endedGames, type EndedGame } from '../../store/stats.ts';
import { onServer, type ServerCall, type ServerCommand } from '../command.ts';
import { inGuild, refuse, type Precondition } from '../guards.ts';
import { userName } from '../names.ts';
import { gameName, gamesText } from './games.ts';

const SHOWN = 15;

const titleOf = (kind: string): string => gameById(kind)?.title ?? kind;
/** A game as a list names it (title and command), from its stored kind. */
const nameOf = (kind: string): string => {
  const def = gameById(kind);
  return def ? gameName(def) : kind;
};

/** The `game` option, checked: a registered game's id, or null for every game. */
const gameOption: Precondition<ServerCall, { kind: string | null }> = {
  name: 'a game this bot runs',
  check: ({ i }) => {
    const kind = i.options.getString('game');
    if (kind === null || gameById(kind)) return { kind };
    return refuse('UNKNOWN_GAME', `This bot runs no game called “${kind}”. Its games:\n${gamesText()}`);
  },
};

/** The `game` option's choices: each game by its title and command. */
const gameChoices = () => allGames().slice(0, 25).map((g) => ({ name: `${g.title} (/${g.id})`.slice(0, 100), value: g.id }));

export const statsCommand: ServerCommand = {
  name: 'stats',
  define: (s) => s.setDescription('Games played, won and abandoned, per game')
    .addUserOption((o) => o.setName('player').setDescription('Whose stats (default: yours)'))
    .addStringOption((o) => o.setName('game').setDescription('Only this game').addChoices(...gameChoices())),
  handle: onServer(inGuild, gameOption, async ({ ctx, r, i, guildId, kind }) => {
    const user = i.options.getUser('player') ?? i.user;
    const games = (await endedGames(ctx.store, winnersOf, guildId, kind ?? undefined)).filter((g) => g.seats.some((s) => s.userId === user.id));
    const name = latestName(games, user.id) ?? userName(user);
    const scope = kind ? `${titleOf(kind)} games` : 'games';
    const finished = games.filter((g) => g.status === 'finished');
    const aborted = games.length - finished.length;
    if (finished.length === 0) {
      return r.private({ content: `${name} has no finished ${scope} on this server yet.${aborted ? ` (${abortedText(aborted)})` : ''}` });
    }
    const byKind = new Map<string, EndedGame[]>();
    for (const g of finished) byKind.set(g.kind, [...(byKind.get(g.kind) ?? []), g]);
    const lines = [...byKind].map(([k, list]) => `${nameOf(k)}: ${tally(list, user.id)}`);
    if (byKind.size > 1) lines.push(`All games: ${tally(finished, user.id)}`);
    if (aborted) lines.push(abortedText(aborted));
    await r.private({ content: `**${name}'s ${scope} on this server**\n${lines.join('\n')}` });
  }),
};

export const leaderboardCommand: ServerCommand = {
  name: 'leaderboard',
  define: (s) => s.setDescription('This server\'s players ranked by rating')
    .addStringOption((o) => o.setName('game').setDescription('Only this game (default: all games)').addChoices(...gameChoices())),
  handle: onServer(inGuild, gameOption, async ({ ctx, r, guildId, kind }) => {
    const games = (await endedGames(ctx.store, winnersOf, guildId, kind ?? undefined)).filter((g) => g.status === 'finished');
    const ratings = rateGames(games.map((g) => ({
      players: g.seats.filter((s) => !s.computer && s.userId !== null).map((s) => ({ id: s.userId!, won: g.winners.includes(s.seat) })),
    })));
    const scope = kind ? titleOf(kind) : 'all games';
    if (ratings.length === 0) {
      return r.private({ content: `No ranked games yet (${scope}): a game counts once it is finished with at least two people playing.` });
    }
    const lines = ratings.slice(0, SHOWN).map((p, k) =>
      `${k + 1}. ${latestName(games, p.id) ?? 'player'} — rating ${p.ordinal.toFixed(1)} · ${p.games} game${p.games === 1 ? '' : 's'}, ${p.wins} won`);
    if (ratings.length > SHOWN) lines.push(`… and ${ratings.length - SHOWN} more.`);
    await r.private({
      content: `**Leaderboard — ${scope}**\n${lines.join('\n')}\n-# Wins against strong players count for more, and a rating is cautious until a player has played a few games. Only finished games between people count.`,
    });
  }),
};

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
