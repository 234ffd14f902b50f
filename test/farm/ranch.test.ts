// The Ranch expansions built so far: Males (R3), Chickens and the fox (R4, R5), Market (R6,
// R7), Hay Bales (R18), with R1's parts and R2's order where they meet.
import { describe, expect, it } from 'vitest';
import { Board } from '../../src/games/farm/board.ts';
import { play, legalActions } from '../../src/games/farm/engine.ts';
import { animalPoints, animalsIn, valueOf } from '../../src/games/farm/scoring.ts';
import { loadMarket, MARKET } from '../../src/games/farm/market.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import type { Animal } from '../../src/games/farm/tiles.ts';
import marketData from '../../assets/farm/market.json' with { type: 'json' };
import { runScenario as runFile } from '../../src/games/farm/scenario.ts';
import { explore, newGame } from './helpers.ts';
import { farm } from '../../src/games/farm/index.ts';
import { requestsTo } from '../../src/platform/requests.ts';

/** A scenario file played through the platform's requests, as the bot plays it. */
const runScenario = (json: unknown) => runFile(json, requestsTo(farm));

/** Plays a position written as a scenario; every expectation must hold. */
function playFile(file: Record<string, unknown>): FarmState {
  const r = runScenario({ game: 'farm', name: 'ranch', seed: 'ranch', ...file });
  expect(r.failures).toEqual([]);
  return r.state;
}

/**
 * bo places C05 east of B01 and closes B01's north-east part (3 cows, 2 chickens) owned by ana
 * and cy; three fields stay open (B01's south-west part, C05's east and south parts).
 */
const chickenFarm = {
  players: ['ana', 'bo', 'cy'],
  map: [{ tile: 'B01', x: 0, y: 0 }],
  hands: { bo: ['C05'] },
  henhouses: [{ player: 'ana', cell: '0,0', part: 'north-east' }, { player: 'cy', cell: '0,0', part: 'north-east' }],
  farmers: { ana: 'FP01', bo: 'FP01', cy: 'FP01' },
  current: 'bo',
};
const closeChickens = { by: 'bo', action: { type: 'place', tile: 'C05', x: 1, y: 0, rot: 0 } };

const many = (a: Animal, n: number): Animal[] => new Array<Animal>(n).fill(a);


describe('R3 Males', () => {
  it('R3 a ram with 4 ewes is worth 4 and the farm scores 12', () => {
    expect(animalPoints(['ram', ...many('sheep', 4)], null)).toBe(12);
  });

  it('R3 a male with no female of its kind scores 0, yet counts as its kind (a bull with 2 sheep is mixed)', () => {
    expect(animalPoints(['bull', ...many('sheep', 2)], null)).toBe(2);
    expect(animalPoints(['boar'], null)).toBe(0);
  });

  it('R3 the Market never changes a male: cows in demand, a bull with 2 cows scores 3 + 3 + 2', () => {
    expect(animalPoints(['bull', 'cow', 'cow'], 'M1')).toBe(8);
    expect(animalPoints(['bull', 'cow', 'cow'], 'M4')).toBe(2);
  });

  it('R1 the males tiles are in the stack only with the option', () => {
    const withMales = newGame(4, { males: true });
    const all = (s: FarmState) => [...s.stack, ...s.hands.flat(), ...s.placed.map((p) => p.id), ...s.discarded];
    expect(all(withMales).filter((id) => id.startsWith('M'))).toHaveLength(12);
    expect(all(newGame(4)).some((id) => id.startsWith('M'))).toBe(false);
    expect(all(newGame(4, { chickens: true, market: true })).length).toBe(84 + 36 + 6);
  });
});

