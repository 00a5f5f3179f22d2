import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { addresses, contacts, customerCategorizations, customers, organizations, representatives, userRoles, users, verifications } from '@/lib/db/schema';
import { verifySecret } from '@/lib/services/identity/passwords';
import { contextHeaders, expectEnvelope } from './helpers';
import { adminSession, createIdentityTenant, firstAdmin, UUID, type TestTenant } from './identity-fixtures';
import {
  ADMIN_PW,
  categoryIds,
  eventData,
  organizationBody,
  registerOrganization,
  resetOnboardingState,
  RETAIL_STANDARD_KEYS,
  tableCounts,
  tokenOf,
  uniq,
  type Categories,
  type Json,
} from './onboarding-fixtures';

let tenant: TestTenant;
let cats: Categories;
let adminBearer: string;
const anonymous = () => contextHeaders(tenant.tenantId);

beforeAll(async () => {
  tenant = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
  adminBearer = await tokenOf(firstAdmin(tenant));
});
beforeEach(() => resetOnboardingState());
afterEach(() => setClock(null));

type OrgResult = {
  customerId: string;
  userId: string;
  adminUserId: string;
  organizationId: string;
  verificationId: string;
  businessType: string;
};

const validation = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });

async function expectRefusedWithoutTrace(body: unknown, status: number, message: string, data: unknown, headers = anonymous()) {
  const before = await tableCounts(tenant.tenantId);
  const res = await registerOrganization(body, headers);
  expectEnvelope(res, status, message, data);
  expect(await tableCounts(tenant.tenantId)).toEqual(before);
}

async function rolesOf(userId: string) {
  const db = await getDb();
  return (
    await db
      .select({ role: userRoles.role })
      .from(userRoles)
      .where(and(eq(userRoles.tenantId, tenant.tenantId), eq(userRoles.userId, userId)))
  )
    .map((r) => r.role)
    .sort();
}

