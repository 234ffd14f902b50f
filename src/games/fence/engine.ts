/**
 * The FENCE! engine: set up a game (`setup`), list a player's legal actions, play an action (`play`).
 * Pure and deterministic: all randomness comes from the generator stored in the state.
 * `play` never throws on bad input and never changes the state it is given.
 */
import type { Applied, LeaveReason, TimedOut } from '../../platform/game.ts';
import { Rng, seedRng } from '../../platform/rng.ts';
import { actionSchema, sameAction, type Action, type Refusal } from './actions.ts';
import { buildContext, buildersNow, connectionsAt, hasLegalPlacement, placementProblem, type Placement } from './building.ts';
import { COLOURS, colourOf, hasColour, isNumber, removeCards, sortCards, valueOf, type Card, type Colour } from './cards.ts';
import type { FenceEvent } from './events.ts';
import { graphOf, tileIdOfKey, type NbId } from './geometry.ts';
import { actingSeats, buildingAtOnce, legalActions, movesOf, remember, whoMustAct } from './legal.ts';
import { explainRefusal } from './refusals.ts';
import { hotGoodsDistances } from './roads.ts';
import { seatsInGame } from '../../platform/seats.ts';
import { canLeaveJail, movingOthers, firstPlayerOf, hotGoodsPerRound, inPlay, inPlayAt, isJailed, tileSetOf } from './rules.ts';
import { chooseSimple, simpleCandidates } from './ai/simple.ts';
import { DEFAULT_OPTIONS, STATE_VERSION, type Extended, type FenceOptions, type FenceState, type HotGoodsRoll, type SeatInfo } from './state.ts';
import { choosableColours, stashSize, takeCard, takePair } from './stash.ts';
import * as variants from './variants/index.ts';
import type { Table } from './variants/variant.ts';

export interface SetupInput {
  seats: SeatInfo[];
  seed: string;
  options?: Partial<FenceOptions>;
  /** Dice results to use before the generator (scenarios and tests). */
  fixedDice?: number[];
}

/** Working copy of a state for one apply: only what an action can change is copied. */
class Ctx implements Table {
  readonly s: FenceState;
  /** Set by `advance` when it stops for a player; cleared by any later change. */
  settled: { seat: number; legal: Action[] } | null = null;
  /** Set by `advance` when it stops for several builders at once (Free-For-All). */
  builders: number[] | null = null;
  readonly events: FenceEvent[] = [];
  readonly rng: Rng;
  constructor(state: FenceState) {
    // Every field spelled out (no spread): one fixed object shape, several times faster to
    // build, and this runs for every action. Arrays an action may change are copied.
    const building = state.phase === 'building';
    this.s = {
      version: state.version,
      game: state.game,
      options: state.options,
      seats: state.seats,
      rng: state.rng,
      fixedDice: state.fixedDice.length ? [...state.fixedDice] : [],
      phase: state.phase,
      oldTown: state.oldTown,
      map: state.map,
      tileHands: building ? state.tileHands.map((h) => [...h]) : state.tileHands,
      discardedTiles: building ? [...state.discardedTiles] : state.discardedTiles,
      passesInRow: state.passesInRow,
      startCards: [...state.startCards],
      stash: state.stash,
      hands: [...state.hands],
      discard: state.discard,
      pawns: [...state.pawns],
      cops: state.cops,
      out: [...state.out],
      timeouts: [...state.timeouts],
      firstPlayer: state.firstPlayer,
      current: state.current,
      round: state.round,
      turn: {
        pushed: state.turn.pushed, cops: state.turn.cops,
        ...(state.turn.boat ? { boat: true } : {}), ...(state.turn.ending ? { ending: true } : {}), ...(state.turn.offers ? { offers: state.turn.offers } : {}),
      },
      pending: state.pending,
      hotGoods: state.hotGoods ? { round: state.hotGoods.round, rolls: [...state.hotGoods.rolls], due: state.hotGoods.due } : null,
      lastMove: state.lastMove,
      outcome: state.outcome,
      extended: state.extended,
      jailings: state.jailings,
    };
    this.rng = new Rng(state.rng);
  }
  private ownExt = false;
  ext(): Extended {
    if (!this.ownExt) {
      this.s.extended = { ...this.s.extended };
      this.ownExt = true;
    }
    return this.s.extended as Extended;
  }
  shuffle<T>(items: T[]): T[] {
    return this.rng.shuffle(items);
  }
  giveCards(seat: number, count: number, why: 'hotGoods' | 'evidence' | 'reward'): void {
    askColour(this, seat, why, count);
  }
  moveCops(seat: number, to: NbId, how: 'hunch'): void {
    const from = this.s.cops as NbId;
    this.s.cops = to;
    this.s.turn.cops = true;
    this.emit({ type: 'copsMoved', seat, how, cards: [], from, to });
    this.s.lastMove = { kind: 'tipOff', seat, piece: 'cops', from, to };
    // A Hunch that lands on a pawn draws as a tip-off does (State's Evidence on a Hunch).
    jailAt(this, seat, to, 'tipOff');
  }
  hand(seat: number): Card[] {
    return [...(this.s.hands[seat] ?? [])];
  }
  setHand(seat: number, cards: Card[]): void {
    this.s.hands[seat] = sortCards(cards);
  }
  private ownPiles = false;
  /** The Stash and discard pile, copied on first write (most actions touch neither). */
  piles(): { stash: FenceState['stash']; discard: Card[] } {
    if (!this.ownPiles) {
      const { red, blue, mixed } = this.s.stash;
      this.s.stash = mixed ? { red: [...red], blue: [...blue], mixed: [...mixed] } : { red: [...red], blue: [...blue] };
      this.s.discard = [...this.s.discard];
      this.ownPiles = true;
    }
    return { stash: this.s.stash, discard: this.s.discard };
  }
  emit(e: FenceEvent): void {
    this.events.push(e);
  }
  die(): number {
    const fixed = this.s.fixedDice.shift();
    return fixed ?? this.rng.die();
  }
  finish(): Applied<FenceState, FenceEvent> {
    this.s.rng = this.rng.state;
    remember(this.s, this.settled, this.builders);
    return { ok: true, state: this.s, events: this.events };
  }
}

