// E6 Free-For-All Tile Placement: no placement order during map building; anyone who can place
// may, several players at once; an empty hand places tiles other players still hold. Its
// combinations with E5, E7, E9 and E10 (rulings in docs/fence-variants.md).
import { describe, expect, it } from 'vitest';
import { applyRequest } from '../../src/platform/requests.ts';
import { actingSeats, play, cellName, computerAction, setup, fence, legalActions, view, type Action, type FenceOptions, type FenceState } from '../../src/games/fence/index.ts';
import { eventText } from '../../src/games/fence/words.ts';
import { cellOrigin } from '../../src/games/fence/draw/layout.ts';
import { panelBoxes } from '../../src/games/fence/draw/panels.ts';
import { drawMapPicture } from '../../src/games/fence/draw/picture.ts';
import { seats } from './extended-helpers.ts';

const start = (options: Partial<FenceOptions> = {}, seed = 'e6', players = 3) => setup({ seats: seats(players), seed, options: { freeForAll: true, ...options } });

function playOk(s: FenceState, seat: number, action: Action) {
  const r = play(s, seat, action);
  if (!r.ok) throw new Error(`${seat} ${JSON.stringify(action)}: ${r.message}`);
  return r;
}

/** Building played by computers, always by the last seat that may act, until `stop` holds. */
function buildUntil(s: FenceState, stop: (s: FenceState) => boolean, pick: (acting: number[]) => number = (a) => a[a.length - 1]!): FenceState {
  for (let guard = 0; guard < 300 && s.phase === 'building' && !stop(s); guard++) {
    const seat = pick(actingSeats(s));
    s = playOk(s, seat, computerAction(s, seat, 'simple')!).state;
  }
  return s;
}

