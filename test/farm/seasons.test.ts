// Seasons, the project's own module (S1–S10): the cards as data, a card each round, and each
// season's rule, alone and where it meets the Ranch expansions built so far.
import { describe, expect, it } from 'vitest';
import { Board, regionKey } from '../../src/games/farm/board.ts';
import { play, claimOptions, henhousesLeft, legalActions, randomChoice } from '../../src/games/farm/engine.ts';
import { farm } from '../../src/games/farm/index.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import { animalPoints, animalsIn, valueOf } from '../../src/games/farm/scoring.ts';
import { loadSeasons, SEASON_IDS, SEASONS, type SeasonId } from '../../src/games/farm/seasons-data.ts';
import { leaders, movableTiles, summerFields } from '../../src/games/farm/seasons.ts';
import type { FarmState } from '../../src/games/farm/state.ts';
import { tileById } from '../../src/games/farm/tiles.ts';
import { applyRequest } from '../../src/platform/requests.ts';
import type { Action } from '../../src/games/farm/actions.ts';
import seasonData from '../../assets/farm/seasons.json' with { type: 'json' };
import { newGame, ok } from './helpers.ts';

/** `s` with `season` in force this round (Drought's leaders as if it had just been turned). */
function inSeason(s: FarmState, season: SeasonId): FarmState {
  const z = s.seasons!;
  return { ...s, seasons: { ...z, up: season, skip: season === 'drought' ? leaders(s) : [] } };
}

/**
 * Random games with Seasons on, `season` forced into every round when given; `visit` sees each
 * step (before, action, after, events) until it returns true.
 */
function explore(season: SeasonId | null, options: Record<string, unknown>, visit: (before: FarmState, a: Action, after: FarmState, events: FarmEvent[]) => boolean | void, games = 10, pick: (s: FarmState, seat: number) => Action = (s, seat) => randomChoice(s, seat)!): boolean {
  for (let g = 0; g < games; g++) {
    let s = newGame(2 + (g % 3), { seasons: true, ...options }, `seasons-${season}-${g}`);
    while (!s.outcome) {
      if (season && s.seasons!.up !== season) s = inSeason(s, season);
      const seat = farm.activeSeats(s)[0]!;
      const a = pick(s, seat);
      const r = ok(s, seat, a);
      if (visit(s, a, r.state, r.events) === true) return true;
      s = r.state;
    }
  }
  return false;
}

/** The farm a move scored (its event, the board, its field and the animals in it), if the move scored one. */
function scoredFarm(after: FarmState, events: FarmEvent[]) {
  const e = events.find((x): x is Extract<FarmEvent, { type: 'scored' }> => x.type === 'scored');
  if (!e) return null;
  const board = new Board(after.placed);
  const field = board.fieldOf(after.farms[e.farm]!.regions[0]!);
  return { e, board, field, animals: animalsIn(board, field) };
}

const prefer = (types: Action['type'][]) => (s: FarmState, seat: number): Action => {
  const legal = legalActions(s, seat);
  const wanted = legal.filter((a) => types.includes(a.type));
  return wanted.length ? wanted[(s.round * 7 + s.placed.length) % wanted.length]! : randomChoice(s, seat)!;
};

