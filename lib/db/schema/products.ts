import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, numeric, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantRef, updatedAt } from './columns';
import { tenants } from './tenants';

/**
 * Wallet and card products (docs/products.md, migration 0021_products.sql). A wallet product carries
 * the fees on payouts and wallet transfers (fixed + basis points) and default transaction limits; a
 * card product a sandbox BIN range, default spending limits and the allowed merchant categories.
 * `code` is unique within the tenant; one default product per kind (default-wallet, default-card).
 */
const money = (name: string) => numeric(name, { precision: 19, scale: 4 });

export const products = pgTable(
  'products',
  {
    id: id(),
    tenantId: tenantRef().references(() => tenants.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['WALLET', 'CARD'] }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    isDefault: boolean('is_default').notNull().default(false),
    /** null: the currency is chosen when a wallet opens (or a card is issued) on the product */
    currency: text('currency'),
    payoutFeeFixed: money('payout_fee_fixed').notNull().default('0'),
    payoutFeeBps: integer('payout_fee_bps').notNull().default(0),
    transferFeeFixed: money('transfer_fee_fixed').notNull().default('0'),
    transferFeeBps: integer('transfer_fee_bps').notNull().default(0),
    limitPerTransaction: money('limit_per_transaction'),
    limitDaily: money('limit_daily'),
    limitMonthly: money('limit_monthly'),
    binStart: text('bin_start'),
    binEnd: text('bin_end'),
    allowedMccs: jsonb('allowed_mccs').$type<string[] | null>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('products_tenant_id_uq').on(t.tenantId, t.id),
    unique('products_tenant_code_uq').on(t.tenantId, t.code),
    uniqueIndex('products_tenant_default_uq')
      .on(t.tenantId, t.kind)
      .where(sql`${t.isDefault}`),
    check('products_kind_ck', sql`${t.kind} in ('WALLET', 'CARD')`),
    check('products_fees_ck', sql`${t.payoutFeeFixed} >= 0 and ${t.transferFeeFixed} >= 0 and ${t.payoutFeeBps} between 0 and 10000 and ${t.transferFeeBps} between 0 and 10000`),
    check('products_limits_ck', sql`coalesce(${t.limitPerTransaction}, 0) >= 0 and coalesce(${t.limitDaily}, 0) >= 0 and coalesce(${t.limitMonthly}, 0) >= 0`),
    check('products_bin_ck', sql`(${t.kind} = 'CARD') = (${t.binStart} is not null and ${t.binEnd} is not null)`),
  ],
);

export type ProductRow = typeof products.$inferSelect;
