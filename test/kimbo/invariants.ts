// What must hold after every action of a Game of Fences game (random play, scenarios).
import { BOARD, HOME } from '../../src/games/kimbo/board.ts';
import { OFF } from '../../src/games/kimbo/moves.ts';
import { kimbo } from '../../src/games/kimbo/index.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import type { RandomPlay } from '../platform/random-play.ts';

export function checkState(s: KimboState, before: KimboState): string[] {
  const problems: string[] = [];
  const ordinary = new Map<number, string>();
  const starts = new Set(BOARD.starts);
  const squares = new Set(BOARD.squares);
  s.pieces.forEach((ps, seat) => {
    if (s.out[seat]) {
      if (ps.length) problems.push(`seat ${seat} left but has pieces`);
      return;
    }
    if (ps.length !== 4) problems.push(`seat ${seat} has ${ps.length} pieces`);
    ps.forEach((p, piece) => {
      if (p === OFF) {
        if (!(s.stage === 'corner' && s.corners.some((c) => c.seat === seat && c.piece === piece))) problems.push(`seat ${seat}'s piece ${piece} is off the board outside a corner choice`);
        return;
      }
      if (p === HOME || starts.has(p)) return;
      if (!squares.has(p)) problems.push(`seat ${seat}'s piece ${piece} is on ${p}, not a square`);
      else if (ordinary.has(p)) problems.push(`square ${p} holds two pieces (${ordinary.get(p)} and ${seat}.${piece})`);
      else ordinary.set(p, `${seat}.${piece}`);
    });
  });
  const slots = new Set<number>();
  for (const f of s.fences) {
    if (BOARD.edgeKind[f.slot] !== 'slot') problems.push(`a fence stands on ${f.slot}, a ${BOARD.edgeKind[f.slot]}`);
    if (slots.has(f.slot)) problems.push(`two fences on slot ${f.slot}`);
    slots.add(f.slot);
  }
  s.seats.forEach((_, seat) => {
    const own = s.fences.filter((f) => f.owner === seat).length;
    if (!s.out[seat] && own !== 6) problems.push(`seat ${seat} has ${own} fences`);
  });
  for (const f of before.fences) {
    if (f.owner === null && !s.fences.some((g) => g.slot === f.slot && g.owner === null)) problems.push(`the neutral fence on ${f.slot} moved`);
  }
  if (s.fences.length !== before.fences.length) problems.push('the number of fences changed');
  if (!s.outcome && s.out[s.current]) problems.push('the seat on turn has left');
  return problems;
}

/** Random play of 2–4 players, random and simple players mixed, a timeout or resignation now and then. */
export const randomPlay: RandomPlay = {
  game: kimbo,
  players: (g, rng) => {
    const n = 2 + (g % 3);
    return {
      seats: Array.from({ length: n }, (_, i) => ({ name: `P${i + 1}`, computer: true })),
      bots: Array.from({ length: n }, () => (rng.next() < 0.5 ? 'random' : 'simple')),
    };
  },
  options: (g) => ({ roundLimit: g % 4 === 0 ? 200 : 60 }),
  maxActions: 5_000,
  system: { timeout: 0.003, resign: 0.0005 },
  check: (state, _events, before) => checkState(state as KimboState, before as KimboState),
};
