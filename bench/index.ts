/**
 * `npm run bench`: every benchmark of the project, one after the other, printing numbers.
 * Each file of this folder is one part (its default export runs it); each is also runnable
 * alone (`npx tsx bench/<part>.ts`). `npm run bench -- engine turn` runs only those parts.
 */
import { readdirSync } from 'node:fs';

const dir = new URL('./', import.meta.url);
const wanted = process.argv.slice(2);
const parts = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3))
  .filter((p) => wanted.length === 0 || wanted.includes(p)).sort();
for (const part of parts) {
  process.stdout.write(`\n== ${part} ==\n`);
  const mod = (await import(new URL(`./${part}.ts`, dir).href)) as { default?: () => Promise<void> };
  if (typeof mod.default === 'function') await mod.default();
}
