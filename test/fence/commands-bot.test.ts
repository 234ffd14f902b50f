// FENCE!'s own commands through the local Discord double: its rules topics and help, a move
// typed as cards ("r6"), and swapping tiles while the map is built (B6). The commands every
// game has (lobby, information, leaving, settings) are test/bot/commands.test.ts, on the race.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fence, whoMustAct } from '../../src/games/fence/index.ts';
import { isNotUnderstood } from '../../src/platform/game.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { textOf } from '../bot/harness.ts';
import { FenceHarness } from './harness.ts';

let h: FenceHarness;
let ana: User, bo: User, dee: User;

beforeAll(async () => {
  h = await FenceHarness.start();
  ({ ana, bo, dee } = h.users as Record<'ana' | 'bo' | 'dee', User>);
});
afterAll(async () => {
  await h?.stop();
});

/** Ana hosts, the given users join, Ana starts; resolves once every start post is out. */
async function runningGame(channel: Channel, joiners: User[], options: Record<string, string | number | boolean> = { 'auto-build': true }): Promise<number> {
  const ack = await h.fence(ana, 'new', options, channel);
  expect(textOf(ack), textOf(ack)).toMatch(/^Game #\d+ is open/);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const u of joiners) await (await h.double.clickButton(u, lobby, 'Join')).reply(10_000);
  const started = await h.fence(ana, 'start', {}, channel);
  expect(textOf(started)).toMatch(/has started/);
  return (await h.game(channel)).record.id;
}

/** Plays turns (as the simple computer would) until pawns and Cops are set and the main phase runs. */
async function playUntilMain(channel: Channel): Promise<void> {
  for (let n = 0; n < 20 && (await h.game(channel)).state.phase !== 'main'; n++) await h.playOne(channel);
  expect((await h.game(channel)).state.phase).toBe('main');
}

function postsSince(channel: Channel, before: number): PostedMessage[] {
  return h.double.messages(channel).slice(before);
}

describe('information', () => {
  it('/fence rules [topic] and /fence help answer privately', async () => {
    const overview = await h.fence(dee, 'rules');
    expect(overview.ephemeral).toBe(true);
    expect(textOf(overview)).toMatch(/^\*\*FENCE!\*\* First the players build a city from square tiles/);
    expect(textOf(overview)).toMatch(/Topics: overview, building, setup, move, others, jail, hotgoods, winning, house, v-setup, v-free-for-all, v-bigmap, v-jail, v-cards, v-trading, v-hotgoods, v-victory — `\/fence rules topic:…`$/);

    const jail = await h.fence(dee, 'rules', { topic: 'jail' });
    expect(jail.ephemeral).toBe(true);
    expect(textOf(jail)).toMatch(/^\*\*Jail\.\*\* Your pawn leaves the map/);
    expect(textOf(jail)).not.toContain('build a city');
    const house = await h.fence(dee, 'rules', { topic: 'house' });
    expect(textOf(house)).toMatch(/^\*\*Playing in a channel\.\*\*.*`\/fence resign` leaves a game/);

    const help = await h.fence(dee, 'help');
    expect(help.ephemeral).toBe(true);
    expect(textOf(help)).toMatch(/^\*\*How to play FENCE! here\*\*\n/);
    for (const cmd of ['/fence new', '/fence place', '/fence move', '/fence hand', '/fence resign', '/fence abort', '/fence kick', '/fence settings']) expect(textOf(help)).toContain(cmd);
    // Game of Fences and Fences are other games, each named with its command and what it is.
    expect(textOf(help)).toMatch(/\*\*Other games of this bot\*\*\n• \*\*Game of Fences\*\*: `\/kimbo new` — .+\n(.+\n)*• \*\*Fences\*\*: `\/farm new` — .+/);
  });
});

describe('typed moves', () => {
  it('autocomplete suggests first what the typed cards would play ("r6"), as sending the same text plays it', async () => {
    const channel = h.double.createChannel(h.guild, 'typed-cards');
    await runningGame(channel, [bo]);
    await playUntilMain(channel);
    const game = await h.game(channel);
    const seat = whoMustAct(game.state)!;
    const user = h.userOf(game, seat);
    // A Move Yourself the game reads from its cards alone, written as a player would ("r6", "r3 b1").
    const move = fence.legalActions(game.state, seat).flatMap((a) => {
      if (a.type !== 'moveSelf') return [];
      const typed = a.cards.map((c) => c.toLowerCase()).join(' ');
      const read = fence.parse!(game.state, seat, 'move', typed);
      return read && !isNotUnderstood(read) && fence.encode(read) === fence.encode(a) ? [{ action: a, typed }] : [];
    })[0];
    expect(move).toBeDefined();
    const label = fence.words.action(game.state, move!.action);
    expect(label.toLowerCase()).not.toContain(move!.typed);
    const choices = await h.double.autocomplete(user, channel, 'fence', 'move', move!.typed, { subcommand: 'move' });
    expect(choices[0]).toEqual({ name: label, value: fence.encode(move!.action) });
    const sent = await h.fence(user, 'move', { move: move!.typed }, channel);
    expect(textOf(sent).startsWith(`Done: ${label}.`) || textOf(sent).startsWith(`${label}: only you see this preview`), textOf(sent)).toBe(true);
  });
});

describe('building the map by hand', () => {
  it('/fence swap offers only legal swaps; a swap is posted naming both tiles', async () => {
    const channel = h.double.createChannel(h.guild, 'swap');
    const id = await runningGame(channel, [bo], { rounds: 2 });
    let swapped = false;
    let sawEmpty = false;
    for (let turn = 0; turn < 40 && !swapped; turn++) {
      const game = await h.game(channel);
      expect(game.state.phase, 'the map was built without a legal swap for a person').toBe('building');
      const seat = whoMustAct(game.state)!;
      const user = h.userOf(game, seat);
      const other = h.userOf(game, 1 - seat);
      const choices = await h.double.autocomplete(user, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      if (choices[0]?.value === '-') {
        // No legal swap yet: the list says so, and sending anyway is refused with the reason.
        expect(choices.map((c) => c.name)).toEqual(['No tile in your hand can be swapped in anywhere right now.']);
        if (!sawEmpty) {
          const refused = await h.fence(user, 'swap', { swap: '-' }, channel);
          expect(refused.ephemeral).toBe(true);
          expect(textOf(refused)).toBe('No tile in your hand can be swapped in anywhere right now.');
          sawEmpty = true;
        }
        await h.playOne(channel);
        continue;
      }
      expect(choices.length).toBeLessThanOrEqual(25);
      for (const c of choices) expect(c.name).toMatch(/^Swap .+ for .+ at [A-Z]+\d+/);
      // Whoever is not on turn gets no list, and is refused.
      const notYours = await h.double.autocomplete(other, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      expect(notYours.map((c) => c.name)).toEqual([`Not your turn: waiting for ${game.state.seats[seat]!.name}.`]);
      const out = await h.fence(other, 'swap', { swap: String(choices[0]!.value) }, channel);
      expect(textOf(out)).toMatch(/^It is not your turn: the game waits for/);

      const pick = choices[0]!;
      const [, incoming, replaced] = /^Swap (.+) for (.+) at /.exec(pick.name)!;
      const before = h.double.messages(channel).length;
      const reply = await h.fence(user, 'swap', { swap: String(pick.value) }, channel);
      expect(reply.ephemeral).toBe(true);
      expect(textOf(reply)).toBe(`Done: ${pick.name}.`);
      await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the swap post');
      const post = postsSince(channel, before)[0]!;
      expect(post.ephemeral).toBe(false);
      expect(textOf(post)).toContain(`${game.state.seats[seat]!.name} swapped ${incoming} in for ${replaced}.`);
      expect(post.attachments[0]?.filename).toMatch(/^(map|closeup)\.png$/);
      // B6: the replaced tile goes to the swapper's hand, and the tile swapped in is locked.
      const hand = await h.fence(user, 'hand', {}, channel);
      expect(hand.ephemeral).toBe(true);
      expect(textOf(hand).split('\n').find((l) => l.startsWith('Tiles ('))).toContain(replaced);
      const after = await h.game(channel);
      const nextUser = h.userOf(after, whoMustAct(after.state)!);
      const cell = /\bat ([A-Z]+\d+)/.exec(pick.name)![1]!;
      const later = await h.double.autocomplete(nextUser, channel, 'fence', 'swap', '', { subcommand: 'swap' });
      expect(later.some((c) => c.name.includes(` for ${incoming} at ${cell}`))).toBe(false);
      expect(after.record.id).toBe(id);
      swapped = true;
    }
    expect(swapped).toBe(true);
  }, 60_000);

  it('/fence swap outside map building: the list and the command say it cannot be done now', async () => {
    const channel = h.double.createChannel(h.guild, 'swap-late');
    await runningGame(channel, [bo]);
    await playUntilMain(channel);
    const game = await h.game(channel);
    const user = h.userOf(game, whoMustAct(game.state)!);
    const choices = await h.double.autocomplete(user, channel, 'fence', 'swap', '', { subcommand: 'swap' });
    expect(choices.map((c) => c.name)).toEqual(['Map building is over: move with /fence move, /fence push or /fence cops.']);
    const refused = await h.fence(user, 'swap', { swap: String(choices[0]!.value) }, channel);
    expect(refused.ephemeral).toBe(true);
    expect(textOf(refused)).toBe('Map building is over: move with `/fence move`, `/fence push` or `/fence cops`.');
    expect((await h.game(channel)).record.version).toBe(game.record.version);
  });
});

describe('afterwards', () => {
  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
