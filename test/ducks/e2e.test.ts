// Duck Pens end to end through the real discord.js client and the Discord double: a solo game
// against the Automa played to its end by pressing the labels of its choices (Roll on the turn
// post, numbers on the player's private pictures), with fences also picked from the list and
// typed; each turn one post whose picture names who plays next; a two-player game where a
// timed-out turn is played by the computer; /ducks rules and help.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleChoice } from '../../src/games/ducks/engine.ts';
import { ducks } from '../../src/games/ducks/index.ts';
import { kept } from '../../src/games/ducks/moves.ts';
import type { Action, DucksState } from '../../src/games/ducks/state.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import { labelsDrawn } from './labels.ts';
import { Harness, tapsFor, textOf } from '../bot/harness.ts';

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
  return { id: g.record.id, state: g.state as DucksState };
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

/** What a person playing the simple strategy does: a fence it draws after keeping its dice is pressed at once (its number keeps them). */
function person(s: DucksState, seat: number): Action {
  const a = simpleChoice(s, seat)!;
  if (a.type !== 'keep') return a;
  const f = simpleChoice(kept(s), seat);
  return f?.type === 'fence' ? f : a;
}

/** Each player's latest private answer: a turn under way offers its next level there. */
const lastPrivate = new Map<string, PostedMessage>();
const ways = { taps: 0, keptByFence: 0, autocomplete: 0, typed: 0, levels: 0 };

/**
 * The player does what the simple strategy would, as a person: by the labels of the choice, on
 * the turn post or on their private answer; now and then a fence from \`/ducks fence\`'s list or
 * typed, previewed privately and confirmed (D24). Then: a turn under way tells the channel
 * nothing and shows the next level with each label it offers drawn on its picture; a turn over
 * is one post with one picture naming who plays next.
 */
async function playOne(channel: Channel, user: User, n: number): Promise<void> {
  const { state: s } = await stateIn(channel);
  const seat = ducks.activeSeats(s)[0]!;
  const a = person(s, seat);
  const before = h.double.messages(channel).length;
  let reply: PostedMessage;
  if (a.type === 'fence' && n % 6 === 3) {
    const label = ducks.words.action(s, a);
    let sent = label.replace(' (bent, egg)', '');
    if (n % 12 === 3) {
      ways.typed++;
      sent = sent.toLowerCase().replace(/ → /g, '-');
    } else {
      ways.autocomplete++;
      const choices = await h.double.autocomplete(user, channel, 'ducks', 'fence', label.slice(0, 20), { subcommand: 'fence' });
      const choice = choices.find((c) => c.name === label);
      if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
      sent = String(choice.value);
    }
    const preview = await h.command(user, 'ducks', 'fence', { fence: sent }, channel);
    expect(preview.attachments[0]?.description).toMatch(/^Preview of your fence [A-K]\d+ → /);
    expect(h.double.messages(channel).length).toBe(before);
    expect((await stateIn(channel)).state.fences).toBe(s.fences);
    reply = await h.confirm(user, preview);
  } else {
    const taps = tapsFor(ducks, s, seat, a);
    if (!taps) throw new Error(`the choice does not offer "${ducks.words.action(s, a)}"`);
    if (a.type === 'fence' && s.turn.stage === 'reroll') ways.keptByFence++;
    const post = h.latestPost(channel);
    // A private answer newer than the post is where a turn under way goes on: the post's buttons are stale then.
    const mine = lastPrivate.get(user.id);
    const offers = (m: PostedMessage) => labels(m).includes(taps[0]!) || h.double.selects(h.double.log.get(m.id) ?? m).some((x) => x.options.some((o) => o.label === taps[0]));
    const goesOn = mine !== undefined && BigInt(mine.id) > BigInt(post.id) && offers(mine);
    reply = (await h.tap(user, goesOn || !offers(post) ? mine! : post, taps)).reply;
    ways.taps++;
  }
  expect(reply.ephemeral).toBe(true);
  expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
  lastPrivate.set(user.id, reply);
  const after = await stateIn(channel).catch(() => null);
  const told = h.double.messages(channel).slice(before);
  if (after && !after.state.end && after.state.turn.number === s.turn.number) {
    // The turn goes on: the channel waits; the answer shows the next level, its labels drawn.
    expect(told, told.map(textOf).join('\n---\n')).toHaveLength(0);
    const level = ducks.words.prompt(after.state, ducks.activeSeats(after.state)[0]!).choice!;
    if (!level.picture) return;
    expect(reply.attachments.map((x) => x.filename)).toEqual(['choice.png']);
    const drawn = labelsDrawn(level.picture);
    const inMenus = h.double.selects(reply).flatMap((m) => m.options.map((o) => o.label));
    const offered = inMenus.length ? inMenus : labels(reply).filter((l) => l !== '◀ Back' && l !== 'Undo');
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(drawn.get(label) ?? 0, label).toBeGreaterThanOrEqual(1);
    ways.levels++;
    return;
  }
  // The turn is over: one message tells it, with one picture naming who plays next.
  expect(told, told.map(textOf).join('\n---\n')).toHaveLength(1);
  expect(told[0]!.attachments).toHaveLength(1);
  if (!after || after.state.end) return;
  expect(told[0]!.attachments[0]!.description).toMatch(/ Ana to play\.$/);
  expect(textOf(told[0]!)).toContain(`<@${ana.id}>, `);
}

