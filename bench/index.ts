/**
 * `npm run bench`: every benchmark of the project, one after the other, printing numbers.
 * Each file of this folder is one part (its default export runs it); each is also runnable
 * alone (`npx tsx bench/<part>.ts`). `npm run bench -- engine turn` runs only those parts; a part
 * that exports `onlyWhenNamed` (the hour-long soak) runs only when named.
 */
import { readdirSync } from 'node:fs';

const dir = new URL('./', import.meta.url);
const wanted = process.argv.slice(2);
const parts = readdirSync(dir).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3))
  .filter((p) => wanted.length === 0 || wanted.includes(p)).sort();
for (const part of parts) {
  const mod = (await import(new URL(`./${part}.ts`, dir).href)) as { default?: () => Promise<void>; onlyWhenNamed?: boolean };
  // A part that runs for an hour (soak) runs only when named.
  if (mod.onlyWhenNamed && !wanted.includes(part)) continue;
  process.stdout.write(`\n== ${part} ==\n`);
  if (typeof mod.default === 'function') await mod.default();
}
