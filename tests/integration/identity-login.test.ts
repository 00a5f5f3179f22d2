import { decodeJwt } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/api/auth/login/route';
import * as sessionRoute from '@/app/api/v2.1/sessions/[sessionId]/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import { setClock } from '@/lib/clock';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { cardOp } from './card-fixtures';
import { call, contextHeaders, expectEnvelope } from './helpers';
import {
  adminSession,
  adminToken,
  authFailed,
  bearer,
  cardLogin,
  createCustomerUser,
  createIdentityTenant,
  customerSession,
  firstAdmin,
  freezeClock,
  resetIdentityState,
  sessionRow,
  TENANT_DENIED_MESSAGE,
  tenantDenied,
  WRONG_PASSWORD,
  type TestCustomerUser,
  type TestTenant,
} from './identity-fixtures';

const LOGIN_HEADERS = ['X-Tenant-ID', 'X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId'];

let tenant: TestTenant;
let customer: TestCustomerUser;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  customer = await createCustomerUser(tenant.tenantId);
});
beforeEach(() => resetIdentityState());
afterEach(() => {
  setClock(null);
  resetIdentityState();
});

describe('POST /api/auth/login', () => {
  it("signs in the user whose username is the login when it is also another user's email, case-insensitively", async () => {
    const email = `${Date.now().toString(36)}.bob@customer.example`;
    // B's email is `${username}@customer.example`; A's username is exactly that address
    const b = await createCustomerUser(tenant.tenantId, { username: email.replace('@customer.example', ''), password: 'Bobs-Own-Secret-42' });
    const a = await createCustomerUser(tenant.tenantId, { username: email, password: 'Alices-Own-Secret-42' });
    expect(b.email).toBe(email);
    const asA = await cardLogin(tenant.tenantId, email.toUpperCase(), a.password);
    expect(asA.status).toBe(200);
    expect(decodeJwt(asA.body.accessToken).sub).toBe(a.userId);
    // B's password against the login B's email shares with A's username: A's account is the one checked
    expect((await cardLogin(tenant.tenantId, email, b.password)).status).toBe(401);
  });

  it('answers the top-level accessToken, tokenType Bearer and expiresIn 3600 for an administrator (by email)', async () => {
    const clock = freezeClock();
    const admin = firstAdmin(tenant);
    const res = await cardLogin(tenant.tenantId, admin.email, admin.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/), tokenType: 'Bearer', expiresIn: 3600 });
    const claims = decodeJwt(res.body.accessToken);
    expect(claims).toMatchObject({ sub: admin.userId, tid: tenant.tenantId, knd: 'CARD_API', roles: ['ADMIN_USER'] });
    const row = await sessionRow(tenant.tenantId, claims.sid as string);
    expect(row).toMatchObject({ kind: 'CARD_API', ipAddress: '203.0.113.7', deviceId: 'device-123', platform: 'web', forwardedFrom: 'web-panel' });
    // a card API session lives exactly as long as its token, and has no refresh token
    expect(row!.expiresAt.getTime()).toBe(clock.now().getTime() + 3600_000);
    expect(row!.expiresAt.getTime()).toBe((claims.exp as number) * 1000);
    expect(claims.iat).toBe(clock.now().getTime() / 1000);
    // the token opens the card API, and only it: elsewhere 401 (the panel hands such a token to the browser's script)
    const actor = { tenantId: tenant.tenantId, token: res.body.accessToken, userId: admin.userId, email: admin.email, password: admin.password };
    expect((await cardOp(actor, 'card/list', {})).json).toMatchObject({ success: true, code: 200 });
    expectEnvelope(await call(sessionsRoute.GET, { headers: bearer(res.body.accessToken) }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'a card API token (from /api/auth/login) opens the card API only; sign in as an administrator or customer for this API',
    });
    // the user's own session lists it and ends it early; the card API then refuses it
    const own = bearer((await adminToken(admin)).token);
    const listed = await call<{ items: Array<{ id: string; kind: string }> }>(sessionsRoute.GET, { headers: own });
    expect(listed.json.data.items).toContainEqual(expect.objectContaining({ id: claims.sid, kind: 'CARD_API' }));
    const ended = await call(sessionRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/sessions/${claims.sid}`, headers: own, params: { sessionId: claims.sid as string } });
    expect(ended.status).toBe(200);
    expect((await cardOp(actor, 'card/list', {})).status).toBe(401);
  });

  it('works for a customer user by email, with the CUSTOMER role', async () => {
    const res = await cardLogin(tenant.tenantId, customer.email, customer.password);
    expect(res.status).toBe(200);
    expect(res.body.tokenType).toBe('Bearer');
    expect(decodeJwt(res.body.accessToken)).toMatchObject({ sub: customer.userId, roles: ['CUSTOMER'], knd: 'CARD_API' });
  });

  it('answers 401 authentication failed for a wrong password or an unknown email (same body)', async () => {
    const user = await createCustomerUser(tenant.tenantId);
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
    expectEnvelope(await cardLogin(tenant.tenantId, 'ghost@nowhere.example', WRONG_PASSWORD), 401, 'authentication failed', authFailed(1));
  });

  it('answers 403 for a suspended customer with the right password', async () => {
    const user = await createCustomerUser(tenant.tenantId, { status: 'SUSPENDED' });
    expectEnvelope(await cardLogin(tenant.tenantId, user.email, user.password), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'the customer is suspended; sign-in is not possible',
    });
  });

  it('answers 403 tenant access denied when the body tenantId differs from X-Tenant-ID', async () => {
    const other = '66666666-6666-4666-8666-666666666666';
    const res = await cardLogin(tenant.tenantId, customer.email, customer.password, { bodyTenantId: other });
    expectEnvelope(res, 403, TENANT_DENIED_MESSAGE, tenantDenied(other));
  });

  it('does not sign a user of tenant A into tenant B', async () => {
    const other = await createIdentityTenant();
    const res = await cardLogin(other.tenantId, customer.email, customer.password);
    expectEnvelope(res, 401, 'authentication failed', authFailed(1));
  });

  it('requires its context headers', async () => {
    const res = await cardLogin(tenant.tenantId, customer.email, customer.password, { headers: { 'User-Agent': 'x' } });
    expectEnvelope(res, 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: `missing required headers: ${LOGIN_HEADERS.join(', ')}`,
      errors: LOGIN_HEADERS.map((field) => ({ field, message: 'header is required' })),
    });
    for (const name of LOGIN_HEADERS) {
      const headers = contextHeaders(tenant.tenantId);
      delete headers[name];
      expectEnvelope(await cardLogin(tenant.tenantId, customer.email, customer.password, { headers }), 400, 'missing required headers', {
        error: 'MISSING_HEADERS',
        details: `missing required headers: ${name}`,
        errors: [{ field: name, message: 'header is required' }],
      });
    }
  });

  it('answers 400 for a body without email or with a malformed tenantId', async () => {
    const res = await call(loginRoute.POST, { method: 'POST', headers: contextHeaders(tenant.tenantId), body: { password: 'x', tenantId: 'nope' } });
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'email', message: 'Invalid input: expected string, received undefined' },
        { field: 'tenantId', message: 'must be a UUID' },
      ],
    });
  });
});

describe('per-IP sign-in throttle', () => {
  afterEach(() => vi.useRealTimers());

  it('answers 429 with Retry-After for the 4th sign-in from one client address in the window (LOGIN_RATE_LIMIT_MAX=3); other addresses are not affected, X-Forwarded-For is not believed', async () => {
    resetIdentityState('3');
    const clock = freezeClock();
    // the one limiter (lib/http/rate-limit.ts) counts windows on Date: it moves with the domain clock
    vi.useFakeTimers({ toFake: ['Date'], now: clock.now() });
    const advance = (ms: number) => {
      clock.advance(ms);
      vi.setSystemTime(clock.now());
    };
    // the client address is the socket peer (lib/http/client-ip.ts); an untrusted peer's X-Forwarded-For is ignored
    const ipA = contextHeaders(tenant.tenantId, { [PEER_HEADER]: '192.0.2.10', 'X-Forwarded-For': '192.0.2.10, 10.0.0.1' });
    const ipB = contextHeaders(tenant.tenantId, { [PEER_HEADER]: '192.0.2.11', 'X-Forwarded-For': '192.0.2.11' });
    const admin = firstAdmin(tenant);

    // every sign-in endpoint shares the per-IP budget, successful or not
    expect((await cardLogin(tenant.tenantId, customer.email, customer.password, { headers: ipA })).status).toBe(200);
    expect((await adminSession(admin, { headers: { ...ipA, 'X-Forwarded-For': '203.0.113.77' } })).status).toBe(200);
    expect((await cardLogin(tenant.tenantId, customer.email, WRONG_PASSWORD, { headers: ipA })).status).toBe(401);

    advance(15_000);
    const limited = await cardLogin(tenant.tenantId, customer.email, customer.password, { headers: { ...ipA, 'X-Forwarded-For': '198.51.100.1' } });
    expectEnvelope(limited, 429, 'too many requests', { error: 'RATE_LIMITED', details: 'retry after 45 seconds' });
    expect(limited.headers.get('Retry-After')).toBe('45');
    const limitedSession = await customerSession(customer, { username: customer.username, password: customer.password }, { headers: ipA });
    expectEnvelope(limitedSession, 429, 'too many requests', { error: 'RATE_LIMITED', details: 'retry after 45 seconds' });

    // another IP still signs in
    expect((await cardLogin(tenant.tenantId, admin.email, admin.password, { headers: ipB })).status).toBe(200);

    // a throttled attempt is not counted as a failed password
    advance(45_000);
    expectEnvelope(await cardLogin(tenant.tenantId, customer.email, WRONG_PASSWORD, { headers: ipA }), 401, 'authentication failed', authFailed(2));
  });
});
