import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native modules (canvas, libsql) are not safe to share between worker threads.
    pool: 'forks',
    // vitest's default is one worker per core minus one: a single worker on a 2-core CI machine,
    // idle while a file waits on child processes, PostgreSQL, the Discord double or a bot's
    // timers. Two files at once fill those waits (`--maxWorkers=1` runs one at a time).
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
