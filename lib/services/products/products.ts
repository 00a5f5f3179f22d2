import Decimal from 'decimal.js';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { notFound, productCodeExists, validationFailed } from '@/lib/contract/api-errors';
import { CURRENCY_MINOR_UNITS, type Currency } from '@/lib/contract/money';
import {
  DEFAULT_CARD_PRODUCT_CODE,
  DEFAULT_WALLET_PRODUCT_CODE,
  PRODUCT_CHANGEABLE_MEMBERS,
  SANDBOX_DEFAULT_BIN,
  type CreateProductBody,
  type Fee,
  type ListProductsQuery,
  type Product,
  type ProductKind,
  type ProductRef,
  type UpdateProductBody,
} from '@/lib/contract/products';
import type { DbOrTx } from '@/lib/db/client';
import { products, type ProductRow } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';
import { audit } from '@/lib/services/onboarding/audit';

/**
 * Wallet and card products (docs/products.md). Every tenant has a default product of each kind
 * (`default-wallet`, `default-card`, no fees, no limits, any currency): migration 0021 created them for
 * the tenants of the day and moved their wallets and cards onto them; a later tenant gets them on
 * first use (`ensureDefaultProducts`, one idempotent statement), so no tenant-creation path needs to
 * know about products. Creating and changing a product is audited; `product.created` and
 * `product.updated` (naming what changed; none for a PATCH that changed nothing) are emitted in the
 * same transaction.
 */

const amount = (v: string | null, currency: string | null) =>
  v === null ? null : currency ? new Decimal(v).toFixed(CURRENCY_MINOR_UNITS[currency as Currency] ?? 2) : new Decimal(v).toFixed();
const fee = (fixed: string, bps: number, currency: string | null): Fee => ({ fixed: amount(fixed, currency)!, percentBps: bps });

export function toProduct(row: ProductRow): Product {
  const wallet = row.kind === 'WALLET';
  return {
    id: row.id,
    kind: row.kind,
    code: row.code,
    name: row.name,
    description: row.description,
    isDefault: row.isDefault,
    currency: row.currency as Product['currency'],
    payoutFee: wallet ? fee(row.payoutFeeFixed, row.payoutFeeBps, row.currency) : null,
    transferFee: wallet ? fee(row.transferFeeFixed, row.transferFeeBps, row.currency) : null,
    limits: { perTransaction: amount(row.limitPerTransaction, row.currency), daily: amount(row.limitDaily, row.currency), monthly: amount(row.limitMonthly, row.currency) },
    binRange: row.binStart && row.binEnd ? { start: row.binStart, end: row.binEnd } : null,
    allowedMccs: row.allowedMccs ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The tenant's default products, created when missing (one statement; a concurrent second insert does nothing). */
export async function ensureDefaultProducts(db: DbOrTx, tenantId: string): Promise<void> {
  await db.execute(sql`
    insert into products (tenant_id, kind, code, name, is_default, bin_start, bin_end)
    values (${tenantId}, 'WALLET', ${DEFAULT_WALLET_PRODUCT_CODE}, 'Default wallet', true, null, null),
           (${tenantId}, 'CARD', ${DEFAULT_CARD_PRODUCT_CODE}, 'Default card', true, ${SANDBOX_DEFAULT_BIN.start}, ${SANDBOX_DEFAULT_BIN.end})
    on conflict do nothing`);
}

/** For the tenant's set-up checklist: has the tenant made a product of its own (beyond the two defaults)? */
export async function tenantHasOwnProducts(db: DbOrTx, tenantId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.isDefault, false)))
    .limit(1);
  return row !== undefined;
}

// GET /products
export async function listProducts(db: DbOrTx, tenantId: string, query: ListProductsQuery): Promise<{ items: Product[] }> {
  await ensureDefaultProducts(db, tenantId);
  const rows = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), query.kind ? eq(products.kind, query.kind) : undefined))
    .orderBy(asc(products.kind), desc(products.isDefault), asc(products.code));
  return { items: rows.map(toProduct) };
}

