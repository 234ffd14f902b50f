/** `/<game> status`, `map`, `history`, `rules` and `help`: information, answered privately. */
import { inEffectOf } from '../../store/index.ts';
import { onGame, type GameCommand } from '../command.ts';
import type { BotContext } from '../context.ts';
import { loadPresence } from '../../runtime/presence.ts';
import { channelGame, inGuild, runningGame, seatOf, started, type StartedGame } from '../guards.ts';
import { boardFile, pictureFile } from '../posts.ts';
import { allGames } from '../../games/registry.ts';
import type { AnyGame } from '../../platform/game.ts';
import { gameName, gamesText } from './games.ts';
import { when } from '../notify.ts';
import { waitingOn, waitingText } from '../waiting.ts';
import { owedChoice } from './choices.ts';
import { levelOf, lobbyMessage, seatLabel } from './lobby.ts';
import { durationText, limitText } from './settings.ts';

export const statusCommand: GameCommand = {
  name: 'status',
  define: (s, def) => s.setDescription(`Whose turn it is and what they may do, in ${def.title}`.slice(0, 100)),
  handle: onGame(inGuild, channelGame, async ({ ctx, r, i, game }) => {
    const running = started(game);
    if (!running) return r.private({ content: lobbyMessage(game).content });
    const text = await statusText(ctx, running, i.user.id);
    // Whoever the game waits for gets their choice here too: a way to it no restart or reload loses.
    const seat = seatOf(running.seats, i.user.id);
    const owes = seat && !seat.leftAt && running.record.pausedAt === null && running.def.activeSeats(running.state).includes(seat.seat);
    await r.private(owes ? await owedChoice(running, seat.seat, text) : { content: text });
  }),
};

/**
 * Where a running game stands, for `reader` (a user id): its phase, its computer players' levels, whether it is paused, whom
 * it waits for (since when, whether they are away, and until when their clock runs), and its
 * public facts. What a seat must do is said to that seat alone: the game's prompt speaks to its
 * player ("your turn: …"), and anyone may read a status.
 */
export async function statusText(ctx: BotContext, game: StartedGame, reader: string): Promise<string> {
  const { def, state } = game;
  const lines = [`**Game #${game.record.id}** — ${def.words.phase(state)} · ${limitText(game.record.turnLimitSeconds)}`];
  const computers = game.seats.filter((s) => levelOf(def, s) !== null);
  if (computers.length) lines.push(`Computer players: ${computers.map((s) => seatLabel(def, s)).join(' · ')}.`);
  if (game.record.pausedAt) lines.push(`⏸️ Paused ${when(game.record.pausedAt)}: nothing can be played until it is resumed (\`/${def.id} pause\`).`);
  const presence = await loadPresence(ctx, game);
  for (const w of waitingOn(def, state, game.seats, await ctx.store.listTimers(game.record.id), presence)) {
    const who = waitingText(w, presence);
    lines.push(w.userId === reader ? `Waiting for: ${who}, ${def.words.prompt(state, w.seat).text}` : `Waiting for: ${who}.`);
    if (w.stopped?.why === 'paused') lines.push(`Turn clock stopped${w.stopped.leftMs !== null ? ` with ${durationText(w.stopped.leftMs / 1000)} left` : ''}.`);
    else if (w.ends) lines.push(`Turn ends ${when(w.ends)} (then the computer plays it)${w.stopped ? '; their clock is stopped while they are away' : ''}.`);
  }
  lines.push(...def.words.status(state));
  return lines.join('\n');
}

export const mapCommand: GameCommand = {
  name: 'map',
  define: (s) => s.setDescription('Show the current board'),
  handle: onGame(inGuild, runningGame, async ({ r, def, game }) => {
    await r.private({ content: `The map of game #${game.record.id}.`, files: [await boardFile(def, game.state)] });
  }),
};

export const historyCommand: GameCommand = {
  name: 'history',
  define: (s) => s.setDescription('The recent actions in words'),
  handle: onGame(inGuild, runningGame, async ({ ctx, r, def, game }) => {
    const log = await ctx.store.getActionLog(game.record.id);
    const lines: string[] = [];
    // What was taken back is not history.
    for (const entry of inEffectOf(log).slice(-40)) {
      for (const e of entry.events) {
        const t = def.words.event(game.state, e);
        if (t) lines.push(t);
      }
    }
    const shown: string[] = [];
    let len = 0;
    for (let k = lines.length - 1; k >= 0 && len < 1700; k--) {
      shown.unshift(`• ${lines[k]}`);
      len += (lines[k]?.length ?? 0) + 3;
    }
    await r.private({ content: `**Recent actions in game #${game.record.id}**\n${shown.join('\n') || 'Nothing has happened yet.'}` });
  }),
};

export const rulesCommand: GameCommand = {
  name: 'rules',
  define: (s, def) => s.setDescription('The rules, in short')
    .addStringOption((o) => o.setName('topic').setDescription('Which part of the rules').addChoices(...def.words.rules.slice(0, 25).map((t) => ({ name: t.name, value: t.value })))),
  handle: onGame(async ({ r, i, def }) => {
    const topics = def.words.rules;
    const want = i.options.getString('topic') ?? topics[0]?.value;
    const topic = topics.find((t) => t.value === want) ?? topics[0];
    const files = topic?.picture ? [await pictureFile(def, topic.picture)] : [];
    await r.private({ content: `${topic?.text ?? ''}\n\nTopics: ${topics.map((t) => t.value).join(', ')} — \`/${def.id} rules topic:…\``, files });
  }),
};

/** A game's help followed by the bot's other games, each with its command and what it is. */
export const helpWithOthers = (def: AnyGame): string => `${def.words.help}\n\n**Other games of this bot**\n${gamesText(def)}`;

/** The game's own help, then the bot's other games: three of them have "fence" in their name. */
export const helpCommand: GameCommand = {
  name: 'help',
  define: (s, def) => s.setDescription(`How to play ${def.title} with this bot`.slice(0, 100)),
  handle: onGame(async ({ r, def }) => {
    const others = allGames().filter((g) => g !== def);
    if (others.length === 0) return r.private({ content: def.words.help });
    const full = helpWithOthers(def);
    // A long help keeps the others' names and commands, if not their descriptions.
    const short = `${def.words.help}\n\n**Other games of this bot:** ${others.map(gameName).join(' · ')}`;
    await r.private({ content: full.length <= 2000 ? full : short });
  }),
};
