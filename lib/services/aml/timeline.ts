import type { DbOrTx } from '@/lib/db/client';
import { amlAlertEvents } from '@/lib/db/schema';
import { clock } from '@/lib/clock';

/** What happened to an alert, in its timeline (append-only; null actor: the platform). */
export interface AlertEventInput {
  actorUserId: string | null;
  action: 'CREATED' | 'ASSIGNED' | 'UNASSIGNED' | 'DECISION_PROPOSED' | 'PROPOSAL_DECLINED' | 'DECIDED' | 'EFFECT' | 'EFFECT_FAILED';
  decision?: string | null;
  reasonCode?: string | null;
  comment?: string | null;
  fromStatus?: string | null;
  toStatus?: string | null;
  details?: Record<string, unknown> | null;
}

export async function recordAlertEvent(tx: DbOrTx, tenantId: string, alertId: string, e: AlertEventInput): Promise<void> {
  await tx.insert(amlAlertEvents).values({
    tenantId,
    alertId,
    actorUserId: e.actorUserId,
    action: e.action,
    decision: e.decision ?? null,
    reasonCode: e.reasonCode ?? null,
    comment: e.comment ?? null,
    fromStatus: e.fromStatus ?? null,
    toStatus: e.toStatus ?? null,
    details: e.details ?? null,
    createdAt: clock.now(),
  });
}
