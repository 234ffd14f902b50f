/**
 * `npm run bench`: every benchmark of the project, one after the other, printing numbers.
 * Each part is also runnable alone (`npx tsx bench/<part>.ts`).
 */
import { existsSync } from 'node:fs';

const parts = ['engine', 'store', 'render', 'turn'] as const;
for (const part of parts) {
  const file = new URL(`./${part}.ts`, import.meta.url);
  if (!existsSync(file)) continue;
  process.stdout.write(`\n== ${part} ==\n`);
  const mod = (await import(file.href)) as { default: () => Promise<void> };
  await mod.default();
}
