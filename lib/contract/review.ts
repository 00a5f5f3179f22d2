import { z } from 'zod';
import { REFUSALS } from './access';
import { RISK_LEVELS, riskLevelSchema, verificationStatusSchema, type RiskLevel } from './enums';
import { auditEntrySchema } from './customers';
import { DOCUMENT_TYPES, documentUploadStepSchema } from './onboarding';

/**
 * The compliance review's rules as data (docs/onboarding.md "Review rules"): which documents each
 * customer type and category requires, the reason codes each decision allows, the risk rules, the
 * labels of timeline events, and the review settings. The wizard, the review page and the services
 * all read these tables; changing a rule is a change here only.
 */

export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export type CustomerType = 'INDIVIDUAL' | 'ORGANIZATION';

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  PASSPORT: 'Passport',
  NATIONAL_ID: 'National identity card',
  DRIVING_LICENSE: 'Driving licence',
  RESIDENCE_PERMIT: 'Residence permit',
  PROOF_OF_ADDRESS: 'Proof of address',
  CERTIFICATE_OF_INCORPORATION: 'Company registration extract',
  OTHER: 'Other document',
};

const IDENTITY_TYPES = ['PASSPORT', 'NATIONAL_ID', 'DRIVING_LICENSE', 'RESIDENCE_PERMIT'] as const satisfies readonly DocumentType[];

/** A kind of document a case needs: any current document of one of `documentTypes` satisfies it once accepted. */
export const DOCUMENT_REQUIREMENTS = {
  IDENTITY: { label: 'Identity document', documentTypes: IDENTITY_TYPES },
  PROOF_OF_ADDRESS: { label: 'Proof of address', documentTypes: ['PROOF_OF_ADDRESS'] },
  COMPANY_REGISTRATION: { label: 'Company registration extract', documentTypes: ['CERTIFICATE_OF_INCORPORATION'] },
  REPRESENTATIVE_IDENTITY: { label: "Representatives' identity documents", documentTypes: IDENTITY_TYPES },
} as const satisfies Record<string, { label: string; documentTypes: readonly DocumentType[] }>;
export type DocumentRequirement = keyof typeof DOCUMENT_REQUIREMENTS;
export const DOCUMENT_REQUIREMENT_KEYS = Object.keys(DOCUMENT_REQUIREMENTS) as [DocumentRequirement, ...DocumentRequirement[]];

/**
 * THE table of required documents: per customer type a default, and per category code (the tenant's
 * hierarchy) an override. Approval is refused unless each requirement has an accepted document.
 */
export const REQUIRED_DOCUMENTS: Record<CustomerType, { default: readonly DocumentRequirement[]; byCategory: Record<string, readonly DocumentRequirement[]> }> = {
  INDIVIDUAL: {
    default: ['IDENTITY'],
    byCategory: {
      RETAIL_PREMIUM: ['IDENTITY', 'PROOF_OF_ADDRESS'],
      RETAIL_HIGH_RISK: ['IDENTITY', 'PROOF_OF_ADDRESS'],
    },
  },
  ORGANIZATION: {
    default: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'],
    byCategory: {},
  },
};

export function requiredDocumentsFor(customerType: CustomerType, categoryCode: string | null | undefined): DocumentRequirement[] {
  const row = REQUIRED_DOCUMENTS[customerType];
  return [...((categoryCode && row.byCategory[categoryCode]) || row.default)];
}

export interface DocumentState {
  id: string;
  documentType: string;
  status: 'PENDING' | 'ACCEPTED' | 'REJECTED';
  supersededBy?: string | null;
  /** whose identity document it is (an organization's representative/owner); null: the customer's own */
  representativeId?: string | null;
}

/** A representative/owner of an organization: each one needs an identity document of their own. */
export interface RequirementPerson {
  id: string;
  name: string;
}

