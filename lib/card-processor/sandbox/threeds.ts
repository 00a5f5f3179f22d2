import { and, asc, eq, gt } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import type { Currency } from '@/lib/contract/money';
import { card3dsChallenges, cardAuthorizations, type CardAuthorizationRow } from '@/lib/db/schema';
import { fail, findCard, fmt, uuidOr, type OpHandler } from './core';
import { completeAuthorization, decide } from './simulate';

/**
 * 3-D Secure: simulate/authorize with threeDSecure creates a PENDING_3DS authorization and a
 * challenge (10 minutes). APPROVE runs the decision rules then; DECLINE declines (no decline
 * reason: the cardholder refused). An expired challenge cannot be answered.
 */
type ChallengeRow = typeof card3dsChallenges.$inferSelect;

function challengeRecord(ch: ChallengeRow, a: CardAuthorizationRow, now: Date): CardOperationResult<'3ds/confirm'> {
  return {
    challengeId: ch.id,
    cardId: ch.cardId,
    authorizationId: ch.authorizationId,
    amount: fmt(a.amount, a.currency),
    currency: a.currency as Currency,
    merchant: a.merchant,
    status: ch.status === 'PENDING' && ch.expiresAt <= now ? 'EXPIRED' : ch.status,
    expiresAt: ch.expiresAt.toISOString(),
    createdAt: ch.createdAt.toISOString(),
  };
}

const pending: OpHandler<'3ds/pending'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const rows = await c.tx
    .select({ ch: card3dsChallenges, auth: cardAuthorizations })
    .from(card3dsChallenges)
    .innerJoin(cardAuthorizations, and(eq(cardAuthorizations.tenantId, card3dsChallenges.tenantId), eq(cardAuthorizations.id, card3dsChallenges.authorizationId)))
    .where(and(eq(card3dsChallenges.tenantId, card.tenantId), eq(card3dsChallenges.cardId, card.id), eq(card3dsChallenges.status, 'PENDING'), gt(card3dsChallenges.expiresAt, c.now)))
    .orderBy(asc(card3dsChallenges.createdAt));
  return { items: rows.map((r) => challengeRecord(r.ch, r.auth, c.now)) };
};

const confirm: OpHandler<'3ds/confirm'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  const [row] = await c.tx
    .select({ ch: card3dsChallenges, auth: cardAuthorizations })
    .from(card3dsChallenges)
    .innerJoin(cardAuthorizations, and(eq(cardAuthorizations.tenantId, card3dsChallenges.tenantId), eq(cardAuthorizations.id, card3dsChallenges.authorizationId)))
    .where(and(eq(card3dsChallenges.tenantId, card.tenantId), eq(card3dsChallenges.cardId, card.id), eq(card3dsChallenges.id, uuidOr(c.body.challengeId, 'CHALLENGE_NOT_FOUND'))))
    .for('update');
  if (!row) fail('CHALLENGE_NOT_FOUND');
  if (row.ch.status !== 'PENDING') fail('CHALLENGE_ALREADY_ANSWERED', { data: { status: row.ch.status } });
  if (row.ch.expiresAt <= c.now) fail('CHALLENGE_EXPIRED');
  const approve = c.body.decision === 'APPROVE';
  const reason = approve ? await decide(c, card, { amount: row.auth.amount, currency: row.auth.currency, merchant: row.auth.merchant, channel: row.auth.channel as never }) : null;
  const auth = await completeAuthorization(c, card, row.auth, reason, !approve || reason !== null);
  const [ch] = await c.tx
    .update(card3dsChallenges)
    .set({ status: approve ? 'APPROVED' : 'DECLINED', updatedAt: c.now })
    .where(and(eq(card3dsChallenges.tenantId, card.tenantId), eq(card3dsChallenges.id, row.ch.id)))
    .returning();
  return challengeRecord(ch!, auth, c.now);
};

export const threeDsHandlers = { '3ds/pending': pending, '3ds/confirm': confirm };
