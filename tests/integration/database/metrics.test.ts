import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as catchAll from '@/app/api/[[...slug]]/route';
import * as health from '@/app/api/health/route';
import * as metricsRoute from '@/app/api/metrics/route';
import * as tenantRoute from '@/app/api/v2.1/tenants/[tenantId]/route';
import { getDb } from '@/lib/db/client';
import { getEnv, resetEnvCache } from '@/lib/env';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { routeTemplate } from '@/lib/metrics/registry';
import { startWorkerMetricsServer } from '@/lib/metrics/worker-server';
import { emitEvent } from '@/lib/services/events/emit';
import { runDueJobs } from '@/lib/services/retention/jobs';
import { runWorkerOnce } from '@/lib/services/webhooks/worker';
import { call, expectEnvelope, platformAuth } from '../helpers';
import { allowPrivateNetworks, noJitter, startReceiver, subscribe, webhookTenant, type Receiver } from '../webhooks-fixtures';

/**
 * GET /api/metrics: 404 without METRICS_TOKEN, 401 with a missing or wrong token, else the
 * Prometheus text whose figures move with the requests, the webhook queue, the worker's outcomes,
 * the rate limit's refusals and the scheduled jobs' results.
 */
const DRIVER = process.env.DATABASE_URL ? 'postgres' : 'pglite';
const TOKEN = 'metrics-token-0123456789abcdef';
const auth = { authorization: `Bearer ${TOKEN}` };

function setEnv(values: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(values)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}

/** The series of a scrape: `name{a="1",b="2"}` (labels sorted) -> value. */
function parse(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) continue;
    const labels = [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => `${m[1]}="${m[2]}"`).sort();
    series.set(labels.length ? `${match[1]}{${labels.join(',')}}` : match[1]!, Number(match[3]));
  }
  return series;
}
const key = (name: string, labels: Record<string, string> = {}) => {
  const parts = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  return parts.length ? `${name}{${parts.join(',')}}` : name;
};