describe('S1 the season cards and the round', () => {
  it('S1 the 9 season cards are data, each season once; a repeated or missing card fails at load', () => {
    expect(SEASONS.map((c) => c.id).sort()).toEqual([...SEASON_IDS].sort());
    const repeated = structuredClone(seasonData);
    repeated[1] = { ...repeated[0]! };
    expect(() => loadSeasons(repeated)).toThrow(/missing drought/);
    expect(() => loadSeasons(seasonData.slice(1))).toThrow(/farm season cards/);
    expect(() => loadSeasons([...seasonData.slice(1), { id: 'monsoon', name: 'Monsoon', text: 'Rain.' }])).toThrow(/farm season cards/);
  });

  it('S1 each round a card is turned before the first player\'s turn; after all 9 the discards are shuffled again; no seasons without the option', () => {
    expect(newGame(3).seasons).toBeNull();
    let s = newGame(3, { seasons: true });
    expect(s.seasons!.up).not.toBeNull();
    const seen: SeasonId[] = [s.seasons!.up!];
    let rounds = 1;
    while (!s.outcome && rounds < 20) {
      const seat = farm.activeSeats(s)[0]!;
      const r = ok(s, seat, randomChoice(s, seat)!);
      for (const [i, e] of r.events.entries()) {
        if (e.type !== 'season') continue;
        rounds++;
        seen.push(e.card);
        const next = r.events.slice(i + 1).find((x) => x.type === 'turn');
        if (next?.type === 'turn') expect(next.seat).toBe(r.state.first);
      }
      s = r.state;
    }
    expect(rounds).toBe(20);
    expect(new Set(seen.slice(0, 9)).size).toBe(9);
    expect(new Set(seen.slice(9, 18)).size).toBe(9);
    expect(s.seasons!.deck.length + s.seasons!.discards.length + 1).toBe(9);
  });

  it('S1 tiles with a henhouse, the fox, a hay bale or a gate, or in a scored farm, are never lifted or turned', () => {
    const found = explore('flood', { chickens: true, bales: true, gates: true }, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length || before.henhouses.length < 2 || before.farms.length < 1) return;
      const board = new Board(before.placed);
      const movable = new Set(movableTiles(before, board, true));
      const pieces = new Set([...before.henhouses.map((h) => h.region), ...(before.fox === null ? [] : [before.fox]), ...(before.bales?.on ?? [])]);
      const scored = new Set(before.farms.flatMap((f) => f.regions));
      before.placed.forEach((_, i) => {
        const keys = board.def(i).regions.map((_, r) => regionKey(i, r));
        if (keys.some((k) => pieces.has(k) || scored.has(k)) || board.gate(i)) expect(movable.has(i)).toBe(false);
      });
      const held = Math.floor(before.henhouses[0]!.region / 4);
      const r = play(before, before.current, { type: 'lift', from: held, x: 99, y: 99, rot: 0 });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/cannot be moved: a piece stands on it/);
      const turned = play(inSeason(before, 'rainy'), before.current, { type: 'turnTile', tile: held, rot: 1 });
      expect(turned.ok).toBe(false);
      return true;
    }, 20);
    expect(found).toBe(true);
  });

  it('S1 a skipped turn still runs the end of a turn: a leader skipped by a drought draws back up to 2', () => {
    let s = newGame(3, { seasons: true });
    const next = (s.current + 1) % 3;
    s.scores[next] = 5;
    s.hands[next] = s.hands[next]!.slice(0, 1);
    s = inSeason(s, 'drought');
    const seat = s.current;
    const placed = farm.legalActions(s, seat).find((a) => a.type === 'place')!;
    const r = ok(s, seat, placed);
    const after = r.state.stage.kind === 'claim' ? ok(r.state, seat, { type: 'pass' }) : r;
    const told = after.events.map((e) => e.type);
    expect(told).toContain('droughtSkip');
    expect(after.state.hands[next]).toHaveLength(2);
    expect(after.events).toContainEqual({ type: 'drew', seat: next, count: 1 });
    expect(after.state.current).toBe((next + 1) % 3);
  });
});

