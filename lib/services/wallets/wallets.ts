import Decimal from 'decimal.js';
import { and, count, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { ListWalletsQuery, OpenWalletBody, SandboxFundBody, SandboxFundResult, StatementQuery, Wallet } from '@/lib/contract/wallets';
import { MAX_BALANCE, type Currency } from '@/lib/contract/money';
import type { Db, DbOrTx } from '@/lib/db/client';
import { readTogether } from '@/lib/db/reads';
import { customers, journalEntries, journalLines, ledgerAccounts, products, transactionLimits, transfers, wallets, type ProductRow, type TransferRow, type WalletRow } from '@/lib/db/schema';
import type { WalletProduct } from '@/lib/contract/products';
import { feeOf, resolveProduct } from '@/lib/services/products/products';
import { getEnv } from '@/lib/env';
import {
  currencyMismatch,
  forbidden,
  notFound,
  transactionLimitExceeded,
  walletNotActive,
  walletStateConflict,
  walletBalanceNotZero,
  walletHasPendingTransfers,
  validationFailed,
} from '@/lib/contract/api-errors';
import { allowedProductCodes } from '@/lib/services/categorization/processes';
import { emitEvent } from '@/lib/services/events/emit';
import { postEntry, systemAccount } from '@/lib/services/ledger/post-entry';
import { customerNotActive, emptyPage, fmt, iso, listCustomer, pageOf, pageRows, targetCustomer, type Actor } from './access';

/**
 * Wallets: open, list, get, freeze/unfreeze/close, statement and sandbox funding. A wallet's ledger
 * account has the wallet's id; wallets.balance moves only together with a posted entry, under the
 * wallet's row lock (docs/ledger.md).
 */
async function pendingOutgoing(db: DbOrTx, tenantId: string, walletIds: string[]): Promise<Map<string, string>> {
  if (walletIds.length === 0) return new Map();
  const rows = await db
    .select({ walletId: transfers.walletId, sum: sql<string>`sum(${transfers.amount} + ${transfers.fee})::text` })
    .from(transfers)
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.status, 'PENDING_APPROVAL'), inArray(transfers.walletId, walletIds)))
    .groupBy(transfers.walletId);
  return new Map(rows.map((r) => [r.walletId, r.sum]));
}

/** What a wallet answer shows of its product's row: the reference and the fees its payments pay now. */
type ProductFields = Pick<ProductRow, 'id' | 'code' | 'name' | 'payoutFeeFixed' | 'payoutFeeBps' | 'transferFeeFixed' | 'transferFeeBps'>;
const productFields = {
  id: products.id,
  code: products.code,
  name: products.name,
  payoutFeeFixed: products.payoutFeeFixed,
  payoutFeeBps: products.payoutFeeBps,
  transferFeeFixed: products.transferFeeFixed,
  transferFeeBps: products.transferFeeBps,
};

function walletProduct(p: ProductFields, currency: string): WalletProduct {
  const fee = (type: 'PAYOUT' | 'WALLET_TRANSFER') => {
    const f = feeOf(p, type);
    return { fixed: fmt(f.fixed, currency), percentBps: f.percentBps };
  };
  return { id: p.id, code: p.code, name: p.name, payoutFee: fee('PAYOUT'), transferFee: fee('WALLET_TRANSFER') };
}

export function toWallet(row: WalletRow, product: ProductFields, pending = '0', customerName = ''): Wallet {
  return {
    id: row.id,
    customerId: row.customerId,
    customerName,
    currency: row.currency as Wallet['currency'],
    name: row.name,
    status: row.status,
    balance: fmt(row.balance, row.currency),
    availableBalance: fmt(row.balance, row.currency),
    pendingOutgoing: fmt(pending, row.currency),
    product: walletProduct(product, row.currency),
    statusReason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
  };
}

