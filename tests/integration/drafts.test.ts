import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as draftsRoute from '@/app/api/v2.1/drafts/route';
import * as draftRoute from '@/app/api/v2.1/drafts/[draftId]/route';
import * as tokenRoute from '@/app/api/v2.1/drafts/resume/[resumeToken]/route';
import { fixedClock, setClock } from '@/lib/clock';
import { DRAFT_TTL_DAYS, MAX_DRAFT_CONTENT_BYTES } from '@/lib/contract/drafts';
import { UNKNOWN_FIELD_MESSAGE } from '@/lib/contract/errors';
import { getDb } from '@/lib/db/client';
import { auditLog, customers, drafts } from '@/lib/db/schema';
import { runSweep } from '@/lib/services/retention/sweeps';
import { call, contextHeaders, expectEnvelope, type CallResult } from './helpers';
import { bearer, createCustomerUser, createExtraAdmin, createIdentityTenant, customerSession, firstAdmin, ISO, UUID, type TestTenant } from './identity-fixtures';
import { categoryIds, CUSTOMER_PW, individualBody, registerIndividual, resetOnboardingState, tableCounts, tokenOf, type Categories, type Json } from './onboarding-fixtures';

/**
 * Registration drafts (docs/drafts.md): saved as the wizard goes, never a password or a file, resumed
 * by any staff member by id or by the self sign-up with its link token, expiring 30 days after the
 * last save, consumed by the registration that finishes them, one tenant's invisible to another.
 */

let tenant: TestTenant;
let other: TestTenant;
let cats: Categories;
let admin: string;
let employee: string;
let otherAdmin: string;

beforeAll(async () => {
  tenant = await createIdentityTenant();
  other = await createIdentityTenant();
  cats = await categoryIds(tenant.tenantId);
  admin = await tokenOf(firstAdmin(tenant));
  employee = await tokenOf(await createExtraAdmin(tenant, ['EMPLOYEE'], { firstName: 'Erin', lastName: 'Desk' }));
  otherAdmin = await tokenOf(firstAdmin(other));
});
beforeEach(() => resetOnboardingState());
afterEach(() => setClock(null));

const staff = (token: string, extra: Record<string, string> = {}) => ({ ...bearer(token), 'X-Tenant-ID': tenant.tenantId, ...extra });
const anonymous = (tenantId = tenant.tenantId) => contextHeaders(tenantId);
const PASSWORD = 'Quiet-Lantern-42?';

/** What the individual wizard holds after the contact step: a password and a file among it. */
const wizardValues = () => ({
  email: 'ada@customer.example',
  password: PASSWORD,
  matchingPassword: PASSWORD,
  PERSONAL_INFO: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-04-21' },
  CATEGORIZATION: { categoryId: cats.RETAIL_STANDARD },
  params: { employmentStatus: 'EMPLOYED' },
  CONTACT_INFO: { contactType: 'MOBILE', contactValue: '+4915112345678' },
  DOCUMENT_UPLOAD: { documentType: 'PASSPORT', documentFile: 'data:image/png;base64,iVBORw0KGgo=' },
});

const create = (body: unknown, headers: Record<string, string>) => call<Json>(draftsRoute.POST, { method: 'POST', path: '/api/v2.1/drafts', headers, body });
const list = (headers: Record<string, string>, query = '') => call<{ items: Json[]; total: number }>(draftsRoute.GET, { path: `/api/v2.1/drafts${query}`, headers });
const get = (id: string, headers: Record<string, string>) => call<Json>(draftRoute.GET, { path: `/api/v2.1/drafts/${id}`, headers, params: { draftId: id } });
const put = (id: string, body: unknown, headers: Record<string, string>) =>
  call<Json>(draftRoute.PUT, { method: 'PUT', path: `/api/v2.1/drafts/${id}`, headers, body, params: { draftId: id } });
const discard = (id: string, headers: Record<string, string>) => call<Json>(draftRoute.DELETE, { method: 'DELETE', path: `/api/v2.1/drafts/${id}`, headers, params: { draftId: id } });
const byToken = (token: string, headers = anonymous()) => call<Json>(tokenRoute.GET, { path: `/api/v2.1/drafts/resume/${token}`, headers, params: { resumeToken: token } });
const putByToken = (token: string, body: unknown, headers = anonymous()) =>
  call<Json>(tokenRoute.PUT, { method: 'PUT', path: `/api/v2.1/drafts/resume/${token}`, headers, body, params: { resumeToken: token } });

