import { MAX_BALANCE } from '../money';
import { panelCardTokenSchema } from '../panel';
import {
  approverMustDiffer,
  beneficiaryInactive,
  beneficiaryNotFound,
  conflict,
  currencyMismatch,
  destinationCurrencyMismatch,
  forbidden,
  insufficientBalance,
  notFound,
  paymentConsentInvalid,
  paymentConsentRequired,
  transactionLimitExceeded,
  unauthorized,
  validationFailed,
  walletNotActive,
  customerNotActive,
  idempotencyKeyReused,
  idempotentRequestInProgress,
} from '../api-errors';
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
} from '../wallets';
import { EXAMPLE_ID } from './shared';
import { defineRoute } from './types';

// ------------------------------------------------------------------------------------- wallets, transfers, the panel's card token
// Each entry links what its route parses and answers (app/api/v2.1/**, lib/contract/wallets.ts,
// panel.ts) and the catalogue errors its service throws (lib/services/wallets, customers).
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
const panel = { tags: ['Panel'], auth: 'bearer', allow: 'tenant:staff' } as const;

const listBeneficiaries = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/beneficiaries',
  allow: 'wallet:read',
  summary: 'Saved beneficiaries (a customer: its own)',
  query: listBeneficiariesQuerySchema,
  response: beneficiaryPageSchema,
});

const createBeneficiary = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/beneficiaries',
  allow: 'wallet:manage',
  idempotency: true,
  summary: 'Save a beneficiary (IBAN mod-97 and BIC checked)',
  message: 'beneficiary created',
  body: createBeneficiaryBodySchema,
  response: beneficiarySchema,
  errors: [
    customerRequired,
    notFound('customer'),
    conflict('the customer already has an active beneficiary with this IBAN', { error: 'BENEFICIARY_EXISTS', existingBeneficiaryId: EXAMPLE_ID }),
  ],
});

const deactivateBeneficiary = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/beneficiaries/{beneficiaryId}/deactivate',
  allow: 'wallet:manage',
  summary: 'Set a beneficiary INACTIVE (no more transfers to it; again: no change)',
  message: 'beneficiary deactivated',
  params: beneficiaryIdParamsSchema,
  response: beneficiarySchema,
  errors: [notFound('beneficiary')],
});

const getBeneficiary = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/beneficiaries/{beneficiaryId}',
  allow: 'wallet:read',
  summary: 'One beneficiary',
  params: beneficiaryIdParamsSchema,
  response: beneficiarySchema,
});

const ledgerSettings = defineRoute({
  ...money,
  method: 'GET',
  path: '/api/v2.1/ledger/settings',
  allow: 'wallet:read',
  summary: 'Whether sandbox funding is on (and why) and the four-eyes threshold, for the money screens',
  response: ledgerSettingsSchema,
});

const reconciliation = defineRoute({
  ...money,
  method: 'GET',
  path: '/api/v2.1/ledger/reconciliation',
  allow: 'ledger:administer',
  summary: "The tenant's ledger checks: balanced entries, wallet balances, zero sums",
  response: reconciliationSchema,
});

const panelCardToken = defineRoute({
  ...panel,
  method: 'POST',
  path: '/api/v2.1/panel/card-token',
  allow: 'card:read',
  summary: 'A short-lived card API token for the signed-in panel user (the card lookup screen)',
  message: 'card token issued',
  description: "Only the panel's session cookie (a bearer token answers 403). Cache-Control: no-store.",
  headers: { required: [], optional: ['X-Forwarded-For'] },
  response: panelCardTokenSchema,
  errors: [forbidden('only a panel session may mint a card token; API clients use /api/auth/login'), unauthorized('the panel user is no longer active')],
});

const listPaymentConsents = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/payment-consents',
  allow: 'wallet:read',
  summary: 'Payment consents (a customer: its own; filter by wallet, status)',
  query: listPaymentConsentsQuerySchema,
  response: paymentConsentPageSchema,
});

const createPaymentConsent = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/payment-consents',
  allow: 'wallet:manage',
  idempotency: true,
  summary: 'Authorize payments from a wallet (scope, max per payment, expiry)',
  message: 'payment consent authorized',
  body: createPaymentConsentBodySchema,
  response: paymentConsentSchema,
  errors: [notFound('wallet'), currencyMismatch(EUR, 'USD'), validationFailed([{ field: 'expiresAt', message: 'must be in the future' }])],
});

const revokePaymentConsent = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/payment-consents/{consentId}/revoke',
  allow: 'wallet:manage',
  summary: 'Revoke an AUTHORIZED payment consent (a revoked or expired one is answered as it is)',
  message: 'payment consent revoked',
  params: paymentConsentIdParamsSchema,
  response: paymentConsentSchema,
  errors: [notFound('payment consent')],
});

