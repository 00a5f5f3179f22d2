import Decimal from 'decimal.js';
import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { SetTransactionLimitBody, TransactionLimit } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';
import { transactionLimits, type TransactionLimitRow, type WalletRow } from '@/lib/db/schema';
import { currencyMismatch, notFound, transactionLimitExceeded } from '@/lib/contract/api-errors';
import { fmt, listCustomer, targetCustomer, type Actor } from './access';
import { findWallet } from './wallets';

/**
 * Transaction limits per customer (all its wallets in the currency) or per wallet. Usage is read
 * from the ledger: the debits of the wallet accounts in scope posted since the window start (UTC),
 * minus those of transfers that were released again (rejected or failed), as the ledger's triggers
 * keep them per wallet and UTC day (wallet_usage_days, migration 0027). PER_TRANSACTION compares
 * the single amount.
 */
type LimitType = TransactionLimitRow['limitType'];
const DAY = 86_400_000;

/** Start of the current window in UTC: DAILY today 00:00, WEEKLY Monday 00:00, MONTHLY the 1st 00:00. */
export function windowStart(limitType: LimitType, now = clock.now()): Date | null {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  switch (limitType) {
    case 'DAILY':
      return new Date(midnight);
    case 'WEEKLY':
      return new Date(midnight - ((now.getUTCDay() + 6) % 7) * DAY);
    case 'MONTHLY':
      return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    case 'PER_TRANSACTION':
      return null;
  }
}

/**
 * The SQL of the outgoing amount (numeric) of the ledger accounts `accounts` (a subquery or a list
 * of wallet ids) since `from`, a UTC midnight (every window starts at one): the days of
 * `wallet_usage_days` from that day on, at most 31 rows a wallet whatever the number of payouts
 * (reading the window's journal lines cost a hot wallet's payout more with each payout of the
 * month). Fragments, so that the transfer's one checking statement can compute it per limit row
 * (docs/ledger.md).
 */
export function usageSql(tenantId: string, accounts: SQL, from: SQL): SQL {
  return sql`(
    select coalesce(sum(u.amount), 0)
    from wallet_usage_days u
    where u.tenant_id = ${tenantId}
      and u.account_id in ${accounts}
      and u.day >= (${from}::timestamptz at time zone 'UTC')::date)`;
}

/** Outgoing amount of the wallets in scope since `from`, from the ledger. */
export async function usageSince(db: DbOrTx, tenantId: string, scope: { walletId: string } | { customerId: string; currency: string }, from: Date): Promise<Decimal> {
  const accounts =
    'walletId' in scope
      ? sql`(${scope.walletId}::uuid)`
      : sql`(select w.id from wallets w where w.tenant_id = ${tenantId} and w.customer_id = ${scope.customerId} and w.currency = ${scope.currency})`;
  const result = (await db.execute(sql`select ${usageSql(tenantId, accounts, sql`${from}`)}::text as usage`)) as unknown as { rows: Array<{ usage: string }> };
  return new Decimal(result.rows[0]!.usage);
}

const TYPE_ORDER: Record<LimitType, number> = { PER_TRANSACTION: 0, DAILY: 1, WEEKLY: 2, MONTHLY: 3 };

function limitsOf(db: DbOrTx, tenantId: string, wallet: Pick<WalletRow, 'id' | 'customerId' | 'currency'>) {
  return db
    .select()
    .from(transactionLimits)
    .where(
      and(
        eq(transactionLimits.tenantId, tenantId),
        or(
          eq(transactionLimits.walletId, wallet.id),
          and(isNull(transactionLimits.walletId), eq(transactionLimits.customerId, wallet.customerId), eq(transactionLimits.currency, wallet.currency)),
        ),
      ),
    )
    .orderBy(asc(transactionLimits.createdAt));
}

async function currentUsage(db: DbOrTx, tenantId: string, row: TransactionLimitRow): Promise<Decimal> {
  const from = windowStart(row.limitType);
  if (!from) return new Decimal(0);
  return usageSince(db, tenantId, row.walletId ? { walletId: row.walletId } : { customerId: row.customerId, currency: row.currency }, from);
}

/** The order limits are checked in: per transaction, daily, weekly, monthly; wallet before customer; then by creation. */
export function inCheckOrder<T extends Pick<TransactionLimitRow, 'limitType' | 'walletId' | 'createdAt'>>(rows: T[]): T[] {
  return [...rows]
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .sort((a, b) => TYPE_ORDER[a.limitType] - TYPE_ORDER[b.limitType] || Number(!!b.walletId) - Number(!!a.walletId));
}

/**
 * Throws the catalogue's "transaction limit exceeded" for the first limit, in check order, that the
 * transfer's statement found exceeded (`exceeded`: usage + amount > limit, decided in SQL only,
 * transfers.ts postSql). `usage` is what the statement read, for the error's members.
 */
