// E6 Free-For-All Tile Placement through the bot and the local Discord double: both players are
// asked at once in one post, and two players placing at the same moment both get their tiles in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { actionLabel, legalActions, type Action } from '../../src/games/fence/index.ts';
import type { Channel, User } from '../discord-double/index.ts';
import { FenceHarness } from './harness.ts';
import { textOf } from '../bot/harness.ts';

let h: FenceHarness;
let ana: User, bo: User, boss: User;
let channel: Channel;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
  ({ channel, boss } = h.setupGuild('Free Builders', 'fence-ffa', [ana, bo]));
});
afterAll(async () => {
  await h?.stop();
});

/** The value autocomplete offers `user` for this placement (the way a player picks it). */
async function offeredValue(user: User, label: string): Promise<string> {
  const choices = await h.double.autocomplete(user, channel, 'fence', 'placement', label, { subcommand: 'place' });
  const choice = choices.find((c) => c.name === label.slice(0, 100));
  if (!choice) throw new Error(`autocomplete did not offer "${label}"`);
  return String(choice.value);
}

describe('E6 Free-For-All through Discord', () => {
  it('E6 both players are asked in one post and place tiles at the same moment; neither waits for the other', async () => {
    const saved = await h.fence(boss, 'settings', { 'free-for-all': true }, channel);
    expect(textOf(saved)).toContain('everyone builds at once');
    await h.fence(ana, 'new', {}, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    await (await h.double.clickButton(bo, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);

    const start = h.latestPost(channel);
    expect(textOf(start)).toContain(`<@${ana.id}>`);
    expect(textOf(start)).toContain(`<@${bo.id}>`);
    expect(textOf(start)).toContain('everyone builds at once');

    const game = await h.game(channel);
    const s = game.state;
    const seatOf = (u: User) => game.seats.find((x) => x.userId === u.id)!.seat;
    const mine = legalActions(s, seatOf(ana)).filter((a): a is Extract<Action, { type: 'place' }> => a.type === 'place');
    const theirs = legalActions(s, seatOf(bo)).filter((a): a is Extract<Action, { type: 'place' }> => a.type === 'place');
    const a = mine[0]!;
    const b = theirs.find((x) => x.x !== a.x || x.y !== a.y)!;
    const [va, vb] = await Promise.all([offeredValue(ana, actionLabel(s, a)), offeredValue(bo, actionLabel(s, b))]);
    // Both commands are sent before either is answered.
    const [ra, rb] = await Promise.all([h.fence(ana, 'place', { placement: va }, channel), h.fence(bo, 'place', { placement: vb }, channel)]);
    expect(textOf(ra)).toMatch(/^Done/);
    expect(textOf(rb)).toMatch(/^Done/);
    const after = (await h.game(channel)).state;
    expect(after.map.map((p) => p.key)).toEqual(expect.arrayContaining([a.tile, b.tile]));
    expect(after.map).toHaveLength(3);
    const posts = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(posts).toMatch(/Ana placed .*/);
    expect(posts).toMatch(/Bo placed .*/);
  }, 120_000);
  it('E6 with a computer seat on a Big Map: Start asks both people, the computer keeps pace instead of placing every tile, and the post is not cut', async () => {
    const room = h.setupGuild('Free Builders With A Computer', 'fence-ffa-computer', [ana, bo]);
    await h.fence(room.boss, 'settings', { 'free-for-all': true, 'big-map': true }, room.channel);
    await h.fence(ana, 'new', {}, room.channel);
    const lobby = await h.double.waitForMessage(room.channel, (m) => textOf(m).includes('is open: join in!'));
    await (await h.double.clickButton(bo, lobby, 'Join')).acknowledged();
    await h.fence(ana, 'addbot', {}, room.channel);
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);

    const game = await h.game(room.channel);
    const computer = game.seats.find((x) => x.computer)!.seat;
    expect(game.state.phase).toBe('building');
    expect(game.state.map.length).toBeLessThanOrEqual(3);
    for (const person of [ana, bo]) {
      const seat = game.seats.find((x) => x.userId === person.id)!.seat;
      expect(game.state.tileHands[seat]!.length).toBeGreaterThan(20);
    }
    expect(game.state.tileHands[computer]!.length).toBeGreaterThan(20);
    const posts = h.double.messages(room.channel).map((m) => textOf(m)).join('\n');
    expect(posts).not.toMatch(/earlier line/);
    expect(posts).not.toMatch(/from (Ana|Bo)'s hand/i);
    const start = h.latestPost(room.channel);
    expect(textOf(start)).toContain(`<@${ana.id}>`);
    expect(textOf(start)).toContain(`<@${bo.id}>`);
    expect(textOf(start)).toContain('everyone builds at once');
  }, 120_000);
});
