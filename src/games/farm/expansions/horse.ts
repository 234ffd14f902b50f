/**
 * Horse (R13–R15): it enters the first farm scored while it is in the supply; at every turn's
 * start, if its field is closed, the active player moves it to an adjacent open field (never
 * straight back to the one it left; none: it returns to the supply); a player may move it
 * instead of a henhouse; scoring its farm gives each owner and the closer 5 points.
 */
import type { Board, Field } from '../board.ts';
import type { Ctx } from '../ctx.ts';
import type { Award, FarmState } from '../state.ts';

/** Where the horse may go: one region key per adjacent open field, not the field holding the region it last left. */
export function horseMoves(s: FarmState, board: Board): number[] {
  const at = s.horse?.region;
  if (at === null || at === undefined) return [];
  const back = s.horse?.left === null || s.horse?.left === undefined ? null : board.fieldOf(s.horse.left).id;
  return board.adjacentFields(board.fieldOf(at)).filter((f) => f.open && f.id !== back).map((f) => f.regions[0] as number);
}

/** R13: at a turn's start the horse must move when its field is closed. */
export const horseMustMove = (s: FarmState, board: Board): boolean => s.horse?.region !== null && s.horse?.region !== undefined && !board.fieldOf(s.horse.region).open;

export function moveHorse(ctx: Ctx, seat: number, region: number, why: 'jumps' | 'moved'): void {
  const h = ctx.s.horse;
  if (!h) return;
  h.left = h.region;
  h.region = region;
  ctx.emit({ type: 'horse', seat, region, why });
}

/** R13: trapped, it goes back to the supply and enters the next farm scored. */
export function trapHorse(ctx: Ctx): void {
  const h = ctx.s.horse;
  if (!h) return;
  h.region = null;
  h.left = null;
  ctx.emit({ type: 'horse', seat: null, region: null, why: 'trapped' });
}

/** R2 (g), R13: the horse, in the supply, enters the farm just scored (on the tile just placed when it is part of it). */
export function horseEnters(ctx: Ctx, regions: number[], tile: number | null): void {
  const h = ctx.s.horse;
  if (!h || h.region !== null) return;
  const here = tile === null ? undefined : regions.find((k) => Math.floor(k / 4) === tile);
  h.region = here ?? (regions[0] as number);
  h.left = null;
  ctx.emit({ type: 'horse', seat: null, region: h.region, why: 'enters' });
}

/** R15: the horse's farm gives each owner 5 and the closer 5 (once when also an owner); unsplit, no Market. */
export function horseAwards(s: FarmState, field: Field, owners: number[], closer: number): Award[] {
  if (s.horse?.region === null || s.horse?.region === undefined || !field.regions.includes(s.horse.region)) return [];
  const seats = owners.includes(closer) ? owners : [...owners, closer];
  return seats.map((seat) => ({ seat, points: 5, why: 'horse' as const }));
}
