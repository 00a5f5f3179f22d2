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
  unprocessable: 'UNPROCESSABLE',
  tooManyRequests: 'RATE_LIMITED',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotentRequestInProgress: 'IDEMPOTENT_REQUEST_IN_PROGRESS',
  internal: 'INTERNAL_ERROR',
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  unknownCardOperation: 'UNKNOWN_OPERATION',
  cardProcessorUnavailable: 'PROCESSOR_UNAVAILABLE',
  cardProcessorTimeout: 'PROCESSOR_TIMEOUT',
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
