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
import { Harness } from '../bot/harness.ts';

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
  const lobby = await h.double.waitForMessage(channel, (m) => m.content.includes('is open: join in!'));
  for (const p of players.slice(1)) await (await h.double.clickButton(p, lobby, 'Join')).acknowledged();
  const before = h.double.messages(channel).length;
  const started = await (await h.double.clickButton(players[0]!, lobby, 'Start')).reply(10_000);
  expect(started.content).toMatch(/Game #\d+ has started/);
  return h.double.messages(channel).slice(before);
}

async function running(channel: Channel): Promise<LoadedGame & { state: KimboState }> {
  const g = await h.store.loadActiveGame(channel.id);
  if (!g || !g.state) throw new Error('no running game');
  return g as LoadedGame & { state: KimboState };
}

const ways = { button: 0, autocomplete: 0, typed: 0, corner: 0 };

/** The player on turn does what the simple player would, through Discord: a button when offered, else `/kimbo move`. */
async function playOne(channel: Channel, n: number): Promise<void> {
  const game = await running(channel);
  const s = game.state;
  const user = h.userOf(game, s.current);
  const action = simplePlayer(s, s.current)!;
  const label = actionLabel(s, action);
  const before = h.double.messages(channel).length;
  const post = h.latestPost(channel);
  let reply: PostedMessage;
  if (action.type === 'move' && currentResults(s).length > 10) {
    if (n % 3 === 0) {
      // Typed by hand, as the words of the label.
      ways.typed++;
      reply = await h.command(user, 'kimbo', 'move', { move: label.replace(/ → /g, ' ').replace(/,/g, '') }, channel);
    } else {
      ways.autocomplete++;
      const choices = await h.double.autocomplete(user, channel, 'kimbo', 'move', label, { subcommand: 'move' });
      const choice = choices.find((c) => c.name === label.slice(0, 100));
      if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
      reply = await h.command(user, 'kimbo', 'move', { move: String(choice.value) }, channel);
    }
  } else {
    if (action.type === 'move') ways.button++;
    if (action.type === 'corner') ways.corner++;
    const offered = buttonLabels(post);
    const button = offered.find((b) => b === label.slice(0, 80)) ?? offered.find((b) => action.type === 'corner' && b.startsWith(label.split(' to ')[1]?.split(' ')[0] ?? '?'));
    if (!button) throw new Error(`no button "${label}" on the latest post: ${offered.join(' | ')}`);
    reply = await (await h.double.clickButton(user, post, button)).reply(10_000);
  }
  expect(reply.ephemeral).toBe(true);
  expect(reply.content, reply.content).toMatch(/^Done/);
  await h.double.waitFor(() => (h.double.messages(channel).length > before ? true : undefined), 10_000, 'the turn post');
}

