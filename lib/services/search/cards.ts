import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { CardSearchItem, CardSearchPage, SearchCardsQuery } from '@/lib/contract/search';
import type { CardStatus } from '@/lib/contract/card-operations';
import type { DbOrTx } from '@/lib/db/client';
import { cardDirectory, customers, products } from '@/lib/db/schema';
import { escapeLike } from './like';

/**
 * Card search for the panel over the platform's card directory (lib/db/schema/card-directory.ts),
 * which the card gateway fills from the processor's answers, whichever processor it is: by the last
 * four digits, the cardholder's name or email, the customer, or the card id, every filter ANDed,
 * always within the tenant. The directory holds no card number but the masked one, so the answer is
 * masked by construction. Newest cards first.
 */

const columns = {
  cardId: cardDirectory.cardId,
  cardNo: cardDirectory.maskedNumber,
  last4: cardDirectory.last4,
  status: cardDirectory.status,
  currency: cardDirectory.currency,
  nickname: cardDirectory.nickname,
  expiryMonth: cardDirectory.expiryMonth,
  expiryYear: cardDirectory.expiryYear,
  cardholderId: cardDirectory.cardholderId,
  firstName: cardDirectory.holderFirstName,
  lastName: cardDirectory.holderLastName,
  email: cardDirectory.holderEmail,
  customerId: customers.id,
  customerName: customers.displayName,
  issuedAt: cardDirectory.issuedAt,
  productId: products.id,
  productCode: products.code,
  productName: products.name,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] } & { productId: string | null; productCode: string | null; productName: string | null };

function toItem(r: Row): CardSearchItem {
  return {
    cardId: r.cardId,
    cardNo: r.cardNo,
    last4: r.last4,
    status: r.status as CardStatus,
    currency: r.currency,
    nickname: r.nickname,
    expiryMonth: r.expiryMonth,
    expiryYear: r.expiryYear,
    cardholderId: r.cardholderId,
    cardholderName: [r.firstName, r.lastName].filter(Boolean).join(' '),
    cardholderEmail: r.email ?? '',
    customerId: r.customerId,
    customerName: r.customerName,
    createdAt: r.issuedAt.toISOString(),
    product: r.productId ? { id: r.productId, code: r.productCode!, name: r.productName! } : null,
  };
}

/** The holder condition: the words of the query each in first name, last name or email. */
function holderCondition(holder: string): SQL {
  const words = holder.toLowerCase().split(/\s+/).filter(Boolean);
  const each = words.map((w) => {
    const like = escapeLike(w);
    const d = cardDirectory;
    return sql`(lower(coalesce(${d.holderFirstName}, '')) like ${like} or lower(coalesce(${d.holderLastName}, '')) like ${like} or lower(coalesce(${d.holderEmail}, '')) like ${like})`;
  });
  return and(...each)!;
}

export function cardSearchWhere(tenantId: string, q: Omit<SearchCardsQuery, 'pageNo' | 'pageSize'>): SQL {
  const conditions: SQL[] = [eq(cardDirectory.tenantId, tenantId)];
  if (q.last4) conditions.push(eq(cardDirectory.last4, q.last4));
  if (q.holder) conditions.push(holderCondition(q.holder));
  if (q.customerId) conditions.push(eq(cardDirectory.customerId, q.customerId));
  if (q.cardId) conditions.push(eq(cardDirectory.cardId, q.cardId));
  if (q.status) conditions.push(eq(cardDirectory.status, q.status));
  return and(...conditions)!;
}

function joined(db: DbOrTx, select: 'rows' | 'count', where: SQL) {
  // a card is shown with its customer: one the directory does not know the customer of is not listed
  const on = and(eq(customers.tenantId, cardDirectory.tenantId), eq(customers.id, cardDirectory.customerId));
  if (select === 'count') return db.select({ n: count() }).from(cardDirectory).innerJoin(customers, on).where(where);
  // and with its card product: the one recorded, else the tenant's default card product (a processor that names none)
  const product = and(
    eq(products.tenantId, cardDirectory.tenantId),
    sql`(${products.id} = ${cardDirectory.productId} or (${cardDirectory.productId} is null and ${products.isDefault} and ${products.kind} = 'CARD'))`,
  );
  return db.select(columns).from(cardDirectory).innerJoin(customers, on).leftJoin(products, product).where(where);
}

export async function findCards(db: DbOrTx, tenantId: string, where: SQL, limit: number, offset = 0): Promise<CardSearchItem[]> {
  const rows = (await joined(db, 'rows', where).orderBy(desc(cardDirectory.issuedAt), asc(cardDirectory.cardId)).limit(limit).offset(offset)) as Row[];
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