// ---- Creating a game ---------------------------------------------------------------------

export function setup(input: SetupInput): Applied<FenceState, FenceEvent> {
  const options: FenceOptions = { ...DEFAULT_OPTIONS, ...input.options };
  const n = input.seats.length;
  if (n < 2 || n > 8) throw new RangeError(`FENCE! needs 2–8 players, not ${n}`);
  const set = tileSetOf({ options } as FenceState);
  const rng = new Rng(seedRng(input.seed));
  // B1: one red and one blue Ace–6 per player, two shuffled piles.
  const deck = variants.deckOf(options, n);
  const stash: FenceState['stash'] = variants.onePileFromStart(options)
    ? { red: [], blue: [], mixed: rng.shuffle([...deck.red, ...deck.blue]) }
    : { red: rng.shuffle(deck.red), blue: rng.shuffle(deck.blue) };
  // B2: tiles shuffled and dealt round-robin (Big Map: two sets, the second copy keyed "#2").
  const tiles = rng.shuffle(variants.tileKeys(options, set.tiles.map((t) => t.id)));
  const tileHands: string[][] = input.seats.map(() => []);
  tiles.forEach((t, i) => tileHands[i % n]!.push(t));
  // B3: secret start cards.
  const discard: Card[] = [];
  const startCards = input.seats.map(() => (variants.noStartCards(options) ? null : takePair(stash, discard)));
  const oldTownId = set.tiles.find((t) => t.neighborhoods.some((nb) => nb.name === 'Old Town'))?.id;
  if (!oldTownId) throw new Error('the tile set has no Old Town');
  const holder = tileHands.findIndex((h) => h.includes(oldTownId));
  const state: FenceState = {
    version: STATE_VERSION,
    game: 'fence',
    options,
    seats: input.seats.map((s) => ({ ...s })),
    rng: rng.state,
    fixedDice: [...(input.fixedDice ?? [])],
    phase: 'building',
    oldTown: oldTownId,
    map: [],
    tileHands,
    discardedTiles: [],
    passesInRow: 0,
    startCards,
    stash,
    hands: input.seats.map(() => []),
    discard,
    pawns: input.seats.map(() => null),
    cops: null,
    out: input.seats.map(() => false),
    timeouts: input.seats.map(() => 0),
    firstPlayer: holder,
    current: holder,
    round: 0,
    turn: { pushed: false, cops: false },
    pending: null,
    hotGoods: null,
    lastMove: null,
    outcome: null,
  };
  const ctx = new Ctx(state);
  if (variants.variantsOf(options).length > 0) ctx.emit({ type: 'playingWith' });
  // B4: Old Town goes to the centre; that is its holder's placement.
  placeTile(ctx, holder, { type: 'place', tile: oldTownId, x: 0, y: 0, rot: 0 });
  ctx.s.current = nextSeat(ctx.s, holder);
  if (options.autoBuild) autoBuild(ctx);
  advance(ctx);
  return ctx.finish();
}

/** The auto-build option: every seat places by the simple strategy until building ends. */
function autoBuild(ctx: Ctx): void {
  let guard = 0;
  while (ctx.s.phase === 'building' && guard++ < 1000) {
    advance(ctx);
    if (ctx.s.phase !== 'building') break;
    const seat = whoMustAct(ctx.s) as number;
    const action = chooseSimple(ctx.s, seat, simpleCandidates(ctx.s, seat), ctx.rng);
    applyLegal(ctx, seat, action);
  }
}

// ---- Applying -----------------------------------------------------------------------------------

/**
 * Applies one of a seat's own actions (the platform has checked the seat is in and the game
 * goes on; src/platform/requests.ts). Bad input is refused, never thrown.
 */
