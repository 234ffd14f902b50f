/**
 * Fences scenario files (docs/farm.md): a position — map, hands, henhouses, cards, scored farms,
 * the season, the Market, Ranch tokens on the map, held and in the supply — set up in players'
 * terms (tiles by id, cells "x,y", parts of a tile by compass name or index, players by name),
 * steps played on it, and expectations checked after each. What the runner prints names things
 * the same way: no region key, tile index or seat number reaches a scenario's reader.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { actionExpectFields, fileFields, matches, playerNames, playSteps, readScenario, seatNamed, stepSchema, substrings } from '../../platform/scenario.ts';
import { Board, regionKey, tileOfKey } from './board.ts';
import { legalActions, setup, simpleChoice } from './engine.ts';
import type { FarmEvent } from './events.ts';
import { FARMERS } from './farmers.ts';
import { actionLabel, partName, regionPlace } from './labels.ts';
import { MARKET } from './market.ts';
import { animalsIn } from './scoring.ts';
import { leaders } from './seasons.ts';
import { SEASON_IDS, type SeasonId } from './seasons-data.ts';
import { optionsSchema, SHARES, STORAGE_EACH, STORED, tractorCount, type FarmState, type Stored } from './state.ts';
import { TILES, tileById } from './tiles.ts';
import { eventText } from './words.ts';

/** A part of a placed tile: its cell and which of its regions (index, or where it lies: "north-west", "whole tile"). */
const partSchema = z.object({ cell: z.string().regex(/^-?\d+,-?\d+$/), part: z.union([z.number().int().min(0).max(3), z.string()]).default(0) });
type Part = z.output<typeof partSchema>;
const cellSchema = z.string().regex(/^-?\d+,-?\d+$/);
const counts = z.record(z.string(), z.number().int());
const storedCounts = z.object({ cow: z.number().int().min(0).default(0), pig: z.number().int().min(0).default(0), sheep: z.number().int().min(0).default(0) });
const seasonId = z.enum(SEASON_IDS);
const marketId = z.string().regex(/^M\d$/);

const expectSchema = z.object({
  ...actionExpectFields,
  /** Points per player after the step. */
  scores: counts.optional(),
  /** Awards that the step's scored farms gave: { player, points, why }. */
  awards: z.array(z.object({ player: z.string(), points: z.number().int(), why: z.string() })).optional(),
  /** Who the game waits for (null: nobody, the game is over), and what is asked of them. */
  waitingFor: z.string().nullable().optional(),
  pending: z.string().nullable().optional(),
  stage: z.string().optional(),
  /** Substrings each found in some label of what the game waits for now (`choices`), or in none (`noChoices`). */
  choices: substrings.optional(),
  noChoices: substrings.optional(),
  round: z.number().int().optional(),
  hands: z.record(z.string(), z.array(z.string())).optional(),
  rows: z.record(z.string(), z.array(z.string())).optional(),
  /** Henhouses on the map, exactly (any order). */
  henhouses: z.array(partSchema.extend({ player: z.string(), share: z.boolean().optional() })).optional(),
  /** Scored farms so far. */
  farms: z.number().int().min(0).optional(),
  season: seasonId.optional(),
  market: marketId.optional(),
  /** The market deck's top cards, top first. */
  marketDeck: z.array(marketId).optional(),
  /** Where the fox is, or null when it is off the map. */
  fox: partSchema.nullable().optional(),
  bales: z.object({ supply: z.number().int().optional(), on: z.array(partSchema).optional(), held: counts.optional() }).optional(),
  stored: z.record(z.string(), storedCounts).optional(),
  storageSupply: storedCounts.optional(),
  shares: counts.optional(),
  sharesInSupply: z.number().int().optional(),
  tractors: z.array(partSchema).optional(),
  tractorsInSupply: z.number().int().optional(),
  /** Where the horse is ({cell, part}), or null for the supply. */
  horse: partSchema.nullable().optional(),
});

