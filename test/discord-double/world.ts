// The double's model of Discord's state: users, guilds, roles, members, channels, threads and
// the permission maths. It renders everything in the API's own JSON shapes, so what the
// gateway and REST hand to discord.js is what Discord would hand it.
import {
  ChannelType,
  OverwriteType,
  PermissionFlagsBits,
  type APIChannel,
  type APIGuild,
  type APIGuildMember,
  type APIInteractionDataResolvedGuildMember,
  type APIRole,
  type APIUser,
  type GuildMemberFlags,
  type GuildSystemChannelFlags,
  type RoleFlags,
  type GatewayGuildCreateDispatchData,
} from 'discord.js';

export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock that only moves when told to: token expiry can be tested without waiting. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start = Date.now()) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  advance(ms: number): void {
    this.#now += ms;
  }
}

const DISCORD_EPOCH = 1_420_070_400_000n;

/** Snowflakes carry their creation time; discord.js reads createdAt from them. */
export class Snowflakes {
  #increment = 0n;
  constructor(private readonly clock: Clock) {}
  next(): string {
    this.#increment = (this.#increment + 1n) & 0xfffn;
    const ms = BigInt(Math.floor(this.clock.now())) - DISCORD_EPOCH;
    return ((ms << 22n) | (1n << 17n) | this.#increment).toString();
  }
}

export const ALL_PERMISSIONS = Object.values(PermissionFlagsBits).reduce((a, b) => a | b, 0n);

/** What a plain member gets in a fresh guild (roughly Discord's default @everyone). */
export const DEFAULT_EVERYONE_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.SendMessagesInThreads |
  PermissionFlagsBits.CreatePublicThreads |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseApplicationCommands |
  PermissionFlagsBits.UseExternalEmojis;

export interface User {
  readonly id: string;
  username: string;
  globalName: string | null;
  bot: boolean;
}

export interface Role {
  readonly id: string;
  readonly guildId: string;
  name: string;
  permissions: bigint;
  position: number;
}

export interface Member {
  readonly userId: string;
  readonly guildId: string;
  roleIds: string[];
  nick: string | null;
  joinedAt: string;
}

export interface Overwrite {
  /** A role id (the guild id is @everyone) or a user id. */
  readonly id: string;
  readonly type: 'role' | 'member';
  allow: bigint;
  deny: bigint;
}

export type ChannelKind = 'text' | 'public-thread' | 'private-thread' | 'dm';

export interface Channel {
  readonly id: string;
  /** Null for a direct-message channel. */
  readonly guildId: string | null;
  readonly kind: ChannelKind;
  name: string;
  /** Threads only. */
  readonly parentId: string | null;
  /** The thread's creator; for a DM, the user the bot talks with. */
  readonly ownerId: string | null;
  overwrites: Overwrite[];
  position: number;
  archived: boolean;
  readonly createdAt: string;
}

export interface Guild {
  readonly id: string;
  name: string;
  ownerId: string;
  readonly createdAt: string;
}

/** What a bot may do in a DM (Discord's implicit DM permissions, no roles involved). */
export const DM_PERMISSIONS =
  PermissionFlagsBits.ViewChannel |
  PermissionFlagsBits.SendMessages |
  PermissionFlagsBits.EmbedLinks |
  PermissionFlagsBits.AttachFiles |
  PermissionFlagsBits.ReadMessageHistory |
  PermissionFlagsBits.AddReactions |
  PermissionFlagsBits.UseExternalEmojis;

export class World {
  readonly users = new Map<string, User>();
  readonly guilds = new Map<string, Guild>();
  readonly roles = new Map<string, Role>();
  readonly channels = new Map<string, Channel>();
  /** key: `${guildId}:${userId}` */
  readonly members = new Map<string, Member>();

  constructor(
    readonly ids: Snowflakes,
    readonly clock: Clock,
  ) {}

  iso(): string {
    return new Date(this.clock.now()).toISOString();
  }

  addUser(username: string, opts: { bot?: boolean; globalName?: string | null; id?: string } = {}): User {
    const user: User = {
      id: opts.id ?? this.ids.next(),
      username,
      globalName: opts.globalName ?? null,
      bot: opts.bot ?? false,
    };
    this.users.set(user.id, user);
    return user;
  }

  addGuild(name: string, ownerId: string, everyonePermissions: bigint, id?: string): Guild {
    const guild: Guild = { id: id ?? this.ids.next(), name, ownerId, createdAt: this.iso() };
    this.guilds.set(guild.id, guild);
    // Discord's @everyone role shares the guild's id.
    this.roles.set(guild.id, { id: guild.id, guildId: guild.id, name: '@everyone', permissions: everyonePermissions, position: 0 });
    return guild;
  }