async function storedRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(drafts).where(eq(drafts.id, id));
  return row;
}
const ok = <T>(res: CallResult<T>) => {
  expect(res.status, res.text).toBe(200);
  return res.json.data;
};
const validation = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });

describe('a staff draft', () => {
  it('keeps what was typed and never the password or the file: the stored row holds neither', async () => {
    const res = await create({ customerType: 'INDIVIDUAL', step: 1, content: wizardValues() }, staff(admin, { 'Idempotency-Key': 'draft-create-1' }));
    const draft = ok(res);
    expect(res.json.message).toBe('draft saved');
    expect(draft).toEqual({
      id: expect.stringMatching(UUID),
      customerType: 'INDIVIDUAL',
      status: 'OPEN',
      step: 1,
      label: 'Ada Lovelace',
      startedBy: { userId: tenant.userId, name: 'admin' },
      selfSignUp: false,
      revision: 1,
      createdAt: expect.stringMatching(ISO),
      updatedAt: expect.stringMatching(ISO),
      expiresAt: expect.stringMatching(ISO),
      consumedCustomerId: null,
      content: {
        email: 'ada@customer.example',
        PERSONAL_INFO: { firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-04-21' },
        CATEGORIZATION: { categoryId: cats.RETAIL_STANDARD },
        params: { employmentStatus: 'EMPLOYED' },
        CONTACT_INFO: { contactType: 'MOBILE', contactValue: '+4915112345678', isPrimary: true },
        DOCUMENT_UPLOAD: { documentType: 'PASSPORT' },
      },
    });
    expect(new Date(draft.expiresAt as string).getTime() - new Date(draft.updatedAt as string).getTime()).toBe(DRAFT_TTL_DAYS * 86_400_000);

    const row = (await storedRow(draft.id as string))!;
    const stored = JSON.stringify(row);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toContain('iVBORw0KGgo');
    expect(stored).not.toMatch(/password|documentFile/i);
    expect(row.resumeTokenHash).toBeNull();
    expect(row.createdBy).toBe(tenant.userId);

    // the same Idempotency-Key answers the same draft, no second one
    const again = await create({ customerType: 'INDIVIDUAL', step: 1, content: wizardValues() }, staff(admin, { 'Idempotency-Key': 'draft-create-1' }));
    expect(ok(again).id).toBe(draft.id);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');

    // audited without its content
    const db = await getDb();
    const entries = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenantId), eq(auditLog.entityId, draft.id as string)));
    expect(entries.map((e) => ({ action: e.action, actor: e.actorUserId, after: e.after }))).toEqual([
      { action: 'DRAFT_STARTED', actor: tenant.userId, after: { customerType: 'INDIVIDUAL', selfSignUp: false } },
    ]);
  });

  it('is resumed and saved by another staff member (another device), listed with who started it, the last save winning', async () => {
    const draft = ok(await create({ customerType: 'ORGANIZATION', step: 0, content: { organizationCustomer: { organization: { legalName: 'Acme GmbH' } } } }, staff(admin)));
    const resumed = ok(await get(draft.id as string, staff(employee)));
    // the step schemas' defaults apply, as in the registration
    expect(resumed.content).toEqual({ organizationCustomer: { organization: { legalName: 'Acme GmbH', businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT' } } });

    const saved = ok(
      await put(
        draft.id as string,
        {
          customerType: 'ORGANIZATION',
          step: 3,
          content: {
            email: 'Boss@Acme.example',
            password: PASSWORD,
            organizationCustomer: { organization: { legalName: 'Acme GmbH', registrationNumber: 'HRB 1' }, user: { username: 'acme.admin', password: PASSWORD } },
            DOCUMENTS: [{ documentType: 'CERTIFICATE_OF_INCORPORATION', documentFile: 'JVBERi0xLjQK' }],
          },
        },
        staff(employee),
      ),
    );
    expect(saved).toMatchObject({ step: 3, revision: 2, label: 'Acme GmbH', startedBy: { userId: tenant.userId, name: 'admin' } });
    expect(saved.content).toEqual({
      email: 'boss@acme.example',
      organizationCustomer: { organization: { legalName: 'Acme GmbH', registrationNumber: 'HRB 1', businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT' }, user: { username: 'acme.admin' } },
      DOCUMENTS: [{ documentType: 'CERTIFICATE_OF_INCORPORATION' }],
    });
    expect(JSON.stringify(await storedRow(draft.id as string))).not.toMatch(/Quiet-Lantern|JVBERi0|password|documentFile/);

    const page = ok(await list(staff(employee), '?customerType=ORGANIZATION'));
    expect(page.items.find((d) => d.id === draft.id)).toMatchObject({ label: 'Acme GmbH', step: 3, startedBy: { name: 'admin' }, selfSignUp: false });
    expect(page.items.every((d) => d.customerType === 'ORGANIZATION')).toBe(true);
    expect(page.items[0]).not.toHaveProperty('content');
  });

  it('is discarded for good (audited); then it is not found', async () => {
    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: { email: 'gone@customer.example' } }, staff(admin)));
    const res = await discard(draft.id as string, staff(employee));
    expect(res.json).toEqual({ code: 200, message: 'draft discarded', data: { id: draft.id, discarded: true } });
    expect(await storedRow(draft.id as string)).toBeUndefined();
    expectEnvelope(await get(draft.id as string, staff(admin)), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
    expectEnvelope(await discard(draft.id as string, staff(admin)), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
    const db = await getDb();
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, tenant.tenantId), eq(auditLog.entityId, draft.id as string), eq(auditLog.action, 'DRAFT_DISCARDED')));
    expect(entry).toMatchObject({ customerId: null, entityType: 'DRAFT', before: { customerType: 'INDIVIDUAL', selfSignUp: false, revision: 1, status: 'OPEN' } });
  });

  it("is another tenant's secret: 404 by id, absent from its list, not saved over", async () => {
    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: { email: 'mine@customer.example' } }, staff(admin)));
    const elsewhere = { ...bearer(otherAdmin), 'X-Tenant-ID': other.tenantId };
    expectEnvelope(await get(draft.id as string, elsewhere), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
    expectEnvelope(await put(draft.id as string, { customerType: 'INDIVIDUAL', content: {} }, elsewhere), 404, 'resource not found', {
      error: 'NOT_FOUND',
      details: 'draft not found',
    });
    expectEnvelope(await discard(draft.id as string, elsewhere), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
    expect(ok(await list(elsewhere)).items.map((d) => d.id)).not.toContain(draft.id);
    expect((await storedRow(draft.id as string))?.content).toEqual({ email: 'mine@customer.example' });
  });

  it("is staff business: a customer's user is refused, and an anonymous caller cannot reach it by id", async () => {
    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: {} }, staff(admin)));
    const cust = await createCustomerUser(tenant.tenantId);
    const session = await customerSession({ tenantId: tenant.tenantId, customerId: cust.customerId, userId: cust.userId }, { username: cust.username, password: cust.password });
    const customer = { ...bearer(session.json.data.token), 'X-Tenant-ID': tenant.tenantId };
    expectEnvelope(await get(draft.id as string, customer), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER, EMPLOYEE, TRANSACTION_APPROVER',
    });
    expect((await get(draft.id as string, anonymous())).status).toBe(401);
  });
});

