import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db/client';
import { organizations } from '@/lib/db/schema';

export async function organizationTypeOf(db: DbOrTx, tenantId: string, organizationId: string): Promise<string | null> {
  const [row] = await db
    .select({ type: organizations.organizationType })
    .from(organizations)
    .where(and(eq(organizations.tenantId, tenantId), eq(organizations.id, organizationId)));
  return row?.type ?? null;
}
