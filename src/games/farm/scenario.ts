/**
 * Fences scenario files (docs/farm.md): a position — map, hands, henhouses, cards, Ranch
 * tokens — set up in players' terms (tiles by id, cells "x,y", parts of a tile by compass name
 * or index), steps played on it, and expectations checked after each.
 */
import { z } from 'zod';
import { ScenarioError, type ApplyRequest, type ScenarioResult } from '../../platform/game.ts';
import { Board, regionKey } from './board.ts';
import { setup, simpleChoice } from './engine.ts';
import type { FarmEvent } from './events.ts';
import { FARMERS } from './farmers.ts';
import { MARKET } from './market.ts';
import { optionsSchema, STORED, type FarmState, type Stored } from './state.ts';
import { TILES, tileById } from './tiles.ts';
import { eventText, regionPlace } from './words.ts';

/** A part of a placed tile: its cell and which of its regions (index, or where it lies: "north-west", "whole tile"). */
const partSchema = z.object({ cell: z.string().regex(/^-?\d+,-?\d+$/), part: z.union([z.number().int().min(0).max(3), z.string()]).default(0) });
type Part = z.output<typeof partSchema>;
const counts = z.record(z.string(), z.number().int());
const storedCounts = z.object({ cow: z.number().int().min(0).default(0), pig: z.number().int().min(0).default(0), sheep: z.number().int().min(0).default(0) });

const expectSchema = z.object({
  ok: z.boolean().optional(),
  code: z.string().optional(),
  /** Points per player after the step. */
  scores: counts.optional(),
  /** Awards that the step's scored farms gave: { player, points, why }. */
  awards: z.array(z.object({ player: z.string(), points: z.number().int(), why: z.string() })).optional(),
  /** Partial events that must occur in this order (players by name). */
  events: z.array(z.record(z.string(), z.unknown())).optional(),
  noEvents: z.array(z.string()).optional(),
  /** Text the step's channel lines must contain. */
  text: z.array(z.string()).optional(),
  /** Who the game waits for (null: nobody, the game is over), and what is asked of them. */
  waitingFor: z.string().nullable().optional(),
  pending: z.string().nullable().optional(),
  stage: z.string().optional(),
  hands: z.record(z.string(), z.array(z.string())).optional(),
  rows: z.record(z.string(), z.array(z.string())).optional(),
  stored: z.record(z.string(), storedCounts).optional(),
  tractorsInSupply: z.number().int().optional(),
  /** Where the horse is ({cell, part}), or null for the supply. */
  horse: partSchema.nullable().optional(),
});

const stepSchema = z.object({
  by: z.string().optional(),
  action: z.record(z.string(), z.unknown()).optional(),
  note: z.string().optional(),
  expect: expectSchema.optional(),
});

const fileSchema = z.object({
  game: z.literal('farm'),
  name: z.string(),
  description: z.string().optional(),
  players: z.array(z.string()).min(2).max(6),
  seed: z.string().default('scenario'),
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
  market: z.string().optional(),
  fox: partSchema.nullable().optional(),
  horse: partSchema.extend({ left: partSchema.optional() }).nullable().optional(),
  tractors: z.array(partSchema.extend({ fresh: z.boolean().default(false) })).optional(),
  stored: z.record(z.string(), storedCounts).optional(),
  shares: counts.optional(),
  rows: z.record(z.string(), z.array(z.string())).optional(),
  steps: z.array(stepSchema),
});
type File = z.output<typeof fileSchema>;