describe('bad input', () => {
  it('names each field at fault, with the onboarding schemas’ own messages; nothing is written', async () => {
    const db = await getDb();
    const before = (await db.select().from(drafts).where(eq(drafts.tenantId, tenant.tenantId))).length;
    const res = await create(
      {
        customerType: 'INDIVIDUAL',
        step: 9,
        content: { email: 'not-an-email', PERSONAL_INFO: { dateOfBirth: '21.04.1990' }, ADDRESS_INFO: { country: 'Germany' }, surprise: true },
      },
      staff(admin),
    );
    expectEnvelope(
      res,
      400,
      'request validation failed',
      validation([
        { field: 'step', message: 'must be a whole number from 0 to 7' },
        { field: 'content.email', message: 'must be a valid email address' },
        { field: 'content.PERSONAL_INFO.dateOfBirth', message: 'must be a date like 1990-04-21' },
        { field: 'content.PERSONAL_INFO.dateOfBirth', message: 'the customer must be at least 18 years old' },
        { field: 'content.ADDRESS_INFO.country', message: 'must be a 2-letter ISO 3166 country code' },
        { field: 'content.surprise', message: UNKNOWN_FIELD_MESSAGE },
      ]),
    );
    expectEnvelope(
      await create({ customerType: 'PARTNERSHIP', content: {} }, staff(admin)),
      400,
      'request validation failed',
      validation([{ field: 'customerType', message: 'must be INDIVIDUAL or ORGANIZATION' }]),
    );
    expect((await db.select().from(drafts).where(eq(drafts.tenantId, tenant.tenantId))).length).toBe(before);
  });

  it(`refuses content above ${MAX_DRAFT_CONTENT_BYTES} bytes, and a change of customer type`, async () => {
    const big = { customerType: 'INDIVIDUAL', content: { params: Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`key${i}`, 'x'.repeat(200)])) } };
    const res = await create(big, staff(admin));
    expect(res.status).toBe(400);
    expect(res.json.data).toEqual(
      validation([{ field: 'content', message: expect.stringMatching(new RegExp(`^must be at most ${MAX_DRAFT_CONTENT_BYTES} bytes as JSON \\(got \\d+\\)$`)) }]),
    );

    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: {} }, staff(admin)));
    expectEnvelope(
      await put(draft.id as string, { customerType: 'ORGANIZATION', content: {} }, staff(admin)),
      400,
      'request validation failed',
      validation([{ field: 'customerType', message: 'must stay INDIVIDUAL: a draft keeps the customer type it was started with' }]),
    );
    expectEnvelope(await get('not-a-uuid', staff(admin)), 400, 'request validation failed', validation([{ field: 'draftId', message: 'must be a UUID' }]));
  });
});