describe('S2 Autumn', () => {
  it('S2 instead of placing, a hand tile is swapped for the stack\'s top (the old one to the bottom); nothing is placed; the channel is not told which tiles', () => {
    const s = inSeason(newGame(2, { seasons: true }), 'autumn');
    const seat = s.current;
    const [give] = s.hands[seat]!;
    const top = s.stack[0]!;
    const swaps = legalActions(s, seat).filter((a) => a.type === 'swap');
    expect(swaps).toHaveLength(new Set(s.hands[seat]).size);
    const r = ok(s, seat, { type: 'swap', tile: give! });
    expect(r.state.hands[seat]).toContain(top);
    expect(r.state.hands[seat]).not.toContain(give);
    expect(r.state.stack[r.state.stack.length - 1]).toBe(give);
    expect(r.state.placed).toHaveLength(s.placed.length);
    expect(r.state.current).not.toBe(seat);
    const text = r.events.map((e) => farm.words.event(r.state, e) ?? '').join('\n');
    expect(text).toMatch(/swaps a tile for the top of the stack/);
    expect(text).not.toContain(give!);
    expect(text).not.toContain(top);
    expect(farm.isFinal!({ type: 'swapped', seat })).toBe(true);
  });

  it('S2 swapping is refused in another season, with an empty stack, or for a tile not in hand', () => {
    const s = newGame(2, { seasons: true });
    const seat = s.current;
    const tile = s.hands[seat]![0]!;
    const spring = play(inSeason(s, 'spring'), seat, { type: 'swap', tile });
    expect(spring.ok === false && spring.message).toMatch(/Swapping a tile is allowed only in Autumn; this round's season is Spring/);
    const empty = play({ ...inSeason(s, 'autumn'), stack: [] }, seat, { type: 'swap', tile });
    expect(empty.ok === false && empty.message).toMatch(/stack is empty/);
    expect(legalActions({ ...inSeason(s, 'autumn'), stack: [] }, seat).some((a) => a.type === 'swap')).toBe(false);
    const other = play(inSeason(s, 'autumn'), seat, { type: 'swap', tile: s.hands[1 - seat]![0]! });
    expect(other.ok === false && other.message).toMatch(/not in your hand/);
  });
});

describe('S3 Drought', () => {
  it('S3 the leaders when it is turned skip their turn this round; while everyone is level nobody leads', () => {
    const s = newGame(3, { seasons: true });
    expect(leaders(s)).toEqual([]);
    s.scores = [4, 9, 9];
    expect(leaders(s)).toEqual([1, 2]);
    const found = explore('drought', {}, (before, _a, _after, events) => {
      const skipped = events.filter((e) => e.type === 'droughtSkip').map((e) => (e as { seat: number }).seat);
      for (const seat of skipped) expect(before.seasons!.skip.includes(seat) || leaders(before).includes(seat)).toBe(true);
      const played = events.filter((e) => e.type === 'placed').map((e) => (e as { seat: number }).seat);
      for (const seat of played) expect(before.seasons!.skip).not.toContain(seat);
      return skipped.length > 0 && events.some((e) => e.type === 'season');
    }, 10);
    expect(found).toBe(true);
  });
});

describe('S4 Flood', () => {
  it('S4 instead of placing from hand a tile is lifted and placed on another cell as the turn\'s tile: the map stays in one piece, the hand keeps its tiles, farms it closes are scored', () => {
    const found = explore('flood', {}, (before, a, after, events) => {
      if (a.type !== 'lift') return;
      const moved = after.placed[a.from]!;
      expect([moved.x, moved.y, moved.rot]).toEqual([a.x, a.y, a.rot]);
      expect(after.placed).toHaveLength(before.placed.length);
      expect(after.hands[before.current]).toEqual(before.hands[before.current]);
      expect(events[0]).toMatchObject({ type: 'lifted', tile: moved.id, fromX: before.placed[a.from]!.x });
      expect(farm.view(after, 'channel').last).toBe(a.from);
      if (after.stage.kind === 'claim') expect(after.stage.tile).toBe(a.from);
      return events.some((e) => e.type === 'scored');
    }, 15, prefer(['lift']));
    expect(found).toBe(true);
  });

  it('S4 a lift that would split the map, or onto the same cell, is refused', () => {
    const found = explore('flood', {}, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length || before.placed.length < 6) return;
      const board = new Board(before.placed);
      const movable = new Set(movableTiles(before, board, true));
      const fixed = movableTiles(before, board, false).find((i) => !movable.has(i));
      if (fixed === undefined) return;
      const p = before.placed[fixed]!;
      const r = play(before, before.current, { type: 'lift', from: fixed, x: p.x + 50, y: p.y, rot: 0 });
      expect(r.ok === false && r.message).toMatch(/would split the map in two/);
      const some = [...movable][0]!;
      const same = play(before, before.current, { type: 'lift', from: some, x: before.placed[some]!.x, y: before.placed[some]!.y, rot: 0 });
      expect(same.ok === false && same.message).toMatch(/moves it to another cell/);
      return true;
    }, 20);
    expect(found).toBe(true);
  });

  it('S4 the latest market tile, replayed, turns no market card; an older one does', () => {
    const cases = { latest: 0, older: 0 };
    explore('flood', { market: true }, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length) return;
      const latest = before.placed.findLastIndex((p) => tileById(p.id).market === true);
      const lifts = legalActions(before, before.current).filter((a): a is Extract<Action, { type: 'lift' }> => a.type === 'lift' && tileById(before.placed[a.from]!.id).market === true);
      for (const from of new Set(lifts.map((a) => a.from))) {
        const r = ok(before, before.current, lifts.find((a) => a.from === from)!);
        const turned = r.events.some((e) => e.type === 'market') || r.state.market!.turn;
        expect(turned, `market tile ${from}, latest ${latest}`).toBe(from !== latest);
        cases[from === latest ? 'latest' : 'older']++;
      }
      return cases.latest > 0 && cases.older > 0;
    }, 20);
    expect(cases.latest).toBeGreaterThan(0);
    expect(cases.older).toBeGreaterThan(0);
  });
});

