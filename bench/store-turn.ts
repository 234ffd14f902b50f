/**
 * The store's share of one bot turn, without Discord: the channel's game loaded as the guards
 * load it, the move applied through src/runtime/moves.ts's `act` (turn timers re-armed, the
 * turn's posts cut by src/discord/posting.ts but not sent), and the outbox's two records after
 * the post (posted version, board message id), on two-runner races (the test game, whose rules
 * cost next to nothing: the figure is the platform's own) with a turn limit. Prints the main thread's CPU per turn (process.cpuUsage: this
 * process has no other thread doing work) and the load average.
 * Alone: `npx tsx bench/store-turn.ts [sqlite|postgresql] [turns]`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gameById, registerGame } from '../src/games/registry.ts';
import { race } from '../test/games/race/index.ts';
import type { BotContext } from '../src/discord/context.ts';
import { withDef, type StartedGame } from '../src/discord/guards.ts';
import { createLogger } from '../src/discord/log.ts';
import type { Outbox, PostedGame } from '../src/discord/outbox.ts';
import { openStore, type Store } from '../src/store/index.ts';
import { startPostgres } from '../test/store/postgres.ts';
import { act, startGame } from '../src/runtime/moves.ts';
import { discordPosting } from '../src/discord/posting.ts';

registerGame(race);
const def = gameById('race')!;
const GAMES = 50;
const load = () => loadavg().map((l) => l.toFixed(1)).join(' ');

/** The outbox's store calls once a turn's posts are out, without posting anything. */
function fakeOutbox(store: Store): Outbox {
  const promised = new Map<number, number>();
  return {
    shownVersion: (g: PostedGame) => Math.max(g.postedVersion ?? 0, promised.get(g.id) ?? 0),
    send: async (_ctx: BotContext, game: PostedGame, version: number | null) => {
      if (version === null) return null;
      promised.set(game.id, version);
      await store.setPostedVersion(game.id, version);
      await store.setMessageIds(game.id, { boardMessageId: `m-${game.id}-${version}` });
      return null;
    },
  } as unknown as Outbox;
}

async function games(store: Store, n: number, turnLimitSeconds: number | null, first = 0): Promise<string[]> {
  const channels: string[] = [];
  for (let g = first; g < first + n; g++) {
    const channelId = `c-${g}`;
    const lobby = await store.createLobby({ kind: 'race', guildId: 'g', channelId, hostUserId: 'u0', hostName: 'ana', options: { goal: 30 }, turnLimitSeconds });
    await store.joinLobby(lobby.record.id, { userId: 'u1', name: 'bo' });
    await startGame(store, lobby.record.id, { seed: `s-${g}` });
    channels.push(channelId);
  }
  return channels;
}

export async function storeTurn(url: string, turns: number, turnLimitSeconds: number | null): Promise<{ cpuMs: number; blockMedianMs: number }> {
  const store = await openStore(url, { kinds: gameById });
  try {
    const ctx = { store, log: createLogger({ level: 'error' }), now: () => Date.now(), outbox: fakeOutbox(store), seedFor: () => undefined, posting: discordPosting(() => ctx) } as unknown as BotContext;
    const channels = await games(store, GAMES, turnLimitSeconds);
    let fresh = GAMES;
    /** One turn in the channel's game (null when it is over) and the CPU it took, in µs. */
    const turn = async (channelId: string): Promise<number | null> => {
      const cpu0 = process.cpuUsage();
      const loaded = await store.loadActiveGame(channelId);
      if (!loaded?.state) return null;
      const game = withDef(loaded) as StartedGame;
      const seat = def.activeSeats(game.state)[0];
      if (seat === undefined) return null;
      const legal = def.legalActions(game.state, seat).filter((a) => (a as { type?: string }).type !== 'resign');
      const action = legal[Math.floor(Math.random() * legal.length)];
      const r = await act(ctx, game, seat, action, { userId: seat === 0 ? 'u0' : 'u1' });
      if (!r.ok) throw new Error(`refused: ${r.refusal.message}`);
      await r.posted;
      const cpu = process.cpuUsage(cpu0);
      return cpu.user + cpu.system;
    };
    const cpuUs: number[] = [];
    // The first 200 turns warm up (queries compiled, code optimised) and are not counted.
    for (let k = 0, done = 0; done < turns + 200; k++) {
      const i = k % channels.length;
      const us = await turn(channels[i]!);
      if (us === null) {
        // Game over: a new game takes the channel's place, outside the measured turns.
        channels[i] = (await games(store, 1, turnLimitSeconds, fresh++))[0]!;
        continue;
      }
      if (++done > 200) cpuUs.push(us);
    }
    // The machine is shared: a burst of other work slows a whole stretch of turns, so the
    // median of 100-turn blocks is given beside the mean.
    const blocks: number[] = [];
    for (let b = 0; b + 100 <= cpuUs.length; b += 100) blocks.push(cpuUs.slice(b, b + 100).reduce((a, x) => a + x, 0) / 100);
    blocks.sort((a, b) => a - b);
    return { cpuMs: cpuUs.reduce((a, x) => a + x, 0) / cpuUs.length / 1000, blockMedianMs: (blocks[Math.floor(blocks.length / 2)] ?? NaN) / 1000 };
  } finally {
    await store.close();
  }
}

/** One backend's figure, printed as a line. */
async function run(backend: 'sqlite' | 'postgresql', turns: number): Promise<void> {
  const limit = process.env.BENCH_TURN_LIMIT === '0' ? null : 86_400;
  const dir = mkdtempSync(join(tmpdir(), 'fence-store-turn-'));
  const pg = backend === 'postgresql' ? await startPostgres() : null;
  try {
    const url = pg ? await pg.createDatabase() : `file:${join(dir, 'turn.db')}`;
    const r = await storeTurn(url, turns, limit);
    process.stdout.write(`store-turn on ${backend} (turn limit ${limit ?? 'none'}): ${turns} turns, main-thread CPU per turn ${r.cpuMs.toFixed(2)} ms (median of 100-turn blocks ${r.blockMedianMs.toFixed(2)} ms); load average ${load()}\n`);
  } finally {
    await pg?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

export default async function storeTurnBench(): Promise<void> {
  await run('sqlite', 2000);
  await run('postgresql', 2000).catch((err: unknown) => process.stdout.write(`store-turn on postgresql: no cluster (${err instanceof Error ? err.message.split('\n')[0] : String(err)})\n`));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2]) await run(process.argv[2] === 'postgresql' ? 'postgresql' : 'sqlite', Number(process.argv[3] ?? 2000));
  else await storeTurnBench();
}
