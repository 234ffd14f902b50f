/**
 * Scenarios: a documented JSON format (docs/scenarios.md) that sets up a FENCE! position —
 * players, options, seed and optionally a fixed map, hands, Stash order, pawns, Cops, dice —
 * then plays a list of actions and checks expectations after each. Used by
 * `npm run scenario` and by the ruling tests under test/scenarios/.
 *
 * A scenario-built state is consistent: every card of the deck (6N red + 6N blue) is in
 * exactly one hand, pile, start pair or the discard pile; cards the scenario does not place
 * go to the Stash (below the listed ones) in an order drawn from the seed.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult as PlatformScenarioResult } from '../../platform/game.ts';
import { actionExpectFields, fileFields, matches, playSteps, readScenario, stepSchema } from '../../platform/scenario.ts';
import { Rng, seedRng } from '../../platform/rng.ts';
import { cardSchema, colourOf, sortCards, type Card, type Colour } from './cards.ts';
import { setup } from './engine.ts';
import { legalActions, whoMustAct } from './legal.ts';
import { computerAction } from './ai/index.ts';
import { eventText } from './words.ts';
import type { FenceEvent } from './events.ts';
import { cellKey, sidesFit, tileIdOfKey, type NbId, type PlacedTile } from './geometry.ts';
import { inPlay, tileSetOf } from './rules.ts';
import { DEFAULT_OPTIONS, extendedSchema, optionsSchema, STATE_VERSION, type FenceOptions, type FenceState } from './state.ts';
import { deckOf, onePileFromStart, onePileInMain } from './variants/index.ts';
import { standardTileSet } from './tiles.ts';
import { actionKey, type Action } from './actions.ts';

// ---- The format ---------------------------------------------------------------------------------

/** A player: a name (as used in `by`, `pawns`, …) or a seat index. */
const who = z.union([z.string().min(1), z.number().int().min(0).max(7)]);
const cards = z.array(cardSchema);
const perPlayer = <T extends z.ZodType>(t: T) => z.record(z.string(), t);

const legalExpectSchema = z.object({
  /** The exact set of action types offered. */
  types: z.array(z.string()).optional(),
  /** Actions (neighborhoods and players by name allowed) that must be legal. */
  includes: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Actions that must not be legal. */
  excludes: z.array(z.record(z.string(), z.unknown())).optional(),
  count: z.number().int().min(0).optional(),
}).strict();

export const expectSchema = z.object({
  ...actionExpectFields,
  // State facts after the step.
  phase: z.enum(['building', 'pawns', 'main', 'over']).optional(),
  pawns: perPlayer(z.string().nullable()).optional(),
  cops: z.string().nullable().optional(),
  hands: perPlayer(cards).optional(),
  handSizes: perPlayer(z.number().int().min(0)).optional(),
  stash: z.object({ red: z.number().int().min(0).optional(), blue: z.number().int().min(0).optional(), mixed: z.number().int().min(0).optional() }).strict().optional(),
  /** Top of each pile, top first (a prefix check). */
  stashTop: z.object({ red: cards.optional(), blue: cards.optional(), mixed: cards.optional() }).strict().optional(),
  discardSize: z.number().int().min(0).optional(),
  current: who.optional(),
  waitingFor: who.nullable().optional(),
  firstPlayer: who.optional(),
  round: z.number().int().min(0).optional(),
  turn: z.object({ pushed: z.boolean().optional(), cops: z.boolean().optional() }).strict().optional(),
  pending: z.record(z.string(), z.unknown()).nullable().optional(),
  outcome: z.record(z.string(), z.unknown()).nullable().optional(),
  out: perPlayer(z.boolean()).optional(),
  timeouts: perPlayer(z.number().int().min(0)).optional(),
  /** The exact set of off-limits neighborhoods (names or ids). */
  offLimits: z.array(z.string()).optional(),
  /** Tiles that must be on the map (partial: `locked` only checked when given). */
  mapIncludes: z.array(z.object({ tile: z.string(), x: z.number().int(), y: z.number().int(), rot: z.number().int().min(0).max(3).optional(), locked: z.boolean().optional() }).strict()).optional(),
  mapSize: z.number().int().min(0).optional(),
  tileHands: perPlayer(z.array(z.string())).optional(),
  discardedTiles: z.array(z.string()).optional(),
  legal: perPlayer(legalExpectSchema).optional(),
}).strict();

