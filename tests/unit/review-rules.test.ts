import { describe, expect, it } from 'vitest';
import { checkCategoryParameters, humanize } from '@/lib/contract/category-parameters';
import { approvalBlockers, assessRisk, isExpired, requiredDocumentsFor, reviewDecisionBodySchema, type RiskFacts } from '@/lib/contract/review';
import { describeChanges, timelineCsv } from '@/lib/services/onboarding/timeline';

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

describe('timeline', () => {
  it('what changed, with people by name; CSV cells that would be formulas are defused', () => {
    expect(describeChanges({ status: 'A', assigneeUserId: null }, { status: 'B', assigneeUserId: 'u1', note: 'x' }, (id) => (id === 'u1' ? 'Olga' : id))).toBe('status: A → B; assigneeUserId: — → Olga; note: x');
    const csv = timelineCsv([
      { id: 'e', at: '2026-01-01T00:00:00.000Z', action: 'X', label: 'Note, "quoted"', actorUserId: null, actorName: '=cmd()', actorRoles: [], entityType: 'T', entityId: null, changes: '', before: null, after: null },
    ]);
    expect(csv.split('\r\n')[1]).toBe(`2026-01-01T00:00:00.000Z,"Note, ""quoted""",X,'=cmd(),,,T,,`);
  });
});
