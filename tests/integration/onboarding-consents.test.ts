import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as individualConsentRoute from '@/app/api/v2.1/customer/individual/[customerId]/consents/[consent]/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { consentRecords, consentTexts } from '@/lib/db/schema';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, ISO, UUID, type TestTenant } from './identity-fixtures';
import {
  acceptConsent,
  authed,
  categoryIds,
  customerToken,
  eventData,
  individualBody,
  listConsents,
  organizationBody,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  tokenOf,
  withdrawConsent,
  type Categories,
  type Json,
} from './onboarding-fixtures';

type Reg = { customerId: string; userId: string };
type ConsentList = {
  customerId: string;
  current: { consentType: string; status: string; version: string | null; at: string | null }[];
  missingRequired: string[];
  history: Json[];
};

let tenant: TestTenant;
let cats: Categories;
let adminBearer: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
  adminBearer = await tokenOf(firstAdmin(tenant));
});
beforeEach(() => resetOnboardingState());
afterEach(() => setClock(null));

/** A self-registered individual customer without consents, and its own session token. */
async function newCustomer(): Promise<Reg & { token: string; email: string }> {
  const body = individualBody(cats);
  const res = await registerIndividual<Reg>(body, contextHeaders(tenant.tenantId));
  expect(res.status, res.text).toBe(200);
  const token = await customerToken(tenant.tenantId, res.json.data, body.email as string);
  return { ...res.json.data, token, email: body.email as string };
}

const NOT_FOUND = { error: 'NOT_FOUND', details: 'customer not found' };
const missing = (consentType: string) => ({ consentType, status: 'MISSING', version: null, at: null });

