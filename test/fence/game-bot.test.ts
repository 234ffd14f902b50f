// Three people play FENCE! end to end through the local Discord double, with the real
// discord.js client and the real bot (startBot): lobby, autocomplete, H1 buttons, hands,
// refusals, and a winner — once on an auto-built map, once building the map by hand — and
// a game with computers posted one turn a post. What every game's channel does (a DM, a
// missing permission, a thread): test/bot/game.test.ts, on the race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsText, whoMustAct } from '../../src/games/fence/index.ts';
import { midTurn } from '../../src/games/fence/posts.ts';
import type { PostedMessage, User } from '../discord-double/index.ts';
import { textOf } from '../bot/harness.ts';
import { FenceHarness } from './harness.ts';

let h: FenceHarness;
let ana: User, bo: User, cy: User, dee: User;
/** Every hand text a player was shown privately (3+ cards, so no public move can spell it). */
const secrets = new Set<string>();

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, cy, dee } = h.users as Record<'ana' | 'bo' | 'cy' | 'dee', User>);
});
afterAll(async () => {
  await h?.stop();
});

async function openAndStart(options: Record<string, string | number | boolean>, channel = h.channel): Promise<PostedMessage> {
  const ack = await h.fence(ana, 'new', options, channel);
  expect(ack.ephemeral).toBe(true);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  // Joining twice is refused, privately.
  const twice = await (await h.double.clickButton(bo, lobby, 'Join')).reply();
  expect(twice.ephemeral).toBe(true);
  expect(textOf(twice)).toMatch(/already have a seat/);
  await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);
  // Only the host (or Manage Channels) starts.
  const notHost = await (await h.double.clickButton(dee, lobby, 'Start')).reply();
  expect(notHost.ephemeral).toBe(true);
  expect(textOf(notHost)).toMatch(/Only the host \(Ana\)/);
  const before = h.double.messages(channel).length;
  // The host's private answer comes after every post of the start, so the channel is complete.
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  expect(textOf(started)).toMatch(/Game #\d+ has started/);
  expect(h.double.messages(channel).length).toBeGreaterThan(before);
  return h.latestPost(channel);
}

async function peekHands(): Promise<void> {
  const game = await h.game();
  for (const [seat] of game.state.seats.entries()) {
    const user = h.userOf(game, seat);
    const reply = await h.fence(user, 'hand');
    expect(reply.ephemeral).toBe(true);
    expect(reply.recipientId).toBe(user.id);
    expect(reply.attachments.map((a) => a.filename)).toContain('hand.png');
    const hand = game.state.hands[seat] ?? [];
    if (hand.length >= 3) {
      expect(textOf(reply)).toContain(cardsText(hand));
      secrets.add(cardsText(hand));
    }
  }
}

/** A public post; its map (when the map changed) with its alt text. */
function expectTurnPost(post: PostedMessage): void {
  expect(post.ephemeral).toBe(false);
  if (post.attachments.length === 0) return;
  expect(post.attachments[0]?.filename).toMatch(/^(map|closeup|overview)(-\d+)?\.png$/);
  expect(post.attachments[0]?.description?.length).toBeGreaterThan(20);
}