export function play(state: FenceState, actor: number, input: unknown): Applied<FenceState, FenceEvent> | Refusal {
  if (!Number.isInteger(actor) || actor < 0 || actor >= state.seats.length) {
    return explainRefusal(state, actor, input, { kind: 'notSeated' });
  }
  const parsed = actionSchema.safeParse(input);
  if (!parsed.success) return explainRefusal(state, actor, input, { kind: 'invalid', detail: parsed.error.issues[0]?.message ?? 'bad request' });
  const action = parsed.data;
  if (state.outcome) return explainRefusal(state, actor, action, { kind: 'gameOver' });
  if (state.out[actor]) return explainRefusal(state, actor, action, { kind: 'notInGame' });
  // Everyone building at once: a placement is judged on its own (the reason it fails says more).
  const placing = action.type === 'place' || action.type === 'swap';
  const anyBuilder = placing && !state.pending && buildingAtOnce(state);
  if (!anyBuilder && !actingSeats(state).includes(actor)) return explainRefusal(state, actor, action, { kind: 'notYourTurn' });
  if (action.type === 'place' || action.type === 'swap') {
    if (state.phase !== 'building') return explainRefusal(state, actor, action, { kind: 'wrongPhase' });
    if (state.pending) return explainRefusal(state, actor, action, { kind: 'pendingFirst' });
    const problem = placementProblem(buildContext(state, tileSetOf(state)), actor, action);
    if (problem) return explainRefusal(state, actor, action, { kind: 'placement', problem });
  } else {
    const own = variants.refusal(state, actor, action);
    if (own) return own;
    const legal = action.type === 'offerTrade' ? legalActions(state, actor) : movesOf(state, actor);
    if (!legal.some((a) => sameAction(a, action))) return explainRefusal(state, actor, action, { kind: 'illegal', legal: movesOf(state, actor) });
  }
  const ctx = new Ctx(state);
  applyLegal(ctx, actor, action);
  advance(ctx);
  return ctx.finish();
}

/** H4 (and H2's removal): a seat leaves the game. */
export function leaveGame(state: FenceState, seat: number, reason: LeaveReason): Applied<FenceState, FenceEvent> {
  const ctx = new Ctx(state);
  removeSeat(ctx, seat, reason);
  advance(ctx);
  return ctx.finish();
}

export function abortGame(state: FenceState): Applied<FenceState, FenceEvent> {
  const ctx = new Ctx(state);
  end(ctx, { kind: 'aborted' });
  advance(ctx);
  return ctx.finish();
}

/** H2: the computer plays the timed-out seat's owed turn (or owed choice) with the simple strategy. */
export function timeOut(state: FenceState, seat: number, inARow: number): TimedOut<FenceState, FenceEvent> {
  const ctx = new Ctx(state);
  // A seat asked during another player's turn (an offer's target): the variant answers for
  // them; it was no turn of theirs, so it does not count towards removal.
  if (!state.pending && state.phase === 'main' && seat !== state.current && variants.timedOut(ctx, seat)) {
    advance(ctx);
    return { ...ctx.finish(), counts: false };
  }
  // One placement for a builder among several: the others are not waiting for them.
  const choiceOnly = state.pending !== null || buildingAtOnce(state);
  const same = () => ctx.s.round === state.round && ctx.s.phase === state.phase && ctx.s.current === seat
    && !(ctx.s.hotGoods && ctx.s.hotGoods.round === ctx.s.round);
  let guard = 0;
  do {
    const legal = simpleCandidates(ctx.s, seat);
    if (legal.length === 0) break;
    applyLegal(ctx, seat, chooseSimple(ctx.s, seat, legal, ctx.rng));
    advance(ctx);
  } while (!choiceOnly && !ctx.s.outcome && whoMustAct(ctx.s) === seat && same() && guard++ < 20);
  ctx.emit({ type: 'timedOut', seat, inARow });
  advance(ctx);
  return ctx.finish();
}