const fileSchema = z.object({
  ...fileFields('farm', stepSchema(expectSchema)),
  players: playerNames({ min: 2, max: 6 }),
  options: optionsSchema.partial().default({}),
  /** The map, in placing order: tile ids at cells, quarter turns clockwise. */
  map: z.array(z.object({ tile: z.string(), x: z.number().int(), y: z.number().int(), rot: z.number().int().min(0).max(3).default(0), gateOpen: z.boolean().optional() })).min(1),
  /** Hands by player (unlisted: dealt from the stack as usual). */
  hands: z.record(z.string(), z.array(z.string())).default({}),
  /** The stack's top tiles, top first; the rest of the game's tiles follow in the seed's order. */
  stack: z.array(z.string()).default([]),
  /** When true the stack holds exactly `stack`. */
  stackExactly: z.boolean().default(false),
  farmers: z.record(z.string(), z.string()).default({}),
  henhouses: z.array(partSchema.extend({ player: z.string(), share: z.boolean().optional() })).default([]),
  scores: counts.default({}),
  current: z.string().optional(),
  /** The first player of each round (default: `current`). */
  firstPlayer: z.string().optional(),
  round: z.number().int().min(1).default(1),
  /** Farms already scored: a part of each (its field must be closed), who closed it, who owned it. */
  farms: z.array(partSchema.extend({ closer: z.string().optional(), owners: z.array(z.string()).default([]) })).default([]),
  /** Seasons: the card of this round, the deck's order (top first), and whom a Drought skips (default: the leaders). */
  season: seasonId.optional(),
  seasonDeck: z.array(seasonId).optional(),
  seasonSkip: z.array(z.string()).optional(),
  market: marketId.optional(),
  /** The market deck, top first: exactly these cards (the rest are discarded). */
  marketDeck: z.array(marketId).optional(),
  fox: partSchema.nullable().optional(),
  /** Hay bales on the map, held per player, and in the supply (default: R18's count less the others). */
  bales: z.object({ supply: z.number().int().min(0).optional(), on: z.array(partSchema).default([]), held: counts.default({}) }).optional(),
  horse: partSchema.extend({ left: partSchema.optional() }).nullable().optional(),
  tractors: z.array(partSchema.extend({ fresh: z.boolean().default(false) })).optional(),
  stored: z.record(z.string(), storedCounts).optional(),
  /** Storage tokens added to farms already scored (R16): out of the supply for good. */
  storedOn: z.array(partSchema.extend({ kind: z.enum(STORED) })).optional(),
  shares: counts.optional(),
  rows: z.record(z.string(), z.array(z.string())).optional(),
});
type File = z.output<typeof fileSchema>;

const cellOf = (s: FarmState, tile: number): string => {
  const p = s.placed[tile];
  return p ? `${p.x},${p.y}` : `tile ${tile}`;
};

class Position {
  /** The state as the steps go: parts of tiles placed by a step can be named by later ones. */
  s: FarmState;
  constructor(readonly f: File) {
    const o = optionsSchema.parse(f.options);
    this.s = setup({ seats: f.players.map((name) => ({ name, computer: false })), seed: f.seed, options: o }).state;
  }
  seat(name: string): number {
    return seatNamed(this.f.players, name);
  }
  name(seat: number): string {
    return this.f.players[seat] ?? `seat ${seat}`;
  }
  tile(cell: string): number {
    const [x, y] = cell.split(',').map(Number) as [number, number];
    const tile = this.s.placed.findIndex((t) => t.x === x && t.y === y);
    if (tile < 0) throw new ScenarioError(`no tile on cell ${cell}`);
    return tile;
  }
  region(p: Part): number {
    const tile = this.tile(p.cell);
    const regions = tileById((this.s.placed[tile] as FarmState['placed'][number]).id).regions;
    if (typeof p.part === 'number') {
      if (p.part >= regions.length) throw new ScenarioError(`the tile on ${p.cell} has ${regions.length} parts`);
      return regionKey(tile, p.part);
    }
    const found = regions.map((_, r) => r).filter((r) => regionPlace(this.s, regionKey(tile, r)) === p.part);
    if (found.length !== 1) {
      const names = regions.map((_, r) => `${r}: ${regionPlace(this.s, regionKey(tile, r))}`).join(', ');
      throw new ScenarioError(`the tile on ${p.cell} has ${found.length ? `several parts '${p.part}': name one by its index` : `no part '${p.part}'`} (its parts: ${names})`);
    }
    return regionKey(tile, found[0] as number);
  }
  /** A region as a scenario names it: { cell, part }. */
  part(key: number): { cell: string; part: string | number } {
    return { cell: cellOf(this.s, tileOfKey(key)), part: partName(this.s, key) };
  }
  /** A region as one string, for messages: "1,0 north". */
  where(key: number | null | undefined): string {
    if (key === null || key === undefined) return 'off the map';
    const p = this.part(key);
    return `${p.cell} ${p.part}`;
  }
}

