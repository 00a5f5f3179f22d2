import { z } from 'zod';
import { uuidSchema } from './common';
import { TRANSACTION_LIMIT_TYPES, transactionLimitTypeSchema, walletStatusSchema } from './enums';
import { CURRENCY_MINOR_UNITS, currencySchema, decimalStringSchema, fitsMinorUnits, positiveAmountSchema, withMinorUnits, type Currency } from './money';
import { productChoiceFields, walletProductSchema } from './products';

/**
 * Wallets, the ledger statement, beneficiaries, payment consents, transaction limits and transfers
 * (docs/ledger.md). Amounts are decimal strings; one schema per resource and use.
 */

// ------------------------------------------------------------------------------------------------
// IBAN / BIC
// ------------------------------------------------------------------------------------------------

/** "DE89 3704 0044 0532 0130 00" -> "DE89370400440532013000" */
export const normalizeIban = (value: string): string => value.replace(/[\s-]/g, '').toUpperCase();

/** ISO 13616: two letters, two check digits, up to 30 alphanumerics, and the mod-97 remainder is 1. */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const digits = /\d/.test(ch) ? ch : String(ch.charCodeAt(0) - 55);
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

export const ibanSchema = z
  .string()
  .max(64, 'must be at most 64 characters')
  .transform(normalizeIban)
  .refine(isValidIban, 'must be a valid IBAN (country code, check digits, mod-97 checksum)')
  .describe('IBAN; spaces allowed on input, stored and returned without them');

/** ISO 9362: 4 letters bank, 2 letters country, 2 alphanumerics location, optional 3 branch. */
export const bicSchema = z
  .string()
  .transform((v) => v.trim().toUpperCase())
  .refine((v) => /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), 'must be a valid BIC (8 or 11 characters)')
  .describe('BIC / SWIFT code');

export const countrySchema = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 country code')
  .describe('ISO 3166-1 alpha-2 country code');

// ------------------------------------------------------------------------------------------------
// Shared
// ------------------------------------------------------------------------------------------------

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1, 'must be at least 1').default(1).describe('1-based page number'),
  pageSize: z.coerce.number().int().min(1, 'must be at least 1').max(100, 'must be at most 100').default(20).describe('items per page (max 100)'),
});

export const pageMetaSchema = z.object({ page: z.number().int(), pageSize: z.number().int(), total: z.number().int() });
export const paged = <T extends z.ZodType>(item: T) => pageMetaSchema.extend({ items: z.array(item) });

/** The minor-units rule of lib/contract/money.ts on an amount field with another name. */
function minorUnitsOn<K extends string>(field: K) {
  return (value: Record<K, string> & { currency: Currency }, ctx: z.RefinementCtx) => {
    if (!fitsMinorUnits(value[field], value.currency)) {
      ctx.addIssue({ code: 'custom', path: [field], message: `must have at most ${CURRENCY_MINOR_UNITS[value.currency]} decimal places for ${value.currency}` });
    }
  };
}

const optionalCustomerId = uuidSchema.optional().describe('customer the resource belongs to; admins must give it, customers may omit it (their own)');

// ------------------------------------------------------------------------------------------------
// Wallets
// ------------------------------------------------------------------------------------------------

export const walletIdParamsSchema = z.object({ walletId: uuidSchema.describe('wallet id') });

export const openWalletBodySchema = z.object({
  customerId: optionalCustomerId,
  currency: currencySchema,
  ...productChoiceFields,
  name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters').optional().describe('display name; defaults to "<currency> wallet"'),
});
export type OpenWalletBody = z.infer<typeof openWalletBodySchema>;

export const listWalletsQuerySchema = pageQuerySchema.extend({
  customerId: uuidSchema.optional().describe("only this customer's wallets"),
  status: walletStatusSchema.optional(),
  currency: currencySchema.optional(),
});
export type ListWalletsQuery = z.infer<typeof listWalletsQuerySchema>;

