import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as rolesRoute from '@/app/api/v2.1/admin/users/[userId]/roles/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { customers, organizations, users } from '@/lib/db/schema';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { adminSession, cardLogin, createExtraAdmin, createIdentityTenant, customerSession, firstAdmin, type TestAdminUser, type TestTenant } from './identity-fixtures';
import {
  acceptConsent,
  acceptDocuments,
  activate,
  addNote,
  ADMIN_PW,
  assign,
  auditLogOf,
  authed,
  b64,
  categoryIds,
  CUSTOMER_PW,
  decide,
  decideDocument,
  documentContent,
  eventsOf,
  getVerification,
  individualBody,
  listConsents,
  organizationBody,
  PDF,
  queue,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  tableCounts,
  tokenOf,
  uniq,
  type Categories,
  type Json,
} from './onboarding-fixtures';

/**
 * The two onboarding stories end to end, through the HTTP routes only: a B2C customer registered
 * by an administrator, and a B2B customer that signs itself up with its default administrator.
 */
const T0 = Math.floor(Date.now() / 1000) * 1000;
const clock = fixedClock(new Date(T0));
const tick = () => clock.advance(1000);

beforeAll(() => setClock(clock));
beforeEach(() => {
  resetOnboardingState();
  setClock(clock);
});
afterAll(() => setClock(null));

let tenant: TestTenant;
let cats: Categories;
let registrar: TestAdminUser;
let registrarToken: string;
let officer: TestAdminUser;
let officerToken: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
  registrar = firstAdmin(tenant);
  registrarToken = await tokenOf(registrar);
  officer = await createExtraAdmin(tenant, ['COMPLIANCE_OFFICER']);
  officerToken = await tokenOf(officer);
});

const MISSING = (customerId: string, kind: string, types: string[]) => {
  const slug: Record<string, string> = { TERMS: 'terms', PRIVACY_POLICY: 'privacy', DATA_PROCESSING: 'data-processing' };
  const url = (t: string) => `/api/v2.1/customer/${kind}/${customerId}/consents/${slug[t]}`;
  return {
    activationStatus: 'CONSENT_REQUIRED',
    customerId,
    missingConsentTypes: types,
    missingConsentDetails: Object.fromEntries(types.map((t) => [t, { consentType: t, status: 'MISSING', acceptUrl: url(t) }])),
    totalRequiredConsents: 3,
    totalMissingConsents: types.length,
    nextSteps: types.map((t) => `accept the ${t} consent: POST ${url(t)}`),
  };
};

/** The event types of a customer, in order. */
async function eventTypes(customerId: string) {
  return (await eventsOf(tenant.tenantId)).filter((e) => ((e.payload as { data: Json }).data.customerId ?? null) === customerId).map((e) => e.type);
}

