// The commands and buttons every game has that the full-game tests do not reach, on the race,
// each driven through the local Discord double with the real discord.js client: what the user
// sees when it works (ephemeral where private, a new public post where the game changes) and
// the refusal, naming who may do it, when it is not theirs to do. FENCE!'s own commands:
// test/fence/commands-bot.test.ts.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import type { Channel, Guild, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User, dee: User;
/** Not in any game, but holds Manage Channels in the harness's guild. */
let mod: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy, dee } = h.users as Record<'ana' | 'bo' | 'cy' | 'dee', User>);
  const mods = h.double.createRole(h.guild, 'Mods', PermissionFlagsBits.ManageChannels);
  mod = h.double.createUser('mod', { globalName: 'Mod' });
  h.double.addMember(h.guild, mod, { roles: [mods] });
});
afterAll(async () => {
  await h?.stop();
});

/** The lobby message as it is now (it is edited in place as seats change). */
const current = (m: PostedMessage): PostedMessage => h.double.log.get(m.id)!;

async function openLobby(channel: Channel, options: Record<string, string | number | boolean> = {}, host: User = ana): Promise<PostedMessage> {
  const ack = await h.command(host, 'race', 'new', options, channel);
  expect(ack.ephemeral).toBe(true);
  expect(textOf(ack), textOf(ack)).toMatch(/^Game #\d+ is open/);
  return h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
}

/** Ana hosts, the given users join, Ana starts; resolves once every start post is out. */
async function runningGame(channel: Channel, joiners: User[], options: Record<string, string | number | boolean> = {}): Promise<number> {
  const lobby = await openLobby(channel, options);
  for (const u of joiners) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  const started = await h.command(ana, 'race', 'start', {}, channel);
  expect(textOf(started)).toMatch(/has started/);
  return (await h.game(channel)).record.id;
}

async function waitForEdit(m: PostedMessage, pattern: RegExp, what: string): Promise<PostedMessage> {
  return h.double.waitFor(() => {
    const now = h.double.log.get(m.id);
    return now && pattern.test(textOf(now)) ? now : undefined;
  }, 10_000, what);
}

function postsSince(channel: Channel, before: number): PostedMessage[] {
  return h.double.messages(channel).slice(before);
}

describe('the lobby', () => {
  it('Leave frees a seat; the host and strangers are told why they cannot', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-leave');
    const lobby = await openLobby(channel);
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/3\): 1\. Ana — host · 2\. Bo/);

    await (await h.double.clickButton(bo, lobby, 'Leave')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/Seats \(1\/3\): 1\. Ana — host\n/);
    expect(textOf(current(lobby))).not.toContain('Bo');
    expect(current(lobby).edits).toBeGreaterThanOrEqual(2);

    const stranger = await (await h.double.clickButton(cy, lobby, 'Leave')).reply();
    expect(stranger.ephemeral).toBe(true);
    expect(stranger.recipientId).toBe(cy.id);
    expect(textOf(stranger)).toMatch(/^You have no seat in game #\d+ to leave\.$/);

    const host = await (await h.double.clickButton(ana, lobby, 'Leave')).reply();
    expect(host.ephemeral).toBe(true);
    expect(textOf(host)).toBe('You are the host: to call the game off, use `/race abort`.');
    expect(textOf(current(lobby))).toMatch(/1\. Ana — host/);
    // Nothing public was posted for any of it: the lobby is edited in place.
    expect(h.double.messages(channel)).toHaveLength(1);
  });

  it('/race addbot seats a computer for the host or Manage Channels, and is refused to others and once the game runs', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-addbot');
    const lobby = await openLobby(channel);
    const refused = await h.command(bo, 'race', 'addbot', {}, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only the host (Ana) or a member with the Manage Channels permission can add computer players.');
    expect(textOf(current(lobby))).not.toContain('Computer');

    const added = await h.command(ana, 'race', 'addbot', {}, channel);
    expect(added.ephemeral).toBe(true);
    expect(textOf(added)).toMatch(/^Computer 1 takes a seat in game #\d+\.$/);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/3\): 1\. Ana — host · 2\. Computer 1 \(computer\)/);
    const byMod = await h.command(mod, 'race', 'addbot', {}, channel);
    expect(textOf(byMod)).toMatch(/^Computer 2 takes a seat/);
    expect(textOf(current(lobby))).toMatch(/3\. Computer 2 \(computer\)/);

    await h.command(ana, 'race', 'start', {}, channel);
    const late = await h.command(ana, 'race', 'addbot', {}, channel);
    expect(late.ephemeral).toBe(true);
    expect(textOf(late)).toBe('Computer players can only join before the game starts.');
    expect((await h.gameOf(race, channel)).state.seats).toHaveLength(3);
  });

  it('/race kick in the lobby: the host or Manage Channels frees a seat; others, the host\'s own seat and strangers are refused', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-kick');
    const lobby = await openLobby(channel);
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);

    const notAdmin = await h.command(cy, 'race', 'kick', { player: bo }, channel);
    expect(notAdmin.ephemeral).toBe(true);
    expect(textOf(notAdmin)).toBe('Only the host (Ana) or a member with the Manage Channels permission can remove players.');
    expect(textOf(current(lobby))).toContain('2. Bo');

    const kicked = await h.command(ana, 'race', 'kick', { player: bo }, channel);
    expect(kicked.ephemeral).toBe(true);
    expect(textOf(kicked)).toMatch(/^Bo no longer has a seat in game #\d+\.$/);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/3\): 1\. Ana — host · 2\. Cy\n/);

    const byMod = await h.command(mod, 'race', 'kick', { player: cy }, channel);
    expect(textOf(byMod)).toMatch(/^Cy no longer has a seat/);
    expect(textOf(current(lobby))).toMatch(/Seats \(1\/3\): 1\. Ana — host\n/);

    const host = await h.command(mod, 'race', 'kick', { player: ana }, channel);
    expect(textOf(host)).toBe('The host cannot be removed from the lobby; abort the game instead.');
    const stranger = await h.command(ana, 'race', 'kick', { player: dee }, channel);
    expect(textOf(stranger)).toMatch(/^Dee is not playing in game #\d+\.$/);
    // A kicked player can take a seat again.
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/2\. Bo/);
  });
});

