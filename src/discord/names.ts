/** How the channel calls a player: their server display name, made safe for messages. */
import type { ButtonInteraction, ChatInputCommandInteraction, GuildMember, User } from 'discord.js';

export function displayName(i: ChatInputCommandInteraction | ButtonInteraction): string {
  const m = i.member;
  const raw = m && 'displayName' in m ? (m as GuildMember).displayName : (m && 'nick' in m && m.nick) || i.user.globalName || i.user.username;
  return cleanName(raw);
}

export function userName(u: User, member?: GuildMember | null): string {
  return cleanName(member?.displayName ?? u.globalName ?? u.username);
}

/** No markdown, no mentions, no line breaks; at most 32 characters. */
export function cleanName(raw: string): string {
  const s = raw.replace(/[\r\n\t]/g, ' ').replace(/[*_`~|>@#<:]/g, '').trim().slice(0, 32);
  return s || 'player';
}
