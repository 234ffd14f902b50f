/**
 * The render worker: draws and encodes pictures off the bot's event loop. Started by pool.ts;
 * each message is one job, each reply carries the PNG's bytes (transferred, not copied).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { parentPort, workerData } from 'node:worker_threads';
import { loadDrawings } from './drawings.ts';
import { registerFonts } from './fonts.ts';
import { runWorkerJob, type WorkerJob } from './job.ts';

export interface JobMessage {
  id: number;
  job: WorkerJob;
}

/**
 * `bytes`: the job's encoding (a PNG, or GIF frames); `ms`: its drawing and encoding time in
 * this thread, which the pool learns each kind's cost from.
 */
export type ReplyMessage = { id: number; bytes: ArrayBuffer; width: number; height: number; ms: number } | { id: number; error: string };

if (!parentPort) throw new Error('render worker: not started as a worker thread');
const port = parentPort;
// Fonts are per thread (each isolate loads its own @napi-rs/canvas state): register them here.
registerFonts();

/**
 * Jobs are drawn one at a time, and the worker returns to its event loop between two jobs. A
 * canvas's pixels are freed by a finalizer that Node defers to the event loop's check phase
 * (setImmediate), while a port receiving message after message keeps running its 'message'
 * handler without ever reaching that phase: under a steady stream of jobs (each answer brings
 * the next job back before the port looks again) no canvas was freed until the stream paused,
 * ≈ 8 MB per picture, 1.8 GB of RSS after 200 pictures four at a time (300 MB with this yield).
 */
const waiting: JobMessage[] = [];
let drawing = false;

port.on('message', (msg: JobMessage) => {
  waiting.push(msg);
  if (!drawing) void drain();
});

/**
 * A young-generation collection, run after each job (≈ 0.3 ms). A job's pixels reach JavaScript
 * as copies (`canvas.data()` copies the whole picture, 2–16 MB, and kept drawings another), held
 * by small objects: V8 counts that memory only as external, lets tens of MB of it pile up before
 * a collection, and the allocator keeps what was freed that late. Collected at once, a job's
 * copies are gone before the next one's are made. (A worker cannot be started with
 * --expose-gc: V8's flag is set from here, and `gc` read from a fresh context.)
 */
setFlagsFromString('--expose-gc');
const collectYoung = runInNewContext('gc') as (options: { type: 'minor' }) => void;

async function drain(): Promise<void> {
  drawing = true;
  try {
    for (let msg = waiting.shift(); msg; msg = waiting.shift()) {
      await answer(msg.id, msg.job);
      collectYoung({ type: 'minor' });
      await new Promise((resolve) => setImmediate(resolve));
    }
  } finally {
    drawing = false;
  }
}

async function answer(id: number, job: WorkerJob): Promise<void> {
  let reply: ReplyMessage;
  try {
    const t0 = performance.now();
    const out = await runWorkerJob(job);
    const ms = performance.now() - t0;
    // A Buffer may be a view into a shared pool: copy out exactly its bytes so the transfer
    // hands over only this picture.
    const bytes = out.bytes.buffer.slice(out.bytes.byteOffset, out.bytes.byteOffset + out.bytes.length) as ArrayBuffer;
    reply = { id, bytes, width: out.width, height: out.height, ms };
    port.postMessage(reply, [bytes]);
  } catch (e) {
    reply = { id, error: e instanceof Error ? e.message : String(e) };
    port.postMessage(reply);
  }
}
// The bot's games' drawings (pool.ts, warmRenderer), loaded before the first job; a module that
// fails to load here fails that job with its own error instead.
const preload = (workerData as { preload?: readonly string[] } | null)?.preload ?? [];
await Promise.all(preload.map((url) => loadDrawings(url).catch(() => undefined)));
port.postMessage({ ready: true });
