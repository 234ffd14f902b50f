// Cell names: fixed relative to Old Town from the first tile, the same in suggestions, alt text and on the picture.
import { describe, expect, it } from 'vitest';
import { actionLabel, applyAction, cellName, computerAction, createGame, viewFor, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { mapAlt } from '../../src/games/fence/alt.ts';

const seats = ['Ann', 'Bob', 'Cara'].map((name) => ({ name, computer: true }));

describe('cell names', () => {
  it('B4 Old Town is M13 and its neighbours are named from it', () => {
    const s = createGame({ seats, seed: 'names' }).state;
    const ot = s.map.find((p) => p.key === s.oldTown)!;
    expect(cellName(s, ot.x, ot.y)).toBe('M13');
    expect(cellName(s, ot.x + 1, ot.y - 1)).toBe('N12');
    expect(cellName(s, ot.x - 12, ot.y + 13)).toBe('A26');
  });

  it('a placed tile keeps the name its suggestion gave it while the whole map is built', () => {
    let s: FenceState = createGame({ seats, seed: 'names-grow' }).state;
    const named: { x: number; y: number; label: string }[] = [];
    let extent = 0;
    for (let i = 0; i < 400 && s.phase === 'building'; i++) {
      const seat = whoMustAct(s);
      if (seat === null) break;
      const a = computerAction(s, seat, 'random')!;
      if (a.type === 'place') {
        const label = actionLabel(s, a);
        named.push({ x: a.x, y: a.y, label });
        // The suggestion's cell, as the picture's highlight for that cell draws it.
        expect(label).toContain(` at ${cellName(s, a.x, a.y)}`);
        expect(mapAlt(viewFor(s, 'channel'))).toContain(cellName(s, a.x, a.y));
      }
      const r = applyAction(s, seat, a);
      if (!r.ok) throw new Error(r.message);
      s = r.state;
      for (const n of named) expect(n.label).toContain(` at ${cellName(s, n.x, n.y)}`);
      const xs = s.map.map((p) => p.x);
      extent = Math.max(extent, Math.max(...xs) - Math.min(...xs));
    }
    expect(named.length).toBeGreaterThan(20);
    // The map grew both ways from Old Town, the case where names counted from its edge shifted.
    expect(Math.min(...s.map.map((p) => p.x))).toBeLessThan(0);
    expect(extent).toBeGreaterThan(3);
  });

  it('names stay unique far beyond A–Z and 1–26 in every direction', () => {
    const city = { map: [], oldTown: 'none' };
    const seen = new Set<string>();
    for (let x = -90; x <= 90; x++) for (let y = -90; y <= 90; y += 15) seen.add(cellName(city, x, y));
    expect(seen.size).toBe(181 * 13);
    expect(cellName(city, -13, -13)).toBe('ZZ999');
  });
});