const placedSchema = z.object({
  /** A tile id ("2-5", "X1") or the name of one of its neighborhoods ("Venice"). */
  tile: z.string().min(1),
  x: z.number().int().min(-50).max(50),
  y: z.number().int().min(-50).max(50),
  rot: z.number().int().min(0).max(3).default(0),
  locked: z.boolean().optional(),
}).strict();

export const scenarioSchema = z.object({
  ...fileFields('fence', stepSchema(expectSchema)),
  players: z.array(z.union([z.string().min(1), z.object({ name: z.string().min(1), computer: z.boolean().default(false) }).strict()])).min(2).max(8),
  options: optionsSchema.partial().strict().optional(),
  /** What the Extended Rules put on the table (a Ritzy Tile, the rolled rounds…). */
  extended: extendedSchema.partial().strict().optional(),
  /** Dice results used before the generator, in order; each roll takes red then blue. */
  dice: z.array(z.number().int().min(1).max(6)).default([]),
  // Everything below needs a fixed map.
  map: z.array(placedSchema).min(1).optional(),
  /** "building" (needs tileHands) or "main" (the default with a map). */
  phase: z.enum(['building', 'main']).optional(),
  tileHands: perPlayer(z.array(z.string())).optional(),
  /** Building only: secret start pairs [red, blue]. */
  startCards: perPlayer(z.tuple([cardSchema, cardSchema])).optional(),
  hands: perPlayer(cards).optional(),
  /** Per colour, listed TOP FIRST: the first card listed is the next one drawn. */
  stash: z.object({ red: cards.default([]), blue: cards.default([]), mixed: cards.default([]) }).strict().optional(),
  discard: cards.optional(),
  /** Where the cards the scenario does not place go: under the listed Stash (default) or to the discard pile. */
  rest: z.enum(['stash', 'discard']).default('stash'),
  /** A neighborhood name or NbId, or "jail". Unlisted pawns go to a free in-play neighborhood chosen by the seed. */
  pawns: perPlayer(z.string()).optional(),
  cops: z.string().optional(),
  firstPlayer: who.optional(),
  current: who.optional(),
  round: z.number().int().min(1).optional(),
  turn: z.object({ pushed: z.boolean().default(false), cops: z.boolean().default(false) }).strict().optional(),
  timeouts: perPlayer(z.number().int().min(0).max(2)).optional(),
  /** Accept a start where the player to act has no legal action (the next action, e.g. a resignation, makes the engine pass them). */
  allowStuckStart: z.boolean().default(false),
}).strict();

export type Scenario = z.infer<typeof scenarioSchema>;
export type ScenarioExpect = z.infer<typeof expectSchema>;

export { ScenarioError };

// ---- Names --------------------------------------------------------------------------------------

