import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as testRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/test/route';
import { fixedClock, setClock } from '@/lib/clock';
import { database, getDb } from '@/lib/db/client';
import { emitEvent } from '@/lib/services/events/emit';
import { updateSubscription } from '@/lib/services/webhooks/subscriptions';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { setResolver } from '@/lib/services/webhooks/ssrf';
import { runWorkerOnce, WebhookWorker } from '@/lib/services/webhooks/worker';
import { skipUnlessCi } from '../../ci';
import { call, expectEnvelope } from '../helpers';
import { adminSession, adminToken, bearer, createCustomer, firstAdmin, resetIdentityState, WRONG_PASSWORD } from '../identity-fixtures';
import {
  allowPrivateNetworks,
  attemptRows,
  cancelAllPending,
  deliveriesOf,
  deliveryRow,
  eventsOf,
  noJitter,
  startReceiver,
  subscribe,
  subscriptionRow,
  webhookTenant,
  type Receiver,
} from '../webhooks-fixtures';

/**
 * Delivery end to end against real HTTP receivers on 127.0.0.1: Standard Webhooks signatures
 * (verified with the `standardwebhooks` package), fan-out in the outbox transaction, the retry
 * schedule on an injectable clock, Retry-After, 410, auto-disable, redirects, timeouts, the SSRF
 * guard at connect time (DNS rebinding included), TLS verification, and the worker's wake-up.
 */
const receivers: Receiver[] = [];
async function receiver(respond?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

const SECOND = 1000;

beforeAll(() => allowPrivateNetworks(true));
beforeEach(() => resetIdentityState());
afterEach(async () => {
  setClock(null);
  setResolver(null);
  allowPrivateNetworks(true);
  await cancelAllPending();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await closeWebhookAgents();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});

async function emitTest(tenantId: string, subscriptionId: string, message = 'hello') {
  const db = await getDb();
  return db.transaction((tx) => emitEvent(tx, tenantId, 'webhook.test', { subscriptionId, message }));
}

describe('signing and payload', () => {
  it('a delivery carries the Standard Webhooks headers and a signature that standardwebhooks verifies', async () => {
    const tenant = await webhookTenant();
    const r = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, subscribedEvents: ['webhook.test'] });
    const event = await emitTest(tenant.tenantId, sub.id);
    const before = Math.floor(Date.now() / 1000);

    expect(await runWorkerOnce(await getDb())).toEqual({ attempted: 1, succeeded: 1, failed: 0, retrying: 0 });

    expect(r.requests).toHaveLength(1);
    const [req] = r.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/hooks');
    expect(req!.headers).toMatchObject({
      'content-type': 'application/json',
      'user-agent': expect.stringMatching(/^BusinessPlatform-Webhooks\/1\.0$/),
      'webhook-id': event.id,
      'webhook-timestamp': expect.stringMatching(/^\d{10}$/),
      'webhook-signature': expect.stringMatching(/^v1,[A-Za-z0-9+/]{43}=$/),
    });
    expect(Number(req!.headers['webhook-timestamp'])).toBeGreaterThanOrEqual(before - 1);
    // the payload: { id, type, tenantId, createdAt, data } in this order
    expect(Object.keys(JSON.parse(req!.body))).toEqual(['id', 'type', 'tenantId', 'createdAt', 'data']);
    expect(new Webhook(sub.secret).verify(req!.body, req!.headers)).toEqual({
      id: event.id,
      type: 'webhook.test',
      tenantId: tenant.tenantId,
      createdAt: event.createdAt,
      data: { subscriptionId: sub.id, message: 'hello' },
    });
    // another secret, or a tampered body, does not verify
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 9).toString('base64')).verify(req!.body, req!.headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(sub.secret).verify(req!.body.replace('hello', 'hellO'), req!.headers)).toThrow(WebhookVerificationError);

    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'SUCCEEDED', attemptCount: 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null, claimToken: null, eventId: event.id });
    expect(delivery!.completedAt).toBeInstanceOf(Date);
    const attempts = await attemptRows(tenant.tenantId, delivery!.id);
    expect(attempts).toEqual([expect.objectContaining({ attemptNumber: 1, responseStatus: 200, responseBody: 'ok', error: null, endpointUrl: r.url, durationMs: expect.any(Number) })]);
  });

  it('a secret given at creation signs too; the webhook-id stays the same across retries', async () => {
    const tenant = await webhookTenant();
    const r = await receiver((_, i) => (i === 0 ? { status: 500 } : { status: 204 }));
    const secret = 'whsec_' + Buffer.alloc(24, 7).toString('base64');
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, secretKey: secret, retryBackoffSeconds: 1 });
    const clock = fixedClock();
    setClock(clock);
    const event = await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb(), { random: noJitter });
    clock.advance(1 * SECOND);
    await runWorkerOnce(await getDb(), { random: noJitter });
    expect(r.requests.map((q) => q.headers['webhook-id'])).toEqual([event.id, event.id]);
    for (const q of r.requests) expect(new Webhook(secret).verify(q.body, q.headers)).toMatchObject({ id: event.id });
    // each attempt is signed anew with its own timestamp
    expect(r.requests[1]!.headers['webhook-timestamp']).toBe(String(Number(r.requests[0]!.headers['webhook-timestamp']) + 1));
  });
});

