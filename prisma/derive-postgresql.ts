/**
 * prisma/schema.prisma is the one source of the models. Prisma needs one schema per database
 * provider, so the PostgreSQL schema is derived from it: same models, another provider, and a
 * client generated into a folder of its own. test/store/postgres-schema.test.ts fails when the
 * committed file is not what this script writes.
 * Usage (after editing schema.prisma): npx tsx prisma/derive-postgresql.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

export const SQLITE_SCHEMA = new URL('./schema.prisma', import.meta.url);
export const POSTGRES_SCHEMA = new URL('./postgresql/schema.prisma', import.meta.url);

const HEADER = `// GENERATED from ../schema.prisma by prisma/derive-postgresql.ts: edit that file, then run
// \`npx tsx prisma/derive-postgresql.ts\`. Migrations for this provider are in ./migrations.
`;

/** Replaces exactly one occurrence, so that a change to the source schema cannot slip through unnoticed. */
function replaceOnce(text: string, from: RegExp, to: string): string {
  const hits = text.match(new RegExp(from.source, `${from.flags.replace('g', '')}g`))?.length ?? 0;
  if (hits !== 1) throw new Error(`schema.prisma: expected one match of ${from} to derive the PostgreSQL schema, found ${hits}`);
  return text.replace(from, to);
}

export function derivePostgresSchema(sqlite: string): string {
  let out = sqlite.replace(/^(\/\/[^\n]*\n)+\n/, '');
  out = replaceOnce(out, /provider\s*=\s*"sqlite"/, 'provider = "postgresql"');
  // The output folder is relative to the schema file, one folder deeper here.
  out = replaceOnce(out, /output(\s*)=\s*"\.\.\/generated\/prisma"/, 'output$1= "../../generated/prisma-pg"');
  return HEADER + '\n' + out;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(POSTGRES_SCHEMA, derivePostgresSchema(readFileSync(SQLITE_SCHEMA, 'utf8')));
  process.stdout.write(`wrote ${POSTGRES_SCHEMA.pathname}\n`);
}
