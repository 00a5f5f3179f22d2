import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as subscriptionsRoute from '@/app/api/v2.1/webhooks/subscriptions/route';
import * as subscriptionRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/route';
import * as rotateRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/rotate-secret/route';
import * as testRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/test/route';
import * as recoverRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/recover/route';
import * as deliveriesRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/route';
import * as deliveryRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/[deliveryId]/route';
import * as replayRoute from '@/app/api/v2.1/webhooks/subscriptions/[subscriptionId]/deliveries/[deliveryId]/replay/route';
import * as settingsRoute from '@/app/api/v2.1/webhooks/settings/route';
import * as eventTypesRoute from '@/app/api/v2.1/webhooks/event-types/route';
import { EVENT_TYPES } from '@/lib/contract/events';
import { webhookSubscriptionSchema } from '@/lib/contract/webhooks';
import { getDb } from '@/lib/db/client';
import { webhookSubscriptions } from '@/lib/db/schema';
import type { RouteHandler } from '@/lib/http/api-route';
import { emitEvent } from '@/lib/services/events/emit';
import { encryptionKey } from '@/lib/services/data-key';
import { decryptSecret } from '@/lib/services/webhooks/secrets';
import { setResolver } from '@/lib/services/webhooks/ssrf';
import { call, expectEnvelope, type CallResult } from '../helpers';
import {
  adminToken,
  bearer,
  createCustomer,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  customerSession,
  firstAdmin,
  resetIdentityState,
  tenantDenied,
  TENANT_DENIED_MESSAGE,
  UUID,
  type TestTenant,
} from '../identity-fixtures';
import { allowPrivateNetworks, cancelAllPending, deliveriesOf } from '../webhooks-fixtures';

/**
 * The subscription API (contract endpoint 6 and its siblings): creation with its defaults and the
 * secret shown once, validation and SSRF refusals with exact envelopes, roles, X-Tenant-ID and
 * X-User-ID, list/read/change/delete, settings, the catalogue, and tenant isolation: another
 * tenant's subscription answers 404 on every operation.
 */
const PUBLIC_URL = 'https://93.184.215.14/hooks';
const SECRET_RE = /^whsec_[A-Za-z0-9+/]{43}=$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let tenant: TestTenant;
let token: string;

beforeAll(async () => {
  allowPrivateNetworks(false);
  tenant = await createIdentityTenant();
  token = (await adminToken(firstAdmin(tenant))).token;
});
beforeEach(() => {
  resetIdentityState();
  allowPrivateNetworks(false);
});
afterEach(async () => {
  setResolver(null);
  await cancelAllPending();
});
afterAll(() => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
});

type Json = Record<string, unknown>;

const create = (body: unknown, headers: Record<string, string> = bearer(token)) =>
  call<Json>(subscriptionsRoute.POST, { method: 'POST', path: '/api/v2.1/webhooks/subscriptions', headers, body });

async function created(body: Json = {}, headers?: Record<string, string>): Promise<Json & { id: string }> {
  const res = await create({ endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], ...body }, headers);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.data as Json & { id: string };
}

const onSubscription = (handler: RouteHandler, method: string, subscriptionId: string, options: { body?: unknown; headers?: Record<string, string>; query?: string } = {}) =>
  call<Json>(handler, {
    method,
    path: `/api/v2.1/webhooks/subscriptions/${subscriptionId}${options.query ?? ''}`,
    headers: options.headers ?? bearer(token),
    params: { subscriptionId },
    body: options.body,
  });

const invalid = (errors: Array<{ field: string; message: string }>) => ({ error: 'VALIDATION_FAILED', errors });
const expectInvalid = (res: CallResult<unknown>, errors: Array<{ field: string; message: string }>) => expectEnvelope(res, 400, 'request validation failed', invalid(errors));