describe('fan-out in the outbox transaction', () => {
  it('one delivery per enabled subscription whose events match: exact, prefix.*, *, and the customer scope', async () => {
    const tenant = await webhookTenant();
    const other = await webhookTenant();
    const customerX = await createCustomer(tenant.tenantId);
    const customerY = await createCustomer(tenant.tenantId);
    const url = 'http://127.0.0.1:9/hooks';
    const all = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['*'] });
    const prefix = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['customer.*'] });
    const deeper = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['customer.consent.*'] });
    const exact = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['customer.consent.accepted'] });
    const unrelated = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['session.created', 'card.*'] });
    const scoped = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['customer.*'], customerId: customerX });
    const disabled = await subscribe(tenant.tenantId, { endpointUrl: url, subscribedEvents: ['*'] });
    await updateSubscription(await getDb(), tenant.tenantId, disabled.id, { enabled: false });
    const foreign = await subscribe(other.tenantId, { endpointUrl: url, subscribedEvents: ['*'] });

    const db = await getDb();
    for (const customerId of [customerX, customerY]) {
      await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'customer.consent.accepted', { customerId, customerType: 'INDIVIDUAL', consentType: 'TERMS', version: '1' }));
    }
    await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'user.locked', { userId: null, attempts: 5, lockedUntil: new Date().toISOString() }));

    const counts = async (s: { id: string }, tenantId = tenant.tenantId) => (await deliveriesOf(tenantId, s.id)).map((d) => d.eventType);
    expect(await counts(all)).toEqual(['customer.consent.accepted', 'customer.consent.accepted', 'user.locked']);
    expect(await counts(prefix)).toEqual(['customer.consent.accepted', 'customer.consent.accepted']);
    expect(await counts(deeper)).toEqual(['customer.consent.accepted', 'customer.consent.accepted']);
    expect(await counts(exact)).toEqual(['customer.consent.accepted', 'customer.consent.accepted']);
    expect(await counts(unrelated)).toEqual([]);
    expect(await counts(scoped)).toEqual(['customer.consent.accepted']);
    expect((await deliveriesOf(tenant.tenantId, scoped.id))[0]!.eventId).toBe((await eventsOf(tenant.tenantId, 'customer.consent.accepted'))[0]!.id);
    expect(await counts(disabled)).toEqual([]);
    expect(await counts(foreign, other.tenantId)).toEqual([]);
  });

  it('an event and its deliveries exist if and only if the change committed', async () => {
    const tenant = await webhookTenant();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: 'http://127.0.0.1:9/hooks' });
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'rolled back' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await eventsOf(tenant.tenantId, 'webhook.test')).toEqual([]);
    expect(await deliveriesOf(tenant.tenantId, sub.id)).toEqual([]);
    await emitTest(tenant.tenantId, sub.id, 'committed');
    expect(await eventsOf(tenant.tenantId, 'webhook.test')).toHaveLength(1);
    expect(await deliveriesOf(tenant.tenantId, sub.id)).toHaveLength(1);
  });

  it('an event whose payload would exceed 64 KiB is refused (and so is the change with it)', async () => {
    const tenant = await webhookTenant();
    const db = await getDb();
    await expect(db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: tenant.userId, message: 'x'.repeat(64 * 1024) }))).rejects.toThrow(
      'event webhook.test exceeds 65536 bytes',
    );
    expect(await eventsOf(tenant.tenantId)).toEqual([]);
  });

  it('identity emits session.created when a session opens, and user.locked once when failures lock a user', async () => {
    const tenant = await webhookTenant();
    const r = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, subscribedEvents: ['session.created', 'user.locked'] });
    const admin = firstAdmin(tenant);
    const session = await adminToken(admin);
    await runWorkerOnce(await getDb());
    expect(r.requests).toHaveLength(1);
    expect(JSON.parse(r.requests[0]!.body)).toMatchObject({
      type: 'session.created',
      tenantId: tenant.tenantId,
      data: { userId: admin.userId, sessionId: session.sessionId, kind: 'ADMIN', platform: 'web', ipAddress: '203.0.113.7' },
    });

    for (let i = 0; i < 7; i++) await adminSession(admin, { password: WRONG_PASSWORD });
    // unknown identifiers lock too, with userId null
    for (let i = 0; i < 5; i++) await adminSession({ ...admin, username: 'nobody-here' }, { password: WRONG_PASSWORD });
    const locked = await eventsOf(tenant.tenantId, 'user.locked');
    expect(locked.map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { userId: admin.userId, attempts: 5, lockedUntil: expect.any(String) },
      { userId: null, attempts: 5, lockedUntil: expect.any(String) },
    ]);
    await runWorkerOnce(await getDb());
    expect(r.requests.map((q) => JSON.parse(q.body).type)).toEqual(['session.created', 'user.locked', 'user.locked']);
    expect(new Webhook(sub.secret).verify(r.requests[1]!.body, r.requests[1]!.headers)).toMatchObject({ type: 'user.locked' });
  });
});

