import { eq } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import type { z } from 'zod';
import type { reviewSettingsSchema, updateReviewSettingsBodySchema } from '@/lib/contract/review';
import type { DbOrTx } from '@/lib/db/client';
import { reviewSettings } from '@/lib/db/schema';
import type { Principal } from '@/lib/services/identity/sessions';
import { audit } from './audit';

export type ReviewSettings = z.infer<typeof reviewSettingsSchema>;
const DEFAULTS: ReviewSettings = { twoApprovalsForOrganizations: false, twoApprovalsForHighRisk: false };

export async function getReviewSettings(db: DbOrTx, tenantId: string): Promise<ReviewSettings> {
  const [row] = await db.select().from(reviewSettings).where(eq(reviewSettings.tenantId, tenantId));
  return row ? { twoApprovalsForOrganizations: row.twoApprovalsForOrganizations, twoApprovalsForHighRisk: row.twoApprovalsForHighRisk } : DEFAULTS;
}

/** Changes the tenant's review settings (audited); who may is the route's capability (lib/contract/routes). */
export async function updateReviewSettings(db: DbOrTx, principal: Principal, input: z.infer<typeof updateReviewSettingsBodySchema>) {
  return db.transaction(async (tx) => {
    const before = await getReviewSettings(tx, principal.tenantId);
    const after = { ...before, ...input };
    await tx
      .insert(reviewSettings)
      .values({ tenantId: principal.tenantId, ...after, updatedBy: principal.userId, updatedAt: clock.now() })
      .onConflictDoUpdate({ target: reviewSettings.tenantId, set: { ...after, updatedBy: principal.userId, updatedAt: clock.now() } });
    await audit(tx, principal.tenantId, {
      customerId: null,
      actorUserId: principal.userId,
      action: 'REVIEW_SETTINGS_CHANGED',
      entityType: 'TENANT',
      entityId: principal.tenantId,
      before: { ...before },
      after: { ...after },
    });
    return after;
  });
}

/**
 * How many approvals a case needs and which rule says so: the category's process (docs/category-processes.md)
 * asks for one or two; the tenant's review settings may raise one to two (organizations, high risk).
 */
export function approvalRule(
  settings: ReviewSettings,
  process: { approvalsRequired: 1 | 2; requiredBy: string },
  customerType: 'INDIVIDUAL' | 'ORGANIZATION',
  riskLevel: string,
): { required: 1 | 2; requiredBy: string } {
  if (process.approvalsRequired === 2) return { required: 2, requiredBy: process.requiredBy };
  if (settings.twoApprovalsForOrganizations && customerType === 'ORGANIZATION') return { required: 2, requiredBy: 'the review settings: organizations need two approvals' };
  if (settings.twoApprovalsForHighRisk && riskLevel === 'HIGH') return { required: 2, requiredBy: 'the review settings: high-risk cases need two approvals' };
  return { required: 1, requiredBy: process.requiredBy };
}