describe('E6 Free-For-All Tile Placement', () => {
  it('E6 after Old Town every player who can place a tile is asked at once, not only the next in seat order', () => {
    const { state } = start();
    expect(state.phase).toBe('building');
    expect(fence.activeSeats(state)).toEqual([0, 1, 2]);
    for (const seat of [0, 1, 2]) expect(legalActions(state, seat).length).toBeGreaterThan(0);
    expect(fence.words.prompt(state, 1).text).toContain('everyone builds at once');
  });

  it('E6 players place in any order: the seat before the one "next" places first, then the Old Town holder again', () => {
    let s = start().state;
    const holder = s.firstPlayer;
    const before = (holder + 2) % 3;
    s = playOk(s, before, legalActions(s, before)[0]!).state;
    expect(s.map).toHaveLength(2);
    expect(actingSeats(s)).toContain(holder);
    s = playOk(s, holder, legalActions(s, holder)[0]!).state;
    expect(s.map).toHaveLength(3);
  });

  it('E6 two players aiming at the same cell: the second is refused with the reason, the game unchanged', () => {
    const s = start().state;
    const a = legalActions(s, 0).find((x) => x.type === 'place')! as Extract<Action, { type: 'place' }>;
    const b = legalActions(s, 1).find((x) => x.type === 'place' && x.x === a.x && x.y === a.y);
    expect(b).toBeDefined();
    const after = playOk(s, 0, a).state;
    const refused = play(after, 1, b!);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.message).toMatch(/already/i);
  });

  it('E6 a player whose hand is empty places a tile another player holds; the channel is told whose it was', () => {
    let s = start({}, 'e6-empty').state;
    // Seat 2 places whenever it can, so its hand empties first.
    s = buildUntil(s, (x) => x.tileHands[2]!.length === 0);
    expect(s.phase).toBe('building');
    const offered = legalActions(s, 2);
    expect(offered.length).toBeGreaterThan(0);
    const place = offered.find((a) => a.type === 'place') as Extract<Action, { type: 'place' }>;
    const owner = s.tileHands.findIndex((h) => h.includes(place.tile));
    expect(owner).not.toBe(2);
    const r = playOk(s, 2, place);
    expect(r.state.tileHands[owner]).not.toContain(place.tile);
    expect(r.state.tileHands[2]).toEqual([]);
    const placed = r.events.find((e) => e.type === 'tilePlaced')!;
    expect(placed).toMatchObject({ seat: 2, owner });
    expect(eventText(r.state, placed)).toContain(`from p${owner}'s hand`);
    expect(fence.words.prompt(s, 2).text).toContain('another player still holds');
  });

  it('E6 while your own hand holds tiles, another player’s tile is refused as not in your hand', () => {
    const s = start().state;
    const theirs = legalActions(s, 1).find((a) => a.type === 'place') as Extract<Action, { type: 'place' }>;
    expect(s.tileHands[0]!.length).toBeGreaterThan(0);
    const r = play(s, 0, theirs);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.code).toBe('TILE_NOT_IN_HAND');
  });

  it('E6 building ends when nobody can place or swap any more: the map is built and play goes on to the pawns', () => {
    for (const seed of ['e6-end-a', 'e6-end-b']) {
      const s = buildUntil(start({}, seed).state, () => false, (a) => a[0]!);
      expect(s.phase).not.toBe('building');
      expect(s.tileHands.every((h) => h.length === 0)).toBe(true);
    }
  });

  it('E6 a timed-out builder gets one tile placed for them; the others are still asked', () => {
    const s = start().state;
    const r = applyRequest(fence, s, 'system', { type: 'timeout', seat: 1 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.state.map).toHaveLength(2);
    expect(r.events.filter((e) => e.type === 'tilePlaced').map((e) => e.type === 'tilePlaced' && e.seat)).toEqual([1]);
    expect(actingSeats(r.state)).toEqual([0, 1, 2]);
  });

  it('E6 with E9 Missing Tiles: building ends the moment the first hand empties, so nobody places another player’s tile', () => {
    let s = start({ missingTiles: true }, 'e6-e9').state;
    const events: string[] = [];
    for (let guard = 0; guard < 300 && s.phase === 'building'; guard++) {
      const acting = actingSeats(s);
      const seat = acting[acting.length - 1]!;
      const r = playOk(s, seat, computerAction(s, seat, 'simple')!);
      for (const e of r.events) if (e.type === 'tilePlaced' && e.owner !== undefined) events.push('placed another player’s tile');
      s = r.state;
    }
    expect(s.phase).not.toBe('building');
    expect(events).toEqual([]);
    expect(s.discardedTiles.length).toBeGreaterThan(0);
  });

  it('E6 with E7 Rewarded Tile Placement: the placer’s colour choice stops everyone else until it is answered', () => {
    let s = start({ rewardedTiles: 'two' }, 'e6-e7').state;
    s = buildUntil(s, (x) => x.pending?.kind === 'drawColour');
    expect(s.pending?.kind).toBe('drawColour');
    const placer = s.pending!.seat;
    expect(actingSeats(s)).toEqual([placer]);
    const other = (placer + 1) % 3;
    const refused = play(s, other, legalActions(start({ rewardedTiles: 'two' }, 'e6-e7').state, other)[0]!);
    expect(refused.ok).toBe(false);
    const answered = playOk(s, placer, { type: 'chooseColour', colour: 'red' }).state;
    expect(answered.hands[placer]).toHaveLength(1);
    expect(actingSeats(answered).length).toBeGreaterThan(1);
  });

  it('E6 with E5 Turn-Taking for Pawn Placement: pawns are still placed one at a time, from the First Player', () => {
    const s = buildUntil(start({ turnTakingPawns: true }, 'e6-e5').state, () => false, (a) => a[0]!);
    expect(s.phase).toBe('pawns');
    expect(actingSeats(s)).toEqual([s.firstPlayer]);
    expect(s.pending?.kind).toBe('pawnNeighborhood');
  });

  it('E6 with E10: a tile from another player’s hand must connect every neighborhood too (the same placement test)', () => {
    let s = start({ everyNeighborhood: true }, 'e6-e10').state;
    s = buildUntil(s, (x) => x.tileHands[2]!.length === 0);
    expect(s.phase).toBe('building');
    const offered = legalActions(s, 2);
    expect(offered.length).toBeGreaterThan(0);
    // The same tiles without E10 may go to more places: E10 narrows the borrowed tiles as well.
    const loose = legalActions({ ...s, options: { ...s.options, everyNeighborhood: false } }, 2);
    expect(loose.length).toBeGreaterThanOrEqual(offered.length);
    for (const a of offered.slice(0, 5)) expect(play(s, 2, a).ok).toBe(true);
    const strictOnly = new Set(offered.map((a) => JSON.stringify(a)));
    const refusedByE10 = loose.find((a) => !strictOnly.has(JSON.stringify(a)));
    if (refusedByE10) {
      const r = play(s, 2, refusedByE10);
      expect(r.ok).toBe(false);
    }
  });

  it('E6 the building picture shows every builder: each one marked, the cells any of them can place at highlighted, and the alt text says where each can place', () => {
    // A position where the builders can place at different cells, some only another builder can.
    const cellsOf = (x: FenceState, seat: number) => [...new Set(legalActions(x, seat).filter((a) => a.type === 'place').map((a) => cellName(x, a.x, a.y)))];
    const differ = (x: FenceState) => {
      const lists = actingSeats(x).map((seat) => cellsOf(x, seat).join(' '));
      return lists.length > 1 && new Set(lists).size > 1;
    };
    const s = buildUntil(start({}, 'e6-picture').state, differ);
    expect(differ(s)).toBe(true);
    const builders = actingSeats(s);
    const v = view(s, 'channel');
    const names = (seat: number) => v.seats[seat]!.name;

    // The alt text: where each builder can place ("Ana can place at …; Bo at …"), read back per builder.
    const alt = fence.board(s).alt;
    expect(alt).toContain('Everyone builds at once.');
    expect(alt).not.toContain('places a tile');
    const said = new Map<number, string[]>();
    for (const clause of alt.split('Everyone builds at once. ')[1]!.replace(/\.$/, '').split('; ')) {
      const [who, where] = clause.split(/ (?:can (?:each )?place )?at /) as [string, string];
      for (const seat of builders) if (who.split(/, | and /).includes(names(seat))) said.set(seat, where.split(', '));
    }
    for (const seat of builders) expect(said.get(seat), names(seat)).toEqual(cellsOf(s, seat));

    // The picture: every builder marked in the players' panel, and a cell that only another
    // builder (not the seat the engine names current) can place at is highlighted too.
    const rows = panelBoxes(v)[0]!.rows;
    for (const seat of builders) expect(rows[seat]!.text.startsWith('▶ ')).toBe(true);
    const others = cellsOf(s, s.current);
    const onlyOthers = v.placeableCells.find((c) => !others.includes(cellName(s, c.x, c.y)))!;
    expect(onlyOthers).toBeDefined();
    const pic = drawMapPicture(v);
    const o = cellOrigin(pic.layout, onlyOthers.x, onlyOthers.y);
    const [r, , b] = pic.canvas.getContext('2d').getImageData(Math.round(o.x + pic.layout.tile * 0.2), Math.round(o.y + pic.layout.tile * 0.75), 1, 1).data;
    expect(r).toBeGreaterThan(200); // the highlight's yellow: much red, little blue
    expect(b!).toBeLessThan(150);
    // Every cell any builder can place at is highlighted, and no other.
    expect(v.placeableCells.map((c) => cellName(s, c.x, c.y)).sort()).toEqual([...new Set(builders.flatMap((seat) => cellsOf(s, seat)))].sort());
  });
  describe('E6 with a computer seat, as the bot runs it (computers move until only people are waited for)', () => {
    const people = ['Alice', 'Bob'];
    const withComputer = (options: Partial<FenceOptions>, seed: string) => setup({ seats: [...people.map((name) => ({ name, computer: false })), { name: 'Computer 1', computer: true }], seed, options: { freeForAll: true, ...options } });

    /** What the bot does after every change: the computer seat moves while it is among those who may act and has a move to make. */
    function computersMove(s: FenceState): { state: FenceState; placed: { seat: number; owner?: number }[] } {
      const placed: { seat: number; owner?: number }[] = [];
      for (let guard = 0; guard < 500; guard++) {
        if (!fence.activeSeats(s).includes(2)) break;
        const action = fence.bots.simple!(s, 2);
        if (action === null) break;
        const r = playOk(s, 2, action);
        for (const e of r.events) if (e.type === 'tilePlaced' || e.type === 'tileSwapped') placed.push({ seat: e.seat, ...(e.owner === undefined ? {} : { owner: e.owner }) });
        s = r.state;
      }
      return { state: s, placed };
    }

    it('E6 on Start the computer keeps pace with the people: it places a tile or two, never theirs, and both people are asked with tiles still in hand', () => {
      for (const [options, seed] of [[{ bigMap: true }, 'e6-big'], [{}, 'e6-basic']] as const) {
        const created = withComputer(options, seed).state;
        const { state, placed } = computersMove(created);
        expect(placed.length).toBeLessThanOrEqual(2);
        expect(placed.filter((p) => p.owner !== undefined)).toEqual([]);
        expect(state.phase).toBe('building');
        for (const seat of [0, 1]) {
          expect(state.tileHands[seat]).toEqual(created.tileHands[seat]);
          expect(fence.activeSeats(state)).toContain(seat);
          expect(fence.words.prompt(state, seat).text).toContain('everyone builds at once');
        }
      }
    });

    it('E6 a computer places at most one tile more than the quickest person still building, its own tiles or, once its hand is empty, others\u2019; building still ends', () => {
      let s = computersMove(withComputer({ bigMap: true }, 'e6-pace').state).state;
      const placedBy = [0, 0, 0];
      for (let turn = 0; turn < 400 && s.phase === 'building'; turn++) {
        // Alice builds twice as often as Bob; the computer answers each of their moves.
        const building = fence.activeSeats(s).filter((seat) => seat !== 2);
        if (building.length === 0) break;
        const seat = building.includes(0) && turn % 3 !== 2 ? 0 : building[building.length - 1]!;
        s = playOk(s, seat, computerAction(s, seat, 'simple')!).state;
        placedBy[seat]!++;
        const moved = computersMove(s);
        s = moved.state;
        placedBy[2]! += moved.placed.length;
        // One ahead at most (two as counted here: whoever holds Old Town placed it at the start).
        if (fence.activeSeats(s).some((x) => x !== 2)) expect(placedBy[2]).toBeLessThanOrEqual(Math.max(placedBy[0]!, placedBy[1]!) + 2);
      }
      s = computersMove(s).state;
      expect(s.phase).not.toBe('building');
      expect(placedBy[0]).toBeGreaterThan(10);
      expect(placedBy[1]).toBeGreaterThan(5);
    });
  });
});
