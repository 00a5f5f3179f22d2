import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { EVENT_DATA_SCHEMAS, MAX_EVENT_PAYLOAD_BYTES, type EventData, type EventType, type WebhookEvent } from '@/lib/contract/events';
import { patternsMatching } from '@/lib/contract/webhooks';
import type { DbOrTx } from '@/lib/db/client';
import { dbNow, dbNowPlus } from '@/lib/db/now';

/** The channel a commit that created deliveries notifies; the worker listens on it. */
export const WEBHOOK_WAKEUP_CHANNEL = 'bp_webhooks';

export interface EmitOptions {
  /** Deliver to this subscription only, whatever its events (test events), if it is enabled. */
  subscriptionId?: string;
  /** Create the delivery already claimed (the caller sends it at once): claim token and lease length. */
  claim?: { token: string; leaseMs: number };
}

export interface RecordedEvent {
  event: WebhookEvent;
  deliveryIds: string[];
}

/**
 * The SQL of recordEvent as common table expressions (`ev`: the event, `d`: its deliveries, `n`: the
 * wake-up), for a caller that folds the event into its own statement: it must select
 * `notified` (an unreferenced CTE without a write does not run). Validates and caps the payload
 * like recordEvent.
 */
export function eventCtes<T extends EventType>(
  tenantId: string,
  type: T,
  data: EventData<T>,
  options: EmitOptions & { /** record the event only when this condition holds */ gate?: SQL } = {},
): { event: WebhookEvent; ctes: SQL; notified: SQL } {
  const parsed = EVENT_DATA_SCHEMAS[type].parse(data) as Record<string, unknown>;
  const id = randomUUID();
  const createdAt = clock.now();
  const payload: WebhookEvent = { id, type, tenantId, createdAt: createdAt.toISOString(), data: parsed };
  const json = JSON.stringify(payload);
  if (Buffer.byteLength(json) > MAX_EVENT_PAYLOAD_BYTES) {
    throw new Error(`event ${type} exceeds ${MAX_EVENT_PAYLOAD_BYTES} bytes`);
  }
  const customerId = typeof parsed.customerId === 'string' ? parsed.customerId : null;
  const patterns = sql.join(
    patternsMatching(type).map((p) => sql`${p}`),
    sql`, `,
  );
  // due now, or held by the caller's lease: on the database's clock (lib/db/now.ts), like every claim
  const nextAttemptAt = options.claim ? dbNowPlus(options.claim.leaseMs) : dbNow();
  const ctes = sql`
    ev as (
      insert into events (id, tenant_id, type, payload, created_at)
      select ${id}, ${tenantId}, ${type}, ${json}::jsonb, ${createdAt}${options.gate ? sql` where ${options.gate}` : sql``}
      returning id
    ),
    d as (
      insert into webhook_deliveries (tenant_id, subscription_id, event_id, event_type, status, next_attempt_at, claim_token, created_at, updated_at)
      select s.tenant_id, s.id, (select id from ev), ${type}, 'PENDING', ${nextAttemptAt}, ${options.claim?.token ?? null}::uuid, ${createdAt}, ${createdAt}
      from webhook_subscriptions s
      where s.tenant_id = ${tenantId}
        and s.enabled${options.gate ? sql` and exists (select 1 from ev)` : sql``}
        and ${
          options.subscriptionId
            ? sql`s.id = ${options.subscriptionId}`
            : sql`jsonb_exists_any(s.subscribed_events, array[${patterns}]::text[]) and (s.customer_id is null or s.customer_id = ${customerId}::uuid)`
        }
      returning id
    ),
    -- wakes the workers at commit, only when there is something to deliver
    n as (select pg_notify(${WEBHOOK_WAKEUP_CHANNEL}, '') from (select 1 from d limit 1) x)`;
  return { event: payload, ctes, notified: sql`(select count(*) from n)` };
}

/**
 * Records an event in the outbox and fans it out to the tenant's webhook subscriptions, in one
 * statement: the event row, plus one PENDING delivery (due now) per enabled subscription whose
 * subscribedEvents select the type (exact, `prefix.*` or `*`) and, for a customer-scoped
 * subscription, whose customer the event is about. Call it with the transaction that makes the
 * change, so the event and its deliveries commit (or roll back) with it. A commit that created
 * deliveries notifies the worker (pg_notify is delivered at commit only).
 */
export async function recordEvent<T extends EventType>(tx: DbOrTx, tenantId: string, type: T, data: EventData<T>, options: EmitOptions = {}): Promise<RecordedEvent> {
  const { event, ctes, notified } = eventCtes(tenantId, type, data, options);
  const result = await tx.execute(sql`with ${ctes} select d.id, ${notified} as notified from d`);
  const deliveryIds = (result as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  return { event, deliveryIds };
}

/**
 * Records an event in the outbox (see recordEvent). The data is validated against the catalogue;
 * the payload is capped at 64 KiB.
 */
export async function emitEvent<T extends EventType>(tx: DbOrTx, tenantId: string, type: T, data: EventData<T>): Promise<WebhookEvent> {
  return (await recordEvent(tx, tenantId, type, data)).event;
}

/** Wakes the delivery workers when the surrounding transaction commits. */
export async function notifyWorker(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_WAKEUP_CHANNEL}, '')`);
}