export function refuseExceededLimit(
  rows: Array<Pick<TransactionLimitRow, 'limitType' | 'walletId' | 'createdAt' | 'limitAmount' | 'currency'> & { usage: Decimal; exceeded: boolean }>,
  amount: string,
): void {
  const row = inCheckOrder(rows).find((r) => r.exceeded);
  if (!row) return;
  throw transactionLimitExceeded({
    limitType: row.limitType,
    limit: fmt(row.limitAmount, row.currency),
    currentUsage: fmt(row.usage, row.currency),
    requestedAmount: fmt(new Decimal(amount), row.currency),
    currency: row.currency,
  });
}

async function toLimit(db: DbOrTx, tenantId: string, row: TransactionLimitRow): Promise<TransactionLimit> {
  const start = windowStart(row.limitType);
  return {
    id: row.id,
    scope: row.walletId ? 'WALLET' : 'CUSTOMER',
    customerId: row.customerId,
    walletId: row.walletId,
    limitType: row.limitType,
    limit: fmt(row.limitAmount, row.currency),
    currentUsage: fmt(await currentUsage(db, tenantId, row), row.currency),
    currency: row.currency as TransactionLimit['currency'],
    windowStart: start ? start.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Creates or replaces the limit of a type for a customer (per currency) or a wallet. */
export async function setTransactionLimit(db: DbOrTx, tenantId: string, actor: Actor, body: SetTransactionLimitBody): Promise<TransactionLimit> {
  let customerId: string;
  let walletId: string | null = null;
  if (body.walletId) {
    const wallet = await findWallet(db, tenantId, actor, body.walletId);
    if (wallet.currency !== body.currency) throw currencyMismatch(wallet.currency, body.currency);
    customerId = wallet.customerId;
    walletId = wallet.id;
  } else {
    customerId = (await targetCustomer(db, tenantId, actor, body.customerId)).id;
  }
  const now = clock.now();
  const target = walletId ? sql`(tenant_id, wallet_id, limit_type) where wallet_id is not null` : sql`(tenant_id, customer_id, limit_type, currency) where wallet_id is null`;
  // the customer row is updated (to itself) in the same statement: the limit waits for the customer's transfers in flight
  // (they hold the row for share), and a transfer that read the customer before sees a new row version (xmin) and takes
  // the path that reads the limits under its locks (docs/ledger.md, customer-wide limits without a customer queue)
  const result = (await db.execute(sql`
    with c as (update customers set updated_at = updated_at where tenant_id = ${tenantId} and id = ${customerId} returning id)
    insert into transaction_limits (tenant_id, customer_id, wallet_id, limit_type, limit_amount, currency, created_at, updated_at)
    select ${tenantId}::uuid, c.id, ${walletId}::uuid, ${body.limitType}, ${body.limit}::numeric, ${body.currency}, ${now}::timestamptz, ${now}::timestamptz from c
    on conflict ${target} do update set limit_amount = excluded.limit_amount, updated_at = excluded.updated_at
    returning id`)) as unknown as { rows: Array<{ id: string }> };
  const [row] = await db
    .select()
    .from(transactionLimits)
    .where(and(eq(transactionLimits.tenantId, tenantId), eq(transactionLimits.id, result.rows[0]!.id)));
  return toLimit(db, tenantId, row!);
}

/** The limits of a wallet (its own and its customer's) or of a customer (all). */
export async function listTransactionLimits(db: DbOrTx, tenantId: string, actor: Actor, query: { customerId?: string; walletId?: string }) {
  let rows: TransactionLimitRow[];
  if (query.walletId) {
    rows = await limitsOf(db, tenantId, await findWallet(db, tenantId, actor, query.walletId));
  } else {
    const customerId = listCustomer(actor, query.customerId);
    if (customerId === false) throw notFound('customer');
    rows = await db
      .select()
      .from(transactionLimits)
      .where(and(eq(transactionLimits.tenantId, tenantId), customerId ? eq(transactionLimits.customerId, customerId) : undefined))
      .orderBy(asc(transactionLimits.createdAt));
  }
  return { items: await Promise.all(rows.map((r) => toLimit(db, tenantId, r))) };
}

/** Removes a limit of the tenant (404 when unknown or another tenant's); answers the limit as it was. */
export async function removeTransactionLimit(db: DbOrTx, tenantId: string, limitId: string): Promise<TransactionLimit> {
  const [row] = await db
    .delete(transactionLimits)
    .where(and(eq(transactionLimits.tenantId, tenantId), eq(transactionLimits.id, limitId)))
    .returning();
  if (!row) throw notFound('transaction limit');
  return toLimit(db, tenantId, row);
}
