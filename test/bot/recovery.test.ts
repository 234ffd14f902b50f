// What follows from a stored game is derived again whenever it may have been lost: a bot that
// stopped between saving and posting, a post Discord refused, a permission taken away mid-game,
// a lobby nobody started.
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computerAction, legalActions, whoMustAct } from '../../src/games/fence/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { gameById } from '../../src/games/registry.ts';
import { openStore } from '../../src/store/index.ts';
import { FenceHarness, SUB_OF } from '../fence/harness.ts';
import { textOf } from './harness.ts';
import { applyAction } from '../../src/runtime/moves.ts';

let h: FenceHarness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

async function startGame(channel: Channel, options: Record<string, string | number | boolean>, join: User[] = [bo]): Promise<number> {
  await h.fence(ana, 'new', { 'auto-build': true, ...options }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const u of join) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  expect(textOf(await h.fence(ana, 'start', {}, channel))).toMatch(/has started/);
  return (await h.game(channel)).record.id;
}

const restart = async (): Promise<void> => {
  await h.running.stop();
  await h.startBot();
};

describe('start-up repairs what a stop between saving and posting left', () => {
  it('computers that were owed a move play, the lost prompt is posted with its buttons, and stale timers are armed again', async () => {
    const channel = h.double.createChannel(h.guild, 'owed');
    const id = await startGame(channel, { computers: 1, 'turn-limit': 600 });
    // Ana moves, and the process stops right after saving: no computer turn, no post, old timers.
    let game = await h.game(channel);
    while (game.seats.find((s) => s.seat === whoMustAct(game.state))?.computer !== true) {
      const seat = whoMustAct(game.state)!;
      const r = await applyAction(h.store, id, game.record.version, seat, computerAction(game.state, seat, 'simple'));
      expect(r.ok).toBe(true);
      game = await h.game(channel);
    }
    const postsBefore = h.double.messages(channel).length;
    const savedVersion = game.record.version;
    expect(game.record.postedVersion).toBeLessThan(savedVersion);

    await restart();

    const after = await h.game(channel);
    expect(after.record.version).toBeGreaterThan(savedVersion);
    expect(after.seats.find((s) => s.seat === whoMustAct(after.state))?.computer).toBe(false);
    expect(after.record.postedVersion).toBe(after.record.version);
    const post = h.latestPost(channel);
    expect(h.double.messages(channel).length).toBeGreaterThan(postsBefore);
    const onTurn = h.userOf(after, whoMustAct(after.state)!);
    expect(textOf(post)).toContain(`<@${onTurn.id}>`);
    expect(post.notified).toContain(onTurn.id);
    expect(post.attachments.length).toBe(1);
    const timers = await h.store.listTimers(id);
    expect(timers.map((t) => [t.kind, t.seat]).sort()).toEqual([['reminder', whoMustAct(after.state)], ['timeout', whoMustAct(after.state)]]);
    for (const t of timers) expect((t.payload as { version: number }).version).toBe(after.record.version);
    // The repaired post works: the player on turn plays on from it.
    await h.playOne(channel);
    await restart();
    // Nothing was lost this time: nothing is posted again.
    const count = h.double.messages(channel).length;
    await restart();
    expect(h.double.messages(channel).length).toBe(count);
  }, 60_000);
});

