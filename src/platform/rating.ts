/**
 * The leaderboard's rating: openskill (the Weng–Lin Bayesian rating, a TrueSkill-like model
 * without its patent, for any number of players). Each player's skill is an estimate with an
 * uncertainty; a win over strong players moves it more than a win over weak ones, and the
 * ranking uses the cautious value (`ordinal`: estimate minus three uncertainties), so a player
 * with few games ranks below one who has shown the same skill many times.
 */
import { ordinal, rate, rating, type Rating } from 'openskill';

/** One rated game: each player, whether they won (several may share a win; nobody winning is a draw for all). */
export interface RatedGame {
  players: { id: string; won: boolean }[];
}

export interface PlayerRating {
  id: string;
  /** The cautious skill value the leaderboard is sorted by. */
  ordinal: number;
  mu: number;
  sigma: number;
  games: number;
  wins: number;
}

/** Ratings after `games`, in order (oldest first); games with fewer than two players are skipped. Best first. */
export function rateGames(games: readonly RatedGame[]): PlayerRating[] {
  const ratings = new Map<string, Rating>();
  const counts = new Map<string, { games: number; wins: number }>();
  for (const g of games) {
    if (g.players.length < 2) continue;
    const teams = g.players.map((p) => [ratings.get(p.id) ?? rating()]);
    const after = rate(teams, { rank: g.players.map((p) => (p.won ? 1 : 2)) });
    g.players.forEach((p, k) => {
      ratings.set(p.id, after[k]![0]!);
      const c = counts.get(p.id) ?? { games: 0, wins: 0 };
      c.games++;
      if (p.won) c.wins++;
      counts.set(p.id, c);
    });
  }
  return [...ratings].map(([id, r]) => ({ id, ordinal: ordinal(r), mu: r.mu, sigma: r.sigma, ...counts.get(id)! }))
    .sort((a, b) => b.ordinal - a.ordinal || a.id.localeCompare(b.id));
}
