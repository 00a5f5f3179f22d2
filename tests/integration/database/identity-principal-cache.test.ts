import { decodeJwt } from 'jose';
import { encode } from 'next-auth/jwt';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as disableRoute from '@/app/api/v2.1/admin/users/[userId]/disable/route';
import * as passwordRoute from '@/app/api/v2.1/admin/users/[userId]/password/route';
import * as rolesRoute from '@/app/api/v2.1/admin/users/[userId]/roles/route';
import * as usersRoute from '@/app/api/v2.1/admin/users/route';
import * as logoutRoute from '@/app/api/v2.1/sessions/logout/route';
import * as sessionRoute from '@/app/api/v2.1/sessions/[sessionId]/route';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import * as tenantRoute from '@/app/api/v2.1/tenant/route';
import * as tenantStatusRoute from '@/app/api/v2.1/tenants/[tenantId]/status/route';
import { authSecret } from '@/lib/auth/secret';
import { getDb } from '@/lib/db/client';
import { countRoundTrips } from '@/lib/db/round-trips';
import { sessions, tenants, users } from '@/lib/db/schema';
import { forgetSession, listenForInvalidations, principalCacheState, resetPrincipalCache } from '@/lib/services/identity/principal-cache';
import { panelLogin } from '@/lib/services/identity/login';
import { revokeSession } from '@/lib/services/identity/sessions';
import { findTenant } from '@/lib/services/tenants/tenants';
import { call, expectEnvelope, platformAuth, STRONG_PASSWORD, type CallResult } from '../helpers';
import { adminToken, bearer, createExtraAdmin, createIdentityTenant, firstAdmin, freezeClock, resetIdentityState, type TestAdminUser, type TestTenant } from '../identity-fixtures';

/**
 * The principal cache (docs/identity.md) through the real route handlers: a caller is authenticated
 * from the cache once warm, and every kind of revocation takes effect on the very next request.
 * Each test first proves the principal is being served warm (no statement for authentication).
 */
let t: TestTenant;
let admin: string;

beforeAll(async () => {
  resetIdentityState();
  t = await createIdentityTenant();
  admin = (await adminToken(firstAdmin(t))).token;
});
beforeEach(() => resetIdentityState());
afterEach(() => resetIdentityState());

const listSessions = (headers: Record<string, string>) => call(sessionsRoute.GET, { path: '/api/v2.1/sessions', headers });
const listUsers = (token: string) => call(usersRoute.GET, { path: '/api/v2.1/admin/users', headers: bearer(token) });
const adminPost = (handler: typeof disableRoute.POST, userId: string, body?: unknown, method = 'POST') =>
  call(handler, { method, path: `/api/v2.1/admin/users/${userId}/x`, headers: bearer(admin), params: { userId }, body });

/** Proves `request` is answered with the caller's principal from the cache: exactly as many statements as with one. */
async function expectWarm(request: () => Promise<CallResult<unknown>>): Promise<void> {
  expect((await request()).status).toBe(200);
  const cold = await countRoundTrips(request);
  expect(cold.result.status).toBe(200);
  const warm = await countRoundTrips(request);
  expect(warm.result.status).toBe(200);
  expect(principalCacheState().listening).toBe(true);
  // listing sessions is one statement; authentication adds none when warm
  expect(warm.roundTrips).toBe(1);
}

async function signedIn(roles: TestAdminUser['roles'] = ['EMPLOYEE']): Promise<{ user: TestAdminUser; token: string }> {
  const user = await createExtraAdmin(t, roles);
  return { user, token: (await adminToken(user)).token };
}

const unauthorized = (res: CallResult<unknown>) =>
  expect({ status: res.status, error: (res.json.data as { error?: string } | undefined)?.error }).toEqual({ status: 401, error: 'UNAUTHORIZED' });