describe("the customer's own session", () => {
  it('lists, accepts one by one, withdraws; every change is a new record with type, version, status, time, IP and user agent', async () => {
    const c = await newCustomer();
    const initial = await listConsents(c.token, c.customerId);
    expect(initial.status).toBe(200);
    expect(initial.json.data).toEqual({
      customerId: c.customerId,
      current: [missing('TERMS'), missing('PRIVACY_POLICY'), missing('DATA_PROCESSING'), missing('MARKETING')],
      missingRequired: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'],
      reconsentRequired: [],
      history: [],
    });

    const start = Math.floor(Date.now() / 1000) * 1000;
    const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
    const clock = fixedClock(new Date(start));
    setClock(clock);
    const accepted = await acceptConsent(c.token, c.customerId, 'privacy');
    expect(accepted.json).toEqual({ code: 200, message: 'consent accepted', data: { consentType: 'PRIVACY_POLICY', status: 'ACCEPTED', version: '1.0', at: at(0) } });
    clock.advance(1000);
    expect((await acceptConsent(c.token, c.customerId, 'terms')).status).toBe(200);
    clock.advance(1000);
    const withdrawn = await withdrawConsent(c.token, c.customerId, 'privacy', { headers: authed(c.token, { 'X-Forwarded-For': '2001:db8::1', 'User-Agent': 'mobile-app/3' }) });
    expect(withdrawn.json).toEqual({ code: 200, message: 'consent withdrawn', data: { consentType: 'PRIVACY_POLICY', status: 'WITHDRAWN', version: '1.0', at: at(2) } });
    clock.advance(1000);
    expect((await acceptConsent(c.token, c.customerId, 'marketing')).status).toBe(200);
    setClock(null);

    const after = await listConsents(c.token, c.customerId);
    expect(after.json.data).toEqual({
      customerId: c.customerId,
      current: [
        { consentType: 'TERMS', status: 'ACCEPTED', version: '1.0', at: at(1) },
        { consentType: 'PRIVACY_POLICY', status: 'WITHDRAWN', version: '1.0', at: at(2) },
        missing('DATA_PROCESSING'),
        { consentType: 'MARKETING', status: 'ACCEPTED', version: '1.0', at: at(3) },
      ],
      // MARKETING is optional: it never appears among the missing ones
      missingRequired: ['PRIVACY_POLICY', 'DATA_PROCESSING'],
      reconsentRequired: [],
      history: [
        {
          id: expect.stringMatching(UUID),
          consentType: 'PRIVACY_POLICY',
          version: '1.0',
          status: 'ACCEPTED',
          ipAddress: '198.51.100.4',
          clientIp: null,
          userAgent: 'onboarding-test/1.0',
          actorUserId: c.userId,
          channel: 'API',
          textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          createdAt: at(0),
        },
        {
          id: expect.stringMatching(UUID),
          consentType: 'TERMS',
          version: '1.0',
          status: 'ACCEPTED',
          ipAddress: '198.51.100.4',
          clientIp: null,
          userAgent: 'onboarding-test/1.0',
          actorUserId: c.userId,
          channel: 'API',
          textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          createdAt: at(1),
        },
        {
          id: expect.stringMatching(UUID),
          consentType: 'PRIVACY_POLICY',
          version: '1.0',
          status: 'WITHDRAWN',
          ipAddress: '2001:db8::1',
          clientIp: null,
          userAgent: 'mobile-app/3',
          actorUserId: c.userId,
          channel: 'API',
          textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          createdAt: at(2),
        },
        {
          id: expect.stringMatching(UUID),
          consentType: 'MARKETING',
          version: '1.0',
          status: 'ACCEPTED',
          ipAddress: '198.51.100.4',
          clientIp: null,
          userAgent: 'onboarding-test/1.0',
          actorUserId: c.userId,
          channel: 'API',
          textSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
          createdAt: at(3),
        },
      ],
    });

    // the outbox: one event per change
    const t = tenant.tenantId;
    expect(await eventData(t, 'customer.consent.accepted', c.customerId)).toEqual([
      { customerId: c.customerId, customerType: 'INDIVIDUAL', consentType: 'PRIVACY_POLICY', version: '1.0' },
      { customerId: c.customerId, customerType: 'INDIVIDUAL', consentType: 'TERMS', version: '1.0' },
      { customerId: c.customerId, customerType: 'INDIVIDUAL', consentType: 'MARKETING', version: '1.0' },
    ]);
    expect(await eventData(t, 'customer.consent.withdrawn', c.customerId)).toEqual([{ customerId: c.customerId, customerType: 'INDIVIDUAL', consentType: 'PRIVACY_POLICY', version: '1.0' }]);

    // re-accepting after a withdrawal adds a record; nothing is ever deleted
    expect((await acceptConsent(c.token, c.customerId, 'privacy')).status).toBe(200);
    const db = await getDb();
    const rows = await db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.tenantId, t), eq(consentRecords.customerId, c.customerId)));
    expect(rows.map((r) => `${r.consentType}:${r.status}`).sort()).toEqual([
      'MARKETING:ACCEPTED',
      'PRIVACY_POLICY:ACCEPTED',
      'PRIVACY_POLICY:ACCEPTED',
      'PRIVACY_POLICY:WITHDRAWN',
      'TERMS:ACCEPTED',
    ]);
  });

  it('accepting what is accepted, or withdrawing what is not: 409, no record, no event', async () => {
    const c = await newCustomer();
    expect((await acceptConsent(c.token, c.customerId, 'data-processing')).status).toBe(200);
    expectEnvelope(await acceptConsent(c.token, c.customerId, 'data-processing'), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the DATA_PROCESSING consent (version 1.0) is already accepted',
    });
    expectEnvelope(await withdrawConsent(c.token, c.customerId, 'terms'), 409, 'conflict', { error: 'CONFLICT', details: 'the TERMS consent is not accepted' });
    expect((await withdrawConsent(c.token, c.customerId, 'data-processing')).status).toBe(200);
    expectEnvelope(await withdrawConsent(c.token, c.customerId, 'data-processing'), 409, 'conflict', { error: 'CONFLICT', details: 'the DATA_PROCESSING consent is not accepted' });
    expect((await listConsents(c.token, c.customerId)).json.data.history).toHaveLength(2);
    expect(await eventData(tenant.tenantId, 'customer.consent.accepted', c.customerId)).toHaveLength(1);
    expect(await eventData(tenant.tenantId, 'customer.consent.withdrawn', c.customerId)).toHaveLength(1);
  });

  it('an acceptance and a withdrawal within the same millisecond keep their order', async () => {
    const c = await newCustomer();
    setClock(fixedClock(new Date(Math.floor(Date.now() / 1000) * 1000)));
    for (let i = 0; i < 3; i++) {
      expect((await acceptConsent(c.token, c.customerId, 'terms')).status).toBe(200);
      expect((await withdrawConsent(c.token, c.customerId, 'terms')).status).toBe(200);
    }
    expect((await acceptConsent(c.token, c.customerId, 'privacy')).status).toBe(200);
    const list = (await listConsents(c.token, c.customerId)).json.data as unknown as ConsentList;
    expect(list.current.find((s) => s.consentType === 'TERMS')?.status).toBe('WITHDRAWN');
    expect(list.history.map((h) => `${h.consentType}:${h.status}`)).toEqual([
      'TERMS:ACCEPTED',
      'TERMS:WITHDRAWN',
      'TERMS:ACCEPTED',
      'TERMS:WITHDRAWN',
      'TERMS:ACCEPTED',
      'TERMS:WITHDRAWN',
      'PRIVACY_POLICY:ACCEPTED',
    ]);
    const times = list.history.map((h) => Date.parse(h.createdAt as string));
    expect(times.every((time, i) => i === 0 || time > times[i - 1]!)).toBe(true);
  });

  it("another customer's record answers 404, exactly like an unknown one", async () => {
    const me = await newCustomer();
    const other = await newCustomer();
    expectEnvelope(await acceptConsent(me.token, other.customerId, 'terms'), 404, 'resource not found', NOT_FOUND);
    expectEnvelope(await withdrawConsent(me.token, other.customerId, 'terms'), 404, 'resource not found', NOT_FOUND);
    expectEnvelope(await listConsents(me.token, other.customerId), 404, 'resource not found', NOT_FOUND);
    expectEnvelope(await listConsents(me.token, '2b9c1a7e-0000-4000-8000-000000000009'), 404, 'resource not found', NOT_FOUND);
    expect((await listConsents(other.token, other.customerId)).json.data.history).toEqual([]);
    // the organization routes do not reach an individual customer
    expectEnvelope(await listConsents(me.token, me.customerId, 'organization'), 404, 'resource not found', NOT_FOUND);
  });
});

