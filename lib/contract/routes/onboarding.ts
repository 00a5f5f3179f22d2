import { z } from 'zod';
import { categorizationHierarchySchema, categorySchema, featureSchema } from '../categorization';
import {
  activationResultSchema,
  deactivationResultSchema,
  MAX_DOCUMENTS_PER_CUSTOMER,
  REGISTRATION_MAX_BODY_BYTES,
  assignBodySchema,
  consentBodySchema,
  consentParamsSchema,
  createCategoryBodySchema,
  createFeatureBodySchema,
  customerParamsSchema,
  deactivationBodySchema,
  documentParamsSchema,
  idParamsSchema,
  individualRegistrationBodySchema,
  listVerificationsQuerySchema,
  noteBodySchema,
  organizationRegistrationBodySchema,
  organizationRegistrationResultSchema,
  registrationResultSchema,
  updateCategoryBodySchema,
  updateFeatureBodySchema,
  verificationParamsSchema,
} from '../onboarding';
import {
  customerDocumentsSchema,
  decidedVerificationSchema,
  documentUploadResultSchema,
  reviewDocumentSchema,
  verificationCaseSchema,
  verificationNoteSchema,
  verificationPageSchema,
  documentUploadBodySchema,
  reviewDecisionBodySchema,
  reviewDocumentDecisionBodySchema,
  reviewSettingsSchema,
  timelineEventSchema,
  timelineQuerySchema,
  updateReviewSettingsBodySchema,
  REVIEW_SETTINGS_ADMIN_ONLY,
} from '../review';
import { tenantIdParamsSchema } from '../tenants';
import {
  categorizationValidationFailed,
  customerNotVerified,
  documentExpired,
  documentLimitReached,
  requiredDocumentsNotAccepted,
  secondApproverMustDiffer,
  verificationAssignedToOther,
  conflict,
  missingRequiredConsents,
  missingRequiredRole,
  organizationAlreadyExists,
  passwordMismatch,
  forbidden,
  verificationAccessDenied,
} from '../api-errors';
import { auditEntrySchema, consentStateSchema, customerConsentsSchema } from '../customers';
import { EXAMPLE_ID, itemsOf, customerHeaders, proofHeaders, duplicateUser } from './shared';
import { defineRoute, type Refusal, type RouteSpec } from './types';

/** The verification routes answer the contract's own 403 (VERIFICATION_ACCESS_DENIED, with the caller's and the required roles). */
const verificationRefusal: Refusal = (caller) => verificationAccessDenied(caller.userId, [...caller.roles]);

