/**
 * A game's replay as one animated picture: the game rebuilt from its record, and the pictures its
 * channel was shown (the game's own turn pictures, as its `posts` cuts them), one turn after
 * another, from the start to the end. Only public pictures: a turn post never shows a hand.
 *
 * What a frame is, per game, follows from the game's own posts: a game that posts a picture per
 * turn (and per roll) gets a frame per turn (and per roll); a game without `posts` gets its
 * board after each turn (all the actions of one seat, as a roll and the move it allows), not
 * after each action. Of the pictures shown, the replay keeps those of the kind the game shows
 * most (its turn picture): an overview drawn for a larger screen would be shrunk to the width
 * of the turn pictures, and its labels with it, below what a phone can read.
 */
import type { AnyGame, Picture, Seat, Step } from '../platform/game.ts';
import { animate, type AnimateOptions, type Animation, type AnimationFrame } from '../render/index.ts';
import { rebuild, type GameRecordFile, type Rebuilt } from './record.ts';

/** How long the first and the last picture are shown, and the others (ms): a game of any length plays in about a minute. */
const FIRST_MS = 1500;
const LAST_MS = 4000;
const PLAY_MS = 45_000;
const MIN_MS = 400;
const MAX_MS = 1000;

const sameSeats = (a: readonly Seat[], b: readonly Seat[]): boolean => a.length === b.length && a.every((s, k) => s === b[k]);

/**
 * The pictures the channel would have been shown, in order, had each turn been posted as it
 * ended: the start, then each turn (the actions until the game waits for someone else), cut
 * into posts by the game.
 */
export function shownPictures(rebuilt: Rebuilt): Picture[] {
  const { def } = rebuilt;
  const all: Step<unknown, unknown>[] = [rebuilt.start, ...rebuilt.steps.map((s) => ({ state: s.state, events: s.events }))];
  const pictures: Picture[] = [];
  let batch: Step<unknown, unknown>[] = [];
  all.forEach((step, k) => {
    batch.push(step);
    const last = k === all.length - 1;
    if (!last && k > 0 && sameSeats(def.activeSeats(step.state), def.activeSeats(all[k - 1]!.state))) return;
    const plans = def.posts ? def.posts(batch) : [{ events: batch.flatMap((s) => [...s.events]), state: step.state, picture: def.board(step.state) }];
    if (!last && plans[plans.length - 1]?.held) return;
    batch = [];
    for (const plan of plans) for (const p of [plan.picture, ...(plan.morePictures ?? [])]) if (p) pictures.push(p);
  });
  return pictures;
}

/** The pictures of the kind shown most (the game's turn picture), in order. */
function turnPictures(pictures: readonly Picture[]): Picture[] {
  const counts = new Map<string, number>();
  for (const p of pictures) counts.set(p.kind, (counts.get(p.kind) ?? 0) + 1);
  const kind = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
  return pictures.filter((p) => p.kind === kind);
}

export interface ReplayFrames {
  frames: AnimationFrame[];
  /** The alt text of the animation: what it shows, how the game ended, and the end in words. */
  alt: string;
}

function ending(def: AnyGame, rebuilt: Rebuilt, seats: GameRecordFile['seats']): string {
  const o = rebuilt.outcome;
  if (!o) return 'The game had not ended.';
  if (o.status === 'aborted') return 'The game was aborted.';
  const names = o.winners.map((w) => seats[w]?.name ?? `seat ${w + 1}`);
  if (names.length === 0) return `Nobody won ${def.title}.`;
  return names.length === 1 ? `${names[0]} won.` : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]} shared the win.`;
}

/** The frames of a rebuilt game's replay, and its alt text. */
export function replayFrames(record: GameRecordFile, rebuilt: Rebuilt): ReplayFrames {
  const pictures = turnPictures(shownPictures(rebuilt));
  if (pictures.length === 0) pictures.push(rebuilt.def.board(rebuilt.final));
  const n = pictures.length;
  const each = Math.round(Math.min(MAX_MS, Math.max(MIN_MS, PLAY_MS / Math.max(1, n - 1))) / 10) * 10;
  const frames = pictures.map((p, k): AnimationFrame => ({ kind: p.kind, view: p.view, delayMs: k === n - 1 ? LAST_MS : k === 0 ? FIRST_MS : each }));
  const head = `Replay of game #${record.id} (${rebuilt.def.title}): ${n} picture${n === 1 ? '' : 's'} of the game as its channel saw it, turn by turn, from the start to the end. ${ending(rebuilt.def, rebuilt, record.seats)}`;
  const alt = `${head} The end: ${pictures[n - 1]!.alt}`.slice(0, 1024);
  return { frames, alt };
}

export interface Replay {
  animation: Animation;
  alt: string;
  /** Pictures the game's turns gave (the animation has fewer only if they could not fit its size). */
  pictures: number;
  /** Wall time to draw and encode it, ms. */
  ms: number;
}

/** Rebuilds a record's game and draws its replay (in the render workers, behind every post's picture). */
export async function drawReplay(record: GameRecordFile, opts: AnimateOptions = {}): Promise<Replay> {
  const began = performance.now();
  const rebuilt = rebuild(record);
  const { frames, alt } = replayFrames(record, rebuilt);
  const animation = await animate(rebuilt.def, frames, opts);
  return { animation, alt, pictures: frames.length, ms: Math.round(performance.now() - began) };
}
