// Replays and game records through Discord (issue 30, item 5), for each of the four games: a
// game played to its end in a channel, its record exported with `/games export` and rebuilt to
// the very state and outcome the bot stored, and the end post's Replay button posting the game
// as one animated GIF for the channel. Then the refusals: a running game, another server's
// game, a member who did not play, a forged press; and `npm run replay` on an exported file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PermissionFlagsBits } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameById } from '../../src/games/registry.ts';
import type { AnyGame, Picture } from '../../src/platform/game.ts';
import { MAX_ANIMATION_BYTES } from '../../src/render/index.ts';
import { loadDrawings } from '../../src/render/drawings.ts';
import { registerFonts } from '../../src/render/fonts.ts';
import { withLentCanvas } from '../../src/render/surface.ts';
import { replayFrames, shownPictures } from '../../src/replay/animation.ts';
import { parseRecord, rebuild, type GameRecordFile } from '../../src/replay/record.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { Harness, tapsFor, textOf } from '../bot/harness.ts';
import { readGif } from './gif.ts';

let h: Harness;
let ana: User, bo: User, cy: User;
const dir = mkdtempSync(join(tmpdir(), 'fence-bot-replay-'));

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const labels = (m: PostedMessage): string[] => h.double.buttons(h.double.log.get(m.id) ?? m).map((b) => ('label' in b ? String(b.label) : ''));

/** Ana opens a game of `def` in `channel` with `computers` computer players (and `with` people), and starts it. */
async function open(channel: Channel, def: AnyGame, computers: number, options: Record<string, string | number | boolean> = {}, others: User[] = []): Promise<number> {
  await h.command(ana, def.id, 'new', { ...options, ...(computers ? { computers } : {}) }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const u of others) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
  return (await h.store.loadActiveGame(channel.id))!.record.id;
}

/** The game's last post, which tells its end below the last turn. */
const isEnd = (id: number) => (m: PostedMessage) => textOf(m).split('\n').some((l) => l.startsWith(`**Game #${id} is over.**`));

/** Ana resigns: the computers play the game to its end. */
async function resignAndWait(channel: Channel, def: AnyGame, id: number): Promise<PostedMessage> {
  const ask = await h.command(ana, def.id, 'resign', {}, channel);
  await (await h.double.clickButton(ana, ask, 'Resign')).reply(60_000);
  return h.double.waitForMessage(channel, isEnd(id), 120_000);
}

/**
 * `user` plays the game to its end as the game's simple computer would, through Discord: a move
 * subcommand with the move's value where one takes it (confirming a preview), else the button.
 */
async function playToTheEnd(channel: Channel, def: AnyGame, user: User, id: number): Promise<PostedMessage> {
  let ack: PostedMessage | undefined;
  for (let n = 0; n < 600; n++) {
    const g = await h.store.getGame(id);
    if (g.record.status !== 'running') break;
    const seat = g.seats.find((s) => s.userId === user.id)!.seat;
    expect(def.activeSeats(g.state)).toContain(seat);
    const action = def.bots[def.defaultBot]!(g.state, seat);
    const command = def.commands.find((c) => c.accepts(action));
    let reply: PostedMessage;
    if (command) {
      reply = await h.command(user, def.id, command.name, { [command.option]: def.encode(action) }, channel);
      if (labels(reply).includes('Confirm')) reply = await h.confirm(user, reply);
    } else {
      // The labels of the game's choice: on the turn post, or on the player's private answer when
      // their turn goes on there (the post's buttons are stale then).
      const taps = tapsFor(def, g.state, seat, action)!;
      const post = h.latestPost(channel);
      const where = ack && BigInt(ack.id) > BigInt(post.id) && labels(ack).includes(taps[0]!) ? ack : post;
      reply = (await h.tap(user, where, taps)).reply;
    }
    expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
    ack = reply;
  }
  return h.double.waitForMessage(channel, isEnd(id), 10_000);
}

/** `/games export` by `user` in `channel`: the private answer and the record it carries. */
async function exportRecord(user: User, channel: Channel, options: Record<string, number> = {}): Promise<{ reply: PostedMessage; record: GameRecordFile; text: string }> {
  const reply = await h.command(user, 'games', 'export', options, channel);
  expect(reply.ephemeral).toBe(true);
  const text = reply.attachments[0]!.data.toString('utf8');
  return { reply, record: parseRecord(text), text };
}

/** A picture's pixels, drawn here with its game's drawings. */
async function pixelsOf(def: AnyGame, p: Picture): Promise<{ rgba: Uint8Array; width: number; height: number }> {
  registerFonts();
  const drawings = await loadDrawings(def.drawings);
  return withLentCanvas(() => drawings[p.kind]!(p.view), (c) => ({ rgba: new Uint8Array(c.data()), width: c.width, height: c.height }));
}

const games: [string, number, Record<string, string | number | boolean>][] = [
  ['fence', 2, { 'auto-build': true, rounds: 3 }],
  ['kimbo', 2, { rounds: 12 }],
  ['farm', 2, {}],
];

