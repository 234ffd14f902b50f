// The board data (assets/kimbo/board.json) and the properties G1–G6 ask of it, proven on the data.
import { describe, expect, it } from 'vitest';
import boardJson from '../../assets/kimbo/board.json' with { type: 'json' };
import { BOARD, cellsOf, edgeOf, HOME, loadBoard, nameOfEdge, nameOfSquare, neighbour, parseEdge, parseSquare, squareAt, xOf, yOf, type Direction } from '../../src/games/kimbo/board.ts';
import { setup, positionOf } from '../../src/games/kimbo/engine.ts';
import { rollResults } from '../../src/games/kimbo/moves.ts';

const DIRS: Direction[] = [0, 1, 2, 3];
const rot = (sq: number) => squareAt(14 - yOf(sq), xOf(sq));
const rotEdge = (e: number) => {
  const [a, b] = cellsOf(e);
  return parseEdge(`${nameOfSquare(rot(a))}|${nameOfSquare(rot(b))}`)!;
};
const cell = (name: string) => {
  const m = /^([A-O])(\d+)$/.exec(name)!;
  return squareAt('ABCDEFGHIJKLMNO'.indexOf(m[1]!), Number(m[2]) - 1);
};
const inHome = (sq: number) => xOf(sq) >= 6 && xOf(sq) <= 8 && yOf(sq) >= 6 && yOf(sq) <= 8;
const started = (n: number) => setup({ seats: Array.from({ length: n }, (_, i) => ({ name: `P${i}`, computer: true })), seed: 'board', options: { roundLimit: 200 } }).state;