describe('B2C story', () => {
  it('registered by an admin, consents accepted one by one by the customer, activation tried at each stage, approved by an officer (not the registrar), activated', async () => {
    // 1. an administrator registers the customer (with a passport scan), and is recorded as the registrar
    const body = individualBody(cats, { document: PDF });
    const email = body.email as string;
    const reg = await registerIndividual<{ customerId: string; userId: string; verificationId: string; missingConsents: string[]; registeredBy: string }>(body, {
      ...contextHeaders(tenant.tenantId),
      authorization: `Bearer ${registrarToken}`,
    });
    expect(reg.status, reg.text).toBe(200);
    expect(reg.text).not.toContain(b64(PDF));
    const { customerId, userId, verificationId } = reg.json.data;
    expect(reg.json.data).toMatchObject({
      customerStatus: 'PENDING_ACTIVATION',
      verificationStatus: 'PENDING_REVIEW',
      missingConsents: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'],
      registeredBy: registrar.userId,
    });

    // 2. the customer signs in with its own password
    tick();
    const session = await customerSession({ tenantId: tenant.tenantId, customerId, userId }, { username: email, password: CUSTOMER_PW });
    expect(session.status, session.text).toBe(200);
    expect(session.json.data.user).toMatchObject({ id: userId, customerId, customerStatus: 'PENDING_ACTIVATION', role: 'CUSTOMER' });
    const me = session.json.data.token;

    // 3. activation at each stage of the consents
    const steps: [string, string[]][] = [
      ['terms', ['PRIVACY_POLICY', 'DATA_PROCESSING']],
      ['privacy', ['DATA_PROCESSING']],
      ['data-processing', []],
    ];
    expectEnvelope(await activate(me, customerId), 400, 'missing required consents', MISSING(customerId, 'individual', ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING']));
    for (const [slug, stillMissing] of steps) {
      tick();
      const accepted = await acceptConsent(me, customerId, slug);
      expect(accepted.status, accepted.text).toBe(200);
      const attempt = await activate(me, customerId);
      if (stillMissing.length) expectEnvelope(attempt, 400, 'missing required consents', MISSING(customerId, 'individual', stillMissing));
      else
        expectEnvelope(attempt, 422, 'customer not verified', {
          activationStatus: 'VERIFICATION_REQUIRED',
          verificationStatus: 'PENDING_REVIEW',
          reason: 'the verification is waiting for a compliance review',
          estimatedCompletionTime: new Date(T0 + 48 * 3_600_000).toISOString(),
        });
    }
    expect((await listConsents(me, customerId)).json.data.missingRequired).toEqual([]);

    // 4. the registrar may not approve its own registration
    expectEnvelope(await decide(registrarToken, verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, 'access denied', {
      error: 'FOUR_EYES',
      details: 'the user who registered the customer cannot decide on its verification; another officer must review it',
      userId: registrar.userId,
    });

    // 5. an officer takes the case from the queue, checks the document, notes, approves
    const waiting = await queue(officerToken, '?assignee=mine_and_unassigned&status=PENDING_REVIEW');
    expect(waiting.json.data.items.map((i) => i.id)).toContain(verificationId);
    tick();
    expect((await assign(officerToken, verificationId)).json.data).toMatchObject({ status: 'IN_REVIEW', assigneeUserId: officer.userId });
    expect((await activate(me, customerId)).json.data).toMatchObject({ activationStatus: 'VERIFICATION_REQUIRED', verificationStatus: 'IN_REVIEW' });
    const detail = (await getVerification(officerToken, verificationId)).json.data as { documents: { id: string; mimeType: string }[] };
    const doc = detail.documents[0]!;
    const content = await documentContent(officerToken, verificationId, doc.id);
    expect(content.headers.get('Content-Type')).toBe('application/pdf');
    expect(content.bytes.equals(PDF)).toBe(true);
    tick();
    expect((await decideDocument(officerToken, verificationId, doc.id, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(200);
    tick();
    expect((await addNote(officerToken, verificationId, { body: 'passport matches the applicant' })).status).toBe(200);
    tick();
    expect((await decide(officerToken, verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: 'KYC complete' })).json.data).toMatchObject({
      status: 'APPROVED',
      decidedBy: officer.userId,
    });

    // 6. the customer activates; a second attempt is a conflict
    tick();
    const activated = await activate(me, customerId);
    expect(activated.json).toEqual({
      code: 200,
      message: 'customer activated',
      data: { customerId, customerType: 'INDIVIDUAL', customerStatus: 'ACTIVE', activatedAt: clock.now().toISOString(), verificationStatus: 'APPROVED' },
    });
    expectEnvelope(await activate(registrarToken, customerId), 409, 'conflict', { error: 'CONFLICT', details: 'the customer is already active', activationStatus: 'ACTIVE' });

    // 7. the active customer signs in to the card API
    const login = await cardLogin(tenant.tenantId, email, CUSTOMER_PW);
    expect(login.status, login.text).toBe(200);
    expect(login.body.tokenType).toBe('Bearer');

    // the outbox and the audit log tell the same story
    expect(await eventTypes(customerId)).toEqual([
      'customer.registered',
      'customer.consent.accepted',
      'customer.consent.accepted',
      'customer.consent.accepted',
      'customer.verification.updated',
      'customer.verification.updated',
      'customer.activated',
    ]);
    const log = (await auditLogOf(officerToken, customerId)).json.data.items.map((e) => [e.action, e.actorUserId]).reverse();
    expect(log).toEqual([
      ['CUSTOMER_REGISTERED', registrar.userId],
      ['DOCUMENT_UPLOADED', registrar.userId],
      ['CONSENT_ACCEPTED', userId],
      ['CONSENT_ACCEPTED', userId],
      ['CONSENT_ACCEPTED', userId],
      ['VERIFICATION_ASSIGNED', officer.userId],
      ['DOCUMENT_ACCEPTED', officer.userId],
      ['VERIFICATION_NOTE_ADDED', officer.userId],
      ['VERIFICATION_APPROVE', officer.userId],
      ['CUSTOMER_ACTIVATED', userId],
    ]);
  });
});

describe('B2B story', () => {
  it('self sign-up, a duplicate registration number refused, the default administrator accepts the consents, an officer approves, activation', async () => {
    const registrationNumber = uniq('HRB B2B ');
    const body = organizationBody(cats, { registrationNumber, legalName: 'Initech AG' });
    const adminUser = (body.organizationCustomer as Json).user as { username: string; email: string };
    tick();
    const reg = await registerOrganization<{ customerId: string; organizationId: string; adminUserId: string; verificationId: string }>(body, contextHeaders(tenant.tenantId));
    expect(reg.status, reg.text).toBe(200);
    const { customerId, organizationId, adminUserId, verificationId } = reg.json.data;

    // the same registration number again: refused with the existing organization, nothing written
    tick();
    const before = await tableCounts(tenant.tenantId);
    expectEnvelope(
      await registerOrganization(organizationBody(cats, { registrationNumber, legalName: 'Initech Copycat GmbH' }), contextHeaders(tenant.tenantId)),
      409,
      'organization already exists',
      {
        error: 'ORGANIZATION_ALREADY_EXISTS',
        registrationNumber,
        existingOrganizationId: organizationId,
      },
    );
    expect(await tableCounts(tenant.tenantId)).toEqual(before);
    const db = await getDb();
    expect(
      await db
        .select({ id: organizations.id })
        .from(organizations)
        .where(and(eq(organizations.tenantId, tenant.tenantId), eq(organizations.registrationNumber, registrationNumber))),
    ).toEqual([{ id: organizationId }]);

    // the default administrator signs in to its organization (endpoint 1)
    tick();
    const session = await adminSession(
      { tenantId: tenant.tenantId, organizationId, userId: adminUserId, username: adminUser.username },
      { body: { username: adminUser.email, password: ADMIN_PW, role: 'ADMIN_USER', organizationType: 'CUSTOMER_ORGANIZATION' } },
    );
    expect(session.status, session.text).toBe(200);
    expect(session.json.data.user).toMatchObject({ id: adminUserId, organizationId, customerId, roles: ['ADMIN_USER'] });
    const orgAdmin = session.json.data.token;

    // it accepts its organization's consents, trying activation in between
    expectEnvelope(
      await activate(orgAdmin, customerId, 'organization'),
      400,
      'missing required consents',
      MISSING(customerId, 'organization', ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING']),
    );
    for (const slug of ['terms', 'privacy', 'data-processing']) {
      tick();
      expect((await acceptConsent(orgAdmin, customerId, slug, { kind: 'organization' })).status).toBe(200);
    }
    expect((await activate(orgAdmin, customerId, 'organization')).json.data).toMatchObject({ activationStatus: 'VERIFICATION_REQUIRED', verificationStatus: 'PENDING_REVIEW' });
    // ... but it cannot review its own case
    expect((await decide(orgAdmin, verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(403);

    // the officer finds the case by registration number and approves it
    const found = await queue(officerToken, `?q=${encodeURIComponent(registrationNumber)}`);
    expect(found.json.data.items.map((i) => i.id)).toEqual([verificationId]);
    tick();
    await acceptDocuments(officerToken, verificationId);
    expect((await decide(officerToken, verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(200);

    // the organization keeps its administrator: the tenant's admin cannot take the role away
    expectEnvelope(
      await call(rolesRoute.PUT, { method: 'PUT', headers: authed(registrarToken), params: { userId: adminUserId }, body: { roles: ['EMPLOYEE'] } }),
      400,
      'missing required role: an organization of business type BUSINESS_TYPE_CLIENT_TO_TENANT needs at least one employee with the ADMIN_USER role',
      {},
    );

    tick();
    const activated = await activate(orgAdmin, customerId, 'organization');
    expect(activated.json.data).toMatchObject({ customerId, customerType: 'ORGANIZATION', customerStatus: 'ACTIVE' });
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect(customer!.status).toBe('ACTIVE');
    const [admin] = await db.select().from(users).where(eq(users.id, adminUserId));
    expect(admin!.isActive).toBe(true);

    expect(await eventTypes(customerId)).toEqual([
      'organization.registered',
      'customer.registered',
      'customer.consent.accepted',
      'customer.consent.accepted',
      'customer.consent.accepted',
      'customer.verification.updated',
      'customer.activated',
    ]);
  });
});
