import { MAX_BALANCE } from '@/lib/contract/money';
import { z } from 'zod';
import { ALL_CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { categorizationHierarchySchema, categorySchema, featureSchema } from '@/lib/contract/categorization';
import {
  CUSTOMER_EXPORT_MAX_ROWS,
  customerDetailSchema,
  customerIdParamsSchema,
  customerPageSchema,
  dashboardSummarySchema,
  exportCustomersQuerySchema,
  listCustomersQuerySchema,
} from '@/lib/contract/customers';
import { REQUIRED_HEADERS } from '@/lib/contract/headers';
import {
  adminSessionBodySchema,
  adminSessionParamsSchema,
  adminUserSchema,
  createUserBodySchema,
  customerSessionBodySchema,
  customerSessionParamsSchema,
  listUsersQuerySchema,
  loginBodySchema,
  loginResponseSchema,
  logoutBodySchema,
  refreshBodySchema,
  resetPasswordBodySchema,
  sessionDataSchema,
  sessionIdParamsSchema,
  sessionViewSchema,
  setRolesBodySchema,
  userIdParamsSchema,
} from '@/lib/contract/identity';
import {
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
} from '@/lib/contract/onboarding';
import { PANEL_CARD_ROLES, panelCardTokenSchema } from '@/lib/contract/panel';
import { documentUploadBodySchema, reviewDecisionBodySchema, reviewDocumentDecisionBodySchema, reviewSettingsSchema, timelineEventSchema, timelineQuerySchema, updateReviewSettingsBodySchema } from '@/lib/contract/review';
import { publicTenantSchema, registerTenantBodySchema, registerTenantResultSchema, setTenantStatusBodySchema, tenantIdParamsSchema, tenantSchema } from '@/lib/contract/tenants';
import {
  createdWebhookSubscriptionSchema,
  createWebhookSubscriptionBodySchema,
  deliveryParamsSchema,
  listDeliveriesQuerySchema,
  listWebhookSubscriptionsQuerySchema,
  recoverBodySchema,
  recoverResultSchema,
  rotatedSecretSchema,
  rotateSecretBodySchema,
  subscriptionIdParamsSchema,
  testEventBodySchema,
  testEventResultSchema,
  updateWebhookSettingsBodySchema,
  updateWebhookSubscriptionBodySchema,
  webhookDeliveryDetailSchema,
  webhookDeliveryPageSchema,
  webhookSettingsSchema,
  webhookSubscriptionPageSchema,
  webhookSubscriptionSchema,
} from '@/lib/contract/webhooks';
import {
  accountLocked,
  approverMustDiffer,
  authenticationFailed,
  beneficiaryInactive,
  beneficiaryNotFound,
  categorizationValidationFailed,
  conflict,
  currencyMismatch,
  destinationCurrencyMismatch,
  customerNotVerified,
  documentExpired,
  requiredDocumentsNotAccepted,
  secondApproverMustDiffer,
  verificationAssignedToOther,
  forbidden,
  insufficientBalance,
  missingRequiredConsents,
  missingRequiredRole,
  notFound,
  organizationAlreadyExists,
  passwordMismatch,
  paymentConsentInvalid,
  paymentConsentRequired,
  transactionLimitExceeded,
  unauthorized,
  validationFailed,
  verificationAccessDenied,
  walletNotActive,
} from '@/lib/contract/api-errors';
import { ADMIN_SIDE_ROLES } from '@/lib/services/onboarding/customers';
import { ADMIN_ROLES, APPROVER_ROLES, customerNotActive, MANAGE_ROLES, READ_ROLES } from '@/lib/services/wallets/access';
import { transferKeyReused, transferRequestInProgress } from '@/lib/services/wallets/idempotency';
import {
  beneficiaryIdParamsSchema,
  beneficiaryPageSchema,
  beneficiarySchema,
  createBeneficiaryBodySchema,
  createPaymentConsentBodySchema,
  createTransferBodySchema,
  ledgerSettingsSchema,
  listBeneficiariesQuerySchema,
  listPaymentConsentsQuerySchema,
  listTransactionLimitsQuerySchema,
  listTransfersQuerySchema,
  listWalletsQuerySchema,
  openWalletBodySchema,
  paymentConsentIdParamsSchema,
  paymentConsentPageSchema,
  paymentConsentSchema,
  reconciliationSchema,
  rejectTransferBodySchema,
  sandboxFundBodySchema,
  sandboxFundResultSchema,
  setTransactionLimitBodySchema,
  statementQuerySchema,
  statementSchema,
  transactionLimitListSchema,
  transactionLimitIdParamsSchema,
  transactionLimitSchema,
  transferIdParamsSchema,
  transferPageSchema,
  transferDetailSchema,
  transferSchema,
  transferSettingsSchema,
  updateTransferSettingsBodySchema,
  walletIdParamsSchema,
  walletPageSchema,
  walletSchema,
  walletStatusChangeBodySchema,
} from '@/lib/contract/wallets';
import { cardSearchPageSchema, searchCardsQuerySchema, searchQuerySchema, searchResultSchema } from '@/lib/contract/search';
import type { ApiOperation, UndocumentedRoute } from './types';

/**
 * The registry of every operation of the API. A new route adds one entry here (one line for a route
 * whose shape is already in lib/contract); tests/integration/openapi.test.ts names any route file
 * method that is missing. Each card operation of lib/contract/card-operations.ts becomes its own
 * path automatically.
 */
const EXAMPLE_ID = '7c0d2f4e-5a8b-4c1d-9e3f-2a6b8c0d1e4f';
const EXAMPLE_TIME = new Date('2026-01-01T12:00:00.000Z');

/** Loosely described answers whose shape is documented in docs/ rather than in a contract schema. */
const objectOf = (description: string) => z.object({}).catchall(z.unknown()).describe(description);
const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

const customerHeaders = { required: [], optional: ['X-Forwarded-For', 'X-Forwarded-From', 'platform', 'deviceId', 'User-Agent'] } as const;
const proofHeaders = { required: [], optional: ['X-Forwarded-For', 'User-Agent'] } as const;

const dependencyStatus = z.enum(['ok', 'degraded']);
const healthSchema = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']).describe('unavailable (503): the database does not answer; degraded: Redis does not, rate limits count in process memory'),
  database: z.object({ status: dependencyStatus, reachable: z.boolean(), driver: z.enum(['pglite', 'postgres']).nullable(), latencyMs: z.number().nullable(), error: z.string().optional() }),
  redis: z.object({ status: dependencyStatus, connection: z.string().describe('the client state: ready, connecting, reconnecting, ...') }).optional().describe('present when REDIS_URL is set'),
  uptimeSeconds: z.number(),
  version: z.string(),
});

