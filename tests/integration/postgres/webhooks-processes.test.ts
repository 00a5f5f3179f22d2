import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/db/client';
import { webhookAttempts, webhookDeliveries } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';
import { allowPrivateNetworks, startReceiver, subscribe, webhookTenant, type Receiver } from '../webhooks-fixtures';

/**
 * Real worker processes (`scripts/worker.ts`) on the test file's PostgreSQL database: a worker
 * killed with SIGKILL mid-delivery loses nothing (another one delivers everything once the leases
 * run out), and two workers deliver 1,000 events exactly once each. An embedded PGlite cannot be
 * opened by two processes, so these run on PostgreSQL only (tests/integration/postgres/).
 */
const ROOT = path.resolve(__dirname, '../../..');
const children = new Set<ChildProcess>();
const receivers: Receiver[] = [];

interface Worker {
  child: ChildProcess;
  output: () => string;
  ready: Promise<void>;
  exited: Promise<number | null>;
}

function startWorker(env: Record<string, string>): Worker {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: process.env.DATABASE_URL!,
      WEBHOOK_ALLOW_PRIVATE_NETWORKS: 'true',
      WEBHOOK_POLL_INTERVAL_MS: '200',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${out}`)), 30_000);
    const check = () => {
      if (out.includes('webhook worker started')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', check);
    child.once('exit', () => reject(new Error(`worker exited before starting:\n${out}`)));
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (children.delete(child), resolve(code))));
  return { child, output: () => out, ready, exited };
}

async function waitUntil(what: string, predicate: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function statusCounts(tenantId: string): Promise<Record<string, number>> {
  const db = await getDb();
  const rows = await db.select({ status: webhookDeliveries.status, n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.tenantId, tenantId)).groupBy(webhookDeliveries.status);
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

async function emitMany(tenantId: string, subscriptionId: string, n: number, perTransaction = 20): Promise<string[]> {
  const db = await getDb();
  const ids: string[] = [];
  for (let i = 0; i < n; i += perTransaction) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(n, i + perTransaction); j++) ids.push((await emitEvent(tx, tenantId, 'webhook.test', { subscriptionId, message: `event ${j}` })).id);
    });
  }
  return ids;
}

beforeAll(() => allowPrivateNetworks(true));
afterEach(async () => {
  for (const child of children) child.kill('SIGKILL');
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});

describe('worker processes on one PostgreSQL', () => {
  it('kill -9 of a worker mid-delivery loses nothing: a new worker delivers every event once the leases expire', { timeout: 120_000 }, async () => {
    const tenant = await webhookTenant();
    let hang = true;
    const r = await startReceiver(() => (hang ? { hang: true } : { status: 200, body: 'ok' }));
    receivers.push(r);
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, retryBackoffSeconds: 1 });
    const eventIds = await emitMany(tenant.tenantId, sub.id, 30);

    const first = startWorker({ WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_WORKER_CONCURRENCY: '4' });
    await first.ready;
    await r.waitFor(4, 30_000);
    const inFlight = new Set(r.requests.map((q) => q.headers['webhook-id']));
    expect(inFlight.size).toBe(4);
    first.child.kill('SIGKILL');
    expect(await first.exited).toBeNull();
    // nothing was completed: four claimed (leased), the rest untouched
    expect(await statusCounts(tenant.tenantId)).toEqual({ PENDING: 30 });

    hang = false;
    const second = startWorker({ WEBHOOK_TIMEOUT_MS: '3000', WEBHOOK_WORKER_CONCURRENCY: '8' });
    await second.ready;
    await waitUntil('every delivery to succeed', async () => (await statusCounts(tenant.tenantId)).SUCCEEDED === 30, 60_000);
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(second.output()).toMatch(/webhook worker stopped \(SIGTERM\): attempted 30, succeeded 30, retrying 0, failed 0/);

    // at least once: every event arrived; the ones in flight at the kill arrived twice (receivers dedupe on webhook-id)
    const received = r.requests.map((q) => q.headers['webhook-id']!);
    expect(new Set(received)).toEqual(new Set(eventIds));
    const twice = [...new Set(received.filter((id, i) => received.indexOf(id) !== i))];
    expect(new Set(twice)).toEqual(inFlight);
    expect(received).toHaveLength(34);
    for (const q of r.requests.slice(-3)) expect(new Webhook(sub.secret).verify(q.body, q.headers)).toBeTruthy();
    // the killed worker recorded nothing; the second one recorded one attempt per delivery
    const db = await getDb();
    const [{ attempts }] = (await db.select({ attempts: count() }).from(webhookAttempts).where(eq(webhookAttempts.tenantId, tenant.tenantId))) as [{ attempts: number }];
    expect(Number(attempts)).toBe(30);
  });

  it('two worker processes deliver 1,000 events exactly once each to a receiver that answers 200', { timeout: 180_000 }, async () => {
    const tenant = await webhookTenant();
    const r = await startReceiver(() => ({ status: 200, body: 'ok', delayMs: 2 }));
    receivers.push(r);
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url });
    const env = { WEBHOOK_TIMEOUT_MS: '15000', WEBHOOK_WORKER_CONCURRENCY: '16' };
    const workers = [startWorker(env), startWorker(env)];
    await Promise.all(workers.map((w) => w.ready));

    const eventIds = await emitMany(tenant.tenantId, sub.id, 1000);
    await r.waitFor(1000, 120_000);
    await waitUntil('every delivery to be recorded', async () => (await statusCounts(tenant.tenantId)).SUCCEEDED === 1000, 30_000);
    // a moment for any duplicate to show up
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    for (const w of workers) w.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
    const received = r.requests.map((q) => q.headers['webhook-id']);
    expect(received).toHaveLength(1000);
    expect(new Set(received)).toEqual(new Set(eventIds));
    const db = await getDb();
    const [{ n }] = (await db
      .select({ n: count() })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, tenant.tenantId), eq(webhookDeliveries.status, 'SUCCEEDED'), sql`${webhookDeliveries.attemptCount} = 1`))) as [{ n: number }];
    expect(Number(n)).toBe(1000);
    // both instances took part
    const succeeded = workers.map((w) => Number(/succeeded (\d+)/.exec(w.output())?.[1] ?? -1));
    expect(succeeded[0]! + succeeded[1]!).toBe(1000);
    expect(Math.min(...succeeded)).toBeGreaterThan(0);
    expect(new Webhook(sub.secret).verify(r.requests[500]!.body, r.requests[500]!.headers)).toBeTruthy();
  });
});
