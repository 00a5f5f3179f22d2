import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, foreignKey, index, integer, jsonb, numeric, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { customers } from './customers';
import { products } from './products';
import { tenants } from './tenants';

/**
 * The sandbox card processor's tables (lib/card-processor/sandbox, docs/cards.md). Every table is
 * tenant-owned: (tenant_id, id) unique, composite foreign keys, indexes leading with tenant_id.
 * Money is numeric(19,4), never a float. The PAN is stored only encrypted (AES-256-GCM) and found
 * through an HMAC of it; the CVV is derived (HMAC of PAN + expiry), never stored.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => numeric(name, { precision: 19, scale: 4 });
const cardFk = (name: string, t: { tenantId: AnyPgColumn; cardId: AnyPgColumn }) =>
  foreignKey({ name, columns: [t.tenantId, t.cardId], foreignColumns: [cards.tenantId, cards.id] }).onDelete('cascade');

export interface CardAddress {
  line1: string;
  line2?: string;
  city: string;
  postalCode: string;
  country: string;
}
export interface CardMerchant {
  name: string;
  mcc: string;
  country: string;
}
export interface CardControls {
  mcc: { allowed: string[] | null; blocked: string[] };
  country: { allowed: string[] | null; blocked: string[] };
  channel: { ecommerce: boolean; atm: boolean; contactless: boolean; international: boolean };
  alerts: { lowBalancePercent: number | null; notifyOnAuthorization: boolean };
}

export const cardholders = pgTable(
  'cardholders',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    dateOfBirth: text('date_of_birth').notNull(),
    billingAddress: jsonb('billing_address').$type<CardAddress>().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cardholders_tenant_id_uq').on(t.tenantId, t.id),
    index('cardholders_tenant_customer_idx').on(t.tenantId, t.customerId),
    foreignKey({ name: 'cardholders_customer_fk', columns: [t.tenantId, t.customerId], foreignColumns: [customers.tenantId, customers.id] }).onDelete('cascade'),
  ],
);

export const CARD_ROW_STATUSES = ['INACTIVE', 'ACTIVE', 'FROZEN', 'CANCELED'] as const;

export const cards = pgTable(
  'cards',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    cardholderId: uuid('cardholder_id').notNull(),
    customerId: uuid('customer_id').notNull(),
    /** AES-256-GCM of the PAN, bound to (tenant, card) */
    panCiphertext: text('pan_ciphertext').notNull(),
    /** HMAC-SHA256 of (tenant, PAN): the only way to find a card by its number */
    panHash: text('pan_hash').notNull(),
    panFirst6: text('pan_first6').notNull(),
    panLast4: text('pan_last4').notNull(),
    panLength: integer('pan_length').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    currency: text('currency').notNull(),
    nickname: text('nickname'),
    status: text('status', { enum: CARD_ROW_STATUSES }).notNull().default('INACTIVE'),
    replacesCardId: uuid('replaces_card_id'),
    replacedByCardId: uuid('replaced_by_card_id'),
    ledgerBalance: money('ledger_balance').notNull().default('0'),
    pendingBalance: money('pending_balance').notNull().default('0'),
    controls: jsonb('controls').$type<CardControls>().notNull(),
    pinHash: text('pin_hash'),
    pinFailures: integer('pin_failures').notNull().default(0),
    /** the card product the card was issued on (docs/products.md): BIN range, default limits, allowed merchant categories */
    productId: uuid('product_id').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('cards_tenant_id_uq').on(t.tenantId, t.id),
    foreignKey({ name: 'cards_product_fk', columns: [t.tenantId, t.productId], foreignColumns: [products.tenantId, products.id] }),
    index('cards_tenant_product_idx').on(t.tenantId, t.productId),
    unique('cards_tenant_pan_hash_uq').on(t.tenantId, t.panHash),
    index('cards_tenant_customer_idx').on(t.tenantId, t.customerId, t.createdAt),
    index('cards_tenant_cardholder_idx').on(t.tenantId, t.cardholderId),
    foreignKey({ name: 'cards_cardholder_fk', columns: [t.tenantId, t.cardholderId], foreignColumns: [cardholders.tenantId, cardholders.id] }).onDelete('cascade'),
    check('cards_status_ck', sql`${t.status} in ('INACTIVE', 'ACTIVE', 'FROZEN', 'CANCELED')`),
    check('cards_balance_ck', sql`${t.ledgerBalance} >= 0 and ${t.pendingBalance} >= 0`),
  ],
);

export const cardStatusHistory = pgTable(
  'card_status_history',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    /** 1, 2, ... per card: the order of the changes (several may share a timestamp) */
    seq: integer('seq').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    reason: text('reason'),
    actorUserId: uuid('actor_user_id'),
    createdAt: createdAt(),
  },
  (t) => [
    unique('card_status_history_tenant_id_uq').on(t.tenantId, t.id),
    unique('card_status_history_tenant_card_seq_uq').on(t.tenantId, t.cardId, t.seq),
    cardFk('card_status_history_card_fk', t),
  ],
);

export const cardLimits = pgTable(
  'card_limits',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    interval: text('interval').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('card_limits_tenant_id_uq').on(t.tenantId, t.id), unique('card_limits_tenant_card_interval_uq').on(t.tenantId, t.cardId, t.interval), cardFk('card_limits_card_fk', t)],
);

export const cardQuotes = pgTable(
  'card_quotes',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    rate: text('rate').notNull(),
    currency: text('currency').notNull(),
    sourceAccountId: text('source_account_id').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('card_quotes_tenant_id_uq').on(t.tenantId, t.id), index('card_quotes_tenant_card_idx').on(t.tenantId, t.cardId), cardFk('card_quotes_card_fk', t)],
);

