import Decimal from 'decimal.js';
import { and, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { ListWalletsQuery, OpenWalletBody, SandboxFundBody, SandboxFundResult, StatementQuery, Wallet } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';
import { customers, journalEntries, journalLines, ledgerAccounts, transfers, wallets, type WalletRow } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { conflict, currencyMismatch, forbidden, notFound, walletNotActive } from '@/lib/http/errors';
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
    .select({ walletId: transfers.walletId, sum: sql<string>`sum(${transfers.amount})::text` })
    .from(transfers)
    .where(and(eq(transfers.tenantId, tenantId), eq(transfers.status, 'PENDING_APPROVAL'), inArray(transfers.walletId, walletIds)))
    .groupBy(transfers.walletId);
  return new Map(rows.map((r) => [r.walletId, r.sum]));
}

export function toWallet(row: WalletRow, pending = '0'): Wallet {
  return {
    id: row.id,
    customerId: row.customerId,
    currency: row.currency as Wallet['currency'],
    name: row.name,
    status: row.status,
    balance: fmt(row.balance, row.currency),
    availableBalance: fmt(row.balance, row.currency),
    pendingOutgoing: fmt(pending, row.currency),
    statusReason: row.statusReason,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    closedAt: iso(row.closedAt),
  };
}

const scoped = (tenantId: string, actor: Actor, walletId: string): SQL =>
  and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId), actor.customerId ? eq(wallets.customerId, actor.customerId) : undefined)!;

/** The wallet if the actor may see it; 404 otherwise (unknown, another tenant's, another customer's). */
export async function findWallet(db: DbOrTx, tenantId: string, actor: Actor, walletId: string, lock = false): Promise<WalletRow> {
  const query = db.select().from(wallets).where(scoped(tenantId, actor, walletId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('wallet');
  return row;
}

// POST /wallets
export async function openWallet(db: DbOrTx, tenantId: string, actor: Actor, body: OpenWalletBody): Promise<Wallet> {
  return db.transaction(async (tx) => {
    const customer = await targetCustomer(tx, tenantId, actor, body.customerId);
    if (customer.status !== 'ACTIVE') throw customerNotActive(customer.id, customer.status);
    const [row] = await tx
      .insert(wallets)
      .values({ tenantId, customerId: customer.id, currency: body.currency, name: body.name ?? `${body.currency} wallet` })
      .returning();
    await tx.insert(ledgerAccounts).values({ id: row!.id, tenantId, kind: 'WALLET', currency: row!.currency, walletId: row!.id });
    await emitEvent(tx, tenantId, 'wallet.opened', { walletId: row!.id, customerId: customer.id, currency: row!.currency, status: 'ACTIVE' });
    return toWallet(row!);
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
  const pending = await pendingOutgoing(db, tenantId, rows.map((r) => r.id));
  return { items: rows.map((r) => toWallet(r, pending.get(r.id))), page: query.page, pageSize: query.pageSize, total };
}

// GET /wallets/{id}
export async function getWallet(db: DbOrTx, tenantId: string, actor: Actor, walletId: string): Promise<Wallet> {
  const row = await findWallet(db, tenantId, actor, walletId);
  const pending = await pendingOutgoing(db, tenantId, [row.id]);
  return toWallet(row, pending.get(row.id));
}

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
      throw conflict(`cannot ${transition} a wallet that is ${row.status}`, { error: 'WALLET_STATE_CONFLICT', walletId, status: row.status });
    }
    if (transition === 'close') {
      if (!new Decimal(row.balance).isZero()) {
        throw conflict(`the wallet still holds ${fmt(row.balance, row.currency)} ${row.currency}; only a zero balance can be closed`, {
          error: 'WALLET_BALANCE_NOT_ZERO',
          walletId,
          balance: fmt(row.balance, row.currency),
          currency: row.currency,
        });
      }
      const pending = await pendingOutgoing(tx, tenantId, [walletId]);
      if (pending.size > 0) {
        throw conflict('the wallet has transfers awaiting approval; approve or reject them first', { error: 'WALLET_HAS_PENDING_TRANSFERS', walletId });
      }
    }
    const now = clock.now();
    const [updated] = await tx
      .update(wallets)
      .set({ status: to, statusReason: reason ?? null, updatedAt: now, ...(to === 'CLOSED' ? { closedAt: now } : {}) })
      .where(and(eq(wallets.tenantId, tenantId), eq(wallets.id, walletId)))
      .returning();
    await emitEvent(tx, tenantId, 'wallet.status.changed', { walletId, customerId: row.customerId, previousStatus: row.status, status: to, reason: reason ?? null });
    return toWallet(updated!);
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
  const [rows, [total], [opening], [closing]] = await Promise.all([
    db
      .select({
        entryId: journalLines.entryId,
        side: journalLines.side,
        amount: journalLines.amount,
        currency: journalLines.currency,
        postedAt: journalLines.postedAt,
        kind: journalEntries.kind,
        transferId: journalEntries.transferId,
        description: journalEntries.description,
      })
      .from(journalLines)
      .innerJoin(journalEntries, and(eq(journalEntries.tenantId, journalLines.tenantId), eq(journalEntries.id, journalLines.entryId)))
      .where(where)
      .orderBy(desc(journalLines.postedAt), desc(journalLines.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(journalLines).where(where),
    before(from, '0'),
    before(to, wallet.balance),
  ]);
  return {
    walletId,
    currency: wallet.currency,
    balance: fmt(wallet.balance, wallet.currency),
    openingBalance: fmt(opening!.v, wallet.currency),
    closingBalance: fmt(closing!.v, wallet.currency),
    items: rows.map((r) => ({
      entryId: r.entryId,
      kind: r.kind,
      transferId: r.transferId,
      description: r.description,
      direction: r.side,
      amount: fmt(r.amount, r.currency),
      currency: r.currency,
      postedAt: r.postedAt.toISOString(),
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
    return { entryId, wallet: toWallet(updated!) };
  });
}
