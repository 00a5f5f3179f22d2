import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { can } from '@/lib/contract/access';
import { isUuid } from '@/lib/contract/common';
import { SEARCH_RESULT_LIMIT, type SearchQuery, type SearchResult } from '@/lib/contract/search';
import type { DbOrTx } from '@/lib/db/client';
import { customers, organizations, representatives, wallets } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { fmt } from '@/lib/services/wallets/access';
import { cardSearchWhere, findCards } from './cards';
import { escapeLike } from './like';

/**
 * The panel's one search box (GET /api/v2.1/search): what the query can mean, looked up in parallel,
 * each kind capped at SEARCH_RESULT_LIMIT and always within the caller's tenant.
 * - customers: name or email containing it, or the customer id;
 * - representatives of organization customers: every word of it in their first or last name, or their email;
 * - wallets: the wallet's name containing it, the wallet id, or (8+ characters of hex and dashes) the start of it;
 * - cards (only with card:read, as the card API): a card id, 4 digits = the last four, else the
 *   holder's name or email (every word of it, as the card search's `holder`).
 */

const ID_PREFIX = /^[0-9a-f-]{8,36}$/i;

export async function searchTenant(db: DbOrTx, tenantId: string, principal: Principal, query: SearchQuery): Promise<SearchResult> {
  const q = query.q;
  const uuid = isUuid(q) ? q.toLowerCase() : null;
  const like = escapeLike(q);

  const customerWhere: SQL = and(
    eq(customers.tenantId, tenantId),
    or(sql`lower(${customers.displayName}) like ${like}`, sql`lower(coalesce(${customers.email}, '')) like ${like}`, ...(uuid ? [eq(customers.id, uuid)] : [])),
  )!;

  const walletId: SQL | null = uuid ? eq(wallets.id, uuid) : ID_PREFIX.test(q) ? sql`${wallets.id}::text like ${`${q.toLowerCase().replace(/[%_\\]/g, '')}%`}` : null;
  const walletWhere: SQL = or(sql`lower(${wallets.name}) like ${like}`, ...(walletId ? [walletId] : []))!;

  const words = q.toLowerCase().split(/\s+/).filter(Boolean);
  const representativeWhere: SQL = and(
    eq(representatives.tenantId, tenantId),
    ...words.map((w) => {
      const part = escapeLike(w);
      return sql`(lower(${representatives.firstName}) like ${part} or lower(${representatives.lastName}) like ${part} or lower(coalesce(${representatives.email}, '')) like ${part})`;
    }),
  )!;

  const mayCards = can(principal, 'card:read');
  const cardWhere: SQL | null = !mayCards
    ? null
    : uuid
      ? cardSearchWhere(tenantId, { cardId: uuid })
      : /^\d{4}$/.test(q)
        ? cardSearchWhere(tenantId, { last4: q })
        : cardSearchWhere(tenantId, { holder: q });

  const [customerRows, walletRows, representativeRows, cardItems] = await Promise.all([
    db
      .select({ id: customers.id, customerType: customers.customerType, displayName: customers.displayName, email: customers.email, status: customers.status })
      .from(customers)
      .where(customerWhere)
      .orderBy(sql`lower(${customers.displayName})`, customers.id)
      .limit(SEARCH_RESULT_LIMIT),
    db
      .select({
        id: wallets.id,
        customerId: wallets.customerId,
        customerName: customers.displayName,
        name: wallets.name,
        currency: wallets.currency,
        status: wallets.status,
        balance: wallets.balance,
      })
      .from(wallets)
      .innerJoin(customers, and(eq(customers.tenantId, wallets.tenantId), eq(customers.id, wallets.customerId)))
      .where(and(eq(wallets.tenantId, tenantId), walletWhere))
      .orderBy(desc(wallets.createdAt))
      .limit(SEARCH_RESULT_LIMIT),
    db
      .select({
        id: representatives.id,
        firstName: representatives.firstName,
        lastName: representatives.lastName,
        position: representatives.position,
        email: representatives.email,
        customerId: customers.id,
        customerName: customers.displayName,
      })
      .from(representatives)
      .innerJoin(organizations, and(eq(organizations.tenantId, representatives.tenantId), eq(organizations.id, representatives.organizationId)))
      .innerJoin(customers, and(eq(customers.tenantId, organizations.tenantId), eq(customers.id, organizations.customerId)))
      .where(representativeWhere)
      .orderBy(sql`lower(${representatives.lastName})`, sql`lower(${representatives.firstName})`, representatives.id)
      .limit(SEARCH_RESULT_LIMIT),
    cardWhere ? findCards(db, tenantId, cardWhere, SEARCH_RESULT_LIMIT) : Promise.resolve([]),
  ]);

  return {
    q,
    customers: customerRows,
    wallets: walletRows.map((w) => ({ ...w, balance: fmt(w.balance, w.currency) })),
    representatives: representativeRows,
    cards: cardItems,
    limit: SEARCH_RESULT_LIMIT,
  };
}