describe('retries', () => {
  it('retry n waits retryBackoffSeconds * 2^(n-1); after maxRetryAttempts retries the delivery is FAILED; every attempt is stored', async () => {
    const tenant = await webhookTenant();
    const r = await receiver(() => ({ status: 500, body: 'x'.repeat(5000) }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, maxRetryAttempts: 3, retryBackoffSeconds: 10 });
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(t0);
    setClock(clock);
    await emitTest(tenant.tenantId, sub.id);
    const db = await getDb();
    const run = () => runWorkerOnce(db, { random: noJitter });
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    const at = (s: number) => new Date(t0.getTime() + s * SECOND);

    expect(await run()).toEqual({ attempted: 1, succeeded: 0, failed: 0, retrying: 1 });
    expect(await deliveryRow(tenant.tenantId, delivery!.id)).toMatchObject({ status: 'PENDING', attemptCount: 1, nextAttemptAt: at(10), lastStatusCode: 500, lastError: 'HTTP 500' });
    clock.set(at(9.999));
    expect((await run()).attempted).toBe(0);
    clock.set(at(10));
    expect(await run()).toMatchObject({ attempted: 1, retrying: 1 });
    expect((await deliveryRow(tenant.tenantId, delivery!.id)).nextAttemptAt).toEqual(at(30));
    clock.set(at(30));
    await run();
    expect((await deliveryRow(tenant.tenantId, delivery!.id)).nextAttemptAt).toEqual(at(70));
    clock.set(at(70));
    expect(await run()).toEqual({ attempted: 1, succeeded: 0, failed: 1, retrying: 0 });
    clock.set(at(10_000));
    expect((await run()).attempted).toBe(0);

    expect(await deliveryRow(tenant.tenantId, delivery!.id)).toMatchObject({ status: 'FAILED', attemptCount: 4, nextAttemptAt: null, completedAt: at(70) });
    const attempts = await attemptRows(tenant.tenantId, delivery!.id);
    expect(attempts.map((a) => [a.attemptNumber, a.attemptedAt.toISOString(), a.responseStatus, a.error])).toEqual([
      [1, at(0).toISOString(), 500, 'HTTP 500'],
      [2, at(10).toISOString(), 500, 'HTTP 500'],
      [3, at(30).toISOString(), 500, 'HTTP 500'],
      [4, at(70).toISOString(), 500, 'HTTP 500'],
    ]);
    // the first 1 KiB of the answer is kept
    expect(attempts[0]!.responseBody).toBe('x'.repeat(1024));
    expect(r.requests).toHaveLength(4);
  });

  it('jitter stays within ±20% of the backoff', async () => {
    const tenant = await webhookTenant();
    const r = await receiver(() => ({ status: 502 }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, retryBackoffSeconds: 100 });
    const clock = fixedClock(new Date(Math.floor(Date.now() / 1000) * 1000));
    setClock(clock);
    for (let i = 0; i < 3; i++) await emitTest(tenant.tenantId, sub.id);
    let k = 0;
    await runWorkerOnce(await getDb(), { random: () => [0, 1, 0.25][k++ % 3]!, concurrency: 1 });
    const delays = (await deliveriesOf(tenant.tenantId, sub.id)).map((d) => (d.nextAttemptAt!.getTime() - clock.now().getTime()) / 1000).sort((a, b) => a - b);
    expect(delays).toEqual([80, 90, 120]);
  });

  it.each([
    ['429 with Retry-After in seconds', 429, () => '120', 120],
    ['503 with Retry-After as an HTTP date', 503, (now: Date) => new Date(now.getTime() + 300_000).toUTCString(), 300],
    ['500 with Retry-After: ignored, the backoff applies', 500, () => '120', 5],
    ['429 without Retry-After: the backoff applies', 429, () => undefined, 5],
    ['429 asking for more than 24 hours: capped', 429, () => String(3 * 86_400), 86_400],
  ])('%s', async (_name, status, retryAfter, expectedSeconds) => {
    const tenant = await webhookTenant();
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const r = await receiver(() => {
      const value = retryAfter(t0);
      const headers: Record<string, string> = value ? { 'Retry-After': value } : {};
      return { status, headers };
    });
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url });
    setClock(fixedClock(t0));
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb(), { random: noJitter });
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: status, nextAttemptAt: new Date(t0.getTime() + expectedSeconds * SECOND) });
  });

  it('maxRetryAttempts 0: one attempt only', async () => {
    const tenant = await webhookTenant();
    const r = await receiver(() => ({ status: 500 }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, maxRetryAttempts: 0 });
    await emitTest(tenant.tenantId, sub.id);
    expect(await runWorkerOnce(await getDb())).toEqual({ attempted: 1, succeeded: 0, failed: 1, retrying: 0 });
    expect((await deliveriesOf(tenant.tenantId, sub.id))[0]).toMatchObject({ status: 'FAILED', attemptCount: 1 });
  });

  it('410 Gone: the delivery fails at once, the subscription is disabled, its pending deliveries are canceled, and an event says why', async () => {
    const tenant = await webhookTenant();
    const gone = await receiver(() => ({ status: 410, body: 'gone' }));
    const watcher = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: gone.url, subscribedEvents: ['webhook.test'] });
    const ops = await subscribe(tenant.tenantId, { endpointUrl: watcher.url, subscribedEvents: ['webhook.subscription.disabled'] });
    const clock = fixedClock();
    setClock(clock);
    await emitTest(tenant.tenantId, sub.id, 'first');
    clock.advance(60_000);
    await emitTest(tenant.tenantId, sub.id, 'second');
    clock.advance(-60_000);

    await runWorkerOnce(await getDb());
    const [first, second] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(first).toMatchObject({ status: 'FAILED', attemptCount: 1, lastStatusCode: 410, lastError: 'HTTP 410' });
    expect(second).toMatchObject({ status: 'CANCELED', attemptCount: 0, lastError: 'the subscription was disabled: the endpoint answered 410 Gone' });
    expect(await subscriptionRow(tenant.tenantId, sub.id)).toMatchObject({ enabled: false, disabledReason: 'ENDPOINT_GONE', disabledAt: expect.any(Date) });
    const [disabledEvent] = await eventsOf(tenant.tenantId, 'webhook.subscription.disabled');
    expect((disabledEvent!.payload as { data: unknown }).data).toEqual({
      subscriptionId: sub.id,
      endpointUrl: gone.url,
      reason: 'ENDPOINT_GONE',
      details: 'the endpoint answered 410 Gone',
    });
    // the other subscription hears about it
    await runWorkerOnce(await getDb());
    expect(watcher.requests.map((q) => JSON.parse(q.body).type)).toEqual(['webhook.subscription.disabled']);
    expect((await deliveriesOf(tenant.tenantId, ops.id))[0]!.status).toBe('SUCCEEDED');
    // nothing more goes to the disabled one
    clock.advance(3_600_000);
    await emitTest(tenant.tenantId, sub.id, 'third');
    await runWorkerOnce(await getDb());
    expect(gone.requests).toHaveLength(1);
  });

  it('a subscription failing without a single success for 5 days is disabled; a success in between resets the clock', async () => {
    const tenant = await webhookTenant();
    let healthy = false;
    const r = await receiver(() => ({ status: healthy ? 200 : 500 }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, maxRetryAttempts: 0 });
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(t0);
    setClock(clock);
    const db = await getDb();
    const day = 24 * 3600 * SECOND;

    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(db);
    expect((await subscriptionRow(tenant.tenantId, sub.id))!.failingSince).toEqual(t0);
    clock.advance(3 * day);
    healthy = true;
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(db);
    expect((await subscriptionRow(tenant.tenantId, sub.id))!.failingSince).toBeNull();

    healthy = false;
    const failingFrom = clock.now();
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(db);
    clock.advance(5 * day - SECOND);
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(db);
    expect(await subscriptionRow(tenant.tenantId, sub.id)).toMatchObject({ enabled: true, failingSince: failingFrom });
    clock.advance(SECOND);
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(db);
    expect(await subscriptionRow(tenant.tenantId, sub.id)).toMatchObject({ enabled: false, disabledReason: 'FAILING_TOO_LONG', disabledAt: clock.now() });
    const [event] = await eventsOf(tenant.tenantId, 'webhook.subscription.disabled');
    expect((event!.payload as { data: unknown }).data).toEqual({
      subscriptionId: sub.id,
      endpointUrl: r.url,
      reason: 'FAILING_TOO_LONG',
      details: `every attempt since ${failingFrom.toISOString()} failed (5 days)`,
    });
  });
});

