import { decodeJwt } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as logoutRoute from '@/app/api/v2.1/sessions/logout/route';
import * as refreshRoute from '@/app/api/v2.1/sessions/refresh/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import * as sessionRoute from '@/app/api/v2.1/sessions/[sessionId]/route';
import type { SessionData } from '@/lib/contract/identity';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { setUserActive } from '@/lib/services/identity/user-admin';
import { call, contextHeaders, expectEnvelope, type CallResult } from './helpers';
import {
  adminToken,
  bearer,
  createCustomerUser,
  createExtraAdmin,
  createIdentityTenant,
  customerSession,
  freezeClock,
  ISO,
  resetIdentityState,
  sessionRow,
  TENANT_DENIED_MESSAGE,
  tenantDenied,
  type TestAdminUser,
  type TestCustomerUser,
  type TestTenant,
} from './identity-fixtures';

let tenant: TestTenant;
let customer: TestCustomerUser;
let employee: TestAdminUser;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  customer = await createCustomerUser(tenant.tenantId);
  employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

interface SessionView {
  id: string;
  kind: string;
  roles: string[];
  deviceId: string | null;
  ipAddress: string | null;
  userAgent: string | null;
  platform: string | null;
  createdAt: string;
  lastUsedAt: string;
  expiresAt: string;
  current: boolean;
}

const refresh = (refreshToken: unknown, tenantId = tenant.tenantId) =>
  call<SessionData>(refreshRoute.POST, { method: 'POST', path: '/api/v2.1/sessions/refresh', headers: { 'X-Tenant-ID': tenantId }, body: { refreshToken } });
