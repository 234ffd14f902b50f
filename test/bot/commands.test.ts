// The /fence commands and buttons that the full-game tests do not reach, each driven through
// the local Discord double with the real discord.js client: what the user sees when it works
// (ephemeral where private, a new public post where the game changes) and the refusal, naming
// who may do it, when it is not theirs to do.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, whoMustAct, type FenceState } from '../../src/games/fence/index.ts';
import { isNotUnderstood } from '../../src/platform/game.ts';
import type { Channel, Guild, PostedMessage, User } from '../discord-double/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User, dee: User;
/** Not in any game, but holds Manage Channels in the harness's guild. */
let mod: User;

beforeAll(async () => {
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
  const ack = await h.fence(host, 'new', options, channel);
  expect(ack.ephemeral).toBe(true);
  expect(textOf(ack), textOf(ack)).toMatch(/^Game #\d+ is open/);
  return h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
}

/** Ana hosts, the given users join, Ana starts; resolves once every start post is out. */
async function runningGame(channel: Channel, joiners: User[], options: Record<string, string | number | boolean> = { 'auto-build': true }): Promise<number> {
  const lobby = await openLobby(channel, options);
  for (const u of joiners) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  const started = await h.fence(ana, 'start', {}, channel);
  expect(textOf(started)).toMatch(/has started/);
  return (await h.game(channel)).game.id;
}

async function waitForEdit(m: PostedMessage, pattern: RegExp, what: string): Promise<PostedMessage> {
  return h.double.waitFor(() => {
    const now = h.double.log.get(m.id);
    return now && pattern.test(textOf(now)) ? now : undefined;
  }, 10_000, what);
}

/** Plays turns (as the simple computer would) until pawns and Cops are set and the main phase runs. */
async function playUntilMain(channel: Channel): Promise<void> {
  for (let n = 0; n < 20 && (await h.game(channel)).state.phase !== 'main'; n++) await h.playOne(channel);
  expect((await h.game(channel)).state.phase).toBe('main');
}

function postsSince(channel: Channel, before: number): PostedMessage[] {
  return h.double.messages(channel).slice(before);
}

describe('the lobby', () => {
  it('Leave frees a seat; the host and strangers are told why they cannot', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-leave');
    const lobby = await openLobby(channel);
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/8\): 1\. Ana — host · 2\. Bo/);

    await (await h.double.clickButton(bo, lobby, 'Leave')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/Seats \(1\/8\): 1\. Ana — host\n/);
    expect(textOf(current(lobby))).not.toContain('Bo');
    expect(current(lobby).edits).toBeGreaterThanOrEqual(2);

    const stranger = await (await h.double.clickButton(cy, lobby, 'Leave')).reply();
    expect(stranger.ephemeral).toBe(true);
    expect(stranger.recipientId).toBe(cy.id);
    expect(textOf(stranger)).toMatch(/^You have no seat in game #\d+ to leave\.$/);

    const host = await (await h.double.clickButton(ana, lobby, 'Leave')).reply();
    expect(host.ephemeral).toBe(true);
    expect(textOf(host)).toBe('You are the host: to call the game off, use `/fence abort`.');
    expect(textOf(current(lobby))).toMatch(/1\. Ana — host/);
    // Nothing public was posted for any of it: the lobby is edited in place.
    expect(h.double.messages(channel)).toHaveLength(1);
  });

  it('/fence addbot seats a computer for the host or Manage Channels, and is refused to others and once the game runs', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-addbot');
    const lobby = await openLobby(channel);
    const refused = await h.fence(bo, 'addbot', {}, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only the host (Ana) or a member with the Manage Channels permission can add computer players.');
    expect(textOf(current(lobby))).not.toContain('Computer');

    const added = await h.fence(ana, 'addbot', {}, channel);
    expect(added.ephemeral).toBe(true);
    expect(textOf(added)).toMatch(/^Computer 1 takes a seat in game #\d+\.$/);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/8\): 1\. Ana — host · 2\. Computer 1 \(computer\)/);
    const byMod = await h.fence(mod, 'addbot', {}, channel);
    expect(textOf(byMod)).toMatch(/^Computer 2 takes a seat/);
    expect(textOf(current(lobby))).toMatch(/3\. Computer 2 \(computer\)/);

    await h.fence(ana, 'start', {}, channel);
    const late = await h.fence(ana, 'addbot', {}, channel);
    expect(late.ephemeral).toBe(true);
    expect(textOf(late)).toBe('Computer players can only join before the game starts.');
    expect((await h.game(channel)).state.seats).toHaveLength(3);
  });

  it('/fence kick in the lobby: the host or Manage Channels frees a seat; others, the host\'s own seat and strangers are refused', async () => {
    const channel = h.double.createChannel(h.guild, 'lobby-kick');
    const lobby = await openLobby(channel);
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);

    const notAdmin = await h.fence(cy, 'kick', { player: bo }, channel);
    expect(notAdmin.ephemeral).toBe(true);
    expect(textOf(notAdmin)).toBe('Only the host (Ana) or a member with the Manage Channels permission can remove players.');
    expect(textOf(current(lobby))).toContain('2. Bo');

    const kicked = await h.fence(ana, 'kick', { player: bo }, channel);
    expect(kicked.ephemeral).toBe(true);
    expect(textOf(kicked)).toMatch(/^Bo no longer has a seat in game #\d+\.$/);
    expect(textOf(current(lobby))).toMatch(/Seats \(2\/8\): 1\. Ana — host · 2\. Cy\n/);

    const byMod = await h.fence(mod, 'kick', { player: cy }, channel);
    expect(textOf(byMod)).toMatch(/^Cy no longer has a seat/);
    expect(textOf(current(lobby))).toMatch(/Seats \(1\/8\): 1\. Ana — host\n/);

    const host = await h.fence(mod, 'kick', { player: ana }, channel);
    expect(textOf(host)).toBe('The host cannot be removed from the lobby; abort the game instead.');
    const stranger = await h.fence(ana, 'kick', { player: dee }, channel);
    expect(textOf(stranger)).toMatch(/^Dee is not playing in game #\d+\.$/);
    // A kicked player can take a seat again.
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    expect(textOf(current(lobby))).toMatch(/2\. Bo/);
  });
});

describe('information', () => {
  it('/fence map and /fence history answer privately, and say why when there is no running game', async () => {
    const channel = h.double.createChannel(h.guild, 'info');
    const none = await h.fence(dee, 'map', {}, channel);
    expect(none.ephemeral).toBe(true);
    expect(textOf(none)).toBe('There is no FENCE! game in this channel. Start one with `/fence new`.');

    const lobby = await openLobby(channel, { 'auto-build': true });
    const early = await h.fence(dee, 'history', {}, channel);
    expect(early.ephemeral).toBe(true);
    expect(textOf(early)).toMatch(/^Game #\d+ has not started yet: join it in the lobby/);

    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await h.fence(ana, 'start', {}, channel);
    const id = (await h.game(channel)).game.id;
    await h.playOne(channel);
    await h.playOne(channel);
    const before = h.double.messages(channel).length;

    // Someone who is not playing may look: information is for anyone.
    const map = await h.fence(dee, 'map', {}, channel);
    expect(map.ephemeral).toBe(true);
    expect(map.recipientId).toBe(dee.id);
    expect(textOf(map)).toBe(`The map of game #${id}.`);
    expect(map.attachments.map((a) => a.filename)).toEqual(['map.png']);
    expect(map.attachments[0]?.description?.length).toBeGreaterThan(20);

    const history = await h.fence(dee, 'history', {}, channel);
    expect(history.ephemeral).toBe(true);
    expect(textOf(history)).toMatch(new RegExp(`^\\*\\*Recent actions in game #${id}\\*\\*\\n• `));
    // The latest turn's public line is among the recent actions, in the same words.
    const lastMove = textOf(h.latestPost(channel)).split('\n').find((l) => /^(Ana|Bo) (plays|pushes|moves the Cops|tips off)/.test(l));
    expect(lastMove).toBeDefined();
    expect(textOf(history)).toContain(`• ${lastMove}`);
    // Looking changes nothing in public.
    expect(h.double.messages(channel).length).toBe(before);
  });

  it('/fence rules [topic] and /fence help answer privately', async () => {
    const overview = await h.fence(dee, 'rules');
    expect(overview.ephemeral).toBe(true);
    expect(textOf(overview)).toMatch(/^\*\*FENCE!\*\* First the players build a city from square tiles/);
    expect(textOf(overview)).toMatch(/Topics: overview, building, setup, move, others, jail, hotgoods, winning, house, v-setup, v-free-for-all, v-bigmap, v-jail, v-cards, v-trading, v-hotgoods, v-victory — `\/fence rules topic:…`$/);

    const jail = await h.fence(dee, 'rules', { topic: 'jail' });
    expect(jail.ephemeral).toBe(true);
    expect(textOf(jail)).toMatch(/^\*\*Jail\.\*\* Your pawn leaves the map/);
    expect(textOf(jail)).not.toContain('build a city');
    const house = await h.fence(dee, 'rules', { topic: 'house' });
    expect(textOf(house)).toMatch(/^\*\*Playing in a channel\.\*\*.*`\/fence resign` leaves a game/);

    const help = await h.fence(dee, 'help');
    expect(help.ephemeral).toBe(true);
    expect(textOf(help)).toMatch(/^\*\*How to play FENCE! here\*\*\n/);
    for (const cmd of ['/fence new', '/fence place', '/fence move', '/fence hand', '/fence resign', '/fence abort', '/fence kick', '/fence settings']) expect(textOf(help)).toContain(cmd);
    // Game of Fences and Fences are other games, each named with its command and what it is.
    expect(textOf(help)).toMatch(/\*\*Other games of this bot\*\*\n• \*\*Game of Fences\*\*: `\/kimbo new` — .+\n(.+\n)*• \*\*Fences\*\*: `\/farm new` — .+/);
  });
});

describe('typed moves', () => {
  it('autocomplete suggests first what the typed cards would play ("r6"), as sending the same text plays it', async () => {
    const channel = h.double.createChannel(h.guild, 'typed-cards');
    await runningGame(channel, [bo]);
    await playUntilMain(channel);
    const game = await h.game(channel);
    const seat = whoMustAct(game.state)!;
    const user = h.userOf(game, seat);
    // A Move Yourself the game reads from its cards alone, written as a player would ("r6", "r3 b1").
    const move = fence.legalActions(game.state, seat).flatMap((a) => {
      if (a.type !== 'moveSelf') return [];
      const typed = a.cards.map((c) => c.toLowerCase()).join(' ');
      const read = fence.parse!(game.state, seat, 'move', typed);
      return read && !isNotUnderstood(read) && fence.encode(read) === fence.encode(a) ? [{ action: a, typed }] : [];
    })[0];
    expect(move).toBeDefined();
    const label = fence.words.action(game.state, move!.action);
    expect(label.toLowerCase()).not.toContain(move!.typed);
    const choices = await h.double.autocomplete(user, channel, 'fence', 'move', move!.typed, { subcommand: 'move' });
    expect(choices[0]).toEqual({ name: label, value: fence.encode(move!.action) });
    const sent = await h.fence(user, 'move', { move: move!.typed }, channel);
    expect(textOf(sent).startsWith(`Done: ${label}.`) || textOf(sent).startsWith(`${label}: only you see this preview`), textOf(sent)).toBe(true);
  });
});

describe('leaving a running game', () => {
  it('/fence resign asks to confirm; Cancel changes nothing; Resign posts the removal, the game goes on, and the last resignation ends it with a winner', async () => {
    const channel = h.double.createChannel(h.guild, 'resign');
    const id = await runningGame(channel, [bo, cy]);

    const stranger = await h.fence(dee, 'resign', {}, channel);
    expect(stranger.ephemeral).toBe(true);
    expect(textOf(stranger)).toBe(`You are not playing in game #${id} (players: Ana, Bo, Cy). Wait for it to end, or start your own in another channel or thread.`);

    // Cancel: the prompt says so and loses its buttons; Bo still plays.
    const ask = await h.fence(bo, 'resign', {}, channel);
    expect(ask.ephemeral).toBe(true);
    expect(textOf(ask)).toBe(`Resign from game #${id}? Your pawn leaves the map and your cards go to the discard pile. This cannot be undone.`);
    expect(h.double.buttons(ask).map((b) => ('label' in b ? b.label : ''))).toEqual(['Resign', 'Cancel']);
    const before = h.double.messages(channel).length;
    await (await h.double.clickButton(bo, ask, 'Cancel')).acknowledged();
    const cancelled = await waitForEdit(ask, /^Cancelled/, 'the cancelled prompt');
    expect(textOf(cancelled)).toBe('Cancelled: nothing was changed.');
    expect(cancelled.components).toEqual([]);
    expect(h.double.messages(channel).length).toBe(before);
    expect((await h.game(channel)).state.out).toEqual([false, false, false]);

    // Resign for real: a new public post names the removal; the game goes on with two.
    const again = await h.fence(bo, 'resign', {}, channel);
    await (await h.double.clickButton(bo, again, 'Resign')).acknowledged();
    const done = await waitForEdit(again, /resigned/, 'the resignation');
    expect(done.ephemeral).toBe(true);
    expect(textOf(done)).toBe(`You resigned from game #${id}.`);
    expect(done.components).toEqual([]);
    const posts = postsSince(channel, before);
    expect(posts.length).toBeGreaterThan(0);
    expect(posts[0]!.ephemeral).toBe(false);
    expect(textOf(posts[0]!)).toContain('Bo resigns; their pawn leaves the map.');
    const game = await h.game(channel);
    expect(game.state.out).toEqual([false, true, false]);
    const next = whoMustAct(game.state)!;
    expect(next).not.toBe(1);
    expect(textOf(h.latestPost(channel))).toContain(`<@${h.userOf(game, next).id}>`);
    const gone = await h.fence(bo, 'move', { move: 'x' }, channel);
    expect(textOf(gone)).toMatch(new RegExp(`^You have left game #${id} \\(resigned\\)`));
    const twice = await h.fence(bo, 'resign', {}, channel);
    expect(textOf(twice)).toMatch(/^You have left game/);

    // Cy resigns too, in the main phase: Ana is the last one in, and wins.
    await playUntilMain(channel);
    const third = await h.fence(cy, 'resign', {}, channel);
    const end = h.double.messages(channel).length;
    await (await h.double.clickButton(cy, third, 'Resign')).acknowledged();
    await waitForEdit(third, /resigned/, 'the second resignation');
    const last = postsSince(channel, end);
    const text = last.map((m) => textOf(m)).join('\n');
    expect(text).toContain('Cy resigns; their pawn leaves the map.');
    expect(text).toContain('Ana wins!');
    expect(textOf(h.latestPost(channel))).toMatch(new RegExp(`Game #${id} is over`));
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();
    // The outcome is stored: Ana (seat 0) won.
    const stored = await h.store.getGame(id);
    expect(stored.game.status).toBe('finished');
    expect((stored.state as FenceState | null)?.outcome).toMatchObject({ kind: 'winner', seats: [0] });
  });

  it('Cancel on an abort prompt leaves the game running', async () => {
    const channel = h.double.createChannel(h.guild, 'abort-cancel');
    const lobby = await openLobby(channel);
    const ask = await h.fence(ana, 'abort', {}, channel);
    expect(ask.ephemeral).toBe(true);
    await (await h.double.clickButton(ana, ask, 'Cancel')).acknowledged();
    expect(textOf(await waitForEdit(ask, /^Cancelled/, 'the cancelled abort'))).toBe('Cancelled: nothing was changed.');
    expect((await h.store.loadActiveGame(channel.id))?.game.status).toBe('lobby');
    expect(current(lobby).components).not.toEqual([]);
  });

  it('/fence kick in a running game (H4): refused to others; the host or Manage Channels removes a player in public, and the game goes on or ends', async () => {
    const channel = h.double.createChannel(h.guild, 'kick-running');
    const id = await runningGame(channel, [bo, cy]);

    const notAdmin = await h.fence(cy, 'kick', { player: bo }, channel);
    expect(notAdmin.ephemeral).toBe(true);
    expect(textOf(notAdmin)).toBe('Only the host (Ana) or a member with the Manage Channels permission can remove players.');
    expect((await h.game(channel)).state.out).toEqual([false, false, false]);
    const stranger = await h.fence(mod, 'kick', { player: dee }, channel);
    expect(textOf(stranger)).toBe(`Dee is not playing in game #${id}.`);

    const before = h.double.messages(channel).length;
    const kicked = await h.fence(mod, 'kick', { player: bo }, channel);
    expect(kicked.ephemeral).toBe(true);
    expect(textOf(kicked)).toBe(`Bo was removed from game #${id}.`);
    const posts = postsSince(channel, before);
    expect(posts[0]!.ephemeral).toBe(false);
    expect(textOf(posts[0]!)).toMatch(/^Mod removed Bo from the game\.\nBo is removed from the game; their pawn leaves the map\./);
    expect(posts[0]!.attachments[0]?.filename).toMatch(/^(map|closeup)\.png$/);
    const game = await h.game(channel);
    expect(game.state.out).toEqual([false, true, false]);
    expect(game.seats.find((s) => s.userId === bo.id)?.leftReason).toBe('kicked');
    const next = whoMustAct(game.state)!;
    expect(textOf(h.latestPost(channel))).toContain(`<@${h.userOf(game, next).id}>`);
    const again = await h.fence(ana, 'kick', { player: bo }, channel);
    expect(textOf(again)).toBe(`Bo is not playing in game #${id}.`);

    // The host removes the last other player once the main phase runs: Ana wins. (During
    // setup the engine first asks a lone player for their pawn's neighborhood, then ends it.)
    await playUntilMain(channel);
    const end = h.double.messages(channel).length;
    const last = await h.fence(ana, 'kick', { player: cy }, channel);
    expect(textOf(last)).toBe(`Cy was removed from game #${id}.`);
    const text = postsSince(channel, end).map((m) => textOf(m)).join('\n');
    expect(text).toMatch(/^Ana removed Cy from the game\./);
    expect(text).toContain('Ana wins!');
    expect(text).toContain(`Game #${id} is over`);
    expect(await h.store.loadActiveGame(channel.id)).toBeNull();
  });
});

describe('building the map by hand', () => {
  it('/fence swap offers only legal swaps; a swap is posted naming both tiles', async () => {
    const channel = h.double.createChannel(h.guild, 'swap');
    const id = await runningGame(channel, [bo], { rounds: 2 });
    let swapped = false;
    let sawEmpty = false;
    for (let turn = 0; turn < 40 && !swapped; turn++) {
      const game = await h.game(channel);
      expect(game.state.phase, 'the map was built without a legal swap for a person').toBe('building');
      const seat = whoMustAct(game.state)!;
      const user = h.userOf(game, seat);
      const other = h.userOf(game, 1 - seat);
      const choices = await h.double.autocomplete(user, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      if (choices[0]?.value === '-') {
        // No legal swap yet: the list says so, and sending anyway is refused with the reason.
        expect(choices.map((c) => c.name)).toEqual(['No tile in your hand can be swapped in anywhere right now.']);
        if (!sawEmpty) {
          const refused = await h.fence(user, 'swap', { swap: '-' }, channel);
          expect(refused.ephemeral).toBe(true);
          expect(textOf(refused)).toBe('No tile in your hand can be swapped in anywhere right now.');
          sawEmpty = true;
        }
        await h.playOne(channel);
        continue;
      }
      expect(choices.length).toBeLessThanOrEqual(25);
      for (const c of choices) expect(c.name).toMatch(/^Swap .+ for .+ at [A-Z]+\d+/);
      // Whoever is not on turn gets no list, and is refused.
      const notYours = await h.double.autocomplete(other, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      expect(notYours.map((c) => c.name)).toEqual([`Not your turn: waiting for ${game.state.seats[seat]!.name}.`]);
      const out = await h.fence(other, 'swap', { swap: String(choices[0]!.value) }, channel);
      expect(textOf(out)).toMatch(/^It is not your turn: the game waits for/);

      const pick = choices[0]!;
      const [, incoming, replaced] = /^Swap (.+) for (.+) at /.exec(pick.name)!;
      const before = h.double.messages(channel).length;
      const reply = await h.fence(user, 'swap', { swap: String(pick.value) }, channel);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply)).toBe(`Done: ${pick.name}.`);
      await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the swap post');
      const post = postsSince(channel, before)[0]!;
      expect(post.ephemeral).toBe(false);
      expect(textOf(post)).toContain(`${game.state.seats[seat]!.name} swapped ${incoming} in for ${replaced}.`);
      expect(post.attachments[0]?.filename).toMatch(/^(map|closeup)\.png$/);
      // B6: the replaced tile goes to the swapper's hand, and the tile swapped in is locked.
      const hand = await h.fence(user, 'hand', {}, channel);
      expect(hand.ephemeral).toBe(true);
      expect(textOf(hand).split('\n').find((l) => l.startsWith('Tiles ('))).toContain(replaced);
      const after = await h.game(channel);
      const nextUser = h.userOf(after, whoMustAct(after.state)!);
      const cell = /\bat ([A-Z]+\d+)/.exec(pick.name)![1]!;
      const later = await h.double.autocomplete(nextUser, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      expect(later.some((c) => c.name.includes(` for ${incoming} at ${cell}`))).toBe(false);
      expect(after.game.id).toBe(id);
      swapped = true;
    }
    expect(swapped).toBe(true);
  }, 60_000);

  it('/fence swap outside map building: the list and the command say it cannot be done now', async () => {
    const channel = h.double.createChannel(h.guild, 'swap-late');
    await runningGame(channel, [bo]);
    await playUntilMain(channel);
    const game = await h.game(channel);
    const user = h.userOf(game, whoMustAct(game.state)!);
    const choices = await h.double.autocomplete(user, channel, 'fence', 'swap', '', { subcommand: 'swap' });
    expect(choices.map((c) => c.name)).toEqual(['Map building is over: move with /fence move, /fence push or /fence cops.']);
    const refused = await h.fence(user, 'swap', { swap: String(choices[0]!.value) }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Map building is over: move with `/fence move`, `/fence push` or `/fence cops`.');
    expect((await h.game(channel)).game.version).toBe(game.game.version);
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

  it('/fence settings needs Manage Server; saved defaults apply to the next /fence new', async () => {
    const refused = await h.fence(ana, 'settings', { rounds: 7 }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Only members with the Manage Server permission can change the server’s FENCE! defaults.');
    // Manage Channels is not enough.
    const channels = await h.fence(mod, 'settings', {}, channel);
    expect(textOf(channels)).toMatch(/^Only members with the Manage Server permission/);

    const shown = await h.fence(boss, 'settings', {}, channel);
    expect(shown.ephemeral).toBe(true);
    expect(textOf(shown)).toMatch(/^Defaults for new games on this server: 24 hours per turn · round limit 200 · computer players allowed\./);

    const saved = await h.fence(boss, 'settings', { 'turn-limit': 3600, rounds: 7 }, channel);
    expect(saved.ephemeral).toBe(true);
    expect(textOf(saved)).toMatch(/^Saved\. Defaults for new games on this server: 1 hour per turn · round limit 7 · computer players allowed\./);

    const lobby = await openLobby(channel);
    expect(textOf(lobby)).toContain('Options: players build the map · 1 hour per turn · round limit 7');
    const abort = await h.fence(ana, 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
    await waitForEdit(abort, /is aborted/, 'the abort');
    // An option given to /fence new still wins over the default.
    const own = await openLobby(channel, { rounds: 3 });
    expect(textOf(own)).toContain('1 hour per turn · round limit 3');

    const off = await h.fence(boss, 'settings', { computers: false }, channel);
    expect(textOf(off)).toMatch(/1 hour per turn · round limit 7 · computer players not allowed/);
    const addbot = await h.fence(ana, 'addbot', {}, channel);
    expect(addbot.ephemeral).toBe(true);
    expect(textOf(addbot)).toBe('Computer players are switched off on this server (`/fence settings`).');
    expect(textOf(current(own))).not.toContain('Computer');
    // The harness's own server keeps its defaults.
    const elsewhere = await openLobby(h.double.createChannel(h.guild, 'defaults'));
    expect(textOf(elsewhere)).toContain('24 hours per turn · round limit 200');
  });
});

describe('afterwards', () => {
  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