const NB_ID = /^[A-Za-z0-9#-]+\/[0-9]$/;
const norm = (name: string) => name.trim().toLowerCase().replace(/[’‘`]/g, "'");

/** A seat from a name (case-insensitive), a seat index, or an index written as a string. */
export function seatOf(s: Pick<FenceState, 'seats'>, ref: string | number, where = 'player'): number {
  if (typeof ref === 'number' || /^[0-7]$/.test(ref)) {
    const i = Number(ref);
    if (i < s.seats.length) return i;
    throw new ScenarioError(`${where}: there is no seat ${i} (seats are 0–${s.seats.length - 1})`);
  }
  const i = s.seats.findIndex((seat) => norm(seat.name) === norm(ref));
  if (i < 0) throw new ScenarioError(`${where}: no player is called "${ref}" (players: ${s.seats.map((x) => x.name).join(', ')})`);
  return i;
}

/** A tile id from an id ("2-5") or any of its neighborhood names ("Venice"). */
export function tileIdOf(ref: string, where = 'tile'): string {
  const set = standardTileSet();
  // Big Map: a second copy is written with "#2" ("4-2#2", "Four Points #2").
  const copy = /^(.*?)\s*#2$/.exec(ref);
  if (copy) return `${tileIdOf(copy[1] ?? '', where)}#2`;
  if (set.byId.has(ref)) return ref;
  const def = set.tiles.find((t) => t.neighborhoods.some((nb) => norm(nb.name) === norm(ref)));
  if (!def) throw new ScenarioError(`${where}: "${ref}" is neither a tile id nor a neighborhood name`);
  return def.id;
}

/** An NbId from a neighborhood name on the map, an NbId, or "jail". */
export function nbOf(s: Pick<FenceState, 'map' | 'options'>, ref: string, where = 'neighborhood'): NbId | 'jail' {
  if (norm(ref) === 'jail') return 'jail';
  if (NB_ID.test(ref)) return ref;
  const set = standardTileSet();
  // Big Map: "Four Points #2" is the neighborhood on the second copy.
  const copy = /^(.*?)\s*#2$/.exec(ref);
  const name = copy ? (copy[1] ?? '') : ref;
  for (const p of s.map) {
    if (p.key.endsWith('#2') !== Boolean(copy)) continue;
    const def = set.byId.get(tileIdOfKey(p.key));
    const i = def?.neighborhoods.findIndex((nb) => norm(nb.name) === norm(name)) ?? -1;
    if (i >= 0) return `${p.key}/${i}`;
  }
  const known = set.tiles.some((t) => t.neighborhoods.some((nb) => norm(nb.name) === norm(ref)));
  throw new ScenarioError(known ? `${where}: "${ref}" is not on the map` : `${where}: there is no neighborhood called "${ref}"`);
}

const NB_KEYS = new Set(['to', 'from', 'nb', 'cops']);
const SEAT_KEYS = new Set(['seat', 'target', 'by', 'winner', 'firstPlayer']);

/** Translates names in an action or a partial event: neighborhoods to NbIds, players to seats, tiles to ids. */
function translate(s: FenceState, value: unknown, key = ''): unknown {
  if (Array.isArray(value)) {
    if (key === 'seats') return value.map((v) => (typeof v === 'string' ? seatOf(s, v, key) : v));
    if (key === 'options') return value.map((v) => (typeof v === 'string' ? nbOf(s, v, key) : v));
    return value.map((v) => translate(s, v));
  }
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, translate(s, v, k)]));
  }
  if (typeof value === 'string') {
    if (NB_KEYS.has(key)) return nbOf(s, value, key);
    if (SEAT_KEYS.has(key)) return seatOf(s, value, key);
    if ((key === 'tile' || key === 'replaced')) return tileIdOf(value, key);
  }
  return value;
}

// ---- Loading ------------------------------------------------------------------------------------

/** Every card code of the deck with its number of copies (N per code, B1, as the variants change it). */
function deckCounts(n: number, options: FenceOptions): Map<Card, number> {
  const m = new Map<Card, number>();
  const deck = deckOf(options, n);
  for (const c of [...deck.red, ...deck.blue]) m.set(c, (m.get(c) ?? 0) + 1);
  return m;
}

/** Why the cards of a state do not add up to the deck, or null (hands + Stash + discard + start cards). */
export function cardConservationProblem(s: FenceState): string | null {
  const left = deckCounts(s.seats.length, s.options);
  const all: Card[] = [
    ...s.hands.flat(), ...s.stash.red, ...s.stash.blue, ...(s.stash.mixed ?? []), ...s.discard,
    ...s.startCards.flatMap((p) => (p ? [p.red, p.blue] : [])), ...(s.extended?.setAside ?? []),
    ...[s.extended?.boats?.red, s.extended?.boats?.blue].flatMap((b) => (b ? [b.card] : [])),
  ];
  for (const c of all) left.set(c, (left.get(c) ?? 0) - 1);
  const extra = [...left].filter(([, k]) => k < 0).map(([c, k]) => `${-k} extra ${c}`);
  const missing = [...left].filter(([, k]) => k > 0).map(([c, k]) => `${k} missing ${c}`);
  const wrongPile = [...s.stash.red.filter((c) => colourOf(c) !== 'red'), ...s.stash.blue.filter((c) => colourOf(c) !== 'blue')];
  const problems = [...extra, ...missing, ...wrongPile.map((c) => `${c} in the wrong pile`)];
  return problems.length ? problems.join(', ') : null;
}

