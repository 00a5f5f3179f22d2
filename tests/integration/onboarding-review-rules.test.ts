import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { contextHeaders, expectEnvelope } from './helpers';
import { createExtraAdmin, createIdentityTenant, firstAdmin, UUID, type TestAdminUser, type TestTenant } from './identity-fixtures';
import {
  acceptDocuments,
  activate,
  assign,
  b64,
  caseTimeline,
  categoryIds,
  customerDocuments,
  customerTimeline,
  decide,
  decideDocument,
  getVerification,
  individualBody,
  makePdf,
  organizationBody,
  ORGANIZATION_DOCUMENTS,
  PNG,
  queue,
  registerIndividual,
  registerOrganization,
  resetOnboardingState,
  reviewSettings,
  RETAIL_STANDARD_KEYS,
  tokenOf,
  uploadDocument,
  type Categories,
  type Json,
} from './onboarding-fixtures';

/**
 * The compliance review's server rules through the API, with exact envelopes: required documents
 * (lib/contract/review.ts REQUIRED_DOCUMENTS), expiry, reason codes per decision, assignment,
 * four-eyes, two approvals, risk rules, the revision loop with replacement uploads, the timeline.
 */
const T0 = Date.UTC(2026, 5, 1, 8, 0, 0);
const clock = fixedClock(new Date(T0));
const HOUR = 3_600_000;
let elapsed = 0;
const tick = (ms = 1000) => {
  elapsed += ms;
  clock.set(new Date(T0 + elapsed));
};
beforeAll(() => setClock(clock));
beforeEach(() => {
  resetOnboardingState();
  setClock(clock);
});
afterAll(() => setClock(null));

type Reg = { customerId: string; userId: string; verificationId: string; organizationId?: string };
type Case = Json & { documents: (Json & { id: string })[]; requirements: Json[]; approveBlockedReasons: { code: string; message: string }[] };

let t: TestTenant;
let cats: Categories;
let admin: TestAdminUser;
let adminToken: string;
let olga: TestAdminUser; // compliance officer
let olgaToken: string;
let piet: TestAdminUser; // second compliance officer
let pietToken: string;
let employee: TestAdminUser;

beforeAll(async () => {
  t = await createIdentityTenant();
  cats = await categoryIds(t.tenantId);
  admin = firstAdmin(t);
  adminToken = await tokenOf(admin);
  olga = await createExtraAdmin(t, ['COMPLIANCE_OFFICER'], { firstName: 'Olga', lastName: 'Officer' });
  olgaToken = await tokenOf(olga);
  piet = await createExtraAdmin(t, ['COMPLIANCE_OFFICER'], { firstName: 'Piet', lastName: 'Second' });
  pietToken = await tokenOf(piet);
  employee = await createExtraAdmin(t, ['EMPLOYEE'], { firstName: 'Emil', lastName: 'Employee' });
});

