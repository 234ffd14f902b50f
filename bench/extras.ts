/**
 * Undo and the server's stats: how long an undo takes as a game grows (it replays the log), and
 * how long `/games stats` and `/games leaderboard` take to gather and rate a server's games
 * (the first time, winners are read from final states; later, from Game.winners).
 * Run alone with `npx tsx bench/extras.ts`; bench/index.ts calls the default export.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { computerAction, whoMustAct, type FenceState } from '../src/games/fence/index.ts';
import { rateGames } from '../src/platform/rating.ts';
import { openStore, type Store } from '../src/store/index.ts';
import { endedGames } from '../src/store/stats.ts';
import { winnersOf } from '../src/runtime/rules.ts';
import { applyAction, startGame } from '../src/runtime/moves.ts';
import { undoLast } from '../src/runtime/replay.ts';
import { gameById } from '../src/games/registry.ts';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function fenceGame(store: Store, channelId: string, seats: number, seed: string, options: object) {
  const lobby = await store.createLobby({ kind: 'fence', guildId: 'bench', channelId, hostUserId: 'u0', hostName: 'P1', options });
  for (let i = 1; i < seats; i++) await store.joinLobby(lobby.record.id, { userId: `u${i}`, name: `P${i + 1}` });
  const { game } = await startGame(store, lobby.record.id, { seed });
  return { id: game.record.id, state: game.state as FenceState };
}

/** Plays a hand-built 4-player game and times an undo (then plays the move again) about every 25 actions. */
async function undoTimes(store: Store): Promise<{ at: number; ms: number }[]> {
  const { id, state: first } = await fenceGame(store, 'undo', 4, 'bench-undo', { roundLimit: 6 });
  let state = first;
  let version = 0;
  const out: { at: number; ms: number }[] = [];
  let next = 25;
  while (!state.outcome && version < 400) {
    const seat = whoMustAct(state)!;
    const action = computerAction(state, seat, 'simple')!;
    const r = await applyAction(store, id, version, seat, action);
    if (!r.ok) throw new Error(r.refusal.message);
    version = r.version;
    // Many moves draw or roll and cannot be taken back: the first undoable one from each 25th on is timed.
    if (version >= next && r.ending === null) {
      const t = performance.now();
      const u = await undoLast(store, id, version, seat);
      const ms = performance.now() - t;
      if (u.ok) {
        out.push({ at: version, ms });
        next += 25;
        const again = await applyAction(store, id, u.version, seat, action);
        if (!again.ok) throw new Error(again.refusal.message);
        version = again.version;
        state = again.state as FenceState;
        continue;
      }
    }
    state = r.state as FenceState;
  }
  return out;
}

/** `games` finished auto-built games between 3 of 10 people; times gathering them twice and rating them. */
async function statsTimes(store: Store, games: number): Promise<{ firstMs: number; laterMs: number; rateMs: number; players: number }> {
  for (let g = 0; g < games; g++) {
    const { id, state: first } = await fenceGame(store, `stats-${g}`, 3, `bench-stats-${g}`, { autoBuild: true, roundLimit: 1 });
    let state = first;
    let version = 0;
    while (!state.outcome) {
      const seat = whoMustAct(state)!;
      const r = await applyAction(store, id, version, seat, computerAction(state, seat, 'random')!);
      if (!r.ok) throw new Error(r.refusal.message);
      state = r.state as FenceState;
      version = r.version;
    }
    // Seats belong to different people from game to game.
    await store.prisma.$executeRawUnsafe(`UPDATE "Seat" SET "userId" = 'p' || (("seat" + ${g}) % 10) WHERE "gameId" = ${id}`);
  }
  let t = performance.now();
  await endedGames(store, winnersOf, 'bench');
  const firstMs = performance.now() - t;
  t = performance.now();
  const ended = await endedGames(store, winnersOf, 'bench');
  const laterMs = performance.now() - t;
  t = performance.now();
  const ratings = rateGames(ended.map((g) => ({ players: g.seats.map((s) => ({ id: s.userId!, won: g.winners.includes(s.seat) })) })));
  return { firstMs, laterMs, rateMs: performance.now() - t, players: ratings.length };
}

export default async function benchExtras(opts: { games?: number } = {}): Promise<void> {
  const games = opts.games ?? 200;
  const dir = mkdtempSync(join(tmpdir(), 'fence-bench-extras-'));
  const store = await openStore(`file:${join(dir, 'extras.db')}`, { kinds: gameById });
  try {
    const undo = await undoTimes(store);
    process.stdout.write(`extras: undo in a hand-built 4-player FENCE! game, by actions already played: ${undo.map((u) => `${u.at}: ${u.ms.toFixed(0)} ms`).join(', ')} (median ${median(undo.map((u) => u.ms)).toFixed(0)} ms)\n`);
    const s = await statsTimes(store, games);
    process.stdout.write(`extras: stats over ${games} finished games: first gathering ${s.firstMs.toFixed(0)} ms (winners read from states), then ${s.laterMs.toFixed(0)} ms; rating ${s.players} players ${s.rateMs.toFixed(1)} ms\n`);
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchExtras();