async function scrape(): Promise<Map<string, number>> {
  const res = await call(metricsRoute.GET, { path: '/api/metrics', headers: auth });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

let receiver: Receiver;
beforeAll(async () => {
  allowPrivateNetworks(true);
  receiver = await startReceiver();
});
afterAll(async () => {
  setEnv({ METRICS_TOKEN: undefined });
  await receiver.close();
});

describe('GET /api/metrics: access', () => {
  it('answers 404 ROUTE_NOT_FOUND while METRICS_TOKEN is unset, even with a bearer token', async () => {
    setEnv({ METRICS_TOKEN: undefined });
    const res = await call(metricsRoute.GET, { path: '/api/metrics', headers: auth });
    expectEnvelope(res, 404, 'route not found', { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/metrics' });
  });

  it('answers 401 UNAUTHORIZED without a token, with a wrong one, and with another scheme', async () => {
    setEnv({ METRICS_TOKEN: TOKEN });
    for (const headers of [{} as Record<string, string>, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: `Basic ${TOKEN}` }]) {
      const res = await call(metricsRoute.GET, { path: '/api/metrics', headers });
      expectEnvelope(res, 401, 'authentication required', {
        error: 'UNAUTHORIZED',
        details: 'a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>',
      });
      expect(res.headers.get('WWW-Authenticate')).toBe('Bearer');
    }
  });

  it('refuses other methods with 405', async () => {
    const res = await call(metricsRoute.POST, { method: 'POST', path: '/api/metrics', headers: auth });
    expectEnvelope(res, 405, 'method not allowed', {
      error: 'METHOD_NOT_ALLOWED',
      details: 'POST is not allowed here; allowed: GET, HEAD, OPTIONS',
      suggestions: ['GET', 'HEAD', 'OPTIONS'],
    });
  });
});

describe('GET /api/metrics: figures', () => {
  beforeAll(() => setEnv({ METRICS_TOKEN: TOKEN }));

  it('counts requests and their latency by method, route template and status', async () => {
    const before = await scrape();
    const tenant = await webhookTenant();
    for (let i = 0; i < 3; i++) expect((await call(health.GET, { path: '/api/health' })).status).toBe(200);
    expect((await call(tenantRoute.GET, { path: `/api/v2.1/tenants/${tenant.tenantId}`, headers: platformAuth, params: { tenantId: tenant.tenantId } })).status).toBe(200);
    expect((await call(catchAll.GET, { path: '/api/no/such/path', params: { slug: ['no', 'such', 'path'] } })).status).toBe(404);
    const after = await scrape();

    const healthOk = { method: 'GET', route: '/api/health', status: '200' };
    expect(after.get(key('http_requests_total', healthOk))! - (before.get(key('http_requests_total', healthOk)) ?? 0)).toBe(3);
    expect(after.get(key('http_request_duration_seconds_count', healthOk))! - (before.get(key('http_request_duration_seconds_count', healthOk)) ?? 0)).toBe(3);
    expect(after.get(key('http_request_duration_seconds_sum', healthOk))).toBeGreaterThan(0);
    // the template, never the raw URL: the tenant id and the unknown path are not labels
    const added = (labels: Record<string, string>) => after.get(key('http_requests_total', labels))! - (before.get(key('http_requests_total', labels)) ?? 0);
    expect(added({ method: 'GET', route: '/api/v2.1/tenants/[tenantId]', status: '200' })).toBe(1);
    expect(added({ method: 'GET', route: '/api/[...slug]', status: '404' })).toBe(1);
    expect([...after.keys()].some((k) => k.includes(tenant.tenantId) || k.includes('no/such'))).toBe(false);
    // the scrape itself is a request too
    expect(after.get(key('http_requests_total', { method: 'GET', route: '/api/metrics', status: '200' }))).toBeGreaterThanOrEqual(1);
  });

  it('counts the rate limit refusals by route class', async () => {
    const before = (await scrape()).get(key('rate_limit_refusals_total', { class: 'default' })) ?? 0;
    setEnv({ RATE_LIMIT_DEFAULT_MAX: '2' });
    resetRateLimits();
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await call(health.GET, { path: '/api/health' })).status);
      expect(statuses).toEqual([200, 200, 429, 429]);
    } finally {
      setEnv({ RATE_LIMIT_DEFAULT_MAX: '1000000' });
      resetRateLimits();
    }
    const after = await scrape();
    expect(after.get(key('rate_limit_refusals_total', { class: 'default' }))! - before).toBe(2);
    expect(after.get(key('http_requests_total', { method: 'GET', route: '/api/health', status: '429' }))).toBe(2);
  });

  it('reports the webhook queue depth, deliveries by status and the worker outcomes', async () => {
    const tenant = await webhookTenant();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: receiver.url });
    const before = await scrape();
    const db = await getDb();
    for (let i = 0; i < 2; i++) {
      const eventId = randomUUID();
      const payload = { id: eventId, type: 'test.metrics', tenantId: tenant.tenantId, createdAt: new Date().toISOString(), data: {} };
      await db.execute(sql`insert into events (id, tenant_id, type, payload) values (${eventId}, ${tenant.tenantId}, 'test.metrics', ${JSON.stringify(payload)}::jsonb)`);
      await db.execute(sql`insert into webhook_deliveries (tenant_id, subscription_id, event_id, event_type, status, next_attempt_at)
                           values (${tenant.tenantId}, ${sub.id}, ${eventId}, 'test.metrics', 'PENDING', now() - interval '1 second')`);
    }
    const queued = await scrape();
    const pending = key('webhook_queue_depth', { state: 'pending' });
    const due = key('webhook_queue_depth', { state: 'due' });
    expect(queued.get(pending)! - before.get(pending)!).toBe(2);
    expect(queued.get(due)! - before.get(due)!).toBe(2);
    expect(queued.get(key('webhook_deliveries', { status: 'PENDING' }))! - before.get(key('webhook_deliveries', { status: 'PENDING' }))!).toBe(2);

    const stats = await runWorkerOnce(db, { random: noJitter });
    expect(stats.succeeded).toBe(2);
    const delivered = await scrape();
    const succeeded = key('webhook_delivery_outcomes_total', { outcome: 'SUCCEEDED' });
    expect(delivered.get(succeeded)! - (before.get(succeeded) ?? 0)).toBe(2);
    expect(delivered.get(pending)).toBe(before.get(pending));
    expect(delivered.get(key('webhook_deliveries', { status: 'SUCCEEDED' }))! - before.get(key('webhook_deliveries', { status: 'SUCCEEDED' }))!).toBe(2);
  });

  it("reports the ledger's last reconciliation and the last retention sweep once the jobs have run", async () => {
    const db = await getDb();
    await db.execute(sql`delete from maintenance_runs`);
    const before = await scrape();
    expect(before.has('ledger_reconciliation_balanced')).toBe(false);
    expect(before.has('retention_last_run_timestamp_seconds')).toBe(false);

    await runDueJobs(db);
    const after = await scrape();
    expect(after.get('ledger_reconciliation_balanced')).toBe(1);
    expect(after.get('ledger_reconciliation_unbalanced_tenants')).toBe(0);
    expect(after.get('ledger_reconciliation_last_run_timestamp_seconds')).toBeGreaterThan(0);
    expect(after.get('retention_last_run_timestamp_seconds')).toBeGreaterThan(0);
    expect(after.get(key('retention_rows_removed', { sweep: 'events' }))).toBe(0);
  });

  it('reports the database pool (node-postgres; PGlite in its thread: its one session), and the process figures', async () => {
    const series = await scrape();
    const total = series.get(key('db_pool_connections', { state: 'total' }));
    if (DRIVER === 'postgres') {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(series.get(key('db_pool_connections', { state: 'waiting' }))).toBe(0);
    } else if (getEnv().PGLITE_THREAD) {
      expect(total).toBe(1);
      // the scrape's own statements have finished
      expect(series.get(key('db_pool_connections', { state: 'idle' }))).toBe(1);
      expect(series.get(key('db_pool_connections', { state: 'waiting' }))).toBe(0);
    } else {
      // PGlite in the server's thread has no pool to report
      expect(total).toBeUndefined();
    }
    expect(series.get('process_resident_memory_bytes')).toBeGreaterThan(0);
  });
});

