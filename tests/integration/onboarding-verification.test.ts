import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as usersRoute from '@/app/api/v2.1/admin/users/route';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { auditLog, documents, users, verifications } from '@/lib/db/schema';
import { documentFileName } from '@/lib/services/onboarding/verification';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { adminSession, createExtraAdmin, createIdentityTenant, firstAdmin, ISO, UUID, type TestAdminUser, type TestTenant } from './identity-fixtures';
import {
  acceptConsent,
  acceptDocuments,
  ADMIN_PW,
  activate,
  addNote,
  assign,
  auditLogOf,
  authed,
  b64,
  categoryIds,
  customerToken,
  decide,
  decideDocument,
  documentContent,
  eventData,
  getVerification,
  individualBody,
  initiateVerification,
  JPEG,
  listConsents,
  organizationBody,
  PDF,
  PNG,
  queue,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  sha256,
  tokenOf,
  uniq,
  type Categories,
  type Json,
} from './onboarding-fixtures';

/**
 * The KYC/KYB review: the queue (filters, search, sort, pages), one case, assignment, decisions
 * (four-eyes), document decisions and content, notes, initiation, the role rule and the audit log.
 * The file runs on a clock of its own (advanced by hand) so that times and orders are exact.
 */
const T0 = Math.floor(Date.now() / 1000) * 1000;
const clock = fixedClock(new Date(T0));
const at = (ms: number) => new Date(T0 + ms).toISOString();
const MIN = 60_000;
let elapsed = 0;
/** Moves the clock to T0 + ms (forward only). */
function moveTo(ms: number) {
  elapsed = ms;
  clock.set(new Date(T0 + ms));
}
/** Moves the clock one second on. */
const tick = () => moveTo(elapsed + 1000);

beforeAll(() => setClock(clock));
beforeEach(() => {
  resetOnboardingState();
  setClock(clock);
});
afterAll(() => setClock(null));

type Reg = { customerId: string; userId: string; verificationId: string; organizationId?: string; adminUserId?: string };
const REQUIRED_ROLES = ['COMPLIANCE_OFFICER', 'ADMIN_USER'];
const ROLE_MESSAGE = 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role';
const roleDenied = (userId: string, currentRoles: string[]) => ({ userId, currentRoles, requiredRoles: REQUIRED_ROLES });
const notFound = (what: string) => ({ error: 'NOT_FOUND', details: `${what} not found` });

