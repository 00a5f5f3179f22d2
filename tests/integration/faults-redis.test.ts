import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { redisState } from '@/lib/db/redis';
import { connectRateLimitStore, consumeRateLimit, resetRateLimits } from '@/lib/http/rate-limit';
import { ownRedis, type OwnRedis } from '../e2e/fault-services';

/**
 * Issue 14, case 9 at the rate limiter itself: with REDIS_URL set and Redis stopped, each decision
 * comes from the in-memory insurance limiter within 100 ms (before: commands queued while ioredis
 * reconnected, and requests waited 10 s and more); when Redis returns, the counters go back to it.
 * Starts its own redis-server on a free port; the machine's shared Redis is never touched.
 */
const FAILOVER_BOUND_MS = 100;
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
  resetEnvCache();
  resetRateLimits();
  expect(await connectRateLimitStore()).toBe('ok');
}, 30_000);

afterAll(async () => {
  await redis?.stop();
  delete process.env.REDIS_URL;
  delete process.env.RATE_LIMIT_KEY_PREFIX;
  delete process.env.RATE_LIMIT_DEFAULT_MAX;
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

  it('answers every decision from process memory within the bound while Redis is stopped, and says degraded', async () => {
    await redis.stop();
    // the first decisions race the connection's close: they are bounded too
    const during = [...(await decisions(200)), ...(await new Promise<Array<{ ms: number; allowed: boolean }>>((r) => setTimeout(() => r(decisions(200)), 500)))];
    expect(during).toHaveLength(400);
    expect(during.filter((d) => !d.allowed)).toEqual([]);
    expect(during.filter((d) => d.ms > FAILOVER_BOUND_MS).map((d) => Math.round(d.ms))).toEqual([]);
    expect(redisState()?.status).toBe('degraded');
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
