// What a server gets besides the games themselves, through Discord: who may open and abort
// games (`/games settings`), `/games mine` across channels, the Rematch button of an end post,
// and `/games stats` and `/games leaderboard` after finished games and an aborted one.
// Played with the test game Race (race to 5: Ana steps 3, Bo steps 1, the computer 2).
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';
import type { HealthView } from '../../src/discord/health.ts';
import { healthText } from '../../src/discord/handlers/health.ts';
import { shardOf } from '../../src/discord/shards.ts';

let h: Harness;
let ana: User, bo: User, cy: User;
/** Holds Manage Server. */
let boss: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
  boss = h.double.createUser('boss', { globalName: 'Boss' });
  h.double.addMember(h.guild, boss, { roles: [h.double.createRole(h.guild, 'Admins', PermissionFlagsBits.ManageGuild)] });
});
afterAll(async () => {
  await h?.stop();
});

const labels = (m: PostedMessage): string[] => h.double.buttons(m).map((b) => ('label' in b ? b.label ?? '' : ''));
const games = (user: User, subcommand: string, options: Record<string, string | number | boolean | User> = {}) => h.command(user, 'games', subcommand, options);

/** Waits for an abort's confirmation to say it is done. */
const aborted = (ask: PostedMessage) => h.double.waitFor(() => (/is aborted/.test(textOf(h.double.log.get(ask.id))) ? true : undefined), 10_000, 'the abort');

async function lobbyIn(channel: Channel): Promise<PostedMessage> {
  return h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!') && !textOf(m).includes('has started'));
}

/** Ana opens a race to 5 in `channel`, the others join (and a computer sits), Ana starts. */
async function startRace(channel: Channel, joiners: User[], computer: boolean): Promise<void> {
  await h.command(ana, 'race', 'new', { goal: 5, computers: computer ? 1 : 0 }, channel);
  const lobby = await lobbyIn(channel);
  // The Join's answer comes once the lobby post shows the seat (it is acknowledged before that).
  for (const u of joiners) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
}

/** Ana steps 3 and Bo steps 1 until the race is over: Ana wins. Returns the end post. */
async function playToAnasWin(channel: Channel): Promise<PostedMessage> {
  for (let round = 0; round < 2; round++) {
    expect(textOf(await h.command(ana, 'race', 'step', { step: 'step3' }, channel))).toMatch(/^Done: Step 3\./);
    expect(textOf(await h.command(bo, 'race', 'step', { step: 'step1' }, channel))).toMatch(/^Done: Step 1\./);
  }
  // The last round's post says what happened and mentions the winner.
  const end = h.latestPost(channel);
  expect(textOf(end)).toContain('Ana wins the race!');
  expect(textOf(end)).toContain(`🏆 <@${ana.id}> wins!`);
  return end;
}

