// A game that lives only in this folder plugs into the platform with one registration and
// plays end to end through the real discord.js client and the Discord double: lobby with its
// option menu, a solo start, moves by autocomplete, by buttons and typed, two seats acting at
// once, a timeout, a resign and the end post. Nothing outside this folder knows about it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../../src/games/registry.ts';
import type { Channel, PostedMessage, User } from '../../discord-double/index.ts';
import { Harness, textOf } from '../../bot/harness.ts';
import { race } from './index.ts';

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

const postsSince = (channel: Channel, n: number): PostedMessage[] => h.double.messages(channel).slice(n);

async function waitForEdit(m: PostedMessage, pattern: RegExp, what: string): Promise<PostedMessage> {
  return h.double.waitFor(() => {
    const now = h.double.log.get(m.id);
    return now && pattern.test(textOf(now)) ? now : undefined;
  }, 10_000, what);
}

/** Opens a lobby in `channel` with `players` joining, and starts it; returns the start's posts. */
async function startRace(channel: Channel, players: User[], options: Record<string, string | number | boolean> = {}): Promise<PostedMessage[]> {
  await h.command(ana, 'race', 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players) if (p !== ana) await (await h.double.clickButton(p, lobby, 'Join')).reply(10_000);
  const before = h.double.messages(channel).length;
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  expect(textOf(started)).toMatch(/Game #\d+ has started/);
  return postsSince(channel, before);
}

describe('a game registered from its own folder', () => {
  it('gets its own slash command, built from its definition', () => {
    const cmd = h.double.commands().find((c) => c.name === 'race');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'start', 'step', 'hand', 'status', 'map', 'rules', 'help', 'resign', 'abort', 'kick', 'settings']));
    const newOptions = cmd?.options?.find((o) => o.name === 'new') as { options?: { name: string }[] } | undefined;
    expect(newOptions?.options?.map((o) => o.name)).toContain('goal');
  });

  it('opens a lobby whose option menu is built from the options schema; only the host changes it', async () => {
    const channel = h.double.createChannel(h.guild, 'race-lobby');
    await h.command(ana, 'race', 'new', { goal: 20 }, channel);
    const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
    expect(textOf(lobby)).toMatch(/^\*\*Race\*\* — game #\d+ is open: join in!/);
    expect(textOf(lobby)).toContain('Seats (1/3): 1. Ana — host');
    expect(textOf(lobby)).toContain('Options: 24 hours per turn · race to 20 · normal steps');
    expect(textOf(lobby)).toContain('(1–3 players)');

    const stranger = await (await h.double.clickButton(bo, lobby, 'Options')).reply();
    expect(stranger.ephemeral).toBe(true);
    expect(textOf(stranger)).toMatch(/^Only the host \(Ana\) or a member with the Manage Channels permission can change the options\./);

    const menu = await (await h.double.clickButton(ana, lobby, 'Options')).reply();
    expect(menu.ephemeral).toBe(true);
    expect(h.double.selects(menu).map((s) => s.placeholder)).toEqual([undefined, 'Finish line: 20']);
    await (await h.double.chooseFromMenu(ana, menu, 'Finish line', ['5'])).acknowledged();
    await waitForEdit(lobby, /24 hours per turn · race to 5 ·/, 'the lobby showing the new finish line');
    // The second page (its group) holds the other option.
    const pages = h.double.selects(h.double.log.get(menu.id)!)[0]!;
    await (await h.double.chooseFromMenu(ana, h.double.log.get(menu.id)!, pages.custom_id, ['1'])).acknowledged();
    const page2 = await h.double.waitFor(() => {
      const m = h.double.log.get(menu.id);
      return m && h.double.selects(m).some((s) => s.placeholder?.startsWith('Fast steps')) ? m : undefined;
    }, 5000, 'the second page of options');
    await (await h.double.chooseFromMenu(ana, page2, 'Fast steps', ['true'])).acknowledged();
    await waitForEdit(lobby, /24 hours per turn · race to 5 · double steps/, 'the lobby showing double steps');
    const abort = await h.command(ana, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
    await waitForEdit(abort, /is aborted/, 'the abort');
  });

  it('starts solo and plays to the end by autocomplete, buttons and typed moves; the end post says who won', async () => {
    const channel = h.double.createChannel(h.guild, 'race-solo');
    const start = await startRace(channel, [ana], { goal: 5 });
    const first = start[start.length - 1]!;
    expect(textOf(first)).toMatch(/Game #\d+ begins!\*\* Seat order: 1\. Ana\./);
    expect(textOf(first)).toMatch(/<@\d+>, pick your step/);
    expect(first.attachments[0]?.filename).toBe('track.png');
    expect(first.attachments[0]?.description).toBe('Race to 5: Ana on 0.');
    expect(h.double.buttons(first).map((b) => ('label' in b ? b.label : ''))).toEqual(['Step 1', 'Step 2', 'Step 3', 'Show my hand']);

    // Autocomplete offers the legal actions, filtered by what is typed.
    const choices = await h.double.autocomplete(ana, channel, 'race', 'step', '3', { subcommand: 'step' });
    expect(choices.map((c) => c.name)).toEqual(['Step 3']);
    const done = await h.command(ana, 'race', 'step', { step: String(choices[0]!.value) }, channel);
    expect(textOf(done)).toBe('Done: Step 3.');
    expect(textOf(h.latestPost(channel))).toContain('Round 1: Ana +3 → 3.');

    // A typed move the game reads itself; then a button.
    expect(textOf(await h.command(ana, 'race', 'step', { step: 'step 1' }, channel))).toBe('Done: Step 1.');
    const refused = await h.command(ana, 'race', 'step', { step: 'seven' }, channel);
    expect(textOf(refused)).toMatch(/^Pick one of the suggestions in the list to pick a step\.\nYou could: \*\*Step 1\*\*/);
    const click = await h.double.clickButton(ana, h.latestPost(channel), 'Step 2');
    const over = await click.followUp(0, 10_000);
    expect(textOf(over)).toBe('Done: Step 2. The game is over.');
    // The last round's post tells the end too: the winner mentioned, Rematch.
    const end = h.latestPost(channel);
    // Ana reads that the game is over below the post that shows it, not above it: the reply
    // the press was acknowledged with (placed where she pressed) is gone.
    expect(h.double.visibleTo(ana, channel).slice(-2).map((m) => m.id)).toEqual([end.id, over.id]);
    expect(click.original).toBeUndefined();
    expect(textOf(end)).toContain('Ana wins the race!');
    expect(textOf(end)).toMatch(new RegExp(`\\n\\*\\*Game #\\d+ is over\\.\\*\\* 🏆 <@${ana.id}> wins!\\nStart another with \`/race new\`, or press \\*\\*Rematch\\*\\* for the same players and options; \\*\\*Replay\\*\\* shows the whole game again\\.$`));
    expect(end.notified).toEqual([ana.id]);
    expect(h.double.buttons(end).map((b) => ('label' in b ? b.label : ''))).toEqual(['Rematch', 'Replay']);
    const game = await h.store.getGame(Number(/Game #(\d+)/.exec(textOf(end))![1]));
    expect(game.record.status).toBe('finished');
  });

  it('asks two seats at once: each presses their own button, a press on an older post still works for whoever has not acted', async () => {
    const channel = h.double.createChannel(h.guild, 'race-two');
    const start = await startRace(channel, [ana, bo]);
    const post = start[start.length - 1]!;
    expect(textOf(post)).toMatch(new RegExp(`<@${ana.id}>, pick your step[\\s\\S]*<@${bo.id}>, pick your step`));
    expect([...post.notified].sort()).toEqual([ana.id, bo.id].sort());
    const ids = new Map(h.double.buttons(post).map((b) => ['label' in b ? b.label : '', 'custom_id' in b ? b.custom_id : '']));
    const idOf = (label: string) => ids.get(label) ?? '';

    expect(textOf(await (await h.double.clickButton(bo, post, 'Step 2')).reply(10_000))).toBe('Done: Step 2.');
    // Bo has acted: their pick is hidden from the channel, shown to them alone.
    expect(textOf(h.latestPost(channel))).toContain('Bo has picked.');
    expect(textOf(h.latestPost(channel))).not.toMatch(/Bo \+2/);
    const hand = await h.command(bo, 'race', 'hand', {}, channel);
    expect(textOf(hand)).toContain('Your pick this round: 2');
    // The older post lost its buttons (the newer one asks Ana alone); a press from a screen
    // that still shows them is answered: Bo acted since that post, Ana's choice is still hers.
    const older = h.double.log.get(post.id)!;
    expect(h.double.buttons(older)).toEqual([]);
    expect(textOf(older)).toBe(textOf(post));
    expect(older.attachments.map((a) => a.filename)).toEqual(['track.png']);
    const again = await (await h.double.forgeComponent(bo, channel, idOf('Step 3'), post)).reply();
    expect(textOf(again)).toMatch(/^That choice has already been made/);
    expect(textOf(await (await h.double.forgeComponent(ana, channel, idOf('Step 1'), post)).reply(10_000))).toBe('Done: Step 1.');
    expect(textOf(h.latestPost(channel))).toContain('Round 1: Ana +1 → 1, Bo +2 → 2.');
    const abort = await h.command(ana, 'race', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
    await waitForEdit(abort, /is aborted/, 'the abort');
  });

  it('times out only the seat that did not act, keeps the other seat\'s clock, and lets a player resign', async () => {
    const channel = h.double.createChannel(h.guild, 'race-timer');
    const start = await startRace(channel, [ana, bo], { 'turn-limit': 600 });
    const id = Number(/Game #(\d+)/.exec(start.map((m) => textOf(m)).join('\n'))![1]);
    const timers = async () => (await h.store.listTimers(id)).map((t) => `${t.kind}:${t.seat}@${t.fireAt.getTime()}`).sort();
    const armed = await timers();
    expect(armed.map((t) => t.split('@')[0])).toEqual(['reminder:0', 'reminder:1', 'timeout:0', 'timeout:1']);
    h.nowOffset = 60_000;
    expect(textOf(await h.command(bo, 'race', 'step', { step: 'step2' }, channel))).toBe('Done: Step 2.');
    // Bo no longer has a clock; Ana's runs on from where it started.
    expect(await timers()).toEqual(armed.filter((t) => t.includes(':0@')));

    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    const text = postsSince(channel, before).map((m) => textOf(m)).join('\n');
    expect(text).toContain('Ana ran out of time and steps 1.');
    expect(text).toContain('Round 1: Ana +1 → 1, Bo +2 → 2.');

    const ask = await h.command(ana, 'race', 'resign', {}, channel);
    expect(textOf(ask)).toMatch(/You leave the race\. This cannot be undone\./);
    await (await h.double.clickButton(ana, ask, 'Resign')).acknowledged();
    await waitForEdit(ask, /resigned/, 'the resignation');
    expect(textOf(h.latestPost(channel))).toContain('Ana leaves the race.');
    const status = await h.command(bo, 'race', 'status', {}, channel);
    expect(textOf(status)).toMatch(/^\*\*Game #\d+\*\* — round 2, race to 10 · 10 minutes per turn\nWaiting for: Bo since <t:\d+:R>, pick your step/);
    expect(textOf(status)).toContain('Ana: square 1 (out)');
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
