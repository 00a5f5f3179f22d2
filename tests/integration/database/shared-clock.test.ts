import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, skewServerClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { emitEvent } from '@/lib/services/events/emit';
import { claimIdempotencyKey } from '@/lib/services/idempotency/store';
import { runDueJobs } from '@/lib/services/retention/jobs';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { claimDue, runWorkerOnce } from '@/lib/services/webhooks/worker';
import { allowPrivateNetworks, cancelAllPending, deliveriesOf, deliveryRow, noJitter, startReceiver, subscribe, webhookTenant, type Receiver } from '../webhooks-fixtures';

/**
 * Leases and schedules that several processes share are on the database's clock, not a server's
 * (issue 18). Each case runs this process as a server whose clock is wrong by an hour
 * (skewServerClock: the process's clock moves, the database's does not) and checks that it neither
 * takes over what another process still holds nor leaves waiting what is due.
 */
const HOUR = 3_600_000;
const receivers: Receiver[] = [];

beforeAll(() => allowPrivateNetworks(true));
afterEach(async () => {
  skewServerClock(null);
  await cancelAllPending();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await closeWebhookAgents();
});

const skewed = (ms: number) => skewServerClock(fixedClock(new Date(Date.now() + ms)));

async function setUp(respond?: Parameters<typeof startReceiver>[0]) {
  const tenant = await webhookTenant();
  const receiver = await startReceiver(respond);
  receivers.push(receiver);
  const sub = await subscribe(tenant.tenantId, { endpointUrl: receiver.url, subscribedEvents: ['webhook.test'], retryBackoffSeconds: 60 });
  const emit = async () => {
    const db = await getDb();
    return db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'clock' }));
  };
  return { tenant, receiver, sub, emit };
}

async function databaseNow(): Promise<Date> {
  const result = (await (await getDb()).execute(sql`select now() as now`)) as unknown as { rows: Array<{ now: Date | string }> };
  return new Date(result.rows[0]!.now);
}

describe('webhook deliveries', () => {
  it('a worker whose clock runs an hour ahead does not take over a delivery another worker holds', async () => {
    const { tenant, receiver, sub, emit } = await setUp();
    await emit();
    const db = await getDb();
    // another worker (correct clock) holds it for a minute
    const held = await claimDue(db, { limit: 10, leaseMs: 60_000 });
    expect(held.map((c) => c.tenantId)).toEqual([tenant.tenantId]);
    skewed(+HOUR);
    expect(await runWorkerOnce(db)).toEqual({ attempted: 0, succeeded: 0, failed: 0, retrying: 0 });
    expect(receiver.requests).toHaveLength(0);
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 0, claimToken: held[0]!.claimToken });
  });

  it('a worker whose clock runs an hour behind delivers what is due now, and schedules its retry from the database clock', async () => {
    const { tenant, receiver, sub, emit } = await setUp(() => ({ status: 500 }));
    const event = await emit();
    skewed(-HOUR);
    const before = await databaseNow();
    expect(await runWorkerOnce(await getDb(), { random: noJitter })).toEqual({ attempted: 1, succeeded: 0, failed: 0, retrying: 1 });
    const after = await databaseNow();
    expect(receiver.requests.map((r) => r.headers['webhook-id'])).toEqual([event.id]);
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    const row = await deliveryRow(tenant.tenantId, delivery!.id);
    expect(row).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: 500 });
    // retry 1 waits retryBackoffSeconds (60 s) from the attempt, by the database's clock (not an hour earlier)
    expect(row.nextAttemptAt!.getTime()).toBeGreaterThanOrEqual(before.getTime() + 60_000);
    expect(row.nextAttemptAt!.getTime()).toBeLessThanOrEqual(after.getTime() + 60_000);
    // and is not due for this worker either, whatever its clock says
    skewed(+HOUR);
    expect((await runWorkerOnce(await getDb(), { random: noJitter })).attempted).toBe(0);
    expect(receiver.requests).toHaveLength(1);
  });
});

describe('Idempotency-Key locks', () => {
  it('an instance whose clock runs ahead does not take over a request another instance is still serving', async () => {
    const db = await getDb();
    const scope = { tenantId: randomUUID(), clientKey: 'ip:203.0.113.9', key: `clock-${randomUUID()}` };
    expect(await claimIdempotencyKey(db, scope, 'hash-1')).toEqual({ outcome: 'claimed' });
    // the lock holds 120 s on the database's clock; this instance believes it is an hour later
    skewed(+HOUR);
    expect(await claimIdempotencyKey(db, scope, 'hash-1')).toEqual({ outcome: 'running' });
    skewed(-HOUR);
    expect(await claimIdempotencyKey(db, scope, 'hash-1')).toEqual({ outcome: 'running' });
  });
});

describe('maintenance jobs', () => {
  it('a finished job is not run again by a worker whose clock runs a day ahead', async () => {
    const db = await getDb();
    // whatever is due now runs (on the database's clock), then nothing is due for an hour
    await runDueJobs(db, { retentionIntervalSeconds: 3600, reconciliationIntervalSeconds: 3600 });
    skewed(+24 * HOUR);
    expect(await runDueJobs(db, { retentionIntervalSeconds: 3600, reconciliationIntervalSeconds: 3600 })).toEqual({});
  });
});
