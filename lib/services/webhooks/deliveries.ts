import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { EventType, WebhookEvent } from '@/lib/contract/events';
import type { WebhookAttempt, WebhookDelivery } from '@/lib/contract/webhooks';
import type { Db } from '@/lib/db/client';
import { dbNow } from '@/lib/db/now';
import { events, webhookAttempts, webhookDeliveries, type WebhookAttemptRow, type WebhookDeliveryRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { notFound, subscriptionDisabled, deliveryPending } from '@/lib/contract/api-errors';
import { notifyWorker, recordEvent } from '@/lib/services/events/emit';
import { deliverClaimed, leaseMs, wakeWebhookWorker } from './worker';
import { findSubscription } from './subscriptions';

/**
 * Deliveries of a subscription and their attempts: list (filter by status and event type), one
 * with its attempts and payload, replay one, recover everything that failed since a time, and
 * send a test event now.
 */
const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toDeliveryView(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    subscriptionId: row.subscriptionId,
    eventId: row.eventId,
    eventType: row.eventType,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === 'PENDING' ? iso(row.nextAttemptAt) : null,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    replayOf: row.replayOf,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    completedAt: iso(row.completedAt),
  };
}

export function toAttemptView(row: WebhookAttemptRow): WebhookAttempt {
  return {
    id: row.id,
    attemptNumber: row.attemptNumber,
    attemptedAt: row.attemptedAt.toISOString(),
    durationMs: row.durationMs,
    endpointUrl: row.endpointUrl,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
  };
}

export async function listDeliveries(
  db: Db,
  tenantId: string,
  subscriptionId: string,
  query: { pageNo: number; pageSize: number; status?: WebhookDelivery['status']; eventType?: EventType },
) {
  await findSubscription(db, tenantId, subscriptionId);
  const filters = and(
    eq(webhookDeliveries.tenantId, tenantId),
    eq(webhookDeliveries.subscriptionId, subscriptionId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.eventType ? eq(webhookDeliveries.eventType, query.eventType) : undefined,
  );
  const [{ total }] = (await db.select({ total: count() }).from(webhookDeliveries).where(filters)) as [{ total: number }];
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(filters)
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  return { items: rows.map(toDeliveryView), pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total) };
}

async function findDelivery(db: Db, tenantId: string, subscriptionId: string, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, payload: events.payload })
    .from(webhookDeliveries)
    .innerJoin(events, and(eq(events.tenantId, webhookDeliveries.tenantId), eq(events.id, webhookDeliveries.eventId)))
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.id, deliveryId)));
  if (!row) throw notFound('webhook delivery');
  return row;
}

export async function attemptsOf(db: Db, tenantId: string, deliveryId: string): Promise<WebhookAttempt[]> {
  const rows = await db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.tenantId, tenantId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attemptedAt), asc(webhookAttempts.attemptNumber));
  return rows.map(toAttemptView);
}

export async function getDelivery(db: Db, tenantId: string, subscriptionId: string, deliveryId: string) {
  await findSubscription(db, tenantId, subscriptionId);
  const { delivery, payload } = await findDelivery(db, tenantId, subscriptionId, deliveryId);
  return { ...toDeliveryView(delivery), event: payload as unknown as WebhookEvent, attempts: await attemptsOf(db, tenantId, deliveryId) };
}

function assertEnabled(subscription: { enabled: boolean }, action: string): void {
  if (!subscription.enabled) throw subscriptionDisabled(action);
}

/**
 * Sends a delivery's event again, as a new delivery (due now, its own attempts and retry schedule)
 * that names the original in replayOf. The event id, hence webhook-id, is the same.
 */
