import { z } from 'zod';
import { rolesWith } from './access';
import {
  activationStatusSchema,
  authErrorTypeSchema,
  consentTypeSchema,
  REQUIRED_CONSENT_TYPES,
  roleSchema,
  transactionLimitErrorTypeSchema,
  verificationStatusSchema,
  type ConsentType,
  type Role,
  type VerificationStatus,
} from './enums';
import { fieldErrorSchema, type FieldError } from './envelopes';

/**
 * The contract's error catalogue: exact messages, the `data` member schemas, and ERROR_CATALOGUE, the
 * one table (status, message, code, data schema, how `data` is filled) from which
 * lib/contract/api-errors.ts derives its constructors. Tests, pages and the OpenAPI document read these.
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
  verificationAccessDenied: 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role',
  missingRequiredConsents: 'missing required consents',
  customerNotVerified: 'customer not verified',
  missingRequiredRole: 'missing required role: an organization of business type BUSINESS_TYPE_CLIENT_TO_TENANT needs at least one employee with the ADMIN_USER role',
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
  // consent templates in the catalogue's style (our design; docs/consent-templates.md)
  reconsentRequired: 're-consent required',
  // registration drafts in the catalogue's style (our design; docs/errors.md, docs/drafts.md)
  draftExpired: 'draft expired',
  draftConsumed: 'draft already used',
  // external events in the catalogue's style (our design; docs/errors.md, docs/external-events.md)
  externalPartnerNotFound: 'external event partner not found',
  externalEventSignatureInvalid: 'external event signature invalid',
  externalEventTimestampOutOfWindow: 'external event timestamp outside the replay window',
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
  productCodeExists: 'PRODUCT_CODE_EXISTS',
  assignedToAnotherOfficer: 'ASSIGNED_TO_ANOTHER_OFFICER',
  secondApproverMustDiffer: 'SECOND_APPROVER_MUST_DIFFER',
  listFileInvalid: 'LIST_FILE_INVALID',
  openScreeningAlerts: 'OPEN_SCREENING_ALERTS',
  beneficiaryBlocked: 'BENEFICIARY_BLOCKED',
  secondOfficerRequired: 'SECOND_OFFICER_REQUIRED',
  alertAssignedToOther: 'ALERT_ASSIGNED_TO_OTHER',
  alertStateConflict: 'ALERT_STATE_CONFLICT',
  decisionNotAllowed: 'DECISION_NOT_ALLOWED',
  reconsentRequired: 'RECONSENT_REQUIRED',
  draftExpired: 'DRAFT_EXPIRED',
  draftConsumed: 'DRAFT_CONSUMED',
  externalPartnerNotFound: 'EXTERNAL_PARTNER_NOT_FOUND',
  externalEventSignatureInvalid: 'EXTERNAL_EVENT_SIGNATURE_INVALID',
  externalEventTimestampOutOfWindow: 'EXTERNAL_EVENT_TIMESTAMP_OUT_OF_WINDOW',
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

export const PAYMENT_CONSENT_INVALID_REASONS = ['NOT_FOUND', 'REVOKED', 'EXPIRED', 'WALLET_MISMATCH', 'CURRENCY_MISMATCH', 'AMOUNT_EXCEEDED', 'ALREADY_USED'] as const;
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
  unmetRequirements: z.array(
    z.object({
      requirement: z.string(),
      label: z.string(),
      documentTypes: z.array(z.string()),
      representativeId: z.string().optional().describe('REPRESENTATIVE_IDENTITY: the representative/owner whose identity document is missing or not accepted'),
      representativeName: z.string().optional(),
    }),
  ),
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

/** The members a row's `build` fills: its `data` schema's, less `error` (the row's code fills that). */
type Filled<S extends z.ZodType> = Omit<z.input<S>, 'error'>;

/**
 * One row of the catalogue: status, message, the `data.error` code (when the row has one: the
 * contract's authentication and business rows have none), the `data` schema, `build` (the
 * constructor's arguments to the `data` members after `error`) and the answer's headers. The
 * constructor of lib/contract/api-errors.ts with the row's name takes `build`'s arguments.
 */
export interface CatalogueRow<A extends unknown[] = never[]> {
  status: number;
  message: string;
  code?: string;
  data: z.ZodType;
  build: (...args: A) => object;
  headers?: (...args: A) => Record<string, string>;
}

