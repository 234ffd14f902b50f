// Game of Fences end to end through the real discord.js client and the Discord double: a
// 2-player game played to a win by commands and buttons (fence move, Roll, moves by button, by
// autocomplete and typed, corners), a 3-player game with a blocked entrance, a timeout played
// by the computer, a resign.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simplePlayer } from '../../src/games/kimbo/bots.ts';
import { currentResults } from '../../src/games/kimbo/engine.ts';
import type { KimboState } from '../../src/games/kimbo/state.ts';
import { BOARD, nameOfEdge } from '../../src/games/kimbo/board.ts';
import { actionLabel } from '../../src/games/kimbo/words.ts';
import type { LoadedGame } from '../../src/store/index.ts';
import type { Channel, PostedMessage, User } from '../discord-double/index.ts';
import drawings from '../../src/games/kimbo/draw/index.ts';
import { kimbo } from '../../src/games/kimbo/index.ts';
import type { KimboChoiceView } from '../../src/games/kimbo/views.ts';
import { textsDrawn } from '../render/labels.ts';
import { Harness, tapsFor, textOf } from '../bot/harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

const buttonLabels = (m: PostedMessage): string[] => h.double.buttons(m).map((b) => ('label' in b ? String(b.label) : ''));

async function start(channel: Channel, players: User[], options: Record<string, string | number | boolean> = {}): Promise<PostedMessage[]> {
  await h.command(players[0]!, 'kimbo', 'new', options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of players.slice(1)) await (await h.double.clickButton(p, lobby, 'Join')).acknowledged();
  const before = h.double.messages(channel).length;
  const started = await (await h.double.clickButton(players[0]!, lobby, 'Start')).reply(10_000);
  expect(textOf(started)).toMatch(/Game #\d+ has started/);
  return h.double.messages(channel).slice(before);
}

async function running(channel: Channel): Promise<LoadedGame & { state: KimboState }> {
  const g = await h.store.loadActiveGame(channel.id);
  if (!g || !g.state) throw new Error('no running game');
  return g as LoadedGame & { state: KimboState };
}

const ways = { taps: 0, autocomplete: 0, typed: 0, corner: 0, menus: 0 };
/** Each player's latest private message: a turn under way offers its next level there. */
const lastPrivate = new Map<string, PostedMessage>();

/**
 * The player on turn does what the simple player would, through Discord: mostly by pressing
 * the labels of the choice (Roll on the turn post, then squares on their private message), a
 * move now and then by `/kimbo move` (autocomplete, or typed words).
 */
async function playOne(channel: Channel, n: number): Promise<void> {
  const game = await running(channel);
  const s = game.state;
  const user = h.userOf(game, s.current);
  const action = simplePlayer(s, s.current)!;
  const label = actionLabel(s, action);
  const before = h.double.messages(channel).length;
  let reply: PostedMessage;
  if (action.type === 'move' && n % 7 === 3) {
    ways.typed++;
    reply = await h.command(user, 'kimbo', 'move', { move: label.replace(/ → /g, ' ').replace(/,/g, '') }, channel);
  } else if (action.type === 'move' && n % 7 === 5) {
    ways.autocomplete++;
    const choices = await h.double.autocomplete(user, channel, 'kimbo', 'move', label, { subcommand: 'move' });
    const choice = choices.find((c) => c.name === label.slice(0, 100));
    if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
    reply = await h.command(user, 'kimbo', 'move', { move: String(choice.value) }, channel);
  } else {
    if (action.type === 'corner') ways.corner++;
    const labels = tapsFor(kimbo, s, s.current, action);
    if (!labels) throw new Error(`the choice does not offer "${label}"`);
    // Before the roll the choice is on the turn post; after it, on the player's private message.
    const where = s.stage === 'start' ? h.latestPost(channel) : lastPrivate.get(user.id)!;
    const tapped = await h.tap(user, where, labels);
    ways.taps++;
    if (tapped.taps > labels.length) ways.menus++;
    reply = tapped.reply;
  }
  expect(reply.ephemeral).toBe(true);
  expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
  lastPrivate.set(user.id, reply);
  const after = await running(channel).catch(() => null);
  // A roll (or a capture waiting for its start square) is the turn under way: the channel waits,
  // and the player's answer shows the next level, each label it offers drawn on its picture.
  if (after && after.state.current === s.current && after.state.stage !== 'start' && !after.state.outcome) {
    expect(h.double.messages(channel).length).toBe(before);
    const level = kimbo.words.prompt(after.state, after.state.current).choice!;
    expect(reply.attachments.map((a) => a.filename)).toEqual(['choice.png']);
    const drawn = new Set(textsDrawn(() => drawings['choice']!(level.picture!.view as KimboChoiceView)).texts.map((t) => t.text));
    const inMenus = h.double.selects(reply).flatMap((m) => m.options.map((o) => o.label));
    const offered = inMenus.length ? inMenus : buttonLabels(reply).filter((l) => l !== '◀ Back' && l !== 'Undo');
    expect(offered.length).toBeGreaterThan(0);
    for (const label of offered) expect(drawn.has(label), label).toBe(true);
    return;
  }
  // The turn is over: one message tells it, with one picture naming whose turn it is now.
  const told = h.double.messages(channel).slice(before);
  expect(told, told.map(textOf).join('\n---\n')).toHaveLength(1);
  expect(told[0]!.attachments).toHaveLength(1);
  const next = after ?? (await h.store.getGame(game.record.id));
  if (!next.state || (next.state as KimboState).outcome) return;
  const waiting = (next.state as KimboState).seats[(next.state as KimboState).current]!.name;
  expect(told[0]!.attachments[0]!.description).toMatch(new RegExp(` ${waiting} to play\\.$`));
  expect(textOf(told[0]!)).toContain(`<@${h.userOf(next, (next.state as KimboState).current).id}>, your turn`);
}

describe('Game of Fences in Discord', () => {
  it('offers /kimbo with its moves and the platform\'s subcommands', () => {
    const cmd = h.double.commands().find((c) => c.name === 'kimbo');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'start', 'fence', 'move', 'status', 'map', 'rules', 'help', 'resign', 'abort']));
  });

  it('plays a 2-player game to a win, one post a turn: a fence move by autocomplete, Roll and moves by labelled buttons, list and typed words', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-two');
    const posts = await start(channel, [ana, bo]);
    const first = posts[posts.length - 1]!;
    expect(textOf(first)).toMatch(/Ana plays North, Bo plays South\. Opening rolls: .* goes first\./);
    expect(first.attachments[0]?.filename).toBe('board.png');
    expect(first.attachments[0]?.description).toMatch(/^Game of Fences board, round 1\. Ana \(North\): 0 in HOME; 1 on A1, 2 on O1, 3 on O15, 4 on A15\./);
    expect(buttonLabels(first)).toEqual(['Roll the dice', 'Move a fence']);

    // The player on turn moves a fence first: autocomplete offers their own fences to vacant slots.
    const game = await running(channel);
    const mover = h.userOf(game, game.state.current);
    const other = mover === ana ? bo : ana;
    const notYours = await h.command(other, 'kimbo', 'fence', { fence: 'F5|G5 K12|K13' }, channel);
    expect(textOf(notYours)).toMatch(/turn/i);
    // Before rolling, the move list says what to do instead of a choice to answer.
    const early = await h.double.autocomplete(mover, channel, 'kimbo', 'move', '', { subcommand: 'move' });
    expect(early.map((c) => c.name)).toEqual([expect.stringMatching(/^Roll first: press Roll the dice/)]);
    const typedEarly = await h.command(mover, 'kimbo', 'move', { move: 'piece 1 east' }, channel);
    expect(textOf(typedEarly)).toMatch(/Roll first/);
    const choices = await h.double.autocomplete(mover, channel, 'kimbo', 'fence', 'K12|K13', { subcommand: 'fence' });
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => c.name.endsWith('→ K12|K13'))).toBe(true);
    const postsBefore = h.double.messages(channel).length;
    const fenced = await h.command(mover, 'kimbo', 'fence', { fence: String(choices[0]!.value) }, channel);
    // The fence moved and the dice rolled: the turn goes on privately, the channel waits for the move.
    expect(textOf(fenced)).toMatch(/^Done: Fence .* → K12\|K13\. Next, you rolled \d and \d: where does a piece go\?/);
    expect(fenced.attachments.map((a) => a.filename)).toEqual(['choice.png']);
    expect(h.double.messages(channel).length).toBe(postsBefore);
    lastPrivate.set(mover.id, fenced);
    // A fence onto a black line, typed, is refused with a reason; the game is unchanged.
    const refused = await h.command(mover, 'kimbo', 'fence', { fence: 'C4|D4 D1|D2' }, channel);
    expect(textOf(refused)).toMatch(/before rolling|Pick one of the suggestions/);
    await playOne(channel, 0);
    const told = h.double.messages(channel).slice(postsBefore);
    expect(told).toHaveLength(1);
    expect(textOf(told[0]!)).toMatch(/moves a fence from .* to K12\|K13\.[\s\S]*rolls \d and \d\.[\s\S]*moves piece/);

    for (let n = 1; n < 400; n++) {
      const g = await h.store.loadActiveGame(channel.id);
      if (!g || g.record.status !== 'running') break;
      await playOne(channel, n);
    }
    expect((await h.store.getGame(game.record.id)).record.status).toBe('finished');
    // The last turn's post tells the winning move and the end: the winner mentioned, Rematch offered.
    const end = h.latestPost(channel);
    const won = /(Ana|Bo) has all four pieces HOME and wins!/.exec(textOf(end));
    expect(won, textOf(end)).not.toBeNull();
    const winner = won?.[1] === 'Ana' ? ana : bo;
    expect(textOf(end)).toMatch(new RegExp(`\\*\\*Game #${game.record.id} is over\\.\\*\\* 🏆 <@${winner.id}> wins!`));
    expect(end.notified).toEqual([winner.id]);
    expect(buttonLabels(end)).toEqual(['Rematch', 'Replay']);
    expect(end.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(ways.taps).toBeGreaterThan(10);
    expect(ways.typed).toBeGreaterThan(0);
    expect(ways.autocomplete).toBeGreaterThan(0);
  }, 300_000);

  it('plays a 3-player game: the empty side\'s entrance is shut by neutral fences nobody may move', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-three');
    const posts = await start(channel, [ana, bo, cy]);
    expect(textOf(posts[posts.length - 1]!)).toContain('Ana plays North, Bo plays South, Cy plays East.');
    const game = await running(channel);
    const west = BOARD.entrances[3]!;
    expect(game.state.fences.filter((f) => f.owner === null).map((f) => f.slot).sort()).toEqual([...west.slots].sort());
    const mover = h.userOf(game, game.state.current);
    const neutral = await h.command(mover, 'kimbo', 'fence', { fence: `${nameOfEdge(west.slots[0]!)} K12|K13` }, channel);
    expect(textOf(neutral)).toContain('That fence is neutral: nobody may move it.');
    // A move typed before the roll: the answer says to roll first.
    const early = await h.command(mover, 'kimbo', 'move', { move: 'piece 1' }, channel);
    expect(textOf(early)).toMatch(/^Roll first: press \*\*Roll the dice\*\*/);
    const map = await h.command(cy, 'kimbo', 'map', {}, channel);
    expect(map.attachments[0]?.filename).toBe('board.png');
    // A fence moved by taps: Move a fence, the fence by its letter, a part of the board, a slot
    // there by its number (from a menu: a part has more slots than buttons).
    // A level's option answers only the player it was offered to; a path the game does not
    // have (forged) is refused; neither shows anything.
    const bystander = [ana, bo, cy].find((u) => u !== mover)!;
    const notYours = await (await h.double.clickButton(bystander, h.latestPost(channel), 'Move a fence')).reply(10_000);
    expect(textOf(notYours)).toBe(`This choice is <@${mover.id}>'s, not yours.`);
    expect(notYours.attachments).toEqual([]);
    const seatMask = (1 << game.state.current).toString(36);
    const forged = `f:tap:${game.record.id}:${game.record.version}:s${seatMask}:Move%20a%20fence/q`;
    const nowhere = await (await h.double.forgeComponent(mover, channel, forged, h.latestPost(channel))).reply(10_000);
    expect(textOf(nowhere)).toMatch(/^That choice has already been made/);
    const own = game.state.fences.filter((f) => f.owner === game.state.current).map((f) => f.slot).sort((x, y) => x - y);
    const { reply, taps } = await h.tap(mover, h.latestPost(channel), ['Move a fence', 'a', 'top left', '3']);
    expect(taps).toBe(5);
    expect(textOf(reply)).toMatch(/^Done: Fence (\S+) → (\S+)\. Next, you rolled \d and \d: where does a piece go\?/);
    const [, from, to] = /^Done: Fence (\S+) → (\S+)\./.exec(textOf(reply))!;
    expect(from).toBe(nameOfEdge(own[0]!));
    expect((await running(channel)).state.fences.some((f) => nameOfEdge(f.slot) === to && f.owner === game.state.current)).toBe(true);
    lastPrivate.set(mover.id, reply);
    for (let n = 0; n < 9; n++) await playOne(channel, n);
    // After a restart the new process reads the turn post back to take its buttons away: its
    // words and its board stay, still the message's own file.
    while ((await running(channel)).state.stage !== 'start') await playOne(channel, 1);
    const shown = h.latestPost(channel);
    await h.running.stop();
    await h.startBot();
    await playOne(channel, 1);
    await playOne(channel, 1);
    const old = h.double.log.get(shown.id)!;
    expect(h.latestPost(channel).id).not.toBe(shown.id);
    expect(h.choicesOn(old)).toEqual([]);
    expect(textOf(old)).toBe(textOf(shown));
    expect(old.attachments.map((a) => a.filename)).toEqual(['board.png']);
    expect(JSON.stringify(old.components)).toContain('attachment://board.png');
    const status = await h.command(cy, 'kimbo', 'status', {}, channel);
    expect(textOf(status)).toMatch(/round \d+ of at most 200/);
    expect(textOf(status)).toMatch(/Cy \(East\): \d in HOME/);
    const abort = await h.command(ana, 'kimbo', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
  }, 120_000);

  it('takes a move back with Undo: the channel is told, the labelled board offered again, and the move played anew', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-undo');
    await start(channel, [ana, bo]);
    const game = await running(channel);
    const mover = h.userOf(game, game.state.current);
    const rolled = await h.tap(mover, h.latestPost(channel), ['Roll the dice']);
    const s = (await running(channel)).state;
    // A move of one piece with the whole roll: no capture, nothing hidden comes out of it.
    const plain = currentResults(s).find((r) => r.moves.length === 1 && r.captures.length === 0 && !r.moves[0]!.jump)!;
    const labels = tapsFor(kimbo, s, s.current, { type: 'move', key: plain.key })!;
    const moved = await h.tap(mover, rolled.reply, labels);
    expect(buttonLabels(moved.reply)).toEqual(['Undo']);
    const posts = h.double.messages(channel).length;
    await (await h.double.clickButton(mover, moved.reply, 'Undo')).reply(10_000);
    const told = h.double.messages(channel).slice(posts);
    expect(told).toHaveLength(1);
    expect(told[0]!.attachments.map((a) => a.filename)).toEqual(['board.png', 'choice-2.png']);
    expect(textOf(told[0]!)).toMatch(/took back their move[\s\S]*you rolled \d and \d: where does a piece go\?/);
    const again = await h.tap(mover, told[0]!, labels);
    expect(textOf(again.reply)).toMatch(/^Done: /);
    expect(h.double.messages(channel).length).toBe(posts + 2);
    const abort = await h.command(ana, 'kimbo', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
  }, 60_000);

  it('plays a timed-out turn with the computer, and lets a player resign: the last player left wins', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-timer');
    await start(channel, [ana, bo], { 'turn-limit': 600 });
    const game = await running(channel);
    const late = game.state.current;
    const lateName = late === 0 ? 'Ana' : 'Bo';
    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    const text = h.double.messages(channel).slice(before).map(textOf).join('\n');
    expect(text).toContain(`${lateName} ran out of time: the bot plays the turn for them.`);
    expect(text).toMatch(new RegExp(`${lateName} rolls \\d and \\d\\.`));
    const now = await running(channel);
    expect(now.state.current).not.toBe(late);

    const quitter = h.userOf(now, now.state.current);
    const ask = await h.command(quitter, 'kimbo', 'resign', {}, channel);
    expect(textOf(ask)).toContain('Your pieces leave the board (HOME too) and your fences stay where they are as neutral fences.');
    await (await h.double.clickButton(quitter, ask, 'Resign')).acknowledged();
    const end = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is the last player left and wins'), 10_000);
    expect(textOf(end)).toMatch(/resigns: their pieces leave the board/);
    h.nowOffset = 0;
  }, 60_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, textOf(m)).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