/** Wallet rows as the API shows them: with the sum awaiting approval, the customer's name and the product (three reads, in parallel outside a transaction). */
export async function presentWallets(db: DbOrTx, tenantId: string, rows: WalletRow[]): Promise<Wallet[]> {
  if (rows.length === 0) return [];
  const [pending, names, productRows] = await readTogether(db, [
    pendingOutgoing(
      db,
      tenantId,
      rows.map((r) => r.id),
    ),
    db
      .select({ id: customers.id, name: customers.displayName })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), inArray(customers.id, [...new Set(rows.map((r) => r.customerId))]))),
    db
      .select(productFields)
      .from(products)
      .where(and(eq(products.tenantId, tenantId), inArray(products.id, [...new Set(rows.map((r) => r.productId))]))),
  ]);
  const nameOf = new Map(names.map((c) => [c.id, c.name]));
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  return rows.map((r) => toWallet(r, productOf.get(r.productId)!, pending.get(r.id), nameOf.get(r.customerId)));
}

const scoped = (tenantId: string, actor: Actor, walletId: string): SQL =>
  and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId), actor.customerId ? eq(wallets.customerId, actor.customerId) : undefined)!;

/** The wallet if the actor may see it; 404 otherwise (unknown, another tenant's, another customer's). */
export async function findWallet(db: DbOrTx, tenantId: string, actor: Actor, walletId: string, lock = false): Promise<WalletRow> {
  const query = db
    .select()
    .from(wallets)
    .where(scoped(tenantId, actor, walletId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('wallet');
  return row;
}

// POST /wallets
export async function openWallet(db: DbOrTx, tenantId: string, actor: Actor, body: OpenWalletBody): Promise<Wallet> {
  return db.transaction(async (tx) => {
    const customer = await targetCustomer(tx, tenantId, actor, body.customerId);
    if (customer.status !== 'ACTIVE') throw customerNotActive(customer.id, customer.status);
    const product = await resolveProduct(tx, tenantId, 'WALLET', body, body.currency);
    // the customer's category may limit its products (docs/category-processes.md)
    const allowed = await allowedProductCodes(tx, tenantId, customer.id);
    if (allowed.length && !allowed.includes(product.code)) {
      throw validationFailed([{ field: body.productId ? 'productId' : 'productCode', message: `the customer's category allows only the products ${allowed.join(', ')}` }]);
    }
    const [row] = await tx
      .insert(wallets)
      .values({ tenantId, customerId: customer.id, currency: body.currency, name: body.name ?? `${body.currency} wallet`, productId: product.id })
      .returning();
    await tx.insert(ledgerAccounts).values({ id: row!.id, tenantId, kind: 'WALLET', currency: row!.currency, walletId: row!.id });
    // the product's default limits become the wallet's own transaction limits (changed later like any limit)
    const defaults = (
      [
        ['PER_TRANSACTION', product.limitPerTransaction],
        ['DAILY', product.limitDaily],
        ['MONTHLY', product.limitMonthly],
      ] as const
    ).filter((d): d is readonly ['PER_TRANSACTION' | 'DAILY' | 'MONTHLY', string] => d[1] !== null);
    if (defaults.length) {
      await tx
        .insert(transactionLimits)
        .values(defaults.map(([limitType, limitAmount]) => ({ tenantId, customerId: customer.id, walletId: row!.id, limitType, limitAmount, currency: row!.currency })));
    }
    await emitEvent(tx, tenantId, 'wallet.opened', { walletId: row!.id, customerId: customer.id, currency: row!.currency, status: 'ACTIVE' });
    return (await presentWallets(tx, tenantId, [row!]))[0]!;
  });
}

// GET /wallets
export async function listWallets(db: DbOrTx, tenantId: string, actor: Actor, query: ListWalletsQuery) {
  const customerId = listCustomer(actor, query.customerId);
  if (customerId === false) return emptyPage(query);
  const where = and(
    eq(wallets.tenantId, tenantId),
    customerId ? eq(wallets.customerId, customerId) : undefined,
    query.status ? eq(wallets.status, query.status) : undefined,
    query.currency ? eq(wallets.currency, query.currency) : undefined,
  );
  const { rows, total } = await pageRows(db, wallets, where, query);
  return { items: await presentWallets(db, tenantId, rows), page: query.page, pageSize: query.pageSize, total };
}

// GET /wallets/{id}
/**
 * GET /wallets/{id} in one named prepared statement (the wallet, its customer's name and the sum
 * awaiting approval; docs/performance.md), built once per database handle: building the
 * query and sending its text cost more of the read than running it (bench/_profile.ts wallet). A
 * customer's user sees only its customer's wallets (customerId null: staff).
 */
function buildWalletQuery(db: Db) {
  const customerId = sql.placeholder('customerId');
  return db
    .select({
      wallet: wallets,
      product: productFields,
      customerName: customers.displayName,
      pending: sql<
        string | null
      >`(select sum(${transfers.amount} + ${transfers.fee})::text from ${transfers} where ${transfers.tenantId} = ${wallets.tenantId} and ${transfers.walletId} = ${wallets.id} and ${transfers.status} = 'PENDING_APPROVAL')`,
    })
    .from(wallets)
    .leftJoin(customers, and(eq(customers.tenantId, wallets.tenantId), eq(customers.id, wallets.customerId)))
    .innerJoin(products, and(eq(products.tenantId, wallets.tenantId), eq(products.id, wallets.productId)))
    .where(
      and(eq(wallets.tenantId, sql.placeholder('tenantId')), eq(wallets.id, sql.placeholder('walletId')), sql`(${customerId}::uuid is null or ${wallets.customerId} = ${customerId}::uuid)`),
    )
    .prepare('wallet_get');
}
const walletQueries = new WeakMap<Db, ReturnType<typeof buildWalletQuery>>();

export async function getWallet(db: Db, tenantId: string, actor: Actor, walletId: string): Promise<Wallet> {
  let query = walletQueries.get(db);
  if (!query) walletQueries.set(db, (query = buildWalletQuery(db)));
  const [row] = await query.execute({ tenantId, walletId, customerId: actor.customerId ?? null });
  if (!row) throw notFound('wallet');
  return toWallet(row.wallet, row.product, row.pending ?? undefined, row.customerName ?? undefined);
}

type StatementKind = (typeof journalEntries.$inferSelect)['kind'];
type Transition = 'freeze' | 'unfreeze' | 'close';
const TRANSITIONS: Record<Transition, { from: WalletRow['status']; to: WalletRow['status'] }> = {
  freeze: { from: 'ACTIVE', to: 'FROZEN' },
  unfreeze: { from: 'FROZEN', to: 'ACTIVE' },
  close: { from: 'ACTIVE', to: 'CLOSED' },
};

/** freeze: ACTIVE -> FROZEN; unfreeze: FROZEN -> ACTIVE; close: ACTIVE or FROZEN -> CLOSED with a zero balance and nothing pending. */
export async function changeWalletStatus(db: DbOrTx, tenantId: string, actor: Actor, walletId: string, transition: Transition, reason?: string): Promise<Wallet> {
  return db.transaction(async (tx) => {
    const row = await findWallet(tx, tenantId, actor, walletId, true);
    const { from, to } = TRANSITIONS[transition];
    const allowed = transition === 'close' ? row.status !== 'CLOSED' : row.status === from;
    if (!allowed) {
      throw walletStateConflict(transition, walletId, row.status);
    }
    if (transition === 'close') {
      if (!new Decimal(row.balance).isZero()) {
        throw walletBalanceNotZero(walletId, fmt(row.balance, row.currency), row.currency);
      }
      const pending = await pendingOutgoing(tx, tenantId, [walletId]);
      if (pending.size > 0) {
        throw walletHasPendingTransfers(walletId);
      }
    }
    const now = clock.now();
    const [updated] = await tx
      .update(wallets)
      .set({ status: to, statusReason: reason ?? null, updatedAt: now, ...(to === 'CLOSED' ? { closedAt: now } : {}) })
      .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId)))
      .returning();
    await emitEvent(tx, tenantId, 'wallet.status.changed', { walletId, customerId: row.customerId, previousStatus: row.status, status: to, reason: reason ?? null });
    return (await presentWallets(tx, tenantId, [updated!]))[0]!;
  });
}