describe('POST /api/v2.1/webhooks/subscriptions', () => {
  it('creates with the defaults, answers Envelope A with data.id and the generated secret once; the secret is stored encrypted', async () => {
    const res = await create({ endpointUrl: PUBLIC_URL, subscribedEvents: ['customer.*'] });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'webhook subscription created',
      data: {
        id: expect.stringMatching(UUID),
        customerId: null,
        subscriptionName: '93.184.215.14',
        description: '',
        endpointUrl: PUBLIC_URL,
        signatureAlgorithm: 'HMAC-SHA256',
        verifySsl: true,
        subscribedEvents: ['customer.*'],
        maxRetryAttempts: 8,
        retryBackoffSeconds: 5,
        enabled: true,
        disabledReason: null,
        disabledAt: null,
        failingSince: null,
        previousSecretExpiresAt: null,
        createdBy: tenant.userId,
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
        secretKey: expect.stringMatching(SECRET_RE),
      },
    });
    const { id, secretKey } = res.json.data as { id: string; secretKey: string };
    expect(webhookSubscriptionSchema.safeParse(res.json.data).success).toBe(true);

    const db = await getDb();
    const [row] = await db
      .select()
      .from(webhookSubscriptions)
      .where(and(eq(webhookSubscriptions.tenantId, tenant.tenantId), eq(webhookSubscriptions.id, id)));
    expect(row!.secretCiphertext).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row!.secretCiphertext).not.toContain(secretKey.slice('whsec_'.length, 20));
    const { key } = await encryptionKey(db);
    expect(decryptSecret(key, row!.secretCiphertext, { tenantId: tenant.tenantId, subscriptionId: id })).toBe(secretKey);
    // bound to its row: the ciphertext does not decrypt as another subscription's
    expect(() => decryptSecret(key, row!.secretCiphertext, { tenantId: tenant.tenantId, subscriptionId: tenant.userId })).toThrow();

    // never shown again
    const one = await onSubscription(subscriptionRoute.GET, 'GET', id);
    expect(one.status).toBe(200);
    expect(one.json.data).not.toHaveProperty('secretKey');
    expect(one.text).not.toContain(secretKey);
    const list = await call(subscriptionsRoute.GET, { headers: bearer(token) });
    expect(list.text).not.toContain(secretKey);
  });

  it('takes every field of the contract; a given secret is not echoed; the algorithm is matched loosely; events are deduplicated', async () => {
    const customerId = await createCustomer(tenant.tenantId);
    const secretKey = 'whsec_' + Buffer.alloc(64, 3).toString('base64');
    const res = await create({
      customerId,
      subscriptionName: '  Payments backend  ',
      description: 'all customer events',
      endpointUrl: 'https://[2606:2800:220:1:248:1893:25c8:1946]:8443/in',
      secretKey,
      signatureAlgorithm: 'hmac_sha256',
      verifySsl: false,
      subscribedEvents: ['customer.*', 'card.issued', 'customer.*'],
      maxRetryAttempts: 20,
      retryBackoffSeconds: 3600,
    });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toEqual(
      expect.objectContaining({
        customerId,
        subscriptionName: 'Payments backend',
        description: 'all customer events',
        endpointUrl: 'https://[2606:2800:220:1:248:1893:25c8:1946]:8443/in',
        signatureAlgorithm: 'HMAC-SHA256',
        verifySsl: false,
        subscribedEvents: ['customer.*', 'card.issued'],
        maxRetryAttempts: 20,
        retryBackoffSeconds: 3600,
      }),
    );
    expect(res.json.data).not.toHaveProperty('secretKey');
    expect(res.text).not.toContain(secretKey);
    // nulls count as absent
    const nulls = await create({ endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], customerId: null, secretKey: null, description: null, maxRetryAttempts: null });
    expect(nulls.status).toBe(200);
    expect(nulls.json.data).toMatchObject({ customerId: null, description: '', maxRetryAttempts: 8, secretKey: expect.stringMatching(SECRET_RE) });
  });

  it.each<[string, Json, Array<{ field: string; message: string }>]>([
    ['endpointUrl missing', { endpointUrl: undefined }, [{ field: 'endpointUrl', message: 'Invalid input: expected string, received undefined' }]],
    ['endpointUrl not a URL', { endpointUrl: 'hooks.example.com/in' }, [{ field: 'endpointUrl', message: 'must be an absolute http(s) URL' }]],
    ['endpointUrl ftp', { endpointUrl: 'ftp://93.184.215.14/in' }, [{ field: 'endpointUrl', message: 'must be an http(s) URL; ftp is not allowed' }]],
    ['endpointUrl file', { endpointUrl: 'file:///etc/passwd' }, [{ field: 'endpointUrl', message: 'must be an http(s) URL; file is not allowed' }]],
    ['endpointUrl gopher', { endpointUrl: 'gopher://127.0.0.1:70/_x' }, [{ field: 'endpointUrl', message: 'must be an http(s) URL; gopher is not allowed' }]],
    ['endpointUrl javascript', { endpointUrl: 'javascript:alert(1)' }, [{ field: 'endpointUrl', message: 'must be an http(s) URL; javascript is not allowed' }]],
    [
      'endpointUrl with credentials',
      { endpointUrl: 'https://user:pw@93.184.215.14/in' },
      [{ field: 'endpointUrl', message: 'must not carry credentials (user:password@); authenticate with the signature' }],
    ],
    ['endpointUrl too long', { endpointUrl: `https://93.184.215.14/${'a'.repeat(2048)}` }, [{ field: 'endpointUrl', message: 'must be at most 2048 characters' }]],
    ['signatureAlgorithm unsupported', { signatureAlgorithm: 'HMAC-SHA512' }, [{ field: 'signatureAlgorithm', message: 'unsupported signature algorithm; supported: HMAC-SHA256' }]],
    ['subscribedEvents empty', { subscribedEvents: [] }, [{ field: 'subscribedEvents', message: 'must name at least one event type' }]],
    [
      'subscribedEvents with unknown types and bad wildcards',
      { subscribedEvents: ['customer.registered', 'nope.thing', 'customer.*.x', 'cust*', 'customer.consent.*'] },
      ['subscribedEvents.1', 'subscribedEvents.2', 'subscribedEvents.3'].map((field) => ({
        field,
        message: 'must be a known event type or a wildcard like customer.* (see GET /api/v2.1/webhooks/event-types)',
      })),
    ],
    ['maxRetryAttempts above 20', { maxRetryAttempts: 21 }, [{ field: 'maxRetryAttempts', message: 'must be a whole number from 0 to 20' }]],
    ['maxRetryAttempts negative', { maxRetryAttempts: -1 }, [{ field: 'maxRetryAttempts', message: 'must be a whole number from 0 to 20' }]],
    ['maxRetryAttempts fractional', { maxRetryAttempts: 1.5 }, [{ field: 'maxRetryAttempts', message: 'must be a whole number from 0 to 20' }]],
    ['maxRetryAttempts a string', { maxRetryAttempts: '3' }, [{ field: 'maxRetryAttempts', message: 'must be a whole number from 0 to 20' }]],
    ['retryBackoffSeconds 0', { retryBackoffSeconds: 0 }, [{ field: 'retryBackoffSeconds', message: 'must be a whole number from 1 to 3600' }]],
    ['retryBackoffSeconds above an hour', { retryBackoffSeconds: 3601 }, [{ field: 'retryBackoffSeconds', message: 'must be a whole number from 1 to 3600' }]],
    ...(
      [
        ['not whsec_', 'abc'],
        ['too short (16 bytes)', 'whsec_' + Buffer.alloc(16, 1).toString('base64')],
        ['too long (65 bytes)', 'whsec_' + Buffer.alloc(65, 1).toString('base64')],
        ['not base64', 'whsec_!!!!'],
      ] as const
    ).map(
      ([what, secretKey]) =>
        [`secretKey ${what}`, { secretKey }, [{ field: 'secretKey', message: 'must be whsec_ followed by the base64 of 24 to 64 random bytes; omit it to have one generated' }]] as [
          string,
          Json,
          Array<{ field: string; message: string }>,
        ],
    ),
    ['customerId not a UUID', { customerId: 'c-1' }, [{ field: 'customerId', message: 'must be a UUID' }]],
    ['verifySsl not a boolean', { verifySsl: 'yes' }, [{ field: 'verifySsl', message: 'must be true or false' }]],
    ['subscriptionName empty', { subscriptionName: '   ' }, [{ field: 'subscriptionName', message: 'must not be empty' }]],
    ['an unknown field', { enabled: false }, [{ field: 'enabled', message: 'unknown field: not accepted by this operation' }]],
    [
      'several problems at once',
      { endpointUrl: 'ftp://x', subscribedEvents: [], maxRetryAttempts: 99 },
      [
        { field: 'endpointUrl', message: 'must be an http(s) URL; ftp is not allowed' },
        { field: 'subscribedEvents', message: 'must name at least one event type' },
        { field: 'maxRetryAttempts', message: 'must be a whole number from 0 to 20' },
      ],
    ],
  ])('400 for %s', async (_name, change, errors) => {
    const body: Json = { endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    expectInvalid(await create(body), errors);
  });

  it('400 for a customerId that is not a customer of the tenant', async () => {
    const other = await createIdentityTenant();
    const foreignCustomer = await createCustomer(other.tenantId);
    expectInvalid(await create({ endpointUrl: PUBLIC_URL, subscribedEvents: ['*'], customerId: foreignCustomer }), [
      { field: 'customerId', message: 'no customer with this id in the tenant' },
    ]);
  });

  it('https is required unless the tenant allows http for testing (PUT /api/v2.1/webhooks/settings)', async () => {
    const httpUrl = 'http://93.184.215.14/hooks';
    expectInvalid(await create({ endpointUrl: httpUrl, subscribedEvents: ['*'] }), [
      { field: 'endpointUrl', message: 'must use https (http is allowed only when the tenant enables it for testing: PUT /api/v2.1/webhooks/settings)' },
    ]);
    const getSettings = () => call(settingsRoute.GET, { headers: bearer(token) });
    expect((await getSettings()).json).toEqual({ code: 200, message: 'OK', data: { allowHttpEndpoints: false } });
    const put = await call(settingsRoute.PUT, { method: 'PUT', headers: bearer(token), body: { allowHttpEndpoints: true } });
    expect(put.json).toEqual({ code: 200, message: 'webhook settings updated', data: { allowHttpEndpoints: true } });
    expect((await create({ endpointUrl: httpUrl, subscribedEvents: ['*'] })).status).toBe(200);
    // other tenants are not affected
    const other = await createIdentityTenant();
    const otherToken = (await adminToken(firstAdmin(other))).token;
    expect((await create({ endpointUrl: httpUrl, subscribedEvents: ['*'] }, bearer(otherToken))).status).toBe(400);
    await call(settingsRoute.PUT, { method: 'PUT', headers: bearer(token), body: { allowHttpEndpoints: false } });
    expectInvalid(await call(settingsRoute.PUT, { method: 'PUT', headers: bearer(token), body: { allowHttpEndpoints: 'yes' } }), [
      { field: 'allowHttpEndpoints', message: 'Invalid input: expected boolean, received string' },
    ]);
  });
});

