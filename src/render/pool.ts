/**
 * A pool of render workers, so drawing and encoding (≈ 10–15 ms of CPU a turn's close-up,
 * 18–28 ms a whole map: bench/render.ts) never block the bot's event loop, and pictures of different channels
 * are drawn at once on as many cores as the machine has. Each job goes to the worker with the fewest jobs in flight; a
 * worker is started only when every running one is busy, so a quiet bot runs one. Restarted
 * after one dies; while idle a worker is unref'd, so it never keeps the process alive.
 * `closeRenderer()` stops them all (bot shutdown).
 *
 * Size: `RENDER_THREADS` when set, else the cores `os.availableParallelism()` reports (shared
 * by the shard processes of one ShardingManager), at most MAX_THREADS. On a 2-core machine
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
import { renderJobInThread, type EncodedPicture, type RenderJob } from './job.ts';
import type { JobMessage, ReplyMessage } from './worker.ts';

const entry = new URL(import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js', import.meta.url).href;

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
  job: RenderJob;
  resolve: (p: EncodedPicture) => void;
  reject: (e: Error) => void;
}

interface Slot {
  worker: Worker;
  pending: Map<number, Pending>;
  /** Its modules are loaded (≈ 1 s of CPU for a new worker): until then it gets a job only when no other can. */
  ready: boolean;
}

/** By default no more than this: more only add memory (each holds its own fonts and tile cache). */
const MAX_THREADS = 4;

/**
 * How many render workers the pool may run (read at each job, so a test or the bench can change
 * it). Shard processes started by discord.js's ShardingManager (SHARD_COUNT set) share the
 * machine's cores between them.
 */
export function renderThreads(): number {
  const asked = Number(process.env.RENDER_THREADS);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  const shards = Math.max(1, Number(process.env.SHARD_COUNT) || 1);
  return Math.max(1, Math.min(MAX_THREADS, Math.floor(availableParallelism() / shards)));
}

const slots: Slot[] = [];
let nextId = 1;
/** Consecutive deaths without a finished job: past the limit, render in-thread rather than loop. */
let deaths = 0;
const MAX_DEATHS = 3;

function start(): Slot {
  const w = new Worker(BOOT, { eval: true, workerData: { entry, tsx: tsxApi() } });
  const slot: Slot = { worker: w, pending: new Map(), ready: false };
  w.on('message', (msg: ReplyMessage | { ready: true }) => {
    if ('ready' in msg) {
      slot.ready = true;
      return;
    }
    const p = slot.pending.get(msg.id);
    if (!p) return;
    slot.pending.delete(msg.id);
    deaths = 0;
    if ('error' in msg) p.reject(new Error(msg.error));
    else p.resolve({ png: Buffer.from(msg.png), width: msg.width, height: msg.height });
    if (slot.pending.size === 0) w.unref();
  });
  const died = (why: Error | number) => {
    const k = slots.indexOf(slot);
    if (k < 0) return;
    slots.splice(k, 1);
    deaths++;
    // The jobs it held are drawn here instead: a late picture beats a missing one.
    const lost = [...slot.pending.values()];
    slot.pending.clear();
    for (const p of lost) renderJobInThread(p.job).then(p.resolve, p.reject);
    if (typeof why !== 'number') process.emitWarning(`render worker died: ${why.message}`);
  };
  w.on('error', died);
  w.on('exit', (code) => died(code));
  w.unref();
  slots.push(slot);
  return slot;
}

/**
 * The worker for the next job: an idle one that is ready, else the least busy ready one. When
 * none is idle and the pool has room, one more is started for the jobs to come (this job waits
 * for it only when no worker is ready at all).
 */
function pick(): Slot {
  const idle = slots.find((s) => s.ready && s.pending.size === 0);
  if (idle) return idle;
  if (slots.length < renderThreads() && !slots.some((s) => !s.ready)) start();
  const ready = slots.filter((s) => s.ready);
  return (ready.length ? ready : slots).reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
}

/** Runs a render job in a worker (the in-thread fallback if workers keep dying). */
export function runJob(job: RenderJob): Promise<EncodedPicture> {
  if (deaths >= MAX_DEATHS) return renderJobInThread(job);
  const slot = pick();
  const id = nextId++;
  return new Promise<EncodedPicture>((resolve, reject) => {
    slot.pending.set(id, { job, resolve, reject });
    slot.worker.ref(); // a job in flight keeps the process alive until its picture arrives
    const msg: JobMessage = { id, job };
    slot.worker.postMessage(msg);
  });
}

/**
 * Stops the render workers (for the bot's shutdown). Jobs still in flight are finished in
 * this thread; a later render starts a new worker.
 */
export async function closeRenderer(): Promise<void> {
  const stopping = slots.splice(0);
  const lost = stopping.flatMap((s) => [...s.pending.values()]);
  for (const s of stopping) s.pending.clear();
  await Promise.all(stopping.map((s) => s.worker.terminate()));
  await Promise.all(lost.map((p) => renderJobInThread(p.job).then(p.resolve, p.reject)));
}

/** For tests: the first running worker, if any. */
export const currentRenderWorker = (): Worker | null => slots[0]?.worker ?? null;

/** For tests and the bench: how many workers are running. */
export const runningRenderWorkers = (): number => slots.length;
