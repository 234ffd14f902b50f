/**
 * One Discord double, one real bot (startBot) on a temporary SQLite file, and players who act
 * through Discord, for any game: `command` runs `/<game> <subcommand>`, `tap` presses labels,
 * `playTurn` plays a person's turn as the game's computer player would, `gameOf` reads the
 * channel's game typed as one game's. FENCE!'s own helpers are test/fence/harness.ts.
 */
import { PermissionFlagsBits } from 'discord.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { startBot, type RunningBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { DiscordDouble, messageText, type Channel, type Guild, type PostedMessage, type User } from '../discord-double/index.ts';
import { choiceFor } from '../../src/discord/choices.ts';
import { isLeaf, type Choice } from '../../src/platform/choices.ts';
import type { AnyGame, Picture } from '../../src/platform/game.ts';
import type { LoadedGame } from '../../src/store/index.ts';

/**
 * What a message says, classic or Components V2 (its text displays in reading order): the one
 * way tests read a post or an answer ('' for no message).
 */
export const textOf = (m: PostedMessage | undefined): string => (m ? messageText(m) : '');

/**
 * The labels to press, level by level, for `action` in the choice `def` offers `seat` now
 * (its first level is where the player's buttons are); null when the tree does not offer it.
 */
export function tapsFor(def: AnyGame, state: unknown, seat: number, action: unknown): string[] | null {
  const want = def.encode(action);
  const search = (level: Choice<unknown, Picture>, depth: number): string[] | null => {
    for (const o of level.options) if (isLeaf(o) && def.encode(o.action) === want) return [o.label];
    if (depth >= 4) return null;
    for (const o of level.options) {
      if (isLeaf(o)) continue;
      const rest = search(o.then(), depth + 1);
      if (rest) return [o.label, ...rest];
    }
    return null;
  };
  return search(choiceFor(def, state, seat), 0);
}

export class Harness {
  running!: RunningBot;
  readonly logs: string[] = [];
  nowOffset = 0;
  /** The seed of each new game (by its id); a test may pick seeds that reach the position it needs. */
  seedFor: (id: number) => string = (id) => `test-seed-${id}`;
  protected constructor(readonly double: DiscordDouble, readonly guild: Guild, readonly channel: Channel, readonly users: Record<string, User>, readonly dir: string) {}

  static async start(): Promise<Harness> {
    return new Harness(...(await Harness.world())).started();
  }

  /** A double with one server, its channel and four members (ana, bo, cy, dee), and a folder for the database. */
  protected static async world(): Promise<[DiscordDouble, Guild, Channel, Record<string, User>, string]> {
    const double = await DiscordDouble.start();
    const guild = double.createGuild('Fence Club');
    const channel = double.createChannel(guild, 'fence');
    const users: Record<string, User> = {};
    for (const name of ['ana', 'bo', 'cy', 'dee']) {
      users[name] = double.createUser(name, { globalName: name[0]!.toUpperCase() + name.slice(1) });
      double.addMember(guild, users[name]!);
    }
    return [double, guild, channel, users, mkdtempSync(join(tmpdir(), 'fence-bot-'))];
  }

  protected async started(): Promise<this> {
    await this.startBot();
    return this;
  }

  /**
   * A server of its own for a test file that changes server settings: one channel, `members`
   * in it, and Boss, a member with Manage Server.
   */
  setupGuild(name: string, channelName: string, members: User[]): { guild: Guild; channel: Channel; boss: User } {
    const guild = this.double.createGuild(name);
    const channel = this.double.createChannel(guild, channelName);
    const boss = this.double.createUser('boss', { globalName: 'Boss' });
    this.double.addMember(guild, boss, { roles: [this.double.createRole(guild, 'Managers', PermissionFlagsBits.ManageGuild)] });
    for (const u of members) this.double.addMember(guild, u);
    return { guild, channel, boss };
  }

  get databaseUrl(): string {
    return `file:${join(this.dir, 'fence.db')}`;
  }

  /** `recovered: false`: resolves once the bot answers, before its start-up recovery is done. */
  async startBot(opts: { recovered?: boolean } = {}): Promise<void> {
    this.running = await startBot({
      discordApiUrl: this.double.apiUrl,
      token: this.double.token,
      databaseUrl: this.databaseUrl,
      logger: createLogger({ level: 'debug', sink: (l) => this.logs.push(l) }),
      seedFor: (id) => this.seedFor(id),
      now: () => Date.now() + this.nowOffset,
      timerPollMs: 60_000,
    });
    // The bot answers before its games are recovered; most tests look at the channels after.
    if (opts.recovered !== false) await this.running.bot.recovered;
  }

  async stop(): Promise<void> {
    await this.running?.stop();
    await this.double.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }

  get store() {
    return this.running.bot.store;
  }

  /** The channel's running game, whichever it is. */
  async game(channel: Channel = this.channel): Promise<LoadedGame & { state: unknown }> {
    const g = await this.store.loadActiveGame(channel.id);
    if (!g || !g.state) throw new Error('no running game');
    return g;
  }

