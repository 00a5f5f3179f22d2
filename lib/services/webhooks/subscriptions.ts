import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import {
  DEFAULT_MAX_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BACKOFF_SECONDS,
  SECRET_ROTATION_OVERLAP_SECONDS,
  type CreateWebhookSubscriptionBody,
  type UpdateWebhookSubscriptionBody,
  type WebhookSubscription,
} from '@/lib/contract/webhooks';
import type { Db, DbOrTx } from '@/lib/db/client';
import { customers, webhookSubscriptions, type WebhookSubscriptionRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { notFound, validationFailed } from '@/lib/contract/api-errors';
import { encryptionKey } from '@/lib/services/data-key';
import { cancelPendingDeliveries, type DisabledReason } from './lifecycle';
import { encryptSecret } from './secrets';
import { generateSecret } from './signer';
import { hostOf, parseEndpointUrl, resolveAndCheck, SsrfError, UnresolvableHostError } from './ssrf';
import { getWebhookSettings } from './settings';

/**
 * Webhook subscriptions of a tenant: create (endpoint 6), list, read, change, delete, rotate the
 * secret. Every statement names the tenant, updates and deletes included; a subscription of
 * another tenant is not found. Secrets are stored encrypted and returned only when generated or
 * rotated, never again.
 */
export type { DisabledReason };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toSubscriptionView(row: WebhookSubscriptionRow, now = clock.now()): WebhookSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    subscriptionName: row.name,
    description: row.description,
    endpointUrl: row.endpointUrl,
    signatureAlgorithm: row.signatureAlgorithm as WebhookSubscription['signatureAlgorithm'],
    verifySsl: row.verifySsl,
    subscribedEvents: row.subscribedEvents,
    maxRetryAttempts: row.maxRetryAttempts,
    retryBackoffSeconds: row.retryBackoffSeconds,
    enabled: row.enabled,
    disabledReason: row.disabledReason as DisabledReason | null,
    disabledAt: iso(row.disabledAt),
    failingSince: iso(row.failingSince),
    previousSecretExpiresAt: row.previousSecretExpiresAt && row.previousSecretExpiresAt > now ? row.previousSecretExpiresAt.toISOString() : null,
    createdBy: row.createdBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * May the tenant deliver to this URL? https (http only where the tenant allows it for testing), and
 * the SSRF guard on the host and every address it resolves to now. A name that does not resolve
 * at the moment is accepted: the guard runs again at every connection.
 */
export async function assertEndpointAllowed(db: DbOrTx, tenantId: string, endpointUrl: string, field = 'endpointUrl'): Promise<void> {
  const refuse = (message: string) => validationFailed([{ field, message }]);
  let url: URL;
  try {
    url = parseEndpointUrl(endpointUrl);
  } catch (error) {
    throw refuse(`is refused: ${(error as Error).message}`);
  }
  if (url.protocol === 'http:' && !(await getWebhookSettings(db, tenantId)).allowHttpEndpoints) {
    throw refuse('must use https (http is allowed only when the tenant enables it for testing: PUT /api/v2.1/webhooks/settings)');
  }
  try {
    await resolveAndCheck(hostOf(url), { allowPrivate: getEnv().WEBHOOK_ALLOW_PRIVATE_NETWORKS, timeoutMs: 3_000 });
  } catch (error) {
    if (error instanceof UnresolvableHostError) return;
    if (error instanceof SsrfError) throw refuse(`is refused: ${error.message}`);
    throw error;
  }
}

async function assertCustomer(db: DbOrTx, tenantId: string, customerId: string): Promise<void> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!row) throw validationFailed([{ field: 'customerId', message: 'no customer with this id in the tenant' }]);
}