describe('what counts as failure', () => {
  it('redirects are never followed: a 3xx is a failed attempt and the target receives nothing', async () => {
    const tenant = await webhookTenant();
    const target = await receiver();
    const redirecting = await receiver(() => ({ status: 302, headers: { Location: target.url } }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: redirecting.url, maxRetryAttempts: 0 });
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb());
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'FAILED', lastStatusCode: 302, lastError: `redirect to ${target.url} not followed` });
    expect(redirecting.requests).toHaveLength(1);
    expect(target.requests).toHaveLength(0);
  });

  it('no answer within the timeout is a failed attempt', async () => {
    const tenant = await webhookTenant();
    // the receiver never answers: runWorkerOnce can only return because the 400 ms timeout cut the attempt
    const r = await receiver(() => ({ hang: true }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, maxRetryAttempts: 0 });
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb(), { timeoutMs: 400 });
    expect(r.requests).toHaveLength(1);
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'FAILED', lastStatusCode: null, lastError: 'no answer within 400 ms' });
    const attempts = await attemptRows(tenant.tenantId, delivery!.id);
    expect(attempts.map((a) => ({ responseStatus: a.responseStatus, error: a.error }))).toEqual([{ responseStatus: null, error: 'no answer within 400 ms' }]);
  });

  it('a refused connection is a failed attempt with the reason', async () => {
    const tenant = await webhookTenant();
    const closed = await startReceiver();
    const url = closed.url;
    await closed.close();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: url, maxRetryAttempts: 0 });
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb());
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery!.status).toBe('FAILED');
    expect(delivery!.lastError).toMatch(/ECONNREFUSED/);
  });
});

