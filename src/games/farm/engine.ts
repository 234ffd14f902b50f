/**
 * The farm game's rules: setup (F5), a turn (F7), placement (F8), claims (F9), scoring
 * (F10–F12), the end (F14) and the house rules for play in a channel (F16). Pure: the state is
 * copied, changed and returned with the events it caused.
 */
import type { Applied, Refusal } from '../../platform/game.ts';
import { Rng, seedRng } from '../../platform/rng.ts';
import { actionSchema, systemSchema, type Action } from './actions.ts';
import { Board, regionKey, type Field, type Placement } from './board.ts';
import type { FarmEvent } from './events.ts';
import { FARMERS } from './farmers.ts';
import { valueOf } from './scoring.ts';
import { HAND, HENHOUSES, STATE_VERSION, type FarmOptions, type FarmState } from './state.ts';
import { TILES, tileById } from './tiles.ts';
import { describeMisfit, refuse } from './refusals.ts';

export type Result = Applied<FarmState, FarmEvent> | Refusal;

/** Tiles in play by player count (F5): some base tiles are removed unseen. */
export const baseTileCount = (players: number): number => (players <= 2 ? 56 : players === 3 ? 70 : 84);

class Ctx {
  readonly s: FarmState;
  readonly events: FarmEvent[] = [];
  readonly rng: Rng;
  private boardCache: Board | null = null;
  constructor(state: FarmState) {
    this.s = structuredClone(state);
    this.rng = new Rng(this.s.rng);
  }
  emit(e: FarmEvent): void {
    this.events.push(e);
  }
  board(): Board {
    if (!this.boardCache || this.boardCache.placed !== this.s.placed || this.boardCache.placed.length !== this.s.placed.length) this.boardCache = new Board(this.s.placed);
    return this.boardCache;
  }
  /** Call after changing the map in place. */
  touched(): void {
    this.boardCache = null;
  }
  done(): Applied<FarmState, FarmEvent> {
    this.s.rng = this.rng.state;
    return { ok: true, state: this.s, events: this.events };
  }
}

export function setup(input: { seats: { name: string; computer: boolean }[]; seed: string; options: FarmOptions }): Applied<FarmState, FarmEvent> {
  const n = input.seats.length;
  const rng = new Rng(seedRng(input.seed));
  const base = rng.shuffle(TILES.filter((t) => t.set === 'base').map((t) => t.id)).slice(0, baseTileCount(n));
  const stack = rng.shuffle([...base]);
  const farmers = rng.shuffle(FARMERS.map((c) => c.id)).slice(0, n);
  const first = rng.int(n);
  const start = stack.shift() as string;
  const hands = input.seats.map(() => stack.splice(0, HAND));
  const state: FarmState = {
    version: STATE_VERSION,
    game: 'farm',
    options: input.options,
    seats: input.seats.map((x) => ({ name: x.name, computer: x.computer })),
    out: input.seats.map(() => false),
    rng: rng.state,
    stack,
    hands,
    placed: [{ id: start, x: 0, y: 0, rot: 0, by: null }],
    henhouses: [],
    farmers,
    scores: input.seats.map(() => 0),
    farms: [],
    discarded: [],
    current: first,
    first,
    round: 1,
    stage: { kind: 'place' },
    timeouts: input.seats.map(() => 0),
    outcome: null,
  };
  const ctx = new Ctx(state);
  ctx.emit({ type: 'started', first });
  beginTurn(ctx);
  return ctx.done();
}

export const activeSeats = (s: FarmState): number[] => (s.outcome ? [] : [s.current]);

export const henhousesLeft = (s: FarmState, seat: number): number => HENHOUSES - s.henhouses.filter((h) => h.seat === seat).length;

/** The scored farms' regions: finished for good. */
const scoredRegions = (s: FarmState): Set<number> => new Set(s.farms.flatMap((f) => f.regions));

/** Regions of the tile just placed that a henhouse may claim, one per field (F9). */
export function claimOptions(s: FarmState, board: Board, tile: number, seat: number): number[] {
  if (henhousesLeft(s, seat) <= 0) return [];
  const owned = new Set(s.henhouses.map((h) => board.fieldOf(h.region).id));
  const seen = new Set<number>();
  const out: number[] = [];
  board.def(tile).regions.forEach((_, r) => {
    const key = regionKey(tile, r);
    const f = board.fieldOf(key);
    if (!f.open || owned.has(f.id) || seen.has(f.id)) return;
    seen.add(f.id);
    out.push(key);
  });
  return out;
}

