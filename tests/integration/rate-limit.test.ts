import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as individualRegistration from '@/app/api/v2.1/customer/individual/registration/route';
import * as tenantRoute from '@/app/api/v2.1/tenant/route';
import * as tenantRegistration from '@/app/api/v2.1/tenants/registration/route';
import * as subscriptions from '@/app/api/v2.1/webhooks/subscriptions/route';
import * as loginRoute from '@/app/api/auth/login/route';
import * as catchAll from '@/app/api/[[...slug]]/route';
import * as cardRoute from '@/app/api/v2.1/card/virtual/[...operation]/route';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { resetRateLimits } from '@/lib/http/rate-limit';
import { adminToken, bearer, createExtraAdmin, createIdentityTenant, firstAdmin, type TestTenant } from './identity-fixtures';
import { call, contextHeaders, platformAuth, type CallResult } from './helpers';

/**
 * The route-class rate limits of createRoute: exact 429 envelopes (A, and B through a card-style
 * renderError) and headers per class, the IETF RateLimit fields on successful answers, keys per
 * tenant and per client (user, else socket IP), X-Forwarded-For spoofing, TRUSTED_PROXIES.
 */
const CLASSES = ['DEFAULT', 'LOGIN', 'REGISTRATION', 'WEBHOOKS', 'CARD'] as const;

function limits(values: Partial<Record<(typeof CLASSES)[number], number>>, env: Record<string, string> = {}) {
  for (const cls of CLASSES) {
    process.env[`RATE_LIMIT_${cls}_MAX`] = String(values[cls] ?? 1_000_000);
    process.env[`RATE_LIMIT_${cls}_WINDOW_SECONDS`] = '60';
  }
  for (const name of ['TRUSTED_PROXIES', 'LOGIN_RATE_LIMIT_MAX', 'LOGIN_RATE_LIMIT_WINDOW_SECONDS']) delete process.env[name];
  Object.assign(process.env, env);
  resetEnvCache();
  resetRateLimits();
}

const rateLimited = (seconds: number) => ({
  code: 429,
  message: 'too many requests',
  data: { error: 'RATE_LIMITED', details: `retry after ${seconds} seconds` },
});

function limitHeaders(res: CallResult<unknown>) {
  return {
    policy: res.headers.get('RateLimit-Policy'),
    limit: res.headers.get('RateLimit'),
    retryAfter: res.headers.get('Retry-After'),
  };
}

const peer = (ip: string) => ({ [PEER_HEADER]: ip });

/** The exact 429 of a class whose window (60 s, frozen clock) is full: Envelope A, Retry-After and both fields. */
function expectLimited(res: CallResult<unknown>, cls: string, limit: number, body: unknown = rateLimited(60)): void {
  expect({ status: res.status, body: res.json, headers: limitHeaders(res) }).toEqual({
    status: 429,
    body,
    headers: { policy: `"${cls}";q=${limit};w=60`, limit: `"${cls}";r=0;t=60`, retryAfter: '60' },
  });
}

let tenant: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  [tenant, other] = await Promise.all([createIdentityTenant(), createIdentityTenant()]);
});
// the memory limiter reads Date.now(): frozen, the window's remaining seconds are exact
beforeEach(() => {
  limits({});
  vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-21T12:00:00.000Z') });
});
afterEach(() => {
  vi.useRealTimers();
  limits({});
});

const getTenant = (tenantId: string, headers: Record<string, string> = {}) => call(tenantRoute.GET, { path: '/api/v2.1/tenant', headers: { 'X-Tenant-ID': tenantId, ...headers } });

