import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as subscriptionRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/route';
import * as rotateRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route';
import * as recoverRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/recover/route';
import * as deliveriesRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/route';
import * as deliveryRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/[deliveryId]/route';
import * as replayRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/[deliveryId]/replay/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { emitEvent } from '@/lib/services/events/emit';
import { getSubscription, updateSubscription } from '@/lib/services/webhooks/subscriptions';
import { closeWebhookAgents } from '@/lib/services/webhooks/http';
import { runWorkerOnce } from '@/lib/services/webhooks/worker';
import { call, expectEnvelope, type CallResult } from '../helpers';
import { adminToken, bearer, firstAdmin, resetIdentityState, UUID } from '../identity-fixtures';
import { allowPrivateNetworks, cancelAllPending, deliveriesOf, noJitter, startReceiver, subscribe, webhookTenant, type Receiver } from '../webhooks-fixtures';

/**
 * Operations on a subscription's deliveries and secret: rotation with both signatures valid for
 * 24 hours, the delivery log (filters, paging, one delivery with its attempts), replay and recover.
 */
type Json = Record<string, unknown>;
const SECOND = 1000;
const receivers: Receiver[] = [];
async function receiver(respond?: Parameters<typeof startReceiver>[0]): Promise<Receiver> {
  const r = await startReceiver(respond);
  receivers.push(r);
  return r;
}

beforeAll(() => allowPrivateNetworks(true));
beforeEach(() => resetIdentityState());
afterEach(async () => {
  setClock(null);
  await cancelAllPending();
  await Promise.all(receivers.splice(0).map((r) => r.close()));
});
afterAll(async () => {
  await closeWebhookAgents();
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});

async function setup(respond?: Parameters<typeof startReceiver>[0], options: Json = {}) {
  const tenant = await webhookTenant();
  const r = await receiver(respond);
  const sub = await subscribe(tenant.tenantId, { endpointUrl: r.url, subscribedEvents: ['webhook.test'], ...options });
  const token = (await adminToken(firstAdmin(tenant))).token;
  const emit = async (message: string) => {
    const db = await getDb();
    return db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message }));
  };
  const on = (handler: typeof rotateRoute.POST, method: string, extra: { body?: unknown; deliveryId?: string; query?: string } = {}) =>
    call<Json>(handler, {
      method,
      path: `/api/v2.1/webhooks/subscriptions/${sub.id}${extra.query ?? ''}`,
      headers: bearer(token),
      params: extra.deliveryId ? { subscriptionId: sub.id, deliveryId: extra.deliveryId } : { subscriptionId: sub.id },
      body: extra.body,
    });
  return { tenant, r, sub, token, emit, on };
}

describe('POST .../{id}/rotate-secret', () => {
  it('signs with the new and the old secret for 24 hours (both verify with standardwebhooks), then with the new one only', async () => {
    const { tenant, r, sub, emit, on } = await setup();
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(t0);
    setClock(clock);
    const res = await on(rotateRoute.POST, 'POST');
    expect(res.json).toEqual({
      code: 200,
      message: 'signing secret rotated',
      data: { id: sub.id, secretKey: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/), previousSecretExpiresAt: new Date(t0.getTime() + 24 * 3600 * SECOND).toISOString() },
    });
    const newSecret = (res.json.data as { secretKey: string }).secretKey;
    expect(newSecret).not.toBe(sub.secret);
    expect((await on(subscriptionRoute.GET, 'GET')).json.data).toMatchObject({ previousSecretExpiresAt: new Date(t0.getTime() + 24 * 3600 * SECOND).toISOString() });

    await emit('during the overlap');
    await runWorkerOnce(await getDb());
    const during = r.requests[0]!;
    expect(during.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(newSecret).verify(during.body, during.headers)).toMatchObject({ data: { message: 'during the overlap' } });
    expect(new Webhook(sub.secret).verify(during.body, during.headers)).toMatchObject({ data: { message: 'during the overlap' } });

    clock.advance(24 * 3600 * SECOND);
    await emit('after the overlap');
    await runWorkerOnce(await getDb());
    const after = r.requests[1]!;
    const signatures = after.headers['webhook-signature']!.split(' ');
    const timestamp = new Date(Number(after.headers['webhook-timestamp']) * 1000);
    // (the clock is a day ahead, so standardwebhooks' freshness check would refuse; compare signatures instead)
    expect(signatures).toEqual([new Webhook(newSecret).sign(after.headers['webhook-id']!, timestamp, after.body)]);
    expect(signatures).not.toContain(new Webhook(sub.secret).sign(after.headers['webhook-id']!, timestamp, after.body));
    // (the session token has expired a day later; read through the service)
    expect(await getSubscription(await getDb(), tenant.tenantId, sub.id)).toMatchObject({ previousSecretExpiresAt: null });
  });

  it('takes a given secret; refuses a malformed one', async () => {
    const { r, emit, on } = await setup();
    const secretKey = 'whsec_' + Buffer.alloc(32, 5).toString('base64');
    const res = await on(rotateRoute.POST, 'POST', { body: { secretKey } });
    expect(res.json.data).toMatchObject({ secretKey });
    await emit('with the given secret');
    await runWorkerOnce(await getDb());
    expect(new Webhook(secretKey).verify(r.requests[0]!.body, r.requests[0]!.headers)).toBeTruthy();
    expectEnvelope(await on(rotateRoute.POST, 'POST', { body: { secretKey: 'whsec_short' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'secretKey', message: 'must be whsec_ followed by the base64 of 24 to 64 random bytes; omit it to have one generated' }],
    });
  });
});

