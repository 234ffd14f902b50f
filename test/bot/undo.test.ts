// Undo through Discord: the Undo button on a move's acknowledgement and `/<game> undo`, the
// channel told, and the refusals (nothing to take back, someone else played since, a card drawn
// or a roll made by the move).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, whoMustAct, type FenceEvent } from '../../src/games/fence/index.ts';
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

/** The FENCE! player who must act makes the simple computer's move by slash command or button; returns the private acknowledgement. */
async function fenceMove(channel: Channel): Promise<{ reply: PostedMessage; user: User; events: FenceEvent[] }> {
  const game = await h.game(channel);
  const user = h.userOf(game, whoMustAct(game.state)!);
  const reply = await h.playOne(channel);
  const log = await h.store.getActionLog(game.game.id);
  return { reply, user, events: log[log.length - 1]!.events as FenceEvent[] };
}

describe('undo', () => {
  it('FENCE!: the Undo button takes back a tile placement; the channel is told and sees the map again; replay stays exact', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-place');
    await startGame(channel, 'fence');
    const before = await h.game(channel);
    const nothing = await h.fence(h.userOf(before, whoMustAct(before.state)!), 'undo', {}, channel);
    expect(textOf(nothing)).toBe('There is no move of yours to take back yet.');

    const { reply, user } = await fenceMove(channel);
    expect(labels(reply)).toEqual(['Undo']);
    const moved = h.latestPost(channel);
    const movedText = textOf(moved);
    const other = user === ana ? bo : ana;
    const posts = h.double.messages(channel).length;
    const undone = await (await h.double.clickButton(user, reply, 'Undo')).reply(10_000);
    expect(undone.ephemeral).toBe(true);
    expect(textOf(undone)).toMatch(/^Taken back: .+\. It is your move again\.$/);
    const told = await h.double.waitFor(() => h.double.messages(channel)[posts], 10_000, 'the undo post');
    const name = user === ana ? 'Ana' : 'Bo';
    expect(textOf(told)).toMatch(new RegExp(`^${name} took back their move \\(.+\\)\\.\\n<@${user.id}>, `));
    expect(told.notified).toEqual([user.id]);
    expect(told.attachments.map((a) => a.filename)).toEqual(['map.png']);
    expect(told.id).not.toBe(moved.id);
    // The taken-back move's post no longer reads as a live turn: every line struck, nobody asked to play, no buttons.
    const struck = h.double.log.get(moved.id)!;
    expect(movedText).toMatch(/your turn/);
    expect(textOf(struck)).toBe([...movedText.split('\n').map((l) => (l.trim() ? `~~${l}~~` : l)), `-# Taken back by ${name}.`].join('\n'));
    expect(h.choicesOn(struck)).toEqual([]);

    const after = await h.game(channel);
    expect(after.state).toEqual(before.state);
    expect(after.game.version).toBe(2);
    const log = await h.store.getActionLog(after.game.id);
    expect(log.map((e) => e.action)[1]).toEqual({ platform: 'undo', undoes: 1 });
    expect(inEffectOf(log)).toEqual([]);
    expect((await replay(h.store, after.game.id)).state).toEqual(after.state);

    // The same player moves again; the other player cannot take it back, and the old button is stale.
    const again = await fenceMove(channel);
    expect(again.user).toBe(user);
    const notYours = await h.fence(other, 'undo', {}, channel);
    expect(textOf(notYours)).toBe(`Only the latest move can be taken back, by the player who made it, before anyone else plays: the last to play was ${name}.`);
    const stale = await (await h.double.clickButton(user, reply, 'Undo')).reply();
    expect(textOf(stale)).toMatch(/^That move can no longer be taken back from this button: the game has moved on\. `\/fence undo` takes back/);
    // `/fence undo` works as the button does.
    expect(textOf(await h.fence(user, 'undo', {}, channel))).toMatch(/^Taken back: /);
  }, 60_000);

  it('FENCE!: a move that drew a card, and one after which dice were rolled, stand', async () => {
    const channel = h.double.createChannel(h.guild, 'undo-final');
    await startGame(channel, 'fence', { 'auto-build': true, rounds: 3 });
    const refusals = new Map<string, string>();
    for (let n = 0; n < 80 && refusals.size < 2; n++) {
      if ((await h.game(channel)).state.outcome) break;
      const { reply, user, events } = await fenceMove(channel);
      const first = events.find((e) => fence.isFinal!(e));
      // A turn under way also offers its next level's labels (Move Others' second part).
      if (!first || events.some((e) => e.type === 'gameOver')) {
        expect(labels(reply).filter((l) => l === 'Undo')).toEqual(['Undo']);
        continue;
      }
      expect(labels(reply)).not.toContain('Undo');
      const kind = first.type === 'cardDrawn' ? 'draw' : first.type === 'hotGoods' || first.type === 'copsRolled' ? 'roll' : null;
      if (!kind || refusals.has(kind)) continue;
      const refused = await h.fence(user, 'undo', {}, channel);
      refusals.set(kind, textOf(refused));
    }
    expect(refusals.get('draw')).toMatch(/^Your last move stands: something hidden or random came out of it \(“(Ana|Bo) (draws|chooses to draw) a (red|blue) card.*”\), so it cannot be taken back\.$/);
    expect(refusals.get('roll')).toMatch(/^Your last move stands: something hidden or random came out of it \(“Hot Goods \d+\/\d+: red \d+, blue \d+.*”\), so it cannot be taken back\.$/);
  }, 120_000);

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
    expect(after.game.version).toBe(before.game.version);
    expect(after.state).toEqual(before.state);
    expect(textOf(await (await h.double.clickButton(bo, picked, 'Undo')).reply(10_000))).toBe('Taken back: Step 3. It is your move again.');
  }, 60_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
