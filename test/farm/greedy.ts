/**
 * F4's measuring games: placement uniform among the legal ones with most placed neighbours,
 * claims at random, seeded. Used by the component tests and by bench/farm.ts.
 */
import { Rng } from '../../src/platform/rng.ts';
import { Board, tileOfKey, regionOfKey } from '../../src/games/farm/board.ts';
import { activeSeats, play, legalActions, setup } from '../../src/games/farm/engine.ts';
import { optionsSchema, type FarmState } from '../../src/games/farm/state.ts';
import { KIND_OF } from '../../src/games/farm/tiles.ts';
import { FARMERS, cardPoints } from '../../src/games/farm/farmers.ts';
import { animalsIn, factsOf, ownersOf } from '../../src/games/farm/scoring.ts';
import type { Action } from '../../src/games/farm/actions.ts';

export interface GreedyStats {
  tilesInPlay: number;
  tilesPlaced: number;
  fields: number;
  closedFields: number;
  farmAnimals: number[];
  singleKindFarms: number;
  /** Per farmer card: total points it would have given on every scored farm (for that farm's closer). */
  cardTotals: number[];
  farmsScored: number;
}

export function greedyGame(seed: number, players: number, options: Record<string, unknown> = {}): { state: FarmState; stats: GreedyStats } {
  const rng = new Rng([seed + 11, 5, 99, seed * 7 + 3]);
  const seats = Array.from({ length: players }, (_, i) => ({ name: `P${i + 1}`, computer: true }));
  let s = setup({ seats, seed: `greedy-${seed}`, options: optionsSchema.parse(options) }).state;
  const tilesInPlay = s.stack.length + s.hands.flat().length + s.placed.length;
  const cardTotals = FARMERS.map(() => 0);
  let singleKindFarms = 0;
  const farmAnimals: number[] = [];
  for (let guard = 0; !s.outcome && guard < 5000; guard++) {
    const seat = activeSeats(s)[0]!;
    const legal = legalActions(s, seat);
    let action: Action;
    if (s.stage.kind === 'place' && s.pending.length === 0) {
      const board = new Board(s.placed);
      const places = legal.filter((a): a is Extract<Action, { type: 'place' }> => a.type === 'place');
      const most = Math.max(...places.map((a) => board.neighbours(a.x, a.y)));
      action = rng.pick(places.filter((a) => board.neighbours(a.x, a.y) === most));
    } else {
      action = rng.pick(legal);
    }
    const before = s;
    const r = play(s, seat, action);
    if (!r.ok) throw new Error(`greedy game ${seed}: ${r.message}`);
    s = r.state;
    const board = new Board(s.placed);
    for (const e of r.events) {
      if (e.type !== 'scored') continue;
      const farm = s.farms[e.farm]!;
      const field = board.fieldOf(farm.regions[0]!);
      const animals = animalsIn(board, field);
      const facts = factsOf(board, field, ownersOf(before, field), animals);
      farmAnimals.push(animals.length);
      if (new Set(animals.map((a) => KIND_OF[a])).size === 1) singleKindFarms++;
      FARMERS.forEach((c, i) => (cardTotals[i]! += cardPoints(c, facts, e.closer)));
    }
  }
  const board = new Board(s.placed);
  const fields = board.fields();
  return {
    state: s,
    stats: {
      tilesInPlay,
      tilesPlaced: s.placed.length,
      fields: fields.length,
      closedFields: fields.filter((f) => !f.open).length,
      farmAnimals,
      singleKindFarms,
      cardTotals,
      farmsScored: farmAnimals.length,
    },
  };
}

export { tileOfKey, regionOfKey };