class Position {
  /** The state as the steps go: parts of tiles placed by a step can be named by later ones. */
  s: FarmState;
  constructor(readonly f: File) {
    const o = optionsSchema.parse(f.options);
    this.s = setup({ seats: f.players.map((name) => ({ name, computer: false })), seed: f.seed, options: o }).state;
  }
  seat(name: string): number {
    const i = this.f.players.indexOf(name);
    if (i < 0) throw new ScenarioError(`no player '${name}' (players: ${this.f.players.join(', ')})`);
    return i;
  }
  region(p: Part): number {
    const [x, y] = p.cell.split(',').map(Number) as [number, number];
    const tile = this.s.placed.findIndex((t) => t.x === x && t.y === y);
    if (tile < 0) throw new ScenarioError(`no tile on cell ${p.cell}`);
    const regions = tileById((this.s.placed[tile] as FarmState['placed'][number]).id).regions;
    if (typeof p.part === 'number') {
      if (p.part >= regions.length) throw new ScenarioError(`the tile on ${p.cell} has ${regions.length} parts`);
      return regionKey(tile, p.part);
    }
    const found = regions.findIndex((_, r) => regionPlace(this.s, regionKey(tile, r)) === p.part);
    if (found < 0) throw new ScenarioError(`the tile on ${p.cell} has no part '${p.part}' (its parts: ${regions.map((_, r) => regionPlace(this.s, regionKey(tile, r))).join(', ')})`);
    return regionKey(tile, found);
  }
}

function build(f: File): Position {
  const pos = new Position(f);
  const s = pos.s;
  const used = new Set<string>();
  const use = (id: string, where: string): string => {
    if (!TILES.some((t) => t.id === id)) throw new ScenarioError(`${where}: no tile '${id}'`);
    if (used.has(id)) throw new ScenarioError(`${where}: tile ${id} is used twice`);
    used.add(id);
    return id;
  };
  s.placed = f.map.map((m, i) => ({ id: use(m.tile, `map[${i}]`), x: m.x, y: m.y, rot: m.rot, by: null, ...(m.gateOpen ? { gateOpen: true } : {}) }));
  const board = new Board(s.placed);
  s.placed.forEach((p, i) => {
    if (i > 0 && board.neighbours(p.x, p.y) === 0) throw new ScenarioError(`map[${i}]: ${p.id} at ${p.x},${p.y} touches no other tile`);
    const others = new Board(s.placed.filter((_, j) => j !== i));
    const mis = others.misfit(tileById(p.id), p.x, p.y, p.rot);
    if (mis) throw new ScenarioError(`map[${i}]: ${p.id} at ${p.x},${p.y} does not fit the tile at ${mis.neighbour.join(',')}`);
  });
  const rest = s.stack.concat(s.hands.flat()).filter((id) => !used.has(id) && !f.stack.includes(id) && !Object.values(f.hands).flat().includes(id) && !Object.values(f.rows ?? {}).flat().includes(id));
  s.hands = f.players.map((name) => (f.hands[name] ?? []).map((id) => use(id, `hands.${name}`)));
  if (s.rows) s.rows = f.players.map((name) => (f.rows?.[name] ?? []).map((id) => use(id, `rows.${name}`)));
  const top = f.stack.map((id) => use(id, 'stack'));
  f.players.forEach((name, i) => {
    if (!f.hands[name]) s.hands[i] = rest.splice(0, 2);
  });
  s.stack = f.stackExactly ? top : [...top, ...rest];
  s.discarded = [];
  for (const [name, id] of Object.entries(f.farmers)) {
    if (!FARMERS.some((c) => c.id === id)) throw new ScenarioError(`farmers.${name}: no card '${id}'`);
    s.farmers[pos.seat(name)] = id;
  }
  s.henhouses = f.henhouses.map((h) => ({ seat: pos.seat(h.player), region: pos.region(h), ...(h.share ? { share: true } : {}) }));
  for (const [name, n] of Object.entries(f.scores)) s.scores[pos.seat(name)] = n;
  if (f.current) s.current = s.first = pos.seat(f.current);
  if (f.market !== undefined) {
    if (!s.market || !MARKET.some((c) => c.id === f.market)) throw new ScenarioError(`market: '${f.market}' needs the Market option and a card M1–M9`);
    const deck = [s.market.up, ...s.market.deck].filter((c) => c !== f.market);
    s.market = { ...s.market, up: f.market, deck };
  }
  if (f.fox !== undefined) {
    s.fox = f.fox === null ? null : pos.region(f.fox);
    s.foxSeen = f.fox !== null;
  }
  if (f.horse !== undefined) {
    if (!s.horse) throw new ScenarioError('horse: needs the Horse option');
    s.horse = f.horse === null ? { region: null, left: null } : { region: pos.region(f.horse), left: f.horse.left ? pos.region(f.horse.left) : null };
  }
  if (f.tractors) {
    if (!s.tractors) throw new ScenarioError('tractors: needs the Tractor option');
    s.tractors.on = f.tractors.map((t) => ({ region: pos.region(t), fresh: t.fresh }));
    s.tractors.supply -= s.tractors.on.length;
    if (s.tractors.supply < 0) throw new ScenarioError('tractors: more than the game has');
  }
  if (f.stored) {
    const st = s.storage;
    if (!st) throw new ScenarioError('stored: needs the Storage option');
    for (const [name, c] of Object.entries(f.stored)) {
      for (const k of STORED) {
        st.held[pos.seat(name)]![k] = c[k];
        st.supply[k] -= c[k];
        if (st.supply[k] < 0) throw new ScenarioError(`stored: more ${k} tokens than the game has`);
      }
    }
  }
  if (f.shares) {
    const sh = s.shares;
    if (!sh) throw new ScenarioError('shares: needs the Sharecroppers option');
    for (const [name, n] of Object.entries(f.shares)) sh.held[pos.seat(name)] = n;
  }
  if (s.shares) s.shares.supply = 7 - s.shares.held.reduce((a, b) => a + b, 0) - s.henhouses.filter((h) => h.share).length;
  return pos;
}