describe('R4 R5 Chickens and the fox', () => {
  it('R4 chickens are a kind: 1 each, 2 each when the only kind', () => {
    expect(animalPoints(many('chicken', 3), null)).toBe(6);
    expect(animalPoints([...many('chicken', 2), 'cow'], null)).toBe(3);
  });

  it('R4 the fox eats the chickens of the farm it is in: with 3 chickens, 3 pigs and 2 cows the owner scores 5', () => {
    const found = explore('ranch', { chickens: true }, (_before, after, events) => {
      for (const e of events) {
        if (e.type !== 'scored') continue;
        const board = new Board(after.placed);
        const field = board.fieldOf(after.farms[e.farm]!.regions[0]!);
        const animals = animalsIn(board, field);
        if (!animals.includes('chicken') || animals.length === animals.filter((a) => a === 'chicken').length) continue;
        const owned = { ...after, henhouses: [{ seat: 0, region: field.regions[0]! }] };
        const withFox = valueOf({ ...owned, fox: field.regions[0]! }, board, field, 1);
        const rest = animals.filter((a) => a !== 'chicken');
        expect(withFox.eaten).toBe(animals.length - rest.length);
        expect(withFox.awards.find((a) => a.why === 'animals')?.points).toBe(animalPoints(rest, null));
        expect(valueOf({ ...owned, fox: null }, board, field, 1).awards.find((a) => a.why === 'animals')?.points).toBe(animalPoints(animals, null));
        return true;
      }
    });
    expect(found).toBe(true);
    // The text's example: the chickens are eaten, 3 pigs and 2 cows are left, mixed: 5.
    expect(animalPoints(['pig', 'pig', 'pig', 'cow', 'cow'], null)).toBe(5);
  });

  it('R5 after the first farm with chickens is scored, its owner with fewest points (the closer when unowned) puts the fox on an open field', () => {
    const found = explore('ranch', { chickens: true }, (before, after, events) => {
      const scored = events.find((e): e is Extract<FarmEvent, { type: 'scored' }> => e.type === 'scored');
      if (!scored || before.foxSeen || before.fox !== null) return;
      const board = new Board(after.placed);
      if (!animalsIn(board, board.fieldOf(after.farms[scored.farm]!.regions[0]!)).includes('chicken')) return;
      const placed = events.find((e) => e.type === 'fox');
      const chooser = after.pending[0]?.kind === 'fox' ? after.pending[0].seat : placed?.type === 'fox' ? placed.seat : undefined;
      if (scored.owners.length === 0) expect(chooser).toBe(scored.closer);
      else {
        const fewest = Math.min(...scored.owners.map((o) => after.scores[o]!));
        expect(scored.owners.filter((o) => after.scores[o] === fewest)).toContain(chooser);
      }
      const options = after.pending[0]?.kind === 'fox' ? after.pending[0].options : [];
      for (const k of options) expect(board.fieldOf(k).open).toBe(true);
      return true;
    });
    expect(found).toBe(true);
  });

  it('R5 the fox then moves on after each farm with chickens, to another open field; a wrong field is refused', () => {
    const found = explore('ranch', { chickens: true }, (before, after) => {
      const owed = after.pending[0];
      if (owed?.kind !== 'fox' || before.fox === null) return;
      const board = new Board(after.placed);
      if (board.fieldOf(before.fox).open) for (const k of owed.options) expect(board.fieldOf(k).id).not.toBe(board.fieldOf(before.fox).id);
      const bad = play(after, owed.seat, { type: 'fox', region: 99999 });
      expect(bad.ok).toBe(false);
      if (!bad.ok) expect(bad.message).toMatch(/cannot go there/);
      const notYou = play(after, (owed.seat + 1) % after.seats.length, legalActions(after, owed.seat)[0]);
      expect(notYou.ok).toBe(false);
      return true;
    }, 30);
    expect(found).toBe(true);
  });
});

