// What Fences players read, as the testers of issue 29 met it: the score line after the fox's
// meal, the Market named, males never said doubled, Winter named, refusals that name the choices
// (a locked gate, the fox and the horse, a field someone owns when you hold a sharecropper
// token), no henhouse question without a henhouse, and the picture's legend.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { mapLayout } from '../../src/games/farm/draw/index.ts';
import { play } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { MapPictureView } from '../../src/games/farm/pictures.ts';
import { wholeMap } from '../../src/games/farm/posts.ts';
import { runScenario as runFile } from '../../src/games/farm/scenario.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { eventText } from '../../src/games/farm/words.ts';
import { requestsTo } from '../../src/platform/requests.ts';

/** A scenario file played through the platform's requests, as the bot plays it. */
const runScenario = (json: unknown) => runFile(json, requestsTo(farm));

/** Plays a position written as a scenario (with no expectations of its own) and returns the state and the lines. */
function position(file: Record<string, unknown>): { state: FarmState; lines: { ok?: boolean; message?: string; legal?: string[]; text?: string[] }[] } {
  const r = runScenario({ game: 'farm', name: 'words', seed: 'words', steps: [], ...file });
  expect(r.failures).toEqual([]);
  return { state: r.state, lines: r.lines as { ok?: boolean; message?: string; legal?: string[]; text?: string[] }[] };
}

/** The channel's lines of one accepted action. */
function said(s: FarmState, actor: number, action: unknown): string[] {
  const r = play(s, actor, action);
  if (!r.ok) expect.fail(`refused: ${r.code} ${r.message}`);
  return r.events.map((e) => eventText(r.state, e)).filter((t): t is string => t !== null);
}

/** bo (seat 1) places C05 east of B01 and closes B01's north-east part: 3 cows and 2 chickens; B01's south-west part and C05's other parts stay open. */
const chickenFarm = {
  players: ['ana', 'bo', 'cy'],
  map: [{ tile: 'B01', x: 0, y: 0 }],
  hands: { bo: ['C05'] },
  farmers: { ana: 'FP01', bo: 'FP01', cy: 'FP01' },
  current: 'bo',
};
const closeChickens = { type: 'place', tile: 'C05', x: 1, y: 0, rot: 0 };

describe('the score line', () => {
  it('R4 the fox eats the chickens before the farm scores, and the channel hears it in that order', () => {
    const { state } = position({ ...chickenFarm, options: { chickens: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 0 }], fox: { cell: '0,0', part: 0 } });
    const lines = said(state, 1, closeChickens);
    const ate = lines.findIndex((l) => l.includes('The fox eats 2 chickens'));
    const scored = lines.findIndex((l) => l.includes('Farm 1 is closed'));
    expect(ate).toBeGreaterThanOrEqual(0);
    expect(scored).toBeGreaterThan(ate);
    // What is left, 3 cows, is told as it scores: one kind, doubled.
    expect(lines[scored]).toContain('3 animals, all cows: 2 points each');
  });

  it('R6 the market card that changed the animals is named: cows in demand, a cow glut', () => {
    const owned = { ...chickenFarm, options: { market: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 0 }] };
    const demand = said(position({ ...owned, market: 'M1' }).state, 1, closeChickens).join('\n');
    expect(demand).toMatch(/cows in demand: 2 points each/);
    expect(demand).toContain('ana +8 for the animals');
    const glut = said(position({ ...owned, market: 'M4' }).state, 1, closeChickens).join('\n');
    expect(glut).toMatch(/a cow glut: cows score nothing/);
    expect(glut).toContain('ana +2 for the animals');
    // A card about a kind the farm does not hold changes nothing there, and is not said.
    expect(said(position({ ...owned, market: 'M2' }).state, 1, closeChickens).join('\n')).not.toMatch(/demand|glut/);
  });

  it('R3 a farm of one kind with a ram is not said to double the ram: the ram scores 1 per ewe', () => {
    const step = runScenario(JSON.parse(readScenario('farm-R3-ram-worth-4-farm-scores-12.json'))).lines[0] as { text: string[] };
    const line = step.text.find((l) => l.includes('is closed'))!;
    expect(line).toContain('all sheep: 2 points each; the ram scores 1 per ewe, never doubled');
    expect(line).not.toMatch(/double points/);
  });

  it('S10 Winter scoring names Winter: the closer of a farm nobody owns scores its animals', () => {
    const { state } = position({ ...chickenFarm, options: { seasons: true } });
    const winter: FarmState = { ...state, seasons: { ...state.seasons!, up: 'winter', skip: [] } };
    const line = said(winter, 1, closeChickens).find((l) => l.includes('is closed'))!;
    expect(line).toContain('bo +5 for the animals (Winter');
  });
});