export const walletSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string().describe("the customer's display name"),
  currency: currencySchema,
  name: z.string(),
  status: walletStatusSchema,
  balance: z.string().describe('ledger balance of the wallet (decimal string)'),
  availableBalance: z.string().describe('what can be spent now: the balance (held funds of pending transfers have already left it)'),
  pendingOutgoing: z.string().describe('sum of transfers from this wallet awaiting approval'),
  product: walletProductSchema,
  statusReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  closedAt: z.string().nullable(),
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletStatusChangeBodySchema = z.object({ reason: z.string().trim().max(500, 'must be at most 500 characters').optional().describe('why; shown on the wallet') }).optional();

export const statementQuerySchema = pageQuerySchema.extend({
  from: z.iso.datetime({ offset: true }).optional().describe('entries posted at or after this time'),
  to: z.iso.datetime({ offset: true }).optional().describe('entries posted before this time'),
});
export type StatementQuery = z.infer<typeof statementQuerySchema>;

/** HELD_FOR_REVIEW: an AML rule held the transfer; nothing is posted until officers release it (docs/aml.md) */
export const TRANSFER_STATUSES = ['PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED', 'REJECTED', 'FAILED'] as const;
export const transferStatusSchema = z.enum(TRANSFER_STATUSES);

export const statementLineSchema = z.object({
  entryId: z.uuid(),
  kind: z.enum(['SANDBOX_FUNDING', 'TRANSFER_HOLD', 'TRANSFER_SETTLEMENT', 'TRANSFER_RELEASE']),
  transferId: z.uuid().nullable(),
  transferStatus: transferStatusSchema
    .nullable()
    .describe("the status of the line's transfer now (null: no transfer): a TRANSFER_HOLD line of a COMPLETED transfer is money that left, not money still held"),
  description: z.string(),
  purpose: z.enum(['AMOUNT', 'FEE']).describe("AMOUNT: the payment itself; FEE: the wallet product's fee on it (or its refund), a line of its own"),
  direction: z.enum(['CREDIT', 'DEBIT']).describe('CREDIT adds to the wallet, DEBIT takes from it'),
  amount: z.string(),
  currency: currencySchema,
  postedAt: z.string(),
  balanceAfter: z.string().describe("the wallet's balance right after this line (running balance)"),
});
export const statementSchema = paged(statementLineSchema).extend({
  walletId: z.uuid(),
  currency: currencySchema,
  balance: z.string(),
  openingBalance: z.string().describe('balance just before `from` (0 without `from`)'),
  closingBalance: z.string().describe('balance just before `to` (the current balance without `to`)'),
});

export const sandboxFundBodySchema = withMinorUnits(
  z.object({
    amount: positiveAmountSchema,
    currency: currencySchema,
    description: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  }),
);
export type SandboxFundBody = z.infer<typeof sandboxFundBodySchema>;

// ------------------------------------------------------------------------------------------------
// Beneficiaries
// ------------------------------------------------------------------------------------------------

export const BENEFICIARY_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export const beneficiaryStatusSchema = z.enum(BENEFICIARY_STATUSES);

export const beneficiaryIdParamsSchema = z.object({ beneficiaryId: uuidSchema.describe('beneficiary id') });

export const createBeneficiaryBodySchema = z.object({
  customerId: optionalCustomerId,
  name: z.string().trim().min(1, 'must not be empty').max(140, 'must be at most 140 characters').describe('account holder name'),
  iban: ibanSchema,
  bic: bicSchema.optional(),
  country: countrySchema,
});
export type CreateBeneficiaryBody = z.infer<typeof createBeneficiaryBodySchema>;

export const listBeneficiariesQuerySchema = pageQuerySchema.extend({
  customerId: uuidSchema.optional(),
  status: beneficiaryStatusSchema.optional(),
});
export type ListBeneficiariesQuery = z.infer<typeof listBeneficiariesQuerySchema>;

export const beneficiarySchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  name: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  country: z.string(),
  status: beneficiaryStatusSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Beneficiary = z.infer<typeof beneficiarySchema>;

// ------------------------------------------------------------------------------------------------
// Payment consents
// ------------------------------------------------------------------------------------------------