async function findProduct(db: DbOrTx, tenantId: string, productId: string, lock = false): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('product');
  return row;
}

// GET /products/{id}
export async function getProduct(db: DbOrTx, tenantId: string, productId: string): Promise<Product> {
  await ensureDefaultProducts(db, tenantId);
  return toProduct(await findProduct(db, tenantId, productId));
}

const limitColumns = (limits: { perTransaction: string | null; daily: string | null; monthly: string | null }) => ({
  limitPerTransaction: limits.perTransaction,
  limitDaily: limits.daily,
  limitMonthly: limits.monthly,
});

interface Actor {
  tenantId: string;
  userId: string;
}

// POST /products
export async function createProduct(db: DbOrTx, actor: Actor, body: CreateProductBody): Promise<Product> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    await ensureDefaultProducts(tx, tenantId);
    const now = clock.now();
    const values =
      body.kind === 'WALLET'
        ? {
            payoutFeeFixed: body.payoutFee.fixed,
            payoutFeeBps: body.payoutFee.percentBps,
            transferFeeFixed: body.transferFee.fixed,
            transferFeeBps: body.transferFee.percentBps,
          }
        : { binStart: body.binRange.start, binEnd: body.binRange.end, allowedMccs: body.allowedMccs };
    const [row] = await tx
      .insert(products)
      .values({
        tenantId,
        kind: body.kind,
        code: body.code,
        name: body.name,
        description: body.description ?? null,
        currency: body.currency,
        ...limitColumns(body.limits),
        ...values,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: [products.tenantId, products.code] })
      .returning();
    if (!row) {
      const [existing] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.tenantId, tenantId), eq(products.code, body.code)));
      throw productCodeExists(body.code, existing?.id ?? '');
    }
    const product = toProduct(row);
    await audit(tx, tenantId, { customerId: null, actorUserId: actor.userId, action: 'PRODUCT_CREATED', entityType: 'PRODUCT', entityId: row.id, after: product });
    await emitEvent(tx, tenantId, 'product.created', { productId: row.id, kind: row.kind, code: row.code, name: row.name, currency: row.currency });
    return product;
  });
}

const WALLET_ONLY = ['payoutFee', 'transferFee'] as const;
const CARD_ONLY = ['binRange', 'allowedMccs'] as const;

// PATCH /products/{id}: a changed fee applies to payments made from now on (a transfer keeps the fee it was created with)
export async function updateProduct(db: DbOrTx, actor: Actor, productId: string, body: UpdateProductBody): Promise<Product> {
  const { tenantId } = actor;
  return db.transaction(async (tx) => {
    await ensureDefaultProducts(tx, tenantId);
    const row = await findProduct(tx, tenantId, productId, true);
    const foreign = (row.kind === 'WALLET' ? CARD_ONLY : WALLET_ONLY).filter((key) => body[key] !== undefined);
    if (foreign.length) {
      throw validationFailed(
        foreign.map((field) => ({ field, message: `applies to ${row.kind === 'WALLET' ? 'card' : 'wallet'} products only; this is a ${row.kind.toLowerCase()} product` })),
      );
    }
    // amounts in the product's currency: at most its minor units
    if (row.currency) {
      const units = CURRENCY_MINOR_UNITS[row.currency as Currency];
      const issues: { field: string; message: string }[] = [];
      const check = (value: string | null | undefined, field: string) => {
        if (value && value.includes('.') && value.length - value.indexOf('.') - 1 > units) issues.push({ field, message: `must have at most ${units} decimal places for ${row.currency}` });
      };
      check(body.payoutFee?.fixed, 'payoutFee.fixed');
      check(body.transferFee?.fixed, 'transferFee.fixed');
      for (const key of ['perTransaction', 'daily', 'monthly'] as const) check(body.limits?.[key], `limits.${key}`);
      if (issues.length) throw validationFailed(issues);
    }
    const [updated] = await tx
      .update(products)
      .set({
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.payoutFee ? { payoutFeeFixed: body.payoutFee.fixed, payoutFeeBps: body.payoutFee.percentBps } : {}),
        ...(body.transferFee ? { transferFeeFixed: body.transferFee.fixed, transferFeeBps: body.transferFee.percentBps } : {}),
        ...(body.limits ? limitColumns(body.limits) : {}),
        ...(body.binRange ? { binStart: body.binRange.start, binEnd: body.binRange.end } : {}),
        ...(body.allowedMccs !== undefined ? { allowedMccs: body.allowedMccs } : {}),
        updatedAt: clock.now(),
      })
      .where(and(eq(products.tenantId, tenantId), eq(products.id, productId)))
      .returning();
    const before = toProduct(row);
    const after = toProduct(updated!);
    await audit(tx, tenantId, { customerId: null, actorUserId: actor.userId, action: 'PRODUCT_UPDATED', entityType: 'PRODUCT', entityId: productId, before, after });
    const changed = PRODUCT_CHANGEABLE_MEMBERS.filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]));
    if (changed.length) await emitEvent(tx, tenantId, 'product.updated', { productId, kind: after.kind, code: after.code, name: after.name, changed });
    return after;
  });
}