async function playToTheEnd(): Promise<PostedMessage> {
  let turns = 0;
  let sawChoice = false;
  while ((await h.store.loadActiveGame(h.channel.id)) && turns < 400) {
    const game = await h.game();
    if (game.state.pending) sawChoice = true;
    if (turns % 7 === 3) await peekHands();
    await h.playOne();
    if (await h.store.loadActiveGame(h.channel.id)) expectTurnPost(h.latestPost());
    turns++;
  }
  expect(sawChoice).toBe(true);
  // The last turn's post tells the game's end too (after what happened, with its map).
  const last = h.latestPost();
  expectTurnPost(last);
  expect(textOf(last)).toMatch(/\n\*\*Game #\d+ is over\.\*\* (🏆 .*(wins|share the win)!|Nobody wins\.)/);
  return last;
}

describe('a game in a channel', () => {
  it('three users play a complete game on an auto-built map, from /fence new to a winner', async () => {
    const first = await openAndStart({ 'auto-build': true, rounds: 4 });
    expectTurnPost(first);
    expect(textOf(first)).toMatch(/Game #1 begins!/);
    // The post mentions whoever must act, and that mention notifies.
    const game = await h.game();
    const who = whoMustAct(game.state)!;
    expect(textOf(first)).toContain(`<@${h.userOf(game, who).id}>`);

    // Out of turn, not in the game, someone else's choice, a non-admin abort: each its own refusal.
    const other = h.userOf(game, (who + 1) % 3);
    const out = await h.fence(other, 'move', { move: 'anything' });
    expect(out.ephemeral).toBe(true);
    expect(textOf(out)).toMatch(/^It is not your turn: the game waits for/);
    const stranger = await h.fence(dee, 'move', { move: 'anything' });
    expect(stranger.ephemeral).toBe(true);
    expect(textOf(stranger)).toMatch(/^You are not playing in game #1/);
    const ac = await h.double.autocomplete(other, h.channel, 'fence', 'move', '', { subcommand: 'move' });
    expect(ac).toEqual([expect.objectContaining({ name: expect.stringMatching(/^Not your turn/) })]);
    if (game.state.pending) {
      const pick = h.double.buttons(first).find((b) => 'custom_id' in b && b.custom_id.startsWith('f:pick:'));
      const click = await h.double.clickButton(dee, first, (pick as { custom_id: string }).custom_id);
      const r = await click.reply();
      expect(r.ephemeral).toBe(true);
      expect(textOf(r)).toMatch(/^This choice is <@\d+>'s, not yours/);
    }
    const abort = await h.fence(bo, 'abort');
    expect(abort.ephemeral).toBe(true);
    expect(textOf(abort)).toMatch(/Only the host \(Ana\) or a member with the Manage Channels permission can abort/);
    const status = await h.fence(dee, 'status');
    expect(status.ephemeral).toBe(true);
    expect(textOf(status)).toMatch(/Players:\n1\. Ana: \d+ cards/);

    const handButton = h.double.buttons(first).find((b) => 'label' in b && b.label === 'Show my hand');
    const last = await playToTheEnd();
    // The first post lost its buttons once the game moved on; a press of one still on an old screen gets its own answer.
    expect(h.choicesOn(h.double.log.get(first.id))).toEqual([]);
    const stale = await (await h.double.forgeComponent(ana, h.channel, (handButton as { custom_id: string }).custom_id, first)).reply();
    expect(stale.ephemeral).toBe(true);
    expect(textOf(stale)).toMatch(/belongs to game #1, which is over/);
    expect(h.double.buttons(last).map((b) => ('label' in b ? b.label : ''))).toEqual(['Rematch', 'Replay']);
    const none = await h.fence(ana, 'move', { move: 'x' });
    expect(textOf(none)).toMatch(/There is no FENCE! game in this channel/);
  }, 120_000);

  it('three users build the map by hand (place with autocomplete) and play to a winner', async () => {
    const first = await openAndStart({ rounds: 2 });
    expectTurnPost(first);
    expect(textOf(first)).toMatch(/`\/fence place`/);
    const game = await h.game();
    expect(game.state.phase).toBe('building');
    const placer = h.userOf(game, whoMustAct(game.state)!);
    const choices = await h.double.autocomplete(placer, h.channel, 'fence', 'placement', '', { subcommand: 'place' });
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.length).toBeLessThanOrEqual(25);
    expect(choices[0]?.name).toMatch(/ at [A-Z]+\d+/);
    // Free text that is not a suggestion is refused with what is legal.
    const typo = await h.fence(placer, 'place', { placement: 'somewhere nice' });
    expect(textOf(typo)).toMatch(/Pick one of the suggestions[\s\S]*You could: \*\*/);
    // An action of another kind sent to /fence place is refused too.
    const wrong = await h.fence(placer, 'place', { placement: '{"type":"copsRoad","to":"1-3/0"}' });
    expect(textOf(wrong)).toMatch(/not something `\/fence place` does/);
    // The hand during building shows the tiles too.
    const hand = await h.fence(placer, 'hand');
    expect(hand.attachments.map((a) => a.filename)).toEqual(['hand.png', 'tiles.png']);
    const refreshed = await (await h.double.clickButton(placer, hand, 'Refresh')).acknowledged();
    expect(refreshed).toBe(6);
    await playToTheEnd();
  }, 180_000);

  it('kept every private thing private: ephemeral replies, no hand in public posts, alt text or logs', () => {
    expect(secrets.size).toBeGreaterThan(0);
    const all = h.double.log.all();
    // Every answer to an interaction is ephemeral; public posts are the bot's own channel messages.
    for (const m of all.filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    const publicText = h.double.messages(h.channel).map((m) => [textOf(m), ...m.attachments.map((a) => `${a.filename} ${a.description ?? ''}`)].join('\n')).join('\n');
    expect(publicText).not.toMatch(/hand\.png|tiles\.png|Your hand|start tile:/);
    for (const s of secrets) expect(publicText).not.toContain(s);
    expect(h.logs.length).toBeGreaterThan(50);
    const logs = h.logs.join('\n');
    for (const s of secrets) expect(logs).not.toContain(s);
    expect(logs).not.toMatch(/\b[RB][1-6]\b|Red \d|Blue \d|seed|"to":/);
    expect(logs).not.toContain(h.double.token);
    for (const line of h.logs) expect(() => JSON.parse(line)).not.toThrow();
    const interactions = h.logs.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'interaction');
    expect(interactions.every((l) => typeof l.ms === 'number' && typeof l.outcome === 'string' && typeof l.command === 'string')).toBe(true);
    expect(interactions.some((l) => String(l.outcome).startsWith('refused:NOT_YOUR_TURN'))).toBe(true);
    h.double.expectNoViolations();
  });

  it('posts each turn as one message with one picture, a round\'s Hot Goods in its last turn\'s post (a winner\'s colour question ending it), and pings only at the end of a batch', async () => {
    const table = h.double.createChannel(h.guild, 'with-computers');
    await h.fence(ana, 'new', { 'auto-build': true, rounds: 3, computers: 2 }, table);
    const start = await h.fence(ana, 'start', {}, table);
    expect(textOf(start)).toMatch(/has started/);
    const batches: PostedMessage[][] = [h.double.messages(table).filter((m) => m.attachments.length > 0)];
    let turns = 0;
    while ((await h.store.loadActiveGame(table.id)) && turns++ < 200) {
      const before = h.double.messages(table).length;
      await h.playOne(table);
      const batch = h.double.messages(table).slice(before);
      // Nothing is posted only in the middle of a turn, which the channel sees once it ends.
      if (batch.length === 0) expect(midTurn((await h.game(table)).state)).toBe(true);
      else batches.push(batch);
    }
    const end = h.latestPost(table);
    expect(textOf(end)).toMatch(/Game #\d+ is over/);

    const moveBy = (line: string) => /^(.+?) (?:plays|pushes|moves the Cops|tips off)\b/.exec(line)?.[1] ?? null;
    let hotGoodsPosts = 0, questions = 0;
    for (const batch of batches) {
      for (const [n, post] of batch.entries()) {
        const last = n === batch.length - 1;
        expect(post.ephemeral).toBe(false);
        expect(post.edits).toBeLessThanOrEqual(1);
        // One picture a post: a gallery of several would show each at half a phone's width.
        expect(post.attachments.length, textOf(post)).toBeLessThanOrEqual(1);
        if (post === end) continue;
        // Only the batch's last post asks someone to act: it alone pings and carries buttons.
        if (!last) {
          expect(post.notified, textOf(post)).toEqual([]);
          expect(textOf(post)).not.toMatch(/<@\d+>/);
        } else if (!/is over/.test(textOf(post))) {
          expect(post.notified).toEqual([ana.id]);
        }
        const lines = textOf(post).split('\n');
        const rolls = lines.map((l) => /^Hot Goods (\d+)\/(\d+):/.exec(l)).filter((m): m is RegExpExecArray => m !== null);
        if (rolls.length > 0) {
          hotGoodsPosts++;
          // The round's rolls in order, on the whole city: each roll's tile numbered, its result in the alt text.
          expect(rolls.map((r) => Number(r[1])), textOf(post)).toEqual(rolls.map((_, k) => Number(rolls[0]![1]) + k));
          expect(post.attachments[0]?.filename, textOf(post)).toBe('overview.png');
          expect(post.attachments[0]?.description).toMatch(/Hot Goods \d+ of \d+: red \d, blue \d/);
          // A winner's colour question ends the post, under the picture it is about; else the next turn starts in it.
          if (/choose the colour/.test(textOf(post))) {
            questions++;
            expect(lines.at(-1)).toMatch(/choose the colour/);
            const more = rolls.length + Number(rolls[0]![1]) - 1 < Number(rolls[0]![2]);
            if (more) expect(textOf(post)).not.toMatch(/Round \d+ begins/);
          }
        } else if (post.attachments.length > 0) {
          expectTurnPost(post);
        }
        // One turn per post: every move in it is by the same player.
        const movers = new Set(lines.map(moveBy).filter((x): x is string => x !== null));
        expect(movers.size, textOf(post)).toBeLessThanOrEqual(1);
        // The picture names whose turn it is (the pinged player, or a computer whose turn follows).
        const asked = /^<@\d+>, /m.test(textOf(post)) ? 'Ana' : null;
        if (asked && post.attachments[0]) expect(post.attachments[0].description, textOf(post)).toMatch(/Ana to play/);
      }
    }
    // Computers' turns follow a person's at once, each in its own post.
    expect(batches.some((b) => b.filter((p) => /^Computer \d (plays|pushes|moves|tips)/m.test(textOf(p))).length >= 2)).toBe(true);
    expect(hotGoodsPosts).toBeGreaterThanOrEqual(2);
    expect(questions).toBeGreaterThanOrEqual(1);
    // Only the newest post still has buttons: every earlier one lost them once the game moved on.
    const all = h.double.messages(table);
    for (const m of all.slice(0, -1)) expect(h.choicesOn(h.double.log.get(m.id)), textOf(m)).toEqual([]);
  }, 120_000);
});