describe('refusals name what would be legal', () => {
  it('R9 a gate beside a scored farm is refused as locked, not as "no gate to move now"', () => {
    // bo closes the field on G01's gate with B01: the farm is scored, and its gate is locked for good.
    const { state } = position({ players: ['ana', 'bo'], options: { gates: true }, map: [{ tile: 'G01', x: 0, y: 0 }], hands: { bo: ['B01', 'B02'] }, current: 'bo' });
    let s = state;
    for (const action of [{ type: 'place', tile: 'B01', x: 1, y: 0, rot: 0 }, { type: 'keepGates' }]) {
      const r = play(s, 1, action);
      if (!r.ok) expect.fail(r.message);
      s = r.state;
    }
    expect(s.farms).toHaveLength(1);
    const r = play(s, s.pending[0]?.seat ?? s.current, { type: 'gate', tile: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/locked: it borders a scored farm/);
      expect(r.message).not.toMatch(/no gate to move now/);
    }
  });

  it('R5 a wrong field for the fox is refused with the fields it may go to, by name', () => {
    const { state } = position({ ...chickenFarm, options: { chickens: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 0 }] });
    const after = play(state, 1, closeChickens);
    if (!after.ok) expect.fail(after.message);
    const owed = after.state.pending[0]!;
    expect(owed.kind).toBe('fox');
    const r = play(after.state, owed.seat, { type: 'fox', region: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.code).toBe('BAD_FIELD');
      expect(r.legal.length).toBeGreaterThan(1);
      for (const l of r.legal) expect(l).toMatch(/^Fox to (B01|C05) at -?\d+,-?\d+ \(/);
      expect(r.legal).not.toContain('a field button');
    }
  });

  it('R13 a wrong field for the horse is refused with the fields it may jump to, by name', () => {
    const { lines } = position(JSON.parse(readScenario('farm-R15-horse-5-and-5.json')));
    const refused = lines.find((l) => l.ok === false)!;
    expect(refused.legal!.length).toBeGreaterThan(0);
    for (const l of refused.legal!) expect(l).toMatch(/^Horse to B(28|42) at \d,4 \(/);
    expect(refused.message).toMatch(/never straight back/);
  });

  it('R19 a henhouse refused in a field someone owns says the sharecropper token the player holds would let it share', () => {
    // ana owns B01's north-east field; bo's B05 extends it.
    const { state } = position({ players: ['ana', 'bo'], options: { sharecroppers: true }, map: [{ tile: 'B01', x: 0, y: 0 }], hands: { bo: ['B05'] }, henhouses: [{ player: 'ana', cell: '0,0', part: 0 }], current: 'bo' });
    const placed = play(state, 1, { type: 'place', tile: 'B05', x: 1, y: 0, rot: 0 });
    if (!placed.ok) expect.fail(placed.message);
    const r = play(placed.state, 1, { type: 'claim', region: 5 });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.message).toMatch(/already has a henhouse \(ana's\)/);
      expect(r.message).toMatch(/You hold a sharecropper token/);
      expect(r.message).toContain('Sharecropper + henhouse: B05 at 1,0');
    }
  });
});

describe('questions', () => {
  it('F9 a player with no henhouse left is not asked where to put one: the horse alone is offered, and doing nothing', () => {
    // bo's four henhouses are all out; the horse may still be moved instead (R14).
    const four = [0, 1, 2, 3].map(() => ({ player: 'bo', cell: '0,0', part: 1 }));
    const { state } = position({ players: ['ana', 'bo'], options: { horse: true }, map: [{ tile: 'B01', x: 0, y: 0 }], hands: { bo: ['B05', 'B02'] }, henhouses: four, horse: { cell: '0,0', part: 1 }, current: 'bo' });
    const placed = play(state, 1, { type: 'place', tile: 'B05', x: 1, y: 0, rot: 0 });
    if (!placed.ok) expect.fail(placed.message);
    expect(placed.state.stage.kind).toBe('claim');
    const p = farm.words.prompt(placed.state, 1);
    expect(p.text).not.toMatch(/place a henhouse|henhouse on the tile/);
    expect(p.text).toMatch(/move the horse, or do nothing \(you have no henhouse left\)/);
    expect(p.buttons.map((b) => b.label)).not.toContain('No henhouse');
    expect(p.buttons.some((b) => b.label.startsWith('Horse to'))).toBe(true);
  });
});

describe('the picture legend', () => {
  it('names chickens as the option does (H chicken), the market tiles ($) and the hatching of scored farms', () => {
    const { state } = position({ ...chickenFarm, options: { chickens: true, market: true }, henhouses: [{ player: 'ana', cell: '0,0', part: 0 }] });
    const after = play(state, 1, closeChickens);
    if (!after.ok) expect.fail(after.message);
    const pv = wholeMap(after.state).view as MapPictureView;
    const text = mapLayout(pv).lines.map((l) => l.text).join('\n');
    expect(text).toContain('H chicken');
    expect(text).not.toMatch(/H hen\b/);
    expect(text).toContain('$ market tile');
    expect(text).toMatch(/▨ hatched: farm scored/);
  });
});

function readScenario(name: string): string {
  return readFileSync(join(import.meta.dirname, '../scenarios', name), 'utf8');
}
