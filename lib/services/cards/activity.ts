import { sql } from 'drizzle-orm';
import type { CardActivity } from '@/lib/contract/external-events';
import type { EventType } from '@/lib/contract/events';
import type { DbOrTx } from '@/lib/db/client';
import { cardDirectoryTransactions } from '@/lib/db/schema';
import { emitEvent } from '@/lib/services/events/emit';
import { recordCardAnswer } from './directory';

/**
 * The one path by which a card processor's activity reaches the platform (docs/external-events.md):
 * the built-in sandbox calls it in the transaction of its operation, and an external processor's
 * signed event (POST /api/v2.1/external-events/{partnerId}) calls it in the transaction that records
 * the event. Each activity updates the card directory (the card as the processor reports it), the
 * platform's ledger of card movements (card_directory_transactions: authorizations, declines,
 * settlements) and fans out to the tenant's webhooks (card.issued, card.status.changed,
 * card.transaction.created, card.transaction.settled), all in the caller's transaction.
 */
export interface CardActivityResult {
  [key: string]: unknown;
  cardId: string;
  transactionId: string | null;
  emitted: EventType;
  webhookEventId: string;
}

export async function recordCardActivity(tx: DbOrTx, tenantId: string, activity: CardActivity): Promise<CardActivityResult> {
  const { card } = activity.data;
  // the directory keeps the card as the processor answers it (masked number only)
  await recordCardAnswer(tx, tenantId, 'card/info', card);
  const ref = { cardId: card.cardId, maskedCardNo: card.cardNo };
  switch (activity.type) {
    case 'card.issued': {
      const event = await emitEvent(tx, tenantId, 'card.issued', { ...ref, cardholderId: card.cardholderId, customerId: card.customerId, currency: card.currency });
      return { cardId: card.cardId, transactionId: null, emitted: 'card.issued', webhookEventId: event.id };
    }
    case 'card.status.changed': {
      const { previousStatus, reason } = activity.data;
      const event = await emitEvent(tx, tenantId, 'card.status.changed', { ...ref, previousStatus, status: card.status, reason });
      return { cardId: card.cardId, transactionId: null, emitted: 'card.status.changed', webhookEventId: event.id };
    }
    case 'card.transaction.created': {
      const t = activity.data.transaction;
      await recordMovement(tx, tenantId, t);
      const event = await emitEvent(tx, tenantId, 'card.transaction.created', {
        ...ref,
        transactionId: t.transactionId,
        status: t.status,
        amount: t.amount,
        currency: t.currency,
        merchant: t.merchant,
        declineReason: t.declineReason,
      });
      return { cardId: card.cardId, transactionId: t.transactionId, emitted: 'card.transaction.created', webhookEventId: event.id };
    }
    case 'card.transaction.settled': {
      const t = activity.data.transaction;
      await recordMovement(tx, tenantId, t);
      const event = await emitEvent(tx, tenantId, 'card.transaction.settled', {
        ...ref,
        transactionId: t.transactionId,
        status: 'SETTLED',
        amount: t.amount,
        currency: t.currency,
        merchant: t.merchant,
        settledAt: t.settledAt ?? new Date(t.createdAt).toISOString(),
      });
      return { cardId: card.cardId, transactionId: t.transactionId, emitted: 'card.transaction.settled', webhookEventId: event.id };
    }
  }
}

type Movement = Extract<CardActivity, { type: 'card.transaction.created' }>['data']['transaction'];

/** One row per transaction of a card: a settlement updates the row its authorization opened. */
async function recordMovement(tx: DbOrTx, tenantId: string, t: Movement): Promise<void> {
  const values = {
    authorizationId: t.authorizationId,
    status: t.status,
    amount: t.amount,
    currency: t.currency,
    merchant: t.merchant,
    declineReason: t.declineReason,
    occurredAt: new Date(t.createdAt),
    settledAt: t.settledAt ? new Date(t.settledAt) : null,
  };
  await tx
    .insert(cardDirectoryTransactions)
    .values({ tenantId, cardId: t.cardId, transactionId: t.transactionId, ...values })
    .onConflictDoUpdate({
      target: [cardDirectoryTransactions.tenantId, cardDirectoryTransactions.cardId, cardDirectoryTransactions.transactionId],
      set: { ...values, updatedAt: sql`now()` },
    });
}