export function placementsFor(s: FarmState, board: Board, seat: number): Placement[] {
  return [...new Set(s.hands[seat] ?? [])].flatMap((id) => board.placements(id));
}

export function legalActions(s: FarmState, seat: number): Action[] {
  if (s.outcome || seat !== s.current) return [];
  const board = new Board(s.placed);
  if (s.stage.kind === 'place') return placementsFor(s, board, seat).map((p) => ({ type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot }));
  return [...claimOptions(s, board, s.stage.tile, seat).map((region) => ({ type: 'claim' as const, region })), { type: 'pass' }];
}

export function apply(state: FarmState, actor: number | 'system', input: unknown): Result {
  if (state.outcome) return refuse('GAME_OVER', 'This game is over.');
  if (actor === 'system') return applySystem(state, input);
  if (state.out[actor] !== false) return refuse('NOT_IN_GAME', 'You are not playing in this game.');
  if ((input as { type?: unknown } | null)?.type === 'resign') {
    const ctx = new Ctx(state);
    removeSeat(ctx, actor, 'resigned');
    return ctx.done();
  }
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return refuse('INVALID', 'That is not a farm move: place a tile, or answer the henhouse question.', legalLabels(state, actor));
  const action = parsed.data;
  if (actor !== state.current) return refuse('NOT_YOUR_TURN', `It is ${state.seats[state.current]?.name ?? 'someone else'}'s turn, not yours.`);
  const problem = check(state, actor, action);
  if (problem) return problem;
  const ctx = new Ctx(state);
  ctx.s.timeouts[actor] = 0;
  play(ctx, actor, action);
  return ctx.done();
}

function legalLabels(s: FarmState, seat: number): string[] {
  if (seat !== s.current || s.outcome) return [];
  return s.stage.kind === 'place' ? ['/farm place'] : ['a henhouse button', 'No henhouse'];
}

/** Why a well-formed action is not legal now, or null. */
function check(s: FarmState, seat: number, a: Action): Refusal | null {
  const board = new Board(s.placed);
  if (a.type === 'place') {
    if (s.stage.kind !== 'place') return refuse('CLAIM_FIRST', 'You have placed your tile: now place a henhouse or choose none.', ['a henhouse button', 'No henhouse']);
    const hand = s.hands[seat] ?? [];
    if (!hand.includes(a.tile)) return refuse('NOT_IN_HAND', `Tile ${a.tile} is not in your hand. Your tiles: ${hand.join(', ') || 'none'}.`, hand);
    if (board.at(a.x, a.y) !== undefined) return refuse('CELL_TAKEN', `Cell ${a.x},${a.y} already holds a tile. Pick an empty cell beside the map.`);
    if (board.neighbours(a.x, a.y) === 0) return refuse('NOT_BESIDE', `Cell ${a.x},${a.y} is not beside the map. A tile goes on an empty cell next to a placed one.`);
    const mis = board.misfit(tileById(a.tile), a.x, a.y, a.rot);
    if (mis) {
      const fits = board.placements(a.tile).filter((p) => p.x === a.x && p.y === a.y).map((p) => `turned ${p.rot * 90}°`);
      return refuse('MISFIT', describeMisfit(a.tile, a.x, a.y, mis) + (fits.length ? ` Here it fits ${fits.join(' or ')}.` : ' It fits no turn on this cell.'), fits);
    }
    return null;
  }
  if (s.stage.kind !== 'claim') return refuse('PLACE_FIRST', 'Place a tile first: `/farm place`.', ['/farm place']);
  if (a.type === 'pass') return null;
  const options = claimOptions(s, board, s.stage.tile, seat);
  if (!options.includes(a.region)) {
    const why = henhousesLeft(s, seat) <= 0 ? 'You have no henhouse left.' : 'A henhouse goes on the tile just placed, in an open field without one.';
    return refuse('BAD_CLAIM', why, options.length ? ['a henhouse button', 'No henhouse'] : ['No henhouse']);
  }
  return null;
}