describe('POST /api/v2.1/customer/organization/registration', () => {
  it('creates the organization, addresses, representatives, a default administrator (ADMIN_USER) and a KYB case', async () => {
    const body = organizationBody(cats);
    const org = (body.organizationCustomer as Json).organization as Json;
    const adminUser = (body.organizationCustomer as Json).user as Json;
    const res = await registerOrganization<OrgResult>(body, anonymous());
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'organization registered',
      data: {
        customerId: expect.stringMatching(UUID),
        userId: expect.stringMatching(UUID),
        adminUserId: expect.stringMatching(UUID),
        organizationId: expect.stringMatching(UUID),
        businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT',
        customerStatus: 'PENDING_ACTIVATION',
        verificationId: expect.stringMatching(UUID),
        verificationStatus: 'PENDING_REVIEW',
        categoryId: cats.BUSINESS_STANDARD,
        riskLevel: 'MEDIUM',
        missingConsents: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'],
        registeredBy: null,
      },
    });
    const { customerId, adminUserId, organizationId, verificationId, userId } = res.json.data;
    expect(userId).toBe(adminUserId);
    expect(res.text).not.toContain(ADMIN_PW);

    const db = await getDb();
    const t = tenant.tenantId;
    const [customer] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, t), eq(customers.id, customerId)));
    expect(customer).toMatchObject({ customerType: 'ORGANIZATION', status: 'PENDING_ACTIVATION', displayName: 'Acme Widgets', email: org.email });
    const [row] = await db
      .select()
      .from(organizations)
      .where(and(eq(organizations.tenantId, t), eq(organizations.id, organizationId)));
    expect(row).toMatchObject({
      organizationType: 'CUSTOMER_ORGANIZATION',
      businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT',
      registrationNumber: org.registrationNumber,
      customerId,
      legalName: 'Acme Widgets GmbH',
      tradingName: 'Acme',
      taxId: 'DE123456789',
      incorporationDate: '2015-06-01',
      legalForm: 'GmbH',
      industry: 'Manufacturing',
      website: 'https://acme.example',
      phone: '+49301234567',
    });
    const reps = await db
      .select()
      .from(representatives)
      .where(and(eq(representatives.tenantId, t), eq(representatives.organizationId, organizationId)));
    expect(reps.map((r) => ({ name: `${r.firstName} ${r.lastName}`, share: Number(r.ownershipShare), primary: r.isPrimaryOwner })).sort((a, b) => b.share - a.share)).toEqual([
      { name: 'Olga Owner', share: 60, primary: true },
      { name: 'Paul Partner', share: 40, primary: false },
    ]);
    const addr = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.tenantId, t), eq(addresses.customerId, customerId)));
    expect(addr).toEqual([expect.objectContaining({ addressType: 'REGISTERED', street: 'Hauptstrasse 1', city: 'Hamburg', country: 'DE', isPrimary: true })]);
    const cont = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, t), eq(contacts.customerId, customerId)));
    expect(cont.map((c) => `${c.contactType}:${c.value}`).sort()).toEqual([`EMAIL:${org.email}`, 'PHONE:+49301234567']);
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, t), eq(users.id, adminUserId)));
    expect(admin).toMatchObject({ organizationId, customerId, username: adminUser.username, email: adminUser.email, isActive: true });
    expect(await verifySecret(admin!.passwordHash, ADMIN_PW)).toBe(true);
    expect(await rolesOf(adminUserId)).toEqual(['ADMIN_USER']);
    const [cat] = await db
      .select()
      .from(customerCategorizations)
      .where(and(eq(customerCategorizations.tenantId, t), eq(customerCategorizations.customerId, customerId)));
    expect(cat).toMatchObject({ categoryId: cats.BUSINESS_STANDARD, riskLevel: 'MEDIUM', parameters: { annualTurnoverBand: '100K_1M', operatingRegion: 'EEA' } });
    const [verification] = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.tenantId, t), eq(verifications.customerId, customerId)));
    expect(verification).toMatchObject({ id: verificationId, customerType: 'ORGANIZATION', status: 'PENDING_REVIEW', registeredByUserId: null });

    expect(await eventData(t, 'organization.registered', customerId)).toEqual([
      { customerId, customerType: 'ORGANIZATION', organizationId, registrationNumber: org.registrationNumber, adminUserId },
    ]);
    expect(await eventData(t, 'customer.registered', customerId)).toEqual([
      { customerId, customerType: 'ORGANIZATION', userId: adminUserId, status: 'PENDING_ACTIVATION', categoryId: cats.BUSINESS_STANDARD },
    ]);

    // the default administrator signs in to its organization (endpoint 1)
    const session = await adminSession({ tenantId: t, organizationId, userId: adminUserId, username: adminUser.username as string }, { password: ADMIN_PW });
    expect(session.status, session.text).toBe(200);
    expect(session.json.data.user).toMatchObject({ id: adminUserId, organizationId, roles: ['ADMIN_USER'] });
  });

  it('without organizationCustomer.user the default administrator comes from the top-level email and password', async () => {
    const body = organizationBody(cats, { adminUser: null, businessType: 'BUSINESS_TYPE_STANDARD' });
    const res = await registerOrganization<OrgResult>(body, anonymous());
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.businessType).toBe('BUSINESS_TYPE_STANDARD');
    const db = await getDb();
    const [admin] = await db.select().from(users).where(eq(users.id, res.json.data.adminUserId));
    expect(admin).toMatchObject({ username: body.email, email: body.email, organizationId: res.json.data.organizationId });
    expect(await verifySecret(admin!.passwordHash, ADMIN_PW)).toBe(true);
    expect(await rolesOf(admin!.id)).toEqual(['ADMIN_USER']);
  });

  it('further admin roles of organizationCustomer.user are added to ADMIN_USER', async () => {
    const tag = uniq('roles');
    const res = await registerOrganization<OrgResult>(
      organizationBody(cats, { adminUser: { username: tag, email: `${tag}@company.example`, roles: ['COMPLIANCE_OFFICER', 'EMPLOYEE'] } }),
      anonymous(),
    );
    expect(res.status, res.text).toBe(200);
    expect(await rolesOf(res.json.data.adminUserId)).toEqual(['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE']);
  });

  it('a category is optional for organizations', async () => {
    const res = await registerOrganization<Json>(organizationBody(cats, { categoryId: null }), anonymous());
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ categoryId: null, riskLevel: null });
  });

  it('registered by an administrator: recorded as the registrar', async () => {
    const res = await registerOrganization<Json>(organizationBody(cats), { ...anonymous(), authorization: `Bearer ${adminBearer}` });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data.registeredBy).toBe(tenant.userId);
  });
});

