import { expect, test } from '@playwright/test';
import pg from 'pg';
import { E2E_PLATFORM_KEY, PACKAGE_VERSION, UUID_RE, postgresUrl } from '../../fixtures';
import { spawnNextStart, waitForHttp, type SpawnedServer } from '../../helpers';

/**
 * GET /api/health answers 503 when the database stops answering while the server runs. The server
 * refuses to start without its database (instrumentation.ts), so this starts a second server on a
 * scratch PostgreSQL database and then drops that database under it. Needs PostgreSQL at
 * the server of DATABASE_URL (tests/e2e/api/postgres/).
 */
test.describe.configure({ mode: 'serial' });

const ADMIN_URL = postgresUrl();

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

test('GET /api/health answers 503 while the database is gone, and 200 once it is back', async () => {
  test.setTimeout(90_000);
  const database = `bp_e2e_health_${process.pid}_${Date.now().toString(36)}`;
  await admin((c) => c.query(`create database "${database}"`));
  let server: SpawnedServer | undefined;
  try {
    server = await spawnNextStart({
      DATABASE_URL: withDatabase(ADMIN_URL, database),
      PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'silent',
    });
    const url = `http://127.0.0.1:${server.port}/api/health`;
    await waitForHttp(url, 45_000, server);

    const healthy = await fetch(url);
    expect(healthy.status).toBe(200);
    expect(((await healthy.json()) as { data: { database: unknown } }).data.database).toEqual({
      status: 'ok',
      reachable: true,
      driver: 'postgres',
      latencyMs: expect.any(Number),
    });

    // the database disappears under the running server (its connections are terminated)
    await admin((c) => c.query(`drop database "${database}" with (force)`));

    const res = await fetch(url, { headers: { 'X-Request-ID': 'e2e-health-503' } });
    expect({ status: res.status, body: await res.json() }).toEqual({
      status: 503,
      body: {
        code: 503,
        message: 'service unavailable',
        data: {
          error: 'SERVICE_UNAVAILABLE',
          details: 'the database is not reachable',
          status: 'unavailable',
          database: { status: 'degraded', reachable: false, driver: 'postgres', latencyMs: null, error: 'unreachable' },
          uptimeSeconds: expect.any(Number),
          version: PACKAGE_VERSION,
        },
      },
    });
    expect(res.headers.get('x-request-id')).toBe('e2e-health-503');
    expect(res.headers.get('cache-control')).toBe('no-store');

    // it stays 503 (no cached "ok"), with a fresh request id each time
    const again = await fetch(url);
    expect(again.status).toBe(503);
    expect(again.headers.get('x-request-id')).toMatch(UUID_RE);

    // an empty database with the same name answers the probe again: health recovers without a restart
    await admin((c) => c.query(`create database "${database}"`));
    await expect.poll(async () => (await fetch(url)).status, { timeout: 15_000 }).toBe(200);
  } finally {
    await server?.stop();
    await admin((c) => c.query(`drop database if exists "${database}" with (force)`));
  }
});
