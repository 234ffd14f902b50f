// The Extended Rules through the bot and the local Discord double: a server's saved default
// variants, the lobby line, the start post, /fence status, and a game played through Discord
// with boats, Hunches, the Trading Post, the Ritzy Tile and Wasted Hot Goods on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel, User } from '../discord-double/index.ts';
import { FenceHarness } from './harness.ts';
import { textOf } from '../bot/harness.ts';

let h: FenceHarness;
let ana: User, bo: User, cy: User, boss: User;
let channel: Channel;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
  ({ channel, boss } = h.setupGuild('Variant Club', 'fence-variants', [ana, bo, cy]));
});
afterAll(async () => {
  await h?.stop();
});

describe('FENCE! variants through Discord', () => {
  it('a server saves default variants; the lobby, the start post and /fence status name them; the game plays through Discord', async () => {
    const saved = await h.fence(boss, 'settings', { boats: true, hunch: true, 'trading-post': true, ritzy: true, 'wasted-hot-goods': true }, channel);
    expect(textOf(saved)).toMatch(/^Saved\./);
    expect(textOf(saved)).toContain('Ritzy Tile');

    await h.fence(ana, 'new', { 'auto-build': true }, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    expect(textOf(lobby)).toContain("Options: the bot builds the map · 24 hours per turn · round limit 200 · Trading Post · Boats · Ritzy Tile · Wasted Hot Goods · Hunches from Jail");
    await (await h.double.clickButton(bo, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(cy, lobby, 'Join')).acknowledged();
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
    const posts = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    // The lobby post, turned into the start post, keeps the line of options, variants included.
    expect(posts).toContain('Trading Post · Boats · Ritzy Tile · Wasted Hot Goods · Hunches from Jail\nThe game has started.');
    expect(posts).toMatch(/The Ritzy Tile draw: .* give two cards/);

    const status = await h.fence(bo, 'status', {}, channel);
    expect(status.ephemeral).toBe(true);
    expect(textOf(status)).toContain('Variants: Trading Post · Boats · Ritzy Tile · Wasted Hot Goods · Hunches from Jail');

    // Everyone plays what the simple computer would, through commands and buttons, for a while.
    for (let k = 0; k < 40; k++) {
      const game = await h.game(channel);
      if (game.state.outcome) break;
      await h.playOne(channel);
    }
    const game = await h.game(channel);
    expect(game.state.round).toBeGreaterThan(1);
    // No post ever shows a card code or a hand.
    for (const m of h.double.messages(channel)) expect(textOf(m)).not.toMatch(/\b[RB]([1-6]|J|F)\b/);
  }, 120_000);
});