describe('default class', () => {
  it('counts down in RateLimit on successful answers, then answers 429 with Envelope A, Retry-After and both fields', async () => {
    limits({ DEFAULT: 2 });
    const first = await getTenant(tenant.tenantId, peer('198.51.100.10'));
    const second = await getTenant(tenant.tenantId, peer('198.51.100.10'));
    const third = await getTenant(tenant.tenantId, peer('198.51.100.10'));
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(limitHeaders(first)).toEqual({ policy: '"default";q=2;w=60', limit: '"default";r=1;t=60', retryAfter: null });
    expect(limitHeaders(second)).toEqual({ policy: '"default";q=2;w=60', limit: '"default";r=0;t=60', retryAfter: null });
    expectLimited(third, 'default', 2);
    expect(third.headers.get('X-Request-ID')).toBeTruthy();
  });

  it('keys per tenant: another tenant from the same IP has its own budget', async () => {
    limits({ DEFAULT: 1 });
    expect((await getTenant(tenant.tenantId, peer('198.51.100.11'))).status).toBe(200);
    expect((await getTenant(tenant.tenantId, peer('198.51.100.11'))).status).toBe(429);
    expect((await getTenant(other.tenantId, peer('198.51.100.11'))).status).toBe(200);
  });

  it('keys per client: another IP of the same tenant has its own budget', async () => {
    limits({ DEFAULT: 1 });
    expect((await getTenant(tenant.tenantId, peer('198.51.100.12'))).status).toBe(200);
    expect((await getTenant(tenant.tenantId, peer('198.51.100.12'))).status).toBe(429);
    expect((await getTenant(tenant.tenantId, peer('198.51.100.13'))).status).toBe(200);
  });

  it('a spoofed X-Forwarded-For does not reset the limit: the socket address is the key', async () => {
    limits({ DEFAULT: 1 });
    expect((await getTenant(tenant.tenantId, { ...peer('198.51.100.14'), 'X-Forwarded-For': '203.0.113.1' })).status).toBe(200);
    for (const spoof of ['203.0.113.2', '203.0.113.3, 198.51.100.99', '10.0.0.1']) {
      const res = await getTenant(tenant.tenantId, { ...peer('198.51.100.14'), 'X-Forwarded-For': spoof });
      expect({ status: res.status, body: res.json }).toEqual({ status: 429, body: rateLimited(60) });
    }
  });

  it('behind TRUSTED_PROXIES the right-most untrusted X-Forwarded-For entry is the client; entries left of it are ignored', async () => {
    limits({ DEFAULT: 1 }, { TRUSTED_PROXIES: '10.0.0.0/8, 192.0.2.1' });
    const viaProxy = (xff: string) => getTenant(tenant.tenantId, { ...peer('10.1.2.3'), 'X-Forwarded-For': xff });
    expect((await viaProxy('203.0.113.50')).status).toBe(200);
    // the client prepends a fake address: its real one (appended by the proxy) is still the key
    expect((await viaProxy('1.2.3.4, 203.0.113.50')).status).toBe(429);
    // two trusted hops (192.0.2.1 and the 10/8 peer) are skipped
    expect((await viaProxy('9.9.9.9, 203.0.113.50, 192.0.2.1')).status).toBe(429);
    // a different real client behind the same proxy has its own budget
    expect((await viaProxy('203.0.113.51')).status).toBe(200);
    // an untrusted peer's X-Forwarded-For is not believed at all
    expect((await getTenant(tenant.tenantId, { ...peer('198.51.100.15'), 'X-Forwarded-For': '203.0.113.50' })).status).toBe(200);
    expect((await getTenant(tenant.tenantId, { ...peer('198.51.100.15'), 'X-Forwarded-For': '203.0.113.52' })).status).toBe(429);
  });

  it('keys a signed-in caller by user: two administrators behind one IP do not share a budget', async () => {
    limits({});
    const admin = firstAdmin(tenant);
    const second = await createExtraAdmin(tenant, ['ADMIN_USER']);
    const [a, b] = await Promise.all([adminToken(admin), adminToken(second)]);
    limits({ WEBHOOKS: 1 });
    const list = (token: string) => call(subscriptions.GET, { path: '/api/v2.1/webhooks/subscriptions', headers: { ...bearer(token), ...peer('198.51.100.16') } });
    expect((await list(a.token)).status).toBe(200);
    expect((await list(b.token)).status).toBe(200);
    const limited = await list(a.token);
    expectLimited(limited, 'webhooks', 1);
  });

  it('requests that fail before the caller is known (bad token, unknown tenant) count against the IP', async () => {
    limits({ WEBHOOKS: 2 });
    const bad = () => call(subscriptions.GET, { path: '/api/v2.1/webhooks/subscriptions', headers: { ...bearer('not-a-token'), ...peer('198.51.100.17') } });
    const first = await bad();
    expect({ status: first.status, headers: limitHeaders(first) }).toEqual({
      status: 401,
      headers: { policy: '"webhooks";q=2;w=60', limit: '"webhooks";r=1;t=60', retryAfter: null },
    });
    expect((await bad()).status).toBe(401);
    const third = await bad();
    expect({ status: third.status, body: third.json }).toEqual({ status: 429, body: rateLimited(60) });
  });

  it('the catch-all 404 and 405 answers are limited too', async () => {
    limits({ DEFAULT: 1 });
    expect((await call(catchAll.GET, { path: '/api/nope', headers: peer('198.51.100.18') })).status).toBe(404);
    const res = await call(catchAll.GET, { path: '/api/nope', headers: peer('198.51.100.18') });
    expect({ status: res.status, body: res.json }).toEqual({ status: 429, body: rateLimited(60) });
  });
});