/** Carries out an action already known to be legal. */
function applyLegal(ctx: Ctx, seat: number, action: Action): void {
  const s = ctx.s;
  ctx.settled = null;
  variants.beforeAction(ctx, seat, action);
  switch (action.type) {
    case 'place':
    case 'swap':
      placeTile(ctx, seat, action);
      s.passesInRow = 0;
      s.current = nextSeat(s, seat);
      return;
    case 'chooseColour':
      answerColour(ctx, action.colour);
      return;
    case 'chooseNeighborhood':
      answerNeighborhood(ctx, action.nb);
      return;
    case 'moveSelf': {
      const from = s.pawns[seat] as NbId | 'jail';
      discardFromHand(ctx, seat, action.cards);
      s.pawns[seat] = action.to;
      ctx.emit({ type: 'movedSelf', seat, cards: action.cards, from, to: action.to });
      if (from === 'jail') ctx.emit({ type: 'released', seat });
      s.lastMove = { kind: 'self', seat, piece: seat, from, to: action.to };
      endTurn(ctx);
      return;
    }
    case 'push': {
      const from = s.pawns[action.target] as NbId;
      s.pawns[action.target] = action.to;
      s.turn.pushed = true;
      ctx.emit({ type: 'pushed', seat, target: action.target, from, to: action.to });
      s.lastMove = { kind: 'push', seat, piece: action.target, from, to: action.to };
      if (action.to === s.cops) jailAt(ctx, seat, action.to, 'road');
      return;
    }
    case 'copsRoad':
    case 'tipOff': {
      const from = s.cops as NbId;
      const cards = action.type === 'tipOff' ? action.cards : [];
      if (cards.length) discardFromHand(ctx, seat, cards);
      s.cops = action.to;
      s.turn.cops = true;
      const how = action.type === 'tipOff' ? 'tipOff' : 'road';
      ctx.emit({ type: 'copsMoved', seat, how, cards, from, to: action.to });
      s.lastMove = { kind: how === 'road' ? 'copsRoad' : 'tipOff', seat, piece: 'cops', from, to: action.to };
      jailAt(ctx, seat, action.to, how);
      return;
    }
    default:
      variants.act(ctx, seat, action);
      // A choice asked as the turn ended (the Trading Post) is answered: the turn ends now.
      if (s.turn.ending && !s.pending) endTurn(ctx);
  }
}

function discardFromHand(ctx: Ctx, seat: number, cards: readonly Card[]): void {
  ctx.s.hands[seat] = removeCards(ctx.s.hands[seat] ?? [], cards) ?? [];
  ctx.piles().discard.push(...cards);
}

/** B16/B17: every pawn in the neighborhood goes to Jail; a jailed mover Turns State's Evidence. */
function jailAt(ctx: Ctx, mover: number, nb: NbId, how: 'road' | 'tipOff'): void {
  const s = ctx.s;
  const caught = s.pawns.map((p, i) => (p === nb && !s.out[i] ? i : -1)).filter((i) => i >= 0);
  if (caught.length === 0) return;
  for (const i of caught) s.pawns[i] = 'jail';
  ctx.emit({ type: 'jailed', seats: caught, nb });
  recordJailing(ctx, mover, caught);
  variants.jailed(ctx, caught);
  if (!isJailed(s, mover) || caught.includes(mover)) return;
  ctx.emit({ type: 'stateEvidence', seat: mover, how });
  if (how === 'road') {
    askColour(ctx, mover, 'evidence');
  } else {
    drawForPair(ctx, mover);
  }
}

/** Who sent whom to Jail, for the game's summary at its end (null: the Cops where they were placed). */
function recordJailing(ctx: Ctx, by: number | null, seats: number[]): void {
  ctx.s.jailings = [...(ctx.s.jailings ?? []), { by, seats, round: ctx.s.round }];
}

/**
 * The fewest cards that give one red and one blue: the missing colours, or from one pile the
 * top cards until the hand holds both (or the pile runs out).
 */
function drawForPair(ctx: Ctx, seat: number): void {
  const held = (colour: Colour) => hasColour(ctx.s.hands[seat] ?? [], colour);
  if (!ctx.s.stash.mixed) {
    for (const colour of COLOURS) if (!held(colour)) drawCard(ctx, seat, colour, 'evidence');
    return;
  }
  while (stashSize(ctx.s.stash) > 0 && !(held('red') && held('blue'))) drawCard(ctx, seat, null, 'evidence');
}

/** Draws the top card of a colour's pile, or of the one pile (its colour then stays secret). */
function drawCard(ctx: Ctx, seat: number, colour: Colour | null, why: DrawReason, chosen = false): void {
  const c = takeCard(ctx.piles().stash, colour);
  if (!c) return;
  ctx.s.hands[seat] = sortCards([...(ctx.s.hands[seat] ?? []), c]);
  ctx.emit({ type: 'cardDrawn', seat, colour: ctx.s.stash.mixed ? null : colourOf(c), why, ...(chosen ? { chosen: true as const } : {}) });
}

type DrawReason = 'hotGoods' | 'evidence' | 'reward';

/**
 * H1: `count` cards, the colour of each chosen by the player when both piles have cards (else
 * the other colour; from one pile, the top card).
 */
function askColour(ctx: Ctx, seat: number, reason: DrawReason, count = 1): void {
  for (let k = 0; k < count; k++) {
    const available = choosableColours(ctx.s.stash);
    if (ctx.s.stash.mixed) drawCard(ctx, seat, null, reason);
    else if (available.length === 2) {
      ctx.s.pending = { kind: 'drawColour', seat, reason, count: count - k };
      return;
    } else if (available.length === 1) drawCard(ctx, seat, available[0] as Colour, reason);
  }
}

