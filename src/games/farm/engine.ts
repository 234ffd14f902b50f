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
import { MARKET } from './market.ts';
import { animalsIn, ownersOf, valueOf } from './scoring.ts';
import { HAND, HENHOUSES, STATE_VERSION, type FarmOptions, type FarmState, type Pending } from './state.ts';
import { TILES, tileById } from './tiles.ts';
import { describeMisfit, refuse } from './refusals.ts';
import { claimAlternatives, checkSeason, newSeasons, placeAlternatives, playSeason, playsAgain, simpleEviction, simpleSeasonMove, startOfTurn, summerFields, turnSeason } from './seasons.ts';
import { isSeasonAction } from './seasons-data.ts';

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
  const o = input.options;
  const ranch = TILES.filter((t) => (t.set === 'males' && o.males) || (t.set === 'chickens' && o.chickens) || (t.set === 'market' && o.market) || (t.set === 'gates' && o.gates)).map((t) => t.id);
  const stack = rng.shuffle([...base, ...ranch]);
  const marketDeck = o.market ? rng.shuffle(MARKET.map((c) => c.id)) : [];
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
    queue: [],
    pending: [],
    fox: null,
    foxSeen: false,
    market: o.market ? { up: marketDeck.shift() as string, deck: marketDeck, discards: [], turn: false } : null,
    bales: o.bales ? { supply: BALES[n] ?? 12, on: [], held: input.seats.map(() => 0) } : null,
    seasons: o.seasons ? newSeasons(rng) : null,
    outcome: null,
  };
  const ctx = new Ctx(state);
  ctx.emit({ type: 'started', first });
  newRound(ctx);
  beginTurn(ctx);
  return ctx.done();
}

export const activeSeats = (s: FarmState): number[] => (s.outcome ? [] : s.pending.length ? [(s.pending[0] as Pending).seat] : [s.current]);

/** R18: hay bales in the supply by player count. */
const BALES: Record<number, number> = { 2: 12, 3: 15, 4: 16, 5: 15, 6: 12 };

export const henhousesLeft = (s: FarmState, seat: number): number => HENHOUSES - s.henhouses.filter((h) => h.seat === seat).length;

/** The scored farms' regions: finished for good. */
const scoredRegions = (s: FarmState): Set<number> => new Set(s.farms.flatMap((f) => f.regions));

/**
 * R9: gates the player may toggle after placing `tile`: those bordering a field (open gates
 * joining) that holds a region of that tile; a gate bordering a scored farm is locked.
 */
export function gateOptions(s: FarmState, board: Board, tile: number): number[] {
  const near = new Set<number>();
  board.def(tile).regions.forEach((_, r) => { for (const k of board.fieldOf(regionKey(tile, r)).regions) near.add(k); });
  const done = scoredRegions(s);
  const out: number[] = [];
  s.placed.forEach((_, i) => {
    const g = board.gate(i);
    if (!g) return;
    const sides = [regionKey(i, g.regions[0]), regionKey(i, g.regions[1])];
    if (sides.some((k) => near.has(k)) && !sides.some((k) => done.has(k))) out.push(i);
  });
  return out;
}

/** Regions of the tile just placed that a henhouse may claim, one per field (F9). */
export function claimOptions(s: FarmState, board: Board, tile: number, seat: number): number[] {
  if (henhousesLeft(s, seat) <= 0) return [];
  const owned = new Set(s.henhouses.map((h) => board.fieldOf(h.region).id));
  const summer = summerFields(s, board, tile);
  const seen = new Set<number>();
  const out: number[] = [];
  board.def(tile).regions.forEach((_, r) => {
    const key = regionKey(tile, r);
    const f = board.fieldOf(key);
    if (!f.open || (owned.has(f.id) && !summer.has(f.id)) || seen.has(f.id)) return;
    seen.add(f.id);
    out.push(key);
  });
  return out;
}

export function placementsFor(s: FarmState, board: Board, seat: number): Placement[] {
  return [...new Set(s.hands[seat] ?? [])].flatMap((id) => board.placements(id));
}

