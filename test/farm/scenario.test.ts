// Fences scenario files (docs/farm.md) can state every ruling's position: the season card,
// hay bales on the map, held and in the supply, farms already scored, the fox on the map or off
// it, the Market's face-up card and deck, sharecropper, tractor and storage supplies. What the
// runner prints names regions as players see them (a cell and a part), never by internal number.
import { describe, expect, it } from 'vitest';
import { ScenarioError } from '../../src/platform/game.ts';
import { runScenario as runFile } from '../../src/games/farm/scenario.ts';
import { farm } from '../../src/games/farm/index.ts';
import { requestsTo } from '../../src/platform/requests.ts';

/** A scenario file played through the platform's requests, as the bot plays it. */
const runScenario = (json: unknown) => runFile(json, requestsTo(farm));

const base = {
  game: 'farm',
  name: 'scenario support',
  players: ['ana', 'bo', 'cy'],
  map: [{ tile: 'B01', x: 0, y: 0 }],
  hands: { bo: ['C05'] },
  farmers: { ana: 'FP01', bo: 'FP01', cy: 'FP01' },
  current: 'bo',
};
const closeChickens = { by: 'bo', action: { type: 'place', tile: 'C05', x: 1, y: 0, rot: 0 } };
/** B77 beside C15 closes C15's west part with it: a farm to list as scored. */
const scoredMap = { map: [{ tile: 'C15', x: 1, y: 0, rot: 3 }, { tile: 'B77', x: 0, y: 0 }] };

const run = (file: Record<string, unknown>) => runScenario({ ...base, ...file });

describe('setting up and checking a position', () => {
  it('the season card, its deck and whom a Drought skips; the round', () => {
    const r = run({ options: { seasons: true }, round: 4, season: 'drought', seasonDeck: ['winter', 'spring'], scores: { ana: 5 }, steps: [{ expect: { season: 'drought', round: 4 } }] });
    expect(r.failures).toEqual([]);
    expect(r.state.seasons).toMatchObject({ up: 'drought', deck: ['winter', 'spring'], skip: [0] });
    expect(r.state.seasons!.discards).toHaveLength(6);
    expect(run({ options: { seasons: true }, season: 'winter', steps: [{ expect: { season: 'spring' } }] }).failures).toEqual(['step 1: the season is winter, expected spring']);
  });

  it('the Market: the face-up card and the deck in order, checked after a market tile turns the next', () => {
    const r = run({ options: { market: true }, market: 'M4', marketDeck: ['M2', 'M9'], steps: [{ expect: { market: 'M4', marketDeck: ['M2', 'M9'] } }] });
    expect(r.failures).toEqual([]);
    expect(r.state.market).toMatchObject({ up: 'M4', deck: ['M2', 'M9'] });
    expect(r.state.market!.discards).toHaveLength(6);
  });

  it('hay bales on the map, held and in the supply (R18: 15 at 3 players)', () => {
    const r = run({ options: { bales: true }, bales: { on: [{ cell: '0,0', part: 'south-west' }], held: { cy: 3 } }, steps: [{ expect: { bales: { supply: 11, on: [{ cell: '0,0', part: 'south-west' }], held: { cy: 3, ana: 0 } } } }] });
    expect(r.failures).toEqual([]);
    expect(() => run({ options: { bales: true }, bales: { supply: 15, held: { cy: 3 } }, steps: [] })).toThrow(/bales.supply: the game has 15 bales/);
  });

  it('farms already scored: a closed field, its closer and owners; pieces cannot stand in it, and and a field listed twice is refused', () => {
    const r = runScenario({ ...base, ...scoredMap, hands: {}, farms: [{ cell: '1,0', part: 'west', closer: 'ana', owners: ['bo'] }], steps: [{ expect: { farms: 1 } }] });
    expect(r.failures).toEqual([]);
    expect(r.state.farms[0]).toMatchObject({ closer: 0, owners: [1] });
    expect(() => runScenario({ ...base, ...scoredMap, hands: {}, farms: [{ cell: '1,0', part: 'east' }], steps: [] })).toThrow(/farms\[0\]: the field of 1,0 east is still open/);
    expect(() => runScenario({ ...base, ...scoredMap, hands: {}, farms: [{ cell: '1,0', part: 'west' }, { cell: '0,0', part: 0 }], steps: [] })).toThrow(/farms\[1\]: that farm is listed twice/);
    expect(() => runScenario({ ...base, ...scoredMap, hands: {}, farms: [{ cell: '1,0', part: 'west' }], henhouses: [{ player: 'ana', cell: '0,0', part: 0 }], steps: [] })).toThrow(/henhouses\[0\]: 0,0 0 is in a scored farm/);
  });

  it('the fox on the map or off it, and where it goes', () => {
    const r = run({ options: { chickens: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 'north-east' }], fox: null, steps: [
      { expect: { fox: null } },
      { ...closeChickens, expect: { pending: 'fox', fox: null } },
      { by: 'ana', action: { type: 'fox', cell: '1,0', part: 'south' }, expect: { fox: { cell: '1,0', part: 'south' } } },
    ] });
    expect(r.failures).toEqual([]);
  });

  it('sharecropper tokens, tractors and stored animals, held and in the supply', () => {
    const r = run({
      options: { sharecroppers: true, tractor: true, storage: true },
      henhouses: [{ player: 'ana', cell: '0,0', part: 'north-east' }, { player: 'cy', cell: '0,0', part: 'north-east', share: true }],
      shares: { ana: 2, bo: 0 },
      tractors: [{ cell: '0,0', part: 'south-west' }],
      stored: { bo: { cow: 1, sheep: 2 } },
      steps: [{ expect: { shares: { ana: 2, bo: 0, cy: 1 }, sharesInSupply: 3, tractors: [{ cell: '0,0', part: 'south-west' }], tractorsInSupply: 0, storageSupply: { cow: 3, pig: 4, sheep: 2 }, stored: { bo: { cow: 1, sheep: 2 } }, henhouses: [{ player: 'cy', cell: '0,0', part: 'north-east', share: true }, { player: 'ana', cell: '0,0', part: 'north-east' }] } }],
    });
    expect(r.failures).toEqual([]);
    const added = runScenario({ ...base, ...scoredMap, hands: {}, options: { storage: true }, farms: [{ cell: '1,0', part: 'west' }], storedOn: [{ cell: '0,0', part: 0, kind: 'pig' }], stored: { ana: { pig: 1 } }, steps: [{ expect: { storageSupply: { cow: 4, pig: 2, sheep: 4 } } }] });
    expect(added.failures).toEqual([]);
    expect(() => run({ options: { storage: true }, storedOn: [{ cell: '0,0', part: 0, kind: 'pig' }], steps: [] })).toThrow(/storedOn\[0\]: 0,0 0 is not in a scored farm/);
    expect(run({ options: { storage: true }, steps: [{ expect: { storageSupply: { cow: 3 } } }] }).failures).toEqual(['step 1: the storage supply is {"cow":4,"pig":4,"sheep":4}, expected {"cow":3,"pig":0,"sheep":0}']);
  });

  it('what is offered now (choices) and what a refusal says and offers', () => {
    const r = run({ options: { chickens: true }, steps: [
      { ...closeChickens, expect: { choices: ['Fox to C05 at 1,0 (east)'], noChoices: ['north-east'] } },
      { by: 'bo', action: { type: 'fox', cell: '0,0', part: 'north-east' }, expect: { code: 'BAD_FIELD', message: 'cannot go there', offered: ['Fox to B01 at 0,0 (south-west)'] } },
    ] });
    expect(r.failures).toEqual([]);
  });

  it('invalid files say which field and why', () => {
    const bad = (file: Record<string, unknown>, why: RegExp) => expect(() => run({ steps: [], ...file })).toThrow(why);
    bad({ season: 'winter' }, /season: needs the Seasons option/);
    bad({ options: { seasons: true }, season: 'winter', seasonDeck: ['winter'] }, /seasonDeck: each season card appears once/);
    bad({ market: 'M1' }, /market: needs the Market option/);
    bad({ options: { market: true }, marketDeck: ['M1', 'M1'] }, /marketDeck/);
    bad({ options: { tractor: true }, tractors: [{ cell: '0,0', part: 0 }, { cell: '0,0', part: 1 }] }, /tractors: more than the game's 1/);
    bad({ henhouses: [{ player: 'ana', cell: '0,0', part: 'north' }] }, /the tile on 0,0 has no part 'north' \(its parts: 0: north-east, 1: south-west\)/);
    bad({ henhouses: [0, 1, 2, 3, 4].map(() => ({ player: 'ana', cell: '0,0', part: 0 })) }, /ana has only 4 henhouses/);
    expect(() => run({ steps: [], fox: { cell: '0,0' } })).toThrow(ScenarioError);
  });
});

