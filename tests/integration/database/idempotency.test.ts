import { and, count, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as subscriptionsRoute from '@/app/api/v2.1/webhooks/subscriptions/route';
import * as tenantRegistration from '@/app/api/v2.1/tenants/registration/route';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { customers, httpIdempotencyKeys, tenants, webhookSubscriptions } from '@/lib/db/schema';
import { createRoute } from '@/lib/http/api-route';
import { envelopeA } from '@/lib/http/envelope';
import { claimIdempotencyKey } from '@/lib/services/idempotency/store';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { requestFingerprint } from '@/lib/services/idempotency/store';
import { adminToken, bearer, createExtraAdmin, createIdentityTenant, firstAdmin, freezeClock, resetIdentityState, type TestTenant } from '../identity-fixtures';
import { call, expectEnvelope, platformAuth, STRONG_PASSWORD, uniqueName } from '../helpers';
import { categoryIds, individualBody, registerIndividual, resetOnboardingState, type Categories } from '../onboarding-fixtures';

/**
 * Idempotency-Key on the creating POSTs: the first answer is replayed (status, body,
 * Idempotent-Replayed: true) and nothing is created again; another body with the same key is 422;
 * a repeat while the first runs is 409; 5xx answers are not kept; keys expire after 24 h; keys are
 * per tenant and client; 20 parallel requests with one key create exactly one resource.
 */
const PUBLIC_URL = 'https://93.184.215.14/hooks';

let tenant: TestTenant;
let token: string;
let cats: Categories;
beforeAll(async () => {
  tenant = await createIdentityTenant();
  token = (await adminToken(firstAdmin(tenant))).token;
  cats = await categoryIds(tenant.tenantId);
});
beforeEach(() => {
  resetIdentityState();
  resetOnboardingState();
});
afterEach(() => setClock(null));

const subscribe = (key: string | null, body: Record<string, unknown>, auth = token) =>
  call(subscriptionsRoute.POST, {
    method: 'POST',
    path: '/api/v2.1/webhooks/subscriptions',
    headers: { ...bearer(auth), ...(key === null ? {} : { 'Idempotency-Key': key }) },
    body: { endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], ...body },
  });

async function subscriptionCount(tenantId: string, name: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(webhookSubscriptions)
    .where(and(eq(webhookSubscriptions.tenantId, tenantId), eq(webhookSubscriptions.name, name)));
  return row!.n;
}

const key = () => `key-${uniqueName('k').replace(/\W+/g, '-')}`;

