import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { PEER_HEADER } from '@/lib/http/client-ip';
import { MAX_DOCUMENT_BYTES, REGISTRATION_MAX_BODY_BYTES } from '@/lib/contract/onboarding';
import { getDb } from '@/lib/db/client';
import { addresses, categories, consentRecords, contacts, customerCategorizations, customers, documents, persons, userRoles, users, verifications } from '@/lib/db/schema';
import { setTenantStatus } from '@/lib/services/tenants/tenants';
import { verifySecret } from '@/lib/services/identity/passwords';
import { contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, ISO, UUID, type TestTenant } from './identity-fixtures';
import {
  b64,
  BUSINESS_KEYS,
  categoryIds,
  customerToken,
  CUSTOMER_PW,
  eventData,
  individualBody,
  JPEG,
  makePng,
  PDF,
  PNG,
  registerIndividual,
  resetOnboardingState,
  sha256,
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

const validation = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });
const categorization = (details: string, missingKeys: string[], invalidValues: Record<string, string>) => ({
  error: 'CATEGORIZATION_VALIDATION_FAILED',
  details,
  missingKeys,
  invalidValues,
});
const EMPLOYMENT = 'EMPLOYED, SELF_EMPLOYED, STUDENT, RETIRED, UNEMPLOYED';

/** Registers and expects a refusal that leaves no trace: no row of any onboarding table, no event. */
async function expectRefusedWithoutTrace(body: unknown, status: number, message: string, data: unknown, headers = anonymous()) {
  const before = await tableCounts(tenant.tenantId);
  const res = await registerIndividual(body, headers);
  expectEnvelope(res, status, message, data);
  expect(await tableCounts(tenant.tenantId)).toEqual(before);
  return res;
}