describe('route classes', () => {
  it('login: POST /api/auth/login has its own budget', async () => {
    limits({ LOGIN: 1, DEFAULT: 1 });
    const login = () =>
      call(loginRoute.POST, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { ...contextHeaders(tenant.tenantId), ...peer('198.51.100.20') },
        body: { email: 'x@example.com', password: 'wrong-password-1', tenantId: tenant.tenantId },
      });
    expect((await login()).status).toBe(401);
    const limited = await login();
    expectLimited(limited, 'login', 1);
    // the default class of the same client is untouched
    expect((await getTenant(tenant.tenantId, peer('198.51.100.20'))).status).toBe(200);
  });

  it.each([
    [
      'customer self sign-up',
      () =>
        call(individualRegistration.POST, {
          method: 'POST',
          path: '/api/v2.1/customer/individual/registration',
          headers: { 'X-Tenant-ID': tenant.tenantId, ...peer('198.51.100.21') },
          body: {},
        }),
    ],
    [
      'tenant registration (platform operator)',
      () => call(tenantRegistration.POST, { method: 'POST', path: '/api/v2.1/tenants/registration', headers: { ...platformAuth, ...peer('198.51.100.22') }, body: {} }),
    ],
  ])('registration: %s', async (_name, register) => {
    limits({ REGISTRATION: 1 });
    expect((await register()).status).toBe(400);
    expectLimited(await register(), 'registration', 1);
  });

  it('card: the card API answers 429 in Envelope B (through its renderError) with the same headers', async () => {
    limits({ CARD: 1 });
    const cardCall = () =>
      call(cardRoute.POST, {
        method: 'POST',
        path: '/api/v2.1/card/virtual/card/info',
        headers: { ...contextHeaders(tenant.tenantId), ...peer('198.51.100.23') },
        params: { operation: ['card', 'info'] },
        body: {},
      });
    const first = await cardCall();
    expect({ status: first.status, code: first.json.code, limit: first.headers.get('RateLimit') }).toEqual({ status: 401, code: 401, limit: '"card";r=0;t=60' });
    const limited = await cardCall();
    expectLimited(limited, 'card', 1, { success: false, code: 429, msg: 'too many requests', data: { error: 'RATE_LIMITED', details: 'retry after 60 seconds' } });
  });
});

describe('one client address behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1, as with nginx in front)', () => {
  const viaNginx = (xff: string) => ({ ...peer('127.0.0.1'), 'X-Forwarded-For': xff });

  it('route classes: the right-most untrusted X-Forwarded-For entry is the client; exact 429 for a client that prepends a fake address', async () => {
    limits({ DEFAULT: 1 }, { TRUSTED_PROXIES: '127.0.0.1' });
    expect((await getTenant(tenant.tenantId, viaNginx('203.0.113.60'))).status).toBe(200);
    expectLimited(await getTenant(tenant.tenantId, viaNginx('198.51.100.1, 203.0.113.60')), 'default', 1);
    // IPv4-mapped peer of a dual-stack socket is the same proxy
    expectLimited(await getTenant(tenant.tenantId, { ...peer('::ffff:127.0.0.1'), 'X-Forwarded-For': '203.0.113.60' }), 'default', 1);
    expect((await getTenant(tenant.tenantId, viaNginx('203.0.113.61'))).status).toBe(200);
  });

  it("an untrusted peer's X-Forwarded-For is ignored: exact 429 whatever it claims", async () => {
    limits({ DEFAULT: 1 }, { TRUSTED_PROXIES: '127.0.0.1' });
    const direct = (xff: string) => getTenant(tenant.tenantId, { ...peer('198.51.100.70'), 'X-Forwarded-For': xff });
    expect((await direct('203.0.113.62')).status).toBe(200);
    expectLimited(await direct('203.0.113.63'), 'default', 1);
    expectLimited(await direct('127.0.0.1'), 'default', 1);
  });

  it('the sign-in throttle (LOGIN_RATE_LIMIT_MAX) keys on the same client address: exact 429 and Retry-After', async () => {
    limits({}, { TRUSTED_PROXIES: '127.0.0.1', LOGIN_RATE_LIMIT_MAX: '1', LOGIN_RATE_LIMIT_WINDOW_SECONDS: '60' });
    const login = (headers: Record<string, string>) =>
      call(loginRoute.POST, {
        method: 'POST',
        path: '/api/auth/login',
        headers: { ...contextHeaders(tenant.tenantId), ...headers },
        body: { email: 'x@example.com', password: 'wrong-password-1', tenantId: tenant.tenantId },
      });
    expect((await login(viaNginx('203.0.113.64'))).status).toBe(401);
    const limited = await login(viaNginx('192.0.2.1, 203.0.113.64'));
    expect({ status: limited.status, body: limited.json, retryAfter: limited.headers.get('Retry-After') }).toEqual({ status: 429, body: rateLimited(60), retryAfter: '60' });
    // another client behind the proxy, and an untrusted peer claiming the limited client's address, have their own budgets
    expect((await login(viaNginx('203.0.113.65'))).status).toBe(401);
    expect((await login({ ...peer('198.51.100.71'), 'X-Forwarded-For': '203.0.113.64' })).status).toBe(401);
  });
});
