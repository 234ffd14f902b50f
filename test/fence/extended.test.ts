// The Extended Rules (E1–E20), each a game option; tests are named after the rulings.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { requestsTo } from '../../src/platform/requests.ts';
import { play, computerAction, setup, fence, legalActions, view, whoMustAct, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import { hotGoodsDistances } from '../../src/games/fence/roads.ts';
import { inPlay } from '../../src/games/fence/rules.ts';
import { boats } from '../../src/games/fence/variants/boats.ts';
import { tilesJoined } from '../../src/games/fence/variants/rewarded-tile-placement.ts';
import { cardConservationProblem, loadScenario, runScenario } from '../../src/games/fence/scenario.ts';
import { actionLabel, eventText } from '../../src/games/fence/words.ts';
import { seats, toMain, waterCase } from './extended-helpers.ts';
import { onTestMap, TEST_MAP } from './test-map.ts';

const ok = (sc: Record<string, unknown>) => {
  const { failures, state } = runScenario(sc, requestsTo(fence));
  expect(failures).toEqual([]);
  return state;
};

/** Two players, ana to play last in the round: one Move Others by her ends the round. */
const endOfRound = (fields: Record<string, unknown>) => onTestMap({
  players: ['ana', 'bo'], firstPlayer: 'bo', current: 'ana',
  pawns: { ana: 'Old Town', bo: 'The Stix' }, cops: 'Nettlebed', ...fields,
});
/** Ana's Move Others that ends the round, with what must follow it. */
const pushAndCops = (expect: Record<string, unknown> = {}) => [
  { by: 'ana', action: { type: 'push', target: 'bo', to: 'Kettle Yard' } },
  { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect },
];

describe('E1 Ritzy Tile', () => {
  it('E1 after the Cops a red/blue pair is drawn and discarded: its tile, in play, is the Ritzy Tile, shown to everyone', () => {
    for (const seed of ['e1-a', 'e1-b', 'e1-c']) {
      const { state, events } = toMain({ ritzy: true }, seed);
      const drawn = events.filter((e) => e.type === 'ritzyDrawn');
      expect(drawn.length).toBeGreaterThan(0);
      const last = drawn[drawn.length - 1]!;
      expect(last.type === 'ritzyDrawn' && last.absent).toBe(false);
      expect(state.extended?.ritzy).toEqual(last.type === 'ritzyDrawn' ? { red: last.red, blue: last.blue } : null);
      expect(state.discard).toEqual(expect.arrayContaining(last.type === 'ritzyDrawn' ? last.cards : []));
      expect(view(state, 'channel').extended?.ritzy).toEqual(state.extended?.ritzy);
      expect(cardConservationProblem(state)).toBeNull();
      // Drawn before the deal: everyone still starts with two of each colour.
      expect(state.hands.every((h) => h.length === 4)).toBe(true);
    }
  });

  it('E1 Hot Goods won on the Ritzy Tile give two cards, the colour of each chosen', () => {
    ok(endOfRound({
      options: { ritzy: true }, extended: { ritzy: { red: 1, blue: 3 } }, dice: [1, 3],
      steps: [
        ...pushAndCops({ pending: { kind: 'drawColour', seat: 'ana', count: 2 } }),
        { by: 'ana', action: { type: 'chooseColour', colour: 'red' }, expect: { pending: { kind: 'drawColour', seat: 'ana', count: 1 }, handSizes: { ana: 1 } } },
        { by: 'ana', action: { type: 'chooseColour', colour: 'blue' }, expect: { pending: null, handSizes: { ana: 2 }, round: 2 } },
      ],
    }));
  });

  it('E1 Hot Goods won elsewhere give one card', () => {
    ok(endOfRound({
      options: { ritzy: true }, extended: { ritzy: { red: 6, blue: 4 } }, dice: [1, 3],
      steps: pushAndCops({ pending: { kind: 'drawColour', seat: 'ana', count: 1 } }),
    }));
  });
});

describe('E15 Hot Goods by Cards', () => {
  it('E15 the Hot Goods tile is a red/blue pair drawn from the Stash, shown, then discarded', () => {
    const state = ok(endOfRound({
      options: { hotGoodsByCards: 'discard' }, stash: { red: ['R1'], blue: ['B3'] },
      steps: pushAndCops({
        events: [{ type: 'hotGoods', roll: { red: 1, blue: 3, cards: ['R1', 'B3'], result: 'won', winner: 'ana' } }],
        text: ['Hot Goods 1/1: drawn Red Ace + Blue 3'],
        pending: { kind: 'drawColour', seat: 'ana' },
      }),
    }));
    expect(state.discard).toEqual(expect.arrayContaining(['R1', 'B3']));
  });

  it('E15 set aside: the drawn cards go back into the Stash, shuffled, when the round ends', () => {
    const before = loadScenario(endOfRound({ options: { hotGoodsByCards: 'setAside' }, stash: { red: ['R1'], blue: ['B3'] } }));
    const sizes = { red: before.stash.red.length, blue: before.stash.blue.length };
    const state = ok(endOfRound({
      options: { hotGoodsByCards: 'setAside' }, stash: { red: ['R1'], blue: ['B3'] },
      steps: [...pushAndCops(), { by: 'ana', action: { type: 'chooseColour', colour: 'red' }, expect: {
        events: [{ type: 'stashReshuffled', cards: 2 }], round: 2,
      } }],
    }));
    expect(state.stash.red.length).toBe(sizes.red - 1);
    expect(state.stash.blue.length).toBe(sizes.blue);
    expect(state.discard).not.toContain('B3');
    expect(cardConservationProblem(state)).toBeNull();
  });

  it('E15 when no pair can be drawn, no more Hot Goods come up', () => {
    ok(endOfRound({
      options: { hotGoodsByCards: 'discard' }, stash: { red: ['R2'] }, rest: 'discard',
      steps: pushAndCops({ events: [{ type: 'hotGoodsStopped' }], noEvents: ['hotGoods'], round: 2 }),
    }));
  });
});

describe('E16 More Hot Goods', () => {
  const due = (moreHotGoods: 'off' | 'all' | 'allButOne', players: string[], of: number) => ok(onTestMap({
    players, options: { moreHotGoods }, firstPlayer: 0, current: players.length - 1, cops: 'Nettlebed',
    turn: { pushed: true }, dice: Array(2 * of).fill(5),
    steps: [{ by: players.length - 1, action: { type: 'copsRoad', to: 'Sunnyside' }, expect: { events: [{ type: 'hotGoods', of }], round: 2 } }],
  }));
  it('E16 N or N−1 Hot Goods per round instead of half the players', () => {
    due('off', ['ana', 'bo', 'cy', 'dee', 'eve'], 3);
    due('all', ['ana', 'bo', 'cy', 'dee', 'eve'], 5);
    due('allButOne', ['ana', 'bo', 'cy', 'dee', 'eve'], 4);
    due('allButOne', ['ana', 'bo'], 1);
  });
});

describe('E17 Wasted Hot Goods', () => {
  it('E17 a wasted Hot Goods makes First Player discard a card from the Stash pile they choose', () => {
    // (5,5) is not on the map: nobody wins it.
    ok(endOfRound({
      options: { wastedHotGoods: true }, pawns: { ana: 'Four Points', bo: 'Kettle Yard' }, dice: [5, 5],
      stash: { red: ['R5'], blue: ['B6'] },
      steps: [
        { by: 'ana', action: { type: 'push', target: 'bo', to: 'The Stix' } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: {
          events: [{ type: 'hotGoods', roll: { result: 'absent' } }], pending: { kind: 'discardColour', seat: 'bo' },
        } },
        { by: 'ana', action: { type: 'chooseColour', colour: 'red' }, expect: { ok: false, code: 'CHOICE_PENDING' } },
        { by: 'bo', action: { type: 'chooseColour', colour: 'blue' }, expect: {
          events: [{ type: 'stashBurned', seat: 'bo', card: 'B6' }], text: ['bo discards Blue 6 from the Stash'], round: 2, discardSize: 1,
        } },
      ],
    }));
  });

  it('E17 with one pile left the card comes from it without a question; an empty Stash loses nothing', () => {
    ok(endOfRound({
      options: { wastedHotGoods: true }, pawns: { ana: 'Four Points', bo: 'Kettle Yard' }, dice: [5, 5],
      stash: { red: ['R5'] }, rest: 'discard',
      steps: [
        { by: 'ana', action: { type: 'push', target: 'bo', to: 'The Stix' } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: { events: [{ type: 'stashBurned', card: 'R5' }], pending: null, round: 2 } },
      ],
    }));
  });
});

describe('E19 Victory by Accumulation', () => {
  it('E19 at the end of a round a free player with twice as many cards as free players, and the most, wins', () => {
    ok(endOfRound({
      options: { accumulation: true }, dice: [6, 6],
      hands: { ana: ['R1', 'R2', 'R3', 'B1'], bo: ['R4'] },
      steps: [
        { by: 'ana', action: { type: 'push', target: 'bo', to: 'Kettle Yard' }, expect: { phase: 'main' } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: {
          outcome: { kind: 'winner', seats: ['ana'], reason: 'accumulation' }, text: ['ana wins'],
        } },
      ],
    }));
  });

  it('E19 a tie for the most cards plays on, and a jailed player does not count', () => {
    ok(endOfRound({
      options: { accumulation: true }, dice: [6, 6],
      hands: { ana: ['R1', 'R2', 'R3', 'B1'], bo: ['R4', 'R5', 'B4', 'B5'] },
      steps: pushAndCops({ phase: 'main', round: 2, outcome: null }),
    }));
    // Bo in Jail (with a way out, so the game is not already won): one free player, who needs two cards.
    ok(endOfRound({
      options: { accumulation: true }, dice: [6, 6], pawns: { ana: 'Old Town', bo: 'jail' },
      hands: { ana: ['R1', 'R2'], bo: ['R4', 'B5', 'R6'] },
      steps: [{ by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: { outcome: { kind: 'winner', seats: ['ana'], reason: 'accumulation' } } }],
    }));
  });
});

describe('E20 Round-limited Game', () => {
  it('E20 at setup both dice are rolled: their sum is the number of rounds, announced and shown', () => {
    const { state, events } = toMain({ rolledRounds: true }, 'e20-a');
    const rolled = events.find((e) => e.type === 'roundsRolled');
    expect(rolled).toBeDefined();
    if (rolled?.type !== 'roundsRolled') return;
    expect(rolled.rounds).toBe(rolled.red + rolled.blue);
    expect(state.extended?.rounds).toBe(rolled.rounds);
    expect(eventText(state, rolled)).toContain(`the game lasts ${rolled.rounds} rounds`);
    expect(view(state, 'channel').extended?.rounds).toBe(rolled.rounds);
  });

  it('E20 after the rolled rounds the free player with the most cards wins; ties share', () => {
    ok(endOfRound({
      options: { rolledRounds: true }, extended: { rounds: 4 }, round: 4, dice: [6, 6],
      hands: { ana: ['R1', 'B1'], bo: ['R4', 'B4'] },
      steps: pushAndCops({
        outcome: { kind: 'winner', seats: ['ana', 'bo'], reason: 'rolledRounds' }, text: ['The last of the rolled rounds is over: ana and bo share the win'],
      }),
    }));
  });
});

describe('E2 Color Swap with Joker', () => {
  it('E2 one red and one blue Joker per pair of players, at least one each', () => {
    for (const [n, k] of [[2, 1], [3, 1], [5, 2], [8, 4]] as const) {
      const s = setup({ seats: seats(n), seed: `e2-${n}`, options: { jokers: true } }).state;
      const all = [...s.stash.red, ...s.stash.blue, ...s.discard, ...s.startCards.flatMap((p) => (p ? [p.red, p.blue] : []))];
      expect(all.filter((c) => c === 'RJ')).toHaveLength(k);
      expect(all.filter((c) => c === 'BJ')).toHaveLength(k);
      expect(cardConservationProblem(s)).toBeNull();
      // A start pair is two number cards: a Joker drawn for it is discarded.
      for (const p of s.startCards) expect([p?.red, p?.blue]).not.toContain('RJ');
    }
  });

  it('E2 a Joker played alone swaps the pawn’s coordinates: Tanner’s Lane (2,4) → Four Points (4,2)', () => {
    ok(onTestMap({
      options: { jokers: true }, pawns: { ana: "Tanner's Lane", bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Nettlebed',
      hands: { ana: ['BJ'] },
      steps: [
        { expect: { legal: { ana: { includes: [{ type: 'moveSelf', cards: ['BJ'], to: 'Four Points' }] } } } },
        { by: 'ana', action: { type: 'moveSelf', cards: ['BJ'], to: 'Four Points' }, expect: { pawns: { ana: 'Four Points' }, text: ['ana plays Blue Joker: Tanner\'s Lane → Four Points'] } },
      ],
    }));
  });

  it('E2 a Joker tips off the Cops to the swapped coordinate: Tanner’s Lane (2,4) → Four Points (4,2)', () => {
    ok(onTestMap({
      options: { jokers: true }, pawns: { ana: 'Old Town', bo: 'Four Points', cy: 'Sunnyside' }, cops: "Tanner's Lane",
      hands: { ana: ['RJ'] },
      steps: [{ by: 'ana', action: { type: 'tipOff', cards: ['RJ'], to: 'Four Points' }, expect: { cops: 'Four Points', pawns: { bo: 'jail' } } }],
    }));
  });

  it('E2 a Joker never makes a red/blue pair: it does not get a player out of Jail', () => {
    ok(onTestMap({
      options: { jokers: true }, pawns: { ana: 'jail', bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Nettlebed',
      hands: { ana: ['RJ', 'B3'] },
      steps: [
        { expect: { legal: { ana: { excludes: [{ type: 'moveSelf', cards: ['RJ', 'B3'], to: 'Old Town' }] } } } },
        { by: 'ana', action: { type: 'moveSelf', cards: ['RJ', 'B3'], to: 'Old Town' }, expect: { ok: false } },
        { by: 'ana', action: { type: 'moveSelf', cards: ['RJ'], to: 'Old Town' }, expect: { ok: false } },
      ],
    }));
  });
});

describe('E13 Mixed Stash', () => {
  it('E13 after the deal the two piles are one shuffled pile; the channel sees only its size', () => {
    const { state } = toMain({ mixedStash: true }, 'e13-a');
    expect(state.stash.red).toEqual([]);
    expect(state.stash.blue).toEqual([]);
    expect(state.stash.mixed!.length).toBeGreaterThan(0);
    expect(state.hands.every((h) => h.filter((c) => c[0] === 'R').length === 2)).toBe(true);
    expect(view(state, 'channel').stash).toEqual({ red: 0, blue: 0, mixed: state.stash.mixed!.length });
    expect(cardConservationProblem(state)).toBeNull();
  });

  it('E13 a Hot Goods winner draws the top card, with no colour choice, and the channel is not told its colour', () => {
    ok(endOfRound({
      options: { mixedStash: true }, stash: { mixed: ['B5', 'R2'] }, dice: [1, 3],
      steps: pushAndCops({ events: [{ type: 'cardDrawn', seat: 'ana', colour: null, why: 'hotGoods' }], text: ['ana draws a card for the Hot Goods'], pending: null, hands: { ana: ['B5'] }, round: 2 }),
    }));
  });

  it('E13 State’s Evidence by a tip-off draws from the top until the hand holds a red and a blue card', () => {
    ok(onTestMap({
      options: { mixedStash: true }, pawns: { ana: 'jail', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Downtown',
      hands: { ana: ['B2'] }, stash: { mixed: ['R1', 'R6', 'B2', 'B3'] },
      steps: [{ by: 'ana', action: { type: 'tipOff', cards: ['B2'], to: 'Four Points' }, expect: { hands: { ana: ['R1', 'R6', 'B2'] }, stashTop: { mixed: ['B3'] } } }],
    }));
  });
});

describe('E14 Mixed, Blind Stash', () => {
  it('E14 one four-suit deck per two players (rounded up) in one pile from the start; start pairs are drawn from it', () => {
    for (const n of [2, 3, 6]) {
      const s = setup({ seats: seats(n), seed: `e14-${n}`, options: { blindStash: true } }).state;
      const sets = 2 * Math.ceil(n / 2);
      const all = [...s.stash.mixed!, ...s.discard, ...s.startCards.flatMap((p) => (p ? [p.red, p.blue] : []))];
      expect(all).toHaveLength(12 * sets);
      expect(all.filter((c) => c === 'R4')).toHaveLength(sets);
      expect(s.stash.red).toEqual([]);
      for (const p of s.startCards) expect([p!.red[0], p!.blue[0]]).toEqual(['R', 'B']);
      expect(cardConservationProblem(s)).toBeNull();
    }
  });
});

describe('E5 Turn-Taking for Pawn Placement', () => {
  it('E5 no start cards; from the First Player, each picks any free in-play neighborhood, never a taken one', () => {
    let s = setup({ seats: seats(3), seed: 'e5-a', options: { autoBuild: true, turnTakingPawns: true } }).state;
    expect(s.startCards).toEqual([null, null, null]);
    expect(s.phase).toBe('pawns');
    const live = inPlay(s);
    const taken: string[] = [];
    for (let k = 0; k < 3; k++) {
      const p = s.pending;
      expect(p?.kind).toBe('pawnNeighborhood');
      if (p?.kind !== 'pawnNeighborhood') return;
      expect(p.seat).toBe((s.firstPlayer + k) % 3);
      expect(new Set(p.options)).toEqual(new Set([...live].filter((nb) => !taken.includes(nb))));
      const r = play(s, p.seat, { type: 'chooseNeighborhood', nb: p.options[0]! });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.events.some((e) => e.type === 'startRevealed')).toBe(false);
      taken.push(p.options[0]!);
      s = r.state;
    }
    expect(s.pawns.filter((p) => p !== 'jail').every((p) => taken.includes(p!))).toBe(true);
    expect(cardConservationProblem(s)).toBeNull();
  });
});

describe('E7 Rewarded Tile Placement', () => {
  it('E7 a tile joined by road to two placed tiles earns its placer a card of their choice; one joined tile earns nothing', () => {
    let s = setup({ seats: seats(3), seed: 'e7-a', options: { rewardedTiles: 'two' } }).state;
    let rewarded = 0, plain = 0;
    for (let guard = 0; s.phase === 'building' && guard < 300; guard++) {
      const seat = whoMustAct(s)!;
      const r = play(s, seat, computerAction(s, seat, 'random')!);
      if (!r.ok) throw new Error(r.message);
      const placed = r.events.find((e) => e.type === 'tilePlaced' || e.type === 'tileSwapped');
      const reward = r.events.find((e) => e.type === 'tileRewarded');
      if (placed && 'x' in placed) {
        const joined = tilesJoined(r.state, placed.x, placed.y);
        expect(Boolean(reward), `tile joining ${joined}`).toBe(joined >= 2);
        if (reward) {
          rewarded++;
          // Asked the colour, unless one pile is empty (the card then comes from the other).
          const drawn = r.events.some((e) => e.type === 'cardDrawn' && e.seat === seat && e.why === 'reward');
          if (!drawn) expect(r.state.pending).toMatchObject({ kind: 'drawColour', seat, reason: 'reward' });
          expect(eventText(r.state, reward)).toContain('draws a card');
        } else plain++;
      }
      s = r.state;
    }
    expect(rewarded).toBeGreaterThan(0);
    expect(plain).toBeGreaterThan(0);
    expect(cardConservationProblem(s)).toBeNull();
  });

  it('E7 with three as the option, two joined tiles earn nothing; the smaller deal is one red and one blue', () => {
    const { state, events } = toMain({ rewardedTiles: 'three', rewardedSmallDeal: true }, 'e7-b');
    for (const e of events) if (e.type === 'tileRewarded') expect(e.joined).toBeGreaterThanOrEqual(3);
    const dealt = events.filter((e) => e.type === 'dealt');
    expect(dealt.length).toBe(3);
    for (const e of dealt) expect(e).toMatchObject({ red: 1, blue: 1 });
    expect(cardConservationProblem(state)).toBeNull();
  });
});

describe('E9 Missing Tiles', () => {
  it('E9 as soon as one hand of tiles is empty, building ends and every other hand is discarded', () => {
    for (const seed of ['e9-a', 'e9-b']) {
      let s = setup({ seats: seats(4), seed, options: { missingTiles: true } }).state;
      let ended: FenceEvent | undefined;
      for (let guard = 0; s.phase === 'building' && guard < 300; guard++) {
        expect(s.tileHands.every((h) => h.length > 0)).toBe(true);
        const seat = whoMustAct(s)!;
        const r = play(s, seat, computerAction(s, seat, 'simple')!);
        if (!r.ok) throw new Error(r.message);
        ended = r.events.find((e) => e.type === 'buildingEnded') ?? ended;
        s = r.state;
      }
      expect(ended?.type === 'buildingEnded' && ended.discardedTiles.length).toBeGreaterThan(0);
      expect(s.map.length + s.discardedTiles.length).toBe(40);
    }
  });
});

describe('E10 Placing Multi-Neighborhood Tiles', () => {
  it('E10 a tile is placed only where every one of its neighborhoods connects to Old Town both ways', () => {
    const building = (options: Record<string, unknown>) => loadScenario({
      game: 'fence', name: 'e10', players: ['ana', 'bo'], phase: 'building', options,
      map: [{ tile: 'Old Town', x: 0, y: 0 }], tileHands: { ana: ['2-5'], bo: ['1-1'] }, current: 'ana', allowStuckStart: true,
    });
    const basic = legalActions(building({}), 0);
    const strict = legalActions(building({ everyNeighborhood: true }), 0);
    expect(basic.length).toBeGreaterThan(0);
    // Alone beside Old Town, the Venice tile can join it with one of its two neighborhoods only.
    expect(strict.length).toBe(0);
    const r = play(building({ everyNeighborhood: true }), 0, basic[0]!);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(/Venice/);
  });
});

describe('E18 State’s Evidence on a Hunch', () => {
  // The Cops in Old Town (1,3): a blue 1 sends them to Sunnyside (1,1), a blue 5 to no tile.
  const jailedAna = (fields: Record<string, unknown>) => onTestMap({
    options: { hunch: true }, pawns: { ana: 'jail', bo: 'Four Points', cy: 'Sunnyside' }, cops: 'Old Town', hands: { ana: ['R6'] }, ...fields,
  });

  it('E18 a jailed player may move the Cops by a roll of the die of their colour; landing on a pawn jails it and draws as a tip-off', () => {
    ok(jailedAna({
      dice: [1], stash: { blue: ['B5'], red: ['R2'] },
      steps: [
        { expect: { legal: { ana: { includes: [{ type: 'hunch', colour: 'red' }, { type: 'hunch', colour: 'blue' }] } } } },
        { by: 'ana', action: { type: 'hunch', colour: 'blue' }, expect: {
          events: [{ type: 'hunchRolled', colour: 'blue', value: 1, landed: true }, { type: 'copsMoved', how: 'hunch' }, { type: 'jailed', seats: ['cy'] }, { type: 'stateEvidence', seat: 'ana' }, { type: 'cardDrawn', seat: 'ana', colour: 'blue' }],
          noEvents: ['unreliableWitness'], cops: 'Sunnyside', hands: { ana: ['R6', 'B5'] },
          text: ['ana plays a Hunch: the blue die rolls 1'],
        } },
        { expect: { legal: { ana: { excludes: [{ type: 'hunch', colour: 'red' }] } } } },
      ],
    }));
  });

  it('E18 a free player cannot play a Hunch', () => {
    ok(jailedAna({ pawns: { ana: 'Chapel Hill', bo: 'Four Points', cy: 'Sunnyside' }, steps: [{ expect: { legal: { ana: { excludes: [{ type: 'hunch', colour: 'red' }] } } } }] }));
  });

  it('E18 landing on nobody makes an Unreliable Witness, who skips their whole next turn', () => {
    ok(jailedAna({
      dice: [5],
      steps: [{ by: 'ana', action: { type: 'hunch', colour: 'blue' }, expect: {
        events: [{ type: 'hunchRolled', value: 5, landed: false }, { type: 'unreliableWitness', seat: 'ana' }], cops: 'Old Town',
        text: ['ana is an Unreliable Witness and loses their next turn'],
      } }],
    }));
    ok(onTestMap({
      options: { hunch: true }, pawns: { ana: 'Old Town', bo: 'jail', cy: "Tanner's Lane" }, cops: 'Nettlebed',
      extended: { witnesses: [1] }, turn: { pushed: true },
      steps: [{ by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: {
        events: [{ type: 'turnStarted', seat: 'bo' }, { type: 'credibilityRestored', seat: 'bo' }, { type: 'turnStarted', seat: 'cy' }],
        current: 'cy', text: ['bo spends this turn re-establishing their credibility'],
      } }],
    }));
  });
});

describe('E12 The Trading Post', () => {
  it('E12 at setup the First Player rolls the Trading Post’s tile; everyone sees where it is', () => {
    const { state, events } = toMain({ tradingPost: true }, 'e12-a');
    const placed = events.find((e) => e.type === 'tradingPostPlaced');
    expect(placed).toBeDefined();
    expect(state.extended?.tradingPost).toBe(placed?.type === 'tradingPostPlaced' ? placed.nb : null);
    expect(inPlay(state).has(state.extended!.tradingPost!)).toBe(true);
    expect(view(state, 'channel').extended?.tradingPost).toBe(state.extended?.tradingPost);
  });

  it('E12 ending your own turn there, you may give a card of your choice and take one at random; the channel learns neither card', () => {
    const post = (fields: Record<string, unknown>) => onTestMap({
      options: { tradingPost: true }, extended: { tradingPost: '4-2/0' }, pawns: { ana: 'Old Town', bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Nettlebed',
      hands: { ana: ['R4', 'B2', 'R1'], bo: ['B6'] }, ...fields,
    });
    const state = ok(post({
      steps: [
        { by: 'ana', action: { type: 'moveSelf', cards: ['R4', 'B2'], to: 'Four Points' }, expect: { pending: { kind: 'tradingPost', seat: 'ana' }, current: 'ana' } },
        { expect: { legal: { ana: { includes: [{ type: 'postTrade', card: 'R1', target: 'bo' }, { type: 'postPass' }], excludes: [{ type: 'postTrade', card: 'R1', target: 'cy' }] } } } },
        { by: 'ana', action: { type: 'postTrade', card: 'R1', target: 'bo' }, expect: {
          events: [{ type: 'postTraded', seat: 'ana', target: 'bo' }, { type: 'turnStarted', seat: 'bo' }],
          hands: { ana: ['B6'], bo: ['R1'] }, text: ['ana trades a card with bo at the Trading Post'], current: 'bo',
        } },
      ],
    }));
    expect(cardConservationProblem(state)).toBeNull();
    // Passing ends the turn too; a pawn pushed onto the post by someone else is not offered a trade.
    ok(post({ steps: [
      { by: 'ana', action: { type: 'moveSelf', cards: ['R4', 'B2'], to: 'Four Points' } },
      { by: 'ana', action: { type: 'postPass' }, expect: { events: [{ type: 'postPassed' }], current: 'bo', hands: { ana: ['R1'] } } },
      { by: 'bo', action: { type: 'push', target: 'cy', to: 'Old Town' }, expect: { pending: null } },
    ] }));
  });
});

describe('E3 Boats', () => {
  it('E3 one face card per player in the Stash, as many red as blue (an odd number of players adds one)', () => {
    for (const [n, k] of [[2, 1], [3, 2], [6, 3]] as const) {
      const s = setup({ seats: seats(n), seed: `e3-${n}`, options: { boats: true } }).state;
      const all = [...s.stash.red, ...s.stash.blue, ...s.discard, ...s.startCards.flatMap((p) => (p ? [p.red, p.blue] : []))];
      expect(all.filter((c) => c === 'RF')).toHaveLength(k);
      expect(all.filter((c) => c === 'BF')).toHaveLength(k);
    }
  });

  it('E3 a boat is played while Moving Others; the last boat of a colour wins; Jail sends a boat to the discard pile', () => {
    const state = ok(onTestMap({
      options: { boats: true }, pawns: { ana: 'Old Town', bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Nettlebed',
      hands: { ana: ['RF', 'R2', 'B4'], bo: ['RF'] }, current: 'ana',
      steps: [
        { expect: { legal: { ana: { includes: [{ type: 'playBoat', card: 'RF' }, { type: 'moveSelf', cards: ['R2', 'B4'], to: "Tanner's Lane" }] } } } },
        { by: 'ana', action: { type: 'playBoat', card: 'RF' }, expect: { events: [{ type: 'boatPlayed', seat: 'ana', colour: 'red' }], text: ['ana has a red boat'], hands: { ana: ['R2', 'B4'] } } },
        // Playing a boat means Moving Others: no Move Yourself any more, no second boat.
        { expect: { legal: { ana: { excludes: [{ type: 'moveSelf', cards: ['R2', 'B4'], to: "Tanner's Lane" }] } } } },
        { by: 'ana', action: { type: 'push', target: 'bo', to: 'Kettle Yard' } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: { pawns: { cy: 'jail' } } },
        { by: 'bo', action: { type: 'playBoat', card: 'RF' }, expect: { events: [{ type: 'boatLost', seat: 'ana', colour: 'red' }, { type: 'boatPlayed', seat: 'bo', colour: 'red' }], discardSize: 1 } },
        { by: 'bo', action: { type: 'copsRoad', to: 'Nettlebed' } },
        { by: 'bo', action: { type: 'push', target: 'ana', to: 'Venice Underpass' } },
      ],
    }));
    expect(state.extended?.boats?.red?.seat).toBe(1);
    expect(view(state, 'channel').extended?.boats).toEqual({ red: 1, blue: null });
    expect(cardConservationProblem(state)).toBeNull();
  });

  it('E3 a player Moving Others may play a face card, never must: with both parts done the turn ends though a face card is in hand', () => {
    ok(onTestMap({
      options: { boats: true }, pawns: { ana: 'Old Town', bo: 'The Stix', cy: 'Sunnyside' }, cops: 'Nettlebed',
      hands: { ana: ['RF', 'R2', 'B4'], bo: ['R1'] }, current: 'ana',
      steps: [
        { by: 'ana', action: { type: 'push', target: 'bo', to: 'Kettle Yard' }, expect: { current: 'ana', legal: { ana: { includes: [{ type: 'playBoat', card: 'RF' }] } } } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Sunnyside' }, expect: { pawns: { cy: 'jail' }, current: 'bo', hands: { ana: ['RF', 'R2', 'B4'] }, legal: { ana: { count: 0 } } } },
      ],
    }));
  });

  it('E3 a boated player on the waterfront measures Hot Goods by water, each tile crossed counting half', () => {
    // Any map the bot builds: find a waterfront pawn spot and a waterfront Hot Goods tile
    // nearer by water than by road.
    for (const seed of ['e3-w1', 'e3-w2', 'e3-w3', 'e3-w4', 'e3-w5', 'e3-w6']) {
      const { state } = toMain({ boats: true }, seed, 2);
      const found = waterCase(state);
      if (!found) continue;
      const s: FenceState = { ...state, pawns: [found.nb, state.pawns[1]!], extended: { boats: { red: { seat: 0, card: 'RF' }, blue: null } } };
      const road = hotGoodsDistances(s, found.red, found.blue).players[0] ?? null;
      expect(boats.distance!(s, 0, found.red, found.blue, road)).toBe(found.water / 2);
      expect(found.water / 2).toBeLessThan(road ?? Infinity);
      // Without a boat the road counts.
      expect(boats.distance!({ ...s, extended: {} }, 0, found.red, found.blue, road)).toBe(road);
      return;
    }
    throw new Error('no map with a water shortcut among the seeds');
  });
});

describe('E4 Tunnel', () => {
  it('E4 after building, two drawn tiles get the Tunnel’s ends (never the same tile); its ends are shown', () => {
    for (const seed of ['e4-a', 'e4-b', 'e4-c']) {
      const { state, events } = toMain({ tunnel: true }, seed);
      const dug = events.find((e) => e.type === 'tunnelDug');
      expect(dug?.type === 'tunnelDug' && dug.ends.length).toBe(2);
      const [a, b] = state.extended!.tunnel!;
      expect(a!.split('/')[0]).not.toBe(b!.split('/')[0]);
      expect(inPlay(state).has(a!) && inPlay(state).has(b!)).toBe(true);
      expect(view(state, 'channel').extended?.tunnel).toEqual([a, b]);
      expect(cardConservationProblem(state)).toBeNull();
    }
  });

  it('E4 the Tunnel is a two-way road one tile long: pawns are pushed through it, the Cops go through it, Hot Goods are measured through it', () => {
    // Nettlebed (no coordinates) and Kettle Yard, far apart on the test map, joined.
    ok(onTestMap({
      options: { tunnel: true }, extended: { tunnel: ['X1/0', '6-5/1'] },
      pawns: { ana: 'Old Town', bo: 'Nettlebed', cy: 'Sunnyside' }, cops: 'Kettle Yard',
      steps: [
        { expect: { legal: { ana: { includes: [{ type: 'push', target: 'bo', to: 'Kettle Yard' }, { type: 'copsRoad', to: 'Nettlebed' }] } } } },
        { by: 'ana', action: { type: 'copsRoad', to: 'Nettlebed' }, expect: { pawns: { bo: 'jail' } } },
      ],
    }));
    const s = loadScenario(onTestMap({ options: { tunnel: true }, extended: { tunnel: ['X1/0', '6-5/1'] }, pawns: { ana: 'Nettlebed', bo: 'Old Town', cy: 'Sunnyside' }, cops: 'Goose Green' }));
    const without = loadScenario(onTestMap({ pawns: { ana: 'Nettlebed', bo: 'Old Town', cy: 'Sunnyside' }, cops: 'Goose Green' }));
    // Hot Goods on (6,5): one tile away through the Tunnel.
    expect(hotGoodsDistances(s, 6, 5).players[0]).toBe(1);
    expect(hotGoodsDistances(without, 6, 5).players[0]).toBeGreaterThan(1);
  });
});

describe('E8 Big Map', () => {
  it('E8 two sets of tiles are dealt (80); one Old Town starts the map, the other is an ordinary tile', () => {
    const s = setup({ seats: seats(4), seed: 'e8-a', options: { bigMap: true } }).state;
    const all = [...s.tileHands.flat(), ...s.map.map((p) => p.key)];
    expect(all).toHaveLength(80);
    expect(all.filter((k) => k.startsWith('1-3'))).toEqual(expect.arrayContaining(['1-3', '1-3#2']));
    expect(s.map).toEqual([{ key: '1-3', x: 0, y: 0, rot: 0 }]);
    expect(s.oldTown).toBe('1-3');
    expect(s.tileHands.flat()).toContain('1-3#2');
  });

  it('E8 a coordinate names every tile bearing it: Move Yourself, tip-offs and Hot Goods use all of them', () => {
    // Four Points (4,2) east of Old Town, and its copy under Venice.
    const map = [...TEST_MAP, { tile: 'Four Points #2', x: 0, y: 2, rot: 0 }];
    const sc = onTestMap({ options: { bigMap: true }, map, pawns: { ana: 'Old Town', bo: 'Venice Underpass', cy: 'Sunnyside' }, cops: 'Nettlebed', hands: { ana: ['R4', 'B2'] } });
    const s = loadScenario(sc);
    const tos = legalActions(s, 0).filter((a) => a.type === 'moveSelf').map((a) => ('to' in a ? a.to : ''));
    expect(new Set(tos)).toEqual(new Set(['4-2/0', '4-2#2/0']));
    expect(legalActions(s, 0).map((a) => actionLabel(s, a))).toContainEqual(expect.stringMatching(/^Red 4 \+ Blue 2 → Four Points #2 \([A-Z]+\d+\)$/));
    // Hot Goods on (4,2): bo, next to the copy, is one tile away (two from the first Four Points).
    expect(hotGoodsDistances(s, 4, 2).players[1]).toBe(1);
  });
});

describe('E3 Boats on a built map (test/scenarios/E3-water-distance-with-a-boat.json)', () => {
  it('E3 without the boat the same Hot Goods go to the nearer player by road', () => {
    const sc = JSON.parse(readFileSync(join(import.meta.dirname, '../scenarios/E3-water-distance-with-a-boat.json'), 'utf8')) as Record<string, unknown> & { steps: { expect: Record<string, unknown> }[] };
    delete sc.extended;
    sc.steps[0]!.expect = { events: [{ type: 'hotGoods', roll: { result: 'won', winner: 'bo', distance: 5 } }] };
    ok(sc);
  });
});