describe('what the runner prints', () => {
  it('numbers the steps from 1 (a check-only step too) and names regions by cell and part, tiles by cell, players by name, farms from 1', () => {
    const r = run({ options: { chickens: true, gates: true, bales: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 'north-east' }], steps: [
      { expect: { waitingFor: 'bo' } },
      closeChickens,
      { by: 'ana', action: { type: 'bale', cell: '0,0', part: 'south-west' } },
    ] });
    expect(r.failures).toEqual([]);
    expect(r.lines[0]).toEqual({ step: 1, check: true });
    const placed = r.lines[1] as { step: number; label: string; events: Record<string, unknown>[] };
    expect(placed.step).toBe(2);
    expect(placed.label).toBe('C05 at 1,0, unturned');
    expect(placed.events).toContainEqual(expect.objectContaining({ type: 'scored', farm: 1, closer: 'bo', owners: ['ana'], awards: [{ seat: 'ana', points: 5, why: 'animals' }] }));
    const bale = r.lines[2] as { step: number; action: Record<string, unknown>; label: string; events: Record<string, unknown>[] };
    expect(bale.action).toEqual({ type: 'bale', cell: '0,0', part: 'south-west' });
    expect(bale.label).toBe('Bale to B01 at 0,0 (south-west), unowned');
    expect(bale.events).toContainEqual({ type: 'bale', seat: 'ana', cell: '0,0', part: 'south-west' });
    expect(JSON.stringify(r.lines)).not.toMatch(/"region"/);
  });

  it('a computer step prints the move it chose in the same terms', () => {
    const r = run({ options: { chickens: true }, steps: [closeChickens, { by: 'bo', action: { type: 'computer' } }] });
    expect(r.failures).toEqual([]);
    const line = r.lines[1] as { action: Record<string, unknown> };
    expect(line.action).toMatchObject({ type: 'fox', cell: expect.stringMatching(/^-?\d+,-?\d+$/) });
    expect(line.action).not.toHaveProperty('region');
  });
});
