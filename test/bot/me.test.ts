// Each player's own settings over days, the same for every game (Race here, end to end through
// the Discord double with a fake clock): quiet hours in their time zone (no ping then, one when
// they end, a turn clock that does not run out meanwhile), a vacation that stops their clock, a
// vacation the computer plays for them, a daily digest by direct message, and the one notice
// that a game waits for them alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User, dee: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy, dee } = h.users as Record<'ana' | 'bo' | 'cy' | 'dee', User>);
});
afterAll(async () => {
  await h?.stop();
});

/** Sets the bot's clock to `iso` (it runs on from there with real time). */
const clockAt = (iso: string): void => {
  h.nowOffset = Date.parse(iso) - Date.now();
};
const t = (iso: string): string => `<t:${Math.floor(Date.parse(iso) / 1000)}:R>`;
const postsSince = (channel: Channel, n: number): PostedMessage[] => h.double.messages(channel).slice(n);

async function me(user: User, options: Record<string, string | number | boolean>): Promise<string> {
  const reply = await h.command(user, 'games', 'me', options);
  expect(reply.ephemeral).toBe(true);
  return textOf(reply);
}

/** Ana opens a race in a new channel, the others join, Ana starts it: the game's id, channel and first post. */
async function startRace(name: string, players: User[], options: Record<string, string | number | boolean> = {}): Promise<{ id: number; channel: Channel; post: PostedMessage }> {
  const channel = h.double.createChannel(h.guild, name);
  await h.command(ana, 'race', 'new', { goal: 30, ...options }, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players) if (p !== ana) await (await h.double.clickButton(p, lobby, 'Join')).reply(10_000);
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  return { id: Number(/Game #(\d+)/.exec(textOf(started))![1]), channel, post: h.latestPost(channel) };
}

async function step(user: User, channel: Channel, n = 1): Promise<PostedMessage> {
  expect(textOf(await h.command(user, 'race', 'step', { step: `step${n}` }, channel))).toBe(`Done: Step ${n}.`);
  return h.latestPost(channel);
}

async function abort(channel: Channel): Promise<void> {
  const ask = await h.command(ana, 'race', 'abort', {}, channel);
  await (await h.double.clickButton(ana, ask, 'Abort the game')).acknowledged();
  await h.double.waitFor(() => (/is aborted/.test(textOf(h.double.log.get(ask.id))) ? true : undefined), 10_000, 'the abort');
}

describe('my settings', () => {
  it('are private, checked, and say what they do', async () => {
    clockAt('2027-03-01T12:00:00Z');
    expect(await me(bo, {})).toContain('• Pings: every turn that is yours.\n• Time zone: UTC (it is 12:00 there now). Set yours with `time-zone`.\n• Quiet hours: none.');
    expect(await me(bo, { 'time-zone': 'Europe/Pari' })).toBe('Nothing was saved: “Europe/Pari” is not a time zone I know: pick one from the list, or type its name, like Europe/Paris or America/New_York.');
    expect(await me(bo, { 'quiet-from': 22 * 60 })).toBe('Nothing was saved: Quiet hours need a start and an end: give both quiet-from and quiet-to.');
    expect(await me(bo, { 'vacation-from': '2027-03-10', 'vacation-to': '2027-03-02' })).toBe('Nothing was saved: Your vacation cannot end (2027-03-02) before it starts (2027-03-10).');
    expect(await me(bo, { 'vacation-from': 'soon' })).toMatch(/^Nothing was saved: “soon” is not a day I can read: write it like 2027-03-08, or today, tomorrow/);
    expect(await me(bo, { 'vacation-from': 'today', 'vacation-to': '2027-05-01' })).toMatch(/^Nothing was saved: A vacation is at most 30 days\./);
    // Time zones are suggested as they are typed.
    const zones = await h.double.autocomplete(bo, h.channel, 'games', 'time-zone', 'new york', { subcommand: 'me' });
    expect(zones.map((z) => z.name)).toEqual(['America/New_York']);
    const saved = await me(bo, { 'time-zone': 'Europe/Paris', 'quiet-from': 22 * 60, 'quiet-to': 7 * 60 });
    expect(saved).toMatch(/^Saved\. \*\*Your settings\*\* \(the same in every server and game\)\n/);
    expect(saved).toContain('• Time zone: Europe/Paris (it is 13:00 there now).');
    expect(saved).toContain('• Quiet hours: 22:00–07:00 your time (9 hours): no pings then, and one when they end if a game still waits for you. Your turn clocks stop meanwhile (this server allows it).');
    await expect(h.store.getUserSettings(bo.id)).resolves.toMatchObject({ timeZone: 'Europe/Paris', quiet: { start: 1320, end: 420 } });
  });

  it('quiet hours: no ping during them, one when they end if the game still waits; the turn clock does not run out meanwhile', async () => {
    // 21:30 UTC is 22:30 in Paris: Bo's quiet hours (22:00–07:00 his time, until 06:00 UTC).
    clockAt('2027-03-01T21:30:00Z');
    const { id, channel, post } = await startRace('quiet', [ana, bo], { 'turn-limit': 3600 });
    expect(textOf(post)).toContain(`<@${bo.id}>, pick your step`);
    expect(post.notified).toEqual([ana.id]);
    const last = await step(ana, channel);
    expect(textOf(last)).toContain('⏳ Everyone else has played: the game waits for **Bo** alone.');
    expect(last.notified).toEqual([]);
    const status = await h.command(ana, 'race', 'status', {}, channel);
    expect(textOf(status)).toMatch(new RegExp(`\\nWaiting for: Bo since <t:\\d+:R> — in their quiet hours, back ${t('2027-03-02T06:00:00Z')}\\.\\nTurn ends <t:\\d+:R> \\(then the computer plays it\\); their clock is stopped while they are away\\.`));

    // An hour later the turn's hour is over, but Bo's clock has not run: nothing happens.
    const before = h.double.messages(channel).length;
    clockAt('2027-03-01T23:00:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before)).toEqual([]);

    // His quiet hours over, Bo is pinged, once.
    clockAt('2027-03-02T06:01:00Z');
    await h.running.bot.tickTimers();
    await h.running.bot.tickTimers();
    const pinged = postsSince(channel, before);
    expect(pinged.map((m) => textOf(m))).toEqual([`🔔 <@${bo.id}>, everyone else has played: game #${id} waits for you alone. Pick your step: \`/race step\` or a button.`]);
    expect(pinged[0]!.notified).toEqual([bo.id]);

    // His clock started at 06:00 UTC: half of it at 06:30, all of it at 07:00.
    clockAt('2027-03-02T06:31:00Z');
    await h.running.bot.tickTimers();
    expect(textOf(postsSince(channel, before)[1])).toMatch(new RegExp(`^⏰ <@${bo.id}>, half of your time for this turn in game #${id} is gone: the computer plays it for you <t:${Date.parse('2027-03-02T07:00:00Z') / 1000}:R>\\.`));
    clockAt('2027-03-02T06:58:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before)).toHaveLength(2);
    clockAt('2027-03-02T07:01:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before).map((m) => textOf(m)).join('\n')).toContain('Bo ran out of time and steps 1.');
    await abort(channel);
  });

  it('a server may let turn clocks run during quiet hours: the turn then ends in them, still without a ping', async () => {
    const { channel: owls, boss } = h.setupGuild('Night Owls', 'owls', [ana, bo]);
    const saved = await h.command(boss, 'games', 'settings', { 'quiet-hours-clock': false }, owls);
    expect(textOf(saved)).toContain("A player's turn clock stops during their quiet hours: no; during their vacation: yes (`quiet-hours-clock`, `vacation-clock`; players set theirs with `/games me`).");
    clockAt('2027-03-02T21:30:00Z');
    await h.command(ana, 'race', 'new', { goal: 30, 'turn-limit': 3600 }, owls);
    const lobby = await h.double.waitForMessage(owls, (m) => textOf(m).includes('is open: join in!'));
    await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
    await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
    expect(h.latestPost(owls).notified).toEqual([ana.id]);
    await step(ana, owls);
    const before = h.double.messages(owls).length;
    clockAt('2027-03-02T22:31:00Z');
    await h.running.bot.tickTimers();
    const text = postsSince(owls, before).map((m) => textOf(m)).join('\n');
    expect(text).toContain('Bo ran out of time and steps 1.');
    // Half time came in his quiet hours too: the reminder named him without a ping.
    expect(text).toContain(`⏰ <@${bo.id}>, half of your time`);
    expect(postsSince(owls, before).flatMap((m) => m.notified)).not.toContain(bo.id);
    await abort(owls);
  });

  it('a vacation stops the clock and the pings until it ends; the status and /games mine say so', async () => {
    clockAt('2027-03-01T12:00:00Z');
    expect(await me(cy, { 'vacation-from': '2027-03-02', 'vacation-to': '2027-03-03' })).toContain(`• Vacation: 2027-03-02 to 2027-03-03, from ${t('2027-03-02T00:00:00Z')}: your turn clocks stop (this server allows it); no pings until you are back.`);
    clockAt('2027-03-02T10:00:00Z');
    const { id, channel, post } = await startRace('vacation', [ana, cy], { 'turn-limit': 3600 });
    expect(post.notified).toEqual([ana.id]);
    expect((await step(ana, channel)).notified).toEqual([]);
    const back = t('2027-03-04T00:00:00Z');
    const status = await h.command(ana, 'race', 'status', {}, channel);
    expect(textOf(status)).toMatch(new RegExp(`\\nWaiting for: Cy since <t:\\d+:R> — on vacation, back ${back}\\.\\nTurn ends <t:${Date.parse('2027-03-04T01:00:00Z') / 1000}:R>`));
    const mine = await h.command(ana, 'games', 'mine', {}, channel);
    expect(textOf(mine)).toMatch(new RegExp(`#${id} Race \\(\`/race\`\\) in <#${channel.id}>: waiting for Cy since <t:\\d+:R> — on vacation, back ${back} · \\[latest post\\]`));
    const list = await h.command(dee, 'games', 'list', {}, channel);
    expect(textOf(list)).toMatch(new RegExp(`#${id} Race \\(\`/race\`\\) in <#${channel.id}>: round 1, race to 30, waiting for Cy since <t:\\d+:R> — on vacation, back ${back}`));

    const before = h.double.messages(channel).length;
    clockAt('2027-03-03T23:00:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before)).toEqual([]);
    clockAt('2027-03-04T00:01:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before).map((m) => textOf(m))).toEqual([`🔔 <@${cy.id}>, everyone else has played: game #${id} waits for you alone. Pick your step: \`/race step\` or a button.`]);
    clockAt('2027-03-04T01:01:00Z');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, before).map((m) => textOf(m)).join('\n')).toContain('Cy ran out of time and steps 1.');
    await abort(channel);
    expect(await me(cy, { 'vacation-from': 'off' })).toContain('• Vacation: none (during one, your turn clocks stop).');
  });

  it('a vacation left to the computer: it plays for them from its first day, and at once when it has begun', async () => {
    expect(await me(dee, { 'vacation-from': '2027-03-05', 'vacation-to': '2027-03-06', 'vacation-computer': true })).toContain('• Vacation: 2027-03-05 to 2027-03-06');
    clockAt('2027-03-04T12:00:00Z');
    const { id, channel } = await startRace('computer', [ana, dee], { 'turn-limit': 0 });
    expect((await step(ana, channel)).notified).toEqual([dee.id]);
    const before = h.double.messages(channel).length;
    clockAt('2027-03-05T00:01:00Z');
    await h.running.bot.tickTimers();
    const played = postsSince(channel, before).map((m) => textOf(m)).join('\n');
    expect(played).toContain(`🏖️ **Dee** is on vacation (back ${t('2027-03-07T00:00:00Z')}): the computer plays for them.`);
    expect(played).toContain('Round 1: Ana +1 → 1, Dee +2 → 2.');
    // The next round too, at once: only Ana is waited for, and pinged.
    expect(played).toContain('Dee has picked.');
    expect(h.latestPost(channel).notified).toEqual([ana.id]);
    expect(textOf(await step(ana, channel))).toContain('Round 2: Ana +1 → 2, Dee +2 → 4.');
    expect(textOf(h.latestPost(channel))).toContain('Dee has picked.');

    // Back early (the vacation cancelled), Dee plays again herself; going away today, the computer takes over at once.
    expect(await me(dee, { 'vacation-from': 'off' })).toContain('• Vacation: none (during one, the computer plays your turns).');
    expect(textOf(await step(ana, channel))).toContain('Round 3: Ana +1 → 3, Dee +2 → 6.');
    await step(ana, channel);
    expect(textOf(await step(dee, channel, 3))).toContain('Round 4: Ana +1 → 4, Dee +3 → 9.');
    await step(ana, channel);
    const waiting = h.double.messages(channel).length;
    expect(await me(dee, { 'vacation-from': 'today', 'vacation-to': 'tomorrow' })).toContain('• Vacation: 2027-03-05 to 2027-03-06, back');
    await h.running.bot.tickTimers();
    expect(postsSince(channel, waiting).map((m) => textOf(m)).join('\n')).toContain('Round 5: Ana +1 → 5, Dee +2 → 11.');
    expect((await h.store.getGame(id)).record.status).toBe('running');
    await abort(channel);
    await me(dee, { 'vacation-from': 'off', 'vacation-computer': false });
  });

  it('a daily digest by direct message instead of pings, once a day, only when a game waits for them', async () => {
    // Bo: quiet hours 22:00–07:00 in Paris, so his digest comes at 07:00 his time (06:00 UTC).
    clockAt('2027-03-06T12:00:00Z');
    expect(await me(bo, { notify: 'digest' })).toContain(`• Pings: none, a daily summary by direct message instead (next one ${t('2027-03-07T06:00:00Z')}; it cannot arrive if your privacy settings block direct messages from server members).`);
    const { id, channel, post } = await startRace('digest', [ana, bo]);
    expect(post.notified).toEqual([ana.id]);
    expect((await step(ana, channel)).notified).toEqual([]);
    const dm = h.double.createDM(bo);
    clockAt('2027-03-07T05:59:00Z');
    await h.running.bot.tickTimers();
    expect(h.double.messages(dm)).toEqual([]);
    clockAt('2027-03-07T06:01:00Z');
    await h.running.bot.tickTimers();
    await h.running.bot.tickTimers();
    const digests = h.double.messages(dm);
    expect(digests).toHaveLength(1);
    const link = `https://discord.com/channels/${h.guild.id}/${channel.id}/${(await h.store.getGame(id)).record.boardMessageId}`;
    expect(textOf(digests[0])).toMatch(new RegExp(`^\\*\\*Your games today\\*\\* \\(1 waiting for you, as of <t:\\d+:f>\\)\\n• #${id} Race \\(\`/race\`\\) in <#${channel.id}> \\(Fence Club\\): since <t:\\d+:R>, your turn ends <t:\\d+:R> · \\[latest post\\]\\(${link.replace(/[/.]/g, '\\$&')}\\)\\n-# You get this instead of pings`));
    expect(digests[0]!.notified).toEqual([]);
    // The next day's comes the next day.
    clockAt('2027-03-07T12:00:00Z');
    await h.running.bot.tickTimers();
    expect(h.double.messages(dm)).toHaveLength(1);
    await step(bo, channel);
    clockAt('2027-03-08T06:01:00Z');
    await step(ana, channel);
    await h.running.bot.tickTimers();
    expect(h.double.messages(dm)).toHaveLength(2);
    await abort(channel);
    await me(bo, { notify: 'every', 'quiet-from': -1 });
  });

  it('is told once that a game waits for them alone, and with notify:last only then', async () => {
    clockAt('2027-03-09T12:00:00Z');
    expect(await me(cy, { notify: 'last' })).toContain('• Pings: only when a game waits for you alone.');
    const { channel, post } = await startRace('last-one', [ana, bo, cy]);
    expect([...post.notified].sort()).toEqual([ana.id, bo.id].sort());
    expect((await step(ana, channel)).notified).toEqual([]);
    const told = await step(bo, channel);
    expect(textOf(told)).toContain('⏳ Everyone else has played: the game waits for **Cy** alone.');
    expect(told.notified).toEqual([cy.id]);
    // Bo takes his step back and plays again: Cy is not told a second time.
    expect(textOf(await h.command(bo, 'race', 'undo', {}, channel))).toMatch(/^Taken back: Step 1\./);
    expect(h.latestPost(channel).notified).toEqual([bo.id]);
    const again = await step(bo, channel, 2);
    expect(textOf(again)).not.toContain('⏳');
    expect(again.notified).toEqual([]);
    // The next round: Ana and Bo hear of it, Cy (not alone) does not.
    expect([...(await step(cy, channel)).notified].sort()).toEqual([ana.id, bo.id].sort());
    await abort(channel);
    await me(cy, { notify: 'every' });
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
