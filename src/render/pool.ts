/**
 * A pool of render workers, so drawing and encoding (≈ 10–15 ms of CPU a turn's close-up,
 * 18–28 ms a whole map: bench/render.ts) never block the bot's event loop, and pictures of different channels
 * are drawn at once on as many cores as the machine has. Jobs wait in one queue and an idle worker
 * takes the next, the largest kind first (see takeNext); a worker is started only when jobs wait
 * and every running one is busy, so a quiet bot runs one. Restarted
 * after one dies; while idle a worker is unref'd, so it never keeps the process alive.
 * `closeRenderer()` stops them all (bot shutdown).
 *
 * Size: `RENDER_THREADS` when set, else the cores `os.availableParallelism()` reports (shared
 * by the shard processes a host's ShardingManager runs), at most MAX_THREADS. On a 2-core machine
 * with one process that is 2: the pictures of a burst of turns use both cores while the main
 * thread waits on the database and Discord; the main thread (about as much CPU a turn as its
 * picture, measured by `npx tsx bench/shards.ts throughput 1`) then competes with them, and
 * RENDER_THREADS=1 leaves it a core of its own.
 *
 * The workers run the TypeScript sources: when their entry is a .ts file, a small bootstrap
 * registers tsx's loader in the worker first (under vitest no Node loader is inherited).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { moduleBeside } from '../platform/files.ts';
import type { EncodedFrames, FramesJob } from './frames.ts';
import { isFramesJob, runWorkerJobInThread, type Encoded, type EncodedPicture, type RenderJob, type WorkerJob } from './job.ts';
import type { JobMessage, ReplyMessage } from './worker.ts';

const entry = moduleBeside('./worker.ts', import.meta.url);

const BOOT = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.tsx) (await import(workerData.tsx)).register();
  await import(workerData.entry);
})().catch((e) => { setImmediate(() => { throw e; }); });
`;

/** tsx's ESM API (`register`): its `exports` resolve to the CJS build under require, so take the .mjs beside it. */
function tsxApi(): string | null {
  if (!entry.endsWith('.ts')) return null;
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const mjs = cjs.replace(/\.cjs$/, '.mjs');
  return pathToFileURL(existsSync(mjs) ? mjs : cjs).href;
}

interface Pending {
  job: WorkerJob;
  resolve: (p: Encoded) => void;
  reject: (e: Error) => void;
  /** Jobs asked for in the same turn of the event loop share a batch (one post's pictures). */
  batch: number;
  /** Taken only when no other job waits (an animation's frames: nobody waits for a turn on them). */
  low: boolean;
}

interface Slot {
  worker: Worker;
  /** The job it is drawing: a worker is given one at a time (see dispatch). */
  current: { id: number; pending: Pending } | null;
  /** Its modules are loaded (≈ 1 s of CPU for a new worker): until then it gets no job. */
  ready: boolean;
}

/** By default no more than this: more only add memory (each holds its own fonts and tile cache). */
const MAX_THREADS = 4;

/**
 * How many render workers the pool may run (read at each job, so a test or the bench can change
 * it). The shard processes a host's ShardingManager runs share the host's cores between them:
 * it tells each how many they are (HOST_SHARD_PROCESSES, see src/shard.ts). SHARD_COUNT would
 * not do: it counts the shards of every host, and a host may run several in one process.
 */
export function renderThreads(): number {
  const asked = Number(process.env.RENDER_THREADS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  const processes = Math.max(1, Number(process.env.HOST_SHARD_PROCESSES) || 1);
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(availableParallelism() / processes)));
}

const slots: Slot[] = [];
/** Jobs no worker has taken yet. */
const queue: Pending[] = [];
let nextId = 1;
/** Consecutive deaths without a finished job: past the limit, render in-thread rather than loop. */
let deaths = 0;
const MAX_DEATHS = 3;

/** What a kind of picture took to draw and encode lately (ms, moving average), by drawings module and kind. */
const costs = new Map<string, number>();
const costKey = (job: WorkerJob): string => `${job.drawings}#${isFramesJob(job) ? '(frames)' : job.kind}`;

function start(): Slot {
  const w = new Worker(BOOT, { eval: true, workerData: { entry, tsx: tsxApi(), preload } });
  const slot: Slot = { worker: w, current: null, ready: false };
  w.on('message', (msg: ReplyMessage | { ready: true }) => {
    if ('ready' in msg) {
      slot.ready = true;
      dispatch();
      return;
    }
    const taken = slot.current;
    if (!taken || taken.id !== msg.id) return;
    slot.current = null;
    deaths = 0;
    if ('error' in msg) taken.pending.reject(new Error(msg.error));
    else {
      const key = costKey(taken.pending.job);
      costs.set(key, ((costs.get(key) ?? msg.ms) * 3 + msg.ms) / 4);
      taken.pending.resolve({ bytes: Buffer.from(msg.bytes), width: msg.width, height: msg.height });
    }
    dispatch();
  });
  const died = (why: Error | number) => {
    const k = slots.indexOf(slot);
    if (k < 0) return;
    slots.splice(k, 1);
    deaths++;
    // The job it held is drawn here instead: a late picture beats a missing one.
    const lost = slot.current?.pending;
    slot.current = null;
    if (lost) runWorkerJobInThread(lost.job).then(lost.resolve, lost.reject);
    if (typeof why !== 'number') process.emitWarning(`render worker died: ${why.message}`);
    dispatch();
  };
  w.on('error', died);
  w.on('exit', (code) => died(code));
  slots.push(slot);
  return slot;
}

