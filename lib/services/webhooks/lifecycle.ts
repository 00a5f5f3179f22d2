import { and, eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { DbOrTx } from '@/lib/db/client';
import { webhookDeliveries, webhookSubscriptions } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';

/**
 * What the delivery worker itself changes on a subscription (automatic disabling) and what the
 * subscription service shares with it. Below both, so that the worker does not import the
 * subscription service, which imports the worker to send test and replayed deliveries.
 */
export type DisabledReason = 'DISABLED_BY_USER' | 'ENDPOINT_GONE' | 'FAILING_TOO_LONG';

/** Pending deliveries of a subscription that is disabled or deleted will not be sent: CANCELED. */
export async function cancelPendingDeliveries(tx: DbOrTx, tenantId: string, subscriptionId: string, reason: string, now = clock.now()): Promise<number> {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ status: 'CANCELED', nextAttemptAt: null, claimToken: null, lastError: reason, completedAt: now, updatedAt: now })
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.subscriptionId, subscriptionId), eq(webhookDeliveries.status, 'PENDING')))
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

/**
 * Disables a subscription automatically (410 Gone, or failing for too long), cancels its pending
 * deliveries and records why as a `webhook.subscription.disabled` event, all in the caller's
 * transaction. Returns false when it was already disabled.
 */
export async function disableSubscription(
  tx: DbOrTx,
  tenantId: string,
  subscriptionId: string,
  reason: Exclude<DisabledReason, 'DISABLED_BY_USER'>,
  details: string,
  now = clock.now(),
): Promise<boolean> {
  const [row] = await tx
    .update(webhookSubscriptions)
    .set({ enabled: false, disabledReason: reason, disabledAt: now, updatedAt: now })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId), eq(webhookSubscriptions.enabled, true)))
    .returning({ endpointUrl: webhookSubscriptions.endpointUrl });
  if (!row) return false;
  await cancelPendingDeliveries(tx, tenantId, subscriptionId, `the subscription was disabled: ${details}`, now);
  await emitEvent(tx, tenantId, 'webhook.subscription.disabled', { subscriptionId, endpointUrl: row.endpointUrl, reason, details });
  return true;
}
