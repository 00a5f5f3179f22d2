import Decimal from 'decimal.js';
import { and, desc, eq, gte, lt } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import { MAX_BALANCE, type Currency } from '@/lib/contract/money';
import { cardFundOrders, cardQuotes, cards, type CardRow } from '@/lib/db/schema';
import { countSql, dec, fail, findCard, fmt, NOT_CANCELED, paged, requireStatus, scopeCondition, uuidOr, type OpContext, type OpHandler } from './core';

/**
 * Balances and the ledger of funding orders. ledger = settled money on the card; pending = what
 * approved authorizations hold; available = ledger - pending. A top-up goes through a quote (rate
 * 1, the card's currency only; fee 0.5 % rounded half-even to minor units, charged to the source
 * account on top of the amount; valid 5 minutes, used once). A withdrawal takes at most the
 * available balance.
 */
export const QUOTE_TTL_MS = 5 * 60_000;
export const TOPUP_FEE_RATE = '0.005';

export function balanceOf(card: CardRow): CardOperationResult<'balance/info'> {
  const available = dec(card.ledgerBalance).minus(card.pendingBalance);
  return {
    currency: card.currency as Currency,
    available: fmt(available, card.currency),
    pending: fmt(card.pendingBalance, card.currency),
    ledger: fmt(card.ledgerBalance, card.currency),
  };
}

type OrderRow = typeof cardFundOrders.$inferSelect;
function orderRecord(o: OrderRow): CardOperationResult<'fund/order/info'> {
  return {
    orderNo: o.id,
    type: o.type,
    status: o.status,
    amount: fmt(o.amount, o.currency),
    fee: fmt(o.fee, o.currency),
    currency: o.currency as Currency,
    accountId: o.accountId,
    cardId: o.cardId,
    createdAt: o.createdAt.toISOString(),
  };
}

const balance: OpHandler<'balance/info'> = async (c) => balanceOf(await findCard(c, c.body.cardNo, false));

/**
 * MAX_BALANCE (lib/contract/money.ts): a top-up may not take the card's ledger past it; refused at
 * the quote and again at the top-up, before any write (BALANCE_LIMIT_EXCEEDED, data maxBalance, ledger).
 */
function assertBalanceRoom(card: CardRow, amount: string): void {
  if (dec(card.ledgerBalance).plus(amount).greaterThan(MAX_BALANCE)) {
    fail('BALANCE_LIMIT_EXCEEDED', { data: { maxBalance: MAX_BALANCE, ledger: fmt(card.ledgerBalance, card.currency), currency: card.currency } });
  }
}

const quote: OpHandler<'topup/quote'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  requireStatus(card, NOT_CANCELED);
  if (c.body.currency !== card.currency) fail('CURRENCY_MISMATCH', { data: { cardCurrency: card.currency } });
  assertBalanceRoom(card, c.body.amount);
  const units = fmt('0', card.currency).split('.')[1]?.length ?? 0;
  const fee = dec(c.body.amount).times(TOPUP_FEE_RATE).toDecimalPlaces(units, Decimal.ROUND_HALF_EVEN);
  const expiresAt = new Date(c.now.getTime() + QUOTE_TTL_MS);
  const [row] = await c.tx
    .insert(cardQuotes)
    .values({
      tenantId: card.tenantId,
      cardId: card.id,
      amount: c.body.amount,
      fee: fee.toFixed(4),
      rate: '1',
      currency: card.currency,
      sourceAccountId: c.body.sourceAccountId,
      expiresAt,
      createdAt: c.now,
    })
    .returning();
  return {
    quoteId: row!.id,
    amount: fmt(row!.amount, card.currency),
    currency: card.currency as Currency,
    fee: fmt(fee, card.currency),
    rate: '1',
    total: fmt(dec(row!.amount).plus(fee), card.currency),
    expiresAt: expiresAt.toISOString(),
  };
};

