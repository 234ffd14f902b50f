/**
 * Animated pictures (a game's replay): a list of a game's pictures becomes one looping GIF,
 * drawn and encoded in the render workers a few frames per job (frames.ts), each job queued
 * behind every picture a post is waiting for. The runs go one after another, so an animation
 * keeps at most one worker busy, for one short run at a time.
 *
 * Size: Discord takes attachments up to 10 MB (8 MB is kept as the limit). When the frames
 * would make more, the whole animation is drawn again at a smaller scale. Scaling keeps every
 * label the same size on screen, as a phone shows a picture as wide as its chat (≈ 390 CSS px)
 * whatever its pixels; only sharpness is lost, so the scale never goes below one picture pixel
 * per CSS pixel at that width. Where even that is too large, every other frame between the
 * first and the last is left out, until it fits.
 */
import { runFramesJob } from './pool.ts';
import type { AnimationFrame, FramesJob } from './frames.ts';

export type { AnimationFrame } from './frames.ts';

export interface Animation {
  gif: Buffer;
  width: number;
  height: number;
  /** Frames in the file (fewer than asked for only when they could not fit the size). */
  frames: number;
  /** The scale the pictures were drawn at (1: their own size). */
  scale: number;
}

export interface AnimateOptions {
  /** At most this many bytes (default 8 MB). */
  maxBytes?: number;
  /** Frames per job (default 4): the longest a picture of a post waits behind an animation. */
  run?: number;
  /** The width the animation is shown at on a phone, in CSS px (default 390): the scale never goes below one pixel per CSS px. */
  phoneWidth?: number;
}

export const MAX_ANIMATION_BYTES = 8 * 1024 * 1024;
const TRAILER = Buffer.from([0x3b]);

type Attempt = { fits: true; animation: Animation } | { fits: false; projected: number; width: number };

/**
 * Encodes `frames` at `scale`; gives up early (fits: false, with the size it would have had)
 * once a fifth of the frames show that the whole would pass `maxBytes`.
 */
async function attempt(drawings: string, frames: readonly AnimationFrame[], scale: number, maxBytes: number, run: number): Promise<Attempt> {
  const parts: Buffer[] = [];
  let bytes = 0;
  let width = 0;
  let height = 0;
  let before = frames[0]!;
  const rest = frames.length - 1;
  for (let i = 1; i < frames.length; i += run) {
    const part = frames.slice(i, i + run);
    const job: FramesJob = { type: 'frames', drawings, frames: part, before: { kind: before.kind, view: before.view }, screen: null, scale };
    const out = await runFramesJob(job);
    parts.push(out.gif);
    bytes += out.gif.length;
    width = Math.max(width, out.width);
    height = Math.max(height, out.height);
    before = part[part.length - 1]!;
    const done = i - 1 + part.length;
    const projected = (bytes / done) * rest;
    if (done >= Math.min(rest, Math.max(8, rest / 5)) && projected > maxBytes) return { fits: false, projected, width };
  }
  const first = frames[0]!;
  const opening = await runFramesJob({ type: 'frames', drawings, frames: [first], before: null, screen: { width, height }, scale });
  const gif = Buffer.concat([opening.gif, ...parts, TRAILER]);
  if (gif.length > maxBytes) return { fits: false, projected: gif.length, width: opening.width };
  return { fits: true, animation: { gif, width: opening.width, height: opening.height, frames: frames.length, scale } };
}

/** Every other frame between the first and the last left out. */
const halved = (frames: readonly AnimationFrame[]): AnimationFrame[] => frames.filter((_, k) => k === 0 || k === frames.length - 1 || k % 2 === 0);

/** An animated GIF of `frames`, pictures of `game` (its drawings), looping forever. */
export async function animate(game: { drawings: string }, frames: readonly AnimationFrame[], opts: AnimateOptions = {}): Promise<Animation> {
  if (frames.length === 0) throw new Error('animate: no frames');
  const maxBytes = opts.maxBytes ?? MAX_ANIMATION_BYTES;
  const run = Math.max(1, opts.run ?? 4);
  const phone = opts.phoneWidth ?? 390;
  let shown = frames;
  let scale = 1;
  for (;;) {
    const a = await attempt(game.drawings, shown, scale, maxBytes, run);
    if (a.fits) return a.animation;
    // Bytes go roughly with the pixels: aim a tenth below the limit.
    const floor = Math.min(1, (phone * scale) / a.width);
    const next = Math.max(floor, scale * Math.sqrt((0.9 * maxBytes) / a.projected));
    if (next < scale - 0.01) scale = next;
    else if (shown.length > 2) shown = halved(shown);
    else throw new Error(`animate: ${shown.length} frames take ${a.projected} bytes even at scale ${scale.toFixed(2)}, more than ${maxBytes}`);
  }
}
