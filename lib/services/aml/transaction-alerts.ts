import { and, eq } from 'drizzle-orm';
import type { RuleFiring } from '@/lib/contract/aml-model';
import type { DbOrTx } from '@/lib/db/client';
import { amlAlerts, customers } from '@/lib/db/schema';
import { clock } from '@/lib/clock';
import { emitEvent } from '@/lib/services/events/emit';
import { recordAlertEvent } from './timeline';

/**
 * The alert of a transfer on which monitoring rules fired (docs/aml.md), written in the transfer's
 * own transaction: one alert per transfer, naming every rule that fired with what it saw. When a
 * rule holds the transfer, the alert is what officers release or refuse it through.
 */
export async function raiseTransactionAlert(
  tx: DbOrTx,
  tenantId: string,
  t: { transferId: string; customerId: string; walletId: string; amount: string; currency: string; firings: RuleFiring[]; holds: boolean },
): Promise<string> {
  const [customer] = await tx
    .select({ name: customers.displayName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, t.customerId)));
  const now = clock.now();
  const [alert] = await tx
    .insert(amlAlerts)
    .values({
      tenantId,
      kind: 'TRANSACTION',
      status: 'OPEN',
      customerId: t.customerId,
      subjectType: 'CUSTOMER',
      subjectId: t.customerId,
      subjectName: customer?.name ?? t.customerId,
      transferId: t.transferId,
      firings: t.firings,
      holdsTransfer: t.holds,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: amlAlerts.id });
  const alertId = alert!.id;
  await recordAlertEvent(tx, tenantId, alertId, { actorUserId: null, action: 'CREATED', toStatus: 'OPEN', details: { rules: t.firings.map((f) => f.ruleName), holds: t.holds } });
  await emitEvent(tx, tenantId, 'aml.alert.created', {
    alertId,
    kind: 'TRANSACTION',
    customerId: t.customerId,
    subjectType: 'CUSTOMER',
    subjectId: t.customerId,
    score: null,
    listId: null,
    transferId: t.transferId,
    holdsTransfer: t.holds,
  });
  if (t.holds) {
    await emitEvent(tx, tenantId, 'transfer.held', {
      transferId: t.transferId,
      customerId: t.customerId,
      walletId: t.walletId,
      amount: t.amount,
      currency: t.currency,
      alertId,
      rules: t.firings.filter((f) => f.action === 'HOLD').map((f) => f.ruleName),
    });
  }
  return alertId;
}
