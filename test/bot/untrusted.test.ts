// Every field of an interaction is untrusted. Discord's own client only sends buttons that are
// on a message, from the channel the message is in, with the options the command registered;
// a forged payload can send anything. Each test forges one through the Discord double and
// checks that nothing changes and the presser is told why, privately.
import { ApplicationCommandOptionType, PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, Guild, PostedMessage, User } from '../discord-double/index.ts';
import { registerGame } from '../../src/games/registry.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User;
/** Owner of another server (every permission there), not a member of the harness's server. */
let mallory: User;
let elsewhere: Channel;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
  mallory = h.double.createUser('mallory', { globalName: 'Mallory' });
  const other: Guild = h.double.createGuild('Other Club', { owner: mallory });
  elsewhere = h.double.createChannel(other, 'elsewhere');
});
afterAll(async () => {
  await h?.stop();
});

const now = (m: PostedMessage): PostedMessage => h.double.log.get(m.id)!;

async function openLobby(channel: Channel): Promise<{ lobby: PostedMessage; id: number }> {
  const ack = await h.command(ana, 'race', 'new', {}, channel);
  expect(textOf(ack)).toMatch(/^Game #\d+ is open/);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  return { lobby, id: (await h.store.loadActiveGame(channel.id))!.record.id };
}

async function abort(channel: Channel): Promise<void> {
  const ask = await h.command(ana, 'race', 'abort', {}, channel);
  await (await h.double.clickButton(ana, ask, 'Abort the game')).acknowledged();
  await h.double.waitFor(() => (/is aborted/.test(textOf(h.double.log.get(ask.id))) ? true : undefined), 10_000, 'the abort');
}

describe('a button is checked against the server and channel it is pressed in', () => {
  it('a forged Join, Start or Abort from another server or channel changes nothing', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-a');
    const { lobby, id } = await openLobby(channel);
    const before = textOf(now(lobby));
    const bait = h.double.say(mallory, elsewhere, 'press me');

    for (const verb of ['join', 'start', 'abort']) {
      const press = await h.double.forgeComponent(mallory, elsewhere, `f:${verb}:${id}`, bait);
      const reply = await press.reply(10_000);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply)).toBe('That button does not belong to a game of this channel, so nothing was done.');
    }
    // Another channel of the same server: Bo is a member, but the game is not that channel's.
    const side = h.double.createChannel(h.guild, 'side');
    const sideJoin = await (await h.double.forgeComponent(bo, side, `f:join:${id}`, h.double.say(bo, side, 'hi'))).reply(10_000);
    expect(textOf(sideJoin)).toMatch(/does not belong to a game of this channel/);

    const game = await h.store.getGame(id);
    expect(game.record.status).toBe('lobby');
    expect(game.seats.map((s) => s.name)).toEqual(['Ana']);
    expect(textOf(now(lobby))).toBe(before);
    await abort(channel);
  });

  it('a forged choice button for another channel’s running game is refused', async () => {
    const channel = h.double.createChannel(h.guild, 'running-a');
    const { lobby, id } = await openLobby(channel);
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await h.command(ana, 'race', 'start', {}, channel);
    const version = (await h.store.getGame(id)).record.version;
    const reply = await (await h.double.forgeComponent(mallory, elsewhere, `f:pick:${id}:${version}:x`, h.double.say(mallory, elsewhere, 'hi'))).reply(10_000);
    expect(textOf(reply)).toMatch(/does not belong to a game of this channel/);
    expect((await h.store.getGame(id)).record.version).toBe(version);
    await abort(channel);
  });
});

describe('admin rights are the member’s effective permissions in the channel', () => {
  it('a moderator denied Manage Channels in this channel cannot abort; a member granted it here can', async () => {
    const channel = h.double.createChannel(h.guild, 'overwrites');
    const mods = h.double.createRole(h.guild, 'Moderators', PermissionFlagsBits.ManageChannels);
    const modUser = h.double.createUser('moddy', { globalName: 'Moddy' });
    h.double.addMember(h.guild, modUser, { roles: [mods] });
    h.double.setOverwrite(channel, mods, { deny: PermissionFlagsBits.ManageChannels });
    h.double.setOverwrite(channel, cy, { allow: PermissionFlagsBits.ManageChannels });
    const { id } = await openLobby(channel);

    const refused = await h.command(modUser, 'race', 'abort', {}, channel);
    expect(textOf(refused)).toBe('Only the host (Ana) or a member with the Manage Channels permission can abort the game.');
    const allowed = await h.command(cy, 'race', 'abort', {}, channel);
    expect(textOf(allowed)).toMatch(new RegExp(`^Abort game #${id} for everyone\\?`));
    await (await h.double.clickButton(cy, allowed, 'Abort the game')).acknowledged();
    await h.double.waitFor(() => (/is aborted/.test(textOf(now(allowed))) ? true : undefined), 10_000, 'the abort');
    expect((await h.store.getGame(id)).record.status).toBe('aborted');
  });
});

