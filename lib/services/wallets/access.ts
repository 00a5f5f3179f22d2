import Decimal from 'decimal.js';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Role } from '@/lib/contract/enums';
import { CURRENCY_MINOR_UNITS, type Currency } from '@/lib/contract/money';
import type { DbOrTx } from '@/lib/db/client';
import { customers } from '@/lib/db/schema';
import { customerNotActive, notFound, validationFailed } from '@/lib/contract/api-errors';

/**
 * Who acts on wallets, beneficiaries, consents, limits and transfers (docs/ledger.md, role rules).
 * A customer's user acts on its own customer only: another customer's resource answers 404 like an
 * unknown one. An administrator (no customerId) acts on every customer of the tenant, as far as its
 * capabilities allow (checked by the route: `allow` in lib/contract/routes/money.ts, the table in
 * lib/contract/access.ts).
 */
export interface Actor {
  userId: string;
  /** set for a customer's user: every query is limited to this customer */
  customerId: string | null;
  roles: Role[];
}

/** Any user that belongs to a customer acts for that customer only, whatever its roles. */
export function actorOf(principal: { userId: string; customerId: string | null; roles: Role[] }): Actor {
  return { userId: principal.userId, customerId: principal.customerId, roles: principal.roles };
}

/**
 * The customer a new resource belongs to: a customer's user -> its own (a different customerId in
 * the body answers 404); an administrator must name it. The customer must exist in the tenant.
 */
export async function targetCustomer(db: DbOrTx, tenantId: string, actor: Actor, requested: string | undefined) {
  if (actor.customerId && requested && requested !== actor.customerId) throw notFound('customer');
  const customerId = actor.customerId ?? requested;
  if (!customerId) throw validationFailed([{ field: 'customerId', message: 'is required for an administrator' }]);
  const [customer] = await db
    .select({ id: customers.id, status: customers.status })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  if (!customer) throw notFound('customer');
  return customer;
}

/** 422 of the catalogue; exported here as well for the OpenAPI registry, which reads it from this module. */
export { customerNotActive };

/** A numeric from the database (or a decimal string) in the currency's minor units: "12.5000" -> "12.50". */
export function fmt(value: string | Decimal, currency: string): string {
  return new Decimal(value).toFixed(CURRENCY_MINOR_UNITS[currency as Currency] ?? 2);
}

export const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

export function pageOf(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * The customer a list is limited to: a customer's user -> its own (asking for another customer
 * gives `false`: an empty page, as if there were none); an administrator -> the one asked for, if any.
 */
export function listCustomer(actor: Actor, requested: string | undefined): string | undefined | false {
  if (actor.customerId && requested && requested !== actor.customerId) return false;
  return actor.customerId ?? requested;
}

export const emptyPage = (query: { page: number; pageSize: number }) => ({ items: [], page: query.page, pageSize: query.pageSize, total: 0 });

/** One page of a table's rows, newest first (created_at, then id), with the total count of `where`. */
export async function pageRows<T extends PgTable & { createdAt: AnyPgColumn; id: AnyPgColumn }>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  query: { page: number; pageSize: number },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const { limit, offset } = pageOf(query);
  const from = table as PgTable;
  const [rows, [total]] = await Promise.all([
    db.select().from(from).where(where).orderBy(desc(table.createdAt), desc(table.id)).limit(limit).offset(offset),
    db.select({ n: count() }).from(from).where(where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: total!.n };
}
