// The scripting API: a local Discord that tests (and the sandbox) drive. It owns the HTTP server
// that carries both REST (/api/v10/...) and the gateway WebSocket (/gateway) on one random port.
import { createServer, type Server } from 'node:http';
import { EventEmitter } from 'node:events';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import {
  ApplicationCommandOptionType,
  ComponentType,
  InteractionContextType,
  InteractionType,
  PermissionFlagsBits,
  type APIApplicationCommand,
  type APIApplicationCommandOption,
  type APIApplicationCommandOptionChoice,
  type APIButtonComponent,
  type APIStringSelectComponent,
  type APIInteractionDataResolved,
} from 'discord.js';
import { Gateway } from './gateway.ts';
import { ACK_DEADLINE_MS, InteractionRegistry, TOKEN_LIFETIME_MS, type InteractionKind, type InteractionRecord } from './interactions.ts';
import { MessageLog, messageText, type PostedMessage } from './messages.ts';
import { isComponentsV2, walkComponents } from './components.ts';
import { RestApi, type ChannelRateLimit, type RateLimitRule, type RequestRecord } from './rest.ts';
import type { Violation } from './validate.ts';
import {
  DEFAULT_EVERYONE_PERMISSIONS,
  Snowflakes,
  World,
  systemClock,
  type Channel,
  type Clock,
  type Guild,
  type Member,
  type Role,
  type User,
} from './world.ts';

export interface DoubleOptions {
  /** Drives token expiry and timestamps; pass a ManualClock to skip through 15 minutes. */
  clock?: Clock;
  botName?: string;
  heartbeatIntervalMs?: number;
  /** Shards GET /gateway/bot recommends, and the fewest an IDENTIFY may ask for (default 1). */
  shards?: number;
  /**
   * How long an interaction may wait for its acknowledgement (Discord: 3 s, the default). A test
   * about something else (recovery after kills) may allow more, so that a loaded machine, where
   * the bot acknowledges late, does not fail it; the 3 s are tested where they are the subject.
   */
  ackDeadlineMs?: number;
}

/** What the bot's role grants in every guild unless a test says otherwise. */
export const DEFAULT_BOT_PERMISSIONS =
  DEFAULT_EVERYONE_PERMISSIONS | PermissionFlagsBits.ManageMessages | PermissionFlagsBits.ManageThreads | PermissionFlagsBits.CreatePrivateThreads;

export type OptionValue = string | number | boolean | User | Channel | Role;

export interface CommandInput {
  subcommandGroup?: string;
  subcommand?: string;
  options?: Record<string, OptionValue>;
}

type Predicate<T> = (value: T) => boolean;

/** One interaction the double sent, and what the bot answered. */
export class InteractionHandle {
  constructor(
    private readonly double: DiscordDouble,
    readonly record: InteractionRecord,
  ) {}

  get id(): string {
    return this.record.id;
  }
  /** 4 reply, 5 deferred reply, 6 deferred update, 7 update, 8 autocomplete; null before the callback. */
  get callbackType(): number | null {
    return this.record.callbackType;
  }
  /** The message `@original` refers to (for button clicks: the clicked message once acknowledged). */
  get original(): PostedMessage | undefined {
    return this.record.originalMessageId ? this.double.log.get(this.record.originalMessageId) : undefined;
  }
  get followUps(): PostedMessage[] {
    return this.record.followUpIds.map((id) => this.double.log.get(id)).filter((m): m is PostedMessage => m !== undefined);
  }
  /** Original response and follow-ups, oldest first. */
  get messages(): PostedMessage[] {
    const o = this.original;
    return [...(o ? [o] : []), ...this.followUps];
  }
  get ephemeral(): boolean {
    return this.original?.ephemeral ?? false;
  }