const jwksSchema = z.object({ keys: z.array(z.object({ kty: z.string(), crv: z.string(), x: z.string(), kid: z.string(), alg: z.string(), use: z.string() }).catchall(z.unknown())) }).describe('RFC 7517 JWK Set');

// ------------------------------------------------------------------------------------- identity
const identity: ApiOperation[] = [
  {
    method: 'POST', path: '/api/auth/login', tags: ['Sessions'], auth: 'tenant', envelope: 'none', rateLimit: 'login',
    summary: 'Get a 1-hour bearer token for the virtual card API',
    description: 'Top-level fields, no envelope. Any active user of the tenant (email or username).',
    headers: { required: REQUIRED_HEADERS.login, optional: ['User-Agent', 'sec-ch-ua-platform'] },
    body: loginBodySchema, response: loginResponseSchema,
    errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
  },
  { method: 'GET', path: '/api/auth/jwks', tags: ['Sessions'], auth: 'none', envelope: 'none', summary: 'Public keys that verify our tokens (JWK Set)', response: jwksSchema },
  {
    method: 'POST', path: '/api/v2.1/admin/organization/{organizationId}/users/{userId}/sessions', tags: ['Sessions'], auth: 'tenant', rateLimit: 'login',
    summary: 'Create an administrator session (contract endpoint 1)', message: 'session created',
    headers: { required: REQUIRED_HEADERS.adminSession, optional: ['sec-ch-ua-platform'] },
    params: adminSessionParamsSchema, body: adminSessionBodySchema, response: sessionDataSchema,
    errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
  },
  {
    method: 'POST', path: '/api/v2.1/customer/individual/{customerId}/users/{userId}/sessions', tags: ['Sessions'], auth: 'tenant', rateLimit: 'login',
    summary: 'Create a customer session (contract endpoint 2)', message: 'session created',
    headers: { required: REQUIRED_HEADERS.customerSession, optional: ['User-Agent', 'sec-ch-ua-platform'] },
    params: customerSessionParamsSchema, body: customerSessionBodySchema, response: sessionDataSchema,
    errors: [authenticationFailed(1, 5), accountLocked({ attempts: 5, maxAttempts: 5, lockoutTime: EXAMPLE_TIME, lockoutDuration: 900 })],
  },
  { method: 'POST', path: '/api/v2.1/sessions/refresh', tags: ['Sessions'], auth: 'tenant', rateLimit: 'login', summary: 'Rotate a refresh token; reuse of a spent one revokes the session', message: 'session refreshed', body: refreshBodySchema, response: sessionDataSchema },
  { method: 'POST', path: '/api/v2.1/sessions/logout', tags: ['Sessions'], auth: 'bearer', summary: 'End the current session, or every session with {allSessions: true}', message: 'signed out', body: logoutBodySchema, response: z.object({ revokedSessions: z.number().int() }) },
  { method: 'GET', path: '/api/v2.1/sessions', tags: ['Sessions'], auth: 'bearer', summary: "The caller's own active sessions", response: itemsOf(sessionViewSchema) },
  { method: 'DELETE', path: '/api/v2.1/sessions/{sessionId}', tags: ['Sessions'], auth: 'bearer', summary: "End one of the caller's own sessions", message: 'session revoked', params: sessionIdParamsSchema, response: z.object({ sessionId: z.uuid(), revoked: z.literal(true) }) },
  { method: 'GET', path: '/api/v2.1/admin/users', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "The tenant's administrator users (search, role, active filter, paged)", query: listUsersQuerySchema, response: objectOf('page of administrator users: items, pageNo, pageSize, total') },
  { method: 'POST', path: '/api/v2.1/admin/users', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Create an administrator user with roles', message: 'user created', body: createUserBodySchema, response: adminUserSchema, errors: [passwordMismatch()] },
  { method: 'GET', path: '/api/v2.1/admin/users/{userId}', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'One administrator user with its lock state', params: userIdParamsSchema, response: adminUserSchema },
  { method: 'POST', path: '/api/v2.1/admin/users/{userId}/disable', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Disable the user; ends every session of it', message: 'user disabled', params: userIdParamsSchema, response: adminUserSchema },
  { method: 'POST', path: '/api/v2.1/admin/users/{userId}/enable', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Enable the user', message: 'user enabled', params: userIdParamsSchema, response: adminUserSchema },
  { method: 'POST', path: '/api/v2.1/admin/users/{userId}/unlock', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Clear failed sign-in attempts and any lockout', message: 'user unlocked', params: userIdParamsSchema, response: adminUserSchema },
  { method: 'PUT', path: '/api/v2.1/admin/users/{userId}/roles', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "Replace the user's roles", message: 'roles updated', params: userIdParamsSchema, body: setRolesBodySchema, response: adminUserSchema },
  { method: 'POST', path: '/api/v2.1/admin/users/{userId}/password', tags: ['Administrators'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Set a new password; ends every session of the user', message: 'password reset', params: userIdParamsSchema, body: resetPasswordBodySchema, response: adminUserSchema },
];

// ------------------------------------------------------------------------------------- tenants
const tenants: ApiOperation[] = [
  {
    method: 'POST', path: '/api/v2.1/tenants/registration', tags: ['Tenants'], auth: 'platformKey', rateLimit: 'registration', idempotency: true,
    summary: 'Create a tenant, its owner organization, first admin and categorization', message: 'tenant registered',
    body: registerTenantBodySchema, response: registerTenantResultSchema,
    errors: [conflict('a tenant with this name already exists', { field: 'name' })],
  },
  { method: 'GET', path: '/api/v2.1/tenants/{tenantId}', tags: ['Tenants'], auth: 'platformKey', summary: 'One tenant, any status (platform operator)', params: tenantIdParamsSchema, response: tenantSchema },
  { method: 'POST', path: '/api/v2.1/tenants/{tenantId}/status', tags: ['Tenants'], auth: 'platformKey', summary: 'Suspend or reactivate a tenant (platform operator)', message: 'tenant suspended', params: tenantIdParamsSchema, body: setTenantStatusBodySchema, response: tenantSchema },
  { method: 'GET', path: '/api/v2.1/tenant', tags: ['Tenants'], auth: 'tenant', summary: "The X-Tenant-ID tenant's public profile", response: publicTenantSchema },
];

// ------------------------------------------------------------------------------------- onboarding
const customerOperations = (type: 'individual' | 'organization'): ApiOperation[] => {
  const base = `/api/v2.1/customer/${type}/{customerId}`;
  const tags = ['Customers'];
  return [
    { method: 'GET', path: `${base}/consents`, tags, auth: 'bearer', summary: 'Current state of each consent and the full history', params: customerParamsSchema, response: objectOf('consents: current state per type and history') },
    { method: 'POST', path: `${base}/consents/{consent}`, tags, auth: 'bearer', headers: proofHeaders, summary: 'Accept a consent (terms, privacy, data-processing, marketing)', message: 'consent accepted', params: consentParamsSchema, body: consentBodySchema, response: objectOf('the consent state after the change') },
    { method: 'DELETE', path: `${base}/consents/{consent}`, tags, auth: 'bearer', headers: proofHeaders, summary: 'Withdraw a consent', message: 'consent withdrawn', params: consentParamsSchema, body: consentBodySchema, response: objectOf('the consent state after the change') },
    {
      method: 'POST', path: `${base}/verification`, tags, auth: 'bearer', summary: 'Initiate or re-initiate KYC/KYB (COMPLIANCE_OFFICER or ADMIN_USER)', message: 'verification initiated', params: customerParamsSchema,
      response: z.object({ verificationId: z.uuid(), customerId: z.uuid(), verificationStatus: z.string(), submittedAt: z.string() }),
      errors: [verificationAccessDenied(EXAMPLE_ID, ['EMPLOYEE'])],
    },
    {
      method: 'POST', path: `${base}/activation`, tags, auth: 'bearer', summary: 'Activate once consents are accepted and verification is approved', message: 'customer activated', params: customerParamsSchema, response: objectOf('the activated customer'),
      errors: [missingRequiredConsents(EXAMPLE_ID, ['TERMS', 'PRIVACY_POLICY']), customerNotVerified({ verificationStatus: 'IN_REVIEW', reason: 'verification is in review', estimatedCompletionTime: null })],
    },
    { method: 'POST', path: `${base}/deactivation`, tags, auth: 'bearer', roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER'], summary: 'Suspend or close a customer', message: 'customer suspended', params: customerParamsSchema, body: deactivationBodySchema, response: objectOf('the customer after the change') },
    { method: 'GET', path: `${base}/documents`, tags, auth: 'bearer', summary: 'Documents (metadata), required documents and their states, the open revision request', params: customerParamsSchema, response: objectOf('documents, requirements, revision request') },
    {
      method: 'POST', path: `${base}/documents`, tags, auth: 'bearer', idempotency: true, summary: 'Upload a new or replacement document; answering every item of a revision request returns the case to the queue', message: 'document uploaded',
      params: customerParamsSchema, body: documentUploadBodySchema, response: objectOf('the document, the case status and what the revision request still waits for'),
    },
    {
      method: 'GET', path: `${base}/timeline`, tags, auth: 'bearer', roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'], summary: 'Every event with actor name and roles, oldest first; ?format=csv answers text/csv',
      params: customerParamsSchema, query: timelineQuerySchema, response: z.object({ items: z.array(timelineEventSchema) }), alternativeContentTypes: ['text/csv'],
    },
    { method: 'GET', path: `${base}/audit`, tags, auth: 'bearer', roles: ['ADMIN_USER', 'COMPLIANCE_OFFICER', 'EMPLOYEE'], summary: "The customer's append-only audit log, newest first", params: customerParamsSchema, response: itemsOf(objectOf('audit entry')) },
  ];
};

const onboarding: ApiOperation[] = [
  {
    method: 'POST', path: '/api/v2.1/customer/individual/registration', tags: ['Customers'], auth: 'tenantOptionalBearer', headers: customerHeaders, rateLimit: 'registration', idempotency: true,
    summary: 'Register an individual (B2C) customer (contract endpoint 3)', message: 'customer registered',
    description: 'Anonymous self sign-up, or an administrator of the tenant registering on behalf of the customer (bearer token).',
    body: individualRegistrationBodySchema, response: registrationResultSchema,
    errors: [categorizationValidationFailed({ details: 'categorization is incomplete', missingKeys: ['purpose'], invalidValues: {} }), passwordMismatch('individualCustomer.user.matchingPassword')],
  },
  {
    method: 'POST', path: '/api/v2.1/customer/organization/registration', tags: ['Customers'], auth: 'tenantOptionalBearer', headers: customerHeaders, rateLimit: 'registration', idempotency: true,
    summary: 'Register an organization (B2B) customer and its default administrator (contract endpoint 4)', message: 'organization registered',
    body: organizationRegistrationBodySchema, response: organizationRegistrationResultSchema,
    errors: [organizationAlreadyExists('HRB 12345', EXAMPLE_ID), missingRequiredRole(), categorizationValidationFailed({ details: 'categorization is incomplete', missingKeys: ['industry'], invalidValues: {} })],
  },
  ...customerOperations('individual'),
  ...customerOperations('organization'),
  { method: 'GET', path: '/api/v2.1/verifications', tags: ['Verifications'], auth: 'bearer', summary: 'The review queue (status, type, assignee, created range, search, sort, paging)', query: listVerificationsQuerySchema, response: objectOf('page of verification cases') },
  { method: 'GET', path: '/api/v2.1/verifications/{verificationId}', tags: ['Verifications'], auth: 'bearer', summary: 'One case: customer data, documents, notes, history', params: verificationParamsSchema, response: objectOf('verification case') },
  { method: 'POST', path: '/api/v2.1/verifications/{verificationId}/notes', tags: ['Verifications'], auth: 'bearer', summary: 'Add a reviewer note', message: 'note added', params: verificationParamsSchema, body: noteBodySchema, response: objectOf('the note') },
  { method: 'POST', path: '/api/v2.1/verifications/{verificationId}/decision', tags: ['Verifications'], auth: 'bearer', summary: 'APPROVE, REJECT or REQUEST_REVISION (four-eyes, required documents, assignment, two approvals)', message: 'decision recorded', params: verificationParamsSchema, body: reviewDecisionBodySchema, response: objectOf('the decided case'),
    errors: [requiredDocumentsNotAccepted(EXAMPLE_ID, { unmetRequirements: [{ requirement: 'IDENTITY', label: 'Identity document', documentTypes: ['PASSPORT'] }], undecidedDocuments: [] }), verificationAssignedToOther(EXAMPLE_ID, EXAMPLE_ID, 'Olivia Officer'), secondApproverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID)] },
  { method: 'GET', path: '/api/v2.1/verifications/{verificationId}/timeline', tags: ['Verifications'], auth: 'bearer', summary: "The case's events with actor names and roles; ?format=csv answers text/csv", params: verificationParamsSchema, query: timelineQuerySchema, response: z.object({ items: z.array(timelineEventSchema) }), alternativeContentTypes: ['text/csv'] },
  { method: 'GET', path: '/api/v2.1/verification-settings', tags: ['Verifications'], auth: 'bearer', summary: "The tenant's review settings (two approvals)", response: reviewSettingsSchema },
  { method: 'PATCH', path: '/api/v2.1/verification-settings', tags: ['Verifications'], auth: 'bearer', roles: ['ADMIN_USER'], summary: 'Change the review settings (ADMIN_USER)', message: 'review settings updated', body: updateReviewSettingsBodySchema, response: reviewSettingsSchema },
  { method: 'POST', path: '/api/v2.1/verifications/{verificationId}/assign', tags: ['Verifications'], auth: 'bearer', summary: 'Assign to the caller (default), someone else, or nobody (null)', message: 'verification assigned', params: verificationParamsSchema, body: assignBodySchema, response: z.object({ id: z.uuid(), status: z.string(), assigneeUserId: z.uuid().nullable() }) },
  { method: 'GET', path: '/api/v2.1/verifications/{verificationId}/documents/{documentId}/content', tags: ['Verifications'], auth: 'bearer', envelope: 'none', responseContentType: 'application/pdf', alternativeContentTypes: ['image/png', 'image/jpeg'], summary: "The document file, for the reviewer's viewer (PDF, PNG or JPEG)", params: documentParamsSchema },
  { method: 'POST', path: '/api/v2.1/verifications/{verificationId}/documents/{documentId}/decision', tags: ['Verifications'], auth: 'bearer', summary: 'ACCEPT or REJECT one document (an expired one cannot be accepted)', message: 'document decision recorded', params: documentParamsSchema, body: reviewDocumentDecisionBodySchema, response: objectOf('the document after the decision'), errors: [documentExpired(EXAMPLE_ID, '2020-01-01')] },
  { method: 'GET', path: '/api/v2.1/categorization/hierarchy/{tenantId}', tags: ['Categorization'], auth: 'tenant', summary: 'Categorization options with mandatoryKeys and allowedValues', params: tenantIdParamsSchema, response: categorizationHierarchySchema },
  { method: 'POST', path: '/api/v2.1/categorization/features', tags: ['Categorization'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "Create a feature of the caller's tenant", message: 'feature created', body: createFeatureBodySchema, response: featureSchema },
  { method: 'PATCH', path: '/api/v2.1/categorization/features/{id}', tags: ['Categorization'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "Change a feature of the caller's tenant", message: 'feature updated', params: idParamsSchema, body: updateFeatureBodySchema, response: featureSchema },
  { method: 'POST', path: '/api/v2.1/categorization/categories', tags: ['Categorization'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "Create a category of the caller's tenant", message: 'category created', body: createCategoryBodySchema, response: categorySchema },
  { method: 'PATCH', path: '/api/v2.1/categorization/categories/{id}', tags: ['Categorization'], auth: 'bearer', roles: ['ADMIN_USER'], summary: "Change a category of the caller's tenant", message: 'category updated', params: idParamsSchema, body: updateCategoryBodySchema, response: categorySchema },
];

// ------------------------------------------------------------------------------------- webhooks
const hook = { tags: ['Webhooks'], auth: 'bearer', roles: ['ADMIN_USER'], rateLimit: 'webhooks' } as const;
const webhooks: ApiOperation[] = [
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/event-types', summary: 'The event catalogue: every type a subscription can name', response: objectOf('items: type, description, dataSchema, example; wildcards') },
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/settings', summary: "The tenant's webhook settings", response: webhookSettingsSchema },
  { ...hook, method: 'PUT', path: '/api/v2.1/webhooks/settings', summary: 'Allow http:// endpoints for testing (https only otherwise)', message: 'webhook settings updated', body: updateWebhookSettingsBodySchema, response: webhookSettingsSchema },
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/subscriptions', summary: "The tenant's webhook subscriptions (paged, filter by enabled)", query: listWebhookSubscriptionsQuerySchema, response: webhookSubscriptionPageSchema },
  {
    ...hook, method: 'POST', path: '/api/v2.1/webhooks/subscriptions', idempotency: true,
    summary: 'Create a webhook subscription (contract endpoint 6)', message: 'webhook subscription created',
    description: 'The signing secret (`secretKey`) is in this answer only. Optional `X-User-ID` must name the signed-in user.',
    body: createWebhookSubscriptionBodySchema, response: createdWebhookSubscriptionSchema,
  },
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}', summary: 'One subscription (never its secret)', params: subscriptionIdParamsSchema, response: webhookSubscriptionSchema },
  { ...hook, method: 'PATCH', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}', summary: 'Change name, description, URL, events, retry settings, verifySsl, enabled', message: 'webhook subscription updated', params: subscriptionIdParamsSchema, body: updateWebhookSubscriptionBodySchema, response: webhookSubscriptionSchema },
  { ...hook, method: 'DELETE', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}', summary: 'Delete a subscription with its deliveries', message: 'webhook subscription deleted', params: subscriptionIdParamsSchema, response: objectOf('the deleted subscription id') },
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries', summary: 'Deliveries, newest first (filter by status, eventType; paged)', params: subscriptionIdParamsSchema, query: listDeliveriesQuerySchema, response: webhookDeliveryPageSchema },
  { ...hook, method: 'GET', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}', summary: 'One delivery with its payload and attempts', params: deliveryParamsSchema, response: webhookDeliveryDetailSchema },
  { ...hook, method: 'POST', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/deliveries/{deliveryId}/replay', summary: 'Send the event again as a new delivery', message: 'delivery replayed', params: deliveryParamsSchema, response: objectOf('the new delivery'), errors: [conflict('the subscription is disabled', { error: 'SUBSCRIPTION_DISABLED' })] },
  { ...hook, method: 'POST', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/rotate-secret', summary: 'New signing secret; the old one keeps signing for 24 h', message: 'signing secret rotated', params: subscriptionIdParamsSchema, body: rotateSecretBodySchema, response: rotatedSecretSchema },
  { ...hook, method: 'POST', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/test', summary: 'Send a webhook.test event now and report the attempt', message: 'test event sent', params: subscriptionIdParamsSchema, body: testEventBodySchema, response: testEventResultSchema },
  { ...hook, method: 'POST', path: '/api/v2.1/webhooks/subscriptions/{subscriptionId}/recover', summary: 'Re-send every delivery that failed since a time', message: 'deliveries recovered', params: subscriptionIdParamsSchema, body: recoverBodySchema, response: recoverResultSchema },
];

// ------------------------------------------------------------------------------------- card API
const CARD_PREFIX = '/api/v2.1/card/virtual/';
const card: ApiOperation[] = Object.entries(ALL_CARD_OPERATIONS).map(([name, spec]) => ({
  method: 'POST',
  path: `${CARD_PREFIX}${name}`,
  tags: [spec.sandboxOnly ? 'Card sandbox' : 'Virtual cards'],
  auth: 'card',
  envelope: 'B',
  rateLimit: 'card',
  headers: { required: REQUIRED_HEADERS.card, optional: ['User-Agent'] },
  summary: spec.summary.charAt(0).toUpperCase() + spec.summary.slice(1),
  description: [
    spec.no ? `Card operation ${spec.no} of the contract.` : 'Sandbox only: not served when CARD_PROCESSOR_URL names a real processor.',
    spec.access === 'write' ? 'Changes state: administrators need ADMIN_USER; customers act on their own cards.' : 'Reads: customers see their own cards, administrators (ADMIN_USER, EMPLOYEE) the tenant’s.',
    spec.sensitive ? 'Sensitive: needs a one-time code or hands out secrets; never cached.' : '',
    spec.idempotent ? 'Idempotent through the body’s `idempotencyKey` (24 h).' : '',
  ].filter(Boolean).join(' '),
  body: spec.body,
  response: spec.response,
}));


// ------------------------------------------------------------------------------------- wallets, transfers, panel
// Each entry links what its route parses and answers (app/api/v2.1/**, lib/contract/wallets.ts,
// customers.ts, panel.ts) and the catalogue errors its service throws (lib/services/wallets, customers).
const EUR = 'EUR';
const walletFrozen = walletNotActive(EXAMPLE_ID, 'FROZEN');
const customerSuspended = customerNotActive(EXAMPLE_ID, 'SUSPENDED');
const customerRequired = validationFailed([{ field: 'customerId', message: 'is required for an administrator' }]);
const walletStateConflict = conflict('cannot freeze a wallet that is FROZEN', { error: 'WALLET_STATE_CONFLICT', walletId: EXAMPLE_ID, status: 'FROZEN' });
const transferNotPending = conflict('the transfer is COMPLETED; only a PENDING_APPROVAL transfer can be approved or rejected', {
  error: 'TRANSFER_NOT_PENDING',
  transferId: EXAMPLE_ID,
  status: 'COMPLETED',
});
const money = { tags: ['Wallets'], auth: 'bearer' } as const;
const pay = { tags: ['Transfers'], auth: 'bearer' } as const;
const panel = { tags: ['Panel'], auth: 'bearer', roles: ADMIN_SIDE_ROLES } as const;

const walletsAndPanel: ApiOperation[] = [
  { ...pay, method: 'GET', path: '/api/v2.1/beneficiaries', roles: READ_ROLES, summary: 'Saved beneficiaries (a customer: its own)', query: listBeneficiariesQuerySchema, response: beneficiaryPageSchema },
  {
    ...pay, method: 'POST', path: '/api/v2.1/beneficiaries', roles: MANAGE_ROLES, idempotency: true, summary: 'Save a beneficiary (IBAN mod-97 and BIC checked)', message: 'beneficiary created',
    body: createBeneficiaryBodySchema, response: beneficiarySchema,
    errors: [customerRequired, notFound('customer'), conflict('the customer already has an active beneficiary with this IBAN', { error: 'BENEFICIARY_EXISTS', existingBeneficiaryId: EXAMPLE_ID })],
  },
  { ...pay, method: 'POST', path: '/api/v2.1/beneficiaries/{beneficiaryId}/deactivate', roles: MANAGE_ROLES, summary: 'Set a beneficiary INACTIVE (no more transfers to it; again: no change)', message: 'beneficiary deactivated', params: beneficiaryIdParamsSchema, response: beneficiarySchema, errors: [notFound('beneficiary')] },
  { ...pay, method: 'GET', path: '/api/v2.1/beneficiaries/{beneficiaryId}', roles: READ_ROLES, summary: 'One beneficiary', params: beneficiaryIdParamsSchema, response: beneficiarySchema },
  { ...panel, method: 'GET', path: '/api/v2.1/customers', summary: "The tenant's customers (search, type/status/verification/category/organization filters, sort, paging)", query: listCustomersQuerySchema, response: customerPageSchema },
  { ...panel, method: 'GET', path: '/api/v2.1/customers/export', summary: 'The filtered customer list as CSV (same filters and sort as the list)', description: `At most ${CUSTOMER_EXPORT_MAX_ROWS} rows; a cell starting with = + - @ is prefixed with '.`, envelope: 'none', responseContentType: 'text/csv', query: exportCustomersQuerySchema },
  { ...panel, method: 'GET', path: '/api/v2.1/customers/{customerId}', summary: 'One customer: profile, documents, consents with history, verification, audit log', params: customerIdParamsSchema, response: customerDetailSchema, errors: [notFound('customer')] },
  {
    ...panel, method: 'GET', path: '/api/v2.1/cards', roles: PANEL_CARD_ROLES, summary: 'Find cards by last four digits, cardholder name or email, customer or card id (masked; newest first)',
    description: 'Searches the card tables of the built-in sandbox processor, always within the caller\'s tenant; filters combine with AND and at least one of last4, holder, customerId, cardId is required. Never takes or answers a full card number.',
    query: searchCardsQuerySchema, response: cardSearchPageSchema,
    errors: [validationFailed([{ field: 'last4', message: 'give the last four digits, a cardholder name or email, a customer or a card id' }])],
  },
  {
    ...panel, method: 'GET', path: '/api/v2.1/search', summary: 'One search box across the tenant: customers (name, email, id), wallets (id or its start), cards (last four digits, id)',
    description: 'At most `limit` hits per kind. Cards are searched only for ADMIN_USER and EMPLOYEE (the card roles); for the other roles `cards` is empty.',
    query: searchQuerySchema, response: searchResultSchema,
    errors: [validationFailed([{ field: 'q', message: 'must be at least 2 characters' }])],
  },
  { ...panel, method: 'GET', path: '/api/v2.1/dashboard/summary', summary: "The panel dashboard's counts (customers by status, waiting reviews, failed deliveries, cards)", response: dashboardSummarySchema },
  { ...money, method: 'GET', path: '/api/v2.1/ledger/settings', roles: READ_ROLES, summary: 'Whether sandbox funding is on (and why) and the four-eyes threshold, for the money screens', response: ledgerSettingsSchema },
  { ...money, method: 'GET', path: '/api/v2.1/ledger/reconciliation', roles: ADMIN_ROLES, summary: "The tenant's ledger checks: balanced entries, wallet balances, zero sums", response: reconciliationSchema },
  {
    ...panel, method: 'POST', path: '/api/v2.1/panel/card-token', roles: PANEL_CARD_ROLES, summary: 'A short-lived card API token for the signed-in panel user (the card lookup screen)', message: 'card token issued',
    description: "Only the panel's session cookie (a bearer token answers 403). Cache-Control: no-store.", headers: { required: [], optional: ['X-Forwarded-For'] }, response: panelCardTokenSchema,
    errors: [forbidden('only a panel session may mint a card token; API clients use /api/auth/login'), unauthorized('the panel user is no longer active')],
  },
  { ...pay, method: 'GET', path: '/api/v2.1/payment-consents', roles: READ_ROLES, summary: 'Payment consents (a customer: its own; filter by wallet, status)', query: listPaymentConsentsQuerySchema, response: paymentConsentPageSchema },
  {
    ...pay, method: 'POST', path: '/api/v2.1/payment-consents', roles: MANAGE_ROLES, idempotency: true, summary: 'Authorize payments from a wallet (scope, max per payment, expiry)', message: 'payment consent authorized',
    body: createPaymentConsentBodySchema, response: paymentConsentSchema,
    errors: [notFound('wallet'), currencyMismatch(EUR, 'USD'), validationFailed([{ field: 'expiresAt', message: 'must be in the future' }])],
  },
  { ...pay, method: 'POST', path: '/api/v2.1/payment-consents/{consentId}/revoke', roles: MANAGE_ROLES, summary: 'Revoke an AUTHORIZED payment consent (a revoked or expired one is answered as it is)', message: 'payment consent revoked', params: paymentConsentIdParamsSchema, response: paymentConsentSchema, errors: [notFound('payment consent')] },
  { ...pay, method: 'GET', path: '/api/v2.1/payment-consents/{consentId}', roles: READ_ROLES, summary: 'One payment consent (status EXPIRED once past expiresAt)', params: paymentConsentIdParamsSchema, response: paymentConsentSchema },
  { ...pay, method: 'GET', path: '/api/v2.1/transaction-limits', roles: READ_ROLES, summary: 'Limits of a customer or wallet with their current usage', query: listTransactionLimitsQuerySchema, response: transactionLimitListSchema, errors: [notFound('wallet'), notFound('customer')] },
  {
    ...pay, method: 'PUT', path: '/api/v2.1/transaction-limits', roles: ADMIN_ROLES, summary: 'Set (create or replace) a customer or wallet limit', message: 'transaction limit set',
    body: setTransactionLimitBodySchema, response: transactionLimitSchema, errors: [notFound('wallet'), notFound('customer'), currencyMismatch(EUR, 'USD')],
  },
  { ...pay, method: 'DELETE', path: '/api/v2.1/transaction-limits/{limitId}', roles: ADMIN_ROLES, summary: 'Remove a customer or wallet limit (answers the limit as it was)', message: 'transaction limit removed', params: transactionLimitIdParamsSchema, response: transactionLimitSchema, errors: [notFound('transaction limit')] },
  { ...pay, method: 'GET', path: '/api/v2.1/transfers', roles: READ_ROLES, summary: 'Transfers (a customer: those it sent or received; filter by status, type, wallet, customer)', query: listTransfersQuerySchema, response: transferPageSchema },
  {
    ...pay, method: 'POST', path: '/api/v2.1/transfers', roles: MANAGE_ROLES, idempotency: 'required',
    summary: 'Pay a saved beneficiary (payout) or another wallet of the tenant (wallet transfer) from a wallet (Idempotency-Key required)', message: 'transfer completed',
    description:
      "Idempotency-Key required (the ledger keeps its own records; docs/ledger.md). Give `beneficiary` for a payout or `destinationWalletId` for a wallet-to-wallet transfer in the same currency (one balanced ledger entry; the two wallets are locked in id order). A payout always needs `paymentConsentId`; a wallet transfer needs it when a customer's user starts it. Above the tenant's four-eyes threshold the answer is `transfer awaiting approval` with status PENDING_APPROVAL.",
    body: createTransferBodySchema, response: transferSchema,
    errors: [
      paymentConsentRequired(),
      validationFailed([{ field: 'destinationWalletId', message: 'must differ from walletId' }]),
      notFound('wallet'),
      notFound('destination wallet'),
      customerSuspended,
      walletFrozen,
      currencyMismatch(EUR, 'USD'),
      destinationCurrencyMismatch(EXAMPLE_ID, 'USD', EUR),
      beneficiaryNotFound('DE89370400440532013000', 'no saved beneficiary has this IBAN; create it first: POST /api/v2.1/beneficiaries'),
      beneficiaryInactive(EXAMPLE_ID, 'DE89370400440532013000'),
      paymentConsentInvalid(EXAMPLE_ID, 'EXPIRED', 'the consent expired at 2026-01-01T12:00:00.000Z'),
      transactionLimitExceeded({ limitType: 'DAILY', limit: '1000.00', currentUsage: '900.00', requestedAmount: '200.00', currency: EUR }),
      insufficientBalance('50.00', '200.00', EUR),
      transferRequestInProgress('order-4711'),
      transferKeyReused('order-4711'),
    ],
  },
  { ...pay, method: 'GET', path: '/api/v2.1/transfers/settings', roles: ADMIN_ROLES, summary: "The tenant's four-eyes threshold", response: transferSettingsSchema },
  { ...pay, method: 'PUT', path: '/api/v2.1/transfers/settings', roles: ADMIN_ROLES, summary: 'Set the four-eyes threshold (null: never)', message: 'transfer settings updated', body: updateTransferSettingsBodySchema, response: transferSettingsSchema },
  { ...pay, method: 'GET', path: '/api/v2.1/transfers/{transferId}', roles: READ_ROLES, summary: 'One transfer with its status history and ledger entries', params: transferIdParamsSchema, response: transferDetailSchema, errors: [notFound('transfer')] },
  {
    ...pay, method: 'POST', path: '/api/v2.1/transfers/{transferId}/approve', roles: APPROVER_ROLES, summary: 'Four-eyes approval by a TRANSACTION_APPROVER other than the initiator', message: 'transfer approved',
    description: 'If the wallet or customer is no longer ACTIVE the transfer FAILS instead (message `transfer failed: …`) and the money returns to the wallet.',
    params: transferIdParamsSchema, response: transferSchema, errors: [notFound('transfer'), transferNotPending, approverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID)],
  },
  {
    ...pay, method: 'POST', path: '/api/v2.1/transfers/{transferId}/reject', roles: APPROVER_ROLES, summary: 'Reject a transfer awaiting approval; the held money returns to the wallet', message: 'transfer rejected',
    params: transferIdParamsSchema, body: rejectTransferBodySchema, response: transferSchema, errors: [notFound('transfer'), transferNotPending, approverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID)],
  },
  { ...money, method: 'GET', path: '/api/v2.1/wallets', roles: READ_ROLES, summary: 'Wallets (a customer: its own; admins: filter by customerId, status, currency)', query: listWalletsQuerySchema, response: walletPageSchema },
  { ...money, method: 'POST', path: '/api/v2.1/wallets', roles: MANAGE_ROLES, idempotency: true, summary: 'Open a wallet for an ACTIVE customer in a currency', message: 'wallet opened', body: openWalletBodySchema, response: walletSchema, errors: [customerRequired, notFound('customer'), customerSuspended] },
  {
    ...money, method: 'POST', path: '/api/v2.1/wallets/{walletId}/sandbox/fund', roles: MANAGE_ROLES, summary: 'Credit a wallet from the sandbox funding account (off in production)', message: 'wallet funded',
    params: walletIdParamsSchema, body: sandboxFundBodySchema, response: sandboxFundResultSchema,
    errors: [
      forbidden('sandbox funding is disabled in production (set SANDBOX_FUNDING=true to allow it)'), notFound('wallet'), customerSuspended, walletFrozen, currencyMismatch(EUR, 'USD'),
      transactionLimitExceeded({ limitType: 'MAX_BALANCE', limit: MAX_BALANCE, currentUsage: '9999999000.00', requestedAmount: '1000.00', currency: EUR }),
    ],
  },
  { ...money, method: 'GET', path: '/api/v2.1/wallets/{walletId}', roles: READ_ROLES, summary: 'One wallet with its available balance', params: walletIdParamsSchema, response: walletSchema, errors: [notFound('wallet')] },
  {
    ...money, method: 'POST', path: '/api/v2.1/wallets/{walletId}/close', roles: MANAGE_ROLES, summary: 'Close a wallet with a zero balance and nothing pending', message: 'wallet closed',
    params: walletIdParamsSchema, body: walletStatusChangeBodySchema, response: walletSchema,
    errors: [
      notFound('wallet'),
      conflict('cannot close a wallet that is CLOSED', { error: 'WALLET_STATE_CONFLICT', walletId: EXAMPLE_ID, status: 'CLOSED' }),
      conflict('the wallet still holds 10.00 EUR; only a zero balance can be closed', { error: 'WALLET_BALANCE_NOT_ZERO', walletId: EXAMPLE_ID, balance: '10.00', currency: EUR }),
      conflict('the wallet has transfers awaiting approval; approve or reject them first', { error: 'WALLET_HAS_PENDING_TRANSFERS', walletId: EXAMPLE_ID }),
    ],
  },
  { ...money, method: 'POST', path: '/api/v2.1/wallets/{walletId}/freeze', roles: MANAGE_ROLES, summary: 'Freeze an ACTIVE wallet (no transfers in or out)', message: 'wallet frozen', params: walletIdParamsSchema, body: walletStatusChangeBodySchema, response: walletSchema, errors: [notFound('wallet'), walletStateConflict] },
  {
    ...money, method: 'POST', path: '/api/v2.1/wallets/{walletId}/unfreeze', roles: ADMIN_ROLES, summary: 'Unfreeze a FROZEN wallet (administrators only)', message: 'wallet unfrozen', params: walletIdParamsSchema, body: walletStatusChangeBodySchema, response: walletSchema,
    errors: [notFound('wallet'), conflict('cannot unfreeze a wallet that is ACTIVE', { error: 'WALLET_STATE_CONFLICT', walletId: EXAMPLE_ID, status: 'ACTIVE' })],
  },
  { ...money, method: 'GET', path: '/api/v2.1/wallets/{walletId}/statement', roles: READ_ROLES, summary: "The wallet's ledger lines (newest first, paged, from/to)", params: walletIdParamsSchema, query: statementQuerySchema, response: statementSchema, errors: [notFound('wallet')] },
];

// ------------------------------------------------------------------------------------- platform
const platform: ApiOperation[] = [
  { method: 'GET', path: '/api/health', tags: ['Platform'], auth: 'none', summary: 'Each dependency ok or degraded; 503 when the database does not answer', response: healthSchema },
  { method: 'GET', path: '/api/openapi.json', tags: ['Platform'], auth: 'none', envelope: 'none', summary: 'This OpenAPI 3.1 document', response: objectOf('OpenAPI 3.1 document') },
];

export const OPERATIONS: readonly ApiOperation[] = [...platform, ...tenants, ...identity, ...onboarding, ...webhooks, ...walletsAndPanel, ...card];

/** The card API path of an operation name (the route's catch-all segment). */
export const CARD_OPERATION_PATH_PREFIX = CARD_PREFIX;

export const UNDOCUMENTED_ROUTES: readonly UndocumentedRoute[] = [
  { route: '/api/[[...slug]]', methods: 'ALL', reason: 'the fallback that answers 404 ROUTE_NOT_FOUND for every unknown /api path (documented as the generic 404)' },
  { route: '/api/auth/[...nextauth]', methods: 'ALL', reason: "next-auth's own protocol for the admin panel's cookie session (sign-in form, CSRF, callback): not an API for clients" },
  { route: '/api/bench/envelope', methods: 'ALL', reason: 'benchmark baseline, served only with BENCH_ROUTES=true' },
  { route: '/api/metrics', methods: 'ALL', reason: "operators' Prometheus scrape endpoint (text format, not JSON), served only with METRICS_TOKEN (docs/operations.md)" },
];
