// SHARDS=auto under `npm start`: one process asks Discord how many shards to run and runs them
// all; games in guilds on every shard are played there, and each server's admin view names the
// shard it is on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createLogger } from '../../src/discord/log.ts';
import { registerGame } from '../../src/games/registry.ts';
import { startBot, type RunningBot } from '../../src/main.ts';
import { DiscordDouble, shardOfGuild, type Channel, type User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { textOf } from './harness.ts';

let double: DiscordDouble;
let bot: RunningBot;
let ana: User, bo: User;
/** One table per shard. */
const tables: Channel[] = [];
const dir = mkdtempSync(join(tmpdir(), 'fence-shards-auto-'));

beforeAll(async () => {
  registerGame(race);
  double = await DiscordDouble.start({ shards: 2 });
  ana = double.createUser('ana');
  bo = double.createUser('bo');
  // Snowflakes follow the clock: guilds made a few ms apart land on both shards.
  const found: (Channel | undefined)[] = [undefined, undefined];
  for (let n = 0; !found[0] || !found[1]; n++) {
    const guild = double.createGuild(`club-${n}`);
    const shard = shardOfGuild(guild.id, 2);
    if (!found[shard]) {
      double.addMember(guild, ana, { roles: [double.createRole(guild, 'Admins', PermissionFlagsBits.ManageGuild)] });
      double.addMember(guild, bo);
      found[shard] = double.createChannel(guild, 'race');
    }
    await new Promise((r) => setTimeout(r, 3));
  }
  tables.push(found[0]!, found[1]!);
  bot = await startBot({ discordApiUrl: double.apiUrl, token: double.token, databaseUrl: `file:${join(dir, 'fence.db')}`, logger: createLogger({ level: 'error' }), shards: 'auto' });
}, 60_000);
afterAll(async () => {
  await bot?.stop();
  await double?.stop();
  rmSync(dir, { recursive: true, force: true });
});

it('runs every shard Discord recommends in one process and plays in guilds on each', async () => {
  expect(double.gateway.liveShards).toEqual([0, 1]);
  for (const [shard, channel] of tables.entries()) {
    await (await double.runCommand(ana, channel, 'race', { subcommand: 'new' })).reply(10_000);
    const lobby = await double.waitForMessage(channel, (m) => !m.ephemeral && textOf(m).includes('is open'), 10_000);
    await (await double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await double.clickButton(ana, lobby, 'Start')).reply(10_000);
    await double.waitForMessage(channel, (m) => !m.ephemeral && m.attachments.length > 0, 15_000);
    const status = await (await double.runCommand(ana, channel, 'games', { subcommand: 'status' })).reply(10_000);
    expect(textOf(status)).toContain(`2 in all; this process runs shards 0 and 1, and this server is on shard ${shard}`);
  }
  double.expectNoViolations();
}, 60_000);