function play(ctx: Ctx, seat: number, a: Action): void {
  const s = ctx.s;
  if (a.type === 'place') {
    const hand = s.hands[seat] as string[];
    hand.splice(hand.indexOf(a.tile), 1);
    s.placed.push({ id: a.tile, x: a.x, y: a.y, rot: a.rot, by: seat });
    ctx.touched();
    const tile = s.placed.length - 1;
    ctx.emit({ type: 'placed', seat, tile: a.tile, x: a.x, y: a.y, rot: a.rot });
    scoreClosed(ctx, tile, seat);
    s.stage = { kind: 'claim', tile };
    if (claimOptions(s, ctx.board(), tile, seat).length === 0) endTurn(ctx);
    return;
  }
  if (a.type === 'claim') {
    s.henhouses.push({ seat, region: a.region });
    ctx.emit({ type: 'claimed', seat, region: a.region, tile: s.placed[Math.floor(a.region / 4)]?.id ?? '' });
  } else {
    ctx.emit({ type: 'passed', seat });
  }
  endTurn(ctx);
}

/** Fields holding a region of `tile` that are closed and not yet scored. */
export function closedBy(s: FarmState, board: Board, tile: number): Field[] {
  const done = scoredRegions(s);
  const out = new Map<number, Field>();
  board.def(tile).regions.forEach((_, r) => {
    const f = board.fieldOf(regionKey(tile, r));
    if (!f.open && !done.has(f.regions[0] as number)) out.set(f.id, f);
  });
  return [...out.values()];
}

/** F10: farms closed by the placement are scored at once; henhouses go home. */
function scoreClosed(ctx: Ctx, tile: number, closer: number): void {
  const s = ctx.s;
  for (const field of closedBy(s, ctx.board(), tile)) {
    const v = valueOf(s, ctx.board(), field, closer);
    for (const a of v.awards) s.scores[a.seat] = (s.scores[a.seat] ?? 0) + a.points;
    const regions = new Set(field.regions);
    s.henhouses = s.henhouses.filter((h) => !regions.has(h.region));
    s.farms.push({ regions: [...field.regions], closer, owners: v.owners, animals: v.animals.length, awards: v.awards });
    ctx.emit({ type: 'scored', farm: s.farms.length - 1, closer, owners: v.owners, animals: v.animals.length, single: v.single, awards: v.awards });
  }
}

const inGame = (s: FarmState): number[] => s.seats.map((_, i) => i).filter((i) => !s.out[i]);
const tilesLeft = (s: FarmState): boolean => s.stack.length > 0 || s.hands.some((h, i) => !s.out[i] && h.length > 0);

function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  const seat = s.current;
  if (!s.out[seat]) {
    const hand = s.hands[seat] as string[];
    const drawn = Math.min(HAND - hand.length, s.stack.length);
    if (drawn > 0) {
      hand.push(...s.stack.splice(0, drawn));
      ctx.emit({ type: 'drew', seat, count: drawn });
    }
  }
  s.stage = { kind: 'place' };
  if (!tilesLeft(s)) return finish(ctx, 'tiles');
  const seats = inGame(s);
  if (seats.length < 2) return finish(ctx, 'alone');
  const n = s.seats.length;
  const pos = (x: number) => (x - s.first + n) % n;
  let next = seat;
  do next = (next + 1) % n; while (s.out[next]);
  if (pos(next) <= pos(seat)) {
    s.round += 1;
    if (s.round > s.options.roundLimit) return finish(ctx, 'rounds');
  }
  s.current = next;
  beginTurn(ctx);
}

/** F7's turn start: F8's check of the hand, then the turn is asked for, or skipped. */
function beginTurn(ctx: Ctx): void {
  const s = ctx.s;
  const seat = s.current;
  const hand = s.hands[seat] as string[];
  for (let i = 0; i < hand.length; ) {
    const id = hand[i] as string;
    if (ctx.board().canPlace(id)) {
      i++;
      continue;
    }
    hand.splice(i, 1);
    s.discarded.push(id);
    ctx.emit({ type: 'dead', seat, tile: id });
    const next = s.stack.shift();
    if (next !== undefined) hand.push(next);
  }
  ctx.emit({ type: 'turn', seat, round: s.round });
  if (hand.length === 0) {
    ctx.emit({ type: 'skipped', seat });
    endTurn(ctx);
  }
}

function finish(ctx: Ctx, reason: 'tiles' | 'rounds' | 'alone' | 'aborted'): void {
  const s = ctx.s;
  if (reason === 'aborted') {
    s.outcome = { kind: 'aborted', winners: [], reason };
  } else {
    const seats = inGame(s);
    const best = Math.max(...seats.map((i) => s.scores[i] ?? 0));
    s.outcome = { kind: 'finished', winners: seats.filter((i) => s.scores[i] === best), reason };
  }
  ctx.emit({ type: 'ended', reason, winners: s.outcome.winners });
}

