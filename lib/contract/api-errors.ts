import { z } from 'zod';
import { rolesWith } from './access';
import { REQUIRED_CONSENT_TYPES, type ConsentType, type Role, type VerificationStatus } from './enums';
import type { FieldError } from './envelopes';
import { ERROR_MESSAGES as M, ERROR_TYPES as T } from './errors';

/**
 * The one error type of the API. Anything thrown inside a route wrapper becomes an Envelope A (or
 * Envelope B in the card API) through toErrorResponse(); an ApiError carries its status, message and
 * data exactly, anything else becomes a generic 500.
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly data: Record<string, unknown> = {},
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

// ---------------------------------------------------------------------------------------------
// Generic statuses
// ---------------------------------------------------------------------------------------------

export function validationFailed(errors: FieldError[]): ApiError {
  return new ApiError(400, M.validationFailed, { error: T.validation, errors });
}

/** A zod failure: `field` is the dotted path, prefixed with where the input came from when given. */
export function fromZodError(error: z.ZodError, prefix?: string): ApiError {
  const field = (path: PropertyKey[]) => [prefix, path.map(String).join('.')].filter(Boolean).join('.') || (prefix ?? 'body');
  return validationFailed(
    error.issues.flatMap((issue) =>
      // strict bodies: one entry per unknown key, named by its full path (Stripe's "unknown parameter")
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ field: field([...issue.path, key]), message: UNKNOWN_FIELD_MESSAGE }))
        : [{ field: field(issue.path), message: issue.message }],
    ),
  );
}

/** The errors[] message of a key a strict request body does not declare. */
export const UNKNOWN_FIELD_MESSAGE = 'unknown field: not accepted by this operation';

export function missingHeaders(names: string[]): ApiError {
  return new ApiError(400, M.missingHeaders, {
    error: T.missingHeaders,
    details: `missing required headers: ${names.join(', ')}`,
    errors: names.map((field) => ({ field, message: 'header is required' })),
  });
}

export function malformedJson(details: string): ApiError {
  return new ApiError(400, M.malformedJson, { error: T.malformedJson, details });
}

export function unauthorized(details = 'a valid credential is required'): ApiError {
  return new ApiError(401, M.unauthorized, { error: T.unauthorized, details }, { 'WWW-Authenticate': 'Bearer' });
}

export function forbidden(details = 'the caller may not perform this operation'): ApiError {
  return new ApiError(403, M.forbidden, { error: T.forbidden, details });
}

export function notFound(resource = 'resource'): ApiError {
  return new ApiError(404, M.notFound, { error: T.notFound, details: `${resource} not found` });
}

export function routeNotFound(method: string, path: string): ApiError {
  return new ApiError(404, M.routeNotFound, { error: T.routeNotFound, details: `no route for ${method} ${path}` });
}

export function methodNotAllowed(method: string, allowed: string[]): ApiError {
  return new ApiError(
    405,
    M.methodNotAllowed,
    { error: T.methodNotAllowed, details: `${method} is not allowed here; allowed: ${allowed.join(', ')}`, suggestions: allowed },
    { Allow: allowed.join(', ') },
  );
}

export function conflict(details: string, extra: Record<string, unknown> = {}): ApiError {
  return new ApiError(409, M.conflict, { error: T.conflict, details, ...extra });
}

export function payloadTooLarge(maxBytes: number): ApiError {
  return new ApiError(413, M.payloadTooLarge, { error: T.payloadTooLarge, details: `the body must be at most ${maxBytes} bytes` });
}

/** 431: request line and headers above the server's limit; answered by the edge (server/edge.mjs), which cannot import this module. */
export function headersTooLarge(maxBytes: number): ApiError {
  return new ApiError(431, M.headersTooLarge, { error: T.headersTooLarge, details: `the request line and headers must be at most ${maxBytes} bytes together` });
}

export function unsupportedMediaType(received: string | null): ApiError {
  return new ApiError(415, M.unsupportedMediaType, {
    error: T.unsupportedMediaType,
    details: `Content-Type must be application/json${received ? `, got ${received}` : ''}`,
  });
}

