/**
 * Full turn latency through the local Discord double, 6 players: from the interaction going
 * out (a player's /fence command) to the public turn post with its PNG arriving in the
 * channel. Real discord.js client, real bot, real SQLite file. Prints median and p99.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { actionLabel, computerAction, whoMustAct, type FenceState } from '../src/games/fence/index.ts';
import { createLogger } from '../src/discord/log.ts';
import { startBot } from '../src/main.ts';
import { DiscordDouble, type User } from '../test/discord-double/index.ts';
import { SUB_OF } from '../test/bot/harness.ts';

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? NaN;
};

export default async function turnBench(opts: { turns?: number } = {}): Promise<void> {
  const target = opts.turns ?? 200;
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
  const bot = await startBot({ discordApiUrl: double.apiUrl, token: double.token, databaseUrl: `file:${join(dir, 'bench.db')}`, logger: createLogger({ level: 'warn' }), seedFor: (id) => `bench-${id}` });
  const store = bot.bot.store;
  const times: number[] = [];
  const byKind: Record<string, number[]> = {};
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
        let handle;
        if (how) {
          const value = JSON.stringify(action);
          started = performance.now();
          handle = await double.runCommand(user, channel, 'fence', { subcommand: how.sub, options: { [how.option]: value } });
        } else {
          const label = actionLabel(s, action);
          // The choice buttons sit on the last post of the previous batch.
          const post = [...double.messages(channel)].reverse().find((m) => m.components.length > 0)!;
          started = performance.now();
          handle = await double.clickButton(user, post, label.startsWith('Draw a ') ? `Draw ${label.slice(7, -5)}` : label);
        }
        await double.waitFor(() => double.messages(channel).slice(before).find((m) => m.attachments.some((a) => a.filename === 'map.png')), 10_000, 'turn post');
        const ms = performance.now() - started;
        times.push(ms);
        (byKind[how?.sub ?? 'choice'] ??= []).push(ms);
        // The private "Done" reply comes after every post of the batch: wait for it before the next turn.
        await handle.reply(10_000);
      }
      const left = await store.loadActiveGame(channel.id);
      if (left) await store.abortGame(left.game.id);
    }
  } finally {
    await bot.stop();
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const fmt = (xs: number[]) => `median ${quantile(xs, 0.5).toFixed(1)} ms, p99 ${quantile(xs, 0.99).toFixed(1)} ms (n=${xs.length})`;
  process.stdout.write(`turn through the double, 6 players, interaction in → public post with map PNG out: ${fmt(times)}\n`);
  for (const [k, xs] of Object.entries(byKind)) process.stdout.write(`  ${k.padEnd(7)} ${fmt(xs)}\n`);
  process.stdout.write(`  goal p99 ≤ 150 ms: ${quantile(times, 0.99) <= 150 ? 'met' : 'NOT met'}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) await turnBench();