/** Builds the starting state a scenario describes. Throws ScenarioError when it is invalid or inconsistent. */
export function loadScenario(json: unknown): FenceState {
  return load(readScenario(scenarioSchema, json));
}

function load(sc: Scenario): FenceState {
  const seats = sc.players.map((p) => (typeof p === 'string' ? { name: p, computer: false } : { name: p.name, computer: p.computer }));
  const names = new Set<string>();
  for (const seat of seats) {
    if (names.has(norm(seat.name))) throw new ScenarioError(`players: the name "${seat.name}" is used twice`);
    if (/^[0-7]$/.test(seat.name) || norm(seat.name) === 'system') throw new ScenarioError(`players: "${seat.name}" cannot be a name`);
    names.add(norm(seat.name));
  }
  const n = seats.length;
  const options = { ...DEFAULT_OPTIONS, ...sc.options };

  if (!sc.map) {
    const needMap = (['phase', 'tileHands', 'startCards', 'hands', 'stash', 'discard', 'pawns', 'cops', 'firstPlayer', 'current', 'round', 'turn', 'timeouts'] as const)
      .filter((k) => sc[k] !== undefined);
    if (needMap.length) throw new ScenarioError(`${needMap.join(', ')}: only allowed with a fixed "map" (without one the game starts at map building, as dealt by the seed)`);
    return setup({ seats, seed: sc.seed, options, fixedDice: sc.dice }).state;
  }

  const phase = sc.phase ?? (sc.tileHands ? 'building' : 'main');
  const set = standardTileSet();
  const base = { seats } as Pick<FenceState, 'seats'>;
  const perSeat = <T>(rec: Record<string, T> | undefined, field: string): Map<number, T> => {
    const m = new Map<number, T>();
    for (const [k, v] of Object.entries(rec ?? {})) {
      const i = seatOf(base, k, field);
      if (m.has(i)) throw new ScenarioError(`${field}: ${seats[i]!.name} is listed twice`);
      m.set(i, v);
    }
    return m;
  };

  // The map.
  const map: PlacedTile[] = [];
  const cells = new Map<number, number>();
  for (const [i, p] of sc.map.entries()) {
    const key = tileIdOf(p.tile, `map.${i}.tile`);
    if (map.some((q) => q.key === key)) throw new ScenarioError(`map.${i}: tile ${key} is placed twice`);
    if (cells.has(cellKey(p.x, p.y))) throw new ScenarioError(`map.${i}: cell (${p.x},${p.y}) already holds ${map[cells.get(cellKey(p.x, p.y))!]!.key}`);
    cells.set(cellKey(p.x, p.y), map.length);
    map.push({ key, x: p.x, y: p.y, rot: p.rot, ...(p.locked ? { locked: true } : {}) });
  }
  const oldTown = set.tiles.find((t) => t.neighborhoods.some((nb) => nb.name === 'Old Town'))!.id;
  if (!map.some((p) => p.key === oldTown)) throw new ScenarioError(`map: Old Town (${oldTown}) must be on the map`);
  // T3: every pair of neighbours fits.
  const DX = [0, 1, 0, -1], DY = [-1, 0, 1, 0];
  for (const p of map) {
    for (let w = 1; w <= 2; w++) {
      const q = map[cells.get(cellKey(p.x + DX[w]!, p.y + DY[w]!)) ?? -1];
      if (!q) continue;
      if (!sidesFit(set.byId.get(tileIdOfKey(p.key))!, p.rot, set.byId.get(tileIdOfKey(q.key))!, q.rot, w)) {
        throw new ScenarioError(`map: ${p.key} at (${p.x},${p.y}) rot ${p.rot} and ${q.key} at (${q.x},${q.y}) rot ${q.rot} do not fit (roads or water differ on their shared side)`);
      }
    }
  }

  // Building-only and main-only fields.
  const onlyIn = (keys: readonly (keyof Scenario)[], want: string) => {
    const bad = keys.filter((k) => sc[k] !== undefined);
    if (bad.length) throw new ScenarioError(`${bad.join(', ')}: not allowed when the scenario starts in the ${phase === 'main' ? 'main phase' : 'map building'} (only in ${want})`);
  };
  if (phase === 'building') {
    onlyIn(['hands', 'pawns', 'cops', 'round', 'turn'], 'the main phase');
    if (!sc.tileHands) throw new ScenarioError('tileHands: a scenario that starts in map building needs the tile hands');
  } else onlyIn(['tileHands', 'startCards'], 'map building');

  const tileHands: string[][] = seats.map(() => []);
  for (const [i, hand] of perSeat(sc.tileHands, 'tileHands')) {
    tileHands[i] = hand.map((t, k) => {
      const id = tileIdOf(t, `tileHands.${seats[i]!.name}.${k}`);
      if (map.some((p) => p.key === id)) throw new ScenarioError(`tileHands: ${id} is already on the map`);
      if (tileHands.some((h) => h.includes(id))) throw new ScenarioError(`tileHands: ${id} is held twice`);
      return id;
    });
  }
  const used = new Set([...map.map((p) => p.key), ...tileHands.flat()]);
  const discardedTiles = set.tiles.map((t) => t.id).filter((id) => !used.has(id));

  // Cards: the scenario's cards, then the rest of the deck shuffled by the seed.
  const rng = new Rng(seedRng(sc.seed));
  const left = deckCounts(n, options);
  const take = (c: Card, where: string) => {
    const k = left.get(c) ?? 0;
    if (k <= 0) throw new ScenarioError(`${where}: one ${c} too many — the deck has ${n} of each card (one red and one blue set per player)`);
    left.set(c, k - 1);
    return c;
  };
  const hands: Card[][] = seats.map(() => []);
  for (const [i, hand] of perSeat(sc.hands, 'hands')) hands[i] = sortCards(hand.map((c) => take(c, `hands.${seats[i]!.name}`)));
  const startCards: FenceState['startCards'] = seats.map(() => null);
  const startGiven = perSeat(sc.startCards, 'startCards');
  for (const [i, [r, b]] of startGiven) {
    if (colourOf(r) !== 'red' || colourOf(b) !== 'blue') throw new ScenarioError(`startCards.${seats[i]!.name}: a start pair is [red, blue], e.g. ["R1", "B3"]`);
    startCards[i] = { red: take(r, 'startCards'), blue: take(b, 'startCards') };
  }
  const listedRed = (sc.stash?.red ?? []).map((c) => {
    if (colourOf(c) !== 'red') throw new ScenarioError(`stash.red: ${c} is not a red card`);
    return take(c, 'stash.red');
  });
  const listedBlue = (sc.stash?.blue ?? []).map((c) => {
    if (colourOf(c) !== 'blue') throw new ScenarioError(`stash.blue: ${c} is not a blue card`);
    return take(c, 'stash.blue');
  });
  // Boats in play are cards of the deck too.
  for (const b of [sc.extended?.boats?.red, sc.extended?.boats?.blue]) if (b) take(b.card, 'extended.boats');
  const listedMixed = (sc.stash?.mixed ?? []).map((c) => take(c, 'stash.mixed'));
  const discard = (sc.discard ?? []).map((c) => take(c, 'discard'));
  const restOf = (colour: Colour) => rng.shuffle([...left].filter(([c]) => colourOf(c) === colour).flatMap(([c, k]) => Array<Card>(k).fill(c)));
  const rest = { red: restOf('red'), blue: restOf('blue') };
  if (phase === 'building') {
    for (let i = 0; i < n; i++) {
      if (startCards[i]) continue;
      const r = rest.red.pop(), b = rest.blue.pop();
      if (!r || !b) throw new ScenarioError('startCards: the deck has no cards left to deal a start pair');
      startCards[i] = { red: r, blue: b };
    }
  }
  let stash: FenceState['stash'] = { red: [...listedRed].reverse(), blue: [...listedBlue].reverse() };
  if (sc.rest === 'stash') {
    stash.red.unshift(...rest.red);
    stash.blue.unshift(...rest.blue);
  } else discard.push(...rest.red, ...rest.blue);
  // Mixed Stash, Mixed, Blind Stash: one pile, the listed cards on top.
  if (onePileFromStart(options) || (phase === 'main' && onePileInMain(options))) {
    if (listedRed.length || listedBlue.length) throw new ScenarioError('stash: with one pile, list its cards under "mixed"');
    stash = { red: [], blue: [], mixed: [...rng.shuffle([...stash.red, ...stash.blue]), ...[...listedMixed].reverse()] };
  } else if (listedMixed.length) throw new ScenarioError('stash.mixed: the Stash is two piles in this game; list cards under "red" and "blue"');

  const state: FenceState = {
    version: STATE_VERSION,
    game: 'fence',
    options,
    seats,
    rng: rng.state,
    fixedDice: [...sc.dice],
    phase,
    oldTown,
    map,
    tileHands,
    discardedTiles,
    passesInRow: 0,
    startCards,
    stash,
    hands,
    discard,
    pawns: seats.map(() => null),
    cops: null,
    out: seats.map(() => false),
    timeouts: seats.map(() => 0),
    firstPlayer: sc.firstPlayer === undefined ? 0 : seatOf(base, sc.firstPlayer, 'firstPlayer'),
    current: 0,
    round: phase === 'main' ? sc.round ?? 1 : 0,
    turn: { pushed: sc.turn?.pushed ?? false, cops: sc.turn?.cops ?? false },
    pending: null,
    hotGoods: null,
    lastMove: null,
    outcome: null,
    ...(sc.extended ? { extended: { ...sc.extended } } : {}),
  };
  state.current = sc.current === undefined ? state.firstPlayer : seatOf(base, sc.current, 'current');
  for (const [i, k] of perSeat(sc.timeouts, 'timeouts')) state.timeouts[i] = k;
  if (state.round > options.roundLimit) throw new ScenarioError(`round: ${state.round} is past the round limit (${options.roundLimit})`);

  if (phase === 'main') {
    const live = inPlay(state);
    const where = (ref: string, field: string): NbId | 'jail' => {
      const nb = nbOf(state, ref, field);
      if (nb !== 'jail' && !live.has(nb)) throw new ScenarioError(`${field}: ${ref} is off limits (not reachable from Old Town, B9)`);
      return nb;
    };
    for (const [i, ref] of perSeat(sc.pawns, 'pawns')) state.pawns[i] = where(ref, `pawns.${seats[i]!.name}`);
    if (sc.cops !== undefined) {
      const c = where(sc.cops, 'cops');
      if (c === 'jail') throw new ScenarioError('cops: the Cops are never in Jail');
      state.cops = c;
    }
    const free = () => [...live].sort().filter((nb) => nb !== state.cops && !state.pawns.includes(nb));
    for (let i = 0; i < n; i++) {
      if (state.pawns[i] !== null) continue;
      const options = free();
      if (!options.length) throw new ScenarioError('pawns: no free in-play neighborhood is left for the unlisted pawns');
      state.pawns[i] = rng.pick(options);
    }
    if (state.cops === null) {
      const options = free();
      if (!options.length) throw new ScenarioError('cops: no free in-play neighborhood is left for the Cops');
      state.cops = rng.pick(options);
    }
    const caught = state.pawns.findIndex((p) => p === state.cops);
    if (caught >= 0) throw new ScenarioError(`pawns: ${seats[caught]!.name} is in the Cops' neighborhood; such a pawn would be in Jail (B16)`);
    state.rng = rng.state;
  }

  const problem = cardConservationProblem(state);
  if (problem) throw new ScenarioError(`cards do not add up to the deck: ${problem}`);
  const waiting = whoMustAct(state);
  if (waiting !== null && !sc.allowStuckStart && legalActions(state, waiting).length === 0) {
    throw new ScenarioError(`the starting state is stuck: ${seats[waiting]!.name} must act but has no legal action (the engine passes a turn only after the previous action; start one player earlier)`);
  }
  return state;
}