export function tooManyRequests(retryAfterSeconds: number): ApiError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new ApiError(
    429,
    M.tooManyRequests,
    { error: T.tooManyRequests, details: `retry after ${seconds} seconds` },
    { 'Retry-After': String(seconds) },
  );
}

/**
 * 422: an Idempotency-Key already used with a different method, path or body (within 24 h). The
 * ledger's transfers name the key (`idempotencyKey`).
 */
export function idempotencyKeyReused(idempotencyKey?: string): ApiError {
  return new ApiError(422, M.idempotencyKeyReused, {
    error: T.idempotencyKeyReused,
    details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  });
}

/** 409: the first request with this Idempotency-Key is still being served (the ledger's transfers name the key). */
export function idempotentRequestInProgress(idempotencyKey?: string): ApiError {
  return new ApiError(409, M.conflict, {
    error: T.idempotentRequestInProgress,
    details: 'a request with this Idempotency-Key is still in progress; retry after it completes',
    ...(idempotencyKey === undefined ? {} : { idempotencyKey }),
  }, { 'Retry-After': '1' });
}

export function internalError(requestId: string): ApiError {
  return new ApiError(500, M.internal, { error: T.internal, details: 'an unexpected error occurred', requestId });
}

export function serviceUnavailable(details: string): ApiError {
  return new ApiError(503, M.serviceUnavailable, { error: T.serviceUnavailable, details });
}

/** 503: the database could not be reached or went away during the request (lib/db/errors.ts isDatabaseUnavailable). */
export function databaseUnavailable(): ApiError {
  return new ApiError(503, M.serviceUnavailable, { error: T.serviceUnavailable, details: 'the database is not reachable; retry later' }, { 'Retry-After': '2' });
}

/** The card API: an operation path that is not one of the catalogue's (or a sandbox one without the sandbox). */
export function unknownCardOperation(operation: string): ApiError {
  return new ApiError(404, M.unknownCardOperation, { error: T.unknownCardOperation, details: `no card operation ${operation}` });
}

/** The card processor answered 5xx, an unusable body, or could not be reached. Its own body is never passed on. */
export function cardProcessorUnavailable(): ApiError {
  return new ApiError(502, M.cardProcessorUnavailable, { error: T.cardProcessorUnavailable, details: 'the card processor did not give a usable answer; retry later' });
}

/** The card processor did not answer within CARD_PROCESSOR_TIMEOUT_MS. */
export function cardProcessorTimeout(): ApiError {
  return new ApiError(504, M.cardProcessorTimeout, { error: T.cardProcessorTimeout, details: 'the card processor did not answer in time; retry later' });
}

// ---------------------------------------------------------------------------------------------
// The contract's catalogue: one constructor per row, exact message and data members.
// ---------------------------------------------------------------------------------------------

/** 400: password differs from matchingPassword. */
export function passwordMismatch(field = 'matchingPassword'): ApiError {
  return validationFailed([{ field, message: 'passwords do not match' }]);
}

/** 400: categorization lacks a mandatory key or has a value outside the allowed values. */
export function categorizationValidationFailed(args: {
  details: string;
  missingKeys: string[];
  invalidValues: Record<string, string>;
}): ApiError {
  return new ApiError(400, M.categorizationValidationFailed, {
    error: T.categorization,
    details: args.details,
    missingKeys: args.missingKeys,
    invalidValues: args.invalidValues,
  });
}

/** 403: tenant unknown, suspended, or categorization not available to it. */
export function tenantAccessDenied(tenantId: string): ApiError {
  return new ApiError(403, M.tenantAccessDenied, { error: T.tenantAccessDenied, tenantId });
}

/** 409: an organization with the same registration number exists in the tenant. */
export function organizationAlreadyExists(registrationNumber: string, existingOrganizationId: string): ApiError {
  return new ApiError(409, M.organizationAlreadyExists, {
    error: T.organizationExists,
    registrationNumber,
    existingOrganizationId,
  });
}

