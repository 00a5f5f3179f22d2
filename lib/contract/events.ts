import { z } from 'zod';
import { consentTypeSchema, customerStatusSchema, verificationStatusSchema } from './enums';

/**
 * The catalogue of events the platform emits, each with the zod schema of its `data`. A delivery's
 * payload is `{ id, type, tenantId, createdAt, data }` (webhookEventSchema), at most 64 KiB.
 */
const customerRef = { customerId: z.uuid(), customerType: z.enum(['INDIVIDUAL', 'ORGANIZATION']) };

export const EVENT_DATA_SCHEMAS = {
  'customer.registered': z.object({ ...customerRef, userId: z.uuid(), status: customerStatusSchema, categoryId: z.uuid().nullable() }),
  'customer.consent.accepted': z.object({ ...customerRef, consentType: consentTypeSchema, version: z.string() }),
  'customer.consent.withdrawn': z.object({ ...customerRef, consentType: consentTypeSchema, version: z.string() }),
  'customer.verification.updated': z.object({
    ...customerRef,
    verificationId: z.uuid(),
    previousStatus: verificationStatusSchema.nullable(),
    status: verificationStatusSchema,
    reasonCode: z.string().nullable(),
  }),
  'customer.activated': z.object({ ...customerRef, status: z.literal('ACTIVE') }),
  'customer.deactivated': z.object({ ...customerRef, status: customerStatusSchema, reason: z.string().nullable() }),
  'organization.registered': z.object({ ...customerRef, organizationId: z.uuid(), registrationNumber: z.string(), adminUserId: z.uuid() }),
  'user.locked': z.object({ userId: z.uuid().nullable(), attempts: z.number().int(), lockedUntil: z.string() }),
  'session.created': z.object({ userId: z.uuid(), sessionId: z.uuid(), kind: z.string(), platform: z.string().nullable(), ipAddress: z.string().nullable() }),
  'card.issued': z.object({ cardId: z.string(), maskedCardNo: z.string(), cardholderId: z.string(), customerId: z.uuid().nullable(), currency: z.string() }),
  'card.status.changed': z.object({ cardId: z.string(), maskedCardNo: z.string(), previousStatus: z.string(), status: z.string(), reason: z.string().nullable() }),
  'card.transaction.created': z.object({
    cardId: z.string(),
    maskedCardNo: z.string(),
    transactionId: z.string(),
    status: z.string(),
    amount: z.string(),
    currency: z.string(),
    merchant: z.object({ name: z.string(), mcc: z.string(), country: z.string() }).partial(),
    declineReason: z.string().nullable(),
  }),
  'webhook.test': z.object({ subscriptionId: z.uuid(), message: z.string() }),
  /** A subscription was disabled automatically (the endpoint answered 410, or it failed for 5 days). */
  'webhook.subscription.disabled': z.object({
    subscriptionId: z.uuid(),
    endpointUrl: z.string(),
    reason: z.enum(['ENDPOINT_GONE', 'FAILING_TOO_LONG']),
    details: z.string(),
  }),
  'wallet.opened': z.object({ walletId: z.uuid(), customerId: z.uuid(), currency: z.string(), status: z.literal('ACTIVE') }),
  'wallet.status.changed': z.object({
    walletId: z.uuid(),
    customerId: z.uuid(),
    previousStatus: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']),
    status: z.enum(['ACTIVE', 'FROZEN', 'CLOSED']),
    reason: z.string().nullable(),
  }),
  'wallet.funded': z.object({ walletId: z.uuid(), customerId: z.uuid(), entryId: z.uuid(), amount: z.string(), currency: z.string(), balance: z.string() }),
  'transfer.created': z.object({
    transferId: z.uuid(),
    type: z.enum(['PAYOUT', 'WALLET_TRANSFER']),
    customerId: z.uuid(),
    walletId: z.uuid(),
    beneficiaryId: z.uuid().nullable().describe('the payee of a payout (null for a wallet transfer)'),
    destinationWalletId: z.uuid().nullable().describe('the credited wallet of a wallet transfer (null for a payout)'),
    amount: z.string(),
    currency: z.string(),
    status: z.enum(['PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED']),
    initiatedBy: z.uuid(),
  }),
  'transfer.completed': z.object({ transferId: z.uuid(), customerId: z.uuid(), walletId: z.uuid(), amount: z.string(), currency: z.string(), approvedBy: z.uuid().nullable() }),
  'transfer.rejected': z.object({
    transferId: z.uuid(),
    customerId: z.uuid(),
    walletId: z.uuid(),
    amount: z.string(),
    currency: z.string(),
    rejectedBy: z.uuid(),
    reason: z.string().nullable(),
  }),
  'transfer.failed': z.object({ transferId: z.uuid(), customerId: z.uuid(), walletId: z.uuid(), amount: z.string(), currency: z.string(), reason: z.string() }),
  'transfer.held': z.object({
    transferId: z.uuid(),
    customerId: z.uuid(),
    walletId: z.uuid(),
    amount: z.string(),
    currency: z.string(),
    alertId: z.uuid(),
    rules: z.array(z.string()).describe('the names of the rules that held it'),
  }),
  'transfer.released': z.object({
    transferId: z.uuid(),
    customerId: z.uuid(),
    walletId: z.uuid(),
    amount: z.string(),
    currency: z.string(),
    alertId: z.uuid(),
    proposedBy: z.uuid(),
    releasedBy: z.uuid(),
    status: z.enum(['PENDING_APPROVAL', 'COMPLETED', 'FAILED']).describe('what the release led to: posted, waiting for four-eyes approval, or failed (reason in transfer.failed)'),
  }),
  'aml.alert.created': z.object({
    alertId: z.uuid(),
    kind: z.enum(['SCREENING', 'TRANSACTION']),
    customerId: z.uuid(),
    subjectType: z.enum(['CUSTOMER', 'REPRESENTATIVE', 'BENEFICIARY']),
    subjectId: z.uuid(),
    score: z.string().nullable().describe("screening: the hit's score (0 to 1)"),
    listId: z.uuid().nullable(),
    transferId: z.uuid().nullable(),
    holdsTransfer: z.boolean(),
  }),
  'aml.alert.decided': z.object({
    alertId: z.uuid(),
    kind: z.enum(['SCREENING', 'TRANSACTION']),
    customerId: z.uuid(),
    decision: z.string(),
    reasonCode: z.string(),
    status: z.string().describe("the alert's status after the decision"),
    decidedBy: z.uuid(),
    proposedBy: z.uuid().nullable().describe('the first officer of a four-eyes decision'),
  }),
} as const;

