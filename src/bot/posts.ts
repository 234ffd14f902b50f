/**
 * Public messages: the turn posts (what happened, the map with its alt text, whose turn it is
 * with a mention that notifies), reminders and announcements. Always new messages, never
 * edits: mentions in edits do not notify, and one edited board hits rate limits.
 */
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  type MessageCreateOptions,
  type SendableChannels,
} from 'discord.js';
import { eventText, legalActions, nbName, viewFor, whoMustAct, type FenceEvent, type FenceState } from '../games/fence/index.ts';
import { renderMap } from '../render/index.ts';
import type { SeatRecord } from '../store/index.ts';
import type { BotContext } from './context.ts';
import { buttonId } from './ids.ts';
import { errorText } from './log.ts';

export const mention = (seats: SeatRecord[], seat: number, state: FenceState): string => {
  const userId = seats.find((s) => s.seat === seat)?.userId;
  return userId ? `<@${userId}>` : `**${state.seats[seat]?.name ?? `seat ${seat + 1}`}**`;
};

/** Lines for the channel from a batch of events, at most `max` characters (newest kept). */
export function summary(state: FenceState, events: readonly FenceEvent[], max = 1500): string {
  const lines = events.map((e) => eventText(state, e)).filter((l): l is string => !!l);
  const kept: string[] = [];
  let len = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i] as string;
    if (len + l.length + 1 > max) {
      kept.unshift(`… ${i + 1} earlier line${i ? 's' : ''} (see \`/fence history\`)`);
      break;
    }
    kept.unshift(l);
    len += l.length + 1;
  }
  return kept.join('\n');
}

/** What the seat who must act is asked to do, in words with the commands to use. */
export function promptFor(state: FenceState, seats: SeatRecord[]): { text: string; mentionId: string | null } {
  const who = whoMustAct(state);
  if (who === null) return { text: '', mentionId: null };
  const userId = seats.find((s) => s.seat === who)?.userId ?? null;
  const m = mention(seats, who, state);
  const p = state.pending;
  let ask: string;
  if (p?.kind === 'drawColour') ask = `choose the colour of the card you draw (${p.reason === 'hotGoods' ? 'Hot Goods' : 'State’s Evidence'}) with the buttons below.`;
  else if (p?.kind === 'pawnNeighborhood') ask = 'choose the neighborhood where your pawn starts with the buttons below.';
  else if (p?.kind === 'copsNeighborhood') ask = 'choose where the Cops start with the buttons below.';
  else if (state.phase === 'building') ask = 'your turn to build: `/fence place` a tile from your hand, or `/fence swap` one in.';
  else {
    const legal = legalActions(state, who);
    const types = new Set(legal.map((a) => a.type));
    const parts: string[] = [];
    if (types.has('moveSelf')) parts.push('`/fence move` (Move Yourself)');
    if (types.has('push')) parts.push('`/fence push`');
    if (types.has('copsRoad') || types.has('tipOff')) parts.push('`/fence cops`');
    const partial = state.turn.pushed || state.turn.cops;
    ask = `${partial ? 'finish Moving Others' : 'your turn'}: ${parts.join(' or ') || 'nothing is possible'}.`;
    if (state.pawns[who] === 'jail') ask = `you are in Jail — ${ask}`;
  }
  return { text: `${m}, ${ask}`, mentionId: userId };
}

/** Buttons of a turn post: H1 choices (for that player only) and "Show my hand". */
export function turnButtons(gameId: number, version: number, state: FenceState): ActionRowBuilder<ButtonBuilder>[] {
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  const p = state.pending;
  if (p && !state.outcome) {
    const choices: { label: string; value: string }[] = p.kind === 'drawColour'
      ? legalActions(state, p.seat).flatMap((a) => (a.type === 'chooseColour' ? [{ label: `Draw ${a.colour}`, value: a.colour }] : []))
      : p.options.map((nb) => ({ label: nbName(state, nb), value: nb }));
    for (let i = 0; i < choices.length && rows.length < 4; i += 5) {
      rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(
        choices.slice(i, i + 5).map((c) => new ButtonBuilder()
          .setCustomId(buttonId({ verb: 'pick', gameId, version, value: c.value }))
          .setLabel(c.label.slice(0, 80))
          .setStyle(c.value === 'red' ? ButtonStyle.Danger : ButtonStyle.Primary)),
      ));
    }
  }
  if (!state.outcome) {
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder().setCustomId(buttonId({ verb: 'hand', gameId })).setLabel('Show my hand').setStyle(ButtonStyle.Secondary),
    ));
  }
  return rows;
}

/**
 * The map as the channel sees it. `hotGoodsShown` trims the Hot Goods panel to the first rolls
 * of the round: several rolls resolved in one action share one state (no pawn moves between
 * them), so each roll's post shows the panel as it was when that roll was made.
 */
