/**
 * Full turn latency through the local Discord double, 6 players: from the interaction going
 * out (a player's /fence command or button) to the turn's public post arriving in the channel
 * with its picture (the close-up of the cells the turn touched; the first picture post when a
 * change is cut into several; the last public post when the turn changes nothing on the map and
 * so carries no picture; the private answer for a step the game holds until the turn ends,
 * e.g. Move Others' first push). Real discord.js client, real bot, real SQLite file. Prints median and
 * p99 (goal p99 ≤ 50 ms) with the load average, after a warm-up (WARM_UP), twice:
 * - each move THINK_MS after the post before it: still faster than any player, and than
 *   Discord lets one channel post (5 messages per 5 s), but the bot has what a player's pause
 *   gives it in play: a round's Hot Goods pictures, drawn while a winner chooses a colour, are
 *   ready when the choice comes;
 * - back to back (≈ 30 turns a second in one channel), as this bench measured before: each
 *   move comes while the last one's leftover work (pictures drawn ahead, old buttons removed)
 *   still runs, so it adds that work's queueing to the turn's own latency.
 * `npx tsx bench/turn.ts [turns] [thinkMs]` runs one of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionLabel, computerAction, fence, whoMustAct, type FenceState } from '../src/games/fence/index.ts';
import { createLogger } from '../src/discord/log.ts';
import { startBot } from '../src/main.ts';
import { DiscordDouble, type Channel, type InteractionHandle, type PostedMessage, type User } from '../test/discord-double/index.ts';
import { tapsFor } from '../test/bot/harness.ts';
import { SUB_OF } from '../test/fence/harness.ts';

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

/**
 * When the turn answered by `handle` reached the channel (performance.now()): its first public
 * post with a picture, else its last public post; null when nothing was posted (a step of a
 * turn the game holds until it ends, e.g. the first push of Move Others). `answered`: when the
 * interaction's private answer came, which the bot sends after every post of the change.
 */
export async function turnPosted(double: DiscordDouble, channel: Channel, before: number, handle: InteractionHandle, timeoutMs = 20_000): Promise<{ posted: number | null; answered: number }> {
  let picture: number | null = null, last: number | null = null, seen = before, stop = false;
  const watch = (): true | undefined => {
    if (stop) return true;
    const now = performance.now();
    const all = double.messages(channel);
    if (picture === null && all.slice(before).some((m) => !m.ephemeral && m.attachments.length > 0)) picture = now;
    if (all.length > seen) {
      if (all.slice(seen).some((m) => !m.ephemeral)) last = now;
      seen = all.length;
    }
    return undefined;
  };
  void double.waitFor(watch, timeoutMs, 'turn posts').catch(() => undefined);
  await handle.reply(timeoutMs);
  const answered = performance.now();
  watch();
  stop = true;
  return { posted: picture ?? last, answered };
}

/**
 * Turns after start-up printed apart and not in the figures: the first pictures of each size,
 * JIT, and the second render worker starting at the first post with several pictures (≈ 1 s of
 * CPU beside the turns), once in a bot's life.
 */
const WARM_UP = 20;

/** A pause before each move: well under a person's reaction time (≈ 250 ms and more). */
const THINK_MS = 200;

export default async function turnBenches(): Promise<void> {
  await turnBench({ thinkMs: THINK_MS });
  await turnBench({ thinkMs: 0 });
}