const SEAT_FIELDS = ['seat', 'closer', 'from'];

/** An event as written in a scenario: players by name. */
function named(pos: Position, e: FarmEvent): Record<string, unknown> {
  const out: Record<string, unknown> = { ...e };
  for (const k of SEAT_FIELDS) if (typeof out[k] === 'number') out[k] = pos.f.players[out[k] as number];
  if (Array.isArray(out.owners)) out.owners = (out.owners as number[]).map((o) => pos.f.players[o]);
  if (Array.isArray(out.winners)) out.winners = (out.winners as number[]).map((o) => pos.f.players[o]);
  return out;
}

const matches = (have: Record<string, unknown>, want: Record<string, unknown>): boolean => Object.entries(want).every(([k, v]) => JSON.stringify(have[k]) === JSON.stringify(v));

/** A step's action in players' terms → the engine's: cells and parts become region keys, players seats. */
function resolve(pos: Position, a: Record<string, unknown>): unknown {
  const out: Record<string, unknown> = { ...a };
  if (typeof a.cell === 'string') {
    out.region = pos.region(partSchema.parse(a));
    delete out.cell;
    delete out.part;
  }
  if (typeof a.seat === 'string') out.seat = pos.seat(a.seat);
  if (a.type === 'gate' && typeof a.tile === 'string') {
    const [x, y] = (a.tile as string).split(',').map(Number);
    out.tile = pos.s.placed.findIndex((t) => t.x === x && t.y === y);
  }
  return out;
}