/**
 * The waiting job to draw next: of the oldest batch, the one whose kind has lately taken
 * longest. A post waits for the last of its pictures: started first, the large one (a whole
 * board beside close-ups of it) runs beside the small ones instead of after them. Batches go
 * in the order they came, so a stream of large pictures never holds a small one back. Low
 * jobs (Pending.low) go only when no other job waits, oldest first.
 */
function takeNext(): Pending {
  const first = queue.findIndex((p) => !p.low);
  if (first < 0) return queue.shift()!;
  let best = first;
  for (let k = first + 1; k < queue.length; k++) {
    const p = queue[k]!;
    if (p.low) continue;
    if (p.batch !== queue[first]!.batch) break;
    if ((costs.get(costKey(p.job)) ?? 0) > (costs.get(costKey(queue[best]!.job)) ?? 0)) best = k;
  }
  return queue.splice(best, 1)[0]!;
}

/**
 * Hands waiting jobs to idle workers that are ready. When jobs still wait and the pool has room,
 * one more worker is started (one at a time); waiting jobs keep the process alive, an idle
 * worker does not.
 */
function dispatch(): void {
  if (deaths >= MAX_DEATHS) {
    for (const p of queue.splice(0)) runWorkerJobInThread(p.job).then(p.resolve, p.reject);
    return;
  }
  for (const slot of slots) {
    if (queue.length === 0) break;
    if (!slot.ready || slot.current) continue;
    const pending = takeNext();
    const id = nextId++;
    slot.current = { id, pending };
    const msg: JobMessage = { id, job: pending.job };
    slot.worker.postMessage(msg);
  }
  if (queue.length > 0 && slots.length < renderThreads() && !slots.some((s) => !s.ready)) start();
  for (const slot of slots) {
    if (slot.current || (!slot.ready && queue.length > 0)) slot.worker.ref();
    else slot.worker.unref();
  }
}

let dispatchQueued = false;
let batch = 0;

/** Drawings modules every new worker loads before it says it is ready (see warmRenderer). */
let preload: readonly string[] = [];

/**
 * Starts a worker now, for a bot about to serve these games' drawings (their modules' URLs),
 * rather than at the first picture: each worker loads them before it takes a job, so neither
 * the bot's first post nor a second worker's first picture waits ≈ 0.5–1 s for modules to load.
 */
export function warmRenderer(drawings: readonly string[]): void {
  preload = [...new Set([...preload, ...drawings])];
  if (slots.length === 0 && deaths < MAX_DEATHS) {
    start();
    dispatch(); // idle: unref'd, it never keeps the process alive
  }
}

/** Runs a render job in a worker (the in-thread fallback if workers keep dying). */
export async function runJob(job: RenderJob): Promise<EncodedPicture> {
  const { bytes, width, height } = await enqueue(job, false);
  return { png: bytes, width, height };
}

/**
 * Runs a run of an animation's frames in a worker, after every picture asked for meanwhile: a
 * turn's picture waits at most for the run a worker is drawing (animate.ts keeps runs short).
 */
export async function runFramesJob(job: FramesJob): Promise<EncodedFrames> {
  const { bytes, width, height } = await enqueue(job, true);
  return { gif: bytes, width, height };
}

function enqueue(job: WorkerJob, low: boolean): Promise<Encoded> {
  if (deaths >= MAX_DEATHS) return runWorkerJobInThread(job);
  return new Promise<Encoded>((resolve, reject) => {
    // Jobs asked for in the same turn of the event loop (one post's pictures) are seen together.
    if (!dispatchQueued) {
      dispatchQueued = true;
      batch++;
      queueMicrotask(() => {
        dispatchQueued = false;
        dispatch();
      });
    }
    queue.push({ job, resolve, reject, batch, low });
  });
}

/**
 * Stops the render workers (for the bot's shutdown). Jobs still in flight are finished in
 * this thread; a later render starts a new worker.
 */
export async function closeRenderer(): Promise<void> {
  const stopping = slots.splice(0);
  const lost = [...stopping.flatMap((s) => (s.current ? [s.current.pending] : [])), ...queue.splice(0)];
  for (const s of stopping) s.current = null;
  await Promise.all(stopping.map((s) => s.worker.terminate()));
  await Promise.all(lost.map((p) => runWorkerJobInThread(p.job).then(p.resolve, p.reject)));
}

/** For tests: the first running worker, if any. */
export const currentRenderWorker = (): Worker | null => slots[0]?.worker ?? null;

/** For tests and the bench: how many workers are running. */
export const runningRenderWorkers = (): number => slots.length;
