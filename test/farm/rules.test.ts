// The base game's rulings, F1–F16 (F3, F4 and F13's data are in components.test.ts).
import { describe, expect, it } from 'vitest';
import { Board, regionKey } from '../../src/games/farm/board.ts';
import { play, baseTileCount, claimOptions, gainsIf, legalActions, randomChoice, simpleChoice } from '../../src/games/farm/engine.ts';
import { cardPoints, FARMERS, meets } from '../../src/games/farm/farmers.ts';
import { valueOf } from '../../src/games/farm/scoring.ts';
import { TILES, fencesTurned, facing, tileById } from '../../src/games/farm/tiles.ts';
import { view } from '../../src/games/farm/views.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import type { Action } from '../../src/games/farm/actions.ts';
import { greedyGame } from './greedy.ts';
import { newGame, ok } from './helpers.ts';

const base = TILES.filter((t) => t.set === 'base');

/** A game whose map is just `start` at 0,0 and whose current player holds `hand`. */
function withMap(start: string, hand: string[], players = 2): FarmState {
  const s = newGame(players);
  const all = new Set([start, ...hand]);
  s.placed = [{ id: start, x: 0, y: 0, rot: 0, by: null }];
  s.hands = s.hands.map((h, i) => (i === s.current ? [...hand] : h.filter((t) => !all.has(t))));
  s.stack = s.stack.filter((t) => !all.has(t));
  return s;
}

describe('F1 F2 tiles, fit and fields', () => {
  it('F1 a tile fits only when every facing half-side pair is fence–fence or open–open; the refusal names the side', () => {
    const start = base[0]!;
    const other = base.find((t) => t.id !== start.id && [0, 1, 2, 3].some((r) => fencesTurned(t, r)[6] !== fencesTurned(start, 0)[3] || fencesTurned(t, r)[7] !== fencesTurned(start, 0)[2]))!;
    const s = withMap(start.id, [other.id, base[5]!.id]);
    for (let rot = 0; rot < 4; rot++) {
      const fits = fencesTurned(other, rot)[7] === fencesTurned(start, 0)[2] && fencesTurned(other, rot)[6] === fencesTurned(start, 0)[3];
      const r = play(s, s.current, { type: 'place', tile: other.id, x: 1, y: 0, rot });
      expect(r.ok, `turn ${rot}`).toBe(fits);
      if (!r.ok) expect(r.message).toMatch(/half of its west side must match the tile at 0,0/);
    }
  });

  it('F2 regions joined through facing open half-sides form one field; a field is closed when no open half-side faces an empty cell', () => {
    const { state } = greedyGame(3, 2);
    const board = new Board(state.placed);
    for (const [i, p] of state.placed.entries()) {
      for (let h = 0; h < 8; h++) {
        const [dx, dy] = [[0, -1], [1, 0], [0, 1], [-1, 0]][Math.floor(h / 2)]!;
        const j = board.at(p.x + dx!, p.y + dy!);
        const key = regionKey(i, board.regionAt(i, h));
        if (j === undefined) {
          if (!board.fenced(i, h)) expect(board.fieldOf(key).open).toBe(true);
          else expect(board.fieldOf(key).edge).toBe(true);
        } else {
          expect(board.fenced(i, h)).toBe(board.fenced(j, facing(h)));
          const same = board.fieldOf(key).id === board.fieldOf(regionKey(j, board.regionAt(j, facing(h)))).id;
          if (!board.fenced(i, h)) expect(same).toBe(true);
        }
      }
    }
    for (const f of board.fields()) if (!f.open) for (const k of f.regions) expect(board.fieldOf(k).open).toBe(false);
  });

  it('F2 fields are adjacent across a fence between tiles or inside a tile', () => {
    const { state } = greedyGame(4, 2);
    const board = new Board(state.placed);
    const split = state.placed.findIndex((p) => tileById(p.id).segments.length > 0);
    const seg = board.def(split).segments[0]!;
    const a = board.fieldOf(regionKey(split, seg.between[0]));
    const b = board.fieldOf(regionKey(split, seg.between[1]));
    if (a.id !== b.id) expect(board.adjacentFields(a).map((f) => f.id)).toContain(b.id);
  });
});