// ---- Running ------------------------------------------------------------------------------------

export type ScenarioResult = PlatformScenarioResult<FenceState>;

/** Loads and plays a scenario. Throws ScenarioError only when the file itself is invalid. */
export function runScenario(json: unknown, apply: ApplyRequest<FenceState, FenceEvent>): ScenarioResult {
  const sc = readScenario(scenarioSchema, json);
  return playSteps(load(sc), sc.steps, apply, {
    seat: (s, who, field) => seatOf(s, who, field),
    action: (s, _seat, a) => translate(s, a),
    computer: (s, seat) => computerAction(s, seat),
    eventText,
    pattern: (s, want) => translate(s, want),
    refused: (code, message) => `the action was refused: ${code}: ${message}`,
    check: (s, e) => {
      const out = checkExpect(s, e);
      const broken = cardConservationProblem(s);
      if (broken) out.push(`card conservation broken: ${broken}`);
      return out;
    },
  });
}

// ---- Expectations -------------------------------------------------------------------------------

const show = (v: unknown) => JSON.stringify(v);

/** A step's own expectations on the position after it. */
function checkExpect(s: FenceState, e: ScenarioExpect): string[] {
  const out: string[] = [];
  const name = (i: number) => s.seats[i]?.name ?? `seat ${i}`;
  if (e.phase && s.phase !== e.phase) out.push(`phase is ${s.phase}, expected ${e.phase}`);
  for (const [k, ref] of Object.entries(e.pawns ?? {})) {
    const i = seatOf(s, k, 'pawns');
    const want = ref === null ? null : nbOf(s, ref, `pawns.${k}`);
    if (s.pawns[i] !== want) out.push(`${name(i)}'s pawn is at ${s.pawns[i]}, expected ${want} (${ref})`);
  }
  if (e.cops !== undefined) {
    const want = e.cops === null ? null : nbOf(s, e.cops, 'cops');
    if (s.cops !== want) out.push(`the Cops are at ${s.cops}, expected ${want} (${e.cops})`);
  }
  for (const [k, hand] of Object.entries(e.hands ?? {})) {
    const i = seatOf(s, k, 'hands');
    if (show(sortCards(s.hands[i] ?? [])) !== show(sortCards(hand))) out.push(`${name(i)} holds ${show(s.hands[i])}, expected ${show(sortCards(hand))}`);
  }
  for (const [k, size] of Object.entries(e.handSizes ?? {})) {
    const i = seatOf(s, k, 'handSizes');
    if ((s.hands[i]?.length ?? 0) !== size) out.push(`${name(i)} holds ${s.hands[i]?.length} cards, expected ${size}`);
  }
  for (const colour of ['red', 'blue', 'mixed'] as const) {
    const pile = s.stash[colour] ?? [];
    const size = e.stash?.[colour];
    if (size !== undefined && pile.length !== size) out.push(`the ${colour} Stash has ${pile.length} cards, expected ${size}`);
    const top = e.stashTop?.[colour];
    if (top) {
      const actual = [...pile].reverse().slice(0, top.length);
      if (show(actual) !== show(top)) out.push(`the ${colour} Stash starts (top first) ${show(actual)}, expected ${show(top)}`);
    }
  }
  if (e.discardSize !== undefined && s.discard.length !== e.discardSize) out.push(`the discard pile has ${s.discard.length} cards, expected ${e.discardSize}`);
  if (e.current !== undefined && s.current !== seatOf(s, e.current, 'current')) out.push(`current is ${name(s.current)}, expected ${e.current}`);
  if (e.waitingFor !== undefined) {
    const want = e.waitingFor === null ? null : seatOf(s, e.waitingFor, 'waitingFor');
    const got = whoMustAct(s);
    if (got !== want) out.push(`the game waits for ${got === null ? 'nobody' : name(got)}, expected ${e.waitingFor}`);
  }
  if (e.firstPlayer !== undefined && s.firstPlayer !== seatOf(s, e.firstPlayer, 'firstPlayer')) out.push(`First Player is ${name(s.firstPlayer)}, expected ${e.firstPlayer}`);
  if (e.round !== undefined && s.round !== e.round) out.push(`round is ${s.round}, expected ${e.round}`);
  if (e.turn && !matches(s.turn, e.turn)) out.push(`turn progress is ${show(s.turn)}, expected ${show(e.turn)}`);
  if (e.pending !== undefined) {
    if (e.pending === null ? s.pending !== null : !matches(s.pending, translate(s, e.pending))) out.push(`pending is ${show(s.pending)}, expected ${show(e.pending)}`);
  }
  if (e.outcome !== undefined) {
    if (e.outcome === null ? s.outcome !== null : !matches(s.outcome, translate(s, e.outcome))) out.push(`outcome is ${show(s.outcome)}, expected ${show(e.outcome)}`);
  }
  for (const [k, v] of Object.entries(e.out ?? {})) {
    const i = seatOf(s, k, 'out');
    if ((s.out[i] ?? false) !== v) out.push(`${name(i)} is ${s.out[i] ? '' : 'not '}out of the game, expected ${v ? '' : 'not '}out`);
  }
  for (const [k, v] of Object.entries(e.timeouts ?? {})) {
    const i = seatOf(s, k, 'timeouts');
    if (s.timeouts[i] !== v) out.push(`${name(i)} has ${s.timeouts[i]} timeouts in a row, expected ${v}`);
  }
  if (e.offLimits) {
    const live = inPlay(s);
    const set = tileSetOf(s);
    const all = s.map.flatMap((p) => set.byId.get(tileIdOfKey(p.key))!.neighborhoods.map((_, i) => `${p.key}/${i}`));
    const got = all.filter((id) => !live.has(id)).sort();
    const want = e.offLimits.map((r) => nbOf(s, r, 'offLimits')).sort();
    if (show(got) !== show(want)) out.push(`off limits: ${show(got)}, expected ${show(want)}`);
  }
  for (const m of e.mapIncludes ?? []) {
    const id = tileIdOf(m.tile, 'mapIncludes');
    const p = s.map.find((q) => q.key === id);
    if (!p || p.x !== m.x || p.y !== m.y || (m.rot !== undefined && p.rot !== m.rot) || (m.locked !== undefined && (p.locked ?? false) !== m.locked)) {
      out.push(`the map does not have ${show(m)}; ${id} is ${p ? show(p) : 'not on the map'}`);
    }
  }
  if (e.mapSize !== undefined && s.map.length !== e.mapSize) out.push(`the map has ${s.map.length} tiles, expected ${e.mapSize}`);
  for (const [k, hand] of Object.entries(e.tileHands ?? {})) {
    const i = seatOf(s, k, 'tileHands');
    const want = hand.map((t) => tileIdOf(t, 'tileHands')).sort();
    const got = [...(s.tileHands[i] ?? [])].sort();
    if (show(got) !== show(want)) out.push(`${name(i)}'s tile hand is ${show(got)}, expected ${show(want)}`);
  }
  if (e.discardedTiles) {
    const want = e.discardedTiles.map((t) => tileIdOf(t, 'discardedTiles')).sort();
    const got = [...s.discardedTiles].sort();
    if (show(got) !== show(want)) out.push(`discarded tiles are ${show(got)}, expected ${show(want)}`);
  }
  for (const [k, want] of Object.entries(e.legal ?? {})) {
    const i = seatOf(s, k, 'legal');
    const legal = legalActions(s, i);
    const keys = new Set(legal.map((a) => actionKey(a)));
    if (want.types) {
      const types = [...new Set(legal.map((a) => a.type))].sort();
      if (show(types) !== show([...want.types].sort())) out.push(`${name(i)} may do ${show(types)}, expected ${show([...want.types].sort())}`);
    }
    if (want.count !== undefined && legal.length !== want.count) out.push(`${name(i)} has ${legal.length} legal actions, expected ${want.count}`);
    for (const a of want.includes ?? []) {
      if (!keys.has(actionKey(translate(s, a) as Action))) out.push(`${show(a)} is not legal for ${name(i)}`);
    }
    for (const a of want.excludes ?? []) {
      if (keys.has(actionKey(translate(s, a) as Action))) out.push(`${show(a)} is legal for ${name(i)}, expected not`);
    }
  }
  return out;
}
