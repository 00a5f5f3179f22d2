import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_DEMO_PASSWORD, E2E_PLATFORM_KEY, E2E_PRODUCTION_SECRETS, postgresUrl } from '../../fixtures';
import { STACK_LINE, spawnNextStart, waitForHttp, type SpawnedServer } from '../../helpers';

/**
 * Issue 14, case 8: production is safe by default. A production start (server/main.mjs, as
 * `npm start`) on an empty database creates no tenant and prints no credential; the demo tenant
 * comes only when asked for (SEED_DEMO=true), and even then no secret reaches the output. A missing
 * production setting stops the start with one line. Uses scratch databases on the machine's
 * PostgreSQL of DATABASE_URL (tests/e2e/api/postgres/).
 */
test.describe.configure({ mode: 'serial' });

const ADMIN_URL = postgresUrl();

async function admin<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bp_e2e_prod_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 6)}`;
  await admin(ADMIN_URL, (c) => c.query(`create database "${name}"`));
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(ADMIN_URL, (c) => c.query(`drop database if exists "${name}" with (force)`)).then(() => undefined) };
}

async function tenantsIn(url: string): Promise<Array<{ name: string }>> {
  return admin(url, async (c) => (await c.query<{ name: string }>('select name from tenants order by name')).rows);
}

async function started(env: Record<string, string>): Promise<SpawnedServer> {
  const server = await spawnNextStart({ PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY, LOG_LEVEL: 'info', ...env });
  await waitForHttp(`http://127.0.0.1:${server.port}/api/health`, 90_000, server);
  return server;
}

test('an empty database started in production gets no tenant, and the banner says how to create one', async () => {
  test.setTimeout(120_000);
  const db = await scratchDatabase();
  let server: SpawnedServer | undefined;
  try {
    server = await started({ DATABASE_URL: db.url });
    expect(await tenantsIn(db.url)).toEqual([]);
    const output = server.stdout() + server.stderr();
    expect(output).toContain('mode: production (public URL http://127.0.0.1:');
    expect(output).toContain('demo tenant off');
    expect(output).toContain('No tenant yet: create the first one with `npm run tenant:create` or POST /api/v2.1/tenants/registration');
    expect(output).not.toMatch(/tenantSecret|tenantKey|password:/);
  } finally {
    await server?.stop();
    await db.drop();
  }
});

test('SEED_DEMO=true in production creates the demo tenant but prints no credential', async () => {
  test.setTimeout(120_000);
  const db = await scratchDatabase();
  let server: SpawnedServer | undefined;
  try {
    server = await started({ DATABASE_URL: db.url, SEED_DEMO: 'true', DEMO_ADMIN_PASSWORD: E2E_DEMO_PASSWORD });
    expect(await tenantsIn(db.url)).toEqual([{ name: 'Demo Bank' }]);
    const output = server.stdout() + server.stderr();
    expect(output).toContain('production: SEED_DEMO=true creates the demo tenant in an empty database');
    expect(output).toContain('Demo tenant created (production: its credentials are not printed; sign in with DEMO_ADMIN_PASSWORD):');
    expect(output).not.toMatch(/tenantSecret|tenantKey/);
    expect(output).not.toContain(E2E_DEMO_PASSWORD);
    expect(output).not.toContain(E2E_PRODUCTION_SECRETS.AUTH_SECRET);
    expect(output).not.toContain(E2E_PLATFORM_KEY);
  } finally {
    await server?.stop();
    await db.drop();
  }
});

const refusals: Array<[string, Record<string, string>, string]> = [
  [
    'NEXTAUTH_URL',
    { NEXTAUTH_URL: '' },
    'Invalid environment: NEXTAUTH_URL is required when NODE_ENV=production: the public URL of this server, e.g. https://bank.example.com (panel sign-in redirects and the same-origin check)',
  ],
  ['AUTH_SECRET', { AUTH_SECRET: '' }, 'Invalid environment: AUTH_SECRET is required when NODE_ENV=production: at least 32 random characters (openssl rand -base64 32)'],
  [
    'WEBHOOK_ENCRYPTION_KEY',
    { WEBHOOK_ENCRYPTION_KEY: '' },
    'Invalid environment: WEBHOOK_ENCRYPTION_KEY is required when NODE_ENV=production: the base64 of 32 random bytes (openssl rand -base64 32)',
  ],
  [
    'CARD_PROCESSOR_URL (or CARD_PROCESSOR_SANDBOX=true)',
    { CARD_PROCESSOR_SANDBOX: '' },
    'Invalid environment: CARD_PROCESSOR_URL is required when NODE_ENV=production: the base URL of the card processor (or CARD_PROCESSOR_SANDBOX=true to serve the card API from the built-in sandbox, test cards only)',
  ],
  [
    'DEMO_ADMIN_PASSWORD with SEED_DEMO=true',
    { SEED_DEMO: 'true' },
    'Invalid environment: DEMO_ADMIN_PASSWORD is required with SEED_DEMO=true when NODE_ENV=production (no credential is printed in production)',
  ],
];
for (const [what, env, line] of refusals) {
  test(`a production start without ${what} stops with one line`, async () => {
    test.setTimeout(60_000);
    const server = await spawnNextStart({ PGLITE_DATA_DIR: 'memory://', ...env });
    try {
      const code = await Promise.race([server.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 45_000))]);
      expect(code, server.stderr()).toBe(1);
      expect(
        server
          .stderr()
          .split('\n')
          .filter((l) => l.trim()),
      ).toEqual([line]);
      expect(server.stderr()).not.toMatch(STACK_LINE);
    } finally {
      await server.stop();
    }
  });
}
