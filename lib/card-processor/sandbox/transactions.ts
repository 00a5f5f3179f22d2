import { and, desc, eq } from 'drizzle-orm';
import { cardAuthorizations, cardTransactions } from '@/lib/db/schema';
import { countSql, fail, findCard, paged, uuidOr, type OpHandler } from './core';
import { dateRange } from './funding';
import { authorizationRecord, transactionRecord } from './simulate';

/** Transactions and authorizations of a card, newest first. */

const list: OpHandler<'transaction/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const where = and(
    eq(cardTransactions.tenantId, card.tenantId),
    eq(cardTransactions.cardId, card.id),
    c.body.status ? eq(cardTransactions.status, c.body.status) : undefined,
    dateRange(cardTransactions.createdAt, c.body.dateFrom, c.body.dateTo),
  );
  return paged(
    c.body,
    (limit, offset) => c.tx.select().from(cardTransactions).where(where).orderBy(desc(cardTransactions.createdAt), desc(cardTransactions.id)).limit(limit).offset(offset),
    () => c.tx.select({ n: countSql }).from(cardTransactions).where(where),
    transactionRecord,
  );
};

const info: OpHandler<'transaction/info'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const [row] = await c.tx
    .select()
    .from(cardTransactions)
    .where(and(eq(cardTransactions.tenantId, card.tenantId), eq(cardTransactions.cardId, card.id), eq(cardTransactions.id, uuidOr(c.body.transactionId, 'TRANSACTION_NOT_FOUND'))));
  if (!row) fail('TRANSACTION_NOT_FOUND');
  return transactionRecord(row);
};

const authorizations: OpHandler<'authorization/list'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const where = and(eq(cardAuthorizations.tenantId, card.tenantId), eq(cardAuthorizations.cardId, card.id), c.body.status ? eq(cardAuthorizations.status, c.body.status) : undefined);
  return paged(
    c.body,
    (limit, offset) => c.tx.select().from(cardAuthorizations).where(where).orderBy(desc(cardAuthorizations.createdAt), desc(cardAuthorizations.id)).limit(limit).offset(offset),
    () => c.tx.select({ n: countSql }).from(cardAuthorizations).where(where),
    authorizationRecord,
  );
};

export const transactionHandlers = { 'transaction/list': list, 'transaction/info': info, 'authorization/list': authorizations };