/** The scenario's own invalid-file error for a field: `where: why`. */
const invalid = (where: string, why: string): ScenarioError => new ScenarioError(`${where}: ${why}`);

function build(f: File): Position {
  const pos = new Position(f);
  const s = pos.s;
  const used = new Set<string>();
  const use = (id: string, where: string): string => {
    if (!TILES.some((t) => t.id === id)) throw invalid(where, `no tile '${id}'`);
    if (used.has(id)) throw invalid(where, `tile ${id} is used twice`);
    used.add(id);
    return id;
  };
  s.placed = f.map.map((m, i) => ({ id: use(m.tile, `map[${i}]`), x: m.x, y: m.y, rot: m.rot, by: null, ...(m.gateOpen ? { gateOpen: true } : {}) }));
  const board = new Board(s.placed);
  s.placed.forEach((p, i) => {
    if (i > 0 && board.neighbours(p.x, p.y) === 0) throw invalid(`map[${i}]`, `${p.id} at ${p.x},${p.y} touches no other tile`);
    if (s.placed.some((q, j) => j < i && q.x === p.x && q.y === p.y)) throw invalid(`map[${i}]`, `cell ${p.x},${p.y} holds two tiles`);
    const others = new Board(s.placed.filter((_, j) => j !== i));
    const mis = others.misfit(tileById(p.id), p.x, p.y, p.rot);
    if (mis) throw invalid(`map[${i}]`, `${p.id} at ${p.x},${p.y} does not fit the tile at ${mis.neighbour.join(',')}`);
    if (p.gateOpen && !board.gate(i)) throw invalid(`map[${i}]`, `${p.id} has no gate to open`);
  });
  const rest = s.stack.concat(s.hands.flat()).filter((id) => !used.has(id) && !f.stack.includes(id) && !Object.values(f.hands).flat().includes(id) && !Object.values(f.rows ?? {}).flat().includes(id));
  s.hands = f.players.map((name) => (f.hands[name] ?? []).map((id) => use(id, `hands.${name}`)));
  if (f.rows && !s.rows) throw invalid('rows', 'needs the Dust Bowl option');
  if (s.rows) s.rows = f.players.map((name) => (f.rows?.[name] ?? []).map((id) => use(id, `rows.${name}`)));
  const top = f.stack.map((id) => use(id, 'stack'));
  f.players.forEach((name, i) => {
    if (!f.hands[name]) s.hands[i] = rest.splice(0, 2);
  });
  s.stack = f.stackExactly ? top : [...top, ...rest];
  s.discarded = [];
  for (const [name, id] of Object.entries(f.farmers)) {
    if (!FARMERS.some((c) => c.id === id)) throw invalid(`farmers.${name}`, `no card '${id}'`);
    s.farmers[pos.seat(name)] = id;
  }
  for (const [name, n] of Object.entries(f.scores)) s.scores[pos.seat(name)] = n;
  if (f.current) s.current = s.first = pos.seat(f.current);
  if (f.firstPlayer) s.first = pos.seat(f.firstPlayer);
  s.round = f.round;
  if (s.round > s.options.roundLimit) throw invalid('round', `beyond the round limit (${s.options.roundLimit})`);

  // Scored farms first: every token below is checked against them.
  const scored = new Set<number>();
  s.farms = f.farms.map((farm, i) => {
    const field = board.fieldOf(pos.region(farm));
    if (field.open) throw invalid(`farms[${i}]`, `the field of ${farm.cell} ${farm.part} is still open: only a closed field is a farm`);
    if (field.regions.some((k) => scored.has(k))) throw invalid(`farms[${i}]`, 'that farm is listed twice');
    field.regions.forEach((k) => scored.add(k));
    return { regions: [...field.regions], closer: farm.closer ? pos.seat(farm.closer) : s.current, owners: farm.owners.map((o) => pos.seat(o)).sort((a, b) => a - b), animals: animalsIn(board, field).length, awards: [] };
  });
  /** A region a piece stands on: on the map, and not in a scored farm (its pieces have left it). */
  const spot = (p: Part, where: string): number => {
    const key = pos.region(p);
    if (scored.has(key)) throw invalid(where, `${p.cell} ${p.part} is in a scored farm: nothing stands there any more`);
    return key;
  };

  s.henhouses = f.henhouses.map((h, i) => ({ seat: pos.seat(h.player), region: spot(h, `henhouses[${i}]`), ...(h.share ? { share: true } : {}) }));
  for (const seat of s.seats.keys()) if (s.henhouses.filter((h) => h.seat === seat).length > 4) throw invalid('henhouses', `${pos.name(seat)} has only 4 henhouses`);

  if (f.season !== undefined || f.seasonDeck || f.seasonSkip) {
    const z = s.seasons;
    if (!z) throw invalid('season', 'needs the Seasons option');
    const up = f.season ?? z.up ?? (z.deck[0] as SeasonId);
    const deck = f.seasonDeck ?? [...(z.up ? [z.up] : []), ...z.deck].filter((c) => c !== up);
    if (deck.includes(up) || new Set(deck).size !== deck.length) throw invalid('seasonDeck', 'each season card appears once, the card in force not among them');
    z.up = up;
    z.deck = [...deck];
    z.discards = SEASON_IDS.filter((c) => c !== up && !deck.includes(c));
    z.skip = f.seasonSkip ? f.seasonSkip.map((n) => pos.seat(n)) : up === 'drought' ? leaders(s) : [];
    z.extra = false;
    z.moved = null;
  }
  if (s.seasons) s.seasons.farmsBefore = s.farms.length;

  if (f.market !== undefined || f.marketDeck) {
    if (!s.market) throw invalid('market', 'needs the Market option');
    const up = f.market ?? s.market.up;
    if (!MARKET.some((c) => c.id === up)) throw invalid('market', `no card '${up}' (M1–M9)`);
    const deck = f.marketDeck ?? [s.market.up, ...s.market.deck].filter((c) => c !== up);
    if (deck.includes(up) || new Set(deck).size !== deck.length || deck.some((c) => !MARKET.some((m) => m.id === c))) throw invalid('marketDeck', 'cards M1–M9, each once, the face-up card not among them');
    s.market = { up, deck: [...deck], discards: MARKET.map((c) => c.id).filter((c) => c !== up && !deck.includes(c)), turn: false };
  }
  if (f.fox !== undefined) {
    if (!s.options.chickens) throw invalid('fox', 'needs the Chickens option');
    s.fox = f.fox === null ? null : spot(f.fox, 'fox');
    s.foxSeen = f.fox !== null;
  }
  if (f.bales) {
    if (!s.bales) throw invalid('bales', 'needs the Hay Bales option');
    const total = s.bales.supply;
    s.bales.on = f.bales.on.map((p, i) => spot(p, `bales.on[${i}]`));
    s.bales.held = f.players.map((name) => f.bales?.held[name] ?? 0);
    for (const name of Object.keys(f.bales.held)) pos.seat(name);
    const left = total - s.bales.on.length - s.bales.held.reduce((a, b) => a + b, 0);
    s.bales.supply = f.bales.supply ?? left;
    if (s.bales.supply !== left) throw invalid('bales.supply', `the game has ${total} bales: ${s.bales.on.length} on the map and ${total - left - s.bales.on.length} held leave ${left} for the supply`);
    if (left < 0) throw invalid('bales', `more than the game's ${total} bales`);
  }
  if (f.horse !== undefined) {
    if (!s.horse) throw invalid('horse', 'needs the Horse option');
    s.horse = f.horse === null ? { region: null, left: null } : { region: spot(f.horse, 'horse'), left: f.horse.left ? pos.region(f.horse.left) : null };
  }
  if (f.tractors) {
    if (!s.tractors) throw invalid('tractors', 'needs the Tractor option');
    s.tractors.on = f.tractors.map((t, i) => ({ region: spot(t, `tractors[${i}]`), fresh: t.fresh }));
    s.tractors.supply = tractorCount(s.seats.length) - s.tractors.on.length;
    if (s.tractors.supply < 0) throw invalid('tractors', `more than the game's ${tractorCount(s.seats.length)}`);
  }
  if (f.stored) {
    const st = s.storage;
    if (!st) throw invalid('stored', 'needs the Storage option');
    for (const [name, c] of Object.entries(f.stored)) {
      for (const k of STORED) {
        st.held[pos.seat(name)]![k] = c[k];
        st.supply[k] -= c[k];
        if (st.supply[k] < 0) throw invalid('stored', `more ${k} tokens than the game's ${STORAGE_EACH}`);
      }
    }
  }
  if (f.storedOn) {
    const st = s.storage;
    if (!st) throw invalid('storedOn', 'needs the Storage option');
    f.storedOn.forEach((x, i) => {
      const key = pos.region(x);
      const farm = s.farms.find((fm) => fm.regions.includes(key));
      if (!farm) throw invalid(`storedOn[${i}]`, `${x.cell} ${x.part} is not in a scored farm: a stored animal is added only to a farm being scored`);
      st.placed.push({ region: farm.regions[0] as number, kind: x.kind });
      st.supply[x.kind] -= 1;
      if (st.supply[x.kind] < 0) throw invalid('storedOn', `more ${x.kind} tokens than the game's ${STORAGE_EACH}`);
    });
  }
  if (f.shares && !s.shares) throw invalid('shares', 'needs the Sharecroppers option');
  if (s.shares) {
    for (const [name, n] of Object.entries(f.shares ?? {})) s.shares.held[pos.seat(name)] = n;
    s.shares.supply = SHARES - s.shares.held.reduce((a, b) => a + b, 0) - s.henhouses.filter((h) => h.share).length;
    if (s.shares.supply < 0) throw invalid('shares', `more sharecropper tokens than the game's ${SHARES}`);
  }
  if (s.henhouses.some((h) => h.share) && !s.shares) throw invalid('henhouses', 'a sharecropper\'s henhouse needs the Sharecroppers option');
  return pos;
}

