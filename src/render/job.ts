/**
 * A render job: which game's drawings, which kind of picture, and the view it shows. Plain
 * data, so it can be posted to the render worker. Drawn and encoded here, in the calling thread.
 */
import { loadDrawings, type Drawer } from './drawings.ts';
import { encodeCanvas, encodeRgbaSync } from './encode.ts';
import { registerFonts } from './fonts.ts';
import { encodeFrames, type FramesJob } from './frames.ts';
import { withLentCanvas } from './surface.ts';

export interface RenderJob {
  /** The URL of the game's drawings module. */
  drawings: string;
  kind: string;
  view: unknown;
}

export interface EncodedPicture {
  png: Buffer;
  width: number;
  height: number;
}

async function drawerOf(job: RenderJob): Promise<Drawer> {
  registerFonts();
  const drawings = await loadDrawings(job.drawings);
  const drawer = drawings[job.kind];
  if (!drawer) throw new Error(`render: no drawer for pictures of kind '${job.kind}'`);
  return drawer;
}

/** Draws and encodes one picture in the calling thread, blocking it meanwhile: the worker's work (and the bench's). */
export function drawAndEncode(drawer: Drawer, view: unknown): EncodedPicture {
  return withLentCanvas(
    () => drawer(view),
    (canvas) => ({ png: encodeRgbaSync(canvas.data(), canvas.width, canvas.height), width: canvas.width, height: canvas.height }),
  );
}

/** Draw + encode, blocking the calling thread while it draws and encodes: for the worker. */
export async function renderJob(job: RenderJob): Promise<EncodedPicture> {
  return drawAndEncode(await drawerOf(job), job.view);
}

/** Draw here, deflate on libuv's pool: the fallback when no worker can run the job. */
export async function renderJobInThread(job: RenderJob): Promise<EncodedPicture> {
  const drawer = await drawerOf(job);
  // The pixels are copied out before the canvas goes back to the pool; only the deflate waits.
  const { encoding, width, height } = withLentCanvas(
    () => drawer(job.view),
    (canvas) => ({ encoding: encodeCanvas(canvas), width: canvas.width, height: canvas.height }),
  );
  return { png: await encoding, width, height };
}

/** What a render worker is given: one picture, or a run of an animation's frames (frames.ts). */
export type WorkerJob = RenderJob | FramesJob;

/** A worker job's result: the encoded bytes (a PNG, or GIF frames) and the size they cover. */
export interface Encoded {
  bytes: Buffer;
  width: number;
  height: number;
}

export const isFramesJob = (job: WorkerJob): job is FramesJob => 'type' in job && job.type === 'frames';

/** Runs a worker job in the calling thread, blocking it while it draws and encodes: the worker's work. */
export async function runWorkerJob(job: WorkerJob): Promise<Encoded> {
  if (isFramesJob(job)) {
    const { gif, width, height } = await encodeFrames(job);
    return { bytes: gif, width, height };
  }
  const { png, width, height } = await renderJob(job);
  return { bytes: png, width, height };
}

/** A worker job when no worker can run it: a picture's deflate waits on libuv's pool; GIF frames block this thread. */
export async function runWorkerJobInThread(job: WorkerJob): Promise<Encoded> {
  if (isFramesJob(job)) return runWorkerJob(job);
  const { png, width, height } = await renderJobInThread(job);
  return { bytes: png, width, height };
}
