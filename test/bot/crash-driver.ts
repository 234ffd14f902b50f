/**
 * Kills the bot at random moments of play and checks, after every restart, that nothing is
 * left half-done: every running game has a post showing its current prompt with its buttons,
 * computer seats have played, and the turn timers are the ones the state calls for. Players
 * act through the Discord double (commands and buttons, as people do), in several channels at
 * once, in FENCE! games with two people and two computers. Used by test/bot/crash.test.ts and
 * bench/crash.ts.
 *
 * Two ways to kill: 'sigkill' runs the bot in a child process (test/bot/crash-bot.ts) and
 * sends it SIGKILL; 'freeze' runs it in this process and stops it dead (see killable): from
 * that instant none of its database or Discord calls ever returns and nothing more of it
 * reaches the double (what a killed process looks like from the outside), then a new bot
 * starts on the same file. A child takes seconds to start, so the
 * suite freezes many times and SIGKILLs a few; the bench SIGKILLs as often as asked.
 */
import { spawn } from 'node:child_process';
import { AsyncLocalStorage } from 'node:async_hooks';
import { setMaxListeners } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameById } from '../../src/games/registry.ts';
import { createLogger } from '../../src/discord/log.ts';
import { promptFor, turnButtons } from '../../src/discord/posts.ts';
import { buttonId, choiceId } from '../../src/discord/ids.ts';
import { TURN_TIMERS } from '../../src/runtime/timers.ts';
import { startBot } from '../../src/main.ts';
import type { GameBot } from '../../src/discord/index.ts';
import { openStore, type LoadedGame, type Store } from '../../src/store/index.ts';
import type { AnyGame } from '../../src/platform/game.ts';
import type { Row } from '../../src/discord/v2.ts';
import { DiscordDouble, type Channel, type PostedMessage, type User } from '../discord-double/index.ts';
import { textOf } from './harness.ts';

const CHILD = fileURLToPath(new URL('./crash-bot.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export type KillMode = 'sigkill' | 'freeze';

export interface CrashReport {
  kills: number;
  /** Player requests sent (each a command or a button press). */
  requests: number;
  /** Actions in the log of every game, at the end. */
  actions: number;
  gamesFinished: number;
  /** Restarts after which the bot had to post a prompt again, or let computers play. */
  repairs: number;
  /** What was checked after each restart, summed. */
  checked: { running: number; lobbies: number };
}

interface BotHandle {
  kill(): Promise<void>;
  /**
   * Kills the bot at a random point of the work under way, whatever the machine's speed: a
   * frozen bot at a random one of its next database calls (before it ran, or after it committed
   * and before the bot heard back), a child process after a random delay. Resolves once dead.
   */
  killSoon(): Promise<void>;
}

/** How far into the bot's work a freeze lands: one of its next this-many database calls. */
const FREEZE_WITHIN_CALLS = 60;
/** How long after play a SIGKILL lands, at most (ms): a process's calls cannot be counted from here. */
const SIGKILL_WITHIN_MS = 1500;
/**
 * How long any one answer may take before the driver stops waiting for it: a hang guard, not a
 * deadline (on a machine at load average 15 answers took seconds). The Discord double allows as
 * long to acknowledge: these runs check what a kill leaves, not how fast the bot answers
 * (test/discord-double and the router's acknowledge-first tests hold the 3 s).
 */
const ANSWER_WAIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the bot; resolves once it has recovered its games (it answers before). */
async function launch(mode: KillMode, double: DiscordDouble, databaseUrl: string, logs: string[]): Promise<BotHandle> {
  if (mode === 'freeze') {
    // A dead process writes no more log lines (what is cut off in it may throw, unheard).
    let alive = true;
    const running = await startBot({ discordApiUrl: double.apiUrl, token: double.token, databaseUrl, logger: createLogger({ sink: (l) => alive && logs.push(l) }), timerPollMs: 60_000 });
    await running.bot.recovered;
    const k = killable(running.bot, () => { alive = false; });
    return { kill: k, killSoon: () => k.afterCalls(Math.floor(Math.random() * FREEZE_WITHIN_CALLS), Math.random() < 0.5) };
  }
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, double.apiUrl, double.token, databaseUrl], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => { stderr += d.toString(); });
  await new Promise<void>((resolve, reject) => {
    let buffer = '';
    child.stdout.on('data', (d: Buffer) => {
      buffer += d.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const l of lines) {
        logs.push(l);
        if (l.includes('"games recovered"')) resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`the bot stopped by itself (code ${code}): ${stderr.slice(-2000)}`)));
  });
  const kill = async () => {
    child.kill('SIGKILL');
    await exited;
  };
  return { kill, killSoon: async () => { await sleep(Math.random() * SIGKILL_WITHIN_MS); await kill(); } };
}