describe('F5 F6 setup and secrets', () => {
  it.each([[2, 56], [3, 70], [4, 84], [5, 84], [6, 84]])('F5 at %i players %i tiles are in play, everyone has 4 henhouses, 0 points, a farmer card and 2 tiles', (players, tiles) => {
    const s = newGame(players);
    expect(baseTileCount(players)).toBe(tiles);
    expect(s.stack.length + s.hands.flat().length + s.placed.length + s.discarded.length).toBe(tiles);
    expect(s.placed).toEqual([{ id: expect.any(String), x: 0, y: 0, rot: 0, by: null }]);
    expect(s.hands.every((h) => h.length === 2)).toBe(true);
    expect(s.scores.every((x) => x === 0)).toBe(true);
    expect(new Set(s.farmers).size).toBe(players);
    expect(s.henhouses).toEqual([]);
    expect(view(s, 'channel').henhousesLeft).toEqual(new Array(players).fill(4));
  });

  it('F5 the first player is drawn at random', () => {
    const firsts = new Set(Array.from({ length: 30 }, (_, i) => newGame(4, {}, `seed-${i}`).first));
    expect(firsts.size).toBeGreaterThan(2);
  });

  it('F6 the channel sees no hand and the stack only as a count; a seat sees its own hand only', () => {
    const s = newGame(3);
    const channel = JSON.stringify(view(s, 'channel'));
    for (const id of [...s.hands.flat(), ...s.stack]) expect(channel).not.toContain(`"${id}"`);
    const mine = view(s, 1);
    expect(mine.hand?.map((t) => t.id)).toEqual(s.hands[1]);
    const others = JSON.stringify({ ...mine, hand: null });
    for (const id of [...s.hands[0]!, ...s.hands[2]!]) expect(others).not.toContain(`"${id}"`);
    expect(farm.board(s).alt + farm.words.status(s).join('\n')).not.toMatch(new RegExp(s.hands.flat().join('|')));
  });
});

