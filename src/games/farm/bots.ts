/**
 * The computer players' levels besides normal (the simple strategy, F15, in engine.ts, which
 * also plays timed-out turns): easy and strong. Both choose only from the engine's legal
 * actions and read only what their seat may know (F6: never the others' hands or the stack),
 * their tie-breaks drawn from the same generator as the simple one.
 */
import type { Action } from './actions.ts';
import { Board, regionOfKey, tileOfKey, type Field, type Placement } from './board.ts';
import { claimOptions, closedBy, legalActions, simpleChoice, tieRng } from './engine.ts';
import { animalPoints, animalsIn, ownersOf, valueOf } from './scoring.ts';
import { henhousesLeft, type FarmState } from './state.ts';
import { sideOf, STEP } from './tiles.ts';

/**
 * Easy: places a tile at random among the places that touch the most tiles already there (so
 * its map still looks tidy), claims a field only now and then, and answers every other
 * question as the simple strategy does.
 */
export function easyChoice(s: FarmState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  const rng = tieRng(s, seat);
  if (s.pending.length || (s.stage.kind !== 'place' && s.stage.kind !== 'claim')) return simpleChoice(s, seat);
  if (s.stage.kind === 'claim') {
    const claims = legal.filter((a) => a.type === 'claim');
    return claims.length && rng.next() < 0.4 ? rng.pick(claims) : (legal.find((a) => a.type === 'pass') ?? rng.pick(legal));
  }
  const board = new Board(s.placed);
  const places = legal.filter((a): a is Extract<Action, { type: 'place' }> => a.type === 'place');
  if (places.length === 0) return simpleChoice(s, seat);
  const most = Math.max(...places.map((p) => board.neighbours(p.x, p.y)));
  return rng.pick(places.filter((p) => board.neighbours(p.x, p.y) === most));
}

/**
 * The chance an open field is closed before the end, by the empty cells it faces and the tiles
 * left: measured over simple players' games (2 players, 40 seeds): a field one cell short of
 * closed closes about 4 times in 5 early on, one three cells short about 1 in 7, one four or
 * more short almost never, and ever less often as the tiles run out.
 */
const CLOSE_BASE = [1, 0.8, 0.4, 0.15, 0.02];
const closeChance = (frontier: number, tilesLeft: number): number =>
  (CLOSE_BASE[Math.min(frontier, CLOSE_BASE.length - 1)] as number) * Math.min(1, Math.max(0, tilesLeft) / 45) ** (0.6 * frontier);
/** A henhouse kept for a better field, in points. */
const HENHOUSE = 1.5;

/**
 * Strong: judges each placement by what it scores at once for it and against its best rival
 * (as the simple strategy), plus how the open fields change in hand — a field's points for
 * its owners, weighted by how few empty cells stand between it and closing — with the best
 * claim it would then make; it claims the field worth most in hand, or keeps its henhouse.
 * Other questions (gates, tokens, the expansions' moves) are the simple strategy's.
 */
export function strongChoice(s: FarmState, seat: number): Action | null {
  const legal = legalActions(s, seat);
  if (legal.length === 0) return null;
  if (s.pending.length || (s.stage.kind !== 'place' && s.stage.kind !== 'claim')) return simpleChoice(s, seat);
  const rng = tieRng(s, seat);
  const board = new Board(s.placed);
  if (s.stage.kind === 'claim') {
    const options = legal.filter((a): a is Extract<Action, { type: 'claim' }> => a.type === 'claim');
    if (options.length === 0 || legal.some((a) => a.type !== 'claim' && a.type !== 'pass')) return simpleChoice(s, seat);
    let best: Action = legal.find((a) => a.type === 'pass') ?? (options[0] as Action);
    let bestValue = HENHOUSE;
    for (const a of options) {
      const v = claimWorth(s, board, board.fieldOf(a.region));
      if (v > bestValue) [best, bestValue] = [a, v];
    }
    return best;
  }
  const places = legal.filter((a): a is Extract<Action, { type: 'place' }> => a.type === 'place');
  if (places.length === 0 || places.length !== legal.length) return simpleChoice(s, seat);
  const before = inHand(s, board, seat);
  let best: Action[] = [];
  let bestValue = -Infinity;
  for (const a of places) {
    const v = placementWorth(s, { id: a.tile, x: a.x, y: a.y, rot: a.rot }, seat) - before;
    if (v > bestValue + 1e-9) [best, bestValue] = [[a], v];
    else if (Math.abs(v - bestValue) <= 1e-9) best.push(a);
  }
  return rng.pick(best);
}

