/**
 * A pool of one render worker, so drawing and encoding (tens of ms for a map) never block the
 * bot's event loop. Started on the first render, restarted after it dies; while idle it is
 * unref'd, so it never keeps the process alive. `closeRenderer()` stops it (bot shutdown).
 *
 * The worker runs the TypeScript sources: when its entry is a .ts file, a small bootstrap
 * registers tsx's loader in the worker first (under vitest no Node loader is inherited).
 */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
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

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();
/** Consecutive deaths without a finished job: past the limit, render in-thread rather than loop. */
let deaths = 0;
const MAX_DEATHS = 3;

function start(): Worker {
  const w = new Worker(BOOT, { eval: true, workerData: { entry, tsx: tsxApi() } });
  w.on('message', (msg: ReplyMessage | { ready: true }) => {
    if ('ready' in msg) return;
    const p = pending.get(msg.id);
    if (!p) return;
    pending.delete(msg.id);
    deaths = 0;
    if ('error' in msg) p.reject(new Error(msg.error));
    else p.resolve({ png: Buffer.from(msg.png), width: msg.width, height: msg.height });
    if (pending.size === 0) w.unref();
  });
  const died = (why: Error | number) => {
    if (worker !== w) return;
    worker = null;
    deaths++;
    // The jobs it held are drawn here instead: a late picture beats a missing one.
    const lost = [...pending.values()];
    pending.clear();
    for (const p of lost) renderJobInThread(p.job).then(p.resolve, p.reject);
    if (typeof why !== 'number') process.emitWarning(`render worker died: ${why.message}`);
  };
  w.on('error', died);
  w.on('exit', (code) => died(code));
  w.unref();
  return w;
}

/** Runs a render job in the worker (the in-thread fallback if the worker keeps dying). */
export function runJob(job: RenderJob): Promise<EncodedPicture> {
  if (deaths >= MAX_DEATHS) return renderJobInThread(job);
  worker ??= start();
  const w = worker;
  const id = nextId++;
  return new Promise<EncodedPicture>((resolve, reject) => {
    pending.set(id, { job, resolve, reject });
    w.ref(); // a job in flight keeps the process alive until its picture arrives
    const msg: JobMessage = { id, job };
    w.postMessage(msg);
  });
}

/**
 * Stops the render worker (for the bot's shutdown). Jobs still in flight are finished in
 * this thread; a later render starts a new worker.
 */
export async function closeRenderer(): Promise<void> {
  const w = worker;
  if (!w) return;
  worker = null;
  const lost = [...pending.values()];
  pending.clear();
  await w.terminate();
  await Promise.all(lost.map((p) => renderJobInThread(p.job).then(p.resolve, p.reject)));
}

/** For tests: the running worker, if any. */
export const currentRenderWorker = (): Worker | null => worker;