export function legalActions(s: FarmState, seat: number): Action[] {
  if (s.outcome) return [];
  const choice = s.pending[0];
  if (choice) return choice.seat === seat ? choice.options.map((region) => ({ type: choice.kind, region })) : [];
  if (seat !== s.current) return [];
  const board = new Board(s.placed);
  if (s.stage.kind === 'place') return [...placementsFor(s, board, seat).map((p): Action => ({ type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot })), ...placeAlternatives(s, board, seat)];
  if (s.stage.kind === 'gate') return [...gateOptions(s, board, s.stage.tile).map((tile) => ({ type: 'gate' as const, tile })), { type: 'keepGates' }];
  return [...claimOptions(s, board, s.stage.tile, seat).map((region) => ({ type: 'claim' as const, region })), ...claimAlternatives(s), { type: 'pass' }];
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
  const waitingFor = activeSeats(state)[0] as number;
  if (actor !== waitingFor) return refuse('NOT_YOUR_TURN', `The game is waiting for ${state.seats[waitingFor]?.name ?? 'someone else'}, not you.`);
  const problem = check(state, actor, action);
  if (problem) return problem;
  const ctx = new Ctx(state);
  ctx.s.timeouts[actor] = 0;
  play(ctx, actor, action);
  return ctx.done();
}

function legalLabels(s: FarmState, seat: number): string[] {
  if (s.pending[0]?.seat === seat) return ['a field button'];
  if (seat !== s.current || s.outcome) return [];
  if (s.stage.kind === 'gate') return ['a gate button', 'Leave the gates'];
  return s.stage.kind === 'place' ? ['/farm place'] : ['a henhouse button', 'No henhouse'];
}