describe('the SSRF guard at creation', () => {
  const refused = (reason: string) => [{ field: 'endpointUrl', message: `is refused: ${reason}` }];
  const loopback = 'address 127.0.0.1 is not allowed (loopback 127.0.0.0/8)';

  it.each<[string, string]>([
    ['https://127.0.0.1/hooks', loopback],
    ['https://127.0.0.1:8443/hooks', loopback],
    ['https://127.255.255.254/', 'address 127.255.255.254 is not allowed (loopback 127.0.0.0/8)'],
    // decimal, hex, octal and short spellings of 127.0.0.1
    ['https://2130706433/', loopback],
    ['https://0x7f000001/', loopback],
    ['https://0x7f.0x0.0x0.0x1/', loopback],
    ['https://0x7f.1/', loopback],
    ['https://0177.0.0.1/', loopback],
    ['https://017700000001/', loopback],
    ['https://127.1/', loopback],
    ['https://%31%32%37.0.0.1/', loopback],
    ['https://①②⑦.0.0.1/', loopback],
    ['https://10.0.0.1/', 'address 10.0.0.1 is not allowed (private network 10.0.0.0/8)'],
    ['https://172.16.0.1/', 'address 172.16.0.1 is not allowed (private network 172.16.0.0/12)'],
    ['https://172.31.255.255/', 'address 172.31.255.255 is not allowed (private network 172.16.0.0/12)'],
    ['https://192.168.1.1/', 'address 192.168.1.1 is not allowed (private network 192.168.0.0/16)'],
    ['https://169.254.169.254/latest/meta-data/', 'address 169.254.169.254 is not allowed (link-local 169.254.0.0/16 (cloud metadata))'],
    ['https://169.254.0.1/', 'address 169.254.0.1 is not allowed (link-local 169.254.0.0/16 (cloud metadata))'],
    ['https://100.64.0.1/', 'address 100.64.0.1 is not allowed (carrier-grade NAT 100.64.0.0/10)'],
    ['https://100.127.255.254/', 'address 100.127.255.254 is not allowed (carrier-grade NAT 100.64.0.0/10)'],
    ['https://0.0.0.0/', 'address 0.0.0.0 is not allowed ("this network" 0.0.0.0/8)'],
    ['https://0/', 'address 0.0.0.0 is not allowed ("this network" 0.0.0.0/8)'],
    ['https://0.1.2.3/', 'address 0.1.2.3 is not allowed ("this network" 0.0.0.0/8)'],
    ['https://224.0.0.1/', 'address 224.0.0.1 is not allowed (multicast 224.0.0.0/4)'],
    ['https://239.255.255.250/', 'address 239.255.255.250 is not allowed (multicast 224.0.0.0/4)'],
    ['https://255.255.255.255/', 'address 255.255.255.255 is not allowed (reserved 240.0.0.0/4 (incl. broadcast))'],
    ['https://[::1]/', 'address ::1 is not allowed (loopback ::1)'],
    ['https://[0:0:0:0:0:0:0:1]/', 'address ::1 is not allowed (loopback ::1)'],
    ['https://[::]/', 'address :: is not allowed (unspecified address ::)'],
    ['https://[::ffff:127.0.0.1]/', 'address ::ffff:7f00:1 is not allowed (IPv4-mapped IPv6 ::ffff:0:0/96)'],
    ['https://[::ffff:7f00:1]/', 'address ::ffff:7f00:1 is not allowed (IPv4-mapped IPv6 ::ffff:0:0/96)'],
    ['https://[::ffff:169.254.169.254]/', 'address ::ffff:a9fe:a9fe is not allowed (IPv4-mapped IPv6 ::ffff:0:0/96)'],
    ['https://[::ffff:0:127.0.0.1]/', 'address ::ffff:0:7f00:1 is not allowed (IPv4-translated IPv6 ::ffff:0:0:0/96)'],
    ['https://[::127.0.0.1]/', 'address ::7f00:1 is not allowed (IPv4-compatible IPv6 ::/96)'],
    ['https://[64:ff9b::127.0.0.1]/', 'address 64:ff9b::7f00:1 is not allowed (NAT64 IPv6 64:ff9b::/96 (embeds an IPv4 address))'],
    ['https://[2002:7f00:1::]/', 'address 2002:7f00:1:: is not allowed (6to4 IPv6 2002::/16 (embeds an IPv4 address))'],
    ['https://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'address 2001:0:4136:e378:8000:63bf:3fff:fdd2 is not allowed (Teredo IPv6 2001::/32 (embeds an IPv4 address))'],
    ['https://[fd00::1]/', 'address fd00::1 is not allowed (unique local address fc00::/7)'],
    ['https://[fc00::1]/', 'address fc00::1 is not allowed (unique local address fc00::/7)'],
    ['https://[fe80::1]/', 'address fe80::1 is not allowed (link-local fe80::/10)'],
    ['https://[ff02::1]/', 'address ff02::1 is not allowed (multicast ff00::/8)'],
    ['https://localhost/', 'localhost is a loopback name'],
    ['https://localhost./', 'localhost is a loopback name'],
    ['https://LOCALHOST:3000/', 'localhost is a loopback name'],
    ['https://api.localhost/', 'api.localhost is a loopback name'],
  ])('refuses %s', async (endpointUrl, reason) => {
    expectInvalid(await create({ endpointUrl, subscribedEvents: ['*'] }), refused(reason));
  });

  it('resolves names: one address in a blocked range refuses the URL', async () => {
    setResolver(async (host) => (host === 'internal.example' ? ['93.184.215.14', '10.0.0.5'] : ['93.184.215.14']));
    expectInvalid(
      await create({ endpointUrl: 'https://internal.example/hooks', subscribedEvents: ['*'] }),
      refused('internal.example resolves to 10.0.0.5, which is not allowed (private network 10.0.0.0/8)'),
    );
    setResolver(async () => ['::ffff:10.0.0.5']);
    expectInvalid(
      await create({ endpointUrl: 'https://127.0.0.1.nip.io/hooks', subscribedEvents: ['*'] }),
      refused('127.0.0.1.nip.io resolves to ::ffff:10.0.0.5, which is not allowed (IPv4-mapped IPv6 ::ffff:0:0/96)'),
    );
    setResolver(async () => ['93.184.215.14']);
    expect((await create({ endpointUrl: 'https://hooks.example/in', subscribedEvents: ['*'] })).status).toBe(200);
  });

  it('a name that does not resolve now is accepted (the guard runs again at every connection)', async () => {
    setResolver(async () => {
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    });
    expect((await create({ endpointUrl: 'https://hooks.does-not-exist.invalid/in', subscribedEvents: ['*'] })).status).toBe(200);
  });

  it('PATCH checks a new URL the same way', async () => {
    const sub = await created();
    expectInvalid(
      await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: { endpointUrl: 'https://[::ffff:127.0.0.1]/x' } }),
      refused('address ::ffff:7f00:1 is not allowed (IPv4-mapped IPv6 ::ffff:0:0/96)'),
    );
    expect((await onSubscription(subscriptionRoute.GET, 'GET', sub.id)).json.data).toMatchObject({ endpointUrl: PUBLIC_URL });
  });

  it('WEBHOOK_ALLOW_PRIVATE_NETWORKS=true lifts the address rules (development and tests only)', async () => {
    allowPrivateNetworks(true);
    expect((await create({ endpointUrl: 'https://127.0.0.1:8443/hooks', subscribedEvents: ['*'] })).status).toBe(200);
    expect((await create({ endpointUrl: 'https://localhost/hooks', subscribedEvents: ['*'] })).status).toBe(200);
    allowPrivateNetworks(false);
    expect((await create({ endpointUrl: 'https://127.0.0.1:8443/hooks', subscribedEvents: ['*'] })).status).toBe(400);
  });
});