describe('S5 Harvest', () => {
  it('S5 each owner of a farm scored in a Harvest round scores its full animal points, not a share', () => {
    const found = explore(null, {}, (_before, _a, after, events) => {
      const scored = scoredFarm(after, events);
      if (!scored) return;
      const { board, field, animals } = scored;
      if (animals.length < 2) return;
      const two = { ...after, henhouses: [{ seat: 0, region: field.regions[0]! }, { seat: 1, region: field.regions[field.regions.length - 1]! }] };
      const total = animalPoints(animals, null);
      const share = (s: FarmState, seat: number) => valueOf(s, board, field, 0).awards.filter((x) => x.seat === seat && x.why === 'animals').reduce((n, x) => n + x.points, 0);
      expect(share(inSeason(two, 'summer'), 1)).toBe(Math.floor(total / 2));
      expect(share(inSeason(two, 'harvest'), 0)).toBe(total);
      expect(share(inSeason(two, 'harvest'), 1)).toBe(total);
      return true;
    });
    expect(found).toBe(true);
  });
});

describe('S6 Rainy', () => {
  it('S6 instead of placing from hand, a movable tile is turned in place to another way it fits, then scored and claimed; no market card turns', () => {
    let checked = 0;
    const found = explore('rainy', { market: true }, (before, a, after, events) => {
      if (a.type !== 'turnTile') return;
      const p = after.placed[a.tile]!;
      expect(p.rot).toBe(a.rot);
      expect([p.x, p.y]).toEqual([before.placed[a.tile]!.x, before.placed[a.tile]!.y]);
      expect(after.hands[before.current]).toEqual(before.hands[before.current]);
      expect(events.some((e) => e.type === 'market')).toBe(false);
      expect(after.market!.turn).toBe(false);
      if (after.stage.kind === 'claim') expect(after.stage.tile).toBe(a.tile);
      const same = play(before, before.current, { type: 'turnTile', tile: a.tile, rot: before.placed[a.tile]!.rot });
      expect(same.ok === false && same.message).toMatch(/already lies that way/);
      checked++;
      return checked >= 5;
    }, 15, prefer(['turnTile']));
    expect(found).toBe(true);
  });
});

