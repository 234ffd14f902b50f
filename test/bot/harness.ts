/**
 * One Discord double, one real bot (startBot) on a temporary SQLite file, and players who act
 * through Discord. `command` works for any game; `playOne` plays FENCE!.
 */
import { PermissionFlagsBits } from 'discord.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { actionLabel, computerAction, whoMustAct, type Action, type FenceState } from '../../src/games/fence/index.ts';
import { startBot, type RunningBot } from '../../src/main.ts';
import { createLogger } from '../../src/discord/log.ts';
import { DiscordDouble, type Channel, type Guild, type PostedMessage, type User } from '../discord-double/index.ts';
import type { LoadedGame } from '../../src/store/index.ts';

export const SUB_OF: Record<Action['type'], { sub: string; option: string } | null> = {
  place: { sub: 'place', option: 'placement' },
  swap: { sub: 'swap', option: 'swap' },
  moveSelf: { sub: 'move', option: 'move' },
  push: { sub: 'push', option: 'push' },
  copsRoad: { sub: 'cops', option: 'cops' },
  tipOff: { sub: 'cops', option: 'cops' },
  chooseColour: null,
  chooseNeighborhood: null,
  resign: null,
  playBoat: { sub: 'boat', option: 'card' },
  hunch: { sub: 'hunch', option: 'die' },
  postTrade: { sub: 'trade', option: 'trade' },
  postPass: { sub: 'trade', option: 'trade' },
  offerTrade: { sub: 'trade', option: 'trade' },
  acceptTrade: null,
  declineTrade: null,
};

export class Harness {
  running!: RunningBot;
  readonly logs: string[] = [];
  nowOffset = 0;
  /** The seed of each new game (by its id); a test may pick seeds that reach the position it needs. */
  seedFor: (id: number) => string = (id) => `test-seed-${id}`;
  private constructor(readonly double: DiscordDouble, readonly guild: Guild, readonly channel: Channel, readonly users: Record<string, User>, readonly dir: string) {}

  static async start(): Promise<Harness> {
    const double = await DiscordDouble.start();
    const guild = double.createGuild('Fence Club');
    const channel = double.createChannel(guild, 'fence');
    const users: Record<string, User> = {};
    for (const name of ['ana', 'bo', 'cy', 'dee']) {
      users[name] = double.createUser(name, { globalName: name[0]!.toUpperCase() + name.slice(1) });
      double.addMember(guild, users[name]!);
    }
    const h = new Harness(double, guild, channel, users, mkdtempSync(join(tmpdir(), 'fence-bot-')));
    await h.startBot();
    return h;
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
      logger: createLogger({ sink: (l) => this.logs.push(l) }),
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

  async game(channel: Channel = this.channel): Promise<LoadedGame & { state: FenceState }> {
    const g = await this.store.loadActiveGame(channel.id);
    if (!g || !g.state) throw new Error('no running game');
    return g as LoadedGame & { state: FenceState };
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

  fence(user: User, subcommand: string, options: Record<string, string | number | boolean | User> = {}, channel: Channel = this.channel): Promise<PostedMessage> {
    return this.command(user, 'fence', subcommand, options, channel);
  }

  /** Presses Confirm on a private preview: the answer rewrites the preview in place (or comes as a new private message). */
  async confirm(user: User, preview: PostedMessage): Promise<PostedMessage> {
    expect(preview.ephemeral).toBe(true);
    expect(preview.content).toContain('only you see this preview');
    const edits = this.double.log.get(preview.id)?.edits ?? 0;
    const click = await this.double.clickButton(user, preview, 'Confirm');
    const answer = await click.waitForMessage((m) => m.id !== preview.id || m.edits > edits, 10_000);
    expect(answer.ephemeral).toBe(true);
    return answer;
  }

  latestPost(channel: Channel = this.channel): PostedMessage {
    const all = this.double.messages(channel);
    return all[all.length - 1]!;
  }

  /** Each player's latest private "Done" answer: a turn still under way offers its next choices there. */
  readonly lastAck = new Map<string, PostedMessage>();

  /**
   * The person who must act does what the simple computer player would, through Discord. A
   * choice's button is on the latest post, or (in the middle of a turn, which the channel sees
   * only once it ends) on the player's latest private answer.
   */
  async playOne(channel: Channel = this.channel): Promise<PostedMessage> {
    const game = await this.game(channel);
    const s = game.state;
    const seat = whoMustAct(s);
    if (seat === null) throw new Error('the game is over');
    const user = this.userOf(game, seat);
    const action = computerAction(s, seat, 'simple');
    if (!action) throw new Error(`seat ${seat} has nothing to do`);
    const label = actionLabel(s, action);
    const how = SUB_OF[action.type];
    let reply: PostedMessage;
    if (!how) {
      const text = label.startsWith('Draw a ') ? `Draw ${label.slice(7, -5)}` : label;
      const has = (m: PostedMessage | undefined) => m && this.double.buttons(this.double.log.get(m.id) ?? m).some((b) => 'label' in b && b.label === text);
      const ack = this.lastAck.get(user.id);
      const where = has(this.latestPost(channel)) ? this.latestPost(channel) : has(ack) ? ack! : this.latestPost(channel);
      const edits = this.double.log.get(where.id)?.edits ?? 0;
      const click = await this.double.clickButton(user, where, text);
      // A button on a private answer replaces that answer; one on a post gets a new private one.
      reply = await click.waitForMessage((m) => m.id !== where.id || m.edits > edits, 10_000);
    } else {
      const choices = await this.double.autocomplete(user, channel, 'fence', how.option, label, { subcommand: how.sub });
      const choice = choices.find((c) => c.name === label.slice(0, 100));
      if (!choice) throw new Error(`autocomplete did not offer "${label}": ${choices.map((c) => c.name).join(' | ')}`);
      reply = await this.fence(user, how.sub, { [how.option]: String(choice.value) }, channel);
      // A move that jails its own mover is previewed first (B15): the player confirms it.
      if (reply.content.includes('only you see this preview')) reply = await this.confirm(user, reply);
    }
    expect(reply.ephemeral).toBe(true);
    // The answer comes once the move's posts are out: the channel is complete here.
    expect(reply.content, reply.content).toMatch(/^Done/);
    this.lastAck.set(user.id, reply);
    return reply;
  }
}
