import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorEnvelopeASchema } from '@/lib/contract/envelopes';
import {
  accountLockedDataSchema,
  approverMustDifferDataSchema,
  authenticationFailedDataSchema,
  beneficiaryInactiveDataSchema,
  currencyMismatchDataSchema,
  paymentConsentInvalidDataSchema,
  paymentConsentRequiredDataSchema,
  walletNotActiveDataSchema,
  beneficiaryNotFoundDataSchema,
  categorizationValidationFailedDataSchema,
  customerNotVerifiedDataSchema,
  genericErrorDataSchema,
  insufficientBalanceDataSchema,
  missingRequiredConsentsDataSchema,
  missingRequiredRoleDataSchema,
  organizationAlreadyExistsDataSchema,
  tenantAccessDeniedDataSchema,
  tokenExpiredDataSchema,
  transactionLimitExceededDataSchema,
  validationFailedDataSchema,
  verificationAccessDeniedDataSchema,
  requiredDocumentsNotAcceptedDataSchema,
  documentExpiredDataSchema,
  verificationAssignedToOtherDataSchema,
  secondApproverMustDifferDataSchema,
  ERROR_CATALOGUE,
  ERROR_TYPES,
  type CatalogueName,
  type CatalogueRow,
} from '@/lib/contract/errors';
import { renderEnvelopeA } from '@/lib/http/api-route';
import * as E from '@/lib/contract/api-errors';

/**
 * Every constructor of lib/contract/api-errors.ts rendered as Envelope A: exact status, the special headers
 * (Allow, Retry-After, WWW-Authenticate) and the exact JSON body; catalogue bodies also parse with
 * their `data` schema from lib/contract/errors.ts.
 */
interface Row {
  name: string;
  error: E.ApiError;
  status: number;
  message: string;
  data: Record<string, unknown>;
  headers?: Partial<Record<'Allow' | 'Retry-After' | 'WWW-Authenticate', string>>;
  schema: z.ZodType;
}

const SPECIAL_HEADERS = ['Allow', 'Retry-After', 'WWW-Authenticate'] as const;

/**
 * The spec's error table (business-platform-api.md, Errors > Cases), parsed: the spec lives next to
 * the repository in ../shared/spec (SPEC_DIR overrides; a git worktree one level deeper finds it too).
 */
function specFile(name: string): string {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dirs = [process.env.SPEC_DIR, path.join(root, '..', 'shared', 'spec'), path.join(root, '..', '..', 'shared', 'spec')].filter(Boolean) as string[];
  const dir = dirs.find((d) => existsSync(path.join(d, name)));
  if (!dir) throw new Error(`the spec ${name} is not in any of ${dirs.join(', ')} (set SPEC_DIR)`);
  return readFileSync(path.join(dir, name), 'utf8');
}

interface SpecCase {
  status: number;
  condition: string;
  message: string;
  members: string[];
}

