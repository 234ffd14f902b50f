// The bot process stops mid-game and a new one starts on the same SQLite file: the game goes
// on, buttons posted by the old process still work, and stored turn timers (H2) fire.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { registerGame } from '../../src/games/registry.ts';
import type { User } from '../discord-double/index.ts';
import { race } from '../games/race/index.ts';
import { Harness, textOf } from './harness.ts';

let h: Harness;
let ana: User, bo: User, cy: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo, cy } = h.users as Record<'ana' | 'bo' | 'cy', User>);
});
afterAll(async () => {
  await h?.stop();
});

it('survives a restart mid-game: old buttons work, timers are re-armed, the game reaches a winner', async () => {
  await h.command(ana, 'race', 'new', { 'turn-limit': 600 });
  const lobby = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(cy, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(ana, lobby, 'Start')).acknowledged();
  await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && m.attachments.length > 0, 10_000);
  // A round and one pick of the next: the latest post offers the steps to the two still to pick.
  for (let k = 0; k < 4; k++) await h.playTurn(race);
  const choicePost = h.latestPost();
  expect(race.activeSeats((await h.gameOf(race)).state)).toHaveLength(2);
  expect(h.double.buttons(choicePost).some((b) => 'custom_id' in b && b.custom_id.startsWith('f:pick:'))).toBe(true);
  const timers = await h.store.listTimers((await h.game()).record.id);
  // Each runner still to pick has a reminder and a time limit.
  expect(timers.map((t) => `${t.kind} ${t.seat}`).sort()).toEqual(['reminder 1', 'reminder 2', 'timeout 1', 'timeout 2']);

  // Stop the process's bot (SIGTERM does the same) and start a new one on the same file.
  await h.running.stop();
  await h.startBot();

  // A button from before the restart: "Show my hand" on the latest post.
  let game = await h.gameOf(race);
  const hand = await (await h.double.clickButton(h.userOf(game, race.activeSeats(game.state)[0]!), choicePost, 'Show my hand')).reply();
  expect(hand.ephemeral).toBe(true);
  expect(textOf(hand)).toMatch(/Your hand in game #1/);

  // The choice buttons posted by the old process still work (playTurn presses them on the latest post).
  await h.playTurn(race);
  expect(h.latestPost().id).not.toBe(choicePost.id);
  // The post from before the restart, read back by the new process, lost its choices and kept
  // its words and its picture (still the message's own file).
  const old = h.double.log.get(choicePost.id)!;
  expect(h.choicesOn(old)).toEqual([]);
  expect(textOf(old)).toBe(textOf(choicePost));
  expect(old.attachments.map((a) => a.filename)).toEqual(choicePost.attachments.map((a) => a.filename));
  for (const a of choicePost.attachments) expect(JSON.stringify(old.components)).toContain(`attachment://${a.filename}`);

  // H2: half time → a new message mentioning the player; the limit → the computer plays for them.
  game = await h.gameOf(race);
  const player = h.userOf(game, race.activeSeats(game.state)[0]!);
  const before = h.double.messages(h.channel).length;
  h.nowOffset = 301_000;
  await h.running.bot.tickTimers();
  const reminder = h.double.messages(h.channel)[before]!;
  expect(textOf(reminder)).toMatch(new RegExp(`^⏰ <@${player.id}>, half of your time`));
  expect(reminder.edits).toBe(0);
  h.nowOffset = 601_000;
  await h.running.bot.tickTimers();
  // The notice comes first, then what the round's steps did.
  const timedOut = h.double.messages(h.channel).slice(before + 1).find((m) => /ran out of time/.test(textOf(m)))!;
  expect(textOf(timedOut).split('\n')[0]).toMatch(/ran out of time and steps 1\./);
  expect((await h.game()).record.version).toBeGreaterThan(game.record.version);

  let turns = 0;
  while ((await h.store.loadActiveGame(h.channel.id)) && turns++ < 300) await h.playTurn(race);
  expect(textOf(h.latestPost())).toMatch(/Game #1 is over/);
  expect(await h.store.listTimers(1)).toEqual([]);
  h.double.expectNoViolations();
}, 120_000);