export const PAYMENT_CONSENT_STATUSES = ['AUTHORIZED', 'REVOKED', 'EXPIRED'] as const;
export const paymentConsentStatusSchema = z.enum(PAYMENT_CONSENT_STATUSES);
export const PAYMENT_CONSENT_SCOPES = ['SINGLE_PAYMENT', 'RECURRING_PAYMENTS'] as const;
export const paymentConsentScopeSchema = z
  .enum(PAYMENT_CONSENT_SCOPES)
  .describe('SINGLE_PAYMENT: one transfer (a rejected or failed one gives it back); RECURRING_PAYMENTS: any number until expiry');

export const paymentConsentIdParamsSchema = z.object({ consentId: uuidSchema.describe('payment consent id') });

/** Longest a consent may be valid: one year. */
export const MAX_CONSENT_DAYS = 366;

export const createPaymentConsentBodySchema = z
  .object({
    walletId: uuidSchema.describe('wallet the consent authorizes payments from'),
    scope: paymentConsentScopeSchema,
    maxAmountPerPayment: positiveAmountSchema.describe('largest amount of one payment'),
    currency: currencySchema,
    expiresAt: z.iso.datetime({ offset: true }).describe('end of validity (in the future, at most one year ahead)'),
  })
  .superRefine(minorUnitsOn('maxAmountPerPayment'));
export type CreatePaymentConsentBody = z.infer<typeof createPaymentConsentBodySchema>;

export const listPaymentConsentsQuerySchema = pageQuerySchema.extend({
  customerId: uuidSchema.optional(),
  walletId: uuidSchema.optional(),
  status: paymentConsentStatusSchema.optional(),
});
export type ListPaymentConsentsQuery = z.infer<typeof listPaymentConsentsQuerySchema>;

