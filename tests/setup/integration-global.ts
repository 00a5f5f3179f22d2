import pg from 'pg';

/**
 * With DATABASE_URL set, integration tests run on real PostgreSQL: this creates one template
 * database with the migrations applied, and every test file clones it (tests/setup/integration.ts).
 * Without DATABASE_URL each test file opens its own in-memory PGlite and nothing is needed here.
 */
export default async function setup(): Promise<(() => Promise<void>) | void> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) return;
  const prefix = `bp_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tmpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, template);
  process.env.DATABASE_URL = templateUrl;
  const { openDatabase } = await import('../../lib/db/client');
  const database = await openDatabase({ url: templateUrl, poolMax: 1 });
  await database.migrate();
  await database.close();
  process.env.DATABASE_URL = adminUrl;

  process.env.BP_TEST_ADMIN_DATABASE_URL = adminUrl;
  process.env.BP_TEST_TEMPLATE_DATABASE = template;
  process.env.BP_TEST_DATABASE_PREFIX = prefix;

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>('select datname from pg_database where datname like $1', [`${prefix}%`]);
    for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    await client.end();
  };
}

export function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}