/** Rows of the Cases table; `data` members are the first word of each comma-separated item, (...) and `...` removed. */
function specCases(): SpecCase[] {
  const md = specFile('business-platform-api.md');
  const section = md.slice(md.indexOf('### Cases'), md.indexOf('Client guidance'));
  const stripParens = (text: string) => {
    let out = '';
    let depth = 0;
    for (const c of text) {
      if (c === '(') depth++;
      else if (c === ')') depth--;
      else if (depth === 0) out += c;
    }
    return out;
  };
  return section
    .split('\n')
    .filter((line) => /^\|\s*\d{3}\s*\|/.test(line))
    .map((line) => {
      const [status, condition, message, members] = line
        .split('|')
        .slice(1, 5)
        .map((c) => c.trim());
      const names = stripParens(members!.replace(/`[^`]*`/g, ''))
        .split(',')
        .map((m) => m.trim().split(/[\s[]/)[0]!)
        .filter((m) => m && m !== 'none');
      return { status: Number(status), condition: condition!, message: message!, members: names };
    });
}

/** Spec rows that describe their message instead of quoting it: what the message must say. */
const DESCRIBED_MESSAGES: Record<string, RegExp> = {
  'access denied message naming the two roles': /^access denied\b.*\bCOMPLIANCE_OFFICER\b.*\bADMIN_USER\b/,
  'missing required role message': /^missing required role\b.*\bADMIN_USER\b/,
};

async function render(error: E.ApiError) {
  const res = renderEnvelopeA(error, 'req-1');
  const special = Object.fromEntries(SPECIAL_HEADERS.map((h) => [h, res.headers.get(h)]));
  return { status: res.status, contentType: res.headers.get('content-type'), special, body: (await res.json()) as unknown };
}

async function expectRow(row: Row) {
  const rendered = await render(row.error);
  expect(rendered).toEqual({
    status: row.status,
    contentType: 'application/json',
    special: Object.fromEntries(SPECIAL_HEADERS.map((h) => [h, row.headers?.[h] ?? null])),
    body: { code: row.status, message: row.message, data: row.data },
  });
  // the body is a valid error Envelope A and its data matches the row's schema
  expect(errorEnvelopeASchema.safeParse(rendered.body).success).toBe(true);
  const parsed = row.schema.safeParse((rendered.body as { data: unknown }).data);
  expect(parsed.error?.issues ?? []).toEqual([]);
}

const CUSTOMER = '5f0c6d1e-2a3b-4c5d-8e9f-0a1b2c3d4e5f';
const LOCKOUT_END = new Date('2026-03-01T10:30:00.000Z');
const EXPIRED_AT = new Date('2026-03-01T09:00:00.000Z');
const consentUrl = (segment: string) => `/api/v2.1/customer/individual/${CUSTOMER}/consents/${segment}`;

const catalogue: Row[] = [
  {
    name: 'passwordMismatch',
    error: E.passwordMismatch(),
    status: 400,
    message: 'request validation failed',
    data: { error: 'VALIDATION_FAILED', errors: [{ field: 'matchingPassword', message: 'passwords do not match' }] },
    schema: validationFailedDataSchema,
  },
  {
    name: 'passwordMismatch (nested field)',
    error: E.passwordMismatch('admin.matchingPassword'),
    status: 400,
    message: 'request validation failed',
    data: { error: 'VALIDATION_FAILED', errors: [{ field: 'admin.matchingPassword', message: 'passwords do not match' }] },
    schema: validationFailedDataSchema,
  },
  {
    name: 'categorizationValidationFailed',
    error: E.categorizationValidationFailed({
      details: 'feature KYC_BASIC: 1 missing key, 1 invalid value',
      missingKeys: ['sourceOfFunds'],
      invalidValues: { employmentStatus: 'LOTTERY is not one of EMPLOYED, STUDENT' },
    }),
    status: 400,
    message: 'categorization validation failed',
    data: {
      error: 'CATEGORIZATION_VALIDATION_FAILED',
      details: 'feature KYC_BASIC: 1 missing key, 1 invalid value',
      missingKeys: ['sourceOfFunds'],
      invalidValues: { employmentStatus: 'LOTTERY is not one of EMPLOYED, STUDENT' },
    },
    schema: categorizationValidationFailedDataSchema,
  },
  {
    name: 'tenantAccessDenied',
    error: E.tenantAccessDenied('11111111-1111-4111-8111-111111111111'),
    status: 403,
    message: 'tenant access denied or categorization not available',
    data: { error: 'TENANT_ACCESS_DENIED', tenantId: '11111111-1111-4111-8111-111111111111' },
    schema: tenantAccessDeniedDataSchema,
  },
  {
    name: 'organizationAlreadyExists',
    error: E.organizationAlreadyExists('HRB-12345', '22222222-2222-4222-8222-222222222222'),
    status: 409,
    message: 'organization already exists',
    data: { error: 'ORGANIZATION_ALREADY_EXISTS', registrationNumber: 'HRB-12345', existingOrganizationId: '22222222-2222-4222-8222-222222222222' },
    schema: organizationAlreadyExistsDataSchema,
  },
  {
    name: 'authenticationFailed',
    error: E.authenticationFailed(2, 5),
    status: 401,
    message: 'authentication failed',
    data: { success: false, errorType: 'AUTHENTICATION', message: 'invalid username or password', attempts: 2, maxAttempts: 5, lockoutTime: null },
    headers: { 'WWW-Authenticate': 'Bearer' },
    schema: authenticationFailedDataSchema,
  },
  {
    name: 'accountLocked',
    error: E.accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: LOCKOUT_END, lockoutDuration: 1800 }),
    status: 401,
    message: 'account locked',
    data: {
      success: false,
      errorType: 'ACCOUNT_LOCKED',
      message: 'too many failed attempts; try again after 2026-03-01T10:30:00.000Z',
      attempts: 5,
      maxAttempts: 5,
      lockoutTime: '2026-03-01T10:30:00.000Z',
      lockoutDuration: 1800,
    },
    headers: { 'WWW-Authenticate': 'Bearer' },
    schema: accountLockedDataSchema,
  },
  {
    name: 'tokenExpired',
    error: E.tokenExpired(EXPIRED_AT),
    status: 401,
    message: 'token expired',
    data: { error: 'JWT_EXPIRED', expiredAt: '2026-03-01T09:00:00.000Z' },
    headers: { 'WWW-Authenticate': 'Bearer error="invalid_token"' },
    schema: tokenExpiredDataSchema,
  },
  {
    name: 'verificationAccessDenied',
    error: E.verificationAccessDenied('33333333-3333-4333-8333-333333333333', ['EMPLOYEE', 'TRANSACTION_APPROVER']),
    status: 403,
    message: 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role',
    data: {
      userId: '33333333-3333-4333-8333-333333333333',
      currentRoles: ['EMPLOYEE', 'TRANSACTION_APPROVER'],
      requiredRoles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'],
    },
    schema: verificationAccessDeniedDataSchema,
  },
  {
    name: 'verificationAccessDenied (no roles)',
    error: E.verificationAccessDenied('u-1', []),
    status: 403,
    message: 'access denied: initiating verification requires the COMPLIANCE_OFFICER or ADMIN_USER role',
    data: { userId: 'u-1', currentRoles: [], requiredRoles: ['COMPLIANCE_OFFICER', 'ADMIN_USER'] },
    schema: verificationAccessDeniedDataSchema,
  },
  {
    name: 'missingRequiredConsents (two missing)',
    error: E.missingRequiredConsents(CUSTOMER, ['PRIVACY_POLICY', 'DATA_PROCESSING']),
    status: 400,
    message: 'missing required consents',
    data: {
      activationStatus: 'CONSENT_REQUIRED',
      customerId: CUSTOMER,
      missingConsentTypes: ['PRIVACY_POLICY', 'DATA_PROCESSING'],
      missingConsentDetails: {
        PRIVACY_POLICY: { consentType: 'PRIVACY_POLICY', status: 'MISSING', acceptUrl: consentUrl('privacy') },
        DATA_PROCESSING: { consentType: 'DATA_PROCESSING', status: 'MISSING', acceptUrl: consentUrl('data-processing') },
      },
      totalRequiredConsents: 3,
      totalMissingConsents: 2,
      nextSteps: [`accept the PRIVACY_POLICY consent: POST ${consentUrl('privacy')}`, `accept the DATA_PROCESSING consent: POST ${consentUrl('data-processing')}`],
    },
    schema: missingRequiredConsentsDataSchema,
  },
  {
    name: 'missingRequiredConsents (all three missing)',
    error: E.missingRequiredConsents(CUSTOMER, ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING']),
    status: 400,
    message: 'missing required consents',
    data: {
      activationStatus: 'CONSENT_REQUIRED',
      customerId: CUSTOMER,
      missingConsentTypes: ['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING'],
      missingConsentDetails: {
        TERMS: { consentType: 'TERMS', status: 'MISSING', acceptUrl: consentUrl('terms') },
        PRIVACY_POLICY: { consentType: 'PRIVACY_POLICY', status: 'MISSING', acceptUrl: consentUrl('privacy') },
        DATA_PROCESSING: { consentType: 'DATA_PROCESSING', status: 'MISSING', acceptUrl: consentUrl('data-processing') },
      },
      totalRequiredConsents: 3,
      totalMissingConsents: 3,
      nextSteps: [
        `accept the TERMS consent: POST ${consentUrl('terms')}`,
        `accept the PRIVACY_POLICY consent: POST ${consentUrl('privacy')}`,
        `accept the DATA_PROCESSING consent: POST ${consentUrl('data-processing')}`,
      ],
    },
    schema: missingRequiredConsentsDataSchema,
  },
  {
    name: 'missingRequiredConsents (custom accept path)',
    error: E.missingRequiredConsents(CUSTOMER, ['TERMS'], (id, type) => `/x/${id}/${type}`),
    status: 400,
    message: 'missing required consents',
    data: {
      activationStatus: 'CONSENT_REQUIRED',
      customerId: CUSTOMER,
      missingConsentTypes: ['TERMS'],
      missingConsentDetails: { TERMS: { consentType: 'TERMS', status: 'MISSING', acceptUrl: `/x/${CUSTOMER}/TERMS` } },
      totalRequiredConsents: 3,
      totalMissingConsents: 1,
      nextSteps: [`accept the TERMS consent: POST /x/${CUSTOMER}/TERMS`],
    },
    schema: missingRequiredConsentsDataSchema,
  },
  {
    name: 'customerNotVerified (with estimate)',
    error: E.customerNotVerified({
      verificationStatus: 'PENDING_REVIEW',
      reason: 'verification is under review',
      estimatedCompletionTime: new Date('2026-03-02T12:00:00.000Z'),
    }),
    status: 422,
    message: 'customer not verified',
    data: {
      activationStatus: 'VERIFICATION_REQUIRED',
      verificationStatus: 'PENDING_REVIEW',
      reason: 'verification is under review',
      estimatedCompletionTime: '2026-03-02T12:00:00.000Z',
    },
    schema: customerNotVerifiedDataSchema,
  },
  {
    name: 'customerNotVerified (no estimate)',
    error: E.customerNotVerified({ verificationStatus: 'NOT_STARTED', reason: 'verification has not been started', estimatedCompletionTime: null }),
    status: 422,
    message: 'customer not verified',
    data: {
      activationStatus: 'VERIFICATION_REQUIRED',
      verificationStatus: 'NOT_STARTED',
      reason: 'verification has not been started',
      estimatedCompletionTime: null,
    },
    schema: customerNotVerifiedDataSchema,
  },
  {
    name: 'missingRequiredRole',
    error: E.missingRequiredRole(),
    status: 400,
    message: 'missing required role: an organization of business type BUSINESS_TYPE_CLIENT_TO_TENANT needs at least one employee with the ADMIN_USER role',
    data: {},
    schema: missingRequiredRoleDataSchema,
  },
  {
    name: 'insufficientBalance',
    error: E.insufficientBalance('100.00', '250.50', 'EUR'),
    status: 400,
    message: 'insufficient balance',
    data: { availableBalance: '100.00', requestedAmount: '250.50', currency: 'EUR' },
    schema: insufficientBalanceDataSchema,
  },
  {
    name: 'transactionLimitExceeded',
    error: E.transactionLimitExceeded({ limitType: 'DAILY', limit: '1000.00', currentUsage: '900.00', requestedAmount: '200.00', currency: 'EUR' }),
    status: 400,
    message: 'transaction limit exceeded',
    data: { limitType: 'DAILY', limit: '1000.00', currentUsage: '900.00', requestedAmount: '200.00', currency: 'EUR' },
    schema: transactionLimitExceededDataSchema,
  },
  {
    name: 'beneficiaryNotFound',
    error: E.beneficiaryNotFound('DE89370400440532013000', 'check the IBAN or add the beneficiary first'),
    status: 404,
    message: 'beneficiary not found',
    data: { iban: 'DE89370400440532013000', suggestion: 'check the IBAN or add the beneficiary first' },
    schema: beneficiaryNotFoundDataSchema,
  },
];

const zodFailure = (schema: z.ZodType, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected a zod failure');
  return result.error;
};

const nested = z.object({
  name: z.string().min(1, 'must not be empty'),
  admin: z.object({
    email: z.email({ message: 'must be a valid email address' }),
    phones: z.array(z.object({ number: z.string().regex(/^\+\d+$/, 'must be E.164') })),
  }),
});
const nestedError = zodFailure(nested, {
  name: '',
  admin: { email: 'nope', phones: [{ number: '+4930123' }, { number: '030 123' }, {}] },
});

const generic: Row[] = [
  {
    name: 'walletNotActive',
    error: E.walletNotActive('w-1', 'FROZEN'),
    status: 400,
    message: 'wallet not active',
    data: { walletId: 'w-1', status: 'FROZEN', requiredStatus: 'ACTIVE' },
    schema: walletNotActiveDataSchema,
  },
  {
    name: 'beneficiaryInactive',
    error: E.beneficiaryInactive('b-1', 'DE89370400440532013000'),
    status: 400,
    message: 'beneficiary inactive',
    data: { beneficiaryId: 'b-1', iban: 'DE89370400440532013000', status: 'INACTIVE' },
    schema: beneficiaryInactiveDataSchema,
  },
  {
    name: 'paymentConsentRequired',
    error: E.paymentConsentRequired(),
    status: 400,
    message: 'payment consent required',
    data: { field: 'paymentConsentId', suggestion: 'authorize payments from the wallet first: POST /api/v2.1/payment-consents' },
    schema: paymentConsentRequiredDataSchema,
  },
  {
    name: 'paymentConsentInvalid',
    error: E.paymentConsentInvalid('c-1', 'EXPIRED', 'the consent expired at 2026-01-01T00:00:00.000Z'),
    status: 422,
    message: 'payment consent invalid',
    data: { paymentConsentId: 'c-1', reason: 'EXPIRED', details: 'the consent expired at 2026-01-01T00:00:00.000Z' },
    schema: paymentConsentInvalidDataSchema,
  },
  {
    name: 'currencyMismatch',
    error: E.currencyMismatch('EUR', 'USD'),
    status: 400,
    message: 'currency mismatch',
    data: { walletCurrency: 'EUR', requestedCurrency: 'USD' },
    schema: currencyMismatchDataSchema,
  },
  {
    name: 'destinationCurrencyMismatch',
    error: E.destinationCurrencyMismatch('w-2', 'USD', 'EUR'),
    status: 400,
    message: 'currency mismatch',
    data: { walletCurrency: 'USD', requestedCurrency: 'EUR', destinationWalletId: 'w-2' },
    schema: currencyMismatchDataSchema,
  },
  {
    name: 'approverMustDiffer',
    error: E.approverMustDiffer('t-1', 'u-1', 'u-1'),
    status: 403,
    message: 'approver must differ from initiator',
    data: { transferId: 't-1', initiatedBy: 'u-1', approverId: 'u-1' },
    schema: approverMustDifferDataSchema,
  },
  {
    name: 'requiredDocumentsNotAccepted',
    error: E.requiredDocumentsNotAccepted('v-1', {
      unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: ['PASSPORT'] }],
      undecidedDocuments: [{ documentId: 'd-1', documentType: 'OTHER' }],
    }),
    status: 422,
    message: 'required documents not accepted',
    data: {
      error: 'REQUIRED_DOCUMENTS_NOT_ACCEPTED',
      verificationId: 'v-1',
      unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: ['PASSPORT'] }],
      undecidedDocuments: [{ documentId: 'd-1', documentType: 'OTHER' }],
    },
    schema: requiredDocumentsNotAcceptedDataSchema,
  },
  {
    name: 'documentExpired',
    error: E.documentExpired('d-1', '2020-01-01'),
    status: 422,
    message: 'document expired',
    data: { error: 'DOCUMENT_EXPIRED', documentId: 'd-1', expiryDate: '2020-01-01', details: 'an expired document cannot be accepted; reject it or request a revision' },
    schema: documentExpiredDataSchema,
  },
  {
    name: 'verificationAssignedToOther',
    error: E.verificationAssignedToOther('v-1', 'u-2', 'Olga Officer'),
    status: 403,
    message: 'verification assigned to another officer',
    data: {
      error: 'ASSIGNED_TO_ANOTHER_OFFICER',
      verificationId: 'v-1',
      assigneeUserId: 'u-2',
      assigneeName: 'Olga Officer',
      details: 'the case is assigned to another officer; ask them to release it or an administrator to reassign it',
    },
    schema: verificationAssignedToOtherDataSchema,
  },
  {
    name: 'secondApproverMustDiffer',
    error: E.secondApproverMustDiffer('v-1', 'u-1', 'u-1'),
    status: 403,
    message: 'second approval requires a different officer',
    data: { error: 'SECOND_APPROVER_MUST_DIFFER', verificationId: 'v-1', firstApprovedBy: 'u-1', approverId: 'u-1' },
    schema: secondApproverMustDifferDataSchema,
  },
  {
    name: 'validationFailed',
    error: E.validationFailed([
      { field: 'a', message: 'm1' },
      { field: 'b.c', message: 'm2' },
    ]),
    status: 400,
    message: 'request validation failed',
    data: {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'a', message: 'm1' },
        { field: 'b.c', message: 'm2' },
      ],
    },
    schema: validationFailedDataSchema,
  },
  {
    name: 'fromZodError (nested paths and array indexes)',
    error: E.fromZodError(nestedError),
    status: 400,
    message: 'request validation failed',
    data: {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'name', message: 'must not be empty' },
        { field: 'admin.email', message: 'must be a valid email address' },
        { field: 'admin.phones.1.number', message: 'must be E.164' },
        { field: 'admin.phones.2.number', message: 'Invalid input: expected string, received undefined' },
      ],
    },
    schema: validationFailedDataSchema,
  },
  {
    name: 'fromZodError (with prefix)',
    error: E.fromZodError(zodFailure(z.object({ pageNo: z.coerce.number().int() }), { pageNo: 'x' }), 'query'),
    status: 400,
    message: 'request validation failed',
    data: { error: 'VALIDATION_FAILED', errors: [{ field: 'query.pageNo', message: 'Invalid input: expected number, received NaN' }] },
    schema: validationFailedDataSchema,
  },
  {
    name: 'fromZodError (unknown keys: one entry per key, named by its path)',
    error: E.fromZodError(zodFailure(z.object({ a: z.object({}).strict() }).strict(), { extra: 1, a: { b: 2 } })),
    status: 400,
    message: 'request validation failed',
    data: {
      error: 'VALIDATION_FAILED',
      errors: [
        { field: 'a.b', message: 'unknown field: not accepted by this operation' },
        { field: 'extra', message: 'unknown field: not accepted by this operation' },
      ],
    },
    schema: validationFailedDataSchema,
  },
  {
    name: 'fromZodError (root issue with prefix: the prefix)',
    error: E.fromZodError(zodFailure(z.object({ a: z.string() }), 'not an object'), 'params'),
    status: 400,
    message: 'request validation failed',
    data: { error: 'VALIDATION_FAILED', errors: [{ field: 'params', message: 'Invalid input: expected object, received string' }] },
    schema: validationFailedDataSchema,
  },
  {
    name: 'missingHeaders',
    error: E.missingHeaders(['X-Tenant-ID', 'platform']),
    status: 400,
    message: 'missing required headers',
    data: {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: X-Tenant-ID, platform',
      errors: [
        { field: 'X-Tenant-ID', message: 'header is required' },
        { field: 'platform', message: 'header is required' },
      ],
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'malformedJson',
    error: E.malformedJson('the body is not valid JSON (error at position 3)'),
    status: 400,
    message: 'malformed JSON body',
    data: { error: 'MALFORMED_JSON', details: 'the body is not valid JSON (error at position 3)' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'unauthorized (default)',
    error: E.unauthorized(),
    status: 401,
    message: 'authentication required',
    data: { error: 'UNAUTHORIZED', details: 'a valid credential is required' },
    headers: { 'WWW-Authenticate': 'Bearer' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'unauthorized (details)',
    error: E.unauthorized('the session has ended'),
    status: 401,
    message: 'authentication required',
    data: { error: 'UNAUTHORIZED', details: 'the session has ended' },
    headers: { 'WWW-Authenticate': 'Bearer' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'forbidden (default)',
    error: E.forbidden(),
    status: 403,
    message: 'access denied',
    data: { error: 'FORBIDDEN', details: 'the caller may not perform this operation' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'forbidden (details)',
    error: E.forbidden('ADMIN_USER required'),
    status: 403,
    message: 'access denied',
    data: { error: 'FORBIDDEN', details: 'ADMIN_USER required' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'notFound (default)',
    error: E.notFound(),
    status: 404,
    message: 'resource not found',
    data: { error: 'NOT_FOUND', details: 'resource not found' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'notFound (resource)',
    error: E.notFound('organization'),
    status: 404,
    message: 'resource not found',
    data: { error: 'NOT_FOUND', details: 'organization not found' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'routeNotFound',
    error: E.routeNotFound('GET', '/api/v2.1/nothing'),
    status: 404,
    message: 'route not found',
    data: { error: 'ROUTE_NOT_FOUND', details: 'no route for GET /api/v2.1/nothing' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'methodNotAllowed',
    error: E.methodNotAllowed('DELETE', ['GET', 'POST', 'HEAD', 'OPTIONS']),
    status: 405,
    message: 'method not allowed',
    data: {
      error: 'METHOD_NOT_ALLOWED',
      details: 'DELETE is not allowed here; allowed: GET, POST, HEAD, OPTIONS',
      suggestions: ['GET', 'POST', 'HEAD', 'OPTIONS'],
    },
    headers: { Allow: 'GET, POST, HEAD, OPTIONS' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'conflict',
    error: E.conflict('a tenant with this name already exists'),
    status: 409,
    message: 'conflict',
    data: { error: 'CONFLICT', details: 'a tenant with this name already exists' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'conflict (extra members)',
    error: E.conflict('a tenant with this name already exists', { field: 'name' }),
    status: 409,
    message: 'conflict',
    data: { error: 'CONFLICT', details: 'a tenant with this name already exists', field: 'name' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'payloadTooLarge',
    error: E.payloadTooLarge(1024),
    status: 413,
    message: 'payload too large',
    data: { error: 'PAYLOAD_TOO_LARGE', details: 'the body must be at most 1024 bytes' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'headersTooLarge',
    error: E.headersTooLarge(16384),
    status: 431,
    message: 'request header fields too large',
    data: { error: 'HEADERS_TOO_LARGE', details: 'the request line and headers must be at most 16384 bytes together' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'unsupportedMediaType (received)',
    error: E.unsupportedMediaType('text/plain'),
    status: 415,
    message: 'unsupported media type',
    data: { error: 'UNSUPPORTED_MEDIA_TYPE', details: 'Content-Type must be application/json, got text/plain' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'unsupportedMediaType (none)',
    error: E.unsupportedMediaType(null),
    status: 415,
    message: 'unsupported media type',
    data: { error: 'UNSUPPORTED_MEDIA_TYPE', details: 'Content-Type must be application/json' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'idempotencyKeyReused',
    error: E.idempotencyKeyReused(),
    status: 422,
    message: 'idempotency key reused with a different request',
    data: { error: 'IDEMPOTENCY_KEY_REUSED', details: 'this Idempotency-Key was used with a different request; use a new key for a new request' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'idempotencyKeyReused (naming the key: the ledger)',
    error: E.idempotencyKeyReused('order-1'),
    status: 422,
    message: 'idempotency key reused with a different request',
    data: { error: 'IDEMPOTENCY_KEY_REUSED', details: 'this Idempotency-Key was used with a different request; use a new key for a new request', idempotencyKey: 'order-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'idempotentRequestInProgress (naming the key: the ledger)',
    error: E.idempotentRequestInProgress('order-1'),
    status: 409,
    message: 'conflict',
    data: { error: 'IDEMPOTENT_REQUEST_IN_PROGRESS', details: 'a request with this Idempotency-Key is still in progress; retry after it completes', idempotencyKey: 'order-1' },
    headers: { 'Retry-After': '1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'idempotentRequestInProgress',
    error: E.idempotentRequestInProgress(),
    status: 409,
    message: 'conflict',
    data: { error: 'IDEMPOTENT_REQUEST_IN_PROGRESS', details: 'a request with this Idempotency-Key is still in progress; retry after it completes' },
    headers: { 'Retry-After': '1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'tooManyRequests (whole seconds)',
    error: E.tooManyRequests(30),
    status: 429,
    message: 'too many requests',
    data: { error: 'RATE_LIMITED', details: 'retry after 30 seconds' },
    headers: { 'Retry-After': '30' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'tooManyRequests (rounds up)',
    error: E.tooManyRequests(2.1),
    status: 429,
    message: 'too many requests',
    data: { error: 'RATE_LIMITED', details: 'retry after 3 seconds' },
    headers: { 'Retry-After': '3' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'tooManyRequests (minimum 1 for a fraction)',
    error: E.tooManyRequests(0.2),
    status: 429,
    message: 'too many requests',
    data: { error: 'RATE_LIMITED', details: 'retry after 1 seconds' },
    headers: { 'Retry-After': '1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'tooManyRequests (minimum 1 for zero and negative)',
    error: E.tooManyRequests(-5),
    status: 429,
    message: 'too many requests',
    data: { error: 'RATE_LIMITED', details: 'retry after 1 seconds' },
    headers: { 'Retry-After': '1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'internalError',
    error: E.internalError('req-42'),
    status: 500,
    message: 'internal server error',
    data: { error: 'INTERNAL_ERROR', details: 'an unexpected error occurred', requestId: 'req-42' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'serviceUnavailable',
    error: E.serviceUnavailable('the database is not reachable'),
    status: 503,
    message: 'service unavailable',
    data: { error: 'SERVICE_UNAVAILABLE', details: 'the database is not reachable' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'databaseUnavailable',
    error: E.databaseUnavailable(),
    status: 503,
    message: 'service unavailable',
    data: { error: 'SERVICE_UNAVAILABLE', details: 'the database is not reachable; retry later' },
    headers: { 'Retry-After': '2' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'databaseTimeout',
    error: E.databaseTimeout(),
    status: 503,
    message: 'service unavailable',
    data: { error: 'SERVICE_UNAVAILABLE', details: 'the database did not answer in time; retry later' },
    headers: { 'Retry-After': '2' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'unknownCardOperation',
    error: E.unknownCardOperation('card/nope'),
    status: 404,
    message: 'unknown card operation',
    data: { error: 'UNKNOWN_OPERATION', details: 'no card operation card/nope' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'cardProcessorUnavailable',
    error: E.cardProcessorUnavailable(),
    status: 502,
    message: 'card processor unavailable',
    data: { error: 'PROCESSOR_UNAVAILABLE', details: 'the card processor did not give a usable answer; retry later' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'cardProcessorTimeout',
    error: E.cardProcessorTimeout(),
    status: 504,
    message: 'card processor timed out',
    data: { error: 'PROCESSOR_TIMEOUT', details: 'the card processor did not answer in time; retry later' },
    schema: genericErrorDataSchema,
  },
  // domain rules of our own design: one catalogue row each
  {
    name: 'roleMismatch',
    error: E.roleMismatch('ADMIN_USER', ['EMPLOYEE']),
    status: 403,
    message: 'access denied',
    data: { error: 'ROLE_MISMATCH', details: 'the user does not hold the role ADMIN_USER', requestedRole: 'ADMIN_USER', currentRoles: ['EMPLOYEE'] },
    schema: genericErrorDataSchema,
  },
  {
    name: 'organizationTypeMismatch',
    error: E.organizationTypeMismatch('BUSINESS_TYPE_TENANT', 'BUSINESS_TYPE_CLIENT_TO_TENANT'),
    status: 403,
    message: 'access denied',
    data: { error: 'ORGANIZATION_TYPE_MISMATCH', details: 'the organization is of type BUSINESS_TYPE_TENANT, not BUSINESS_TYPE_CLIENT_TO_TENANT' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'registrarMayNotReview',
    error: E.registrarMayNotReview('u-1', 'you registered this customer'),
    status: 403,
    message: 'access denied',
    data: { error: 'FOUR_EYES', details: 'you registered this customer', userId: 'u-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'assigneeNotReviewer',
    error: E.assigneeNotReviewer('u-2'),
    status: 422,
    message: 'unprocessable request',
    data: { error: 'ASSIGNEE_NOT_REVIEWER', details: 'the assignee must hold the COMPLIANCE_OFFICER or ADMIN_USER role', assigneeUserId: 'u-2' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'lastAdmin',
    error: E.lastAdmin(),
    status: 409,
    message: 'conflict',
    data: { error: 'LAST_ADMIN', details: 'the tenant must keep at least one active ADMIN_USER' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'customerNotActive',
    error: E.customerNotActive('c-1', 'SUSPENDED'),
    status: 422,
    message: 'unprocessable request',
    data: { error: 'CUSTOMER_NOT_ACTIVE', details: "the customer c-1 is SUSPENDED; only an ACTIVE customer's wallets can send or receive", customerId: 'c-1', status: 'SUSPENDED' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'walletStateConflict',
    error: E.walletStateConflict('freeze', 'w-1', 'FROZEN'),
    status: 409,
    message: 'conflict',
    data: { error: 'WALLET_STATE_CONFLICT', details: 'cannot freeze a wallet that is FROZEN', walletId: 'w-1', status: 'FROZEN' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'walletBalanceNotZero',
    error: E.walletBalanceNotZero('w-1', '10.00', 'EUR'),
    status: 409,
    message: 'conflict',
    data: { error: 'WALLET_BALANCE_NOT_ZERO', details: 'the wallet still holds 10.00 EUR; only a zero balance can be closed', walletId: 'w-1', balance: '10.00', currency: 'EUR' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'documentLimitReached',
    error: E.documentLimitReached('c-1', 50),
    status: 409,
    message: 'conflict',
    data: { error: 'DOCUMENT_LIMIT_REACHED', details: 'the customer already has 50 documents (replaced ones included), the most one customer may hold', customerId: 'c-1', limit: 50 },
    schema: genericErrorDataSchema,
  },
  {
    name: 'productCodeExists',
    error: E.productCodeExists('premium-eur', 'p-1'),
    status: 409,
    message: 'conflict',
    data: { error: 'PRODUCT_CODE_EXISTS', details: 'the tenant already has a product with the code premium-eur', code: 'premium-eur', existingProductId: 'p-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'walletHasPendingTransfers',
    error: E.walletHasPendingTransfers('w-1'),
    status: 409,
    message: 'conflict',
    data: { error: 'WALLET_HAS_PENDING_TRANSFERS', details: 'the wallet has transfers awaiting approval; approve or reject them first', walletId: 'w-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'transferNotPending',
    error: E.transferNotPending('t-1', 'COMPLETED'),
    status: 409,
    message: 'conflict',
    data: { error: 'TRANSFER_NOT_PENDING', details: 'the transfer is COMPLETED; only a PENDING_APPROVAL transfer can be approved or rejected', transferId: 't-1', status: 'COMPLETED' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'beneficiaryExists',
    error: E.beneficiaryExists('b-1'),
    status: 409,
    message: 'conflict',
    data: { error: 'BENEFICIARY_EXISTS', details: 'the customer already has an active beneficiary with this IBAN', existingBeneficiaryId: 'b-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'subscriptionDisabled',
    error: E.subscriptionDisabled('replay'),
    status: 409,
    message: 'conflict',
    data: { error: 'SUBSCRIPTION_DISABLED', details: 'the subscription is disabled; enable it (PATCH enabled: true) to replay' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'listFileInvalid',
    error: E.listFileInvalid('sdn.csv', 3, 'SDN_Type', 'must be individual, vessel, aircraft or -0-'),
    status: 422,
    message: 'list file invalid',
    data: { error: 'LIST_FILE_INVALID', details: 'sdn.csv line 3, SDN_Type: must be individual, vessel, aircraft or -0-', file: 'sdn.csv', line: 3, field: 'SDN_Type' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'openScreeningAlerts',
    error: E.openScreeningAlerts('v-1', ['a-1', 'a-2']),
    status: 422,
    message: 'open screening alerts',
    data: {
      error: 'OPEN_SCREENING_ALERTS',
      details: '2 screening alert(s) of this customer must be decided first (false positive, or cleared)',
      verificationId: 'v-1',
      alertIds: ['a-1', 'a-2'],
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'beneficiaryBlocked',
    error: E.beneficiaryBlocked('b-1', 'a-1'),
    status: 422,
    message: 'beneficiary blocked',
    data: {
      error: 'BENEFICIARY_BLOCKED',
      details: 'a confirmed sanctions or PEP match blocks payouts to this beneficiary until two officers clear it',
      beneficiaryId: 'b-1',
      alertId: 'a-1',
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'secondOfficerRequired',
    error: E.secondOfficerRequired('a-1', 'u-1', 'RELEASE_TRANSFER'),
    status: 403,
    message: 'a second officer must confirm',
    data: {
      error: 'SECOND_OFFICER_REQUIRED',
      details: 'you proposed RELEASE_TRANSFER; another officer must confirm it (four-eyes)',
      alertId: 'a-1',
      proposedBy: 'u-1',
      decision: 'RELEASE_TRANSFER',
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'alertAssignedToOther',
    error: E.alertAssignedToOther('a-1', 'u-2', 'Olga Officer'),
    status: 403,
    message: 'alert assigned to another officer',
    data: {
      error: 'ALERT_ASSIGNED_TO_OTHER',
      details: 'the alert is assigned to another officer; ask them to release it or an administrator to reassign it',
      alertId: 'a-1',
      assigneeUserId: 'u-2',
      assigneeName: 'Olga Officer',
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'alertStateConflict',
    error: E.alertStateConflict('a-1', 'CLOSED', 'the alert is closed'),
    status: 409,
    message: 'conflict',
    data: { error: 'ALERT_STATE_CONFLICT', details: 'the alert is closed', alertId: 'a-1', status: 'CLOSED' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'decisionNotAllowed',
    error: E.decisionNotAllowed('a-1', 'RELEASE_TRANSFER', ['FALSE_POSITIVE', 'ESCALATE']),
    status: 422,
    message: 'unprocessable request',
    data: {
      error: 'DECISION_NOT_ALLOWED',
      details: 'RELEASE_TRANSFER is not possible on this alert now; possible: FALSE_POSITIVE, ESCALATE',
      alertId: 'a-1',
      decision: 'RELEASE_TRANSFER',
      allowed: ['FALSE_POSITIVE', 'ESCALATE'],
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'reconsentRequired',
    error: E.reconsentRequired('c-1', [{ consentType: 'TERMS', acceptedVersion: '1.0', versionInForce: '2.0' }]),
    status: 400,
    message: 're-consent required',
    data: {
      error: 'RECONSENT_REQUIRED',
      details: 'a material change was published: accept the version in force of TERMS (2.0)',
      customerId: 'c-1',
      consents: [{ consentType: 'TERMS', acceptedVersion: '1.0', versionInForce: '2.0', acceptUrl: '/api/v2.1/customer/individual/c-1/consents/terms' }],
    },
    schema: genericErrorDataSchema,
  },
  {
    name: 'draftExpired',
    error: E.draftExpired('d-1', '2026-03-01T10:00:00.000Z'),
    status: 410,
    message: 'draft expired',
    data: { error: 'DRAFT_EXPIRED', details: 'this draft expired 30 days after its last save; start the registration again', draftId: 'd-1', expiredAt: '2026-03-01T10:00:00.000Z' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'draftConsumed',
    error: E.draftConsumed('d-1', 'c-1'),
    status: 409,
    message: 'draft already used',
    data: { error: 'DRAFT_CONSUMED', details: 'the registration this draft held was completed; open the customer instead', draftId: 'd-1', customerId: 'c-1' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'deliveryPending',
    error: E.deliveryPending('2026-03-01T10:00:00.000Z'),
    status: 409,
    message: 'conflict',
    data: { error: 'DELIVERY_PENDING', details: 'the delivery is still pending; it is sent at its next attempt', nextAttemptAt: '2026-03-01T10:00:00.000Z' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'externalPartnerNotFound',
    error: E.externalPartnerNotFound(),
    status: 404,
    message: 'external event partner not found',
    data: { error: 'EXTERNAL_PARTNER_NOT_FOUND', details: 'no enabled external event partner has this id', field: 'partnerId' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'externalEventSignatureInvalid',
    error: E.externalEventSignatureInvalid(),
    status: 401,
    message: 'external event signature invalid',
    data: { error: 'EXTERNAL_EVENT_SIGNATURE_INVALID', details: "no v1 signature in webhook-signature matches the body under the partner's secret", field: 'webhook-signature' },
    schema: genericErrorDataSchema,
  },
  {
    name: 'externalEventTimestampOutOfWindow',
    error: E.externalEventTimestampOutOfWindow('future', 300),
    status: 400,
    message: 'external event timestamp outside the replay window',
    data: { error: 'EXTERNAL_EVENT_TIMESTAMP_OUT_OF_WINDOW', details: 'the timestamp is more than 300 seconds in the future', field: 'webhook-timestamp', toleranceSeconds: 300 },
    schema: genericErrorDataSchema,
  },
];

describe('error catalogue of the contract', () => {
  it.each(catalogue.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await expectRow(row);
  });

  it("is the spec's error table: one constructor per row, with its status, message and data members", async () => {
    const rows = specCases();
    expect(rows).toHaveLength(14);
    // the first row of each constructor in the table above stands for it
    const byName = new Map<string, Row>();
    for (const row of catalogue) if (!byName.has(row.name.split(' ')[0]!)) byName.set(row.name.split(' ')[0]!, row);
    const matched: string[] = [];
    for (const spec of rows) {
      const described = DESCRIBED_MESSAGES[spec.message];
      const candidates = [...byName.entries()].filter(([, row]) => row.status === spec.status && (described ? described.test(row.message) : row.message === spec.message));
      expect(
        candidates.map(([name]) => name),
        `spec row: ${spec.status} ${spec.condition}`,
      ).toHaveLength(1);
      const [name, row] = candidates[0]!;
      const { status, body } = await render(row.error);
      expect(status).toBe(spec.status);
      const data = (body as { data: Record<string, unknown> }).data;
      expect(
        spec.members.filter((m) => !(m in data)),
        `${name}: data members the spec names`,
      ).toEqual([]);
      matched.push(name);
    }
    // every catalogue constructor answers one spec row, and no two rows share one
    expect(matched.sort()).toEqual([...byName.keys()].sort());
  });

  it('missingRequiredRole has no data members at all', async () => {
    const { body } = await render(E.missingRequiredRole());
    expect(Object.keys((body as { data: object }).data)).toEqual([]);
    expect(missingRequiredRoleDataSchema.safeParse({ error: 'X' }).success).toBe(false);
  });

  it('consentAcceptPath maps every consent type to its path segment', () => {
    expect((['TERMS', 'PRIVACY_POLICY', 'DATA_PROCESSING', 'MARKETING'] as const).map((t) => E.consentAcceptPath('c-1', t))).toEqual([
      '/api/v2.1/customer/individual/c-1/consents/terms',
      '/api/v2.1/customer/individual/c-1/consents/privacy',
      '/api/v2.1/customer/individual/c-1/consents/data-processing',
      '/api/v2.1/customer/individual/c-1/consents/marketing',
    ]);
  });
});

describe('generic errors', () => {
  it.each(generic.map((row) => [row.name, row] as const))('%s', async (_name, row) => {
    await expectRow(row);
  });

  it('covers every constructor', () => {
    const covered = new Set(generic.map((r) => r.name.split(' ')[0]));
    const all = Object.entries(E)
      .filter(([name, value]) => typeof value === 'function' && !['ApiError', 'isApiError', 'consentAcceptPath'].includes(name))
      .map(([name]) => name);
    const catalogueNames = new Set(catalogue.map((r) => r.name.split(' ')[0]));
    expect(all.filter((name) => !covered.has(name) && !catalogueNames.has(name))).toEqual([]);
  });
});

describe('ApiError', () => {
  it('is an Error carrying status, message, data and headers; isApiError tells it apart', () => {
    const error = new E.ApiError(418, 'teapot', { error: 'TEAPOT' }, { 'X-A': '1' });
    expect(error).toBeInstanceOf(Error);
    expect({ name: error.name, status: error.status, message: error.message, data: error.data, headers: error.headers }).toEqual({
      name: 'ApiError',
      status: 418,
      message: 'teapot',
      data: { error: 'TEAPOT' },
      headers: { 'X-A': '1' },
    });
    expect([E.isApiError(error), E.isApiError(new Error('x')), E.isApiError({ status: 400 }), E.isApiError(null)]).toEqual([true, false, false, false]);
  });

  it('renders arbitrary headers with the envelope', async () => {
    const res = renderEnvelopeA(new E.ApiError(400, 'm', {}, { 'X-A': '1' }), 'r');
    expect(res.headers.get('X-A')).toBe('1');
    expect(await res.json()).toEqual({ code: 400, message: 'm', data: {} });
  });
});

describe('the closed catalogue (ERROR_CATALOGUE)', () => {
  const constructors = Object.entries(E)
    .filter(([name, value]) => typeof value === 'function' && !['ApiError', 'isApiError', 'consentAcceptPath'].includes(name))
    .map(([name]) => name);

  it('lib/contract/api-errors.ts exports the constructor derived from every row under its name, and nothing else', () => {
    expect([...constructors].sort()).toEqual(Object.keys(ERROR_CATALOGUE).sort());
  });

  it.each([...catalogue, ...generic].map((row) => [row.name, row] as const))('%s answers exactly its row: status, message, code and data shape', async (name, row) => {
    const entry: CatalogueRow = ERROR_CATALOGUE[name.split(' ')[0] as CatalogueName];
    const { status, body } = await render(row.error);
    const data = (body as { data: Record<string, unknown> }).data;
    expect({ status, message: (body as { message: string }).message, code: data.error }).toEqual({ status: entry.status, message: entry.message, code: entry.code });
    expect(entry.data.safeParse(data).error?.issues ?? []).toEqual([]);
  });

  it("every data.error code is one row's (ERROR_TYPES has no code without a row)", () => {
    const codes = new Set(
      Object.values(ERROR_CATALOGUE)
        .map((row: CatalogueRow) => row.code)
        .filter(Boolean),
    );
    expect(Object.values(ERROR_TYPES).filter((code) => !codes.has(code))).toEqual([]);
  });

  it("the contract's rows carry the spec's status and message", () => {
    for (const spec of specCases()) {
      const described = DESCRIBED_MESSAGES[spec.message];
      const rows = Object.entries(ERROR_CATALOGUE).filter(
        ([name, row]: [string, CatalogueRow]) =>
          name !== 'validationFailed' && name !== 'fromZodError' && row.status === spec.status && (described ? described.test(row.message) : row.message === spec.message),
      );
      expect(rows.length, `spec row: ${spec.status} ${spec.condition}`).toBeGreaterThan(0);
    }
  });

  it('no source file makes a code up on the spot: ApiError is built only in the catalogue, and no data.error literal outside it', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.tsx?$/.test(entry.name)) files.push(full);
      }
    };
    for (const dir of ['lib/services', 'lib/http', 'lib/auth', 'app']) walk(path.join(root, dir));
    const offenders = files.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const found: string[] = [];
      if (/new ApiError\(/.test(text)) found.push(`${path.relative(root, file)}: new ApiError(`);
      for (const m of text.matchAll(/\berror: '([A-Z][A-Z_]+)'/g)) found.push(`${path.relative(root, file)}: error '${m[1]}'`);
      return found;
    });
    expect(offenders).toEqual([]);
  });
});
