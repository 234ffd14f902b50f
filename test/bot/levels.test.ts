// Computer players' levels (issue 30), through Discord: each computer seat of a lobby shows its
// level on a button the host taps to change it (easy → normal → strong → easy); the level is
// stored with the seat, outlives a restart, goes to the rematch, is shown by the status, and the
// computer plays with that level's bot. Every part of a level button is untrusted.
// Played with Game of Fences (two seats: Ana and one computer, which moves first with SEED)
// and the test game Race, which has one kind of computer player and so no levels.
import { ApplicationCommandOptionType } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kimbo as kimboGame } from '../../src/games/kimbo/index.ts';
import { registerGame } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import { replay } from '../../src/runtime/replay.ts';
import type { Channel, Guild, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

/** A seed with which the computer (seat 1) moves first and the strong and normal players soon part ways. */
const SEED = 'test-seed-1';
const kimbo: AnyGame = kimboGame;

let h: Harness;
let ana: User, bo: User;
/** Owner of another server, not a member of the harness's server. */
let mallory: User;
let elsewhere: Channel;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  h.seedFor = () => SEED;
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
  mallory = h.double.createUser('mallory', { globalName: 'Mallory' });
  const other: Guild = h.double.createGuild('Other Club', { owner: mallory });
  elsewhere = h.double.createChannel(other, 'elsewhere');
});
afterAll(async () => {
  await h?.stop();
});

const now = (m: PostedMessage): PostedMessage => h.double.log.get(m.id)!;
const labels = (m: PostedMessage): string[] => h.double.buttons(now(m)).map((b) => ('label' in b ? b.label ?? '' : ''));
/** The level stored for each seat (null: none chosen, or a person). */
const storedLevels = async (id: number): Promise<(string | null)[]> => (await h.store.getGame(id)).seats.map((s) => s.bot);

