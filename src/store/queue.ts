/**
 * Runs tasks one after the other per key, in the order they were queued: two clicks in the
 * same channel must not read the same game version and race. Different keys run in parallel.
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  async run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.#tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => { release = resolve; });
    // The tail only ever resolves (a failed task releases too), so one failure never blocks
    // the tasks queued behind it.
    const tail = previous.then(() => mine);
    this.#tails.set(key, tail);
    await previous;
    try {
      return await task();
    } finally {
      release();
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    }
  }

  /** Keys with a running or waiting task (for tests and diagnostics). */
  get busyKeys(): number {
    return this.#tails.size;
  }
}
