/**
 * `/games me`: a player's own settings, privately, the same in every server and game: how they
 * hear of their turns, their time zone and quiet hours, their vacation. Without options it
 * shows them. What they mean for a game is src/runtime/presence.ts's.
 */
import type { AutocompleteInteraction, ChatInputCommandInteraction } from 'discord.js';
import { addDays, awayNow, instantOf, localTime, nextDigest, timeZoneName } from '../../runtime/presence.ts';
import { clocksBroughtForward } from '../../runtime/timers.ts';
import type { NotifyMode, UserSettingsPatch, UserSettingsRecord } from '../../store/index.ts';
import { onServer, type ServerCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { refuse } from '../guards.ts';
import { when } from '../notify.ts';
import { durationText } from './settings.ts';

export const NOTIFY_CHOICES = [
  { name: 'Every turn that is mine (default)', value: 'every' },
  { name: 'Only when a game waits for me alone', value: 'last' },
  { name: 'No pings: a daily summary by direct message', value: 'digest' },
] as const satisfies readonly { name: string; value: NotifyMode }[];

/** Quiet hours are whole hours, offered as choices (no typing on a phone). Minutes after midnight. */
const hour = (h: number) => ({ name: `${String(h).padStart(2, '0')}:00`, value: h * 60 });
const HOURS = Array.from({ length: 24 }, (_, h) => hour(h));
const QUIET_OFF = -1;

/** The longest vacation: a longer absence is better a resignation, or a pause the others agree to. */
export const MAX_VACATION_DAYS = 30;

const clock = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
type LocalDate = { year: number; month: number; day: number };
const dateText = (d: LocalDate): string => `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** A day as typed: 2026-12-24, today, tomorrow; null when it is not one. */
function readDate(typed: string, now: number, zone: string | null): LocalDate | null {
  const t = typed.trim().toLowerCase();
  const today = localTime(now, zone);
  if (t === 'today') return today;
  if (t === 'tomorrow') return addDays(today, 1);
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t);
  if (!m) return null;
  const d = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
  const check = addDays(d, 0);
  return check.year === d.year && check.month === d.month && check.day === d.day ? d : null;
}

/** The days a vacation covers, as its player sees them: its first and its last. */
function vacationDays(u: UserSettingsRecord): { first: LocalDate; last: LocalDate } | null {
  if (!u.vacation) return null;
  return { first: localTime(u.vacation.from.getTime(), u.timeZone), last: localTime(u.vacation.until.getTime() - 1, u.timeZone) };
}

/** What the options ask to change, checked; a refusal in words when one of them cannot be. */
function patchOf(i: ChatInputCommandInteraction, me: UserSettingsRecord, now: number): UserSettingsPatch | string {
  const patch: UserSettingsPatch = {};
  const notify = i.options.getString('notify');
  if (notify !== null) {
    if (!NOTIFY_CHOICES.some((c) => c.value === notify)) return `How you are notified must be one of: ${NOTIFY_CHOICES.map((c) => c.name).join('; ')}.`;
    patch.notify = notify as NotifyMode;
  }
  const zoneTyped = i.options.getString('time-zone');
  if (zoneTyped !== null) {
    const zone = timeZoneName(zoneTyped);
    if (!zone) return `“${zoneTyped.slice(0, 60)}” is not a time zone I know: pick one from the list, or type its name, like Europe/Paris or America/New_York.`;
    patch.timeZone = zone === 'Etc/UTC' ? 'UTC' : zone;
  }
  const zone = patch.timeZone !== undefined ? patch.timeZone : me.timeZone;

  const from = i.options.getInteger('quiet-from');
  const to = i.options.getInteger('quiet-to');
  const valid = (m: number | null) => m === null || HOURS.some((h) => h.value === m);
  if (!valid(to) || (from !== QUIET_OFF && !valid(from))) return 'Quiet hours start and end on the hour: pick them from the lists.';
  if (from === QUIET_OFF) patch.quiet = null;
  else if (from !== null || to !== null) {
    const start = from ?? me.quiet?.start;
    const end = to ?? me.quiet?.end;
    if (start === undefined || end === undefined) return 'Quiet hours need a start and an end: give both quiet-from and quiet-to.';
    if (start === end) return 'Quiet hours must start and end at different times.';
    patch.quiet = { start, end };
  }

  const vFrom = i.options.getString('vacation-from');
  const vTo = i.options.getString('vacation-to');
  if (vFrom?.trim().toLowerCase() === 'off' || vTo?.trim().toLowerCase() === 'off') patch.vacation = null;
  else if (vFrom !== null || vTo !== null) {
    const days = vacationDays(me);
    const first = vFrom !== null ? readDate(vFrom, now, zone) : (days?.first ?? localTime(now, zone));
    const last = vTo !== null ? readDate(vTo, now, zone) : (days?.last ?? null);
    const bad = [vFrom !== null && !first ? vFrom : null, vTo !== null && !last ? vTo : null].find((x) => x !== null);
    if (bad) return `“${bad.slice(0, 40)}” is not a day I can read: write it like ${dateText(addDays(localTime(now, zone), 7))}, or today, tomorrow (off cancels your vacation).`;
    if (!first || !last) return 'A vacation needs its last day too: vacation-to.';
    const start = instantOf(first, 0, zone);
    const until = instantOf(addDays(last, 1), 0, zone);
    if (until <= start) return `Your vacation cannot end (${dateText(last)}) before it starts (${dateText(first)}).`;
    if (until <= now) return `That vacation is over already (it ended ${dateText(last)}).`;
    if (until - start > MAX_VACATION_DAYS * 24 * 3600_000 + 3600_000) return `A vacation is at most ${MAX_VACATION_DAYS} days. For longer, resign from your games, or ask your fellow players to pause them.`;
    patch.vacation = { from: new Date(start), until: new Date(until) };
  }
  const computer = i.options.getBoolean('vacation-computer');
  if (computer !== null) patch.vacationMode = computer ? 'computer' : 'pause';
  return patch;
}

/** The settings, as their player reads them. */
function settingsText(u: UserSettingsRecord, now: number, server: { quietHoursStopClocks: boolean; vacationsStopClocks: boolean } | null): string {
  const zone = u.timeZone ?? 'UTC';
  const local = localTime(now, u.timeZone);
  const allows = (yes: boolean | undefined) => (server === null ? 'on servers that allow it' : yes ? 'this server allows it' : 'not on this server');
  const lines = ['**Your settings** (the same in every server and game)'];
  const notify = { every: 'every turn that is yours', last: 'only when a game waits for you alone', digest: 'none, a daily summary by direct message instead' }[u.notify];
  const digest = u.notify === 'digest' && u.digestAt ? ` (next one ${when(u.digestAt)}; it cannot arrive if your privacy settings block direct messages from server members)` : '';
  lines.push(`• Pings: ${notify}${digest}.`);
  lines.push(`• Time zone: ${zone} (it is ${clock(local.minutes)} there now).${u.timeZone ? '' : ' Set yours with `time-zone`.'}`);
  lines.push(u.quiet
    ? `• Quiet hours: ${clock(u.quiet.start)}–${clock(u.quiet.end)} your time (${durationText(((u.quiet.end - u.quiet.start + 1440) % 1440) * 60)}): no pings then, and one when they end if a game still waits for you. Your turn clocks stop meanwhile (${allows(server?.quietHoursStopClocks)}).`
    : '• Quiet hours: none.');
  const days = vacationDays(u);
  const away = awayNow(u, now);
  if (u.vacation && days && u.vacation.until.getTime() > now) {
    const what = u.vacationMode === 'computer' ? 'the computer plays your turns' : `your turn clocks stop (${allows(server?.vacationsStopClocks)}); no pings until you are back`;
    lines.push(`• Vacation: ${dateText(days.first)} to ${dateText(days.last)}${away?.why === 'vacation' ? `, back ${when(u.vacation.until)}` : `, from ${when(u.vacation.from)}`}: ${what}.`);
  } else lines.push(`• Vacation: none (during one, ${u.vacationMode === 'computer' ? 'the computer plays your turns' : 'your turn clocks stop'}).`);
  lines.push('Change them with `/games me` and its options; `vacation-from:off` cancels a vacation, `quiet-from:off` your quiet hours.');
  return lines.join('\n');
}

export const meCommand: ServerCommand = {
  name: 'me',
  define: (s) => s.setDescription('Your own settings, in every game: pings, quiet hours, vacation (only you see them)')
    .addStringOption((o) => o.setName('notify').setDescription('When the bot pings you').addChoices(...NOTIFY_CHOICES))
    .addStringOption((o) => o.setName('time-zone').setDescription('Your time zone, like Europe/Paris').setAutocomplete(true).setMaxLength(64))
    .addIntegerOption((o) => o.setName('quiet-from').setDescription('Your quiet hours start (your time): no pings, clocks stop').addChoices({ name: 'off', value: QUIET_OFF }, ...HOURS))
    .addIntegerOption((o) => o.setName('quiet-to').setDescription('Your quiet hours end (your time)').addChoices(...HOURS))
    .addStringOption((o) => o.setName('vacation-from').setDescription('First day of your vacation: 2026-12-24, today, tomorrow; off cancels it').setMaxLength(20))
    .addStringOption((o) => o.setName('vacation-to').setDescription('Last day of your vacation: 2026-12-31').setMaxLength(20))
    .addBooleanOption((o) => o.setName('vacation-computer').setDescription('During your vacation the computer plays your turns (else your clocks stop)')),
  handle: onServer(async ({ ctx, r, i }) => {
    const userId = i.user.id;
    const now = ctx.now();
    const me = await ctx.store.getUserSettings(userId);
    const patch = patchOf(i, me, now);
    if (typeof patch === 'string') return refuse('BAD_SETTING', `Nothing was saved: ${patch}`);
    const changed = Object.keys(patch).length > 0;
    let saved = me;
    if (changed) {
      const next = { ...me, ...patch };
      // A digest reader's next digest, from their quiet hours and zone as they are now.
      patch.digestAt = next.notify === 'digest' ? new Date(nextDigest(next, now)) : null;
      saved = await ctx.store.setUserSettings(userId, patch);
      // The computer takes over at once in a game that waits for them, if their vacation says so.
      await clocksBroughtForward(ctx, userId);
    }
    const server = i.guildId ? await ctx.store.getSettings(i.guildId) : null;
    await r.private({ content: `${changed ? 'Saved. ' : ''}${settingsText(saved, now, server)}` });
  }),
  autocomplete: timeZoneSuggestions,
};

const ZONES: readonly string[] = ['UTC', ...Intl.supportedValuesOf('timeZone')];

/** Time zones whose name holds every typed word (a space or an underscore alike): "new york", "paris". */
async function timeZoneSuggestions(_ctx: BotContext, i: AutocompleteInteraction): Promise<string> {
  const words = String(i.options.getFocused() ?? '').toLowerCase().replace(/_/g, ' ').split(/[\s/]+/).filter(Boolean);
  const found = ZONES.filter((z) => {
    const name = z.toLowerCase().replace(/_/g, ' ');
    return words.every((w) => name.includes(w));
  }).slice(0, 25);
  await i.respond(found.map((z) => ({ name: z, value: z })));
  return found.length ? 'ok' : 'none';
}
