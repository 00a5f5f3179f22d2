import { eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { DbOrTx } from '@/lib/db/client';
import { webhookSettings } from '@/lib/db/schema';

/** Per-tenant webhook settings. A tenant without a row has the defaults (https only). */
export interface WebhookSettings {
  allowHttpEndpoints: boolean;
}

export async function getWebhookSettings(db: DbOrTx, tenantId: string): Promise<WebhookSettings> {
  const [row] = await db.select({ allowHttpEndpoints: webhookSettings.allowHttpEndpoints }).from(webhookSettings).where(eq(webhookSettings.tenantId, tenantId));
  return { allowHttpEndpoints: row?.allowHttpEndpoints ?? false };
}

export async function updateWebhookSettings(db: DbOrTx, tenantId: string, settings: WebhookSettings): Promise<WebhookSettings> {
  const now = clock.now();
  await db
    .insert(webhookSettings)
    .values({ tenantId, allowHttpEndpoints: settings.allowHttpEndpoints, updatedAt: now })
    .onConflictDoUpdate({ target: webhookSettings.tenantId, set: { allowHttpEndpoints: settings.allowHttpEndpoints, updatedAt: now } });
  return getWebhookSettings(db, tenantId);
}
