// The double's sharding against the real discord.js Client: GET /gateway/bot recommends a shard
// count, IDENTIFY carries [shard_id, num_shards], and each connection gets only its guilds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, Events, GatewayIntentBits, SlashCommandBuilder, type Interaction } from 'discord.js';
import { DiscordDouble, shardOfGuild, type Channel, type Guild, type User } from './index.ts';

const ping = new SlashCommandBuilder().setName('ping').setDescription('Answers with the shard').toJSON();

interface ShardBot {
  client: Client;
  /** Guild ids of the interactions this client received. */
  seen: string[];
}

async function connect(double: DiscordDouble, opts: { shards?: number[] | 'auto'; shardCount?: number }): Promise<ShardBot> {
  const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: double.apiUrl }, ...opts });
  const bot: ShardBot = { client, seen: [] };
  client.on(Events.InteractionCreate, (i: Interaction) => {
    if (!i.isChatInputCommand()) return;
    bot.seen.push(i.guildId ?? 'dm');
    void i.reply(`pong from shard ${i.guild?.shardId ?? 0}`);
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(double.token);
  await ready;
  return bot;
}

describe('the Discord double, sharded', () => {
  let double: DiscordDouble;
  let alice: User;
  const guilds: Guild[] = [];
  const channels: Channel[] = [];
  const onShard = (shard: number) => guilds.filter((g) => shardOfGuild(g.id, 2) === shard);

  beforeAll(async () => {
    double = await DiscordDouble.start({ shards: 2 });
    alice = double.createUser('alice');
    // Snowflakes follow the clock: a few guilds made a few ms apart land on both shards.
    while (onShard(0).length < 2 || onShard(1).length < 2) {
      const g = double.createGuild(`g${guilds.length}`);
      double.addMember(g, alice);
      guilds.push(g);
      channels.push(double.createChannel(g, 'play'));
      await new Promise((r) => setTimeout(r, 3));
    }
    double.commandStore.set('', [{ ...ping, id: '1', application_id: double.applicationId, version: '1', default_member_permissions: null, type: 1 }]);
  });
  afterAll(async () => {
    await double.stop();
  });

  it('one client with shards: \'auto\' takes the recommended count, runs both shards and sees every guild, each on its shard', async () => {
    const bot = await connect(double, { shards: 'auto' });
    try {
      expect(bot.client.options.shardCount).toBe(2);
      expect(double.gateway.liveShards).toEqual([0, 1]);
      expect([...bot.client.guilds.cache.keys()].sort()).toEqual(guilds.map((g) => g.id).sort());
      for (const g of guilds) expect(bot.client.guilds.cache.get(g.id)?.shardId).toBe(shardOfGuild(g.id, 2));
      const i = guilds.findIndex((g) => shardOfGuild(g.id, 2) === 1);
      const reply = await (await double.runCommand(alice, channels[i]!, 'ping')).reply();
      expect(reply.content).toBe('pong from shard 1');
    } finally {
      await bot.client.destroy();
    }
  });

  it('two processes, one shard each: each gets only its own guilds and their interactions', async () => {
    const bots = [await connect(double, { shards: [0], shardCount: 2 }), await connect(double, { shards: [1], shardCount: 2 })];
    try {
      for (const shard of [0, 1]) {
        expect([...bots[shard]!.client.guilds.cache.keys()].sort()).toEqual(onShard(shard).map((g) => g.id).sort());
      }
      for (const [n, channel] of channels.entries()) {
        const reply = await (await double.runCommand(alice, channel, 'ping')).reply();
        expect(reply.content).toBe(`pong from shard ${shardOfGuild(guilds[n]!.id, 2)}`);
      }
      for (const shard of [0, 1]) expect(bots[shard]!.seen.sort()).toEqual(onShard(shard).map((g) => g.id).sort());
      // A guild created now goes to its own shard only.
      const late = double.createGuild('late');
      const owner = bots[shardOfGuild(late.id, 2)]!.client;
      await double.waitFor(() => (owner.guilds.cache.has(late.id) ? true : undefined), 5000, 'the late guild on its shard');
      expect(bots[1 - shardOfGuild(late.id, 2)]!.client.guilds.cache.has(late.id)).toBe(false);
    } finally {
      await Promise.all(bots.map((b) => b.client.destroy()));
    }
  });

  it('refuses an IDENTIFY with fewer shards than it requires (4011, as Discord)', async () => {
    const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: double.apiUrl }, shards: [0], shardCount: 1 });
    try {
      await expect(client.login(double.token)).rejects.toThrow(/shard/i);
    } finally {
      await client.destroy();
    }
  });
});