describe('POST /api/v2.1/customer/individual/registration: self sign-up', () => {
  it('creates person, addresses, contacts, user, customer, categorization, document, consents and a verification case in one go', async () => {
    const body = individualBody(cats, { consents: { termsAccepted: true, marketingConsent: true } });
    const email = body.email as string;
    const res = await registerIndividual<Json>(body, { ...anonymous(), 'X-Forwarded-For': '192.0.2.55, 10.1.1.1', 'User-Agent': 'signup-wizard/2' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toEqual({
      code: 200,
      message: 'customer registered',
      data: {
        customerId: expect.stringMatching(UUID),
        userId: expect.stringMatching(UUID),
        customerStatus: 'PENDING_ACTIVATION',
        verificationId: expect.stringMatching(UUID),
        verificationStatus: 'PENDING_REVIEW',
        categoryId: cats.RETAIL_STANDARD,
        riskLevel: 'LOW',
        missingConsents: ['PRIVACY_POLICY', 'DATA_PROCESSING'],
        registeredBy: null,
      },
    });
    const { customerId, userId, verificationId } = res.json.data as { customerId: string; userId: string; verificationId: string };
    // neither the document nor the password comes back
    expect(res.text).not.toContain(b64(PNG));
    expect(res.text).not.toContain(CUSTOMER_PW);

    const db = await getDb();
    const t = tenant.tenantId;
    const [customer] = await db
      .select()
      .from(customers)
      .where(and(eq(customers.tenantId, t), eq(customers.id, customerId)));
    expect(customer).toMatchObject({ customerType: 'INDIVIDUAL', status: 'PENDING_ACTIVATION', displayName: 'Ada Lovelace', email, registeredByUserId: null, activatedAt: null });
    const [person] = await db
      .select()
      .from(persons)
      .where(and(eq(persons.tenantId, t), eq(persons.customerId, customerId)));
    expect(person).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email, dateOfBirth: '1990-04-21', gender: 'FEMALE', nationality: 'GB', placeOfBirth: 'London' });
    const addr = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.tenantId, t), eq(addresses.customerId, customerId)));
    expect(
      addr
        .map((a) => ({ type: a.addressType, street: a.street, building: a.building, city: a.city, country: a.country, isPrimary: a.isPrimary }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      { type: 'POSTAL', street: 'Postfach 12', building: null, city: 'Berlin', country: 'DE', isPrimary: false },
      { type: 'RESIDENTIAL', street: 'Unter den Linden', building: '5', city: 'Berlin', country: 'DE', isPrimary: true },
    ]);
    const cont = await db
      .select()
      .from(contacts)
      .where(and(eq(contacts.tenantId, t), eq(contacts.customerId, customerId)));
    // the EMAIL contact of CONTACT_INFO is the same as the registration email: stored once
    expect(cont.map((c) => `${c.contactType}:${c.value}:${c.isPrimary}`).sort()).toEqual([`EMAIL:${email}:true`, 'MOBILE:+4915112345678:true', 'PHONE:+493012345678:false']);
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, t), eq(users.id, userId)));
    expect(user).toMatchObject({
      customerId,
      organizationId: null,
      username: email,
      email,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+4915112345678',
      gender: 'FEMALE',
      isActive: true,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifySecret(user!.passwordHash, CUSTOMER_PW)).toBe(true);
    expect(
      await db
        .select({ role: userRoles.role })
        .from(userRoles)
        .where(and(eq(userRoles.tenantId, t), eq(userRoles.userId, userId))),
    ).toEqual([{ role: 'CUSTOMER' }]);
    const [cat] = await db
      .select()
      .from(customerCategorizations)
      .where(and(eq(customerCategorizations.tenantId, t), eq(customerCategorizations.customerId, customerId)));
    expect(cat).toMatchObject({ categoryId: cats.RETAIL_STANDARD, riskLevel: 'LOW', parameters: { employmentStatus: 'EMPLOYED', sourceOfFunds: 'SALARY' } });
    expect(cat!.featureIds).toHaveLength(1);
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, t), eq(documents.customerId, customerId)));
    expect(doc).toMatchObject({
      documentType: 'PASSPORT',
      documentNumber: 'P1234567',
      issuingCountry: 'GB',
      expiryDate: '2031-01-01',
      mimeType: 'image/png',
      sizeBytes: PNG.length,
      sha256: sha256(PNG),
      status: 'PENDING',
    });
    expect(Buffer.from(doc!.content).equals(PNG)).toBe(true);
    const consents = await db
      .select()
      .from(consentRecords)
      .where(and(eq(consentRecords.tenantId, t), eq(consentRecords.customerId, customerId)));
    expect(
      consents
        .map((c) => ({ type: c.consentType, version: c.version, status: c.status, ip: c.ipAddress, ua: c.userAgent, actor: c.actorUserId }))
        .sort((a, b) => a.type.localeCompare(b.type)),
    ).toEqual([
      { type: 'MARKETING', version: '1.0', status: 'ACCEPTED', ip: '192.0.2.55', ua: 'signup-wizard/2', actor: userId },
      { type: 'TERMS', version: '1.0', status: 'ACCEPTED', ip: '192.0.2.55', ua: 'signup-wizard/2', actor: userId },
    ]);
    const [verification] = await db
      .select()
      .from(verifications)
      .where(and(eq(verifications.tenantId, t), eq(verifications.customerId, customerId)));
    expect(verification).toMatchObject({ id: verificationId, customerType: 'INDIVIDUAL', status: 'PENDING_REVIEW', registeredByUserId: null, assigneeUserId: null });

    // the outbox: the registration and each consent, in the same transaction
    expect(await eventData(t, 'customer.registered', customerId)).toEqual([
      { customerId, customerType: 'INDIVIDUAL', userId, status: 'PENDING_ACTIVATION', categoryId: cats.RETAIL_STANDARD },
    ]);
    expect((await eventData(t, 'customer.consent.accepted', customerId)).map((d) => d.consentType).sort()).toEqual(['MARKETING', 'TERMS']);

    // the new customer signs in with its password (PENDING_ACTIVATION may sign in)
    expect(await customerToken(t, { customerId, userId }, email)).toEqual(expect.any(String));
  });

  it("reads the contract's other places when the wizard steps are absent (individualCustomer.person, the top level)", async () => {
    const email = `${uniq('grace')}@customer.example`;
    const res = await registerIndividual<Json>(
      {
        email: email.toUpperCase(),
        password: CUSTOMER_PW,
        matchingPassword: CUSTOMER_PW,
        firstName: 'Top',
        lastName: 'Level',
        dateOfBirth: '1985-12-09',
        individualCustomer: {
          person: { firstName: 'Grace', lastName: 'Hopper', nationality: 'us' },
          user: { username: 'grace.h' },
          categorization: {
            id: cats.RETAIL_STANDARD,
            categoryFeatureRelations: [
              {
                feature: { code: 'KYC_BASIC' },
                parametrization: [
                  { name: 'employmentStatus', value: 'RETIRED' },
                  { name: 'sourceOfFunds', value: 'PENSION' },
                ],
              },
            ],
          },
        },
      },
      anonymous(),
    );
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ missingConsents: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'], categoryId: cats.RETAIL_STANDARD });
    const db = await getDb();
    const customerId = (res.json.data as { customerId: string }).customerId;
    const [person] = await db
      .select()
      .from(persons)
      .where(and(eq(persons.tenantId, tenant.tenantId), eq(persons.customerId, customerId)));
    expect(person).toMatchObject({ firstName: 'Grace', lastName: 'Hopper', dateOfBirth: '1985-12-09', nationality: 'US', email });
    const [user] = await db
      .select()
      .from(users)
      .where(and(eq(users.tenantId, tenant.tenantId), eq(users.customerId, customerId)));
    expect(user).toMatchObject({ username: 'grace.h', email });
    const [cat] = await db
      .select()
      .from(customerCategorizations)
      .where(and(eq(customerCategorizations.tenantId, tenant.tenantId), eq(customerCategorizations.customerId, customerId)));
    expect(cat!.parameters).toEqual({ employmentStatus: 'RETIRED', sourceOfFunds: 'PENSION' });
    // no document, no consents
    expect(
      await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.tenantId, tenant.tenantId), eq(documents.customerId, customerId))),
    ).toEqual([]);
  });
});

