import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { getEnv, type Env } from '@/lib/env';
import { redisClient } from '@/lib/db/redis';
import { logger } from '@/lib/log';
import { tooManyRequests } from '@/lib/contract/api-errors';
import { RATE_LIMIT_CLASSES, type RateLimitClass } from '@/lib/contract/routes/types';

/**
 * The one rate limiter of the platform (docs/developer-api.md, "Rate limits"): fixed windows in
 * process memory, or in Redis when REDIS_URL is set, keyed by the caller's choice of tenant, user
 * and client address (lib/http/client-ip.ts). Two kinds of class share it:
 *
 * - route classes, one per API route (createRoute's `rateLimit` option), keyed per tenant and
 *   client: RATE_LIMIT_<CLASS>_MAX / _WINDOW_SECONDS;
 * - throttles of sign-in and anonymous self sign-up, keyed per tenant and client address:
 *   LOGIN_RATE_LIMIT_* (`signin`) and REGISTRATION_RATE_LIMIT_* (`signup`).
 */

/** The route classes (declared by each route's definition); each has its own limit and window (RATE_LIMIT_<CLASS>_MAX / _WINDOW_SECONDS). */
export { RATE_LIMIT_CLASSES, type RateLimitClass };

/** The throttles: every sign-in endpoint (`signin`) and anonymous self sign-up (`signup`). */
export const THROTTLE_CLASSES = ['signin', 'signup'] as const;
export type ThrottleClass = (typeof THROTTLE_CLASSES)[number];

export type LimiterClass = RateLimitClass | ThrottleClass;

export interface RateLimitPolicy {
  name: LimiterClass;
  limit: number;
  windowSeconds: number;
  /** the value of the RateLimit-Policy header */
  header: string;
  /** its limiter's key among the process's limiters (prefix, class, limit, window, store) */
  limiterId: string;
}

export interface RateLimitDecision {
  policy: RateLimitPolicy;
  allowed: boolean;
  remaining: number;
  /** seconds until the window resets */
  resetSeconds: number;
}

/** The policy of a class, made once per environment (tests change it), with its limiter and its RateLimit-Policy header. */
export function rateLimitPolicy(name: LimiterClass): RateLimitPolicy {
  const env = getEnv();
  const policies = (store.__bpRateLimitPolicies ??= new WeakMap());
  let byClass = policies.get(env);
  if (!byClass) policies.set(env, (byClass = new Map()));
  let policy = byClass.get(name);
  if (!policy) byClass.set(name, (policy = makePolicy(env, name)));
  return policy;
}

function makePolicy(env: Env, name: LimiterClass): RateLimitPolicy {
  const table: Record<LimiterClass, [number, number]> = {
    signin: [env.LOGIN_RATE_LIMIT_MAX, env.LOGIN_RATE_LIMIT_WINDOW_SECONDS],
    signup: [env.REGISTRATION_RATE_LIMIT_MAX, env.REGISTRATION_RATE_LIMIT_WINDOW_SECONDS],
    default: [env.RATE_LIMIT_DEFAULT_MAX, env.RATE_LIMIT_DEFAULT_WINDOW_SECONDS],
    login: [env.RATE_LIMIT_LOGIN_MAX, env.RATE_LIMIT_LOGIN_WINDOW_SECONDS],
    registration: [env.RATE_LIMIT_REGISTRATION_MAX, env.RATE_LIMIT_REGISTRATION_WINDOW_SECONDS],
    webhooks: [env.RATE_LIMIT_WEBHOOKS_MAX, env.RATE_LIMIT_WEBHOOKS_WINDOW_SECONDS],
    card: [env.RATE_LIMIT_CARD_MAX, env.RATE_LIMIT_CARD_WINDOW_SECONDS],
  };
  const [limit, windowSeconds] = table[name];
  const limiterId = `${env.RATE_LIMIT_KEY_PREFIX}:${name}:${limit}:${windowSeconds}:${env.REDIS_URL ?? 'memory'}`;
  return { name, limit, windowSeconds, header: `"${name}";q=${limit};w=${windowSeconds}`, limiterId };
}

type Limiter = RateLimiterMemory | RateLimiterRedis;
const store = globalThis as unknown as { __bpRateLimiters?: Map<string, Limiter>; __bpRateLimitPolicies?: WeakMap<Env, Map<LimiterClass, RateLimitPolicy>> };

function limiterFor(policy: RateLimitPolicy): Limiter {
  const limiters = (store.__bpRateLimiters ??= new Map());
  let limiter = limiters.get(policy.limiterId);
  if (!limiter) {
    const { REDIS_URL: redisUrl, RATE_LIMIT_KEY_PREFIX: prefix } = getEnv();
    const options = { keyPrefix: `${prefix}:${policy.name}`, points: policy.limit, duration: policy.windowSeconds };
    limiter = redisUrl
      ? new RateLimiterRedis({ ...options, storeClient: redisClient(redisUrl), rejectIfRedisNotReady: true, insuranceLimiter: new RateLimiterMemory(options) })
      : new RateLimiterMemory(options);
    limiters.set(policy.limiterId, limiter);
  }
  return limiter;
}

/** Counts one request of `key` against the class's limit. Never throws for a full window: look at `allowed`. */
export async function consumeRateLimit(name: LimiterClass, key: string): Promise<RateLimitDecision> {
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

/**
 * Counts one attempt of a throttle, keyed by tenant and client address (null: in-process, counted
 * as `unknown`); 429 with Retry-After when the window is full.
 */
export async function throttle(name: ThrottleClass, tenantId: string, ip: string | null): Promise<void> {
  const decision = await consumeRateLimit(name, `${tenantId}:${ip ?? 'unknown'}`);
  if (!decision.allowed) throw tooManyRequests(decision.resetSeconds);
}

/** The IETF draft-ietf-httpapi-ratelimit-headers fields of a decision. */
export function rateLimitHeaders(decision: RateLimitDecision): Record<string, string> {
  const { policy } = decision;
  return {
    'RateLimit-Policy': policy.header,
    RateLimit: `"${policy.name}";r=${decision.remaining};t=${decision.resetSeconds}`,
  };
}

/** Forget every in-memory counter (tests). Redis counters expire with their window. */
export function resetRateLimits(): void {
  store.__bpRateLimiters?.clear();
}

/**
 * Opens the Redis connection of the rate limits at start-up and waits up to `timeoutMs` for it, so
 * that the first requests already share their counters. Null without REDIS_URL; else whether it is
 * ready (it keeps connecting in the background if not).
 */
export async function connectRateLimitStore(timeoutMs = 2_000): Promise<'ok' | 'degraded' | null> {
  const url = getEnv().REDIS_URL;
  if (!url) return null;
  const client = redisClient(url);
  if (client.status !== 'ready') {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      client.once('ready', done);
      function done() {
        clearTimeout(timer);
        client.off('ready', done);
        resolve();
      }
    });
  }
  return client.status === 'ready' ? 'ok' : 'degraded';
}