describe('revocation is never served from the principal cache', () => {
  it('sign-out of the current session', async () => {
    const { token } = await signedIn();
    await expectWarm(() => listSessions(bearer(token)));
    const out = await call(logoutRoute.POST, { method: 'POST', path: '/api/v2.1/sessions/logout', headers: bearer(token), body: {} });
    expect(out.status).toBe(200);
    unauthorized(await listSessions(bearer(token)));
  });

  it('sign-out of every session of the user', async () => {
    const { user, token } = await signedIn();
    const other = (await adminToken(user)).token;
    await expectWarm(() => listSessions(bearer(token)));
    await expectWarm(() => listSessions(bearer(other)));
    const out = await call(logoutRoute.POST, { method: 'POST', path: '/api/v2.1/sessions/logout', headers: bearer(token), body: { allSessions: true } });
    expect(out.status).toBe(200);
    unauthorized(await listSessions(bearer(token)));
    unauthorized(await listSessions(bearer(other)));
  });

  it('a session ended by its user from another session', async () => {
    const { user, token } = await signedIn();
    const other = (await adminToken(user)).token;
    await expectWarm(() => listSessions(bearer(other)));
    const sessionId = decodeJwt(other).sid as string;
    const res = await call(sessionRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/sessions/${sessionId}`, headers: bearer(token), params: { sessionId } });
    expect(res.status).toBe(200);
    unauthorized(await listSessions(bearer(other)));
    expect((await listSessions(bearer(token))).status).toBe(200);
  });

  it('an administrator disables the user', async () => {
    const { user, token } = await signedIn();
    await expectWarm(() => listSessions(bearer(token)));
    expect((await adminPost(disableRoute.POST, user.userId)).status).toBe(200);
    unauthorized(await listSessions(bearer(token)));
  });

  it("an administrator changes the user's roles: the next request has the new roles", async () => {
    const { user, token } = await signedIn(['ADMIN_USER', 'EMPLOYEE']);
    await expectWarm(() => listSessions(bearer(token)));
    expect((await listUsers(token)).status).toBe(200);
    expect((await adminPost(rolesRoute.PUT, user.userId, { roles: ['EMPLOYEE'] }, 'PUT')).status).toBe(200);
    expect((await listUsers(token)).status).toBe(403);
    expect((await listSessions(bearer(token))).status).toBe(200);
  });

  it("an administrator resets the user's password", async () => {
    const { user, token } = await signedIn();
    await expectWarm(() => listSessions(bearer(token)));
    expect((await adminPost(passwordRoute.POST, user.userId, { password: `${STRONG_PASSWORD}-2` })).status).toBe(200);
    unauthorized(await listSessions(bearer(token)));
  });

  it('the platform operator suspends the tenant; reactivated, its sessions work again', async () => {
    const other = await createIdentityTenant();
    const token = (await adminToken(firstAdmin(other))).token;
    const tenantRead = () => call(tenantRoute.GET, { path: '/api/v2.1/tenant', headers: { 'X-Tenant-ID': other.tenantId } });
    await expectWarm(() => listSessions(bearer(token)));
    expect((await tenantRead()).status).toBe(200);
    expect((await countRoundTrips(tenantRead)).roundTrips).toBe(0);

    const setStatus = (status: string) =>
      call(tenantStatusRoute.POST, { method: 'POST', path: `/api/v2.1/tenants/${other.tenantId}/status`, headers: platformAuth, params: { tenantId: other.tenantId }, body: { status } });
    expect((await setStatus('SUSPENDED')).status).toBe(200);
    expect((await listSessions(bearer(token))).status).toBe(403);
    expect((await tenantRead()).status).toBe(403);
    expect((await setStatus('ACTIVE')).status).toBe(200);
    expect((await listSessions(bearer(token))).status).toBe(200);
    expect((await tenantRead()).status).toBe(200);
  });

  it("the panel's sign-out (next-auth) ends its cookie session", async () => {
    const user = await createExtraAdmin(t, ['EMPLOYEE']);
    const db = await getDb();
    const tenant = (await findTenant(db, t.tenantId))!;
    const { issued } = await panelLogin(db, tenant, { username: user.username, password: user.password }, {});
    const jwt = await encode({ token: { sub: user.userId, tid: user.tenantId, sid: issued.sessionId, roles: user.roles }, secret: await authSecret(db) });
    const cookie = { cookie: `next-auth.session-token=${jwt}` };
    await expectWarm(() => listSessions(cookie));
    // what the panel's signOut event does (lib/auth/options.ts)
    await revokeSession(db, t.tenantId, issued.sessionId, 'SIGNED_OUT');
    unauthorized(await listSessions(cookie));
  });

  it("a change made behind the services' back (psql, another process) is heard through the database within a second", async () => {
    const { user, token } = await signedIn();
    const second = await signedIn();
    await expectWarm(() => listSessions(bearer(token)));
    await expectWarm(() => listSessions(bearer(second.token)));
    const db = await getDb();
    await db
      .update(users)
      .set({ isActive: false })
      .where(and(eq(users.tenantId, t.tenantId), eq(users.id, user.userId)));
    await db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.tenantId, t.tenantId), eq(sessions.id, decodeJwt(second.token).sid as string)));
    // PGlite hands the notification over at commit; PostgreSQL a moment later on the LISTEN connection
    await expect.poll(async () => (await listSessions(bearer(token))).status, { timeout: 1_000, interval: 20 }).toBe(401);
    await expect.poll(async () => (await listSessions(bearer(second.token))).status, { timeout: 1_000, interval: 20 }).toBe(401);
  });
});

describe('a notification that never arrives', () => {
  // issue 26, item 7: tenant entries never aged, so a tenant suspended while the channel was silently
  // dead (a half-open connection, a pooler in transaction mode) stayed ACTIVE for X-Tenant-ID routes
  it('a tenant suspended while its notification is lost is served for at most a minute (the cache’s maximum age), then refused', async () => {
    const clock = freezeClock();
    const other = await createIdentityTenant();
    const tenantRead = () => call(tenantRoute.GET, { path: '/api/v2.1/tenant', headers: { 'X-Tenant-ID': other.tenantId } });
    expect((await tenantRead()).status).toBe(200);
    // on PostgreSQL the new tenant's own notification reaches the LISTEN connection a moment after its
    // commit and may drop the entry just cached: warm until a read needs no round trip
    await expect.poll(async () => (await countRoundTrips(tenantRead)).roundTrips, { timeout: 2_000, interval: 20 }).toBe(0);
    expect(principalCacheState().listening).toBe(true);

    // suspended with the triggers off for this transaction: its notification is never sent
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(tenants).set({ status: 'SUSPENDED' }).where(eq(tenants.id, other.tenantId));
    });
    clock.advance(59_000);
    const stale = await countRoundTrips(tenantRead);
    expect({ status: stale.result.status, roundTrips: stale.roundTrips }).toEqual({ status: 200, roundTrips: 0 });
    clock.advance(1_001);
    expectEnvelope(await tenantRead(), 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: other.tenantId });
  });
});

describe('start-up', () => {
  it('the LISTEN is in place before the first request: the first reads the principal once, the next reads nothing', async () => {
    const { token } = await signedIn();
    // as a process starts: nobody listening, nothing cached
    await resetPrincipalCache();
    expect(principalCacheState()).toEqual({ listening: false, sessions: 0, tenants: 0 });
    expect(await listenForInvalidations()).toBe(true);
    expect(principalCacheState().listening).toBe(true);
    const first = await countRoundTrips(() => listSessions(bearer(token)));
    const second = await countRoundTrips(() => listSessions(bearer(token)));
    // listing sessions is one statement; a cold process adds the signing key and the session, a warm one nothing
    expect([first.result.status, first.roundTrips, second.result.status, second.roundTrips]).toEqual([200, 3, 200, 1]);
    // a second call changes nothing
    expect(await listenForInvalidations()).toBe(true);
  });
});

describe('concurrent requests that miss together', () => {
  it('of one session read it once between them (a burst after start, or at an entry past its minute)', async () => {
    const { token } = await signedIn();
    // the signing key and the listener warm, the session cold
    expect((await listSessions(bearer(token))).status).toBe(200);
    forgetSession(decodeJwt(token).sid as string);
    const burst = await countRoundTrips(() => Promise.all(Array.from({ length: 5 }, () => listSessions(bearer(token)))));
    expect(burst.result.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    // five listings, one read of the session
    expect(burst.roundTrips).toBe(6);
    // and it is cached for the next one
    const next = await countRoundTrips(() => listSessions(bearer(token)));
    expect([next.result.status, next.roundTrips]).toEqual([200, 1]);
  });

  it('of two sessions read each once', async () => {
    const a = await signedIn();
    const b = await signedIn();
    for (const { token } of [a, b]) {
      expect((await listSessions(bearer(token))).status).toBe(200);
      forgetSession(decodeJwt(token).sid as string);
    }
    const burst = await countRoundTrips(() => Promise.all([a, b, a, b].map(({ token }) => listSessions(bearer(token)))));
    expect(burst.result.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(burst.roundTrips).toBe(6);
  });
});
