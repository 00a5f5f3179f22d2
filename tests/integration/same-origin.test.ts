import { encode } from 'next-auth/jwt';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cardTokenRoute from '@/app/api/v2.1/panel/card-token/route';
import { authSecret } from '@/lib/auth/secret';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import { panelLogin } from '@/lib/services/identity/login';
import { findTenant } from '@/lib/services/tenants/tenants';
import { call, expectEnvelope } from './helpers';
import { bearer, createIdentityTenant, firstAdmin, resetIdentityState, type TestAdminUser, type TestTenant } from './identity-fixtures';
import { tokenOf } from './onboarding-fixtures';

/**
 * Cross-site requests (lib/http/same-origin.ts): an unsafe request signed in with the panel cookie
 * must come from our own origin, by Sec-Fetch-Site or Origin; else 403 in our envelope. A bearer
 * token is never checked. The route under test is POST /api/v2.1/panel/card-token (panel only).
 */
let t: TestTenant;

async function panelCookie(user: TestAdminUser): Promise<string> {
  const db = await getDb();
  const tenant = (await findTenant(db, user.tenantId))!;
  const { issued } = await panelLogin(db, tenant, { username: user.username, password: user.password }, {});
  const jwt = await encode({ token: { sub: user.userId, tid: user.tenantId, sid: issued.sessionId, roles: user.roles }, secret: await authSecret(db) });
  return `next-auth.session-token=${jwt}`;
}

const post = (headers: Record<string, string>) => call(cardTokenRoute.POST, { method: 'POST', path: '/api/v2.1/panel/card-token', headers });

const refused = (why: string) => ({
  error: 'FORBIDDEN',
  details: `cross-site request refused: a request signed in with the panel cookie that changes something must come from this site's own pages (${why})`,
});

beforeEach(() => resetIdentityState());
beforeAll(async () => {
  resetIdentityState();
  t = await createIdentityTenant();
});
afterEach(() => {
  delete process.env.NEXTAUTH_URL;
  resetEnvCache();
});

describe('same-origin rule for the panel cookie', () => {
  it('refuses a cookie request that names no origin at all', async () => {
    const cookie = await panelCookie(firstAdmin(t));
    expectEnvelope(await post({ cookie }), 403, 'access denied', refused('neither Origin nor Sec-Fetch-Site was sent'));
  });

  it('refuses another site by Origin', async () => {
    const cookie = await panelCookie(firstAdmin(t));
    expectEnvelope(await post({ cookie, origin: 'https://evil.example' }), 403, 'access denied', refused("Origin https://evil.example is not this server's"));
    expectEnvelope(await post({ cookie, origin: 'null' }), 403, 'access denied', refused("Origin null is not this server's"));
    // the same host name on another port is another origin
    expectEnvelope(await post({ cookie, origin: 'http://localhost:4000' }), 403, 'access denied', refused("Origin http://localhost:4000 is not this server's"));
  });

  it.each(['cross-site', 'same-site', 'none'])('refuses Sec-Fetch-Site: %s, whatever Origin says', async (site) => {
    const cookie = await panelCookie(firstAdmin(t));
    expectEnvelope(await post({ cookie, 'sec-fetch-site': site, origin: 'http://localhost:3000' }), 403, 'access denied', refused(`Sec-Fetch-Site is ${site}`));
  });

  it('serves our own pages: Sec-Fetch-Site same-origin, or Origin of this host, or of NEXTAUTH_URL', async () => {
    const cookie = await panelCookie(firstAdmin(t));
    expect((await post({ cookie, 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ cookie, origin: 'http://localhost:3000' })).status).toBe(200);
    // (an https:// URL would make next-auth look for its __Secure- cookie name instead)
    process.env.NEXTAUTH_URL = 'http://bank.example.com:8443/panel';
    resetEnvCache();
    expect((await post({ cookie, origin: 'http://bank.example.com:8443', host: 'internal:8080' })).status).toBe(200);
    expectEnvelope(
      await post({ cookie, origin: 'http://other.example.com:8443', host: 'internal:8080' }),
      403,
      'access denied',
      refused("Origin http://other.example.com:8443 is not this server's"),
    );
  });

  it('never checks a bearer token, and a safe method is not checked', async () => {
    const token = await tokenOf(firstAdmin(t));
    // the route refuses bearer callers for its own reason, after authentication: not the cross-site rule
    expectEnvelope(await post({ ...bearer(token), origin: 'https://evil.example' }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'only a panel session may mint a card token; API clients use /api/auth/login',
    });
    const cookie = await panelCookie(firstAdmin(t));
    const get = await call(cardTokenRoute.GET, { method: 'GET', path: '/api/v2.1/panel/card-token', headers: { cookie, origin: 'https://evil.example' } });
    expect(get.status).toBe(405);
  });

  it('a cross-site request with an invalid cookie is answered 401, as without one', async () => {
    const res = await post({ cookie: 'next-auth.session-token=forged', origin: 'https://evil.example' });
    expect(res.status).toBe(401);
  });
});
