/**
 * The daily digest: a player who asked for no pings (`/games me notify:digest`) gets, once a
 * day (as their quiet hours end, or at 9:00 their time), a direct message listing the games
 * that wait for them, in every server, and the others they play in. Nothing is sent on a day
 * when no game waits for them. The scheduler's poll sends the due ones; each is claimed first,
 * so that of several processes one sends it.
 */
import { loadPresence, nextDigest } from '../runtime/presence.ts';
import type { UserSettingsRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { started, withDef } from './guards.ts';
import { gameName } from './handlers/games.ts';
import { errorText } from './log.ts';
import { when } from './notify.ts';
import { waitingList, waitingOn } from './waiting.ts';

/** Sends every digest due by now; how many were sent. */
export async function sendDigests(ctx: BotContext): Promise<number> {
  const now = ctx.now();
  let sent = 0;
  for (const u of await ctx.store.dueDigests(new Date(now))) {
    const next = u.notify === 'digest' ? new Date(nextDigest(u, now)) : null;
    if (!u.digestAt || !(await ctx.store.claimDigest(u.userId, u.digestAt, next)) || u.notify !== 'digest') continue;
    try {
      const text = await digestText(ctx, u, now);
      if (!text) continue;
      const dm = await ctx.client.users.createDM(u.userId);
      await dm.send({ content: text, allowedMentions: { parse: [] } });
      sent++;
      ctx.log.info('digest', { user: u.userId });
    } catch (err) {
      // Their privacy settings may refuse direct messages: the next day is tried all the same.
      ctx.log.warn('digest failed', { user: u.userId, error: errorText(err) });
    }
  }
  return sent;
}

/** The digest of `u`'s running games, those waiting for them first; null when none waits for them. */
export async function digestText(ctx: BotContext, u: UserSettingsRecord, now: number): Promise<string | null> {
  const yours: string[] = [];
  const others: string[] = [];
  for (const record of await ctx.store.listGames({ userId: u.userId, status: ['running'] })) {
    const game = started(withDef(await ctx.store.getGame(record.id)));
    if (!game) continue;
    const seat = game.seats.find((s) => s.userId === u.userId)?.seat;
    const presence = await loadPresence(ctx, game);
    const waiting = waitingOn(game.def, game.state, game.seats, game.timers, presence);
    const mine = waiting.find((w) => w.seat === seat);
    const server = ctx.client.guilds.cache.get(game.record.guildId)?.name;
    const where = `in <#${game.record.channelId}>${server ? ` (${server})` : ''}`;
    const link = game.record.boardMessageId ? ` · [latest post](https://discord.com/channels/${game.record.guildId}/${game.record.channelId}/${game.record.boardMessageId})` : '';
    const paused = game.record.pausedAt ? ', paused' : '';
    if (mine) {
      const ends = mine.ends && !game.record.pausedAt ? `, your turn ends ${when(mine.ends)}` : '';
      yours.push(`• #${game.record.id} ${gameName(game.def)} ${where}${mine.since ? `: since ${when(mine.since)}` : ''}${ends}${paused}${link}`);
    } else others.push(`• #${game.record.id} ${gameName(game.def)} ${where}: waiting for ${waitingList(waiting, presence)}${paused}${link}`);
  }
  if (yours.length === 0) return null;
  const lines = [`**Your games today** (${yours.length} waiting for you${others.length ? `, ${others.length} for others` : ''}, as of ${when(now, 'f')})`, ...yours];
  if (others.length) lines.push('**Waiting for others**', ...others);
  lines.push('-# You get this instead of pings (`/games me notify:…` changes it).');
  let text = '';
  for (const line of lines) if (text.length + line.length + 1 <= 2000) text += (text ? '\n' : '') + line;
  return text;
}