describe('R5 the fox (as clarified)', () => {
  it('R5 of several owners the one with fewest points after the scoring places the fox; on a tie, the first from the closer\'s left', () => {
    // Both owners score 2 (5 animals split, 1 lost): level at 0 before, cy sits left of bo.
    playFile({ ...chickenFarm, options: { chickens: true }, steps: [{ ...closeChickens, expect: { pending: 'fox', waitingFor: 'cy', scores: { ana: 2, cy: 2 } } }] });
    playFile({ ...chickenFarm, options: { chickens: true }, scores: { cy: 3 }, steps: [{ ...closeChickens, expect: { pending: 'fox', waitingFor: 'ana' } }] });
    playFile({ ...chickenFarm, options: { chickens: true }, scores: { ana: 3 }, steps: [{ ...closeChickens, expect: { pending: 'fox', waitingFor: 'cy' } }] });
  });

  it('R5 the fox is placed, not declined: its chooser is offered open fields only, and the closer chooses for a farm nobody owns', () => {
    playFile({ ...chickenFarm, henhouses: [], options: { chickens: true }, steps: [
      { ...closeChickens, expect: { pending: 'fox', waitingFor: 'bo', choices: ['Fox to B01 at 0,0 (south-west)', 'Fox to C05 at 1,0 (east)', 'Fox to C05 at 1,0 (south)'], noChoices: ['north-east', 'No'] } },
      { by: 'bo', action: { type: 'pass' }, expect: { code: 'CHOOSE_FIRST', offered: ['Fox to B01 at 0,0 (south-west)'] } },
      { by: 'bo', action: { type: 'decline' }, expect: { code: 'CHOOSE_FIRST' } },
      { by: 'bo', action: { type: 'fox', cell: '1,0', part: 'east' }, expect: { fox: { cell: '1,0', part: 'east' }, pending: null } },
    ] });
  });

  it('R5 with no other open field the fox leaves the map (the channel is told), and re-enters as at first', () => {
    // The fox stands on C15's east part, the one field left open once bo's B77 closes the chickens' field.
    const s = playFile({
      players: ['ana', 'bo'], options: { chickens: true }, map: [{ tile: 'C15', x: 1, y: 0, rot: 3 }], hands: { bo: ['B77'] }, current: 'bo', fox: { cell: '1,0', part: 'east' },
      steps: [{ by: 'bo', action: { type: 'place', tile: 'B77', x: 0, y: 0, rot: 0 }, expect: { events: [{ type: 'scored' }, { type: 'fox', seat: null }], fox: null, pending: null, text: ['the fox leaves the map until the next farm with chickens is scored'] } }],
    });
    expect(s.foxSeen).toBe(false);
    // Off the map, it comes back after the next farm with chickens, placed as the first time.
    playFile({ ...chickenFarm, options: { chickens: true }, fox: null, steps: [{ ...closeChickens, expect: { pending: 'fox', waitingFor: 'cy' } }] });
  });
});