// ------------------------------------------------------------------------------------- onboarding
/** The operations on one customer record, the same for both customer types (customerRecordRoutes). */
const customerOperations = (type: 'individual' | 'organization') => {
  const base = `/api/v2.1/customer/${type}/{customerId}`;
  const tags = ['Customers'];
  return {
    consents: defineRoute({
      method: 'GET',
      path: `${base}/consents`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      summary: 'Current state of each consent and the full history',
      params: customerParamsSchema,
      response: customerConsentsSchema,
    }),
    acceptConsent: defineRoute({
      method: 'POST',
      path: `${base}/consents/{consent}`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      headers: proofHeaders,
      summary: 'Accept a consent (terms, privacy, data-processing, marketing)',
      message: 'consent accepted',
      params: consentParamsSchema,
      body: consentBodySchema,
      response: consentStateSchema,
      errors: [conflict('the TERMS consent (version 1.0) is already accepted')],
    }),
    withdrawConsent: defineRoute({
      method: 'DELETE',
      path: `${base}/consents/{consent}`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      headers: proofHeaders,
      summary: 'Withdraw a consent',
      message: 'consent withdrawn',
      params: consentParamsSchema,
      body: consentBodySchema,
      response: consentStateSchema,
      errors: [conflict('the MARKETING consent is not accepted')],
    }),
    initiateVerification: defineRoute({
      method: 'POST',
      path: `${base}/verification`,
      tags,
      auth: 'bearer',
      allow: 'verification:review',
      refusal: verificationRefusal,
      summary: 'Initiate or re-initiate KYC/KYB',
      message: 'verification initiated',
      params: customerParamsSchema,
      response: z.object({ verificationId: z.uuid(), customerId: z.uuid(), verificationStatus: z.string(), submittedAt: z.string() }),
      errors: [conflict('the customer is already verified')],
    }),
    activate: defineRoute({
      method: 'POST',
      path: `${base}/activation`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      summary: 'Activate once consents are accepted and verification is approved',
      message: 'customer activated',
      params: customerParamsSchema,
      response: activationResultSchema,
      errors: [
        missingRequiredConsents(EXAMPLE_ID, ['TERMS', 'PRIVACY_POLICY']),
        customerNotVerified({ verificationStatus: 'IN_REVIEW', reason: 'verification is in review', estimatedCompletionTime: null }),
        conflict('the customer is already active', { activationStatus: 'ACTIVE' }),
        conflict('the customer is closed and cannot be activated', { activationStatus: 'CLOSED' }),
      ],
    }),
    deactivate: defineRoute({
      method: 'POST',
      path: `${base}/deactivation`,
      tags,
      auth: 'bearer',
      allow: 'customer:deactivate',
      summary: 'Suspend or close a customer',
      message: 'customer suspended',
      params: customerParamsSchema,
      body: deactivationBodySchema,
      response: deactivationResultSchema,
      errors: [conflict('the customer is already suspended'), conflict('the customer is closed')],
    }),
    documents: defineRoute({
      method: 'GET',
      path: `${base}/documents`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      summary: 'Documents (metadata), required documents and their states, the open revision request',
      params: customerParamsSchema,
      response: customerDocumentsSchema,
    }),
    uploadDocument: defineRoute({
      method: 'POST',
      path: `${base}/documents`,
      tags,
      auth: 'bearer',
      allow: 'customer:records',
      idempotency: true,
      maxBodyBytes: REGISTRATION_MAX_BODY_BYTES,
      summary: 'Upload a new or replacement document; answering every item of a revision request returns the case to the queue',
      message: 'document uploaded',
      params: customerParamsSchema,
      body: documentUploadBodySchema,
      response: documentUploadResultSchema,
      errors: [
        documentLimitReached(EXAMPLE_ID, MAX_DOCUMENTS_PER_CUSTOMER),
        conflict('the verification is already approved; documents can no longer change'),
        conflict('the document was already replaced'),
      ],
    }),
    timeline: defineRoute({
      method: 'GET',
      path: `${base}/timeline`,
      tags,
      auth: 'bearer',
      allow: 'customer:audit',
      summary: 'Every event with actor name and roles, oldest first; ?format=csv answers text/csv',
      params: customerParamsSchema,
      query: timelineQuerySchema,
      response: z.object({ items: z.array(timelineEventSchema) }),
      alternativeContentTypes: ['text/csv'],
    }),
    audit: defineRoute({
      method: 'GET',
      path: `${base}/audit`,
      tags,
      auth: 'bearer',
      allow: 'customer:audit',
      summary: "The customer's append-only audit log, newest first",
      params: customerParamsSchema,
      response: itemsOf(auditEntrySchema),
    }),
  };
};

/** /api/v2.1/customer/{individual|organization}/{customerId}/...: one set per customer type, bound by app/api/v2.1/customer/_shared/customer-routes.ts. */
export const customerRecordRoutes = { individual: customerOperations('individual'), organization: customerOperations('organization') };

/** The operations of one customer type under prefixed keys: individual + timeline = individualTimeline. */
const prefixed = <P extends string, T extends Record<string, RouteSpec>>(prefix: P, operations: T) =>
  Object.fromEntries(Object.entries(operations).map(([name, definition]) => [`${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}`, definition])) as {
    [K in keyof T & string as `${P}${Capitalize<K>}`]: T[K];
  };

