/**
 * How players hear of their games in Discord, the same for every game: whom a post notifies
 * (the runtime's TurnNews, decided from each player's settings in src/runtime/presence.ts), and
 * the words about who is away (quiet hours, vacation). Whom a game waits for is waiting.ts's.
 */
import type { TurnNews } from '../runtime/context.ts';
import { awayNow } from '../runtime/presence.ts';
import type { SeatRecord, UserSettingsRecord } from '../store/index.ts';

/** A Discord timestamp: each reader sees it in their own time zone ("in 3 hours", "Friday, 5 December"). */
export const when = (at: Date | number, style: 'R' | 'f' | 'D' | 't' = 'R'): string => `<t:${Math.floor(Number(at) / 1000)}:${style}>`;

/** The users a post names that it notifies: with `news`, those it pings now; without, all of them. */
export function notified(named: readonly string[], news: TurnNews | undefined): string[] {
  return news ? named.filter((id) => news.ping.includes(id)) : [...named];
}

/** "on vacation, back in 3 days", "in their quiet hours, back in 5 hours"; null when they are around. */
export function awayText(u: UserSettingsRecord | undefined, now: number): string | null {
  const away = awayNow(u, now);
  if (!away) return null;
  return `${away.why === 'vacation' ? 'on vacation' : 'in their quiet hours'}, back ${when(away.until)}`;
}

/** How a seat is named in a line that must not notify: its name in bold. */
const nameOf = (seats: readonly SeatRecord[], seat: number): string => `**${seats.find((s) => s.seat === seat)?.name ?? `seat ${seat + 1}`}**`;

/** The opening lines of a change's first post: whom the computer played for, and who is now the last one waited for. */
export function newsLines(seats: readonly SeatRecord[], news: TurnNews | undefined): string[] {
  if (!news) return [];
  const lines = news.covered.map((c) => `🏖️ ${nameOf(seats, c.seat)} is on vacation (back ${when(c.until)}): the computer plays for them.`);
  if (news.last !== null) lines.push(`⏳ Everyone else has played: the game waits for ${nameOf(seats, news.last)} alone.`);
  return lines;
}
