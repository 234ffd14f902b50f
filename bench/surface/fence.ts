/**
 * FENCE! on the play surface (issue 27): one seeded game of three people on an auto-built map,
 * played through the Discord double with the real bot, each person doing what the simple
 * computer player would. A move the choice offers is pressed label by label (a button is a
 * tap, a menu two: open it, pick); a move it does not offer is sent as a slash command with the
 * suggestion picked from autocomplete (three taps: the subcommand, the suggestion, send; a
 * private preview's Confirm one more).
 *
 * Figures, over the main phase's turns (a turn: a seat's turn of a round, from its ping to its
 * end, its own choices on the way included — a State's Evidence colour):
 * - messages per turn: the channel's posts from the first turn's ping to the end, per turn;
 * - pictures per turn: the pictures of those posts, per turn;
 * - taps per turn, median and most; a Hot Goods winner's colour apart;
 * - the smallest text of every picture a player is shown on the way (turn posts and the levels
 *   of their choices), in CSS px when the picture is 390 CSS px wide. Those pictures are drawn
 *   again here, in this thread, from the same states and moves (the bot's own are PNGs).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Canvas } from '@napi-rs/canvas';
import { applyAction, computerAction, fence, whoMustAct, type FenceEvent, type FenceState } from '../../src/games/fence/index.ts';
import drawings from '../../src/games/fence/draw/index.ts';
import { choiceFor } from '../../src/discord/choices.ts';
import { createLogger } from '../../src/discord/log.ts';
import { follow } from '../../src/platform/choices.ts';
import type { Picture, Step } from '../../src/platform/game.ts';
import { startBot } from '../../src/main.ts';
import { DiscordDouble, messageText, type Channel, type PostedMessage, type User } from '../../test/discord-double/index.ts';
import { SUB_OF, tapsFor } from '../../test/bot/harness.ts';
import { smallestText, textsDrawn, type DrawnText } from '../../test/render/labels.ts';

export interface SurfaceFigures {
  game: string;
  turns: number;
  messages: number;
  pictures: number;
  taps: number[];
  /** Taps of Hot Goods winners choosing a colour (not a turn of theirs). */
  colourTaps: number[];
  smallest: DrawnText | null;
}

const draw = (p: Picture): Canvas => (drawings as unknown as Record<string, (v: unknown) => Canvas>)[p.kind]!(p.view);