async function register(t: TestTenant, cats: Categories, options: { by?: string; individual?: Parameters<typeof individualBody>[1]; organization?: Parameters<typeof organizationBody>[1] }) {
  const headers = { ...contextHeaders(t.tenantId), ...(options.by ? { authorization: `Bearer ${options.by}` } : {}) };
  const res = options.organization
    ? await registerOrganization<Reg>(organizationBody(cats, options.organization), headers)
    : await registerIndividual<Reg>(individualBody(cats, options.individual), headers);
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

// ------------------------------------------------------------------------------------------------
// The queue
// ------------------------------------------------------------------------------------------------

describe('GET /api/v2.1/verifications: the review queue', () => {
  let q: TestTenant;
  let admin: string;
  let officer: TestAdminUser;
  let officerToken: string;
  let other: TestAdminUser;
  let c1: Reg, c2: Reg, c3: Reg, c4: Reg;
  let graceEmail: string;

  beforeAll(async () => {
    moveTo(0);
    q = await createIdentityTenant();
    const cats = await categoryIds(q.tenantId);
    admin = await tokenOf(firstAdmin(q));
    officer = await createExtraAdmin(q, ['COMPLIANCE_OFFICER']);
    other = await createExtraAdmin(q, ['COMPLIANCE_OFFICER']);
    officerToken = await tokenOf(officer);
    graceEmail = `${uniq('grace.hopper')}@navy.example`;
    moveTo(1 * MIN);
    c1 = await register(q, cats, { by: admin, individual: { firstName: 'Ada', lastName: 'Lovelace' } });
    moveTo(2 * MIN);
    c2 = await register(q, cats, { individual: { firstName: 'Grace', lastName: 'Hopper', email: graceEmail } });
    moveTo(3 * MIN);
    c3 = await register(q, cats, { organization: { legalName: 'Acme Widgets GmbH', registrationNumber: 'HRB-1001' } });
    moveTo(4 * MIN);
    c4 = await register(q, cats, { by: admin, organization: { legalName: 'Globex Ltd', registrationNumber: 'GB-2002' } });
    moveTo(5 * MIN);
    expect((await assign(officerToken, c2.verificationId)).status).toBe(200);
    moveTo(6 * MIN);
    expect((await assign(admin, c4.verificationId, { assigneeUserId: other.userId })).status).toBe(200);
    moveTo(7 * MIN);
    expect((await decide(officerToken, c3.verificationId, { decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD', comment: 'shell company' })).status).toBe(200);
    moveTo(8 * MIN);
  });

  const ids = async (query: string) => {
    const res = await queue(officerToken, query);
    expect(res.status, res.text).toBe(200);
    return res.json.data.items.map((i) => i.id);
  };

  it('lists every case of the tenant, oldest submission first, each with the customer and its age', async () => {
    const res = await queue(officerToken);
    expect(res.status).toBe(200);
    expect(res.json.data).toMatchObject({ pageNo: 1, pageSize: 20, total: 4 });
    expect(res.json.data.items.map((i) => i.id)).toEqual([c1, c2, c3, c4].map((c) => c.verificationId));
    expect(res.json.data.items[2]).toEqual({
      id: c3.verificationId,
      customerId: c3.customerId,
      customerType: 'ORGANIZATION',
      customerName: 'Acme Widgets GmbH',
      customerEmail: expect.stringMatching(/^office-.*@company\.example$/),
      customerStatus: 'PENDING_ACTIVATION',
      registrationNumber: 'HRB-1001',
      status: 'REJECTED',
      assigneeUserId: officer.userId,
      assigneeName: officer.username,
      registeredByUserId: null,
      registeredByName: 'Self sign-up',
      submittedByUserId: null,
      submittedByName: 'Self sign-up',
      riskLevel: 'MEDIUM',
      riskReasons: [
        { rule: 'CATEGORY_RISK', level: 'MEDIUM', reason: 'the customer category is rated medium risk' },
        { rule: 'ORGANIZATION', level: 'MEDIUM', reason: 'organizations need business verification (KYB)' },
        { rule: 'TENANT_CLIENT', level: 'MEDIUM', reason: 'the organization acts as a client of the tenant' },
      ],
      firstApprovedBy: null,
      firstApprovedByName: null,
      firstApprovedAt: null,
      reasonCode: 'SUSPECTED_FRAUD',
      comment: 'shell company',
      resubmissions: 0,
      decidedBy: officer.userId,
      decidedAt: at(7 * MIN),
      submittedAt: at(3 * MIN),
      ageHours: 0,
      slaDueAt: at(3 * MIN + 48 * 3_600_000),
      overdue: false,
      createdAt: at(3 * MIN),
      updatedAt: at(7 * MIN),
    });
    expect(res.json.data.items[0]).toMatchObject({ customerName: 'Ada Lovelace', registrationNumber: null, status: 'PENDING_REVIEW', assigneeUserId: null, registeredByUserId: q.userId });
  });

  it.each([
    ['?status=PENDING_REVIEW', () => [c1]],
    ['?status=IN_REVIEW&status=REJECTED', () => [c2, c3, c4]],
    ['?status=APPROVED', () => []],
    ['?customerType=ORGANIZATION', () => [c3, c4]],
    ['?customerType=INDIVIDUAL', () => [c1, c2]],
    ['?customerType=INDIVIDUAL&status=IN_REVIEW', () => [c2]],
    ['?assignee=me', () => [c2, c3]],
    ['?assignee=unassigned', () => [c1]],
    ['?assignee=mine_and_unassigned', () => [c1, c2, c3]],
    ['?assignee=any', () => [c1, c2, c3, c4]],
  ])('filters %s', async (query, expected) => {
    expect(await ids(query)).toEqual(expected().map((c) => c.verificationId));
  });

  it('filters by a given assignee and by the created range (inclusive)', async () => {
    expect(await ids(`?assignee=${other.userId}`)).toEqual([c4.verificationId]);
    expect(await ids(`?createdFrom=${encodeURIComponent(at(2 * MIN))}&createdTo=${encodeURIComponent(at(3 * MIN))}`)).toEqual([c2.verificationId, c3.verificationId]);
    expect(await ids(`?createdFrom=${encodeURIComponent(at(3 * MIN + 1))}`)).toEqual([c4.verificationId]);
    expect(await ids(`?createdTo=${encodeURIComponent(at(1 * MIN - 1))}`)).toEqual([]);
  });

  it.each([
    ['lovelace', () => [c1]],
    ['GRACE', () => [c2]],
    ['navy.example', () => [c2]],
    ['hrb-1001', () => [c3]],
    ['GB-20', () => [c4]],
    ['globex', () => [c4]],
    ['%', () => []],
    ['_', () => []],
  ])('searches name, email and registration number: q=%s', async (term, expected) => {
    expect(await ids(`?q=${encodeURIComponent(term)}`)).toEqual(expected().map((c) => c.verificationId));
  });

  it('sorts', async () => {
    expect(await ids('?sort=-submittedAt')).toEqual([c4, c3, c2, c1].map((c) => c.verificationId));
    expect(await ids('?sort=updatedAt')).toEqual([c1, c2, c4, c3].map((c) => c.verificationId));
    expect(await ids('?sort=-updatedAt')).toEqual([c3, c4, c2, c1].map((c) => c.verificationId));
    const byStatus = await queue(officerToken, '?sort=status');
    expect(byStatus.json.data.items.map((i) => i.status)).toEqual(['IN_REVIEW', 'IN_REVIEW', 'PENDING_REVIEW', 'REJECTED']);
  });

  it('pages', async () => {
    const first = await queue(officerToken, '?pageSize=3');
    expect(first.json.data).toMatchObject({ pageNo: 1, pageSize: 3, total: 4 });
    expect(first.json.data.items.map((i) => i.id)).toEqual([c1, c2, c3].map((c) => c.verificationId));
    const second = await queue(officerToken, '?pageSize=3&pageNo=2');
    expect(second.json.data).toMatchObject({ pageNo: 2, pageSize: 3, total: 4 });
    expect(second.json.data.items.map((i) => i.id)).toEqual([c4.verificationId]);
    const beyond = await queue(officerToken, '?pageSize=3&pageNo=3');
    expect(beyond.json.data).toEqual({ items: [], pageNo: 3, pageSize: 3, total: 4 });
    // the total counts the filtered set
    expect((await queue(officerToken, '?customerType=ORGANIZATION&pageSize=1')).json.data).toMatchObject({ total: 2, items: [expect.objectContaining({ id: c3.verificationId })] });
  });

  it('validates the query', async () => {
    const res = await queue(officerToken, '?status=DONE&customerType=ROBOT&assignee=someone&createdFrom=yesterday&sort=name&pageNo=0&pageSize=101');
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('request validation failed');
    expect((res.json.data as unknown as { errors: { field: string }[] }).errors.map((e) => e.field)).toEqual([
      'status',
      'customerType',
      'assignee',
      'createdFrom',
      'sort',
      'pageNo',
      'pageSize',
    ]);
  });

  it("only COMPLIANCE_OFFICER or ADMIN_USER: others get the contract's 403 naming both roles", async () => {
    expect((await queue(admin)).json.data.total).toBe(4);
    const employee = await createExtraAdmin(q, ['EMPLOYEE', 'TRANSACTION_APPROVER']);
    expectEnvelope(await queue(await tokenOf(employee)), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['TRANSACTION_APPROVER', 'EMPLOYEE']));
  });

  it('another tenant sees none of these cases', async () => {
    const otherTenant = await createIdentityTenant();
    const res = await queue(await tokenOf(firstAdmin(otherTenant)));
    expect(res.json.data).toEqual({ items: [], pageNo: 1, pageSize: 20, total: 0 });
    expectEnvelope(await getVerification(await tokenOf(firstAdmin(otherTenant)), c1.verificationId), 404, 'resource not found', notFound('verification'));
  });
  it('ageHours grows with the clock', async () => {
    moveTo(8 * MIN + 3 * 3_600_000);
    // the clock is beyond the token's hour: sign in again
    officerToken = await tokenOf(officer);
    const res = await queue(officerToken, '?status=PENDING_REVIEW');
    expect(res.json.data.items.map((i) => [i.id, i.ageHours])).toEqual([[c1.verificationId, 3]]);
  });
});

// ------------------------------------------------------------------------------------------------
// One case: detail, assignment, decisions, documents, notes
// ------------------------------------------------------------------------------------------------

describe('working on a case', () => {
  let t: TestTenant;
  let cats: Categories;
  let registrar: TestAdminUser;
  let registrarToken: string;
  let officer: TestAdminUser;
  let officerToken: string;
  let officer2: TestAdminUser;
  let officer2Token: string;
  let employee: TestAdminUser;
  let employeeToken: string;

  beforeAll(async () => {
    moveTo(20 * 3_600_000);
    t = await createIdentityTenant();
    cats = await categoryIds(t.tenantId);
    registrar = firstAdmin(t);
    registrarToken = await tokenOf(registrar);
    officer = await createExtraAdmin(t, ['COMPLIANCE_OFFICER']);
    officerToken = await tokenOf(officer);
    officer2 = await createExtraAdmin(t, ['COMPLIANCE_OFFICER']);
    officer2Token = await tokenOf(officer2);
    employee = await createExtraAdmin(t, ['EMPLOYEE']);
    employeeToken = await tokenOf(employee);
  });

  it("GET /api/v2.1/verifications/{id}: the customer's data, documents as metadata only, notes and history", async () => {
    tick();
    const c = await register(t, cats, { by: registrarToken, individual: { document: PDF } });
    tick();
    expect((await addNote(officerToken, c.verificationId, { body: 'called the customer' })).status).toBe(200);
    const res = await getVerification(officerToken, c.verificationId);
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(b64(PDF));
    const data = res.json.data as Json;
    expect(data).toMatchObject({
      id: c.verificationId,
      customerId: c.customerId,
      customerType: 'INDIVIDUAL',
      status: 'PENDING_REVIEW',
      registeredByUserId: registrar.userId,
      person: { firstName: 'Ada', lastName: 'Lovelace', email: expect.any(String), dateOfBirth: '1990-04-21', gender: 'FEMALE', nationality: 'GB', placeOfBirth: 'London' },
      organization: null,
      representatives: [],
      categorization: { categoryId: cats.RETAIL_STANDARD, riskLevel: 'LOW', parameters: { employmentStatus: 'EMPLOYED', sourceOfFunds: 'SALARY' } },
      notes: [{ id: expect.stringMatching(UUID), authorUserId: officer.userId, body: 'called the customer', createdAt: at(elapsed) }],
    });
    expect(data.documents).toEqual([
      {
        id: expect.stringMatching(UUID),
        documentType: 'PASSPORT',
        documentNumber: 'P1234567',
        issuingCountry: 'GB',
        expiryDate: '2031-01-01',
        mimeType: 'application/pdf',
        sizeBytes: PDF.length,
        sha256: sha256(PDF),
        expired: false,
        status: 'PENDING',
        decisionReasonCode: null,
        decisionComment: null,
        decidedBy: null,
        decidedByName: null,
        decidedAt: null,
        uploadedBy: registrar.userId,
        uploadedByName: registrar.username,
        supersededBy: null,
        representativeId: null,
        representativeName: null,
        createdAt: expect.stringMatching(ISO),
      },
    ]);
    expect((data.addresses as Json[]).length).toBe(2);
    expect((data.contacts as Json[]).length).toBe(3);
    expect((data.history as Json[]).map((h) => h.action)).toEqual(['CUSTOMER_REGISTERED', 'DOCUMENT_UPLOADED', 'VERIFICATION_NOTE_ADDED']);

    expectEnvelope(await getVerification(officerToken, '3f2e1d0c-0000-4000-8000-000000000001'), 404, 'resource not found', notFound('verification'));
    expectEnvelope(await getVerification(officerToken, 'nope'), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'verificationId', message: 'must be a UUID' }],
    });
    expectEnvelope(await getVerification(employeeToken, c.verificationId), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['EMPLOYEE']));
  });

  it('an organization case carries the company and its representatives', async () => {
    const c = await register(t, cats, { organization: {} });
    const data = (await getVerification(officerToken, c.verificationId)).json.data as Json;
    expect(data).toMatchObject({
      customerType: 'ORGANIZATION',
      person: null,
      organization: { id: c.organizationId, legalName: 'Acme Widgets GmbH', businessType: 'BUSINESS_TYPE_CLIENT_TO_TENANT', registrationNumber: expect.any(String) },
    });
    expect((data.representatives as Json[]).map((r) => [r.firstName, Number(r.ownershipShare)])).toEqual([
      ['Olga', 60],
      ['Paul', 40],
    ]);
    expect((data.documents as Json[]).map((d) => d.documentType)).toEqual(['CERTIFICATE_OF_INCORPORATION', 'PROOF_OF_ADDRESS', 'PASSPORT', 'NATIONAL_ID']);
  });

  it('POST .../assign: to the caller by default, to another reviewer, or to nobody; each change is audited and emitted', async () => {
    const c = await register(t, cats, {});
    tick();
    const mine = await assign(officerToken, c.verificationId);
    expect(mine.json).toEqual({ code: 200, message: 'verification assigned', data: { id: c.verificationId, status: 'IN_REVIEW', assigneeUserId: officer.userId } });
    tick();
    expect((await assign(registrarToken, c.verificationId, { assigneeUserId: officer2.userId })).json.data).toEqual({
      id: c.verificationId,
      status: 'IN_REVIEW',
      assigneeUserId: officer2.userId,
    });
    tick();
    expect((await assign(officer2Token, c.verificationId, { assigneeUserId: null })).json.data).toEqual({ id: c.verificationId, status: 'PENDING_REVIEW', assigneeUserId: null });

    expect(await eventData(t.tenantId, 'customer.verification.updated', c.customerId)).toEqual([
      { customerId: c.customerId, customerType: 'INDIVIDUAL', verificationId: c.verificationId, previousStatus: 'PENDING_REVIEW', status: 'IN_REVIEW', reasonCode: null },
      { customerId: c.customerId, customerType: 'INDIVIDUAL', verificationId: c.verificationId, previousStatus: 'IN_REVIEW', status: 'PENDING_REVIEW', reasonCode: null },
    ]);
    const log = (await auditLogOf(officerToken, c.customerId)).json.data.items;
    expect(log.map((e) => [e.action, e.actorUserId, (e.after as Json | null)?.assigneeUserId ?? null])).toEqual([
      ['VERIFICATION_UNASSIGNED', officer2.userId, null],
      ['VERIFICATION_ASSIGNED', registrar.userId, officer2.userId],
      ['VERIFICATION_ASSIGNED', officer.userId, officer.userId],
      ['DOCUMENT_UPLOADED', null, null],
      ['CUSTOMER_REGISTERED', null, null],
    ]);

    // refusals
    expectEnvelope(await assign(registrarToken, c.verificationId, { assigneeUserId: '3f2e1d0c-0000-4000-8000-000000000002' }), 404, 'resource not found', notFound('assignee'));
    expectEnvelope(await assign(registrarToken, c.verificationId, { assigneeUserId: c.userId }), 404, 'resource not found', notFound('assignee'));
    expectEnvelope(await assign(officerToken, c.verificationId, { assigneeUserId: 'me' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'assigneeUserId', message: 'Invalid UUID' }],
    });
    expectEnvelope(await assign(employeeToken, c.verificationId), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['EMPLOYEE']));
    expectEnvelope(await assign(officerToken, '3f2e1d0c-0000-4000-8000-000000000003'), 404, 'resource not found', notFound('verification'));
  });

  it('four-eyes: the registrar cannot decide (403 FOUR_EYES); another officer approves; a decided case is final', async () => {
    const c = await register(t, cats, { by: registrarToken });
    const before = await eventData(t.tenantId, 'customer.verification.updated', c.customerId);
    expectEnvelope(await decide(registrarToken, c.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, 'access denied', {
      error: 'FOUR_EYES',
      details: 'the user who registered the customer cannot decide on its verification; another officer must review it',
      userId: registrar.userId,
    });
    expect(await eventData(t.tenantId, 'customer.verification.updated', c.customerId)).toEqual(before);
    await acceptDocuments(officerToken, c.verificationId);
    tick();
    const approved = await decide(officerToken, c.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED', comment: 'passport checked' });
    expect(approved.json).toEqual({
      code: 200,
      message: 'decision recorded',
      data: {
        id: c.verificationId,
        customerId: c.customerId,
        status: 'APPROVED',
        reasonCode: 'DOCUMENTS_VERIFIED',
        comment: 'passport checked',
        decidedBy: officer.userId,
        decidedAt: at(elapsed),
        approvalsRequired: 1,
        firstApprovedBy: null,
        revisionRequest: null,
      },
    });
    expect(await eventData(t.tenantId, 'customer.verification.updated', c.customerId)).toEqual([
      { customerId: c.customerId, customerType: 'INDIVIDUAL', verificationId: c.verificationId, previousStatus: 'PENDING_REVIEW', status: 'APPROVED', reasonCode: 'DOCUMENTS_VERIFIED' },
    ]);
    expectEnvelope(await decide(officer2Token, c.verificationId, { decision: 'REJECT', reasonCode: 'OTHER', comment: 'changed my mind' }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'a decision is possible only while the verification waits for or is in review; it is APPROVED',
    });
    expectEnvelope(await assign(officer2Token, c.verificationId), 409, 'conflict', { error: 'CONFLICT', details: 'the verification is already approved' });
    expectEnvelope(await initiateVerification(officer2Token, c.customerId), 409, 'conflict', { error: 'CONFLICT', details: 'the customer is already verified' });
    // the audit log keeps the decision with its actor
    const log = (await auditLogOf(officerToken, c.customerId)).json.data.items;
    expect(log[0]).toEqual({
      id: expect.stringMatching(UUID),
      actorUserId: officer.userId,
      actorName: officer.username,
      action: 'VERIFICATION_APPROVE',
      entityType: 'VERIFICATION',
      entityId: c.verificationId,
      before: { status: 'PENDING_REVIEW', assigneeUserId: null },
      after: { status: 'APPROVED', assigneeUserId: officer.userId, reasonCode: 'DOCUMENTS_VERIFIED', comment: 'passport checked' },
      createdAt: at(elapsed),
    });
  });

  it('REQUEST_REVISION and REJECT; re-initiation brings the case back to PENDING_REVIEW', async () => {
    const c = await register(t, cats, {});
    tick();
    expect((await assign(officerToken, c.verificationId)).status).toBe(200);
    tick();
    const docId = ((await getVerification(officerToken, c.verificationId)).json.data as { documents: Json[] }).documents[0]!.id as string;
    const revision = await decide(officerToken, c.verificationId, { decision: 'REQUEST_REVISION', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred photo', documentIds: [docId] });
    expect(revision.json.data).toMatchObject({ status: 'REVISION_REQUESTED', reasonCode: 'DOCUMENT_UNREADABLE' });
    tick();
    const again = await initiateVerification(officer2Token, c.customerId);
    expect(again.json).toEqual({
      code: 200,
      message: 'verification initiated',
      data: { verificationId: c.verificationId, customerId: c.customerId, verificationStatus: 'PENDING_REVIEW', submittedAt: at(elapsed) },
    });
    const db = await getDb();
    const [row] = await db.select().from(verifications).where(eq(verifications.id, c.verificationId));
    expect(row).toMatchObject({ status: 'PENDING_REVIEW', assigneeUserId: null, reasonCode: null, comment: null, decidedBy: null, decidedAt: null });
    tick();
    expect((await decide(officer2Token, c.verificationId, { decision: 'REJECT', reasonCode: 'SANCTIONS_MATCH', comment: 'listed' })).json.data).toMatchObject({
      status: 'REJECTED',
      decidedBy: officer2.userId,
      comment: 'listed',
    });
    expect((await eventData(t.tenantId, 'customer.verification.updated', c.customerId)).map((e) => `${e.previousStatus}->${e.status}`)).toEqual([
      'PENDING_REVIEW->IN_REVIEW',
      'IN_REVIEW->REVISION_REQUESTED',
      'REVISION_REQUESTED->PENDING_REVIEW',
      'PENDING_REVIEW->REJECTED',
    ]);
    expect((await auditLogOf(officerToken, c.customerId)).json.data.items.map((e) => e.action)).toEqual([
      'VERIFICATION_REJECT',
      'VERIFICATION_REINITIATED',
      'VERIFICATION_REQUEST_REVISION',
      'VERIFICATION_ASSIGNED',
      'DOCUMENT_UPLOADED',
      'CUSTOMER_REGISTERED',
    ]);
  });

  it('a waiting case is returned as it is by initiation; a case missing altogether is created', async () => {
    const c = await register(t, cats, {});
    const same = await initiateVerification(officerToken, c.customerId);
    expect(same.json.data).toMatchObject({ verificationId: c.verificationId, verificationStatus: 'PENDING_REVIEW' });
    const db = await getDb();
    await db.delete(verifications).where(eq(verifications.id, c.verificationId));
    tick();
    const created = await initiateVerification(officerToken, c.customerId);
    expect(created.json).toEqual({
      code: 200,
      message: 'verification initiated',
      data: { verificationId: expect.stringMatching(UUID), customerId: c.customerId, verificationStatus: 'PENDING_REVIEW', submittedAt: at(elapsed) },
    });
    const events = await eventData(t.tenantId, 'customer.verification.updated', c.customerId);
    expect(events).toEqual([
      { customerId: c.customerId, customerType: 'INDIVIDUAL', verificationId: (created.json.data as Json).verificationId, previousStatus: null, status: 'PENDING_REVIEW', reasonCode: null },
    ]);
  });

  it('decision body validation', async () => {
    const c = await register(t, cats, {});
    expectEnvelope(await decide(officerToken, c.verificationId, { decision: 'MAYBE', reasonCode: 'BECAUSE', comment: '' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'decision', message: 'choose a decision: APPROVE, REJECT or REQUEST_REVISION' },
        {
          field: 'reasonCode',
          message:
            'must be one of DOCUMENTS_VERIFIED, ENHANCED_DUE_DILIGENCE_COMPLETED, DOCUMENT_UNREADABLE, DOCUMENT_EXPIRED, DOCUMENT_MISMATCH, SUSPECTED_FRAUD, SANCTIONS_MATCH, PEP_REVIEW_REQUIRED, INCOMPLETE_INFORMATION, HIGH_RISK_PROFILE, OTHER',
        },
      ],
    });
    expectEnvelope(await decide(employeeToken, c.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['EMPLOYEE']));
  });

  it('document decisions: four-eyes applies; ACCEPT or REJECT with a reason; audited', async () => {
    const c = await register(t, cats, { by: registrarToken, individual: { document: JPEG } });
    const doc = ((await getVerification(officerToken, c.verificationId)).json.data as { documents: Json[] }).documents[0]!;
    const documentId = doc.id as string;
    expectEnvelope(await decideDocument(registrarToken, c.verificationId, documentId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, 'access denied', {
      error: 'FOUR_EYES',
      details: 'the user who registered the customer cannot review its documents; another officer must review them',
      userId: registrar.userId,
    });
    tick();
    const rejected = await decideDocument(officerToken, c.verificationId, documentId, { decision: 'REJECT', reasonCode: 'DOCUMENT_EXPIRED', comment: 'expired last year' });
    expect(rejected.json).toEqual({
      code: 200,
      message: 'document decision recorded',
      data: {
        ...doc,
        status: 'REJECTED',
        decisionReasonCode: 'DOCUMENT_EXPIRED',
        decisionComment: 'expired last year',
        decidedBy: officer.userId,
        decidedByName: officer.username,
        decidedAt: at(elapsed),
      },
    });
    tick();
    expect((await decideDocument(officer2Token, c.verificationId, documentId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' })).json.data).toMatchObject({
      status: 'ACCEPTED',
      decidedBy: officer2.userId,
      decisionComment: null,
    });
    expect((await auditLogOf(officerToken, c.customerId)).json.data.items.slice(0, 2).map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ['DOCUMENT_ACCEPTED', documentId, { status: 'REJECTED', documentType: 'PASSPORT' }, { status: 'ACCEPTED', documentType: 'PASSPORT', reasonCode: 'DOCUMENTS_VERIFIED', comment: null }],
      [
        'DOCUMENT_REJECTED',
        documentId,
        { status: 'PENDING', documentType: 'PASSPORT' },
        { status: 'REJECTED', documentType: 'PASSPORT', reasonCode: 'DOCUMENT_EXPIRED', comment: 'expired last year' },
      ],
    ]);
    // a document of another customer is not part of this case
    const other = await register(t, cats, {});
    expectEnvelope(
      await decideDocument(officerToken, other.verificationId, documentId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }),
      404,
      'resource not found',
      notFound('document'),
    );
    expectEnvelope(await decideDocument(officerToken, c.verificationId, documentId, { decision: 'MAYBE', reasonCode: 'DOCUMENTS_VERIFIED' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'decision', message: 'must be ACCEPT or REJECT' }],
    });
    expectEnvelope(
      await decideDocument(employeeToken, c.verificationId, documentId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }),
      403,
      ROLE_MESSAGE,
      roleDenied(employee.userId, ['EMPLOYEE']),
    );
  });

  it.each([
    ['PNG', PNG, 'image/png'],
    ['PDF', PDF, 'application/pdf'],
    ['JPEG', JPEG, 'image/jpeg'],
  ])('the document content route serves the stored %s bytes with its Content-Type', async (_name, file, mimeType) => {
    const c = await register(t, cats, { individual: { document: file } });
    const db = await getDb();
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.tenantId, t.tenantId), eq(documents.customerId, c.customerId)));
    const res = await documentContent(officerToken, c.verificationId, doc!.id);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe(mimeType);
    // shown in place, under a name that says what and whose it is (a PDF's new tab, a download)
    const { customerName } = (await getVerification(officerToken, c.verificationId)).json.data as { customerName: string };
    expect(res.headers.get('Content-Disposition')).toBe(`inline; filename="${documentFileName('PASSPORT', customerName, mimeType)}"`);
    expect(res.headers.get('Content-Disposition')).toMatch(/^inline; filename="passport-[a-z0-9-]+\.(pdf|png|jpg)"$/);
    expect(res.headers.get('ETag')).toBe(`"${sha256(file)}"`);
    expect(res.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
    // framed by the review page: every other answer is DENY (server/edge.mjs)
    expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    if (mimeType !== 'application/pdf') expect(res.headers.get('Content-Security-Policy')).toContain('sandbox');
    expect(res.headers.get('Cache-Control')).toBe('private, no-store');
    expect(res.bytes.equals(file)).toBe(true);
  });

  it('a document file is named by what it is and whose, in ASCII', () => {
    expect(documentFileName('PASSPORT', 'Grace Hopper', 'application/pdf')).toBe('passport-grace-hopper.pdf');
    expect(documentFileName('CERTIFICATE_OF_INCORPORATION', 'Müller & Söhne GmbH', 'image/png')).toBe('company-registration-extract-muller-sohne-gmbh.png');
    expect(documentFileName('PROOF_OF_ADDRESS', '"; rm -rf', 'image/jpeg')).toBe('proof-of-address-rm-rf.jpg');
    expect(documentFileName('NATIONAL_ID', '北京', 'image/jpeg')).toBe('national-identity-card.jpg');
  });

  it('the document content route: role rule, unknown document, another case', async () => {
    const c = await register(t, cats, {});
    const other = await register(t, cats, {});
    const db = await getDb();
    const [doc] = await db
      .select({ id: documents.id })
      .from(documents)
      .where(and(eq(documents.tenantId, t.tenantId), eq(documents.customerId, c.customerId)));
    const denied = await documentContent(employeeToken, c.verificationId, doc!.id);
    expect({ status: denied.status, body: denied.json }).toEqual({ status: 403, body: { code: 403, message: ROLE_MESSAGE, data: roleDenied(employee.userId, ['EMPLOYEE']) } });
    const elsewhere = await documentContent(officerToken, other.verificationId, doc!.id);
    expect({ status: elsewhere.status, body: elsewhere.json }).toEqual({ status: 404, body: { code: 404, message: 'resource not found', data: notFound('document') } });
    const unknown = await documentContent(officerToken, c.verificationId, '3f2e1d0c-0000-4000-8000-000000000004');
    expect({ status: unknown.status, body: unknown.json }).toEqual({ status: 404, body: { code: 404, message: 'resource not found', data: notFound('document') } });
    const otherTenant = await createIdentityTenant();
    const foreign = await documentContent(await tokenOf(firstAdmin(otherTenant)), c.verificationId, doc!.id);
    expect(foreign.status).toBe(404);
  });

  it('notes: added by reviewers, listed on the case, audited; empty notes are refused', async () => {
    const c = await register(t, cats, {});
    tick();
    const note = await addNote(officer2Token, c.verificationId, { body: '  address confirmed by phone  ' });
    expect(note.json).toEqual({
      code: 200,
      message: 'note added',
      data: { id: expect.stringMatching(UUID), authorUserId: officer2.userId, body: 'address confirmed by phone', createdAt: at(elapsed) },
    });
    expect(((await getVerification(officerToken, c.verificationId)).json.data as { notes: Json[] }).notes).toEqual([{ ...(note.json.data as Json), authorName: officer2.username }]);
    expect((await auditLogOf(officerToken, c.customerId)).json.data.items[0]).toMatchObject({
      action: 'VERIFICATION_NOTE_ADDED',
      actorUserId: officer2.userId,
      after: { noteId: (note.json.data as Json).id },
    });
    expectEnvelope(await addNote(officerToken, c.verificationId, { body: '   ' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'body', message: 'must not be empty' }],
    });
    expectEnvelope(await addNote(employeeToken, c.verificationId, { body: 'hello' }), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['EMPLOYEE']));
    expectEnvelope(await addNote(officerToken, '3f2e1d0c-0000-4000-8000-000000000005', { body: 'hello' }), 404, 'resource not found', notFound('verification'));
  });

  it("the audit log is append-only and readable per customer by the tenant's staff; not by the customer", async () => {
    const body = individualBody(cats);
    const res = await registerIndividual<Reg>(body, contextHeaders(t.tenantId));
    const c = res.json.data;
    const db = await getDb();
    const count = async () =>
      (
        await db
          .select({ id: auditLog.id })
          .from(auditLog)
          .where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.customerId, c.customerId)))
      ).length;
    expect(await count()).toBe(2);
    tick();
    await assign(officerToken, c.verificationId);
    tick();
    await addNote(officerToken, c.verificationId, { body: 'n' });
    expect(await count()).toBe(4);
    const log = await auditLogOf(employeeToken, c.customerId);
    expect(log.status).toBe(200);
    expect(log.json.data.items).toHaveLength(4);
    expect(log.json.data.items[2]).toMatchObject({ action: 'DOCUMENT_UPLOADED', entityType: 'DOCUMENT', actorUserId: null });
    expect(log.json.data.items[3]).toEqual({
      id: expect.stringMatching(UUID),
      actorUserId: null,
      actorName: null,
      action: 'CUSTOMER_REGISTERED',
      entityType: 'CUSTOMER',
      entityId: c.customerId,
      before: null,
      after: { status: 'PENDING_ACTIVATION', verificationStatus: 'PENDING_REVIEW', categoryId: cats.RETAIL_STANDARD, activationNotes: 'walk-in customer' },
      createdAt: expect.stringMatching(ISO),
    });
    const own = await customerToken(t.tenantId, c, body.email as string);
    expectEnvelope(await auditLogOf(own, c.customerId), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles ADMIN_USER, COMPLIANCE_OFFICER, EMPLOYEE',
    });
    expectEnvelope(await auditLogOf(officerToken, c.customerId, 'organization'), 404, 'resource not found', notFound('customer'));
  });
});

