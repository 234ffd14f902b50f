/**
 * Seasons (S1–S10), the project's own module: a season card rules each round. Pure rules over
 * the farm state; the engine calls these at a few fixed points (round start, turn start, turn
 * end, the place and claim steps, scoring) and lends its own steps (`SeasonHooks`) for the moves.
 */
import type { Refusal } from '../../platform/game.ts';
import type { Rng } from '../../platform/rng.ts';
import { seatsInGame } from '../../platform/seats.ts';
import { Board, distinctRotations, regionKey, regionOfKey, rotationLook, tileOfKey } from './board.ts';
import type { FarmEvent } from './events.ts';
import { describeMisfit, refuse } from './refusals.ts';
import { SEASON_IDS, seasonById, type SeasonAction, type SeasonId, type SeasonState } from './seasons-data.ts';
import type { FarmState } from './state.ts';
import { STEP, tileById } from './tiles.ts';

export const seasonUp = (s: FarmState): SeasonId | null => s.seasons?.up ?? null;

export function newSeasons(rng: Rng): SeasonState {
  return { up: null, deck: rng.shuffle([...SEASON_IDS]), discards: [], skip: [], extra: false, farmsBefore: 0, moved: null };
}

/**
 * S3: the players in the game with the most points — none while everyone is level (at the
 * start, nobody leads; a Drought that skipped everyone would be no round at all).
 */
export function leaders(s: FarmState): number[] {
  const seats = seatsInGame(s);
  const best = Math.max(...seats.map((i) => s.scores[i] ?? 0));
  const top = seats.filter((i) => s.scores[i] === best);
  return top.length === seats.length ? [] : top;
}

/** S1: each round, before the first player's turn, the next card is turned (the discards reshuffled when the deck is empty). */
export function turnSeason(s: FarmState, rng: Rng): FarmEvent | null {
  const z = s.seasons;
  if (!z) return null;
  if (z.up) z.discards.push(z.up);
  if (z.deck.length === 0) z.deck = rng.shuffle(z.discards.splice(0));
  const up = z.deck.shift() as SeasonId;
  z.up = up;
  z.skip = up === 'drought' ? leaders(s) : [];
  return { type: 'season', card: up, skip: [...z.skip] };
}

/** At each turn's start: remembers the farms scored so far (S7); true when Drought skips this seat (S3). */
export function startOfTurn(s: FarmState, seat: number): boolean {
  const z = s.seasons;
  if (!z) return false;
  z.farmsBefore = s.farms.length;
  return z.up === 'drought' && z.skip.includes(seat) && !z.extra;
}

/**
 * S7 at a turn's end: whether `seat` plays again at once — Spring, a farm they own closed by
 * them this turn, and this turn not already an extra one.
 */
export function playsAgain(s: FarmState, seat: number): boolean {
  const z = s.seasons;
  if (!z) return false;
  const again = z.up === 'spring' && !z.extra && !s.out[seat] && s.farms.slice(z.farmsBefore).some((f) => f.closer === seat && f.owners.includes(seat));
  z.extra = again;
  return again;
}

/** S5: every owner scores the farm's full animal points. */
export const fullShares = (s: FarmState): boolean => seasonUp(s) === 'harvest';

/** S10: the animal points a closer earning nothing from their card scores for an unowned farm. */
export const winterPoints = (s: FarmState, owners: number, cardPoints: number, animalPoints: number): number =>
  seasonUp(s) === 'winter' && owners === 0 && cardPoints === 0 ? animalPoints : 0;

/**
 * The regions bearing a piece: henhouses (sharecroppers' too), the fox, hay bales, tractors, the
 * horse (S1: their tiles never move). Stored animals lie only in scored farms, fixed already.
 */
function occupied(s: FarmState): Set<number> {
  return new Set([
    ...s.henhouses.map((h) => h.region),
    ...(s.fox === null ? [] : [s.fox]),
    ...(s.bales?.on ?? []),
    ...(s.tractors?.on.map((t) => t.region) ?? []),
    ...(s.horse?.region == null ? [] : [s.horse.region]),
  ]);
}

/** Why a map tile may not be lifted (S4) or turned (S6), or null when it may. */
function unmovable(s: FarmState, board: Board, tile: number, scored: Set<number>, pieces: Set<number>): string | null {
  const regions = board.def(tile).regions.map((_, r) => regionKey(tile, r));
  if (board.gate(tile)) return 'it bears a gate';
  if (regions.some((k) => pieces.has(k))) return 'a piece stands on it (a henhouse, the fox, a hay bale, a tractor or the horse)';
  if (regions.some((k) => scored.has(k))) return 'part of it belongs to a scored farm';
  if (s.placed.length < 2) return 'it is the only tile on the map';
  return null;
}