/** A row whose `build` is type-checked against its `data` schema. */
function row<S extends z.ZodType, A extends unknown[]>(spec: {
  status: number;
  message: string;
  code?: string;
  data: S;
  build: (...args: A) => Filled<S>;
  headers?: (...args: NoInfer<A>) => Record<string, string>;
}): CatalogueRow<A> {
  return spec;
}

/** A row of our own design: `data` is its code, `details` and the members `shape` names. */
function rule<Shape extends z.ZodRawShape, A extends unknown[]>(
  status: number,
  message: string,
  code: string,
  shape: Shape,
  build: (...args: A) => Filled<ReturnType<typeof ruleData<Shape>>>,
  headers?: (...args: NoInfer<A>) => Record<string, string>,
): CatalogueRow<A> {
  return row({ status, message, code, data: ruleData(code, shape), build, headers });
}

/** A generic status: `data` is its code and a human `details` (genericErrorDataSchema). */
function generic<A extends unknown[]>(
  status: number,
  message: string,
  code: string,
  build: (...args: A) => Filled<typeof genericErrorDataSchema>,
  headers?: (...args: NoInfer<A>) => Record<string, string>,
): CatalogueRow<A> {
  return row({ status, message, code, data: genericErrorDataSchema.extend({ error: z.literal(code) }), build, headers });
}

/** The errors[] message of a key a strict request body does not declare. */
export const UNKNOWN_FIELD_MESSAGE = 'unknown field: not accepted by this operation';

/** The path that accepts a consent; also the acceptUrl of the activation error. */
export function consentAcceptPath(customerId: string, type: ConsentType): string {
  const segment = { TERMS: 'terms', PRIVACY_POLICY: 'privacy', DATA_PROCESSING: 'data-processing', MARKETING: 'marketing' }[type];
  return `/api/v2.1/customer/individual/${customerId}/consents/${segment}`;
}

/** A zod failure as errors[]: `field` is the dotted path, prefixed with where the input came from when given. */
function zodFieldErrors(error: z.ZodError, prefix?: string): FieldError[] {
  const field = (path: PropertyKey[]) => [prefix, path.map(String).join('.')].filter(Boolean).join('.') || (prefix ?? 'body');
  return error.issues.flatMap((issue) =>
    // strict bodies: one entry per unknown key, named by its full path (Stripe's "unknown parameter")
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ field: field([...issue.path, key]), message: UNKNOWN_FIELD_MESSAGE }))
      : [{ field: field(issue.path), message: issue.message }],
  );
}

const retryAfterSeconds = (seconds: number) => Math.max(1, Math.ceil(seconds));
const bearer = () => ({ 'WWW-Authenticate': 'Bearer' });
const E = ERROR_TYPES;
const M = ERROR_MESSAGES;

/**
 * The closed catalogue: every error the API answers with, one row per constructor of
 * lib/contract/api-errors.ts (derived from the row, same name). Nothing else is thrown
 * (tests/unit/errors.test.ts checks every constructor's answer, the rows of the contract's table
 * against the spec, and that no source file makes a code up on the spot).
 */