/** 401: wrong username or password. */
export function authenticationFailed(attempts: number, maxAttempts: number): ApiError {
  return new ApiError(401, M.authenticationFailed, {
    success: false,
    errorType: 'AUTHENTICATION',
    message: 'invalid username or password',
    attempts,
    maxAttempts,
    lockoutTime: null,
  }, { 'WWW-Authenticate': 'Bearer' });
}

/** 401: account locked after failed attempts; lockoutTime is when the lock ends. */
export function accountLocked(args: { attempts: number; maxAttempts: number; lockoutTime: Date; lockoutDuration: number }): ApiError {
  return new ApiError(401, M.accountLocked, {
    success: false,
    errorType: 'ACCOUNT_LOCKED',
    message: `too many failed attempts; try again after ${args.lockoutTime.toISOString()}`,
    attempts: args.attempts,
    maxAttempts: args.maxAttempts,
    lockoutTime: args.lockoutTime.toISOString(),
    lockoutDuration: args.lockoutDuration,
  }, { 'WWW-Authenticate': 'Bearer' });
}

/** 401: token expired. */
export function tokenExpired(expiredAt: Date): ApiError {
  return new ApiError(401, M.tokenExpired, { error: T.jwtExpired, expiredAt: expiredAt.toISOString() }, { 'WWW-Authenticate': 'Bearer error="invalid_token"' });
}

/** 403: initiating verification without COMPLIANCE_OFFICER or ADMIN_USER (the holders of 'verification:review'). */
export function verificationAccessDenied(userId: string, currentRoles: Role[]): ApiError {
  return new ApiError(403, M.verificationAccessDenied, {
    userId,
    currentRoles,
    requiredRoles: [...rolesWith('verification:review')],
  });
}

/** The path that accepts a consent; also the acceptUrl of the activation error. */
export function consentAcceptPath(customerId: string, type: ConsentType): string {
  const segment = { TERMS: 'terms', PRIVACY_POLICY: 'privacy', DATA_PROCESSING: 'data-processing', MARKETING: 'marketing' }[type];
  return `/api/v2.1/customer/individual/${customerId}/consents/${segment}`;
}

/** 400: activation with required consents missing. */
export function missingRequiredConsents(customerId: string, missing: ConsentType[], acceptPath = consentAcceptPath): ApiError {
  return new ApiError(400, M.missingRequiredConsents, {
    activationStatus: 'CONSENT_REQUIRED',
    customerId,
    missingConsentTypes: missing,
    missingConsentDetails: Object.fromEntries(
      missing.map((type) => [type, { consentType: type, status: 'MISSING', acceptUrl: acceptPath(customerId, type) }]),
    ),
    totalRequiredConsents: REQUIRED_CONSENT_TYPES.length,
    totalMissingConsents: missing.length,
    nextSteps: missing.map((type) => `accept the ${type} consent: POST ${acceptPath(customerId, type)}`),
  });
}

/** 422: activation before verification is APPROVED. */
export function customerNotVerified(args: {
  verificationStatus: VerificationStatus;
  reason: string;
  estimatedCompletionTime: Date | null;
}): ApiError {
  return new ApiError(422, M.customerNotVerified, {
    activationStatus: 'VERIFICATION_REQUIRED',
    verificationStatus: args.verificationStatus,
    reason: args.reason,
    estimatedCompletionTime: args.estimatedCompletionTime ? args.estimatedCompletionTime.toISOString() : null,
  });
}

/** 400: BUSINESS_TYPE_CLIENT_TO_TENANT organization without an ADMIN_USER employee; no data members. */
export function missingRequiredRole(): ApiError {
  return new ApiError(400, M.missingRequiredRole, {});
}

/** 400: transfer amount above the available balance. Amounts are decimal strings. */
export function insufficientBalance(availableBalance: string, requestedAmount: string, currency: string): ApiError {
  return new ApiError(400, M.insufficientBalance, { availableBalance, requestedAmount, currency });
}