describe('information', () => {
  it('/race map and /race history answer privately, and say why when there is no running game', async () => {
    const channel = h.double.createChannel(h.guild, 'info');
    const none = await h.command(dee, 'race', 'map', {}, channel);
    expect(none.ephemeral).toBe(true);
    expect(textOf(none)).toBe('There is no Race game in this channel. Start one with `/race new`.');

    const lobby = await openLobby(channel);
    const early = await h.command(dee, 'race', 'history', {}, channel);
    expect(early.ephemeral).toBe(true);
    expect(textOf(early)).toMatch(/^Game #\d+ has not started yet: join it in the lobby/);

    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await h.command(ana, 'race', 'start', {}, channel);
    const id = (await h.game(channel)).record.id;
    await h.playTurn(race, channel);
    await h.playTurn(race, channel);
    const before = h.double.messages(channel).length;

    // Someone who is not playing may look: information is for anyone.
    const map = await h.command(dee, 'race', 'map', {}, channel);
    expect(map.ephemeral).toBe(true);
    expect(map.recipientId).toBe(dee.id);
    expect(textOf(map)).toBe(`The map of game #${id}.`);
    expect(map.attachments.map((a) => a.filename)).toEqual(['track.png']);
    expect(map.attachments[0]?.description?.length).toBeGreaterThan(20);

    const history = await h.command(dee, 'race', 'history', {}, channel);
    expect(history.ephemeral).toBe(true);
    expect(textOf(history)).toMatch(new RegExp(`^\\*\\*Recent actions in game #${id}\\*\\*\\n• `));
    // The latest round's public line is among the recent actions, in the same words.
    const lastMove = textOf(h.latestPost(channel)).split('\n').find((l) => /^Round \d+: /.test(l));
    expect(lastMove).toBeDefined();
    expect(textOf(history)).toContain(`• ${lastMove}`);
    // Looking changes nothing in public.
    expect(h.double.messages(channel).length).toBe(before);
  });
});

describe('leaving a running game', () => {
  it('/race resign asks to confirm; Cancel changes nothing; Resign posts the removal, the game goes on, and the last one in runs on to win', async () => {
    const channel = h.double.createChannel(h.guild, 'resign');
    const id = await runningGame(channel, [bo, cy]);

    const stranger = await h.command(dee, 'race', 'resign', {}, channel);
    expect(stranger.ephemeral).toBe(true);
    expect(textOf(stranger)).toBe(`You are not playing in game #${id} (players: Ana, Bo, Cy). Wait for it to end, or start your own in another channel or thread.`);

    // Cancel: the prompt says so and loses its buttons; Bo still plays.
    const ask = await h.command(bo, 'race', 'resign', {}, channel);
    expect(ask.ephemeral).toBe(true);
    expect(textOf(ask)).toBe(`Resign from game #${id}? You leave the race. This cannot be undone.`);
    expect(h.double.buttons(ask).map((b) => ('label' in b ? b.label : ''))).toEqual(['Resign', 'Cancel']);
    const before = h.double.messages(channel).length;
    await (await h.double.clickButton(bo, ask, 'Cancel')).acknowledged();
    const cancelled = await waitForEdit(ask, /^Cancelled/, 'the cancelled prompt');
    expect(textOf(cancelled)).toBe('Cancelled: nothing was changed.');
    expect(cancelled.components).toEqual([]);
    expect(h.double.messages(channel).length).toBe(before);
    expect((await h.gameOf(race, channel)).state.out).toEqual([false, false, false]);

    // Resign for real: a new public post names the removal; the game goes on with two.
    const again = await h.command(bo, 'race', 'resign', {}, channel);
    await (await h.double.clickButton(bo, again, 'Resign')).acknowledged();
    const done = await waitForEdit(again, /resigned/, 'the resignation');
    expect(done.ephemeral).toBe(true);
    expect(textOf(done)).toBe(`You resigned from game #${id}.`);
    expect(done.components).toEqual([]);
    const posts = postsSince(channel, before);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]!.ephemeral).toBe(false);
    expect(textOf(posts[0]!)).toContain('Bo leaves the race.');
    const game = await h.gameOf(race, channel);
    expect(game.state.out).toEqual([false, true, false]);
    const next = race.activeSeats(game.state);
    expect(next).toEqual([0, 2]);
    for (const seat of next) expect(textOf(h.latestPost(channel))).toContain(`<@${h.userOf(game, seat).id}>`);
    const gone = await h.command(bo, 'race', 'step', { step: 'step1' }, channel);
    expect(textOf(gone)).toMatch(new RegExp(`^You have left game #${id} \\(resigned\\)`));
    const twice = await h.command(bo, 'race', 'resign', {}, channel);
    expect(textOf(twice)).toMatch(/^You have left game/);

    // Cy resigns too: Ana is the last one in, and runs on alone to the finish.
    const third = await h.command(cy, 'race', 'resign', {}, channel);
    const end = h.double.messages(channel).length;
    await (await h.double.clickButton(cy, third, 'Resign')).acknowledged();
    await waitForEdit(third, /resigned/, 'the second resignation');
    const last = postsSince(channel, end);
    const text = last.map((m) => textOf(m)).join('\n');
    expect(text).toContain('Cy leaves the race.');
    expect(race.activeSeats((await h.gameOf(race, channel)).state)).toEqual([0]);
    while (await h.store.loadActiveGame(channel.id)) await h.playTurn(race, channel);
    expect(textOf(h.latestPost(channel))).toContain('Ana wins the race!');
    expect(textOf(h.latestPost(channel))).toMatch(new RegExp(`Game #${id} is over`));
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();
    // The outcome is stored: Ana (seat 0) won.
    const stored = await h.store.getGame(id);
    expect(stored.record.status).toBe('finished');
    expect(race.outcome(stored.state as Parameters<typeof race.outcome>[0])).toMatchObject({ status: 'finished', winners: [0] });
  });

  it('Cancel on an abort prompt leaves the game running', async () => {
    const channel = h.double.createChannel(h.guild, 'abort-cancel');
    const lobby = await openLobby(channel);
    const ask = await h.command(ana, 'race', 'abort', {}, channel);
    expect(ask.ephemeral).toBe(true);
    await (await h.double.clickButton(ana, ask, 'Cancel')).acknowledged();
    expect(textOf(await waitForEdit(ask, /^Cancelled/, 'the cancelled abort'))).toBe('Cancelled: nothing was changed.');
    expect((await h.store.loadActiveGame(channel.id))?.record.status).toBe('lobby');
    expect(current(lobby).components).not.toEqual([]);
  });

  it('/race kick in a running game (H4): refused to others; the host or Manage Channels removes a player in public, and the game goes on', async () => {
    const channel = h.double.createChannel(h.guild, 'kick-running');
    const id = await runningGame(channel, [bo, cy]);

    const notAdmin = await h.command(cy, 'race', 'kick', { player: bo }, channel);
    expect(notAdmin.ephemeral).toBe(true);
    expect(textOf(notAdmin)).toBe('Only the host (Ana) or a member with the Manage Channels permission can remove players.');
    expect((await h.gameOf(race, channel)).state.out).toEqual([false, false, false]);
    const stranger = await h.command(mod, 'race', 'kick', { player: dee }, channel);
    expect(textOf(stranger)).toBe(`Dee is not playing in game #${id}.`);

    const before = h.double.messages(channel).length;
    const kicked = await h.command(mod, 'race', 'kick', { player: bo }, channel);
    expect(kicked.ephemeral).toBe(true);
    expect(textOf(kicked)).toBe(`Bo was removed from game #${id}.`);
    const posts = postsSince(channel, before);
    expect(posts[0]!.ephemeral).toBe(false);
    expect(textOf(posts[0]!)).toMatch(/^Mod removed Bo from the game\.\nBo leaves the race\./);
    expect(posts[0]!.attachments[0]?.filename).toBe('track.png');
    const game = await h.gameOf(race, channel);
    expect(game.state.out).toEqual([false, true, false]);
    expect(game.seats.find((s) => s.userId === bo.id)?.leftReason).toBe('kicked');
    for (const seat of race.activeSeats(game.state)) expect(textOf(h.latestPost(channel))).toContain(`<@${h.userOf(game, seat).id}>`);
    const again = await h.command(ana, 'race', 'kick', { player: bo }, channel);
    expect(textOf(again)).toBe(`Bo is not playing in game #${id}.`);

    // The host removes the last other player: Ana runs on alone, to the finish.
    const end = h.double.messages(channel).length;
    const last = await h.command(ana, 'race', 'kick', { player: cy }, channel);
    expect(textOf(last)).toBe(`Cy was removed from game #${id}.`);
    const text = postsSince(channel, end).map((m) => textOf(m)).join('\n');
    expect(text).toContain('Ana removed Cy from the game.\nCy leaves the race.');
    expect(race.activeSeats((await h.gameOf(race, channel)).state)).toEqual([0]);
    while (await h.store.loadActiveGame(channel.id)) await h.playTurn(race, channel);
    const finish = textOf(h.latestPost(channel));
    expect(finish).toContain('Ana wins the race!');
    expect(finish).toContain(`Game #${id} is over`);
  });
});