/**
 * Each requirement with the current documents that could satisfy it and whether one is accepted.
 * REPRESENTATIVE_IDENTITY is one requirement per person of `people` (the organization's
 * representatives and owners): only an identity document linked to that person satisfies it.
 */
export function requirementStates(required: readonly DocumentRequirement[], docs: readonly DocumentState[], people: readonly RequirementPerson[] = [], requiredBy?: string) {
  const current = docs.filter((d) => !d.supersededBy);
  return required.flatMap((requirement) => {
    const types = DOCUMENT_REQUIREMENTS[requirement].documentTypes as readonly string[];
    const candidates = current.filter((d) => types.includes(d.documentType));
    const state = (label: string, docsOf: DocumentState[], person?: RequirementPerson) => ({
      requirement,
      label,
      documentTypes: [...types],
      ...(person ? { representativeId: person.id, representativeName: person.name } : {}),
      documentIds: docsOf.map((d) => d.id),
      satisfied: docsOf.some((d) => d.status === 'ACCEPTED'),
      ...(requiredBy ? { requiredBy } : {}),
    });
    if (requirement === 'REPRESENTATIVE_IDENTITY' && people.length) {
      return people.map((p) =>
        state(
          `Identity document of ${p.name}`,
          candidates.filter((d) => d.representativeId === p.id),
          p,
        ),
      );
    }
    return [state(DOCUMENT_REQUIREMENTS[requirement].label, candidates)];
  });
}

/** Why approval is not possible yet (empty when it is): unmet requirements (per person for representatives) and undecided documents. */
export function approvalBlockers(required: readonly DocumentRequirement[], docs: readonly DocumentState[], people: readonly RequirementPerson[] = []) {
  return {
    unmetRequirements: requirementStates(required, docs, people)
      .filter((r) => !r.satisfied)
      .map(({ documentIds: _ids, satisfied: _s, requiredBy: _by, ...r }) => r),
    undecidedDocuments: docs.filter((d) => !d.supersededBy && d.status === 'PENDING').map((d) => ({ documentId: d.id, documentType: d.documentType })),
  };
}

/** Is the document past its expiry date on `today` (YYYY-MM-DD)? Expired documents cannot be accepted. */
export const isExpired = (expiryDate: string | null | undefined, today: string) => !!expiryDate && expiryDate < today;

// --- decisions and their reasons ------------------------------------------------------------

export const DECISION_LABELS = { APPROVE: 'Approve', REJECT: 'Reject', REQUEST_REVISION: 'Request revision' } as const;
export type Decision = keyof typeof DECISION_LABELS;

export const REASON_CODE_LABELS = {
  DOCUMENTS_VERIFIED: 'Documents verified',
  ENHANCED_DUE_DILIGENCE_COMPLETED: 'Enhanced due diligence completed',
  DOCUMENT_UNREADABLE: 'Document unreadable',
  DOCUMENT_EXPIRED: 'Document expired',
  DOCUMENT_MISMATCH: 'Document does not match the customer',
  SUSPECTED_FRAUD: 'Suspected fraud',
  SANCTIONS_MATCH: 'Sanctions list match',
  PEP_REVIEW_REQUIRED: 'Politically exposed person: review required',
  INCOMPLETE_INFORMATION: 'Incomplete information',
  HIGH_RISK_PROFILE: 'Risk profile outside our appetite',
  OTHER: 'Other (explain in the comment)',
} as const;
export type ReasonCode = keyof typeof REASON_CODE_LABELS;