function answerColour(ctx: Ctx, colour: Colour): void {
  const p = ctx.s.pending;
  if (p?.kind === 'discardColour') {
    ctx.s.pending = null;
    variants.answerColour(ctx, colour);
    return;
  }
  if (!p || p.kind !== 'drawColour') return;
  ctx.s.pending = null;
  drawCard(ctx, p.seat, colour, p.reason, true);
  if (p.count > 1) askColour(ctx, p.seat, p.reason, p.count - 1);
}

function answerNeighborhood(ctx: Ctx, nb: NbId): void {
  const p = ctx.s.pending;
  if (!p || !('options' in p)) return;
  ctx.s.pending = null;
  if (p.kind === 'marker') return variants.answerMarker(ctx, p.what, nb);
  if (p.kind === 'pawnNeighborhood') placePawn(ctx, p.seat, nb);
  else placeCops(ctx, p.seat, nb);
}

// ---- Building ------------------------------------------------------------------------------------

function placeTile(ctx: Ctx, seat: number, p: Placement): void {
  const s = ctx.s;
  const set = tileSetOf(s);
  // Free-For-All: an empty hand places a tile another player holds.
  const owner = s.tileHands[seat]?.includes(p.tile) ? seat : s.tileHands.findIndex((h) => h.includes(p.tile));
  s.tileHands[owner] = (s.tileHands[owner] ?? []).filter((t, i, hand) => !(t === p.tile && hand.indexOf(t) === i));
  let replaced: string | null = null;
  const before = s.map;
  if (p.type === 'swap') {
    const i = s.map.findIndex((t) => t.x === p.x && t.y === p.y);
    replaced = s.map[i]!.key;
    s.map = s.map.map((t, j) => (j === i ? { key: p.tile, x: p.x, y: p.y, rot: p.rot, locked: true } : t));
    s.tileHands[seat]!.push(replaced);
  } else {
    s.map = [...s.map, { key: p.tile, x: p.x, y: p.y, rot: p.rot }];
    // The new map's road graph grows from the old one's (the next listing needs it anyway).
    graphOf(s.map, set, before);
  }
  const connections = connectionsAt(s.map, set, p.x, p.y).map((c) => ({ nb: c.nb, to: c.to }));
  const from = owner === seat ? {} : { owner };
  if (replaced) ctx.emit({ type: 'tileSwapped', seat, tile: p.tile, replaced, x: p.x, y: p.y, rot: p.rot, connections, ...from });
  else ctx.emit({ type: 'tilePlaced', seat, tile: p.tile, x: p.x, y: p.y, rot: p.rot, connections, ...from });
  variants.tilePlaced(ctx, seat, p.x, p.y);
}

/** B8: map building ends; leftover tiles are discarded and off-limits neighborhoods fixed (B9). */
function endBuilding(ctx: Ctx): void {
  const s = ctx.s;
  s.discardedTiles = [...s.discardedTiles, ...s.tileHands.flat()];
  s.tileHands = s.seats.map(() => []);
  const live = inPlay(s);
  const offLimits = s.map.flatMap((p) => tileSetOf(s).byId.get(tileIdOfKey(p.key))!.neighborhoods.map((_, i) => `${p.key}/${i}`)).filter((id) => !live.has(id));
  ctx.emit({ type: 'buildingEnded', discardedTiles: s.discardedTiles, offLimits });
  s.phase = 'pawns';
  s.current = firstActiveFrom(s, s.firstPlayer);
  variants.afterBuilding(ctx);
}

// ---- Pawns and Cops (B10–B12) -------------------------------------------------------------------

/** B10 for the current seat: reveal, redraw while the tile is absent or full, then place or ask. */
function startPawn(ctx: Ctx, seat: number): void {
  const s = ctx.s;
  for (let attempt = 0; attempt < 100; attempt++) {
    const start = s.startCards[seat];
    if (!start) {
      // The Stash ran dry during redraws: any free in-play neighborhood will do.
      const free = [...inPlay(s)].filter((nb) => !s.pawns.includes(nb) && nb !== s.cops).sort();
      askOrPlacePawn(ctx, seat, free);
      return;
    }
    const red = Number(start.red[1]), blue = Number(start.blue[1]);
    const options = inPlayAt(s, red, blue);
    const tile = options.length ? options[0]!.slice(0, options[0]!.lastIndexOf('/')) : null;
    ctx.emit({ type: 'startRevealed', seat, cards: [start.red, start.blue], tile });
    ctx.piles().discard.push(start.red, start.blue);
    s.startCards[seat] = null;
    const free = options.filter((nb) => !s.pawns.includes(nb));
    const usable = options.length === 1 ? options : free;
    if (usable.length > 0) {
      askOrPlacePawn(ctx, seat, usable);
      return;
    }
    ctx.emit({ type: 'startRedrawn', seat, why: options.length ? 'taken' : 'absent' });
    const { stash, discard } = ctx.piles();
    s.startCards[seat] = takePair(stash, discard);
  }
}

