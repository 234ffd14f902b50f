/** The farm's invariants after every action (random play, bench): problems in words. */
import { Board } from '../../src/games/farm/board.ts';
import type { FarmEvent } from '../../src/games/farm/events.ts';
import { HENHOUSES, SHARES, STORAGE_EACH, STORED, tractorCount, type FarmState } from '../../src/games/farm/state.ts';
import { facing, sideOf, STEP } from '../../src/games/farm/tiles.ts';

export function farmProblems(s: FarmState, events: readonly FarmEvent[], before: FarmState, tilesInPlay: number): string[] {
  const problems: string[] = [];
  const board = new Board(s.placed);
  // Every half-side facing a placed tile matches it (F1).
  s.placed.forEach((p, i) => {
    for (let h = 0; h < 8; h++) {
      const [dx, dy] = STEP[sideOf(h)]!;
      const j = board.at(p.x + dx!, p.y + dy!);
      if (j !== undefined && board.fenced(i, h) !== board.fenced(j, facing(h))) problems.push(`tile ${p.id} half-side ${h} does not match its neighbour`);
    }
  });
  // Each region in exactly one field (F2).
  const seen = new Map<number, number>();
  for (const f of board.fields()) for (const k of f.regions) seen.set(k, (seen.get(k) ?? 0) + 1);
  const regions = s.placed.reduce((n, _, i) => n + board.def(i).regions.length, 0);
  if (seen.size !== regions || [...seen.values()].some((n) => n !== 1)) problems.push('a region is in no field or in two');
  // Henhouses: at most 4 placed per player, none in a scored farm, none of a leaver.
  s.seats.forEach((_, seat) => {
    const n = s.henhouses.filter((h) => h.seat === seat).length;
    if (n > HENHOUSES) problems.push(`seat ${seat} has ${n} henhouses placed`);
    if (s.out[seat] && n > 0) problems.push(`seat ${seat} left but still has henhouses`);
  });
  const scored = new Set(s.farms.flatMap((f) => f.regions));
  if (s.henhouses.some((h) => scored.has(h.region))) problems.push('a henhouse stands in a scored farm');
  // Tiles are conserved.
  const tiles = s.stack.length + s.hands.flat().length + (s.rows ?? []).flat().length + s.placed.length + s.discarded.length;
  if (tiles !== tilesInPlay) problems.push(`${tiles} tiles accounted for, ${tilesInPlay} in play`);
  // Scores move only by scoring events.
  const expected = [...before.scores];
  for (const e of events) if (e.type === 'scored' || e.type === 'final') for (const a of e.awards) expected[a.seat] = (expected[a.seat] ?? 0) + a.points;
  if (JSON.stringify(expected) !== JSON.stringify(s.scores)) problems.push(`scores ${s.scores.join(',')} are not the sum of scoring events ${expected.join(',')}`);
  // Ranch tokens: bales and market cards conserved, the fox on an open field, choices for players in the game.
  if (s.bales) {
    const total = s.bales.supply + s.bales.on.length + s.bales.held.reduce((a, b) => a + b, 0);
    const start = { 2: 12, 3: 15, 4: 16, 5: 15, 6: 12 }[s.seats.length];
    if (total !== start) problems.push(`${total} hay bales accounted for, ${start} in the game`);
    if (s.bales.on.some((k) => scored.has(k))) problems.push('a bale lies in a scored farm');
  }
  if (s.market && 1 + s.market.deck.length + s.market.discards.length !== 9) problems.push('market cards are not conserved');
  if (s.seasons && (s.seasons.up ? 1 : 0) + s.seasons.deck.length + s.seasons.discards.length !== 9) problems.push('season cards are not conserved');
  if (s.seasons?.skip.some((seat) => seat >= s.seats.length)) problems.push('a drought skips a seat that does not exist');
  // (While farms of this turn wait to be scored — in the queue, being scored, or until the gate step is answered —
  // the fox may sit in one of them: it is scored with it.)
  const waiting = s.queue.length > 0 || s.stage.kind === 'gate' || s.scoring !== null;
  if (s.fox !== null && (scored.has(s.fox) || (!waiting && !board.fieldOf(s.fox).open))) problems.push('the fox is not on an open field');
  if (!s.outcome && s.out[s.current] && s.pending.length === 0) problems.push('the game waits for a player who left');
  if (s.pending.some((p) => s.out[p.seat] || (p.kind === 'dust' ? p.from.length === 0 : p.options.length === 0))) problems.push('a choice is owed by a leaver or has no option');
  // Tractor, Horse, Storage, Sharecroppers tokens are conserved and lie where they may.
  if (s.tractors) {
    if (s.tractors.supply + s.tractors.on.length !== tractorCount(s.seats.length)) problems.push(`${s.tractors.supply + s.tractors.on.length} tractors accounted for, ${tractorCount(s.seats.length)} in the game`);
    if (s.tractors.on.some((t) => scored.has(t.region))) problems.push('a tractor stands in a scored farm');
  }
  if (s.horse && s.horse.region !== null && s.horse.region >= s.placed.length * 4) problems.push('the horse is off the map');
  if (s.storage) {
    for (const k of STORED) {
      const n = s.storage.supply[k] + s.storage.held.reduce((a, h) => a + h[k], 0) + s.storage.placed.filter((p) => p.kind === k).length;
      if (n !== STORAGE_EACH) problems.push(`${n} ${k} storage tokens accounted for, ${STORAGE_EACH} in the game`);
    }
    if (s.storage.placed.some((p) => !scored.has(p.region) && !s.scoring?.regions.includes(p.region))) problems.push('a stored animal was added to a farm that is not being scored');
  }
  if (s.shares) {
    const n = s.shares.supply + s.shares.held.reduce((a, b) => a + b, 0) + s.henhouses.filter((h) => h.share).length;
    if (n !== SHARES) problems.push(`${n} sharecropper tokens accounted for, ${SHARES} in the game`);
  }
  if (!s.shares && s.henhouses.some((h) => h.share)) problems.push('a sharecropper henhouse without the option');
  // Scored farms stay closed (F10).
  for (const f of s.farms) if (board.fieldOf(f.regions[0]!).open) problems.push('a scored farm is open again');
  return problems;
}