describe('registration by an administrator of the tenant', () => {
  it('records the admin as the registrar (customer and verification case)', async () => {
    const res = await registerIndividual<Json>(individualBody(cats), { ...anonymous(), authorization: `Bearer ${adminBearer}` });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ registeredBy: tenant.userId });
    const customerId = (res.json.data as { customerId: string }).customerId;
    const db = await getDb();
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
    const [verification] = await db.select().from(verifications).where(eq(verifications.customerId, customerId));
    expect(customer!.registeredByUserId).toBe(tenant.userId);
    expect(verification!.registeredByUserId).toBe(tenant.userId);
  });

  it("an employee of the tenant may register too; a customer's own session may not (403)", async () => {
    const employee = await createExtraAdmin(tenant, ['EMPLOYEE']);
    const res = await registerIndividual<Json>(individualBody(cats), { ...anonymous(), authorization: `Bearer ${await tokenOf(employee)}` });
    expect(res.status, res.text).toBe(200);
    expect(res.json.data).toMatchObject({ registeredBy: employee.userId });

    const body = individualBody(cats);
    const own = await registerIndividual<{ customerId: string; userId: string }>(body, anonymous());
    const token = await customerToken(tenant.tenantId, own.json.data, body.email as string);
    await expectRefusedWithoutTrace(
      individualBody(cats),
      403,
      'access denied',
      { error: 'FORBIDDEN', details: 'customers cannot register other customers; sign up without a session' },
      {
        ...anonymous(),
        authorization: `Bearer ${token}`,
      },
    );
  });

  it('a token of another tenant: 403 tenant access denied', async () => {
    const other = await createIdentityTenant();
    const otherToken = await tokenOf(firstAdmin(other));
    await expectRefusedWithoutTrace(
      individualBody(cats),
      403,
      'tenant access denied or categorization not available',
      { error: 'TENANT_ACCESS_DENIED', tenantId: tenant.tenantId },
      {
        ...anonymous(),
        authorization: `Bearer ${otherToken}`,
      },
    );
  });

  it('an invalid bearer token answers 401 (no silent fallback to self sign-up)', async () => {
    const res = await registerIndividual(individualBody(cats), { ...anonymous(), authorization: 'Bearer not-a-token' });
    expectEnvelope(res, 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'the bearer token is malformed' });
  });
});