const getPaymentConsent = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/payment-consents/{consentId}',
  allow: 'wallet:read',
  summary: 'One payment consent (status EXPIRED once past expiresAt)',
  params: paymentConsentIdParamsSchema,
  response: paymentConsentSchema,
});

const listTransactionLimits = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/transaction-limits',
  allow: 'wallet:read',
  summary: 'Limits of a customer or wallet with their current usage',
  query: listTransactionLimitsQuerySchema,
  response: transactionLimitListSchema,
  errors: [notFound('wallet'), notFound('customer')],
});

const setTransactionLimit = defineRoute({
  ...pay,
  method: 'PUT',
  path: '/api/v2.1/transaction-limits',
  allow: 'ledger:administer',
  summary: 'Set (create or replace) a customer or wallet limit',
  message: 'transaction limit set',
  body: setTransactionLimitBodySchema,
  response: transactionLimitSchema,
  errors: [notFound('wallet'), notFound('customer'), currencyMismatch(EUR, 'USD')],
});

const removeTransactionLimit = defineRoute({
  ...pay,
  method: 'DELETE',
  path: '/api/v2.1/transaction-limits/{limitId}',
  allow: 'ledger:administer',
  summary: 'Remove a customer or wallet limit (answers the limit as it was)',
  message: 'transaction limit removed',
  params: transactionLimitIdParamsSchema,
  response: transactionLimitSchema,
  errors: [notFound('transaction limit')],
});

const listTransfers = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/transfers',
  allow: 'wallet:read',
  summary: 'Transfers (a customer: those it sent or received; filter by status, type, wallet, customer)',
  query: listTransfersQuerySchema,
  response: transferPageSchema,
});

const createTransfer = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/transfers',
  allow: 'wallet:manage',
  idempotency: 'required',
  summary: 'Pay a saved beneficiary (payout) or another wallet of the tenant (wallet transfer) from a wallet (Idempotency-Key required)',
  message: 'transfer completed',
  description:
    "Idempotency-Key required (the ledger keeps its own records; docs/ledger.md). Give `beneficiary` for a payout or `destinationWalletId` for a wallet-to-wallet transfer in the same currency (one balanced ledger entry; the two wallets are locked in id order). A payout always needs `paymentConsentId`; a wallet transfer needs it when a customer's user starts it. Above the tenant's four-eyes threshold the answer is `transfer awaiting approval` with status PENDING_APPROVAL.",
  body: createTransferBodySchema,
  response: transferSchema,
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
    idempotentRequestInProgress('order-4711'),
    idempotencyKeyReused('order-4711'),
  ],
});

const getTransferSettings = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/transfers/settings',
  allow: 'ledger:administer',
  summary: "The tenant's four-eyes threshold",
  response: transferSettingsSchema,
});

const updateTransferSettings = defineRoute({
  ...pay,
  method: 'PUT',
  path: '/api/v2.1/transfers/settings',
  allow: 'ledger:administer',
  summary: 'Set the four-eyes threshold (null: never)',
  message: 'transfer settings updated',
  body: updateTransferSettingsBodySchema,
  response: transferSettingsSchema,
});

const getTransfer = defineRoute({
  ...pay,
  method: 'GET',
  path: '/api/v2.1/transfers/{transferId}',
  allow: 'wallet:read',
  summary: 'One transfer with its status history and ledger entries',
  params: transferIdParamsSchema,
  response: transferDetailSchema,
  errors: [notFound('transfer')],
});

const approveTransfer = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/transfers/{transferId}/approve',
  allow: 'transfer:approve',
  summary: 'Four-eyes approval by an approver other than the initiator',
  message: 'transfer approved',
  description: 'If the wallet or customer is no longer ACTIVE the transfer FAILS instead (message `transfer failed: …`) and the money returns to the wallet.',
  params: transferIdParamsSchema,
  response: transferSchema,
  errors: [notFound('transfer'), transferNotPending, approverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID)],
});

const rejectTransfer = defineRoute({
  ...pay,
  method: 'POST',
  path: '/api/v2.1/transfers/{transferId}/reject',
  allow: 'transfer:approve',
  summary: 'Reject a transfer awaiting approval; the held money returns to the wallet',
  message: 'transfer rejected',
  params: transferIdParamsSchema,
  body: rejectTransferBodySchema,
  response: transferSchema,
  errors: [notFound('transfer'), transferNotPending, approverMustDiffer(EXAMPLE_ID, EXAMPLE_ID, EXAMPLE_ID)],
});

const listWallets = defineRoute({
  ...money,
  method: 'GET',
  path: '/api/v2.1/wallets',
  allow: 'wallet:read',
  summary: 'Wallets (a customer: its own; admins: filter by customerId, status, currency)',
  query: listWalletsQuerySchema,
  response: walletPageSchema,
});

