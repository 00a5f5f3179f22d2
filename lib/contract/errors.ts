import { z } from 'zod';
import { activationStatusSchema, authErrorTypeSchema, consentTypeSchema, roleSchema, transactionLimitErrorTypeSchema, verificationStatusSchema } from './enums';
import { fieldErrorSchema } from './envelopes';

/**
 * The contract's error catalogue: exact messages and the `data` member schemas of every row. The
 * constructors that fill them live in lib/contract/api-errors.ts; tests, pages and the OpenAPI document read
 * these.
 */
export const ERROR_MESSAGES = {
  // catalogue rows of the contract, letter for letter
  validationFailed: 'request validation failed',
  categorizationValidationFailed: 'categorization validation failed',
  tenantAccessDenied: 'tenant access denied or categorization not available',
  organizationAlreadyExists: 'organization already exists',
  authenticationFailed: 'authentication failed',
  accountLocked: 'account locked',
  tokenExpired: 'token expired',
  verificationAccessDenied:
    'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role',
  missingRequiredConsents: 'missing required consents',
  customerNotVerified: 'customer not verified',
  missingRequiredRole:
    'missing required role: an organization of business type BUSINESS_TYPE_CLIENT_TO_TENANT needs at least one employee with the ADMIN_USER role',
  insufficientBalance: 'insufficient balance',
  transactionLimitExceeded: 'transaction limit exceeded',
  beneficiaryNotFound: 'beneficiary not found',
  // transfer rules in the catalogue's style (our design; docs/errors.md, docs/ledger.md)
  walletNotActive: 'wallet not active',
  beneficiaryInactive: 'beneficiary inactive',
  paymentConsentRequired: 'payment consent required',
  paymentConsentInvalid: 'payment consent invalid',
  currencyMismatch: 'currency mismatch',
  approverMustDiffer: 'approver must differ from initiator',
  // review rules in the catalogue's style (our design; docs/errors.md, docs/onboarding.md)
  requiredDocumentsNotAccepted: 'required documents not accepted',
  documentExpired: 'document expired',
  verificationAssignedToOther: 'verification assigned to another officer',
  secondApproverMustDiffer: 'second approval requires a different officer',
  // AML rules in the catalogue's style (our design; docs/errors.md, docs/aml.md)
  listFileInvalid: 'list file invalid',
  openScreeningAlerts: 'open screening alerts',
  beneficiaryBlocked: 'beneficiary blocked',
  secondOfficerRequired: 'a second officer must confirm',
  alertAssignedToOther: 'alert assigned to another officer',
  // generic statuses (our design; listed in docs/errors.md)
  missingHeaders: 'missing required headers',
  malformedJson: 'malformed JSON body',
  unauthorized: 'authentication required',
  forbidden: 'access denied',
  notFound: 'resource not found',
  routeNotFound: 'route not found',
  methodNotAllowed: 'method not allowed',
  conflict: 'conflict',
  payloadTooLarge: 'payload too large',
  headersTooLarge: 'request header fields too large',
  unsupportedMediaType: 'unsupported media type',
  unprocessable: 'unprocessable request',
  tooManyRequests: 'too many requests',
  idempotencyKeyReused: 'idempotency key reused with a different request',
  internal: 'internal server error',
  serviceUnavailable: 'service unavailable',
  unknownCardOperation: 'unknown card operation',
  cardProcessorUnavailable: 'card processor unavailable',
  cardProcessorTimeout: 'card processor timed out',
} as const;