const registerIndividual = defineRoute({
  method: 'POST',
  path: '/api/v2.1/customer/individual/registration',
  tags: ['Customers'],
  auth: 'tenantOptionalBearer',
  headers: customerHeaders,
  rateLimit: 'registration',
  idempotency: true,
  maxBodyBytes: REGISTRATION_MAX_BODY_BYTES,
  summary: 'Register an individual (B2C) customer (contract endpoint 3)',
  message: 'customer registered',
  description: 'Anonymous self sign-up, or an administrator of the tenant registering on behalf of the customer (bearer token).',
  body: individualRegistrationBodySchema,
  response: registrationResultSchema,
  errors: [
    categorizationValidationFailed({ details: 'categorization is incomplete', missingKeys: ['purpose'], invalidValues: {} }),
    passwordMismatch('individualCustomer.user.matchingPassword'),
    ...duplicateUser,
  ],
});

const registerOrganization = defineRoute({
  method: 'POST',
  path: '/api/v2.1/customer/organization/registration',
  tags: ['Customers'],
  auth: 'tenantOptionalBearer',
  headers: customerHeaders,
  rateLimit: 'registration',
  idempotency: true,
  summary: 'Register an organization (B2B) customer and its default administrator (contract endpoint 4)',
  message: 'organization registered',
  body: organizationRegistrationBodySchema,
  response: organizationRegistrationResultSchema,
  errors: [
    organizationAlreadyExists('HRB 12345', EXAMPLE_ID),
    missingRequiredRole(),
    categorizationValidationFailed({ details: 'categorization is incomplete', missingKeys: ['industry'], invalidValues: {} }),
    ...duplicateUser,
  ],
});

const listVerifications = defineRoute({
  method: 'GET',
  path: '/api/v2.1/verifications',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'The review queue (status, type, assignee, created range, search, sort, paging)',
  query: listVerificationsQuerySchema,
  response: verificationPageSchema,
});

const getVerification = defineRoute({
  method: 'GET',
  path: '/api/v2.1/verifications/{verificationId}',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'One case: customer data, documents, notes, history',
  params: verificationParamsSchema,
  response: verificationCaseSchema,
});

const addNote = defineRoute({
  method: 'POST',
  path: '/api/v2.1/verifications/{verificationId}/notes',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'Add a reviewer note',
  message: 'note added',
  params: verificationParamsSchema,
  body: noteBodySchema,
  response: verificationNoteSchema,
});

const decide = defineRoute({
  method: 'POST',
  path: '/api/v2.1/verifications/{verificationId}/decision',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'APPROVE, REJECT or REQUEST_REVISION (four-eyes, required documents, assignment, two approvals)',
  message: 'decision recorded',
  params: verificationParamsSchema,
  body: reviewDecisionBodySchema,
  response: decidedVerificationSchema,
  errors: [
    requiredDocumentsNotAccepted(EXAMPLE_ID, { unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: ['PASSPORT'] }], undecidedDocuments: [] }),
    verificationAssignedToOther(EXAMPLE_ID, EXAMPLE_ID, 'Olivia Officer'),
    secondApproverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID),
    conflict('a decision is possible only while the verification waits for or is in review; it is APPROVED'),
  ],
});

const caseTimeline = defineRoute({
  method: 'GET',
  path: '/api/v2.1/verifications/{verificationId}/timeline',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: "The case's events with actor names and roles; ?format=csv answers text/csv",
  params: verificationParamsSchema,
  query: timelineQuerySchema,
  response: z.object({ items: z.array(timelineEventSchema) }),
  alternativeContentTypes: ['text/csv'],
});

const getReviewSettings = defineRoute({
  method: 'GET',
  path: '/api/v2.1/verification-settings',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: "The tenant's review settings (two approvals)",
  response: reviewSettingsSchema,
});