export const paymentConsentSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  walletId: z.uuid(),
  scope: paymentConsentScopeSchema,
  maxAmountPerPayment: z.string(),
  currency: currencySchema,
  expiresAt: z.string(),
  status: paymentConsentStatusSchema.describe('EXPIRED once expiresAt has passed'),
  authorizedBy: z.uuid(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentConsent = z.infer<typeof paymentConsentSchema>;

// ------------------------------------------------------------------------------------------------
// Transaction limits
// ------------------------------------------------------------------------------------------------

export const setTransactionLimitBodySchema = z
  .object({
    customerId: uuidSchema.optional().describe('a customer-wide limit (all its wallets in the currency)'),
    walletId: uuidSchema.optional().describe('a limit of one wallet (its currency)'),
    limitType: transactionLimitTypeSchema,
    limit: decimalStringSchema.describe('the limit amount; "0" blocks transfers'),
    currency: currencySchema,
  })
  .superRefine(minorUnitsOn('limit'))
  .superRefine((v, ctx) => {
    if (!v.customerId === !v.walletId) {
      ctx.addIssue({ code: 'custom', path: ['walletId'], message: 'give exactly one of customerId and walletId' });
    }
  });
export type SetTransactionLimitBody = z.infer<typeof setTransactionLimitBodySchema>;

export const transactionLimitIdParamsSchema = z.object({ limitId: uuidSchema.describe('transaction limit id') });

export const listTransactionLimitsQuerySchema = z.object({
  customerId: uuidSchema.optional(),
  walletId: uuidSchema.optional(),
});

export const transactionLimitSchema = z.object({
  id: z.uuid(),
  scope: z.enum(['CUSTOMER', 'WALLET']),
  customerId: z.uuid(),
  walletId: z.uuid().nullable(),
  limitType: transactionLimitTypeSchema,
  limit: z.string(),
  currentUsage: z.string().describe('transfers in the current window (PER_TRANSACTION: 0)'),
  currency: currencySchema,
  windowStart: z.string().nullable().describe('start of the current window, UTC (null for PER_TRANSACTION)'),
  updatedAt: z.string(),
});
export type TransactionLimit = z.infer<typeof transactionLimitSchema>;
export { TRANSACTION_LIMIT_TYPES };

// ------------------------------------------------------------------------------------------------
// Transfers
// ------------------------------------------------------------------------------------------------

export const transferIdParamsSchema = z.object({ transferId: uuidSchema.describe('transfer id') });

export const transferBeneficiarySchema = z.union([
  z.object({ id: uuidSchema.describe('a saved beneficiary of the customer') }).strict(),
  z.object({ iban: ibanSchema.describe('IBAN of a saved, active beneficiary of the customer') }).strict(),
]);

export const TRANSFER_TYPES = ['PAYOUT', 'WALLET_TRANSFER'] as const;
export const transferTypeSchema = z.enum(TRANSFER_TYPES).describe("PAYOUT: to a saved beneficiary's IBAN; WALLET_TRANSFER: to another wallet of the tenant in the same currency");

export const createTransferBodySchema = withMinorUnits(
  z.object({
    walletId: uuidSchema.describe('wallet to pay from'),
    beneficiary: transferBeneficiarySchema.optional().describe("a payout's payee: `{ id }` or `{ iban }` of a saved beneficiary (give this or destinationWalletId)"),
    destinationWalletId: uuidSchema.optional().describe('a wallet-to-wallet transfer: the wallet of the tenant to credit, in the same currency (give this or beneficiary)'),
    amount: positiveAmountSchema,
    currency: currencySchema,
    reference: z.string().trim().min(1, 'must not be empty').max(140, 'must be at most 140 characters').describe('remittance information'),
    paymentConsentId: uuidSchema.optional().describe('the AUTHORIZED payment consent covering this payment: required for payouts and for wallet transfers a customer starts'),
  }),
).superRefine((v, ctx) => {
  if (v.beneficiary && v.destinationWalletId) {
    ctx.addIssue({ code: 'custom', path: ['destinationWalletId'], message: 'give either beneficiary or destinationWalletId, not both' });
  } else if (!v.beneficiary && !v.destinationWalletId) {
    ctx.addIssue({ code: 'custom', path: ['beneficiary'], message: 'give a beneficiary (payout) or a destinationWalletId (wallet transfer)' });
  }
  if (v.destinationWalletId && v.destinationWalletId === v.walletId) {
    ctx.addIssue({ code: 'custom', path: ['destinationWalletId'], message: 'must differ from walletId' });
  }
});
export type CreateTransferBody = z.infer<typeof createTransferBodySchema>;

export const listTransfersQuerySchema = pageQuerySchema.extend({
  status: transferStatusSchema.optional(),
  type: transferTypeSchema.optional(),
  walletId: uuidSchema.optional().describe('transfers from or into this wallet'),
  customerId: uuidSchema.optional(),
});
export type ListTransfersQuery = z.infer<typeof listTransfersQuerySchema>;

export const rejectTransferBodySchema = z.object({ reason: z.string().trim().min(1, 'must not be empty').max(500, 'must be at most 500 characters').optional() }).optional();

/** The wallet a transfer pays from, as an approver needs to see it. */
export const transferSourceWalletSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    balance: z.string().describe('its balance now'),
    balanceBefore: z.string().nullable().describe('while the transfer awaits a decision (PENDING_APPROVAL, HELD_FOR_REVIEW): the balance without this transfer; null once decided'),
    balanceAfter: z
      .string()
      .nullable()
      .describe("while the transfer awaits a decision: the balance once it is approved or released (a PENDING_APPROVAL transfer's amount is held since the request); null once decided"),
  })
  .describe('the wallet paid from: whose money an approver moves');

