/**
 * The record of ended games for stats and leaderboards: who sat, who left early, who won.
 * Winners are read once from a finished game's final state (by the caller, through its game's
 * rules: src/runtime/rules.ts's winnersOf) and kept in Game.winners, so later queries need not
 * load states.
 */
import type { Store } from './index.ts';

/**
 * Who won a finished game of `kind` whose final state is stored as `state` (JSON text); null
 * when the state cannot be read: the game counts as won by nobody, and that is not written
 * down, so a later version that reads it can still tell.
 */
export type WinnersOf = (kind: string, state: string) => number[] | null;

export interface EndedGame {
  id: number;
  kind: string;
  status: 'finished' | 'aborted';
  endedAt: Date | null;
  seats: { seat: number; userId: string | null; name: string; computer: boolean; leftEarly: boolean }[];
  /** Seats that won (empty for an aborted game, or one that nobody won). */
  winners: number[];
}

/** Every finished or aborted game of a server (of one game when `kind` is given), oldest ending first. */
export async function endedGames(store: Store, winnersOf: WinnersOf, guildId: string, kind?: string): Promise<EndedGame[]> {
  const rows = await store.prisma.game.findMany({
    where: { guildId, status: { in: ['finished', 'aborted'] }, ...(kind ? { kind } : {}) },
    select: { id: true, kind: true, status: true, endedAt: true, winners: true, seats: { orderBy: { seat: 'asc' } } },
    orderBy: [{ endedAt: 'asc' }, { id: 'asc' }],
  });
  const out: EndedGame[] = [];
  for (const row of rows) {
    const status = row.status === 'finished' ? 'finished' : 'aborted';
    let winners: number[] = [];
    if (status === 'finished') winners = row.winners === null ? await keepWinners(store, winnersOf, row.id, row.kind) : parseSeats(row.winners);
    out.push({
      id: row.id,
      kind: row.kind,
      status,
      endedAt: row.endedAt,
      seats: row.seats.map((s) => ({ seat: s.seat, userId: s.userId, name: s.name, computer: s.computer, leftEarly: s.leftAt !== null })),
      winners,
    });
  }
  return out;
}

/** Reads a finished game's winners from its final state and keeps them; none when the state cannot be read. */
async function keepWinners(store: Store, winnersOf: WinnersOf, gameId: number, kind: string): Promise<number[]> {
  const row = await store.prisma.game.findUnique({ where: { id: gameId }, select: { state: true } });
  const winners = row?.state ? winnersOf(kind, row.state) : null;
  if (winners === null) return [];
  await store.prisma.game.update({ where: { id: gameId }, data: { winners: JSON.stringify(winners) } });
  return winners;
}

function parseSeats(text: string): number[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
  } catch {
    return [];
  }
}