describe('who may call', () => {
  const body = { endpointUrl: PUBLIC_URL, subscribedEvents: ['*'] };

  it('401 without credentials (also with only X-Tenant-ID), with a bad token, or with a revoked session', async () => {
    const unauthorized = { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' };
    expectEnvelope(await create(body, {}), 401, 'authentication required', unauthorized);
    expectEnvelope(await create(body, { 'X-Tenant-ID': tenant.tenantId }), 401, 'authentication required', unauthorized);
    expect((await create(body, { authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect((await call(subscriptionsRoute.GET, { headers: {} })).status).toBe(401);
  });

  it('403 for roles other than ADMIN_USER (an EMPLOYEE, a customer)', async () => {
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE', 'COMPLIANCE_OFFICER']);
    const employeeToken = (await adminToken(employee)).token;
    const forbidden = { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' };
    expectEnvelope(await create(body, bearer(employeeToken)), 403, 'access denied', forbidden);
    expectEnvelope(await call(subscriptionsRoute.GET, { headers: bearer(employeeToken) }), 403, 'access denied', forbidden);
    const customer = await createCustomerUser(tenant.tenantId);
    const customerToken = (await customerSession(customer, { username: customer.username, password: customer.password })).json.data.token;
    expectEnvelope(await create(body, bearer(customerToken)), 403, 'access denied', forbidden);
  });

  it("X-Tenant-ID, when sent, must be the token's tenant (403 otherwise)", async () => {
    const other = await createIdentityTenant();
    expectEnvelope(await create(body, bearer(token, other.tenantId)), 403, TENANT_DENIED_MESSAGE, tenantDenied(other.tenantId));
    expect((await create(body, bearer(token, tenant.tenantId))).status).toBe(200);
  });

  it('X-User-ID, when sent, must name the signed-in user: 400 when not a UUID, 403 for another user', async () => {
    expectInvalid(await create(body, { ...bearer(token), 'X-User-ID': 'me' }), [{ field: 'X-User-ID', message: 'must be a UUID' }]);
    const someoneElse = await createExtraAdmin(tenant, ['ADMIN_USER']);
    expectEnvelope(await create(body, { ...bearer(token), 'X-User-ID': someoneElse.userId }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'X-User-ID must name the signed-in user',
    });
    const ok = await create(body, { ...bearer(token), 'X-User-ID': tenant.userId.toUpperCase() });
    expect(ok.status).toBe(200);
    expect(ok.json.data).toMatchObject({ createdBy: tenant.userId });
  });
});

describe('list, read, change, delete', () => {
  it("GET lists the tenant's subscriptions newest first, paged, filterable by enabled", async () => {
    const own = await createIdentityTenant();
    const ownToken = (await adminToken(firstAdmin(own))).token;
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await created({ subscriptionName: `sub ${i}` }, bearer(ownToken))).id);
    await onSubscription(subscriptionRoute.PATCH, 'PATCH', ids[0]!, { body: { enabled: false }, headers: bearer(ownToken) });
    const page = (query: string) =>
      call<{ items: Array<{ id: string }>; pageNo: number; pageSize: number; total: number }>(subscriptionsRoute.GET, {
        path: `/api/v2.1/webhooks/subscriptions${query}`,
        headers: bearer(ownToken),
      });
    const all = await page('');
    expect(all.json.data).toMatchObject({ pageNo: 1, pageSize: 20, total: 3 });
    expect(all.json.data.items.map((s) => s.id)).toEqual([...ids].reverse());
    const second = await page('?pageNo=2&pageSize=2');
    expect(second.json.data).toMatchObject({ pageNo: 2, pageSize: 2, total: 3 });
    expect(second.json.data.items.map((s) => s.id)).toEqual([ids[0]]);
    expect((await page('?enabled=false')).json.data.items.map((s) => s.id)).toEqual([ids[0]]);
    expect((await page('?enabled=true')).json.data.total).toBe(2);
    expectInvalid(await page('?pageSize=500'), [{ field: 'pageSize', message: 'Too big: expected number to be <=100' }]);
    expectInvalid(await page('?enabled=maybe'), [{ field: 'enabled', message: 'must be true or false' }]);
  });

  it('PATCH changes the named fields; enabled false cancels pending deliveries, enabled true clears the reason', async () => {
    const sub = await created({ subscribedEvents: ['webhook.test'] });
    const db = await getDb();
    await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'pending' }));
    const res = await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, {
      body: {
        subscriptionName: 'Renamed',
        description: 'new words',
        endpointUrl: 'https://93.184.215.15/v2',
        subscribedEvents: ['card.*'],
        maxRetryAttempts: 2,
        retryBackoffSeconds: 30,
        verifySsl: false,
        enabled: false,
      },
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('webhook subscription updated');
    expect(res.json.data).toMatchObject({
      id: sub.id,
      subscriptionName: 'Renamed',
      description: 'new words',
      endpointUrl: 'https://93.184.215.15/v2',
      subscribedEvents: ['card.*'],
      maxRetryAttempts: 2,
      retryBackoffSeconds: 30,
      verifySsl: false,
      enabled: false,
      disabledReason: 'DISABLED_BY_USER',
      disabledAt: expect.stringMatching(ISO),
    });
    expect((await deliveriesOf(tenant.tenantId, sub.id)).map((d) => [d.status, d.lastError])).toEqual([['CANCELED', 'the subscription was disabled']]);
    const again = await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: { enabled: true } });
    expect(again.json.data).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null, failingSince: null, subscriptionName: 'Renamed' });
  });

  it('PATCH validation: at least one field; no secret (rotate-secret does that); same rules as creation', async () => {
    const sub = await created();
    expectInvalid(await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: {} }), [{ field: 'body', message: 'name at least one field to change' }]);
    expectInvalid(await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: { secretKey: 'whsec_x' } }), [
      { field: 'secretKey', message: 'unknown field: not accepted by this operation' },
    ]);
    expectInvalid(await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: { subscribedEvents: ['x.y'], retryBackoffSeconds: 0 } }), [
      { field: 'subscribedEvents.0', message: 'must be a known event type or a wildcard like customer.* (see GET /api/v2.1/webhooks/event-types)' },
      { field: 'retryBackoffSeconds', message: 'must be a whole number from 1 to 3600' },
    ]);
  });

  it('DELETE removes the subscription with its deliveries; a second DELETE answers 404', async () => {
    const sub = await created({ subscribedEvents: ['webhook.test'] });
    const db = await getDb();
    await db.transaction((tx) => emitEvent(tx, tenant.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'x' }));
    const res = await onSubscription(subscriptionRoute.DELETE, 'DELETE', sub.id);
    expect(res.json).toEqual({ code: 200, message: 'webhook subscription deleted', data: { id: sub.id, deleted: true } });
    expect(await deliveriesOf(tenant.tenantId, sub.id)).toEqual([]);
    expectEnvelope(await onSubscription(subscriptionRoute.DELETE, 'DELETE', sub.id), 404, 'resource not found', { error: 'NOT_FOUND', details: 'webhook subscription not found' });
    expectEnvelope(await onSubscription(subscriptionRoute.GET, 'GET', sub.id), 404, 'resource not found', { error: 'NOT_FOUND', details: 'webhook subscription not found' });
  });

  it('a malformed id is a 400; a method the route does not serve is a 405', async () => {
    expectInvalid(await onSubscription(subscriptionRoute.GET, 'GET', 'abc'), [{ field: 'subscriptionId', message: 'must be a UUID' }]);
    const put = await call(subscriptionsRoute.PUT, { method: 'PUT', headers: bearer(token), body: {} });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD, OPTIONS');
  });
});