export const ERROR_CATALOGUE = {
  // ── the contract's table (business-platform-api.md, Errors > Cases) ──
  /** 400: password differs from matchingPassword. */
  passwordMismatch: row({
    status: 400,
    message: M.validationFailed,
    code: E.validation,
    data: validationFailedDataSchema,
    build: (field: string = 'matchingPassword') => ({ errors: [{ field, message: 'passwords do not match' }] }),
  }),
  /** 400: categorization lacks a mandatory key or has a value outside the allowed values. */
  categorizationValidationFailed: row({
    status: 400,
    message: M.categorizationValidationFailed,
    code: E.categorization,
    data: categorizationValidationFailedDataSchema,
    build: (args: { details: string; missingKeys: string[]; invalidValues: Record<string, string> }) => ({
      details: args.details,
      missingKeys: args.missingKeys,
      invalidValues: args.invalidValues,
    }),
  }),
  /** 403: tenant unknown, suspended, or categorization not available to it. */
  tenantAccessDenied: row({ status: 403, message: M.tenantAccessDenied, code: E.tenantAccessDenied, data: tenantAccessDeniedDataSchema, build: (tenantId: string) => ({ tenantId }) }),
  /** 409: an organization with the same registration number exists in the tenant. */
  organizationAlreadyExists: row({
    status: 409,
    message: M.organizationAlreadyExists,
    code: E.organizationExists,
    data: organizationAlreadyExistsDataSchema,
    build: (registrationNumber: string, existingOrganizationId: string) => ({ registrationNumber, existingOrganizationId }),
  }),
  /** 401: wrong username or password. */
  authenticationFailed: row({
    status: 401,
    message: M.authenticationFailed,
    data: authenticationFailedDataSchema,
    build: (attempts: number, maxAttempts: number) => ({
      success: false as const,
      errorType: 'AUTHENTICATION' as const,
      message: 'invalid username or password',
      attempts,
      maxAttempts,
      lockoutTime: null,
    }),
    headers: bearer,
  }),
  /** 401: account locked after failed attempts; lockoutTime is when the lock ends. */
  accountLocked: row({
    status: 401,
    message: M.accountLocked,
    data: accountLockedDataSchema,
    build: (args: { attempts: number; maxAttempts: number; lockoutTime: Date; lockoutDuration: number }) => ({
      success: false as const,
      errorType: 'ACCOUNT_LOCKED' as const,
      message: `too many failed attempts; try again after ${args.lockoutTime.toISOString()}`,
      attempts: args.attempts,
      maxAttempts: args.maxAttempts,
      lockoutTime: args.lockoutTime.toISOString(),
      lockoutDuration: args.lockoutDuration,
    }),
    headers: bearer,
  }),
  /** 401: token expired. */
  tokenExpired: row({
    status: 401,
    message: M.tokenExpired,
    code: E.jwtExpired,
    data: tokenExpiredDataSchema,
    build: (expiredAt: Date) => ({ expiredAt: expiredAt.toISOString() }),
    headers: () => ({ 'WWW-Authenticate': 'Bearer error="invalid_token"' }),
  }),
  /** 403: initiating verification without COMPLIANCE_OFFICER or ADMIN_USER (the holders of 'verification:review'). */
  verificationAccessDenied: row({
    status: 403,
    message: M.verificationAccessDenied,
    data: verificationAccessDeniedDataSchema,
    build: (userId: string, currentRoles: Role[]) => ({ userId, currentRoles, requiredRoles: [...rolesWith('verification:review')] }),
  }),
  /** 400: activation with required consents missing. */
  missingRequiredConsents: row({
    status: 400,
    message: M.missingRequiredConsents,
    data: missingRequiredConsentsDataSchema,
    build: (customerId: string, missing: ConsentType[], acceptPath: (customerId: string, type: ConsentType) => string = consentAcceptPath) => ({
      activationStatus: 'CONSENT_REQUIRED' as const,
      customerId,
      missingConsentTypes: missing,
      missingConsentDetails: Object.fromEntries(missing.map((type) => [type, { consentType: type, status: 'MISSING' as const, acceptUrl: acceptPath(customerId, type) }])),
      totalRequiredConsents: REQUIRED_CONSENT_TYPES.length,
      totalMissingConsents: missing.length,
      nextSteps: missing.map((type) => `accept the ${type} consent: POST ${acceptPath(customerId, type)}`),
    }),
  }),
  /** 422: activation before verification is APPROVED. */
  customerNotVerified: row({
    status: 422,
    message: M.customerNotVerified,
    data: customerNotVerifiedDataSchema,
    build: (args: { verificationStatus: VerificationStatus; reason: string; estimatedCompletionTime: Date | null }) => ({
      activationStatus: 'VERIFICATION_REQUIRED' as const,
      verificationStatus: args.verificationStatus,
      reason: args.reason,
      estimatedCompletionTime: args.estimatedCompletionTime ? args.estimatedCompletionTime.toISOString() : null,
    }),
  }),
  /** 400: BUSINESS_TYPE_CLIENT_TO_TENANT organization without an ADMIN_USER employee; no data members. */
  missingRequiredRole: row({ status: 400, message: M.missingRequiredRole, data: missingRequiredRoleDataSchema, build: () => ({}) }),
  /** 400: transfer amount above the available balance. Amounts are decimal strings. */
  insufficientBalance: row({
    status: 400,
    message: M.insufficientBalance,
    data: insufficientBalanceDataSchema,
    build: (availableBalance: string, requestedAmount: string, currency: string) => ({ availableBalance, requestedAmount, currency }),
  }),
  /** 400: transaction limit exceeded. */
  transactionLimitExceeded: row({
    status: 400,
    message: M.transactionLimitExceeded,
    data: transactionLimitExceededDataSchema,
    build: (args: { limitType: z.input<typeof transactionLimitErrorTypeSchema>; limit: string; currentUsage: string; requestedAmount: string; currency: string }) => ({ ...args }),
  }),
  /** 404: beneficiary not found for a transfer. */
  beneficiaryNotFound: row({ status: 404, message: M.beneficiaryNotFound, data: beneficiaryNotFoundDataSchema, build: (iban: string, suggestion: string) => ({ iban, suggestion }) }),

  // ── transfer rules in the catalogue's style (our design; docs/ledger.md) ──
  /** 400: the wallet is FROZEN or CLOSED; only an ACTIVE wallet sends or receives. */
  walletNotActive: row({
    status: 400,
    message: M.walletNotActive,
    data: walletNotActiveDataSchema,
    build: (walletId: string, status: 'ACTIVE' | 'FROZEN' | 'CLOSED') => ({ walletId, status, requiredStatus: 'ACTIVE' as const }),
  }),
  /** 400: the transfer names a beneficiary that was deactivated. */
  beneficiaryInactive: row({
    status: 400,
    message: M.beneficiaryInactive,
    data: beneficiaryInactiveDataSchema,
    build: (beneficiaryId: string, iban: string) => ({ beneficiaryId, iban, status: 'INACTIVE' as const }),
  }),
  /** 400: a transfer without paymentConsentId. */
  paymentConsentRequired: row({
    status: 400,
    message: M.paymentConsentRequired,
    data: paymentConsentRequiredDataSchema,
    build: () => ({ field: 'paymentConsentId' as const, suggestion: 'authorize payments from the wallet first: POST /api/v2.1/payment-consents' }),
  }),
  /** 422: the payment consent does not cover the transfer (unknown, revoked, expired, wrong wallet or currency, amount above its maximum, single use spent). */
  paymentConsentInvalid: row({
    status: 422,
    message: M.paymentConsentInvalid,
    data: paymentConsentInvalidDataSchema,
    build: (paymentConsentId: string, reason: (typeof PAYMENT_CONSENT_INVALID_REASONS)[number], details: string) => ({ paymentConsentId, reason, details }),
  }),
  /** 400: the amount's currency is not the wallet's. */
  currencyMismatch: row({
    status: 400,
    message: M.currencyMismatch,
    data: currencyMismatchDataSchema,
    build: (walletCurrency: string, requestedCurrency: string) => ({ walletCurrency, requestedCurrency }),
  }),
  /** 400: a wallet transfer's destination wallet holds another currency than the transfer's. */
  destinationCurrencyMismatch: row({
    status: 400,
    message: M.currencyMismatch,
    data: currencyMismatchDataSchema,
    build: (destinationWalletId: string, walletCurrency: string, requestedCurrency: string) => ({ walletCurrency, requestedCurrency, destinationWalletId }),
  }),
  /** 403: four-eyes: the initiator of a transfer may not approve or reject it. */
  approverMustDiffer: row({
    status: 403,
    message: M.approverMustDiffer,
    data: approverMustDifferDataSchema,
    build: (transferId: string, initiatedBy: string, approverId: string) => ({ transferId, initiatedBy, approverId }),
  }),

  // ── review rules in the catalogue's style (our design; docs/errors.md, docs/onboarding.md) ──
  /** 422: approval while a required document has no accepted document or a document is undecided. */
  requiredDocumentsNotAccepted: row({
    status: 422,
    message: M.requiredDocumentsNotAccepted,
    code: E.requiredDocumentsNotAccepted,
    data: requiredDocumentsNotAcceptedDataSchema,
    build: (
      verificationId: string,
      blockers: { unmetRequirements: { requirement: string; label: string; documentTypes: string[] }[]; undecidedDocuments: { documentId: string; documentType: string }[] },
    ) => ({ verificationId, ...blockers }),
  }),
  /** 422: accepting a document past its expiry date. */
  documentExpired: row({
    status: 422,
    message: M.documentExpired,
    code: E.documentExpired,
    data: documentExpiredDataSchema,
    build: (documentId: string, expiryDate: string) => ({ documentId, expiryDate, details: 'an expired document cannot be accepted; reject it or request a revision' }),
  }),
  /** 403: a decision, claim or release on a case another officer holds. */
  verificationAssignedToOther: row({
    status: 403,
    message: M.verificationAssignedToOther,
    code: E.assignedToAnotherOfficer,
    data: verificationAssignedToOtherDataSchema,
    build: (verificationId: string, assigneeUserId: string, assigneeName: string) => ({
      verificationId,
      assigneeUserId,
      assigneeName,
      details: 'the case is assigned to another officer; ask them to release it or an administrator to reassign it',
    }),
  }),
  /** 403: the second of two required approvals by the officer who gave the first. */
  secondApproverMustDiffer: row({
    status: 403,
    message: M.secondApproverMustDiffer,
    code: E.secondApproverMustDiffer,
    data: secondApproverMustDifferDataSchema,
    build: (verificationId: string, firstApprovedBy: string, approverId: string) => ({ verificationId, firstApprovedBy, approverId }),
  }),

  // ── AML rules in the catalogue's style (our design; docs/errors.md, docs/aml.md) ──
  /** 422: a list file that does not parse, refused whole, naming the file, line and field. */
  listFileInvalid: rule(
    422,
    M.listFileInvalid,
    E.listFileInvalid,
    { file: z.string().describe('which file of the upload'), line: z.number().int().describe('1-based line'), field: z.string().describe('the column or element at fault') },
    (file: string, line: number, field: string, problem: string) => ({ details: `${file} line ${line}, ${field}: ${problem}`, file, line, field }),
  ),
  /** 422: approving a case while a screening alert of the customer still needs an officer. */
  openScreeningAlerts: rule(
    422,
    M.openScreeningAlerts,
    E.openScreeningAlerts,
    { verificationId: z.string(), alertIds: z.array(z.string()) },
    (verificationId: string, alertIds: string[]) => ({
      details: `${alertIds.length} screening alert(s) of this customer must be decided first (false positive, or cleared)`,
      verificationId,
      alertIds,
    }),
  ),
  /** 422: a payout to a beneficiary blocked by a confirmed screening match. */
  beneficiaryBlocked: rule(422, M.beneficiaryBlocked, E.beneficiaryBlocked, { beneficiaryId: z.string(), alertId: z.string() }, (beneficiaryId: string, alertId: string) => ({
    details: 'a confirmed sanctions or PEP match blocks payouts to this beneficiary until two officers clear it',
    beneficiaryId,
    alertId,
  })),
  /** 403: the officer who proposed a four-eyes decision confirming it. */
  secondOfficerRequired: rule(
    403,
    M.secondOfficerRequired,
    E.secondOfficerRequired,
    { alertId: z.string(), proposedBy: z.string(), decision: z.string() },
    (alertId: string, proposedBy: string, decision: string) => ({ details: `you proposed ${decision}; another officer must confirm it (four-eyes)`, alertId, proposedBy, decision }),
  ),
  /** 403: deciding an alert another officer holds. */
  alertAssignedToOther: rule(
    403,
    M.alertAssignedToOther,
    E.alertAssignedToOther,
    { alertId: z.string(), assigneeUserId: z.string(), assigneeName: z.string() },
    (alertId: string, assigneeUserId: string, assigneeName: string) => ({
      details: 'the alert is assigned to another officer; ask them to release it or an administrator to reassign it',
      alertId,
      assigneeUserId,
      assigneeName,
    }),
  ),
  /** 409: an action the alert's status no longer allows. */
  alertStateConflict: rule(409, M.conflict, E.alertStateConflict, { alertId: z.string(), status: z.string() }, (alertId: string, status: string, details: string) => ({
    details,
    alertId,
    status,
  })),
  /** 422: a decision this alert does not take now (e.g. RELEASE_TRANSFER on a screening hit). */
  decisionNotAllowed: rule(
    422,
    M.unprocessable,
    E.decisionNotAllowed,
    { alertId: z.string(), decision: z.string(), allowed: z.array(z.string()) },
    (alertId: string, decision: string, allowed: string[]) => ({
      details: allowed.length ? `${decision} is not possible on this alert now; possible: ${allowed.join(', ')}` : `no decision is possible on this alert now`,
      alertId,
      decision,
      allowed,
    }),
  ),

  // ── consent templates in the catalogue's style (our design; docs/consent-templates.md) ──
  /** 400: activation while a consent was accepted in a version older than the material version in force. */
  reconsentRequired: rule(
    400,
    M.reconsentRequired,
    E.reconsentRequired,
    {
      customerId: z.string(),
      consents: z.array(
        z.object({
          consentType: consentTypeSchema,
          acceptedVersion: z.string(),
          versionInForce: z.string(),
          acceptUrl: z.string().describe('POST here to accept the version in force'),
        }),
      ),
    },
    (
      customerId: string,
      outdated: { consentType: ConsentType; acceptedVersion: string; versionInForce: string }[],
      acceptPath: (customerId: string, type: ConsentType) => string = consentAcceptPath,
    ) => ({
      details: `a material change was published: accept the version in force of ${outdated.map((o) => `${o.consentType} (${o.versionInForce})`).join(', ')}`,
      customerId,
      consents: outdated.map((o) => ({ ...o, acceptUrl: acceptPath(customerId, o.consentType) })),
    }),
  ),
  // ── registration drafts in the catalogue's style (our design; docs/errors.md, docs/drafts.md) ──
  /** 410: a draft past its expiry (30 days after its last save); the retention job removes it. */
  draftExpired: rule(410, M.draftExpired, E.draftExpired, { draftId: z.string(), expiredAt: z.string() }, (draftId: string, expiredAt: string) => ({
    details: 'this draft expired 30 days after its last save; start the registration again',
    draftId,
    expiredAt,
  })),
  /** 409: a draft whose registration already succeeded: it cannot be saved, resumed or used again. */
  draftConsumed: rule(409, M.draftConsumed, E.draftConsumed, { draftId: z.string(), customerId: z.string().nullable() }, (draftId: string, customerId: string | null) => ({
    details: 'the registration this draft held was completed; open the customer instead',
    draftId,
    customerId,
  })),

  // ── generic statuses ──
  validationFailed: row({ status: 400, message: M.validationFailed, code: E.validation, data: validationFailedDataSchema, build: (errors: FieldError[]) => ({ errors }) }),
  /** A zod failure: `field` is the dotted path, prefixed with where the input came from when given. */
  fromZodError: row({
    status: 400,
    message: M.validationFailed,
    code: E.validation,
    data: validationFailedDataSchema,
    build: (error: z.ZodError, prefix?: string) => ({ errors: zodFieldErrors(error, prefix) }),
  }),
  missingHeaders: generic(400, M.missingHeaders, E.missingHeaders, (names: string[]) => ({
    details: `missing required headers: ${names.join(', ')}`,
    errors: names.map((field) => ({ field, message: 'header is required' })),
  })),
  malformedJson: generic(400, M.malformedJson, E.malformedJson, (details: string) => ({ details })),
  unauthorized: generic(401, M.unauthorized, E.unauthorized, (details: string = 'a valid credential is required') => ({ details }), bearer),
  forbidden: generic(403, M.forbidden, E.forbidden, (details: string = 'the caller may not perform this operation') => ({ details })),
  notFound: generic(404, M.notFound, E.notFound, (resource: string = 'resource') => ({ details: `${resource} not found` })),
  routeNotFound: generic(404, M.routeNotFound, E.routeNotFound, (method: string, path: string) => ({ details: `no route for ${method} ${path}` })),
  methodNotAllowed: generic(
    405,
    M.methodNotAllowed,
    E.methodNotAllowed,
    (method: string, allowed: string[]) => ({ details: `${method} is not allowed here; allowed: ${allowed.join(', ')}`, suggestions: allowed }),
    (_method, allowed) => ({ Allow: allowed.join(', ') }),
  ),
  conflict: generic(409, M.conflict, E.conflict, (details: string, extra: Record<string, unknown> = {}) => ({ details, ...extra })),
  payloadTooLarge: generic(413, M.payloadTooLarge, E.payloadTooLarge, (maxBytes: number) => ({ details: `the body must be at most ${maxBytes} bytes` })),
  /** 431: request line and headers above the server's limit; answered by the edge (server/edge.mjs), which cannot import this module. */
  headersTooLarge: generic(431, M.headersTooLarge, E.headersTooLarge, (maxBytes: number) => ({ details: `the request line and headers must be at most ${maxBytes} bytes together` })),
  unsupportedMediaType: generic(415, M.unsupportedMediaType, E.unsupportedMediaType, (received: string | null) => ({
    details: `Content-Type must be application/json${received ? `, got ${received}` : ''}`,
  })),
  tooManyRequests: generic(
    429,
    M.tooManyRequests,
    E.tooManyRequests,
    (seconds: number) => ({ details: `retry after ${retryAfterSeconds(seconds)} seconds` }),
    (seconds) => ({ 'Retry-After': String(retryAfterSeconds(seconds)) }),
  ),
  /**
   * 422: an Idempotency-Key already used with a different method, path or body (within 24 h). The
   * ledger's transfers name the key (`idempotencyKey`).
   */
  idempotencyKeyReused: rule(422, M.idempotencyKeyReused, E.idempotencyKeyReused, { idempotencyKey: z.string().optional() }, (idempotencyKey?: string) => ({
    details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  })),
  /** 409: the first request with this Idempotency-Key is still being served (the ledger's transfers name the key). */
  idempotentRequestInProgress: rule(
    409,
    M.conflict,
    E.idempotentRequestInProgress,
    { idempotencyKey: z.string().optional() },
    (idempotencyKey?: string) => ({
      details: 'a request with this Idempotency-Key is still in progress; retry after it completes',
      ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
    }),
    () => ({ 'Retry-After': '1' }),
  ),
  internalError: generic(500, M.internal, E.internal, (requestId: string) => ({ details: 'an unexpected error occurred', requestId })),
  serviceUnavailable: generic(503, M.serviceUnavailable, E.serviceUnavailable, (details: string) => ({ details })),
  /** 503: the database could not be reached or went away during the request (lib/db/errors.ts isDatabaseUnavailable). */
  databaseUnavailable: generic(
    503,
    M.serviceUnavailable,
    E.serviceUnavailable,
    () => ({ details: 'the database is not reachable; retry later' }),
    () => ({ 'Retry-After': '2' }),
  ),
  /**
   * 503: the database did not answer a statement within DATABASE_QUERY_TIMEOUT_MS (the server's
   * statement or lock timeout, the client's query timeout: lib/db/errors.ts isDatabaseTimeout), or a
   * payout's turn for its wallet did not come within it (lib/services/wallets/turns.ts).
   */
  databaseTimeout: generic(
    503,
    M.serviceUnavailable,
    E.serviceUnavailable,
    () => ({ details: 'the database did not answer in time; retry later' }),
    () => ({ 'Retry-After': '2' }),
  ),
  /** The card API: an operation path that is not one of the catalogue's (or a sandbox one without the sandbox). */
  unknownCardOperation: generic(404, M.unknownCardOperation, E.unknownCardOperation, (operation: string) => ({ details: `no card operation ${operation}` })),
  /** The card processor answered 5xx, an unusable body, or could not be reached. Its own body is never passed on. */
  cardProcessorUnavailable: generic(502, M.cardProcessorUnavailable, E.cardProcessorUnavailable, () => ({ details: 'the card processor did not give a usable answer; retry later' })),
  /** The card processor did not answer within CARD_PROCESSOR_TIMEOUT_MS. */
  cardProcessorTimeout: generic(504, M.cardProcessorTimeout, E.cardProcessorTimeout, () => ({ details: 'the card processor did not answer in time; retry later' })),

  // ── domain rules of our own design (docs/errors.md) ──
  /** 403: an administrator session for a role the user does not hold. */
  roleMismatch: rule(403, M.forbidden, E.roleMismatch, { requestedRole: roleSchema, currentRoles: z.array(roleSchema) }, (requestedRole: Role, currentRoles: Role[]) => ({
    details: `the user does not hold the role ${requestedRole}`,
    requestedRole,
    currentRoles,
  })),
  /** 403: an administrator session naming another organization type than the organization's. */
  organizationTypeMismatch: rule(403, M.forbidden, E.organizationTypeMismatch, {}, (actual: string | null, requested: string) => ({
    details: `the organization is of type ${actual}, not ${requested}`,
  })),
  /** 403: four-eyes: whoever registered the customer reviews neither its case nor its documents. */
  registrarMayNotReview: rule(403, M.forbidden, E.fourEyes, { userId: z.string() }, (userId: string, details: string) => ({ details, userId })),
  /** 422: a case assigned to a user without a reviewing role. */
  assigneeNotReviewer: rule(422, M.unprocessable, E.assigneeNotReviewer, { assigneeUserId: z.string() }, (assigneeUserId: string) => ({
    details: 'the assignee must hold the COMPLIANCE_OFFICER or ADMIN_USER role',
    assigneeUserId,
  })),
  /** 409: the last active ADMIN_USER of a tenant would go. */
  lastAdmin: rule(409, M.conflict, E.lastAdmin, {}, () => ({ details: 'the tenant must keep at least one active ADMIN_USER' })),
  /** 422: a wallet of a customer that is not ACTIVE sends or receives. */
  customerNotActive: rule(422, M.unprocessable, E.customerNotActive, { customerId: z.string(), status: z.string() }, (customerId: string, status: string) => ({
    details: `the customer ${customerId} is ${status}; only an ACTIVE customer's wallets can send or receive`,
    customerId,
    status,
  })),
  /** 409: a wallet status change its current status does not allow. */
  walletStateConflict: rule(409, M.conflict, E.walletStateConflict, { walletId: z.string(), status: z.string() }, (transition: string, walletId: string, status: string) => ({
    details: `cannot ${transition} a wallet that is ${status}`,
    walletId,
    status,
  })),
  /** 409: closing a wallet that still holds money (`balance` formatted in the currency's minor units). */
  walletBalanceNotZero: rule(
    409,
    M.conflict,
    E.walletBalanceNotZero,
    { walletId: z.string(), balance: z.string(), currency: z.string() },
    (walletId: string, balance: string, currency: string) => ({ details: `the wallet still holds ${balance} ${currency}; only a zero balance can be closed`, walletId, balance, currency }),
  ),
  /** 409: closing a wallet with outgoing transfers awaiting approval. */
  walletHasPendingTransfers: rule(409, M.conflict, E.walletHasPendingTransfers, { walletId: z.string() }, (walletId: string) => ({
    details: 'the wallet has transfers awaiting approval; approve or reject them first',
    walletId,
  })),
  /** 409: deciding a transfer that no longer awaits approval. */
  transferNotPending: rule(409, M.conflict, E.transferNotPending, { transferId: z.string(), status: z.string() }, (transferId: string, status: string) => ({
    details: `the transfer is ${status}; only a PENDING_APPROVAL transfer can be approved or rejected`,
    transferId,
    status,
  })),
  /** 409: a second active beneficiary with the same IBAN for one customer. */
  beneficiaryExists: rule(409, M.conflict, E.beneficiaryExists, { existingBeneficiaryId: z.string() }, (existingBeneficiaryId: string) => ({
    details: 'the customer already has an active beneficiary with this IBAN',
    existingBeneficiaryId,
  })),
  /** 409: testing or replaying through a disabled webhook subscription (`action`: what was asked). */
  subscriptionDisabled: rule(409, M.conflict, E.subscriptionDisabled, {}, (action: string) => ({
    details: `the subscription is disabled; enable it (PATCH enabled: true) to ${action}`,
  })),
  /** 409: replaying a delivery that is still pending. */
  deliveryPending: rule(409, M.conflict, E.deliveryPending, { nextAttemptAt: z.string().nullable() }, (nextAttemptAt: string | null) => ({
    details: 'the delivery is still pending; it is sent at its next attempt',
    nextAttemptAt,
  })),
  /** 409: a product code the tenant already uses (codes are unique within a tenant; docs/products.md). */
  productCodeExists: rule(409, M.conflict, E.productCodeExists, { code: z.string(), existingProductId: z.string() }, (code: string, existingProductId: string) => ({
    details: `the tenant already has a product with the code ${code}`,
    code,
    existingProductId,
  })),
  /** 409: a customer already holds MAX_DOCUMENTS_PER_CUSTOMER documents (replaced ones count: they are kept as history). */
  documentLimitReached: rule(409, M.conflict, E.documentLimitReached, { customerId: z.string(), limit: z.number().int() }, (customerId: string, limit: number) => ({
    details: `the customer already has ${limit} documents (replaced ones included), the most one customer may hold`,
    customerId,
    limit,
  })),
  /** 404: an external event for a partner id that is unknown to every tenant, or disabled (docs/external-events.md). */
  externalPartnerNotFound: rule(404, M.externalPartnerNotFound, E.externalPartnerNotFound, { field: z.literal('partnerId') }, () => ({
    details: 'no enabled external event partner has this id',
    field: 'partnerId' as const,
  })),
  /** 401: no webhook-signature entry is the HMAC of the event under the partner's secret. */
  externalEventSignatureInvalid: rule(401, M.externalEventSignatureInvalid, E.externalEventSignatureInvalid, { field: z.literal('webhook-signature') }, () => ({
    details: "no v1 signature in webhook-signature matches the body under the partner's secret",
    field: 'webhook-signature' as const,
  })),
  /** 400: webhook-timestamp lies further than the replay window from our clock (old: a replay; future: a wrong clock). */
  externalEventTimestampOutOfWindow: rule(
    400,
    M.externalEventTimestampOutOfWindow,
    E.externalEventTimestampOutOfWindow,
    { field: z.literal('webhook-timestamp'), toleranceSeconds: z.number().int() },
    (direction: 'old' | 'future', toleranceSeconds: number) => ({
      details: `the timestamp is more than ${toleranceSeconds} seconds ${direction === 'old' ? 'in the past' : 'in the future'}`,
      field: 'webhook-timestamp' as const,
      toleranceSeconds,
    }),
  ),
};
export type CatalogueName = keyof typeof ERROR_CATALOGUE;

/**
 * The edge's limit on a request line and its headers together (server/edge.mjs MAX_HEADER_BYTES,
 * which cannot import this module; tests/unit/edge.test.ts holds the two equal): over it, 431.
 */
export const MAX_HEADER_BYTES = 16 * 1024;