async function registerPerson(options: Parameters<typeof individualBody>[1] & { by?: string; mutate?: (b: Json) => void } = {}): Promise<Reg> {
  const body = individualBody(cats, options);
  options.mutate?.(body);
  const res = await registerIndividual<Reg>(body, { ...contextHeaders(t.tenantId), ...(options.by ? { authorization: `Bearer ${options.by}` } : {}) });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

async function registerCompany(options: Parameters<typeof organizationBody>[1] & { by?: string } = {}): Promise<Reg> {
  const res = await registerOrganization<Reg>(organizationBody(cats, options), { ...contextHeaders(t.tenantId), ...(options.by ? { authorization: `Bearer ${options.by}` } : {}) });
  expect(res.status, res.text).toBe(200);
  return res.json.data;
}

const caseOf = async (token: string, id: string) => (await getVerification(token, id)).json.data as Case;
const APPROVE = { decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' };
const IDENTITY_TYPES = ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE', 'RESIDENCE_PERMIT'];

describe('required documents (REQUIRED_DOCUMENTS)', () => {
  it('an organization without documents cannot be approved: 422 naming every unmet requirement', async () => {
    const c = await registerCompany({ documents: [] });
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 422, 'required documents not accepted', {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: c.verificationId,
      unmetRequirements: [
        { requirement: 'COMPANY_REGISTRATION', label: 'Company registration extract', documentTypes: ['CERTIFICATE_OF_INCORPORATION'] },
        { requirement: 'PROOF_OF_ADDRESS', label: 'Proof of address', documentTypes: ['PROOF_OF_ADDRESS'] },
        {
          requirement: 'REPRESENTATIVE_IDENTITY',
          label: 'Identity document of Olga Owner',
          documentTypes: IDENTITY_TYPES,
          representativeId: expect.any(String),
          representativeName: 'Olga Owner',
        },
        {
          requirement: 'REPRESENTATIVE_IDENTITY',
          label: 'Identity document of Paul Partner',
          documentTypes: IDENTITY_TYPES,
          representativeId: expect.any(String),
          representativeName: 'Paul Partner',
        },
      ],
      undecidedDocuments: [],
    });
    const v = await caseOf(olgaToken, c.verificationId);
    expect(v).toMatchObject({ status: 'PENDING_REVIEW', canApprove: false });
    expect(v.requirements.map((r) => [r.requirement, r.satisfied])).toEqual([
      ['COMPANY_REGISTRATION', false],
      ['PROOF_OF_ADDRESS', false],
      ['REPRESENTATIVE_IDENTITY', false],
      ['REPRESENTATIVE_IDENTITY', false],
    ]);
  });

  it('an individual whose document is still pending cannot be approved; once it is accepted the approval passes and the document shows ACCEPTED', async () => {
    const c = await registerPerson();
    const docId = (await caseOf(olgaToken, c.verificationId)).documents[0]!.id;
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 422, 'required documents not accepted', {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: c.verificationId,
      unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: IDENTITY_TYPES }],
      undecidedDocuments: [{ documentId: docId, documentType: 'PASSPORT' }],
    });
    expect((await decideDocument(olgaToken, c.verificationId, docId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(200);
    const approved = await decide(olgaToken, c.verificationId, { ...APPROVE, comment: 'passport checked' });
    expect(approved.status, approved.text).toBe(200);
    expect((await caseOf(olgaToken, c.verificationId)).documents.map((d) => d.status)).toEqual(['ACCEPTED']);
  });

  it('a rejected extra document does not block; an undecided one does', async () => {
    const c = await registerPerson({ mutate: (b) => (b.DOCUMENTS = [{ documentType: 'OTHER', documentFile: b64(makePdf('payslip')) }]) });
    const [passport, other] = (await caseOf(olgaToken, c.verificationId)).documents;
    await decideDocument(olgaToken, c.verificationId, passport!.id, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' });
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 422, 'required documents not accepted', {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: c.verificationId,
      unmetRequirements: [],
      undecidedDocuments: [{ documentId: other!.id, documentType: 'OTHER' }],
    });
    await decideDocument(olgaToken, c.verificationId, other!.id, { decision: 'REJECT', reasonCode: 'DOCUMENT_MISMATCH', comment: 'not a payslip of the customer' });
    expect((await decide(olgaToken, c.verificationId, APPROVE)).status).toBe(200);
  });

  it('the category selects the row: RETAIL_PREMIUM also needs a proof of address', async () => {
    const c = await registerPerson({
      categoryId: cats.RETAIL_PREMIUM,
      parametrization: [...RETAIL_STANDARD_KEYS, { name: 'annualIncomeBand', value: '50K_100K' }, { name: 'expectedMonthlyVolume', value: '1K_5K' }],
    });
    await acceptDocuments(olgaToken, c.verificationId);
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 422, 'required documents not accepted', {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: c.verificationId,
      unmetRequirements: [{ requirement: 'PROOF_OF_ADDRESS', label: 'Proof of address', documentTypes: ['PROOF_OF_ADDRESS'] }],
      undecidedDocuments: [],
    });
  });

  it('an organization registered with its documents (one identity document per representative) and consents can be approved once they are accepted, then activated', async () => {
    const c = await registerCompany({ by: adminToken, consents: { termsAccepted: true, privacyAccepted: true, dataProcessingConsent: true } });
    const v = await caseOf(olgaToken, c.verificationId);
    expect(v.documents.map((d) => [d.documentType, d.status, d.uploadedBy, d.uploadedByName])).toEqual([
      ['CERTIFICATE_OF_INCORPORATION', 'PENDING', admin.userId, 'admin'],
      ['PROOF_OF_ADDRESS', 'PENDING', admin.userId, 'admin'],
      ['PASSPORT', 'PENDING', admin.userId, 'admin'],
      ['NATIONAL_ID', 'PENDING', admin.userId, 'admin'],
    ]);
    await acceptDocuments(olgaToken, c.verificationId);
    expect((await decide(olgaToken, c.verificationId, APPROVE)).status).toBe(200);
    const activated = await activate(adminToken, c.customerId, 'organization');
    expect(activated.status, activated.text).toBe(200);
  });
});

