import { database, type DriverName } from '@/lib/db/client';

export interface HealthReport {
  status: 'ok' | 'unavailable';
  database: { reachable: boolean; driver: DriverName | null; latencyMs: number | null; error?: string };
  uptimeSeconds: number;
  version: string;
}

const VERSION = process.env.npm_package_version ?? '0.1.0';

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}

/** Database reachability with a bounded wait; the error text is a short category, never a stack. */
export async function checkHealth(timeoutMs = 2_000): Promise<HealthReport> {
  const started = performance.now();
  let driver: DriverName | null = null;
  try {
    const db = await withTimeout(database(), timeoutMs);
    driver = db.driver;
    await withTimeout(db.ping(), timeoutMs);
    return {
      status: 'ok',
      database: { reachable: true, driver, latencyMs: Math.round((performance.now() - started) * 10) / 10 },
      uptimeSeconds: Math.round(process.uptime()),
      version: VERSION,
    };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const category = /within \d+ ms/.test(message) ? 'timeout' : /closed/i.test(message) ? 'closed' : 'unreachable';
    return {
      status: 'unavailable',
      database: { reachable: false, driver, latencyMs: null, error: category },
      uptimeSeconds: Math.round(process.uptime()),
      version: VERSION,
    };
  }
}