/**
 * The product a wallet opens (or a card is issued) on: the one named by id or code, else the
 * tenant's default of the kind. 404 `product` for an unknown one (or another tenant's); 400 naming
 * the field for a product of the other kind or of another currency.
 */
export async function resolveProduct(
  db: DbOrTx,
  tenantId: string,
  kind: ProductKind,
  choice: { productId?: string | undefined; productCode?: string | undefined },
  currency: string,
): Promise<ProductRow> {
  if (choice.productId && choice.productCode) throw validationFailed([{ field: 'productCode', message: 'name the product by productId or by productCode, not both' }]);
  await ensureDefaultProducts(db, tenantId);
  const field = choice.productCode ? 'productCode' : 'productId';
  const where = choice.productId
    ? eq(products.id, choice.productId)
    : choice.productCode
      ? eq(products.code, choice.productCode)
      : and(eq(products.kind, kind), eq(products.isDefault, true));
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), where));
  if (!row) throw notFound('product');
  if (row.kind !== kind) throw validationFailed([{ field, message: `names a ${row.kind.toLowerCase()} product; a ${kind.toLowerCase()} opens on a ${kind.toLowerCase()} product` }]);
  if (row.currency && row.currency !== currency) throw validationFailed([{ field: 'currency', message: `must be ${row.currency}, the currency of the product ${row.code}` }]);
  return row;
}

/**
 * The card product a card is issued on, for the card API (which answers its own envelope, so this
 * throws nothing): the named one or the tenant's default-card; null when unknown, another tenant's
 * or a wallet product.
 */
export async function findCardProduct(db: DbOrTx, tenantId: string, choice: { productId?: string | undefined; productCode?: string | undefined }): Promise<ProductRow | null> {
  await ensureDefaultProducts(db, tenantId);
  const where = choice.productId
    ? eq(products.id, choice.productId)
    : choice.productCode
      ? eq(products.code, choice.productCode)
      : and(eq(products.kind, 'CARD'), eq(products.isDefault, true));
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.tenantId, tenantId), where));
  return row && row.kind === 'CARD' ? row : null;
}

/** id -> {id, code, name} of the tenant's products among `ids` (one read). */
export async function productRefs(db: DbOrTx, tenantId: string, ids: (string | null)[]): Promise<Map<string, ProductRef>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: products.id, code: products.code, name: products.name })
    .from(products)
    .where(and(eq(products.tenantId, tenantId), inArray(products.id, wanted)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The wallet-product fee that applies to a payment of the kind (null: none). */
export function feeOf(row: Pick<ProductRow, 'payoutFeeFixed' | 'payoutFeeBps' | 'transferFeeFixed' | 'transferFeeBps'>, type: 'PAYOUT' | 'WALLET_TRANSFER'): Fee {
  return type === 'PAYOUT' ? { fixed: row.payoutFeeFixed, percentBps: row.payoutFeeBps } : { fixed: row.transferFeeFixed, percentBps: row.transferFeeBps };
}