/** Event fields that name a seat, a region or a tile (by index); `farm` is numbered from 1 as the channel says. */
const SEAT_FIELDS = ['seat', 'closer', 'from', 'owner'];

/** An event as written in a scenario: players by name, regions as { cell, part }, tiles by cell. */
function named(pos: Position, e: FarmEvent): Record<string, unknown> {
  const out: Record<string, unknown> = { ...e };
  for (const k of SEAT_FIELDS) if (typeof out[k] === 'number') out[k] = pos.name(out[k] as number);
  for (const k of ['owners', 'winners', 'skip']) if (Array.isArray(out[k])) out[k] = (out[k] as number[]).map((o) => pos.name(o));
  if (typeof out.farm === 'number') out.farm = out.farm + 1;
  if (Array.isArray(out.awards)) out.awards = (out.awards as { seat: number }[]).map((a) => ({ ...a, seat: pos.name(a.seat) }));
  if ('region' in e) {
    delete out.region;
    if (e.region !== null) Object.assign(out, pos.part(e.region));
  }
  if (e.type === 'gate') out.tile = cellOf(pos.s, e.tile);
  return out;
}

/** An engine action in a scenario's terms (the inverse of `resolve`), read on the state before it is played. */
function spelled(pos: Position, a: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
  if (typeof out.region === 'number') {
    Object.assign(out, pos.part(out.region as number));
    delete out.region;
  }
  if (typeof out.seat === 'number') out.seat = pos.name(out.seat as number);
  if ((out.type === 'gate' || out.type === 'turnTile') && typeof out.tile === 'number') out.tile = cellOf(pos.s, out.tile as number);
  if (out.type === 'lift' && typeof out.from === 'number') out.from = cellOf(pos.s, out.from as number);
  return out;
}

