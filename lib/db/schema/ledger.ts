import { sql } from 'drizzle-orm';
import { bigint, check, date, foreignKey, index, numeric, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { products } from './products';
import { tenants } from './tenants';

/**
 * The double-entry ledger, wallets, beneficiaries, payment consents, transaction limits and
 * transfers (docs/ledger.md). Amounts are numeric(19,4): exact decimals, never floats. Every table
 * is tenant-owned with composite (tenant_id, id) keys; every index starts with tenant_id.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 19, scale: 4 });

export const wallets = pgTable(
  'wallets',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    currency: text('currency').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: ['ACTIVE', 'FROZEN', 'CLOSED'] })
      .notNull()
      .default('ACTIVE'),
    /** Kept in lock-step with the wallet account's journal lines, under the wallet's row lock. */
    balance: money('balance').notNull().default('0'),
    statusReason: text('status_reason'),
    closedAt: ts('closed_at'),
    /** the product the wallet was opened on (docs/products.md): its fees and default limits */
    productId: uuid('product_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('wallets_tenant_id_uq').on(t.tenantId, t.id),
    unique('wallets_tenant_id_currency_uq').on(t.tenantId, t.id, t.currency),
    index('wallets_tenant_customer_idx').on(t.tenantId, t.customerId, t.currency),
    index('wallets_tenant_created_idx').on(t.tenantId, t.createdAt),
    foreignKey({ name: 'wallets_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    foreignKey({ name: 'wallets_product_fk', columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    index('wallets_tenant_product_idx').on(t.tenantId, t.productId),
    check('wallets_status_ck', sql`${t.status} in ('ACTIVE', 'FROZEN', 'CLOSED')`),
    check('wallets_balance_ck', sql`${t.balance} >= 0`),
  ],
);

/**
 * Ledger accounts: one per wallet (kind WALLET, wallet_id set) and the tenant's system accounts
 * per currency (SANDBOX_FUNDING, TRANSFER_CLEARING, OUTGOING_SETTLEMENT). Balance of any account =
 * sum(credits) - sum(debits) of its lines; over a tenant and currency the balances sum to zero.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['WALLET', 'SANDBOX_FUNDING', 'TRANSFER_CLEARING', 'OUTGOING_SETTLEMENT', 'FEES'] }).notNull(),
    currency: text('currency').notNull(),
    walletId: uuid('wallet_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('ledger_accounts_tenant_id_uq').on(t.tenantId, t.id),
    unique('ledger_accounts_tenant_id_currency_uq').on(t.tenantId, t.id, t.currency),
    uniqueIndex('ledger_accounts_tenant_wallet_uq')
      .on(t.tenantId, t.walletId)
      .where(sql`${t.walletId} is not null`),
    uniqueIndex('ledger_accounts_tenant_system_uq')
      .on(t.tenantId, t.kind, t.currency)
      .where(sql`${t.walletId} is null`),
    foreignKey({ name: 'ledger_accounts_wallet_fk', columns: [t.tenantId, t.walletId, t.currency], foreignColumns: [wallets.tenantId, wallets.id, wallets.currency] }).onDelete('cascade'),
    check('ledger_accounts_kind_ck', sql`${t.kind} in ('WALLET', 'SANDBOX_FUNDING', 'TRANSFER_CLEARING', 'OUTGOING_SETTLEMENT', 'FEES')`),
    check('ledger_accounts_wallet_ck', sql`(${t.kind} = 'WALLET') = (${t.walletId} is not null)`),
  ],
);

/** A journal entry: immutable; its lines balance per currency (service + deferred trigger). */
export const journalEntries = pgTable(
  'journal_entries',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['SANDBOX_FUNDING', 'TRANSFER_HOLD', 'TRANSFER_SETTLEMENT', 'TRANSFER_RELEASE'] }).notNull(),
    transferId: uuid('transfer_id'),
    description: text('description').notNull(),
    postedAt: ts('posted_at').notNull().defaultNow(),
    /**
     * The order entries were posted in. Assigned when the entry is written, under its wallets' row
     * locks, so within a wallet it is the order its balance moved: a statement's running balance
     * follows it. `posted_at` cannot: two entries may share a millisecond, and a transfer's fast path
     * reads the clock before it waits for the lock (docs/ledger.md, "Order of a statement").
     */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    unique('journal_entries_tenant_id_uq').on(t.tenantId, t.id),
    index('journal_entries_tenant_posted_idx').on(t.tenantId, t.postedAt),
    index('journal_entries_tenant_transfer_idx').on(t.tenantId, t.transferId),
    check('journal_entries_kind_ck', sql`${t.kind} in ('SANDBOX_FUNDING', 'TRANSFER_HOLD', 'TRANSFER_SETTLEMENT', 'TRANSFER_RELEASE')`),
  ],
);