/** Which reason codes each case decision allows; a comment is required where `commentRequired`. */
export const DECISION_RULES: Record<Decision, { reasonCodes: readonly ReasonCode[]; commentRequired: boolean }> = {
  APPROVE: { reasonCodes: ['DOCUMENTS_VERIFIED', 'ENHANCED_DUE_DILIGENCE_COMPLETED'], commentRequired: false },
  REJECT: { reasonCodes: ['SUSPECTED_FRAUD', 'SANCTIONS_MATCH', 'DOCUMENT_MISMATCH', 'DOCUMENT_EXPIRED', 'HIGH_RISK_PROFILE', 'PEP_REVIEW_REQUIRED', 'OTHER'], commentRequired: true },
  REQUEST_REVISION: { reasonCodes: ['DOCUMENT_UNREADABLE', 'DOCUMENT_EXPIRED', 'DOCUMENT_MISMATCH', 'INCOMPLETE_INFORMATION', 'OTHER'], commentRequired: true },
};

/** Which reason codes each document decision allows. */
export const DOCUMENT_DECISION_RULES = {
  ACCEPT: { label: 'Accept', reasonCodes: ['DOCUMENTS_VERIFIED'] as const, commentRequired: false },
  REJECT: { label: 'Reject', reasonCodes: ['DOCUMENT_UNREADABLE', 'DOCUMENT_EXPIRED', 'DOCUMENT_MISMATCH', 'SUSPECTED_FRAUD', 'OTHER'] as const, commentRequired: true },
} satisfies Record<string, { label: string; reasonCodes: readonly ReasonCode[]; commentRequired: boolean }>;

export const REASON_CODES = Object.keys(REASON_CODE_LABELS) as [ReasonCode, ...ReasonCode[]];
const reasonCodeSchema = z.enum(REASON_CODES, { error: `must be one of ${REASON_CODES.join(', ')}` });
const comment = z.string().trim().max(2000, 'must be at most 2000 characters').optional();

// POST /api/v2.1/verifications/{id}/decision
export const reviewDecisionBodySchema = z
  .object({
    decision: z.enum(['APPROVE', 'REJECT', 'REQUEST_REVISION'], { error: 'choose a decision: APPROVE, REJECT or REQUEST_REVISION' }),
    reasonCode: reasonCodeSchema,
    comment,
    documentIds: z
      .array(z.uuid({ message: 'must be a UUID' }))
      .max(20)
      .optional()
      .describe('REQUEST_REVISION: the documents the customer must replace'),
    requirements: z.array(z.enum(DOCUMENT_REQUIREMENT_KEYS)).max(10).optional().describe('REQUEST_REVISION: required documents still to provide'),
  })
  .superRefine((b, ctx) => {
    const rule = DECISION_RULES[b.decision];
    if (!rule.reasonCodes.includes(b.reasonCode)) ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: `for ${b.decision} choose one of ${rule.reasonCodes.join(', ')}` });
    if (rule.commentRequired && !b.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'a comment is required for this decision' });
    if (b.decision === 'REQUEST_REVISION' && !b.documentIds?.length && !b.requirements?.length)
      ctx.addIssue({ code: 'custom', path: ['documentIds'], message: 'name the documents to replace or the required documents to provide' });
  });
export type ReviewDecisionBody = z.infer<typeof reviewDecisionBodySchema>;

// POST /api/v2.1/verifications/{id}/documents/{documentId}/decision
export const reviewDocumentDecisionBodySchema = z
  .object({
    decision: z.enum(['ACCEPT', 'REJECT'], { error: 'must be ACCEPT or REJECT' }),
    reasonCode: reasonCodeSchema,
    comment,
  })
  .superRefine((b, ctx) => {
    const rule = DOCUMENT_DECISION_RULES[b.decision];
    if (!(rule.reasonCodes as readonly string[]).includes(b.reasonCode))
      ctx.addIssue({ code: 'custom', path: ['reasonCode'], message: `for ${b.decision} choose one of ${rule.reasonCodes.join(', ')}` });
    if (rule.commentRequired && !b.comment) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'a comment is required when rejecting a document' });
  });