/**
 * Makes an in-process bot killable the way SIGKILL kills a process: from the kill on, none of
 * its database or Discord calls returns, and its gateway connection is dropped. What is under
 * way ends as it would in a killed process: a database call already running settles (it
 * committed, or not, before the process died), and an HTTP request still being written, or
 * still waiting inside discord.js (a rate limit's "retry after", a retry), is cut off. Left
 * alive, such a request reached the double after the new bot had started and posted: a
 * turn's first post landed after the new bot's prompt.
 */
export function killable(bot: GameBot, onKill: () => void = () => undefined): (() => Promise<void>) & { afterCalls(calls: number, committed: boolean): Promise<void> } {
  const never = () => new Promise<never>(() => undefined);
  const killed = new AbortController();
  // Every request of the bot listens to it.
  setMaxListeners(0, killed.signal);
  const running = new Set<Promise<unknown>>();
  /** Armed by afterCalls: the database calls left before the kill, and whether that last one runs (commits) first. */
  let countdown: { left: number; committed: boolean; dead: () => void } | null = null;
  // Inside a running call, the store's own calls (getGame in startGame, …) must still return.
  const within = new AsyncLocalStorage<true>();
  const store = bot.store as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of Object.getOwnPropertyNames(Object.getPrototypeOf(bot.store))) {
    const method = store[name];
    if (name === 'constructor' || typeof method !== 'function') continue;
    store[name] = (...args: unknown[]) => {
      if (killed.signal.aborted && !within.getStore()) return never();
      // A lock's work (a callback) is the bot's own code, which the kill stops at its next call.
      if (args.some((a) => typeof a === 'function')) return method.apply(bot.store, args);
      const last = countdown !== null && !within.getStore() && countdown.left-- <= 0 ? countdown : null;
      if (last && !last.committed) {
        void kill().then(last.dead);
        return never();
      }
      const call = Promise.resolve(within.run(true, () => method.apply(bot.store, args)));
      running.add(call);
      void call.finally(() => running.delete(call)).catch(() => undefined);
      if (last) {
        // The call ran (and committed, if it writes); the process died before hearing back.
        void call.catch(() => undefined).then(() => kill()).then(last.dead);
        return never();
      }
      return call;
    };
  }
  const rest = bot.client.rest as unknown as { options: { makeRequest: (url: string, init: RequestInit) => Promise<unknown> }; queueRequest: (r: { signal?: AbortSignal | null }) => Promise<unknown> };
  const send = rest.options.makeRequest;
  rest.options.makeRequest = (url, init) =>
    killed.signal.aborted ? never() : send(url, { ...init, signal: init.signal ? AbortSignal.any([init.signal, killed.signal]) : killed.signal });
  // Answers to interactions go through a REST manager of their own (src/discord/rest.ts), which
  // the line above does not reach: they are stopped where both managers are entered.
  const queue = rest.queueRequest.bind(rest);
  rest.queueRequest = (request) =>
    killed.signal.aborted ? never() : queue({ ...request, signal: request.signal ? AbortSignal.any([request.signal, killed.signal]) : killed.signal });
  const kill = async () => {
    if (killed.signal.aborted) return;
    onKill();
    killed.abort();
    await bot.client.destroy().catch(() => undefined);
    await Promise.allSettled([...running]);
  };
  const afterCalls = (calls: number, committed: boolean) => new Promise<void>((dead) => {
    countdown = { left: calls, committed, dead };
  });
  return Object.assign(kill, { afterCalls });
}

