/**
 * Who may open a lobby and who may abort a game on a server (`/games settings`). Opening:
 * anyone (the default), members with a chosen role, or Manage Server only; Manage Server may
 * always. Aborting: the game's host or Manage Channels (the default), or Manage Server only.
 * Each refusal names the role or permission that is needed.
 */
import { PermissionFlagsBits, type ChatInputCommandInteraction } from 'discord.js';
import type { AbortPolicy, GuildSettingsPatch, GuildSettingsRecord, LoadedGame, StartPolicy } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { hasPerm, isGameAdmin, notAdmin, refuse, type Nothing, type Precondition } from './guards.ts';
import type { Reply, Repliable } from './reply.ts';

/** `/games settings start:` — who may open a lobby. */
export const START_POLICIES = [
  { name: 'Anyone', value: 'anyone' },
  { name: 'Members with the role chosen in start-role', value: 'role' },
  { name: 'Manage Server only', value: 'manage-server' },
] as const;
/** `/games settings abort:` — who may abort a game. */
export const ABORT_POLICIES = [
  { name: 'The game’s host or Manage Channels', value: 'host' },
  { name: 'Manage Server only', value: 'manage-server' },
] as const;

function roleIds(i: Repliable): string[] {
  const m = i.member;
  if (!m) return [];
  return Array.isArray(m.roles) ? m.roles : [...m.roles.cache.keys()];
}

/** The invoker may open a lobby on this server; if not, the refusal says who may. */
export const mayOpenLobby: Precondition<{ ctx: BotContext; r: Reply; guildId: string }> = {
  name: 'may open a game',
  check: async ({ ctx, r, guildId }) => {
    const s = await ctx.store.getSettings(guildId);
    // Permissions as Discord computed them for this channel (see hasPerm), never the member's server-wide ones.
    if (s.startPolicy === 'anyone' || hasPerm(r.i, PermissionFlagsBits.ManageGuild)) return {};
    if (s.startPolicy === 'role' && s.startRoleId !== null && roleIds(r.i).includes(s.startRoleId)) return {};
    const who = s.startPolicy === 'role' && s.startRoleId !== null ? `members with the <@&${s.startRoleId}> role (or the Manage Server permission)` : 'members with the Manage Server permission';
    return refuse('MAY_NOT_START', `On this server, only ${who} can open a game. Ask one of them to open it; you can then press **Join**.`);
  },
};

/** The invoker may abort `game`; if not, the refusal says who may. */
export const mayAbort: Precondition<{ ctx: BotContext; r: Reply; game: LoadedGame }> = {
  name: 'may abort it',
  check: async ({ ctx, r, game }): Promise<Nothing | ReturnType<typeof refuse>> => {
    const s = await ctx.store.getSettings(game.record.guildId);
    if (s.abortPolicy === 'host') return isGameAdmin(r.i, game) ? {} : notAdmin(game, 'abort the game');
    if (hasPerm(r.i, PermissionFlagsBits.ManageGuild)) return {};
    return refuse('NOT_ADMIN', 'On this server, only members with the Manage Server permission can abort a game.');
  },
};

/**
 * The permission part of `/games settings`: what to save from the options given, or a refusal
 * in words when they do not fit together.
 */
export function permissionPatch(i: ChatInputCommandInteraction, saved: GuildSettingsRecord): { patch: GuildSettingsPatch } | { problem: string } {
  const start = i.options.getString('start') as StartPolicy | null;
  const role = i.options.getRole('start-role');
  const abort = i.options.getString('abort') as AbortPolicy | null;
  const patch: GuildSettingsPatch = {};
  // A forged payload may carry any string: a value the command does not offer is refused by name.
  if (start !== null && !START_POLICIES.some((p) => p.value === start)) return { problem: `The option \`start\` must be one of: ${START_POLICIES.map((p) => p.value).join(', ')}.` };
  if (abort !== null && !ABORT_POLICIES.some((p) => p.value === abort)) return { problem: `The option \`abort\` must be one of: ${ABORT_POLICIES.map((p) => p.value).join(', ')}.` };
  if (start !== null) patch.startPolicy = start;
  if (role) patch.startRoleId = role.id;
  if (abort !== null) patch.abortPolicy = abort;
  const policy = patch.startPolicy ?? saved.startPolicy;
  if (policy === 'role' && (patch.startRoleId ?? saved.startRoleId) === null) {
    return { problem: 'Choose the role too: `/games settings start:role start-role:@Role`.' };
  }
  // A role given alone means: members with this role.
  if (role && start === null) patch.startPolicy = 'role';
  return { patch };
}

/** The permission settings in words, for the settings' answer. */
export function permissionText(s: GuildSettingsRecord): string {
  const start = s.startPolicy === 'role' && s.startRoleId !== null ? `members with the <@&${s.startRoleId}> role (and Manage Server)` : s.startPolicy === 'manage-server' ? 'Manage Server only' : 'anyone';
  const abort = s.abortPolicy === 'manage-server' ? 'Manage Server only' : 'the game’s host or Manage Channels';
  return `Who may open a game: ${start} · who may abort one: ${abort}.`;
}
