import { describe, expect, it } from 'vitest';
import { checkCategoryParameters, humanize } from '@/lib/contract/category-parameters';
import { actionLabel, approvalBlockers, assessRisk, AUDIT_ACTIONS, isExpired, requiredDocumentsFor, reviewDecisionBodySchema, type AuditAction, type RiskFacts } from '@/lib/contract/review';
import { describeEvent, EVENT_DESCRIBERS, timelineCsv, type TimelineLookups } from '@/lib/services/onboarding/timeline';

/** The review's rule tables as pure functions: required documents, approval blockers, expiry, risk, decisions, key values, CSV. */
const facts = (over: Partial<RiskFacts> = {}): RiskFacts => ({
  customerType: 'INDIVIDUAL',
  categoryRiskLevel: 'LOW',
  countries: ['DE'],
  businessType: null,
  industry: null,
  documents: [],
  missingRequirements: 0,
  representativesWithoutOwnership: false,
  ...over,
});

describe('REQUIRED_DOCUMENTS and the approval blockers', () => {
  it('selects the row by customer type and category code', () => {
    expect(requiredDocumentsFor('INDIVIDUAL', 'RETAIL_STANDARD')).toEqual(['IDENTITY']);
    expect(requiredDocumentsFor('INDIVIDUAL', 'RETAIL_HIGH_RISK')).toEqual(['IDENTITY', 'PROOF_OF_ADDRESS']);
    expect(requiredDocumentsFor('ORGANIZATION', null)).toEqual(['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY']);
  });
  it('a superseded document counts for nothing; an undecided one blocks', () => {
    const docs = [
      { id: 'a', documentType: 'PASSPORT', status: 'ACCEPTED' as const, supersededBy: 'b' },
      { id: 'b', documentType: 'PASSPORT', status: 'PENDING' as const, supersededBy: null },
    ];
    expect(approvalBlockers(['IDENTITY'], docs)).toEqual({
      unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE', 'RESIDENCE_PERMIT'] }],
      undecidedDocuments: [{ documentId: 'b', documentType: 'PASSPORT' }],
    });
  });
  it('expiry: the day after the expiry date', () => {
    expect(isExpired('2026-06-01', '2026-06-01')).toBe(false);
    expect(isExpired('2026-05-31', '2026-06-01')).toBe(true);
    expect(isExpired(null, '2026-06-01')).toBe(false);
  });
});

describe('RISK_RULES', () => {
  it('LOW without reasons; the highest level of the rules that apply, each listed', () => {
    expect(assessRisk(facts())).toEqual({ riskLevel: 'LOW', riskReasons: [] });
    expect(assessRisk(facts({ countries: ['DE', 'IR'], documents: [{ status: 'REJECTED', expired: true }] }))).toEqual({
      riskLevel: 'HIGH',
      riskReasons: [
        { rule: 'HIGH_RISK_COUNTRY', level: 'HIGH', reason: 'a high-risk country: IR' },
        { rule: 'DOCUMENT_REJECTED', level: 'MEDIUM', reason: 'a document was rejected' },
        { rule: 'DOCUMENT_EXPIRED', level: 'MEDIUM', reason: 'a document is expired' },
      ],
    });
    expect(assessRisk(facts({ customerType: 'ORGANIZATION', industry: 'Online gambling' })).riskLevel).toBe('HIGH');
  });
});

