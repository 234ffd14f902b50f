/**
 * Prisma CLI configuration. Only `prisma generate` (run by `postinstall`) is used here: the
 * migrations are applied by src/store/migrate.ts at start-up, because the schema engine
 * that `prisma migrate` needs cannot be downloaded on these machines.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'prisma/config';

// `prisma generate` tries to download the schema-engine binary before it starts, though it
// never runs it; pointing the variable at any existing file skips that download (see
// ../shared/notes/offline-stack.md). A real engine set by the environment is kept.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= fileURLToPath(import.meta.url);

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'file:data/fence.db' },
});