  #unanswered(): void {
    if (this.record.refused) throw new Error(`The application did not respond: ${this.record.refused}`);
    const waited = this.double.clock.now() - this.record.dispatchedAt;
    const deadline = this.double.ackDeadlineMs;
    if (this.record.callbackType === null && waited > deadline) {
      throw new Error(`The application did not respond: no callback ${waited} ms after dispatch (Discord allows ${deadline} ms)`);
    }
  }

  /** Resolves with the callback type once the bot has acknowledged the interaction. */
  acknowledged(timeoutMs = this.double.ackDeadlineMs + 500): Promise<number> {
    return this.double.waitFor(
      () => {
        this.#unanswered();
        return this.record.callbackType ?? undefined;
      },
      timeoutMs,
      `interaction ${this.record.id} to be acknowledged`,
    );
  }

  /**
   * The original response once it has content: a direct reply, or a deferred reply after its
   * edit; or, when the bot deleted it to answer below what was posted since, that answer (its
   * first follow-up).
   */
  reply(timeoutMs = 5000): Promise<PostedMessage> {
    return this.double.waitFor(
      () => {
        this.#unanswered();
        const o = this.original;
        if (o) return o.loading ? undefined : o;
        return this.record.originalMessageId ? this.followUps[0] : undefined;
      },
      timeoutMs,
      `the reply to interaction ${this.record.id}`,
    );
  }

  /** The n-th follow-up (0 = first). A follow-up that filled a deferred placeholder is the reply, not this. */
  followUp(n = 0, timeoutMs = 5000): Promise<PostedMessage> {
    return this.double.waitFor(() => this.followUps[n], timeoutMs, `follow-up #${n} of interaction ${this.record.id}`);
  }

  /** Any response (original or follow-up) matching the predicate, now or later — also after edits. */
  waitForMessage(predicate: Predicate<PostedMessage>, timeoutMs = 5000): Promise<PostedMessage> {
    return this.double.waitFor(() => this.messages.find((m) => !m.loading && predicate(m)), timeoutMs, `a response to interaction ${this.record.id} matching the predicate`);
  }
}

export class DiscordDouble {
  readonly clock: Clock;
  readonly ackDeadlineMs: number;
  readonly token = `double.${randomBytes(18).toString('base64url')}`;
  readonly world: World;
  readonly bot: User;
  readonly log: MessageLog;
  readonly interactions = new InteractionRegistry();
  readonly commandStore = new Map<string, APIApplicationCommand[]>();
  /** Every request body Discord would have refused, and other misuse; tests assert it stays empty. */
  readonly violations: Violation[] = [];
  /** Every REST request with its status, in order. */
  readonly requests: RequestRecord[] = [];
  readonly rateLimits: RateLimitRule[] = [];
  /** Discord's per-channel limit on new messages, when a test turns it on (setChannelRateLimit). */
  channelRateLimit: ChannelRateLimit | null = null;
  readonly gateway: Gateway;
  /** Bumped on every change; the sandbox page polls it. */
  version = 0;

  readonly #events = new EventEmitter();
  /** What each interaction was dispatched with, for a second delivery (deliverAgain). */
  readonly #dispatched = new Map<string, unknown>();
  readonly #server: Server;
  readonly #rest: RestApi;
  #port = 0;