/** F16 (FENCE H2, H4): a leaver's henhouses leave the map and their tiles leave play. */
function removeSeat(ctx: Ctx, seat: number, reason: string): void {
  const s = ctx.s;
  s.out[seat] = true;
  s.henhouses = s.henhouses.filter((h) => h.seat !== seat);
  s.discarded.push(...(s.hands[seat] ?? []));
  s.hands[seat] = [];
  ctx.emit({ type: 'removed', seat, reason });
  if (inGame(s).length < 2) return finish(ctx, 'alone');
  if (s.current === seat) endTurn(ctx);
}

function applySystem(state: FarmState, input: unknown): Result {
  const parsed = systemSchema.safeParse(input);
  if (!parsed.success) return refuse('INVALID', 'Not a request the farm game knows.');
  const a = parsed.data;
  const ctx = new Ctx(state);
  if (a.type === 'abort') {
    finish(ctx, 'aborted');
    return ctx.done();
  }
  if (a.seat < 0 || a.seat >= state.seats.length || state.out[a.seat]) return refuse('NOT_IN_GAME', 'That player is not in the game.');
  if (a.type === 'remove') {
    removeSeat(ctx, a.seat, a.reason);
    return ctx.done();
  }
  if (a.seat !== state.current) return refuse('NOT_WAITING', 'That player is not being waited for.');
  // H2: the computer plays the owed turn with the simple strategy.
  const round = state.round;
  for (let guard = 0; guard < 10 && !ctx.s.outcome && ctx.s.current === a.seat && ctx.s.round === round; guard++) {
    const choice = simpleChoice(ctx.s, a.seat);
    if (!choice) break;
    play(ctx, a.seat, choice);
    if (choice.type !== 'place') break;
  }
  const inARow = (state.timeouts[a.seat] ?? 0) + 1;
  ctx.s.timeouts[a.seat] = inARow;
  ctx.emit({ type: 'timedOut', seat: a.seat, inARow });
  if (inARow >= 3 && !ctx.s.out[a.seat] && !ctx.s.outcome) removeSeat(ctx, a.seat, 'timeouts');
  return ctx.done();
}

/** The simple bot's choice (F15); it lives beside the engine because H2 plays it for timeouts. */
export function simpleChoice(s: FarmState, seat: number): Action | null {
  if (s.outcome || seat !== s.current) return null;
  const board = new Board(s.placed);
  const rng = new Rng([s.rng[0] ^ (seat + 1), s.rng[1], s.rng[2] ^ 0x9e3779b9, s.rng[3]]);
  if (s.stage.kind === 'claim') {
    const options = claimOptions(s, board, s.stage.tile, seat);
    let best: number | null = null;
    let most = 0;
    for (const key of options) {
      const n = board.fieldOf(key).regions.reduce((sum, k) => sum + (board.def(Math.floor(k / 4)).regions[k % 4]?.animals.length ?? 0), 0);
      if (n > most) [best, most] = [key, n];
    }
    return best === null ? { type: 'pass' } : { type: 'claim', region: best };
  }
  const options = placementsFor(s, board, seat);
  if (options.length === 0) return null;
  let bestScore = -Infinity;
  let best: Placement[] = [];
  for (const p of options) {
    const gain = gainsIf(s, p, seat);
    const mine = gain[seat] ?? 0;
    const theirs = Math.max(0, ...gain.filter((_, i) => i !== seat && !s.out[i]));
    const score = (mine - theirs) * 10 + board.neighbours(p.x, p.y);
    if (score > bestScore) [bestScore, best] = [score, [p]];
    else if (score === bestScore) best.push(p);
  }
  const p = rng.pick(best);
  return { type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot };
}

/** Points each seat would score at once from a placement by `seat`. */
export function gainsIf(s: FarmState, p: Placement, seat: number): number[] {
  const board = new Board([...s.placed, { id: p.id, x: p.x, y: p.y, rot: p.rot, by: seat }]);
  const gain = s.seats.map(() => 0);
  for (const field of closedBy(s, board, s.placed.length)) {
    for (const a of valueOf(s, board, field, seat).awards) gain[a.seat] = (gain[a.seat] ?? 0) + a.points;
  }
  return gain;
}

/** The random bot (F15): uniform among legal actions, seeded from the state. */
export function randomChoice(s: FarmState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = new Rng([s.rng[0] ^ (seat + 7), s.rng[1] ^ 0x51ed27, s.rng[2], s.rng[3]]);
  return rng.pick(legal);
}
