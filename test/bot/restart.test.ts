// The bot process stops mid-game and a new one starts on the same SQLite file: the game goes
// on, buttons posted by the old process still work, and stored turn timers (H2) fire.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../discord-double/index.ts';
import { whoMustAct } from '../../src/games/fence/index.ts';
import { midTurn } from '../../src/games/fence/posts.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

it('survives a restart mid-game: old buttons work, timers are re-armed, the game reaches a winner', async () => {
  await h.fence(ana, 'new', { 'auto-build': true, rounds: 3, 'turn-limit': 600 });
  const lobby = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(ana, lobby, 'Start')).acknowledged();
  await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && m.attachments.length > 0, 10_000);
  // Play on until the game waits for an H1 choice on the latest post (not one in the middle of a turn, asked privately), then restart.
  const choiceOnPost = async () => {
    const s = (await h.game()).state;
    return s.pending !== null && !midTurn(s);
  };
  for (let k = 0; k < 4 || (!(await choiceOnPost()) && k < 80); k++) await h.playOne();
  const choicePost = h.latestPost();
  expect((await h.game()).state.pending).not.toBeNull();
  expect(h.double.buttons(choicePost).some((b) => 'custom_id' in b && b.custom_id.startsWith('f:pick:'))).toBe(true);
  const timers = await h.store.listTimers((await h.game()).game.id);
  expect(timers.map((t) => t.kind).sort()).toEqual(['reminder', 'timeout']);

  // Stop the process's bot (SIGTERM does the same) and start a new one on the same file.
  await h.running.stop();
  await h.startBot();

  // A button from before the restart: "Show my hand" on the latest post.
  let game = await h.game();
  const hand = await (await h.double.clickButton(h.userOf(game, whoMustAct(game.state)!), choicePost, 'Show my hand')).reply();
  expect(hand.ephemeral).toBe(true);
  expect(textOf(hand)).toMatch(/Your hand in game #1/);

  // The choice buttons posted by the old process still work (playOne clicks them on the latest post).
  await h.playOne();
  expect(h.latestPost().id).not.toBe(choicePost.id);
  // The post from before the restart, read back by the new process, lost its choices and kept
  // its words and its picture (still the message's own file).
  const old = h.double.log.get(choicePost.id)!;
  expect(h.choicesOn(old)).toEqual([]);
  expect(textOf(old)).toBe(textOf(choicePost));
  expect(old.attachments.map((a) => a.filename)).toEqual(choicePost.attachments.map((a) => a.filename));
  for (const a of choicePost.attachments) expect(JSON.stringify(old.components)).toContain(`attachment://${a.filename}`);

  // H2: half time → a new message mentioning the player; the limit → the computer plays for them.
  game = await h.game();
  const player = h.userOf(game, whoMustAct(game.state)!);
  const before = h.double.messages(h.channel).length;
  h.nowOffset = 301_000;
  await h.running.bot.tickTimers();
  const reminder = h.double.messages(h.channel)[before]!;
  expect(textOf(reminder)).toMatch(new RegExp(`^⏰ <@${player.id}>, half of your time`));
  expect(reminder.edits).toBe(0);
  h.nowOffset = 601_000;
  await h.running.bot.tickTimers();
  // The notice comes first, then the moves the computer made for them.
  const timedOut = h.double.messages(h.channel).slice(before + 1).find((m) => /ran out of time/.test(textOf(m)))!;
  expect(textOf(timedOut).split('\n')[0]).toMatch(/ran out of time; the computer played for them \(1 in a row\)/);
  expect((await h.game()).game.version).toBeGreaterThan(game.game.version);

  let turns = 0;
  while ((await h.store.loadActiveGame(h.channel.id)) && turns++ < 300) await h.playOne();
  expect(textOf(h.latestPost())).toMatch(/Game #1 is over/);
  expect(await h.store.listTimers(1)).toEqual([]);
  h.double.expectNoViolations();
}, 120_000);
