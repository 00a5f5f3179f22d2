import { ERROR_CATALOGUE, type CatalogueName, type CatalogueRow } from './errors';

export { consentAcceptPath, UNKNOWN_FIELD_MESSAGE } from './errors';

/**
 * The one error type of the API. Anything thrown inside a route wrapper becomes an Envelope A (or
 * Envelope B in the card API) through toErrorResponse(); an ApiError carries its status, message and
 * data exactly, anything else becomes a generic 500.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;
  /**
   * An answer, not a fault: no stack trace is captured (V8's capture was the largest cost of our own
   * code in a 404, and an ApiError is rendered, never logged with its stack).
   */
  constructor(status: number, message: string, data: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
    this.headers = headers;
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

type Catalogue = typeof ERROR_CATALOGUE;
type ArgsOf<K extends CatalogueName> = Catalogue[K] extends CatalogueRow<infer A> ? A : never;
/** One constructor per row of ERROR_CATALOGUE (lib/contract/errors.ts), taking its `build`'s arguments. */
export type ErrorConstructors = { [K in CatalogueName]: (...args: ArgsOf<K>) => ApiError };

/** The row's answer: its status and message, `data` with the row's code first, and its headers. */
function constructorOf<A extends unknown[]>(row: CatalogueRow<A>): (...args: A) => ApiError {
  return (...args) => {
    const members = row.build(...args) as Record<string, unknown>;
    return new ApiError(row.status, row.message, row.code === undefined ? members : { error: row.code, ...members }, row.headers?.(...args) ?? {});
  };
}

/** Every constructor, derived from its row: the catalogue is written once (docs/errors.md). */
export const API_ERRORS = Object.fromEntries(Object.entries(ERROR_CATALOGUE).map(([name, row]) => [name, constructorOf(row as CatalogueRow<unknown[]>)])) as ErrorConstructors;

export const {
  validationFailed,
  fromZodError,
  missingHeaders,
  malformedJson,
  unauthorized,
  forbidden,
  notFound,
  routeNotFound,
  methodNotAllowed,
  conflict,
  payloadTooLarge,
  headersTooLarge,
  unsupportedMediaType,
  tooManyRequests,
  idempotencyKeyReused,
  idempotentRequestInProgress,
  internalError,
  serviceUnavailable,
  databaseUnavailable,
  databaseTimeout,
  unknownCardOperation,
  cardProcessorUnavailable,
  cardProcessorTimeout,
  passwordMismatch,
  categorizationValidationFailed,
  tenantAccessDenied,
  organizationAlreadyExists,
  authenticationFailed,
  accountLocked,
  tokenExpired,
  verificationAccessDenied,
  missingRequiredConsents,
  customerNotVerified,
  missingRequiredRole,
  insufficientBalance,
  transactionLimitExceeded,
  beneficiaryNotFound,
  walletNotActive,
  beneficiaryInactive,
  paymentConsentRequired,
  paymentConsentInvalid,
  currencyMismatch,
  destinationCurrencyMismatch,
  approverMustDiffer,
  requiredDocumentsNotAccepted,
  documentExpired,
  verificationAssignedToOther,
  secondApproverMustDiffer,
  listFileInvalid,
  openScreeningAlerts,
  beneficiaryBlocked,
  secondOfficerRequired,
  alertAssignedToOther,
  alertStateConflict,
  decisionNotAllowed,
  reconsentRequired,
  draftExpired,
  draftConsumed,
  roleMismatch,
  organizationTypeMismatch,
  registrarMayNotReview,
  assigneeNotReviewer,
  lastAdmin,
  customerNotActive,
  walletStateConflict,
  walletBalanceNotZero,
  documentLimitReached,
  productCodeExists,
  walletHasPendingTransfers,
  transferNotPending,
  beneficiaryExists,
  subscriptionDisabled,
  deliveryPending,
  externalPartnerNotFound,
  externalEventSignatureInvalid,
  externalEventTimestampOutOfWindow,
} = API_ERRORS;