export type EventType = keyof typeof EVENT_DATA_SCHEMAS;
export const EVENT_TYPES = Object.keys(EVENT_DATA_SCHEMAS) as EventType[];
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA_SCHEMAS)[T]>;

export const MAX_EVENT_PAYLOAD_BYTES = 64 * 1024;

export const webhookEventSchema = z.object({
  id: z.string().describe('event id; also the webhook-id header, stable across retries'),
  type: z.enum(EVENT_TYPES as [EventType, ...EventType[]]),
  tenantId: z.uuid(),
  createdAt: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/** What each event means (the catalogue endpoint and docs/webhooks.md). */
export const EVENT_DESCRIPTIONS: Record<EventType, string> = {
  'customer.registered': 'an individual or organization customer was registered',
  'customer.consent.accepted': 'a customer accepted a consent (terms, privacy policy, data processing, marketing)',
  'customer.consent.withdrawn': 'a customer withdrew a consent',
  'customer.verification.updated': 'the verification (KYC/KYB/AML) of a customer changed status',
  'customer.activated': 'a customer became ACTIVE',
  'customer.deactivated': 'a customer was suspended or closed',
  'organization.registered': 'an organization customer was registered with its default administrator',
  'user.locked': 'a sign-in identifier was locked after too many failed attempts (userId null for an unknown identifier)',
  'session.created': 'a user signed in: a session was opened (administrator, customer, card API or panel)',
  'card.issued': 'a virtual card was issued',
  'card.status.changed': 'a card changed state (activated, frozen, canceled)',
  'card.transaction.created': 'a card transaction was authorized or declined',
  'webhook.test': 'a test event sent from POST .../subscriptions/{id}/test, to that subscription only',
  'webhook.subscription.disabled': 'a subscription was disabled automatically: its endpoint answered 410 Gone, or failed for 5 days',
  'wallet.opened': 'a wallet was opened for a customer',
  'wallet.status.changed': 'a wallet was frozen, unfrozen or closed',
  'wallet.funded': 'a wallet received sandbox funding (demo and test tenants)',
  'transfer.created': 'a transfer was accepted: COMPLETED at once, PENDING_APPROVAL (funds held) above the four-eyes threshold, or HELD_FOR_REVIEW by an AML rule (nothing posted)',
  'transfer.completed': 'a transfer awaiting approval was approved and posted to outgoing settlement (a payout) or to the destination wallet (a wallet transfer)',
  'transfer.rejected': 'a transfer awaiting approval was rejected; the held funds went back to the wallet',
  'transfer.failed': 'a transfer awaiting approval could not post (wallet or customer no longer ACTIVE); the held funds went back',
  'transfer.held': 'an AML monitoring rule held a transfer for review (status HELD_FOR_REVIEW): nothing is posted until two officers release or refuse it',
  'transfer.released': 'two officers released a transfer held for AML review; it posted (or waits for four-eyes approval, or failed)',
  'aml.alert.created': 'a screening hit or a transaction-monitoring rule raised an AML alert',
  'aml.alert.decided': 'an officer decided an AML alert (false positive, confirmed match, escalate, close, clear, release, refuse)',
};

const EXAMPLE_CUSTOMER = '0f8e2d4c-6b1a-4c3e-9d2f-7a5b8c9d0e1f';
const EXAMPLE_USER = '3c2b1a09-8f7e-4d6c-a5b4-c3d2e1f0a9b8';
const EXAMPLE_WALLET = '6b7c8d9e-0f1a-4b2c-9d3e-4f5a6b7c8d9e';
const EXAMPLE_TRANSFER = '8a9b0c1d-2e3f-4a5b-8c6d-7e8f9a0b1c2d';
const EXAMPLE_ALERT = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

/** One example `data` per event type; each parses with its schema (tests) and appears in docs/webhooks.md. */
export const EVENT_EXAMPLES: { [T in EventType]: EventData<T> } = {
  'customer.registered': { customerId: EXAMPLE_CUSTOMER, customerType: 'INDIVIDUAL', userId: EXAMPLE_USER, status: 'PENDING_ACTIVATION', categoryId: null },
  'customer.consent.accepted': { customerId: EXAMPLE_CUSTOMER, customerType: 'INDIVIDUAL', consentType: 'PRIVACY_POLICY', version: '2026-01' },
  'customer.consent.withdrawn': { customerId: EXAMPLE_CUSTOMER, customerType: 'INDIVIDUAL', consentType: 'MARKETING', version: '2026-01' },
  'customer.verification.updated': {
    customerId: EXAMPLE_CUSTOMER,
    customerType: 'INDIVIDUAL',
    verificationId: '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
    previousStatus: 'IN_REVIEW',
    status: 'APPROVED',
    reasonCode: null,
  },
  'customer.activated': { customerId: EXAMPLE_CUSTOMER, customerType: 'INDIVIDUAL', status: 'ACTIVE' },
  'customer.deactivated': { customerId: EXAMPLE_CUSTOMER, customerType: 'INDIVIDUAL', status: 'SUSPENDED', reason: 'requested by compliance' },
  'organization.registered': {
    customerId: EXAMPLE_CUSTOMER,
    customerType: 'ORGANIZATION',
    organizationId: '7d6c5b4a-3f2e-4d1c-9b0a-8f7e6d5c4b3a',
    registrationNumber: 'HRB 123456',
    adminUserId: EXAMPLE_USER,
  },
  'user.locked': { userId: EXAMPLE_USER, attempts: 5, lockedUntil: '2026-03-01T10:30:00.000Z' },
  'session.created': { userId: EXAMPLE_USER, sessionId: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b', kind: 'ADMIN', platform: 'web', ipAddress: '203.0.113.7' },
  'card.issued': { cardId: 'card_01HV', maskedCardNo: '535522******1234', cardholderId: 'ch_01HV', customerId: EXAMPLE_CUSTOMER, currency: 'EUR' },
  'card.status.changed': { cardId: 'card_01HV', maskedCardNo: '535522******1234', previousStatus: 'ACTIVE', status: 'FROZEN', reason: 'frozen by the cardholder' },
  'card.transaction.created': {
    cardId: 'card_01HV',
    maskedCardNo: '535522******1234',
    transactionId: 'tx_01HV',
    status: 'AUTHORIZED',
    amount: '42.50',
    currency: 'EUR',
    merchant: { name: 'Coffee Corner', mcc: '5814', country: 'DE' },
    declineReason: null,
  },
  'webhook.test': { subscriptionId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e', message: 'This is a test event from the Business Platform.' },
  'webhook.subscription.disabled': {
    subscriptionId: '1b2c3d4e-5f6a-4b7c-8d9e-0f1a2b3c4d5e',
    endpointUrl: 'https://hooks.example.com/platform',
    reason: 'ENDPOINT_GONE',
    details: 'the endpoint answered 410 Gone',
  },
  'wallet.opened': { walletId: EXAMPLE_WALLET, customerId: EXAMPLE_CUSTOMER, currency: 'EUR', status: 'ACTIVE' },
  'wallet.status.changed': { walletId: EXAMPLE_WALLET, customerId: EXAMPLE_CUSTOMER, previousStatus: 'ACTIVE', status: 'FROZEN', reason: 'suspicious activity' },
  'wallet.funded': { walletId: EXAMPLE_WALLET, customerId: EXAMPLE_CUSTOMER, entryId: '2e3f4a5b-6c7d-4e8f-9a0b-1c2d3e4f5a6b', amount: '250.00', currency: 'EUR', balance: '250.00' },
  'transfer.created': {
    transferId: EXAMPLE_TRANSFER,
    type: 'PAYOUT',
    customerId: EXAMPLE_CUSTOMER,
    walletId: EXAMPLE_WALLET,
    beneficiaryId: '4d5e6f7a-8b9c-4d0e-8f1a-2b3c4d5e6f7a',
    destinationWalletId: null,
    amount: '120.00',
    currency: 'EUR',
    status: 'COMPLETED',
    initiatedBy: EXAMPLE_USER,
  },
  'transfer.completed': { transferId: EXAMPLE_TRANSFER, customerId: EXAMPLE_CUSTOMER, walletId: EXAMPLE_WALLET, amount: '25000.00', currency: 'EUR', approvedBy: EXAMPLE_USER },
  'transfer.rejected': {
    transferId: EXAMPLE_TRANSFER,
    customerId: EXAMPLE_CUSTOMER,
    walletId: EXAMPLE_WALLET,
    amount: '25000.00',
    currency: 'EUR',
    rejectedBy: EXAMPLE_USER,
    reason: 'beneficiary unknown to the customer',
  },
  'transfer.failed': { transferId: EXAMPLE_TRANSFER, customerId: EXAMPLE_CUSTOMER, walletId: EXAMPLE_WALLET, amount: '25000.00', currency: 'EUR', reason: 'the wallet is FROZEN' },
  'transfer.held': {
    transferId: EXAMPLE_TRANSFER,
    customerId: EXAMPLE_CUSTOMER,
    walletId: EXAMPLE_WALLET,
    amount: '9500.00',
    currency: 'EUR',
    alertId: EXAMPLE_ALERT,
    rules: ['Transfers just below 10,000'],
  },
  'transfer.released': {
    transferId: EXAMPLE_TRANSFER,
    customerId: EXAMPLE_CUSTOMER,
    walletId: EXAMPLE_WALLET,
    amount: '9500.00',
    currency: 'EUR',
    alertId: EXAMPLE_ALERT,
    proposedBy: EXAMPLE_USER,
    releasedBy: '2b1a0f9e-8d7c-4b6a-9f5e-4d3c2b1a0f9e',
    status: 'COMPLETED',
  },
  'aml.alert.created': {
    alertId: EXAMPLE_ALERT,
    kind: 'SCREENING',
    customerId: EXAMPLE_CUSTOMER,
    subjectType: 'CUSTOMER',
    subjectId: EXAMPLE_CUSTOMER,
    score: '0.962',
    listId: '5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b',
    transferId: null,
    holdsTransfer: false,
  },
  'aml.alert.decided': {
    alertId: EXAMPLE_ALERT,
    kind: 'SCREENING',
    customerId: EXAMPLE_CUSTOMER,
    decision: 'FALSE_POSITIVE',
    reasonCode: 'DIFFERENT_BIRTH_DATE',
    status: 'FALSE_POSITIVE',
    decidedBy: EXAMPLE_USER,
    proposedBy: null,
  },
};