  addRole(guildId: string, name: string, permissions: bigint): Role {
    const position = this.rolesOf(guildId).length;
    const role: Role = { id: this.ids.next(), guildId, name, permissions, position };
    this.roles.set(role.id, role);
    return role;
  }

  addMember(guildId: string, userId: string, roleIds: string[] = [], nick: string | null = null): Member {
    const member: Member = { userId, guildId, roleIds: [...roleIds], nick, joinedAt: this.iso() };
    this.members.set(`${guildId}:${userId}`, member);
    return member;
  }

  addChannel(
    guildId: string | null,
    name: string,
    kind: ChannelKind,
    opts: { parentId?: string | null; ownerId?: string | null; id?: string } = {},
  ): Channel {
    const parentId = opts.parentId ?? null;
    const ownerId = opts.ownerId ?? null;
    const channel: Channel = {
      // A thread started from a message shares the message's id, as on Discord.
      id: opts.id ?? this.ids.next(),
      guildId,
      kind,
      name,
      parentId,
      ownerId,
      overwrites: [],
      position: guildId === null ? 0 : this.channelsOf(guildId).filter((c) => c.kind === 'text').length,
      archived: false,
      createdAt: this.iso(),
    };
    this.channels.set(channel.id, channel);
    return channel;
  }

  member(guildId: string, userId: string): Member | undefined {
    return this.members.get(`${guildId}:${userId}`);
  }

  rolesOf(guildId: string): Role[] {
    return [...this.roles.values()].filter((r) => r.guildId === guildId);
  }

  /** The DM between `userId` and the bot: one per user, as on Discord, made when first asked for. */
  dmWith(userId: string): { channel: Channel; created: boolean } {
    const existing = [...this.channels.values()].find((c) => c.kind === 'dm' && c.ownerId === userId);
    if (existing) return { channel: existing, created: false };
    return { channel: this.addChannel(null, this.users.get(userId)?.username ?? userId, 'dm', { ownerId: userId }), created: true };
  }

  channelsOf(guildId: string): Channel[] {
    return [...this.channels.values()].filter((c) => c.guildId === guildId);
  }

  membersOf(guildId: string): Member[] {
    return [...this.members.values()].filter((m) => m.guildId === guildId);
  }

  guildPermissions(guildId: string, userId: string): bigint {
    const guild = this.guilds.get(guildId);
    const member = this.member(guildId, userId);
    if (!guild || !member) return 0n;
    if (guild.ownerId === userId) return ALL_PERMISSIONS;
    let perms = this.roles.get(guildId)?.permissions ?? 0n;
    for (const roleId of member.roleIds) perms |= this.roles.get(roleId)?.permissions ?? 0n;
    return perms & PermissionFlagsBits.Administrator ? ALL_PERMISSIONS : perms;
  }

  /** Discord's documented order: @everyone overwrite, then role overwrites together, then the member's. */
  channelPermissions(channelId: string, userId: string): bigint {
    const channel = this.channels.get(channelId);
    if (!channel) return 0n;
    // A DM has no roles or overwrites: both sides get Discord's fixed DM set.
    if (channel.guildId === null) return DM_PERMISSIONS;
    // Threads take their permissions from the parent channel.
    const source = channel.parentId ? this.channels.get(channel.parentId) ?? channel : channel;
    let perms = this.guildPermissions(channel.guildId, userId);
    if (perms & PermissionFlagsBits.Administrator) return ALL_PERMISSIONS;
    const member = this.member(channel.guildId, userId);
    if (!member) return 0n;
    const everyone = source.overwrites.find((o) => o.id === channel.guildId);
    if (everyone) perms = (perms & ~everyone.deny) | everyone.allow;
    let allow = 0n;
    let deny = 0n;
    for (const o of source.overwrites) {
      if (o.type === 'role' && member.roleIds.includes(o.id)) {
        allow |= o.allow;
        deny |= o.deny;
      }
    }
    perms = (perms & ~deny) | allow;
    const own = source.overwrites.find((o) => o.type === 'member' && o.id === userId);
    if (own) perms = (perms & ~own.deny) | own.allow;
    // Without View Channel nothing else applies, as on Discord.
    return perms & PermissionFlagsBits.ViewChannel ? perms : 0n;
  }

  // ---- API shapes ----

  apiUser(userId: string): APIUser {
    const user = this.users.get(userId);
    if (!user) throw new Error(`unknown user ${userId}`);
    return {
      id: user.id,
      username: user.username,
      global_name: user.globalName,
      discriminator: '0',
      avatar: null,
      bot: user.bot,
      system: false,
    };
  }