/** The machine-readable `data.error` values. */
export const ERROR_TYPES = {
  validation: 'VALIDATION_FAILED',
  categorization: 'CATEGORIZATION_VALIDATION_FAILED',
  tenantAccessDenied: 'TENANT_ACCESS_DENIED',
  organizationExists: 'ORGANIZATION_ALREADY_EXISTS',
  jwtExpired: 'JWT_EXPIRED',
  missingHeaders: 'MISSING_HEADERS',
  malformedJson: 'MALFORMED_JSON',
  unauthorized: 'UNAUTHORIZED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  routeNotFound: 'ROUTE_NOT_FOUND',
  methodNotAllowed: 'METHOD_NOT_ALLOWED',
  conflict: 'CONFLICT',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  headersTooLarge: 'HEADERS_TOO_LARGE',
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
  tooManyRequests: 'RATE_LIMITED',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotentRequestInProgress: 'IDEMPOTENT_REQUEST_IN_PROGRESS',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  unknownCardOperation: 'UNKNOWN_OPERATION',
  cardProcessorUnavailable: 'PROCESSOR_UNAVAILABLE',
  cardProcessorTimeout: 'PROCESSOR_TIMEOUT',
  // domain rules of our own design (docs/errors.md)
  roleMismatch: 'ROLE_MISMATCH',
  organizationTypeMismatch: 'ORGANIZATION_TYPE_MISMATCH',
  fourEyes: 'FOUR_EYES',
  assigneeNotReviewer: 'ASSIGNEE_NOT_REVIEWER',
  lastAdmin: 'LAST_ADMIN',
  customerNotActive: 'CUSTOMER_NOT_ACTIVE',
  walletStateConflict: 'WALLET_STATE_CONFLICT',
  walletBalanceNotZero: 'WALLET_BALANCE_NOT_ZERO',
  walletHasPendingTransfers: 'WALLET_HAS_PENDING_TRANSFERS',
  transferNotPending: 'TRANSFER_NOT_PENDING',
  beneficiaryExists: 'BENEFICIARY_EXISTS',
  subscriptionDisabled: 'SUBSCRIPTION_DISABLED',
  deliveryPending: 'DELIVERY_PENDING',
  requiredDocumentsNotAccepted: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
  documentExpired: 'DOCUMENT_EXPIRED',
  documentLimitReached: 'DOCUMENT_LIMIT_REACHED',
  assignedToAnotherOfficer: 'ASSIGNED_TO_ANOTHER_OFFICER',
  secondApproverMustDiffer: 'SECOND_APPROVER_MUST_DIFFER',
  listFileInvalid: 'LIST_FILE_INVALID',
  openScreeningAlerts: 'OPEN_SCREENING_ALERTS',
  beneficiaryBlocked: 'BENEFICIARY_BLOCKED',
  secondOfficerRequired: 'SECOND_OFFICER_REQUIRED',
  alertAssignedToOther: 'ALERT_ASSIGNED_TO_OTHER',
  alertStateConflict: 'ALERT_STATE_CONFLICT',
  decisionNotAllowed: 'DECISION_NOT_ALLOWED',
} as const;

export const validationFailedDataSchema = z.object({
  error: z.literal(ERROR_TYPES.validation),
  errors: z.array(fieldErrorSchema).min(1),
});

export const categorizationValidationFailedDataSchema = z.object({
  error: z.literal(ERROR_TYPES.categorization),
  details: z.string(),
  missingKeys: z.array(z.string()),
  invalidValues: z.record(z.string(), z.string()).describe('map from key to explanation'),
});

export const tenantAccessDeniedDataSchema = z.object({
  error: z.literal(ERROR_TYPES.tenantAccessDenied),
  tenantId: z.string(),
});

export const organizationAlreadyExistsDataSchema = z.object({
  error: z.literal(ERROR_TYPES.organizationExists),
  registrationNumber: z.string(),
  existingOrganizationId: z.string(),
});

export const authenticationFailedDataSchema = z.object({
  success: z.literal(false),
  errorType: z.literal('AUTHENTICATION'),
  message: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lockoutTime: z.null(),
});

export const accountLockedDataSchema = z.object({
  success: z.literal(false),
  errorType: authErrorTypeSchema,
  message: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lockoutTime: z.string().describe('ISO timestamp when the lockout ends'),
  lockoutDuration: z.number().int().describe('seconds'),
});

