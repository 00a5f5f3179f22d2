import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as subscriptionRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/route';
import { getDb } from '@/lib/db/client';
import { webhookDeliveries } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { claimDue, deliverClaimed, leaseMs } from '@/lib/services/webhooks/worker';
import { call } from '../helpers';
import { adminToken, bearer, firstAdmin, resetIdentityState } from '../identity-fixtures';
import { allowPrivateNetworks, startReceiver, subscribe, webhookTenant, type Receiver } from '../webhooks-fixtures';

/**
 * The lock order of a subscription and its deliveries (lib/services/webhooks/worker.ts lockSubscriptionFirst).
 * The fuzzer found on PostgreSQL: DELETE of a subscription answered 500, PostgreSQL's "deadlock
 * detected" (40P01), while workers recorded failed attempts of its deliveries: each worker held its
 * delivery's row and waited for the subscription's, the DELETE held the subscription's and waited
 * for a delivery's (the cascade). Here a second connection holds the subscription's row while a
 * worker records a failed attempt: the worker must wait for it without holding its delivery, so
 * the holder can lock the delivery at once (NOWAIT: no timing involved) and the DELETE goes through.
 * Needs two connections to one database: PostgreSQL only (tests/integration/postgres/).
 */
let receiver: Receiver | undefined;

beforeAll(() => allowPrivateNetworks(true));
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});
afterAll(async () => {
  await closeWebhookAgents();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});

describe('a subscription is locked before its deliveries (PostgreSQL only: two connections)', () => {
  it('a worker recording a failed attempt waits for the subscription without holding its delivery; a DELETE meanwhile answers 200', async () => {
    resetIdentityState();
    const tenant = await webhookTenant();
    receiver = await startReceiver(() => ({ status: 500, body: 'down' }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: receiver.url });
    const db = await getDb();
    await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'lock order' }));
    const [delivery] = await db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.tenantId, tenant.tenantId), eq(webhookDeliveries.subscriptionId, sub.id)));
    const [claimed] = await claimDue(db, { limit: 1, leaseMs: leaseMs(10_000), ids: [delivery!.id] });
    expect(claimed?.id).toBe(delivery!.id);

    const holder = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query('select id from webhook_subscriptions where tenant_id = $1 and id = $2 for update', [tenant.tenantId, sub.id]);
      const recording = deliverClaimed(db, claimed!, { timeoutMs: 5_000 });
      // the worker has sent the attempt and now waits for a lock (the subscription's)
      await vi.waitFor(
        async () => {
          const { rows } = await holder.query<{ n: number }>("select count(*)::int as n from pg_locks where not granted and locktype in ('transactionid', 'tuple', 'relation')");
          expect(rows[0]!.n).toBeGreaterThan(0);
        },
        { timeout: 20_000, interval: 50 },
      );
      expect(receiver.requests.length).toBe(1);
      // the delivery is free: before the fix the worker held it here, and NOWAIT failed with 55P03
      await expect(holder.query('select id from webhook_deliveries where tenant_id = $1 and id = $2 for update nowait', [tenant.tenantId, delivery!.id])).resolves.toMatchObject({
        rowCount: 1,
      });
      await holder.query('rollback');
      // the holder gone, a DELETE through the route and the worker's recording both complete
      const { token } = await adminToken(firstAdmin(tenant));
      const res = await call(subscriptionRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/webhooks/subscriptions/${sub.id}`, headers: bearer(token), params: { subscriptionId: sub.id } });
      const report = await recording;
      expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: { code: 200, message: 'webhook subscription deleted', data: { id: sub.id, deleted: true } } });
      expect(['RETRY', 'LOST']).toContain(report.outcome);
    } finally {
      await holder.end();
    }
  });
});