/** A step's action in players' terms → the engine's: cells and parts become region keys, cells of tiles their index, players seats. */
function resolve(pos: Position, a: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { ...a };
  if (typeof a.cell === 'string') {
    out.region = pos.region(partSchema.parse(a));
    delete out.cell;
    delete out.part;
  }
  if (typeof a.seat === 'string') out.seat = pos.seat(a.seat);
  if ((a.type === 'gate' || a.type === 'turnTile') && typeof a.tile === 'string') out.tile = pos.tile(cellSchema.parse(a.tile));
  if (a.type === 'lift' && typeof a.from === 'string') out.from = pos.tile(cellSchema.parse(a.from));
  return out;
}

/** The labels of what the game waits for now: every choice, or for a placement the command and how many fit. */
function choicesNow(s: FarmState): string[] {
  if (s.outcome) return [];
  const seat = s.pending[0]?.seat ?? s.current;
  return legalActions(s, seat).map((a) => actionLabel(s, a));
}

const sameSet = (a: string[], b: string[]): boolean => JSON.stringify([...a].sort()) === JSON.stringify([...b].sort());

export function runScenario(json: unknown, applyRequest: ApplyRequest<FarmState, FarmEvent>): ScenarioResult<FarmState> {
  const pos = build(readScenario(fileSchema, json));
  /** The position at `s`: parts of tiles placed by a step can be named by later ones. */
  const at = (s: FarmState): Position => Object.assign(pos, { s });
  return playSteps(pos.s, pos.f.steps, applyRequest, {
    action: (s, _seat, a) => (typeof a === 'string' ? a : resolve(at(s), a)),
    computer: simpleChoice,
    eventText,
    named: (s, e) => named(at(s), e),
    spell: (s, input) => spelled(at(s), input),
    label: (s, actor, input, _step, accepted) => (accepted && actor !== 'system' ? safeLabel(s, input) || undefined : undefined),
    check: (s, e, events) => {
      const out: string[] = [];
      if (e.awards) {
        const got = events.flatMap((x) => (x.type === 'scored' ? x.awards : [])).map((a) => ({ player: pos.f.players[a.seat], points: a.points, why: a.why }));
        for (const want of e.awards) if (!got.some((g) => matches(g, want))) out.push(`no award ${JSON.stringify(want)}; awards: ${JSON.stringify(got)}`);
      }
      return [...out, ...checkState(at(s), s, e)];
    },
  });
}