export const journalLines = pgTable(
  'journal_lines',
  {
    id: id(),
    tenantId: tenantRef(),
    entryId: uuid('entry_id').notNull(),
    accountId: uuid('account_id').notNull(),
    side: text('side', { enum: ['DEBIT', 'CREDIT'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** AMOUNT: the payment itself; FEE: the product's fee on it (docs/products.md), its own statement line, not counted in limits */
    purpose: text('purpose', { enum: ['AMOUNT', 'FEE'] })
      .notNull()
      .default('AMOUNT'),
    /** the entry's time, repeated so statements and limit windows read one table */
    postedAt: ts('posted_at').notNull(),
  },
  (t) => [
    unique('journal_lines_tenant_id_uq').on(t.tenantId, t.id),
    index('journal_lines_tenant_entry_idx').on(t.tenantId, t.entryId),
    index('journal_lines_tenant_account_posted_idx').on(t.tenantId, t.accountId, t.postedAt),
    foreignKey({ name: 'journal_lines_entry_fk', columns: [t.tenantId, t.entryId], foreignColumns: [journalEntries.tenantId, journalEntries.id] }).onDelete('cascade'),
    // the line's currency is its account's currency
    foreignKey({
      name: 'journal_lines_account_fk',
      columns: [t.tenantId, t.accountId, t.currency],
      foreignColumns: [ledgerAccounts.tenantId, ledgerAccounts.id, ledgerAccounts.currency],
    }).onDelete('cascade'),
    check('journal_lines_side_ck', sql`${t.side} in ('DEBIT', 'CREDIT')`),
    check('journal_lines_amount_ck', sql`${t.amount} > 0`),
    check('journal_lines_purpose_ck', sql`${t.purpose} in ('AMOUNT', 'FEE')`),
  ],
);

/**
 * A wallet's outgoing amount per UTC day, what its limits count (docs/ledger.md, "Limits and their
 * windows"): the AMOUNT debits of the wallet's account in TRANSFER_HOLD and TRANSFER_SETTLEMENT
 * entries, less those of transfers released again. Kept by two triggers in the posting's own
 * transaction (migration 0027: a line inserted, a release posted), so every way of posting keeps it;
 * a window's usage is then the sum of at most 31 days a wallet, however many payouts it made.
 */
export const walletUsageDays = pgTable(
  'wallet_usage_days',
  {
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    accountId: uuid('account_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    amount: money('amount').notNull(),
  },
  (t) => [
    primaryKey({ name: 'wallet_usage_days_pk', columns: [t.tenantId, t.accountId, t.day] }),
    foreignKey({ name: 'wallet_usage_days_account_fk', columns: [t.tenantId, t.accountId], foreignColumns: [ledgerAccounts.tenantId, ledgerAccounts.id] }).onDelete('cascade'),
  ],
);

export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    name: text('name').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    country: text('country').notNull(),
    status: text('status', { enum: ['ACTIVE', 'INACTIVE'] })
      .notNull()
      .default('ACTIVE'),
    /** a confirmed screening match blocks payouts to the beneficiary until the alert is cleared (docs/aml.md) */
    amlBlockedBy: uuid('aml_blocked_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('beneficiaries_tenant_id_uq').on(t.tenantId, t.id),
    index('beneficiaries_tenant_customer_iban_idx').on(t.tenantId, t.customerId, t.iban),
    foreignKey({ name: 'beneficiaries_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    check('beneficiaries_status_ck', sql`${t.status} in ('ACTIVE', 'INACTIVE')`),
  ],
);

export const paymentConsents = pgTable(
  'payment_consents',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    scope: text('scope', { enum: ['SINGLE_PAYMENT', 'RECURRING_PAYMENTS'] }).notNull(),
    maxAmountPerPayment: money('max_amount_per_payment').notNull(),
    currency: text('currency').notNull(),
    expiresAt: ts('expires_at').notNull(),
    status: text('status', { enum: ['AUTHORIZED', 'REVOKED'] })
      .notNull()
      .default('AUTHORIZED'),
    authorizedBy: uuid('authorized_by').notNull(),
    revokedAt: ts('revoked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('payment_consents_tenant_id_uq').on(t.tenantId, t.id),
    index('payment_consents_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('payment_consents_tenant_wallet_idx').on(t.tenantId, t.walletId),
    foreignKey({ name: 'payment_consents_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    foreignKey({ name: 'payment_consents_wallet_fk', columns: [t.tenantId, t.walletId], foreignColumns: [wallets.tenantId, wallets.id] }).onDelete('cascade'),
    check('payment_consents_status_ck', sql`${t.status} in ('AUTHORIZED', 'REVOKED')`),
    check('payment_consents_scope_ck', sql`${t.scope} in ('SINGLE_PAYMENT', 'RECURRING_PAYMENTS')`),
    check('payment_consents_amount_ck', sql`${t.maxAmountPerPayment} > 0`),
  ],
);

/** A limit applies to one customer (all its wallets in the currency) or to one wallet. */
export const transactionLimits = pgTable(
  'transaction_limits',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    walletId: uuid('wallet_id'),
    limitType: text('limit_type', { enum: ['DAILY', 'WEEKLY', 'MONTHLY', 'PER_TRANSACTION'] }).notNull(),
    limitAmount: money('limit_amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('transaction_limits_tenant_id_uq').on(t.tenantId, t.id),
    uniqueIndex('transaction_limits_tenant_customer_uq')
      .on(t.tenantId, t.customerId, t.limitType, t.currency)
      .where(sql`${t.walletId} is null`),
    uniqueIndex('transaction_limits_tenant_wallet_uq')
      .on(t.tenantId, t.walletId, t.limitType)
      .where(sql`${t.walletId} is not null`),
    foreignKey({ name: 'transaction_limits_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
    foreignKey({ name: 'transaction_limits_wallet_fk', columns: [t.tenantId, t.walletId], foreignColumns: [wallets.tenantId, wallets.id] }).onDelete('cascade'),
    check('transaction_limits_type_ck', sql`${t.limitType} in ('DAILY', 'WEEKLY', 'MONTHLY', 'PER_TRANSACTION')`),
    check('transaction_limits_amount_ck', sql`${t.limitAmount} >= 0`),
  ],
);

export const transfers = pgTable(
  'transfers',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    /** a payout names a beneficiary; a wallet-to-wallet transfer names the destination wallet (exactly one) */
    beneficiaryId: uuid('beneficiary_id'),
    destinationWalletId: uuid('destination_wallet_id'),
    /** the destination wallet's customer, so that a customer reads the transfers it receives */
    destinationCustomerId: uuid('destination_customer_id'),
    /** required for payouts and for wallet transfers a customer starts; optional when an administrator moves money */
    paymentConsentId: uuid('payment_consent_id'),
    amount: money('amount').notNull(),
    /** the product's fee on this transfer, fixed when it was created (changing a product's fee affects later payments only) */
    fee: money('fee').notNull().default('0'),
    currency: text('currency').notNull(),
    reference: text('reference').notNull(),
    /** HELD_FOR_REVIEW: an AML rule held it; nothing is posted until an officer's release (docs/aml.md) */
    status: text('status', { enum: ['PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED', 'REJECTED', 'FAILED'] }).notNull(),
    initiatedBy: uuid('initiated_by').notNull(),
    approvedBy: uuid('approved_by'),
    decidedAt: ts('decided_at'),
    rejectionReason: text('rejection_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('transfers_tenant_id_uq').on(t.tenantId, t.id),
    index('transfers_tenant_created_idx').on(t.tenantId, t.createdAt),
    index('transfers_tenant_status_idx').on(t.tenantId, t.status, t.createdAt),
    index('transfers_tenant_wallet_idx').on(t.tenantId, t.walletId, t.createdAt),
    index('transfers_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('transfers_tenant_consent_idx').on(t.tenantId, t.paymentConsentId),
    index('transfers_tenant_destination_wallet_idx').on(t.tenantId, t.destinationWalletId, t.createdAt),
    index('transfers_tenant_destination_customer_idx').on(t.tenantId, t.destinationCustomerId, t.createdAt),
    foreignKey({ name: 'transfers_wallet_fk', columns: [t.tenantId, t.walletId], foreignColumns: [wallets.tenantId, wallets.id] }).onDelete('cascade'),
    foreignKey({ name: 'transfers_destination_wallet_fk', columns: [t.tenantId, t.destinationWalletId], foreignColumns: [wallets.tenantId, wallets.id] }).onDelete('cascade'),
    foreignKey({ name: 'transfers_beneficiary_fk', columns: [t.tenantId, t.beneficiaryId], foreignColumns: [beneficiaries.tenantId, beneficiaries.id] }).onDelete('cascade'),
    foreignKey({ name: 'transfers_consent_fk', columns: [t.tenantId, t.paymentConsentId], foreignColumns: [paymentConsents.tenantId, paymentConsents.id] }).onDelete('cascade'),
    check('transfers_status_ck', sql`${t.status} in ('PENDING_APPROVAL', 'HELD_FOR_REVIEW', 'COMPLETED', 'REJECTED', 'FAILED')`),
    check('transfers_amount_ck', sql`${t.amount} > 0`),
    check('transfers_fee_ck', sql`${t.fee} >= 0`),
    check(
      'transfers_target_ck',
      sql`(${t.beneficiaryId} is null) <> (${t.destinationWalletId} is null) and (${t.destinationWalletId} is null) = (${t.destinationCustomerId} is null) and (${t.destinationWalletId} is null or ${t.destinationWalletId} <> ${t.walletId})`,
    ),
    check('transfers_consent_ck', sql`${t.paymentConsentId} is not null or ${t.destinationWalletId} is not null`),
  ],
);

/** Per-tenant transfer settings; a tenant without a row has the defaults (docs/ledger.md). */
export const transferSettings = pgTable('transfer_settings', {
  tenantId: tenantRef()
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  /** transfers with an amount above this need a second person's approval; null: never */
  fourEyesThreshold: money('four_eyes_threshold'),
  updatedAt: updatedAt(),
});

export type WalletRow = typeof wallets.$inferSelect;
export type BeneficiaryRow = typeof beneficiaries.$inferSelect;
export type PaymentConsentRow = typeof paymentConsents.$inferSelect;
export type TransactionLimitRow = typeof transactionLimits.$inferSelect;
export type TransferRow = typeof transfers.$inferSelect;
