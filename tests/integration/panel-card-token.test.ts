import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cardTokenRoute from '@/app/api/v2.1/panel/card-token/route';
import { authSecret } from '@/lib/auth/secret';
import { getDb } from '@/lib/db/client';
import { panelLogin } from '@/lib/services/identity/login';
import { authenticateBearer } from '@/lib/services/identity/sessions';
import { findTenant } from '@/lib/services/tenants/tenants';
import { call, expectEnvelope } from './helpers';
import { bearer, createExtraAdmin, createIdentityTenant, firstAdmin, ISO, resetIdentityState, type TestAdminUser, type TestTenant } from './identity-fixtures';
import { tokenOf } from './onboarding-fixtures';

/** POST /api/v2.1/panel/card-token: the card lookup's bearer token for the signed-in panel user. */

let t: TestTenant;

/** A real next-auth panel cookie naming a live PANEL session of the user. */
async function panelCookie(user: TestAdminUser): Promise<string> {
  const db = await getDb();
  const tenant = (await findTenant(db, user.tenantId))!;
  const { issued } = await panelLogin(db, tenant, { username: user.username, password: user.password }, {});
  const jwt = await encode({ token: { sub: user.userId, tid: user.tenantId, sid: issued.sessionId, roles: user.roles }, secret: await authSecret(db) });
  return `next-auth.session-token=${jwt}`;
}

// the panel's own page sends Origin (lib/http/same-origin.ts); a bearer caller is not checked
const mint = (headers: Record<string, string>) => call(cardTokenRoute.POST, { method: 'POST', path: '/api/v2.1/panel/card-token', headers: { origin: 'http://localhost:3000', ...headers } });

beforeEach(() => resetIdentityState());
beforeAll(async () => {
  resetIdentityState();
  t = await createIdentityTenant();
});

describe('POST /api/v2.1/panel/card-token', () => {
  it('mints a CARD_API session for the panel user, with the panel roles', async () => {
    const admin = firstAdmin(t);
    const res = await mint({ cookie: await panelCookie(admin), 'X-Forwarded-For': '198.51.100.7, 10.0.0.1' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'card token issued',
      data: { token: expect.any(String), expiresAt: expect.stringMatching(ISO), expiresIn: 3600, clientIp: '198.51.100.7' },
    });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const principal = await authenticateBearer(await getDb(), res.json.data.token as string);
    expect(principal).toMatchObject({ userId: admin.userId, tenantId: t.tenantId, kind: 'CARD_API', roles: ['ADMIN_USER'] });
  });

  it('an EMPLOYEE may mint one too', async () => {
    const employee = await createExtraAdmin(t, ['EMPLOYEE']);
    expect((await mint({ cookie: await panelCookie(employee) })).json.data).toMatchObject({ clientIp: '127.0.0.1', expiresIn: 3600 });
  });

  it('refuses a bearer caller: API clients log in themselves', async () => {
    expectEnvelope(await mint(bearer(await tokenOf(firstAdmin(t)))), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'only a panel session may mint a card token; API clients use /api/auth/login',
    });
  });

  it('refuses a panel user without a card role, and an anonymous caller', async () => {
    const officer = await createExtraAdmin(t, ['COMPLIANCE_OFFICER']);
    expectEnvelope(await mint({ cookie: await panelCookie(officer) }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, EMPLOYEE',
    });
    expectEnvelope(await mint({}), 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' });
  });

  it('answers 405 to GET', async () => {
    const res = await call(cardTokenRoute.GET, { path: '/api/v2.1/panel/card-token' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
  });
});