describe('replay and record', () => {
  it.each(games)('%s: export → rebuild gives the stored end; Replay posts the whole game as one GIF for the channel', async (kind, computers, options) => {
    const def = gameById(kind)!;
    const channel = h.double.createChannel(h.guild, `replay-${kind}`);
    const id = await open(channel, def, computers, options);
    const end = await resignAndWait(channel, def, id);
    expect(labels(end)).toEqual(['Rematch', 'Replay']);
    await checkExportAndReplay(channel, def, id, end);
  }, 300_000);

  it('ducks: a game played move by move through Discord; export → rebuild gives the stored end; Replay posts it', async () => {
    const def = gameById('ducks')!;
    const channel = h.double.createChannel(h.guild, 'replay-ducks');
    const id = await open(channel, def, 1);
    const end = await playToTheEnd(channel, def, ana, id);
    expect(labels(end)).toEqual(['Rematch', 'Replay']);
    await checkExportAndReplay(channel, def, id, end);
  }, 300_000);

  it('export: refused for a running game (its seed decides what is to come), another server’s game, and a member who did not play; an admin may', async () => {
    const channel = h.double.createChannel(h.guild, 'replay-running');
    const none = await h.command(ana, 'games', 'export', {}, channel);
    expect(textOf(none)).toBe('No game has ended in this channel yet. Name one with the `game` option (its number, as in “game #12”).');
    const id = await open(channel, gameById('kimbo')!, 1);
    const running = await h.command(ana, 'games', 'export', { game: id }, channel);
    expect(textOf(running)).toBe(`Game #${id} is still running. Its record holds the seed, which decides every card and roll still to come, so it can be had once the game is over (\`/kimbo status\` shows where it stands).`);
    expect(running.attachments).toEqual([]);
    const ask = await h.command(ana, 'kimbo', 'resign', {}, channel);
    await (await h.double.clickButton(ana, ask, 'Resign')).reply(60_000);
    await h.double.waitForMessage(channel, isEnd(id), 60_000);

    const stranger = await h.command(cy, 'games', 'export', { game: id }, channel);
    expect(textOf(stranger)).toBe(`Only the players of game #${id} (Ana) or an admin can export its record.`);
    expect(stranger.attachments).toEqual([]);
    const { guild: far, channel: farChannel, boss } = h.setupGuild('Far Club', 'far', [ana]);
    expect(far.id).not.toBe(h.guild.id);
    const elsewhere = await h.command(ana, 'games', 'export', { game: id }, farChannel);
    expect(textOf(elsewhere)).toBe(`There is no game #${id} on this server.`);
    // A Replay button of this game, forged in another channel, does nothing.
    const side = h.double.createChannel(h.guild, 'replay-side');
    const forged = await (await h.double.forgeComponent(bo, side, `f:replay:${id}`, h.double.say(bo, side, 'press me'))).reply(10_000);
    expect(textOf(forged)).toBe('That button does not belong to a game of this channel, so nothing was done.');
    expect(h.double.messages(side).filter((m) => m.attachments.length > 0)).toEqual([]);
    // A member with Manage Server of this server may.
    h.double.addMember(h.guild, boss, { roles: [h.double.createRole(h.guild, 'Managers', PermissionFlagsBits.ManageGuild)] });
    const byAdmin = await exportRecord(boss, channel, { game: id });
    expect(byAdmin.record.id).toBe(id);
  }, 180_000);

  it('npm run replay rebuilds an exported record exactly, and says so when a record does not end where it says', async () => {
    const channel = h.double.createChannel(h.guild, 'replay-cli');
    const id = await open(channel, gameById('kimbo')!, 2, { rounds: 10 });
    await resignAndWait(channel, gameById('kimbo')!, id);
    const { text, record } = await exportRecord(ana, channel);
    const file = join(dir, `game-${id}.json`);
    writeFileSync(file, text);
    const root = resolve(import.meta.dirname, '../..');
    const run = (f: string) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/replay.ts', f], { cwd: root, encoding: 'utf8', timeout: 120_000 });
    const ok = run(file);
    expect(ok.status, ok.stderr).toBe(0);
    const lines = ok.stdout.trim().split('\n');
    expect(lines).toHaveLength(record.actions.length + 1);
    const moves = lines.slice(0, -1).map((l) => JSON.parse(l) as { move: number; by: string; action: unknown; said: string[] });
    expect(moves.map((m) => m.move)).toEqual(record.actions.map((_, k) => k + 1));
    expect(moves.filter((m) => m.by === 'Ana')).toEqual([expect.objectContaining({ action: { type: 'resign' } })]);
    expect(JSON.parse(lines[lines.length - 1]!)).toEqual({ outcome: { status: 'finished', winners: record.outcome!.winners.map((w) => record.seats[w]!.name) }, same: true });
    // One move short: the game is rebuilt, but it does not end where the record says.
    const short = join(dir, `game-${id}-short.json`);
    writeFileSync(short, JSON.stringify({ ...record, actions: record.actions.slice(0, -1) }));
    const differs = run(short);
    expect(differs.status).toBe(1);
    expect(differs.stderr).toContain('does not end as the record says');
    const bad = join(dir, 'not-a-record.json');
    writeFileSync(bad, JSON.stringify({ game: 'kimbo' }));
    const refused = run(bad);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/not a game record of this bot: "format"/);
  }, 180_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});

