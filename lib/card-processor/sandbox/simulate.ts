import { and, eq } from 'drizzle-orm';
import type { CardOperationResult } from '@/lib/contract/card-operations';
import type { Currency } from '@/lib/contract/money';
import {
  card3dsChallenges,
  cardAuthorizations,
  cardholders,
  cards,
  cardTransactions,
  type CardAuthorizationRow,
  type CardMerchant,
  type CardRow,
  type CardTransactionRow,
} from '@/lib/db/schema';
import { cardRecord, dec, fail, findCard, fmt, iso, uuidOr, type OpContext, type OpHandler } from './core';
import { reportCardActivity } from './report';
import { limitsOf, usageIn, type Interval } from './limits';

/**
 * Sandbox authorizations through the real decision rules, in this order: card state, channel
 * controls (international = merchant country differs from the cardholder's billing country), MCC,
 * country, per-interval limits, balance. The first rule that fails is the decline reason. A
 * decline is a successful operation: the authorization and a DECLINED transaction are recorded.
 */
export type DeclineReason = NonNullable<CardOperationResult<'simulate/authorize'>['declineReason']>;
type Channel = 'ecommerce' | 'atm' | 'contactless' | 'international';
export const CHALLENGE_TTL_MS = 10 * 60_000;

export interface AuthorizationInput {
  amount: string;
  currency: string;
  merchant: CardMerchant;
  channel: Channel | null;
}

export async function decide(c: Pick<OpContext<never>, 'tx' | 'now'>, card: CardRow, auth: AuthorizationInput): Promise<DeclineReason | null> {
  if (card.status === 'INACTIVE' || card.status === 'CANCELED') return 'CARD_INACTIVE';
  if (card.status === 'FROZEN') return 'CARD_FROZEN';
  const controls = card.controls;
  if (auth.channel && !controls.channel[auth.channel]) return 'CHANNEL_BLOCKED';
  const [holder] = await c.tx
    .select({ address: cardholders.billingAddress })
    .from(cardholders)
    .where(and(eq(cardholders.tenantId, card.tenantId), eq(cardholders.id, card.cardholderId)));
  if (holder && holder.address.country !== auth.merchant.country && !controls.channel.international) return 'CHANNEL_BLOCKED';
  if ((controls.mcc.allowed && !controls.mcc.allowed.includes(auth.merchant.mcc)) || controls.mcc.blocked.includes(auth.merchant.mcc)) return 'MCC_BLOCKED';
  if ((controls.country.allowed && !controls.country.allowed.includes(auth.merchant.country)) || controls.country.blocked.includes(auth.merchant.country)) return 'COUNTRY_BLOCKED';
  for (const limit of await limitsOf(c.tx, card)) {
    const used = await usageIn(c.tx, card, limit.interval as Interval, c.now);
    if (dec(used).plus(auth.amount).greaterThan(limit.amount)) return 'SPENDING_LIMIT';
  }
  if (dec(card.ledgerBalance).minus(card.pendingBalance).lessThan(auth.amount)) return 'INSUFFICIENT_FUNDS';
  return null;
}

/** What authorizations and transactions share on the wire. */
function movement(r: CardAuthorizationRow | CardTransactionRow) {
  return {
    cardId: r.cardId,
    amount: fmt(r.amount, r.currency),
    currency: r.currency as Currency,
    merchant: r.merchant,
    channel: r.channel as Channel | null,
    declineReason: r.declineReason as DeclineReason | null,
    createdAt: r.createdAt.toISOString(),
  };
}

export function authorizationRecord(a: CardAuthorizationRow): CardOperationResult<'simulate/authorize'> {
  return { authorizationId: a.id, status: a.status, ...movement(a) };
}

export function transactionRecord(t: CardTransactionRow): CardOperationResult<'transaction/info'> {
  return { transactionId: t.id, authorizationId: t.authorizationId, status: t.status, ...movement(t), settledAt: iso(t.settledAt) };
}

/**
 * Settles the outcome of an authorization that was decided now: APPROVED holds the amount and
 * opens a PENDING transaction; DECLINED records a DECLINED transaction. Emits card.transaction.created.
 */
export async function completeAuthorization(c: Pick<OpContext<never>, 'tx' | 'now'>, card: CardRow, auth: CardAuthorizationRow, reason: DeclineReason | null, declined = reason !== null) {
  const status = declined ? 'DECLINED' : 'APPROVED';
  const [updated] = await c.tx
    .update(cardAuthorizations)
    .set({ status, declineReason: reason, updatedAt: c.now })
    .where(and(eq(cardAuthorizations.tenantId, auth.tenantId), eq(cardAuthorizations.id, auth.id)))
    .returning();
  if (!declined) {
    await c.tx
      .update(cards)
      .set({ pendingBalance: dec(card.pendingBalance).plus(auth.amount).toFixed(4), updatedAt: c.now })
      .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  }
  const [tx] = await c.tx
    .insert(cardTransactions)
    .values({
      tenantId: card.tenantId,
      cardId: card.id,
      authorizationId: auth.id,
      status: declined ? 'DECLINED' : 'PENDING',
      amount: auth.amount,
      currency: auth.currency,
      merchant: auth.merchant,
      channel: auth.channel,
      declineReason: reason,
      createdAt: c.now,
    })
    .returning();
  await reportCardActivity(c.tx, card.tenantId, { type: 'card.transaction.created', data: { card: cardRecord(card), transaction: transactionRecord(tx!) } });
  return updated!;
}