export async function mapFile(state: FenceState, opts: { hotGoodsShown?: number } = {}): Promise<{ file: AttachmentBuilder; alt: string }> {
  const view = viewFor(state, 'channel');
  if (view.hotGoods && opts.hotGoodsShown !== undefined && opts.hotGoodsShown < view.hotGoods.rolls.length) {
    view.hotGoods = { ...view.hotGoods, rolls: view.hotGoods.rolls.slice(0, Math.max(0, opts.hotGoodsShown)) };
  }
  const r = await renderMap(view);
  return { file: new AttachmentBuilder(r.png, { name: 'map.png', description: r.alt.slice(0, 1024) }), alt: r.alt };
}

/** One applied action (a person's, a computer's or the system's): the state after it and what it caused. */
export interface Step {
  state: FenceState;
  events: FenceEvent[];
}

/** What one public post covers: a turn, or one Hot Goods roll, and the map at its end. */
export interface Segment {
  events: FenceEvent[];
  state: FenceState;
  /** How many of the state's Hot Goods rolls had been made at the end of the segment. */
  hotGoodsShown: number;
}

/**
 * Splits the events of one change into what players see as separate moments: a segment ends
 * with each 'turnStarted' (so a turn's post ends by handing over) and before each 'hotGoods'
 * roll (so a roll's post carries its consequences, such as the card drawn). A segment that
 * says nothing in words (only bookkeeping events) joins its neighbour rather than becoming
 * an empty post.
 */
export function segmentsOf(steps: readonly Step[]): Segment[] {
  const raw: Segment[] = [];
  let open: FenceEvent[] = [];
  const close = (step: Step, after: number) => {
    if (open.length === 0) return;
    // Rolls made later in the same step are not on the map yet at this point.
    const later = step.events.slice(after).filter((e) => e.type === 'hotGoods').length;
    raw.push({ events: open, state: step.state, hotGoodsShown: (step.state.hotGoods?.rolls.length ?? 0) - later });
    open = [];
  };
  for (const step of steps) {
    step.events.forEach((e, n) => {
      if (e.type === 'hotGoods') close(step, n);
      open.push(e);
      if (e.type === 'turnStarted') close(step, n + 1);
    });
  }
  const last = steps[steps.length - 1];
  if (last) close(last, last.events.length);
  if (raw.length === 0 && last) raw.push({ events: [], state: last.state, hotGoodsShown: last.state.hotGoods?.rolls.length ?? 0 });
  const says = (g: Segment) => g.events.some((e) => eventText(g.state, e) !== null);
  const out: Segment[] = [];
  for (const g of raw) {
    const prev = out[out.length - 1];
    if (prev && (!says(g) || !says(prev))) out[out.length - 1] = { ...g, events: [...prev.events, ...g.events] };
    else out.push(g);
  }
  return out;
}

/**
 * The public posts after a change of a running game, in channel order: one per turn and one
 * per Hot Goods roll, each with its map. Only the last asks whoever must act (with the mention
 * that notifies) and carries the buttons, so a batch of computer turns pings a person once.
 * Each post is built when asked for, so the first goes out after one drawing, not all of them;
 * a picture shared by several posts is drawn once.
 */
export function turnPosts(gameId: number, version: number, steps: readonly Step[], seats: SeatRecord[], head?: string): (() => Promise<MessageCreateOptions>)[] {
  const segs = segmentsOf(steps);
  const renders = new Map<FenceState, Map<number, Promise<{ file: AttachmentBuilder }>>>();
  const mapOf = (g: Segment) => {
    const byShown = renders.get(g.state) ?? new Map<number, Promise<{ file: AttachmentBuilder }>>();
    renders.set(g.state, byShown);
    let r = byShown.get(g.hotGoodsShown);
    if (!r) byShown.set(g.hotGoodsShown, (r = mapFile(g.state, { hotGoodsShown: g.hotGoodsShown })));
    return r;
  };
  return segs.map((g, n) => async () => {
    const { file } = await mapOf(g);
    const lines = [n === 0 ? head : undefined, summary(g.state, g.events)].filter(Boolean) as string[];
    if (n < segs.length - 1) return { content: lines.join('\n').slice(0, 2000), files: [file], components: [], allowedMentions: { parse: [] } };
    const state = g.state;
    const prompt = promptFor(state, seats);
    if (state.outcome) lines.push(`**Game #${gameId} is over.** Start another with \`/fence new\`.`);
    else lines.push(prompt.text);
    return {
      content: lines.join('\n').slice(0, 2000),
      files: [file],
      components: turnButtons(gameId, version, state),
      allowedMentions: { users: prompt.mentionId ? [prompt.mentionId] : [] },
    };
  });
}

export async function sendable(ctx: BotContext, channelId: string): Promise<SendableChannels | null> {
  const c = ctx.client.channels.cache.get(channelId) ?? (await ctx.client.channels.fetch(channelId).catch(() => null));
  return c && c.isSendable() ? c : null;
}

/** Posts to a channel; a failure (missing permissions, deleted channel) is logged, not thrown. */
export async function post(ctx: BotContext, channelId: string, msg: MessageCreateOptions, game?: number): Promise<string | null> {
  try {
    const c = await sendable(ctx, channelId);
    if (!c) throw new Error('the channel is gone or not a text channel');
    const sent = await c.send(msg);
    return sent.id;
  } catch (err) {
    ctx.log.warn('post failed', { channel: channelId, game, error: errorText(err) });
    return null;
  }
}