const openWallet = defineRoute({
  ...money,
  method: 'POST',
  path: '/api/v2.1/wallets',
  allow: 'wallet:manage',
  idempotency: true,
  summary: 'Open a wallet for an ACTIVE customer in a currency',
  message: 'wallet opened',
  body: openWalletBodySchema,
  response: walletSchema,
  errors: [customerRequired, notFound('customer'), customerSuspended],
});

const sandboxFund = defineRoute({
  ...money,
  method: 'POST',
  path: '/api/v2.1/wallets/{walletId}/sandbox/fund',
  allow: 'wallet:manage',
  summary: 'Credit a wallet from the sandbox funding account (off in production)',
  message: 'wallet funded',
  params: walletIdParamsSchema,
  body: sandboxFundBodySchema,
  response: sandboxFundResultSchema,
  errors: [
    forbidden('sandbox funding is disabled in production (set SANDBOX_FUNDING=true to allow it)'),
    notFound('wallet'),
    customerSuspended,
    walletFrozen,
    currencyMismatch(EUR, 'USD'),
    transactionLimitExceeded({ limitType: 'MAX_BALANCE', limit: MAX_BALANCE, currentUsage: '9999999000.00', requestedAmount: '1000.00', currency: EUR }),
  ],
});

const getWallet = defineRoute({
  ...money,
  method: 'GET',
  path: '/api/v2.1/wallets/{walletId}',
  allow: 'wallet:read',
  summary: 'One wallet with its available balance',
  params: walletIdParamsSchema,
  response: walletSchema,
  errors: [notFound('wallet')],
});

const closeWallet = defineRoute({
  ...money,
  method: 'POST',
  path: '/api/v2.1/wallets/{walletId}/close',
  allow: 'wallet:manage',
  summary: 'Close a wallet with a zero balance and nothing pending',
  message: 'wallet closed',
  params: walletIdParamsSchema,
  body: walletStatusChangeBodySchema,
  response: walletSchema,
  errors: [
    notFound('wallet'),
    conflict('cannot close a wallet that is CLOSED', { error: 'WALLET_STATE_CONFLICT', walletId: EXAMPLE_ID, status: 'CLOSED' }),
    conflict('the wallet still holds 10.00 EUR; only a zero balance can be closed', { error: 'WALLET_BALANCE_NOT_ZERO', walletId: EXAMPLE_ID, balance: '10.00', currency: EUR }),
    conflict('the wallet has transfers awaiting approval; approve or reject them first', { error: 'WALLET_HAS_PENDING_TRANSFERS', walletId: EXAMPLE_ID }),
  ],
});

const freezeWallet = defineRoute({
  ...money,
  method: 'POST',
  path: '/api/v2.1/wallets/{walletId}/freeze',
  allow: 'wallet:manage',
  summary: 'Freeze an ACTIVE wallet (no transfers in or out)',
  message: 'wallet frozen',
  params: walletIdParamsSchema,
  body: walletStatusChangeBodySchema,
  response: walletSchema,
  errors: [notFound('wallet'), walletStateConflict],
});

const unfreezeWallet = defineRoute({
  ...money,
  method: 'POST',
  path: '/api/v2.1/wallets/{walletId}/unfreeze',
  allow: 'ledger:administer',
  summary: 'Unfreeze a FROZEN wallet (administrators only)',
  message: 'wallet unfrozen',
  params: walletIdParamsSchema,
  body: walletStatusChangeBodySchema,
  response: walletSchema,
  errors: [notFound('wallet'), conflict('cannot unfreeze a wallet that is ACTIVE', { error: 'WALLET_STATE_CONFLICT', walletId: EXAMPLE_ID, status: 'ACTIVE' })],
});

const walletStatement = defineRoute({
  ...money,
  method: 'GET',
  path: '/api/v2.1/wallets/{walletId}/statement',
  allow: 'wallet:read',
  summary: "The wallet's ledger lines (newest first, paged, from/to)",
  params: walletIdParamsSchema,
  query: statementQuerySchema,
  response: statementSchema,
  errors: [notFound('wallet')],
});

export const moneyRoutes = {
  listBeneficiaries,
  createBeneficiary,
  deactivateBeneficiary,
  getBeneficiary,
  ledgerSettings,
  reconciliation,
  panelCardToken,
  listPaymentConsents,
  createPaymentConsent,
  revokePaymentConsent,
  getPaymentConsent,
  listTransactionLimits,
  setTransactionLimit,
  removeTransactionLimit,
  listTransfers,
  createTransfer,
  getTransferSettings,
  updateTransferSettings,
  getTransfer,
  approveTransfer,
  rejectTransfer,
  listWallets,
  openWallet,
  sandboxFund,
  getWallet,
  closeWallet,
  freezeWallet,
  unfreezeWallet,
  walletStatement,
};