describe('S7 Spring', () => {
  it('S7 closing a farm you own earns one extra turn at once, never two in a row; the round does not advance', () => {
    let extras = 0;
    const found = explore('spring', {}, (before, _a, after, events) => {
      const i = events.findIndex((e) => e.type === 'extraTurn');
      const ownClosed = after.farms.slice(before.seasons!.farmsBefore).some((f) => f.closer === before.current && f.owners.includes(before.current));
      const turnEnded = events.some((e) => e.type === 'turn');
      if (turnEnded && !before.seasons!.extra && ownClosed) expect(i).toBeGreaterThanOrEqual(0);
      if (i < 0) {
        if (turnEnded && before.seasons!.extra) expect(after.current === before.current && !events.some((e) => e.type === 'season')).toBe(false);
        return;
      }
      expect(before.seasons!.extra).toBe(false);
      expect(ownClosed).toBe(true);
      expect(after.current).toBe(before.current);
      expect(after.round).toBe(before.round);
      expect(after.seasons!.extra).toBe(true);
      extras++;
      return extras >= 3;
    }, 20, (s, seat) => farm.bots.simple!(s, seat)!);
    expect(found).toBe(true);
  });

  it('S7 a timed-out turn that earns an extra turn plays one turn only: the extra one waits for its player', () => {
    const found = explore('spring', {}, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length) return;
      const r = applyRequest(farm, before, 'system', { type: 'timeout', seat: before.current });
      if (!r.ok || !r.events.some((e) => e.type === 'extraTurn')) return;
      expect(r.events.filter((e) => e.type === 'placed')).toHaveLength(1);
      expect(farm.activeSeats(r.state)).toEqual([before.current]);
      expect(r.state.stage.kind).toBe('place');
      // The case that matters: the turn ended by itself (no henhouse to place), nothing stopped the bot.
      return !r.events.some((e) => e.type === 'claimed' || e.type === 'passed');
    }, 40, (s, seat) => farm.bots.simple!(s, seat)!);
    expect(found).toBe(true);
  });
});

describe('S8 Summer', () => {
  it('S8 a henhouse may also go into an owned open field that the placement joined from two or more fields; not in another season', () => {
    const found = explore('summer', {}, (before) => {
      if (before.stage.kind !== 'claim' || before.pending.length) return;
      const board = new Board(before.placed);
      const tile = before.stage.tile;
      const joined = summerFields(before, board, tile);
      const owned = new Set(before.henhouses.map((h) => board.fieldOf(h.region).id));
      const extra = claimOptions(before, board, tile, before.current).filter((k) => owned.has(board.fieldOf(k).id));
      for (const k of extra) expect(joined.has(board.fieldOf(k).id)).toBe(true);
      if (extra.length === 0) return;
      const other = inSeason(before, 'winter');
      for (const k of extra) expect(claimOptions(other, board, tile, before.current)).not.toContain(k);
      const r = ok(before, before.current, { type: 'claim', region: extra[0]! });
      expect(new Board(r.state.placed).fieldOf(extra[0]!).id).toBe(board.fieldOf(extra[0]!).id);
      return true;
    }, 40);
    expect(found).toBe(true);
  });
});

describe('S9 Tornado', () => {
  it('S9 instead of a henhouse, any henhouse on the map goes home to its owner, and the turn ends', () => {
    const found = explore('tornado', {}, (before) => {
      if (before.stage.kind !== 'claim' || before.pending.length) return;
      const theirs = before.henhouses.find((h) => h.seat !== before.current);
      if (!theirs) return;
      const evictions = legalActions(before, before.current).filter((a) => a.type === 'evict');
      expect(evictions).toHaveLength(before.henhouses.length);
      const r = ok(before, before.current, { type: 'evict', region: theirs.region });
      expect(r.state.henhouses).toHaveLength(before.henhouses.length - 1);
      expect(henhousesLeft(r.state, theirs.seat)).toBe(henhousesLeft(before, theirs.seat) + 1);
      expect(r.state.current).not.toBe(before.current);
      const text = r.events.map((e) => farm.words.event(r.state, e) ?? '').join('\n');
      expect(text).toContain(`sends ${before.seats[theirs.seat]!.name}'s henhouse on`);
      const calm = play(inSeason(before, 'summer'), before.current, { type: 'evict', region: theirs.region });
      expect(calm.ok === false && calm.message).toMatch(/allowed only in Tornado/);
      return true;
    }, 20);
    expect(found).toBe(true);
  });
});