function askOrPlacePawn(ctx: Ctx, seat: number, options: NbId[]): void {
  if (options.length === 1) placePawn(ctx, seat, options[0] as NbId);
  else if (options.length > 1) ctx.s.pending = { kind: 'pawnNeighborhood', seat, options };
}

function placePawn(ctx: Ctx, seat: number, nb: NbId): void {
  ctx.s.pawns[seat] = nb;
  ctx.emit({ type: 'pawnPlaced', seat, nb });
  ctx.s.lastMove = { kind: 'placed', seat, piece: seat, from: null, to: nb };
}

/** B11: First Player rolls the Cops' tile, rerolling absent tiles, and picks the neighborhood. */
function rollCops(ctx: Ctx): void {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const red = ctx.die(), blue = ctx.die();
    const options = inPlayAt(ctx.s, red, blue);
    ctx.emit({ type: 'copsRolled', red, blue, absent: options.length === 0 });
    if (options.length === 1) return placeCops(ctx, firstPlayerOf(ctx.s), options[0] as NbId);
    if (options.length > 1) {
      ctx.s.pending = { kind: 'copsNeighborhood', seat: firstPlayerOf(ctx.s), options };
      return;
    }
  }
}

function placeCops(ctx: Ctx, by: number, nb: NbId): void {
  const s = ctx.s;
  s.cops = nb;
  ctx.emit({ type: 'copsPlaced', nb, by });
  const caught = s.pawns.map((p, i) => (p === nb ? i : -1)).filter((i) => i >= 0);
  for (const i of caught) s.pawns[i] = 'jail';
  if (caught.length) ctx.emit({ type: 'jailed', seats: caught, nb });
  if (caught.length) recordJailing(ctx, null, caught);
  variants.afterCops(ctx);
  // B12: 2 red and 2 blue each, as far as the Stash allows, from First Player (from one
  // pile, its top four cards).
  const per = variants.dealPerColour(s.options);
  for (const seat of seatsFrom(s, s.firstPlayer)) {
    const got: Card[] = [];
    const { stash } = ctx.piles();
    if (stash.mixed) got.push(...stash.mixed.splice(-2 * per).reverse());
    else for (const colour of COLOURS) got.push(...stash[colour].splice(-per).reverse());
    s.hands[seat] = sortCards([...(s.hands[seat] ?? []), ...got]);
    const count = (colour: Colour) => (stash.mixed ? null : got.filter((c) => colourOf(c) === colour).length);
    ctx.emit({ type: 'dealt', seat, red: count('red'), blue: count('blue') });
  }
  variants.afterDeal(ctx);
  s.phase = 'main';
  startRound(ctx, 1);
}

// ---- Rounds and turns (B13) ------------------------------------------------------------------

function startRound(ctx: Ctx, round: number): void {
  const s = ctx.s;
  s.round = round;
  s.current = firstActiveFrom(s, s.firstPlayer);
  s.turn = { pushed: false, cops: false };
  ctx.emit({ type: 'roundStarted', round, firstPlayer: firstPlayerOf(s) });
  ctx.emit({ type: 'turnStarted', seat: s.current, jailed: isJailed(s, s.current) });
  skipIfOwed(ctx);
}

/** A turn a variant skips (an Unreliable Witness) ends at once, with nothing asked at its end. */
function skipIfOwed(ctx: Ctx): void {
  if (!variants.skipTurn(ctx, ctx.s.current)) return;
  ctx.s.turn.ending = true;
  endTurn(ctx);
}

/** Ends the current turn: the next seat clockwise, or Hot Goods when the round is complete. */
function endTurn(ctx: Ctx): void {
  const s = ctx.s;
  if (!s.turn.ending && !s.out[s.current] && variants.turnEnding(ctx, s.current)) {
    s.turn.ending = true;
    return;
  }
  s.turn = { pushed: false, cops: false };
  const n = s.seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (s.current + k) % n;
    if (i === s.firstPlayer) break;
    if (!s.out[i]) {
      s.current = i;
      ctx.emit({ type: 'turnStarted', seat: i, jailed: isJailed(s, i) });
      skipIfOwed(ctx);
      return;
    }
  }
  s.hotGoods = { round: s.round, rolls: [], due: variants.hotGoodsDue(s, hotGoodsPerRound(s)) };
}

