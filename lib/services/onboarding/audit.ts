import { and, desc, eq, sql } from 'drizzle-orm';
import type { AuditAction } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { auditLog, users } from '@/lib/db/schema';
import { clock } from '@/lib/clock';

export interface AuditEntry {
  customerId: string | null;
  actorUserId: string | null;
  action: AuditAction;
  entityType: string;
  entityId: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Appends to the audit log (never updated or deleted), in the caller's transaction. */
export async function audit(tx: DbOrTx, tenantId: string, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({ tenantId, ...entry, before: entry.before ?? null, after: entry.after ?? null, createdAt: clock.now() });
}

export async function customerAuditLog(db: DbOrTx, tenantId: string, customerId: string) {
  const rows = await db
    .select({
      entry: auditLog,
      // who: full name, else username; null for the system or the customer's own sign-up
      actorName: sql<string | null>`coalesce(nullif(concat_ws(' ', ${users.firstName}, ${users.lastName}), ''), ${users.username})`,
    })
    .from(auditLog)
    .leftJoin(users, and(eq(users.tenantId, auditLog.tenantId), eq(users.id, auditLog.actorUserId)))
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.customerId, customerId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq));
  return rows.map(({ entry: r, actorName }) => ({
    id: r.id,
    actorUserId: r.actorUserId,
    actorName: actorName ?? null,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    before: r.before as Record<string, unknown> | null,
    after: r.after as Record<string, unknown> | null,
    createdAt: r.createdAt.toISOString(),
  }));
}