describe('administrators of the tenant', () => {
  it('accept and withdraw for any customer; the record names the admin as the actor', async () => {
    const c = await newCustomer();
    const res = await acceptConsent(adminBearer, c.customerId, 'terms');
    expect(res.status).toBe(200);
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
    expect((await acceptConsent(await tokenOf(employee), c.customerId, 'privacy')).status).toBe(200);
    const history = (await listConsents(adminBearer, c.customerId)).json.data.history as Json[];
    expect(history.map((h) => [h.consentType, h.actorUserId])).toEqual([
      ['TERMS', tenant.userId],
      ['PRIVACY_POLICY', employee.userId],
    ]);
  });

  it("customers of another tenant are not found; an X-Tenant-ID other than the token's is 403", async () => {
    const c = await newCustomer();
    const other = await createIdentityTenant();
    const otherToken = await tokenOf(firstAdmin(other));
    expectEnvelope(await acceptConsent(otherToken, c.customerId, 'terms'), 404, 'resource not found', NOT_FOUND);
    expectEnvelope(
      await acceptConsent(otherToken, c.customerId, 'terms', { headers: authed(otherToken, { 'X-Tenant-ID': tenant.tenantId }) }),
      403,
      'tenant access denied or categorization not available',
      {
        error: 'TENANT_ACCESS_DENIED',
        tenantId: tenant.tenantId,
      },
    );
  });

  it('organization customers have the same routes', async () => {
    const org = await registerOrganization<{ customerId: string }>(organizationBody(cats), contextHeaders(tenant.tenantId));
    const customerId = org.json.data.customerId;
    for (const slug of ['terms', 'privacy', 'data-processing']) expect((await acceptConsent(adminBearer, customerId, slug, { kind: 'organization' })).status).toBe(200);
    const list = await listConsents(adminBearer, customerId, 'organization');
    expect(list.json.data).toMatchObject({ customerId, missingRequired: [] });
    expect(await eventData(tenant.tenantId, 'customer.consent.accepted', customerId)).toHaveLength(3);
    expect((await eventData(tenant.tenantId, 'customer.consent.accepted', customerId))[0]).toMatchObject({ customerType: 'ORGANIZATION' });
    // and the individual routes do not reach it
    expectEnvelope(await listConsents(adminBearer, customerId, 'individual'), 404, 'resource not found', NOT_FOUND);
  });
});