describe("each representative's own identity document", () => {
  it('approval needs an accepted identity document of every representative/owner, naming the person who lacks one; an upload links the document to its person', async () => {
    const docs = ORGANIZATION_DOCUMENTS().slice(0, 3); // Olga Owner's passport only
    const c = await registerCompany({ by: adminToken, documents: docs });
    const v = await caseOf(olgaToken, c.verificationId);
    const reps = v.representatives as { id: string; firstName: string }[];
    const [olgaRep, paulRep] = [reps.find((r) => r.firstName === 'Olga')!, reps.find((r) => r.firstName === 'Paul')!];
    expect(v.documents.map((d) => [d.documentType, d.representativeId, d.representativeName])).toEqual([
      ['CERTIFICATE_OF_INCORPORATION', null, null],
      ['PROOF_OF_ADDRESS', null, null],
      ['PASSPORT', olgaRep.id, 'Olga Owner'],
    ]);
    expect(v.requirements.map((r) => [r.requirement, r.representativeName ?? null, r.satisfied])).toEqual([
      ['COMPANY_REGISTRATION', null, false],
      ['PROOF_OF_ADDRESS', null, false],
      ['REPRESENTATIVE_IDENTITY', 'Olga Owner', false],
      ['REPRESENTATIVE_IDENTITY', 'Paul Partner', false],
    ]);
    await acceptDocuments(olgaToken, c.verificationId);
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 422, 'required documents not accepted', {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: c.verificationId,
      unmetRequirements: [
        {
          requirement: 'REPRESENTATIVE_IDENTITY',
          label: 'Identity document of Paul Partner',
          documentTypes: IDENTITY_TYPES,
          representativeId: paulRep.id,
          representativeName: 'Paul Partner',
        },
      ],
      undecidedDocuments: [],
    });
    // a person of another customer, or a document that is not an identity document: 400 on representativeId
    const other = await registerCompany({ by: adminToken });
    const otherRep = ((await caseOf(olgaToken, other.verificationId)).representatives as { id: string }[])[0]!;
    expectEnvelope(
      await uploadDocument(adminToken, c.customerId, { documentType: 'NATIONAL_ID', documentFile: b64(PNG), representativeId: otherRep.id }, 'organization'),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'representativeId', message: 'is not a representative or owner of this customer' }],
      },
    );
    expectEnvelope(
      await uploadDocument(adminToken, c.customerId, { documentType: 'PROOF_OF_ADDRESS', documentFile: b64(makePdf('Bill')), representativeId: paulRep.id }, 'organization'),
      400,
      'request validation failed',
      {
        error: 'VALIDATION_FAILED',
        errors: [{ field: 'representativeId', message: 'only an identity document (passport, national identity card, driving licence, residence permit) belongs to a person' }],
      },
    );
    expect((await caseOf(olgaToken, c.verificationId)).documents).toHaveLength(3);
    const up = await uploadDocument(adminToken, c.customerId, { documentType: 'NATIONAL_ID', documentFile: b64(PNG), representativeId: paulRep.id }, 'organization');
    expect(up.status, up.text).toBe(200);
    expect((up.json.data as { document: Json }).document).toMatchObject({ documentType: 'NATIONAL_ID', representativeId: paulRep.id, representativeName: 'Paul Partner' });
    await acceptDocuments(olgaToken, c.verificationId);
    const approved = await decide(olgaToken, c.verificationId, APPROVE);
    expect(approved.status, approved.text).toBe(200);
  });

  it('a registration naming a person who is not in the list, or linking a non-identity document to one: 400 on DOCUMENTS.N.representativeIndex, nothing written', async () => {
    const docs: Record<string, unknown>[] = ORGANIZATION_DOCUMENTS();
    docs[3] = { ...docs[3]!, representativeIndex: 2 };
    docs[1] = { ...docs[1]!, representativeIndex: 0 };
    const res = await registerOrganization(organizationBody(cats, { documents: docs }), contextHeaders(t.tenantId));
    expectEnvelope(res, 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'DOCUMENTS.1.representativeIndex', message: 'only an identity document (passport, national identity card, driving licence, residence permit) belongs to a person' },
        { field: 'DOCUMENTS.3.representativeIndex', message: 'no representative at position 2; 2 given' },
      ],
    });
  });
});

