import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_PLATFORM_KEY } from '../fixtures';
import { spawnNextStart, waitForHttp, type SpawnedServer } from '../helpers';

/**
 * Two `next start` instances with REDIS_URL share their rate-limit counters, and neither believes
 * a client's X-Forwarded-For: the key is the socket address that instrumentation.ts stamps on every
 * request. Needs the Redis at 127.0.0.1:6379 (or E2E_REDIS_URL).
 */
test.describe.configure({ mode: 'serial' });

const REDIS_URL = process.env.E2E_REDIS_URL || 'redis://127.0.0.1:6379';
const LIMIT = 6;

let a: SpawnedServer;
let b: SpawnedServer;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const env = {
    PGLITE_DATA_DIR: 'memory://',
    PLATFORM_ADMIN_KEY: E2E_PLATFORM_KEY,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    REDIS_URL,
    RATE_LIMIT_KEY_PREFIX: `bp-e2e-${randomBytes(6).toString('hex')}`,
    RATE_LIMIT_DEFAULT_MAX: String(LIMIT),
    RATE_LIMIT_DEFAULT_WINDOW_SECONDS: '60',
    // this spec is about the counters being shared. A Redis command slower than the 100 ms default is
    // decided by the in-memory limiter, by design. That fallback has its own test
    // (tests/integration/faults-redis.test.ts). On a loaded CI machine one command took longer than
    // 100 ms: its instance answered from its own memory (r=5) while Redis still counted the request
    // (the next answer had r=1).
    REDIS_COMMAND_TIMEOUT_MS: '5000',
  };
  [a, b] = await Promise.all([spawnNextStart(env), spawnNextStart(env)]);
  // warm-up: the requests that arrive before start-up is done are served under an "unknown" client
  await Promise.all([waitForHttp(`http://127.0.0.1:${a.port}/api/health`, 90_000, a), waitForHttp(`http://127.0.0.1:${b.port}/api/health`, 90_000, b)]);
});

test.afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
});

async function hit(server: SpawnedServer, headers: Record<string, string> = {}) {
  const res = await fetch(`http://127.0.0.1:${server.port}/api/unknown-route`, { headers });
  const remaining = /;r=(\d+);/.exec(res.headers.get('ratelimit') ?? '')?.[1];
  return {
    status: res.status,
    remaining: remaining === undefined ? null : Number(remaining),
    policy: res.headers.get('ratelimit-policy'),
    body: (await res.json()) as { code: number; message: string; data: { error: string } },
    retryAfter: res.headers.get('retry-after'),
  };
}

/** A request from another loopback address (127.0.0.2): another client as far as the socket goes. */
function hitFrom(server: SpawnedServer, localAddress: string): Promise<{ status: number; limit: string | undefined }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port: server.port, path: '/api/unknown-route', localAddress, agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, limit: res.headers.ratelimit as string | undefined }));
      })
      .on('error', reject);
  });
}

test('the two instances count one budget per client through Redis; spoofed X-Forwarded-For does not reset it', async () => {
  const first = await hit(a);
  expect(first.status).toBe(404);
  expect(first.policy).toBe(`"default";q=${LIMIT};w=60`);
  const start = first.remaining!;
  // every further request, alternating instances and inventing a new X-Forwarded-For each time,
  // takes one from the same budget
  const seen: Array<number | null> = [];
  for (let i = 1; i <= start; i++) {
    const res = await hit(i % 2 ? b : a, { 'X-Forwarded-For': `203.0.113.${i}` });
    expect(res.status).toBe(404);
    seen.push(res.remaining);
  }
  expect(seen).toEqual(Array.from({ length: start }, (_, i) => start - i - 1));
  for (const server of [a, b]) {
    const limited = await hit(server, { 'X-Forwarded-For': '198.51.100.200' });
    expect({ status: limited.status, body: limited.body, remaining: limited.remaining }).toEqual({
      status: 429,
      body: { code: 429, message: 'too many requests', data: { error: 'RATE_LIMITED', details: `retry after ${limited.retryAfter} seconds` } },
      remaining: 0,
    });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);
    expect(Number(limited.retryAfter)).toBeLessThanOrEqual(60);
  }
});

test('the key is the socket address: another client address has its own budget on both instances', async () => {
  // 127.0.0.1 has used up its budget in the test above; 127.0.0.2 is a new client to both instances
  expect((await hit(a)).status).toBe(429);
  expect(await hitFrom(a, '127.0.0.2')).toEqual({ status: 404, limit: `"default";r=${LIMIT - 1};t=60` });
  expect(await hitFrom(b, '127.0.0.2')).toMatchObject({ status: 404, limit: expect.stringMatching(new RegExp(`^"default";r=${LIMIT - 2};t=\\d+$`)) });
});