describe('the tenant', () => {
  it('X-Tenant-ID is required', async () => {
    const headers = anonymous();
    delete headers['X-Tenant-ID'];
    expectEnvelope(await registerIndividual(individualBody(cats), headers), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID',
      errors: [{ field: 'X-Tenant-ID', message: 'header is required' }],
    });
  });

  it('an unknown tenant: 403 with its id', async () => {
    const unknown = '7f1c1d8e-1111-4a2b-9c3d-000000000001';
    expectEnvelope(await registerIndividual(individualBody(cats), contextHeaders(unknown)), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: unknown,
    });
  });

  it('a suspended tenant: 403 with its id, nothing written', async () => {
    const other = await createIdentityTenant();
    const otherCats = await categoryIds(other.tenantId);
    const db = await getDb();
    await setTenantStatus(db, other.tenantId, 'SUSPENDED');
    const before = await tableCounts(other.tenantId);
    expectEnvelope(await registerIndividual(individualBody(otherCats), contextHeaders(other.tenantId)), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: other.tenantId,
    });
    expect(await tableCounts(other.tenantId)).toEqual(before);
  });

  it('individualCustomer.tenantId naming another tenant: 403 with that id', async () => {
    const body = individualBody(cats);
    const foreign = '7f1c1d8e-2222-4a2b-9c3d-000000000002';
    (body.individualCustomer as Json).tenantId = foreign;
    await expectRefusedWithoutTrace(body, 403, 'tenant access denied or categorization not available', { error: 'TENANT_ACCESS_DENIED', tenantId: foreign });
  });

  it("two members naming different categories are refused, whichever is the tenant's (the fuzzer's other-tenant category went unread in one)", async () => {
    const other = await createIdentityTenant();
    const otherCats = await categoryIds(other.tenantId);
    const body = individualBody(cats);
    (body.individualCustomer as Json).categorization = { ...((body.individualCustomer as Json).categorization as Json), id: otherCats.RETAIL_STANDARD };
    body.customerCategory = { id: otherCats.RETAIL_STANDARD };
    const ours = cats.RETAIL_STANDARD;
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([
        { field: 'individualCustomer.categorization.id', message: `names category ${otherCats.RETAIL_STANDARD}, but CATEGORIZATION.categoryId names ${ours}` },
        { field: 'customerCategory.id', message: `names category ${otherCats.RETAIL_STANDARD}, but CATEGORIZATION.categoryId names ${ours}` },
      ]),
    );
  });

  it('a category of another tenant is unknown here (400), not usable', async () => {
    const other = await createIdentityTenant();
    const otherCats = await categoryIds(other.tenantId);
    await expectRefusedWithoutTrace(
      individualBody(cats, { categoryId: otherCats.RETAIL_STANDARD }),
      400,
      'categorization validation failed',
      categorization(`category ${otherCats.RETAIL_STANDARD} does not exist`, [], { categoryId: `unknown category ${otherCats.RETAIL_STANDARD}` }),
    );
  });
});