describe('server settings', () => {
  let guild: Guild;
  let boss: User;
  let channel: Channel;

  beforeAll(() => {
    // A guild of its own, so its defaults cannot leak into the other tests.
    guild = h.double.createGuild('Settings Club');
    channel = h.double.createChannel(guild, 'games');
    const managers = h.double.createRole(guild, 'Managers', PermissionFlagsBits.ManageGuild);
    boss = h.double.createUser('boss', { globalName: 'Boss' });
    h.double.addMember(guild, boss, { roles: [managers] });
    h.double.addMember(guild, ana);
    h.double.addMember(guild, mod);
  });

  it('/race settings needs Manage Server; saved defaults apply to the next /race new', async () => {
    const refused = await h.command(ana, 'race', 'settings', { goal: 20 }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only members with the Manage Server permission can change the server’s Race defaults.');
    // Manage Channels is not enough.
    const channels = await h.command(mod, 'race', 'settings', {}, channel);
    expect(textOf(channels)).toMatch(/^Only members with the Manage Server permission/);

    const shown = await h.command(boss, 'race', 'settings', {}, channel);
    expect(shown.ephemeral).toBe(true);
    expect(textOf(shown)).toMatch(/^Defaults for new games on this server: 24 hours per turn · race to 10 · computer players allowed\./);

    const saved = await h.command(boss, 'race', 'settings', { 'turn-limit': 3600, goal: 20 }, channel);
    expect(saved.ephemeral).toBe(true);
    expect(textOf(saved)).toMatch(/^Saved\. Defaults for new games on this server: 1 hour per turn · race to 20 · computer players allowed\./);

    const lobby = await openLobby(channel);
    expect(textOf(lobby)).toContain('Options: 1 hour per turn · race to 20');
    const abort = await h.command(ana, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
    await waitForEdit(abort, /is aborted/, 'the abort');
    // An option given to /race new still wins over the default.
    const own = await openLobby(channel, { goal: 5 });
    expect(textOf(own)).toContain('1 hour per turn · race to 5');

    const off = await h.command(boss, 'race', 'settings', { computers: false }, channel);
    expect(textOf(off)).toMatch(/1 hour per turn · race to 20 · computer players not allowed/);
    const addbot = await h.command(ana, 'race', 'addbot', {}, channel);
    expect(addbot.ephemeral).toBe(true);
    expect(textOf(addbot)).toBe('Computer players are switched off on this server (`/race settings`).');
    expect(textOf(current(own))).not.toContain('Computer');
    // The harness's own server keeps its defaults.
    const elsewhere = await openLobby(h.double.createChannel(h.guild, 'defaults'));
    expect(textOf(elsewhere)).toContain('24 hours per turn · race to 10');
  });
});

describe('afterwards', () => {
  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