/** The map is still one piece without tile `tile`. */
function connectedWithout(s: FarmState, tile: number): boolean {
  const cells = new Set(s.placed.filter((_, i) => i !== tile).map((p) => `${p.x},${p.y}`));
  const start = s.placed.find((_, i) => i !== tile);
  if (!start) return false;
  const seen = new Set([`${start.x},${start.y}`]);
  const todo = [[start.x, start.y] as const];
  while (todo.length) {
    const [x, y] = todo.pop() as readonly [number, number];
    for (const [dx, dy] of STEP) {
      const k = `${x + (dx as number)},${y + (dy as number)}`;
      if (cells.has(k) && !seen.has(k)) {
        seen.add(k);
        todo.push([x + (dx as number), y + (dy as number)]);
      }
    }
  }
  return seen.size === cells.size;
}

/** Tiles a Flood may lift (S4: nothing scored or standing on them, the map stays in one piece) or Rainy turn (S6). */
export function movableTiles(s: FarmState, board: Board, lifting: boolean): number[] {
  const scored = new Set(s.farms.flatMap((f) => f.regions));
  const pieces = occupied(s);
  return s.placed.map((_, i) => i).filter((i) => unmovable(s, board, i, scored, pieces) === null && (!lifting || connectedWithout(s, i)));
}

/** The map without tile `tile`, for a lift's fit (its indices shift: geometry only). */
const mapWithout = (s: FarmState, tile: number): Board => new Board(s.placed.filter((_, i) => i !== tile));

function liftsOf(s: FarmState, tile: number): SeasonAction[] {
  const p = s.placed[tile] as FarmState['placed'][number];
  const rest = mapWithout(s, tile);
  const t = tileById(p.id);
  const out: SeasonAction[] = [];
  for (const [x, y] of rest.frontier()) {
    if (x === p.x && y === p.y) continue;
    for (const rot of distinctRotations(t)) if (!rest.misfit(t, x, y, rot)) out.push({ type: 'lift', from: tile, x, y, rot });
  }
  return out;
}

function turnsOf(s: FarmState, tile: number): SeasonAction[] {
  const p = s.placed[tile] as FarmState['placed'][number];
  const t = tileById(p.id);
  const rest = mapWithout(s, tile);
  const now = rotationLook(t, p.rot);
  return distinctRotations(t).filter((rot) => rotationLook(t, rot) !== now && !rest.misfit(t, p.x, p.y, rot)).map((rot) => ({ type: 'turnTile', tile, rot }));
}

/** The season's moves instead of placing from hand: Autumn's swaps (S2), Flood's lifts (S4), Rainy's turns (S6). */
export function placeAlternatives(s: FarmState, board: Board, seat: number): SeasonAction[] {
  const up = seasonUp(s);
  if (up === 'autumn') return s.stack.length ? [...new Set(s.hands[seat] ?? [])].map((tile) => ({ type: 'swap', tile })) : [];
  if (up === 'flood') return movableTiles(s, board, true).flatMap((i) => liftsOf(s, i));
  if (up === 'rainy') return movableTiles(s, board, false).flatMap((i) => turnsOf(s, i));
  return [];
}

/** S9: instead of a henhouse, any henhouse on the map (all stand in open fields) may be sent home. */
export function claimAlternatives(s: FarmState): SeasonAction[] {
  return seasonUp(s) === 'tornado' ? s.henhouses.map((h) => ({ type: 'evict', region: h.region })) : [];
}

/**
 * S8: the fields on the tile just placed that this placement joined from two or more fields
 * (judged on the map without that tile): under Summer an owned one may take a henhouse too.
 */
export function summerFields(s: FarmState, board: Board, tile: number): Set<number> {
  const out = new Set<number>();
  if (seasonUp(s) !== 'summer') return out;
  const before = mapWithout(s, tile);
  const shifted = (k: number): number => regionKey(tileOfKey(k) < tile ? tileOfKey(k) : tileOfKey(k) - 1, regionOfKey(k));
  board.def(tile).regions.forEach((_, r) => {
    const f = board.fieldOf(regionKey(tile, r));
    if (!f.open) return;
    const joined = new Set(f.regions.filter((k) => tileOfKey(k) !== tile).map((k) => before.fieldOf(shifted(k)).id));
    if (joined.size >= 2) out.add(f.id);
  });
  return out;
}