const listSessions = (token: string) => call<{ items: SessionView[] }>(sessionsRoute.GET, { path: '/api/v2.1/sessions', headers: bearer(token) });
const deleteSession = (token: string, sessionId: string) =>
  call(sessionRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/sessions/${sessionId}`, headers: bearer(token), params: { sessionId } });

async function signInCustomer(deviceId = 'device-123'): Promise<SessionData> {
  const res = await customerSession(customer, { username: customer.username, password: customer.password }, { headers: contextHeaders(tenant.tenantId, { deviceId }) });
  expect(res.status).toBe(200);
  return res.json.data;
}

function expectUnauthorized(res: CallResult<unknown>, details: string) {
  expectEnvelope(res, 401, 'authentication required', { error: 'UNAUTHORIZED', details });
}

describe('POST /api/v2.1/sessions/refresh', () => {
  it('rotates: a new access token and a new refresh token for the same session; the old refresh token is spent', async () => {
    const clock = freezeClock();
    const first = await signInCustomer();
    clock.advance(120_000);
    const res = await refresh(first.refreshToken);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('session refreshed');
    const next = res.json.data;
    expect(next).toEqual({
      success: true,
      message: 'session refreshed',
      token: expect.any(String),
      refreshToken: expect.stringMatching(/^rt_[\w-]{43}$/),
      sessionId: first.sessionId,
      expiresAt: new Date(clock.now().getTime() + 3600_000).toISOString(),
      expiresIn: 3600,
      errorType: null,
      user: expect.objectContaining({ id: customer.userId, customerId: customer.customerId, role: 'CUSTOMER' }),
    });
    expect(next.refreshToken).not.toBe(first.refreshToken);
    expect(next.token).not.toBe(first.token);
    expect(decodeJwt(next.token)).toMatchObject({ sid: first.sessionId, sub: customer.userId, roles: ['CUSTOMER'], knd: 'CUSTOMER' });
    // both access tokens of the live session work; the new refresh token rotates again
    expect((await listSessions(next.token)).status).toBe(200);
    expect((await listSessions(first.token)).status).toBe(200);
    const again = await refresh(next.refreshToken);
    expect(again.status).toBe(200);
    expect(again.json.data.sessionId).toBe(first.sessionId);
  });

  it('reuse of a spent refresh token revokes the session: the newer refresh token and the access tokens stop working', async () => {
    const first = await signInCustomer();
    const rotated = await refresh(first.refreshToken);
    expect(rotated.status).toBe(200);
    const newer = rotated.json.data;

    const reuse = await refresh(first.refreshToken);
    expectUnauthorized(reuse, 'the refresh token was already used; the session has been revoked');
    expect(await sessionRow(tenant.tenantId, first.sessionId)).toMatchObject({ revokedReason: 'REFRESH_TOKEN_REUSE', revokedAt: expect.any(Date) });

    expectUnauthorized(await refresh(newer.refreshToken), 'the refresh token is invalid or expired');
    expectUnauthorized(await listSessions(newer.token), 'the session has ended; sign in again');
    expectUnauthorized(await listSessions(first.token), 'the session has ended; sign in again');
    // presenting the spent one again keeps answering the same
    expectUnauthorized(await refresh(first.refreshToken), 'the refresh token was already used; the session has been revoked');
  });

  it('a refresh token of a session that was logged out is invalid (not "reused")', async () => {
    const session = await signInCustomer();
    expect((await call(logoutRoute.POST, { method: 'POST', headers: bearer(session.token) })).status).toBe(200);
    expectUnauthorized(await refresh(session.refreshToken), 'the refresh token is invalid or expired');
    expectUnauthorized(await refresh(session.refreshToken), 'the refresh token is invalid or expired');
  });

  it("unknown, expired, or another tenant's refresh tokens answer 401", async () => {
    expectUnauthorized(await refresh('rt_unknown'), 'the refresh token is invalid or expired');
    const session = await signInCustomer();
    const other = await createIdentityTenant();
    expectUnauthorized(await refresh(session.refreshToken, other.tenantId), 'the refresh token is invalid or expired');
    // still valid in its own tenant
    const ok = await refresh(session.refreshToken);
    expect(ok.status).toBe(200);

    const clock = freezeClock();
    const late = await signInCustomer();
    clock.advance(30 * 24 * 3600_000);
    expectUnauthorized(await refresh(late.refreshToken), 'the refresh token is invalid or expired');
  });

  it('requires X-Tenant-ID and a refreshToken', async () => {
    const noTenant = await call(refreshRoute.POST, { method: 'POST', body: { refreshToken: 'rt_x' } });
    expectEnvelope(noTenant, 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
    const empty = await refresh('');
    expectEnvelope(empty, 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'refreshToken', message: 'must not be empty' }] });
    const unknownTenant = '88888888-8888-4888-8888-888888888888';
    expectEnvelope(await refresh('rt_x', unknownTenant), 403, TENANT_DENIED_MESSAGE, tenantDenied(unknownTenant));
  });

  it('a disabled user cannot refresh', async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const session = await adminToken(user);
    await setUserActive(await getDb(), tenant.tenantId, user.userId, false);
    expectUnauthorized(await refresh(session.refreshToken), 'the refresh token is invalid or expired');
  });
});

describe('GET /api/v2.1/sessions, DELETE /api/v2.1/sessions/{id}, POST /api/v2.1/sessions/logout', () => {
  it("lists the caller's own live sessions with the current one flagged", async () => {
    const clock = freezeClock();
    const user = await createExtraAdmin(tenant, ['TRANSACTION_APPROVER']);
    const a = await adminToken(user);
    clock.advance(5 * 60_000);
    const b = await adminToken(user);
    const res = await listSessions(b.token);
    expect(res.status).toBe(200);
    expect(res.json.message).toBe('OK');
    const items = res.json.data.items;
    expect(items.map((s) => s.id).sort()).toEqual([a.sessionId, b.sessionId].sort());
    const current = items.find((s) => s.current)!;
    expect(current).toEqual({
      id: b.sessionId,
      kind: 'ADMIN',
      roles: ['TRANSACTION_APPROVER'],
      deviceId: 'device-123',
      ipAddress: '203.0.113.7',
      // in-process calls have no socket: the address we trust is unknown (tests/integration/client-addresses.test.ts)
      clientIp: null,
      userAgent: 'vitest',
      platform: 'web',
      createdAt: clock.now().toISOString(),
      lastUsedAt: expect.stringMatching(ISO),
      expiresAt: expect.stringMatching(ISO),
      current: true,
    });
    expect(items.filter((s) => s.current)).toHaveLength(1);
    // nobody else's sessions are listed
    expect((await listSessions((await adminToken(employee)).token)).json.data.items.map((s) => s.id)).not.toContain(a.sessionId);
  });

  it("DELETE ends one of the caller's own sessions; that token stops working, the caller's stays", async () => {
    const user = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const a = await adminToken(user);
    const b = await adminToken(user);
    const res = await deleteSession(b.token, a.sessionId);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ code: 200, message: 'session revoked', data: { sessionId: a.sessionId, revoked: true } });
    expectUnauthorized(await listSessions(a.token), 'the session has ended; sign in again');
    const left = await listSessions(b.token);
    expect(left.json.data.items.map((s) => s.id)).toEqual([b.sessionId]);
    // deleting it twice: not found
    expectEnvelope(await deleteSession(b.token, a.sessionId), 404, 'resource not found', { error: 'NOT_FOUND', details: 'session not found' });
  });

  it("another user's session id answers 404 and stays live", async () => {
    const mine = await adminToken(employee);
    const theirs = await signInCustomer('phone-9');
    expectEnvelope(await deleteSession(mine.token, theirs.sessionId), 404, 'resource not found', { error: 'NOT_FOUND', details: 'session not found' });
    expect((await listSessions(theirs.token)).status).toBe(200);
    expectEnvelope(await deleteSession(mine.token, 'nope'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'sessionId', message: 'must be a UUID' }],
    });
  });

  it('logout ends the current session; its refresh token is dead too', async () => {
    const session = await signInCustomer();
    const other = await signInCustomer('tablet-1');
    const out = await call(logoutRoute.POST, { method: 'POST', headers: bearer(session.token), body: {} });
    expect(out.json).toEqual({ code: 200, message: 'signed out', data: { revokedSessions: 1 } });
    expectUnauthorized(await listSessions(session.token), 'the session has ended; sign in again');
    expect(await sessionRow(tenant.tenantId, session.sessionId)).toMatchObject({ revokedReason: 'LOGOUT' });
    expect((await listSessions(other.token)).status).toBe(200);
  });

  it('requires a token', async () => {
    expectUnauthorized(await call(logoutRoute.POST, { method: 'POST' }), 'sign in, or send Authorization: Bearer <token>');
    expectUnauthorized(await call(sessionsRoute.GET, {}), 'sign in, or send Authorization: Bearer <token>');
  });
});
