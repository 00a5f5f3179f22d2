import { database, type DriverName } from '@/lib/db/client';
import { redisState } from '@/lib/db/redis';
import { withTimeout } from '@/lib/timeout';

/**
 * Each dependency is `ok` or `degraded`. The whole is `unavailable` (503) when the database does
 * not answer (nothing works without it), `degraded` when only Redis is down (requests are served;
 * rate limits count in process memory until it returns), else `ok`.
 */
export interface HealthReport {
  status: 'ok' | 'degraded' | 'unavailable';
  database: { status: 'ok' | 'degraded'; reachable: boolean; driver: DriverName | null; latencyMs: number | null; error?: string };
  /** present when REDIS_URL is set */
  redis?: { status: 'ok' | 'degraded'; connection: string };
  uptimeSeconds: number;
  version: string;
}

const VERSION = process.env.npm_package_version ?? '0.1.0';

let inFlight: Promise<HealthReport> | null = null;

/**
 * Database reachability with a bounded wait; the error text is a short category, never a stack.
 * Checks that arrive while one is running share its probe and its report (a burst of probes from a
 * load balancer and monitors costs one database round trip, not one each); the next check after it
 * settles probes afresh, so a report is never older than the probe running when its request came.
 */
export function checkHealth(timeoutMs = 2_000): Promise<HealthReport> {
  inFlight ??= probe(timeoutMs).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function probe(timeoutMs: number): Promise<HealthReport> {
  const started = performance.now();
  let driver: DriverName | null = null;
  try {
    const db = await withTimeout(database(), timeoutMs);
    driver = db.driver;
    await withTimeout(db.ping(), timeoutMs);
    const redis = redisState();
    return {
      status: redis?.status === 'degraded' ? 'degraded' : 'ok',
      database: { status: 'ok', reachable: true, driver, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      ...(redis ? { redis } : {}),
      uptimeSeconds: Math.round(process.uptime()),
      version: VERSION,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const category = /within \d+ ms/.test(message) ? 'timeout' : /closed/i.test(message) ? 'closed' : 'unreachable';
    const redis = redisState();
    return {
      status: 'unavailable',
      database: { status: 'degraded', reachable: false, driver, latencyMs: null, error: category },
      ...(redis ? { redis } : {}),
      uptimeSeconds: Math.round(process.uptime()),
      version: VERSION,
    };
  }
}
