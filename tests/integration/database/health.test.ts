import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as health from '@/app/api/health/route';
import { database } from '@/lib/db/client';
import { checkHealth } from '@/lib/services/health';
import { call, expectEnvelope } from '../helpers';

/**
 * GET /api/health. This file closes its database handle on purpose (the 503 case), so it has a file
 * of its own: nothing else may run against that handle afterwards.
 */
const DRIVER = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const VERSION = process.env.npm_package_version ?? '0.1.0';

beforeAll(async () => {
  // open and migrate first, so that latencyMs measures the probe and not the start-up
  await database();
});

describe('GET /api/health', () => {
  it('answers 200 with the database reachable and the driver in use', async () => {
    const res = await call<{ status: string; database: { latencyMs: number }; uptimeSeconds: number; version: string }>(health.GET, {
      path: '/api/health',
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'OK',
      data: {
        status: 'ok',
        database: { status: 'ok', reachable: true, driver: DRIVER, latencyMs: expect.any(Number) },
        uptimeSeconds: expect.any(Number),
        version: VERSION,
      },
    });
    expect(Number.isInteger(res.json.data.uptimeSeconds)).toBe(true);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    expect(res.headers.get('X-Request-ID')).toBeTruthy();
  });

  it('checks that arrive while one runs share its probe; the next one probes afresh', async () => {
    const [a, b] = await Promise.all([checkHealth(), checkHealth()]);
    expect(b).toBe(a);
    expect(a.status).toBe('ok');
    const later = await checkHealth();
    expect(later).not.toBe(a);
    expect(later).toEqual({ ...a, database: { ...a.database, latencyMs: expect.any(Number) }, uptimeSeconds: expect.any(Number) });
  });

  it('answers 405 for other methods and OPTIONS with Allow', async () => {
    const res = await call(health.POST, { method: 'POST', path: '/api/health' });
    expectEnvelope(res, 405, 'method not allowed', {
      error: 'METHOD_NOT_ALLOWED',
      details: 'POST is not allowed here; allowed: GET, HEAD, OPTIONS',
      suggestions: ['GET', 'HEAD', 'OPTIONS'],
    });
    const options = await call(health.OPTIONS, { method: 'OPTIONS', path: '/api/health' });
    expect([options.status, options.headers.get('Allow')]).toEqual([204, 'GET, HEAD, OPTIONS']);
  });

  it('answers 503 with the exact envelope once the database handle is closed', async () => {
    const handle = await database();
    await handle.close();
    // closed for good; the setup's closeDatabase() at the end of the file must not close it again
    vi.spyOn(handle, 'close').mockResolvedValue(undefined);

    const res = await call<{ uptimeSeconds: number }>(health.GET, { path: '/api/health' });
    // PGlite reports itself closed; node-postgres refuses a pool after end(), which the probe files as unreachable
    const category = DRIVER === 'pglite' ? 'closed' : 'unreachable';
    expectEnvelope(res, 503, 'service unavailable', {
      error: 'SERVICE_UNAVAILABLE',
      details: 'the database is not reachable',
      status: 'unavailable',
      database: { status: 'degraded', reachable: false, driver: DRIVER, latencyMs: null, error: category },
      uptimeSeconds: res.json.data.uptimeSeconds,
      version: VERSION,
    });
    expect(Number.isInteger(res.json.data.uptimeSeconds)).toBe(true);
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    // a short category only: no driver message, no stack
    expect(res.text).not.toMatch(/Cannot use a pool|PGlite is closed|embedded database|\bat \w/);
  });
});
