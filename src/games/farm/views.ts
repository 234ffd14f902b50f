/**
 * What each viewer may know (F6): everything on the table, and a seat's own hand for that seat
 * only. Pictures are drawn from these views alone, so a picture can show no one else's tiles.
 */
import { regionKey } from './board.ts';
import { farmerById, type Condition } from './farmers.ts';
import { activeSeats, henhousesLeft } from './engine.ts';
import type { FarmState } from './state.ts';
import { marketText } from './market.ts';
import { seasonById } from './seasons-data.ts';
import { fencesTurned, regionAt, tileById, POINTS, type Animal, type Terrain } from './tiles.ts';

export interface RegionView {
  key: number;
  /** The region's outline: boundary point indices 0–7 (NW, N, NE, E, SE, S, SW, W) on the map, in order; -1 is the centre. */
  outline: number[];
  terrain: Terrain;
  animals: Animal[];
}

export interface TileView {
  id: string;
  x: number;
  y: number;
  /** Per map half-side: fenced. */
  fenced: boolean[];
  regions: RegionView[];
  /** Internal fences: the boundary point (0–7, on the map) each runs to from the centre; gates open or closed. */
  spokes: { to: number; gate: 'open' | 'closed' | null }[];
  market: boolean;
}

export interface FarmView {
  names: string[];
  out: boolean[];
  scores: number[];
  henhousesLeft: number[];
  handCounts: number[];
  farmers: { id: string; text: string }[];
  current: number | null;
  /** Whom the game waits for now: the player whose turn it is, or one owing an answer (the fox, a bale…); null once over. */
  acting: number | null;
  round: number;
  stack: number;
  tiles: TileView[];
  henhouses: { seat: number; region: number }[];
  /** Scored farms in scoring order; `removed`: animals Storage took out of it before it was scored (R16). */
  farms: { regions: number[]; closer: number; awards: { seat: number; points: number; why: string }[]; removed: string[] }[];
  /** Index of the tile placed last (highlighted). */
  last: number | null;
  over: boolean;
  /** Ranch tokens: the fox's region, bales on the map (regions) and held, the market card. */
  fox: number | null;
  bales: { on: number[]; held: number[]; supply: number } | null;
  market: string | null;
  /** Tractor, Horse, Storage, Sharecroppers, Dust Bowl: tokens on the map (regions) and in front of players. */
  tractors: { on: number[]; supply: number } | null;
  /** The horse's region (null: in the supply); null without the option. */
  horse: { region: number | null } | null;
  /** Stored animals added to scored farms, by region. */
  storedOn: { region: number; kind: 'cow' | 'pig' | 'sheep' }[];
  /** Per seat: animals in storage, sharecropper tokens, row tiles (face up). */
  stored: number[] | null;
  shares: number[] | null;
  rows: string[][] | null;
  /** Henhouses placed with a sharecropper token. */
  shared: number[];
  /** The season card in force (S1) and who it skips, named. */
  season: { name: string; text: string; skip: string[] } | null;
  /** The viewer's own hand (tile views at 0,0 unturned), for a seat only. */
  hand: TileView[] | null;
}

/** A tile as drawn, turned `rot` quarter turns, at (x, y); `index` names its regions' keys. */
export function tileView(id: string, x: number, y: number, rot: number, index: number, gateOpen?: boolean): TileView {
  const t = tileById(id);
  const regs = regionAt(t, rot);
  const regions: RegionView[] = t.regions.map((r, i) => {
    const hs = Array.from({ length: 8 }, (_, h) => h).filter((h) => regs[h] === i);
    // The arc's first half-side is the one whose predecessor lies in another region.
    const start = hs.length === 8 ? 0 : (hs.find((h) => regs[(h + 7) % 8] !== i) as number);
    const outline: number[] = [];
    for (let k = 0; k <= hs.length; k++) outline.push((start + k) % 8);
    if (hs.length === 8) outline.pop();
    else outline.push(-1);
    return { key: regionKey(index, i), outline, terrain: r.terrain, animals: [...r.animals] };
  });
  return {
    id,
    x,
    y,
    fenced: [...fencesTurned(t, rot)],
    regions,
    spokes: t.segments.map((s) => ({ to: (POINTS.indexOf(s.to) + 2 * rot) % 8, gate: s.gate ? (gateOpen ? 'open' : 'closed') : null })),
    market: t.market === true,
  };
}

export function conditionText(c: Condition): string {
  switch (c.type) {
    case 'none': return `no ${c.kind === 'sheep' ? 'sheep' : c.kind + 's'}`;
    case 'some': return `${c.kind === 'sheep' ? 'sheep' : c.kind + 's'}`;
    case 'kinds': return c.n === 1 ? 'one kind of animal' : `exactly ${c.n} kinds of animal`;
    case 'animals': return `${c.n}+ animals`;
    case 'tiles': return `${c.n}+ tiles`;
    case 'otherOwner': return "someone else's farm";
    case 'edge': return 'fence on the map edge';
  }
}

export function farmerText(id: string): string {
  return farmerById(id).conditions.map((c) => `${conditionText(c)} ${c.points}`).join(' · ');
}

export function view(s: FarmState, viewer: number | 'channel'): FarmView {
  return {
    names: s.seats.map((x) => x.name),
    out: [...s.out],
    scores: [...s.scores],
    henhousesLeft: s.seats.map((_, i) => (s.out[i] ? 0 : henhousesLeft(s, i))),
    handCounts: s.hands.map((h) => h.length),
    farmers: s.farmers.map((id) => ({ id, text: farmerText(id) })),
    current: s.outcome ? null : s.current,
    acting: activeSeats(s)[0] ?? null,
    round: s.round,
    stack: s.stack.length,
    tiles: s.placed.map((p, i) => tileView(p.id, p.x, p.y, p.rot, i, p.gateOpen)),
    henhouses: s.henhouses.map((h) => ({ seat: h.seat, region: h.region })),
    farms: s.farms.map((f) => ({ regions: [...f.regions], closer: f.closer, awards: f.awards.map((a) => ({ ...a })), removed: [...(f.removed ?? [])] })),
    last: s.seasons?.moved ?? (s.placed.length > 1 ? s.placed.length - 1 : null),
    over: s.outcome !== null,
    fox: s.fox,
    bales: s.bales ? { on: [...s.bales.on], held: [...s.bales.held], supply: s.bales.supply } : null,
    market: s.market ? marketText(s.market.up) : null,
    tractors: s.tractors ? { on: s.tractors.on.map((t) => t.region), supply: s.tractors.supply } : null,
    horse: s.horse ? { region: s.horse.region } : null,
    storedOn: (s.storage?.placed ?? []).map((p) => ({ ...p })),
    stored: s.storage ? s.storage.held.map((h) => h.cow + h.pig + h.sheep) : null,
    shares: s.shares ? [...s.shares.held] : null,
    rows: s.rows ? s.rows.map((r) => [...r]) : null,
    shared: s.henhouses.filter((h) => h.share).map((h) => h.region),
    season: s.seasons?.up ? { ...seasonById(s.seasons.up), skip: s.seasons.skip.map((i) => s.seats[i]?.name ?? '') } : null,
    hand: typeof viewer === 'number' ? [...(s.hands[viewer] ?? []), ...(s.rows?.[viewer] ?? [])].map((id) => tileView(id, 0, 0, 0, -1)) : null,
  };
}