/** The ledger of funding orders: every top-up and withdrawal that moved the card's ledger balance. */
export const cardFundOrders = pgTable(
  'card_fund_orders',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    type: text('type', { enum: ['TOPUP', 'WITHDRAW'] }).notNull(),
    status: text('status', { enum: ['COMPLETED', 'FAILED'] }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    currency: text('currency').notNull(),
    accountId: text('account_id').notNull(),
    quoteId: uuid('quote_id'),
    /** the card's ledger balance after this order */
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('card_fund_orders_tenant_id_uq').on(t.tenantId, t.id),
    index('card_fund_orders_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt),
    cardFk('card_fund_orders_card_fk', t),
  ],
);

export const cardAuthorizations = pgTable(
  'card_authorizations',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    status: text('status', { enum: ['APPROVED', 'DECLINED', 'CLEARED', 'REVERSED', 'PENDING_3DS'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    merchant: jsonb('merchant').$type<CardMerchant>().notNull(),
    channel: text('channel'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('card_authorizations_tenant_id_uq').on(t.tenantId, t.id),
    index('card_authorizations_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt),
    cardFk('card_authorizations_card_fk', t),
  ],
);

export const cardTransactions = pgTable(
  'card_transactions',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    authorizationId: uuid('authorization_id'),
    status: text('status', { enum: ['PENDING', 'SETTLED', 'DECLINED', 'REVERSED'] }).notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    merchant: jsonb('merchant').$type<CardMerchant>().notNull(),
    channel: text('channel'),
    declineReason: text('decline_reason'),
    createdAt: createdAt(),
    settledAt: ts('settled_at'),
  },
  (t) => [
    unique('card_transactions_tenant_id_uq').on(t.tenantId, t.id),
    index('card_transactions_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt),
    index('card_transactions_tenant_authorization_idx').on(t.tenantId, t.authorizationId),
    cardFk('card_transactions_card_fk', t),
  ],
);

/** One-time codes: HMAC of the code; the sandbox also keeps it encrypted for sandbox/otp/peek. */
export const cardOtps = pgTable(
  'card_otps',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    codeCiphertext: text('code_ciphertext').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    consumedAt: ts('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('card_otps_tenant_id_uq').on(t.tenantId, t.id), index('card_otps_tenant_card_purpose_idx').on(t.tenantId, t.cardId, t.purpose, t.createdAt), cardFk('card_otps_card_fk', t)],
);

/** Short-lived single-use tokens (PIN control tokens, reveal tokens), stored as SHA-256 only. */
export const cardSecureTokens = pgTable(
  'card_secure_tokens',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    type: text('type', { enum: ['SET_PIN', 'REVEAL_PIN', 'REVEAL'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [unique('card_secure_tokens_tenant_id_uq').on(t.tenantId, t.id), unique('card_secure_tokens_tenant_hash_uq').on(t.tenantId, t.tokenHash), cardFk('card_secure_tokens_card_fk', t)],
);

export const card3dsChallenges = pgTable(
  'card_3ds_challenges',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    authorizationId: uuid('authorization_id').notNull(),
    status: text('status', { enum: ['PENDING', 'APPROVED', 'DECLINED', 'EXPIRED'] })
      .notNull()
      .default('PENDING'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('card_3ds_challenges_tenant_id_uq').on(t.tenantId, t.id),
    index('card_3ds_challenges_tenant_card_idx').on(t.tenantId, t.cardId, t.status),
    cardFk('card_3ds_challenges_card_fk', t),
    foreignKey({
      name: 'card_3ds_challenges_authorization_fk',
      columns: [t.tenantId, t.authorizationId],
      foreignColumns: [cardAuthorizations.tenantId, cardAuthorizations.id],
    }).onDelete('cascade'),
  ],
);

export const cardWalletTokens = pgTable(
  'card_wallet_tokens',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    walletType: text('wallet_type').notNull(),
    deviceId: text('device_id').notNull(),
    status: text('status', { enum: ['ACTIVE', 'PAUSED', 'DELETED'] })
      .notNull()
      .default('ACTIVE'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('card_wallet_tokens_tenant_id_uq').on(t.tenantId, t.id), index('card_wallet_tokens_tenant_card_idx').on(t.tenantId, t.cardId), cardFk('card_wallet_tokens_card_fk', t)],
);

export const cardDisputes = pgTable(
  'card_disputes',
  {
    id: id(),
    tenantId: tenantRef(),
    cardId: uuid('card_id').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    reason: text('reason').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    status: text('status', { enum: ['OPEN', 'UNDER_REVIEW', 'WON', 'LOST', 'CLOSED'] })
      .notNull()
      .default('OPEN'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('card_disputes_tenant_id_uq').on(t.tenantId, t.id),
    index('card_disputes_tenant_card_idx').on(t.tenantId, t.cardId, t.createdAt),
    index('card_disputes_tenant_transaction_idx').on(t.tenantId, t.transactionId),
    cardFk('card_disputes_card_fk', t),
    foreignKey({
      name: 'card_disputes_transaction_fk',
      columns: [t.tenantId, t.transactionId],
      foreignColumns: [cardTransactions.tenantId, cardTransactions.id],
    }).onDelete('cascade'),
  ],
);

export type CardRow = typeof cards.$inferSelect;
export type CardholderRow = typeof cardholders.$inferSelect;
export type CardAuthorizationRow = typeof cardAuthorizations.$inferSelect;
export type CardTransactionRow = typeof cardTransactions.$inferSelect;