describe('routeTemplate', () => {
  it('replaces parameter values and catch-all segments with their names', () => {
    expect(routeTemplate('/api/v2.1/wallets/abc/statement', { walletId: 'abc' })).toBe('/api/v2.1/wallets/[walletId]/statement');
    expect(routeTemplate('/api/v2.1/card/card/info', { operation: ['card', 'info'] })).toBe('/api/v2.1/card/[...operation]');
    expect(routeTemplate('/api/health', {})).toBe('/api/health');
    expect(routeTemplate('/api/a%20b', { id: 'a b' })).toBe('/api/[id]');
  });
});

describe('the separate worker metrics listener (npm run worker with WORKER_METRICS_PORT)', () => {
  it('serves GET /api/metrics only, with the same token and envelopes, and the worker outcomes counted in this process', async () => {
    setEnv({ METRICS_TOKEN: undefined });
    const server = await startWorkerMetricsServer(0, '127.0.0.1');
    try {
      const base = `http://127.0.0.1:${server.port}`;
      const get = async (path: string, init: RequestInit = {}) => {
        const res = await fetch(`${base}${path}`, init);
        const text = await res.text();
        return { status: res.status, type: res.headers.get('content-type'), text, json: res.headers.get('content-type') === 'application/json' ? JSON.parse(text) : null };
      };
      expect((await get('/api/metrics', { headers: auth })).json).toEqual({
        code: 404,
        message: 'route not found',
        data: { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/metrics' },
      });
      setEnv({ METRICS_TOKEN: TOKEN });
      expect(await get('/metrics', { headers: auth })).toMatchObject({
        status: 404,
        json: { code: 404, message: 'route not found', data: { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /metrics' } },
      });
      expect(await get('/api/metrics', { method: 'POST', headers: auth })).toMatchObject({
        status: 405,
        json: { code: 405, message: 'method not allowed', data: { error: 'METHOD_NOT_ALLOWED', details: 'POST is not allowed here; allowed: GET, HEAD', suggestions: ['GET', 'HEAD'] } },
      });
      for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789' }] as Record<string, string>[]) {
        expect(await get('/api/metrics', { headers })).toMatchObject({
          status: 401,
          json: {
            code: 401,
            message: 'authentication required',
            data: { error: 'UNAUTHORIZED', details: 'a valid metrics token is required: Authorization: Bearer <METRICS_TOKEN>' },
          },
        });
      }
      // a delivery made by this process's worker shows in its outcomes
      const before = parse((await get('/api/metrics', { headers: auth })).text).get(key('webhook_delivery_outcomes_total', { outcome: 'SUCCEEDED' })) ?? 0;
      const tenant = await webhookTenant();
      const sub = await subscribe(tenant.tenantId, { endpointUrl: receiver.url, subscribedEvents: ['webhook.test'] });
      const db = await getDb();
      await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'worker metrics' }));
      await runWorkerOnce(db, { random: noJitter });
      const scraped = await get('/api/metrics', { headers: auth });
      expect(scraped.status).toBe(200);
      expect(scraped.type).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(parse(scraped.text).get(key('webhook_delivery_outcomes_total', { outcome: 'SUCCEEDED' }))).toBe(before + 1);
    } finally {
      server.close();
    }
  });
});