/** B18: rolls the next Hot Goods; returns false when the round's Hot Goods are done. */
function rollHotGoods(ctx: Ctx): void {
  const s = ctx.s;
  const hg = s.hotGoods!;
  const stop = () => {
    ctx.emit({ type: 'hotGoodsStopped', why: 'stashEmpty' });
    hg.due = hg.rolls.length;
  };
  if (stashSize(s.stash) === 0) return stop();
  const drawn = variants.hotGoodsTile(ctx);
  if (drawn === null) return stop();
  const red = drawn ? drawn.red : ctx.die(), blue = drawn ? drawn.blue : ctx.die();
  const cards = drawn ? { cards: drawn.cards } : {};
  let roll: HotGoodsRoll;
  if (inPlayAt(s, red, blue).length === 0) {
    roll = { red, blue, ...cards, result: 'absent', winner: null, distance: null, copsDistance: null };
  } else {
    const d = hotGoodsDistances(s, red, blue);
    d.players = d.players.map((road, i) => variants.distance(s, i, red, blue, road));
    const reachable = d.players.map((v, i) => ({ v, i })).filter((p): p is { v: number; i: number } => p.v !== null);
    const best = Math.min(...reachable.map((p) => p.v));
    const nearest = reachable.filter((p) => p.v === best);
    const base = { red, blue, ...cards, copsDistance: d.cops };
    if (reachable.length === 0) roll = { ...base, result: 'unreachable', winner: null, distance: null };
    else if (nearest.length > 1) roll = { ...base, result: 'tie', winner: null, distance: best };
    else if (d.cops !== null && d.cops < best) roll = { ...base, result: 'cops', winner: null, distance: best };
    else roll = { ...base, result: 'won', winner: nearest[0]!.i, distance: best };
  }
  hg.rolls.push(roll);
  ctx.emit({ type: 'hotGoods', index: hg.rolls.length, of: hg.due, roll });
  if (roll.winner !== null) askColour(ctx, roll.winner, 'hotGoods', variants.hotGoodsPrize(s, red, blue));
  else variants.hotGoodsWasted(ctx);
}

/** After Hot Goods: First Player moves counter-clockwise (B13) and the next round starts, or H3 ends the game. */
function endRound(ctx: Ctx): void {
  const s = ctx.s;
  const n = s.seats.length;
  for (let k = 1; k <= n; k++) {
    const i = (s.firstPlayer - k + n) % n;
    if (!s.out[i]) {
      s.firstPlayer = i;
      break;
    }
  }
  ctx.emit({ type: 'firstPlayerMoved', seat: s.firstPlayer });
  const ended = variants.roundEnded(ctx);
  if (ended) return end(ctx, ended);
  const last = variants.lastRound(s);
  if (s.round >= last) {
    const free = seatsInGame(s).filter((i) => !isJailed(s, i));
    if (free.length === 0) return end(ctx, { kind: 'noWinner', reason: 'allJailed' });
    const most = Math.max(...free.map((i) => s.hands[i]!.length));
    const reason = last < s.options.roundLimit ? 'rolledRounds' : 'roundLimit';
    return end(ctx, { kind: 'winner', seats: free.filter((i) => s.hands[i]!.length === most), reason });
  }
  startRound(ctx, s.round + 1);
}

// ---- Leaving, victory ---------------------------------------------------------------------------

/** H2/H4: the seat leaves; pawn off the map, cards to the discard pile, tiles discarded. */
function removeSeat(ctx: Ctx, seat: number, reason: LeaveReason): void {
  const s = ctx.s;
  const wasActing = whoMustAct(s) === seat;
  s.out[seat] = true;
  s.pawns[seat] = null;
  ctx.piles().discard.push(...(s.hands[seat] ?? []));
  s.hands[seat] = [];
  const start = s.startCards[seat];
  if (start) ctx.piles().discard.push(start.red, start.blue);
  s.startCards[seat] = null;
  if (s.phase === 'building') {
    s.discardedTiles = [...s.discardedTiles, ...(s.tileHands[seat] ?? [])];
    s.tileHands[seat] = [];
  }
  variants.removed(ctx, seat);
  ctx.emit({ type: 'removed', seat, reason });
  if (seatsInGame(s).length === 0) return end(ctx, { kind: 'noWinner', reason: 'nobodyLeft' });
  if (s.pending?.seat === seat) {
    const owed = s.pending;
    s.pending = null;
    // The Cops still need a neighborhood, the Stash still loses a card: the simple strategy
    // picks for the game. A draw or a pawn of a player who left simply does not happen.
    if (owed.kind === 'copsNeighborhood' || owed.kind === 'discardColour') {
      s.pending = owed;
      s.out[seat] = false;
      const legal = movesOf(s, seat);
      s.out[seat] = true;
      applyLegal(ctx, seat, chooseSimple(s, seat, legal, ctx.rng));
    }
  }
  if (!wasActing) return;
  if (s.phase === 'building') s.current = nextSeat(s, seat);
  else if (s.phase === 'pawns') s.current = nextSeat(s, seat);
  else if (s.phase === 'main' && !s.pending && s.current === seat) endTurn(ctx);
}

function end(ctx: Ctx, outcome: NonNullable<FenceState['outcome']>): void {
  ctx.s.outcome = outcome;
  ctx.s.phase = 'over';
  ctx.s.pending = null;
  ctx.emit({ type: 'gameOver', outcome });
}

/** The distinct (red, blue) values a hand can pair. */
function pairsInHand(hand: readonly Card[]): [number, number][] {
  const reds = [...new Set(hand.filter((c) => isNumber(c) && colourOf(c) === 'red').map(valueOf))];
  const blues = [...new Set(hand.filter((c) => isNumber(c) && colourOf(c) === 'blue').map(valueOf))];
  return reds.flatMap((r) => blues.map((b): [number, number] => [r, b]));
}

