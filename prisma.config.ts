/**
 * Prisma CLI configuration. Here only `prisma generate` (run by `postinstall`, for both schemas)
 * is used: the migrations are applied by src/store/migrate.ts at start-up, because the schema
 * engine that `prisma migrate` needs cannot be downloaded on these machines. Where it can,
 * `prisma migrate deploy` applies the same migrations: DATABASE_URL picks the provider's
 * schema and migrations folder.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// `prisma generate` tries to download the schema-engine binary before it starts, though it
// never runs it; pointing the variable at any existing file skips that download (see
// ../shared/notes/offline-stack.md). A real engine set by the environment is kept.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);

const url = process.env.DATABASE_URL ?? 'file:data/fence.db';
const folder = /^postgres(ql)?:\/\//.test(url) ? 'prisma/postgresql' : 'prisma';

export default defineConfig({
  schema: `${folder}/schema.prisma`,
  migrations: { path: `${folder}/migrations` },
  datasource: { url },
});