describe('S10 Winter', () => {
  it('S10 a closer earning nothing from their card for an unowned farm scores its animals as its sole owner; with card points, nothing more', () => {
    const found = explore(null, {}, (_before, _a, after, events) => {
      const scored = scoredFarm(after, events);
      if (!scored) return;
      const { e, board, field, animals } = scored;
      if (animals.length === 0) return;
      const unowned = inSeason({ ...after, henhouses: [] }, 'winter');
      const closer = e.closer;
      const v = valueOf(unowned, board, field, closer);
      const card = v.awards.filter((a) => a.why === 'card').reduce((n, a) => n + a.points, 0);
      // Told as Winter's points, not as an owner's share.
      const animalAward = v.awards.filter((a) => a.why === 'animals' || a.why === 'winter');
      if (card === 0) expect(animalAward).toEqual([{ seat: closer, points: animalPoints(animals, null), why: 'winter' }]);
      else expect(animalAward).toEqual([]);
      expect(valueOf(inSeason(unowned, 'autumn'), board, field, closer).awards.some((a) => a.why === 'animals' || a.why === 'winter')).toBe(false);
      return card === 0;
    }, 20);
    expect(found).toBe(true);
  });
});

describe('Seasons with the Ranch expansions (interactions the rulings leave open)', () => {
  it('S4 R9 a tile moved by a Flood is the turn\'s tile for Gates too: a gate next to its fields may be toggled before scoring; S6 a turned tile goes straight to scoring', () => {
    let gateAfterLift = false;
    explore('flood', { gates: true }, (_before, a, after) => {
      if (a.type !== 'lift') return;
      if (after.stage.kind === 'gate') {
        expect(after.stage.tile).toBe(a.from);
        gateAfterLift = true;
      }
      return gateAfterLift;
    }, 30, prefer(['lift']));
    expect(gateAfterLift).toBe(true);
    let turns = 0;
    explore('rainy', { gates: true }, (_before, a, after) => {
      if (a.type !== 'turnTile') return;
      expect(after.stage.kind).not.toBe('gate');
      return ++turns >= 5;
    }, 15, prefer(['turnTile']));
    expect(turns).toBeGreaterThan(0);
  });

  it('S5 R6 under Harvest a fair still gives each owner 3, on top of the full animal points', () => {
    const found = explore(null, {}, (_before, _a, after, events) => {
      const scored = scoredFarm(after, events);
      if (!scored) return;
      const { board, field, animals } = scored;
      if (!animals.includes('cow')) return;
      const two = inSeason({ ...after, market: { up: 'M7', deck: [], discards: [], turn: false }, henhouses: [{ seat: 0, region: field.regions[0]! }, { seat: 1, region: field.regions[field.regions.length - 1]! }] }, 'harvest');
      const v = valueOf(two, board, field, 0);
      for (const seat of [0, 1]) {
        expect(v.awards.filter((a) => a.seat === seat && a.why === 'market').map((a) => a.points)).toEqual([3]);
        expect(v.awards.filter((a) => a.seat === seat && a.why === 'animals').map((a) => a.points)).toEqual([animalPoints(animals, 'M7')]);
      }
      return true;
    });
    expect(found).toBe(true);
  });

  it('S10 R5 R18 Winter pays the closer of an unowned farm without making them its owner: they drop no hay bale, and they move the fox as the closer of an unowned farm', () => {
    let checked = 0;
    explore('winter', { bales: true, chickens: true }, (before, _a, after, events) => {
      for (const e of events) {
        if (e.type !== 'scored' || e.owners.length > 0) continue;
        expect(after.pending.some((p) => p.kind === 'bale' && p.seat === e.closer && after.farms.length - 1 === e.farm)).toBe(false);
        if (e.awards.some((a) => a.why === 'winter')) checked++;
      }
      const fox = after.pending.find((p) => p.kind === 'fox');
      const scored = events.filter((e) => e.type === 'scored');
      const last = scored[scored.length - 1];
      if (fox && last?.type === 'scored' && last.owners.length === 0) expect(fox.seat).toBe(before.current);
      return checked >= 2;
    }, 30);
    expect(checked).toBeGreaterThan(0);
  });
});