describe("a customer's self sign-up", () => {
  it('gets a resume token once (only its hash is stored) and resumes and saves with it', async () => {
    const res = await create({ customerType: 'INDIVIDUAL', step: 1, content: wizardValues() }, anonymous());
    const draft = ok(res);
    const token = draft.resumeToken as string;
    expect(token).toMatch(/^drt_[A-Za-z0-9_-]{43}$/);
    expect(draft).toMatchObject({ selfSignUp: true, startedBy: null });

    const row = (await storedRow(draft.id as string))!;
    expect(row.resumeTokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain(PASSWORD);

    const resumed = ok(await byToken(token));
    expect(resumed).not.toHaveProperty('resumeToken');
    expect(resumed.content).toMatchObject({ email: 'ada@customer.example', PERSONAL_INFO: { firstName: 'Ada' } });
    const saved = ok(await putByToken(token, { customerType: 'INDIVIDUAL', step: 2, content: { ...wizardValues(), ADDRESS_INFO: { city: 'Berlin', country: 'de' } } }));
    expect(saved).toMatchObject({ step: 2, revision: 2 });
    expect(saved.content).toMatchObject({ ADDRESS_INFO: { city: 'Berlin', country: 'DE' } });
    expect(saved.content).not.toHaveProperty('password');

    // staff see it in the tenant's list; the token of another tenant's header finds nothing
    expect(ok(await list(staff(admin))).items.find((d) => d.id === draft.id)).toMatchObject({ selfSignUp: true, startedBy: null });
    expectEnvelope(await byToken(token, anonymous(other.tenantId)), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
  });

  it('refuses a malformed token (400) and an unknown one (404)', async () => {
    expectEnvelope(await byToken('drt_short'), 400, 'request validation failed', validation([{ field: 'resumeToken', message: 'must be a resume token (drt_…)' }]));
    expectEnvelope(await byToken(`drt_${'A'.repeat(43)}`), 404, 'resource not found', { error: 'NOT_FOUND', details: 'draft not found' });
  });
});

describe('expiry', () => {
  it(`refuses a draft ${DRAFT_TTL_DAYS} days after its last save (410), hides it from the list, and the retention job removes it`, async () => {
    const start = new Date('2031-03-01T09:00:00.000Z');
    setClock(fixedClock(start));
    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: {} }, anonymous()));
    const token = draft.resumeToken as string;
    expect(draft.expiresAt).toBe('2031-03-31T09:00:00.000Z');

    // a save moves the expiry
    setClock(fixedClock(new Date('2031-03-20T09:00:00.000Z')));
    expect(ok(await putByToken(token, { customerType: 'INDIVIDUAL', content: { email: 'late@customer.example' } })).expiresAt).toBe('2031-04-19T09:00:00.000Z');

    setClock(fixedClock(new Date('2031-04-19T09:00:00.001Z')));
    const expired = {
      error: 'DRAFT_EXPIRED',
      details: 'this draft expired 30 days after its last save; start the registration again',
      draftId: draft.id,
      expiredAt: '2031-04-19T09:00:00.000Z',
    };
    expectEnvelope(await byToken(token), 410, 'draft expired', expired);
    expectEnvelope(await putByToken(token, { customerType: 'INDIVIDUAL', content: {} }), 410, 'draft expired', expired);
    const late = await tokenOf(firstAdmin(tenant)); // a session of that time
    expectEnvelope(await get(draft.id as string, staff(late)), 410, 'draft expired', expired);
    expect(ok(await list(staff(late), '?pageSize=100')).items.map((d) => d.id)).not.toContain(draft.id);

    // the sweep runs on the database's clock: its expiry is long past in real time too once moved back
    const db = await getDb();
    await db
      .update(drafts)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(drafts.id, draft.id as string));
    const policy = { eventRetentionDays: 30, sessionRetentionDays: 30, batchSize: 100 };
    expect(await runSweep(db, 'drafts', policy, [tenant.tenantId])).toBeGreaterThanOrEqual(1);
    expect(await storedRow(draft.id as string)).toBeUndefined();
  });
});