/** B19 (and the project's ruling for a Jail nobody can ever leave). True when the game ended. */
function checkVictory(ctx: Ctx): boolean {
  const s = ctx.s;
  const inGame = seatsInGame(s);
  const free = inGame.filter((i) => !isJailed(s, i));
  if (free.length > 1) return false;
  const jailed = inGame.filter((i) => isJailed(s, i));
  if (jailed.some((i) => canLeaveJail(s, i))) return false;
  if (free.length === 1) {
    end(ctx, { kind: 'winner', seats: free, reason: 'lastFree' });
    return true;
  }
  // Everyone is in Jail and nobody can leave next turn. With an empty Stash that is B19's
  // no-winner end. It is also final when no jailed hand holds a red/blue pair leading to a
  // tile in play: nobody can gain a card any more (no free pawn to win Hot Goods or to be
  // jailed), and a blocking Cops could be moved, so only such a pair could ever get out.
  const hopeful = jailed.some((i) => pairsInHand(s.hands[i]!).some(([r, b]) => inPlayAt(s, r, b).length > 0));
  if (stashSize(s.stash) === 0 || !hopeful) {
    end(ctx, { kind: 'noWinner', reason: 'allJailed' });
    return true;
  }
  return false;
}

// ---- The automatic steps between decisions ---------------------------------------------------

/**
 * Runs everything the rules do by themselves — forced passes, reveals, dice, Hot Goods,
 * round changes — until a player must decide or the game is over.
 */
function advance(ctx: Ctx): void {
  const s = ctx.s;
  ctx.settled = null;
  ctx.builders = null;
  for (let guard = 0; guard < 10_000; guard++) {
    if (s.outcome) return;
    // Whatever the phase, a player left alone at the table has won.
    const active = seatsInGame(s);
    if (active.length === 1) return end(ctx, { kind: 'winner', seats: active, reason: 'lastSeat' });
    if (s.pending) return;
    if (s.phase === 'building') {
      if (active.every((i) => s.tileHands[i]!.length === 0) || s.passesInRow >= active.length || variants.buildingOver(s)) {
        endBuilding(ctx);
        continue;
      }
      if (buildingAtOnce(s)) {
        const builders = buildersNow(s);
        // Nobody can place or swap any more: building is over (no order, so no passes).
        if (builders.length === 0) {
          endBuilding(ctx);
          continue;
        }
        if (!builders.includes(s.current)) s.current = builders[0] as number;
        ctx.builders = builders;
        return;
      }
      if (s.out[s.current] === false && hasLegalPlacement(buildContext(s, tileSetOf(s)), s.current)) return;
      // B8: nothing legal — a pass.
      ctx.emit({ type: 'passed', seat: s.current, phase: 'building' });
      s.passesInRow++;
      s.current = nextSeat(s, s.current);
      continue;
    }
    if (s.phase === 'pawns') {
      const waiting = seatsFrom(s, s.firstPlayer).find((i) => s.pawns[i] === null);
      if (waiting !== undefined) {
        s.current = waiting;
        startPawn(ctx, waiting);
        continue;
      }
      s.current = firstPlayerOf(s);
      rollCops(ctx);
      continue;
    }
    if (s.phase === 'main') {
      // B19 is judged between turns while a jailed mover is still Moving Others: they may yet
      // Turn State's Evidence this turn (twice is possible, B17) and become able to leave Jail.
      const jailedMidTurn = movingOthers(s) && isJailed(s, s.current) && seatsInGame(s).length > 1;
      if (!jailedMidTurn && checkVictory(ctx)) return;
      const hg = s.hotGoods;
      if (hg && hg.round === s.round) {
        if (hg.rolls.length < hg.due) rollHotGoods(ctx);
        else endRound(ctx);
        continue;
      }
      const legal = movesOf(s, s.current);
      if (legal.length > 0) {
        ctx.settled = { seat: s.current, legal };
        return;
      }
      // B15: neither part possible (or the rest of a Move Others is impossible).
      if (!movingOthers(s)) ctx.emit({ type: 'passed', seat: s.current, phase: 'main' });
      endTurn(ctx);
      continue;
    }
    return;
  }
  throw new Error('advance did not settle');
}

// ---- Seat order -----------------------------------------------------------------------------------

/** Seats still in the game, clockwise from `from` (included when still in). */
function seatsFrom(s: FenceState, from: number): number[] {
  const n = s.seats.length;
  return Array.from({ length: n }, (_, k) => (from + k) % n).filter((i) => !s.out[i]);
}
const firstActiveFrom = (s: FenceState, from: number): number => seatsFrom(s, from)[0] ?? from;
const nextSeat = (s: FenceState, seat: number): number => firstActiveFrom(s, (seat + 1) % s.seats.length);