describe('F15 the simple bot in Seasons', () => {
  const simple = (s: FarmState, seat: number) => farm.bots.simple!(s, seat)!;

  it('F15 S9 with no henhouse worth placing (no field with animals) in a Tornado, it sends home the henhouse of an opponent from their field with most animals', () => {
    let evictions = 0;
    explore('tornado', {}, (before, a) => {
      if (a.type !== 'evict') return;
      const owner = before.henhouses.find((h) => h.region === a.region)!.seat;
      expect(owner).not.toBe(before.current);
      const board = new Board(before.placed);
      for (const k of claimOptions(before, board, (before.stage as { tile: number }).tile, before.current)) expect(animalsIn(board, board.fieldOf(k))).toEqual([]);
      return ++evictions >= 2;
    }, 20, simple);
    expect(evictions).toBeGreaterThan(0);
  });

  it('F15 S4 S6 it moves or turns a map tile only when that gains it more than its best placement', () => {
    let moves = 0;
    explore('flood', {}, (before, a, after) => {
      if (a.type !== 'lift') return;
      const gained = after.scores[before.current]! - before.scores[before.current]!;
      expect(gained).toBeGreaterThan(0);
      return ++moves >= 2;
    }, 20, simple);
    expect(moves).toBeGreaterThan(0);
  });
});