const updateReviewSettings = defineRoute({
  method: 'PATCH',
  path: '/api/v2.1/verification-settings',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:configure',
  refusal: () => forbidden(REVIEW_SETTINGS_ADMIN_ONLY),
  summary: 'Change the review settings',
  message: 'review settings updated',
  body: updateReviewSettingsBodySchema,
  response: reviewSettingsSchema,
});

const assign = defineRoute({
  method: 'POST',
  path: '/api/v2.1/verifications/{verificationId}/assign',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'Assign to the caller (default), someone else, or nobody (null)',
  message: 'verification assigned',
  params: verificationParamsSchema,
  body: assignBodySchema,
  response: z.object({ id: z.uuid(), status: z.string(), assigneeUserId: z.uuid().nullable() }),
  errors: [conflict('the verification is already approved')],
});

const documentContent = defineRoute({
  method: 'GET',
  path: '/api/v2.1/verifications/{verificationId}/documents/{documentId}/content',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  envelope: 'none',
  responseContentType: 'application/pdf',
  alternativeContentTypes: ['image/png', 'image/jpeg'],
  summary: "The document file, for the reviewer's viewer (PDF, PNG or JPEG)",
  params: documentParamsSchema,
});

const decideDocument = defineRoute({
  method: 'POST',
  path: '/api/v2.1/verifications/{verificationId}/documents/{documentId}/decision',
  tags: ['Verifications'],
  auth: 'bearer',
  allow: 'verification:review',
  refusal: verificationRefusal,
  summary: 'ACCEPT or REJECT one document (an expired one cannot be accepted)',
  message: 'document decision recorded',
  params: documentParamsSchema,
  body: reviewDocumentDecisionBodySchema,
  response: reviewDocumentSchema,
  errors: [documentExpired(EXAMPLE_ID, '2020-01-01'), conflict('the document was replaced; decide on its replacement')],
});

const categorizationHierarchy = defineRoute({
  method: 'GET',
  path: '/api/v2.1/categorization/hierarchy/{tenantId}',
  tags: ['Categorization'],
  auth: 'tenant',
  summary: 'Categorization options with mandatoryKeys and allowedValues',
  params: tenantIdParamsSchema,
  response: categorizationHierarchySchema,
});

const createFeature = defineRoute({
  method: 'POST',
  path: '/api/v2.1/categorization/features',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "Create a feature of the caller's tenant",
  message: 'feature created',
  body: createFeatureBodySchema,
  response: featureSchema,
  errors: [conflict('a feature with this code already exists', { field: 'code' })],
});

const updateFeature = defineRoute({
  method: 'PATCH',
  path: '/api/v2.1/categorization/features/{id}',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "Change a feature of the caller's tenant",
  message: 'feature updated',
  params: idParamsSchema,
  body: updateFeatureBodySchema,
  response: featureSchema,
});

const createCategory = defineRoute({
  method: 'POST',
  path: '/api/v2.1/categorization/categories',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "Create a category of the caller's tenant",
  message: 'category created',
  body: createCategoryBodySchema,
  response: categorySchema,
  errors: [conflict('a category with this code already exists', { field: 'code' })],
});

const updateCategory = defineRoute({
  method: 'PATCH',
  path: '/api/v2.1/categorization/categories/{id}',
  tags: ['Categorization'],
  auth: 'bearer',
  allow: 'categorization:manage',
  summary: "Change a category of the caller's tenant",
  message: 'category updated',
  params: idParamsSchema,
  body: updateCategoryBodySchema,
  response: categorySchema,
});

export const onboardingRoutes = {
  registerIndividual,
  registerOrganization,
  ...prefixed('individual', customerRecordRoutes.individual),
  ...prefixed('organization', customerRecordRoutes.organization),
  listVerifications,
  getVerification,
  addNote,
  decide,
  caseTimeline,
  getReviewSettings,
  updateReviewSettings,
  assign,
  documentContent,
  decideDocument,
  categorizationHierarchy,
  createFeature,
  updateFeature,
  createCategory,
  updateCategory,
};
