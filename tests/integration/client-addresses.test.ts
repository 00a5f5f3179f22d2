import { and, asc, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as sessionsRoute from '@/app/api/v2.1/sessions/route';
import { getDb } from '@/lib/db/client';
import { consentRecords, sessions } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { call, contextHeaders } from './helpers';
import { adminSession, bearer, createIdentityTenant, firstAdmin, resetIdentityState, type TestTenant } from './identity-fixtures';
import { acceptConsent, categoryIds, individualBody, listConsents, registerIndividual, resetOnboardingState, tokenOf, type Categories } from './onboarding-fixtures';

/**
 * Issue 26, item 9: the consent proof and a session's address used to be the left-most
 * X-Forwarded-For entry, which any client writes. Each now keeps the address we trust (clientIp():
 * the socket peer, or behind TRUSTED_PROXIES the right-most untrusted entry) beside the claimed one,
 * and the APIs that show the address show both.
 */
const PROXY = '192.0.2.55';
const CLAIMED = '198.51.100.4';
const CLIENT = '203.0.113.9';

let t: TestTenant;
let cats: Categories;
let adminToken: string;

beforeAll(async () => {
  t = await createIdentityTenant();
  cats = await categoryIds(t.tenantId);
  adminToken = await tokenOf(firstAdmin(t));
});
beforeEach(() => {
  resetIdentityState();
  resetOnboardingState();
});
afterEach(() => {
  delete process.env.TRUSTED_PROXIES;
  resetEnvCache();
});

/** Scenarios: a direct client that claims another address, and a client behind our trusted proxy that claims one too. */
const scenarios = [
  { name: 'a direct client claiming another address', trusted: undefined, headers: { [PEER_HEADER]: CLIENT, 'X-Forwarded-For': CLAIMED }, seen: CLIENT },
  { name: 'behind a trusted proxy, the client it names', trusted: PROXY, headers: { [PEER_HEADER]: PROXY, 'X-Forwarded-For': `${CLAIMED}, ${CLIENT}` }, seen: CLIENT },
] as const;

describe.each(scenarios)('$name', ({ trusted, headers, seen }) => {
  beforeEach(() => {
    if (trusted) process.env.TRUSTED_PROXIES = trusted;
    resetEnvCache();
  });

  it('a self sign-up’s consent proof keeps the claimed address and the one we trust; the consent API shows both', async () => {
    const res = await registerIndividual<{ customerId: string }>(individualBody(cats, { consents: { termsAccepted: true, privacyAccepted: true } }), contextHeaders(t.tenantId, headers));
    expect(res.status, res.text).toBe(200);
    const { customerId } = res.json.data;
    const db = await getDb();
    const rows = await db
      .select({ ipAddress: consentRecords.ipAddress, clientIp: consentRecords.clientIp })
      .from(consentRecords)
      .where(and(eq(consentRecords.tenantId, t.tenantId), eq(consentRecords.customerId, customerId)))
      .orderBy(asc(consentRecords.createdAt));
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => `${r.ipAddress} ${r.clientIp}`))).toEqual(new Set([`${CLAIMED} ${seen}`]));

    // a consent accepted later by an administrator, through the same addresses
    const marketing = await acceptConsent(adminToken, customerId, 'marketing', { headers: { ...bearer(adminToken), 'User-Agent': 'vitest', ...headers } });
    expect(marketing.status, marketing.text).toBe(200);
    const history = ((await listConsents(adminToken, customerId)).json.data as { history: Array<{ consentType: string; ipAddress: string | null; clientIp: string | null }> }).history;
    expect(history.find((h) => h.consentType === 'MARKETING')).toMatchObject({ ipAddress: CLAIMED, clientIp: seen });
    expect(history.every((h) => h.ipAddress === CLAIMED && h.clientIp === seen)).toBe(true);
  });

  it('a session keeps the claimed address and the one we trust; the sessions API shows both', async () => {
    const admin = firstAdmin(t);
    const res = await adminSession(admin, { headers: contextHeaders(t.tenantId, headers) });
    expect(res.status).toBe(200);
    const db = await getDb();
    const [row] = await db
      .select({ ipAddress: sessions.ipAddress, clientIp: sessions.clientIp })
      .from(sessions)
      .where(and(eq(sessions.tenantId, t.tenantId), eq(sessions.id, res.json.data.sessionId)));
    expect(row).toEqual({ ipAddress: CLAIMED, clientIp: seen });
    const listed = await call<{ items: Array<{ id: string; ipAddress: string | null; clientIp: string | null }> }>(sessionsRoute.GET, {
      path: '/api/v2.1/sessions',
      headers: bearer(res.json.data.token),
    });
    expect(listed.json.data.items.find((s) => s.id === res.json.data.sessionId)).toMatchObject({ ipAddress: CLAIMED, clientIp: seen });
  });
});
