/**
 * The play surface on a phone (issue 27): one seeded game of each game in SCRIPTS, played
 * through the Discord double by people who press, on the turn post and on their private
 * messages, the labels of what the game's own computer player would play (test/bot/harness.ts:
 * tapsFor, tap). Prints, per game: channel messages per turn, pictures per turn (channel, and
 * the private ones a player is shown while choosing), taps per turn after the ping (median, max;
 * a button is one tap, a select menu two: open it, pick), and the smallest text over every turn
 * post's picture and every level's picture, in CSS px when the picture is shown 390 px wide.
 *
 * Text sizes are measured from the drawing itself (test/render/labels.ts): every text drawn is
 * recorded with its font size and the drawing's scale at that moment, then × 390 / the
 * picture's width. The pictures measured are the ones the game makes for the same states (its
 * turn post's and each level's), drawn again in this process: the bot draws in render workers.
 *
 * A game is added with a Script: its id, how many people, its options, and the pictures of a
 * turn's post. `SURFACE_GAMES=kimbo npx tsx bench/surface.ts` runs some; SURFACE_DEBUG=1 prints
 * every press.
 */
import type { Canvas } from '@napi-rs/canvas';
import { pathToFileURL } from 'node:url';
import { choiceFor } from '../src/discord/choices.ts';
import { gameById } from '../src/games/registry.ts';
import { follow } from '../src/platform/choices.ts';
import { applyRequest } from '../src/platform/requests.ts';
import type { AnyGame, Picture, Step } from '../src/platform/game.ts';
import type { Drawings } from '../src/render/drawings.ts';
import type { PostedMessage, User } from '../test/discord-double/index.ts';
import { Harness, tapsFor, textOf } from '../test/bot/harness.ts';
import { smallestText, textsDrawn, type DrawnText } from '../test/render/labels.ts';
import { kept } from '../src/games/ducks/moves.ts';
import type { Action, DucksState } from '../src/games/ducks/state.ts';
import { farmScript } from './surface-farm.ts';

export interface Script {
  /** The game's id (its command). */
  id: string;
  /** How the figures name this game (default: its id), when a game is played more than one way. */
  name?: string;
  /** People playing (the harness has four). */
  people: number;
  options: Record<string, string | number | boolean>;
  seed: string;
  /**
   * The pictures a post shows, for the state after it and the moves it tells (applied here as
   * the bot applied them; none for the game's first post).
   */
  postPictures(def: AnyGame, state: unknown, steps: readonly Step<unknown, unknown>[]): Picture[];
  /** What a person presses for (default: what the game's computer player would play). */
  person?(def: AnyGame, state: unknown, seat: number): unknown;
  /** Which turn a state is in (default: the seat asked first): a solo game's turns are all the same seat's. */
  turnOf?(state: unknown, seat: number): unknown;
  /** The fewest labels to press for an action, where the harness's first way found is longer (a map in parts). */
  taps?(state: unknown, seat: number, action: unknown): string[] | null;
}

/** What a game's posts would show (its own cut, PostPlan), and the picture its first level brings. */
const postsPictures = (def: AnyGame, state: unknown, steps: readonly Step<unknown, unknown>[]): Picture[] => {
  if (!def.posts) return [def.board(state)];
  // The game's first post: its start, as the runtime cuts it.
  const plans = def.posts(steps.length ? steps : [{ state, events: [] }]);
  const seat = def.activeSeats(state)[0];
  const level = seat === undefined || def.outcome(state) ? undefined : choiceFor(def, state, seat).picture;
  return [...plans.flatMap((p) => [p.picture, ...(p.morePictures ?? [])]).filter((p): p is Picture => !!p), ...(level ? [level] : [])];
};

export const SCRIPTS: Script[] = [
  { id: 'kimbo', people: 3, options: {}, seed: 'surface-3', postPictures: (def, s) => [def.board(s)] },
  // Duck Pens, solo and two people: a fence the simple strategy draws after keeping its dice is
  // pressed at once (its number keeps them); a solo turn ends with the Automa's pen.
  { id: 'ducks', name: 'ducks (solo)', people: 1, options: {}, seed: 'surface-ducks-1', postPictures: (def, s) => [def.board(s)], person: duckPerson, turnOf: duckTurn },
  { id: 'ducks', name: 'ducks (2 people)', people: 2, options: {}, seed: 'surface-ducks-2', postPictures: (def, s) => [def.board(s)], person: duckPerson, turnOf: duckTurn },
  farmScript,
  // FENCE! on a map the bot builds (building is by /fence place), rounds limited to keep it short.
  { id: 'fence', people: 3, options: { 'auto-build': true, rounds: 8 }, seed: 'surface-1', postPictures: postsPictures },
];