async function addOrder(
  c: OpContext<'topup/create' | 'withdraw/create'>,
  card: CardRow,
  order: Omit<typeof cardFundOrders.$inferInsert, 'tenantId' | 'cardId' | 'balanceAfter' | 'createdAt'>,
  ledger: Decimal,
) {
  await c.tx
    .update(cards)
    .set({ ledgerBalance: ledger.toFixed(4), updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  const [row] = await c.tx
    .insert(cardFundOrders)
    .values({ ...order, tenantId: card.tenantId, cardId: card.id, balanceAfter: ledger.toFixed(4), createdAt: c.now })
    .returning();
  return orderRecord(row!);
}

const topup: OpHandler<'topup/create'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, NOT_CANCELED);
  const [q] = await c.tx
    .select()
    .from(cardQuotes)
    .where(and(eq(cardQuotes.tenantId, card.tenantId), eq(cardQuotes.cardId, card.id), eq(cardQuotes.id, uuidOr(c.body.quoteId, 'QUOTE_NOT_FOUND'))))
    .for('update');
  if (!q) fail('QUOTE_NOT_FOUND');
  if (q.usedAt) fail('QUOTE_ALREADY_USED');
  if (q.expiresAt <= c.now) fail('QUOTE_EXPIRED');
  assertBalanceRoom(card, q.amount);
  await c.tx
    .update(cardQuotes)
    .set({ usedAt: c.now })
    .where(and(eq(cardQuotes.tenantId, q.tenantId), eq(cardQuotes.id, q.id)));
  return addOrder(
    c,
    card,
    { type: 'TOPUP', status: 'COMPLETED', amount: q.amount, fee: q.fee, currency: q.currency, accountId: q.sourceAccountId, quoteId: q.id },
    dec(card.ledgerBalance).plus(q.amount),
  );
};

/** Withdrawals are allowed in any state, also from a canceled card: the money is the cardholder's. */
const withdraw: OpHandler<'withdraw/create'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  if (c.body.currency !== card.currency) fail('CURRENCY_MISMATCH', { data: { cardCurrency: card.currency } });
  const available = dec(card.ledgerBalance).minus(card.pendingBalance);
  if (available.lessThan(c.body.amount)) fail('INSUFFICIENT_FUNDS', { data: { available: fmt(available, card.currency) } });
  return addOrder(
    c,
    card,
    { type: 'WITHDRAW', status: 'COMPLETED', amount: c.body.amount, fee: '0', currency: card.currency, accountId: c.body.targetAccountId },
    dec(card.ledgerBalance).minus(c.body.amount),
  );
};

const orderInfo: OpHandler<'fund/order/info'> = async ({ tx, ctx, body }) => {
  const [row] = await tx
    .select({ order: cardFundOrders })
    .from(cardFundOrders)
    .innerJoin(cards, and(eq(cards.tenantId, cardFundOrders.tenantId), eq(cards.id, cardFundOrders.cardId)))
    .where(and(eq(cardFundOrders.tenantId, ctx.tenantId), eq(cardFundOrders.id, uuidOr(body.orderNo, 'ORDER_NOT_FOUND')), scopeCondition(ctx, cards.customerId)));
  if (!row) fail('ORDER_NOT_FOUND');
  return orderRecord(row.order);
};

/** dateFrom / dateTo: whole UTC days, both included. */
export function dateRange(column: Parameters<typeof gte>[0], from?: string, to?: string) {
  return and(from ? gte(column, new Date(`${from}T00:00:00.000Z`)) : undefined, to ? lt(column, new Date(new Date(`${to}T00:00:00.000Z`).getTime() + 86_400_000)) : undefined);
}

const orderList: OpHandler<'fund/order/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const where = and(
    eq(cardFundOrders.tenantId, card.tenantId),
    eq(cardFundOrders.cardId, card.id),
    c.body.type ? eq(cardFundOrders.type, c.body.type) : undefined,
    dateRange(cardFundOrders.createdAt, c.body.dateFrom, c.body.dateTo),
  );
  return paged(
    c.body,
    (limit, offset) => c.tx.select().from(cardFundOrders).where(where).orderBy(desc(cardFundOrders.createdAt), desc(cardFundOrders.id)).limit(limit).offset(offset),
    () => c.tx.select({ n: countSql }).from(cardFundOrders).where(where),
    orderRecord,
  );
};

export const fundingHandlers = {
  'balance/info': balance,
  'topup/quote': quote,
  'topup/create': topup,
  'withdraw/create': withdraw,
  'fund/order/info': orderInfo,
  'fund/order/list': orderList,
};
