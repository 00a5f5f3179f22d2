import { and, desc, eq } from 'drizzle-orm';
import type { AuditAction } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { auditLog } from '@/lib/db/schema';
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
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.tenantId, tenantId), eq(auditLog.customerId, customerId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.seq));
  return rows.map((r) => ({
    id: r.id,
    actorUserId: r.actorUserId,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    before: r.before,
    after: r.after,
    createdAt: r.createdAt.toISOString(),
  }));
}