export async function createSubscription(db: Db, tenantId: string, createdBy: string | null, input: CreateWebhookSubscriptionBody): Promise<WebhookSubscription & { secretKey?: string }> {
  await assertEndpointAllowed(db, tenantId, input.endpointUrl);
  if (input.customerId) await assertCustomer(db, tenantId, input.customerId);
  const id = randomUUID();
  const secret = input.secretKey ?? generateSecret();
  const { key } = await encryptionKey(db);
  const now = clock.now();
  const [row] = await db
    .insert(webhookSubscriptions)
    .values({
      id,
      tenantId,
      customerId: input.customerId ?? null,
      name: input.subscriptionName ?? hostOf(new URL(input.endpointUrl)),
      description: input.description ?? '',
      endpointUrl: input.endpointUrl,
      secretCiphertext: encryptSecret(key, secret, { tenantId, subscriptionId: id }),
      signatureAlgorithm: input.signatureAlgorithm ?? 'HMAC-SHA256',
      verifySsl: input.verifySsl ?? true,
      subscribedEvents: input.subscribedEvents,
      maxRetryAttempts: input.maxRetryAttempts ?? DEFAULT_MAX_RETRY_ATTEMPTS,
      retryBackoffSeconds: input.retryBackoffSeconds ?? DEFAULT_RETRY_BACKOFF_SECONDS,
      createdBy,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const view = toSubscriptionView(row!, now);
  return input.secretKey ? view : { ...view, secretKey: secret };
}

export async function listSubscriptions(db: Db, tenantId: string, query: { pageNo: number; pageSize: number; enabled?: boolean }) {
  const filters = and(eq(webhookSubscriptions.tenantId, tenantId), query.enabled === undefined ? undefined : eq(webhookSubscriptions.enabled, query.enabled));
  const [{ total }] = (await db.select({ total: count() }).from(webhookSubscriptions).where(filters)) as [{ total: number }];
  const rows = await db
    .select()
    .from(webhookSubscriptions)
    .where(filters)
    .orderBy(desc(webhookSubscriptions.createdAt), asc(webhookSubscriptions.id))
    .limit(query.pageSize)
    .offset((query.pageNo - 1) * query.pageSize);
  const now = clock.now();
  return { items: rows.map((r) => toSubscriptionView(r, now)), pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total) };
}

export async function findSubscription(db: DbOrTx, tenantId: string, subscriptionId: string): Promise<WebhookSubscriptionRow> {
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)));
  if (!row) throw notFound('webhook subscription');
  return row;
}

export async function getSubscription(db: Db, tenantId: string, subscriptionId: string): Promise<WebhookSubscription> {
  return toSubscriptionView(await findSubscription(db, tenantId, subscriptionId));
}

export async function updateSubscription(db: Db, tenantId: string, subscriptionId: string, input: UpdateWebhookSubscriptionBody): Promise<WebhookSubscription> {
  if (input.endpointUrl !== undefined) await assertEndpointAllowed(db, tenantId, input.endpointUrl);
  const now = clock.now();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(webhookSubscriptions)
      .set({
        name: input.subscriptionName,
        description: input.description,
        endpointUrl: input.endpointUrl,
        subscribedEvents: input.subscribedEvents,
        maxRetryAttempts: input.maxRetryAttempts,
        retryBackoffSeconds: input.retryBackoffSeconds,
        verifySsl: input.verifySsl,
        ...(input.enabled === false
          ? {
              enabled: false,
              // keep the first reason and time when it was already disabled
              disabledReason: sql`coalesce(${webhookSubscriptions.disabledReason}, 'DISABLED_BY_USER')`,
              disabledAt: sql`coalesce(${webhookSubscriptions.disabledAt}, ${now}::timestamptz)`,
            }
          : {}),
        ...(input.enabled === true ? { enabled: true, disabledReason: null, disabledAt: null, failingSince: null } : {}),
        updatedAt: now,
      })
      .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)))
      .returning();
    if (!updated) throw notFound('webhook subscription');
    if (input.enabled === false) await cancelPendingDeliveries(tx, tenantId, subscriptionId, 'the subscription was disabled', now);
    return updated;
  });
  return toSubscriptionView(row, now);
}

export async function deleteSubscription(db: Db, tenantId: string, subscriptionId: string): Promise<{ id: string; deleted: true }> {
  const rows = await db
    .delete(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)))
    .returning({ id: webhookSubscriptions.id });
  if (!rows.length) throw notFound('webhook subscription');
  return { id: subscriptionId, deleted: true };
}

/**
 * A new signing secret (given or generated). The current one becomes the previous one and keeps
 * signing next to the new one for 24 hours, so receivers can switch without losing a delivery.
 * A previous secret still in its overlap is dropped.
 */
export async function rotateSecret(db: Db, tenantId: string, subscriptionId: string, given?: string) {
  const secret = given ?? generateSecret();
  const { key } = await encryptionKey(db);
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + SECRET_ROTATION_OVERLAP_SECONDS * 1000);
  const rows = await db
    .update(webhookSubscriptions)
    .set({
      previousSecretCiphertext: sql`${webhookSubscriptions.secretCiphertext}`,
      previousSecretExpiresAt: expiresAt,
      secretCiphertext: encryptSecret(key, secret, { tenantId, subscriptionId }),
      updatedAt: now,
    })
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)))
    .returning({ id: webhookSubscriptions.id });
  if (!rows.length) throw notFound('webhook subscription');
  return { id: subscriptionId, secretKey: secret, previousSecretExpiresAt: expiresAt.toISOString() };
}