describe('F7 F8 F9 turns, placement and claims', () => {
  it('F7 a turn: place, score, claim, draw back to 2, then the next player', () => {
    const s = newGame(3);
    const seat = s.current;
    const place = legalActions(s, seat)[0]!;
    const placed = ok(s, seat, place).state;
    const claims = legalActions(placed, seat);
    if (placed.current === seat) {
      expect(placed.stage.kind).toBe('claim');
      expect(claims[claims.length - 1]).toEqual({ type: 'pass' });
      const done = ok(placed, seat, { type: 'pass' }).state;
      expect(done.current).toBe((seat + 1) % 3);
      expect(done.hands[seat]).toHaveLength(2);
    } else {
      expect(placed.hands[seat]).toHaveLength(2);
    }
  });

  it('F8 legal placements are empty cells beside the map where every side fits', () => {
    const s = newGame(2, {}, 'f8');
    const board = new Board(s.placed);
    for (const a of legalActions(s, s.current) as Extract<Action, { type: 'place' }>[]) {
      expect(board.at(a.x, a.y)).toBeUndefined();
      expect(board.neighbours(a.x, a.y)).toBeGreaterThan(0);
      expect(board.misfit(tileById(a.tile), a.x, a.y, a.rot)).toBeNull();
    }
    const r = play(s, s.current, { type: 'place', tile: s.hands[s.current]![0]!, x: 5, y: 5, rot: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/not beside the map/);
  });

  it('F8 a held tile with no legal cell is shown and removed at its holder\'s turn start, and replaced from the stack', () => {
    // A start tile and a tile that fits none of its sides in any turn.
    let pair: [string, string] | null = null;
    for (const a of base) {
      const b = base.find((t) => t.id !== a.id && !new Board([{ id: a.id, x: 0, y: 0, rot: 0 }]).canPlace(t.id));
      if (b) { pair = [a.id, b.id]; break; }
    }
    expect(pair).not.toBeNull();
    const [start, dead] = pair!;
    const s = withMap(start, []);
    const me = s.current, next = (me + 1) % 2;
    const fitting = base.find((t) => t.id !== dead && t.id !== start && new Board([{ id: start, x: 0, y: 0, rot: 0 }]).canPlace(t.id))!.id;
    s.hands[me] = [fitting];
    s.hands[next] = [dead];
    s.stack = s.stack.filter((t) => t !== fitting && t !== dead);
    const place = legalActions(s, me).find((a) => a.type === 'place' && a.tile === fitting)!;
    let st = ok(s, me, place);
    if (st.state.current === me) st = ok(st.state, me, { type: 'pass' });
    const deadEvent = st.events.find((e) => e.type === 'dead');
    // The map grew by one tile, so the dead tile may fit now; it is removed only if it still fits nowhere.
    const stillDead = !new Board(st.state.placed).canPlace(dead);
    expect(deadEvent !== undefined).toBe(stillDead || st.events.some((e) => e.type === 'dead' && e.tile === dead));
    if (deadEvent) {
      expect(st.state.discarded).toContain(dead);
      expect(st.state.hands[next]).not.toContain(dead);
      expect(farm.words.event(st.state, deadEvent)).toMatch(new RegExp(`${dead} fits nowhere`));
    }
  });

  it('F9 a henhouse goes only on the tile just placed, in an open field without a henhouse; several can come to own one field', () => {
    let s = newGame(2, {}, 'f9');
    for (let i = 0; i < 60 && !s.outcome; i++) {
      const seat = s.current;
      if (s.stage.kind === 'claim') {
        const board = new Board(s.placed);
        const owned = new Set(s.henhouses.map((h) => board.fieldOf(h.region).id));
        for (const key of claimOptions(s, board, s.stage.tile, seat)) {
          expect(Math.floor(key / 4)).toBe(s.stage.tile);
          expect(board.fieldOf(key).open).toBe(true);
          expect(owned.has(board.fieldOf(key).id)).toBe(false);
        }
        const elsewhere = s.henhouses[0]?.region ?? regionKey(0, 0);
        if (Math.floor(elsewhere / 4) !== s.stage.tile) {
          const r = play(s, seat, { type: 'claim', region: elsewhere });
          expect(r.ok).toBe(false);
          if (!r.ok) expect(r.message).toMatch(/not on the tile you just placed/);
        }
      }
      s = ok(s, seat, simpleChoice(s, seat)).state;
    }
    expect(s.henhouses.length + s.farms.length).toBeGreaterThan(0);
  });
});

describe('F10 F11 F12 scoring', () => {
  it('F10 F11 F12 every scored farm is closed, scored once, its animals split among its owners and the closer\'s card added', () => {
    let farms = 0;
    let shared = 0;
    for (let g = 0; g < 40 && (g < 6 || shared === 0); g++) {
      let s = newGame(2 + (g % 3), {}, `score-${g}`);
      while (!s.outcome) {
        const seat = s.current;
        const action = randomChoice(s, seat)!;
        const before = s;
        const r = ok(s, seat, action);
        s = r.state;
        for (const e of r.events) {
          if (e.type !== 'scored') continue;
          farms++;
          const board = new Board(s.placed);
          const field = board.fieldOf(s.farms[e.farm]!.regions[0]!);
          expect(field.open).toBe(false);
          const v = valueOf(before, board, field, e.closer);
          expect(e.awards).toEqual(v.awards);
          const animals = v.animals.length * (v.single ? 2 : 1);
          for (const a of e.awards.filter((x) => x.why === 'animals')) expect(a.points).toBe(Math.floor(animals / v.owners.length));
          if (v.owners.length > 1) shared++;
          const card = cardPoints(FARMERS.find((c) => c.id === s.farmers[e.closer])!, { kinds: {}, animals: 0, tiles: 1, owners: [], edge: true }, e.closer);
          expect(card).toBe(0);
          // The farm's henhouses went home.
          expect(s.henhouses.some((h) => field.regions.includes(h.region))).toBe(false);
        }
        // F10: a scored farm is never scored again.
        const seen = s.farms.flatMap((f) => f.regions);
        expect(new Set(seen).size).toBe(seen.length);
      }
    }
    expect(farms).toBeGreaterThan(20);
    // F9: fields that grow together can have several owners.
    expect(shared).toBeGreaterThan(0);
  });

  it('F11 each animal scores 1, or 2 when the farm holds one kind; the total is split equally, rounded down; unowned farms give nobody animal points', () => {
    const { state } = greedyGame(8, 4);
    const board = new Board(state.placed);
    const closed = board.fields().filter((f) => !f.open && f.regions.some((k) => (board.def(Math.floor(k / 4)).regions[k % 4]?.animals.length ?? 0) > 0));
    expect(closed.length).toBeGreaterThan(3);
    for (const field of closed.slice(0, 10)) {
      const unowned = { ...state, henhouses: [] };
      expect(valueOf(unowned, board, field, 0).awards.filter((a) => a.why === 'animals')).toEqual([]);
      const three = { ...state, henhouses: [0, 1, 2].map((seat) => ({ seat, region: field.regions[0]! })) };
      const v = valueOf(three, board, field, 3);
      const kinds = new Set(v.animals.map((a) => a)).size;
      const total = v.animals.length * (kinds === 1 ? 2 : 1);
      expect(v.awards.filter((a) => a.why === 'animals')).toEqual([0, 1, 2].map((seat) => ({ seat, points: Math.floor(total / 3), why: 'animals' })));
    }
  });

  it('F12 F13 the closer scores each condition their card meets, owner or not; a farm without animals meets none', () => {
    const card = FARMERS.find((c) => c.id === 'FP05')!; // no cows 3 · someone else's farm 5
    const facts = { kinds: { sheep: 2 }, animals: 2, tiles: 2, owners: [1], edge: false };
    expect(cardPoints(card, facts, 0)).toBe(8);
    expect(cardPoints(card, { ...facts, owners: [0] }, 0)).toBe(3);
    expect(cardPoints(card, { ...facts, kinds: {}, animals: 0 }, 0)).toBe(0);
    expect(meets({ type: 'kinds', n: 2, points: 3 }, { ...facts, kinds: { cow: 1, pig: 2 }, animals: 3 }, 0)).toBe(true);
    expect(meets({ type: 'edge', points: 3 }, { ...facts, edge: true }, 0)).toBe(true);
    expect(meets({ type: 'tiles', n: 4, points: 5 }, { ...facts, tiles: 4 }, 0)).toBe(true);
  });
});

describe('F14 F15 F16 the end, bots and house rules', () => {
  it('F14 the game ends when the stack and hands are empty; most points wins and a tie shares the win', () => {
    const s = newGame(2, {}, 'f14');
    const me = s.current, other = 1 - me;
    const tile = legalActions(s, me)[0] as Extract<Action, { type: 'place' }>;
    s.stack = [];
    s.hands[me] = [tile.tile];
    s.hands[other] = [];
    s.scores = [7, 7];
    let r = ok(s, me, tile);
    if (!r.state.outcome) r = ok(r.state, me, { type: 'pass' });
    expect(r.state.outcome?.reason).toBe('tiles');
    const best = Math.max(...r.state.scores);
    expect(r.state.outcome?.winners).toEqual([0, 1].filter((i) => r.state.scores[i] === best));
    expect(farm.outcome(r.state)?.status).toBe('finished');
  });

  it('F15 the random bot picks a legal action; the simple bot places for the most points minus the best opponent\'s gain', () => {
    let s = newGame(3, {}, 'f15');
    for (let i = 0; i < 40 && !s.outcome; i++) {
      const seat = s.current;
      const legal = legalActions(s, seat).map((a) => JSON.stringify(a));
      expect(legal).toContain(JSON.stringify(randomChoice(s, seat)));
      const pick = simpleChoice(s, seat)!;
      expect(legal).toContain(JSON.stringify(pick));
      if (pick.type === 'place') {
        const value = (g: number[]) => (g[seat] ?? 0) - Math.max(0, ...g.filter((_, j) => j !== seat));
        const at = (a: Action) => (a.type === 'place' ? { id: a.tile, x: a.x, y: a.y, rot: a.rot } : null);
        const best = Math.max(...legalActions(s, seat).map((a) => value(gainsIf(s, at(a)!, seat))));
        expect(value(gainsIf(s, at(pick)!, seat))).toBe(best);
      }
      s = ok(s, seat, pick).state;
    }
  });

  it('F16 three timeouts in a row remove a player: henhouses off the map, tiles out of play', () => {
    let s = newGame(3, {}, 'f16');
    const victim = s.current;
    let timeouts = 0;
    for (let i = 0; i < 200 && !s.out[victim]; i++) {
      if (s.current === victim) {
        s = ok(s, 'system', { type: 'timeout', seat: victim }).state;
        timeouts++;
      } else {
        s = ok(s, s.current, simpleChoice(s, s.current)).state;
      }
    }
    expect(timeouts).toBe(3);
    expect(s.out[victim]).toBe(true);
    expect(s.henhouses.some((h) => h.seat === victim)).toBe(false);
    expect(s.hands[victim]).toEqual([]);
    expect(s.current).not.toBe(victim);
  });

  it('F16 a resigning player leaves; with one player left the game ends and they win', () => {
    const s = newGame(2, {}, 'resign');
    const r = ok(s, 0, { type: 'resign' });
    expect(r.state.out[0]).toBe(true);
    expect(r.state.outcome).toEqual({ kind: 'finished', winners: [1], reason: 'alone' });
    expect(r.left).toEqual([{ seat: 0, reason: 'resigned' }]);
  });

  it('F16 the round limit ends the game as F14 does', () => {
    let s = newGame(2, { roundLimit: 10 }, 'rounds');
    while (!s.outcome) s = ok(s, s.current, simpleChoice(s, s.current)).state;
    expect(s.outcome?.reason).toBe('rounds');
    expect(s.round).toBe(11);
  });

  it('F16 an admin abort ends the game as aborted; bad input is refused with the state unchanged', () => {
    const s = newGame(2);
    const copy = JSON.stringify(s);
    for (const bad of [null, 42, { type: 'place' }, { type: 'place', tile: 'B01', x: 'a', y: 0, rot: 0 }, { type: 'claim', region: 3 }, { type: 'fly' }]) {
      const r = play(s, s.current, bad);
      expect(r.ok).toBe(false);
    }
    expect(play(s, 1 - s.current, legalActions(s, s.current)[0]).ok).toBe(false);
    expect(JSON.stringify(s)).toBe(copy);
    expect(ok(s, 'system', { type: 'abort' }).state.outcome?.kind).toBe('aborted');
  });
});