export const tokenExpiredDataSchema = z.object({
  error: z.literal(ERROR_TYPES.jwtExpired),
  expiredAt: z.string().describe('ISO timestamp'),
});

export const verificationAccessDeniedDataSchema = z.object({
  userId: z.string(),
  currentRoles: z.array(roleSchema),
  requiredRoles: z.array(roleSchema),
});

export const missingConsentDetailSchema = z.object({
  consentType: consentTypeSchema,
  status: z.literal('MISSING'),
  acceptUrl: z.string(),
});

export const missingRequiredConsentsDataSchema = z.object({
  activationStatus: z.literal(activationStatusSchema.enum.CONSENT_REQUIRED),
  customerId: z.string(),
  missingConsentTypes: z.array(consentTypeSchema),
  missingConsentDetails: z.record(z.string(), missingConsentDetailSchema),
  totalRequiredConsents: z.number().int(),
  totalMissingConsents: z.number().int(),
  nextSteps: z.array(z.string()),
});

export const customerNotVerifiedDataSchema = z.object({
  activationStatus: z.literal(activationStatusSchema.enum.VERIFICATION_REQUIRED),
  verificationStatus: verificationStatusSchema,
  reason: z.string(),
  estimatedCompletionTime: z.string().nullable(),
});

export const missingRequiredRoleDataSchema = z.object({}).strict();

export const insufficientBalanceDataSchema = z.object({
  availableBalance: z.string(),
  requestedAmount: z.string(),
  currency: z.string(),
});

export const transactionLimitExceededDataSchema = z.object({
  limitType: transactionLimitErrorTypeSchema.describe('a configured limit of the wallet, or MAX_BALANCE: the credit would take the wallet past the largest balance'),
  limit: z.string(),
  currentUsage: z.string(),
  requestedAmount: z.string(),
  currency: z.string(),
});

export const beneficiaryNotFoundDataSchema = z.object({
  iban: z.string(),
  suggestion: z.string(),
});

export const walletNotActiveDataSchema = z.object({
  walletId: z.string(),
  status: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']),
  requiredStatus: z.literal('ACTIVE'),
});

export const beneficiaryInactiveDataSchema = z.object({
  beneficiaryId: z.string(),
  iban: z.string(),
  status: z.literal('INACTIVE'),
});

export const paymentConsentRequiredDataSchema = z.object({
  field: z.literal('paymentConsentId'),
  suggestion: z.string(),
});

export const PAYMENT_CONSENT_INVALID_REASONS = [
  'NOT_FOUND',
  'REVOKED',
  'EXPIRED',
  'WALLET_MISMATCH',
  'CURRENCY_MISMATCH',
  'AMOUNT_EXCEEDED',
  'ALREADY_USED',
] as const;
export const paymentConsentInvalidDataSchema = z.object({
  paymentConsentId: z.string(),
  reason: z.enum(PAYMENT_CONSENT_INVALID_REASONS),
  details: z.string(),
});

export const currencyMismatchDataSchema = z.object({
  walletCurrency: z.string(),
  requestedCurrency: z.string(),
  /** set when the destination wallet of a wallet transfer is the one in another currency */
  destinationWalletId: z.string().optional(),
});

export const approverMustDifferDataSchema = z.object({
  transferId: z.string(),
  initiatedBy: z.string(),
  approverId: z.string(),
});

export const requiredDocumentsNotAcceptedDataSchema = z.object({
  error: z.literal('REQUIRED_DOCUMENTS_NOT_ACCEPTED'),
  verificationId: z.string(),
  unmetRequirements: z.array(z.object({ requirement: z.string(), label: z.string(), documentTypes: z.array(z.string()) })),
  undecidedDocuments: z.array(z.object({ documentId: z.string(), documentType: z.string() })),
});

export const documentExpiredDataSchema = z.object({ error: z.literal('DOCUMENT_EXPIRED'), documentId: z.string(), expiryDate: z.string(), details: z.string() });

