// The farm's components as data: the tiles (F1, F3, R1), the farmer cards (F13) and the set's
// measured properties in F4's greedy random games.
import { describe, expect, it } from 'vitest';
import tileData from '../../assets/farm/tiles.json' with { type: 'json' };
import farmerData from '../../assets/farm/farmers.json' with { type: 'json' };
import { loadTiles, TILES, turned, facing, isMale, KIND_OF } from '../../src/games/farm/tiles.ts';
import { cardPoints, farmerById, FARMERS, FARMER_ROWS, FARMER_COLUMNS, loadFarmers } from '../../src/games/farm/farmers.ts';
import { greedyGame } from './greedy.ts';

const base = TILES.filter((t) => t.set === 'base');
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe('tiles (F1, F3)', () => {
  it('F1 a quarter turn clockwise maps half-side i to i+2 and facing pairs are 0↔5, 1↔4, 2↔7, 3↔6', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((h) => turned(h, 1))).toEqual([2, 3, 4, 5, 6, 7, 0, 1]);
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(facing)).toEqual([5, 4, 7, 6, 1, 0, 3, 2]);
  });

  it('F3 the shipped set loads: 84 base tiles and 66 Ranch tiles with unique ids', () => {
    expect(base).toHaveLength(84);
    expect(TILES.length - base.length).toBe(66);
    expect(new Set(TILES.map((t) => t.id)).size).toBe(TILES.length);
  });

  const broken: [string, (t: ReturnType<typeof clone<(typeof tileData)[number]>>) => void, RegExp][] = [
    ['a half-side in two regions', (t) => t.regions[0]!.halfSides.push(t.regions[1]?.halfSides[0] ?? 0), /lies in two regions|do not bound/],
    ['a half-side in no region', (t) => { t.regions[0]!.halfSides = t.regions[0]!.halfSides.slice(1); }, /lies in no region/],
    ['a region with no open half-side', (t) => { t.fenced = t.fenced.map(() => true); }, /no open half-side/],
    ['a cow off pasture', (t) => { t.regions[0]!.terrain = 'plain'; t.regions[0]!.animals = ['cow']; }, /a cow on plain/],
    ['over 3 animals', (t) => { t.regions[0]!.terrain = 'meadow'; t.regions[0]!.animals = ['sheep', 'sheep', 'sheep', 'sheep']; }, /3/],
    ['2 males', (t) => { t.regions[0]!.terrain = 'pasture'; t.regions[0]!.animals = ['bull', 'bull']; }, /2 males/],
  ];
  it.each(broken)('F3 load fails on %s', (_what, breakIt, message) => {
    const data = clone(tileData);
    const t = data.find((x) => x.set === 'base' && x.regions.length >= 2)!;
    breakIt(t);
    expect(() => loadTiles(data)).toThrow(message);
  });

  it('F3 load fails on a repeated id', () => {
    const data = clone(tileData);
    data[1]!.id = data[0]!.id;
    expect(() => loadTiles(data)).toThrow(/repeated/);
  });

  it('F4 the base set: ≥ 60% of internal fences diagonal, each animal kind 30–36%, 15–25% of regions plain', () => {
    const segments = base.flatMap((t) => t.segments);
    const diagonal = segments.filter((s) => s.to.length === 2).length;
    expect(diagonal / segments.length).toBeGreaterThanOrEqual(0.6);
    const animals = base.flatMap((t) => t.regions.flatMap((r) => r.animals));
    for (const kind of ['cow', 'sheep', 'pig'] as const) {
      const share = animals.filter((a) => KIND_OF[a] === kind).length / animals.length;
      expect(share, kind).toBeGreaterThanOrEqual(0.3);
      expect(share, kind).toBeLessThanOrEqual(0.36);
    }
    const regions = base.flatMap((t) => t.regions);
    const plain = regions.filter((r) => r.terrain === 'plain').length / regions.length;
    expect(plain).toBeGreaterThanOrEqual(0.15);
    expect(plain).toBeLessThanOrEqual(0.25);
  });

  it('R1 the Ranch boxes: 12 males tiles (4 bulls, 4 boars, 4 rams, one each), 36 chickens, 6 market, 12 gates', () => {
    const count = (set: string) => TILES.filter((t) => t.set === set).length;
    expect([count('males'), count('chickens'), count('market'), count('gates')]).toEqual([12, 36, 6, 12]);
    const males = TILES.flatMap((t) => t.regions.flatMap((r) => r.animals.filter(isMale)));
    expect(males.filter((m) => m === 'bull')).toHaveLength(4);
    expect(males.filter((m) => m === 'boar')).toHaveLength(4);
    expect(males.filter((m) => m === 'ram')).toHaveLength(4);
  });
});

