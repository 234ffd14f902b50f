// How a FENCE! game reads in its channel: one post per turn (a Move Others turn's two parts
// together, even across a restart), a round's Hot Goods in its last turn's post (one more post
// per winner's colour question), buttons gone once used, a timeout said before the moves the
// computer made for the absent player.
import { mkdirSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { whoMustAct, type FenceEvent } from '../../src/games/fence/index.ts';
import { midTurn } from '../../src/games/fence/posts.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { textOf } from '../bot/harness.ts';
import { FenceHarness } from './harness.ts';

let h: FenceHarness;
let ana: User, bo: User, cy: User;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

async function start(name: string, options: Record<string, string | number | boolean>): Promise<Channel> {
  const channel = h.double.createChannel(h.guild, name);
  await h.fence(ana, 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
  return channel;
}

const publicPosts = (channel: Channel) => h.double.messages(channel).filter((m) => !m.ephemeral);
const moveBy = (line: string) => /^(.+?) (?:plays|pushes|moves the Cops|tips off)\b/.exec(line)?.[1] ?? null;

/** Plays until the person to act is between the two parts of Moving Others; returns their private answer. */
async function untilMidTurn(channel: Channel): Promise<PostedMessage> {
  for (let n = 0; n < 200; n++) {
    const before = publicPosts(channel).length;
    const reply = await h.playOne(channel);
    if (midTurn((await h.game(channel)).state)) {
      // The channel is told nothing yet; the mover is told privately what comes next.
      expect(publicPosts(channel).length).toBe(before);
      expect(textOf(reply)).toMatch(/^Done: .+\. Next, [\s\S]*The channel sees your whole turn once it is over\./);
      return reply;
    }
  }
  throw new Error('nobody moved others in 200 moves');
}

describe('posting', () => {
  it('a full three-player game: one post per turn with one picture, a round\'s Hot Goods in its last turn\'s post and one more per winner\'s colour question, and only the newest post keeps buttons', async () => {
    const channel = await start('full-game', { 'auto-build': true, rounds: 4 });
    const firstPost = publicPosts(channel).length - 1;
    let moves = 0;
    while ((await h.store.loadActiveGame(channel.id)) && moves++ < 400) await h.playOne(channel);
    const game = await h.store.getGame(Number(/Game #(\d+)/.exec(textOf(h.latestPost(channel)))![1]));
    expect(game.record.status).toBe('finished');

    const log = await h.store.getActionLog(game.record.id);
    const events = log.flatMap((e) => e.events as FenceEvent[]);
    // Turns: the first is started by the game's start, every other by an action.
    const turns = 1 + events.filter((e) => e.type === 'turnStarted').length;
    const rounds = new Set(events.filter((e) => e.type === 'roundStarted').map((e) => (e as { round: number }).round)).size + 1;
    // A Hot Goods winner's colour: asked at the end of a post, answered in the next.
    const questions = events.filter((e) => e.type === 'cardDrawn' && e.why === 'hotGoods' && e.chosen).length;
    const posts = publicPosts(channel).slice(firstPost);
    const withPictures = posts.filter((p) => p.attachments.length > 0);
    const hotGoodsPosts = withPictures.filter((p) => /^Hot Goods \d+\/\d+:/m.test(textOf(p)));
    const images = posts.reduce((n, p) => n + p.attachments.length, 0);
    // One per turn, plus the start post (the map the bot built), plus one per colour question.
    expect(posts.length, posts.map((p) => textOf(p).split('\n').slice(0, 2).join(' / ')).join('\n')).toBeLessThanOrEqual(turns + 1 + questions);
    expect(hotGoodsPosts.length).toBeLessThanOrEqual(rounds + questions);
    expect(hotGoodsPosts.length).toBeGreaterThan(0);
    // Every post has one picture at most, a round's Hot Goods too (the whole city, each roll's tile numbered).
    for (const p of posts) expect(p.attachments.length, textOf(p)).toBeLessThanOrEqual(1);
    for (const p of hotGoodsPosts) expect(p.attachments[0]?.filename).toBe('overview.png');
    // Every post but the last (the end, with Rematch) lost its buttons; so did each private answer whose choice was made.
    for (const m of posts.slice(0, -1)) expect(h.choicesOn(h.double.log.get(m.id)), textOf(m)).toEqual([]);
    expect(h.double.buttons(posts[posts.length - 1]!).map((b) => ('label' in b ? b.label : ''))).toEqual(['Rematch', 'Replay']);
    const pressedAnswers = h.double.log.all().filter((m) => m.ephemeral && m.channelId === channel.id && m.edits > 0 && /^Done/.test(textOf(m)));
    for (const m of pressedAnswers) expect(h.double.buttons(m).filter((b) => 'custom_id' in b && b.custom_id.startsWith('f:pick:'))).toEqual([]);

    mkdirSync('test-output', { recursive: true });
    writeFileSync('test-output/posting-counts.json', `${JSON.stringify({ moves, turns, rounds, questions, messages: posts.length, picturePosts: withPictures.length, hotGoodsPosts: hotGoodsPosts.length, images }, null, 2)}\n`);
  }, 150_000);

  it('a Move Others turn is one post, even with a restart between its two parts', async () => {
    const channel = await start('restart-mid-turn', { 'auto-build': true, rounds: 6 });
    await untilMidTurn(channel);
    const { state } = await h.game(channel);
    const name = state.seats[whoMustAct(state)!]!.name;
    const before = publicPosts(channel).length;
    await h.running.stop();
    await h.startBot();
    // Start-up tells nothing of the half-made turn (the channel still waits for its end): it only
    // points the mover to what comes next (issue 28.1), without a picture or a move of it.
    const notice = publicPosts(channel).slice(before);
    expect(notice.length).toBe(1);
    expect(notice[0]!.content).toMatch(/your turn in game #\d+ is not over/);
    expect(notice[0]!.attachments).toEqual([]);
    expect(notice[0]!.content.split('\n').filter((l) => moveBy(l) !== null)).toEqual([]);
    expect(midTurn((await h.game(channel)).state)).toBe(true);
    await h.playOne(channel);
    const told = publicPosts(channel).slice(before + 1);
    expect(told.length).toBeGreaterThan(0);
    // The turn's post tells both parts, by the mover, once; its map shows the turn's end.
    const turnPost = told[0]!;
    const byMover = textOf(turnPost).split('\n').filter((l) => moveBy(l) === name);
    expect(byMover.length, textOf(turnPost)).toBeGreaterThanOrEqual(2);
    for (const l of byMover) expect(told.slice(1).some((p) => textOf(p).includes(l))).toBe(false);
    expect(turnPost.attachments.length).toBe(1);
  }, 120_000);

  it('a timeout is said before the moves the computer made for the absent player, also halfway through their turn', async () => {
    const channel = await start('timeouts', { 'auto-build': true, rounds: 6, 'turn-limit': 600 });
    await untilMidTurn(channel);
    const game = await h.game(channel);
    const name = game.state.seats[whoMustAct(game.state)!]!.name;
    const before = publicPosts(channel).length;
    h.nowOffset += 601_000;
    await h.running.bot.tickTimers();
    const post = publicPosts(channel).slice(before).find((p) => textOf(p).includes('ran out of time'))!;
    const lines = textOf(post).split('\n');
    const notice = lines.findIndex((l) => l.startsWith(`${name} ran out of time`));
    // Their own first part, then the notice, then what the computer did for them.
    expect(lines.slice(0, notice).some((l) => moveBy(l) === name), textOf(post)).toBe(true);
    expect(lines.slice(notice + 1).some((l) => moveBy(l) === name), textOf(post)).toBe(true);
    h.nowOffset = 0;
  }, 120_000);
});