describe('replay', () => {
  it('a repeat returns the first answer with Idempotent-Replayed: true and creates nothing', async () => {
    const k = key();
    const name = uniqueName('hook');
    const first = await subscribe(k, { subscriptionName: name });
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await subscribe(k, { subscriptionName: name });
    expect({ status: again.status, text: again.text, replayed: again.headers.get('Idempotent-Replayed'), type: again.headers.get('content-type') }).toEqual({
      status: 200,
      text: first.text, // the very same body: same id, and the secret shown once is shown again only to this key
      replayed: 'true',
      type: 'application/json',
    });
    expect(again.headers.get('X-Request-ID')).toBeTruthy();
    expect(await subscriptionCount(tenant.tenantId, name)).toBe(1);
  });

  it('without the header every request creates', async () => {
    const name = uniqueName('hook');
    expect((await subscribe(null, { subscriptionName: name })).status).toBe(200);
    expect((await subscribe(null, { subscriptionName: name })).status).toBe(200);
    expect(await subscriptionCount(tenant.tenantId, name)).toBe(2);
  });

  it('JSON whitespace and key order inside the body are part of the request only as JSON: the same JSON text replays', async () => {
    const k = key();
    const name = uniqueName('hook');
    const body = { endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], subscriptionName: name };
    const send = (text: string) =>
      call(subscriptionsRoute.POST, { method: 'POST', path: '/api/v2.1/webhooks/subscriptions', headers: { ...bearer(token), 'Idempotency-Key': k }, body: text });
    const first = await send(JSON.stringify(body));
    const spaced = await send(JSON.stringify(body, null, 2));
    expect([first.status, spaced.status, spaced.headers.get('Idempotent-Replayed'), spaced.text === first.text]).toEqual([200, 200, 'true', true]);
  });

  it('a 4xx answer of the first request is the answer to its key (tenant registration, duplicate name)', async () => {
    const name = uniqueName('Idem');
    const body = { name, admin: { username: 'owner', email: 'owner@example.com', password: STRONG_PASSWORD } };
    const register = (k: string) => call(tenantRegistration.POST, { method: 'POST', path: '/api/v2.1/tenants/registration', headers: { ...platformAuth, 'Idempotency-Key': k }, body });
    const k1 = key();
    const created = await register(k1);
    expect(created.status).toBe(200);
    const replay = await register(k1);
    expect([replay.status, replay.text === created.text, replay.headers.get('Idempotent-Replayed')]).toEqual([200, true, 'true']);
    const k2 = key();
    const duplicate = await register(k2);
    expect(duplicate.status).toBe(409);
    const duplicateAgain = await register(k2);
    expect([duplicateAgain.status, duplicateAgain.text, duplicateAgain.headers.get('Idempotent-Replayed')]).toEqual([409, duplicate.text, 'true']);
    const db = await getDb();
    const [row] = await db.select({ n: count() }).from(tenants).where(eq(tenants.name, name));
    expect(row!.n).toBe(1);
  });

  it('customer self sign-up (anonymous): replayed, one customer', async () => {
    const k = key();
    const body = individualBody(cats);
    const headers = { 'X-Tenant-ID': tenant.tenantId, 'Idempotency-Key': k };
    const first = await registerIndividual(body, headers);
    expect(first.status, first.text).toBe(200);
    const again = await registerIndividual(body, headers);
    expect([again.status, again.text === first.text, again.headers.get('Idempotent-Replayed')]).toEqual([200, true, 'true']);
    const db = await getDb();
    const customerId = (first.json.data as { customerId: string }).customerId;
    const [row] = await db
      .select({ n: count() })
      .from(customers)
      .where(and(eq(customers.tenantId, tenant.tenantId), eq(customers.id, customerId)));
    expect(row!.n).toBe(1);
  });
});

describe('secrets at rest', () => {
  // issue 26, item 4: a replayed answer is kept 24 h with its body, and some bodies carry a secret
  // that is otherwise stored only as a hash (tenantSecret) or encrypted (a webhook's signing secret)
  async function storedRow(k: string) {
    const db = await getDb();
    const rows = await db.select().from(httpIdempotencyKeys).where(eq(httpIdempotencyKeys.key, k));
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('a new tenant’s tenantSecret is not in the stored answer in plaintext, and the replay still hands it out exactly', async () => {
    const k = key();
    const body = { name: uniqueName('Secret'), admin: { username: 'owner', email: 'owner@example.com', password: STRONG_PASSWORD } };
    const register = () => call(tenantRegistration.POST, { method: 'POST', path: '/api/v2.1/tenants/registration', headers: { ...platformAuth, 'Idempotency-Key': k }, body });
    const first = await register();
    expect(first.status).toBe(200);
    const { tenantSecret, tenantKey, tenantId } = first.json.data as { tenantSecret: string; tenantKey: string; tenantId: string };
    expect(tenantSecret.length).toBeGreaterThanOrEqual(32);

    const row = await storedRow(k);
    expect({ state: row.state, status: row.responseStatus, type: row.responseContentType }).toEqual({ state: 'DONE', status: 200, type: 'application/json' });
    expect(row.responseBody).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    const dump = JSON.stringify(row);
    for (const plain of [tenantSecret, tenantKey, tenantId, body.name]) expect(dump).not.toContain(plain);

    const replay = await register();
    expect({ status: replay.status, text: replay.text, replayed: replay.headers.get('Idempotent-Replayed') }).toEqual({ status: 200, text: first.text, replayed: 'true' });
  });

  it('a webhook subscription’s signing secret likewise; the sealed answer is bound to its key and opens under no other', async () => {
    const k = key();
    const name = uniqueName('hook');
    const first = await subscribe(k, { subscriptionName: name });
    expect(first.status, first.text).toBe(200);
    const secret = (first.json.data as { secretKey: string }).secretKey;
    expect(secret).toMatch(/^whsec_/);
    const row = await storedRow(k);
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret.slice('whsec_'.length));

    // the same sealed body under another key of the same client: it does not open (AES-GCM with the key as associated data)
    const db = await getDb();
    const k2 = key();
    const second = await subscribe(k2, { subscriptionName: uniqueName('hook') });
    expect(second.status).toBe(200);
    const own = await storedRow(k2);
    await db.update(httpIdempotencyKeys).set({ responseBody: row.responseBody }).where(eq(httpIdempotencyKeys.key, k2));
    await expect(claimIdempotencyKey(db, { tenantId: own.tenantId, clientKey: own.clientKey, key: k2 }, own.requestHash)).rejects.toThrow('Unsupported state or unable to authenticate data');

    const replay = await subscribe(k, { subscriptionName: name });
    expect({ status: replay.status, text: replay.text, replayed: replay.headers.get('Idempotent-Replayed') }).toEqual({ status: 200, text: first.text, replayed: 'true' });
  });
});

