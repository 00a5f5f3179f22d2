import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as rolesRoute from '@/app/api/v2.1/admin/users/[userId]/roles/route';
import * as disableRoute from '@/app/api/v2.1/admin/users/[userId]/disable/route';
import { fixedClock, setClock } from '@/lib/clock';
import { individualRoutes } from '@/app/api/v2.1/customer/_shared/customer-routes';
import { getDb } from '@/lib/db/client';
import { customers, userRoles, users, verifications } from '@/lib/db/schema';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { cachedHash, createExtraAdmin, createIdentityTenant, customerSession, firstAdmin, type TestAdminUser, type TestTenant } from './identity-fixtures';
import {
  acceptConsent,
  getVerification,
  acceptRequiredConsents,
  activate,
  ADMIN_PW,
  approve,
  assign,
  auditLogOf,
  authed,
  categoryIds,
  CUSTOMER_PW,
  customerToken,
  deactivate,
  decide,
  eventData,
  individualBody,
  initiateVerification,
  organizationBody,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  tokenOf,
  uniq,
  withdrawConsent,
  type Categories,
  type Json,
} from './onboarding-fixtures';

const T0 = Math.floor(Date.now() / 1000) * 1000;
const clock = fixedClock(new Date(T0));
const tick = () => clock.advance(1000);
const now = () => clock.now().toISOString();
const plus48h = (iso: string) => new Date(new Date(iso).getTime() + 48 * 3_600_000).toISOString();

beforeAll(() => setClock(clock));
beforeEach(() => {
  resetOnboardingState();
  setClock(clock);
});
afterAll(() => setClock(null));

type Reg = { customerId: string; userId: string; verificationId: string; organizationId?: string; adminUserId?: string };

let tenant: TestTenant;
let cats: Categories;
let registrarToken: string;
let officer: TestAdminUser;
let officerToken: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
  registrarToken = await tokenOf(firstAdmin(tenant));
  officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
  officerToken = await tokenOf(officer);
});

const MISSING_ROLE = 'missing required role: an organization of business type BUSINESS_TYPE_CLIENT_TO_TENANT needs at least one employee with the ADMIN_USER role';
const SLUGS: Record<string, string> = { TERMS: 'terms', PRIVACY_POLICY: 'privacy', DATA_PROCESSING: 'data-processing' };

function consentsMissing(customerId: string, missing: string[], kind = 'individual') {
  const url = (type: string) => `/api/v2.1/customer/${kind}/${customerId}/consents/${SLUGS[type]}`;
  return {
    activationStatus: 'CONSENT_REQUIRED',
    customerId,
    missingConsentTypes: missing,
    missingConsentDetails: Object.fromEntries(missing.map((type) => [type, { consentType: type, status: 'MISSING', acceptUrl: url(type) }])),
    totalRequiredConsents: 3,
    totalMissingConsents: missing.length,
    nextSteps: missing.map((type) => `accept the ${type} consent: POST ${url(type)}`),
  };
}

function notVerified(verificationStatus: string, reason: string, estimatedCompletionTime: string | null) {
  return { activationStatus: 'VERIFICATION_REQUIRED', verificationStatus, reason, estimatedCompletionTime };
}

async function registerCustomer(options: { by?: string } = {}) {
  const body = individualBody(cats);
  const res = await registerIndividual<Reg>(body, { ...contextHeaders(tenant.tenantId), authorization: `Bearer ${options.by ?? registrarToken}` });
  expect(res.status, res.text).toBe(200);
  return { ...res.json.data, email: body.email as string };
}

async function customerRow(customerId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(customers)
    .where(and(eq(customers.tenantId, tenant.tenantId), eq(customers.id, customerId)));
  return row!;
}