describe('Game of Fences in Discord', () => {
  it('offers /kimbo with its moves and the platform\'s subcommands', () => {
    const cmd = h.double.commands().find((c) => c.name === 'kimbo');
    expect(cmd?.options?.map((o) => o.name)).toEqual(expect.arrayContaining(['new', 'start', 'fence', 'move', 'status', 'map', 'rules', 'help', 'resign', 'abort']));
  });

  it('plays a 2-player game to a win: a fence move by autocomplete, Roll buttons, moves by button, list and typed words', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-two');
    const posts = await start(channel, [ana, bo]);
    const first = posts[posts.length - 1]!;
    expect(first.content).toMatch(/Ana plays North, Bo plays South\. Opening rolls: .* goes first\./);
    expect(first.attachments[0]?.filename).toBe('board.png');
    expect(first.attachments[0]?.description).toMatch(/^Game of Fences board, round 1\. Ana \(North\): 0 in HOME; 1 on A1, 2 on O1, 3 on O15, 4 on A15\./);
    expect(buttonLabels(first)).toEqual(['Roll the dice']);

    // The player on turn moves a fence first: autocomplete offers their own fences to vacant slots.
    const game = await running(channel);
    const mover = h.userOf(game, game.state.current);
    const other = mover === ana ? bo : ana;
    const notYours = await h.command(other, 'kimbo', 'fence', { fence: 'F5|G5 K12|K13' }, channel);
    expect(notYours.content).toMatch(/turn/i);
    // Before rolling, the move list says what to do instead of a choice to answer.
    const early = await h.double.autocomplete(mover, channel, 'kimbo', 'move', '', { subcommand: 'move' });
    expect(early.map((c) => c.name)).toEqual([expect.stringMatching(/^Roll first: press Roll the dice/)]);
    const typedEarly = await h.command(mover, 'kimbo', 'move', { move: 'piece 1 east' }, channel);
    expect(typedEarly.content).toMatch(/Roll first/);
    const choices = await h.double.autocomplete(mover, channel, 'kimbo', 'fence', 'K12|K13', { subcommand: 'fence' });
    expect(choices.length).toBeGreaterThan(0);
    expect(choices.every((c) => c.name.endsWith('→ K12|K13'))).toBe(true);
    const fenced = await h.command(mover, 'kimbo', 'fence', { fence: String(choices[0]!.value) }, channel);
    expect(fenced.content).toMatch(/^Done: Fence .* → K12\|K13\./);
    const after = h.latestPost(channel);
    expect(after.content).toMatch(/moves a fence from .* to K12\|K13\.[\s\S]*rolls \d and \d\./);
    // A fence onto a black line, typed, is refused with a reason; the game is unchanged.
    const refused = await h.command(mover, 'kimbo', 'fence', { fence: 'C4|D4 D1|D2' }, channel);
    expect(refused.content).toMatch(/before rolling|Pick one of the suggestions/);

    for (let n = 0; n < 400; n++) {
      const g = await h.store.loadActiveGame(channel.id);
      if (!g || g.game.status !== 'running') break;
      await playOne(channel, n);
    }
    expect((await h.store.getGame(game.game.id)).game.status).toBe('finished');
    // The last turn post tells the winning move; the game's end post then mentions the winner and offers Rematch.
    const [last, end] = h.double.messages(channel).slice(-2) as [PostedMessage, PostedMessage];
    const won = /(Ana|Bo) has all four pieces HOME and wins!/.exec(last.content);
    expect(won, last.content).not.toBeNull();
    expect(buttonLabels(h.double.log.get(last.id) ?? last)).toEqual([]);
    const winner = won?.[1] === 'Ana' ? ana : bo;
    expect(end.content).toMatch(new RegExp(`^\\*\\*Game #${game.game.id} is over\\.\\*\\* 🏆 <@${winner.id}> wins!`));
    expect(end.notified).toEqual([winner.id]);
    expect(buttonLabels(end)).toEqual(['Rematch', 'Replay']);
    expect(ways.button + ways.autocomplete + ways.typed).toBeGreaterThan(10);
    expect(ways.typed).toBeGreaterThan(0);
    expect(ways.autocomplete).toBeGreaterThan(0);
  }, 300_000);

  it('plays a 3-player game: the empty side\'s entrance is shut by neutral fences nobody may move', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-three');
    const posts = await start(channel, [ana, bo, cy]);
    expect(posts[posts.length - 1]!.content).toContain('Ana plays North, Bo plays South, Cy plays East.');
    const game = await running(channel);
    const west = BOARD.entrances[3]!;
    expect(game.state.fences.filter((f) => f.owner === null).map((f) => f.slot).sort()).toEqual([...west.slots].sort());
    const mover = h.userOf(game, game.state.current);
    const neutral = await h.command(mover, 'kimbo', 'fence', { fence: `${nameOfEdge(west.slots[0]!)} K12|K13` }, channel);
    expect(neutral.content).toContain('That fence is neutral: nobody may move it.');
    // A move typed before the roll: the answer says to roll first.
    const early = await h.command(mover, 'kimbo', 'move', { move: 'piece 1' }, channel);
    expect(early.content).toMatch(/^Roll first: press \*\*Roll the dice\*\*/);
    const map = await h.command(cy, 'kimbo', 'map', {}, channel);
    expect(map.attachments[0]?.filename).toBe('board.png');
    for (let n = 0; n < 9; n++) await playOne(channel, n);
    const status = await h.command(cy, 'kimbo', 'status', {}, channel);
    expect(status.content).toMatch(/round \d+ of at most 200/);
    expect(status.content).toMatch(/Cy \(East\): \d in HOME/);
    const abort = await h.command(ana, 'kimbo', 'abort', {}, channel);
    await (await h.double.clickButton(ana, abort, 'Abort the game')).acknowledged();
  }, 120_000);

  it('plays a timed-out turn with the computer, and lets a player resign: the last player left wins', async () => {
    const channel = h.double.createChannel(h.guild, 'kimbo-timer');
    await start(channel, [ana, bo], { 'turn-limit': 600 });
    const game = await running(channel);
    const late = game.state.current;
    const lateName = late === 0 ? 'Ana' : 'Bo';
    const before = h.double.messages(channel).length;
    h.nowOffset = 601_000;
    await h.running.bot.tickTimers();
    const text = h.double.messages(channel).slice(before).map((m) => m.content).join('\n');
    expect(text).toContain(`${lateName} ran out of time: the bot plays the turn for them.`);
    expect(text).toMatch(new RegExp(`${lateName} rolls \\d and \\d\\.`));
    const now = await running(channel);
    expect(now.state.current).not.toBe(late);

    const quitter = h.userOf(now, now.state.current);
    const ask = await h.command(quitter, 'kimbo', 'resign', {}, channel);
    expect(ask.content).toContain('Your pieces leave the board (HOME too) and your fences stay where they are as neutral fences.');
    await (await h.double.clickButton(quitter, ask, 'Resign')).acknowledged();
    const end = await h.double.waitForMessage(channel, (m) => m.content.includes('is the last player left and wins'), 10_000);
    expect(end.content).toMatch(/resigns: their pieces leave the board/);
    h.nowOffset = 0;
  }, 60_000);

  it('answered every interaction privately and broke no Discord rule', () => {
    for (const m of h.double.log.all().filter((x) => x.interactionId !== null)) expect(m.ephemeral, m.content).toBe(true);
    h.double.expectNoViolations();
    expect(h.logs.some((l) => l.includes('"outcome":"error"'))).toBe(false);
  });
});
