/**
 * Reads an animated GIF back as a viewer shows it: the screen after each frame (RGBA), with the
 * frame's delay. Decoding is omggif's (MIT); the frames are laid over one another here as the
 * GIF says (a transparent pixel leaves what was there; disposal 2 clears the frame's area).
 */
import omggif from 'omggif';

export interface Shown {
  width: number;
  height: number;
  /** 0: loop forever; null: plays once. */
  loops: number | null;
  frames: { delayMs: number; rgba: Uint8Array }[];
}

export function readGif(bytes: Uint8Array): Shown {
  const reader = new omggif.GifReader(bytes);
  const { width, height } = reader;
  const screen = new Uint8Array(width * height * 4);
  const frames: Shown['frames'] = [];
  for (let k = 0; k < reader.numFrames(); k++) {
    const info = reader.frameInfo(k);
    reader.decodeAndBlitFrameRGBA(k, screen);
    frames.push({ delayMs: info.delay * 10, rgba: screen.slice() });
    if (info.disposal === 2) {
      for (let y = info.y; y < info.y + info.height; y++) screen.fill(0, (y * width + info.x) * 4, (y * width + info.x + info.width) * 4);
    }
  }
  let loops: number | null;
  try {
    loops = reader.loopCount();
  } catch {
    loops = null;
  }
  return { width, height, loops, frames };
}