describe('refusals', () => {
  it('a body naming two different categories is refused on the later one', async () => {
    const body = organizationBody(cats);
    const selection = (body.organizationCustomer as Json).categorization as Json;
    selection.id = cats.RETAIL_STANDARD;
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([{ field: 'organizationCustomer.categorization.id', message: `names category ${cats.RETAIL_STANDARD}, but customerCategory.id names ${cats.BUSINESS_STANDARD}` }]),
    );
  });

  it('a duplicate registration number: 409 organization already exists with the existing id; nothing written', async () => {
    const registrationNumber = uniq('HRB ');
    const first = await registerOrganization<OrgResult>(organizationBody(cats, { registrationNumber }), anonymous());
    expect(first.status).toBe(200);
    await expectRefusedWithoutTrace(organizationBody(cats, { registrationNumber, legalName: 'Someone Else AG' }), 409, 'organization already exists', {
      error: 'ORGANIZATION_ALREADY_EXISTS',
      registrationNumber,
      existingOrganizationId: first.json.data.organizationId,
    });
    // another tenant may have the same number
    const other = await createIdentityTenant();
    const res = await registerOrganization(organizationBody(await categoryIds(other.tenantId), { registrationNumber }), contextHeaders(other.tenantId));
    expect(res.status, res.text).toBe(200);
  });

  it('password differs from matchingPassword', async () => {
    await expectRefusedWithoutTrace(
      { ...organizationBody(cats), matchingPassword: 'Amber-Falcon-78%' },
      400,
      'request validation failed',
      validation([{ field: 'matchingPassword', message: 'passwords do not match' }]),
    );
  });

  it('ownership shares: each 0..100, at most 100 in total', async () => {
    await expectRefusedWithoutTrace(
      organizationBody(cats, {
        representatives: [
          { firstName: 'A', lastName: 'B', ownershipShare: 101 },
          { firstName: 'C', lastName: 'D', ownershipShare: -1 },
        ],
      }),
      400,
      'request validation failed',
      validation([
        { field: 'organizationCustomer.organization.representatives.0.ownershipShare', message: 'must be at most 100' },
        { field: 'organizationCustomer.organization.representatives.1.ownershipShare', message: 'must be at least 0' },
      ]),
    );
    await expectRefusedWithoutTrace(
      organizationBody(cats, {
        representatives: [
          { firstName: 'A', lastName: 'B', ownershipShare: 70 },
          { firstName: 'C', lastName: 'D', ownershipShare: 40.5 },
        ],
      }),
      400,
      'request validation failed',
      validation([{ field: 'organizationCustomer.organization.representatives', message: 'ownership shares add up to 110.5%; at most 100% is possible' }]),
    );
    const exact = await registerOrganization(
      organizationBody(cats, {
        representatives: [
          { firstName: 'A', lastName: 'B', ownershipShare: 100 },
          { firstName: 'C', lastName: 'D', ownershipShare: 0 },
        ],
      }),
      anonymous(),
    );
    expect(exact.status, exact.text).toBe(200);
  });

  it('required company fields', async () => {
    const body = organizationBody(cats);
    const org = (body.organizationCustomer as Json).organization as Json;
    delete org.legalName;
    org.registrationNumber = '  ';
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([
        { field: 'organizationCustomer.organization.legalName', message: 'Invalid input: expected string, received undefined' },
        { field: 'organizationCustomer.organization.registrationNumber', message: 'must not be empty' },
      ]),
    );
  });

  it('categorization: a category for individuals is not available (403), a missing key is 400', async () => {
    const individual = organizationBody(cats, { categoryId: cats.RETAIL_STANDARD });
    ((individual.organizationCustomer as Json).categorization as Json).parametrization = RETAIL_STANDARD_KEYS;
    await expectRefusedWithoutTrace(individual, 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: tenant.tenantId });
    const missing = organizationBody(cats);
    ((missing.organizationCustomer as Json).categorization as Json).parametrization = [{ name: 'annualTurnoverBand', value: 'HUGE' }];
    await expectRefusedWithoutTrace(missing, 400, 'categorization validation failed', {
      error: 'CATEGORIZATION_VALIDATION_FAILED',
      details: 'category BUSINESS_STANDARD: missing mandatory keys: operatingRegion; invalid values for: annualTurnoverBand',
      missingKeys: ['operatingRegion'],
      invalidValues: { annualTurnoverBand: '"HUGE" is not allowed; allowed values: UNDER_100K, 100K_1M, 1M_10M, OVER_10M' },
    });
  });

  it("the default administrator's email or username already taken: 409, no organization left behind", async () => {
    await expectRefusedWithoutTrace(organizationBody(cats, { adminUser: { username: uniq('fresh'), email: firstAdmin(tenant).email } }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this email already exists',
      field: 'email',
    });
    await expectRefusedWithoutTrace(organizationBody(cats, { adminUser: { username: 'ADMIN', email: `${uniq('x')}@company.example` } }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this username already exists',
      field: 'username',
    });
  });

  it('an unknown tenant: 403', async () => {
    const unknown = '7f1c1d8e-5555-4a2b-9c3d-000000000005';
    expectEnvelope(await registerOrganization(organizationBody(cats), contextHeaders(unknown)), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: unknown,
    });
  });
});
