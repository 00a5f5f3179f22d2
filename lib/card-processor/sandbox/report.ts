import { AsyncLocalStorage } from 'node:async_hooks';
import type { CardActivity } from '@/lib/contract/external-events';
import type { Tx } from '@/lib/db/client';
import { recordCardActivity } from '@/lib/services/cards/activity';

/**
 * How the sandbox reports what happened to a card (issued, status changed, a transaction authorized,
 * declined or settled). In process (the default), straight into the platform's one path
 * (lib/services/cards/activity.ts: card directory, card movements, tenant webhooks) in the
 * operation's own transaction. Served as an external processor with an events destination
 * (createSandboxProcessor({ events })), it collects them instead, and after its transaction commits
 * sends each one, signed the Standard Webhooks way, to the platform's inbound endpoint
 * (POST /api/v2.1/external-events/{partnerId}), which calls that same path: one path either way.
 */
export interface ReportedActivity {
  tenantId: string;
  activity: CardActivity;
}

const outbox = new AsyncLocalStorage<ReportedActivity[]>();

export async function reportCardActivity(tx: Tx, tenantId: string, activity: CardActivity): Promise<void> {
  const pending = outbox.getStore();
  if (pending) pending.push({ tenantId, activity });
  else await recordCardActivity(tx, tenantId, activity);
}

/** Runs an operation with its activity collected (sent by the caller once it has committed). */
export function collectingActivity<T>(run: () => Promise<T>): Promise<{ result: T; reported: ReportedActivity[] }> {
  const reported: ReportedActivity[] = [];
  return outbox.run(reported, async () => ({ result: await run(), reported }));
}
