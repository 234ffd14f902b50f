/**
 * Dust Bowl (R21, R22): after a farm with owners other than its closer is scored, the closer
 * may look at those owners' hands (shown to the closer alone) and take one tile from such a
 * hand or a row into their own row, face up; a row tile is placed instead of a hand tile and
 * is not replaced.
 */
import type { Action } from '../actions.ts';
import type { Ctx } from '../ctx.ts';
import type { FarmState, Pending } from '../state.ts';

type Take = Extract<Action, { type: 'take' }>;

/** R21: the closer's choice after a farm with other owners, if any of them has a tile to take. */
export function dustOwed(s: FarmState, owners: number[], closer: number): Pending | null {
  if (!s.rows || s.out[closer]) return null;
  const from = owners.filter((o) => o !== closer && !s.out[o] && ((s.hands[o]?.length ?? 0) > 0 || (s.rows?.[o]?.length ?? 0) > 0));
  return from.length ? { seat: closer, kind: 'dust', from } : null;
}

/** Every tile the closer may take: hand tiles by position (they are hidden), row tiles by position too. */
export function takeOptions(s: FarmState, p: Extract<Pending, { kind: 'dust' }>): Take[] {
  return p.from.flatMap((seat) => [
    ...(s.hands[seat] ?? []).map((_, index) => ({ type: 'take' as const, seat, from: 'hand' as const, index })),
    ...(s.rows?.[seat] ?? []).map((_, index) => ({ type: 'take' as const, seat, from: 'row' as const, index })),
  ]);
}

export function take(ctx: Ctx, closer: number, a: Take): void {
  const s = ctx.s;
  const rows = s.rows;
  if (!rows) return;
  const source = a.from === 'hand' ? s.hands[a.seat] : rows[a.seat];
  const [tile] = source?.splice(a.index, 1) ?? [];
  if (tile === undefined) return;
  (rows[closer] as string[]).push(tile);
  ctx.emit({ type: 'took', seat: closer, from: a.seat, source: a.from, tile });
}

/** The tiles a seat may place: its hand, then its row (R22). */
export const playable = (s: FarmState, seat: number): string[] => [...(s.hands[seat] ?? []), ...(s.rows?.[seat] ?? [])];