  apiRole(role: Role): APIRole {
    return {
      id: role.id,
      name: role.name,
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position: role.position,
      permissions: role.permissions.toString(),
      managed: false,
      mentionable: false,
      flags: 0 as RoleFlags,
    };
  }

  apiMember(member: Member): APIGuildMember {
    return {
      user: this.apiUser(member.userId),
      nick: member.nick,
      avatar: null,
      banner: null,
      roles: [...member.roleIds],
      joined_at: member.joinedAt,
      premium_since: null,
      deaf: false,
      mute: false,
      flags: 0 as GuildMemberFlags,
      pending: false,
      communication_disabled_until: null,
    };
  }

  /** The member object an interaction carries: with the member's permissions in that channel. */
  apiInteractionMember(member: Member, channelId: string): APIGuildMember & { permissions: string } {
    return { ...this.apiMember(member), permissions: this.channelPermissions(channelId, member.userId).toString() };
  }

  apiResolvedMember(member: Member, channelId: string): APIInteractionDataResolvedGuildMember {
    const { user: _user, deaf: _deaf, mute: _mute, ...rest } = this.apiMember(member);
    return { ...rest, permissions: this.channelPermissions(channelId, member.userId).toString() };
  }

  apiChannel(channelId: string): APIChannel {
    const c = this.channels.get(channelId);
    if (!c) throw new Error(`unknown channel ${channelId}`);
    if (c.kind === 'dm' || c.guildId === null) {
      return { id: c.id, type: ChannelType.DM, name: null, last_message_id: null, recipients: c.ownerId ? [this.apiUser(c.ownerId)] : [] };
    }
    if (c.kind === 'text') {
      return {
        id: c.id,
        type: ChannelType.GuildText,
        guild_id: c.guildId,
        name: c.name,
        position: c.position,
        parent_id: null,
        topic: null,
        nsfw: false,
        last_message_id: null,
        rate_limit_per_user: 0,
        permission_overwrites: c.overwrites.map((o) => ({
          id: o.id,
          type: o.type === 'role' ? OverwriteType.Role : OverwriteType.Member,
          allow: o.allow.toString(),
          deny: o.deny.toString(),
        })),
      };
    }
    return {
      id: c.id,
      type: c.kind === 'public-thread' ? ChannelType.PublicThread : ChannelType.PrivateThread,
      guild_id: c.guildId,
      name: c.name,
      parent_id: c.parentId ?? undefined,
      owner_id: c.ownerId ?? undefined,
      last_message_id: null,
      rate_limit_per_user: 0,
      message_count: 0,
      member_count: 1,
      total_message_sent: 0,
      thread_metadata: {
        archived: c.archived,
        auto_archive_duration: 1440,
        archive_timestamp: c.createdAt,
        locked: false,
        create_timestamp: c.createdAt,
      },
    };
  }

  apiGuild(guildId: string): APIGuild {
    const g = this.guilds.get(guildId);
    if (!g) throw new Error(`unknown guild ${guildId}`);
    return {
      id: g.id,
      name: g.name,
      icon: null,
      splash: null,
      discovery_splash: null,
      owner_id: g.ownerId,
      region: 'en-US',
      afk_channel_id: null,
      afk_timeout: 300,
      verification_level: 0,
      default_message_notifications: 0,
      explicit_content_filter: 0,
      roles: this.rolesOf(guildId).map((r) => this.apiRole(r)),
      emojis: [],
      features: [],
      mfa_level: 0,
      application_id: null,
      system_channel_id: null,
      system_channel_flags: 0 as GuildSystemChannelFlags,
      rules_channel_id: null,
      vanity_url_code: null,
      description: null,
      banner: null,
      premium_tier: 0,
      preferred_locale: 'en-US' as APIGuild['preferred_locale'],
      public_updates_channel_id: null,
      nsfw_level: 0,
      stickers: [],
      premium_progress_bar_enabled: false,
      hub_type: null,
      safety_alerts_channel_id: null,
      incidents_data: null,
    };
  }

  apiGuildCreate(guildId: string): GatewayGuildCreateDispatchData {
    const all = this.channelsOf(guildId);
    return {
      ...this.apiGuild(guildId),
      joined_at: this.guilds.get(guildId)?.createdAt ?? this.iso(),
      large: false,
      unavailable: false,
      member_count: this.membersOf(guildId).length,
      voice_states: [],
      members: this.membersOf(guildId).map((m) => this.apiMember(m)),
      channels: all.filter((c) => c.kind === 'text').map((c) => this.apiChannel(c.id)) as GatewayGuildCreateDispatchData['channels'],
      threads: all.filter((c) => c.kind !== 'text').map((c) => this.apiChannel(c.id)) as GatewayGuildCreateDispatchData['threads'],
      presences: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
    };
  }
}