  /** The channel's running game, which must be `def`'s: its state typed as that game's. */
  async gameOf<S>(def: { id: string; outcome(s: S): unknown }, channel: Channel = this.channel): Promise<LoadedGame & { state: S }> {
    const g = await this.store.loadActiveGame(channel.id);
    if (!g || !g.state) throw new Error('no running game');
    if (g.record.kind !== def.id) throw new Error(`the channel's game is ${g.record.kind}, not ${def.id}`);
    return g as LoadedGame & { state: S };
  }

  userOf(game: LoadedGame, seat: number): User {
    const id = game.seats.find((s) => s.seat === seat)?.userId;
    const u = Object.values(this.users).find((x) => x.id === id);
    if (!u) throw new Error(`seat ${seat} is not a person`);
    return u;
  }

  /** `/<game> <subcommand>` by `user`: the private reply. */
  async command(user: User, game: string, subcommand: string, options: Record<string, string | number | boolean | User> = {}, channel: Channel = this.channel): Promise<PostedMessage> {
    const h = await this.double.runCommand(user, channel, game, { subcommand, options });
    return h.reply(10_000);
  }

  /**
   * The first person `def`'s game in the channel waits for plays what the game's computer
   * player would, pressing its labels on the latest post as a person does; their private answer.
   */
  async playTurn(def: AnyGame, channel: Channel = this.channel): Promise<PostedMessage> {
    const game = await this.game(channel);
    if (game.record.kind !== def.id) throw new Error(`the channel's game is ${game.record.kind}, not ${def.id}`);
    const seat = def.activeSeats(game.state).find((s) => game.seats.find((x) => x.seat === s)?.computer === false);
    if (seat === undefined) throw new Error('no person to act');
    const action = def.bots[def.defaultBot]!(game.state, seat);
    const labels = action === null ? null : tapsFor(def, game.state, seat, action);
    if (!labels) throw new Error(`seat ${seat}'s move is not offered on the post: ${JSON.stringify(action)}`);
    const { reply } = await this.tap(this.userOf(game, seat), this.latestPost(channel), labels);
    expect(reply.ephemeral).toBe(true);
    // The answer comes once the move's posts are out: the channel is complete here.
    expect(textOf(reply), textOf(reply)).toMatch(/^Done/);
    return reply;
  }

  /** Presses Confirm on a private preview: the answer rewrites the preview in place (or comes as a new private message). */
  async confirm(user: User, preview: PostedMessage): Promise<PostedMessage> {
    expect(preview.ephemeral).toBe(true);
    expect(textOf(preview)).toContain('only you see this preview');
    const edits = this.double.log.get(preview.id)?.edits ?? 0;
    const click = await this.double.clickButton(user, preview, 'Confirm');
    // The answer replaces the preview, or comes as a new private message while the preview only
    // loses its button (a Components V2 answer cannot replace a classic message): not that edit.
    const answer = await click.waitForMessage((m) => m.id !== preview.id || (m.edits > edits && !textOf(m).includes('only you see this preview')), 10_000);
    expect(answer.ephemeral).toBe(true);
    return answer;
  }

  latestPost(channel: Channel = this.channel): PostedMessage {
    const all = this.double.messages(channel);
    return all[all.length - 1]!;
  }

  /** The buttons and menu options a message still offers, by label: [] once its choices are over. */
  choicesOn(m: PostedMessage | undefined): string[] {
    if (!m) return [];
    return [...this.double.buttons(m).map((b) => ('label' in b ? b.label ?? '' : '')), ...this.double.selects(m).map((x) => x.placeholder ?? x.custom_id)];
  }

  /**
   * `user` presses `labels` in turn, starting on `message` (a turn post, or their private
   * message): a button with that label, or the option of a select menu. Each press's answer
   * (a private message, or theirs replaced) is where the next label is looked for. Resolves
   * with the last answer and the taps it took (a menu is two: open it, pick).
   */
  async tap(user: User, message: PostedMessage, labels: readonly string[]): Promise<{ reply: PostedMessage; taps: number }> {
    let where = message;
    let taps = 0;
    for (const label of labels) {
      const current = this.double.log.get(where.id) ?? where;
      const edits = current.edits;
      const button = this.double.buttons(current).find((b) => 'label' in b && b.label === label);
      let handle;
      if (button && 'custom_id' in button) {
        handle = await this.double.clickButton(user, current, button.custom_id);
        taps += 1;
      } else {
        const menu = this.double.selects(current).find((m) => m.options.some((o) => o.label === label));
        if (!menu) {
          const offered = [...this.double.buttons(current).map((b) => ('label' in b ? b.label : '?')), ...this.double.selects(current).flatMap((m) => m.options.map((o) => o.label))];
          throw new Error(`no "${label}" to press on the message: ${offered.join(' | ')}\n${textOf(current)}`);
        }
        handle = await this.double.chooseFromMenu(user, current, menu.custom_id, [menu.options.find((o) => o.label === label)!.value]);
        taps += 2;
      }
      // A press on a private message replaces it; one on a post gets a new private answer.
      where = await handle.waitForMessage((m) => m.id !== current.id || m.edits > edits, 10_000);
    }
    return { reply: this.double.log.get(where.id) ?? where, taps };
  }
}
