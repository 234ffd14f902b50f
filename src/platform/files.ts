/**
 * Where the bot's files are, the same from the TypeScript sources (tsx, vitest: this file is
 * src/platform/files.ts) and from the compiled build (`npm run build`: dist/src/platform/files.js).
 * Data read at run time (fonts, migrations) stays in the project's own folders, not copied to
 * dist/; modules loaded by URL (a game's drawings, the render worker, a shard's script) are
 * named in the form of the module that loads them.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const compiled = !import.meta.url.endsWith('.ts');

/** The project's folder (where package.json, assets/ and prisma/ are). */
export const PROJECT_ROOT = fileURLToPath(new URL(compiled ? '../../../' : '../../', import.meta.url));

/** A path inside the project's folder, e.g. `projectPath('assets/fonts')`. */
export function projectPath(relative: string): string {
  return join(PROJECT_ROOT, relative);
}

/**
 * The URL of a module beside `importer` (its `import.meta.url`), given as the source names it
 * (`./draw/index.ts`): the .ts file under tsx, the .js file tsc wrote for it once compiled.
 */
export function moduleBeside(relative: string, importer: string): string {
  const url = new URL(relative, importer);
  if (!importer.endsWith('.ts')) url.pathname = url.pathname.replace(/\.ts$/, '.js');
  return url.href;
}
