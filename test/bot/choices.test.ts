// What the platform does with every game's choices and words, end to end through the Discord
// double: a choice button answers only the choice it was offered for, for a seat it was
// offered to, at a version that was offered; an interaction Discord delivers twice is answered
// once; status, lists and help read right whoever reads them; autocomplete suggests what the
// typed text would play.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allGames, registerGame } from '../../src/games/registry.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

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

/** Ana hosts a game of `game` with Bo; resolves with its id once the start is posted. */
async function startWithBo(channel: Channel, game: string, options: Record<string, string | number | boolean> = {}): Promise<number> {
  await h.command(ana, game, 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  expect(textOf(await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000))).toMatch(/has started/);
  return (await h.store.loadActiveGame(channel.id))!.record.id;
}

const idOf = (m: PostedMessage, label: string): string => {
  const b = h.double.buttons(h.double.log.get(m.id) ?? m).find((x) => 'label' in x && x.label === label);
  if (!b || !('custom_id' in b)) throw new Error(`no button "${label}"`);
  return b.custom_id;
};

async function abort(game: string, channel: Channel): Promise<void> {
  const ask = await h.command(ana, game, 'abort', {}, channel);
  await (await h.double.clickButton(ana, ask, 'Abort the game')).acknowledged();
  await h.double.waitFor(() => (/is aborted/.test(textOf(h.double.log.get(ask.id))) ? true : undefined), 10_000, 'the abort');
}

describe('a choice button', () => {
  it('answers only for a seat it was offered to: Bo pressing Ana’s button, later or as she presses it, is refused and answers nothing of Bo’s', async () => {
    const channel = h.double.createChannel(h.guild, 'choice-seats');
    const id = await startWithBo(channel, 'race', { goal: 30 });
    const picks = async () => ((await h.store.getGame(id)).state as { picks: (number | null)[] }).picks;

    // Round 1: Bo picks; the next post asks Ana alone.
    expect(textOf(await (await h.double.clickButton(bo, h.latestPost(channel), 'Step 2')).reply(10_000))).toBe('Done: Step 2.');
    const anasPost = h.latestPost(channel);
    expect(anasPost.notified).toEqual([ana.id]);
    const anasStep3 = idOf(anasPost, 'Step 3');
    expect(textOf(await (await h.double.clickButton(ana, anasPost, 'Step 1')).reply(10_000))).toBe('Done: Step 1.');
    expect(await picks()).toEqual([null, null]);

    // Round 2 waits for both. Ana's button from round 1, pressed by Bo from a screen that still shows it, is not Bo's.
    const version = (await h.store.getGame(id)).record.version;
    const later = await (await h.double.forgeComponent(bo, channel, anasStep3, anasPost)).reply(10_000);
    expect(textOf(later)).toBe(`This choice is <@${ana.id}>'s, not yours.`);
    // The log line names the precondition that refused.
    await h.double.waitFor(() => (h.logs.some((l) => l.includes('"outcome":"refused:NOT_YOUR_CHOICE"') && l.includes('"precondition":"a choice offered to them"')) ? true : undefined), 5000, 'the refusal’s log line');
    expect(await picks()).toEqual([null, null]);
    expect((await h.store.getGame(id)).record.version).toBe(version);

    // Bo picks again; the next post asks Ana alone; both press its button at once.
    expect(textOf(await (await h.double.clickButton(bo, h.latestPost(channel), 'Step 1')).reply(10_000))).toBe('Done: Step 1.');
    const anasSecond = h.latestPost(channel);
    const anasStep2 = idOf(anasSecond, 'Step 2');
    const [hers, his] = await Promise.all([
      h.double.clickButton(ana, anasSecond, anasStep2),
      h.double.forgeComponent(bo, channel, anasStep2, anasSecond),
    ]);
    expect(textOf(await hers.reply(10_000))).toBe('Done: Step 2.');
    expect(textOf(await his.reply(10_000))).toBe(`This choice is <@${ana.id}>'s, not yours.`);
    // Round 3 has started, and Bo has not picked in it.
    expect(await picks()).toEqual([null, null]);
    expect(textOf(h.latestPost(channel))).toContain('Round 2: Ana +2 → 3, Bo +1 → 3.');
    await abort('race', channel);
  });

  it.each(allGames().map((g) => [g.id, g] as [string, AnyGame]))('%s: a forged choice for a version the game has not reached is refused, and nothing changes', async (_id, def) => {
    const channel = h.double.createChannel(h.guild, `choice-future-${def.id}`);
    const id = await startWithBo(channel, def.id);
    const loaded = await h.store.getGame(id);
    const { record: game, seats, state } = loaded;
    const seat = def.activeSeats(state).find((s) => seats.find((x) => x.seat === s)?.userId);
    expect(seat).toBeDefined();
    const user = h.userOf(loaded, seat!);
    const value = def.legalActions(state, seat!).map((a) => def.encode(a)).find((v) => v.length <= 60);
    expect(value).toBeDefined();
    const next = game.version + 1;
    // As choice buttons were written before they named their seats, and as they are now.
    for (const forged of [`f:pick:${id}:${next}:${value}`, `f:pick:${id}:${next}:s${(1 << seat!).toString(36)}:${value}`]) {
      const reply = await (await h.double.forgeComponent(user, channel, forged, h.latestPost(channel))).reply(10_000);
      expect(textOf(reply), forged).toBe('That choice was never offered, so nothing was done.');
    }
    const after = await h.store.getGame(id);
    expect(after.record.version).toBe(game.version);
    expect(after.state).toEqual(state);
    await abort(def.id, channel);
  }, 60_000);
});

