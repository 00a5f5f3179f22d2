import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { IN_CI } from './tests/ci.ts';
import { MAIN_THREAD_FILES, vitestInclude } from './tests/layout.ts';

const root = path.dirname(new URL(import.meta.url).pathname);

/**
 * Projects by where a file lives (tests/layout.ts): unit; integration on PGlite (tests/integration/
 * and tests/integration/database/); integration-main-thread (a few database/ files again with
 * PGLITE_THREAD=false); integration-postgres on PostgreSQL (tests/integration/database/ and
 * tests/integration/postgres/). That last one exists when DATABASE_URL names a PostgreSQL database
 * to create the test databases beside (npm test runs it then), and always with CI=true, where a
 * missing DATABASE_URL fails instead of leaving it out.
 */
const onPostgres = Boolean(process.env.DATABASE_URL) || IN_CI;

function integration(name: string, driver: 'pglite' | 'postgres', include: string[], env: Record<string, string> = {}): TestProjectInlineConfiguration {
  return {
    extends: true,
    test: {
      name,
      include,
      environment: 'node',
      env: { BP_TEST_DRIVER: driver, ...env },
      globalSetup: [driver === 'pglite' ? 'tests/setup/pglite-snapshot.ts' : 'tests/setup/postgres-template.ts'],
      setupFiles: ['tests/setup/integration.ts'],
      testTimeout: 30_000,
      hookTimeout: 60_000,
      // worker threads, not processes: the same suite in a third less CPU (228 s instead of 338 s of
      // user+sys for all integration projects, load 9-12)
      pool: 'threads',
      // On PGlite, a worker's files share its modules instead of loading the app again for each file:
      // the project in 179 s instead of 253 s on a 2-core VM (the import of our modules was 57 s of
      // CPU, the setup 45 s). Each file still opens its own database, and what it changes
      // (environment, mocks, clock) is put back when it ends (tests/setup/integration.ts). The
      // PostgreSQL project keeps a fresh worker per file (its own process.env, modules and globals):
      // its files start worker processes and servers of their own, and it is the smaller one.
      isolate: driver !== 'pglite',
      maxWorkers: 2,
      sequence: { groupOrder: 1 },
    },
  };
}

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: vitestInclude('unit'),
          environment: 'node',
          setupFiles: ['tests/setup/unit.ts'],
          // projects with different maxWorkers need distinct group orders: unit first, then integration
          sequence: { groupOrder: 0 },
        },
      },
      integration('integration', 'pglite', vitestInclude('integration')),
      integration('integration-main-thread', 'pglite', MAIN_THREAD_FILES, { PGLITE_THREAD: 'false' }),
      ...(onPostgres ? [integration('integration-postgres', 'postgres', vitestInclude('integration-postgres'))] : []),
    ],
  },
});