// POST /api/v2.1/customer/{type}/{customerId}/documents: a new or replacement document
export const documentUploadBodySchema = documentUploadStepSchema.extend({
  replacesDocumentId: z.uuid({ message: 'must be a UUID' }).optional().describe('the document this one replaces (a revision request names it)'),
  representativeId: z.uuid({ message: 'must be a UUID' }).optional().describe("an organization's identity document: the representative/owner it belongs to (our addition)"),
});

// --- risk -------------------------------------------------------------------------------------

export interface RiskFacts {
  customerType: CustomerType;
  categoryRiskLevel: RiskLevel | null;
  countries: string[];
  businessType: string | null;
  industry: string | null;
  documents: { status: string; expired: boolean }[];
  missingRequirements: number;
  representativesWithoutOwnership: boolean;
}

/** Countries our risk appetite treats as high risk (FATF "call for action" and increased monitoring, abridged). */
export const HIGH_RISK_COUNTRIES = ['IR', 'KP', 'MM', 'SY', 'YE', 'AF', 'RU'] as const;
export const HIGH_RISK_INDUSTRIES = ['gambling', 'crypto', 'money service', 'arms', 'precious metals'] as const;

/**
 * THE risk rules: the case's level is the highest level of the rules that apply (LOW when none),
 * and each applying rule is listed as a reason. Change the rules here only.
 */
export const RISK_RULES: { id: string; level: RiskLevel; reason: (f: RiskFacts) => string | null }[] = [
  { id: 'CATEGORY_RISK', level: 'MEDIUM', reason: (f) => (f.categoryRiskLevel === 'MEDIUM' ? 'the customer category is rated medium risk' : null) },
  { id: 'CATEGORY_HIGH_RISK', level: 'HIGH', reason: (f) => (f.categoryRiskLevel === 'HIGH' ? 'the customer category is rated high risk' : null) },
  {
    id: 'HIGH_RISK_COUNTRY',
    level: 'HIGH',
    reason: (f) => {
      const hit = f.countries.filter((c) => (HIGH_RISK_COUNTRIES as readonly string[]).includes(c));
      return hit.length ? `a high-risk country: ${[...new Set(hit)].join(', ')}` : null;
    },
  },
  {
    id: 'HIGH_RISK_INDUSTRY',
    level: 'HIGH',
    reason: (f) => {
      const industry = f.industry?.toLowerCase() ?? '';
      const hit = HIGH_RISK_INDUSTRIES.find((i) => industry.includes(i));
      return hit ? `a high-risk industry: ${f.industry}` : null;
    },
  },
  { id: 'ORGANIZATION', level: 'MEDIUM', reason: (f) => (f.customerType === 'ORGANIZATION' ? 'organizations need business verification (KYB)' : null) },
  { id: 'TENANT_CLIENT', level: 'MEDIUM', reason: (f) => (f.businessType === 'BUSINESS_TYPE_CLIENT_TO_TENANT' ? 'the organization acts as a client of the tenant' : null) },
  { id: 'DOCUMENT_REJECTED', level: 'MEDIUM', reason: (f) => (f.documents.some((d) => d.status === 'REJECTED') ? 'a document was rejected' : null) },
  { id: 'DOCUMENT_EXPIRED', level: 'MEDIUM', reason: (f) => (f.documents.some((d) => d.expired) ? 'a document is expired' : null) },
  { id: 'DOCUMENTS_MISSING', level: 'MEDIUM', reason: (f) => (f.missingRequirements > 0 ? `${f.missingRequirements} required document(s) not provided` : null) },
];

export function assessRisk(facts: RiskFacts): { riskLevel: RiskLevel; riskReasons: { rule: string; level: RiskLevel; reason: string }[] } {
  const riskReasons = RISK_RULES.flatMap((r) => {
    const reason = r.reason(facts);
    return reason ? [{ rule: r.id, level: r.level, reason }] : [];
  });
  const riskLevel = riskReasons.reduce<RiskLevel>((max, r) => (RISK_LEVELS.indexOf(r.level) > RISK_LEVELS.indexOf(max) ? r.level : max), 'LOW');
  return { riskLevel, riskReasons };
}