describe('SSRF guard at connect time', () => {
  it('with WEBHOOK_ALLOW_PRIVATE_NETWORKS=false a subscription that points at 127.0.0.1 is refused when connecting; nothing is sent', async () => {
    const tenant = await webhookTenant();
    const r = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, maxRetryAttempts: 0 });
    allowPrivateNetworks(false);
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb());
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({
      status: 'FAILED',
      lastStatusCode: null,
      lastError: 'refused by the SSRF guard: address 127.0.0.1 is not allowed (loopback 127.0.0.0/8)',
    });
    expect(r.requests).toHaveLength(0);
  });

  it('DNS rebinding: a name that resolved to a public address at creation and to loopback at connect time is refused; the connection goes to the checked address', async () => {
    const tenant = await webhookTenant();
    const r = await receiver();
    allowPrivateNetworks(false);
    let answer = ['93.184.215.14'];
    setResolver(async () => answer);
    const sub = await subscribe(tenant.tenantId, { endpointUrl: `http://rebind.example:${r.port}/hooks`, maxRetryAttempts: 1, retryBackoffSeconds: 1 });
    answer = ['127.0.0.1'];
    const clock = fixedClock();
    setClock(clock);
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb(), { random: noJitter });
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery!.lastError).toBe('refused by the SSRF guard: rebind.example resolves to 127.0.0.1, which is not allowed (loopback 127.0.0.0/8)');
    expect(r.requests).toHaveLength(0);
    // development mode: the same name reaches the receiver at the address the resolver gave
    allowPrivateNetworks(true);
    clock.advance(SECOND);
    await runWorkerOnce(await getDb(), { random: noJitter });
    expect(r.requests).toHaveLength(1);
    expect(r.requests[0]!.headers.host).toBe(`rebind.example:${r.port}`);
    expect((await deliveryRow(tenant.tenantId, delivery!.id)).status).toBe('SUCCEEDED');
  });
});