/** Ana opens a lobby of `game` in a new channel with `computers` computer players. */
async function openLobby(name: string, game = 'kimbo', computers = 1): Promise<{ channel: Channel; lobby: PostedMessage; id: number }> {
  const channel = h.double.createChannel(h.guild, name);
  expect(textOf(await h.command(ana, game, 'new', { computers }, channel))).toMatch(/^Game #\d+ is open/);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  return { channel, lobby, id: (await h.store.loadActiveGame(channel.id))!.record.id };
}

/** `user` taps the lobby button labelled `label`; resolves with the private answer, once the lobby shows `shows`. */
async function tap(user: User, lobby: PostedMessage, label: string, shows?: string): Promise<PostedMessage> {
  const answer = await (await h.double.clickButton(user, now(lobby), label)).reply(10_000);
  if (shows) await h.double.waitFor(() => (textOf(now(lobby)).includes(shows) ? true : undefined), 10_000, shows);
  return answer;
}

describe('a computer player’s level in the lobby', () => {
  it('the host sets it to strong in one tap; it outlives a restart, the status shows it, and the strong player plays the seat', async () => {
    const { channel, lobby, id } = await openLobby('levels');
    expect(textOf(now(lobby))).toContain('Seats (2/4): 1. Ana — host · 2. Computer 1 (normal)');
    expect(textOf(now(lobby))).toContain('The host taps a computer player’s button to change how well it plays (easy, normal or strong).');
    expect(labels(lobby)).toContain('Computer 1: Normal');
    expect(await storedLevels(id)).toEqual([null, null]);

    // Bo is no host: refused, nothing stored.
    const refused = await tap(bo, lobby, 'Computer 1: Normal');
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only the host (Ana) or a member with the Manage Channels permission can change a computer player’s level.');
    expect(await storedLevels(id)).toEqual([null, null]);

    const set = await tap(ana, lobby, 'Computer 1: Normal', 'Computer 1 (strong)');
    expect(set.ephemeral).toBe(true);
    expect(textOf(set)).toBe(`Computer 1 now plays at the strong level in game #${id}.`);
    expect(labels(lobby)).toContain('Computer 1: Strong');
    expect(await storedLevels(id)).toEqual([null, 'strong']);

    await h.running.stop();
    await h.startBot();
    expect(await storedLevels(id)).toEqual([null, 'strong']);
    expect(textOf(await h.command(ana, 'kimbo', 'status', {}, channel))).toContain('2. Computer 1 (strong)');
    // The lobby's buttons from before the restart still work, and go round: strong → easy → normal → strong.
    await tap(ana, lobby, 'Computer 1: Strong', 'Computer 1 (easy)');
    expect(await storedLevels(id)).toEqual([null, 'easy']);
    await tap(ana, lobby, 'Computer 1: Easy', 'Computer 1 (normal)');
    await tap(ana, lobby, 'Computer 1: Normal', 'Computer 1 (strong)');
    expect(await storedLevels(id)).toEqual([null, 'strong']);

    const started = await h.command(ana, 'kimbo', 'start', {}, channel);
    expect(textOf(started)).toBe(`Game #${id} has started.`);
    expect(textOf(h.double.messages(channel).find((m) => textOf(m).includes('begins!')))).toContain('Seat order: 1. Ana, 2. Computer 1 (strong).');
    // Every move the computer made is the strong player's, and at least one is not what the normal player would have made.
    const { inEffect } = await replay(h.store, id);
    const computerMoves = inEffect.filter((e) => e.actor === 1);
    expect(computerMoves.length).toBeGreaterThan(0);
    for (const m of computerMoves) expect(kimbo.encode(m.action)).toBe(kimbo.encode(kimbo.bots.strong!(m.before, 1)));
    expect(computerMoves.some((m) => kimbo.encode(m.action) !== kimbo.encode(kimbo.bots.normal!(m.before, 1)))).toBe(true);
    expect(textOf(await h.command(bo, 'kimbo', 'status', {}, channel))).toContain('Computer players: Computer 1 (strong).');
    // Once the game runs, its lobby offers no buttons, and a level button pressed late is refused.
    expect(labels(lobby)).toEqual([]);
    const late = await (await h.double.forgeComponent(ana, channel, `f:level:${id}:1:easy`, now(lobby))).reply(10_000);
    expect(textOf(late)).toBe(`Game #${id} has already started; you can follow it with \`/kimbo status\`.`);
    expect(await storedLevels(id)).toEqual([null, 'strong']);

    // Ana resigns; the computer wins; the rematch seats it again at the same level.
    const ask = await h.command(ana, 'kimbo', 'resign', {}, channel);
    await (await h.double.clickButton(ana, ask, 'Resign')).acknowledged();
    const end = await h.double.waitForMessage(channel, (m) => h.double.buttons(m).some((b) => 'label' in b && b.label === 'Rematch'));
    expect((await h.store.getGame(id)).record.status).toBe('finished');
    const rematch = await (await h.double.clickButton(ana, end, 'Rematch')).reply(10_000);
    expect(textOf(rematch)).toMatch(/^Game #\d+ is open, with the options of game #\d+/);
    const next = await h.double.waitForMessage(channel, (m) => textOf(m).includes(`Rematch of game #${id}`));
    expect(textOf(next)).toContain('2. Computer 1 (strong)');
    expect(labels(next)).toContain('Computer 1: Strong');
    const again = (await h.store.loadActiveGame(channel.id))!;
    expect(again.record.id).not.toBe(id);
    expect(again.seats.map((s) => [s.name, s.bot])).toEqual([['Ana', null], ['Computer 1', 'strong']]);
  }, 120_000);

  it('/kimbo addbot seats a computer at the level asked for, and refuses a level the game does not have', async () => {
    const { channel, lobby, id } = await openLobby('levels-addbot', 'kimbo', 0);
    const added = await h.command(ana, 'kimbo', 'addbot', { level: 'easy' }, channel);
    expect(textOf(added)).toBe(`Computer 1 (easy) takes a seat in game #${id}. Its button on the lobby changes its level.`);
    await h.double.waitFor(() => (labels(lobby).includes('Computer 1: Easy') ? true : undefined), 10_000, 'the level button');
    expect(await storedLevels(id)).toEqual([null, 'easy']);
    // Discord offers only the levels; a forged option is read against them.
    const forged = await (await h.double.forgeCommand(ana, channel, 'kimbo', 'addbot', [{ name: 'level', type: ApplicationCommandOptionType.String, value: 'random' }])).reply(10_000);
    expect(textOf(forged)).toBe('No computer player was seated: its level must be easy, normal or strong.');
    expect(await storedLevels(id)).toEqual([null, 'easy']);
  }, 60_000);
});

describe('a level button is untrusted', () => {
  it('one for another server’s or channel’s game, a person’s seat, a seat nobody has, or a level the game does not have changes nothing', async () => {
    const { channel, lobby, id } = await openLobby('levels-forged');
    const before = textOf(now(lobby));
    const press = async (user: User, where: Channel, customId: string, on: PostedMessage): Promise<string> => {
      const reply = await (await h.double.forgeComponent(user, where, customId, on)).reply(10_000);
      expect(reply.ephemeral).toBe(true);
      return textOf(reply);
    };
    const notHere = 'That button does not belong to a game of this channel, so nothing was done.';
    expect(await press(mallory, elsewhere, `f:level:${id}:1:strong`, h.double.say(mallory, elsewhere, 'press me'))).toBe(notHere);
    const side = h.double.createChannel(h.guild, 'levels-side');
    expect(await press(ana, side, `f:level:${id}:1:strong`, h.double.say(ana, side, 'hi'))).toBe(notHere);
    expect(await press(ana, channel, `f:level:${id}:0:strong`, lobby)).toBe('Ana is a person, not a computer player: only a computer player’s level can be changed. Nothing was changed.');
    expect(await press(ana, channel, `f:level:${id}:3:strong`, lobby)).toBe(`That computer player is no longer in game #${id}: the lobby shows who is. Nothing was changed.`);
    expect(await press(ana, channel, `f:level:${id}:1`, lobby)).toBe('That button asks for a level Game of Fences does not have: a computer player plays at easy, normal or strong. Nothing was changed.');
    // A computer player the game has, but not one of the levels.
    for (const level of ['grandmaster', 'random', 'simple', 'constructor']) {
      expect(await press(ana, channel, `f:level:${id}:1:${level}`, lobby)).toMatch(/^That button asks for a level Game of Fences does not have/);
    }
    expect(await storedLevels(id)).toEqual([null, null]);
    expect(textOf(now(lobby))).toBe(before);
  }, 60_000);

  it('a game with one kind of computer player (Race) shows no level and refuses one', async () => {
    const { channel, lobby, id } = await openLobby('levels-race', 'race');
    expect(textOf(now(lobby))).toContain('2. Computer 1 (computer)');
    expect(textOf(now(lobby))).not.toContain('how well it plays');
    expect(labels(lobby).filter((l) => l.startsWith('Computer'))).toEqual([]);
    const reply = await (await h.double.forgeComponent(ana, channel, `f:level:${id}:1:strong`, now(lobby))).reply(10_000);
    expect(textOf(reply)).toBe('Race has one kind of computer player: there is no level to choose. Nothing was changed.');
    const addbot = await (await h.double.forgeCommand(ana, channel, 'race', 'addbot', [{ name: 'level', type: ApplicationCommandOptionType.String, value: 'strong' }])).reply(10_000);
    expect(textOf(addbot)).toBe('No computer player was seated: Race has one kind of computer player, so leave the level out.');
    expect(await storedLevels(id)).toEqual([null, null]);
  }, 60_000);
});