// --- SLA, settings, queue ----------------------------------------------------------------------

/** Review turnaround we promise: the SLA of each case and the activation error's estimatedCompletionTime. */
export const REVIEW_SLA_HOURS = 48;

export const reviewSettingsSchema = z.object({
  twoApprovalsForOrganizations: z.boolean().describe('organizations need two approvals by two different officers'),
  twoApprovalsForHighRisk: z.boolean().describe('HIGH risk cases need two approvals by two different officers'),
});
export const updateReviewSettingsBodySchema = reviewSettingsSchema.partial();

export const AGE_FILTERS = { any: null, over24h: 24, overdue: REVIEW_SLA_HOURS } as const;
export const reviewQueueFilterSchema = z.object({
  riskLevel: riskLevelSchema.optional(),
  olderThanHours: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 365)
    .optional()
    .describe('only cases submitted more than this many hours ago'),
});

// --- timeline -----------------------------------------------------------------------------------

/**
 * Every action the services write to the audit log (AuditEntry.action is typed by this list, so a
 * new action does not compile without its label here and its description in the timeline).
 */
export const AUDIT_ACTIONS = [
  'CUSTOMER_REGISTERED',
  'ORGANIZATION_REGISTERED',
  'DOCUMENT_UPLOADED',
  'DOCUMENT_REPLACED',
  'DOCUMENT_ACCEPTED',
  'DOCUMENT_REJECTED',
  'CONSENT_ACCEPTED',
  'CONSENT_WITHDRAWN',
  'CONSENT_TEMPLATE_DRAFTED',
  'CONSENT_TEMPLATE_PUBLISHED',
  'CONSENT_TEMPLATE_DISCARDED',
  'VERIFICATION_INITIATED',
  'VERIFICATION_REINITIATED',
  'VERIFICATION_RESUBMITTED',
  'VERIFICATION_ASSIGNED',
  'VERIFICATION_UNASSIGNED',
  'VERIFICATION_NOTE_ADDED',
  'VERIFICATION_FIRST_APPROVAL',
  'VERIFICATION_APPROVE',
  'VERIFICATION_REJECT',
  'VERIFICATION_REQUEST_REVISION',
  'CUSTOMER_ACTIVATED',
  'CUSTOMER_SUSPENDED',
  'CUSTOMER_CLOSED',
  'REVIEW_SETTINGS_CHANGED',
  'CATEGORY_PROCESS_CHANGED',
  'DRAFT_STARTED',
  'DRAFT_DISCARDED',
  'DRAFT_CONSUMED',
  'PRODUCT_CREATED',
  'PRODUCT_UPDATED',
  'EXTERNAL_PARTNER_CREATED',
  'EXTERNAL_PARTNER_UPDATED',
  'EXTERNAL_PARTNER_SECRET_ROTATED',
  'TENANT_BRANDING_CHANGED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Human labels of audit actions for the timeline and its CSV. */
export const TIMELINE_ACTION_LABELS: Record<AuditAction, string> = {
  CUSTOMER_REGISTERED: 'Customer registered',
  ORGANIZATION_REGISTERED: 'Organization registered',
  DOCUMENT_UPLOADED: 'Document uploaded',
  DOCUMENT_REPLACED: 'Document replaced',
  DOCUMENT_ACCEPTED: 'Document accepted',
  DOCUMENT_REJECTED: 'Document rejected',
  CONSENT_ACCEPTED: 'Consent accepted',
  CONSENT_WITHDRAWN: 'Consent withdrawn',
  CONSENT_TEMPLATE_DRAFTED: 'Consent text drafted',
  CONSENT_TEMPLATE_PUBLISHED: 'Consent text published',
  CONSENT_TEMPLATE_DISCARDED: 'Consent draft discarded',
  VERIFICATION_INITIATED: 'Review opened',
  VERIFICATION_REINITIATED: 'Review reopened',
  VERIFICATION_RESUBMITTED: 'Revision answered: back in the queue',
  VERIFICATION_ASSIGNED: 'Case assigned',
  VERIFICATION_UNASSIGNED: 'Case released',
  VERIFICATION_NOTE_ADDED: 'Note added',
  VERIFICATION_FIRST_APPROVAL: 'First approval (second approval required)',
  VERIFICATION_APPROVE: 'Approved',
  VERIFICATION_REJECT: 'Rejected',
  VERIFICATION_REQUEST_REVISION: 'Revision requested',
  CUSTOMER_ACTIVATED: 'Customer activated',
  CUSTOMER_SUSPENDED: 'Customer suspended',
  CUSTOMER_CLOSED: 'Customer closed',
  REVIEW_SETTINGS_CHANGED: 'Review settings changed',
  CATEGORY_PROCESS_CHANGED: 'Category process changed',
  DRAFT_STARTED: 'Registration draft started',
  DRAFT_DISCARDED: 'Registration draft discarded',
  DRAFT_CONSUMED: 'Registered from a draft',
  PRODUCT_CREATED: 'Product created',
  PRODUCT_UPDATED: 'Product changed',
  EXTERNAL_PARTNER_CREATED: 'External event partner registered',
  EXTERNAL_PARTNER_UPDATED: 'External event partner changed',
  EXTERNAL_PARTNER_SECRET_ROTATED: "External event partner's secret rotated",
  TENANT_BRANDING_CHANGED: 'Branding changed',
};

/** The label of an audit action; an action from before this list existed reads as words, not a key. */
export const actionLabel = (action: string) => TIMELINE_ACTION_LABELS[action as AuditAction] ?? action.charAt(0) + action.slice(1).replaceAll('_', ' ').toLowerCase();

export const timelineEventSchema = z.object({
  id: z.uuid(),
  at: z.string().describe('ISO 8601 time'),
  action: z.string(),
  label: z.string(),
  actorUserId: z.uuid().nullable(),
  actorName: z.string().describe('display name; "Self sign-up / system" when there is no actor'),
  actorRoles: z.array(z.string()),
  entityType: z.string(),
  entityId: z.uuid().nullable(),
  changes: z.string().describe('what changed, in words (before -> after)'),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineQuerySchema = z.object({ format: z.enum(['json', 'csv']).default('json') });

export const VERIFICATION_STATUS_LABELS: Record<z.infer<typeof verificationStatusSchema>, string> = {
  NOT_STARTED: 'Not started',
  PENDING_REVIEW: 'Waiting for review',
  IN_REVIEW: 'In review',
  REVISION_REQUESTED: 'Revision requested',
  APPROVED: 'Approved',
  REJECTED: 'Rejected',
};

/** The 403 `details` of a review-settings change by a caller without 'verification:configure' (service and OpenAPI example). */
/** The 403 details of PATCH /verification-settings without verification:configure (worded in access.ts). */
export const REVIEW_SETTINGS_ADMIN_ONLY = REFUSALS.changeReviewSettings;

// ---------------------------------------------------------------- the review's answers (one schema per resource)

export const DOCUMENT_STATUSES = ['PENDING', 'ACCEPTED', 'REJECTED'] as const;

/** One stored document as the review and the customer's documents show it (metadata only, never the content). */
export const reviewDocumentSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  documentNumber: z.string().nullable(),
  issuingCountry: z.string().nullable(),
  expiryDate: z.string().nullable(),
  expired: z.boolean(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  decisionReasonCode: z.string().nullable(),
  decisionComment: z.string().nullable(),
  decidedBy: z.uuid().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  uploadedBy: z.uuid().nullable(),
  uploadedByName: z.string().nullable(),
  supersededBy: z.uuid().nullable().describe('the document that replaced this one'),
  representativeId: z.uuid().nullable().describe("whose identity document it is: the organization's representative/owner (null: the customer's own)"),
  representativeName: z.string().nullable(),
  createdAt: z.string(),
});

/** A required document of the case and whether an accepted document meets it. */
export const documentRequirementStateSchema = z.object({
  requirement: z.enum(DOCUMENT_REQUIREMENT_KEYS),
  label: z.string(),
  documentTypes: z.array(z.string()),
  representativeId: z.uuid().optional().describe('REPRESENTATIVE_IDENTITY: one requirement per representative/owner'),
  representativeName: z.string().optional(),
  documentIds: z.array(z.uuid()),
  satisfied: z.boolean(),
  requiredBy: z.string().optional().describe('the rule that demands it, in words: "category Retail premium" (the category\'s process, docs/category-processes.md)'),
});

const outstandingSchema = z.object({ documentIds: z.array(z.uuid()), requirements: z.array(z.string()) }).describe('what the revision request still waits for');

/** The open revision request of a case: who asked, when, and what to replace or provide. */
export const revisionRequestSchema = z.object({
  documentIds: z.array(z.uuid()),
  requirements: z.array(z.string()),
  comment: z.string().nullable(),
  requestedBy: z.uuid(),
  requestedAt: z.string(),
});

/** GET …/{customerId}/documents */
export const customerDocumentsSchema = z.object({
  verificationId: z.uuid().nullable(),
  verificationStatus: verificationStatusSchema.nullable(),
  documents: z.array(reviewDocumentSchema),
  requirements: z.array(documentRequirementStateSchema),
  revisionRequest: revisionRequestSchema.extend({ requestedByName: z.string(), outstanding: outstandingSchema }).nullable(),
});

/** POST …/{customerId}/documents */
export const documentUploadResultSchema = z.object({
  document: reviewDocumentSchema,
  replacedDocumentId: z.uuid().nullable(),
  verificationId: z.uuid().nullable(),
  verificationStatus: verificationStatusSchema.nullable(),
  outstanding: outstandingSchema,
});

/** One case of the review queue. */
export const verificationSummarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  customerStatus: z.string(),
  registrationNumber: z.string().nullable(),
  status: verificationStatusSchema,
  assigneeUserId: z.uuid().nullable(),
  assigneeName: z.string().nullable(),
  registeredByUserId: z.uuid().nullable(),
  registeredByName: z.string(),
  submittedByUserId: z.uuid().nullable(),
  submittedByName: z.string(),
  riskLevel: z.string(),
  riskReasons: z.array(z.object({ rule: z.string(), level: z.string(), reason: z.string() })),
  firstApprovedBy: z.uuid().nullable(),
  firstApprovedByName: z.string().nullable(),
  firstApprovedAt: z.string().nullable(),
  reasonCode: z.string().nullable(),
  comment: z.string().nullable(),
  decidedBy: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  submittedAt: z.string(),
  ageHours: z.number(),
  slaDueAt: z.string(),
  overdue: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** One case as the queue lists it: the summary and how often the customer answered a revision request (the queue marks a case that came back). */
export const verificationQueueItemSchema = verificationSummarySchema.and(
  z.object({ resubmissions: z.number().int().describe('how often the customer resubmitted after a revision request') }),
);
export type VerificationQueueItem = z.infer<typeof verificationQueueItemSchema>;

/** GET /verifications */
export const verificationPageSchema = z.object({ items: z.array(verificationQueueItemSchema), pageNo: z.number().int(), pageSize: z.number().int(), total: z.number().int() });

/** A reviewer's note on a case. */
export const verificationNoteSchema = z.object({ id: z.uuid(), authorUserId: z.uuid(), body: z.string(), createdAt: z.string() });

/** GET /verifications/{verificationId}: the case with the customer's data, documents, notes and history. */
export const verificationCaseSchema = verificationSummarySchema.extend({
  revisionRequest: revisionRequestSchema.extend({ requestedByName: z.string() }).nullable(),
  notes: z.array(verificationNoteSchema.extend({ authorName: z.string() })),
  history: z.array(auditEntrySchema).describe('the audit entries of the case, oldest first'),
  canApprove: z.boolean(),
  approveBlockedReasons: z.array(z.object({ code: z.string(), message: z.string() })),
  canDecide: z.boolean().describe('whether the caller may make any decision on the case or its documents (reject, revision, document decisions)'),
  decideBlockedReasons: z.array(z.object({ code: z.string(), message: z.string() })).describe('why not: FOUR_EYES, NOT_OPEN, ASSIGNED_TO_ANOTHER_OFFICER'),
  person: z
    .object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      dateOfBirth: z.string().nullable(),
      gender: z.string().nullable(),
      nationality: z.string().nullable(),
      placeOfBirth: z.string().nullable(),
    })
    .nullable(),
  organization: z
    .object({
      id: z.uuid(),
      legalName: z.string().nullable(),
      tradingName: z.string().nullable(),
      registrationNumber: z.string().nullable(),
      taxId: z.string().nullable(),
      businessType: z.string().nullable(),
      industry: z.string().nullable(),
      website: z.string().nullable(),
      incorporationDate: z.string().nullable(),
    })
    .nullable(),
  representatives: z.array(
    z.object({
      id: z.uuid(),
      firstName: z.string(),
      lastName: z.string(),
      position: z.string().nullable(),
      email: z.string().nullable(),
      isPrimaryOwner: z.boolean(),
      ownershipShare: z.string(),
    }),
  ),
  addresses: z.array(
    z.object({
      id: z.uuid(),
      addressType: z.string(),
      street: z.string(),
      building: z.string().nullable(),
      city: z.string(),
      state: z.string().nullable(),
      postalCode: z.string().nullable(),
      country: z.string(),
      isPrimary: z.boolean(),
    }),
  ),
  contacts: z.array(z.object({ id: z.uuid(), contactType: z.string(), value: z.string(), isPrimary: z.boolean() })),
  categorization: z
    .object({ categoryId: z.uuid(), categoryCode: z.string().nullable(), categoryName: z.string().nullable(), riskLevel: z.string(), parameters: z.record(z.string(), z.string()) })
    .nullable(),
  documents: z.array(reviewDocumentSchema),
  requirements: z.array(documentRequirementStateSchema),
  approvalsRequired: z.union([z.literal(1), z.literal(2)]),
  approvalsRequiredBy: z.string().describe('the rule that sets the number of approvals, in words: "category Retail premium", or a review setting'),
  process: z
    .object({
      categoryId: z.uuid().nullable(),
      categoryName: z.string().nullable(),
      isDefault: z.boolean().describe("true: the category follows the platform's default process"),
      screeningRequired: z.boolean(),
      approvalsRequired: z.union([z.literal(1), z.literal(2)]),
      productCodes: z.array(z.string()),
      requiredBy: z.string().describe('"category Retail premium", or the default process when the customer has no category'),
    })
    .describe("the category's process the case follows (docs/category-processes.md)"),
});

/** POST /verifications/{verificationId}/decision: the case after the decision. */
export const decidedVerificationSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  status: verificationStatusSchema,
  reasonCode: z.string().nullable(),
  comment: z.string().nullable(),
  decidedBy: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
  approvalsRequired: z.union([z.literal(1), z.literal(2)]),
  firstApprovedBy: z.uuid().nullable(),
  revisionRequest: revisionRequestSchema.nullable(),
});

export type ReviewDocument = z.infer<typeof reviewDocumentSchema>;
export type CustomerDocuments = z.infer<typeof customerDocumentsSchema>;
export type VerificationSummary = z.infer<typeof verificationSummarySchema>;
export type VerificationCase = z.infer<typeof verificationCaseSchema>;
