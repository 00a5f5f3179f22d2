import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { CardControls } from '@/lib/db/schema';
import { cardholders, cardLimits, cards, cardStatusHistory, cardWalletTokens, products, users } from '@/lib/db/schema';
import { findCardProduct } from '@/lib/services/products/products';
import { allowedProductCodes } from '@/lib/services/categorization/processes';
import type { CardStatus } from '@/lib/contract/card-operations';
import { isUuid } from '@/lib/contract/common';
import {
  assertMove,
  cardRecord,
  changeStatus,
  countSql,
  dec,
  fmt,
  encryptPan,
  fail,
  findCard,
  findCardRecord,
  generatePan,
  iso,
  NOT_CANCELED,
  paged,
  panHash,
  requireStatus,
  scopeCondition,
  uuidOr,
  verifyOtp,
  type OpContext,
  type OpHandler,
} from './core';
import { writeLimits } from './limits';
import { reportCardActivity } from './report';

/** Card life cycle: apply, list, info, activate, freeze, unfreeze, cancel, replace, renew, update, history. */

export const DEFAULT_CONTROLS: CardControls = {
  mcc: { allowed: null, blocked: [] },
  country: { allowed: null, blocked: [] },
  channel: { ecommerce: true, atm: true, contactless: true, international: true },
  alerts: { lowBalancePercent: null, notifyOnAuthorization: false },
};

export const CARD_VALIDITY_YEARS = 3;

function expiryFrom(now: Date) {
  return { expiryMonth: now.getUTCMonth() + 1, expiryYear: now.getUTCFullYear() + CARD_VALIDITY_YEARS };
}

/** A card's product as issuing needs it (a successor is issued on its predecessor's product). */
async function productOf(c: Pick<OpContext<never>, 'tx' | 'ctx'>, productId: string) {
  const [row] = await c.tx
    .select({ id: products.id, binStart: products.binStart, binEnd: products.binEnd })
    .from(products)
    .where(and(eq(products.tenantId, c.ctx.tenantId), eq(products.id, productId)));
  return row!;
}

/** Issues a new INACTIVE card (PAN generated, stored encrypted) and emits card.issued. */
export async function issueCard(
  c: Pick<OpContext<never>, 'tx' | 'ctx' | 'keys' | 'now'>,
  input: {
    cardholderId: string;
    customerId: string;
    currency: string;
    nickname: string | null;
    controls: CardControls;
    /** the card product: its BIN range gives the number */
    product: { id: string; binStart: string | null; binEnd: string | null };
    replacesCardId?: string;
    ledgerBalance?: string;
  },
) {
  const { tx, ctx, keys, now } = c;
  const id = crypto.randomUUID();
  const bin = input.product.binStart && input.product.binEnd ? { start: input.product.binStart, end: input.product.binEnd } : undefined;
  let pan = generatePan(bin);
  // a collision in 10^9 numbers is unlikely; never reuse a number the tenant already has
  for (let i = 0; i < 5; i++) {
    const [taken] = await tx
      .select({ id: cards.id })
      .from(cards)
      .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.panHash, panHash(keys, ctx.tenantId, pan))));
    if (!taken) break;
    pan = generatePan(bin);
  }
  const [card] = await tx
    .insert(cards)
    .values({
      id,
      tenantId: ctx.tenantId,
      cardholderId: input.cardholderId,
      customerId: input.customerId,
      panCiphertext: encryptPan(keys, ctx.tenantId, id, pan),
      panHash: panHash(keys, ctx.tenantId, pan),
      panFirst6: pan.slice(0, 6),
      panLast4: pan.slice(-4),
      panLength: pan.length,
      ...expiryFrom(now),
      currency: input.currency,
      nickname: input.nickname,
      status: 'INACTIVE',
      replacesCardId: input.replacesCardId ?? null,
      ledgerBalance: input.ledgerBalance ?? '0',
      controls: input.controls,
      productId: input.product.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await tx.insert(cardStatusHistory).values({
    tenantId: ctx.tenantId,
    cardId: id,
    seq: 1,
    fromStatus: null,
    toStatus: 'INACTIVE',
    reason: input.replacesCardId ? 'REPLACEMENT' : 'ISSUED',
    actorUserId: isUuid(ctx.userId) ? ctx.userId : null,
    createdAt: now,
  });
  await reportCardActivity(tx, ctx.tenantId, { type: 'card.issued', data: { card: cardRecord(card!) } });
  return card!;
}

const apply: OpHandler<'card/apply'> = async (c) => {
  const { tx, ctx, body } = c;
  const [holder] = await tx
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.tenantId, ctx.tenantId), eq(cardholders.id, uuidOr(body.cardholderId, 'CARDHOLDER_NOT_FOUND')), scopeCondition(ctx, cardholders.customerId)));
  if (!holder) fail('CARDHOLDER_NOT_FOUND');
  // the card product (docs/products.md): its BIN range, allowed merchant categories and default spending limits
  const product = await findCardProduct(tx, ctx.tenantId, body);
  if (!product) fail('PRODUCT_NOT_FOUND');
  // the customer's category may limit its products (docs/category-processes.md)
  const allowed = await allowedProductCodes(tx, ctx.tenantId, holder.customerId);
  if (allowed.length && !allowed.includes(product.code)) fail('PRODUCT_NOT_ALLOWED');
  if (product.currency && product.currency !== body.currency) fail('CURRENCY_MISMATCH');
  const controls: CardControls = { ...DEFAULT_CONTROLS, mcc: { allowed: product.allowedMccs ?? null, blocked: [] } };
  const card = await issueCard(c, { cardholderId: holder.id, customerId: holder.customerId, currency: body.currency, nickname: body.nickname ?? null, controls, product });
  const defaults = (
    [
      ['PER_TRANSACTION', product.limitPerTransaction],
      ['DAILY', product.limitDaily],
      ['MONTHLY', product.limitMonthly],
    ] as const
  ).flatMap(([interval, amount]) => (amount === null ? [] : [{ interval, amount: fmt(amount, body.currency), currency: body.currency }]));
  const limits = body.limits?.length ? body.limits : defaults;
  if (limits.length) await writeLimits(c, card, limits);
  return cardRecord(card);
};