describe('an interaction delivered twice', () => {
  it('is answered and applied once, and logged as a debug line, not an error', async () => {
    const channel = h.double.createChannel(h.guild, 'twice');
    const id = await startWithBo(channel, 'race');
    const command = await h.double.runCommand(ana, channel, 'race', { subcommand: 'step', options: { step: 'step 2' } });
    expect(textOf(await command.reply(10_000))).toBe('Done: Step 2.');
    const press = await h.double.clickButton(bo, h.latestPost(channel), 'Step 1');
    expect(textOf(await press.reply(10_000))).toBe('Done: Step 1.');
    const version = (await h.store.getGame(id)).record.version;
    const seen = h.logs.filter((l) => l.includes('"msg":"interaction delivered again"')).length;
    h.double.deliverAgain(command);
    h.double.deliverAgain(press);
    await h.double.waitFor(() => (h.logs.filter((l) => l.includes('"msg":"interaction delivered again"')).length === seen + 2 ? true : undefined), 10_000, 'the second deliveries');
    expect(h.logs.filter((l) => l.includes('"msg":"interaction delivered again"')).slice(-2).every((l) => l.includes('"level":"debug"'))).toBe(true);
    expect((await h.store.getGame(id)).record.version).toBe(version);
    expect(command.messages).toHaveLength(1);
    expect(press.messages).toHaveLength(1);
    expect(h.logs.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    h.double.expectNoViolations();
    await abort('race', channel);
  });
});

describe('words that read right for whoever reads them', () => {
  it('/<game> status tells a player what they must do, and tells anyone else only whom the game waits for', async () => {
    const channel = h.double.createChannel(h.guild, 'status-reader');
    await startWithBo(channel, 'race');
    const byBo = await h.command(bo, 'race', 'status', {}, channel);
    expect(textOf(byBo)).toMatch(/\nWaiting for: Ana since <t:\d+:R>\.\n/);
    expect(textOf(byBo)).toMatch(/\nWaiting for: Bo since <t:\d+:R>, pick your step/);
    expect(textOf(byBo)).not.toContain('Ana, pick your step');
    const byCy = await h.command(h.users.cy!, 'race', 'status', {}, channel);
    expect(textOf(byCy)).toMatch(/\nWaiting for: Ana since <t:\d+:R>\.\n/);
    expect(textOf(byCy)).toMatch(/\nWaiting for: Bo since <t:\d+:R>\.\n/);
    expect(textOf(byCy)).not.toContain('pick your step');
    await abort('race', channel);
  });

  it('an empty /games list names every game with how to start it and what it is; each game’s help names the others', async () => {
    const { channel, boss } = h.setupGuild('Empty Club', 'empty', []);
    const list = await h.command(boss, 'games', 'list', {}, channel);
    expect(textOf(list)).toMatch(/^No game is open or running on this server\. Start one in a channel:\n/);
    for (const g of allGames()) expect(textOf(list)).toContain(`• **${g.title}**: \`/${g.id} new\` — ${g.description}`);
    const help = await h.command(boss, 'race', 'help', {}, channel);
    expect(textOf(help).startsWith(race.words.help)).toBe(true);
    for (const g of allGames()) {
      if (g.id === 'race') expect(textOf(help)).not.toContain(`• **${g.title}**`);
      else expect(textOf(help)).toContain(`• **${g.title}**: \`/${g.id} new\` — ${g.description}`);
    }
  });
});

describe('autocomplete', () => {
  it('suggests first what the typed text would play, when the game reads a legal move from it', async () => {
    const channel = h.double.createChannel(h.guild, 'typed');
    await startWithBo(channel, 'race');
    // "step2" is no label's words, but the game reads it as Step 2: sending it plays Step 2.
    const choices = await h.double.autocomplete(ana, channel, 'race', 'step', 'step2', { subcommand: 'step' });
    expect(choices).toEqual([{ name: 'Step 2', value: race.encode({ type: 'step', n: 2 }) }]);
    const more = await h.double.autocomplete(ana, channel, 'race', 'step', '3', { subcommand: 'step' });
    expect(more.map((c) => c.name)).toEqual(['Step 3']);
    expect(textOf(await h.command(ana, 'race', 'step', { step: 'step2' }, channel))).toBe('Done: Step 2.');
    await abort('race', channel);
  });
});

it('answered every interaction privately and broke no Discord rule', () => {
  for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
  h.double.expectNoViolations();
  expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
});
