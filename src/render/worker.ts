/**
 * The render worker: draws and encodes pictures off the bot's event loop. Started by pool.ts;
 * each message is one job, each reply carries the PNG's bytes (transferred, not copied).
 */
import { parentPort } from 'node:worker_threads';
import { registerFonts } from './fonts.ts';
import { renderJob, type RenderJob } from './job.ts';

export interface JobMessage {
  id: number;
  job: RenderJob;
}

export type ReplyMessage = { id: number; png: ArrayBuffer; width: number; height: number } | { id: number; error: string };

if (!parentPort) throw new Error('render worker: not started as a worker thread');
const port = parentPort;
// Fonts are per thread (each isolate loads its own @napi-rs/canvas state): register them here.
registerFonts();

port.on('message', ({ id, job }: JobMessage) => {
  void answer(id, job);
});

async function answer(id: number, job: RenderJob): Promise<void> {
  let reply: ReplyMessage;
  try {
    const { png, width, height } = await renderJob(job);
    // A Buffer may be a view into a shared pool: copy out exactly its bytes so the transfer
    // hands over only this picture.
    const bytes = png.buffer.slice(png.byteOffset, png.byteOffset + png.length) as ArrayBuffer;
    reply = { id, png: bytes, width, height };
    port.postMessage(reply, [bytes]);
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
    port.postMessage(reply);
  }
}
port.postMessage({ ready: true });