/** 400: transaction limit exceeded. */
export function transactionLimitExceeded(args: {
  limitType: string;
  limit: string;
  currentUsage: string;
  requestedAmount: string;
  currency: string;
}): ApiError {
  return new ApiError(400, M.transactionLimitExceeded, { ...args });
}

/** 404: beneficiary not found for a transfer. */
export function beneficiaryNotFound(iban: string, suggestion: string): ApiError {
  return new ApiError(404, M.beneficiaryNotFound, { iban, suggestion });
}

// ---------------------------------------------------------------------------------------------
// Transfer rules in the catalogue's style (our design; docs/ledger.md)
// ---------------------------------------------------------------------------------------------

/** 400: the wallet is FROZEN or CLOSED; only an ACTIVE wallet sends or receives. */
export function walletNotActive(walletId: string, status: 'ACTIVE' | 'FROZEN' | 'CLOSED'): ApiError {
  return new ApiError(400, M.walletNotActive, { walletId, status, requiredStatus: 'ACTIVE' });
}

/** 400: the transfer names a beneficiary that was deactivated. */
export function beneficiaryInactive(beneficiaryId: string, iban: string): ApiError {
  return new ApiError(400, M.beneficiaryInactive, { beneficiaryId, iban, status: 'INACTIVE' });
}

/** 400: a transfer without paymentConsentId. */
export function paymentConsentRequired(): ApiError {
  return new ApiError(400, M.paymentConsentRequired, {
    field: 'paymentConsentId',
    suggestion: 'authorize payments from the wallet first: POST /api/v2.1/payment-consents',
  });
}

/** 422: the payment consent does not cover the transfer (unknown, revoked, expired, wrong wallet or currency, amount above its maximum, single use spent). */
export function paymentConsentInvalid(
  paymentConsentId: string,
  reason: 'NOT_FOUND' | 'REVOKED' | 'EXPIRED' | 'WALLET_MISMATCH' | 'CURRENCY_MISMATCH' | 'AMOUNT_EXCEEDED' | 'ALREADY_USED',
  details: string,
): ApiError {
  return new ApiError(422, M.paymentConsentInvalid, { paymentConsentId, reason, details });
}

/** 400: the amount's currency is not the wallet's. */
export function currencyMismatch(walletCurrency: string, requestedCurrency: string): ApiError {
  return new ApiError(400, M.currencyMismatch, { walletCurrency, requestedCurrency });
}

/** 400: a wallet transfer's destination wallet holds another currency than the transfer's. */
export function destinationCurrencyMismatch(destinationWalletId: string, walletCurrency: string, requestedCurrency: string): ApiError {
  return new ApiError(400, M.currencyMismatch, { walletCurrency, requestedCurrency, destinationWalletId });
}

/** 403: four-eyes: the initiator of a transfer may not approve or reject it. */
export function approverMustDiffer(transferId: string, initiatedBy: string, approverId: string): ApiError {
  return new ApiError(403, M.approverMustDiffer, { transferId, initiatedBy, approverId });
}

// ---------------------------------------------------------------------------------------------
// Review rules in the catalogue's style (our design; docs/errors.md, docs/onboarding.md)
// ---------------------------------------------------------------------------------------------