const SEASON_OF: Record<SeasonAction['type'], SeasonId> = { swap: 'autumn', lift: 'flood', turnTile: 'rainy', evict: 'tornado' };
const WHAT: Record<SeasonAction['type'], string> = { swap: 'Swapping a tile', lift: 'Moving a tile on the map', turnTile: 'Turning a tile on the map', evict: 'Sending a henhouse home' };

/** Why a season move is not legal now, or null (the engine has checked the turn and any owed choice). */
export function checkSeason(s: FarmState, board: Board, seat: number, a: SeasonAction): Refusal | null {
  const needed = SEASON_OF[a.type];
  const up = seasonUp(s);
  if (up !== needed) return refuse('WRONG_SEASON', `${WHAT[a.type]} is allowed only in ${seasonById(needed).name}; ${up ? `this round's season is ${seasonById(up).name}` : 'this game is played without seasons'}.`);
  if (a.type === 'evict') {
    if (s.stage.kind !== 'claim') return refuse('PLACE_FIRST', 'The tornado comes after you place a tile, instead of a henhouse.', ['/farm place']);
    if (!s.henhouses.some((h) => h.region === a.region)) return refuse('NO_HENHOUSE', 'There is no henhouse there: pick one from the list.', ['/farm henhouse']);
    return null;
  }
  if (s.stage.kind !== 'place') return refuse('CLAIM_FIRST', 'You have placed your tile this turn: a season move stands in for placing one, so it cannot come now.', ['/farm henhouse']);
  if (a.type === 'swap') {
    const hand = s.hands[seat] ?? [];
    if (!hand.includes(a.tile)) return refuse('NOT_IN_HAND', `Tile ${a.tile} is not in your hand. Your tiles: ${hand.join(', ') || 'none'}.`, hand);
    if (s.stack.length === 0) return refuse('STACK_EMPTY', 'The stack is empty: there is no tile to swap with.', ['/farm place']);
    return null;
  }
  const index = a.type === 'lift' ? a.from : a.tile;
  const p = s.placed[index];
  if (!p) return refuse('NO_TILE', 'There is no such tile on the map: pick one from the list.', ['/farm season']);
  const scored = new Set(s.farms.flatMap((f) => f.regions));
  const why = unmovable(s, board, index, scored, occupied(s));
  if (why) return refuse('TILE_FIXED', `${p.id} at ${p.x},${p.y} cannot be ${a.type === 'lift' ? 'moved' : 'turned'}: ${why}.`, ['/farm season']);
  const t = tileById(p.id);
  const rest = mapWithout(s, index);
  if (a.type === 'turnTile') {
    if (rotationLook(t, a.rot) === rotationLook(t, p.rot)) return refuse('SAME_TURN', `${p.id} already lies that way: pick another turn.`, turnsOf(s, index).map((m) => (m.type === 'turnTile' ? `turned ${m.rot * 90}°` : '')));
    const mis = rest.misfit(t, p.x, p.y, a.rot);
    return mis ? refuse('MISFIT', describeMisfit(p.id, p.x, p.y, mis)) : null;
  }
  if (!connectedWithout(s, index)) return refuse('SPLITS_MAP', `Lifting ${p.id} at ${p.x},${p.y} would split the map in two.`, ['/farm season']);
  if (a.x === p.x && a.y === p.y) return refuse('SAME_CELL', `${p.id} already lies on ${a.x},${a.y}: a flood moves it to another cell (Rainy turns tiles in place).`);
  if (rest.at(a.x, a.y) !== undefined) return refuse('CELL_TAKEN', `Cell ${a.x},${a.y} already holds a tile. Pick an empty cell beside the map.`);
  if (rest.neighbours(a.x, a.y) === 0) return refuse('NOT_BESIDE', `Cell ${a.x},${a.y} is not beside the map once ${p.id} is lifted.`);
  const mis = rest.misfit(t, a.x, a.y, a.rot);
  return mis ? refuse('MISFIT', describeMisfit(p.id, a.x, a.y, mis)) : null;
}

/** The engine's steps a season move goes on with. */
export interface SeasonHooks {
  emit(e: FarmEvent): void;
  /** The map changed in place. */
  touched(): void;
  /** As after a placement: the gate step (R9) if any, then scoring and the claim step. */
  afterPlacing(tile: number): void;
  /** Scoring and the claim step, without the gate step. */
  score(tile: number): void;
  endTurn(): void;
}

/** The most recently laid market tile (S4: replaying it turns no Market card). */
const latestMarketTile = (s: FarmState): number => s.placed.findLastIndex((p) => tileById(p.id).market === true);

/** Plays a checked season move. */
export function playSeason(s: FarmState, seat: number, a: SeasonAction, hooks: SeasonHooks): void {
  const z = s.seasons as SeasonState;
  if (a.type === 'swap') {
    const hand = s.hands[seat] as string[];
    hand[hand.indexOf(a.tile)] = s.stack.shift() as string;
    s.stack.push(a.tile);
    hooks.emit({ type: 'swapped', seat });
    hooks.endTurn();
    return;
  }
  if (a.type === 'evict') {
    const i = s.henhouses.findIndex((h) => h.region === a.region);
    const [h] = s.henhouses.splice(i, 1);
    // A sharecropper's henhouse goes home with its token (R19): the owner may use it again.
    if (h?.share && s.shares) s.shares.held[h.seat] = (s.shares.held[h.seat] ?? 0) + 1;
    hooks.emit({ type: 'evicted', seat, owner: h?.seat ?? seat, region: a.region, tile: s.placed[tileOfKey(a.region)]?.id ?? '' });
    hooks.endTurn();
    return;
  }
  const index = a.type === 'lift' ? a.from : a.tile;
  const p = s.placed[index] as FarmState['placed'][number];
  z.moved = index;
  if (a.type === 'turnTile') {
    p.rot = a.rot;
    hooks.touched();
    hooks.emit({ type: 'turnedTile', seat, tile: p.id, x: p.x, y: p.y, rot: a.rot });
    hooks.score(index);
    return;
  }
  const from = { fromX: p.x, fromY: p.y };
  if (s.market && tileById(p.id).market && index !== latestMarketTile(s)) s.market.turn = true;
  Object.assign(p, { x: a.x, y: a.y, rot: a.rot, by: seat });
  hooks.touched();
  hooks.emit({ type: 'lifted', seat, tile: p.id, ...from, x: a.x, y: a.y, rot: a.rot });
  hooks.afterPlacing(index);
}

/**
 * F15 for Seasons: a Flood or Rainy move that gains the simple strategy more (its points minus
 * the best opponent's, ×10) than `toBeat`, its best placement's value; `gains` scores a map
 * with `tile` just laid.
 */
export function simpleSeasonMove(s: FarmState, board: Board, seat: number, toBeat: number, gains: (placed: FarmState['placed'], tile: number) => number[]): SeasonAction | null {
  const up = seasonUp(s);
  if (up !== 'flood' && up !== 'rainy') return null;
  let best: SeasonAction | null = null;
  let bestValue = Math.max(0, toBeat);
  for (const a of placeAlternatives(s, board, seat)) {
    if (a.type !== 'lift' && a.type !== 'turnTile') continue;
    const index = a.type === 'lift' ? a.from : a.tile;
    const placed = s.placed.map((p, i) => (i !== index ? p : a.type === 'lift' ? { ...p, x: a.x, y: a.y, rot: a.rot } : { ...p, rot: a.rot }));
    const g = gains(placed, index);
    const value = ((g[seat] ?? 0) - Math.max(0, ...g.filter((_, i) => i !== seat && !s.out[i]))) * 10;
    if (value > bestValue) [best, bestValue] = [a, value];
  }
  return best;
}

/** F15 for Tornado: with no henhouse worth placing, send home an opponent's from the field with most animals that the bot does not share. */
export function simpleEviction(s: FarmState, board: Board, seat: number): SeasonAction | null {
  if (seasonUp(s) !== 'tornado') return null;
  let best: SeasonAction | null = null;
  let most = 0;
  for (const h of s.henhouses) {
    const field = board.fieldOf(h.region);
    if (h.seat === seat || s.henhouses.some((x) => x.seat === seat && board.fieldOf(x.region).id === field.id)) continue;
    const animals = field.regions.reduce((n, k) => n + (board.def(tileOfKey(k)).regions[regionOfKey(k)]?.animals.length ?? 0), 0);
    if (animals > most) [best, most] = [{ type: 'evict', region: h.region }, animals];
  }
  return best;
}