export const transferSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid(),
  customerName: z.string().describe("the paying customer's name"),
  walletId: z.uuid(),
  sourceWallet: transferSourceWalletSchema,
  type: transferTypeSchema,
  beneficiary: z.object({ id: z.uuid(), name: z.string(), iban: z.string() }).nullable().describe('the payee of a payout (null for a wallet transfer)'),
  destinationWallet: z.object({ id: z.uuid(), customerId: z.uuid(), name: z.string() }).nullable().describe('the credited wallet of a wallet transfer (null for a payout)'),
  paymentConsentId: z.uuid().nullable().describe('null only for a wallet transfer an administrator made without a consent'),
  amount: z.string(),
  fee: z.string().describe("the wallet product's fee on this transfer, taken from the wallet besides the amount (docs/products.md); fixed when the transfer was created"),
  currency: currencySchema,
  reference: z.string(),
  status: transferStatusSchema,
  requiresApproval: z.boolean().describe("true when the amount was above the tenant's four-eyes threshold"),
  initiatedBy: z.uuid(),
  initiatedByName: z.string().describe("the initiator's full name, else its username"),
  approvedBy: z.uuid().nullable().describe('who approved or rejected it'),
  approvedByName: z.string().nullable().describe("the decider's full name, else its username"),
  decidedAt: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Transfer = z.infer<typeof transferSchema>;

/** GET /transfers/{id}: the transfer with its status history and its ledger entries. */
export const transferDetailSchema = transferSchema.extend({
  history: z
    .array(
      z.object({
        status: transferStatusSchema,
        at: z.string(),
        by: z.uuid().nullable().describe('who caused the change (null: the system)'),
        byName: z.string().nullable(),
        reason: z.string().nullable(),
      }),
    )
    .describe('every status the transfer went through, oldest first'),
  entries: z.array(z.object({ entryId: z.uuid(), kind: z.string(), description: z.string(), postedAt: z.string() })).describe('the ledger entries the transfer posted, oldest first'),
});
export type TransferDetail = z.infer<typeof transferDetailSchema>;

export const transferSettingsSchema = z.object({
  fourEyesThreshold: decimalStringSchema
    .nullable()
    .describe('transfers with an amount above this (in their own currency) need an approver (transfer:approve) other than the initiator; null: never'),
});
export const updateTransferSettingsBodySchema = transferSettingsSchema;
export type TransferSettings = z.infer<typeof transferSettingsSchema>;

/** The default four-eyes threshold of a tenant without settings. */
export const DEFAULT_FOUR_EYES_THRESHOLD = '10000';

export const reconciliationSchema = z.object({
  balanced: z.boolean().describe('true when every check holds'),
  unbalancedEntries: z.array(z.object({ entryId: z.uuid(), currency: z.string(), difference: z.string() })),
  walletMismatches: z.array(z.object({ walletId: z.uuid(), balance: z.string(), ledgerBalance: z.string() })),
  totals: z.array(z.object({ currency: z.string(), sum: z.string().describe('sum of all account balances: must be 0') })),
});
export type Reconciliation = z.infer<typeof reconciliationSchema>;

// ------------------------------------------------------------------------------------------------
// Answers of the list and funding routes (the OpenAPI registry links them)
// ------------------------------------------------------------------------------------------------

export const walletPageSchema = paged(walletSchema);
export const beneficiaryPageSchema = paged(beneficiarySchema);
export const paymentConsentPageSchema = paged(paymentConsentSchema);
export const transferPageSchema = paged(transferSchema);
/** GET /transaction-limits: every limit of the customer or wallet, not paged. */
export const transactionLimitListSchema = z.object({ items: z.array(transactionLimitSchema) });
export const sandboxFundResultSchema = z.object({
  entryId: z.uuid().describe('the ledger entry that credited the wallet'),
  wallet: walletSchema,
});
export type SandboxFundResult = z.infer<typeof sandboxFundResultSchema>;

/** GET /ledger/settings: what the panel's money screens need to know before they offer an action. */
export const ledgerSettingsSchema = z.object({
  sandboxFunding: z.object({
    enabled: z.boolean().describe('POST /wallets/{id}/sandbox/fund is accepted'),
    explanation: z.string().describe('why it is on or off, in words for the screen'),
  }),
  fourEyesThreshold: decimalStringSchema.nullable().describe('transfers above this amount (in their currency) wait for a second person; null: never'),
});
export type LedgerSettings = z.infer<typeof ledgerSettingsSchema>;