describe('the board as data (G1–G6)', () => {
  it('G1 the board is read from assets and refused at load when the data is wrong', () => {
    expect(() => loadBoard(boardJson)).not.toThrow();
    const onEntrance = structuredClone(boardJson);
    onEntrance.blackLines.push('G6|H6');
    expect(() => loadBoard(onEntrance)).toThrow(/entrance square H6 has a black line on G6\|H6/);
    const badName = structuredClone(boardJson);
    badName.blackLines.push('Z9|Z10');
    expect(() => loadBoard(badName)).toThrow();
    const notNeighbours = structuredClone(boardJson);
    notNeighbours.sides[0]!.triangles[0] = 'A1|C1';
    expect(() => loadBoard(notNeighbours)).toThrow(/not an edge between two neighbouring squares/);
  });

  it('G1 squares are named A–O west to east and 1–15 north to south, edges as G6|G7', () => {
    expect(nameOfSquare(0)).toBe('A1');
    expect(nameOfSquare(224)).toBe('O15');
    expect(parseSquare('h10')).toBe(cell('H10'));
    expect(parseSquare('H8')).toBe(HOME);
    expect(nameOfEdge(parseEdge('G7|G6')!)).toBe('G6|G7');
    expect(parseEdge('A1|C1')).toBeNull();
  });

  it('G2 HOME is G7–I9, one space; of its 12 boundary edges the middle ones are the entrances, the rest black lines', () => {
    expect(BOARD.squares).toHaveLength(216);
    const boundary: number[] = [];
    for (const sq of BOARD.squares) for (const d of DIRS) if (neighbour(sq, d) === HOME) boundary.push(edgeOf(sq, d));
    expect(boundary).toHaveLength(12);
    const entrances = boundary.filter((e) => BOARD.edgeKind[e] === 'entrance').map(nameOfEdge).sort();
    expect(entrances).toEqual(['F8|G8', 'H6|H7', 'H9|H10', 'I8|J8']);
    expect(boundary.filter((e) => BOARD.edgeKind[e] === 'black')).toHaveLength(8);
    expect(BOARD.entrances.map((e) => nameOfSquare(e.square))).toEqual(['H6', 'J8', 'H10', 'F8']);
    expect(BOARD.slots.some((e) => BOARD.edgeKind[e] === 'entrance')).toBe(false);
  });

  it('G3 every other edge is a slot unless printed; the entrance squares\' three other edges are slots', () => {
    for (const ent of BOARD.entrances) {
      expect(ent.slots).toHaveLength(3);
      for (const e of ent.slots) expect(BOARD.edgeKind[e]).toBe('slot');
    }
    const printed = BOARD.edgeKind.filter((k) => k === 'black').length;
    expect(BOARD.slots.length + printed + 4 + 12).toBe(420);
  });

  it('G4 the start squares are the corners, each in a 2×2 block walled on its inner sides but for one exit on each', () => {
    expect(BOARD.starts.map(nameOfSquare)).toEqual(['A1', 'O1', 'O15', 'A15']);
    for (const start of BOARD.data.starts) {
      const block = new Set(start.block.map(cell));
      const inner: number[] = [];
      for (const sq of block) for (const d of DIRS) {
        const n = neighbour(sq, d);
        if (n >= 0 && !block.has(n)) inner.push(edgeOf(sq, d));
      }
      expect(inner).toHaveLength(4);
      expect(inner.filter((e) => BOARD.edgeKind[e] === 'slot').map(nameOfEdge).sort()).toEqual([...start.exits].sort());
      expect(inner.filter((e) => BOARD.edgeKind[e] === 'black')).toHaveLength(2);
    }
  });

  it('G5 six triangle slots per side, both squares nearer that side than any other, none at an entrance or a start exit', () => {
    const exits = new Set(BOARD.data.starts.flatMap((s) => s.exits.map((x) => parseEdge(x)!)));
    const entranceEdges = new Set(BOARD.entrances.flatMap((e) => e.slots));
    const distance = (sq: number) => [yOf(sq), 14 - xOf(sq), 14 - yOf(sq), xOf(sq)];
    BOARD.triangles.forEach((slots, side) => {
      expect(new Set(slots).size).toBe(6);
      for (const e of slots) {
        expect(BOARD.edgeKind[e]).toBe('slot');
        expect(exits.has(e) || entranceEdges.has(e)).toBe(false);
        for (const sq of cellsOf(e)) {
          const d = distance(sq);
          for (let other = 0; other < 4; other++) if (other !== side) expect(d[side]!).toBeLessThan(d[other]!);
        }
      }
    });
  });

  it('G6(a) a quarter turn clockwise maps lines, start areas and entrances onto themselves and each side\'s triangles onto the next side\'s', () => {
    const black = BOARD.edgeKind.map((k, e) => (k === 'black' ? e : -1)).filter((e) => e >= 0);
    expect(new Set(black.map(rotEdge))).toEqual(new Set(black));
    const entrances = BOARD.entrances.map((e) => e.edge);
    expect(new Set(entrances.map(rotEdge))).toEqual(new Set(entrances));
    expect(new Set(BOARD.starts.map(rot))).toEqual(new Set(BOARD.starts));
    const exits = BOARD.data.starts.flatMap((s) => s.exits.map((x) => parseEdge(x)!));
    expect(new Set(exits.map(rotEdge))).toEqual(new Set(exits));
    for (let side = 0; side < 4; side++) expect(new Set(BOARD.triangles[side]!.map(rotEdge))).toEqual(new Set(BOARD.triangles[(side + 1) % 4]!));
  });

  it('G6(b) no square has more than two printed walls (border and black lines)', () => {
    for (const sq of BOARD.squares) {
      const walls = DIRS.filter((d) => {
        const e = edgeOf(sq, d);
        return e < 0 || BOARD.edgeKind[e] === 'black';
      });
      expect(walls.length, nameOfSquare(sq)).toBeLessThanOrEqual(2);
    }
  });

  it('G6(c) 24–64 black lines besides HOME\'s and the start areas\'', () => {
    expect(BOARD.extraLines.length).toBeGreaterThanOrEqual(24);
    expect(BOARD.extraLines.length).toBeLessThanOrEqual(64);
  });

  it('G6(d) the 216 squares are connected through vacant slots, after every setup but for blocked entrance squares', () => {
    for (const n of [0, 2, 3, 4]) {
      const fenced = n === 0 ? new Set<number>() : positionOf(started(n)).fenced;
      const blocked = new Set(n === 0 ? [] : BOARD.entrances.filter((e) => e.slots.every((x) => fenced.has(x))).map((e) => e.square));
      expect(blocked.size).toBe(n === 0 ? 0 : 4 - n);
      const start = BOARD.squares.find((sq) => !blocked.has(sq))!;
      const seen = new Set([start]);
      const queue = [start];
      while (queue.length) {
        const sq = queue.pop()!;
        for (const d of DIRS) {
          const e = edgeOf(sq, d);
          const next = neighbour(sq, d);
          if (e < 0 || next < 0 || BOARD.edgeKind[e] !== 'slot' || fenced.has(e) || seen.has(next)) continue;
          seen.add(next);
          queue.push(next);
        }
      }
      expect(seen.size, `${n} players`).toBe(216 - blocked.size);
      expect([...seen].some(inHome)).toBe(false);
    }
  });

  it('G6(e) at setup every seat can use both dice for each of the 36 rolls (2, 3 and 4 players)', () => {
    for (const n of [2, 3, 4]) {
      const s = started(n);
      for (let seat = 0; seat < n; seat++) {
        for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) {
          const results = rollResults(positionOf(s), seat, [a, b]);
          expect(results.some((r) => r.unused === null && r.moves.reduce((t, m) => t + m.dice.length, 0) === 2), `${n} players, seat ${seat}, roll ${a}+${b}`).toBe(true);
        }
      }
    }
  });
});