/** A label for the printed line; an action the engine will refuse may name nothing real. */
function safeLabel(s: FarmState, input: unknown): string | null {
  try {
    return actionLabel(s, input as Parameters<typeof actionLabel>[1]);
  } catch {
    return null;
  }
}

/** The expectations about the position after a step, each failure in words. */
function checkState(pos: Position, s: FarmState, e: z.output<typeof expectSchema>): string[] {
  const out: string[] = [];
  const f = pos.f;
  for (const [name, pts] of Object.entries(e.scores ?? {})) if (s.scores[pos.seat(name)] !== pts) out.push(`${name} has ${s.scores[pos.seat(name)]} points, expected ${pts}`);
  if (e.waitingFor !== undefined) {
    const w = s.outcome ? null : f.players[s.pending[0]?.seat ?? s.current] ?? null;
    if (w !== e.waitingFor) out.push(`waiting for ${w}, expected ${e.waitingFor}`);
  }
  if (e.pending !== undefined && (s.pending[0]?.kind ?? null) !== e.pending) out.push(`the question owed is ${s.pending[0]?.kind ?? 'none'}, expected ${e.pending ?? 'none'}`);
  if (e.stage !== undefined && s.stage.kind !== e.stage) out.push(`stage ${s.stage.kind}, expected ${e.stage}`);
  if (e.choices || e.noChoices) {
    const labels = choicesNow(s);
    for (const c of e.choices ?? []) if (!labels.some((l) => l.includes(c))) out.push(`no choice "${c}" is offered (offered: ${labels.slice(0, 12).join(' / ')}${labels.length > 12 ? ' …' : ''})`);
    for (const c of e.noChoices ?? []) if (labels.some((l) => l.includes(c))) out.push(`a choice "${c}" is offered: ${labels.filter((l) => l.includes(c)).join(' / ')}`);
  }
  if (e.round !== undefined && s.round !== e.round) out.push(`round ${s.round}, expected ${e.round}`);
  for (const [name, tiles] of Object.entries(e.hands ?? {})) if (!sameSet(s.hands[pos.seat(name)] ?? [], tiles)) out.push(`${name}'s hand is ${s.hands[pos.seat(name)]?.join(',')}, expected ${tiles.join(',')}`);
  for (const [name, tiles] of Object.entries(e.rows ?? {})) if ((s.rows?.[pos.seat(name)] ?? []).join() !== tiles.join()) out.push(`${name}'s row is ${s.rows?.[pos.seat(name)]?.join(',')}, expected ${tiles.join(',')}`);
  if (e.henhouses) {
    const have = s.henhouses.map((h) => `${pos.name(h.seat)} ${pos.where(h.region)}${h.share ? ' (share)' : ''}`);
    const want = e.henhouses.map((h) => `${h.player} ${pos.where(pos.region(h))}${h.share ? ' (share)' : ''}`);
    if (!sameSet(have, want)) out.push(`henhouses: ${have.join('; ') || 'none'}, expected ${want.join('; ') || 'none'}`);
  }
  if (e.farms !== undefined && s.farms.length !== e.farms) out.push(`${s.farms.length} farms scored, expected ${e.farms}`);
  if (e.season !== undefined && s.seasons?.up !== e.season) out.push(`the season is ${s.seasons?.up ?? 'none'}, expected ${e.season}`);
  if (e.market !== undefined && s.market?.up !== e.market) out.push(`the market card is ${s.market?.up ?? 'none'}, expected ${e.market}`);
  if (e.marketDeck && (s.market?.deck ?? []).slice(0, e.marketDeck.length).join() !== e.marketDeck.join()) out.push(`the market deck starts ${s.market?.deck.slice(0, e.marketDeck.length).join(',')}, expected ${e.marketDeck.join(',')}`);
  if (e.fox !== undefined) {
    const want = e.fox === null ? null : pos.region(e.fox);
    if (s.fox !== want) out.push(`the fox is ${s.fox === null ? 'off the map' : `on ${pos.where(s.fox)}`}, expected ${want === null ? 'off the map' : `on ${pos.where(want)}`}`);
  }
  if (e.bales) {
    const b = s.bales;
    if (!b) out.push('this game has no hay bales');
    else {
      if (e.bales.supply !== undefined && b.supply !== e.bales.supply) out.push(`${b.supply} bales in the supply, expected ${e.bales.supply}`);
      if (e.bales.on && !sameSet(b.on.map((k) => pos.where(k)), e.bales.on.map((p) => pos.where(pos.region(p))))) out.push(`bales on ${b.on.map((k) => pos.where(k)).join('; ') || 'nothing'}, expected ${e.bales.on.map((p) => pos.where(pos.region(p))).join('; ') || 'nothing'}`);
      for (const [name, n] of Object.entries(e.bales.held ?? {})) if (b.held[pos.seat(name)] !== n) out.push(`${name} holds ${b.held[pos.seat(name)]} bales, expected ${n}`);
    }
  }
  for (const [name, c] of Object.entries(e.stored ?? {})) {
    const h = s.storage?.held[pos.seat(name)];
    if (!h || STORED.some((k: Stored) => h[k] !== c[k])) out.push(`${name} stores ${JSON.stringify(h)}, expected ${JSON.stringify(c)}`);
  }
  if (e.storageSupply) {
    const sup = s.storage?.supply;
    if (!sup || STORED.some((k) => sup[k] !== e.storageSupply?.[k])) out.push(`the storage supply is ${JSON.stringify(sup)}, expected ${JSON.stringify(e.storageSupply)}`);
  }
  for (const [name, n] of Object.entries(e.shares ?? {})) if (s.shares?.held[pos.seat(name)] !== n) out.push(`${name} holds ${s.shares?.held[pos.seat(name)]} sharecropper tokens, expected ${n}`);
  if (e.sharesInSupply !== undefined && s.shares?.supply !== e.sharesInSupply) out.push(`${s.shares?.supply} sharecropper tokens in the supply, expected ${e.sharesInSupply}`);
  if (e.tractors && !sameSet((s.tractors?.on ?? []).map((t) => pos.where(t.region)), e.tractors.map((p) => pos.where(pos.region(p))))) out.push(`tractors on ${(s.tractors?.on ?? []).map((t) => pos.where(t.region)).join('; ') || 'nothing'}, expected ${e.tractors.map((p) => pos.where(pos.region(p))).join('; ') || 'nothing'}`);
  if (e.tractorsInSupply !== undefined && s.tractors?.supply !== e.tractorsInSupply) out.push(`${s.tractors?.supply} tractors in the supply, expected ${e.tractorsInSupply}`);
  if (e.horse !== undefined) {
    const want = e.horse === null ? null : pos.region(e.horse);
    if ((s.horse?.region ?? null) !== want) out.push(`the horse is ${s.horse?.region == null ? 'in the supply' : `on ${pos.where(s.horse.region)}`}, expected ${want === null ? 'in the supply' : `on ${pos.where(want)}`}`);
  }
  return out;
}
