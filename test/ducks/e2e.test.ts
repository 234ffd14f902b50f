// Duck Pens end to end through the real discord.js client and the Discord double: a solo game
// against the Automa played to its end with buttons, autocomplete and a typed fence; a
// two-player game where a timed-out turn is played by the computer; /ducks rules and help.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ducks } from '../../src/games/ducks/index.ts';
import type { Action, DucksState } from '../../src/games/ducks/state.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { Harness, textOf } from '../bot/harness.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
});
afterAll(async () => {
  await h?.stop();
});

async function stateIn(channel: Channel): Promise<{ id: number; state: DucksState }> {
  const g = await h.store.loadActiveGame(channel.id);
  if (!g || !g.state) throw new Error('no running game');
  return { id: g.game.id, state: g.state as DucksState };
}

async function open(channel: Channel, players: User[], options: Record<string, string | number | boolean> = {}): Promise<PostedMessage[]> {
  await h.command(ana, 'ducks', 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players) if (p !== ana) await (await h.double.clickButton(p, lobby, 'Join')).acknowledged();
  const before = h.double.messages(channel).length;
  const started = await (await h.double.clickButton(ana, lobby, 'Start')).reply(10_000);
  expect(textOf(started)).toMatch(/Game #\d+ has started/);
  return h.double.messages(channel).slice(before);
}

/** The labels of a message's buttons as they are now (older posts lose theirs once a newer one is out). */
const labels = (m: PostedMessage): string[] => h.double.buttons(h.double.log.get(m.id) ?? m).map((b) => ('label' in b ? String(b.label) : ''));

/**
 * A fence is previewed privately first (D24): press Confirm on the preview. The press answers
 * by rewriting that private preview (or, failing that, with a new private message): wait for it.
 */
async function confirm(user: User, preview: PostedMessage): Promise<string> {
  return textOf(await h.confirm(user, preview));
}

/** What the simple strategy would do for `user`, done as a player would: a button or the list. */
async function actAsPlayer(channel: Channel, user: User, s: DucksState, seat: number, a: Action): Promise<string> {
  const label = ducks.words.action(s, a);
  const post = h.latestPost(channel);
  const buttons = h.double.buttons(post).map((b) => ('label' in b ? b.label ?? '' : ''));
  if (a.type === 'fence' || a.type === 'bread' || a.type === 'place' || a.type === 'reroll') {
    const sub = a.type === 'place' ? 'place' : a.type === 'reroll' ? 'reroll' : 'fence';
    const option = a.type === 'place' ? 'placement' : a.type === 'reroll' ? 'dice' : 'fence';
    if (a.type === 'place' && buttons.includes('Let the bot place it') && s.turn.number % 2 === 0) {
      return textOf(await (await h.double.clickButton(user, post, 'Let the bot place it')).reply(10_000));
    }
    const choices = await h.double.autocomplete(user, channel, 'ducks', option, label.slice(0, 20), { subcommand: sub });
    const choice = choices.find((c) => c.name === label);
    if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
    const reply = await h.command(user, 'ducks', sub, { [option]: String(choice.value) }, channel);
    return a.type === 'fence' || a.type === 'bread' ? confirm(user, reply) : textOf(reply);
  }
  const prompt = ducks.words.prompt(s, seat);
  const button = prompt.buttons.find((b) => JSON.stringify(b.action) === JSON.stringify(a));
  if (!button) throw new Error(`no button for ${label}: ${buttons.join(' | ')}`);
  expect(buttons).toContain(button.label);
  return textOf(await (await h.double.clickButton(user, post, button.label)).reply(10_000));
}

describe('Duck Pens through Discord', () => {
  it('/ducks is a command of its own, with its moves', () => {
    const cmd = h.double.commands().find((c) => c.name === 'ducks');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'start', 'fence', 'reroll', 'place', 'box', 'status', 'map', 'rules', 'help', 'resign', 'abort']));
  });

  it('a solo game against the Automa, played to its end: Roll, fences from the list and typed, the Automa\'s card placed', async () => {
    const channel = h.double.createChannel(h.guild, 'ducks-solo');
    const start = await open(channel, [ana], { colour: 'blue' });
    const first = start[start.length - 1]!;
    expect(textOf(first)).toContain('Ana plays blue against the Automa');
    expect(textOf(first)).toMatch(/<@\d+>, your turn: roll the dice\./);
    expect(first.attachments[0]?.filename).toBe('board.png');
    expect(first.attachments[0]?.description).toMatch(/^Duck Pens board, turn 1: Ana \(blue\) 0 points/);
    expect(h.double.buttons(first).map((b) => ('label' in b ? b.label : ''))).toContain('Roll');
    const { id } = await stateIn(channel);

    let typed = false;
    let refusedOnce = false;
    for (let n = 0; n < 400; n++) {
      const { state: s } = await stateIn(channel).catch(() => ({ state: null as DucksState | null }));
      if (!s || s.end) break;
      const seat = ducks.activeSeats(s)[0]!;
      const a = ducks.bots.simple!(s, seat)!;
      if (a.type === 'fence' && !typed) {
        // Typed by hand, the way a board player writes it; first a wrong length, refused with a reason.
        if (!refusedOnce) {
          const wrong = await h.command(ana, 'ducks', 'fence', { fence: 'A1 → A11' }, channel);
          expect(textOf(wrong)).toMatch(/must be exactly \d spaces? long|must touch|cross|over a fence/);
          refusedOnce = true;
        }
        // The preview shows the fence on the board to Ana alone; the channel hears nothing until she confirms.
        const words = ducks.words.action(s, a).replace(' (bent, egg)', '');
        const posts = h.double.messages(channel).length;
        const preview = await h.command(ana, 'ducks', 'fence', { fence: words.toLowerCase().replace(/ → /g, '-') }, channel);
        expect(preview.attachments[0]?.filename).toBe('board.png');
        expect(preview.attachments[0]?.description).toMatch(/^Preview of your fence [A-K]\d+ → /);
        expect(h.double.messages(channel).length).toBe(posts);
        expect((await stateIn(channel)).state.fences).toBe(s.fences);
        expect(await confirm(ana, preview)).toMatch(/^Done/);
        expect((await stateIn(channel)).state.fences).not.toBe(s.fences);
        typed = true;
        continue;
      }
      expect(await actAsPlayer(channel, ana, s, seat, a)).toMatch(/^Done/);
    }
    expect((await h.store.getGame(id)).game.status).toBe('finished');
    // The last turn's post tells the score and the verdict, with the board, then the game's end:
    // the winner (Ana only if she beat the Automa's target) and Rematch.
    const last = h.latestPost(channel);
    const end = last;
    expect(textOf(last)).toMatch(/Ana: \d+ points? \(largest group \d+/);
    // A9: the post says which of the two ends it was.
    expect(textOf(last)).toMatch(/(Two turns in a row were skipped|The Automa's last card is played): the game is over\./);
    const verdict = /Ana (beats|falls short of) the Automa \(target \d+\)/.exec(textOf(last));
    expect(verdict, textOf(last)).not.toBeNull();
    expect(last.attachments[0]?.filename).toBe('board.png');
    expect(textOf(end)).toMatch(new RegExp(`\\n\\*\\*Game #${id} is over\\.\\*\\* `));
    if (verdict?.[1] === 'beats') {
      expect(textOf(end)).toContain(`🏆 <@${ana.id}> wins!`);
      expect(end.notified).toEqual([ana.id]);
    } else {
      expect(textOf(end)).toContain('Nobody wins.');
      expect(end.notified).toEqual([]);
    }
    expect(labels(end)).toEqual(['Rematch', 'Replay']);
    const texts = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(texts).toMatch(/The Automa turns a card: a .* on dot [A-K]\d+ \(\d+ cards? left\)/);
    expect(texts).toMatch(/The Automa's pen goes on /);
    expect(typed).toBe(true);
  }, 240_000);

  it('two players: a turn that times out is played by the computer, then a resignation ends it for the other', async () => {
    const channel = h.double.createChannel(h.guild, 'ducks-two');
    const start = await open(channel, [ana, bo], { 'turn-limit': 600 });
    expect(textOf(start[start.length - 1]!)).toMatch(/Ana plays red, Bo plays blue\. (Ana|Bo) starts\./);
    const { id, state } = await stateIn(channel);
    const waiting = state.turn.seat;
    const name = waiting === 0 ? 'Ana' : 'Bo';
    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the timeout post');
    const text = h.double.messages(channel).slice(before).map((m) => textOf(m)).join('\n');
    expect(text).toContain(`${name} ran out of time: the bot plays that part for them.`);
    expect(text).toContain(`${name} rolls`);
    // The timeout is said first, then what the computer played.
    expect(text.indexOf(`${name} ran out of time`)).toBeLessThan(text.indexOf(`${name} rolls`));
    const after = (await stateIn(channel)).state;
    expect(after.turn.seat).toBe(1 - waiting);
    expect(after.turn.number).toBe(2);
    const other = waiting === 0 ? bo : ana;
    const ask = await h.command(other, 'ducks', 'resign', {}, channel);
    expect(textOf(ask)).toContain('with two players the other player wins');
    await (await h.double.clickButton(other, ask, 'Resign')).acknowledged();
    // The last turn's post tells the resignation and who wins, mentions the winner and offers Rematch.
    const over = await h.double.waitForMessage(channel, (m) => /is over/.test(textOf(m)));
    expect((await h.store.getGame(id)).game.status).toBe('finished');
    const all = h.double.messages(channel);
    expect(all[all.length - 1]?.id).toBe(over.id);
    expect(textOf(over)).toContain(`${waiting === 0 ? 'Bo' : 'Ana'} resigns.`);
    expect(textOf(over)).toContain(`${name} wins.`);
    const winner = waiting === 0 ? ana : bo;
    expect(textOf(over)).toMatch(new RegExp(`\\n\\*\\*Game #${id} is over\\.\\*\\* 🏆 <@${winner.id}> wins!`));
    expect(over.notified).toEqual([winner.id]);
    expect(labels(over)).toEqual(['Rematch', 'Replay']);
  }, 60_000);

  it('/ducks rules shows the five shapes; /ducks help says how to play here', async () => {
    const rules = await h.command(bo, 'ducks', 'rules', { topic: 'pens' });
    expect(rules.ephemeral).toBe(true);
    expect(textOf(rules)).toContain('**Pens**');
    expect(rules.attachments[0]?.filename).toBe('shapes.png');
    expect(rules.attachments[0]?.description).toMatch(/^The five specialty pens: P, 5 spaces/);
    const help = await h.command(bo, 'ducks', 'help');
    expect(textOf(help)).toContain('`/ducks fence` lists every legal fence');
  });

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
