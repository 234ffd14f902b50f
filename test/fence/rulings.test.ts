// Rulings that read better as code than as scenario files (those are in test/scenarios/),
// and the scenario runner's own guarantees.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../src/platform/requests.ts';
import { setup, fence, view } from '../../src/games/fence/index.ts';
import { cardConservationProblem, loadScenario, runScenario, ScenarioError } from '../../src/games/fence/scenario.ts';
import { runScenario as runAnyScenario } from '../../src/runtime/scenario.ts';
import { onTestMap } from './test-map.ts';

const seats = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, computer: false }));
const ok = (sc: Record<string, unknown>) => {
  const { failures } = runScenario(sc, requestsTo(fence));
  expect(failures).toEqual([]);
};

describe('setup (B1–B4)', () => {
  it('B1 2–8 players; the deck is one red and one blue Ace–6 per player, in two piles', () => {
    for (let n = 2; n <= 8; n++) {
      const s = setup({ seats: seats(n), seed: `b1-${n}` }).state;
      expect(cardConservationProblem(s)).toBeNull();
      const all = [...s.stash.red, ...s.stash.blue, ...s.startCards.flatMap((p) => (p ? [p.red, p.blue] : [])), ...s.hands.flat(), ...s.discard];
      expect(all).toHaveLength(12 * n);
      for (const code of ['R1', 'R6', 'B1', 'B6']) expect(all.filter((c) => c === code)).toHaveLength(n);
      expect(s.stash.red.every((c) => c.startsWith('R'))).toBe(true);
      expect(s.stash.blue.every((c) => c.startsWith('B'))).toBe(true);
    }
    expect(() => setup({ seats: seats(1), seed: 'x' })).toThrow(RangeError);
    expect(() => setup({ seats: seats(9), seed: 'x' })).toThrow(RangeError);
  });

  it('B1 the discard pile is never reshuffled into an empty Stash', () => {
    const sc = JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/B17-empty-pile.json'), 'utf8'));
    const { state, failures } = runScenario(sc, requestsTo(fence));
    expect(failures).toEqual([]);
    expect(state.stash.red.length + state.stash.blue.length).toBe(0);
    expect(state.discard.length).toBeGreaterThan(0);
  });

  it('B2 tiles are dealt round-robin, hand sizes differ by at most one, and everyone sees every tile hand', () => {
    for (let n = 2; n <= 8; n++) {
      const created = setup({ seats: seats(n), seed: `b2-${n}` });
      const placed = created.events.find((e) => e.type === 'tilePlaced');
      const s = created.state;
      // Before anything but Old Town is placed, all 40 tiles are in hands or on the map.
      const sizes = s.tileHands.map((h, i) => h.length + (placed && placed.type === 'tilePlaced' && placed.seat === i ? 1 : 0));
      expect(sizes.reduce((a, b) => a + b, 0)).toBe(40);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      const v = view(s, 'channel');
      v.seats.forEach((seat, i) => expect(seat.tiles).toEqual(s.tileHands[i]));
    }
  });

  it('B3 each player gets a secret red/blue start pair that only they can see', () => {
    const s = setup({ seats: seats(4), seed: 'b3' }).state;
    s.startCards.forEach((p) => {
      expect(p?.red).toMatch(/^R[1-6]$/);
      expect(p?.blue).toMatch(/^B[1-6]$/);
    });
    const channel = JSON.stringify(view(s, 'channel'));
    expect(channel).not.toContain('startCards');
    expect(view(s, 1).me?.startCards).toEqual([s.startCards[1]!.red, s.startCards[1]!.blue]);
    expect(JSON.stringify(view(s, 0))).not.toContain(`"startCards":["${s.startCards[1]!.red}","${s.startCards[1]!.blue}"]`);
  });

  it('B3 B10 the start pair is revealed and discarded when the pawn is placed', () => {
    const s = setup({ seats: seats(3), seed: 'b3-auto', options: { autoBuild: true } }).state;
    expect(s.phase === 'main' || s.phase === 'pawns').toBe(true);
    const placed = s.pawns.filter((p) => p !== null).length;
    expect(s.startCards.filter((p) => p === null).length).toBeGreaterThanOrEqual(placed);
    expect(s.discard.length).toBeGreaterThanOrEqual(2 * placed);
  });

  it('B4 the holder of Old Town places it at the centre, becomes First Player, and the next seat places next', () => {
    for (const seed of ['b4-a', 'b4-b', 'b4-c', 'b4-d']) {
      const { state, events } = setup({ seats: seats(4), seed });
      const first = events[0];
      expect(first).toMatchObject({ type: 'tilePlaced', tile: '1-3', x: 0, y: 0, rot: 0 });
      const holder = (first as { seat: number }).seat;
      expect(state.firstPlayer).toBe(holder);
      expect(state.map[0]).toMatchObject({ key: '1-3', x: 0, y: 0 });
      expect(state.current).toBe((holder + 1) % 4);
    }
  });
});