describe('POST /api/v2.1/customer/individual/{customerId}/activation: the rules, in order', () => {
  it('consents first (400, with what is missing and where to accept it), then verification (422), then success; then 409', async () => {
    const c = await registerCustomer();
    const submittedAt = now();
    expectEnvelope(await activate(registrarToken, c.customerId), 400, 'missing required consents', consentsMissing(c.customerId, ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING']));
    tick();
    expect((await acceptConsent(registrarToken, c.customerId, 'terms')).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 400, 'missing required consents', consentsMissing(c.customerId, ['PRIVACY_POLICY', 'DATA_PROCESSING']));
    expect((await acceptConsent(registrarToken, c.customerId, 'privacy')).status).toBe(200);
    // marketing is optional: it does not help
    expect((await acceptConsent(registrarToken, c.customerId, 'marketing')).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 400, 'missing required consents', consentsMissing(c.customerId, ['DATA_PROCESSING']));
    expect((await acceptConsent(registrarToken, c.customerId, 'data-processing')).status).toBe(200);

    expectEnvelope(
      await activate(registrarToken, c.customerId),
      422,
      'customer not verified',
      notVerified('PENDING_REVIEW', 'the verification is waiting for a compliance review', plus48h(submittedAt)),
    );
    tick();
    expect((await assign(officerToken, c.verificationId)).status).toBe(200);
    expectEnvelope(
      await activate(registrarToken, c.customerId),
      422,
      'customer not verified',
      notVerified('IN_REVIEW', 'the verification is being reviewed by a compliance officer', plus48h(submittedAt)),
    );
    tick();
    const docId = ((await getVerification(officerToken, c.verificationId)).json.data as { documents: { id: string }[] }).documents[0]!.id;
    expect((await decide(officerToken, c.verificationId, { decision: 'REQUEST_REVISION', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred', documentIds: [docId] })).status).toBe(200);
    expectEnvelope(
      await activate(registrarToken, c.customerId),
      422,
      'customer not verified',
      notVerified('REVISION_REQUESTED', 'the reviewer requested a revision (DOCUMENT_UNREADABLE)', null),
    );
    tick();
    const resubmittedAt = now();
    expect((await initiateVerification(officerToken, c.customerId)).status).toBe(200);
    expectEnvelope(
      await activate(registrarToken, c.customerId),
      422,
      'customer not verified',
      notVerified('PENDING_REVIEW', 'the verification is waiting for a compliance review', plus48h(resubmittedAt)),
    );
    tick();
    expect((await approve(officerToken, c.verificationId)).status).toBe(200);
    expect(await eventData(tenant.tenantId, 'customer.activated', c.customerId)).toEqual([]);

    tick();
    const activatedAt = now();
    const ok = await activate(registrarToken, c.customerId);
    expect(ok.json).toEqual({
      code: 200,
      message: 'customer activated',
      data: { customerId: c.customerId, customerType: 'INDIVIDUAL', customerStatus: 'ACTIVE', activatedAt, verificationStatus: 'APPROVED' },
    });
    expect(await customerRow(c.customerId)).toMatchObject({ status: 'ACTIVE', activatedAt: new Date(activatedAt) });
    expect(await eventData(tenant.tenantId, 'customer.activated', c.customerId)).toEqual([{ customerId: c.customerId, customerType: 'INDIVIDUAL', status: 'ACTIVE' }]);
    expect((await auditLogOf(officerToken, c.customerId)).json.data.items[0]).toMatchObject({
      action: 'CUSTOMER_ACTIVATED',
      actorUserId: tenant.userId,
      before: { status: 'PENDING_ACTIVATION' },
      after: { status: 'ACTIVE' },
    });

    // already active comes first, even with a consent withdrawn since
    const conflict = { error: 'CONFLICT', details: 'the customer is already active', activationStatus: 'ACTIVE' };
    expectEnvelope(await activate(registrarToken, c.customerId), 409, 'conflict', conflict);
    expect((await withdrawConsent(registrarToken, c.customerId, 'privacy')).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 409, 'conflict', conflict);
    expect(await eventData(tenant.tenantId, 'customer.activated', c.customerId)).toHaveLength(1);
  });

  it('an approved customer with a consent missing still gets the consent error (consents come before verification)', async () => {
    const c = await registerCustomer();
    expect((await approve(officerToken, c.verificationId)).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 400, 'missing required consents', consentsMissing(c.customerId, ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING']));
    await acceptRequiredConsents(registrarToken, c.customerId);
    expect((await withdrawConsent(registrarToken, c.customerId, 'terms')).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 400, 'missing required consents', consentsMissing(c.customerId, ['TERMS']));
  });

  it('rejected, or never initiated: 422 without an estimate', async () => {
    const c = await registerCustomer();
    await acceptRequiredConsents(registrarToken, c.customerId);
    expect((await decide(officerToken, c.verificationId, { decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD', comment: 'forged document' })).status).toBe(200);
    expectEnvelope(await activate(registrarToken, c.customerId), 422, 'customer not verified', notVerified('REJECTED', 'the verification was rejected (SUSPECTED_FRAUD)', null));

    const d = await registerCustomer();
    await acceptRequiredConsents(registrarToken, d.customerId);
    const db = await getDb();
    await db.delete(verifications).where(eq(verifications.id, d.verificationId));
    expectEnvelope(await activate(registrarToken, d.customerId), 422, 'customer not verified', notVerified('NOT_STARTED', 'the verification has not been initiated', null));
  });

  it("success makes the customer's users active", async () => {
    const c = await registerCustomer();
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, c.userId));
    await acceptRequiredConsents(registrarToken, c.customerId);
    expect((await approve(officerToken, c.verificationId)).status).toBe(200);
    expect((await activate(registrarToken, c.customerId)).status).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.id, c.userId));
    expect(user!.isActive).toBe(true);
  });

  it("the customer's own session may activate its own record once the rules are met; another customer is 404", async () => {
    const c = await registerCustomer();
    const token = await customerToken(tenant.tenantId, c, c.email);
    const other = await registerCustomer();
    expectEnvelope(await activate(token, other.customerId), 404, 'resource not found', { error: 'NOT_FOUND', details: 'customer not found' });
    await acceptRequiredConsents(token, c.customerId);
    expectEnvelope(
      await activate(token, c.customerId),
      422,
      'customer not verified',
      notVerified('PENDING_REVIEW', 'the verification is waiting for a compliance review', expect.any(String) as unknown as string),
    );
    expect((await approve(officerToken, c.verificationId)).status).toBe(200);
    const ok = await activate(token, c.customerId);
    expect(ok.status).toBe(200);
    expect((await auditLogOf(officerToken, c.customerId)).json.data.items[0]).toMatchObject({ action: 'CUSTOMER_ACTIVATED', actorUserId: c.userId });
  });

  it('unknown customers, the wrong kind, no credential', async () => {
    const c = await registerCustomer();
    expectEnvelope(await activate(registrarToken, '5e4d3c2b-0000-4000-8000-000000000001'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'customer not found' });
    expectEnvelope(await activate(registrarToken, c.customerId, 'organization'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'customer not found' });
    expectEnvelope(await activate(registrarToken, 'x'), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors: [{ field: 'customerId', message: 'must be a UUID' }] });
    const anon = await call(individualRoutes.activation.POST, { method: 'POST', headers: { 'X-Tenant-ID': tenant.tenantId }, params: { customerId: c.customerId } });
    expectEnvelope(anon, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' });
  });
});

describe('deactivation: suspend, close', () => {
  async function activeCustomer() {
    const c = await registerCustomer();
    await acceptRequiredConsents(registrarToken, c.customerId);
    expect((await approve(officerToken, c.verificationId)).status).toBe(200);
    expect((await activate(registrarToken, c.customerId)).status).toBe(200);
    return c;
  }

  it("suspending ends the customer's sessions; activation brings it back; closing is final", async () => {
    const c = await activeCustomer();
    const token = await customerToken(tenant.tenantId, c, c.email);
    tick();
    const suspended = await deactivate(officerToken, c.customerId, { status: 'SUSPENDED', reason: 'chargeback investigation' });
    expect(suspended.json).toEqual({
      code: 200,
      message: 'customer suspended',
      data: { customerId: c.customerId, customerType: 'INDIVIDUAL', customerStatus: 'SUSPENDED', reason: 'chargeback investigation' },
    });
    expect(await customerRow(c.customerId)).toMatchObject({ status: 'SUSPENDED', statusReason: 'chargeback investigation' });
    expectEnvelope(await activate(token, c.customerId), 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'the session has ended; sign in again' });
    const signIn = await customerSession({ tenantId: tenant.tenantId, customerId: c.customerId, userId: c.userId }, { username: c.email, password: CUSTOMER_PW });
    expectEnvelope(signIn, 403, 'access denied', { error: 'FORBIDDEN', details: 'the customer is suspended; sign-in is not possible' });
    expectEnvelope(await deactivate(officerToken, c.customerId, { status: 'SUSPENDED', reason: 'again' }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the customer is already suspended',
    });
    expect(await eventData(tenant.tenantId, 'customer.deactivated', c.customerId)).toEqual([
      { customerId: c.customerId, customerType: 'INDIVIDUAL', status: 'SUSPENDED', reason: 'chargeback investigation' },
    ]);

    tick();
    expect((await activate(registrarToken, c.customerId)).json.data).toMatchObject({ customerStatus: 'ACTIVE' });
    expect(await customerRow(c.customerId)).toMatchObject({ status: 'ACTIVE', statusReason: null });
    expect(await eventData(tenant.tenantId, 'customer.activated', c.customerId)).toHaveLength(2);

    tick();
    expect((await deactivate(registrarToken, c.customerId, { status: 'CLOSED', reason: 'customer request' })).json.message).toBe('customer closed');
    expectEnvelope(await activate(registrarToken, c.customerId), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the customer is closed and cannot be activated',
      activationStatus: 'CLOSED',
    });
    expectEnvelope(await deactivate(registrarToken, c.customerId, { status: 'SUSPENDED', reason: 'x' }), 409, 'conflict', { error: 'CONFLICT', details: 'the customer is closed' });
  });

  it('only ADMIN_USER or COMPLIANCE_OFFICER; the body is validated', async () => {
    const c = await registerCustomer();
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
    expectEnvelope(await deactivate(await tokenOf(employee), c.customerId, { status: 'SUSPENDED', reason: 'x' }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER',
    });
    const own = await customerToken(tenant.tenantId, c, c.email);
    expectEnvelope(await deactivate(own, c.customerId, { status: 'CLOSED', reason: 'bye' }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER',
    });
    expectEnvelope(await deactivate(officerToken, c.customerId, { status: 'DELETED', reason: '' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'status', message: 'must be SUSPENDED or CLOSED' },
        { field: 'reason', message: 'must not be empty' },
      ],
    });
  });
});

// ------------------------------------------------------------------------------------------------
// Organizations and the ADMIN_USER rule
// ------------------------------------------------------------------------------------------------

describe('organizations', () => {
  async function registerOrg(businessType?: 'BUSINESS_TYPE_CLIENT_TO_TENANT' | 'BUSINESS_TYPE_STANDARD', t: TestTenant = tenant, tCats: Categories = cats) {
    const res = await registerOrganization<Reg>(organizationBody(tCats, { businessType }), contextHeaders(t.tenantId));
    expect(res.status, res.text).toBe(200);
    return res.json.data;
  }
  async function approvedOrg(businessType?: 'BUSINESS_TYPE_CLIENT_TO_TENANT' | 'BUSINESS_TYPE_STANDARD') {
    const org = await registerOrg(businessType);
    await acceptRequiredConsents(registrarToken, org.customerId, 'organization');
    expect((await approve(officerToken, org.verificationId)).status).toBe(200);
    return org;
  }
  const setRoles = (token: string, userId: string, roles: string[]) =>
    call(rolesRoute.PUT, { method: 'PUT', path: `/api/v2.1/admin/users/${userId}/roles`, headers: authed(token), params: { userId }, body: { roles } });
  const disable = (token: string, userId: string) => call(disableRoute.POST, { method: 'POST', path: `/api/v2.1/admin/users/${userId}/disable`, headers: authed(token), params: { userId } });
  async function rolesOf(userId: string) {
    const db = await getDb();
    return (await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId))).map((r) => r.role).sort();
  }
  /** A second administrator of a customer organization (no API creates one there yet). */
  async function addOrgAdmin(org: Reg) {
    const db = await getDb();
    const name = uniq('second.admin');
    const [row] = await db
      .insert(users)
      .values({
        tenantId: tenant.tenantId,
        organizationId: org.organizationId!,
        customerId: org.customerId,
        username: name,
        email: `${name}@company.example`,
        passwordHash: await cachedHash(ADMIN_PW),
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ tenantId: tenant.tenantId, userId: row!.id, role: 'ADMIN_USER' });
    return row!.id;
  }

  it('BUSINESS_TYPE_CLIENT_TO_TENANT with its default administrator: the same rules, then ACTIVE', async () => {
    const org = await registerOrg();
    expectEnvelope(
      await activate(registrarToken, org.customerId, 'organization'),
      400,
      'missing required consents',
      consentsMissing(org.customerId, ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'], 'organization'),
    );
    await acceptRequiredConsents(registrarToken, org.customerId, 'organization');
    const res = await activate(registrarToken, org.customerId, 'organization');
    expect(res.status).toBe(422);
    expect((res.json.data as Json).verificationStatus).toBe('PENDING_REVIEW');
    expect((await approve(officerToken, org.verificationId)).status).toBe(200);
    const ok = await activate(registrarToken, org.customerId, 'organization');
    expect(ok.json).toMatchObject({
      code: 200,
      message: 'customer activated',
      data: { customerId: org.customerId, customerType: 'ORGANIZATION', customerStatus: 'ACTIVE', verificationStatus: 'APPROVED' },
    });
    expect(await eventData(tenant.tenantId, 'customer.activated', org.customerId)).toEqual([{ customerId: org.customerId, customerType: 'ORGANIZATION', status: 'ACTIVE' }]);
  });

  it('without an active ADMIN_USER employee: 400 missing required role with empty data, after the consent and verification rules', async () => {
    const org = await registerOrg();
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, org.adminUserId!));
    expectEnvelope(
      await activate(registrarToken, org.customerId, 'organization'),
      400,
      'missing required consents',
      consentsMissing(org.customerId, ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'], 'organization'),
    );
    await acceptRequiredConsents(registrarToken, org.customerId, 'organization');
    expect((await activate(registrarToken, org.customerId, 'organization')).status).toBe(422);
    expect((await approve(officerToken, org.verificationId)).status).toBe(200);
    expectEnvelope(await activate(registrarToken, org.customerId, 'organization'), 400, MISSING_ROLE, {});
    expect(await customerRow(org.customerId)).toMatchObject({ status: 'PENDING_ACTIVATION' });
    expect(await eventData(tenant.tenantId, 'customer.activated', org.customerId)).toEqual([]);
    // an ADMIN_USER without the role ... is no help either: the role is what counts
    await db.update(users).set({ isActive: true }).where(eq(users.id, org.adminUserId!));
    await db.delete(userRoles).where(and(eq(userRoles.userId, org.adminUserId!), eq(userRoles.role, 'ADMIN_USER')));
    await db.insert(userRoles).values({ tenantId: tenant.tenantId, userId: org.adminUserId!, role: 'EMPLOYEE' });
    expectEnvelope(await activate(registrarToken, org.customerId, 'organization'), 400, MISSING_ROLE, {});
    // with one again, activation succeeds (and makes its users active)
    const second = await addOrgAdmin(org);
    expect((await activate(registrarToken, org.customerId, 'organization')).status).toBe(200);
    const orgUsers = await db.select({ id: users.id, isActive: users.isActive }).from(users).where(eq(users.customerId, org.customerId));
    expect(orgUsers.map((u) => u.isActive)).toEqual([true, true]);
    expect(orgUsers.map((u) => u.id).sort()).toEqual([org.adminUserId!, second].sort());
  });

  it('BUSINESS_TYPE_STANDARD has no such rule', async () => {
    const org = await approvedOrg('BUSINESS_TYPE_STANDARD');
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(eq(users.id, org.adminUserId!));
    // activation sets the organization's users active again
    expect((await activate(registrarToken, org.customerId, 'organization')).status).toBe(200);
  });

  it('removing or disabling the last ADMIN_USER of a CLIENT_TO_TENANT organization: 400 missing required role; nothing changes', async () => {
    const org = await approvedOrg();
    expectEnvelope(await setRoles(registrarToken, org.adminUserId!, ['EMPLOYEE']), 400, MISSING_ROLE, {});
    expectEnvelope(await disable(registrarToken, org.adminUserId!), 400, MISSING_ROLE, {});
    expect(await rolesOf(org.adminUserId!)).toEqual(['ADMIN_USER']);
    const db = await getDb();
    expect((await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, org.adminUserId!)))[0]!.isActive).toBe(true);

    // with a second administrator the first may step down; the second is then the last one
    const second = await addOrgAdmin(org);
    const demoted = await setRoles(registrarToken, org.adminUserId!, ['EMPLOYEE']);
    expect(demoted.status, demoted.text).toBe(200);
    expect(await rolesOf(org.adminUserId!)).toEqual(['EMPLOYEE']);
    expectEnvelope(await disable(registrarToken, second), 400, MISSING_ROLE, {});
    expectEnvelope(await setRoles(registrarToken, second, ['COMPLIANCE_OFFICER']), 400, MISSING_ROLE, {});
    // keeping ADMIN_USER among other roles is fine
    expect((await setRoles(registrarToken, second, ['ADMIN_USER', 'COMPLIANCE_OFFICER'])).status).toBe(200);
    expect((await activate(registrarToken, org.customerId, 'organization')).status).toBe(200);
  });

  it('a BUSINESS_TYPE_STANDARD organization may lose its last ADMIN_USER', async () => {
    const org = await registerOrg('BUSINESS_TYPE_STANDARD');
    const res = await setRoles(registrarToken, org.adminUserId!, ['EMPLOYEE']);
    expect(res.status, res.text).toBe(200);
    expect(await rolesOf(org.adminUserId!)).toEqual(['EMPLOYEE']);
  });

  it("the tenant's own PLATFORM_OWNER organization keeps 409 LAST_ADMIN, whatever ADMIN_USERs customer organizations have", async () => {
    const t = await createIdentityTenant();
    const tCats = await categoryIds(t.tenantId);
    await registerOrg(undefined, t, tCats);
    const token = await tokenOf(firstAdmin(t));
    const lastAdmin = { error: 'LAST_ADMIN', details: 'the tenant must keep at least one active ADMIN_USER' };
    expectEnvelope(await setRoles(token, t.userId, ['COMPLIANCE_OFFICER']), 409, 'conflict', lastAdmin);
    expectEnvelope(await disable(token, t.userId), 409, 'conflict', lastAdmin);
  });
});
