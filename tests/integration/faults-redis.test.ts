import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { redisState } from '@/lib/db/redis';
import { connectRateLimitStore, consumeRateLimit, resetRateLimits } from '@/lib/http/rate-limit';
import { ownRedis, type OwnRedis } from '../e2e/fault-services';

/**
 * Issue 14, case 9 at the rate limiter itself: with REDIS_URL set and Redis stopped, each decision
 * comes from the in-memory insurance limiter at once (before: commands queued while ioredis
 * reconnected, and requests waited 10 s and more); when Redis returns, the counters go back to it.
 * Starts its own redis-server on a free port; the machine's shared Redis is never touched.
 *
 * "At once" is asserted as a behaviour, not as a time that depends on the machine: Redis stays
 * stopped until every decision has been answered, so none waited for its return; and the command
 * timeout is set to its largest value, 10 s (100 ms in production), which no decision reaches, so
 * none waited for a timeout either: the limiter knew the connection was gone. What a fail-over
 * decision costs in time is measured by the bench (npm run bench -- rate-limit, "limiter alone,
 * Redis down").
 */
const COMMAND_TIMEOUT_MS = 10_000;
const prefix = `bp-rl-failover-${process.pid}`;
let redis: OwnRedis;

/** Sends `count` decisions, `concurrency` at a time, and returns each one's duration. */
async function decisions(count: number, concurrency = 8): Promise<Array<{ ms: number; allowed: boolean }>> {
  const out: Array<{ ms: number; allowed: boolean }> = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const started = performance.now();
        const decision = await consumeRateLimit('default', `client-${i % 4}`);
        out.push({ ms: performance.now() - started, allowed: decision.allowed });
      }
    }),
  );
  return out;
}

/** Our counters in Redis, read over a connection of the test's own. */
async function keysInRedis(): Promise<number> {
  const client = new Redis(redis.url, { maxRetriesPerRequest: 0 });
  try {
    return (await client.keys(`${prefix}:*`)).length;
  } finally {
    client.disconnect();
  }
}

beforeAll(async () => {
  redis = await ownRedis();
  process.env.REDIS_URL = redis.url;
  process.env.RATE_LIMIT_KEY_PREFIX = prefix;
  process.env.RATE_LIMIT_DEFAULT_MAX = '1000000';
  process.env.REDIS_COMMAND_TIMEOUT_MS = String(COMMAND_TIMEOUT_MS);
  resetEnvCache();
  resetRateLimits();
  expect(await connectRateLimitStore()).toBe('ok');
}, 30_000);

afterAll(async () => {
  await redis?.stop();
  delete process.env.REDIS_URL;
  delete process.env.RATE_LIMIT_KEY_PREFIX;
  delete process.env.RATE_LIMIT_DEFAULT_MAX;
  delete process.env.REDIS_COMMAND_TIMEOUT_MS;
  resetEnvCache();
  resetRateLimits();
});

describe('rate limits while Redis is down', () => {
  it('counts in Redis while it is up', async () => {
    const before = await decisions(40);
    expect(before.every((d) => d.allowed)).toBe(true);
    expect(await keysInRedis()).toBe(4);
    expect(redisState()).toEqual({ status: 'ok', connection: 'ready' });
  });

  it('answers every decision from process memory while Redis is stopped, waiting neither for its return nor for a timeout, and says degraded', async () => {
    await redis.stop();
    // the first decisions race the connection's close; the later ones find it closed
    const during = [...(await decisions(200)), ...(await new Promise<Array<{ ms: number; allowed: boolean }>>((r) => setTimeout(() => r(decisions(200)), 500)))];
    expect(during).toHaveLength(400);
    expect(during.filter((d) => !d.allowed)).toEqual([]);
    // none waited for the command timeout (a decision that did took at least that long)
    expect(during.filter((d) => d.ms >= COMMAND_TIMEOUT_MS).map((d) => Math.round(d.ms))).toEqual([]);
    expect(redisState()?.status).toBe('degraded');
    console.log(`fail-over decisions while Redis was down: slowest ${Math.round(Math.max(...during.map((d) => d.ms)))} ms (a figure, not a bound)`);
  });

  it('goes back to Redis when it returns, without a restart', async () => {
    await redis.start();
    await expect.poll(() => redisState()?.status, { timeout: 10_000, interval: 100 }).toBe('ok');
    // Redis restarted empty (no persistence): the keys below are written by the limiter after its return
    expect(await keysInRedis()).toBe(0);
    const after = await decisions(40);
    expect(after.every((d) => d.allowed)).toBe(true);
    expect(await keysInRedis()).toBe(4);
  });
});