describe('DNS at connect time', () => {
  it('a name that does not resolve is a failed attempt, retried later', async () => {
    const tenant = await webhookTenant();
    setResolver(async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    const sub = await subscribe(tenant.tenantId, { endpointUrl: 'http://hooks.gone.invalid/in' });
    await emitTest(tenant.tenantId, sub.id);
    await runWorkerOnce(await getDb());
    const [delivery] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, lastStatusCode: null, lastError: 'DNS: hooks.gone.invalid could not be resolved (ENOTFOUND)' });
  });
});

describe('TLS', () => {
  let dir: string;
  let server: https.Server | undefined;
  let port = 0;
  let hasOpenssl = true;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'bp-tls-'));
    try {
      execFileSync(
        'openssl',
        ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=localhost'],
        {
          stdio: 'ignore',
        },
      );
    } catch {
      hasOpenssl = false;
      return;
    }
    server = https.createServer({ key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) }, (_req, res) => {
      _req.resume();
      _req.on('end', () => res.end('tls ok'));
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    rmSync(dir, { recursive: true, force: true });
  });

  it('a self-signed certificate fails with verifySsl true and is accepted with verifySsl false (that subscription only)', async (ctx) => {
    if (!hasOpenssl) skipUnlessCi(ctx.skip, 'openssl is not installed: no certificate for the TLS cases');
    const tenant = await webhookTenant();
    const strict = await subscribe(tenant.tenantId, { endpointUrl: `https://127.0.0.1:${port}/hooks`, maxRetryAttempts: 0 });
    const lax = await subscribe(tenant.tenantId, { endpointUrl: `https://127.0.0.1:${port}/hooks`, maxRetryAttempts: 0, verifySsl: false });
    await emitTest(tenant.tenantId, strict.id);
    await runWorkerOnce(await getDb());
    const [failed] = await deliveriesOf(tenant.tenantId, strict.id);
    const [ok] = await deliveriesOf(tenant.tenantId, lax.id);
    expect(failed!.status).toBe('FAILED');
    expect(failed!.lastError).toMatch(/self-signed certificate/);
    expect(ok).toMatchObject({ status: 'SUCCEEDED', lastStatusCode: 200 });
    expect((await attemptRows(tenant.tenantId, ok!.id))[0]!.responseBody).toBe('tls ok');
  });
});