function duckPerson(def: AnyGame, state: unknown, seat: number): unknown {
  const s = state as DucksState;
  const a = def.bots[def.defaultBot]!(s, seat) as Action | null;
  if (a?.type !== 'keep') return a;
  const f = def.bots[def.defaultBot]!(kept(s), seat) as Action | null;
  return f?.type === 'fence' ? f : a;
}
function duckTurn(state: unknown): unknown {
  return (state as DucksState).turn.number;
}

export interface Figures {
  game: string;
  turns: number;
  messages: number;
  /** The most channel messages one turn made. */
  maxMessages: number;
  pictures: number;
  maxPictures: number;
  privatePictures: number;
  taps: number[];
  smallest: DrawnText | null;
  pictureCount: number;
}

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s[(s.length - 1) >> 1]! + s[s.length >> 1]!) / 2 : 0;
};

/** Plays `script` to its end through the double; returns what it measured. */
export async function playScript(h: Harness, script: Script): Promise<Figures> {
  const def = gameById(script.id);
  if (!def) throw new Error(`no game ${script.id}`);
  const drawings = ((await import(def.drawings)) as { default: Drawings }).default;
  const measured: DrawnText[] = [];
  let pictureCount = 0;
  const measure = (p: Picture): void => {
    const drawer = drawings[p.kind];
    if (!drawer) throw new Error(`${script.id} has no drawing "${p.kind}"`);
    measured.push(smallestText(textsDrawn(() => drawer(p.view) as Canvas).texts)!);
    pictureCount++;
  };

  h.seedFor = () => script.seed;
  const channel = h.double.createChannel(h.guild, `surface-${(script.name ?? script.id).replace(/\W+/g, '-')}`);
  const people = Object.values(h.users).slice(0, script.people);
  await h.command(people[0]!, script.id, 'new', script.options, channel);
  const lobby = await h.double.waitForMessage(channel, (m) => textOf(m).includes('is open: join in!'));
  for (const p of people.slice(1)) await (await h.double.clickButton(p, lobby, 'Join')).acknowledged();
  await (await h.double.clickButton(people[0]!, lobby, 'Start')).reply(10_000);
  const load = async () => {
    const g = await h.store.loadActiveGame(channel.id);
    return g?.state ? { game: g, state: g.state as unknown } : null;
  };
  const started = await load();
  if (!started) throw new Error('the game did not start');
  for (const p of script.postPictures(def, started.state, [])) measure(p);

  const lastPrivate = new Map<string, PostedMessage>();
  /** The moves since the last post, applied here as the bot applies them: what the next post tells. */
  let steps: Step<unknown, unknown>[] = [];
  const turns: { messages: number; pictures: number; privatePictures: number; taps: number }[] = [];
  let turn: { key: unknown; messages: number; pictures: number; privatePictures: number; taps: number } = { key: null, messages: 0, pictures: 0, privatePictures: 0, taps: 0 };
  let before = h.double.messages(channel).length;
  for (let n = 0; n < 3000; n++) {
    const now = await load();
    if (!now || def.outcome(now.state)) break;
    const seat = def.activeSeats(now.state)[0]!;
    const key = script.turnOf ? script.turnOf(now.state, seat) : seat;
    if (turn.key !== key) turn = { key, messages: 0, pictures: 0, privatePictures: 0, taps: 0 };
    const user = h.userOf(now.game, seat);
    const action = script.person ? script.person(def, now.state, seat) : def.bots[def.defaultBot]!(now.state, seat);
    const labels = script.taps ? script.taps(now.state, seat, action) : tapsFor(def, now.state, seat, action);
    if (!labels) throw new Error(`${script.id}: "${def.words.action(now.state, action)}" cannot be tapped`);
    // The first level is on the turn post, or, in a turn under way, on the player's private message.
    const post = h.latestPost(channel);
    // A private answer newer than the post is where a turn under way goes on (the post's own
    // buttons are then stale: a Duck Pens player crossing off a second duck box presses "P row" again).
    const mine = lastPrivate.get(user.id);
    const goesOn = mine !== undefined && BigInt(mine.id) > BigInt(post.id) && offers(h, mine, labels[0]!);
    const onPost = !goesOn && h.choicesOn(post).length > 0 && offers(h, post, labels[0]!);
    const where = onPost ? post : mine;
    if (!where) throw new Error(`${script.id}: nowhere to press "${labels[0]}"`);
    // The levels opened on the way are shown privately, each with its picture.
    const root = choiceFor(def, now.state, seat);
    for (let k = 1; k < labels.length; k++) {
      const reached = follow(root, labels.slice(0, k));
      if (reached && 'level' in reached && reached.level.picture) {
        measure(reached.level.picture);
        turn.privatePictures++;
      }
    }
    const applied = applyRequest(def, now.state, seat, action);
    if (applied.ok) steps.push({ state: applied.state, events: applied.events });
    const { reply, taps } = await h.tap(user as User, where, labels);
    if (process.env.SURFACE_DEBUG) process.stdout.write(`${script.id}: seat ${seat} presses ${labels.join(' › ')}: ${taps} taps\n`);
    turn.taps += taps;
    lastPrivate.set(user.id, reply);
    const after = await load();
    const over = !after || def.outcome(after.state) !== null;
    const shownNow = after?.state ?? (await h.store.getGame(now.game.record.id)).state;
    // A post went out unless the game holds the move (a turn under way): its pictures.
    if (!def.posts || !def.posts(steps).at(-1)?.held) {
      for (const p of script.postPictures(def, shownNow, steps)) measure(p);
      steps = [];
    }
    const nextSeat = over ? -1 : def.activeSeats(after.state)[0]!;
    if (!over && (script.turnOf ? script.turnOf(after.state, nextSeat) : nextSeat) === key) {
      // The turn goes on: the answer shows the next level, with its picture.
      const next = choiceFor(def, after.state, seat);
      if (next.picture && reply.attachments.length > 0) {
        measure(next.picture);
        turn.privatePictures++;
      }
      continue;
    }
    const posted = h.double.messages(channel).slice(before);
    before = h.double.messages(channel).length;
    turn.messages = posted.length;
    turn.pictures = posted.reduce((k, m) => k + m.attachments.length, 0);
    turns.push(turn);
    turn = { key: null, messages: 0, pictures: 0, privatePictures: 0, taps: 0 };
  }
  const end = await load();
  if (end && !def.outcome(end.state)) throw new Error(`${script.name ?? script.id}: the game did not finish (${turns.length} turns measured)`);
  const sum = (f: (t: (typeof turns)[number]) => number) => turns.reduce((k, t) => k + f(t), 0);
  return {
    game: script.name ?? script.id,
    turns: turns.length,
    messages: sum((t) => t.messages),
    maxMessages: Math.max(...turns.map((t) => t.messages)),
    pictures: sum((t) => t.pictures),
    maxPictures: Math.max(...turns.map((t) => t.pictures)),
    privatePictures: sum((t) => t.privatePictures),
    taps: turns.map((t) => t.taps),
    smallest: smallestText(measured),
    pictureCount,
  };
}