export async function replayDelivery(db: Db, tenantId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDelivery> {
  const subscription = await findSubscription(db, tenantId, subscriptionId);
  const { delivery } = await findDelivery(db, tenantId, subscriptionId, deliveryId);
  assertEnabled(subscription, 'replay deliveries');
  if (delivery.status === 'PENDING') {
    throw deliveryPending(iso(delivery.nextAttemptAt));
  }
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(webhookDeliveries)
      .values({
        id: randomUUID(),
        tenantId,
        subscriptionId,
        eventId: delivery.eventId,
        eventType: delivery.eventType,
        status: 'PENDING',
        // due now on the database's clock, like every schedule the workers share
        nextAttemptAt: dbNow(),
        replayOf: delivery.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    await notifyWorker(tx);
    return created!;
  });
  wakeWebhookWorker();
  return toDeliveryView(row);
}

/**
 * Re-sends every event with a delivery to this subscription, created in [since, until), that ended
 * FAILED or CANCELED, unless the event has been delivered to it since (a replay) or is pending:
 * one new delivery per event, so nothing is sent twice by recovering twice.
 */
export async function recoverDeliveries(db: Db, tenantId: string, subscriptionId: string, window: { since: string; until?: string }) {
  const subscription = await findSubscription(db, tenantId, subscriptionId);
  assertEnabled(subscription, 'recover deliveries');
  const now = clock.now();
  const since = new Date(window.since);
  const until = window.until ? new Date(window.until) : null;
  const ids = await db.transaction(async (tx) => {
    const result = await tx.execute<{ id: string }>(sql`
      insert into webhook_deliveries (tenant_id, subscription_id, event_id, event_type, status, next_attempt_at, replay_of, created_at, updated_at)
      select latest.tenant_id, latest.subscription_id, latest.event_id, latest.event_type, 'PENDING', ${dbNow()}, latest.id, ${now}, ${now}
      from (
        select distinct on (d.event_id) d.tenant_id, d.subscription_id, d.event_id, d.event_type, d.id
        from webhook_deliveries d
        where d.tenant_id = ${tenantId} and d.subscription_id = ${subscriptionId}
          and d.status in ('FAILED', 'CANCELED')
          and d.created_at >= ${since} ${until ? sql`and d.created_at < ${until}` : sql``}
          and not exists (
            select 1 from webhook_deliveries o
            where o.tenant_id = d.tenant_id and o.event_id = d.event_id and o.subscription_id = d.subscription_id
              and o.status in ('PENDING', 'SUCCEEDED')
          )
        order by d.event_id, d.created_at desc, d.id
      ) latest
      returning id`);
    const rows = (result as unknown as { rows: Array<{ id: string }> }).rows;
    if (rows.length) await notifyWorker(tx);
    return rows.map((r) => r.id);
  });
  if (ids.length) wakeWebhookWorker();
  return { recovered: ids.length, deliveryIds: ids };
}

/**
 * A `webhook.test` event for this subscription only, sent now from this request (its delivery is
 * created already claimed, so no worker sends it at the same time). A failure leaves it on the
 * normal retry schedule.
 */
export async function sendTestEvent(db: Db, tenantId: string, subscriptionId: string, message?: string) {
  const subscription = await findSubscription(db, tenantId, subscriptionId);
  assertEnabled(subscription, 'send test events');
  const token = randomUUID();
  const timeoutMs = getEnv().WEBHOOK_TIMEOUT_MS;

  const recorded = await db.transaction((tx) =>
    recordEvent(
      tx,
      tenantId,
      'webhook.test',
      { subscriptionId, message: message ?? 'This is a test event from the Business Platform.' },
      { subscriptionId, claim: { token, leaseMs: leaseMs(timeoutMs) } },
    ),
  );
  const deliveryId = recorded.deliveryIds[0];
  // disabled between the check and the insert
  if (!deliveryId) assertEnabled({ enabled: false }, 'send test events');
  const report = await deliverClaimed(db, { tenantId, id: deliveryId!, claimToken: token }, { timeoutMs });
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId!)));
  const attempts = report.attemptId ? (await attemptsOf(db, tenantId, deliveryId!)).filter((a) => a.id === report.attemptId) : [];
  return { eventId: recorded.event.id, deliveryId: deliveryId!, status: row!.status, attempt: attempts[0] ?? null };
}