/** Tiles still to be placed in the game: the stack and every hand (their number is public). */
const tilesLeft = (s: FarmState): number => s.stack.length + s.hands.reduce((n, h) => n + h.length, 0);

/** Empty cells that an open field's open half-sides face (F2): what it takes to close it. */
function frontierOf(board: Board, field: Field): number {
  const cells = new Set<string>();
  for (const key of field.regions) {
    const tile = tileOfKey(key);
    const region = regionOfKey(key);
    const p = board.placed[tile]!;
    for (let h = 0; h < 8; h++) {
      if (board.regionAt(tile, h) !== region || board.fenced(tile, h)) continue;
      const [dx, dy] = STEP[sideOf(h)] as [number, number];
      if (board.at(p.x + dx, p.y + dy) === undefined) cells.add(`${p.x + dx},${p.y + dy}`);
    }
  }
  return cells.size;
}

/**
 * The open fields' points in hand for `seat`, less the most any other seat holds; with `next`
 * (the seat that plays next), less what that seat would score by closing a field one tile
 * short of closed, on the chance its hand fits the gap.
 */
function inHand(s: FarmState, board: Board, seat: number, next: number | null = null): number {
  const left = tilesLeft(s);
  const worth = s.seats.map(() => 0);
  let exposed = 0;
  for (const field of board.fields()) {
    if (!field.open) continue;
    const owners = ownersOf(s, field);
    const frontier = frontierOf(board, field);
    if (next !== null && frontier === 1) {
      let theirs = 0;
      let ours = 0;
      for (const a of valueOf(s, board, field, next).awards) {
        if (a.seat === next) theirs += a.points;
        if (a.seat === seat) ours += a.points;
      }
      exposed = Math.max(exposed, theirs - ours);
    }
    if (owners.length === 0) continue;
    const points = animalPoints(animalsIn(board, field), s.market?.up ?? null) / owners.length;
    const chance = closeChance(frontier, left);
    for (const o of owners) worth[o] = (worth[o] ?? 0) + points * chance;
  }
  return (worth[seat] ?? 0) - Math.max(0, ...worth.filter((_, i) => i !== seat && !s.out[i])) - EXPOSED * exposed;
}

/** The chance the next player holds a tile that closes a field one tile short of closed. */
const EXPOSED = 0.8;

/** The seat that plays after `seat` (the next one still in the game). */
function nextSeat(s: FarmState, seat: number): number | null {
  for (let k = 1; k < s.seats.length; k++) {
    const i = (seat + k) % s.seats.length;
    if (!s.out[i]) return i;
  }
  return null;
}

/** A claim's worth in hand: the field's points if it were ours alone, by its chance to close. */
function claimWorth(s: FarmState, board: Board, field: Field): number {
  return animalPoints(animalsIn(board, field), s.market?.up ?? null) * closeChance(frontierOf(board, field), tilesLeft(s) - 1);
}

/** A placement's worth: points scored now (ours less the best rival's) and fields in hand after the best claim. */
function placementWorth(s: FarmState, p: Placement, seat: number): number {
  const placed = [...s.placed, { id: p.id, x: p.x, y: p.y, rot: p.rot, by: seat }];
  const tile = s.placed.length;
  const board = new Board(placed);
  const after: FarmState = { ...s, placed };
  const gain = s.seats.map(() => 0);
  for (const field of closedBy(after, board, tile)) for (const a of valueOf(after, board, field, seat).awards) gain[a.seat] = (gain[a.seat] ?? 0) + a.points;
  const now = (gain[seat] ?? 0) - Math.max(0, ...gain.filter((_, i) => i !== seat && !s.out[i]));
  let claim = 0;
  if (henhousesLeft(s, seat) > 0) {
    for (const key of claimOptions(after, board, tile, seat)) claim = Math.max(claim, claimWorth(after, board, board.fieldOf(key)) - HENHOUSE);
  }
  return now + inHand(after, board, seat, nextSeat(s, seat)) + claim;
}