// GET /wallets/{id}/statement
export async function walletStatement(db: DbOrTx, tenantId: string, actor: Actor, walletId: string, query: StatementQuery) {
  const wallet = await findWallet(db, tenantId, actor, walletId);
  const from = query.from ? new Date(query.from) : undefined;
  const to = query.to ? new Date(query.to) : undefined;
  const where = and(
    eq(journalLines.tenantId, tenantId),
    eq(journalLines.accountId, walletId),
    from ? gte(journalLines.postedAt, from) : undefined,
    to ? lt(journalLines.postedAt, to) : undefined,
  );
  const signed = sql<string>`coalesce(sum(case when ${journalLines.side} = 'CREDIT' then ${journalLines.amount} else -${journalLines.amount} end), 0)::text`;
  /** the wallet's balance just before `at`; `otherwise` without a bound */
  const before = (at: Date | undefined, otherwise: string) =>
    at
      ? db
          .select({ v: signed })
          .from(journalLines)
          .where(and(eq(journalLines.tenantId, tenantId), eq(journalLines.accountId, walletId), lt(journalLines.postedAt, at)))
      : Promise.resolve([{ v: otherwise }]);
  const { limit, offset } = pageOf(query);
  // the running balance comes from a window over all the wallet's lines in the order they moved it (the
  // entries' seq, docs/ledger.md "Order of a statement"), then the page is cut out of it
  // each line with its transfer's status now (a hold of a transfer approved since is money that left);
  // within an entry a fee line follows the payment it is charged on (purpose AMOUNT < FEE)
  const rowsQuery = db.execute(sql`
    select s.*, t.status as "transferStatus" from (
      select l.entry_id as "entryId", l.side, l.purpose, l.amount::text as amount, l.currency, l.posted_at as "postedAt", l.id, e.seq,
             e.kind, e.transfer_id as "transferId", e.description,
             (sum(case when l.side = 'CREDIT' then l.amount else -l.amount end) over (order by e.seq, l.purpose, l.id rows unbounded preceding))::text as "balanceAfter"
      from journal_lines l
      join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
      where l.tenant_id = ${tenantId} and l.account_id = ${walletId}
    ) s
    left join transfers t on t.tenant_id = ${tenantId} and t.id = s."transferId"
    where true ${from ? sql`and s."postedAt" >= ${from}` : sql``} ${to ? sql`and s."postedAt" < ${to}` : sql``}
    order by s.seq desc, s.purpose desc, s.id desc
    limit ${limit} offset ${offset}`) as unknown as Promise<{
    rows: Array<{
      entryId: string;
      side: 'DEBIT' | 'CREDIT';
      purpose: 'AMOUNT' | 'FEE';
      amount: string;
      currency: Currency;
      postedAt: Date | string;
      kind: StatementKind;
      transferId: string | null;
      transferStatus: TransferRow['status'] | null;
      description: string;
      balanceAfter: string;
    }>;
  }>;
  const [{ rows }, [total], [opening], [closing]] = await Promise.all([rowsQuery, db.select({ n: count() }).from(journalLines).where(where), before(from, '0'), before(to, wallet.balance)]);
  return {
    walletId,
    currency: wallet.currency as Currency,
    balance: fmt(wallet.balance, wallet.currency),
    openingBalance: fmt(opening!.v, wallet.currency),
    closingBalance: fmt(closing!.v, wallet.currency),
    items: rows.map((r) => ({
      entryId: r.entryId,
      kind: r.kind,
      transferId: r.transferId,
      transferStatus: r.transferStatus,
      description: r.purpose === 'FEE' ? `Fee: ${r.description}` : r.description,
      purpose: r.purpose,
      direction: r.side,
      amount: fmt(r.amount, r.currency),
      currency: r.currency,
      postedAt: new Date(r.postedAt).toISOString(),
      balanceAfter: fmt(r.balanceAfter, r.currency),
    })),
    page: query.page,
    pageSize: query.pageSize,
    total: total!.n,
  };
}

