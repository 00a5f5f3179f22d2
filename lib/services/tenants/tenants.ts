import { eq, sql } from 'drizzle-orm';
import type { TenantStatus } from '@/lib/contract/enums';
import type { Tenant } from '@/lib/contract/tenants';
import type { DbOrTx } from '@/lib/db/client';
import { tenants, type TenantRow } from '@/lib/db/schema';
import { notFound, tenantAccessDenied } from '@/lib/contract/api-errors';
import { isUuid } from '@/lib/contract/common';
import { forgetTenant } from '@/lib/services/identity/principal-cache';

export function toTenant(row: TenantRow): Tenant {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    tenantKey: row.tenantKey,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function findTenant(db: DbOrTx, tenantId: string): Promise<TenantRow | undefined> {
  if (!isUuid(tenantId)) return undefined;
  const [row] = await db.select().from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  return row;
}

/** The operator's view: any status; unknown answers 404. */
export async function getTenant(db: DbOrTx, tenantId: string): Promise<Tenant> {
  const row = await findTenant(db, tenantId);
  if (!row) throw notFound('tenant');
  return toTenant(row);
}

/**
 * The tenant a request acts in. Unknown and suspended tenants answer the same 403, so the answer
 * does not tell whether a tenant id exists.
 */
export async function resolveActiveTenant(db: DbOrTx, tenantId: string): Promise<TenantRow> {
  const row = await findTenant(db, tenantId);
  if (!row || row.status !== 'ACTIVE') throw tenantAccessDenied(tenantId);
  return row;
}

/** The tenant read with the caller's session, if it is active (403 otherwise): no second read. */
export function activeTenantOf(principal: { tenant: TenantRow }): TenantRow {
  if (principal.tenant.status !== 'ACTIVE') throw tenantAccessDenied(principal.tenant.id);
  return principal.tenant;
}

export async function setTenantStatus(db: DbOrTx, tenantId: string, status: TenantStatus): Promise<Tenant> {
  if (!isUuid(tenantId)) throw notFound('tenant');
  const [row] = await db
    .update(tenants)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tenants.id, tenantId))
    .returning();
  if (!row) throw notFound('tenant');
  // every instance drops the tenant's cached principals at commit (a trigger notifies); this one now
  forgetTenant(tenantId);
  return toTenant(row);
}

export async function countTenants(db: DbOrTx): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return row?.n ?? 0;
}

export async function findDemoTenant(db: DbOrTx): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(tenants).where(eq(tenants.isDemo, true)).limit(1);
  return row;
}
