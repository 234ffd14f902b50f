// The real bot (through the Discord double) on PostgreSQL: a race is played through
// Discord, the bot process restarts mid-game on the same database, a stored turn timer fires,
// and the game reaches its end with a log that replays to the stored state.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PostedMessage, User } from '../discord-double/index.ts';
import { registerGame } from '../../src/games/registry.ts';
import { race } from '../games/race/index.ts';
import { Harness } from '../bot/harness.ts';
import { asStored, postgresCluster } from './helpers.ts';
import { connectionProblem } from '../../src/store/postgres.ts';
import { replay } from '../../src/runtime/replay.ts';
import { textOf } from '../bot/harness.ts';

let h: Harness;
const PASSWORD = 'pw-never-logged';
let ana: User, bo: User;

beforeAll(async () => {
  registerGame(race);
  h = await Harness.start();
  ({ ana, bo } = h.users as Record<'ana' | 'bo', User>);
  // The harness starts its bot on a SQLite file; this test's bot runs on PostgreSQL instead.
  await h.running.stop();
  // With a password in the URL (the cluster trusts every local user, so any works): the log must never show it.
  const url = (await (await postgresCluster()).createDatabase()).replace('postgres@', `postgres:${PASSWORD}@`);
  Object.defineProperty(h, 'databaseUrl', { value: url });
  await h.startBot();
});
afterAll(async () => {
  await h?.stop();
});

it('plays a game through Discord on PostgreSQL, across a restart and a timeout, to its end', async () => {
  expect(h.store.provider).toBe('postgresql');
  await h.command(ana, 'race', 'new', { 'turn-limit': 600 });
  const lobby = await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && textOf(m).includes('is open: join in'));
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(ana, lobby, 'Start')).acknowledged();
  await h.double.waitForMessage(h.channel, (m) => !m.ephemeral && m.attachments.length > 0, 10_000);
  // A round, and Ana's pick of the next: the race waits for Bo alone.
  for (let k = 0; k < 3; k++) await h.playTurn(race);
  const before = (await h.game()).record;

  await h.running.stop();
  await h.startBot();
  expect((await h.game()).record.version).toBe(before.version);

  // The player whose turn it is lets the clock run out: the stored timer fires once.
  const game = await h.gameOf(race);
  const player = h.userOf(game, race.activeSeats(game.state)[0]!);
  h.nowOffset = 601_000;
  const posted = h.double.messages(h.channel).length;
  await h.running.bot.tickTimers();
  // The timeout's post (the round's steps follow it).
  const timedOut = h.double.messages(h.channel).slice(posted).find((m) => !m.ephemeral && /ran out of time/.test(textOf(m)));
  expect(textOf(timedOut)).toMatch(/ran out of time and steps 1/);
  expect(textOf(timedOut)).toContain(player.globalName ?? player.username);
  await h.running.bot.tickTimers();
  expect((await h.game()).record.version).toBe(game.record.version + 1);

  let turns = 0;
  while ((await h.store.loadActiveGame(h.channel.id)) && turns++ < 300) await h.playTurn(race);
  expect(textOf(h.latestPost())).toMatch(/Game #1 is over/);
  const stored = await h.store.getGame(1);
  expect(stored.record.status).toBe('finished');
  expect(asStored((await replay(h.store, 1)).state)).toEqual(stored.state);
  expect(await h.store.listTimers(1)).toEqual([]);
  h.double.expectNoViolations();
}, 120_000);

it('a database connection the server ends is logged without the password, and the bot plays on', async () => {
  // An idle connection in the bot's pool.
  const before = h.double.messages(h.channel).length;
  await h.command(ana, 'race', 'new');
  const posted = (what: (m: PostedMessage) => boolean) => h.double.waitFor(() => h.double.messages(h.channel).slice(before).find((m) => !m.ephemeral && what(m)), 10_000, 'a post');
  const lobby = await posted((m) => textOf(m).includes('is open: join in'));
  const database = new URL(h.databaseUrl).pathname.slice(1);
  expect(await (await postgresCluster()).dropConnections(database)).toBeGreaterThan(0);
  const line = await h.double.waitFor(() => h.logs.find((l) => l.includes('database connection lost')), 10_000, 'the log line');
  const logged = JSON.parse(line) as Record<string, unknown>;
  expect(logged).toMatchObject({ level: 'warn', shard: 0 });
  expect(logged.problem).toMatch(/terminating connection due to administrator command \(57P01\)/);
  expect(h.logs.join('\n')).not.toContain(PASSWORD);
  // The bot is still there, and the pool opens new connections: the lobby fills, the game starts and goes on.
  await (await h.double.clickButton(bo, lobby, 'Join')).reply(10_000);
  await (await h.double.clickButton(ana, lobby, 'Start')).acknowledged();
  await posted((m) => m.attachments.length > 0);
  await h.playTurn(race);
  expect((await h.game()).record.version).toBeGreaterThan(0);
}, 60_000);

it('a connection problem is told without the database password, wherever it appears', () => {
  const url = 'postgresql://bot:s%40cret@db.example:5432/fence';
  const e = Object.assign(new Error('could not reach postgresql://bot:s@cret@db.example:5432/fence (password s@cret)'), { code: 'ECONNREFUSED' });
  const text = connectionProblem(e, url);
  expect(text).not.toContain('s@cret');
  expect(text).toBe('could not reach postgresql://bot:[redacted]@db.example:5432/fence (password [redacted]) (ECONNREFUSED)');
});