const list: OpHandler<'card/list'> = async ({ tx, ctx, body }) => {
  const where = and(
    eq(cards.tenantId, ctx.tenantId),
    scopeCondition(ctx, cards.customerId),
    body.status ? eq(cards.status, body.status) : undefined,
    // an id that cannot exist filters everything out, like an unknown one
    body.cardholderId ? (isUuid(body.cardholderId) ? eq(cards.cardholderId, body.cardholderId) : sql`false`) : undefined,
  );
  return paged(
    body,
    (limit, offset) => tx.select().from(cards).where(where).orderBy(desc(cards.createdAt), desc(cards.id)).limit(limit).offset(offset),
    () => tx.select({ n: countSql }).from(cards).where(where),
    cardRecord,
  );
};

const info: OpHandler<'card/info'> = async (c) => cardRecord(await findCardRecord(c, c.body.cardNo));

/** A move that needs a code of a purpose: the state is checked first, then the code. */
async function otpMove(c: OpContext<'card/activate' | 'card/unfreeze'>, from: CardStatus, purpose: string, reason: string) {
  const card = await findCard(c, c.body.cardNo);
  assertMove(card, 'ACTIVE', [from]);
  await verifyOtp(c, card, purpose, c.body.otp);
  return cardRecord(await changeStatus(c, card, 'ACTIVE', reason));
}

const activate: OpHandler<'card/activate'> = (c) => otpMove(c, 'INACTIVE', 'ACTIVATE', 'ACTIVATED');
const unfreeze: OpHandler<'card/unfreeze'> = (c) => otpMove(c, 'FROZEN', 'UNFREEZE', 'UNFROZEN');

const freeze: OpHandler<'card/freeze'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  assertMove(card, 'FROZEN', ['ACTIVE']);
  return cardRecord(await changeStatus(c, card, 'FROZEN', c.body.reason));
};

async function deleteWalletTokens(c: Pick<OpContext<never>, 'tx' | 'now'>, tenantId: string, cardId: string) {
  await c.tx
    .update(cardWalletTokens)
    .set({ status: 'DELETED', updatedAt: c.now })
    .where(and(eq(cardWalletTokens.tenantId, tenantId), eq(cardWalletTokens.cardId, cardId)));
}