  private constructor(opts: DoubleOptions) {
    this.clock = opts.clock ?? systemClock;
    this.ackDeadlineMs = opts.ackDeadlineMs ?? ACK_DEADLINE_MS;
    this.#events.setMaxListeners(0);
    this.world = new World(new Snowflakes(this.clock), this.clock);
    this.bot = this.world.addUser(opts.botName ?? 'FENCE!', { bot: true });
    this.log = new MessageLog(
      this.world,
      (m, a) => `${this.baseUrl}/attachments/${m.channelId}/${a.id}/${encodeURIComponent(a.filename)}`,
      () => this.applicationId,
    );
    this.gateway = new Gateway({
      token: this.token,
      heartbeatIntervalMs: opts.heartbeatIntervalMs,
      shards: () => opts.shards ?? 1,
      readyData: () => ({
        v: 10,
        user: { ...this.world.apiUser(this.bot.id), verified: true, mfa_enabled: false },
        application: { id: this.applicationId, flags: 0 },
        user_settings: {},
        relationships: [],
        private_channels: [],
        presences: [],
        guild_join_requests: [],
        geo_ordered_rtc_regions: [],
      }),
      guildCreates: () => [...this.world.guilds.keys()].map((id) => this.world.apiGuildCreate(id) as unknown as Record<string, unknown>),
      resumeUrl: () => this.baseUrl.replace(/^http/, 'ws') + '/gateway',
      onChange: () => this.changed(),
    });
    this.#rest = new RestApi({
      token: this.token,
      applicationId: this.applicationId,
      world: this.world,
      log: this.log,
      interactions: this.interactions,
      gateway: this.gateway,
      clock: this.clock,
      ackDeadlineMs: this.ackDeadlineMs,
      commands: this.commandStore,
      rateLimits: this.rateLimits,
      channelRateLimit: () => this.channelRateLimit,
      requests: this.requests,
      baseUrl: () => this.baseUrl,
      violation: (v) => {
        this.violations.push(v);
        this.changed();
      },
      changed: () => this.changed(),
    });
    this.#server = createServer((req, res) => void this.#rest.handle(req, res));
    this.#server.on('upgrade', (req, socket, head: Buffer) => this.gateway.handleUpgrade(req, socket, head));
  }

  /** Starts the double on 127.0.0.1 at a random free port. */
  static async start(opts: DoubleOptions = {}): Promise<DiscordDouble> {
    const d = new DiscordDouble(opts);
    await new Promise<void>((resolve, reject) => {
      d.#server.once('error', reject);
      d.#server.listen(0, '127.0.0.1', () => resolve());
    });
    d.#port = (d.#server.address() as AddressInfo).port;
    return d;
  }

  async stop(): Promise<void> {
    await this.gateway.close();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  get port(): number {
    return this.#port;
  }
  get baseUrl(): string {
    return `http://127.0.0.1:${this.#port}`;
  }
  /** For discord.js: `new Client({ intents, rest: { api: double.apiUrl } })`, then `client.login(double.token)`. */
  get apiUrl(): string {
    return `${this.baseUrl}/api`;
  }
  /** Discord uses the bot user's id as the application id. */
  get applicationId(): string {
    return this.bot.id;
  }

  changed(): void {
    this.version++;
    this.#events.emit('change');
  }

  /**
   * Resolves with the first non-undefined result of `check`, re-evaluated on every change (and
   * every 50 ms, so clock-driven conditions are seen too). `check` may throw to fail the wait early.
   */
  waitFor<T>(check: () => T | undefined, timeoutMs: number, what: string, explain?: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let finished = false;
      const done = (): void => {
        finished = true;
        clearTimeout(timer);
        clearInterval(poll);
        this.#events.off('change', tick);
      };
      const tick = (): void => {
        if (finished) return;
        try {
          const v = check();
          if (v !== undefined) {
            done();
            resolve(v);
          }
        } catch (err) {
          done();
          reject(err instanceof Error ? err : new Error(String(err)));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}${explain ? `\n${explain()}` : ''}`));
      }, timeoutMs);
      const poll = setInterval(tick, 50);
      this.#events.on('change', tick);
      tick();
    });
  }

  // ---------------------------------------------------------------- violations

  /** Throws, listing them, if the bot sent anything Discord would refuse. Meant for afterEach. */
  expectNoViolations(): void {
    if (this.violations.length === 0) return;
    const lines = this.violations.map((v) => `  [${v.kind}] ${v.route} ${v.path ? `${v.path}: ` : ''}${v.message}`);
    throw new Error(`the bot sent ${this.violations.length} request(s) Discord would refuse:\n${lines.join('\n')}`);
  }

  clearViolations(): void {
    this.violations.length = 0;
  }

  // ---------------------------------------------------------------- the world

  /** `id`: a fixed id (the sandbox keeps its users' ids across restarts); by default a new snowflake. */
  createUser(username: string, opts: { globalName?: string; bot?: boolean; id?: string } = {}): User {
    const user = this.world.addUser(username, opts);
    this.changed();
    return user;
  }

  /**
   * A guild with the bot in it. The bot gets a role with `botPermissions`; @everyone gets
   * `everyonePermissions`. The owner (all permissions) is a separate user unless given.
   */
  createGuild(name: string, opts: { owner?: User; everyonePermissions?: bigint; botPermissions?: bigint; id?: string } = {}): Guild {
    const owner = opts.owner ?? this.world.addUser(`${name}-owner`);
    const guild = this.world.addGuild(name, owner.id, opts.everyonePermissions ?? DEFAULT_EVERYONE_PERMISSIONS, opts.id);
    const botRole = this.world.addRole(guild.id, this.bot.username, opts.botPermissions ?? DEFAULT_BOT_PERMISSIONS);
    this.world.addMember(guild.id, owner.id);
    this.world.addMember(guild.id, this.bot.id, [botRole.id]);
    this.gateway.dispatch('GUILD_CREATE', this.world.apiGuildCreate(guild.id));
    this.changed();
    return guild;
  }

  /** The role the bot holds in a guild: change its permissions with setRolePermissions. */
  botRole(guild: Guild): Role {
    const member = this.world.member(guild.id, this.bot.id);
    const role = member?.roleIds.map((id) => this.world.roles.get(id)).find((r): r is Role => r !== undefined);
    if (!role) throw new Error(`the bot has no role in ${guild.name}`);
    return role;
  }

  createRole(guild: Guild, name: string, permissions: bigint = 0n): Role {
    const role = this.world.addRole(guild.id, name, permissions);
    this.gateway.dispatch('GUILD_ROLE_CREATE', { guild_id: guild.id, role: this.world.apiRole(role) });
    this.changed();
    return role;
  }

  setRolePermissions(role: Role, permissions: bigint): void {
    role.permissions = permissions;
    this.gateway.dispatch('GUILD_ROLE_UPDATE', { guild_id: role.guildId, role: this.world.apiRole(role) });
    this.changed();
  }

  addMember(guild: Guild, user: User, opts: { roles?: Role[]; nick?: string } = {}): Member {
    const member = this.world.addMember(guild.id, user.id, (opts.roles ?? []).map((r) => r.id), opts.nick ?? null);
    this.gateway.dispatch('GUILD_MEMBER_ADD', { ...this.world.apiMember(member), guild_id: guild.id });
    this.changed();
    return member;
  }

  createChannel(guild: Guild, name: string, opts: { id?: string } = {}): Channel {
    const channel = this.world.addChannel(guild.id, name, 'text', opts);
    this.gateway.dispatch('CHANNEL_CREATE', this.world.apiChannel(channel.id));
    this.changed();
    return channel;
  }

  /**
   * The DM between `user` and the bot (one per user, as on Discord). Discord sends no
   * CHANNEL_CREATE for it; the bot learns of it from the interaction that carries it.
   */
  createDM(user: User): Channel {
    const { channel, created } = this.world.dmWith(user.id);
    if (created) this.changed();
    return channel;
  }

  /** A thread someone other than the bot started. */
  createThread(parent: Channel, name: string, opts: { private?: boolean; owner?: User; id?: string } = {}): Channel {
    const thread = this.world.addChannel(parent.guildId, name, opts.private ? 'private-thread' : 'public-thread', {
      parentId: parent.id,
      ownerId: opts.owner?.id ?? null,
      ...(opts.id ? { id: opts.id } : {}),
    });
    this.gateway.dispatch('THREAD_CREATE', { ...this.world.apiChannel(thread.id), newly_created: true });
    this.changed();
    return thread;
  }

  /** Sets (replaces) a channel permission overwrite for a role, a user, or @everyone (pass the guild). */
  setOverwrite(channel: Channel, target: Role | User | Guild, perms: { allow?: bigint; deny?: bigint }): void {
    const isUser = this.world.users.has(target.id);
    channel.overwrites = channel.overwrites.filter((o) => o.id !== target.id);
    channel.overwrites.push({ id: target.id, type: isUser ? 'member' : 'role', allow: perms.allow ?? 0n, deny: perms.deny ?? 0n });
    this.gateway.dispatch('CHANNEL_UPDATE', this.world.apiChannel(channel.id));
    this.changed();
  }

  /** Shorthand for an overwrite on the bot itself, e.g. `{ deny: PermissionFlagsBits.SendMessages }` to provoke 50013. */
  setBotPermissions(channel: Channel, perms: { allow?: bigint; deny?: bigint }): void {
    this.setOverwrite(channel, this.bot, perms);
  }

  permissionsOf(user: User, channel: Channel): bigint {
    return this.world.channelPermissions(channel.id, user.id);
  }

  findUser(username: string): User | undefined {
    return [...this.world.users.values()].find((u) => u.username === username);
  }

  findChannel(name: string, guild?: Guild): Channel | undefined {
    return [...this.world.channels.values()].find((c) => c.name === name && (!guild || c.guildId === guild.id));
  }

  /** The commands the bot registered (guild commands first, then global), as stored by bulk overwrite. */
  commands(guild?: Guild): APIApplicationCommand[] {
    return [...(guild ? this.commandStore.get(guild.id) ?? [] : []), ...(this.commandStore.get('') ?? [])];
  }

  // ---------------------------------------------------------------- the message log

  /** Public messages in a channel, oldest first (ephemeral ones are not part of a channel's history). */
  messages(channel: Channel): PostedMessage[] {
    return this.log.inChannel(channel.id).filter((m) => !m.ephemeral);
  }

  /** Ephemeral messages shown to one user, optionally in one channel. */
  ephemeralFor(user: User, channel?: Channel): PostedMessage[] {
    return this.log.all().filter((m) => m.ephemeral && m.recipientId === user.id && (!channel || m.channelId === channel.id));
  }

  /** The channel as `user` sees it: public messages plus their own ephemeral ones, in order. */
  visibleTo(user: User, channel: Channel): PostedMessage[] {
    return this.log.inChannel(channel.id).filter((m) => !m.ephemeral || m.recipientId === user.id);
  }

  /** The first message in the channel (already there or yet to come, edits included) that matches. */
  waitForMessage(channel: Channel, predicate: Predicate<PostedMessage>, timeoutMs = 5000): Promise<PostedMessage> {
    return this.waitFor(
      () => this.log.inChannel(channel.id).find((m) => !m.loading && predicate(m)),
      timeoutMs,
      `a message in #${channel.name} matching the predicate`,
      () => `#${channel.name} holds:\n${this.log.inChannel(channel.id).map((m) => `  ${m.ephemeral ? '(ephemeral) ' : ''}${JSON.stringify(messageText(m))} [${m.attachments.length} files]`).join('\n') || '  nothing'}`,
    );
  }

  /**
   * Forgets the messages (with their attachments), interactions and request records from before
   * `at` (the double's clock), so that a run of hours (bench/soak.ts) does not hold every
   * picture it was ever sent. An edit of a forgotten message is answered as Discord answers one
   * of a deleted message; an interaction older than its token's 15 minutes is dead anyway.
   */
  forgetBefore(at: number): void {
    this.log.forgetBefore(at);
    this.interactions.forgetBefore(Math.min(at, this.clock.now() - TOKEN_LIFETIME_MS));
    const kept = this.requests.filter((r) => r.at >= at);
    this.requests.splice(0, this.requests.length, ...kept);
  }

  // ---------------------------------------------------------------- faults

  /** The next `count` requests to `route` (e.g. 'POST /channels/:channel/messages') get a 429. */
  rateLimitNext(route: string, count = 1, opts: { retryAfterMs?: number; global?: boolean } = {}): void {
    this.rateLimits.push({ route, remaining: count, retryAfterMs: opts.retryAfterMs ?? 250, global: opts.global ?? false });
  }

  /** Turns on Discord's per-channel limit on new messages (5 per 5 s on Discord), or off with null. */
  setChannelRateLimit(limit: ChannelRateLimit | null = { messages: 5, perMs: 5000 }): void {
    this.channelRateLimit = limit;
  }

  /** Closes the bot's gateway socket (one shard's with `shard`); see Gateway.drop. */
  dropConnection(opts: { code?: number; invalidateSession?: boolean; shard?: number } = {}): void {
    this.gateway.drop(opts);
    this.changed();
  }

  /** Waits for the bot's gateway connection: with `guildId`, only that guild's shard's. */
  waitForBotConnected(timeoutMs = 10_000, guildId?: string | null): Promise<true> {
    const live = () => (guildId === undefined ? this.gateway.connected : this.gateway.connectedFor(guildId));
    return this.waitFor(() => (live() ? true : undefined), timeoutMs, 'the bot to connect to the gateway');
  }

  // ---------------------------------------------------------------- user actions

  #command(channel: Channel, name: string): APIApplicationCommand | undefined {
    // In a DM only global commands exist.
    const guild = channel.guildId === null ? undefined : this.world.guilds.get(channel.guildId);
    return this.commands(guild).find((c) => c.name === name && (c.type ?? 1) === 1);
  }

  /**
   * Discord's client offers a command in a DM only when its registered `contexts` include
   * BotDM (1) or are unset; a test that needs one anyway (an old registration) changes the
   * stored definition in `commandStore`.
   */
  #offeredHere(channel: Channel, name: string): void {
    if (channel.guildId !== null) return;
    const contexts = this.#command(channel, name)?.contexts;
    if (contexts && !contexts.includes(InteractionContextType.BotDM)) {
      throw new Error(`/${name} is not offered in DMs: its registered contexts are [${contexts.join(', ')}]`);
    }
  }

  #member(user: User, channel: Channel): Member | null {
    if (channel.guildId === null) {
      if (channel.ownerId !== user.id) throw new Error(`${user.username} cannot use someone else's DM with the bot`);
      return null;
    }
    const member = this.world.member(channel.guildId, user.id);
    if (!member) throw new Error(`${user.username} is not a member of the guild of #${channel.name}`);
    return member;
  }

  async #dispatch(
    kind: InteractionKind,
    user: User,
    channel: Channel,
    data: Record<string, unknown>,
    extra: { commandName?: string; customId?: string; message?: PostedMessage; values?: string[] },
  ): Promise<InteractionRecord> {
    await this.waitForBotConnected(10_000, channel.guildId);
    const member = this.#member(user, channel);
    const record: InteractionRecord = {
      id: this.world.ids.next(),
      token: `aW50ZXJhY3Rpb24.${randomBytes(24).toString('base64url')}`,
      kind,
      userId: user.id,
      channelId: channel.id,
      guildId: channel.guildId,
      commandName: extra.commandName ?? null,
      customId: extra.customId ?? null,
      values: extra.values ?? null,
      sourceMessageId: extra.message?.id ?? null,
      dispatchedAt: this.clock.now(),
      callbackType: null,
      acknowledgedAt: null,
      originalMessageId: null,
      followUpIds: [],
      choices: null,
      refused: null,
    };
    this.interactions.add(record);
    const type = kind === 'command' ? InteractionType.ApplicationCommand : kind === 'component' ? InteractionType.MessageComponent : InteractionType.ApplicationCommandAutocomplete;
    // In a server: guild_id, guild and member (with the user inside). In a DM: only `user`, as on Discord.
    const where = member && channel.guildId !== null
      ? {
          guild_id: channel.guildId,
          guild: { id: channel.guildId, locale: 'en-US', features: [] },
          member: this.world.apiInteractionMember(member, channel.id),
          guild_locale: 'en-US',
          authorizing_integration_owners: { '0': channel.guildId },
          context: 0,
        }
      : { user: this.world.apiUser(user.id), authorizing_integration_owners: { '0': '0' }, context: 1 };
    const payload = {
      id: record.id,
      application_id: this.applicationId,
      type,
      token: record.token,
      version: 1,
      channel_id: channel.id,
      channel: this.world.apiChannel(channel.id),
      app_permissions: this.world.channelPermissions(channel.id, this.bot.id).toString(),
      locale: 'en-US',
      entitlements: [],
      attachment_size_limit: 10 * 1024 * 1024,
      ...where,
      ...(extra.message ? { message: this.log.apiMessage(extra.message) } : {}),
      data,
    };
    this.#dispatched.set(record.id, payload);
    this.gateway.dispatch('INTERACTION_CREATE', payload);
    this.changed();
    return record;
  }

  /** Delivers an interaction a second time, as it was (Discord may: the bot must answer and apply it once). */
  deliverAgain(handle: InteractionHandle): void {
    const payload = this.#dispatched.get(handle.id);
    if (!payload) throw new Error(`interaction ${handle.id} was not dispatched by this double`);
    this.gateway.dispatch('INTERACTION_CREATE', payload);
    this.changed();
  }

  /**
   * Builds the `data.options` tree of a slash command the way Discord does, taking option types
   * from the registered command (values are inferred when the bot registered none).
   */
  #commandData(channel: Channel, name: string, input: CommandInput, focused?: { option: string; text: string }): Record<string, unknown> {
    const def = this.#command(channel, name);
    let defOptions: APIApplicationCommandOption[] | undefined = def?.options;
    const path: string[] = [];
    if (input.subcommandGroup) path.push(input.subcommandGroup);
    if (input.subcommand) path.push(input.subcommand);
    for (const step of path) {
      if (!def) break;
      const sub = defOptions?.find((o) => o.name === step);
      if (!sub || (sub.type !== ApplicationCommandOptionType.Subcommand && sub.type !== ApplicationCommandOptionType.SubcommandGroup)) {
        throw new Error(`/${name} has no subcommand or group "${step}"`);
      }
      defOptions = 'options' in sub ? sub.options : [];
    }
    if (def && !input.subcommand && defOptions?.some((o) => o.type === ApplicationCommandOptionType.Subcommand)) {
      throw new Error(`/${name} needs a subcommand: ${defOptions.map((o) => o.name).join(', ')}`);
    }
    const resolved: APIInteractionDataResolved & Record<string, Record<string, unknown>> = {};
    const leafOptions: Record<string, unknown>[] = [];
    const given = { ...(input.options ?? {}) };
    if (focused) given[focused.option] = focused.text;
    for (const [optName, raw] of Object.entries(given)) {
      const spec = defOptions?.find((o) => o.name === optName);
      if (def && !spec) throw new Error(`/${[name, ...path].join(' ')} has no option "${optName}"`);
      const isFocused = focused?.option === optName;
      const type = spec?.type ?? inferType(raw);
      let value: unknown = raw;
      if (isFocused) {
        value = String(raw); // Discord sends the partial text as typed
      } else if (type === ApplicationCommandOptionType.User || type === ApplicationCommandOptionType.Mentionable) {
        const user = typeof raw === 'object' && this.world.users.has(raw.id) ? (raw as User) : this.world.users.get(String(raw));
        if (!user) throw new Error(`option ${optName}: unknown user`);
        value = user.id;
        resolved.users = { ...(resolved.users ?? {}), [user.id]: this.world.apiUser(user.id) };
        const m = channel.guildId === null ? undefined : this.world.member(channel.guildId, user.id);
        if (m) resolved.members = { ...(resolved.members ?? {}), [user.id]: this.world.apiResolvedMember(m, channel.id) };
      } else if (type === ApplicationCommandOptionType.Channel) {
        const id = typeof raw === 'object' ? raw.id : String(raw);
        const c = this.world.channels.get(id);
        if (!c) throw new Error(`option ${optName}: unknown channel`);
        value = id;
        const api = this.world.apiChannel(id);
        resolved.channels = { ...(resolved.channels ?? {}), [id]: { id, name: c.name, type: api.type, permissions: this.world.channelPermissions(id, this.bot.id).toString() } };
      } else if (type === ApplicationCommandOptionType.Role) {
        const id = typeof raw === 'object' ? raw.id : String(raw);
        const role = this.world.roles.get(id);
        if (!role) throw new Error(`option ${optName}: unknown role`);
        value = id;
        resolved.roles = { ...(resolved.roles ?? {}), [id]: this.world.apiRole(role) };
      } else if (type === ApplicationCommandOptionType.Integer || type === ApplicationCommandOptionType.Number) {
        value = Number(raw);
        if (Number.isNaN(value) || (type === ApplicationCommandOptionType.Integer && !Number.isInteger(value))) {
          throw new Error(`option ${optName}: ${String(raw)} is not a valid ${type === 4 ? 'integer' : 'number'}`);
        }
      } else if (type === ApplicationCommandOptionType.Boolean) {
        value = raw === true || raw === 'true';
      } else {
        value = String(raw);
      }
      leafOptions.push({ name: optName, type, value, ...(isFocused ? { focused: true } : {}) });
    }
    if (!focused) {
      for (const o of defOptions ?? []) {
        if ('required' in o && o.required && !(o.name in given)) throw new Error(`/${[name, ...path].join(' ')} needs option "${o.name}"`);
      }
    }
    let options: Record<string, unknown>[] = leafOptions;
    if (input.subcommand) options = [{ name: input.subcommand, type: ApplicationCommandOptionType.Subcommand, options }];
    if (input.subcommandGroup) options = [{ name: input.subcommandGroup, type: ApplicationCommandOptionType.SubcommandGroup, options }];
    return {
      id: def?.id ?? this.world.ids.next(),
      name,
      type: 1,
      ...(def?.guild_id ? { guild_id: def.guild_id } : {}),
      options,
      ...(Object.keys(resolved).length > 0 ? { resolved } : {}),
    };
  }

  /**
   * `user` runs `/name [group] [subcommand] options…` in `channel`. Throws at once if the
   * command, a subcommand or an option does not exist or a required option is missing.
   */
  async runCommand(user: User, channel: Channel, name: string, input: CommandInput = {}): Promise<InteractionHandle> {
    this.#offeredHere(channel, name);
    const data = this.#commandData(channel, name, input);
    return new InteractionHandle(this, await this.#dispatch('command', user, channel, data, { commandName: name }));
  }

  /** `user` types `text` into option `focusedOption`; resolves with the choices the bot offers. */
  async autocomplete(
    user: User,
    channel: Channel,
    command: string,
    focusedOption: string,
    text: string,
    context: CommandInput = {},
  ): Promise<APIApplicationCommandOptionChoice[]> {
    this.#offeredHere(channel, command);
    const data = this.#commandData(channel, command, context, { option: focusedOption, text });
    const record = await this.#dispatch('autocomplete', user, channel, data, { commandName: command });
    const handle = new InteractionHandle(this, record);
    await handle.acknowledged();
    return record.choices ?? [];
  }

  /** Buttons on a message, in order, as the client renders them (in rows, containers and section accessories). */
  buttons(message: PostedMessage): APIButtonComponent[] {
    return walkComponents(message.components, isComponentsV2(message.flags))
      .map((v) => v.component)
      .filter((c) => c.type === ComponentType.Button) as unknown as APIButtonComponent[];
  }

  /** String select menus on a message, in order (in rows at the top or in containers). */
  selects(message: PostedMessage): APIStringSelectComponent[] {
    return walkComponents(message.components, isComponentsV2(message.flags))
      .map((v) => v.component)
      .filter((c) => c.type === ComponentType.StringSelect) as unknown as APIStringSelectComponent[];
  }

  /**
   * `user` picks `values` in the select menu whose placeholder starts with (or whose custom_id
   * is) `placeholderOrCustomId` on `message`. Only values the menu offers can be picked, as in
   * the client.
   */
  async chooseFromMenu(user: User, message: PostedMessage, placeholderOrCustomId: string, values: string[]): Promise<InteractionHandle> {
    const current = this.log.get(message.id);
    if (!current) throw new Error(`message ${message.id} no longer exists`);
    if (current.ephemeral && current.recipientId !== user.id) throw new Error(`${user.username} cannot see that ephemeral message`);
    const menus = this.selects(current);
    const menu = menus.find((m) => m.custom_id === placeholderOrCustomId) ?? menus.find((m) => m.placeholder?.startsWith(placeholderOrCustomId));
    if (!menu) throw new Error(`no menu "${placeholderOrCustomId}" on the message (menus: ${menus.map((m) => m.placeholder ?? m.custom_id).join(', ') || 'none'})`);
    if (menu.disabled) throw new Error(`the menu "${menu.placeholder ?? menu.custom_id}" is disabled`);
    const offered = new Set(menu.options.map((o) => o.value));
    const missing = values.filter((v) => !offered.has(v));
    if (missing.length) throw new Error(`the menu does not offer ${missing.join(', ')} (it offers ${[...offered].join(', ')})`);
    const [min, max] = [menu.min_values ?? 1, menu.max_values ?? 1];
    if (values.length < min || values.length > max || new Set(values).size !== values.length) {
      throw new Error(`the menu takes ${min === max ? min : `${min} to ${max}`} different value(s), not ${values.length}`);
    }
    const channel = this.world.channels.get(current.channelId);
    if (!channel) throw new Error('the message is in an unknown channel');
    const data = { custom_id: menu.custom_id, component_type: ComponentType.StringSelect, values };
    return new InteractionHandle(this, await this.#dispatch('component', user, channel, data, { customId: menu.custom_id, message: current, values }));
  }

  /**
   * A press Discord's own client cannot send (the bot must trust no field): `customId` as if
   * it were a component of `message` (any message), pressed in `channel`. A select menu
   * press when `values` is given.
   */
  async forgeComponent(user: User, channel: Channel, customId: string, message: PostedMessage, opts: { values?: string[] } = {}): Promise<InteractionHandle> {
    const data = opts.values
      ? { custom_id: customId, component_type: ComponentType.StringSelect, values: opts.values }
      : { custom_id: customId, component_type: ComponentType.Button };
    // Discord always sends the message a component is on; a forger picks which.
    const current = this.log.get(message.id) ?? message;
    return new InteractionHandle(this, await this.#dispatch('component', user, channel, data, { customId, message: current, ...(opts.values ? { values: opts.values } : {}) }));
  }

  /** A plain message `user` writes in `channel` (the bot reads none; it gives a forged press a message to sit on). */
  say(user: User, channel: Channel, content: string): PostedMessage {
    const msg = this.log.create({ channelId: channel.id, authorId: user.id, body: { content }, uploads: [] });
    this.changed();
    return msg;
  }

  /** A slash command with raw options (any name, type or value: nothing is checked against the registration). */
  async forgeCommand(user: User, channel: Channel, name: string, subcommand: string, options: { name: string; type: ApplicationCommandOptionType; value: unknown }[]): Promise<InteractionHandle> {
    const def = this.#command(channel, name);
    const data = { id: def?.id ?? this.world.ids.next(), name, type: 1, options: [{ name: subcommand, type: ApplicationCommandOptionType.Subcommand, options }] };
    return new InteractionHandle(this, await this.#dispatch('command', user, channel, data, { commandName: name }));
  }

    /** `user` clicks the button with this label (or custom_id) on `message`. */
  async clickButton(user: User, message: PostedMessage, labelOrCustomId: string): Promise<InteractionHandle> {
    const current = this.log.get(message.id);
    if (!current) throw new Error(`message ${message.id} no longer exists`);
    if (current.ephemeral && current.recipientId !== user.id) throw new Error(`${user.username} cannot see that ephemeral message`);
    const buttons = this.buttons(current);
    const button =
      buttons.find((b) => 'label' in b && b.label === labelOrCustomId) ??
      buttons.find((b) => 'custom_id' in b && b.custom_id === labelOrCustomId);
    if (!button || !('custom_id' in button)) {
      const names = buttons.map((b) => ('label' in b ? b.label : '') || ('custom_id' in b ? b.custom_id : '?')).join(', ');
      throw new Error(`no button "${labelOrCustomId}" on the message (buttons: ${names || 'none'})`);
    }
    if (button.disabled) throw new Error(`the button "${labelOrCustomId}" is disabled`);
    const channel = this.world.channels.get(current.channelId);
    if (!channel) throw new Error('the message is in an unknown channel');
    const data = { custom_id: button.custom_id, component_type: ComponentType.Button };
    return new InteractionHandle(this, await this.#dispatch('component', user, channel, data, { customId: button.custom_id, message: current }));
  }
}

function inferType(v: OptionValue): ApplicationCommandOptionType {
  if (typeof v === 'boolean') return ApplicationCommandOptionType.Boolean;
  if (typeof v === 'number') return Number.isInteger(v) ? ApplicationCommandOptionType.Integer : ApplicationCommandOptionType.Number;
  if (typeof v === 'string') return ApplicationCommandOptionType.String;
  if ('username' in v) return ApplicationCommandOptionType.User;
  if ('kind' in v) return ApplicationCommandOptionType.Channel;
  return ApplicationCommandOptionType.Role;
}