describe('tenant isolation', () => {
  it("another tenant's subscription answers 404 on every operation and stays unchanged", async () => {
    const victim = await createIdentityTenant();
    const victimToken = (await adminToken(firstAdmin(victim))).token;
    const sub = await created({ subscribedEvents: ['webhook.test'] }, bearer(victimToken));
    const db = await getDb();
    await db.transaction((tx) => emitEvent(tx, victim.tenantId, 'webhook.test', { subscriptionId: sub.id, message: 'theirs' }));
    const [delivery] = await deliveriesOf(victim.tenantId, sub.id);
    const subscriptionNotFound = { error: 'NOT_FOUND', details: 'webhook subscription not found' };
    const check = async (res: CallResult<unknown>) => expectEnvelope(res, 404, 'resource not found', subscriptionNotFound);

    await check(await onSubscription(subscriptionRoute.GET, 'GET', sub.id));
    await check(await onSubscription(subscriptionRoute.PATCH, 'PATCH', sub.id, { body: { enabled: false } }));
    await check(await onSubscription(subscriptionRoute.DELETE, 'DELETE', sub.id));
    await check(await onSubscription(rotateRoute.POST, 'POST', sub.id));
    await check(await onSubscription(testRoute.POST, 'POST', sub.id));
    await check(await onSubscription(recoverRoute.POST, 'POST', sub.id, { body: { since: '2020-01-01T00:00:00Z' } }));
    await check(await onSubscription(deliveriesRoute.GET, 'GET', sub.id));
    const params = { subscriptionId: sub.id, deliveryId: delivery!.id };
    await check(await call(deliveryRoute.GET, { headers: bearer(token), params }));
    await check(await call(replayRoute.POST, { method: 'POST', headers: bearer(token), params }));

    // the list shows only the caller's own
    const list = await call<{ items: Array<{ id: string }> }>(subscriptionsRoute.GET, { path: '/api/v2.1/webhooks/subscriptions?pageSize=100', headers: bearer(token) });
    expect(list.json.data.items.map((s) => s.id)).not.toContain(sub.id);
    // untouched
    const theirs = await onSubscription(subscriptionRoute.GET, 'GET', sub.id, { headers: bearer(victimToken) });
    expect(theirs.json.data).toMatchObject({ id: sub.id, enabled: true });
    expect((await deliveriesOf(victim.tenantId, sub.id))[0]).toMatchObject({ status: 'PENDING' });
  });
});

describe('GET /api/v2.1/webhooks/event-types', () => {
  it('lists the catalogue with a JSON Schema and an example of each type, and the wildcards', async () => {
    const res = await call<{ items: Array<{ type: string; description: string; dataSchema: Json; example: Json }>; wildcards: string[] }>(eventTypesRoute.GET, {
      headers: bearer(token),
    });
    expect(res.status).toBe(200);
    expect(res.json.data.items.map((i) => i.type)).toEqual(EVENT_TYPES);
    for (const item of res.json.data.items) {
      expect(item.description.length).toBeGreaterThan(10);
      expect(item.dataSchema).toMatchObject({ type: 'object' });
      expect(item.example).toBeTypeOf('object');
    }
    expect(res.json.data.wildcards).toEqual([
      '*',
      'customer.*',
      'customer.consent.*',
      'consent.*',
      'consent.template.*',
      'customer.verification.*',
      'organization.*',
      'user.*',
      'session.*',
      'card.*',
      'card.status.*',
      'card.transaction.*',
      'external.*',
      'external.event.*',
      'webhook.*',
      'webhook.subscription.*',
      'product.*',
      'wallet.*',
      'wallet.status.*',
      'transfer.*',
      'aml.*',
      'aml.alert.*',
    ]);
  });
});