describe('missing permissions are said, not swallowed', () => {
  it('a move is refused, naming the permission, while the bot cannot attach the board; nothing changes', async () => {
    const channel = h.double.createChannel(h.guild, 'no-files-later');
    const id = await startGame(channel, {});
    // Up to a move made with a command (not a choice button).
    const commandMove = (g: Awaited<ReturnType<typeof h.game>>) => legalActions(g.state, whoMustAct(g.state)!).find((a) => SUB_OF[a.type] !== null);
    while (!commandMove(await h.game(channel))) await h.playOne(channel);
    const game = await h.game(channel);
    const seat = whoMustAct(game.state)!;
    const user = h.userOf(game, seat);
    h.double.setBotPermissions(channel, { deny: PermissionFlagsBits.AttachFiles });
    const action = commandMove(game)!;
    const how = SUB_OF[action.type]!;
    const refused = await h.fence(user, how.sub, { [how.option]: JSON.stringify(action) }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe("I cannot post the game here: I am missing the **Attach Files** permission in this channel. Ask a server admin to grant it to my role (or in this channel's permission settings), then try again. Nothing was changed.");
    expect((await h.store.getGame(id)).record.version).toBe(game.record.version);

    h.double.setBotPermissions(channel, { deny: PermissionFlagsBits.SendMessages | PermissionFlagsBits.AttachFiles });
    const both = await h.fence(user, how.sub, { [how.option]: JSON.stringify(action) }, channel);
    expect(textOf(both)).toMatch(/^I cannot post the game here: I am missing the \*\*Send Messages\*\*, \*\*Attach Files\*\* permissions in this channel\./);

    h.double.setBotPermissions(channel, {});
    expect(textOf(await h.fence(user, how.sub, { [how.option]: JSON.stringify(action) }, channel))).toMatch(/^Done/);
  });

  it('a post Discord refuses (a timeout while Attach Files is denied) leaves a note for the admins, and is posted once it can be', async () => {
    const channel = h.double.createChannel(h.guild, 'refused-post');
    const id = await startGame(channel, { 'turn-limit': 600 });
    h.double.setBotPermissions(channel, { deny: PermissionFlagsBits.AttachFiles });
    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    h.nowOffset = 0;
    const game = await h.store.getGame(id);
    expect(game.record.version).toBeGreaterThan(0);
    const note: PostedMessage | undefined = h.double.messages(channel).slice(before).at(-1);
    expect(textOf(note)).toBe(`⚠️ I could not post the latest turn of game #${id} here: I am missing the **Attach Files** permission in this channel. The game is saved: once an admin fixes it, I post where it stands at the next move or when I restart.`);
    expect(h.logs.some((l) => l.includes('"msg":"post failed"') && l.includes('"missing":"Attach Files"'))).toBe(true);
    expect(game.record.postedVersion).toBeLessThan(game.record.version);

    h.double.setBotPermissions(channel, {});
    await restart();
    const now = await h.game(channel);
    expect(now.record.postedVersion).toBe(now.record.version);
    expect(textOf(h.latestPost(channel))).toContain(`<@${h.userOf(now, whoMustAct(now.state)!).id}>`);
    expect(h.latestPost(channel).attachments.length).toBe(1);
  }, 60_000);
});

describe('lobbies expire', () => {
  it('a lobby nobody starts closes after 7 days, announced in the channel; the channel is free again', async () => {
    const channel = h.double.createChannel(h.guild, 'stale-lobby');
    await h.fence(ana, 'new', {}, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    const id = (await h.store.loadActiveGame(channel.id))!.record.id;
    h.nowOffset = 7 * 24 * 3600 * 1000 - 60_000;
    await h.running.bot.tickTimers();
    expect((await h.store.getGame(id)).record.status).toBe('lobby');
    h.nowOffset = 7 * 24 * 3600 * 1000 + 1000;
    await h.running.bot.tickTimers();
    h.nowOffset = 0;
    expect((await h.store.getGame(id)).record.status).toBe('aborted');
    expect(textOf(h.latestPost(channel))).toBe(`Game #${id}'s lobby has closed: nobody started it within 7 days. Start a new one with \`/fence new\`.`);
    const closed = h.double.log.get(lobby.id)!;
    expect(closed.components).toEqual([]);
    expect(textOf(closed)).toContain('lobby has closed');
    expect(textOf(await h.fence(ana, 'new', {}, channel))).toMatch(/^Game #\d+ is open/);
  });

  it('follows the server’s setting, also for a lobby opened before a restart', async () => {
    const guild = h.double.createGuild('Quick Club');
    const channel = h.double.createChannel(guild, 'quick');
    const boss = h.double.createUser('quickboss', { globalName: 'Boss' });
    h.double.addMember(guild, boss, { roles: [h.double.createRole(guild, 'Admins', PermissionFlagsBits.ManageGuild)] });
    const saved = await h.command(boss, 'games', 'settings', { 'lobby-expiry': 86400 }, channel);
    expect(textOf(saved)).toMatch(/lobbies close after 1 day without a start/);
    await h.fence(boss, 'new', {}, channel);
    const id = (await h.store.loadActiveGame(channel.id))!.record.id;
    // A lobby from before lobbies expired has no timer: start-up arms it.
    await h.store.cancelTimer(id, 'lobbyExpiry');
    await restart();
    h.nowOffset = 24 * 3600 * 1000 + 1000;
    await h.running.bot.tickTimers();
    h.nowOffset = 0;
    expect((await h.store.getGame(id)).record.status).toBe('aborted');
    expect(textOf(h.latestPost(channel))).toMatch(/nobody started it within 1 day\./);
  });
});

describe('the bot answers while it recovers (issue 28.5)', () => {
  it('a move on a game not yet recovered is answered at once and tells the channel what it missed, once', async () => {
    // A lobby whose post was lost, recovered first (games are recovered in order), and whose
    // new post Discord holds back for 20 s: recovery waits there.
    const stuck = h.double.createChannel(h.guild, 'stuck-lobby');
    await h.fence(ana, 'new', {}, stuck);
    const lobbyId = (await h.store.loadActiveGame(stuck.id))!.record.id;
    // A game after it, with a move saved but never posted (the bot stopped in between).
    const channel = h.double.createChannel(h.guild, 'early-press');
    const id = await startGame(channel, {});
    expect(id).toBeGreaterThan(lobbyId);
    let game = await h.game(channel);
    const commandMove = (g: typeof game) => legalActions(g.state, whoMustAct(g.state)!).find((a) => SUB_OF[a.type] !== null);
    do {
      const seat = whoMustAct(game.state)!;
      expect((await applyAction(h.store, id, game.record.version, seat, computerAction(game.state, seat, 'simple'))).ok).toBe(true);
      game = await h.game(channel);
    } while (!commandMove(game));
    expect(game.record.postedVersion).toBeLessThan(game.record.version);
    await h.running.stop();
    const store = await openStore(h.databaseUrl, { kinds: gameById });
    await store.setMessageIds(lobbyId, { lobbyMessageId: null });
    await store.close();
    const postsBefore = h.double.messages(channel).length;
    const requestsBefore = h.double.requests.length;
    h.double.rateLimitNext('POST /channels/:channel/messages', 1, { retryAfterMs: 20_000 });

    const logsBefore = h.logs.length;
    await h.startBot({ recovered: false });
    const recovering = () => !h.logs.slice(logsBefore).some((l) => l.includes('"games recovered"'));
    await h.double.waitFor(() => (h.double.requests.slice(requestsBefore).some((r) => r.status === 429) ? true : undefined), 10_000, 'the lobby post held back');
    expect(recovering()).toBe(true);

    // The person on turn moves before the bot has got to their game.
    game = await h.game(channel);
    const action = commandMove(game)!;
    const how = SUB_OF[action.type]!;
    const done = await h.fence(h.userOf(game, whoMustAct(game.state)!), how.sub, { [how.option]: JSON.stringify(action) }, channel);
    expect(textOf(done)).toMatch(/^Done/);
    expect(recovering()).toBe(true);
    // (The lobby's new post is still held back: recovery has not got past it.)
    expect(h.double.messages(stuck).filter((m) => textOf(m).includes('is open')).length).toBe(1);
    // The channel was told the missed move and the new one.
    const after = await h.game(channel);
    expect(after.record.postedVersion).toBe(after.record.version);
    const told = h.double.messages(channel).slice(postsBefore);
    expect(told.length).toBeGreaterThan(0);
    expect(textOf(told.at(-1))).toContain(`<@${h.userOf(after, whoMustAct(after.state)!).id}>`);

    // Recovery reaches the game afterwards and finds nothing left to do: nothing is posted twice.
    await h.running.bot.recovered;
    expect(h.double.messages(channel).slice(postsBefore).map((m) => m.id)).toEqual(told.map((m) => m.id));
    expect((await h.store.getGame(lobbyId)).record.lobbyMessageId).not.toBeNull();
    expect(h.double.messages(stuck).filter((m) => textOf(m).includes('is open')).length).toBe(2);
  }, 90_000);
});

it('broke no Discord rule', () => {
  h.double.expectNoViolations();
});
