import { index, integer, jsonb, numeric, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * The platform's own record of the cards and cardholders a card processor has answered for
 * (docs/finding-things.md, "Card search"). Filled by the card gateway from the successful answers of
 * the operations that reveal a card or change its state (lib/services/cards/directory.ts), whichever
 * processor is configured, and read by the card search and the search box. Never a full card number
 * or a CVV: the masked number (first 6 + last 4) and the last four only. Ids are text: an external
 * processor's ids need not be UUIDs.
 *
 * The holder's name and email are copied into each card row (so the search reads one table); the
 * holders table keeps them per cardholder so that a card applied for later, in another request, gets
 * them, and a cardholder/update or cardholder/info answer rewrites them on all of the holder's cards.
 */
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const cardDirectoryHolders = pgTable(
  'card_directory_holders',
  {
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    cardholderId: text('cardholder_id').notNull(),
    customerId: uuid('customer_id'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ name: 'card_directory_holders_pk', columns: [t.tenantId, t.cardholderId] })],
);

export const cardDirectory = pgTable(
  'card_directory',
  {
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    customerId: uuid('customer_id'),
    cardholderId: text('cardholder_id').notNull(),
    /** null until the processor has answered for the cardholder (cardholder/create, info or update) */
    holderFirstName: text('holder_first_name'),
    holderLastName: text('holder_last_name'),
    holderEmail: text('holder_email'),
    last4: text('last4').notNull(),
    /** first 6 + last 4, the rest asterisks, exactly as the gateway answers it */
    maskedNumber: text('masked_number').notNull(),
    status: text('status').notNull(),
    currency: text('currency').notNull(),
    nickname: text('nickname'),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    /** when the processor issued the card (its createdAt) */
    issuedAt: ts('issued_at').notNull(),
    /** the platform's card product of the card (docs/products.md); null when the processor's answers did not name one (shown as default-card) */
    productId: uuid('product_id'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'card_directory_pk', columns: [t.tenantId, t.cardId] }),
    index('card_directory_tenant_last4_idx').on(t.tenantId, t.last4),
    index('card_directory_tenant_customer_idx').on(t.tenantId, t.customerId),
    index('card_directory_tenant_cardholder_idx').on(t.tenantId, t.cardholderId),
  ],
);

export type CardDirectoryRow = typeof cardDirectory.$inferSelect;

/**
 * The platform's ledger of card movements (docs/external-events.md): every authorization, decline
 * and settlement a card processor reported, the built-in sandbox and an external processor alike,
 * through the one path (lib/services/cards/activity.ts). Amounts exact (numeric), ids as the
 * processor gives them.
 */
export const cardDirectoryTransactions = pgTable(
  'card_directory_transactions',
  {
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    cardId: text('card_id').notNull(),
    transactionId: text('transaction_id').notNull(),
    authorizationId: text('authorization_id'),
    /** PENDING, DECLINED, SETTLED, REVERSED (the processor's transaction status) */
    status: text('status').notNull(),
    amount: numeric('amount', { precision: 19, scale: 4 }).notNull(),
    currency: text('currency').notNull(),
    merchant: jsonb('merchant').$type<Record<string, unknown>>().notNull(),
    declineReason: text('decline_reason'),
    occurredAt: ts('occurred_at').notNull(),
    settledAt: ts('settled_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'card_directory_transactions_pk', columns: [t.tenantId, t.cardId, t.transactionId] }),
    index('card_directory_transactions_tenant_card_idx').on(t.tenantId, t.cardId, t.occurredAt),
  ],
);
export type CardDirectoryTransactionRow = typeof cardDirectoryTransactions.$inferSelect;