async function checkExportAndReplay(channel: Channel, def: AnyGame, id: number, end: PostedMessage): Promise<void> {
  // The record: exported privately by a player, rebuilt to exactly the state and outcome the bot stored.
  const { reply, record } = await exportRecord(ana, channel);
  expect(reply.attachments[0]!.filename).toBe(`game-${id}-${def.id}.json`);
  expect(textOf(reply)).toMatch(new RegExp(`^The record of game #${id} \\(${def.title}, \\d players, \\d+ moves, .+\\): its seed, options, players and every move`));
  const stored = await h.store.getGame(id);
  expect(record).toMatchObject({ game: def.id, id, status: 'finished', seed: stored.record.seed });
  expect(record.seats.map((s) => s.name)).toEqual(stored.seats.map((s) => s.name));
  const rebuilt = rebuild(record);
  expect(rebuilt.same).toBe(true);
  expect(rebuilt.final).toEqual(stored.state);
  expect(rebuilt.outcome?.detail).toEqual(stored.record.outcome);
  expect(rebuilt.outcome?.winners).toEqual(def.outcome(stored.state)!.winners);

  // The replay: Bo, who did not play, presses Replay; the channel gets one post with the GIF.
  const before = h.double.messages(channel).length;
  const answer = await (await h.double.clickButton(bo, end, 'Replay')).reply(240_000);
  expect(textOf(answer)).toBe(`The replay of game #${id} is posted, for everyone in this channel.`);
  const posts = h.double.messages(channel).slice(before);
  expect(posts).toHaveLength(1);
  const post = posts[0]!;
  expect(textOf(post)).toMatch(new RegExp(`^🎬 \\*\\*Replay of game #${id}\\*\\* \\(${def.title}\\), asked for by Bo: \\d+ pictures, turn by turn, from the start to the end\\.$`));
  expect(post.notified).toEqual([]);
  const file = post.attachments[0]!;
  expect(file.filename).toBe(`replay-${id}.gif`);
  expect(file.data.length).toBeLessThanOrEqual(MAX_ANIMATION_BYTES);
  const winners = rebuilt.outcome!.winners.map((w) => record.seats[w]!.name);
  expect(file.description).toMatch(new RegExp(`^Replay of game #${id} \\(${def.title}\\): \\d+ pictures of the game as its channel saw it, turn by turn, from the start to the end\\. `));
  for (const w of winners) expect(file.description).toContain(w);
  expect(file.description).not.toContain(record.seed);

  // Its frames are the game's own turn pictures, in order: public ones only, at their own scale.
  const { frames } = replayFrames(record, rebuilt);
  const gif = readGif(file.data);
  expect(gif.frames).toHaveLength(frames.length);
  expect(gif.loops).toBe(0);
  const handKinds = new Set(def.hand ? rebuilt.def.hand!(rebuilt.final, 0).pictures.map((p) => p.kind) : []);
  for (const f of frames) expect(handKinds.has(f.kind), f.kind).toBe(false);
  expect(shownPictures(rebuilt).length).toBeGreaterThanOrEqual(frames.length);
  const last = await pixelsOf(def, { kind: frames.at(-1)!.kind, view: frames.at(-1)!.view, alt: '' });
  if (gif.width === last.width) {
    // Drawn at its own size: the last frame is the last picture, pixel for pixel (within the palette's rounding).
    let off = 0;
    const shown = gif.frames.at(-1)!.rgba;
    for (let y = 0; y < last.height; y++) {
      for (let x = 0; x < last.width; x++) {
        const a = (y * last.width + x) * 4, b = (y * gif.width + x) * 4;
        if (Math.abs(last.rgba[a]! - shown[b]!) + Math.abs(last.rgba[a + 1]! - shown[b + 1]!) + Math.abs(last.rgba[a + 2]! - shown[b + 2]!) > 48) off++;
      }
    }
    expect(off / (last.width * last.height)).toBeLessThan(0.001);
  } else {
    // Drawn smaller to fit the size: as wide as the picture times the scale, never under 390 px.
    expect(gif.width).toBeLessThan(last.width);
    expect(gif.width).toBeGreaterThanOrEqual(390);
  }

  // A second press points to the post instead of posting it again.
  const again = await (await h.double.clickButton(ana, end, 'Replay')).reply(10_000);
  expect(textOf(again)).toMatch(new RegExp(`^The replay of game #${id} is already in this channel: https://discord\\.com/channels/${h.guild.id}/${channel.id}/${post.id} \\(posted <t:\\d+:R>\\)\\.$`));
  expect(h.double.messages(channel).length).toBe(before + 1);
}
