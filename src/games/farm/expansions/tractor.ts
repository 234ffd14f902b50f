/**
 * Tractor (R10–R12): instead of a henhouse, a tractor goes into a field the player owns; a tile
 * that joins a tractor's field lets its player place one more tile (no claim on it); a scored
 * farm's tractor returns at once; at the end of their owner's next turn tractors return.
 */
import { regionKey, type Board } from '../board.ts';
import type { Ctx } from '../ctx.ts';
import type { FarmState } from '../state.ts';

/** The field ids holding a tractor. */
export function tractorFields(s: FarmState, board: Board): Set<number> {
  return new Set((s.tractors?.on ?? []).map((t) => board.fieldOf(t.region).id));
}

/** R11: a region of the tile just placed lies in a tractor's field (judged before any gate toggle). */
export function joinsTractor(s: FarmState, board: Board, tile: number): boolean {
  if (!s.tractors || s.tractors.on.length === 0) return false;
  const fields = tractorFields(s, board);
  return board.def(tile).regions.some((_, r) => fields.has(board.fieldOf(regionKey(tile, r)).id));
}

/**
 * R10: regions of the tile just placed, one per field, where a tractor from the supply may go:
 * an open field the player owns, with no tractor yet (a second would change nothing).
 */
export function tractorOptions(s: FarmState, board: Board, tile: number, seat: number): number[] {
  if (!s.tractors || s.tractors.supply <= 0) return [];
  const mine = new Set(s.henhouses.filter((h) => h.seat === seat).map((h) => board.fieldOf(h.region).id));
  const busy = tractorFields(s, board);
  return board.openFieldsOn(tile).filter(({ field }) => mine.has(field.id) && !busy.has(field.id)).map(({ key }) => key);
}

export function placeTractor(ctx: Ctx, seat: number, region: number): void {
  const t = ctx.s.tractors;
  if (!t) return;
  t.supply -= 1;
  t.on.push({ region, fresh: true });
  ctx.emit({ type: 'tractor', seat, region });
}

/** R2 (c), R11: tractors in a scored farm return to the supply at once. */
export function tractorsOut(ctx: Ctx, farm: ReadonlySet<number>): void {
  const t = ctx.s.tractors;
  if (!t) return;
  const back = t.on.filter((x) => farm.has(x.region)).length;
  if (back === 0) return;
  t.on = t.on.filter((x) => !farm.has(x.region));
  t.supply += back;
  ctx.emit({ type: 'tractorBack', count: back, why: 'scored' });
}

/** R12: at a turn's end, tractors in fields the active player owns, not placed this turn, return; the rest wait. */
export function tractorsHome(ctx: Ctx, seat: number): void {
  const t = ctx.s.tractors;
  if (!t) return;
  const board = ctx.board();
  const mine = new Set(ctx.s.henhouses.filter((h) => h.seat === seat).map((h) => board.fieldOf(h.region).id));
  const back = t.on.filter((x) => !x.fresh && mine.has(board.fieldOf(x.region).id)).length;
  t.on = t.on.filter((x) => x.fresh || !mine.has(board.fieldOf(x.region).id)).map((x) => ({ ...x, fresh: false }));
  t.supply += back;
  if (back > 0) ctx.emit({ type: 'tractorBack', count: back, why: 'turnEnd' });
}
