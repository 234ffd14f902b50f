/**
 * Storage (R16, R17): before a farm is scored, its owners (one action per henhouse there, in
 * seat order from the closer's left) may take cows, pigs or sheep out into storage; then a
 * closer who does not own it may add one stored animal; if nobody has added, the first owner
 * with actions left who adds may. Stored animals cost 1 + 2 + … points at the end.
 */
import type { Board, Field } from '../board.ts';
import { fromLeftOf, type Ctx } from '../ctx.ts';
import { isMale, type Animal } from '../tiles.ts';
import { STORED, STORAGE_EACH, type Award, type FarmState, type Pending, type Stored } from '../state.ts';

type Scoring = NonNullable<FarmState['scoring']>;

export const emptyStore = (): Record<Stored, number> => ({ cow: 0, pig: 0, sheep: 0 });
export const fullSupply = (): Record<Stored, number> => ({ cow: STORAGE_EACH, pig: STORAGE_EACH, sheep: STORAGE_EACH });

/** The farm's animals after storage: removed ones (never males or chickens) out, added ones in. */
export function adjusted(animals: Animal[], removed: readonly Stored[], added: readonly Stored[]): Animal[] {
  const out = [...animals];
  for (const k of removed) {
    const i = out.findIndex((a) => a === k && !isMale(a));
    if (i >= 0) out.splice(i, 1);
  }
  return [...out, ...added];
}

/** Who acts, in order: owners remove; a closer who is not an owner adds; owners add. */
function order(s: FarmState, owners: number[], closer: number): { seat: number; phase: 'remove' | 'add' }[] {
  const seated = fromLeftOf(s, closer).filter((o) => owners.includes(o) && !s.out[o]);
  return [
    ...seated.map((seat) => ({ seat, phase: 'remove' as const })),
    ...(owners.includes(closer) || s.out[closer] ? [] : [{ seat: closer, phase: 'add' as const }]),
    ...seated.map((seat) => ({ seat, phase: 'add' as const })),
  ];
}

/** Actions a seat has on the farm: one per henhouse of theirs in it (a closer who is not an owner: one add). */
function actions(s: FarmState, field: Field, seat: number): number {
  const regions = new Set(field.regions);
  return Math.max(1, s.henhouses.filter((h) => h.seat === seat && regions.has(h.region)).length);
}

function options(s: FarmState, sc: Scoring, animals: Animal[], seat: number, phase: 'remove' | 'add'): Stored[] {
  const st = s.storage;
  if (!st) return [];
  if (phase === 'remove') {
    const now = adjusted(animals, sc.removed, sc.added.map((a) => a.kind));
    return STORED.filter((k) => (st.supply[k] ?? 0) > 0 && now.some((a) => a === k));
  }
  // Only one adder per farm: the first (a closer who is not an owner goes before the owners).
  if (sc.added.some((a) => a.seat !== seat)) return [];
  const held = st.held[seat];
  return STORED.filter((k) => (held?.[k] ?? 0) > 0);
}

/** The next storage question for the farm being scored, or null when storage is over (its cursor moves past those with nothing to do). */
export function nextStorageQuestion(s: FarmState, board: Board, animals: Animal[], owners: number[], closer: number): Pending | null {
  const sc = s.scoring;
  if (!sc || !s.storage) return null;
  const field = board.fieldOf(sc.regions[0] as number);
  const steps = order(s, owners, closer);
  for (; sc.cursor < steps.length; sc.cursor++) {
    const step = steps[sc.cursor] as { seat: number; phase: 'remove' | 'add' };
    const left = (owners.includes(step.seat) ? actions(s, field, step.seat) : 1) - (sc.used[step.seat] ?? 0);
    if (left <= 0) continue;
    const opts = options(s, sc, animals, step.seat, step.phase);
    if (opts.length > 0) return { seat: step.seat, kind: 'storage', phase: step.phase, left, options: opts };
  }
  return null;
}

/** One storage action: the supply token to the actor (remove) or the actor's token into the farm (add). */
export function store(ctx: Ctx, seat: number, op: 'remove' | 'add', kind: Stored): void {
  const s = ctx.s;
  const st = s.storage, sc = s.scoring;
  if (!st || !sc) return;
  sc.used[seat] = (sc.used[seat] ?? 0) + 1;
  const held = st.held[seat] as Record<Stored, number>;
  if (op === 'remove') {
    st.supply[kind] -= 1;
    held[kind] += 1;
    sc.removed.push(kind);
  } else {
    held[kind] -= 1;
    sc.added.push({ seat, kind });
    st.placed.push({ region: sc.regions[0] as number, kind });
  }
  ctx.emit({ type: 'stored', seat, op, kind });
}

/** A player declines the rest of their actions on this farm. */
export function declineStorage(s: FarmState): void {
  if (s.scoring) s.scoring.cursor += 1;
}

/** R17: n stored animals cost n(n+1)/2 points at the end. */
export function storageCosts(s: FarmState): Award[] {
  if (!s.storage) return [];
  return s.storage.held.map((h, seat) => {
    const n = STORED.reduce((a, k) => a + (h[k] ?? 0), 0);
    return { seat, points: -(n * (n + 1)) / 2, why: 'storage' as const };
  }).filter((a) => a.points < 0);
}
