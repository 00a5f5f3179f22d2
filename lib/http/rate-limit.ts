import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { clock } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/log';
import { tooManyRequests } from './errors';

/**
 * A fixed-window counter in process memory, keyed by whatever the caller chooses (tenant + client
 * IP for sign-ins). Several instances do not share it; the rate-limit issue moves it to Redis.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly max: () => number,
    private readonly windowSeconds: () => number,
  ) {}

  /** Counts one hit; throws 429 with Retry-After when the window is full. */
  hit(key: string): void {
    const now = clock.now().getTime();
    const windowMs = this.windowSeconds() * 1000;
    let entry = this.windows.get(key);
    if (!entry || now - entry.start >= windowMs) {
      entry = { start: now, count: 0 };
      this.windows.set(key, entry);
      if (this.windows.size > 50_000) this.sweep(now, windowMs);
    }
    entry.count += 1;
    if (entry.count > this.max()) throw tooManyRequests((entry.start + windowMs - now) / 1000);
  }

  reset(): void {
    this.windows.clear();
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, entry] of this.windows) if (now - entry.start >= windowMs) this.windows.delete(key);
  }
}

// ---------------------------------------------------------------------------------------------
// Route-class limits of every API route (createRoute's `rateLimit` option)
// ---------------------------------------------------------------------------------------------

/** The route classes; each has its own limit and window (RATE_LIMIT_<CLASS>_MAX / _WINDOW_SECONDS). */
export const RATE_LIMIT_CLASSES = ['default', 'login', 'registration', 'webhooks', 'card'] as const;
export type RateLimitClass = (typeof RATE_LIMIT_CLASSES)[number];

export interface RateLimitPolicy {
  name: RateLimitClass;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  policy: RateLimitPolicy;
  allowed: boolean;
  remaining: number;
  /** seconds until the window resets */
  resetSeconds: number;
}

export function rateLimitPolicy(name: RateLimitClass): RateLimitPolicy {
  const env = getEnv();
  const table: Record<RateLimitClass, [number, number]> = {
    default: [env.RATE_LIMIT_DEFAULT_MAX, env.RATE_LIMIT_DEFAULT_WINDOW_SECONDS],
    login: [env.RATE_LIMIT_LOGIN_MAX, env.RATE_LIMIT_LOGIN_WINDOW_SECONDS],
    registration: [env.RATE_LIMIT_REGISTRATION_MAX, env.RATE_LIMIT_REGISTRATION_WINDOW_SECONDS],
    webhooks: [env.RATE_LIMIT_WEBHOOKS_MAX, env.RATE_LIMIT_WEBHOOKS_WINDOW_SECONDS],
    card: [env.RATE_LIMIT_CARD_MAX, env.RATE_LIMIT_CARD_WINDOW_SECONDS],
  };
  const [limit, windowSeconds] = table[name];
  return { name, limit, windowSeconds };
}

type Limiter = RateLimiterMemory | RateLimiterRedis;
const store = globalThis as unknown as { __bpRateLimiters?: Map<string, Limiter>; __bpRedis?: { url: string; client: Redis } };

function redisClient(url: string): Redis {
  if (store.__bpRedis?.url !== url) {
    store.__bpRedis?.client.disconnect();
    // lazyConnect off, few retries: a request must not hang on a dead Redis (the insurance limiter answers)
    const client = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: true, connectTimeout: 2_000 });
    client.on('error', (err: Error) => logger().warn({ err: err.message }, 'redis unavailable: rate limits fall back to process memory'));
    store.__bpRedis = { url, client };
  }
  return store.__bpRedis.client;
}

function limiterFor(policy: RateLimitPolicy): Limiter {
  const { REDIS_URL: redisUrl, RATE_LIMIT_KEY_PREFIX: prefix } = getEnv();
  const id = `${prefix}:${policy.name}:${policy.limit}:${policy.windowSeconds}:${redisUrl ?? 'memory'}`;
  const limiters = (store.__bpRateLimiters ??= new Map());
  let limiter = limiters.get(id);
  if (!limiter) {
    const options = { keyPrefix: `${prefix}:${policy.name}`, points: policy.limit, duration: policy.windowSeconds };
    limiter = redisUrl
      ? new RateLimiterRedis({ ...options, storeClient: redisClient(redisUrl), insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(id, limiter);
  }
  return limiter;
}

/** Counts one request of `key` against the class's limit. Never throws for a full window: look at `allowed`. */
export async function consumeRateLimit(name: RateLimitClass, key: string): Promise<RateLimitDecision> {
  const policy = rateLimitPolicy(name);
  try {
    const res = await limiterFor(policy).consume(key, 1);
    return { policy, allowed: true, remaining: res.remainingPoints, resetSeconds: Math.ceil(res.msBeforeNext / 1000) };
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) {
      return { policy, allowed: false, remaining: 0, resetSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
    }
    // the store failed and so did the insurance limiter: serve the request rather than fail it
    logger().error({ err: rejection, policy: policy.name }, 'rate limiter failed; request let through');
    return { policy, allowed: true, remaining: policy.limit, resetSeconds: policy.windowSeconds };
  }
}

/** The IETF draft-ietf-httpapi-ratelimit-headers fields of a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const { policy } = decision;
  return {
    'RateLimit-Policy': `"${policy.name}";q=${policy.limit};w=${policy.windowSeconds}`,
    RateLimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}

/** Forget every in-memory counter (tests). Redis counters expire with their window. */
export function resetRateLimits(): void {
  store.__bpRateLimiters?.clear();
}
