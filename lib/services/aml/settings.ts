import { eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { DEFAULT_AML_MATCH_THRESHOLD } from '@/lib/contract/aml';
import type { DbOrTx } from '@/lib/db/client';
import { amlSettings } from '@/lib/db/schema';

/** The tenant's screening settings (docs/aml.md): the match threshold; a tenant without a row has the default. */
export async function getAmlSettings(db: DbOrTx, tenantId: string) {
  const [row] = await db.select().from(amlSettings).where(eq(amlSettings.tenantId, tenantId));
  return { matchThreshold: row ? Number(row.matchThreshold).toFixed(3) : DEFAULT_AML_MATCH_THRESHOLD, updatedAt: row?.updatedAt.toISOString() ?? null };
}

export async function updateAmlSettings(db: DbOrTx, tenantId: string, actorUserId: string, body: { matchThreshold: string }) {
  const now = clock.now();
  await db
    .insert(amlSettings)
    .values({ tenantId, matchThreshold: body.matchThreshold, updatedBy: actorUserId, updatedAt: now })
    .onConflictDoUpdate({ target: amlSettings.tenantId, set: { matchThreshold: body.matchThreshold, updatedBy: actorUserId, updatedAt: now } });
  return getAmlSettings(db, tenantId);
}
