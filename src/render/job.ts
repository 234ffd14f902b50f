/**
 * A render job: which game's drawings, which kind of picture, and the view it shows. Plain
 * data, so it can be posted to the render worker. Drawn and encoded here, in the calling thread.
 */
import { loadDrawings } from './drawings.ts';
import { encodeCanvas, encodeRgbaSync } from './encode.ts';
import { registerFonts } from './fonts.ts';
import type { Canvas } from '@napi-rs/canvas';

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

async function draw(job: RenderJob): Promise<Canvas> {
  registerFonts();
  const drawings = await loadDrawings(job.drawings);
  const drawer = drawings[job.kind];
  if (!drawer) throw new Error(`render: no drawer for pictures of kind '${job.kind}'`);
  return drawer(job.view);
}

/** Draw + encode, blocking the calling thread while it draws and encodes: for the worker. */
export async function renderJob(job: RenderJob): Promise<EncodedPicture> {
  const canvas = await draw(job);
  return { png: encodeRgbaSync(canvas.data(), canvas.width, canvas.height), width: canvas.width, height: canvas.height };
}

/** Draw here, deflate on libuv's pool: the fallback when no worker can run the job. */
export async function renderJobInThread(job: RenderJob): Promise<EncodedPicture> {
  const canvas = await draw(job);
  return { png: await encodeCanvas(canvas), width: canvas.width, height: canvas.height };
}