describe('consumed by the registration it held', () => {
  it('a staff registration naming the draft consumes it in its transaction; then the draft answers 409 and cannot finish another', async () => {
    const draft = ok(await create({ customerType: 'INDIVIDUAL', step: 6, content: wizardValues() }, staff(admin)));
    const body = individualBody(cats);
    const reg = await registerIndividual<Json>({ ...body, draftId: draft.id }, staff(admin, { 'X-Forwarded-For': '203.0.113.7' }));
    expect(reg.status, reg.text).toBe(200);
    const customerId = reg.json.data.customerId as string;

    const row = (await storedRow(draft.id as string))!;
    expect(row).toMatchObject({ status: 'CONSUMED', content: {}, consumedCustomerId: customerId });
    const consumed = { error: 'DRAFT_CONSUMED', details: 'the registration this draft held was completed; open the customer instead', draftId: draft.id, customerId };
    expectEnvelope(await get(draft.id as string, staff(admin)), 409, 'draft already used', consumed);
    expectEnvelope(await put(draft.id as string, { customerType: 'INDIVIDUAL', content: {} }, staff(admin)), 409, 'draft already used', consumed);
    expect(ok(await list(staff(admin), '?pageSize=100')).items.map((d) => d.id)).not.toContain(draft.id);

    // a second registration naming it is refused whole: no customer, no row of any onboarding table
    const countsBefore = await tableCounts(tenant.tenantId);
    expectEnvelope(await registerIndividual({ ...individualBody(cats), draftId: draft.id }, staff(admin)), 409, 'draft already used', consumed);
    expect(await tableCounts(tenant.tenantId)).toEqual(countsBefore);
  });

  it('a self sign-up names its draft by the token; an anonymous draftId is refused naming the field', async () => {
    const draft = ok(await create({ customerType: 'INDIVIDUAL', content: wizardValues() }, anonymous()));
    const countsBefore = await tableCounts(tenant.tenantId);
    expectEnvelope(
      await registerIndividual({ ...individualBody(cats), draftId: draft.id }, anonymous()),
      400,
      'request validation failed',
      validation([{ field: 'draftId', message: 'needs a staff session; a self sign-up names its draft with draftResumeToken' }]),
    );
    expect(await tableCounts(tenant.tenantId)).toEqual(countsBefore);

    const reg = await registerIndividual<Json>({ ...individualBody(cats), password: CUSTOMER_PW, draftResumeToken: draft.resumeToken }, anonymous());
    expect(reg.status, reg.text).toBe(200);
    expect(await storedRow(draft.id as string)).toMatchObject({ status: 'CONSUMED', consumedCustomerId: reg.json.data.customerId });
    const db = await getDb();
    expect(
      await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.id, reg.json.data.customerId as string)),
    ).toHaveLength(1);
  });
});