/** The smallest text of each picture, by picture identity (a picture shown twice is measured once). */
class Sizes {
  smallest: DrawnText | null = null;
  readonly #seen = new Set<string>();
  add(p: Picture | null | undefined): void {
    if (!p) return;
    const id = JSON.stringify([p.kind, p.view]);
    if (this.#seen.has(id)) return;
    this.#seen.add(id);
    const t = smallestText(textsDrawn(() => draw(p)).texts);
    if (t && (!this.smallest || t.css < this.smallest.css)) this.smallest = t;
  }
}

export async function fenceSurface(opts: { seed?: string; rounds?: number } = {}): Promise<SurfaceFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fence-surface-'));
  const double = await DiscordDouble.start();
  const guild = double.createGuild('Surface');
  const channel: Channel = double.createChannel(guild, 'fence');
  const users: User[] = ['Ana', 'Bo', 'Cy'].map((name) => {
    const u = double.createUser(name.toLowerCase(), { globalName: name });
    double.addMember(guild, u);
    return u;
  });
  const bot = await startBot({
    discordApiUrl: double.apiUrl, token: double.token, databaseUrl: `file:${join(dir, 'surface.db')}`,
    logger: createLogger({ level: 'warn' }), seedFor: () => opts.seed ?? 'surface-1', globalRequestsPerSecond: 10_000,
  });
  const store = bot.bot.store;
  const sizes = new Sizes();
  const turnTaps = new Map<string, number>();
  const colourTaps: number[] = [];
  const answers = new Map<string, PostedMessage>();
  let steps: Step<FenceState, FenceEvent>[] = [];
  let firstPost = -1;
  try {
    await (await double.runCommand(users[0]!, channel, 'fence', { subcommand: 'new', options: { 'auto-build': true, rounds: opts.rounds ?? 8 } })).reply(10_000);
    const lobby = await double.waitForMessage(channel, (m) => !m.ephemeral && messageText(m).includes('is open'), 10_000);
    for (const u of users.slice(1)) await (await double.clickButton(u, lobby, 'Join')).acknowledged();
    await (await double.clickButton(users[0]!, lobby, 'Start')).reply(10_000);
    for (let n = 0; n < 2000; n++) {
      const game = await store.loadActiveGame(channel.id);
      if (!game?.state) break;
      const s = game.state as FenceState;
      const seat = whoMustAct(s);
      if (seat === null) break;
      const user = users.find((u) => u.id === game.seats[seat]?.userId)!;
      const action = computerAction(s, seat, 'simple')!;
      if (s.phase === 'main' && firstPost < 0) firstPost = double.messages(channel).length - 1;
      const labels = tapsFor(fence, s, seat, action);
      let taps: number;
      let reply: PostedMessage;
      if (labels) {
        // The first level is on the latest post, or (in the middle of a turn) on the player's last private answer.
        const root = choiceFor(fence, s, seat);
        for (let k = 0; k < labels.length; k++) {
          const reached = follow(root, labels.slice(0, k));
          if (reached && 'level' in reached && k > 0) sizes.add(reached.level.picture);
        }
        const latest = double.messages(channel).at(-1)!;
        const answer = answers.get(user.id);
        const where = !hasLabel(double, latest, labels[0]!) && answer && hasLabel(double, answer, labels[0]!) ? answer : latest;
        ({ reply, taps } = await tap(double, user, where, labels));
      } else {
        const how = SUB_OF[action.type];
        if (!how) throw new Error(`no way to play ${JSON.stringify(action)}`);
        reply = await (await double.runCommand(user, channel, 'fence', { subcommand: how.sub, options: { [how.option]: fence.encode(action) } })).reply(10_000);
        taps = 3;
        if (messageText(reply).includes('only you see this preview')) {
          const edits = double.log.get(reply.id)?.edits ?? 0;
          const click = await double.clickButton(user, reply, 'Confirm');
          reply = await click.waitForMessage((m) => m.id !== reply.id || m.edits > edits, 10_000);
          taps++;
        }
      }
      if (!/^Done/.test(messageText(reply))) throw new Error(`not played: ${messageText(reply)}`);
      answers.set(user.id, reply);
      if (s.phase === 'main') {
        if (seat === s.current && !(s.pending?.kind === 'drawColour' && s.pending.reason === 'hotGoods')) {
          const key = `${s.round}:${s.current}`;
          turnTaps.set(key, (turnTaps.get(key) ?? 0) + taps);
        } else colourTaps.push(taps);
      }
      // The pictures of the posts this move made, drawn here from the same states.
      const r = applyAction(s, seat, action);
      if (!r.ok) throw new Error(r.message);
      steps.push({ state: r.state, events: r.events });
      const plans = fence.posts!(steps);
      if (plans.at(-1)?.held) continue;
      for (const p of plans) for (const q of [p.picture, ...(p.morePictures ?? [])]) sizes.add(q);
      const next = whoMustAct(r.state);
      if (next !== null && !r.state.outcome) sizes.add(choiceFor(fence, r.state, next).picture);
      steps = [];
    }
    const posts = double.messages(channel).slice(Math.max(0, firstPost + 1)).filter((m) => !m.ephemeral);
    return {
      game: 'FENCE!',
      turns: turnTaps.size,
      messages: posts.length,
      pictures: posts.reduce((k, m) => k + m.attachments.length, 0),
      taps: [...turnTaps.values()],
      colourTaps,
      smallest: sizes.smallest,
    };
  } finally {
    await bot.stop();
    await double.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function hasLabel(double: DiscordDouble, m: PostedMessage, label: string): boolean {
  const cur = double.log.get(m.id) ?? m;
  return double.buttons(cur).some((b) => 'label' in b && b.label === label) || double.selects(cur).some((x) => x.options.some((o) => o.label === label));
}

/** Presses `labels` in turn from `message` (as test/bot/harness.ts's tap): a button is a tap, a menu two. */
async function tap(double: DiscordDouble, user: User, message: PostedMessage, labels: readonly string[]): Promise<{ reply: PostedMessage; taps: number }> {
  let where = message;
  let taps = 0;
  for (const label of labels) {
    const current = double.log.get(where.id) ?? where;
    const edits = current.edits;
    const button = double.buttons(current).find((b) => 'label' in b && b.label === label);
    let handle;
    if (button && 'custom_id' in button) {
      handle = await double.clickButton(user, current, button.custom_id);
      taps += 1;
    } else {
      const menu = double.selects(current).find((x) => x.options.some((o) => o.label === label));
      if (!menu) throw new Error(`no "${label}" on: ${messageText(current)}`);
      handle = await double.chooseFromMenu(user, current, menu.custom_id, [menu.options.find((o) => o.label === label)!.value]);
      taps += 2;
    }
    where = await handle.waitForMessage((m) => m.id !== current.id || m.edits > edits, 10_000);
  }
  return { reply: double.log.get(where.id) ?? where, taps };
}

