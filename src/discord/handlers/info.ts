/** `/<game> status`, `map`, `history`, `rules` and `help`: information, answered privately. */
import type { ChatInputCommandInteraction } from 'discord.js';
import type { AnyGame } from '../../platform/game.ts';
import { inEffectOf } from '../../store/index.ts';
import type { BotContext } from '../context.ts';
import { timerSeat } from '../game.ts';
import { activeGame, inGuild, runningGameHere, seatOf, type RunningGame } from '../guards.ts';
import { boardFile, pictureFile } from '../posts.ts';
import type { Reply } from '../reply.ts';
import { owedButtons } from './choices.ts';
import { lobbyMessage } from './lobby.ts';
import { limitText } from './settings.ts';

export async function statusCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const where = await inGuild(r, def);
  if (!where) return;
  const game = await activeGame(ctx, r, where.channelId, def);
  if (!game) return;
  if (game.state === null) return r.private({ content: lobbyMessage(game).content });
  const running = game as RunningGame;
  // Whoever owes a choice gets its buttons here too: a way to it that no restart or reload loses.
  const seat = seatOf(game.seats, r.i.user.id);
  const buttons = seat && !seat.leftAt ? owedButtons(running, seat.seat) : [];
  await r.private({ content: await statusText(ctx, running), components: buttons });
}

/** Where a running game stands: its phase, whom it waits for (and until when), and its public facts. */
export async function statusText(ctx: BotContext, game: RunningGame): Promise<string> {
  const { def, state } = game;
  const lines = [`**Game #${game.game.id}** — ${def.words.phase(state)} · ${limitText(game.game.turnLimitSeconds)}`];
  const timers = await ctx.store.listTimers(game.game.id);
  for (const seat of def.activeSeats(state)) {
    const name = game.seats.find((x) => x.seat === seat)?.name ?? `seat ${seat + 1}`;
    lines.push(`Waiting for: ${name}, ${def.words.prompt(state, seat).text}`);
    const timeout = timers.find((t) => t.kind === 'timeout' && timerSeat(t) === seat);
    if (timeout) lines.push(`Turn ends <t:${Math.floor(timeout.fireAt.getTime() / 1000)}:R> (then the computer plays it).`);
  }
  lines.push(...def.words.status(state));
  return lines.join('\n');
}

export async function mapCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const game = await runningGameHere(ctx, r, def);
  if (!game) return;
  await r.private({ content: `The map of game #${game.game.id}.`, files: [await boardFile(def, game.state)] });
}

export async function historyCommand(ctx: BotContext, r: Reply, def: AnyGame): Promise<void> {
  const game = await runningGameHere(ctx, r, def);
  if (!game) return;
  const log = await ctx.store.getActionLog(game.game.id);
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
  await r.private({ content: `**Recent actions in game #${game.game.id}**\n${shown.join('\n') || 'Nothing has happened yet.'}` });
}

export async function rulesCommand(r: Reply, i: ChatInputCommandInteraction, def: AnyGame): Promise<void> {
  const topics = def.words.rules;
  const want = i.options.getString('topic') ?? topics[0]?.value;
  const topic = topics.find((t) => t.value === want) ?? topics[0];
  const files = topic?.picture ? [await pictureFile(def, topic.picture)] : [];
  await r.private({ content: `${topic?.text ?? ''}\n\nTopics: ${topics.map((t) => t.value).join(', ')} — \`/${def.id} rules topic:…\``, files });
}

export async function helpCommand(r: Reply, def: AnyGame): Promise<void> {
  await r.private({ content: def.words.help });
}