/** Sandbox funding is on unless NODE_ENV=production; SANDBOX_FUNDING=true/false overrides. */
export function sandboxFundingEnabled(): boolean {
  const env = getEnv();
  return env.SANDBOX_FUNDING ?? env.NODE_ENV !== 'production';
}

/**
 * MAX_BALANCE (lib/contract/money.ts): a credit may not take the wallet's money past it, counting
 * the transfers that wait for approval (their money comes back on a rejection), so no later step
 * can overflow either. Checked on the locked row, before any write.
 */
async function assertBalanceRoom(tx: DbOrTx, tenantId: string, wallet: WalletRow, amount: string): Promise<void> {
  const [held] = await tx
    .select({ total: sql<string>`coalesce(sum(${transfers.amount} + ${transfers.fee}), 0)` })
    .from(transfers)
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.walletId, wallet.id), eq(transfers.status, 'PENDING_APPROVAL')));
  const current = new Decimal(wallet.balance).plus(held?.total ?? '0');
  if (current.plus(amount).gt(MAX_BALANCE)) {
    throw transactionLimitExceeded({
      limitType: 'MAX_BALANCE',
      limit: MAX_BALANCE,
      currentUsage: fmt(current.toFixed(), wallet.currency),
      requestedAmount: fmt(amount, wallet.currency),
      currency: wallet.currency,
    });
  }
}