describe('the delivery log', () => {
  it('lists deliveries newest first, filters by status and event type, pages; one delivery shows its payload and every attempt', async () => {
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(t0);
    setClock(clock);
    const { tenant, sub, emit, on } = await setup((q) => (JSON.parse(q.body).data.message === 'bad' ? { status: 500, body: 'nope' } : { status: 200, body: 'fine' }), {
      maxRetryAttempts: 1,
      retryBackoffSeconds: 1,
    });
    const good = await emit('good');
    clock.advance(SECOND);
    const bad = await emit('bad');
    await runWorkerOnce(await getDb(), { random: noJitter });
    clock.advance(SECOND);
    await runWorkerOnce(await getDb(), { random: noJitter });

    type Page = { items: Array<Json & { id: string; eventId: string; status: string }>; total: number; pageNo: number; pageSize: number };
    const list = (query = '') => on(deliveriesRoute.GET, 'GET', { query: `/deliveries${query}` }) as unknown as Promise<CallResult<Page>>;
    const all = await list();
    expect(all.status).toBe(200);
    expect(all.json.data).toMatchObject({ total: 2, pageNo: 1, pageSize: 20 });
    expect(all.json.data.items.map((d) => [d.eventId, d.status])).toEqual([
      [bad.id, 'FAILED'],
      [good.id, 'SUCCEEDED'],
    ]);
    expect(all.json.data.items[0]).toEqual({
      id: expect.stringMatching(UUID),
      subscriptionId: sub.id,
      eventId: bad.id,
      eventType: 'webhook.test',
      status: 'FAILED',
      attemptCount: 2,
      nextAttemptAt: null,
      lastStatusCode: 500,
      lastError: 'HTTP 500',
      replayOf: null,
      createdAt: new Date(t0.getTime() + SECOND).toISOString(),
      updatedAt: expect.any(String),
      completedAt: new Date(t0.getTime() + 2 * SECOND).toISOString(),
    });
    expect((await list('?status=SUCCEEDED')).json.data.items.map((d) => d.eventId)).toEqual([good.id]);
    expect((await list('?eventType=webhook.test&status=FAILED')).json.data.items.map((d) => d.eventId)).toEqual([bad.id]);
    expect((await list('?eventType=session.created')).json.data.total).toBe(0);
    expect((await list('?pageSize=1&pageNo=2')).json.data.items.map((d) => d.eventId)).toEqual([good.id]);
    expectEnvelope(await list('?status=LOST'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'status', message: 'must be one of PENDING, SUCCEEDED, FAILED, CANCELED' }],
    });
    expectEnvelope(await list('?eventType=nope'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'eventType', message: 'must be a known event type' }],
    });

    const failedId = all.json.data.items[0]!.id;
    const one = await on(deliveryRoute.GET, 'GET', { deliveryId: failedId });
    expect(one.status).toBe(200);
    expect(one.json.data).toMatchObject({
      id: failedId,
      status: 'FAILED',
      event: { id: bad.id, type: 'webhook.test', tenantId: tenant.tenantId, createdAt: bad.createdAt, data: { subscriptionId: sub.id, message: 'bad' } },
      attempts: [
        { attemptNumber: 1, attemptedAt: new Date(t0.getTime() + SECOND).toISOString(), responseStatus: 500, responseBody: 'nope', error: 'HTTP 500', durationMs: expect.any(Number) },
        { attemptNumber: 2, attemptedAt: new Date(t0.getTime() + 2 * SECOND).toISOString(), responseStatus: 500, responseBody: 'nope', error: 'HTTP 500' },
      ],
    });
    // a delivery id of another subscription (or none) is not found under this one
    const other = await subscribe(tenant.tenantId, { endpointUrl: 'https://93.184.215.14/x' });
    const foreign = await call(deliveryRoute.GET, { headers: bearer((await adminToken(firstAdmin(tenant))).token), params: { subscriptionId: other.id, deliveryId: failedId } });
    expectEnvelope(foreign, 404, 'resource not found', { error: 'NOT_FOUND', details: 'webhook delivery not found' });
    expectEnvelope(await on(deliveryRoute.GET, 'GET', { deliveryId: '00000000-0000-4000-8000-000000000000' }), 404, 'resource not found', {
      error: 'NOT_FOUND',
      details: 'webhook delivery not found',
    });
  });
});