/** Whether `label` is pressable on `m` (a button's label, or an option of one of its menus). */
function offers(h: Harness, m: PostedMessage, label: string): boolean {
  const current = h.double.log.get(m.id) ?? m;
  return h.double.buttons(current).some((b) => 'label' in b && b.label === label) || h.double.selects(current).some((s) => s.options.some((o) => o.label === label));
}

export function report(f: Figures): string[] {
  const per = (x: number) => (x / f.turns).toFixed(2);
  return [
    `${f.game}: ${f.turns} turns: ${per(f.messages)} channel messages per turn (at most ${f.maxMessages}), ${per(f.pictures)} channel pictures per turn (at most ${f.maxPictures}), ${per(f.privatePictures)} private pictures per turn while choosing`,
    `${f.game}: taps per turn after the ping: median ${median(f.taps)}, max ${Math.max(...f.taps)} (a menu counts two)`,
    `${f.game}: smallest text over ${f.pictureCount} pictures: ${f.smallest ? `${f.smallest.css.toFixed(1)} CSS px at 390 px ("${f.smallest.text}", ${f.smallest.px.toFixed(0)} px drawn)` : 'none'}`,
  ];
}

export default async function benchSurface(): Promise<void> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const wanted = (process.env.SURFACE_GAMES ?? '').split(',').filter(Boolean);
  const h = await Harness.start();
  try {
    for (const script of SCRIPTS.filter((s) => wanted.length === 0 || wanted.includes(s.id))) {
      const t = performance.now();
      for (const line of report(await playScript(h, script))) out(line);
      out(`${script.name ?? script.id}: played in ${((performance.now() - t) / 1000).toFixed(0)} s`);
    }
  } finally {
    await h.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchSurface();