describe('POST .../{id}/test', () => {
  it('sends a webhook.test event to that subscription only, now, and reports the attempt', async () => {
    const tenant = await webhookTenant();
    const r = await receiver(() => ({ status: 202, body: 'accepted' }));
    const bystander = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, subscribedEvents: ['customer.*'] });
    // it would match webhook.test, but a test event goes to the one subscription only
    await subscribe(tenant.tenantId, { endpointUrl: bystander.url, subscribedEvents: ['webhook.*'] });
    const session = await adminToken(firstAdmin(tenant));
    const res = await call(testRoute.POST, {
      method: 'POST',
      headers: bearer(session.token),
      params: { subscriptionId: sub.id },
      body: { message: 'ping' },
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'test event sent',
      data: {
        eventId: expect.any(String),
        deliveryId: expect.any(String),
        status: 'SUCCEEDED',
        attempt: {
          id: expect.any(String),
          attemptNumber: 1,
          attemptedAt: expect.any(String),
          durationMs: expect.any(Number),
          endpointUrl: r.url,
          responseStatus: 202,
          responseBody: 'accepted',
          error: null,
        },
      },
    });
    expect(r.requests).toHaveLength(1);
    expect(new Webhook(sub.secret).verify(r.requests[0]!.body, r.requests[0]!.headers)).toMatchObject({
      id: (res.json.data as { eventId: string }).eventId,
      type: 'webhook.test',
      data: { subscriptionId: sub.id, message: 'ping' },
    });
    // a running worker would not pick it up again
    expect(await runWorkerOnce(await getDb())).toMatchObject({ attempted: 0 });
    expect(bystander.requests).toHaveLength(0);
  });

  it('a failing endpoint: the answer says so and the delivery stays on the retry schedule; a disabled subscription answers 409', async () => {
    const tenant = await webhookTenant();
    const r = await receiver(() => ({ status: 500, body: 'boom' }));
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url });
    const session = await adminToken(firstAdmin(tenant));
    const send = () => call(testRoute.POST, { method: 'POST', headers: bearer(session.token), params: { subscriptionId: sub.id } });
    const res = await send();
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ status: 'PENDING', attempt: { responseStatus: 500, responseBody: 'boom', error: 'HTTP 500' } });
    const delivery = await deliveryRow(tenant.tenantId, (res.json.data as { deliveryId: string }).deliveryId);
    expect(delivery).toMatchObject({ status: 'PENDING', attemptCount: 1, claimToken: null });

    await updateSubscription(await getDb(), tenant.tenantId, sub.id, { enabled: false });
    expectEnvelope(await send(), 409, 'conflict', {
      error: 'SUBSCRIPTION_DISABLED',
      details: 'the subscription is disabled; enable it (PATCH enabled: true) to send test events',
    });
  });
});

describe('the worker process loop', () => {
  it('wakes on the commit notification (LISTEN/NOTIFY), well before its poll interval', async () => {
    const tenant = await webhookTenant();
    const r = await receiver();
    const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url });
    const worker = new WebhookWorker(await database(), { pollIntervalMs: 60_000, concurrency: 4 });
    await worker.start();
    try {
      // let the first (empty) claim pass, so that the worker sleeps
      await new Promise((resolve) => setTimeout(resolve, 300));
      // the poll interval is 60 s and the wait below gives up after 10 s (failing the test): a
      // delivery inside it can only come from the commit notification
      const event = await emitTest(tenant.tenantId, sub.id);
      await r.waitFor(1, 10_000);
      expect(r.requests[0]!.headers['webhook-id']).toBe(event.id);
      // a burst: all delivered, each once
      for (let i = 0; i < 20; i++) await emitTest(tenant.tenantId, sub.id, `burst ${i}`);
      await r.waitFor(21, 15_000);
    } finally {
      await worker.stop();
    }
    expect(worker.stats).toMatchObject({ attempted: 21, succeeded: 21 });
    expect(new Set(r.requests.map((q) => q.headers['webhook-id'])).size).toBe(21);
  });
});