describe('replay and recover', () => {
  it("replay sends a finished delivery's event again as a new delivery with the same webhook-id; a pending one answers 409", async () => {
    let up = false;
    const { tenant, r, sub, emit, on } = await setup(() => ({ status: up ? 200 : 503 }), { maxRetryAttempts: 0 });
    const event = await emit('replay me');
    await runWorkerOnce(await getDb());
    const [failed] = await deliveriesOf(tenant.tenantId, sub.id);
    expect(failed!.status).toBe('FAILED');

    up = true;
    const res = await on(replayRoute.POST, 'POST', { deliveryId: failed!.id });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('delivery replayed');
    expect(res.json.data).toMatchObject({ id: expect.stringMatching(UUID), eventId: event.id, status: 'PENDING', attemptCount: 0, replayOf: failed!.id });
    const replayId = (res.json.data as { id: string }).id;
    expectEnvelope(await on(replayRoute.POST, 'POST', { deliveryId: replayId }), 409, 'conflict', {
      error: 'DELIVERY_PENDING',
      details: 'the delivery is still pending; it is sent at its next attempt',
      nextAttemptAt: expect.any(String),
    });
    await runWorkerOnce(await getDb());
    expect(r.requests.map((q) => q.headers['webhook-id'])).toEqual([event.id, event.id]);
    expect((await deliveriesOf(tenant.tenantId, sub.id)).map((d) => [d.id, d.status])).toEqual([
      [failed!.id, 'FAILED'],
      [replayId, 'SUCCEEDED'],
    ]);
    // a succeeded delivery may be replayed too (the receiver lost it)
    expect((await on(replayRoute.POST, 'POST', { deliveryId: replayId })).status).toBe(200);

    await updateSubscription(await getDb(), tenant.tenantId, sub.id, { enabled: false });
    expectEnvelope(await on(replayRoute.POST, 'POST', { deliveryId: failed!.id }), 409, 'conflict', {
      error: 'SUBSCRIPTION_DISABLED',
      details: 'the subscription is disabled; enable it (PATCH enabled: true) to replay deliveries',
    });
  });

  it('recover re-sends each event whose latest delivery since the given time failed or was canceled, once', async () => {
    const t0 = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = fixedClock(t0);
    setClock(clock);
    let up = false;
    const { tenant, r, sub, emit, on } = await setup(() => ({ status: up ? 200 : 500 }), { maxRetryAttempts: 0 });
    const early = await emit('before the window');
    clock.advance(60 * SECOND);
    const a = await emit('a');
    const b = await emit('b');
    const c = await emit('c');
    await runWorkerOnce(await getDb());
    expect((await deliveriesOf(tenant.tenantId, sub.id)).every((d) => d.status === 'FAILED')).toBe(true);
    // c was replayed already and succeeded: not sent again
    up = true;
    const cDelivery = (await deliveriesOf(tenant.tenantId, sub.id)).find((d) => d.eventId === c.id)!;
    await on(replayRoute.POST, 'POST', { deliveryId: cDelivery.id });
    await runWorkerOnce(await getDb());
    r.requests.length = 0;

    const since = new Date(t0.getTime() + 30 * SECOND).toISOString();
    const res = await on(recoverRoute.POST, 'POST', { body: { since } });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('deliveries recovered');
    expect(res.json.data).toEqual({ recovered: 2, deliveryIds: [expect.stringMatching(UUID), expect.stringMatching(UUID)] });
    await runWorkerOnce(await getDb());
    expect(r.requests.map((q) => q.headers['webhook-id']).sort()).toEqual([a.id, b.id].sort());
    expect(r.requests.map((q) => q.headers['webhook-id'])).not.toContain(early.id);
    // nothing left to recover
    expect((await on(recoverRoute.POST, 'POST', { body: { since } })).json.data).toEqual({ recovered: 0, deliveryIds: [] });
    // an until bound
    expect((await on(recoverRoute.POST, 'POST', { body: { since: t0.toISOString(), until: since } })).json.data).toMatchObject({ recovered: 1 });

    expectEnvelope(await on(recoverRoute.POST, 'POST', { body: { since: 'yesterday' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'since', message: 'Invalid ISO datetime' }],
    });
    expectEnvelope(await on(recoverRoute.POST, 'POST', { body: { since, until: t0.toISOString() } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'until', message: 'must be later than since' }],
    });
  });
});