const cancel: OpHandler<'card/cancel'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  assertMove(card, 'CANCELED');
  await verifyOtp(c, card, 'CANCEL', c.body.otp);
  await deleteWalletTokens(c, card.tenantId, card.id);
  return cardRecord(await changeStatus(c, card, 'CANCELED', c.body.reason));
};

/**
 * Cancels the card and issues a successor (INACTIVE, same cardholder, currency, nickname, limits
 * and controls). The available balance moves to the successor; what approved authorizations hold
 * stays on the old card so that they can still clear or reverse there.
 */
const replace: OpHandler<'card/replace'> = async (c) => {
  const { tx, ctx } = c;
  const card = await findCard(c, c.body.cardNo);
  assertMove(card, 'CANCELED');
  const successor = await issueCard(c, {
    cardholderId: card.cardholderId,
    customerId: card.customerId,
    currency: card.currency,
    nickname: card.nickname,
    controls: card.controls,
    product: await productOf(c, card.productId),
    replacesCardId: card.id,
    ledgerBalance: dec(card.ledgerBalance).minus(card.pendingBalance).toFixed(4),
  });
  const limits = await tx
    .select()
    .from(cardLimits)
    .where(and(eq(cardLimits.tenantId, ctx.tenantId), eq(cardLimits.cardId, card.id)));
  if (limits.length) {
    await tx
      .insert(cardLimits)
      .values(limits.map((l) => ({ tenantId: l.tenantId, cardId: successor.id, interval: l.interval, amount: l.amount, currency: l.currency, createdAt: c.now, updatedAt: c.now })));
  }
  await deleteWalletTokens(c, card.tenantId, card.id);
  await tx
    .update(cards)
    .set({ replacedByCardId: successor.id, ledgerBalance: card.pendingBalance })
    .where(and(eq(cards.tenantId, ctx.tenantId), eq(cards.id, card.id)));
  const previous = await changeStatus(c, { ...card, replacedByCardId: successor.id, ledgerBalance: card.pendingBalance }, 'CANCELED', `REPLACED_${c.body.reason}`);
  return { previous: cardRecord(previous), card: cardRecord(successor) };
};

const renew: OpHandler<'card/renew'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, NOT_CANCELED);
  const [updated] = await c.tx
    .update(cards)
    .set({ ...expiryFrom(c.now), updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)))
    .returning();
  return cardRecord(updated!);
};

const update: OpHandler<'card/update'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, NOT_CANCELED);
  if (c.body.nickname === undefined) return cardRecord(card);
  const [updated] = await c.tx
    .update(cards)
    .set({ nickname: c.body.nickname, updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)))
    .returning();
  return cardRecord(updated!);
};

const statusHistory: OpHandler<'card/status-history'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  // every line says who: the actor's name from the tenant's users (null: the system or the processor)
  const rows = await c.tx
    .select({ h: cardStatusHistory, firstName: users.firstName, lastName: users.lastName, username: users.username })
    .from(cardStatusHistory)
    .leftJoin(users, and(eq(users.tenantId, cardStatusHistory.tenantId), eq(users.id, cardStatusHistory.actorUserId)))
    .where(and(eq(cardStatusHistory.tenantId, card.tenantId), eq(cardStatusHistory.cardId, card.id)))
    .orderBy(asc(cardStatusHistory.seq));
  return {
    items: rows.map(({ h: r, ...u }) => ({
      from: (r.fromStatus as CardStatus | null) ?? null,
      to: r.toStatus as CardStatus,
      reason: r.reason,
      actorUserId: r.actorUserId,
      actorName: u.username ? [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username : null,
      at: iso(r.createdAt)!,
    })),
  };
};

export const cardHandlers = {
  'card/apply': apply,
  'card/list': list,
  'card/info': info,
  'card/activate': activate,
  'card/freeze': freeze,
  'card/unfreeze': unfreeze,
  'card/cancel': cancel,
  'card/replace': replace,
  'card/renew': renew,
  'card/update': update,
  'card/status-history': statusHistory,
};
