import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CardSearchItem, CardSearchPage, SearchCardsQuery } from '@/lib/contract/search';
import type { DbOrTx } from '@/lib/db/client';
import { cardholders, cards, customers } from '@/lib/db/schema';
import { escapeLike } from './like';

/**
 * Card search for the panel over the card processor's tables (the built-in sandbox's): by the last
 * four digits, the cardholder's name or email, the customer, or the card id, every filter ANDed, always
 * within the tenant. The clear number is never read: rows carry first 6 + last 4 and the length, so
 * the answer is masked by construction. Newest cards first.
 */

const columns = {
  cardId: cards.id,
  panFirst6: cards.panFirst6,
  panLast4: cards.panLast4,
  panLength: cards.panLength,
  status: cards.status,
  currency: cards.currency,
  nickname: cards.nickname,
  expiryMonth: cards.expiryMonth,
  expiryYear: cards.expiryYear,
  cardholderId: cards.cardholderId,
  firstName: cardholders.firstName,
  lastName: cardholders.lastName,
  email: cardholders.email,
  customerId: cards.customerId,
  customerName: customers.displayName,
  createdAt: cards.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };

export function maskedNumber(first6: string, last4: string, length: number): string {
  return `${first6}${'*'.repeat(Math.max(1, length - 10))}${last4}`;
}

function toItem(r: Row): CardSearchItem {
  return {
    cardId: r.cardId,
    cardNo: maskedNumber(r.panFirst6, r.panLast4, r.panLength),
    last4: r.panLast4,
    status: r.status,
    currency: r.currency,
    nickname: r.nickname,
    expiryMonth: r.expiryMonth,
    expiryYear: r.expiryYear,
    cardholderId: r.cardholderId,
    cardholderName: `${r.firstName} ${r.lastName}`,
    cardholderEmail: r.email,
    customerId: r.customerId,
    customerName: r.customerName,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The holder condition: the words of the query each in first name, last name or email. */
function holderCondition(holder: string): SQL {
  const words = holder.toLowerCase().split(/\s+/).filter(Boolean);
  const each = words.map((w) => {
    const like = escapeLike(w);
    return sql`(lower(${cardholders.firstName}) like ${like} or lower(${cardholders.lastName}) like ${like} or lower(${cardholders.email}) like ${like})`;
  });
  return and(...each)!;
}

export function cardSearchWhere(tenantId: string, q: Omit<SearchCardsQuery, 'pageNo' | 'pageSize'>): SQL {
  const conditions: SQL[] = [eq(cards.tenantId, tenantId)];
  if (q.last4) conditions.push(eq(cards.panLast4, q.last4));
  if (q.holder) conditions.push(holderCondition(q.holder));
  if (q.customerId) conditions.push(eq(cards.customerId, q.customerId));
  if (q.cardId) conditions.push(eq(cards.id, q.cardId));
  if (q.status) conditions.push(eq(cards.status, q.status));
  return and(...conditions)!;
}

function joined(db: DbOrTx, select: 'rows' | 'count', where: SQL) {
  const base = select === 'rows' ? db.select(columns).from(cards) : db.select({ n: count() }).from(cards);
  return base
    .innerJoin(cardholders, and(eq(cardholders.tenantId, cards.tenantId), eq(cardholders.id, cards.cardholderId)))
    .innerJoin(customers, and(eq(customers.tenantId, cards.tenantId), eq(customers.id, cards.customerId)))
    .where(where);
}

export async function findCards(db: DbOrTx, tenantId: string, where: SQL, limit: number, offset = 0): Promise<CardSearchItem[]> {
  const rows = (await joined(db, 'rows', where).orderBy(desc(cards.createdAt), asc(cards.id)).limit(limit).offset(offset)) as Row[];
  return rows.map(toItem);
}

/** GET /api/v2.1/cards: one page of matching cards and the total. */
export async function searchCards(db: DbOrTx, tenantId: string, query: SearchCardsQuery): Promise<CardSearchPage> {
  const where = cardSearchWhere(tenantId, query);
  const [items, [total]] = await Promise.all([
    findCards(db, tenantId, where, query.pageSize, (query.pageNo - 1) * query.pageSize),
    joined(db, 'count', where) as unknown as Promise<{ n: number }[]>,
  ]);
  return { items, pageNo: query.pageNo, pageSize: query.pageSize, total: Number(total?.n ?? 0) };
}
