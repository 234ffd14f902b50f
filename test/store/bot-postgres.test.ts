// The real bot (through the Discord double) on PostgreSQL: a FENCE! game is played through
// Discord, the bot process restarts mid-game on the same database, a stored turn timer fires,
// and the game reaches its end with a log that replays to the stored state.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { User } from '../discord-double/index.ts';
import { whoMustAct } from '../../src/games/fence/index.ts';
import { Harness } from '../bot/harness.ts';
import { asStored, postgresCluster } from './helpers.ts';

let h: Harness;
let ana: User, bo: User;

beforeAll(async () => {
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
  // The harness starts its bot on a SQLite file; this test's bot runs on PostgreSQL instead.
  await h.running.stop();
  const url = await (await postgresCluster()).createDatabase();
  Object.defineProperty(h, 'databaseUrl', { value: url });
  await h.startBot();
});
afterAll(async () => {
  await h?.stop();
});

it('plays a game through Discord on PostgreSQL, across a restart and a timeout, to its end', async () => {
  expect(h.store.provider).toBe('postgresql');
  await h.fence(ana, 'new', { 'auto-build': true, rounds: 3, 'turn-limit': 600 });
  const lobby = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && m.content.includes('is open: join in'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(ana, lobby, 'Start')).acknowledged();
  await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && m.attachments.length > 0, 10_000);
  for (let k = 0; k < 2; k++) await h.playOne();
  const before = (await h.game()).game;

  await h.running.stop();
  await h.startBot();
  expect((await h.game()).game.version).toBe(before.version);

  // The player whose turn it is lets the clock run out: the stored timer fires once.
  const game = await h.game();
  const player = h.userOf(game, whoMustAct(game.state)!);
  h.nowOffset = 601_000;
  const posted = h.double.messages(h.channel).length;
  await h.running.bot.tickTimers();
  // The timeout's post (a round's Hot Goods may follow it).
  const timedOut = h.double.messages(h.channel).slice(posted).find((m) => !m.ephemeral && /ran out of time/.test(m.content));
  expect(timedOut?.content).toMatch(/ran out of time; the computer played for them/);
  expect(timedOut?.content).toContain(player.globalName ?? player.username);
  await h.running.bot.tickTimers();
  expect((await h.game()).game.version).toBe(game.game.version + 1);

  let turns = 0;
  while ((await h.store.loadActiveGame(h.channel.id)) && turns++ < 300) await h.playOne();
  expect(h.latestPost().content).toMatch(/Game #1 is over/);
  const stored = await h.store.getGame(1);
  expect(stored.game.status).toBe('finished');
  expect(asStored((await h.store.replay(1)).state)).toEqual(stored.state);
  expect(await h.store.listTimers(1)).toEqual([]);
  h.double.expectNoViolations();
}, 120_000);
