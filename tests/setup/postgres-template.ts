import pg from 'pg';

/**
 * Integration tests on PostgreSQL (vitest globalSetup of the integration-postgres project): one
 * template database with the migrations applied, beside the database DATABASE_URL names; every test
 * file clones it (tests/setup/integration.ts) and drops its clone when done.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    throw new Error('the integration-postgres project runs on PostgreSQL: set DATABASE_URL (e.g. postgresql://postgres@127.0.0.1:5432/test); its test databases are created beside that one');
  }
  const prefix = `bp_test_${process.pid}_${Date.now().toString(36)}`;
  const template = `${prefix}_tmpl`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();

  const templateUrl = withDatabase(adminUrl, template);
  const { openDatabase } = await import('../../lib/db/client');
  const database = await openDatabase({ url: templateUrl, poolMax: 1 });
  await database.migrate();
  await database.close();

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