describe('errors', () => {
  it('the same key with a different body answers 422 and creates nothing', async () => {
    const k = key();
    const name = uniqueName('hook');
    expect((await subscribe(k, { subscriptionName: name })).status).toBe(200);
    const other = await subscribe(k, { subscriptionName: `${name}-other` });
    expectEnvelope(other, 422, 'idempotency key reused with a different request', {
      error: 'IDEMPOTENCY_KEY_REUSED',
      details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
    });
    expect(await subscriptionCount(tenant.tenantId, `${name}-other`)).toBe(0);
  });

  it('a repeat while the first request is still running answers 409 with Retry-After', async () => {
    const k = key();
    const name = uniqueName('hook');
    const body = { endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], subscriptionName: name };
    // the first request holds the key: exactly what its claim leaves while its handler runs
    const claimed = await claimIdempotencyKey(
      await getDb(),
      { tenantId: tenant.tenantId, clientKey: `user:${tenant.userId}`, key: k },
      requestFingerprint('POST', '/api/v2.1/webhooks/subscriptions', body),
    );
    expect(claimed).toEqual({ outcome: 'claimed' });
    const res = await subscribe(k, { subscriptionName: name });
    expectEnvelope(res, 409, 'conflict', {
      error: 'IDEMPOTENT_REQUEST_IN_PROGRESS',
      details: 'a request with this Idempotency-Key is still in progress; retry after it completes',
    });
    expect(res.headers.get('Retry-After')).toBe('1');
    expect(await subscriptionCount(tenant.tenantId, name)).toBe(0);
  });

  it.each([
    ['longer than 255 characters', 'k'.repeat(256), 'must be at most 255 characters'],
    ['empty', '', 'must not be empty'],
    ['with a space', 'two words', 'must be printable ASCII without spaces'],
  ])('a key %s answers 400', async (_case, value, message) => {
    const res = await subscribe(value, { subscriptionName: uniqueName('hook') });
    expectEnvelope(res, 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'Idempotency-Key', message }] });
  });

  it('a key of exactly 255 characters is accepted', async () => {
    const res = await subscribe('k'.repeat(254) + Math.random().toString(36).slice(2, 3), { subscriptionName: uniqueName('hook') });
    expect(res.status).toBe(200);
  });
});