describe('versions and validation', () => {
  it('the newest text version is the default; an older known version may be named; an unknown one is 400', async () => {
    const t = await createIdentityTenant();
    const tCats = await categoryIds(t.tenantId);
    const body = individualBody(tCats);
    const reg = await registerIndividual<Reg>(body, contextHeaders(t.tenantId));
    const token = await tokenOf(firstAdmin(t));
    const db = await getDb();
    await db.insert(consentTexts).values({
      tenantId: t.tenantId,
      consentType: 'TERMS',
      version: '2.0',
      title: 'Terms v2',
      body: 'New terms',
      sha256: 'n/a',
      publishedAt: new Date(Date.now() + 60_000),
      createdAt: new Date(Date.now() + 60_000),
    });
    const { customerId } = reg.json.data;

    expectEnvelope(await acceptConsent(token, customerId, 'terms', { body: { version: '9.9' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'version', message: 'unknown version; current is 2.0' }],
    });
    expect((await acceptConsent(token, customerId, 'terms', { body: { version: '1.0' } })).json.data).toMatchObject({ version: '1.0' });
    // accepting the new version is a new acceptance, not a conflict
    expect((await acceptConsent(token, customerId, 'terms')).json.data).toMatchObject({ status: 'ACCEPTED', version: '2.0' });
    expectEnvelope(await acceptConsent(token, customerId, 'terms'), 409, 'conflict', { error: 'CONFLICT', details: 'the TERMS consent (version 2.0) is already accepted' });
    // a withdrawal names the version that was accepted
    expect((await withdrawConsent(token, customerId, 'terms')).json.data).toMatchObject({ status: 'WITHDRAWN', version: '2.0' });
  });

  it('an unknown consent slug or a customer id that is not a UUID: 400', async () => {
    const c = await newCustomer();
    expectEnvelope(await acceptConsent(c.token, c.customerId, 'cookies'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'consent', message: 'must be one of terms, privacy, data-processing, marketing' }],
    });
    expectEnvelope(await acceptConsent(c.token, 'abc', 'terms'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'customerId', message: 'must be a UUID' }],
    });
  });

  it('no credential: 401; a method the route does not serve: 405', async () => {
    const c = await newCustomer();
    const res = await call(individualConsentRoute.POST, { method: 'POST', headers: { 'X-Tenant-ID': tenant.tenantId }, params: { customerId: c.customerId, consent: 'terms' } });
    expectEnvelope(res, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' });
    const put = await call(individualConsentRoute.PUT, { method: 'PUT', headers: authed(c.token), params: { customerId: c.customerId, consent: 'terms' } });
    expectEnvelope(put, 405, 'method not allowed', {
      error: 'METHOD_NOT_ALLOWED',
      details: 'PUT is not allowed here; allowed: POST, DELETE, OPTIONS',
      suggestions: ['POST', 'DELETE', 'OPTIONS'],
    });
  });

  it("the acceptance time is the server's; at is an ISO timestamp", async () => {
    const c = await newCustomer();
    const res = await acceptConsent(c.token, c.customerId, 'terms');
    expect((res.json.data as Json).at).toMatch(ISO);
  });
});