describe('farmer cards (F13)', () => {
  it('F13 FP(6(i−1)+j) is row i plus column j of the grammar', () => {
    expect(FARMERS).toHaveLength(36);
    FARMERS.forEach((c, n) => {
      expect(c.id).toBe(`FP${String(n + 1).padStart(2, '0')}`);
      expect(c.conditions).toEqual([FARMER_ROWS[Math.floor(n / 6)], FARMER_COLUMNS[n % 6]]);
    });
  });

  it('F13 (amended) the points as the ruling states them: none K 3, some K 2; one kind 5, two kinds 3, 6+ animals 5, 4+ tiles 5, someone else\'s farm 5, a fence on the edge 3', () => {
    // Written from the ruling's text, not from the grammar the cards are generated from.
    const rows = [['none', 'cow', 3], ['none', 'sheep', 3], ['none', 'pig', 3], ['some', 'cow', 2], ['some', 'sheep', 2], ['some', 'pig', 2]] as const;
    const columns = [['kinds', 5], ['kinds', 3], ['animals', 5], ['tiles', 5], ['otherOwner', 5], ['edge', 3]] as const;
    FARMERS.forEach((c, n) => {
      const [type, kind, points] = rows[Math.floor(n / 6)]!;
      expect(c.conditions[0], c.id).toMatchObject({ type, kind, points });
      expect(c.conditions[1], c.id).toMatchObject({ type: columns[n % 6]![0], points: columns[n % 6]![1] });
    });
    // A closer with FP22 (cows 2 · 4+ tiles 5) scores 7 for a 4-tile farm with a cow; with FP24 (cows 2 · edge 3) 5 for one on the edge.
    const farm = { kinds: { cow: 1 }, animals: 1, tiles: 4, owners: [], edge: true };
    expect(cardPoints(farmerById('FP22'), farm, 0)).toBe(7);
    expect(cardPoints(farmerById('FP24'), farm, 0)).toBe(5);
    expect(cardPoints(farmerById('FP22'), { ...farm, tiles: 3 }, 0)).toBe(2);
  });

  it('F13 load fails on a repeated id or a missing card', () => {
    const data = clone(farmerData);
    data[1]!.id = data[0]!.id;
    expect(() => loadFarmers(data)).toThrow(/repeated/);
    expect(() => loadFarmers(clone(farmerData).slice(1))).toThrow(/36/);
  });
});

// F4 measures the set over 1,000 seeded games; `npm run bench` (bench/farm.ts) plays all of
// them and prints the numbers. Here a fixed sample of them keeps the suite quick.
describe('the set in play (F4, F13)', () => {
  const sample = (players: number, games: number, options: Record<string, unknown> = {}) => {
    let inPlay = 0, placed = 0, fields = 0, closed = 0, animals = 0, farms = 0, single = 0;
    const cards = FARMERS.map(() => 0);
    for (let g = 0; g < games; g++) {
      const { stats } = greedyGame(g, players, options);
      inPlay += stats.tilesInPlay; placed += stats.tilesPlaced; fields += stats.fields; closed += stats.closedFields;
      animals += stats.farmAnimals.reduce((a, b) => a + b, 0); farms += stats.farmsScored; single += stats.singleKindFarms;
      stats.cardTotals.forEach((c, i) => (cards[i]! += c));
    }
    return { placed: placed / inPlay, closed: closed / fields, animals: animals / farms, single: single / farms, cards: cards.map((c) => c / farms) };
  };

  it('F4 at 4 players: ≥ 99% of tiles placed, ≥ 40% of fields closed, farms average 4–7 animals, 20–40% single-kind; F13 every card within ±25% of the mean', () => {
    const r = sample(4, 40);
    expect(r.placed).toBeGreaterThanOrEqual(0.99);
    expect(r.closed).toBeGreaterThanOrEqual(0.4);
    expect(r.animals).toBeGreaterThanOrEqual(4);
    expect(r.animals).toBeLessThanOrEqual(7);
    expect(r.single).toBeGreaterThanOrEqual(0.2);
    expect(r.single).toBeLessThanOrEqual(0.4);
    const mean = r.cards.reduce((a, b) => a + b, 0) / r.cards.length;
    r.cards.forEach((c, i) => expect(Math.abs(c / mean - 1), FARMERS[i]!.id).toBeLessThanOrEqual(0.25));
  });

  it('F4 with every Ranch tile built in (Males, Chickens, Market, Gates) at 4 players: ≥ 99% placed, ≥ 40% closed, 4–7 animals per farm, 20–40% single-kind', () => {
    const r = sample(4, 8, { males: true, chickens: true, market: true, gates: true, bales: true });
    expect(r.placed).toBeGreaterThanOrEqual(0.99);
    expect(r.closed).toBeGreaterThanOrEqual(0.4);
    expect(r.animals).toBeGreaterThanOrEqual(4);
    expect(r.animals).toBeLessThanOrEqual(7);
    expect(r.single).toBeGreaterThanOrEqual(0.2);
    expect(r.single).toBeLessThanOrEqual(0.4);
  });

  it.each([2, 3, 5, 6])('F4 at %i players: ≥ 99% placed, ≥ 33% of fields closed', (players) => {
    const r = sample(players, 10);
    expect(r.placed).toBeGreaterThanOrEqual(0.99);
    expect(r.closed).toBeGreaterThanOrEqual(0.33);
  });
});