describe('scope and lifetime', () => {
  it('keys are per client: another administrator of the tenant may use the same key', async () => {
    const k = key();
    const second = await adminToken(await createExtraAdmin(tenant, ['ADMIN_USER']));
    const name = uniqueName('hook');
    const a = await subscribe(k, { subscriptionName: name });
    const b = await subscribe(k, { subscriptionName: name }, second.token);
    expect([a.status, b.status, b.headers.get('Idempotent-Replayed')]).toEqual([200, 200, null]);
    expect(await subscriptionCount(tenant.tenantId, name)).toBe(2);
  });

  it('customer registration by administrators: the key belongs to the signed-in user, not to the IP', async () => {
    const k = key();
    const second = await adminToken(await createExtraAdmin(tenant, ['ADMIN_USER']));
    const register = (auth: string) => registerIndividual(individualBody(cats), { 'X-Tenant-ID': tenant.tenantId, 'Idempotency-Key': k, ...bearer(auth), [PEER_HEADER]: '198.51.100.60' });
    const a = await register(token);
    const b = await register(second.token);
    expect([a.status, b.status, b.headers.get('Idempotent-Replayed')]).toEqual([200, 200, null]);
    expect((a.json.data as { registeredBy: string }).registeredBy).toBe(tenant.userId);
    // the first administrator's retry with another body is still its own key: 422
    const again = await register(token);
    expect(again.status).toBe(422);
  });

  it('keys are per tenant: the same key in another tenant is a new request', async () => {
    const other = await createIdentityTenant();
    const otherToken = (await adminToken(firstAdmin(other))).token;
    const k = key();
    const name = uniqueName('hook');
    expect((await subscribe(k, { subscriptionName: name })).status).toBe(200);
    const res = await subscribe(k, { subscriptionName: name }, otherToken);
    expect([res.status, res.headers.get('Idempotent-Replayed')]).toEqual([200, null]);
    expect(await subscriptionCount(other.tenantId, name)).toBe(1);
  });

  it('a key is kept 24 hours: replayed just before, run again after (tenant registration)', async () => {
    const clock = freezeClock();
    const k = key();
    const body = { name: uniqueName('Idem'), admin: { username: 'owner', email: 'owner@example.com', password: STRONG_PASSWORD } };
    const register = () => call(tenantRegistration.POST, { method: 'POST', path: '/api/v2.1/tenants/registration', headers: { ...platformAuth, 'Idempotency-Key': k }, body });
    expect((await register()).status).toBe(200);
    clock.advance(24 * 3600 * 1000 - 1000);
    const replay = await register();
    expect([replay.status, replay.headers.get('Idempotent-Replayed')]).toEqual([200, 'true']);
    clock.advance(1000);
    // the key is forgotten: the request runs again and meets the tenant it created a day ago
    const fresh = await register();
    expect([fresh.status, fresh.headers.get('Idempotent-Replayed')]).toEqual([409, null]);
  });

  it('a 5xx answer is not kept: the retry with the same key runs again', async () => {
    let calls = 0;
    const flaky = createRoute({
      schemas: {},
      idempotency: true,
      prepare: async (base) => {
        base.identity.tenantId = tenant.tenantId;
        return {};
      },
      handler: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database went away');
        if (calls === 2) return envelopeA({ error: 'SERVICE_UNAVAILABLE' }, { status: 503, message: 'service unavailable' });
        return envelopeA({ calls }, { message: 'created' });
      },
    });
    const k = key();
    const send = () => call(flaky, { method: 'POST', path: '/api/v2.1/flaky', headers: { 'Idempotency-Key': k } });
    expect((await send()).status).toBe(500);
    expect((await send()).status).toBe(503);
    const ok = await send();
    expect([ok.status, ok.json.data]).toEqual([200, { calls: 3 }]);
    const replay = await send();
    expect([replay.status, replay.json.data, replay.headers.get('Idempotent-Replayed'), calls]).toEqual([200, { calls: 3 }, 'true', 3]);
  });
});

describe('concurrency', () => {
  it('20 parallel requests with one key create exactly one resource; the others get 409 or the replay', async () => {
    const k = key();
    const name = uniqueName('hook');
    const answers = await Promise.all(Array.from({ length: 20 }, () => subscribe(k, { subscriptionName: name })));
    const statuses = answers.map((a) => a.status);
    const created = answers.filter((a) => a.status === 200 && a.headers.get('Idempotent-Replayed') === null);
    expect(created).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    for (const replay of answers.filter((a) => a.headers.get('Idempotent-Replayed'))) expect(replay.text).toBe(created[0]!.text);
    for (const busy of answers.filter((a) => a.status === 409)) expect((busy.json.data as { error: string }).error).toBe('IDEMPOTENT_REQUEST_IN_PROGRESS');
    expect(await subscriptionCount(tenant.tenantId, name)).toBe(1);
  });
});