export const verificationAssignedToOtherDataSchema = z.object({
  error: z.literal('ASSIGNED_TO_ANOTHER_OFFICER'),
  verificationId: z.string(),
  assigneeUserId: z.string(),
  assigneeName: z.string(),
  details: z.string(),
});

export const secondApproverMustDifferDataSchema = z.object({
  error: z.literal('SECOND_APPROVER_MUST_DIFFER'),
  verificationId: z.string(),
  firstApprovedBy: z.string(),
  approverId: z.string(),
});

/** Generic errors: `error` type, optional human `details`. */
export const genericErrorDataSchema = z.object({
  error: z.string(),
  details: z.string().optional(),
  requestId: z.string().optional(),
  errors: z.array(fieldErrorSchema).optional(),
  suggestions: z.array(z.string()).optional(),
});

/** The `data` of a rule of our own design: its code, a human `details`, and the members it names. */
function ruleData<S extends z.ZodRawShape>(code: string, shape: S) {
  return z.object({ error: z.literal(code), details: z.string(), ...shape });
}

export interface CatalogueRow {
  status: number;
  message: string;
  /** `data.error`, when the row has one (the contract's authentication and business rows have none) */
  code?: string;
  data: z.ZodType;
}

/**
 * The closed catalogue: every error the API answers with, one row per constructor of
 * lib/contract/api-errors.ts (same name), with its status, message, `data.error` code and `data`
 * shape. Nothing else is thrown (tests/unit/errors.test.ts checks both directions, the rows of the
 * contract's table against the spec, and that no source file makes a code up on the spot).
 */