/** 422: approval while a required document has no accepted document or a document is undecided. */
export function requiredDocumentsNotAccepted(
  verificationId: string,
  blockers: { unmetRequirements: { requirement: string; label: string; documentTypes: string[] }[]; undecidedDocuments: { documentId: string; documentType: string }[] },
): ApiError {
  return new ApiError(422, M.requiredDocumentsNotAccepted, { error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED', verificationId, ...blockers });
}

/** 422: accepting a document past its expiry date. */
export function documentExpired(documentId: string, expiryDate: string): ApiError {
  return new ApiError(422, M.documentExpired, { error: 'DOCUMENT_EXPIRED', documentId, expiryDate, details: 'an expired document cannot be accepted; reject it or request a revision' });
}

/** 403: a decision, claim or release on a case another officer holds. */
export function verificationAssignedToOther(verificationId: string, assigneeUserId: string, assigneeName: string): ApiError {
  return new ApiError(403, M.verificationAssignedToOther, {
    error: 'ASSIGNED_TO_ANOTHER_OFFICER',
    verificationId,
    assigneeUserId,
    assigneeName,
    details: 'the case is assigned to another officer; ask them to release it or an administrator to reassign it',
  });
}

/** 403: the second of two required approvals by the officer who gave the first. */
export function secondApproverMustDiffer(verificationId: string, firstApprovedBy: string, approverId: string): ApiError {
  return new ApiError(403, M.secondApproverMustDiffer, { error: 'SECOND_APPROVER_MUST_DIFFER', verificationId, firstApprovedBy, approverId });
}

// ---------------------------------------------------------------------------------------------
// AML rules in the catalogue's style (our design; docs/errors.md, docs/aml.md)
// ---------------------------------------------------------------------------------------------

/** 422: a list file that does not parse, refused whole, naming the file, line and field. */
export function listFileInvalid(file: string, line: number, field: string, problem: string): ApiError {
  return new ApiError(422, M.listFileInvalid, { error: T.listFileInvalid, details: `${file} line ${line}, ${field}: ${problem}`, file, line, field });
}

/** 422: approving a case while a screening alert of the customer still needs an officer. */
export function openScreeningAlerts(verificationId: string, alertIds: string[]): ApiError {
  return new ApiError(422, M.openScreeningAlerts, {
    error: T.openScreeningAlerts,
    details: `${alertIds.length} screening alert(s) of this customer must be decided first (false positive, or cleared)`,
    verificationId,
    alertIds,
  });
}

/** 422: a payout to a beneficiary blocked by a confirmed screening match. */
export function beneficiaryBlocked(beneficiaryId: string, alertId: string): ApiError {
  return new ApiError(422, M.beneficiaryBlocked, {
    error: T.beneficiaryBlocked,
    details: 'a confirmed sanctions or PEP match blocks payouts to this beneficiary until two officers clear it',
    beneficiaryId,
    alertId,
  });
}

/** 403: the officer who proposed a four-eyes decision confirming it. */
export function secondOfficerRequired(alertId: string, proposedBy: string, decision: string): ApiError {
  return new ApiError(403, M.secondOfficerRequired, {
    error: T.secondOfficerRequired,
    details: `you proposed ${decision}; another officer must confirm it (four-eyes)`,
    alertId,
    proposedBy,
    decision,
  });
}

/** 403: deciding an alert another officer holds. */
export function alertAssignedToOther(alertId: string, assigneeUserId: string, assigneeName: string): ApiError {
  return new ApiError(403, M.alertAssignedToOther, {
    error: T.alertAssignedToOther,
    details: 'the alert is assigned to another officer; ask them to release it or an administrator to reassign it',
    alertId,
    assigneeUserId,
    assigneeName,
  });
}

/** 409: an action the alert's status no longer allows. */
export function alertStateConflict(alertId: string, status: string, details: string): ApiError {
  return new ApiError(409, M.conflict, { error: T.alertStateConflict, details, alertId, status });
}

/** 422: a decision this alert does not take now (e.g. RELEASE_TRANSFER on a screening hit). */
export function decisionNotAllowed(alertId: string, decision: string, allowed: string[]): ApiError {
  return new ApiError(422, M.unprocessable, {
    error: T.decisionNotAllowed,
    details: allowed.length ? `${decision} is not possible on this alert now; possible: ${allowed.join(', ')}` : `no decision is possible on this alert now`,
    alertId,
    decision,
    allowed,
  });
}

// ---------------------------------------------------------------------------------------------
// Domain rules of our own design (docs/errors.md): each code one row of ERROR_CODES
// ---------------------------------------------------------------------------------------------

/** 403: an administrator session for a role the user does not hold. */
export function roleMismatch(requestedRole: Role, currentRoles: Role[]): ApiError {
  return new ApiError(403, M.forbidden, { error: T.roleMismatch, details: `the user does not hold the role ${requestedRole}`, requestedRole, currentRoles });
}

/** 403: an administrator session naming another organization type than the organization's. */
export function organizationTypeMismatch(actual: string | null, requested: string): ApiError {
  return new ApiError(403, M.forbidden, { error: T.organizationTypeMismatch, details: `the organization is of type ${actual}, not ${requested}` });
}

/** 403: four-eyes: whoever registered the customer reviews neither its case nor its documents. */
export function registrarMayNotReview(userId: string, details: string): ApiError {
  return new ApiError(403, M.forbidden, { error: T.fourEyes, details, userId });
}

/** 422: a case assigned to a user without a reviewing role. */
export function assigneeNotReviewer(assigneeUserId: string): ApiError {
  return new ApiError(422, M.unprocessable, { error: T.assigneeNotReviewer, details: 'the assignee must hold the COMPLIANCE_OFFICER or ADMIN_USER role', assigneeUserId });
}

/** 409: the last active ADMIN_USER of a tenant would go. */
export function lastAdmin(): ApiError {
  return new ApiError(409, M.conflict, { error: T.lastAdmin, details: 'the tenant must keep at least one active ADMIN_USER' });
}

/** 422: a wallet of a customer that is not ACTIVE sends or receives. */
export function customerNotActive(customerId: string, status: string): ApiError {
  return new ApiError(422, M.unprocessable, {
    error: T.customerNotActive,
    details: `the customer ${customerId} is ${status}; only an ACTIVE customer's wallets can send or receive`,
    customerId,
    status,
  });
}

/** 409: a wallet status change its current status does not allow. */
export function walletStateConflict(transition: string, walletId: string, status: string): ApiError {
  return new ApiError(409, M.conflict, { error: T.walletStateConflict, details: `cannot ${transition} a wallet that is ${status}`, walletId, status });
}

/** 409: closing a wallet that still holds money (`balance` formatted in the currency's minor units). */
export function walletBalanceNotZero(walletId: string, balance: string, currency: string): ApiError {
  return new ApiError(409, M.conflict, {
    error: T.walletBalanceNotZero,
    details: `the wallet still holds ${balance} ${currency}; only a zero balance can be closed`,
    walletId,
    balance,
    currency,
  });
}

/** 409: closing a wallet with outgoing transfers awaiting approval. */
/** 409: a customer already holds MAX_DOCUMENTS_PER_CUSTOMER documents (replaced ones count: they are kept as history). */
export function documentLimitReached(customerId: string, limit: number): ApiError {
  return new ApiError(409, M.conflict, {
    error: T.documentLimitReached,
    details: `the customer already has ${limit} documents (replaced ones included), the most one customer may hold`,
    customerId,
    limit,
  });
}

export function walletHasPendingTransfers(walletId: string): ApiError {
  return new ApiError(409, M.conflict, { error: T.walletHasPendingTransfers, details: 'the wallet has transfers awaiting approval; approve or reject them first', walletId });
}

/** 409: deciding a transfer that no longer awaits approval. */
export function transferNotPending(transferId: string, status: string): ApiError {
  return new ApiError(409, M.conflict, {
    error: T.transferNotPending,
    details: `the transfer is ${status}; only a PENDING_APPROVAL transfer can be approved or rejected`,
    transferId,
    status,
  });
}

/** 409: a second active beneficiary with the same IBAN for one customer. */
export function beneficiaryExists(existingBeneficiaryId: string): ApiError {
  return new ApiError(409, M.conflict, { error: T.beneficiaryExists, details: 'the customer already has an active beneficiary with this IBAN', existingBeneficiaryId });
}

/** 409: testing or replaying through a disabled webhook subscription (`action`: what was asked). */
export function subscriptionDisabled(action: string): ApiError {
  return new ApiError(409, M.conflict, { error: T.subscriptionDisabled, details: `the subscription is disabled; enable it (PATCH enabled: true) to ${action}` });
}

/** 409: replaying a delivery that is still pending. */
export function deliveryPending(nextAttemptAt: string | null): ApiError {
  return new ApiError(409, M.conflict, { error: T.deliveryPending, details: 'the delivery is still pending; it is sent at its next attempt', nextAttemptAt });
}