// POST /wallets/{id}/sandbox/fund
export async function sandboxFund(db: DbOrTx, tenantId: string, actor: Actor, walletId: string, body: SandboxFundBody): Promise<SandboxFundResult> {
  if (!sandboxFundingEnabled()) throw forbidden('sandbox funding is disabled in production (set SANDBOX_FUNDING=true to allow it)');
  return db.transaction(async (tx) => {
    const wallet = await findWallet(tx, tenantId, actor, walletId, true);
    const [customer] = await tx
      .select({ status: customers.status })
      .from(customers)
      .where(and(eq(customers.tenantId, tenantId), eq(customers.id, wallet.customerId)));
    if (customer!.status !== 'ACTIVE') throw customerNotActive(wallet.customerId, customer!.status);
    if (wallet.status !== 'ACTIVE') throw walletNotActive(walletId, wallet.status);
    if (wallet.currency !== body.currency) throw currencyMismatch(wallet.currency, body.currency);
    await assertBalanceRoom(tx, tenantId, wallet, body.amount);
    const source = await systemAccount(tx, tenantId, 'SANDBOX_FUNDING', wallet.currency);
    const { entryId } = await postEntry(tx, tenantId, {
      kind: 'SANDBOX_FUNDING',
      description: body.description ?? 'sandbox funding',
      lines: [
        { accountId: source, side: 'DEBIT', amount: body.amount, currency: wallet.currency },
        { accountId: walletId, side: 'CREDIT', amount: body.amount, currency: wallet.currency },
      ],
    });
    const [updated] = await tx
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + ${body.amount}::numeric`, updatedAt: clock.now() })
      .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId)))
      .returning();
    await emitEvent(tx, tenantId, 'wallet.funded', {
      walletId,
      customerId: wallet.customerId,
      entryId,
      amount: fmt(body.amount, wallet.currency),
      currency: wallet.currency,
      balance: fmt(updated!.balance, wallet.currency),
    });
    return { entryId, wallet: (await presentWallets(tx, tenantId, [updated!]))[0]! };
  });
}