// ------------------------------------------------------------------------------------------------
// Initiation and the role rule
// ------------------------------------------------------------------------------------------------

describe('POST /api/v2.1/customer/{individual|organization}/{customerId}/verification', () => {
  let t: TestTenant;
  let cats: Categories;

  beforeAll(async () => {
    moveTo(40 * 3_600_000);
    t = await createIdentityTenant();
    cats = await categoryIds(t.tenantId);
  });

  it("without COMPLIANCE_OFFICER or ADMIN_USER: 403 with the contract's message, userId, currentRoles, requiredRoles", async () => {
    const c = await register(t, cats, { organization: {} });
    const employee = await createExtraAdmin(t, ['EMPLOYEE', 'TRANSACTION_APPROVER']);
    const token = await tokenOf(employee);
    expectEnvelope(await initiateVerification(token, c.customerId, 'organization'), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['TRANSACTION_APPROVER', 'EMPLOYEE']));
    // a session signed in with a single role is judged by that role
    const approverOnly = await adminSession(employee, { body: { username: employee.username, password: employee.password, role: 'TRANSACTION_APPROVER' } });
    expectEnvelope(await initiateVerification(approverOnly.json.data.token, c.customerId, 'organization'), 403, ROLE_MESSAGE, roleDenied(employee.userId, ['TRANSACTION_APPROVER']));
    // even for an unknown customer the role rule answers first
    expectEnvelope(
      await initiateVerification(token, '3f2e1d0c-0000-4000-8000-000000000006', 'organization'),
      403,
      ROLE_MESSAGE,
      roleDenied(employee.userId, ['TRANSACTION_APPROVER', 'EMPLOYEE']),
    );
  });

  it("a customer's own session: 403 with currentRoles [CUSTOMER]", async () => {
    const body = individualBody(cats);
    const res = await registerIndividual<Reg>(body, contextHeaders(t.tenantId));
    const token = await customerToken(t.tenantId, res.json.data, body.email as string);
    expectEnvelope(await initiateVerification(token, res.json.data.customerId), 403, ROLE_MESSAGE, roleDenied(res.json.data.userId, ['CUSTOMER']));
  });

  it('ADMIN_USER and COMPLIANCE_OFFICER may; unknown customers and the wrong kind are 404', async () => {
    const c = await register(t, cats, {});
    const admin = await tokenOf(firstAdmin(t));
    expect((await initiateVerification(admin, c.customerId)).status).toBe(200);
    const officer = await tokenOf(await createExtraAdmin(t, ['COMPLIANCE_OFFICER']));
    expect((await initiateVerification(officer, c.customerId)).status).toBe(200);
    expectEnvelope(await initiateVerification(officer, c.customerId, 'organization'), 404, 'resource not found', notFound('customer'));
    expectEnvelope(await initiateVerification(officer, '3f2e1d0c-0000-4000-8000-000000000007'), 404, 'resource not found', notFound('customer'));
  });

  it('the default administrator of a customer organization is not staff of the tenant: no queue, no decisions, no user management; its own consents only', async () => {
    const registered = await registerOrganization<Reg>(organizationBody(cats, {}), contextHeaders(t.tenantId));
    const org = registered.json.data;
    const db = await getDb();
    const [adminUser] = await db.select().from(users).where(eq(users.id, org.adminUserId!));
    if (!adminUser) throw new Error('no default administrator');
    const session = await adminSession({ tenantId: t.tenantId, organizationId: org.organizationId!, userId: adminUser.id, username: adminUser.username }, { password: ADMIN_PW });
    expect(session.status, session.text).toBe(200);
    const token = session.json.data.token;
    // it reaches its own organization's record
    expect((await acceptConsent(token, org.customerId, 'terms', { kind: 'organization' })).status).toBe(200);
    expect((await listConsents(token, org.customerId, 'organization')).status).toBe(200);
    // ... but nothing of the tenant: not the queue, not its own case, not other customers, not the tenant's users
    expectEnvelope(await queue(token), 403, ROLE_MESSAGE, roleDenied(adminUser.id, []));
    expectEnvelope(await decide(token, org.verificationId, { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, ROLE_MESSAGE, roleDenied(adminUser.id, []));
    expectEnvelope(await initiateVerification(token, org.customerId, 'organization'), 403, ROLE_MESSAGE, roleDenied(adminUser.id, []));
    const someone = await register(t, cats, {});
    expectEnvelope(await acceptConsent(token, someone.customerId, 'terms'), 404, 'resource not found', notFound('customer'));
    expectEnvelope(await activate(token, someone.customerId), 404, 'resource not found', notFound('customer'));
    const userList = await call(usersRoute.GET, { path: '/api/v2.1/admin/users', headers: authed(token) });
    expectEnvelope(userList, 403, 'access denied', { error: 'FORBIDDEN', details: 'this operation requires one of the roles ADMIN_USER' });
    const reg = await registerIndividual(individualBody(cats), { ...contextHeaders(t.tenantId), authorization: `Bearer ${token}` });
    expectEnvelope(reg, 403, 'access denied', { error: 'FORBIDDEN', details: 'customers cannot register other customers; sign up without a session' });
    expectEnvelope(await getVerification(token, org.verificationId), 403, ROLE_MESSAGE, roleDenied(adminUser.id, []));
  });
});