describe('buttons that edit a message edit only the presser’s own private one', () => {
  it('a forged Cancel on the lobby post and a forged Refresh on a turn post leave both posts as they were', async () => {
    const channel = h.double.createChannel(h.guild, 'public-posts');
    const { lobby, id } = await openLobby(channel);
    const lobbyBefore = { content: textOf(now(lobby)), edits: now(lobby).edits };
    const cancel = await (await h.double.forgeComponent(bo, channel, `f:cancel:${id}`, lobby)).reply(10_000);
    expect(cancel.ephemeral).toBe(true);
    expect(textOf(cancel)).toBe('Cancelled: nothing was changed.');
    expect({ content: textOf(now(lobby)), edits: now(lobby).edits }).toEqual(lobbyBefore);

    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await h.command(ana, 'race', 'start', {}, channel);
    const turnPost = await h.double.waitForMessage(channel, (m) => m.attachments.length > 0 && h.double.buttons(m).length > 0, 10_000);
    const postBefore = { content: textOf(now(turnPost)), edits: now(turnPost).edits, files: now(turnPost).attachments.length };
    const press = await h.double.forgeComponent(bo, channel, `f:handr:${id}`, turnPost);
    const hand = await press.reply(10_000);
    expect(hand.ephemeral).toBe(true);
    expect(hand.recipientId).toBe(bo.id);
    expect(textOf(hand)).toMatch(new RegExp(`^\\*\\*Your hand in game #${id}\\*\\*`));
    expect({ content: textOf(now(turnPost)), edits: now(turnPost).edits, files: now(turnPost).attachments.length }).toEqual(postBefore);
    await abort(channel);
  });
});

describe('option values are checked by the bot, whatever the payload says', () => {
  it('refuses every out-of-range or unknown value of /<game> new with what is allowed, and opens nothing', async () => {
    const channel = h.double.createChannel(h.guild, 'options');
    const cases: [Record<string, number>, string][] = [
      [{ goal: 0 }, 'The game was not opened: Finish line must be a whole number from 5 to 30.'],
      [{ goal: 31 }, 'The game was not opened: Finish line must be a whole number from 5 to 30.'],
      [{ computers: 100 }, 'The game was not opened: Computer players must be a whole number from 0 to 2.'],
      [{ computers: -1 }, 'The game was not opened: Computer players must be a whole number from 0 to 2.'],
      [{ 'turn-limit': -60 }, 'The game was not opened: The turn limit must be one of: 10 minutes, 1 hour, 6 hours, 12 hours, 24 hours, 48 hours, 72 hours, no limit.'],
      [{ 'turn-limit': 5 }, 'The game was not opened: The turn limit must be one of: 10 minutes, 1 hour, 6 hours, 12 hours, 24 hours, 48 hours, 72 hours, no limit.'],
    ];
    for (const [options, refusal] of cases) {
      const reply = await h.command(ana, 'race', 'new', options, channel);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply), JSON.stringify(options)).toBe(refusal);
    }
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();
    expect(h.double.messages(channel)).toEqual([]);
  });

  it('refuses an option of the wrong type or a missing one by name, not as the bot’s failure', async () => {
    const channel = h.double.createChannel(h.guild, 'types');
    const wrongType = await (await h.double.forgeCommand(ana, channel, 'race', 'new', [{ name: 'goal', type: ApplicationCommandOptionType.String, value: 'lots' }])).reply(10_000);
    expect(textOf(wrongType)).toBe("The option `goal` has the wrong kind of value (pick it from the command's list). Nothing was changed.");
    const { id } = await openLobby(channel);
    await (await h.double.clickButton(bo, (await h.double.waitForMessage(channel, (m) => textOf(m).includes('join in'))), 'Join')).reply(10_000);
    await h.command(ana, 'race', 'start', {}, channel);
    const version = (await h.store.getGame(id)).record.version;
    const missing = await (await h.double.forgeCommand(bo, channel, 'race', 'step', [])).reply(10_000);
    expect(textOf(missing)).toBe('The option `step` is missing. Nothing was changed.');
    expect((await h.store.getGame(id)).record.version).toBe(version);
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
    await abort(channel);
  });

  it('refuses a forged value in the lobby’s option menu and in the server settings, and saves nothing', async () => {
    const channel = h.double.createChannel(h.guild, 'menu');
    const { lobby, id } = await openLobby(channel);
    const menu = await (await h.double.forgeComponent(ana, channel, `f:opt:${id}:0:goal`, lobby, { values: ['0'] })).reply(10_000);
    expect(textOf(menu)).toBe('Not changed: Finish line must be a whole number from 5 to 30.');
    expect((await h.store.getGame(id)).record.options).not.toMatchObject({ goal: 0 });
    await abort(channel);

    const boss = h.double.createUser('boss', { globalName: 'Boss' });
    h.double.addMember(h.guild, boss, { roles: [h.double.createRole(h.guild, 'Owners', PermissionFlagsBits.ManageGuild)] });
    const goal = await h.command(boss, 'race', 'settings', { goal: 0 }, channel);
    expect(textOf(goal)).toBe('Nothing was saved: Finish line must be a whole number from 5 to 30.');
    const limit = await h.command(boss, 'race', 'settings', { 'turn-limit': -1 }, channel);
    expect(textOf(limit)).toMatch(/^Nothing was saved: The turn limit must be one of: 10 minutes/);
    const server = await h.command(boss, 'games', 'settings', { 'turn-limit': 7 }, channel);
    expect(textOf(server)).toMatch(/^Nothing was saved: The turn limit must be one of: 10 minutes/);
    expect(await h.store.getGameDefaults(h.guild.id, 'race')).toMatchObject({ options: {}, turnLimitSeconds: null });
    expect((await h.store.getSettings(h.guild.id)).defaultTurnLimitSeconds).toBeNull();
  });
});

it('answered every interaction privately and broke no Discord rule', () => {
  for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
  h.double.expectNoViolations();
});
