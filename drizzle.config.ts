import { defineConfig } from 'drizzle-kit';

// Migrations are generated from lib/db/schema and committed; both drivers (PGlite and node-postgres)
// apply the very same files.
export default defineConfig({
  dialect: 'postgresql',
  schema: './lib/db/schema/index.ts',
  out: './lib/db/migrations',
  strict: true,
  verbose: true,
});