describe('request validation (400 request validation failed)', () => {
  it('password differs from matchingPassword: errors[] with field matchingPassword', async () => {
    const body = { ...individualBody(cats), matchingPassword: 'Quiet-Lantern-43?' };
    await expectRefusedWithoutTrace(body, 400, 'request validation failed', validation([{ field: 'matchingPassword', message: 'passwords do not match' }]));
  });

  it('a weak password names every rule it breaks', async () => {
    const body = { ...individualBody(cats), password: 'short', matchingPassword: 'short' };
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([
        { field: 'password', message: 'must be at least 8 characters' },
        { field: 'password', message: 'must contain an uppercase letter' },
        { field: 'password', message: 'must contain a digit' },
        { field: 'password', message: 'must contain a special character' },
      ]),
    );
  });

  it('a common password is refused', async () => {
    const body = { ...individualBody(cats), password: 'Password123!', matchingPassword: 'Password123!' };
    await expectRefusedWithoutTrace(body, 400, 'request validation failed', validation([{ field: 'password', message: 'is too common; choose a less predictable password' }]));
  });

  it('names, date of birth and an adult age are required', async () => {
    const body = individualBody(cats);
    body.PERSONAL_INFO = { nationality: 'DE' };
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([
        { field: 'PERSONAL_INFO.firstName', message: 'is required' },
        { field: 'PERSONAL_INFO.lastName', message: 'is required' },
        { field: 'PERSONAL_INFO.dateOfBirth', message: 'is required' },
      ]),
    );
    const minor = individualBody(cats);
    const year = new Date().getUTCFullYear() - 10;
    (minor.PERSONAL_INFO as Json).dateOfBirth = `${year}-01-01`;
    await expectRefusedWithoutTrace(minor, 400, 'request validation failed', validation([{ field: 'PERSONAL_INFO.dateOfBirth', message: 'the customer must be at least 18 years old' }]));
  });

  it('field formats: email, phone, country', async () => {
    const body: Json = { ...individualBody(cats), email: 'not-an-email', phone: '0151 123' };
    (body.ADDRESS_INFO as Json).country = 'Germany';
    await expectRefusedWithoutTrace(
      body,
      400,
      'request validation failed',
      validation([
        { field: 'email', message: 'must be a valid email address' },
        { field: 'phone', message: 'must be an E.164 number like +4915112345678' },
        { field: 'ADDRESS_INFO.country', message: 'must be a 2-letter ISO 3166 country code' },
      ]),
    );
  });

  it('a body that is not JSON', async () => {
    const res = await registerIndividual('{"email": ', anonymous());
    expectEnvelope(res, 400, 'malformed JSON body', { error: 'MALFORMED_JSON', details: 'the body is not valid JSON' });
  });
});

