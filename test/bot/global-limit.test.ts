// Discord's global rate limit binds the bot's own requests (channel posts, edits), not the
// answers to interactions. While Discord holds the bot's posts back (a global 429), players'
// private answers must still come, and the posts then keep to the bot's own limit (set very
// low); the server's admins are told posts were held back. Checked by order against a 15 s
// hold, not by a stopwatch: a loaded machine passes as a calm one does.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/discord/log.ts';
import { isInteractionEndpoint, processShareOfGlobalLimit } from '../../src/discord/rest.ts';
import { processShards } from '../../src/discord/shards.ts';
import { startBot, type RunningBot } from '../../src/main.ts';
import { DiscordDouble, type Guild, type User } from '../discord-double/index.ts';
import { textOf } from './harness.ts';

let double: DiscordDouble;
let bot: RunningBot;
let guild: Guild;
let ana: User;
const dir = mkdtempSync(join(tmpdir(), 'fence-global-limit-'));

beforeAll(async () => {
  double = await DiscordDouble.start();
  guild = double.createGuild('Busy Club');
  ana = double.createUser('ana');
  double.addMember(guild, ana, { roles: [double.createRole(guild, 'Admins', PermissionFlagsBits.ManageGuild)] });
  bot = await startBot({
    discordApiUrl: double.apiUrl,
    token: double.token,
    databaseUrl: `file:${join(dir, 'fence.db')}`,
    logger: createLogger({ level: 'error' }),
    globalRequestsPerSecond: 1,
  });
});
afterAll(async () => {
  await bot?.stop();
  await double?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** How long Discord holds the bot's requests back after the global 429 below: far longer than answering a few commands takes, even on a loaded machine. */
const HOLD_MS = 15_000;

it('answers players at once while its channel posts wait for the global rate limit', async () => {
  const channels = Array.from({ length: 4 }, (_, k) => double.createChannel(guild, `table-${k}`));
  const route = 'POST /channels/:channel/messages';
  // Discord's own global limit, hit by the first post: every request that counts waits HOLD_MS.
  double.rateLimitNext(route, 1, { global: true, retryAfterMs: HOLD_MS });
  const before = double.requests.length;
  // Four lobbies: each a channel post (counted) and a private answer (not counted).
  const lobbies = await Promise.all(channels.map((c) => double.runCommand(ana, c, 'fence', { subcommand: 'new' })));
  const held = await double.waitFor(() => double.requests.slice(before).find((r) => r.route === route && r.status === 429), HOLD_MS, 'the first post held back');
  // While the posts are held back: six private answers that need no post at all.
  const helps = await Promise.all(Array.from({ length: 6 }, () => double.runCommand(ana, channels[0]!, 'fence', { subcommand: 'help' })));
  await Promise.all(helps.map((h) => h.reply(HOLD_MS)));
  const answered = Date.now();
  await Promise.all(channels.map((c) => double.waitForMessage(c, (m) => !m.ephemeral && textOf(m).includes('is open'), HOLD_MS + 30_000)));
  await Promise.all(lobbies.map((l) => l.reply(30_000)));
  const posts = double.requests.slice(before).filter((r) => r.route === route && r.status === 200).map((r) => r.at);
  // Counting the answers would have held every one of them until the hold ended.
  expect(answered).toBeLessThan(held.at + HOLD_MS);
  expect(posts.length).toBe(4);
  expect(Math.min(...posts)).toBeGreaterThanOrEqual(held.at + HOLD_MS - 50);
  // Then the four posts (and nothing else counted) kept to the bot's own limit, 1 a second.
  expect(Math.max(...posts) - Math.min(...posts)).toBeGreaterThan(2500);
  // The server's admins see that posts were held back, and how long at most.
  const status = await (await double.runCommand(ana, channels[0]!, 'games', { subcommand: 'status' })).reply(30_000);
  expect(textOf(status).split('\n')[0]).toMatch(/^\*\*Bot status:\*\* ⚠️ .*Discord is holding posts back\.$/);
  expect(textOf(status)).toMatch(/\*\*Posting:\*\* Discord held the bot’s posts back \d+ times? in the last minute \(at most [\d.]+ m?s\)/);
  double.expectNoViolations();
}, 120_000);

it('counts only this application’s interaction endpoints as exempt', () => {
  const app = '123456789012345678';
  expect(isInteractionEndpoint({ fullRoute: '/interactions/1/tok/callback', auth: false }, app)).toBe(true);
  expect(isInteractionEndpoint({ fullRoute: `/webhooks/${app}/tok/messages/@original`, auth: false }, app)).toBe(true);
  expect(isInteractionEndpoint({ fullRoute: `/webhooks/${app}/tok`, auth: false }, app)).toBe(true);
  // The bot's own requests, and another webhook, count.
  expect(isInteractionEndpoint({ fullRoute: '/channels/1/messages', auth: true }, app)).toBe(false);
  expect(isInteractionEndpoint({ fullRoute: '/webhooks/999999999999999999/tok', auth: false }, app)).toBe(false);
});

it('gives each process its share of the bot’s limit: the part of all hosts’ shards it runs', () => {
  // One process running every shard.
  expect(processShareOfGlobalLimit(50, processShards({}, {}))).toBe(50);
  expect(processShareOfGlobalLimit(50, processShards({ shards: 'auto' }, {}))).toBe(50);
  // A ShardingManager's shard process: one shard of SHARD_COUNT, whichever host runs the others.
  expect(processShareOfGlobalLimit(50, processShards({}, { SHARDING_MANAGER: 'true', SHARDS: '1', SHARD_COUNT: '2' }))).toBe(25);
  expect(processShareOfGlobalLimit(50, processShards({}, { SHARDING_MANAGER: 'true', SHARDS: '5', SHARD_COUNT: '8' }))).toBe(6);
  expect(processShareOfGlobalLimit(50, processShards({}, { SHARDING_MANAGER: 'true', SHARDS: '0', SHARD_COUNT: '3' }))).toBe(16);
  expect(processShareOfGlobalLimit(2, processShards({}, { SHARDING_MANAGER: 'true', SHARDS: '7', SHARD_COUNT: '8' }))).toBe(1);
  // A host running shards 0-3 of 8 in one process (`npm start` with SHARDS=0-3, SHARD_COUNT=8): half.
  expect(processShareOfGlobalLimit(50, processShards({ shards: [0, 1, 2, 3], shardCount: 8 }, {}))).toBe(25);
});
