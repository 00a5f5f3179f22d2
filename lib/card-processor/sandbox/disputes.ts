import { and, desc, eq, inArray } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import type { Currency } from '@/lib/contract/money';
import { cardDisputes, cards, cardTransactions } from '@/lib/db/schema';
import { countSql, dec, fail, findCard, fmt, paged, scopeCondition, uuidOr, type OpHandler } from './core';

/** Disputes of SETTLED transactions, one open (OPEN / UNDER_REVIEW) dispute per transaction. */
type DisputeRow = typeof cardDisputes.$inferSelect;
const record = (d: DisputeRow): CardOperationResult<'dispute/info'> => ({
  disputeId: d.id,
  cardId: d.cardId,
  transactionId: d.transactionId,
  reason: d.reason,
  amount: fmt(d.amount, d.currency),
  currency: d.currency as Currency,
  description: d.description,
  status: d.status,
  createdAt: d.createdAt.toISOString(),
  updatedAt: d.updatedAt.toISOString(),
});

const create: OpHandler<'dispute/create'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  const [tx] = await c.tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.tenantId, card.tenantId), eq(cardTransactions.cardId, card.id), eq(cardTransactions.id, uuidOr(c.body.transactionId, 'TRANSACTION_NOT_FOUND'))))
    .for('update');
  if (!tx) fail('TRANSACTION_NOT_FOUND');
  if (tx.status !== 'SETTLED') fail('DISPUTE_NOT_ALLOWED', { data: { status: tx.status } });
  if (dec(c.body.amount).greaterThan(tx.amount)) fail('DISPUTE_AMOUNT_EXCEEDED', { data: { transactionAmount: fmt(tx.amount, tx.currency) } });
  const [open] = await c.tx
    .select({ id: cardDisputes.id })
    .from(cardDisputes)
    .where(and(eq(cardDisputes.tenantId, card.tenantId), eq(cardDisputes.transactionId, tx.id), inArray(cardDisputes.status, ['OPEN', 'UNDER_REVIEW'])));
  if (open) fail('DISPUTE_EXISTS', { data: { disputeId: open.id } });
  const [row] = await c.tx
    .insert(cardDisputes)
    .values({
      tenantId: card.tenantId,
      cardId: card.id,
      transactionId: tx.id,
      reason: c.body.reason,
      amount: c.body.amount,
      currency: tx.currency,
      description: c.body.description,
      createdAt: c.now,
      updatedAt: c.now,
    })
    .returning();
  return record(row!);
};

const info: OpHandler<'dispute/info'> = async ({ tx, ctx, body }) => {
  const [row] = await tx
    .select({ d: cardDisputes })
    .from(cardDisputes)
    .innerJoin(cards, and(eq(cards.tenantId, cardDisputes.tenantId), eq(cards.id, cardDisputes.cardId)))
    .where(and(eq(cardDisputes.tenantId, ctx.tenantId), eq(cardDisputes.id, uuidOr(body.disputeId, 'DISPUTE_NOT_FOUND')), scopeCondition(ctx, cards.customerId)));
  if (!row) fail('DISPUTE_NOT_FOUND');
  return record(row.d);
};

const list: OpHandler<'dispute/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const where = and(eq(cardDisputes.tenantId, card.tenantId), eq(cardDisputes.cardId, card.id), c.body.status ? eq(cardDisputes.status, c.body.status) : undefined);
  return paged(
    c.body,
    (limit, offset) => c.tx.select().from(cardDisputes).where(where).orderBy(desc(cardDisputes.createdAt), desc(cardDisputes.id)).limit(limit).offset(offset),
    () => c.tx.select({ n: countSql }).from(cardDisputes).where(where),
    record,
  );
};

export const disputeHandlers = { 'dispute/create': create, 'dispute/info': info, 'dispute/list': list };
