/**
 * Sharecroppers (R19, R20): a token plus a henhouse claims an open field someone else owns, on
 * the tile just placed; the closer of a farm takes its tokens (of an unowned farm, one from the
 * supply). Owners by henhouses without a token are the farm's original owners.
 */
import type { Board, Field } from '../board.ts';
import type { Ctx } from '../ctx.ts';
import { henhousesLeft, type FarmState } from '../state.ts';

/** R19: regions of the tile just placed, one per field, open and owned by others but not by the player. */
export function shareOptions(s: FarmState, board: Board, tile: number, seat: number): number[] {
  if (!s.shares || (s.shares.held[seat] ?? 0) <= 0 || henhousesLeft(s, seat) <= 0) return [];
  const owners = new Map<number, Set<number>>();
  for (const h of s.henhouses) {
    const id = board.fieldOf(h.region).id;
    owners.set(id, (owners.get(id) ?? new Set()).add(h.seat));
  }
  return board.openFieldsOn(tile).filter(({ field }) => {
    const who = owners.get(field.id);
    return who !== undefined && !who.has(seat);
  }).map(({ key }) => key);
}

export function claimShare(ctx: Ctx, seat: number, region: number): void {
  const sh = ctx.s.shares;
  if (!sh) return;
  sh.held[seat] = (sh.held[seat] ?? 0) - 1;
  ctx.s.henhouses.push({ seat, region, share: true });
  ctx.emit({ type: 'shared', seat, region, tile: ctx.s.placed[Math.floor(region / 4)]?.id ?? '' });
}

/** R20: the closer takes the scored farm's tokens, or one from the supply when nobody owned it. Call before its henhouses go home. */
export function sharesOut(ctx: Ctx, field: Field, owners: number[], closer: number): void {
  const sh = ctx.s.shares;
  if (!sh) return;
  const regions = new Set(field.regions);
  const tokens = ctx.s.henhouses.filter((h) => h.share && regions.has(h.region)).length;
  const count = owners.length === 0 ? Math.min(1, sh.supply) : tokens;
  if (owners.length === 0) sh.supply -= count;
  if (count === 0) return;
  sh.held[closer] = (sh.held[closer] ?? 0) + count;
  ctx.emit({ type: 'sharesTaken', seat: closer, count });
}

/** R5, R20: owners by henhouses without a token (the fox's chooser comes from them when there are any). */
export function originalOwners(s: FarmState, field: Field): number[] {
  const regions = new Set(field.regions);
  return [...new Set(s.henhouses.filter((h) => !h.share && regions.has(h.region)).map((h) => h.seat))].sort((a, b) => a - b);
}
