import { Redis } from 'ioredis';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';

/** The Redis connection of the rate limits (REDIS_URL), one per process; the health service reports its state. */
const store = globalThis as unknown as { __bpRedis?: { url: string; client: Redis; up: boolean } };

/**
 * A Redis outage must cost a request nothing: no offline queue (a command while disconnected fails
 * at once), no retries of a command, a command timeout of REDIS_COMMAND_TIMEOUT_MS, and the limiter
 * refuses to wait for a connection that is not ready (rejectIfRedisNotReady). Each of those sends
 * the request to the in-memory insurance limiter. ioredis keeps reconnecting in the background
 * (at most every 2 s), and the Redis limiter is used again as soon as the connection is ready.
 */
export function redisClient(url: string): Redis {
  if (store.__bpRedis?.url !== url) {
    store.__bpRedis?.client.disconnect();
    const env = getEnv();
    const client = new Redis(url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: env.REDIS_COMMAND_TIMEOUT_MS,
      connectTimeout: 2_000,
      retryStrategy: (times) => Math.min(times * 100, 2_000),
    });
    const entry = { url, client, up: false };
    // one line when Redis goes away and one when it returns, not one per reconnection attempt
    client.on('ready', () => {
      if (!entry.up) logger().info('redis connected: rate limits are shared through Redis');
      entry.up = true;
    });
    client.on('error', (err: Error) => {
      if (entry.up) logger().warn({ err: err.message }, 'redis unavailable: rate limits fall back to process memory until it returns');
      entry.up = false;
    });
    client.on('close', () => {
      if (entry.up) logger().warn('redis connection lost: rate limits fall back to process memory until it returns');
      entry.up = false;
    });
    store.__bpRedis = entry;
  }
  return store.__bpRedis.client;
}

/** Redis as the rate limits see it: null when REDIS_URL is unset. */
export function redisState(): { status: 'ok' | 'degraded'; connection: string } | null {
  const url = getEnv().REDIS_URL;
  if (!url) return null;
  const client = redisClient(url);
  return { status: client.status === 'ready' ? 'ok' : 'degraded', connection: client.status };
}