export async function turnBench(opts: { turns?: number; thinkMs?: number } = {}): Promise<void> {
  const target = opts.turns ?? 200;
  const thinkMs = opts.thinkMs ?? THINK_MS;
  const warm: number[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'fence-bench-'));
  const double = await DiscordDouble.start();
  const guild = double.createGuild('Bench');
  const channel = double.createChannel(guild, 'fence');
  const users: User[] = [];
  for (let n = 0; n < 6; n++) {
    const u = double.createUser(`p${n}`);
    double.addMember(guild, u);
    users.push(u);
  }
  // The driver plays one channel back to back, ≈ 30 turns a second: past the bot's global rate
  // limit (50 requests/s, ≈ 2 a posted turn), which then held a post or an old post's edit for up
  // to a second, 3–6 times a run. Discord would not take that pace in one channel anyway (5
  // messages per 5 s); the latency of a turn is what this measures, so the bot runs with a
  // limit Discord raised.
  const bot = await startBot({ discordApiUrl: double.apiUrl, token: double.token, databaseUrl: `file:${join(dir, 'bench.db')}`, logger: createLogger({ level: 'warn' }), seedFor: (id) => `bench-${id}`, globalRequestsPerSecond: 10_000 });
  const store = bot.bot.store;
  const times: number[] = [];
  const cpuMs = () => {
    const u = process.cpuUsage();
    return (u.user + u.system) / 1000;
  };
  let cpu0 = 0;
  const byKind: Record<string, number[]> = {};
  const answers = new Map<string, PostedMessage>();
  try {
    let games = 0;
    while (times.length < target) {
      games++;
      await (await double.runCommand(users[0]!, channel, 'fence', { subcommand: 'new', options: { 'auto-build': true, rounds: 30 } })).reply();
      const lobby = await double.waitForMessage(channel, (m) => !m.ephemeral && m.content.includes(`game #${games} is open`));
      for (const u of users.slice(1)) await (await double.clickButton(u, lobby, 'Join')).acknowledged();
      const n0 = double.messages(channel).length;
      await (await double.clickButton(users[0]!, lobby, 'Start')).acknowledged();
      await double.waitFor(() => (double.messages(channel).length > n0 ? true : undefined), 10_000, 'first post');
      while (times.length < target) {
        if (warm.length === WARM_UP && cpu0 === 0) cpu0 = cpuMs();
        if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, thinkMs));
        const game = await store.loadActiveGame(channel.id);
        if (!game?.state) break;
        const s = game.state as FenceState;
        const seat = whoMustAct(s);
        if (seat === null) break;
        const user = users.find((u) => u.id === game.seats[seat]?.userId)!;
        const action = computerAction(s, seat, 'simple')!;
        const how = SUB_OF[action.type];
        const before = double.messages(channel).length;
        let started: number;
        let handle: InteractionHandle;
        if (how) {
          const value = JSON.stringify(action);
          started = performance.now();
          handle = await double.runCommand(user, channel, 'fence', { subcommand: how.sub, options: { [how.option]: value } });
        } else {
          // A choice the rules give (a colour, a neighborhood): one label to press, on the last
          // post of the previous batch or (mid-turn) on the chooser's private answer.
          const [text] = tapsFor(fence, s, seat, action) ?? [actionLabel(s, action)];
          const has = (m: PostedMessage | undefined) => m && double.buttons(double.log.get(m.id) ?? m).some((b) => 'label' in b && b.label === text);
          const post = [[...double.messages(channel)].reverse().find((m) => !m.ephemeral && m.components.length > 0), answers.get(user.id)].find(has);
          if (!post) throw new Error(`no button "${text}" for ${user.username}`);
          started = performance.now();
          handle = await double.clickButton(user, double.log.get(post.id) ?? post, text!);
        }
        const at = await turnPosted(double, channel, before, handle);
        const answer = handle.messages.at(-1);
        if (answer) answers.set(user.id, answer);
        const ms = (at.posted ?? at.answered) - started;
        if (warm.length < WARM_UP) {
          warm.push(ms);
          continue;
        }
        times.push(ms);
        (byKind[at.posted === null ? 'held' : how?.sub ?? 'choice'] ??= []).push(ms);
      }
      const left = await store.loadActiveGame(channel.id);
      if (left) await store.abortGame(left.record.id);
    }
  } finally {
    await bot.stop();
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const cpuPerTurn = (cpuMs() - cpu0) / times.length;
  const fmt = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (n=${xs.length})`;
  const pace = thinkMs > 0 ? `each move ${thinkMs} ms after the post before it` : 'moves back to back';
  process.stdout.write(`turn through the double, 6 players, ${pace}, interaction out → the turn's public post (with its picture) in: ${fmt(times)}; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}\n`);
  for (const [k, xs] of Object.entries(byKind)) process.stdout.write(`  ${k.padEnd(7)} ${fmt(xs)}\n`);
  process.stdout.write(`  (the first ${WARM_UP} turns after start-up, apart: ${fmt(warm)}, slowest ${Math.max(...warm).toFixed(1)} ms)\n`);
  // CPU over the run, the pauses included (the bot's idle timers cost a little there).
  process.stdout.write(`  CPU per turn, this whole process (bot, render workers, Discord double, driver): ${cpuPerTurn.toFixed(1)} ms\n`);
  process.stdout.write(`  goal p99 ≤ 50 ms: ${quantile(times, 0.99) <= 50 ? 'met' : 'NOT met'}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (process.argv[2]) await turnBench({ turns: Number(process.argv[2]), thinkMs: Number(process.argv[3] ?? THINK_MS) });
  else await turnBenches();
}