/** Why a well-formed action is not legal now, or null. */
function check(s: FarmState, seat: number, a: Action): Refusal | null {
  const board = new Board(s.placed);
  const choice = s.pending[0];
  if (choice) {
    const what = choice.kind === 'fox' ? 'the fox' : 'a hay bale';
    if (a.type !== choice.kind) return refuse('CHOOSE_FIRST', `First choose the field for ${what}.`, ['a field button']);
    if (!choice.options.includes(a.region)) return refuse('BAD_FIELD', `${choice.kind === 'fox' ? 'The fox' : 'The bale'} cannot go there: pick one of the fields offered.`, ['a field button']);
    return null;
  }
  if (a.type === 'fox' || a.type === 'bale') return refuse('NO_TOKEN', 'There is no fox or hay bale to place now.');
  if (s.stage.kind === 'gate') {
    if (a.type === 'keepGates') return null;
    if (a.type !== 'gate') return refuse('GATE_FIRST', 'First open or close a gate, or leave the gates as they are.', ['a gate button', 'Leave the gates']);
    if (!gateOptions(s, board, s.stage.tile).includes(a.tile)) return refuse('BAD_GATE', 'That gate cannot be moved now: only a gate next to a field of the tile you just placed, and not next to a scored farm.', ['a gate button', 'Leave the gates']);
    return null;
  }
  if (a.type === 'gate' || a.type === 'keepGates') return refuse('NO_GATE', 'There is no gate to move now.');
  if (isSeasonAction(a)) return checkSeason(s, board, seat, a);
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
  if (isSeasonAction(a)) {
    playSeason(s, seat, a, { emit: (e) => ctx.emit(e), touched: () => ctx.touched(), afterPlacing: (tile) => afterPlacing(ctx, tile), score: (tile) => startScoring(ctx, tile, null), endTurn: () => endTurn(ctx) });
    return;
  }
  if (a.type === 'place') {
    const hand = s.hands[seat] as string[];
    hand.splice(hand.indexOf(a.tile), 1);
    s.placed.push({ id: a.tile, x: a.x, y: a.y, rot: a.rot, by: seat });
    ctx.touched();
    if (s.seasons) s.seasons.moved = null;
    const tile = s.placed.length - 1;
    ctx.emit({ type: 'placed', seat, tile: a.tile, x: a.x, y: a.y, rot: a.rot });
    if (s.market && tileById(a.tile).market) s.market.turn = true;
    afterPlacing(ctx, tile);
    return;
  }
  if ((a.type === 'gate' || a.type === 'keepGates') && s.stage.kind === 'gate') {
    const tile = s.stage.tile;
    if (a.type === 'gate') {
      const p = s.placed[a.tile] as FarmState['placed'][number];
      p.gateOpen = !p.gateOpen;
      ctx.touched();
      ctx.emit({ type: 'gate', seat, tile: a.tile, open: p.gateOpen });
    }
    startScoring(ctx, tile, a.type === 'gate' ? a.tile : null);
    return;
  }
  if (a.type === 'fox' || a.type === 'bale') {
    s.pending.shift();
    if (a.type === 'fox') s.fox = a.region;
    else if (s.bales) {
      s.bales.supply -= 1;
      s.bales.on.push(a.region);
    }
    ctx.emit({ type: a.type, seat, region: a.region });
    proceed(ctx);
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

/** After a tile is laid: the gate step (R9) when a gate may move, else scoring. */
function afterPlacing(ctx: Ctx, tile: number): void {
  if (ctx.s.options.gates && gateOptions(ctx.s, ctx.board(), tile).length > 0) {
    ctx.s.stage = { kind: 'gate', tile };
    return;
  }
  startScoring(ctx, tile, null);
}

/** Fields holding a region of one of `tiles` that are closed and not yet scored. */
export function closedBy(s: FarmState, board: Board, ...tiles: number[]): Field[] {
  const done = scoredRegions(s);
  const out = new Map<number, Field>();
  for (const tile of tiles) {
    board.def(tile).regions.forEach((_, r) => {
      const f = board.fieldOf(regionKey(tile, r));
      if (!f.open && !done.has(f.regions[0] as number)) out.set(f.id, f);
    });
  }
  return [...out.values()];
}

/** F10: the farms closed by the placement (or the gate toggled, R9) go into the scoring queue. */
function startScoring(ctx: Ctx, tile: number, gate: number | null): void {
  const s = ctx.s;
  s.stage = { kind: 'claim', tile };
  s.queue = closedBy(s, ctx.board(), ...(gate === null ? [tile] : [tile, gate])).map((f) => [...f.regions]);
  proceed(ctx);
}

/**
 * Carries the turn on after a placement or an answered choice: scores the queued farms one by
 * one (each may ask players for choices, answered before the next), then the claim step.
 */
function proceed(ctx: Ctx): void {
  const s = ctx.s;
  while (!s.outcome && s.pending.length === 0) {
    const next = s.queue.shift();
    if (!next) break;
    scoreFarm(ctx, next, s.current);
    autoAnswer(ctx);
  }
  if (s.outcome || s.pending.length > 0 || s.queue.length > 0) return;
  if (s.stage.kind === 'claim' && (s.out[s.current] || claimOptions(s, ctx.board(), s.stage.tile, s.current).length === 0)) endTurn(ctx);
}

/** A choice with one option is no choice: it is carried out at once (and said). */
function autoAnswer(ctx: Ctx): void {
  const s = ctx.s;
  for (let p = s.pending[0]; p && (p.options.length === 1 || s.out[p.seat]); p = s.pending[0]) {
    const region = s.out[p.seat] ? simplePending(s, p) : (p.options[0] as number);
    s.pending.shift();
    if (p.kind === 'fox') s.fox = region;
    else if (s.bales) {
      s.bales.supply -= 1;
      s.bales.on.push(region);
    }
    ctx.emit({ type: p.kind, seat: p.seat, region });
  }
}

/** Seats in play order starting at the closer's left. */
const fromLeftOf = (s: FarmState, closer: number): number[] => s.seats.map((_, i) => (closer + 1 + i) % s.seats.length);

/** One farm scored (R2 order): animals, Market, card; henhouses home; bales; the fox. */
function scoreFarm(ctx: Ctx, regions: number[], closer: number): void {
  const s = ctx.s;
  const board = ctx.board();
  const field = board.fieldOf(regions[0] as number);
  const v = valueOf(s, board, field, closer);
  for (const a of v.awards) s.scores[a.seat] = (s.scores[a.seat] ?? 0) + a.points;
  const inFarm = new Set(field.regions);
  s.henhouses = s.henhouses.filter((h) => !inFarm.has(h.region));
  s.farms.push({ regions: [...field.regions], closer, owners: v.owners, animals: v.animals.length, awards: v.awards });
  const farm = s.farms.length - 1;
  ctx.emit({ type: 'scored', farm, closer, owners: v.owners, animals: v.animals.length, single: v.single, awards: v.awards });
  if (v.eaten > 0) ctx.emit({ type: 'foxAte', farm, chickens: v.eaten });
  // R18: the closer takes the farm's bales; each owner drops one on a field next to it.
  if (s.bales) {
    const taken = s.bales.on.filter((k) => inFarm.has(k)).length;
    if (taken > 0) {
      s.bales.on = s.bales.on.filter((k) => !inFarm.has(k));
      s.bales.held[closer] = (s.bales.held[closer] ?? 0) + taken;
      ctx.emit({ type: 'balesTaken', seat: closer, count: taken });
    }
    const next = board.adjacentFields(field).filter((f) => f.open).map((f) => f.regions[0] as number);
    let supply = s.bales.supply - s.pending.filter((p) => p.kind === 'bale').length;
    for (const owner of fromLeftOf(s, closer).filter((o) => v.owners.includes(o) && !s.out[o])) {
      if (supply <= 0 || next.length === 0) break;
      s.pending.push({ seat: owner, kind: 'bale', options: next });
      supply--;
    }
  }
  // R5: the fox goes to an open field after the first farm with chickens, and after each later
  // farm with chickens or the fox.
  if (s.options.chickens) {
    const hadChickens = animalsIn(board, field).includes('chicken');
    const foxHere = s.fox !== null && inFarm.has(s.fox);
    if (hadChickens || foxHere) {
      const from = foxHere || s.fox === null ? null : board.fieldOf(s.fox).id;
      if (foxHere) s.fox = null;
      const fields = board.fields().filter((f) => f.open && f.id !== from).map((f) => f.regions[0] as number);
      if (fields.length === 0) {
        s.fox = null;
        s.foxSeen = false;
        ctx.emit({ type: 'fox', seat: null, region: null });
      } else {
        s.foxSeen = true;
        const owners = v.owners.filter((o) => !s.out[o]);
        const fewest = Math.min(...owners.map((o) => s.scores[o] ?? 0));
        const chooser = owners.length === 0 ? closer : (fromLeftOf(s, closer).find((o) => owners.includes(o) && s.scores[o] === fewest) as number);
        s.pending.push({ seat: chooser, kind: 'fox', options: fields });
      }
    }
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
  // R7: once per turn in which a market tile was placed, the next card is turned.
  if (s.market?.turn) {
    s.market.turn = false;
    if (s.market.deck.length === 0) s.market.deck = ctx.rng.shuffle(s.market.discards.splice(0));
    const next = s.market.deck.shift();
    if (next) {
      s.market.discards.push(s.market.up);
      s.market.up = next;
      ctx.emit({ type: 'market', card: next });
    }
  }
  s.stage = { kind: 'place' };
  if (!tilesLeft(s)) return finish(ctx, 'tiles');
  const seats = inGame(s);
  if (seats.length < 2) return finish(ctx, 'alone');
  // S7: a Spring extra turn, at once.
  if (playsAgain(s, seat)) {
    ctx.emit({ type: 'extraTurn', seat });
    beginTurn(ctx);
    return;
  }
  const n = s.seats.length;
  const pos = (x: number) => (x - s.first + n) % n;
  let next = seat;
  do next = (next + 1) % n; while (s.out[next]);
  if (pos(next) <= pos(seat)) {
    s.round += 1;
    if (s.round > s.options.roundLimit) return finish(ctx, 'rounds');
    s.current = next;
    newRound(ctx);
  }
  s.current = next;
  beginTurn(ctx);
}

/** A round begins: its season card is turned (S1). */
function newRound(ctx: Ctx): void {
  const e = turnSeason(ctx.s, ctx.rng);
  if (e) ctx.emit(e);
}

/** F7's turn start: F8's check of the hand, then the turn is asked for, or skipped. */
function beginTurn(ctx: Ctx): void {
  const s = ctx.s;
  const seat = s.current;
  // S3: a Drought skips the round's leaders (start and end effects still run, S1).
  if (startOfTurn(s, seat)) {
    ctx.emit({ type: 'turn', seat, round: s.round });
    ctx.emit({ type: 'droughtSkip', seat });
    endTurn(ctx);
    return;
  }
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
  s.pending = [];
  s.queue = [];
  if (reason === 'aborted') {
    s.outcome = { kind: 'aborted', winners: [], reason };
  } else {
    // R18: each player scores their bales squared.
    if (s.bales) {
      const awards = s.bales.held.map((n, seat) => ({ seat, points: n * n, why: 'bales' as const })).filter((a) => a.points > 0);
      for (const a of awards) s.scores[a.seat] = (s.scores[a.seat] ?? 0) + a.points;
      if (awards.length) ctx.emit({ type: 'final', awards });
    }
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
  // Their owed bales are dropped; an owed fox is placed by the simple strategy.
  s.pending = s.pending.filter((p) => !(p.seat === seat && p.kind === 'bale'));
  autoAnswer(ctx);
  if (s.current === seat && s.stage.kind === 'place') endTurn(ctx);
  else if (s.current === seat && s.stage.kind === 'gate') startScoring(ctx, s.stage.tile, null);
  else proceed(ctx);
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
  if (activeSeats(state)[0] !== a.seat) return refuse('NOT_WAITING', 'That player is not being waited for.');
  // H2: the computer plays the owed turn, or answers the owed choices, with the simple strategy.
  const choiceOnly = state.pending.length > 0;
  const round = state.round;
  // One timeout plays one turn: a Spring extra turn (S7) earned in it waits for its player.
  for (let guard = 0; guard < 20 && !ctx.s.outcome && activeSeats(ctx.s)[0] === a.seat && ctx.s.round === round && !ctx.events.some((e) => e.type === 'extraTurn'); guard++) {
    if (choiceOnly && ctx.s.pending.length === 0) break;
    const choice = simpleChoice(ctx.s, a.seat);
    if (!choice) break;
    play(ctx, a.seat, choice);
    if (choice.type === 'claim' || choice.type === 'pass') break;
  }
  const inARow = (state.timeouts[a.seat] ?? 0) + 1;
  ctx.s.timeouts[a.seat] = inARow;
  ctx.emit({ type: 'timedOut', seat: a.seat, inARow });
  if (inARow >= 3 && !ctx.s.out[a.seat] && !ctx.s.outcome) removeSeat(ctx, a.seat, 'timeouts');
  return ctx.done();
}

/** The simple bot's choice (F15); it lives beside the engine because H2 plays it for timeouts. */
export function simpleChoice(s: FarmState, seat: number): Action | null {
  if (s.outcome || activeSeats(s)[0] !== seat) return null;
  const owed = s.pending[0];
  if (owed) return { type: owed.kind, region: simplePending(s, owed) };
  const board = new Board(s.placed);
  const rng = new Rng([s.rng[0] ^ (seat + 1), s.rng[1], s.rng[2] ^ 0x9e3779b9, s.rng[3]]);
  if (s.stage.kind === 'gate') {
    // The toggle that gains most at once over the best opponent, if any gains.
    let best: Action = { type: 'keepGates' };
    let bestValue = 0;
    for (const tile of gateOptions(s, board, s.stage.tile)) {
      const placed = s.placed.map((p, i) => (i === tile ? { ...p, gateOpen: !p.gateOpen } : p));
      const after = new Board(placed);
      const gain = s.seats.map(() => 0);
      for (const field of closedBy(s, after, s.stage.tile, tile)) for (const a of valueOf(s, after, field, seat).awards) gain[a.seat] = (gain[a.seat] ?? 0) + a.points;
      const value = (gain[seat] ?? 0) - Math.max(0, ...gain.filter((_, i) => i !== seat));
      if (value > bestValue) [best, bestValue] = [{ type: 'gate', tile }, value];
    }
    return best;
  }
  if (s.stage.kind === 'claim') {
    const options = claimOptions(s, board, s.stage.tile, seat);
    let best: number | null = null;
    let most = 0;
    for (const key of options) {
      const n = board.fieldOf(key).regions.reduce((sum, k) => sum + (board.def(Math.floor(k / 4)).regions[k % 4]?.animals.length ?? 0), 0);
      if (n > most) [best, most] = [key, n];
    }
    return best === null ? (simpleEviction(s, board, seat) ?? { type: 'pass' }) : { type: 'claim', region: best };
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
  const season = simpleSeasonMove(s, board, seat, bestScore, (placed, tile) => gainsOn(s, placed, tile, seat));
  if (season) return season;
  const p = rng.pick(best);
  return { type: 'place', tile: p.id, x: p.x, y: p.y, rot: p.rot };
}

/**
 * The simple strategy's field for a token (F15): the fox where it eats most of others'
 * chickens; a bale into a field the seat owns (it may close it), else the first offered.
 */
function simplePending(s: FarmState, p: Pending): number {
  const board = new Board(s.placed);
  const score = (key: number): number => {
    const field = board.fieldOf(key);
    const owners = ownersOf(s, field);
    const chickens = animalsIn(board, field).filter((a) => a === 'chicken').length;
    if (p.kind === 'fox') return owners.includes(p.seat) ? -chickens : chickens + owners.length;
    return owners.includes(p.seat) ? 10 : -owners.length;
  };
  let best = p.options[0] as number;
  for (const k of p.options) if (score(k) > score(best)) best = k;
  return best;
}

/** Points each seat would score at once from a placement by `seat`. */
export function gainsIf(s: FarmState, p: Placement, seat: number): number[] {
  return gainsOn(s, [...s.placed, { id: p.id, x: p.x, y: p.y, rot: p.rot, by: seat }], s.placed.length, seat);
}

/** Points each seat would score at once on the map `placed`, `tile` just laid by `seat`. */
function gainsOn(s: FarmState, placed: FarmState['placed'], tile: number, seat: number): number[] {
  const board = new Board(placed);
  const gain = s.seats.map(() => 0);
  for (const field of closedBy(s, board, tile)) {
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