describe('categorization (400 categorization validation failed, 403 not available)', () => {
  it('no category at all', async () => {
    const body = individualBody(cats);
    delete body.customerCategory;
    delete body.CATEGORIZATION;
    delete (body.individualCustomer as Json).categorization;
    await expectRefusedWithoutTrace(body, 400, 'categorization validation failed', categorization('no category was chosen', ['categoryId'], {}));
  });

  it('an unknown category', async () => {
    const unknown = '0b7d3b1e-3333-4c1a-8e55-000000000003';
    await expectRefusedWithoutTrace(
      individualBody(cats, { categoryId: unknown }),
      400,
      'categorization validation failed',
      categorization(`category ${unknown} does not exist`, [], { categoryId: `unknown category ${unknown}` }),
    );
  });

  it('a missing mandatory key', async () => {
    await expectRefusedWithoutTrace(
      individualBody(cats, { parametrization: [{ name: 'employmentStatus', value: 'EMPLOYED' }] }),
      400,
      'categorization validation failed',
      categorization('category RETAIL_STANDARD: missing mandatory keys: sourceOfFunds', ['sourceOfFunds'], {}),
    );
    // an empty value is missing as well
    await expectRefusedWithoutTrace(
      individualBody(cats, { parametrization: [] }),
      400,
      'categorization validation failed',
      categorization('category RETAIL_STANDARD: missing mandatory keys: employmentStatus, sourceOfFunds', ['employmentStatus', 'sourceOfFunds'], {}),
    );
  });

  it('a value outside the allowed values', async () => {
    await expectRefusedWithoutTrace(
      individualBody(cats, {
        parametrization: [
          { name: 'employmentStatus', value: 'ASTRONAUT' },
          { name: 'sourceOfFunds', value: 'SALARY' },
        ],
      }),
      400,
      'categorization validation failed',
      categorization('category RETAIL_STANDARD: invalid values for: employmentStatus', [], { employmentStatus: `"ASTRONAUT" is not allowed; allowed values: ${EMPLOYMENT}` }),
    );
  });

  it('missing keys and invalid values together, over several features', async () => {
    await expectRefusedWithoutTrace(
      individualBody(cats, {
        categoryId: cats.RETAIL_PREMIUM,
        parametrization: [
          { name: 'employmentStatus', value: 'ASTRONAUT' },
          { name: 'sourceOfFunds', value: 'SALARY' },
          { name: 'annualIncomeBand', value: '50K_100K' },
        ],
      }),
      400,
      'categorization validation failed',
      categorization('category RETAIL_PREMIUM: missing mandatory keys: expectedMonthlyVolume; invalid values for: employmentStatus', ['expectedMonthlyVolume'], {
        employmentStatus: `"ASTRONAUT" is not allowed; allowed values: ${EMPLOYMENT}`,
      }),
    );
  });

  it("a risk level other than the category's, or a feature that is not the category's", async () => {
    const body = individualBody(cats);
    body.CATEGORIZATION = { categoryId: cats.RETAIL_STANDARD, riskLevel: 'HIGH', featureIds: ['5d2c0a4e-4444-4b1a-9e55-000000000004'] };
    await expectRefusedWithoutTrace(
      body,
      400,
      'categorization validation failed',
      categorization('category RETAIL_STANDARD: invalid values for: riskLevel, featureIds', [], {
        riskLevel: '"HIGH" does not match the category\'s risk level LOW',
        featureIds: 'not features of this category: 5d2c0a4e-4444-4b1a-9e55-000000000004',
      }),
    );
  });

  it('a category for organizations: 403 not available to individuals', async () => {
    await expectRefusedWithoutTrace(
      individualBody(cats, { categoryId: cats.BUSINESS_STANDARD, parametrization: BUSINESS_KEYS }),
      403,
      'tenant access denied or categorization not available',
      { error: 'TENANT_ACCESS_DENIED', tenantId: tenant.tenantId },
    );
  });

  it('an inactive category: 403 not available', async () => {
    const other = await createIdentityTenant();
    const otherCats = await categoryIds(other.tenantId);
    const db = await getDb();
    await db
      .update(categories)
      .set({ isActive: false })
      .where(and(eq(categories.tenantId, other.tenantId), eq(categories.id, otherCats.RETAIL_STANDARD!)));
    const before = await tableCounts(other.tenantId);
    expectEnvelope(await registerIndividual(individualBody(otherCats), contextHeaders(other.tenantId)), 403, 'tenant access denied or categorization not available', {
      error: 'TENANT_ACCESS_DENIED',
      tenantId: other.tenantId,
    });
    expect(await tableCounts(other.tenantId)).toEqual(before);
  });
});

describe('duplicates (409)', () => {
  it('the same email in the tenant, in any case: 409 naming email; nothing written', async () => {
    const email = `${uniq('dup')}@customer.example`;
    expect((await registerIndividual(individualBody(cats, { email }), anonymous())).status).toBe(200);
    await expectRefusedWithoutTrace(individualBody(cats, { email: email.toUpperCase(), username: uniq('other') }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this email already exists',
      field: 'email',
    });
    // an administrator's email counts as well
    await expectRefusedWithoutTrace(individualBody(cats, { email: firstAdmin(tenant).email, username: uniq('other') }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this email already exists',
      field: 'email',
    });
  });

  it('the same username in the tenant: 409 naming username', async () => {
    const username = uniq('taken.');
    expect((await registerIndividual(individualBody(cats, { username }), anonymous())).status).toBe(200);
    await expectRefusedWithoutTrace(individualBody(cats, { username: username.toUpperCase() }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a user with this username already exists',
      field: 'username',
    });
  });

  it('the same email in another tenant is fine', async () => {
    const email = `${uniq('twice')}@customer.example`;
    expect((await registerIndividual(individualBody(cats, { email }), anonymous())).status).toBe(200);
    const other = await createIdentityTenant();
    const res = await registerIndividual(individualBody(await categoryIds(other.tenantId), { email }), contextHeaders(other.tenantId));
    expect(res.status, res.text).toBe(200);
  });
});