/** A guild with channels, two people, the double and a SQLite file, and a store of this process's on that file. */
async function openTable(channelCount: number) {
  const double = await DiscordDouble.start({ ackDeadlineMs: ANSWER_WAIT_MS });
  const guild = double.createGuild('Crash Club');
  const channels: Channel[] = Array.from({ length: channelCount }, (_, k) => double.createChannel(guild, `table-${k}`));
  const people: User[] = ['ana', 'bo'].map((name) => {
    const u = double.createUser(name, { globalName: name });
    double.addMember(guild, u);
    return u;
  });
  const dir = mkdtempSync(join(tmpdir(), 'fence-crash-'));
  const databaseUrl = `file:${join(dir, 'fence.db')}`;
  // This process reads the same file to choose moves and to check; the bot writes it.
  await (await openStore(databaseUrl)).close();
  const store = await openStore(databaseUrl, { kinds: gameById });
  const close = async () => {
    await store.close();
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  return { def: gameById('fence') as AnyGame, double, channels, people, databaseUrl, store, close };
}

const emptyReport = (): CrashReport => ({ kills: 0, requests: 0, actions: 0, gamesFinished: 0, repairs: 0, checked: { running: 0, lobbies: 0 } });

/**
 * `answered`: the answers each life of the bot gives before its kill is armed, at least (1 to
 * this many, at random): progress, not time, so that a slow machine plays as far as a fast one.
 */
export async function runCrashes(opts: { mode: KillMode; kills: number; channels?: number; answered?: number; onKill?: (n: number) => void }): Promise<CrashReport> {
  const { def, double, channels, people, databaseUrl, store, close } = await openTable(opts.channels ?? 3);
  const logs: string[] = [];
  const report = emptyReport();
  try {
    for (let kill = 0; kill < opts.kills; kill++) {
      const bot = await launch(opts.mode, double, databaseUrl, logs);
      await check(double, store, def, channels, report);
      let died!: () => void;
      const round: Round = { answered: 0, over: false, dead: new Promise<void>((resolve) => (died = resolve)) };
      const plays = Promise.all(channels.map((c) => play(double, store, def, c, people, round, report)));
      const enough = 1 + Math.floor(Math.random() * (opts.answered ?? 6));
      await double.waitFor(() => (round.answered >= enough ? true : undefined), ANSWER_WAIT_MS * 2, `${enough} answers from the bot`);
      // Play goes on while the kill finds its moment.
      await bot.killSoon();
      round.over = true;
      died();
      await plays;
      report.kills++;
      opts.onKill?.(report.kills);
    }
    // One last start: the checks hold after the last kill too.
    const bot = await launch(opts.mode, double, databaseUrl, logs);
    await check(double, store, def, channels, report);
    await bot.kill();
    for (const g of await store.listGames()) {
      report.actions += g.version;
      if (g.status === 'finished') report.gamesFinished++;
    }
    report.repairs = logs.filter((l) => l.includes('"games recovered"') && !/"posted":0,"computerMoves":0/.test(l)).length;
    const errors = logs.filter((l) => l.includes('"level":"error"'));
    if (errors.length) throw new Error(`the bot logged errors:\n${errors.slice(0, 5).join('\n')}`);
    double.expectNoViolations();
    return report;
  } finally {
    await close();
  }
}

/**
 * Kills the bot while the first post of a turn waits out a 429 (Discord's "retry after"), then
 * starts a new bot and waits past the moment the old one would have sent that post again. A
 * killed process sends nothing more, so the channel must show the new bot's posts alone: its
 * latest post is the current prompt, and nothing arrives after the restart.
 */
export async function killWhileAPostWaits(retryAfterMs: number): Promise<{ postsAtRestart: number; postsLater: number }> {
  const { def, double, channels, people, databaseUrl, store, close } = await openTable(1);
  const channel = channels[0]!;
  const logs: string[] = [];
  const report = emptyReport();
  let bot = await launch('freeze', double, databaseUrl, logs);
  try {
    // Open, join and start a game, and play until a person is to move with the channel up to date.
    for (let n = 0; ; n++) {
      if (n > 40) throw new Error('the game never reached a person\'s move');
      const game = await store.loadActiveGame(channel.id);
      if (game?.state != null && game.record.postedVersion === game.record.version && def.activeSeats(game.state).some((s) => game.seats.find((x) => x.seat === s)?.userId)) break;
      const sent = await step(double, store, def, channel, people);
      await (sent ? sent.reply(ANSWER_WAIT_MS) : sleep(50));
      await sleep(100);
    }
    const route = 'POST /channels/:channel/messages';
    const before = double.requests.length;
    double.rateLimitNext(route, 1, { retryAfterMs });
    const limitedPost = () => double.requests.slice(before).find((r) => r.route === route && r.status === 429);
    // A move may post nothing yet (a turn told once it ends): people move until one posts.
    for (let n = 0; !limitedPost(); n++) {
      if (n > 20) throw new Error('no move posted anything');
      const sent = await step(double, store, def, channel, people);
      if (!sent) {
        await sleep(50);
        continue;
      }
      // The answer to the move may wait for the turn's posts: the kill must not.
      await Promise.race([sent.reply(ANSWER_WAIT_MS).catch(() => undefined), double.waitFor(limitedPost, ANSWER_WAIT_MS, 'a rate-limited post').catch(() => undefined)]);
      if (!limitedPost()) await double.waitFor(limitedPost, 1000, 'a rate-limited post').catch(() => undefined);
    }
    const limited = limitedPost()!;
    await bot.kill();
    bot = await launch('freeze', double, databaseUrl, logs);
    await check(double, store, def, [channel], report);
    const postsAtRestart = double.messages(channel).length;
    await sleep(Math.max(0, limited.at + retryAfterMs + 1000 - Date.now()));
    await check(double, store, def, [channel], report);
    double.expectNoViolations();
    return { postsAtRestart, postsLater: double.messages(channel).length };
  } finally {
    await bot.kill();
    await close();
  }
}

/** One life of the bot: answers counted, and its kill once armed. */
interface Round {
  answered: number;
  over: boolean;
  /** Settles once the bot is dead: the answers still awaited never come. */
  dead: Promise<void>;
}

/** People in this channel act (a random legal move each) until the round is over, each waiting for the bot's answer (or its death). */
async function play(double: DiscordDouble, store: Store, def: AnyGame, channel: Channel, people: User[], round: Round, report: CrashReport): Promise<void> {
  while (!round.over) {
    const sent = await step(double, store, def, channel, people);
    if (!sent) {
      await sleep(20);
      continue;
    }
    report.requests++;
    const answered = sent.reply(ANSWER_WAIT_MS).then(() => { round.answered++; }, () => undefined);
    await Promise.race([answered, round.dead]);
  }
}

type Sent = Awaited<ReturnType<DiscordDouble['runCommand']>>;

export async function step(double: DiscordDouble, store: Store, def: AnyGame, channel: Channel, people: User[]): Promise<Sent | null> {
  const [ana, bo] = people as [User, User];
  const game = await store.loadActiveGame(channel.id);
  if (!game) {
    return double.runCommand(ana, channel, 'fence', { subcommand: 'new', options: { 'auto-build': true, rounds: 2, computers: 2, 'turn-limit': 600 } });
  }
  if (game.record.status === 'lobby') {
    if (game.seats.some((s) => s.userId === bo.id)) return double.runCommand(ana, channel, 'fence', { subcommand: 'start' });
    const lobby = game.record.lobbyMessageId ? double.log.get(game.record.lobbyMessageId) : undefined;
    return lobby ? double.clickButton(bo, lobby, 'Join') : null;
  }
  if (game.state === null) return null;
  const seat = def.activeSeats(game.state).find((s) => game.seats.find((x) => x.seat === s)?.userId);
  const user = people.find((u) => u.id === game.seats.find((x) => x.seat === seat)?.userId);
  if (seat === undefined || !user) return null;
  const legal = def.legalActions(game.state, seat).filter((a) => (a as { type?: string }).type !== 'resign');
  const action = legal[Math.floor(Math.random() * legal.length)];
  if (action === undefined) return null;
  const move = def.commands.find((m) => m.accepts(action));
  if (move) return double.runCommand(user, channel, 'fence', { subcommand: move.name, options: { [move.option]: def.encode(action) } });
  // A choice: its button on the newest message the player sees that offers it (a turn post, or
  // in the middle of a turn their private answer); none after a restart cut that answer off,
  // so they ask for it again (issue 28.1).
  const id = choiceId(game.record.id, game.record.version, [seat], def.encode(action));
  const offering = [...double.visibleTo(user, channel)].reverse().find((m) => !m.loading && double.buttons(m).some((b) => 'custom_id' in b && b.custom_id === id));
  return offering ? double.clickButton(user, offering, id) : double.runCommand(user, channel, 'games', { subcommand: 'choose' });
}

function latestPost(double: DiscordDouble, channel: Channel): PostedMessage | undefined {
  const all = double.messages(channel);
  return all[all.length - 1];
}

const idsOf = (rows: Row[]): string[] => rows.flatMap((r) => ('toJSON' in r ? r.toJSON() : r).components.map((c) => ('custom_id' in c ? c.custom_id : '')));

function fail(what: string, game: LoadedGame, detail = ''): never {
  throw new Error(`after restart, game #${game.record.id} (version ${game.record.version}): ${what}${detail ? `\n${detail}` : ''}`);
}

/**
 * What must hold once the bot is up again, for every game of every channel. `heldAtRestart` says
 * whether a game's moment is the one a restart found it in (default: every game's): a moment
 * reached by a bot that never stopped, or after the restart, may point its mover on in the
 * private answer to their move, as in play.
 */
export async function check(double: DiscordDouble, store: Store, def: AnyGame, channels: Channel[], report: CrashReport, heldAtRestart: (channel: Channel, game: LoadedGame) => boolean = () => true): Promise<void> {
  for (const channel of channels) {
    const game = await store.loadActiveGame(channel.id);
    if (!game) continue;
    const timers = await store.listTimers(game.record.id);
    if (game.record.status === 'lobby') {
      report.checked.lobbies++;
      const lobby = game.record.lobbyMessageId ? double.log.get(game.record.lobbyMessageId) : undefined;
      if (!lobby || !double.buttons(lobby).some((b) => 'label' in b && b.label === 'Join')) fail('its lobby has no post with a Join button', game);
      if (!timers.some((t) => t.kind === 'lobbyExpiry')) fail('its lobby has no expiry timer', game);
      continue;
    }
    report.checked.running++;
    const state = game.state;
    const bot = def.bots[def.defaultBot]!;
    for (const seat of def.activeSeats(state)) {
      if (game.seats.find((s) => s.seat === seat)?.computer && bot(state, seat) !== null) fail(`computer seat ${seat} has not played`, game);
    }
    // A turn still under way (PostPlan.held) is told once it ends: the channel shows its start.
    const held = def.posts?.([{ state, events: [] }]).at(-1)?.held === true;
    if (held) {
      if ((game.record.postedVersion ?? -1) >= game.record.version) fail('a held turn is marked as shown', game);
      // The next choice may have been only in a private answer the kill cut off: the channel
      // points whoever must go on to it (issue 28.1).
      const post = latestPost(double, channel);
      const notice = buttonId({ verb: 'next', gameId: game.record.id });
      const owing = def.activeSeats(state).map((s) => game.seats.find((x) => x.seat === s)).filter((s) => s?.userId).map((s) => s!.userId!);
      const noticed = !!post && double.buttons(post).some((b) => 'custom_id' in b && b.custom_id === notice) && owing.every((u) => post.notified.includes(u));
      const answered = !heldAtRestart(channel, game) && owing.every((u) => {
        const last = double.log.inChannel(channel.id).filter((m) => !m.loading && (!m.ephemeral || m.recipientId === u)).at(-1);
        return !!last && last.ephemeral && double.buttons(last).length > 0;
      });
      if (!noticed && !answered) {
        fail('the channel does not point the mover to their next step', game, `latest post: ${post ? textOf(post) : 'none'}`);
      }
    } else {
      if (game.record.postedVersion !== game.record.version) fail(`the channel shows version ${game.record.postedVersion}`, game);
      const post = latestPost(double, channel);
      const prompt = promptFor(def, state, game.seats).text;
      if (!post || !textOf(post).includes(prompt)) fail('the latest post does not show the current prompt', game, `prompt: ${prompt}\nlatest post: ${post ? textOf(post) : 'none'}`);
      const expected = idsOf(turnButtons(def, game.record.id, game.record.version, state, game.seats));
      const shown = double.buttons(post).map((b) => ('custom_id' in b ? b.custom_id : ''));
      if (JSON.stringify(shown) !== JSON.stringify(expected)) fail('the latest post does not carry the current buttons', game, `expected ${expected.join(', ')}\nshown ${shown.join(', ')}`);
    }
    const people = new Set(game.seats.filter((s) => !s.computer).map((s) => s.seat));
    const waiting = def.activeSeats(state).filter((s) => people.has(s)).sort();
    const turnTimers = timers.filter((t) => (TURN_TIMERS as readonly string[]).includes(t.kind));
    for (const kind of TURN_TIMERS) {
      const seats = turnTimers.filter((t) => t.kind === kind).map((t) => t.seat).sort();
      if (JSON.stringify(seats) !== JSON.stringify(waiting)) fail(`its ${kind} timers are for seats [${seats.join(', ')}], the game waits for [${waiting.join(', ')}]`, game);
    }
    for (const t of turnTimers) {
      const armed = (t.payload as { version?: number }).version ?? -1;
      if (await store.actedSince(game.record.id, armed, t.seat ?? -1)) fail(`the ${t.kind} timer of seat ${t.seat} belongs to a turn that is over`, game);
    }
  }
}