describe('R6 R7 Market', () => {
  it('R6 the 9 market cards are data: demand, glut and fair for cows, sheep and pigs; load fails on a repeat', () => {
    expect(MARKET.map((c) => `${c.kind} ${c.effect}`).sort()).toHaveLength(9);
    const broken = JSON.parse(JSON.stringify(marketData)) as { id: string }[];
    broken[1]!.id = broken[0]!.id;
    expect(() => loadMarket(broken)).toThrow(/repeated/);
  });

  it('R6 demand adds 1 to each female of the kind (3 when single-kind), glut makes them 0 but still a kind', () => {
    expect(animalPoints(['sheep', 'sheep'], 'M2')).toBe(6);
    expect(animalPoints(['sheep', 'cow'], 'M2')).toBe(3);
    expect(animalPoints(['sheep', 'cow'], 'M5')).toBe(1);
  });

  it('R6 a fair gives each owner 3, unsplit; the closer\'s card is untouched', () => {
    const found = explore('ranch', { market: true }, (_before, after, events) => {
      for (const e of events) {
        if (e.type !== 'scored') continue;
        const board = new Board(after.placed);
        const field = board.fieldOf(after.farms[e.farm]!.regions[0]!);
        const animals = animalsIn(board, field);
        if (!animals.includes('pig')) continue;
        const owners = { ...after, henhouses: [0, 1].map((seat) => ({ seat, region: field.regions[0]! })) };
        const fair = valueOf({ ...owners, market: { up: 'M9', deck: [], discards: [], turn: false } }, board, field, 1);
        const plain = valueOf({ ...owners, market: null }, board, field, 1);
        expect(fair.awards.filter((a) => a.why === 'market')).toEqual([{ seat: 0, points: 3, why: 'market' }, { seat: 1, points: 3, why: 'market' }]);
        expect(fair.awards.filter((a) => a.why === 'card')).toEqual(plain.awards.filter((a) => a.why === 'card'));
        return true;
      }
    });
    expect(found).toBe(true);
  });

  it('R7 the next card is turned once at the end of a turn in which a market tile was placed; that turn\'s farms used the old card', () => {
    const found = explore('ranch', { market: true }, (before, after, events) => {
      const placed = events.find((e) => e.type === 'placed' && e.tile.startsWith('K'));
      const turned = events.filter((e) => e.type === 'market');
      if (!placed && before.stage.kind !== 'claim') expect(turned).toEqual([]);
      if (turned.length === 0) return;
      expect(turned).toHaveLength(1);
      const at = events.indexOf(turned[0]!);
      expect(events.slice(at).some((e) => e.type === 'scored')).toBe(false);
      expect(after.market!.discards).toContain(before.market!.up);
      return true;
    }, 30);
    expect(found).toBe(true);
  });
});

describe('R8 R9 Gates', () => {
  it('R1 R8 the 12 gate tiles each have one gate between two regions, placed closed', () => {
    const s = newGame(4, { gates: true });
    const gateTiles = [...s.stack, ...s.hands.flat(), ...s.placed.map((p) => p.id)].filter((id) => id.startsWith('G'));
    expect(gateTiles).toHaveLength(12);
    expect(s.placed.every((p) => !p.gateOpen)).toBe(true);
  });

  it('R8 an open gate joins the fields on both sides into one; closed, it is a fence between adjacent fields', () => {
    const board = (open: boolean) => new Board([{ id: 'G01', x: 0, y: 0, rot: 0, gateOpen: open }]);
    const g = board(false).gate(0)!;
    const [a, b] = g.regions;
    const closed = board(false);
    expect(closed.fieldOf(a!).id).not.toBe(closed.fieldOf(b!).id);
    expect(closed.adjacentFields(closed.fieldOf(a!)).map((f) => f.id)).toContain(closed.fieldOf(b!).id);
    const open = board(true);
    expect(open.fieldOf(a!).id).toBe(open.fieldOf(b!).id);
  });

  it('R9 after placing, the player may toggle one gate next to a field of that tile, not one next to a scored farm; farms it closes are scored', () => {
    let toggles = 0, refusedLocked = 0;
    explore('ranch', { gates: true }, (before, after, events) => {
      if (after.stage.kind === 'gate') {
        const board = new Board(after.placed);
        const options = legalActions(after, after.current).filter((a) => a.type === 'gate');
        const near = new Set(board.def(after.stage.tile).regions.flatMap((_, r) => board.fieldOf(after.stage.kind === 'gate' ? after.stage.tile * 4 + r : 0).regions));
        const scored = new Set(after.farms.flatMap((f) => f.regions));
        for (const a of options) {
          if (a.type !== 'gate') continue;
          const g = board.gate(a.tile)!;
          const sides = [a.tile * 4 + g.regions[0], a.tile * 4 + g.regions[1]];
          expect(sides.some((k) => near.has(k))).toBe(true);
          expect(sides.some((k) => scored.has(k))).toBe(false);
        }
        const locked = after.placed.findIndex((p, i) => p.id.startsWith('G') && (() => { const g = board.gate(i)!; return scored.has(i * 4 + g.regions[0]) || scored.has(i * 4 + g.regions[1]); })());
        if (locked >= 0) {
          const r = play(after, after.current, { type: 'gate', tile: locked });
          expect(r.ok).toBe(false);
          refusedLocked++;
        }
      }
      const toggled = events.find((e) => e.type === 'gate');
      if (toggled?.type === 'gate') {
        toggles++;
        expect(after.placed[toggled.tile]!.gateOpen).toBe(toggled.open);
        expect(before.placed[toggled.tile]!.gateOpen ?? false).toBe(!toggled.open);
      }
      return toggles > 3 && refusedLocked > 0;
    }, 30);
    expect(toggles).toBeGreaterThan(0);
  });
});