describe('Duck Pens through Discord', () => {
  it('/ducks is a command of its own, with its moves', () => {
    const cmd = h.double.commands().find((c) => c.name === 'ducks');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'start', 'fence', 'reroll', 'place', 'box', 'status', 'map', 'rules', 'help', 'resign', 'abort']));
  });

  it('a solo game against the Automa, played to its end by taps: Roll, a fence\'s number, the Automa\'s pen\'s number; each turn one post', async () => {
    const channel = h.double.createChannel(h.guild, 'ducks-solo');
    const start = await open(channel, [ana], { colour: 'blue' });
    const first = start[start.length - 1]!;
    expect(textOf(first)).toContain('Ana plays blue against the Automa');
    expect(textOf(first)).toMatch(/<@\d+>, your turn: roll the dice\./);
    expect(first.attachments[0]?.filename).toBe('board.png');
    expect(first.attachments[0]?.description).toMatch(/^Duck Pens board, turn 1: Ana \(blue\) 0 points.* Ana to play\.$/);
    expect(labels(first)).toEqual(['Roll']);
    const { id } = await stateIn(channel);
    // A fence typed wrong is refused with a reason, and nothing changes.
    await h.tap(ana, first, ['Roll']).then((r) => lastPrivate.set(ana.id, r.reply));
    const { state: rolled } = await stateIn(channel);
    const wrong = await h.command(ana, 'ducks', 'fence', { fence: 'A1 → A11' }, channel);
    expect(textOf(wrong)).toMatch(/must be exactly \d spaces? long|must touch|cross|over a fence|no fence this turn|cannot draw/);
    expect((await stateIn(channel)).state).toEqual(rolled);

    for (let n = 0; n < 600; n++) {
      const s = await stateIn(channel).catch(() => null);
      if (!s || s.state.end) break;
      await playOne(channel, ana, n);
    }
    expect((await h.store.getGame(id)).record.status).toBe('finished');
    expect(ways.autocomplete + ways.typed).toBeGreaterThan(0);
    expect(ways.keptByFence).toBeGreaterThan(0);
    expect(ways.levels).toBeGreaterThan(5);
    // The last turn's post tells why the game ended, the score by its parts and the verdict, with
    // the board and its score table; then the game's end: the winner (Ana only if she reached the
    // Automa's target) and Rematch.
    const last = h.latestPost(channel);
    const text = textOf(last);
    // A9: the post says which of the two ends it was.
    expect(text).toMatch(/(Two turns in a row were skipped \(no fence drawn, no re-roll space filled\)|The Automa's last card is played): the game is over\./);
    expect(text).toMatch(/Ana: \d+ points? = \d+ for (the largest group of \d+ pens?|pens \(none\)) \+ \d+ for /);
    const verdict = /(Ana wins: \d+ points?, at least the \d+ needed to beat the Automa|The Automa wins: Ana scored \d+ of the \d+ points needed to beat it)\./.exec(text);
    expect(verdict, text).not.toBeNull();
    expect(last.attachments.map((x) => x.filename)).toEqual(['board.png']);
    expect(last.attachments[0]!.description).toContain(verdict![1]!);
    expect(text).toMatch(new RegExp(`\\n\\*\\*Game #${id} is over\\.\\*\\* `));
    if (verdict![1]!.startsWith('Ana wins')) {
      expect(text).toContain(`🏆 <@${ana.id}> wins!`);
      expect(last.notified).toEqual([ana.id]);
    } else {
      expect(text).toContain('Nobody wins.');
      expect(last.notified).toEqual([]);
    }
    expect(labels(last)).toEqual(['Rematch', 'Replay']);
    const texts = h.double.messages(channel).map((m) => textOf(m)).join('\n');
    expect(texts).toMatch(/The Automa turns a card: a .* on dot [A-K]\d+ \(\d+ cards? left\)/);
    expect(texts).toMatch(/The Automa's pen goes between dots /);
  }, 300_000);

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
    expect((await h.store.getGame(id)).record.status).toBe('finished');
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
