import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getCardProcessor, resetCardProcessor } from '@/lib/card-processor';
import { createSandboxProcessor } from '@/lib/card-processor/sandbox';
import { serveCardProcessor } from '@/lib/card-processor/server';
import { createWebhookSubscriptionBodySchema } from '@/lib/contract/webhooks';
import { getDb } from '@/lib/db/client';
import { cardDirectory, cardDirectoryTransactions, events, externalEvents, webhookDeliveries } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { createSubscription } from '@/lib/services/webhooks/subscriptions';
import { cardWorld, fund, holderBody, key, merchant, ok, otpInProcess, panOf } from './card-fixtures';
import { registerPartner, serveInbound, type TestPartner } from './external-events-fixtures';
import { adminToken, firstAdmin, resetIdentityState } from './identity-fixtures';

/**
 * The card processor as an external party, end to end: the sandbox served over real HTTP on
 * 127.0.0.1 (lib/card-processor/server.ts) is the gateway's processor (CARD_PROCESSOR_URL), and it
 * reports its card activity back over HTTP, signed with the partner's secret, to our inbound endpoint
 * (served on 127.0.0.1 too). What the platform learns of the cards (directory, card movements, the
 * tenant's webhooks) comes through the signed events only, once each.
 */
const API_KEY = 'external-processor-key-0123456789';
const destinations = new Map<string, { url: string; secret: string }>();
let inbound: Awaited<ReturnType<typeof serveInbound>>;
let stopProcessor: () => Promise<void>;

beforeAll(async () => {
  inbound = await serveInbound();
  const served = await serveCardProcessor(createSandboxProcessor({ events: { destinationFor: (tenantId) => destinations.get(tenantId) ?? null } }), { apiKey: API_KEY });
  process.env.CARD_PROCESSOR_URL = served.url;
  process.env.CARD_PROCESSOR_API_KEY = API_KEY;
  process.env.CARD_PROCESSOR_SANDBOX = 'true';
  resetEnvCache();
  await resetCardProcessor();
  stopProcessor = async () => {
    await resetCardProcessor();
    delete process.env.CARD_PROCESSOR_URL;
    delete process.env.CARD_PROCESSOR_API_KEY;
    delete process.env.CARD_PROCESSOR_SANDBOX;
    resetEnvCache();
    await served.close();
  };
});
afterAll(async () => {
  await stopProcessor();
  await inbound.close();
});

it('issue, activate, authorize, decline, settle at the external processor: each reaches the platform as a signed event over HTTP, once', async () => {
  resetIdentityState();
  expect((await getCardProcessor()).kind).toBe('sandbox'); // the HTTP client to our sandbox, with its sandbox-only operations
  const w = await cardWorld();
  const tenantId = w.tenant.tenantId;
  const token = (await adminToken(firstAdmin(w.tenant))).token;
  const partner: TestPartner = await registerPartner(token, tenantId);
  destinations.set(tenantId, { url: `${inbound.url}/api/v2.1/external-events/${partner.id}`, secret: partner.secret });
  const db = await getDb();
  // a tenant webhook subscription for card events: the fan-out
  const subscription = await createSubscription(
    db,
    tenantId,
    null,
    createWebhookSubscriptionBodySchema.parse({ subscriptionName: 'cards', endpointUrl: 'https://hooks.invalid/cards', subscribedEvents: ['card.*'] }),
  );

  const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
  const applied = await ok<{ cardId: string }>(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: key() });
  const cardNo = await panOf(tenantId, applied.cardId);
  await ok(w.alice, 'card/activate', { cardNo, otp: await otpInProcess(w.alice, cardNo, 'ACTIVATE') });
  await fund(w.alice, cardNo, '50.00');
  const approved = await ok<{ authorizationId: string; status: string }>(w.admin, 'simulate/authorize', { cardNo, amount: '20.00', currency: 'EUR', merchant: merchant() });
  expect(approved.status).toBe('APPROVED');
  const declined = await ok<{ status: string }>(w.admin, 'simulate/authorize', { cardNo, amount: '500.00', currency: 'EUR', merchant: merchant() });
  expect(declined.status).toBe('DECLINED');
  await ok(w.admin, 'simulate/clear', { cardNo, authorizationId: approved.authorizationId, amount: '18.00' });

  // every activity arrived signed and was processed, in order
  const received = await db.select().from(externalEvents).where(eq(externalEvents.tenantId, tenantId)).orderBy(asc(externalEvents.receivedAt));
  expect(received.map((r) => [r.type, r.status, r.partnerId])).toEqual([
    ['card.issued', 'PROCESSED', partner.id],
    ['card.status.changed', 'PROCESSED', partner.id],
    ['card.transaction.created', 'PROCESSED', partner.id],
    ['card.transaction.created', 'PROCESSED', partner.id],
    ['card.transaction.settled', 'PROCESSED', partner.id],
  ]);
  expect(received.every((r) => /^msg_/.test(r.externalId))).toBe(true);

  // the directory and the card movements
  const [dir] = await db
    .select()
    .from(cardDirectory)
    .where(and(eq(cardDirectory.tenantId, tenantId), eq(cardDirectory.cardId, applied.cardId)));
  expect(dir).toMatchObject({ status: 'ACTIVE', maskedNumber: `${cardNo.slice(0, 6)}******${cardNo.slice(-4)}` });
  const movements = await db.select().from(cardDirectoryTransactions).where(eq(cardDirectoryTransactions.tenantId, tenantId));
  expect(movements.map((m) => [m.status, m.amount, m.declineReason]).sort()).toEqual([
    ['DECLINED', '500.0000', 'INSUFFICIENT_FUNDS'],
    ['SETTLED', '18.0000', null],
  ]);

  // the tenant's webhooks: each card event once (the processor did not also emit it), each with its delivery
  const cardEvents = await db
    .select({ type: events.type, id: events.id })
    .from(events)
    .where(and(eq(events.tenantId, tenantId)))
    .orderBy(asc(events.createdAt));
  const types = cardEvents.map((e) => e.type).filter((t) => t.startsWith('card.'));
  expect(types).toEqual(['card.issued', 'card.status.changed', 'card.transaction.created', 'card.transaction.created', 'card.transaction.settled']);
  const deliveries = await db
    .select({ type: webhookDeliveries.eventType })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.subscriptionId, subscription.id)));
  expect(deliveries.map((d) => d.type).sort()).toEqual([...types].sort());
  expect(cardEvents.filter((e) => e.type === 'external.event.received')).toHaveLength(5);
});
