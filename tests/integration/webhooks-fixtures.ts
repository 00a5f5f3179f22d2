import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, asc, eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { events, webhookAttempts, webhookDeliveries, webhookSubscriptions } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import type { CreateWebhookSubscriptionBody } from '@/lib/contract/webhooks';
import { updateWebhookSettings } from '@/lib/services/webhooks/settings';
import { createSubscription } from '@/lib/services/webhooks/subscriptions';
import { createTenant, uniqueName } from './helpers';

/**
 * Fixtures of the webhook tests: a real HTTP receiver on 127.0.0.1 that records every request and
 * answers as told, the private-network switch, and direct reads of the delivery tables.
 */
export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  at: number;
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  /** answer after this many milliseconds */
  delayMs?: number;
  /** never answer (the connection is closed when the receiver closes) */
  hang?: boolean;
}

export interface Receiver {
  url: string;
  port: number;
  requests: Received[];
  respond: (request: Received, index: number) => Reply;
  /** resolves when at least n requests have arrived */
  waitFor(n: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(respond: Receiver['respond'] = () => ({ status: 200, body: 'ok' }), path = '/hooks'): Promise<Receiver> {
  const requests: Received[] = [];
  const waiters: Array<{ n: number; resolve: () => void }> = [];
  const receiver = { requests, respond } as Receiver;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const received: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')])),
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      };
      requests.push(received);
      for (const w of waiters.filter((w) => requests.length >= w.n)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      const reply = receiver.respond(received, requests.length - 1);
      if (reply.hang) return;
      const send = () => {
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain', ...reply.headers });
        res.end(reply.body ?? '');
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  receiver.port = port;
  receiver.url = `http://127.0.0.1:${port}${path}`;
  receiver.waitFor = (n, timeoutMs = 20_000) =>
    requests.length >= n
      ? Promise.resolve()
      : new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`receiver got ${requests.length} of ${n} requests`)), timeoutMs);
          waiters.push({ n, resolve: () => (clearTimeout(timer), resolve()) });
        });
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return receiver;
}

/** Lets deliveries reach 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE_NETWORKS), or restores the guard. */
export function allowPrivateNetworks(allow: boolean): void {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allow ? 'true' : 'false';
  resetEnvCache();
}

/** A tenant that allows http:// endpoints (the receivers are plain http on 127.0.0.1). */
export async function webhookTenant() {
  const tenant = await createTenant(uniqueName('Webhooks'));
  await updateWebhookSettings(await getDb(), tenant.tenantId, { allowHttpEndpoints: true });
  return tenant;
}

/** A subscription through the service (setup), with the secret it signs with. */
export async function subscribe(tenantId: string, input: Partial<CreateWebhookSubscriptionBody> & { endpointUrl: string }): Promise<{ id: string; secret: string }> {
  const created = await createSubscription(await getDb(), tenantId, null, { subscribedEvents: ['*'], ...input } as CreateWebhookSubscriptionBody);
  return { id: created.id, secret: created.secretKey ?? (input.secretKey as string) };
}

export async function deliveriesOf(tenantId: string, subscriptionId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
}

export async function deliveryRow(tenantId: string, deliveryId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.tenantId, tenantId), eq(webhookDeliveries.id, deliveryId)));
  return row!;
}

export async function attemptRows(tenantId: string, deliveryId: string) {
  const db = await getDb();
  return db
    .select()
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.tenantId, tenantId), eq(webhookAttempts.deliveryId, deliveryId)))
    .orderBy(asc(webhookAttempts.attemptNumber));
}

export async function subscriptionRow(tenantId: string, subscriptionId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.id, subscriptionId)));
  return row;
}

export async function eventsOf(tenantId: string, type?: string) {
  const db = await getDb();
  return db
    .select()
    .from(events)
    .where(and(eq(events.tenantId, tenantId), type ? eq(events.type, type) : undefined))
    .orderBy(asc(events.createdAt));
}

/**
 * The worker serves every tenant of the file's database: deliveries that earlier tests left
 * pending would be sent by a later test's worker run. Cancel them between tests.
 */
export async function cancelAllPending(): Promise<void> {
  const db = await getDb();
  await db.update(webhookDeliveries).set({ status: 'CANCELED', nextAttemptAt: null, claimToken: null }).where(eq(webhookDeliveries.status, 'PENDING'));
}

/** A constant jitter source: 0.5 is the exact backoff (no jitter). */
export const noJitter = () => 0.5;