describe('R18 Hay Bales', () => {
  it.each([[2, 12], [3, 15], [4, 16], [5, 15], [6, 12]])('R18 at %i players the supply holds %i bales', (players, bales) => {
    expect(newGame(players, { bales: true }).bales?.supply).toBe(bales);
  });

  it('R18 the closer takes the farm\'s bales; then each owner, in seat order from the closer\'s left, puts one from the supply on an adjacent open field', () => {
    playFile({ ...chickenFarm, options: { bales: true }, bales: { on: [{ cell: '0,0', part: 'north-east' }] }, steps: [
      { ...closeChickens, expect: { events: [{ type: 'balesTaken', seat: 'bo', count: 1 }], bales: { held: { bo: 1 }, supply: 14, on: [] }, pending: 'bale', waitingFor: 'cy', choices: ['Bale to B01 at 0,0 (south-west)', 'Bale to C05 at 1,0 (east)', 'Bale to C05 at 1,0 (south)'] } },
      { by: 'cy', action: { type: 'bale', cell: '0,0', part: 'south-west' }, expect: { pending: 'bale', waitingFor: 'ana', bales: { supply: 13, on: [{ cell: '0,0', part: 'south-west' }] } } },
      { by: 'ana', action: { type: 'bale', cell: '1,0', part: 'south' }, expect: { pending: null, bales: { supply: 12, held: { bo: 1, ana: 0, cy: 0 } } } },
    ] });
  });

  it('R18 with only one adjacent open field the bale goes there without a question; with the supply empty none is placed', () => {
    // ana owns the field bo closes with B77; C15's east part is the only open field next to it.
    const one = { players: ['ana', 'bo'], options: { bales: true }, map: [{ tile: 'C15', x: 1, y: 0, rot: 3 }], hands: { bo: ['B77'] }, henhouses: [{ player: 'ana', cell: '1,0', part: 'west' }], current: 'bo' };
    const close = { by: 'bo', action: { type: 'place', tile: 'B77', x: 0, y: 0, rot: 0 } };
    playFile({ ...one, steps: [{ ...close, expect: { events: [{ type: 'scored', owners: ['ana'] }, { type: 'bale', seat: 'ana', cell: '1,0', part: 'east' }], pending: null, bales: { supply: 11 }, text: ['ana drops a hay bale on C15 at 1,0 (east)'] } }] });
    playFile({ ...one, bales: { held: { bo: 12 } }, steps: [{ ...close, expect: { noEvents: ['bale'], pending: null, bales: { supply: 0, on: [] } } }] });
  });

  it('R18 a scored farm\'s bales go to its closer; each owner drops one on an open field next to it; bales score squared at the end', () => {
    let collected = false, dropped = false, final = false;
    explore('ranch', { bales: true }, (before, after, events) => {
      for (const e of events) {
        if (e.type === 'balesTaken') {
          collected = true;
          const scored = events.find((x) => x.type === 'scored');
          expect(scored?.type === 'scored' && scored.closer).toBe(e.seat);
        }
        if (e.type === 'bale') {
          dropped = true;
          expect(new Board(after.placed).fieldOf(e.region).open).toBe(true);
        }
        if (e.type === 'final') {
          final = true;
          for (const a of e.awards) expect(a.points).toBe(after.bales!.held[a.seat]! ** 2);
          void before;
        }
      }
      return collected && dropped && final;
    }, 20);
    expect([collected, dropped, final]).toEqual([true, true, true]);
  });
});