describe('main phase (code)', () => {
  it('B15 the Cops by road ignore One Way signs; a pushed pawn does not', () => {
    ok(onTestMap({
      pawns: { ana: 'Old Town', bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Goose Green',
      steps: [{ expect: { legal: { ana: {
        includes: [{ type: 'copsRoad', to: 'Downtown' }, { type: 'copsRoad', to: 'The Stix' }],
      } } } },
      { by: 'ana', action: { type: 'copsRoad', to: 'Downtown' }, expect: { cops: 'Downtown' } },
      { by: 'ana', action: { type: 'push', target: 'bo', to: 'Goose Green' } },
      { expect: { legal: { bo: { excludes: [{ type: 'push', target: 'cy', to: 'Downtown' }] } } } }],
    }));
  });

  it('B15 a turn where neither part of Move Others is possible is a pass', () => {
    // The in-play city is Old Town alone (Downtown's outbound-only road faces it): once the
    // pawns are in Jail with the Cops in Old Town there is nothing anyone can move. Ana's pair
    // leads to Old Town, blocked by the Cops for now, so the game is not over for good (B19).
    const { lines, failures } = runScenario({
      name: 'pass', players: ['ana', 'bo', 'cy', 'dee'],
      options: { roundLimit: 1 },
      map: [{ tile: 'Old Town', x: 0, y: 0 }, { tile: 'Downtown', x: 1, y: 0, rot: 2 }],
      pawns: { ana: 'jail', bo: 'jail', cy: 'jail', dee: 'jail' }, cops: 'Old Town',
      hands: { ana: ['R1', 'B3'], bo: ['R2', 'B2'] },
      allowStuckStart: true,
      steps: [{ by: 'dee', action: { type: 'resign' }, expect: {
        events: [{ type: 'passed', seat: 'ana', phase: 'main' }, { type: 'passed', seat: 'bo' }, { type: 'passed', seat: 'cy' }, { type: 'gameOver' }],
        text: ['ana passes: nothing can be moved'],
      } }],
    }, requestsTo(fence));
    expect(failures).toEqual([]);
    expect(lines).toHaveLength(1);
  });

  it('H2 acting resets the timed-out count; a timeout owed on a choice only makes the choice', () => {
    ok(onTestMap({
      pawns: { ana: 'jail', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Old Town',
      hands: { ana: ['R3'] }, timeouts: { ana: 1 },
      steps: [
        { by: 'ana', action: { type: 'copsRoad', to: 'Four Points' }, expect: { timeouts: { ana: 0 }, pending: { kind: 'drawColour', seat: 'ana' } } },
        { by: 'system', action: { type: 'timeout' }, expect: {
          events: [{ type: 'cardDrawn', seat: 'ana', why: 'evidence' }, { type: 'timedOut', seat: 'ana', inARow: 1 }],
          noEvents: ['pushed'], pending: null, waitingFor: 'ana', handSizes: { ana: 2 },
        } },
      ],
    }));
  });
});

describe('the scenario runner', () => {
  it('refuses inconsistent scenarios with a clear message', () => {
    const bad = (fields: Record<string, unknown>, message: RegExp) => expect(() => loadScenario(onTestMap(fields))).toThrow(message);
    bad({ hands: { ana: ['R1', 'R1', 'R1', 'R1'] } }, /one R1 too many/);
    bad({ pawns: { ana: 'Old Town' }, cops: 'Old Town' }, /in the Cops' neighborhood/);
    bad({ pawns: { ana: 'Saltmarsh' } }, /off limits/);
    bad({ pawns: { ana: 'Harbor Point' } }, /not on the map/);
    bad({ pawns: { zed: 'Old Town' } }, /no player is called "zed"/);
    bad({ stash: { red: ['B1'] } }, /not a red card/);
    bad({ tileHands: { ana: ['Old Town'] } }, /already on the map/);
    bad({ map: [{ tile: 'Sunnyside', x: 0, y: 0 }] }, /Old Town/);
    bad({ map: [{ tile: 'Old Town', x: 0, y: 0 }, { tile: 'Brickfields', x: -1, y: 0, rot: 2 }] }, /do not fit/);
    bad({ extra: 1 }, /invalid scenario/);
    expect(() => loadScenario('{ not json')).toThrow(ScenarioError);
    expect(() => loadScenario({ name: 'x', players: ['a', 'b'], hands: { a: ['R1'] } })).toThrow(/only allowed with a fixed "map"/);
  });

  it('puts every unlisted card in the Stash below the listed ones, in a seeded order', () => {
    const a = loadScenario(onTestMap({ stash: { red: ['R6', 'R5'] }, seed: 's1' }));
    const b = loadScenario(onTestMap({ stash: { red: ['R6', 'R5'] }, seed: 's1' }));
    const c = loadScenario(onTestMap({ stash: { red: ['R6', 'R5'] }, seed: 's2' }));
    expect(cardConservationProblem(a)).toBeNull();
    expect(a.stash.red.slice(-2)).toEqual(['R5', 'R6']);
    expect(a.stash.red).toHaveLength(18);
    expect(a.stash).toEqual(b.stash);
    expect(c.stash).not.toEqual(a.stash);
  });

  it('reports a refused step as a failure unless a refusal is expected', () => {
    const { failures } = runScenario(onTestMap({
      pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Goose Green',
      steps: [{ by: 'ana', action: { type: 'copsRoad', to: 'Saltmarsh' } }, { by: 'bo', action: { type: 'copsRoad', to: 'The Stix' }, expect: { ok: false } }],
    }), requestsTo(fence));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^step 1: the action was refused: OFF_LIMITS/);
  });

  it('the example in docs/scenarios.md runs green', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/scenarios.md'), 'utf8');
    const blocks = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!);
    const example = blocks.at(-1)!;
    expect(runScenario(example, requestsTo(fence)).failures).toEqual([]);
  });

  it('npm run scenario prints one line per step and the channel view, and exits 0 / 1 / 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenario-'));
    const good = join(dir, 'good.json');
    const failing = join(dir, 'failing.json');
    const invalid = join(dir, 'invalid.json');
    const base = onTestMap({ pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Goose Green' });
    writeFileSync(good, JSON.stringify({ ...base, steps: [{ by: 'ana', action: { type: 'copsRoad', to: 'The Stix' } }] }));
    writeFileSync(failing, JSON.stringify({ ...base, steps: [{ by: 'ana', action: { type: 'copsRoad', to: 'The Stix' }, expect: { cops: 'Downtown' } }] }));
    writeFileSync(invalid, JSON.stringify({ ...base, players: ['solo'] }));
    const run = (file: string) => spawnSync(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '../../src/cli/scenario.ts'), file], { encoding: 'utf8' });
    const g = run(good);
    expect(g.status).toBe(0);
    const lines = g.stdout.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ step: 1, by: 'ana', ok: true });
    expect(lines[1].view.viewer).toBe('channel');
    const f = run(failing);
    expect(f.status).toBe(1);
    expect(f.stderr).toMatch(/step 1: the Cops are at 6-4\/0, expected 4-5\/0/);
    const i = run(invalid);
    expect(i.status).toBe(2);
    expect(i.stderr).toMatch(/players/);
  });
  it('npm run scenario numbers its steps as docs/scenarios.md shows: the example runs as printed there, and an invalid step is named by its number', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/scenarios.md'), 'utf8');
    const example = [...doc.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => m[1]!).at(-1)!;
    const shown = /The first output lines[^\n]*\n\n```\n([\s\S]*?)```/.exec(doc)![1]!.trim().split('\n');
    // The example as `npm run scenario` reads it (the platform's runner, which needs "game").
    const { lines, failures } = runAnyScenario(example);
    expect(failures).toEqual([]);
    expect(shown.length).toBeGreaterThan(2);
    shown.forEach((line, k) => {
      // What the page shows, up to where it leaves the rest out ("…"), is how the line begins.
      const printed = JSON.stringify(lines[k]);
      expect(printed.startsWith(line.split('…')[0]!.replace(/, $/, '')), `${printed}\n  is shown as\n${line}`).toBe(true);
      expect(lines[k]).toMatchObject({ step: k + 1 });
    });
    const steps = [{ expect: { cops: 'Goose Green' } }, { expect: { cops: 'Goose Green' } }, { expect: { handz: {} } }];
    const invalid = () => loadScenario(onTestMap({ pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Goose Green', steps }));
    expect(invalid).toThrow(/step 3: expect: Unrecognized key: "handz"/);
    expect(invalid).not.toThrow(/steps\.2/);
  });
});