export function runScenario(json: unknown, apply: ApplyRequest<FarmState, FarmEvent>): ScenarioResult<FarmState> {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) throw new ScenarioError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const f = parsed.data;
  const pos = build(f);
  let s = pos.s;
  const lines: object[] = [];
  const failures: string[] = [];
  f.steps.forEach((step, n) => {
    const where = `step ${n + 1}`;
    const e = step.expect ?? {};
    let events: FarmEvent[] = [];
    if (step.action) {
      if (!step.by) throw new ScenarioError(`${where}: an action needs "by"`);
      const actor = step.by === 'system' ? 'system' : pos.seat(step.by);
      const input = step.action.type === 'computer' && actor !== 'system' ? simpleChoice(s, actor) : resolve(pos, step.action);
      const r = apply(s, actor, input);
      if (!r.ok) {
        lines.push({ step: n + 1, by: step.by, action: input, ok: false, code: r.code, message: r.message, legal: r.legal });
        if (e.ok !== false && e.code === undefined) failures.push(`${where}: refused (${r.code}: ${r.message})`);
        if (e.code !== undefined && e.code !== r.code) failures.push(`${where}: refused with ${r.code}, expected ${e.code}`);
        return;
      }
      if (e.ok === false || e.code !== undefined) failures.push(`${where}: expected a refusal, but it was played`);
      events = r.events;
      s = pos.s = r.state;
      lines.push({ step: n + 1, by: step.by, action: input, ok: true, events, text: events.map((x) => eventText(s, x)).filter((t) => t !== null) });
    } else lines.push({ step: n + 1, check: true });
    const said = events.map((x) => eventText(s, x)).filter((t): t is string => t !== null);
    for (const t of e.text ?? []) if (!said.some((l) => l.includes(t))) failures.push(`${where}: nothing said "${t}"; said: ${said.join(' / ')}`);
    let at = 0;
    for (const want of e.events ?? []) {
      const i = events.slice(at).findIndex((x) => matches(named(pos, x), want));
      if (i < 0) failures.push(`${where}: no event ${JSON.stringify(want)} (in order) among ${JSON.stringify(events.map((x) => named(pos, x)))}`);
      else at += i + 1;
    }
    for (const type of e.noEvents ?? []) if (events.some((x) => x.type === type)) failures.push(`${where}: an event '${type}' occurred`);
    if (e.awards) {
      const got = events.flatMap((x) => (x.type === 'scored' ? x.awards : [])).map((a) => ({ player: f.players[a.seat], points: a.points, why: a.why }));
      for (const want of e.awards) if (!got.some((g) => matches(g, want))) failures.push(`${where}: no award ${JSON.stringify(want)}; awards: ${JSON.stringify(got)}`);
    }
    for (const [name, pts] of Object.entries(e.scores ?? {})) if (s.scores[pos.seat(name)] !== pts) failures.push(`${where}: ${name} has ${s.scores[pos.seat(name)]} points, expected ${pts}`);
    if (e.waitingFor !== undefined) {
      const w = s.outcome ? null : f.players[s.pending[0]?.seat ?? s.current] ?? null;
      if (w !== e.waitingFor) failures.push(`${where}: waiting for ${w}, expected ${e.waitingFor}`);
    }
    if (e.pending !== undefined && (s.pending[0]?.kind ?? null) !== e.pending) failures.push(`${where}: the question owed is ${s.pending[0]?.kind ?? 'none'}, expected ${e.pending ?? 'none'}`);
    if (e.stage !== undefined && s.stage.kind !== e.stage) failures.push(`${where}: stage ${s.stage.kind}, expected ${e.stage}`);
    for (const [name, tiles] of Object.entries(e.hands ?? {})) if ([...(s.hands[pos.seat(name)] ?? [])].sort().join() !== [...tiles].sort().join()) failures.push(`${where}: ${name}'s hand is ${s.hands[pos.seat(name)]?.join(',')}, expected ${tiles.join(',')}`);
    for (const [name, tiles] of Object.entries(e.rows ?? {})) if ((s.rows?.[pos.seat(name)] ?? []).join() !== tiles.join()) failures.push(`${where}: ${name}'s row is ${s.rows?.[pos.seat(name)]?.join(',')}, expected ${tiles.join(',')}`);
    for (const [name, c] of Object.entries(e.stored ?? {})) {
      const h = s.storage?.held[pos.seat(name)];
      if (!h || STORED.some((k: Stored) => h[k] !== c[k])) failures.push(`${where}: ${name} stores ${JSON.stringify(h)}, expected ${JSON.stringify(c)}`);
    }
    if (e.tractorsInSupply !== undefined && s.tractors?.supply !== e.tractorsInSupply) failures.push(`${where}: ${s.tractors?.supply} tractors in the supply, expected ${e.tractorsInSupply}`);
    if (e.horse !== undefined) {
      const want = e.horse === null ? null : pos.region(e.horse);
      if ((s.horse?.region ?? null) !== want) failures.push(`${where}: the horse is on region ${s.horse?.region}, expected ${want}`);
    }
  });
  return { lines, state: s, failures };
}
