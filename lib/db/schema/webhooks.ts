import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { events } from './events';
import { tenants } from './tenants';
// relative import: drizzle-kit reads the schema without the @/ alias
import { DELIVERY_STATUSES } from '../../contract/webhooks';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Webhook subscriptions of a tenant (contract endpoint 6). The signing secret is stored only
 * encrypted (AES-256-GCM, lib/services/webhooks/secrets.ts); after a rotation the previous secret keeps
 * signing next to the new one until previous_secret_expires_at. failing_since is the time of the
 * first failed attempt after the last success: five days of that disables the subscription.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    endpointUrl: text('endpoint_url').notNull(),
    secretCiphertext: text('secret_ciphertext').notNull(),
    previousSecretCiphertext: text('previous_secret_ciphertext'),
    previousSecretExpiresAt: ts('previous_secret_expires_at'),
    signatureAlgorithm: text('signature_algorithm').notNull().default('HMAC-SHA256'),
    verifySsl: boolean('verify_ssl').notNull().default(true),
    subscribedEvents: jsonb('subscribed_events').$type<string[]>().notNull(),
    maxRetryAttempts: integer('max_retry_attempts').notNull().default(8),
    retryBackoffSeconds: integer('retry_backoff_seconds').notNull().default(5),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    disabledAt: ts('disabled_at'),
    failingSince: ts('failing_since'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('webhook_subscriptions_tenant_id_uq').on(t.tenantId, t.id),
    index('webhook_subscriptions_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('webhook_subscriptions_tenant_enabled_idx').on(t.tenantId, t.enabled),
    index('webhook_subscriptions_tenant_customer_idx').on(t.tenantId, t.customerId),
    foreignKey({ name: 'webhook_subscriptions_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    check('webhook_subscriptions_retry_ck', sql`${t.maxRetryAttempts} between 0 and 20 and ${t.retryBackoffSeconds} between 1 and 3600`),
    check('webhook_subscriptions_algorithm_ck', sql`${t.signatureAlgorithm} in ('HMAC-SHA256')`),
  ],
);

/**
 * One delivery = one event to one subscription, created in the transaction that records the event
 * (lib/services/events/emit.ts). A worker claims a due PENDING delivery by moving next_attempt_at
 * to the end of a lease and setting claim_token; only the holder of the token may complete it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    tenantId: tenantRef(),
    subscriptionId: uuid('subscription_id').notNull(),
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    status: text('status', { enum: DELIVERY_STATUSES }).notNull().default('PENDING'),
    attemptCount: integer('attempt_count').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    claimToken: uuid('claim_token'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    replayOf: uuid('replay_of'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: ts('completed_at'),
  },
  (t) => [
    unique('webhook_deliveries_tenant_id_uq').on(t.tenantId, t.id),
    index('webhook_deliveries_tenant_subscription_idx').on(t.tenantId, t.subscriptionId, t.createdAt),
    index('webhook_deliveries_tenant_event_idx').on(t.tenantId, t.eventId),
    // The worker serves all tenants: the next due pending deliveries, whatever their tenant.
    // retention sweeps (lib/services/retention): finished deliveries by age
    index('webhook_deliveries_tenant_completed_idx')
      .on(t.tenantId, t.completedAt)
      .where(sql`${t.status} <> 'PENDING'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'PENDING'`),
    foreignKey({
      name: 'webhook_deliveries_subscription_fk',
      columns: [t.tenantId, t.subscriptionId],
      foreignColumns: [webhookSubscriptions.tenantId, webhookSubscriptions.id],
    }).onDelete('cascade'),
    foreignKey({ name: 'webhook_deliveries_event_fk', columns: [t.tenantId, t.eventId], foreignColumns: [events.tenantId, events.id] }).onDelete('cascade'),
    check('webhook_deliveries_status_ck', sql`${t.status} in ('PENDING', 'SUCCEEDED', 'FAILED', 'CANCELED')`),
    check('webhook_deliveries_due_ck', sql`${t.status} <> 'PENDING' or ${t.nextAttemptAt} is not null`),
  ],
);

/** Every HTTP attempt of a delivery: when, how long, the answer (first 1 KiB) or the error. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    tenantId: tenantRef(),
    deliveryId: uuid('delivery_id').notNull(),
    attemptNumber: integer('attempt_number').notNull(),
    attemptedAt: ts('attempted_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    endpointUrl: text('endpoint_url').notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    error: text('error'),
  },
  (t) => [
    unique('webhook_attempts_tenant_id_uq').on(t.tenantId, t.id),
    index('webhook_attempts_tenant_delivery_idx').on(t.tenantId, t.deliveryId, t.attemptedAt),
    index('webhook_attempts_tenant_attempted_idx').on(t.tenantId, t.attemptedAt),
    foreignKey({
      name: 'webhook_attempts_delivery_fk',
      columns: [t.tenantId, t.deliveryId],
      foreignColumns: [webhookDeliveries.tenantId, webhookDeliveries.id],
    }).onDelete('cascade'),
  ],
);

/** Per-tenant webhook settings; a tenant without a row has the defaults. */
export const webhookSettings = pgTable('webhook_settings', {
  tenantId: tenantRef()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  allowHttpEndpoints: boolean('allow_http_endpoints').notNull().default(false),
  updatedAt: updatedAt(),
});

export type WebhookSubscriptionRow = typeof webhookSubscriptions.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
