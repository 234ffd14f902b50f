import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Native modules (canvas, libsql) are not safe to share between worker threads.
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