describe('who may open and abort games', () => {
  it('Manage Server sets it; a member without the chosen role is refused and told which role; with it, allowed; aborting can be kept to Manage Server', async () => {
    const channel = h.double.createChannel(h.guild, 'permissions');
    const hosts = h.double.createRole(h.guild, 'Game Hosts');
    const host = h.double.createUser('host', { globalName: 'Hostess' });
    h.double.addMember(h.guild, host, { roles: [hosts] });

    expect(textOf(await games(cy, 'settings', { start: 'manage-server' }))).toBe('Only members with the Manage Server permission can change this server’s game settings.');
    const set = await (await h.double.runCommand(boss, channel, 'games', { subcommand: 'settings', options: { start: 'role', 'start-role': hosts, abort: 'manage-server' } })).reply();
    expect(textOf(set)).toContain(`Who may open a game: members with the <@&${hosts.id}> role (and Manage Server) · who may abort one: Manage Server only.`);
    expect(textOf(await games(boss, 'settings', { start: 'role' }))).toContain(`members with the <@&${hosts.id}> role`);

    const refused = await h.command(cy, 'race', 'new', {}, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe(`On this server, only members with the <@&${hosts.id}> role (or the Manage Server permission) can open a game. Ask one of them to open it; you can then press **Join**.`);
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();

    expect(textOf(await h.command(host, 'race', 'new', {}, channel))).toMatch(/^Game #\d+ is open/);
    const abort = await h.command(host, 'race', 'abort', {}, channel);
    expect(textOf(abort)).toBe('On this server, only members with the Manage Server permission can abort a game.');
    const confirm = await h.command(boss, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(boss, confirm, 'Abort the game')).acknowledged();
    await aborted(confirm);
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();

    const back = await games(boss, 'settings', { start: 'anyone', abort: 'host' });
    expect(textOf(back)).toContain('Who may open a game: anyone · who may abort one: the game’s host or Manage Channels.');
    expect(textOf(await h.command(cy, 'race', 'new', {}, channel))).toMatch(/^Game #\d+ is open/);
    expect(textOf(await h.command(cy, 'race', 'abort', {}, channel))).toMatch(/^Abort game #\d+ for everyone\?/);
    const ask = h.double.ephemeralFor(cy, channel).at(-1)!;
    await (await h.double.clickButton(cy, ask, 'Abort the game')).acknowledged();
    await aborted(ask);
  }, 60_000);

  it('choosing "members with a role" without naming the role saves nothing and says what is missing', async () => {
    await games(boss, 'settings', { start: 'anyone' });
    // The role set above is still saved; a server that never chose one must name it.
    const other = h.double.createGuild('Other Club');
    const channel = h.double.createChannel(other, 'general');
    h.double.addMember(other, boss, { roles: [h.double.createRole(other, 'Admins', PermissionFlagsBits.ManageGuild)] });
    const r = await (await h.double.runCommand(boss, channel, 'games', { subcommand: 'settings', options: { start: 'role' } })).reply();
    expect(textOf(r)).toBe('Nothing was saved: Choose the role too: `/games settings start:role start-role:@Role`.');
  });
});

describe('my games, rematch, stats and leaderboard', () => {
  const first = () => h.double.findChannel('race-one', h.guild)!;
  const second = () => h.double.findChannel('race-two', h.guild)!;

  it('/games mine lists the games a member is in across two channels, with whose turn it is and a link', async () => {
    h.double.createChannel(h.guild, 'race-one');
    h.double.createChannel(h.guild, 'race-two');
    await startRace(first(), [bo], true);
    await startRace(second(), [bo], false);
    await h.command(bo, 'race', 'step', { step: 'step1' }, second());
    const [one, two] = [await h.game(first()), await h.game(second())];

    const mine = await games(ana, 'mine');
    expect(mine.ephemeral).toBe(true);
    const link = (g: typeof one) => `https://discord.com/channels/${h.guild.id}/${g.record.channelId}/${g.record.boardMessageId}`;
    // Each with since when it waits for them (a Discord timestamp: each reader sees it in their own time).
    expect(textOf(mine).replace(/<t:\d+:R>/g, '<t:…:R>')).toBe([
      '**Your games on this server** (2, your turn in 2)',
      `• #${one.record.id} Race (\`/race\`) in <#${first().id}>: **your turn** since <t:…:R> · [latest post](${link(one)})`,
      `• #${two.record.id} Race (\`/race\`) in <#${second().id}>: **your turn** since <t:…:R> · [latest post](${link(two)})`,
    ].join('\n'));
    expect(textOf(h.double.log.get(two.record.boardMessageId!))).toContain('Bo has picked.');
    const bos = await games(bo, 'mine');
    expect(textOf(bos)).toContain(`#${one.record.id} Race (\`/race\`) in <#${first().id}>: **your turn** since <t:`);
    expect(textOf(bos)).toMatch(new RegExp(`#${two.record.id} Race \\(\`/race\`\\) in <#${second().id}>: waiting for Ana since <t:\\d+:R> · `));
    expect(textOf(await games(cy, 'mine'))).toBe('You are not in any game on this server. `/games list` shows the open lobbies.');
  });

  it('Rematch opens a lobby in the same channel with the same options and computer, and asks the other player to Join', async () => {
    const end = await playToAnasWin(first());
    expect(labels(end)).toEqual(['Rematch', 'Replay']);
    const old = (await h.store.listGames({ channelId: first().id })).at(-1)!;
    expect(old.status).toBe('finished');

    const stranger = await (await h.double.clickButton(cy, end, 'Rematch')).reply();
    expect(textOf(stranger)).toBe(`Only the players of game #${old.id} can ask for its rematch. Start your own game with \`/race new\`.`);

    const ack = await (await h.double.clickButton(bo, end, 'Rematch')).reply(10_000);
    expect(textOf(ack)).toMatch(new RegExp(`^Game #\\d+ is open, with the options of game #${old.id}\\. The other players were asked to press \\*\\*Join\\*\\*`));
    const lobby = await h.double.waitForMessage(first(), (m) => textOf(m).includes(`Rematch of game #${old.id}`));
    expect(textOf(lobby)).toContain('Seats (2/3): 1. Bo — host · 2. Computer 1 (computer)');
    expect(textOf(lobby)).toContain('Options: 24 hours per turn · race to 5 · normal steps');
    expect(textOf(lobby)).toContain(`Rematch of game #${old.id}: <@${ana.id}>, press **Join** to play again.`);
    expect(lobby.notified).toEqual([ana.id]);
    const fresh = (await h.store.loadActiveGame(first().id))!;
    expect(fresh.record.options).toEqual(old.options);
    expect(fresh.record.turnLimitSeconds).toBe(old.turnLimitSeconds);

    const again = await (await h.double.clickButton(ana, end, 'Rematch')).reply(10_000);
    expect(textOf(again)).toBe(`This channel already has a game (#${fresh.record.id}, in its lobby: press **Join** on it).`);
    await (await h.double.clickButton(ana, lobby, 'Join')).reply(10_000);
    expect(textOf(h.double.log.get(lobby.id)!)).toContain('Seats (3/3): 1. Bo — host · 2. Computer 1 (computer) · 3. Ana');
    expect(textOf(await (await h.double.clickButton(bo, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
    await playToAnasWin(first());
  }, 60_000);

  it('a forged Rematch for a finished game, pressed in another channel or another server, opens nothing', async () => {
    const old = (await h.store.listGames({ channelId: first().id })).at(-1)!;
    expect(old.status).toBe('finished');
    const mallory = h.double.createUser('mallory', { globalName: 'Mallory' });
    const far = h.double.createChannel(h.double.createGuild('Far Club', { owner: mallory }), 'far');
    const side = h.double.createChannel(h.guild, 'rematch-side');
    for (const [user, where] of [[ana, side], [mallory, far]] as const) {
      const press = await h.double.forgeComponent(user, where, `f:rematch:${old.id}`, h.double.say(user, where, 'press me'));
      const reply = await press.reply(10_000);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply)).toBe('That button does not belong to a game of this channel, so nothing was done.');
    }
    expect(await h.store.loadActiveGame(first().id)).toBeNull();
    expect(await h.store.loadActiveGame(side.id)).toBeNull();
    expect((await h.store.listGames({ channelId: first().id })).at(-1)!.id).toBe(old.id);
  });

  it('stats and leaderboard count the two finished games, not the aborted one, and rank no computer', async () => {
    const abort = await h.command(ana, 'race', 'abort', {}, second());
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
    await aborted(abort);

    expect(textOf(await games(ana, 'stats'))).toBe("**Ana's games on this server**\nRace (`/race`): 2 played · 2 won · 0 abandoned\n1 aborted game is not counted.");
    expect(textOf(await games(ana, 'stats', { player: bo, game: 'race' }))).toBe("**Bo's Race games on this server**\nRace (`/race`): 2 played · 0 won · 0 abandoned\n1 aborted game is not counted.");
    expect(textOf(await games(ana, 'stats', { player: cy }))).toMatch(/^Cy has no finished games on this server yet\./);

    const board = await games(cy, 'leaderboard', { game: 'race' });
    expect(board.ephemeral).toBe(true);
    const lines = textOf(board).split('\n');
    expect(lines[0]).toBe('**Leaderboard — Race**');
    expect(lines[1]).toMatch(/^1\. Ana — rating \d+\.\d · 2 games, 2 won$/);
    expect(lines[2]).toMatch(/^2\. Bo — rating -?\d+\.\d · 2 games, 0 won$/);
    expect(lines[3]).toMatch(/^-# /);
    expect(textOf(board)).not.toContain('Computer');
    expect(textOf(await games(cy, 'leaderboard')).split('\n').slice(1, 3)).toEqual(lines.slice(1, 3));
  });

  it('/games status shows a Manage Server member how the bot is doing, privately, with this server\'s games beside the process\'s; others are refused', async () => {
    // A lobby in another server: counted for the process, never shown as that server's.
    const elsewhere = h.double.createGuild('Elsewhere Club');
    const far = h.double.createChannel(elsewhere, 'far-games');
    h.double.addMember(elsewhere, cy);
    await h.command(cy, 'race', 'new', {}, far);
    await h.command(ana, 'race', 'new', {}, h.double.createChannel(h.guild, 'status-lobby'));

    const refused = await games(cy, 'status');
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only members with the Manage Server permission can see the bot’s status.');

    // The health log line's window is not reset by the view: its next line still counts these.
    await h.running.bot.health.snapshot();
    await games(ana, 'list');
    await games(bo, 'mine');
    const status = await games(boss, 'status');
    expect(status.ephemeral).toBe(true);
    const count = async (guildId: string | undefined, state: 'running' | 'lobby') => (await h.store.listGames({ guildId, status: [state] })).length;
    const [runningHere, lobbiesHere, running, lobbies] = [await count(h.guild.id, 'running'), await count(h.guild.id, 'lobby'), await count(undefined, 'running'), await count(undefined, 'lobby')];
    expect(lobbies).toBe(lobbiesHere + 1);
    const lines = textOf(status).split('\n');
    expect(lines[0]).toMatch(/^\*\*Bot status:\*\* (🟢 all is well|⚠️ .+)\.$/);
    expect(lines.slice(1, 6)).toEqual([
      '**Shards:** 1, run by this process.',
      `**Servers:** ${h.running.bot.client.guilds.cache.size} on this process.`,
      `**Games here:** ${runningHere} running game${runningHere === 1 ? '' : 's'}, ${lobbiesHere} open ${lobbiesHere === 1 ? 'lobby' : 'lobbies'}.`,
      `**Games on this process:** ${running} running game${running === 1 ? '' : 's'}, ${lobbies} open ${lobbies === 1 ? 'lobby' : 'lobbies'}.`,
      `**Timers** (turn limits, lobby closings, every shard): ${await h.store.prisma.timer.count()} waiting, none late.`,
    ]);
    expect(lines[6]).toMatch(/^\*\*Answers:\*\* \d+ commands and presses in the last minute: half answered within [\d.]+ m?s, 95% within [\d.]+ m?s, 99% within [\d.]+ m?s\.$/);
    expect(lines[7]).toMatch(/^\*\*Event-loop delay:\*\* new work waited at most [\d.]+ m?s to start \(99% of the time, since the last health check\)\.$/);
    expect(lines[8]).toMatch(/^\*\*Memory:\*\* \d+ MB in use by this process\.$/);
    expect(lines).toHaveLength(9);
    expect(textOf(status)).not.toContain(far.id);
    expect(textOf(status)).not.toContain('Elsewhere');
    // list and mine at least (the status itself may not be counted yet when its answer arrives); a reset would leave at most 1.
    expect((await h.running.bot.health.snapshot()).interactions).toBeGreaterThanOrEqual(2);
  });

  it('/games status names what needs a look: late timers, slow answers, a busy bot; and which shard the server is on', () => {
    const calm: HealthView = {
      shards: '0', shardCount: 1, guilds: 3, gamesRunning: 5, lobbies: 1, timersPending: 12, timersOverdue: 0, interactions: 0,
      p50Ms: null, p95Ms: null, p99Ms: null, loopP99Ms: 11.5, rssMb: 180, heapMb: 60, externalMb: 20, globalLimitWaits: 0, globalLimitMaxWaitMs: null,
      gamesRunningHere: 1, lobbiesHere: 0,
    };
    const quiet = healthText(calm, '1');
    expect(quiet.split('\n')[0]).toBe('**Bot status:** 🟢 all is well.');
    expect(quiet).toContain('**Games here:** 1 running game, 0 open lobbies.');
    expect(quiet).toContain('**Answers:** no commands or button presses in the last minute.');
    expect(quiet).toContain('**Event-loop delay:** new work waited at most 12 ms to start');
    const guildId = '1575145072427663367';
    const troubled = healthText({ ...calm, shards: '1', shardCount: 4, timersOverdue: 2, interactions: 1, p50Ms: 900, p95Ms: 2600, p99Ms: 4100, loopP99Ms: 350 }, guildId);
    const lines = troubled.split('\n');
    expect(lines[0]).toBe('**Bot status:** ⚠️ 2 timers are more than a minute late, answers are slow and the bot is very busy.');
    expect(lines[1]).toBe(`**Shards:** 4 in all; this process runs shard 1, and this server is on shard ${shardOf(guildId, 4)}.`);
    expect(troubled).toContain('**Timers** (turn limits, lobby closings, every shard): 12 waiting, 2 more than a minute late — a shard may be down or overloaded.');
    expect(troubled).toContain('**Answers:** 1 command or press in the last minute: half answered within 900 ms, 95% within 2.6 s, 99% within 4.1 s.');
    expect(troubled).not.toContain('**Posting:**');
    const held = healthText({ ...calm, globalLimitWaits: 3, globalLimitMaxWaitMs: 840 }, guildId).split('\n');
    expect(held[0]).toBe('**Bot status:** ⚠️ Discord is holding posts back.');
    expect(held.at(-1)).toBe('**Posting:** Discord held the bot’s posts back 3 times in the last minute (at most 840 ms): the bot is sending more than Discord lets it, so turns may show late. Answers to your commands and buttons are not held.');
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
