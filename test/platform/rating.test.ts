import { describe, expect, it } from 'vitest';
import { rateGames, type RatedGame } from '../../src/platform/rating.ts';

const duel = (winner: string, loser: string): RatedGame => ({ players: [{ id: winner, won: true }, { id: loser, won: false }] });
const byId = (games: RatedGame[]) => new Map(rateGames(games).map((p) => [p.id, p]));

describe('the leaderboard rating', () => {
  it('a first win between two new players moves both by the same amount, as Weng–Lin (Plackett–Luce) gives it', () => {
    const r = byId([duel('ana', 'bo')]);
    expect(r.get('ana')!.mu).toBeCloseTo(27.6354, 3);
    expect(r.get('bo')!.mu).toBeCloseTo(22.3646, 3);
    expect(r.get('ana')!.sigma).toBeCloseTo(8.0659, 3);
    expect(rateGames([duel('ana', 'bo')]).map((p) => p.id)).toEqual(['ana', 'bo']);
  });

  it('is not a raw win rate: eight wins in ten games rank above one win in one game', () => {
    const games = [duel('lucky', 'x')];
    for (let k = 0; k < 10; k++) games.push(k < 8 ? duel('steady', 'y') : duel('y', 'steady'));
    const r = byId(games);
    expect(r.get('lucky')!.wins / r.get('lucky')!.games).toBe(1);
    expect(r.get('steady')!.wins).toBe(8);
    expect(r.get('steady')!.ordinal).toBeGreaterThan(r.get('lucky')!.ordinal);
  });

  it('accounts for opponents: beating a strong player is worth more than beating a weak one', () => {
    const history: RatedGame[] = [];
    for (let k = 0; k < 5; k++) history.push(duel('strong', `s${k}`), duel(`w${k}`, 'weak'));
    const r = byId([...history, duel('a', 'strong'), duel('b', 'weak')]);
    expect(r.get('a')!.ordinal).toBeGreaterThan(r.get('b')!.ordinal);
  });

  it('a game nobody won is a draw; shared winners tie; a game with fewer than two players is not rated', () => {
    const draw = byId([{ players: [{ id: 'p', won: false }, { id: 'q', won: false }] }]);
    expect(draw.get('p')!.mu).toBeCloseTo(draw.get('q')!.mu, 9);
    expect(draw.get('p')!.wins).toBe(0);
    const shared = byId([{ players: [{ id: 'p', won: true }, { id: 'q', won: true }, { id: 'r', won: false }] }]);
    expect(shared.get('p')!.mu).toBeCloseTo(shared.get('q')!.mu, 9);
    expect(shared.get('p')!.mu).toBeGreaterThan(shared.get('r')!.mu);
    expect(rateGames([{ players: [{ id: 'solo', won: true }] }])).toEqual([]);
  });
});