describe('expired documents', () => {
  it('are flagged and cannot be accepted (422 document expired); rejecting them works', async () => {
    const c = await registerPerson({ mutate: (b) => ((b.DOCUMENT_UPLOAD as Json).expiryDate = '2026-05-31') });
    const doc = (await caseOf(olgaToken, c.verificationId)).documents[0]!;
    expect(doc).toMatchObject({ expiryDate: '2026-05-31', expired: true });
    expectEnvelope(await decideDocument(olgaToken, c.verificationId, doc.id, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }), 422, 'document expired', {
      error: 'DOCUMENT_EXPIRED',
      documentId: doc.id,
      expiryDate: '2026-05-31',
      details: 'an expired document cannot be accepted; reject it or request a revision',
    });
    const rejected = await decideDocument(olgaToken, c.verificationId, doc.id, { decision: 'REJECT', reasonCode: 'DOCUMENT_EXPIRED', comment: 'expired yesterday' });
    expect(rejected.json.data).toMatchObject({ status: 'REJECTED', decisionReasonCode: 'DOCUMENT_EXPIRED', decidedByName: 'Olga Officer' });
  });

  it('a document expiring today is still valid', async () => {
    const c = await registerPerson({ mutate: (b) => ((b.DOCUMENT_UPLOAD as Json).expiryDate = '2026-06-01') });
    const doc = (await caseOf(olgaToken, c.verificationId)).documents[0]!;
    expect(doc.expired).toBe(false);
    expect((await decideDocument(olgaToken, c.verificationId, doc.id, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(200);
  });
});

describe('reason codes filtered by the decision; comments for reject and revision', () => {
  let c: Reg;
  let docId: string;
  beforeAll(async () => {
    c = await registerPerson();
    docId = (await caseOf(olgaToken, c.verificationId)).documents[0]!.id;
  });
  it.each([
    [{ decision: 'APPROVE', reasonCode: 'SUSPECTED_FRAUD' }, [{ field: 'reasonCode', message: 'for APPROVE choose one of DOCUMENTS_VERIFIED, ENHANCED_DUE_DILIGENCE_COMPLETED' }]],
    [{ decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD' }, [{ field: 'comment', message: 'a comment is required for this decision' }]],
    [
      { decision: 'REJECT', reasonCode: 'DOCUMENTS_VERIFIED', comment: '  ' },
      [
        { field: 'reasonCode', message: 'for REJECT choose one of SUSPECTED_FRAUD, SANCTIONS_MATCH, DOCUMENT_MISMATCH, DOCUMENT_EXPIRED, HIGH_RISK_PROFILE, PEP_REVIEW_REQUIRED, OTHER' },
        { field: 'comment', message: 'a comment is required for this decision' },
      ],
    ],
    [
      { decision: 'REQUEST_REVISION', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred' },
      [{ field: 'documentIds', message: 'name the documents to replace or the required documents to provide' }],
    ],
    [{ reasonCode: 'DOCUMENTS_VERIFIED' }, [{ field: 'decision', message: 'choose a decision: APPROVE, REJECT or REQUEST_REVISION' }]],
  ])('%j answers 400 on the fields', async (body, errors) => {
    expectEnvelope(await decide(olgaToken, c.verificationId, body), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
  });

  it('document decisions: reasons per decision, a comment to reject', async () => {
    expectEnvelope(await decideDocument(olgaToken, c.verificationId, docId, { decision: 'ACCEPT', reasonCode: 'DOCUMENT_UNREADABLE' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'reasonCode', message: 'for ACCEPT choose one of DOCUMENTS_VERIFIED' }],
    });
    expectEnvelope(await decideDocument(olgaToken, c.verificationId, docId, { decision: 'REJECT', reasonCode: 'DOCUMENT_UNREADABLE' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'comment', message: 'a comment is required when rejecting a document' }],
    });
  });

  it("a revision naming a document that is not the customer's: 400 on documentIds.N", async () => {
    expectEnvelope(
      await decide(olgaToken, c.verificationId, {
        decision: 'REQUEST_REVISION',
        reasonCode: 'DOCUMENT_UNREADABLE',
        comment: 'blurred',
        documentIds: [docId, '3f2e1d0c-0000-4000-8000-00000000000a'],
      }),
      400,
      'request validation failed',
      { error: 'VALIDATION_FAILED', errors: [{ field: 'documentIds.1', message: 'not a current document of this customer' }] },
    );
  });
});

describe('assignment that holds', () => {
  it('claim, refusals for another officer (403 assigned to another officer), reassignment by an administrator, release', async () => {
    const c = await registerPerson({ by: adminToken });
    const docId = (await caseOf(olgaToken, c.verificationId)).documents[0]!.id;
    expect((await assign(olgaToken, c.verificationId)).json.data).toEqual({ id: c.verificationId, status: 'IN_REVIEW', assigneeUserId: olga.userId });
    const held = {
      error: 'ASSIGNED_TO_ANOTHER_OFFICER',
      verificationId: c.verificationId,
      assigneeUserId: olga.userId,
      assigneeName: 'Olga Officer',
      details: 'the case is assigned to another officer; ask them to release it or an administrator to reassign it',
    };
    expectEnvelope(await assign(pietToken, c.verificationId), 403, 'verification assigned to another officer', held);
    expectEnvelope(await assign(pietToken, c.verificationId, { assigneeUserId: null }), 403, 'verification assigned to another officer', held);
    expectEnvelope(await decide(pietToken, c.verificationId, { decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD', comment: 'fake' }), 403, 'verification assigned to another officer', held);
    expectEnvelope(await decideDocument(pietToken, c.verificationId, docId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }), 403, 'verification assigned to another officer', held);
    expectEnvelope(await assign(olgaToken, c.verificationId, { assigneeUserId: piet.userId }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'only an ADMIN_USER may assign a case to another officer; claim it for yourself instead',
    });
    // administrators reassign, but not to the registrar (four-eyes) nor to someone without a review role
    expectEnvelope(await assign(adminToken, c.verificationId, { assigneeUserId: admin.userId }), 403, 'access denied', {
      error: 'FOUR_EYES',
      details: 'the user who registered the customer cannot review its case; assign it to another officer',
      userId: admin.userId,
    });
    expectEnvelope(await assign(adminToken, c.verificationId, { assigneeUserId: employee.userId }), 422, 'unprocessable request', {
      error: 'ASSIGNEE_NOT_REVIEWER',
      details: 'the assignee must hold the COMPLIANCE_OFFICER or ADMIN_USER role',
      assigneeUserId: employee.userId,
    });
    expect((await assign(adminToken, c.verificationId, { assigneeUserId: piet.userId })).json.data).toEqual({ id: c.verificationId, status: 'IN_REVIEW', assigneeUserId: piet.userId });
    expect((await decideDocument(pietToken, c.verificationId, docId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' })).status).toBe(200);
    expect((await assign(pietToken, c.verificationId, { assigneeUserId: null })).json.data).toEqual({ id: c.verificationId, status: 'PENDING_REVIEW', assigneeUserId: null });
    // the queue names assignees
    await assign(olgaToken, c.verificationId);
    const items = (await queue(pietToken, '?assignee=any&pageSize=100')).json.data.items;
    expect(items.find((i) => i.id === c.verificationId)).toMatchObject({ assigneeUserId: olga.userId, assigneeName: 'Olga Officer', registeredByName: 'admin', submittedByName: 'admin' });
  });
});

describe('four-eyes visible up front', () => {
  it('the case says the registrar may not approve, and why, before any decision; the server refuses it', async () => {
    const c = await registerPerson({ by: adminToken });
    await acceptDocuments(olgaToken, c.verificationId);
    const forRegistrar = await caseOf(adminToken, c.verificationId);
    expect(forRegistrar).toMatchObject({ registeredByUserId: admin.userId, registeredByName: 'admin', submittedByName: 'admin', canApprove: false });
    expect(forRegistrar.approveBlockedReasons).toEqual([{ code: 'FOUR_EYES', message: 'You registered this customer: another officer must review it (four-eyes rule).' }]);
    expect(await caseOf(pietToken, c.verificationId)).toMatchObject({ canApprove: true, approveBlockedReasons: [] });
    expectEnvelope(await decide(adminToken, c.verificationId, APPROVE), 403, 'access denied', {
      error: 'FOUR_EYES',
      details: 'the user who registered the customer cannot decide on its verification; another officer must review it',
      userId: admin.userId,
    });
  });
});

describe('the registrar decides nothing on its case', () => {
  it('the case says so before any input (canDecide, decideBlockedReasons), and the server refuses reject, revision and document decisions', async () => {
    const c = await registerPerson({ by: adminToken });
    const forRegistrar = await caseOf(adminToken, c.verificationId);
    const fourEyes = { code: 'FOUR_EYES', message: 'You registered this customer: another officer must review it (four-eyes rule).' };
    expect(forRegistrar).toMatchObject({ canDecide: false, decideBlockedReasons: [fourEyes], canApprove: false });
    expect(await caseOf(pietToken, c.verificationId)).toMatchObject({ canDecide: true, decideBlockedReasons: [] });
    const refused = (details: string) => ({ error: 'FOUR_EYES', details, userId: admin.userId });
    const onCase = 'the user who registered the customer cannot decide on its verification; another officer must review it';
    expectEnvelope(await decide(adminToken, c.verificationId, { decision: 'REJECT', reasonCode: 'SUSPECTED_FRAUD', comment: 'fake' }), 403, 'access denied', refused(onCase));
    expectEnvelope(
      await decide(adminToken, c.verificationId, { decision: 'REQUEST_REVISION', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred', documentIds: [forRegistrar.documents[0]!.id] }),
      403,
      'access denied',
      refused(onCase),
    );
    const onDocuments = 'the user who registered the customer cannot review its documents; another officer must review them';
    for (const decision of [
      { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' },
      { decision: 'REJECT', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred' },
    ]) {
      expectEnvelope(await decideDocument(adminToken, c.verificationId, forRegistrar.documents[0]!.id, decision), 403, 'access denied', refused(onDocuments));
    }
    // nothing changed
    expect(await caseOf(pietToken, c.verificationId)).toMatchObject({ status: 'PENDING_REVIEW', documents: [expect.objectContaining({ status: 'PENDING' })] });
  });

  it('a case held by another officer: every decision is blocked for the others, with the reason', async () => {
    const c = await registerPerson({ by: adminToken });
    expect((await assign(olgaToken, c.verificationId)).status).toBe(200);
    const forPiet = await caseOf(pietToken, c.verificationId);
    expect(forPiet).toMatchObject({ canDecide: false, decideBlockedReasons: [{ code: 'ASSIGNED_TO_ANOTHER_OFFICER', message: expect.stringContaining('The case is assigned to ') }] });
    expect(await caseOf(olgaToken, c.verificationId)).toMatchObject({ canDecide: true, decideBlockedReasons: [] });
  });
});

describe('two approvals by two different officers (tenant setting)', () => {
  it('only an ADMIN_USER changes the setting', async () => {
    expect((await reviewSettings(olgaToken)).json.data).toEqual({ twoApprovalsForOrganizations: false, twoApprovalsForHighRisk: false });
    expectEnvelope(await reviewSettings(olgaToken, { twoApprovalsForOrganizations: true }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'only an ADMIN_USER may change the review settings',
    });
    // an employee may neither read nor change them: the review's role refusal
    const employeeToken = await tokenOf(employee);
    const roleDenied = { userId: employee.userId, currentRoles: ['EMPLOYEE'], requiredRoles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'] };
    expectEnvelope(await reviewSettings(employeeToken), 403, 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role', roleDenied);
    expectEnvelope(await reviewSettings(employeeToken, { twoApprovalsForOrganizations: true }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'only an ADMIN_USER may change the review settings',
    });
    expect((await reviewSettings(adminToken)).json.data).toEqual({ twoApprovalsForOrganizations: false, twoApprovalsForHighRisk: false });
    expectEnvelope(await reviewSettings(adminToken, { twoApprovalsForOrganizations: 'yes' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'twoApprovalsForOrganizations', message: 'Invalid input: expected boolean, received string' }],
    });
  });

  it('organizations: the first approval returns the case to the queue; the same officer cannot give the second (403); another officer approves', async () => {
    expect((await reviewSettings(adminToken, { twoApprovalsForOrganizations: true })).json).toEqual({
      code: 200,
      message: 'review settings updated',
      data: { twoApprovalsForOrganizations: true, twoApprovalsForHighRisk: false },
    });
    const c = await registerCompany();
    await assign(olgaToken, c.verificationId);
    await acceptDocuments(olgaToken, c.verificationId);
    const first = await decide(olgaToken, c.verificationId, APPROVE);
    expect(first.json).toMatchObject({
      code: 200,
      message: 'first approval recorded; a second officer must approve',
      data: { status: 'PENDING_REVIEW', approvalsRequired: 2, firstApprovedBy: olga.userId },
    });
    expect(await caseOf(olgaToken, c.verificationId)).toMatchObject({
      assigneeUserId: null,
      firstApprovedByName: 'Olga Officer',
      canApprove: false,
      approveBlockedReasons: [{ code: 'SECOND_APPROVER_MUST_DIFFER', message: 'You gave the first approval: a second, different officer must approve.' }],
    });
    expectEnvelope(await decide(olgaToken, c.verificationId, APPROVE), 403, 'second approval requires a different officer', {
      error: 'SECOND_APPROVER_MUST_DIFFER',
      verificationId: c.verificationId,
      firstApprovedBy: olga.userId,
      approverId: olga.userId,
    });
    const second = await decide(pietToken, c.verificationId, APPROVE);
    expect(second.json.data).toMatchObject({ status: 'APPROVED', decidedBy: piet.userId, approvalsRequired: 2, firstApprovedBy: olga.userId });
    // individuals of low risk still need one approval
    const p = await registerPerson();
    await acceptDocuments(pietToken, p.verificationId);
    expect((await decide(pietToken, p.verificationId, APPROVE)).json.data).toMatchObject({ status: 'APPROVED', approvalsRequired: 1 });
    await reviewSettings(adminToken, { twoApprovalsForOrganizations: false });
  });

  it('high-risk cases (by the risk rules) need two approvals when the setting says so', async () => {
    await reviewSettings(adminToken, { twoApprovalsForHighRisk: true });
    const c = await registerPerson({ mutate: (b) => ((b.PERSONAL_INFO as Json).nationality = 'IR') });
    const v = await caseOf(olgaToken, c.verificationId);
    expect(v).toMatchObject({ riskLevel: 'HIGH', approvalsRequired: 2 });
    await acceptDocuments(olgaToken, c.verificationId);
    expect((await decide(olgaToken, c.verificationId, APPROVE)).json.data).toMatchObject({ status: 'PENDING_REVIEW', firstApprovedBy: olga.userId });
    // a rejection by the second officer clears the first approval
    expect((await decide(pietToken, c.verificationId, { decision: 'REJECT', reasonCode: 'HIGH_RISK_PROFILE', comment: 'outside appetite' })).json.data).toMatchObject({
      status: 'REJECTED',
      firstApprovedBy: null,
    });
    await reviewSettings(adminToken, { twoApprovalsForHighRisk: false });
  });
});

describe('risk rating (RISK_RULES)', () => {
  it('a low-risk individual: LOW without reasons; a high-risk nationality and a rejected document add their reasons', async () => {
    const low = await registerPerson();
    expect(await caseOf(olgaToken, low.verificationId)).toMatchObject({ riskLevel: 'LOW', riskReasons: [] });
    const high = await registerPerson({ mutate: (b) => ((b.PERSONAL_INFO as Json).nationality = 'ir') });
    const v = await caseOf(olgaToken, high.verificationId);
    expect(v).toMatchObject({ riskLevel: 'HIGH', riskReasons: [{ rule: 'HIGH_RISK_COUNTRY', level: 'HIGH', reason: 'a high-risk country: IR' }] });
    await decideDocument(olgaToken, high.verificationId, v.documents[0]!.id, { decision: 'REJECT', reasonCode: 'DOCUMENT_MISMATCH', comment: 'photo differs' });
    expect((await caseOf(olgaToken, high.verificationId)).riskReasons).toEqual([
      { rule: 'HIGH_RISK_COUNTRY', level: 'HIGH', reason: 'a high-risk country: IR' },
      { rule: 'DOCUMENT_REJECTED', level: 'MEDIUM', reason: 'a document was rejected' },
    ]);
    const items = (await queue(olgaToken, '?riskLevel=HIGH&pageSize=100')).json.data.items;
    expect(items.map((i) => i.id)).toContain(high.verificationId);
    expect(items.map((i) => i.id)).not.toContain(low.verificationId);
    expect(items.every((i) => i.riskLevel === 'HIGH')).toBe(true);
  });
});

describe('the revision loop', () => {
  it('request revision names the document; the administrator uploads a replacement through the API; the case returns to the queue with its history', async () => {
    const c = await registerPerson({ by: adminToken });
    const oldId = (await caseOf(olgaToken, c.verificationId)).documents[0]!.id;
    await assign(olgaToken, c.verificationId);
    await decideDocument(olgaToken, c.verificationId, oldId, { decision: 'REJECT', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'glare on the photo page' });
    tick();
    const asked = await decide(olgaToken, c.verificationId, {
      decision: 'REQUEST_REVISION',
      reasonCode: 'DOCUMENT_UNREADABLE',
      comment: 'please scan again',
      documentIds: [oldId],
      requirements: ['PROOF_OF_ADDRESS'],
    });
    expect(asked.json.data).toMatchObject({
      status: 'REVISION_REQUESTED',
      revisionRequest: {
        documentIds: [oldId],
        requirements: ['PROOF_OF_ADDRESS'],
        comment: 'please scan again',
        requestedBy: olga.userId,
        requestedAt: new Date(T0 + elapsed).toISOString(),
      },
    });
    const docs = (await customerDocuments(adminToken, c.customerId)).json.data as Json;
    expect(docs).toMatchObject({
      verificationStatus: 'REVISION_REQUESTED',
      revisionRequest: { requestedByName: 'Olga Officer', outstanding: { documentIds: [oldId], requirements: ['PROOF_OF_ADDRESS'] } },
    });
    // validation and unknown documents
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'PASSPORT', documentFile: b64(Buffer.from('hello')) }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'documentFile', message: 'the file must be a PDF, PNG or JPEG' }],
    });
    expectEnvelope(
      await uploadDocument(adminToken, c.customerId, { documentType: 'PASSPORT', documentFile: b64(PNG), replacesDocumentId: '3f2e1d0c-0000-4000-8000-00000000000b' }),
      404,
      'resource not found',
      {
        error: 'NOT_FOUND',
        details: 'document not found',
      },
    );
    tick();
    const replaced = await uploadDocument(adminToken, c.customerId, {
      documentType: 'PASSPORT',
      documentNumber: 'P7654321',
      issuingCountry: 'GB',
      expiryDate: '2034-01-01',
      documentFile: b64(PNG),
      replacesDocumentId: oldId,
    });
    expect(replaced.json).toMatchObject({
      code: 200,
      message: 'document replaced',
      data: {
        replacedDocumentId: oldId,
        verificationStatus: 'REVISION_REQUESTED',
        outstanding: { documentIds: [], requirements: ['PROOF_OF_ADDRESS'] },
        document: { documentType: 'PASSPORT', status: 'PENDING', uploadedBy: admin.userId },
      },
    });
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'PASSPORT', documentFile: b64(PNG), replacesDocumentId: oldId }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the document was already replaced',
    });
    tick();
    const address = await uploadDocument(adminToken, c.customerId, { documentType: 'PROOF_OF_ADDRESS', documentFile: b64(makePdf('Council tax bill')) });
    expect(address.json).toMatchObject({ message: 'document uploaded', data: { verificationStatus: 'PENDING_REVIEW', outstanding: { documentIds: [], requirements: [] } } });
    const v = await caseOf(olgaToken, c.verificationId);
    expect(v).toMatchObject({ status: 'PENDING_REVIEW', assigneeUserId: null, revisionRequest: null, submittedByUserId: admin.userId, submittedAt: new Date(T0 + elapsed).toISOString() });
    expect(v.documents.map((d) => [d.documentType, d.status, d.supersededBy])).toEqual([
      ['PASSPORT', 'REJECTED', (replaced.json.data as { document: { id: string } }).document.id],
      ['PASSPORT', 'PENDING', null],
      ['PROOF_OF_ADDRESS', 'PENDING', null],
    ]);
    // a superseded document is history: no decisions on it
    await assign(olgaToken, c.verificationId);
    expectEnvelope(await decideDocument(olgaToken, c.verificationId, oldId, { decision: 'ACCEPT', reasonCode: 'DOCUMENTS_VERIFIED' }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the document was replaced; decide on its replacement',
    });
    await acceptDocuments(olgaToken, c.verificationId);
    expect((await decide(olgaToken, c.verificationId, APPROVE)).json.data).toMatchObject({ status: 'APPROVED' });
    expectEnvelope(await uploadDocument(adminToken, c.customerId, { documentType: 'OTHER', documentFile: b64(PNG) }), 409, 'conflict', {
      error: 'CONFLICT',
      details: 'the verification is already approved; documents can no longer change',
    });
    // the whole loop is on the timeline, every detail in words (documents by name and status, reasons by label)
    const events = (await caseTimeline(olgaToken, c.verificationId)).json.data.items;
    const said = (action: string) => events.filter((e) => e.action === action).map((e) => e.changes);
    expect(said('VERIFICATION_REQUEST_REVISION')).toEqual([
      'status: in review → revision requested; reason: Document unreadable; comment: “please scan again”; documents to replace: Passport P1234567 (replaced since); documents to provide: Proof of address',
    ]);
    expect(said('DOCUMENT_REJECTED')).toEqual(['Passport P1234567: not decided → rejected; reason: Document unreadable; comment: “glare on the photo page”']);
    expect(said('DOCUMENT_REPLACED')).toEqual(['Passport P1234567 (replaced since) replaced by Passport P7654321 (accepted)']);
    expect(said('VERIFICATION_RESUBMITTED')).toEqual([
      'status: revision requested → waiting for review; assignee: Olga Officer → nobody; the revision asked for documents to replace: Passport P1234567 (replaced since); documents to provide: Proof of address',
    ]);
    for (const e of events) expect(e.changes, String(e.action)).not.toMatch(/[{}[\]]|\b[A-Z]{2,}_[A-Z_]+\b/);
    const actions = events.map((e) => e.action);
    expect(actions).toEqual([
      'CUSTOMER_REGISTERED',
      'DOCUMENT_UPLOADED',
      'VERIFICATION_ASSIGNED',
      'DOCUMENT_REJECTED',
      'VERIFICATION_REQUEST_REVISION',
      'DOCUMENT_UPLOADED',
      'DOCUMENT_REPLACED',
      'DOCUMENT_UPLOADED',
      'VERIFICATION_RESUBMITTED',
      'VERIFICATION_ASSIGNED',
      'DOCUMENT_ACCEPTED',
      'DOCUMENT_ACCEPTED',
      'VERIFICATION_APPROVE',
    ]);
  });
});

describe('timeline', () => {
  it('names every actor with roles, says what changed, and exports as CSV', async () => {
    const c = await registerPerson({ by: adminToken });
    await assign(olgaToken, c.verificationId);
    await acceptDocuments(olgaToken, c.verificationId);
    await decide(olgaToken, c.verificationId, APPROVE);
    const res = await customerTimeline(pietToken, c.customerId);
    expect(res.status).toBe(200);
    const items = res.json.data.items;
    expect(items.map((e) => [e.label, e.actorName, e.actorRoles])).toEqual([
      ['Customer registered', 'admin', ['ADMIN_USER']],
      ['Document uploaded', 'admin', ['ADMIN_USER']],
      ['Case assigned', 'Olga Officer', ['COMPLIANCE_OFFICER']],
      ['Document accepted', 'Olga Officer', ['COMPLIANCE_OFFICER']],
      ['Approved', 'Olga Officer', ['COMPLIANCE_OFFICER']],
    ]);
    expect(items[2]).toMatchObject({ id: expect.stringMatching(UUID), actorUserId: olga.userId, changes: 'status: waiting for review → in review; assignee: nobody → Olga Officer' });
    const csv = await customerTimeline(pietToken, c.customerId, 'individual', '?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const lines = csv.text.trim().split('\r\n');
    expect(lines[0]).toBe('time,event,action,actor,actor roles,actor id,entity type,entity id,changes');
    expect(lines).toHaveLength(6);
    expect(lines[5]).toMatch(/^\S+,Approved,VERIFICATION_APPROVE,Olga Officer,COMPLIANCE_OFFICER,/);
    // the same through the case, and the customer itself may not read it
    expect((await caseTimeline(olgaToken, c.verificationId)).json.data.items).toEqual(items);
    expectEnvelope(await caseTimeline(olgaToken, '3f2e1d0c-0000-4000-8000-00000000000c'), 404, 'resource not found', { error: 'NOT_FOUND', details: 'verification not found' });
  });
});

describe('the queue: SLA and age', () => {
  it('each case carries its SLA due time; past 48 hours it is overdue and olderThanHours finds it', async () => {
    const c = await registerPerson();
    const fresh = (await queue(olgaToken, '?assignee=any&pageSize=100')).json.data.items.find((i) => i.id === c.verificationId)!;
    expect(fresh).toMatchObject({ overdue: false, slaDueAt: new Date(T0 + elapsed + 48 * HOUR).toISOString() });
    tick(49 * HOUR);
    olgaToken = await tokenOf(olga);
    pietToken = await tokenOf(piet);
    adminToken = await tokenOf(admin);
    const late = (await queue(olgaToken, '?olderThanHours=48&pageSize=100')).json.data.items;
    expect(late.find((i) => i.id === c.verificationId)).toMatchObject({ overdue: true, ageHours: 49 });
    const none = (await queue(olgaToken, '?olderThanHours=50&pageSize=100')).json.data.items;
    expect(none.find((i) => i.id === c.verificationId)).toBeUndefined();
  });
});