describe('decisions', () => {
  it('reasons per decision; comments for reject and revision; a revision names what to provide', () => {
    expect(reviewDecisionBodySchema.safeParse({ decision: 'APPROVE', reasonCode: 'DOCUMENTS_VERIFIED' }).success).toBe(true);
    const bad = reviewDecisionBodySchema.safeParse({ decision: 'REQUEST_REVISION', reasonCode: 'DOCUMENTS_VERIFIED' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['reasonCode', 'comment', 'documentIds']);
  });
});

describe('category key values and words', () => {
  it('checkCategoryParameters: missing keys and values outside the allowed ones', () => {
    const features = [{ mandatoryKeys: ['employmentStatus', 'sourceOfFunds'], allowedValues: { employmentStatus: ['EMPLOYED'] } }];
    expect(checkCategoryParameters(features, { employmentStatus: 'PIRATE' })).toEqual({
      missingKeys: ['sourceOfFunds'],
      invalidValues: { employmentStatus: '"PIRATE" is not allowed; allowed values: EMPLOYED' },
    });
  });
  it('humanize', () => {
    expect(['employmentStatus', 'SELF_EMPLOYED', 'EEA', 'NONE', '100K_1M'].map(humanize)).toEqual(['Employment status', 'Self employed', 'EEA', 'None', '100K–1M']);
  });
});

type Obj = Record<string, unknown> | null;
const PASSPORT = 'd0000000-0000-4000-8000-000000000001';
const ADDRESS = 'd0000000-0000-4000-8000-000000000002';
const lookups: TimelineLookups = {
  name: (id) => ({ u1: 'Olga Officer', u2: 'Piet Reviewer' })[id] ?? id,
  document: (id) =>
    ({ [PASSPORT]: { documentType: 'PASSPORT', documentNumber: 'P123', status: 'REJECTED' }, [ADDRESS]: { documentType: 'PROOF_OF_ADDRESS', documentNumber: null, status: 'ACCEPTED' } })[id],
  consentType: (id) => (id === 'c1' ? 'PRIVACY_POLICY' : undefined),
  note: (id) => (id === 'n1' ? 'called the customer' : undefined),
  category: (id) => (id === 'cat1' ? 'Retail premium' : undefined),
};
const rr = { documentIds: [PASSPORT], requirements: ['PROOF_OF_ADDRESS'], comment: 'blurred', requestedBy: 'u1', requestedAt: '2026-01-01T00:00:00.000Z' };
const caseWrite = (from: string, to: string, after: Obj = {}) => ({
  before: { status: from, assigneeUserId: 'u1' },
  after: { status: to, assigneeUserId: 'u1', reasonCode: null, comment: null, ...after },
  entityId: 'v1',
});

/** Each action as its service writes it (typed by AUDIT_ACTIONS: a new action needs its sample here). */
const WRITTEN: Record<AuditAction, { before: Obj; after: Obj; entityId: string | null }> = {
  CUSTOMER_REGISTERED: { before: null, after: { status: 'PENDING_ACTIVATION', verificationStatus: 'PENDING_REVIEW', categoryId: 'cat1', activationNotes: null }, entityId: 'x' },
  ORGANIZATION_REGISTERED: {
    before: null,
    after: { status: 'PENDING_ACTIVATION', verificationStatus: 'PENDING_REVIEW', organizationId: 'o1', registrationNumber: 'HRB 1', adminUserId: 'u2' },
    entityId: 'x',
  },
  DOCUMENT_UPLOADED: { before: null, after: { documentType: 'PASSPORT', sha256: 'ab12', sizeBytes: 2048 }, entityId: PASSPORT },
  DOCUMENT_REPLACED: { before: null, after: { replacedBy: ADDRESS, documentType: 'PASSPORT' }, entityId: PASSPORT },
  DOCUMENT_ACCEPTED: {
    before: { status: 'PENDING', documentType: 'PROOF_OF_ADDRESS' },
    after: { status: 'ACCEPTED', documentType: 'PROOF_OF_ADDRESS', reasonCode: 'DOCUMENTS_VERIFIED', comment: null },
    entityId: ADDRESS,
  },
  DOCUMENT_REJECTED: {
    before: { status: 'PENDING', documentType: 'PASSPORT' },
    after: { status: 'REJECTED', documentType: 'PASSPORT', reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred' },
    entityId: PASSPORT,
  },
  CONSENT_ACCEPTED: { before: null, after: { status: 'ACCEPTED', version: '1.0' }, entityId: 'c1' },
  CONSENT_WITHDRAWN: { before: { status: 'ACCEPTED', version: '1.0' }, after: { status: 'WITHDRAWN', version: '1.0' }, entityId: 'c1' },
  CONSENT_TEMPLATE_DRAFTED: { before: null, after: { consentType: 'DATA_PROCESSING', version: '2.0', material: true, sha256: 'ab12' }, entityId: 't1' },
  CONSENT_TEMPLATE_PUBLISHED: {
    before: { version: '1.0', sha256: 'ab12' },
    after: { consentType: 'PRIVACY_POLICY', version: '2.0', material: true, sha256: 'cd34', reconsentRequired: 3 },
    entityId: 't1',
  },
  CONSENT_TEMPLATE_DISCARDED: { before: { consentType: 'TERMS', version: '1.1', sha256: 'ab12' }, after: null, entityId: 't1' },
  VERIFICATION_INITIATED: { before: null, after: { status: 'PENDING_REVIEW' }, entityId: 'v1' },
  VERIFICATION_REINITIATED: caseWrite('REJECTED', 'PENDING_REVIEW', { assigneeUserId: null }),
  VERIFICATION_RESUBMITTED: {
    before: { status: 'REVISION_REQUESTED', assigneeUserId: 'u1', revisionRequest: rr },
    after: { status: 'PENDING_REVIEW', assigneeUserId: null },
    entityId: 'v1',
  },
  // an assignment after a first approval carries the case's reason along: not shown as the assignment's
  VERIFICATION_ASSIGNED: {
    before: { status: 'PENDING_REVIEW', assigneeUserId: null },
    after: { status: 'IN_REVIEW', assigneeUserId: 'u1', reasonCode: 'DOCUMENTS_VERIFIED', comment: null },
    entityId: 'v1',
  },
  VERIFICATION_UNASSIGNED: caseWrite('IN_REVIEW', 'PENDING_REVIEW', { assigneeUserId: null }),
  VERIFICATION_NOTE_ADDED: { before: null, after: { noteId: 'n1' }, entityId: 'v1' },
  VERIFICATION_FIRST_APPROVAL: caseWrite('IN_REVIEW', 'PENDING_REVIEW', { assigneeUserId: null, reasonCode: 'DOCUMENTS_VERIFIED' }),
  VERIFICATION_APPROVE: caseWrite('IN_REVIEW', 'APPROVED', { reasonCode: 'DOCUMENTS_VERIFIED' }),
  VERIFICATION_REJECT: caseWrite('IN_REVIEW', 'REJECTED', { reasonCode: 'SUSPECTED_FRAUD', comment: 'forged' }),
  VERIFICATION_REQUEST_REVISION: caseWrite('IN_REVIEW', 'REVISION_REQUESTED', { reasonCode: 'DOCUMENT_UNREADABLE', comment: 'blurred', revisionRequest: rr }),
  CUSTOMER_ACTIVATED: { before: { status: 'PENDING_ACTIVATION' }, after: { status: 'ACTIVE' }, entityId: 'x' },
  CUSTOMER_SUSPENDED: { before: { status: 'ACTIVE' }, after: { status: 'SUSPENDED', reason: 'fraud check' }, entityId: 'x' },
  CUSTOMER_CLOSED: { before: { status: 'SUSPENDED' }, after: { status: 'CLOSED', reason: 'asked to' }, entityId: 'x' },
  REVIEW_SETTINGS_CHANGED: {
    before: { twoApprovalsForOrganizations: false, twoApprovalsForHighRisk: false },
    after: { twoApprovalsForOrganizations: true, twoApprovalsForHighRisk: false },
    entityId: 't1',
  },
  CATEGORY_PROCESS_CHANGED: {
    before: {
      categoryName: 'Retail premium',
      isDefault: true,
      requiredDocuments: { INDIVIDUAL: ['IDENTITY', 'PROOF_OF_ADDRESS'], ORGANIZATION: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'] },
      screeningRequired: true,
      approvalsRequired: 1,
      productCodes: [],
    },
    after: {
      categoryName: 'Retail premium',
      isDefault: false,
      requiredDocuments: { INDIVIDUAL: ['IDENTITY'], ORGANIZATION: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'] },
      screeningRequired: false,
      approvalsRequired: 2,
      productCodes: ['default-wallet'],
    },
    entityId: 'cat1',
  },
  DRAFT_STARTED: { before: null, after: { customerType: 'INDIVIDUAL', selfSignUp: true }, entityId: 'd1' },
  DRAFT_DISCARDED: { before: { customerType: 'ORGANIZATION', selfSignUp: false, revision: 4 }, after: null, entityId: 'd1' },
  DRAFT_CONSUMED: { before: { customerType: 'INDIVIDUAL', selfSignUp: false, revision: 1 }, after: { status: 'CONSUMED' }, entityId: 'd1' },
  PRODUCT_CREATED: { before: null, after: { code: 'premium-eur', name: 'Premium EUR' }, entityId: 'p1' },
  PRODUCT_UPDATED: {
    before: { code: 'premium-eur', payoutFee: { fixed: '0.00', percentBps: 0 } },
    after: { code: 'premium-eur', payoutFee: { fixed: '0.50', percentBps: 100 } },
    entityId: 'p1',
  },
  EXTERNAL_PARTNER_CREATED: { before: null, after: { name: 'Card processor', kind: 'CARD_PROCESSOR', enabled: true }, entityId: 'p1' },
  EXTERNAL_PARTNER_UPDATED: {
    before: { name: 'Card processor', kind: 'CARD_PROCESSOR', enabled: true },
    after: { name: 'Card processor', kind: 'CARD_PROCESSOR', enabled: false },
    entityId: 'p1',
  },
  EXTERNAL_PARTNER_SECRET_ROTATED: { before: null, after: null, entityId: 'p1' },
  TENANT_BRANDING_CHANGED: {
    before: null,
    after: { displayName: 'Acme Money', primaryColor: '#0b5d3b', logo: { type: 'image/png', bytes: 2048, sha256: 'ab12cd34ef56ab78' } },
    entityId: 't1',
  },
};

describe('timeline', () => {
  it('every audit action has a label and a describer, and its details read as words: no JSON, no enum keys, no ids', () => {
    expect(Object.keys(EVENT_DESCRIBERS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    for (const action of AUDIT_ACTIONS) {
      const e = WRITTEN[action];
      const words = describeEvent(action, e.before, e.after, e.entityId, lookups);
      expect(words, action).not.toBe('');
      expect(words, action).not.toMatch(/[{}[\]]|\b[A-Z]{2,}_[A-Z_]+\b|\b(u1|u2|c1|n1|cat1|d0000000)/);
      expect(actionLabel(action), action).not.toMatch(/_/);
    }
  });

  it('a category process change reads as words: the category, what changed for whom', () => {
    const e = WRITTEN.CATEGORY_PROCESS_CHANGED;
    expect(describeEvent('CATEGORY_PROCESS_CHANGED', e.before, e.after, e.entityId, lookups)).toBe(
      'category Retail premium; documents of individuals: Identity document, Proof of address → Identity document; screening: required → not required; approvals: one officer → two officers; products: any product → default-wallet',
    );
  });

  it('revision details name the documents with their status and the reasons by their labels', () => {
    const e = WRITTEN.VERIFICATION_REQUEST_REVISION;
    expect(describeEvent('VERIFICATION_REQUEST_REVISION', e.before, e.after, e.entityId, lookups)).toBe(
      'status: in review → revision requested; reason: Document unreadable; comment: “blurred”; documents to replace: Passport P123 (rejected); documents to provide: Proof of address',
    );
    const r = WRITTEN.VERIFICATION_RESUBMITTED;
    expect(describeEvent('VERIFICATION_RESUBMITTED', r.before, r.after, r.entityId, lookups)).toBe(
      'status: revision requested → waiting for review; assignee: Olga Officer → nobody; the revision asked for documents to replace: Passport P123 (rejected); documents to provide: Proof of address',
    );
    const a = WRITTEN.VERIFICATION_ASSIGNED;
    expect(describeEvent('VERIFICATION_ASSIGNED', a.before, a.after, a.entityId, lookups)).toBe('status: waiting for review → in review; assignee: nobody → Olga Officer');
    const d = WRITTEN.DOCUMENT_REJECTED;
    expect(describeEvent('DOCUMENT_REJECTED', d.before, d.after, d.entityId, lookups)).toBe('Passport P123: not decided → rejected; reason: Document unreadable; comment: “blurred”');
    expect(describeEvent('VERIFICATION_NOTE_ADDED', null, { noteId: 'n1' }, 'v1', lookups)).toBe('note: “called the customer”');
  });

  it('an action from before the list reads as words; CSV cells that would be formulas are defused', () => {
    expect(actionLabel('LEGACY_THING_DONE')).toBe('Legacy thing done');
    expect(describeEvent('LEGACY_THING_DONE', { status: 'A' }, { status: 'B', extra: { nested: true } }, null)).toBe('status: A → B');
    const csv = timelineCsv([
      {
        id: 'e',
        at: '2026-01-01T00:00:00.000Z',
        action: 'X',
        label: 'Note, "quoted"',
        actorUserId: null,
        actorName: '=cmd()',
        actorRoles: [],
        entityType: 'T',
        entityId: null,
        changes: '',
        before: null,
        after: null,
      },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`2026-01-01T00:00:00.000Z,"Note, ""quoted""",X,'=cmd(),,,T,,`);
  });
});