describe('Seasons with Tractor, Horse, Storage, Sharecroppers and Dust Bowl (docs/farm-seasons.md, rulings 12–17)', () => {
  it('S1 R10 R13 a tile with a tractor or the horse on it is never lifted or turned', () => {
    let tractor = false, horse = false;
    explore('flood', { tractor: true, horse: true }, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length) return;
      const pinned = [...(before.tractors?.on.map((t) => t.region) ?? []), ...(before.horse?.region == null ? [] : [before.horse.region])];
      if (pinned.length === 0) return;
      const board = new Board(before.placed);
      const movable = new Set(movableTiles(before, board, true));
      for (const k of pinned) expect(movable.has(Math.floor(k / 4))).toBe(false);
      const held = Math.floor(pinned[0]! / 4);
      const r = play(before, before.current, { type: 'lift', from: held, x: 99, y: 99, rot: 0 });
      expect(r.ok === false && r.message).toMatch(/cannot be moved: a piece stands on it \(a henhouse, the fox, a hay bale, a tractor or the horse\)/);
      const turned = play(inSeason(before, 'rainy'), before.current, { type: 'turnTile', tile: held, rot: 1 });
      expect(turned.ok === false && turned.message).toMatch(/cannot be turned/);
      tractor ||= (before.tractors?.on.length ?? 0) > 0;
      horse ||= before.horse?.region != null;
      return tractor && horse;
    }, 30, prefer(['tractor', 'horse']));
    expect(tractor).toBe(true);
    expect(horse).toBe(true);
  });

  it('S3 R13 in a Drought the horse still leaves its closed farm at a skipped leader\'s turn start, moved by that leader; then the turn is skipped', () => {
    let seen = 0;
    explore(null, { horse: true }, (before, a, after, events) => {
      // A turn whose start owes the horse's jump (not the first of a round: its card is turned then).
      const t = events.findIndex((e) => e.type === 'turn');
      if (t < 0 || events.some((e) => e.type === 'season' || e.type === 'droughtSkip')) return;
      const seat = (events[t] as { seat: number }).seat;
      const owed = after.pending[0]?.kind === 'horse' && after.stage.kind === 'start';
      if (!owed && !events.some((e, i) => i > t && e.type === 'horse' && e.why === 'jumps')) return;
      // The same move, in a Drought that skips that player.
      const dry = { ...before, seasons: { ...before.seasons!, up: 'drought' as const, skip: [seat], extra: false } };
      let r = ok(dry, before.current, a);
      let told = r.events;
      if (owed) {
        expect(r.state.pending[0]).toMatchObject({ seat, kind: 'horse' });
        expect(told.map((e) => e.type)).not.toContain('droughtSkip');
        r = ok(r.state, seat, { type: 'horse', region: (r.state.pending[0] as { options: number[] }).options[0] });
        told = r.events;
      }
      const jump = told.findIndex((e) => e.type === 'horse' && e.why === 'jumps');
      const skip = told.findIndex((e) => e.type === 'droughtSkip');
      expect(told[jump]).toMatchObject({ seat });
      expect(told[skip]).toEqual({ type: 'droughtSkip', seat });
      expect(jump).toBeLessThan(skip);
      expect(told.some((e) => e.type === 'placed' && e.seat === seat)).toBe(false);
      return ++seen >= 2;
    }, 40);
    expect(seen).toBeGreaterThan(0);
  });

  it('S9 R19 a Tornado sends a sharecropper\'s henhouse home with its token: its owner may share again', () => {
    let found = 0;
    explore('tornado', { sharecroppers: true }, (before, a, after) => {
      if (a.type !== 'evict') return;
      const h = before.henhouses.find((x) => x.region === a.region)!;
      expect(henhousesLeft(after, h.seat)).toBe(henhousesLeft(before, h.seat) + 1);
      expect(after.shares!.held[h.seat]).toBe(before.shares!.held[h.seat]! + (h.share ? 1 : 0));
      if (h.share) found++;
      return found >= 2;
    }, 40, (s, seat) => {
      // Prefer sending a sharecropper's henhouse home, else share, else anything.
      const legal = legalActions(s, seat);
      const shared = new Set(s.henhouses.filter((h) => h.share).map((h) => h.region));
      return legal.find((x) => x.type === 'evict' && shared.has(x.region)) ?? legal.find((x) => x.type === 'share') ?? randomChoice(s, seat)!;
    });
    expect(found).toBeGreaterThan(0);
  });

  it('S10 R20 in a Winter the closer of an unowned farm scores its animals and still takes a sharecropper token from the supply; a farm a sharecropper owns is owned', () => {
    let checked = 0;
    explore('winter', { sharecroppers: true }, (before, _a, after, events) => {
      for (const e of events) {
        if (e.type !== 'scored') continue;
        const winter = e.awards.some((x) => x.why === 'winter' && e.owners.length === 0);
        if (e.owners.length > 0) {
          // Owners (sharecroppers included) score as usual: Winter adds nothing for the closer unless they own it.
          if (!e.owners.includes(e.closer)) expect(e.awards.some((x) => x.seat === e.closer && (x.why === 'animals' || x.why === 'winter'))).toBe(false);
          continue;
        }
        if (!winter) continue;
        if (before.shares!.supply > 0) expect(events).toContainEqual({ type: 'sharesTaken', seat: e.closer, count: 1 });
        checked++;
      }
      return checked >= 2;
    }, 40);
    expect(checked).toBeGreaterThan(0);
  });

  it('S4 R11 a tile a Flood moves into a tractor\'s field earns the extra tile like a placed one; S2 S4 S6 no season move stands in for the extra tile; S6 a turned tile earns none', () => {
    let lifted = false, turned = 0;
    explore('flood', { tractor: true }, (before) => {
      if (before.stage.kind !== 'place' || before.pending.length || !before.tractors?.on.length) return;
      for (const a of legalActions(before, before.current).filter((x) => x.type === 'lift')) {
        const r = ok(before, before.current, a);
        if (r.state.stage.kind !== 'claim' || !r.state.stage.tractor || r.state.pending.length) continue;
        const after = ok(r.state, r.state.current, { type: 'pass' });
        if (after.state.stage.kind !== 'extra') continue;
        expect(after.events).toContainEqual({ type: 'extraTile', seat: before.current });
        const extra = legalActions(after.state, before.current);
        expect(extra.some((x) => x.type === 'lift' || x.type === 'swap' || x.type === 'turnTile')).toBe(false);
        const refused = play(after.state, before.current, a);
        expect(refused.ok === false && refused.message).toMatch(/not on the tractor's extra tile/);
        lifted = true;
        return true;
      }
    }, 40, prefer(['tractor']));
    expect(lifted).toBe(true);
    explore('rainy', { tractor: true }, (_before, a, after) => {
      if (a.type !== 'turnTile') return;
      expect(after.stage.kind === 'claim' && after.stage.tractor).toBeFalsy();
      return ++turned >= 5;
    }, 20, prefer(['tractor', 'turnTile']));
    expect(turned).toBeGreaterThan(0);
  });
});
