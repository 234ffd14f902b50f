// A game's pause, the same for every game (Race here, end to end through the Discord double
// with a fake clock): a vote of more than half of its players, or its host alone; a paused
// game refuses every move and fires no timer; its clocks resume with the time they had left.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kimbo, type KimboState } from '../../src/games/kimbo/index.ts';
import { registerGame } from '../../src/games/registry.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User, dee: User;
const MIN = 60_000;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy, dee } = h.users as Record<'ana' | 'bo' | 'cy' | 'dee', User>);
});
afterAll(async () => {
  await h?.stop();
});

const labels = (m: PostedMessage): string[] => h.double.buttons(h.double.log.get(m.id) ?? m).map((b) => ('label' in b ? b.label ?? '' : ''));
const postsSince = (channel: Channel, n: number): PostedMessage[] => h.double.messages(channel).slice(n);

/** Ana opens a race in `channel`, the others join, Ana starts it: the game's id and its first post. */
async function startRace(channel: Channel, players: User[], options: Record<string, string | number | boolean>): Promise<{ id: number; post: PostedMessage }> {
  await h.command(ana, 'race', 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players) if (p !== ana) await (await h.double.clickButton(p, lobby, 'Join')).reply(10_000);
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  return { id: Number(/Game #(\d+)/.exec(textOf(started))![1]), post: h.latestPost(channel) };
}

describe('a paused game', () => {
  it('is paused by a majority vote: moves are refused, no timer fires; the host resumes it alone and the clocks go on with the time they had left', async () => {
    h.nowOffset = 0;
    const channel = h.double.createChannel(h.guild, 'pause-vote');
    const { id } = await startRace(channel, [ana, bo, cy], { 'turn-limit': 3600, goal: 30 });
    expect(textOf(await h.command(bo, 'race', 'step', { step: 'step2' }, channel))).toBe('Done: Step 2.');
    const turnPost = h.latestPost(channel);
    expect(labels(turnPost)).toContain('Step 1');

    // 20 minutes into the turn, Cy asks for a pause: one vote of the two needed (of three players).
    h.nowOffset = 20 * MIN;
    const vote = await h.command(cy, 'race', 'pause', {}, channel);
    expect(textOf(vote)).toBe(`Your vote to pause game #${id} is counted: 1 of the 2 votes needed.`);
    const votePost = h.latestPost(channel);
    expect(textOf(votePost)).toBe(`⏸️ Cy votes to pause game #${id}: 1 of the 2 votes needed. Players who agree press **Pause too**.`);
    expect(labels(votePost)).toEqual(['Pause too']);
    expect(votePost.notified).toEqual([]);
    expect(textOf(await h.command(cy, 'race', 'pause', {}, channel))).toBe(`You have already voted to pause game #${id}: it waits for more of its players to agree.`);
    expect(textOf(await h.command(dee, 'race', 'pause', {}, channel))).toBe(`Only the players of game #${id}, its host or a member with Manage Channels can pause or resume it.`);

    // Bo agrees from the vote's post: the game is paused, and the channel is told in a new message.
    const posts = h.double.messages(channel).length;
    expect(textOf(await (await h.double.clickButton(bo, votePost, 'Pause too')).reply(10_000))).toBe(`Game #${id} is paused.`);
    const pausedPost = postsSince(channel, posts)[0]!;
    expect(textOf(pausedPost)).toBe(`⏸️ **Game #${id} is paused** (by a vote of Cy and Bo). Nothing can be played and the turn clocks are stopped until it is resumed: **Resume** below or \`/race pause\`, by the host or a member with Manage Channels alone, or by 2 of its players.`);
    expect(labels(pausedPost)).toEqual(['Resume']);
    const version = (await h.store.getGame(id)).record.version;

    // Nothing is played: a typed move, a button, an undo each get a refusal saying how to go on.
    const refusal = new RegExp(`^Game #${id} is paused \\(since <t:\\d+:R>\\), so nothing was changed\\. To go on, resume it with \`/race pause\`: the host or a member with Manage Channels alone, or 2 of its players\\.`);
    expect(textOf(await h.command(ana, 'race', 'step', { step: 'step1' }, channel))).toMatch(refusal);
    expect(textOf(await (await h.double.clickButton(cy, turnPost, 'Step 3')).reply(10_000))).toMatch(refusal);
    expect(textOf(await h.command(bo, 'race', 'undo', {}, channel))).toMatch(refusal);
    const suggestions = await h.double.autocomplete(ana, channel, 'race', 'step', '', { subcommand: 'step' });
    expect(suggestions.map((c) => c.name)).toEqual([expect.stringMatching(new RegExp(`^Game #${id} is paused`))]);
    expect(textOf(await (await h.double.clickButton(ana, votePost, 'Pause too')).reply(10_000))).toBe(`Game #${id} is already paused: \`/race pause\` asks to resume it.`);

    // Five hours later no timer has fired (the turn had 40 minutes left); the status says so.
    h.nowOffset = 5 * 60 * MIN;
    const quiet = h.double.messages(channel).length;
    await h.running.bot.tickTimers();
    expect(postsSince(channel, quiet)).toEqual([]);
    expect((await h.store.getGame(id)).record.version).toBe(version);
    const status = await h.command(dee, 'race', 'status', {}, channel);
    expect(textOf(status)).toMatch(/\n⏸️ Paused <t:\d+:R>: nothing can be played until it is resumed \(`\/race pause`\)\.\n/);
    expect(textOf(status)).toMatch(/\nWaiting for: Ana since <t:\d+:R>\.\nTurn clock stopped with 40 minutes left\.\nWaiting for: Cy since <t:\d+:R>\.\nTurn clock stopped with 40 minutes left\./);
    const mine = await h.command(cy, 'games', 'mine', {}, channel);
    expect(textOf(mine)).toMatch(new RegExp(`#${id} Race \\(\`/race\`\\) in <#${channel.id}>: ⏸️ paused <t:\\d+:R>, \\*\\*your turn\\*\\* since <t:\\d+:R>`));

    // The host resumes it alone; whoever it waits for is pinged.
    const resumed = await h.command(ana, 'race', 'pause', {}, channel);
    expect(textOf(resumed)).toBe(`Game #${id} is resumed.`);
    const resumedPost = h.latestPost(channel);
    expect(textOf(resumedPost)).toBe(`▶️ **Game #${id} is resumed** (by Ana): the turn clocks run again with the time they had left.\nWaiting for <@${ana.id}> and <@${cy.id}>.`);
    expect([...resumedPost.notified].sort()).toEqual([ana.id, cy.id].sort());
    expect(labels(resumedPost)).toEqual([]);

    // The reminders had 10 minutes left, the timeouts 40.
    const after = h.double.messages(channel).length;
    h.nowOffset = 5 * 60 * MIN + 9 * MIN;
    await h.running.bot.tickTimers();
    expect(postsSince(channel, after)).toEqual([]);
    h.nowOffset = 5 * 60 * MIN + 11 * MIN;
    await h.running.bot.tickTimers();
    expect(postsSince(channel, after).map((m) => textOf(m).slice(0, 40))).toEqual([`⏰ <@${ana.id}>, half of your time`.slice(0, 40), `⏰ <@${cy.id}>, half of your time`.slice(0, 40)]);
    h.nowOffset = 5 * 60 * MIN + 39 * MIN;
    await h.running.bot.tickTimers();
    expect(postsSince(channel, after)).toHaveLength(2);
    h.nowOffset = 5 * 60 * MIN + 41 * MIN;
    await h.running.bot.tickTimers();
    const timedOut = postsSince(channel, after).map((m) => textOf(m)).join('\n');
    expect(timedOut).toContain('Ana ran out of time and steps 1.');
    expect(timedOut).toContain('Cy ran out of time and steps 1.');
    expect(timedOut).toContain('Round 1: Ana +1 → 1, Bo +2 → 2, Cy +1 → 1.');

    // Resuming a game that is not paused changes nothing.
    expect(textOf(await (await h.double.clickButton(bo, pausedPost, 'Resume')).reply(10_000))).toBe(`Game #${id} is not paused any more: nothing was changed.`);
    const ask = await h.command(ana, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(ana, ask, 'Abort the game')).acknowledged();
  });

  it('is resumed by a vote too, and a player may still leave a paused game', async () => {
    h.nowOffset = 0;
    const channel = h.double.createChannel(h.guild, 'pause-resume');
    const { id } = await startRace(channel, [ana, bo, cy], { 'turn-limit': 3600, goal: 30 });
    // The host pauses alone.
    expect(textOf(await h.command(ana, 'race', 'pause', {}, channel))).toBe(`Game #${id} is paused.`);
    const pausedPost = h.latestPost(channel);
    expect(textOf(pausedPost)).toMatch(new RegExp(`^⏸️ \\*\\*Game #${id} is paused\\*\\* \\(by Ana\\)\\.`));
    // Two of the three players resume it.
    const vote = await (await h.double.clickButton(bo, pausedPost, 'Resume')).reply(10_000);
    expect(textOf(vote)).toBe(`Your vote to resume game #${id} is counted: 1 of the 2 votes needed.`);
    expect(textOf(h.latestPost(channel))).toBe(`▶️ Bo votes to resume game #${id}: 1 of the 2 votes needed. Players who agree press **Resume too**.`);
    expect(textOf(await (await h.double.clickButton(cy, h.latestPost(channel), 'Resume too')).reply(10_000))).toBe(`Game #${id} is resumed.`);
    expect(textOf(h.latestPost(channel))).toMatch(new RegExp(`^▶️ \\*\\*Game #${id} is resumed\\*\\* \\(by a vote of Bo and Cy\\)`));
    expect(textOf(await h.command(ana, 'race', 'step', { step: 'step1' }, channel))).toBe('Done: Step 1.');

    // Paused again, Cy leaves: resigning is not a move, and the clocks stay stopped.
    expect(textOf(await h.command(ana, 'race', 'pause', {}, channel))).toBe(`Game #${id} is paused.`);
    const ask = await h.command(cy, 'race', 'resign', {}, channel);
    await (await h.double.clickButton(cy, ask, 'Resign')).acknowledged();
    await h.double.waitFor(() => (/Cy leaves the race/.test(textOf(h.latestPost(channel))) ? true : undefined), 10_000, 'the resignation');
    const timers = await h.store.listTimers(id);
    expect(timers.map((t) => `${t.kind}:${t.seat}`).sort()).toEqual(['reminder:1', 'timeout:1']);
    expect(timers.every((t) => t.fireAt.getUTCFullYear() === 9999)).toBe(true);
    const abort = await h.command(ana, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
  });

  it('refuses to open the next level of a choice too (Game of Fences: Move a fence), showing no choices', async () => {
    const channel = h.double.createChannel(h.guild, 'pause-levels');
    await h.command(ana, 'kimbo', 'new', {}, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
    const turnPost = h.latestPost(channel);
    expect(labels(turnPost)).toContain('Move a fence');
    const game = (await h.store.loadActiveGame(channel.id))!;
    const mover = h.userOf(game, kimbo.activeSeats(game.state as KimboState)[0]!);
    expect(textOf(await h.command(ana, 'kimbo', 'pause', {}, channel))).toBe(`Game #${game.record.id} is paused.`);
    const refused = await (await h.double.clickButton(mover, turnPost, 'Move a fence')).reply(10_000);
    expect(textOf(refused)).toMatch(new RegExp(`^Game #${game.record.id} is paused \\(since <t:\\d+:R>\\), so nothing was changed\\.`));
    expect(refused.attachments).toEqual([]);
    expect(h.double.buttons(refused)).toEqual([]);
    const abort = await h.command(ana, 'kimbo', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
