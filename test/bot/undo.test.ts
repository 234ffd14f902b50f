// Undo through Discord, on the race: the Undo button on a move's acknowledgement and
// `/<game> undo`, the channel told, and the refusals (nothing to take back, someone else played
// since, a pick that revealed the round). FENCE!'s cards and dice: test/fence/undo-bot.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import { inEffectOf } from '../../src/store/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';
import { replay } from '../../src/runtime/replay.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

const labels = (m: PostedMessage): string[] => h.double.buttons(m).map((b) => ('label' in b ? b.label ?? '' : ''));

async function startGame(channel: Channel, game: string, options: Record<string, string | number | boolean> = {}): Promise<void> {
  await h.command(ana, game, 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
}

describe('undo', () => {
  it('the Undo button takes back a pick; the channel is told and sees the track again; replay stays exact', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-pick');
    await startGame(channel, 'race');
    const before = await h.gameOf(race, channel);
    const nothing = await h.command(bo, 'race', 'undo', {}, channel);
    expect(textOf(nothing)).toBe('There is no move of yours to take back yet.');

    const reply = await (await h.double.clickButton(bo, h.latestPost(channel), 'Step 3')).reply(10_000);
    expect(labels(reply)).toEqual(['Undo']);
    const moved = h.latestPost(channel);
    const movedText = textOf(moved);
    const posts = h.double.messages(channel).length;
    const undone = await (await h.double.clickButton(bo, reply, 'Undo')).reply(10_000);
    expect(undone.ephemeral).toBe(true);
    expect(textOf(undone)).toMatch(/^Taken back: .+\. It is your move again\.$/);
    const told = await h.double.waitFor(() => h.double.messages(channel)[posts], 10_000, 'the undo post');
    // Both runners are waited for again: each is asked, and Bo, whose move it is again, is pinged.
    expect(textOf(told)).toMatch(new RegExp(`^Bo took back their move \\(Step 3\\)\\.\\n(<@\\d+>, .+\\n)*<@${bo.id}>, pick your step`));
    expect(told.notified).toEqual([bo.id]);
    expect(told.attachments.map((a) => a.filename)).toEqual(['track.png']);
    expect(told.id).not.toBe(moved.id);
    // The taken-back move's post no longer reads as a live turn: every line struck, nobody asked to play, no buttons.
    const struck = h.double.log.get(moved.id)!;
    expect(movedText).toMatch(/pick your step/);
    expect(textOf(struck)).toBe([...movedText.split('\n').map((l) => (l.trim() ? `~~${l}~~` : l)), '-# Taken back by Bo.'].join('\n'));
    expect(h.choicesOn(struck)).toEqual([]);

    const after = await h.gameOf(race, channel);
    expect(after.state).toEqual(before.state);
    expect(after.record.version).toBe(2);
    const log = await h.store.getActionLog(after.record.id);
    expect(log.map((e) => e.action)[1]).toEqual({ platform: 'undo', undoes: 1 });
    expect(inEffectOf(log)).toEqual([]);
    expect((await replay(h.store, after.record.id)).state).toEqual(after.state);

    // The same player picks again; the other player cannot take it back, and the old button is stale.
    expect(textOf(await h.command(bo, 'race', 'step', { step: 'step1' }, channel))).toBe('Done: Step 1.');
    const notYours = await h.command(ana, 'race', 'undo', {}, channel);
    expect(textOf(notYours)).toBe('Only the latest move can be taken back, by the player who made it, before anyone else plays: the last to play was Bo.');
    const stale = await (await h.double.clickButton(bo, reply, 'Undo')).reply();
    expect(textOf(stale)).toMatch(/^That move can no longer be taken back from this button: the game has moved on\. `\/race undo` takes back/);
    // `/race undo` works as the button does.
    expect(textOf(await h.command(bo, 'race', 'undo', {}, channel))).toMatch(/^Taken back: /);
  }, 60_000);

  it('Race (hidden picks): a pick is taken back before the others pick, not once the round is revealed', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-race');
    await startGame(channel, 'race');
    const first = h.latestPost(channel);
    const picked = await (await h.double.clickButton(bo, first, 'Step 3')).reply(10_000);
    expect(textOf(picked)).toBe('Done: Step 3.');
    expect(labels(picked)).toEqual(['Undo']);
    expect(textOf(await (await h.double.clickButton(bo, picked, 'Undo')).reply(10_000))).toBe('Taken back: Step 3. It is your move again.');
    expect(textOf(h.latestPost(channel))).toMatch(/^Bo took back their move \(Step 3\)\.\n<@\d+>, pick your step[\s\S]*<@\d+>, pick your step/);
    expect(textOf(await h.command(bo, 'race', 'step', { step: 'step1' }, channel))).toBe('Done: Step 1.');
    const last = await h.command(ana, 'race', 'step', { step: 'step2' }, channel);
    expect(labels(last)).toEqual([]);
    expect(textOf(h.latestPost(channel))).toContain('Round 1: Ana +2 → 2, Bo +1 → 1.');
    const refused = await h.command(ana, 'race', 'undo', {}, channel);
    expect(textOf(refused)).toBe('Your last move stands: something hidden or random came out of it (“Round 1: Ana +2 → 2, Bo +1 → 1.”), so it cannot be taken back.');
  }, 60_000);

  it('a forged Undo for this game, pressed in another channel or another server, changes nothing; the real one still works', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-forged');
    await startGame(channel, 'race');
    const picked = await (await h.double.clickButton(bo, h.latestPost(channel), 'Step 3')).reply(10_000);
    const undoId = h.double.buttons(picked).map((b) => ('custom_id' in b ? b.custom_id : '')).find((id) => id.startsWith('f:undo:'))!;
    expect(undoId).toBeDefined();
    const before = await h.game(channel);
    const side = h.double.createChannel(h.guild, 'undo-side');
    const mallory = h.double.createUser('mallory', { globalName: 'Mallory' });
    const far = h.double.createChannel(h.double.createGuild('Far Club', { owner: mallory }), 'far');
    for (const [user, where] of [[bo, side], [mallory, far]] as const) {
      const press = await h.double.forgeComponent(user, where, undoId, h.double.say(user, where, 'press me'));
      const reply = await press.reply(10_000);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply)).toBe('That button does not belong to a game of this channel, so nothing was done.');
    }
    const after = await h.game(channel);
    expect(after.record.version).toBe(before.record.version);
    expect(after.state).toEqual(before.state);
    expect(textOf(await (await h.double.clickButton(bo, picked, 'Undo')).reply(10_000))).toBe('Taken back: Step 3. It is your move again.');
  }, 60_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
