// Cell names: fixed relative to Old Town from the first tile, the same in suggestions, alt text and on the picture.
import { describe, expect, it } from 'vitest';
import { actionLabel, play, cellName, computerAction, setup, eventText, view, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { mapAlt } from '../../src/games/fence/alt.ts';

const seats = ['Ann', 'Bob', 'Cara'].map((name) => ({ name, computer: true }));

describe('cell names', () => {
  it('B4 Old Town is M13 and its neighbours are named from it', () => {
    const s = setup({ seats, seed: 'names' }).state;
    const ot = s.map.find((p) => p.key === s.oldTown)!;
    expect(cellName(s, ot.x, ot.y)).toBe('M13');
    expect(cellName(s, ot.x + 1, ot.y - 1)).toBe('N12');
    expect(cellName(s, ot.x - 12, ot.y + 13)).toBe('A26');
  });

  it('a placed tile keeps the name its suggestion gave it while the whole map is built, unless the map passes column A or row 1: then every name moves by a whole alphabet, and the post says so', () => {
    let moved = 0;
    for (const seed of ['names-grow', 'names-grow-2', 'names-grow-3']) {
      let s: FenceState = setup({ seats, seed }).state;
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
          expect(mapAlt(view(s, 'channel'))).toContain(cellName(s, a.x, a.y));
        }
        const before = s;
        const r = play(s, seat, a);
        if (!r.ok) throw new Error(r.message);
        s = r.state;
        const told = r.events.map((e) => eventText(s, e) ?? '').join(' ');
        const ot = s.map.find((p) => p.key === s.oldTown)!;
        if (cellName(s, ot.x, ot.y) !== cellName(before, ot.x, ot.y)) {
          moved++;
          expect(told).toMatch(/The map reaches past (column A|row 1)/);
          expect(told).toContain(`Old Town is now ${cellName(s, ot.x, ot.y)}`);
          // Each name by a whole alphabet: AM for M, or row 39 for 13.
          expect(['AM13', 'M39', 'AM39']).toContain(cellName(s, ot.x, ot.y));
          for (const n of named) n.label = n.label.replace(/ at [A-Z]+\d+/, ` at ${cellName(s, n.x, n.y)}`);
        } else expect(told).not.toMatch(/The map reaches past/);
        for (const n of named) expect(n.label).toContain(` at ${cellName(s, n.x, n.y)}`);
        const xs = s.map.map((p) => p.x);
        extent = Math.max(extent, Math.max(...xs) - Math.min(...xs));
      }
      expect(named.length).toBeGreaterThan(20);
      // The map grew both ways from Old Town, the case where names counted from its edge shifted.
      expect(Math.min(...s.map.map((p) => p.x))).toBeLessThan(0);
      expect(extent).toBeGreaterThan(3);
    }
    expect(moved).toBeGreaterThan(0);
  });

  it('a map that grows past column A or row 1 moves every name on by a whole alphabet: names read west to east and north to south, unique, typeable', () => {
    const tile = (x: number, y: number) => ({ key: x === 0 && y === 0 ? '1-3' : `t${x},${y}`, x, y, rot: 0 });
    // Old Town, then a line of 40 tiles west and one of 30 north (no real map is this long).
    const line = [tile(0, 0), ...Array.from({ length: 40 }, (_, k) => tile(-1 - k, 0)), ...Array.from({ length: 30 }, (_, k) => tile(0, -1 - k))];
    const city = { map: line, oldTown: '1-3' };
    const names = new Set<string>();
    const columns: string[] = [];
    for (let x = -41; x <= 1; x++) {
      const name = cellName(city, x, 0);
      expect(name).toMatch(/^[A-Z]{1,2}\d{1,3}$/);
      names.add(name);
      columns.push(name.replace(/\d+$/, ''));
    }
    expect(names.size).toBe(43);
    // Spreadsheet order, west to east: A … Z, AA, AB …
    const index = (c: string) => [...c].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0);
    for (let k = 1; k < columns.length; k++) expect(index(columns[k]!)).toBe(index(columns[k - 1]!) + 1);
    const rows = Array.from({ length: 32 }, (_, k) => Number(cellName(city, 0, -31 + k).replace(/^[A-Z]+/, '')));
    expect(rows[0]).toBeGreaterThanOrEqual(1);
    expect(rows).toEqual(rows.map((_, k) => rows[0]! + k));
    // Only a map that reaches past A and 1 moves them: Old Town is M13 until then.
    expect(cellName({ map: line.slice(0, 12), oldTown: '1-3' }, 0, 0)).toBe('M13');
    expect(cellName({ map: line.slice(0, 13), oldTown: '1-3' }, 0, 0)).toBe('AM13');
  });
});