const authorize: OpHandler<'simulate/authorize'> = async (c) => {
  const { body } = c;
  const card = await findCard(c, body.cardNo);
  if (body.currency !== card.currency) fail('CURRENCY_MISMATCH', { data: { cardCurrency: card.currency } });
  const input = { amount: body.amount, currency: body.currency, merchant: body.merchant, channel: body.channel };
  const reason = await decide(c, card, input);
  const [auth] = await c.tx
    .insert(cardAuthorizations)
    .values({ tenantId: card.tenantId, cardId: card.id, status: 'PENDING_3DS', ...input, createdAt: c.now, updatedAt: c.now })
    .returning();
  if (body.threeDSecure && !reason) {
    await c.tx
      .insert(card3dsChallenges)
      .values({ tenantId: card.tenantId, cardId: card.id, authorizationId: auth!.id, expiresAt: new Date(c.now.getTime() + CHALLENGE_TTL_MS), createdAt: c.now, updatedAt: c.now });
    return authorizationRecord(auth!);
  }
  return authorizationRecord(await completeAuthorization(c, card, auth!, reason));
};

async function approvedAuthorization(c: OpContext<'simulate/clear' | 'simulate/reverse'>) {
  const card = await findCard(c, c.body.cardNo);
  const [auth] = await c.tx
    .select()
    .from(cardAuthorizations)
    .where(and(eq(cardAuthorizations.tenantId, card.tenantId), eq(cardAuthorizations.cardId, card.id), eq(cardAuthorizations.id, uuidOr(c.body.authorizationId, 'AUTHORIZATION_NOT_FOUND'))))
    .for('update');
  if (!auth) fail('AUTHORIZATION_NOT_FOUND');
  if (auth.status !== 'APPROVED') fail('AUTHORIZATION_STATE', { data: { status: auth.status } });
  return { card, auth };
}

async function finishTransaction(c: OpContext<'simulate/clear' | 'simulate/reverse'>, auth: CardAuthorizationRow, set: Partial<typeof cardTransactions.$inferInsert>) {
  const [row] = await c.tx
    .update(cardTransactions)
    .set(set)
    .where(and(eq(cardTransactions.tenantId, auth.tenantId), eq(cardTransactions.authorizationId, auth.id)))
    .returning();
  return row!;
}

/** Settles an approved authorization (for its amount or less): ledger down, hold released. */
const clear: OpHandler<'simulate/clear'> = async (c) => {
  const { card, auth } = await approvedAuthorization(c);
  const amount = c.body.amount ?? auth.amount;
  if (dec(amount).greaterThan(auth.amount)) fail('CLEAR_AMOUNT_EXCEEDED', { data: { authorized: fmt(auth.amount, auth.currency) } });
  await c.tx
    .update(cards)
    .set({ ledgerBalance: dec(card.ledgerBalance).minus(amount).toFixed(4), pendingBalance: dec(card.pendingBalance).minus(auth.amount).toFixed(4), updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  await c.tx
    .update(cardAuthorizations)
    .set({ status: 'CLEARED', amount, updatedAt: c.now })
    .where(and(eq(cardAuthorizations.tenantId, auth.tenantId), eq(cardAuthorizations.id, auth.id)));
  const settled = transactionRecord(await finishTransaction(c, auth, { status: 'SETTLED', amount, settledAt: c.now }));
  await reportCardActivity(c.tx, card.tenantId, { type: 'card.transaction.settled', data: { card: cardRecord(card), transaction: { ...settled, status: 'SETTLED' } } });
  return settled;
};

/** Reverses an approved authorization: the hold is released, it no longer counts against limits. */
const reverse: OpHandler<'simulate/reverse'> = async (c) => {
  const { card, auth } = await approvedAuthorization(c);
  await c.tx
    .update(cards)
    .set({ pendingBalance: dec(card.pendingBalance).minus(auth.amount).toFixed(4), updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  const [updated] = await c.tx
    .update(cardAuthorizations)
    .set({ status: 'REVERSED', updatedAt: c.now })
    .where(and(eq(cardAuthorizations.tenantId, auth.tenantId), eq(cardAuthorizations.id, auth.id)))
    .returning();
  await finishTransaction(c, auth, { status: 'REVERSED' });
  return authorizationRecord(updated!);
};

export const simulateHandlers = { 'simulate/authorize': authorize, 'simulate/clear': clear, 'simulate/reverse': reverse };