const generic = (status: number, message: string, code: string): CatalogueRow => ({ status, message, code, data: genericErrorDataSchema.extend({ error: z.literal(code) }) });
const E = ERROR_TYPES;
const M = ERROR_MESSAGES;
export const ERROR_CATALOGUE = {
  // the contract's table (business-platform-api.md, Errors > Cases)
  passwordMismatch: { status: 400, message: M.validationFailed, code: E.validation, data: validationFailedDataSchema },
  categorizationValidationFailed: { status: 400, message: M.categorizationValidationFailed, code: E.categorization, data: categorizationValidationFailedDataSchema },
  tenantAccessDenied: { status: 403, message: M.tenantAccessDenied, code: E.tenantAccessDenied, data: tenantAccessDeniedDataSchema },
  organizationAlreadyExists: { status: 409, message: M.organizationAlreadyExists, code: E.organizationExists, data: organizationAlreadyExistsDataSchema },
  authenticationFailed: { status: 401, message: M.authenticationFailed, data: authenticationFailedDataSchema },
  accountLocked: { status: 401, message: M.accountLocked, data: accountLockedDataSchema },
  tokenExpired: { status: 401, message: M.tokenExpired, code: E.jwtExpired, data: tokenExpiredDataSchema },
  verificationAccessDenied: { status: 403, message: M.verificationAccessDenied, data: verificationAccessDeniedDataSchema },
  missingRequiredConsents: { status: 400, message: M.missingRequiredConsents, data: missingRequiredConsentsDataSchema },
  customerNotVerified: { status: 422, message: M.customerNotVerified, data: customerNotVerifiedDataSchema },
  missingRequiredRole: { status: 400, message: M.missingRequiredRole, data: missingRequiredRoleDataSchema },
  insufficientBalance: { status: 400, message: M.insufficientBalance, data: insufficientBalanceDataSchema },
  transactionLimitExceeded: { status: 400, message: M.transactionLimitExceeded, data: transactionLimitExceededDataSchema },
  beneficiaryNotFound: { status: 404, message: M.beneficiaryNotFound, data: beneficiaryNotFoundDataSchema },
  // transfer and review rules in the catalogue's style
  walletNotActive: { status: 400, message: M.walletNotActive, data: walletNotActiveDataSchema },
  beneficiaryInactive: { status: 400, message: M.beneficiaryInactive, data: beneficiaryInactiveDataSchema },
  paymentConsentRequired: { status: 400, message: M.paymentConsentRequired, data: paymentConsentRequiredDataSchema },
  paymentConsentInvalid: { status: 422, message: M.paymentConsentInvalid, data: paymentConsentInvalidDataSchema },
  currencyMismatch: { status: 400, message: M.currencyMismatch, data: currencyMismatchDataSchema },
  destinationCurrencyMismatch: { status: 400, message: M.currencyMismatch, data: currencyMismatchDataSchema },
  approverMustDiffer: { status: 403, message: M.approverMustDiffer, data: approverMustDifferDataSchema },
  requiredDocumentsNotAccepted: { status: 422, message: M.requiredDocumentsNotAccepted, code: E.requiredDocumentsNotAccepted, data: requiredDocumentsNotAcceptedDataSchema },
  documentExpired: { status: 422, message: M.documentExpired, code: E.documentExpired, data: documentExpiredDataSchema },
  verificationAssignedToOther: { status: 403, message: M.verificationAssignedToOther, code: E.assignedToAnotherOfficer, data: verificationAssignedToOtherDataSchema },
  secondApproverMustDiffer: { status: 403, message: M.secondApproverMustDiffer, code: E.secondApproverMustDiffer, data: secondApproverMustDifferDataSchema },
  // AML rules
  listFileInvalid: {
    status: 422,
    message: M.listFileInvalid,
    code: E.listFileInvalid,
    data: ruleData(E.listFileInvalid, { file: z.string().describe('which file of the upload'), line: z.number().int().describe('1-based line'), field: z.string().describe('the column or element at fault') }),
  },
  openScreeningAlerts: { status: 422, message: M.openScreeningAlerts, code: E.openScreeningAlerts, data: ruleData(E.openScreeningAlerts, { verificationId: z.string(), alertIds: z.array(z.string()) }) },
  beneficiaryBlocked: { status: 422, message: M.beneficiaryBlocked, code: E.beneficiaryBlocked, data: ruleData(E.beneficiaryBlocked, { beneficiaryId: z.string(), alertId: z.string() }) },
  secondOfficerRequired: { status: 403, message: M.secondOfficerRequired, code: E.secondOfficerRequired, data: ruleData(E.secondOfficerRequired, { alertId: z.string(), proposedBy: z.string(), decision: z.string() }) },
  alertAssignedToOther: { status: 403, message: M.alertAssignedToOther, code: E.alertAssignedToOther, data: ruleData(E.alertAssignedToOther, { alertId: z.string(), assigneeUserId: z.string(), assigneeName: z.string() }) },
  alertStateConflict: { status: 409, message: M.conflict, code: E.alertStateConflict, data: ruleData(E.alertStateConflict, { alertId: z.string(), status: z.string() }) },
  decisionNotAllowed: { status: 422, message: M.unprocessable, code: E.decisionNotAllowed, data: ruleData(E.decisionNotAllowed, { alertId: z.string(), decision: z.string(), allowed: z.array(z.string()) }) },
  // generic statuses
  validationFailed: { status: 400, message: M.validationFailed, code: E.validation, data: validationFailedDataSchema },
  fromZodError: { status: 400, message: M.validationFailed, code: E.validation, data: validationFailedDataSchema },
  missingHeaders: generic(400, M.missingHeaders, E.missingHeaders),
  malformedJson: generic(400, M.malformedJson, E.malformedJson),
  unauthorized: generic(401, M.unauthorized, E.unauthorized),
  forbidden: generic(403, M.forbidden, E.forbidden),
  notFound: generic(404, M.notFound, E.notFound),
  routeNotFound: generic(404, M.routeNotFound, E.routeNotFound),
  methodNotAllowed: generic(405, M.methodNotAllowed, E.methodNotAllowed),
  conflict: generic(409, M.conflict, E.conflict),
  payloadTooLarge: generic(413, M.payloadTooLarge, E.payloadTooLarge),
  headersTooLarge: generic(431, M.headersTooLarge, E.headersTooLarge),
  unsupportedMediaType: generic(415, M.unsupportedMediaType, E.unsupportedMediaType),
  tooManyRequests: generic(429, M.tooManyRequests, E.tooManyRequests),
  idempotencyKeyReused: { status: 422, message: M.idempotencyKeyReused, code: E.idempotencyKeyReused, data: ruleData(E.idempotencyKeyReused, { idempotencyKey: z.string().optional() }) },
  idempotentRequestInProgress: { status: 409, message: M.conflict, code: E.idempotentRequestInProgress, data: ruleData(E.idempotentRequestInProgress, { idempotencyKey: z.string().optional() }) },
  internalError: generic(500, M.internal, E.internal),
  serviceUnavailable: generic(503, M.serviceUnavailable, E.serviceUnavailable),
  databaseUnavailable: generic(503, M.serviceUnavailable, E.serviceUnavailable),
  unknownCardOperation: generic(404, M.unknownCardOperation, E.unknownCardOperation),
  cardProcessorUnavailable: generic(502, M.cardProcessorUnavailable, E.cardProcessorUnavailable),
  cardProcessorTimeout: generic(504, M.cardProcessorTimeout, E.cardProcessorTimeout),
  // domain rules of our own design (docs/errors.md)
  roleMismatch: { status: 403, message: M.forbidden, code: E.roleMismatch, data: ruleData(E.roleMismatch, { requestedRole: roleSchema, currentRoles: z.array(roleSchema) }) },
  organizationTypeMismatch: { status: 403, message: M.forbidden, code: E.organizationTypeMismatch, data: ruleData(E.organizationTypeMismatch, {}) },
  registrarMayNotReview: { status: 403, message: M.forbidden, code: E.fourEyes, data: ruleData(E.fourEyes, { userId: z.string() }) },
  assigneeNotReviewer: { status: 422, message: M.unprocessable, code: E.assigneeNotReviewer, data: ruleData(E.assigneeNotReviewer, { assigneeUserId: z.string() }) },
  lastAdmin: { status: 409, message: M.conflict, code: E.lastAdmin, data: ruleData(E.lastAdmin, {}) },
  customerNotActive: { status: 422, message: M.unprocessable, code: E.customerNotActive, data: ruleData(E.customerNotActive, { customerId: z.string(), status: z.string() }) },
  walletStateConflict: { status: 409, message: M.conflict, code: E.walletStateConflict, data: ruleData(E.walletStateConflict, { walletId: z.string(), status: z.string() }) },
  walletBalanceNotZero: { status: 409, message: M.conflict, code: E.walletBalanceNotZero, data: ruleData(E.walletBalanceNotZero, { walletId: z.string(), balance: z.string(), currency: z.string() }) },
  walletHasPendingTransfers: { status: 409, message: M.conflict, code: E.walletHasPendingTransfers, data: ruleData(E.walletHasPendingTransfers, { walletId: z.string() }) },
  transferNotPending: { status: 409, message: M.conflict, code: E.transferNotPending, data: ruleData(E.transferNotPending, { transferId: z.string(), status: z.string() }) },
  beneficiaryExists: { status: 409, message: M.conflict, code: E.beneficiaryExists, data: ruleData(E.beneficiaryExists, { existingBeneficiaryId: z.string() }) },
  subscriptionDisabled: { status: 409, message: M.conflict, code: E.subscriptionDisabled, data: ruleData(E.subscriptionDisabled, {}) },
  deliveryPending: { status: 409, message: M.conflict, code: E.deliveryPending, data: ruleData(E.deliveryPending, { nextAttemptAt: z.string().nullable() }) },
  documentLimitReached: { status: 409, message: M.conflict, code: E.documentLimitReached, data: ruleData(E.documentLimitReached, { customerId: z.string(), limit: z.number().int() }) },
} as const satisfies Record<string, CatalogueRow>;
export type CatalogueName = keyof typeof ERROR_CATALOGUE;
