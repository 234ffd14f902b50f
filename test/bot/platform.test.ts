// What the platform does for every game, end to end through the Discord double: options checked
// by the game's schema, `/games list` and `/games settings` across the server, two games side by
// side, a stale write answered with where the game stands, timers armed before seats had their
// own still firing.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import { StaleVersionError } from '../../src/store/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { crowdRace } from '../games/race/helpers.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  registerGame(race);
  registerGame(crowdRace);
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

async function lobbyIn(channel: Channel, game: string, options: Record<string, string | number | boolean> = {}): Promise<PostedMessage> {
  const ack = await h.command(ana, game, 'new', options, channel);
  expect(textOf(ack)).toMatch(/^Game #\d+ is open/);
  return h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
}

async function abortHere(game: string, channel: Channel): Promise<void> {
  const ask = await h.command(ana, game, 'abort', {}, channel);
  await (await h.double.clickButton(ana, ask, 'Abort the game')).acknowledged();
  await h.double.waitFor(() => (/is aborted/.test(textOf(h.double.log.get(ask.id))) ? true : undefined), 10_000, 'the abort');
}

describe('the platform, for every game', () => {
  it('refuses a forged out-of-range option with the allowed range, and opens nothing', async () => {
    const channel = h.double.createChannel(h.guild, 'forged');
    const refused = await h.command(ana, 'race', 'new', { goal: 0 }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('The game was not opened: Finish line must be a whole number from 5 to 30.');
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();
    expect(h.double.messages(channel)).toEqual([]);
  });

  it('runs two games side by side; each command answers only for its own game', async () => {
    const crowdRoom = h.double.createChannel(h.guild, 'crowd-room');
    const raceRoom = h.double.createChannel(h.guild, 'race-room');
    await lobbyIn(crowdRoom, 'crowdrace');
    const raceLobby = await lobbyIn(raceRoom, 'race');
    await (await h.double.clickButton(bo, raceLobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(ana, raceLobby, 'Start')).reply(10_000);

    const wrong = await h.command(ana, 'crowdrace', 'status', {}, raceRoom);
    expect(textOf(wrong)).toMatch(/^This channel's game \(#\d+\) is Race: use `\/race` for it\.$/);
    const choices = await h.double.autocomplete(ana, raceRoom, 'crowdrace', 'step', '', { subcommand: 'step' });
    expect(choices.map((c) => c.name)).toEqual(["This channel's game is Race: use /race."]);

    const list = await h.command(bo, 'games', 'list', {}, raceRoom);
    expect(list.ephemeral).toBe(true);
    expect(textOf(list)).toMatch(/^\*\*Games on this server\*\* \(\d+\)/);
    // Each game named with its command (three of the bot's games have "fence" in their name).
    expect(textOf(list)).toMatch(new RegExp(`Crowd Race \\(\`/crowdrace\`\\) in <#${crowdRoom.id}>: lobby, 1/8 seats`));
    expect(textOf(list)).toMatch(new RegExp(`Race \\(\`/race\`\\) in <#${raceRoom.id}>: round 1, race to 10, waiting for Ana since <t:\\d+:R> and Bo since <t:\\d+:R>`));
    await abortHere('crowdrace', crowdRoom);
    await abortHere('race', raceRoom);
  });

  it('/games settings needs Manage Server and sets every game’s defaults; a game’s own settings win', async () => {
    const guild = h.double.createGuild('Games Club');
    const channel = h.double.createChannel(guild, 'play');
    const boss = h.double.createUser('boss2', { globalName: 'Boss' });
    h.double.addMember(guild, boss, { roles: [h.double.createRole(guild, 'Admins', PermissionFlagsBits.ManageGuild)] });
    h.double.addMember(guild, ana);
    const refused = await h.command(ana, 'games', 'settings', { 'turn-limit': 3600 }, channel);
    expect(textOf(refused)).toBe('Only members with the Manage Server permission can change this server’s game settings.');
    const saved = await h.command(boss, 'games', 'settings', { 'turn-limit': 3600, computers: false }, channel);
    expect(textOf(saved)).toMatch(/^Saved\. Defaults for every game on this server: 1 hour per turn · computer players not allowed · lobbies close after 7 days without a start\./);

    const raceLobby = await lobbyIn(channel, 'race');
    expect(textOf(raceLobby)).toContain('Options: 1 hour per turn · race to 10');
    const addbot = await h.command(ana, 'race', 'addbot', {}, channel);
    expect(textOf(addbot)).toBe('Computer players are switched off on this server (`/games settings`).');
    await abortHere('race', channel);

    // The game's own defaults override the server's for that game only.
    const own = await h.command(boss, 'race', 'settings', { 'turn-limit': 600, goal: 20, computers: true }, channel);
    expect(textOf(own)).toMatch(/^Saved\. Defaults for new games on this server: 10 minutes per turn · race to 20 · computer players allowed\./);
    const again = await lobbyIn(channel, 'race');
    expect(textOf(again)).toContain('Options: 10 minutes per turn · race to 20');
    expect(textOf(await h.command(ana, 'race', 'addbot', {}, channel))).toMatch(/^Computer 1 takes a seat/);
    await abortHere('race', channel);
    const otherLobby = await lobbyIn(channel, 'crowdrace');
    expect(textOf(otherLobby)).toContain('Options: 1 hour per turn · race to 10');
    await abortHere('crowdrace', channel);
  });

  it('answers a write that lost a race with where the game stands, and changes nothing', async () => {
    const channel = h.double.createChannel(h.guild, 'stale');
    const lobby = await lobbyIn(channel, 'race');
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
    const game = (await h.store.loadActiveGame(channel.id))!;
    const store = h.store;
    const real = store.saveAction.bind(store);
    // Another process wrote first: the store's compare-and-set refuses this write.
    store.saveAction = async (id) => {
      store.saveAction = real;
      throw new StaleVersionError(id, game.record.version, game.record.version + 1);
    };
    const reply = await h.command(ana, 'race', 'step', { step: 'step2' }, channel);
    expect(reply.ephemeral).toBe(true);
    expect(textOf(reply)).toMatch(/^The game moved on while your request was handled, so nothing was changed\. Here is where it stands now:\n\*\*Game #\d+\*\* — round 1, race to 10/);
    expect(textOf(reply)).toMatch(/Waiting for: Ana since <t:\d+:R>, pick your step/);
    expect((await h.store.getGame(game.record.id)).record.version).toBe(game.record.version);
    await h.double.waitFor(() => (h.logs.some((l) => l.includes('"outcome":"refused:STALE"')) ? true : undefined), 5000, 'the log line of the stale request');
    await abortHere('race', channel);
  });

  it('still fires a turn timer armed before timers had a seat of their own (its payload names the seat)', async () => {
    const channel = h.double.createChannel(h.guild, 'legacy-timer');
    const lobby = await lobbyIn(channel, 'race', { 'turn-limit': 600 });
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
    const game = (await h.store.loadActiveGame(channel.id))!;
    for (const t of await h.store.listTimers(game.record.id)) await h.store.cancelTimer(game.record.id, t.kind, t.seat);
    await h.store.armTimer(game.record.id, 'timeout', new Date(Date.now() + h.nowOffset - 1000), { version: game.record.version, seat: 1 });
    const before = h.double.messages(channel).length;
    await h.running.bot.tickTimers();
    expect(h.double.messages(channel).slice(before).map((m) => textOf(m)).join('\n')).toContain('Bo ran out of time and steps 1.');
    await abortHere('race', channel);
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
