import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, vi } from 'vitest';
import { setClock } from '@/lib/clock';
import { resetEnvCache } from '@/lib/env';
import { closeDatabase, database, startMemoryDatabasesFrom } from '@/lib/db/client';
import { withDatabase } from './postgres-template';

/**
 * Per test file: its own database, on the driver its vitest project names (BP_TEST_DRIVER, see
 * vitest.config.ts): `pglite`, an in-memory PGlite started from the run's migrated snapshot
 * (tests/setup/pglite-snapshot.ts); `postgres`, a fresh PostgreSQL database cloned from the
 * migrated template (tests/setup/postgres-template.ts), dropped when the file is done.
 */
export const TEST_PLATFORM_KEY = 'test-platform-key-0123456789abcdef0123456789';

// On PGlite the files of a worker share its modules (vitest.config.ts, `isolate`), so what a file
// changes for its own tests is put back when it ends: the environment as it was before this setup,
// mocks and spies, the clock. Each file still gets its own database below.
const environmentBefore = { ...process.env };

process.env.LOG_LEVEL = process.env.TEST_LOG_LEVEL ?? 'silent';
process.env.PLATFORM_ADMIN_KEY = TEST_PLATFORM_KEY;
process.env.SEED_DEMO = 'false';
// every statement compiled by both walks, any difference a failure (lib/db/compile-sql.ts)
process.env.DATABASE_COMPILE_CHECK = 'true';
// in-process calls have no socket address and share one rate-limit bucket per tenant: the route-class
// limits have their own tests (tests/integration/rate-limit.test.ts), which lower these
for (const cls of ['DEFAULT', 'LOGIN', 'REGISTRATION', 'WEBHOOKS', 'CARD']) process.env[`RATE_LIMIT_${cls}_MAX`] = '1000000';

const driver = process.env.BP_TEST_DRIVER;
const adminUrl = process.env.BP_TEST_ADMIN_DATABASE_URL;
const template = process.env.BP_TEST_TEMPLATE_DATABASE;
let fileDatabase: string | undefined;

if (driver === 'postgres') {
  if (!adminUrl || !template) throw new Error('no PostgreSQL template database: tests/setup/postgres-template.ts must run first (vitest globalSetup)');
  fileDatabase = `${process.env.BP_TEST_DATABASE_PREFIX}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${fileDatabase}" template "${template}"`);
  await admin.end();
  process.env.DATABASE_URL = withDatabase(adminUrl, fileDatabase);
} else if (driver === 'pglite') {
  delete process.env.DATABASE_URL;
  process.env.PGLITE_DATA_DIR = 'memory://';
  startMemoryDatabasesFrom(process.env.BP_TEST_PGLITE_SNAPSHOT);
} else {
  throw new Error(`BP_TEST_DRIVER is ${driver ?? 'unset'}: an integration project names its database, pglite or postgres (vitest.config.ts)`);
}
resetEnvCache();

// Open (and migrate) the file's database up front, under the hook timeout: on a busy machine
// starting a PGlite takes seconds, which must not count against the first test's timeout.
beforeAll(async () => {
  await database();
});

afterAll(async () => {
  await closeDatabase();
  for (const name of Object.keys(process.env)) if (!(name in environmentBefore)) delete process.env[name];
  Object.assign(process.env, environmentBefore);
  resetEnvCache();
  vi.restoreAllMocks();
  setClock(null);
  if (adminUrl && fileDatabase) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists "${fileDatabase}" with (force)`);
    await admin.end();
  }
});