describe('documents', () => {
  const storedDocument = async (customerId: string) => {
    const db = await getDb();
    const [doc] = await db
      .select()
      .from(documents)
      .where(and(eq(documents.tenantId, tenant.tenantId), eq(documents.customerId, customerId)));
    return doc!;
  };

  it.each([
    ['PDF', PDF, 'application/pdf'],
    ['PNG', PNG, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
  ])('a %s is recognised by its bytes, stored with its SHA-256, never echoed', async (_name, file, mimeType) => {
    // the declared data: type is ignored: the bytes decide
    const res = await registerIndividual<{ customerId: string }>(individualBody(cats, { document: `data:text/plain;base64,${b64(file)}` }), anonymous());
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain(b64(file));
    const doc = await storedDocument(res.json.data.customerId);
    expect(doc).toMatchObject({ mimeType, sizeBytes: file.length, sha256: sha256(file) });
    expect(Buffer.from(doc.content).equals(file)).toBe(true);
  });

  it('a text file with a PDF data: prefix is refused by its magic bytes', async () => {
    const text = Buffer.from('This is just a text file pretending to be a passport.\n');
    await expectRefusedWithoutTrace(
      individualBody(cats, { document: `data:application/pdf;base64,${b64(text)}` }),
      400,
      'request validation failed',
      validation([{ field: 'DOCUMENT_UPLOAD.documentFile', message: 'the file must be a PDF, PNG or JPEG' }]),
    );
  });

  it('content that is not base64, or empty', async () => {
    await expectRefusedWithoutTrace(
      individualBody(cats, { document: 'this is *not* base64!' }),
      400,
      'request validation failed',
      validation([{ field: 'DOCUMENT_UPLOAD.documentFile', message: 'must be base64-encoded file content' }]),
    );
    await expectRefusedWithoutTrace(
      individualBody(cats, { document: '' }),
      400,
      'request validation failed',
      validation([{ field: 'DOCUMENT_UPLOAD.documentFile', message: 'attach a file' }]),
    );
  });

  it('5 MiB is accepted, one byte more is refused', async () => {
    const png = makePng();
    const max = Buffer.concat([png, Buffer.alloc(MAX_DOCUMENT_BYTES - png.length, 0x20)]);
    const ok = await registerIndividual<{ customerId: string }>(individualBody(cats, { document: max }), anonymous());
    expect(ok.status, ok.text.slice(0, 500)).toBe(200);
    expect(ok.text.length).toBeLessThan(1000);
    const doc = await storedDocument(ok.json.data.customerId);
    expect(doc).toMatchObject({ mimeType: 'image/png', sizeBytes: MAX_DOCUMENT_BYTES, sha256: sha256(max) });

    const tooBig = Buffer.concat([max, Buffer.from([0x20])]);
    await expectRefusedWithoutTrace(
      individualBody(cats, { document: tooBig }),
      400,
      'request validation failed',
      validation([{ field: 'DOCUMENT_UPLOAD.documentFile', message: 'the file must be at most 5 MiB' }]),
    );
    // far larger: refused by the schema before decoding, same message
    const huge = Buffer.concat([max, Buffer.alloc(512 * 1024, 0x20)]);
    await expectRefusedWithoutTrace(
      individualBody(cats, { document: huge }),
      400,
      'request validation failed',
      validation([{ field: 'DOCUMENT_UPLOAD.documentFile', message: 'the file must be at most 5 MiB' }]),
    );
  });

  it('a body above the registration limit: 413', async () => {
    const body = individualBody(cats);
    (body.ACTIVATION as Json).activationNotes = 'x'.repeat(REGISTRATION_MAX_BODY_BYTES);
    expectEnvelope(await registerIndividual(body, anonymous()), 413, 'payload too large', {
      error: 'PAYLOAD_TOO_LARGE',
      details: `the body must be at most ${REGISTRATION_MAX_BODY_BYTES} bytes`,
    });
  });
});

describe('self sign-up rate limit', () => {
  afterEach(() => vi.useRealTimers());

  it('REGISTRATION_RATE_LIMIT_MAX anonymous registrations per tenant and client address, then 429 with Retry-After; X-Forwarded-For of an untrusted peer is not believed; admins are not throttled', async () => {
    resetOnboardingState('2');
    const now = new Date();
    setClock(fixedClock(now));
    // the one limiter (lib/http/rate-limit.ts) counts windows on Date
    vi.useFakeTimers({ toFake: ['Date'], now });
    const ip = { ...anonymous(), [PEER_HEADER]: '203.0.113.99', 'X-Forwarded-For': '203.0.113.99' };
    expect((await registerIndividual(individualBody(cats), ip)).status).toBe(200);
    // a body refused by the schema does not reach the limiter; a registration refused later counts
    expect((await registerIndividual({ ...individualBody(cats), matchingPassword: 'nope' }, ip)).status).toBe(400);
    expect((await registerIndividual(individualBody(cats, { parametrization: [] }), ip)).status).toBe(400);
    const before = await tableCounts(tenant.tenantId);
    // a new X-Forwarded-For does not open a new window: the peer is the client
    const limited = await registerIndividual(individualBody(cats), { ...ip, 'X-Forwarded-For': '198.51.100.200' });
    expectEnvelope(limited, 429, 'too many requests', { error: 'RATE_LIMITED', details: 'retry after 60 seconds' });
    expect(limited.headers.get('Retry-After')).toBe('60');
    expect(await tableCounts(tenant.tenantId)).toEqual(before);
    // another client IP has its own window; an administrator is not throttled
    expect((await registerIndividual(individualBody(cats), { ...ip, [PEER_HEADER]: '203.0.113.100' })).status).toBe(200);
    expect((await registerIndividual(individualBody(cats), { ...ip, authorization: `Bearer ${adminBearer}` })).status).toBe(200);
  });
});

describe('transactional outbox', () => {
  it('a registration that fails inside its transaction leaves neither rows nor events', async () => {
    const db = await getDb();
    // make the last writes of the transaction (the consent records, after customer.registered) fail
    await db.execute(
      sql.raw(`create or replace function onboarding_test_boom() returns trigger language plpgsql as $$
        begin if new.user_agent = 'boom' then raise exception 'boom'; end if; return new; end $$`),
    );
    await db.execute(sql.raw('create trigger onboarding_test_boom before insert on consent_records for each row execute function onboarding_test_boom()'));
    try {
      const before = await tableCounts(tenant.tenantId);
      const res = await registerIndividual(individualBody(cats, { consents: { termsAccepted: true } }), { ...anonymous(), 'User-Agent': 'boom' });
      expect(res.status).toBe(500);
      expect(res.json).toEqual({
        code: 500,
        message: 'internal server error',
        data: { error: 'INTERNAL_ERROR', details: 'an unexpected error occurred', requestId: expect.stringMatching(UUID) },
      });
      expect(await tableCounts(tenant.tenantId)).toEqual(before);
    } finally {
      await db.execute(sql.raw('drop trigger onboarding_test_boom on consent_records'));
    }
    const ok = await registerIndividual(individualBody(cats, { consents: { termsAccepted: true } }), anonymous());
    expect(ok.status).toBe(200);
  });

  it('events carry the catalogue envelope', async () => {
    const res = await registerIndividual<{ customerId: string }>(individualBody(cats), anonymous());
    const db = await getDb();
    const rows = await db.execute(sql`select payload from events where tenant_id = ${tenant.tenantId} and payload->'data'->>'customerId' = ${res.json.data.customerId}`);
    const payloads = (rows as unknown as { rows: { payload: Json }[] }).rows.map((r) => r.payload);
    expect(payloads).toEqual([{ id: expect.stringMatching(UUID), type: 'customer.registered', tenantId: tenant.tenantId, createdAt: expect.stringMatching(ISO), data: expect.any(Object) }]);
  });
});
