import { and, eq, gt, lte, or, type SQL } from 'drizzle-orm';
import { clock } from '@/lib/clock';
import { MAX_CONSENT_DAYS, type CreatePaymentConsentBody, type ListPaymentConsentsQuery, type PaymentConsent } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';
import { paymentConsents, type PaymentConsentRow } from '@/lib/db/schema';
import { currencyMismatch, notFound, validationFailed } from '@/lib/contract/api-errors';
import { emptyPage, fmt, iso, listCustomer, pageRows, type Actor } from './access';
import { findWallet } from './wallets';

/**
 * Payment consents: a customer authorizes payments from one wallet (scope, max amount per
 * payment, currency, expiry). Stored status is AUTHORIZED or REVOKED; EXPIRED is derived from
 * expiresAt at read time, so no job has to flip it (docs/ledger.md).
 */
export function effectiveStatus(row: Pick<PaymentConsentRow, 'status' | 'expiresAt'>, now = clock.now()): PaymentConsent['status'] {
  if (row.status === 'REVOKED') return 'REVOKED';
  return row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'AUTHORIZED';
}

export function toPaymentConsent(row: PaymentConsentRow): PaymentConsent {
  return {
    id: row.id,
    customerId: row.customerId,
    walletId: row.walletId,
    scope: row.scope,
    maxAmountPerPayment: fmt(row.maxAmountPerPayment, row.currency),
    currency: row.currency as PaymentConsent['currency'],
    expiresAt: row.expiresAt.toISOString(),
    status: effectiveStatus(row),
    authorizedBy: row.authorizedBy,
    revokedAt: iso(row.revokedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function createPaymentConsent(db: DbOrTx, tenantId: string, actor: Actor, body: CreatePaymentConsentBody): Promise<PaymentConsent> {
  const wallet = await findWallet(db, tenantId, actor, body.walletId);
  if (wallet.currency !== body.currency) throw currencyMismatch(wallet.currency, body.currency);
  const now = clock.now();
  const expiresAt = new Date(body.expiresAt);
  if (expiresAt.getTime() <= now.getTime()) throw validationFailed([{ field: 'expiresAt', message: 'must be in the future' }]);
  if (expiresAt.getTime() > now.getTime() + MAX_CONSENT_DAYS * 86_400_000) {
    throw validationFailed([{ field: 'expiresAt', message: `must be at most ${MAX_CONSENT_DAYS} days ahead` }]);
  }
  const [row] = await db
    .insert(paymentConsents)
    .values({
      tenantId,
      customerId: wallet.customerId,
      walletId: wallet.id,
      scope: body.scope,
      maxAmountPerPayment: body.maxAmountPerPayment,
      currency: body.currency,
      expiresAt,
      authorizedBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return toPaymentConsent(row!);
}

export async function listPaymentConsents(db: DbOrTx, tenantId: string, actor: Actor, query: ListPaymentConsentsQuery) {
  const customerId = listCustomer(actor, query.customerId);
  if (customerId === false) return emptyPage(query);
  const now = clock.now();
  const byStatus: Record<PaymentConsent['status'], SQL | undefined> = {
    AUTHORIZED: and(eq(paymentConsents.status, 'AUTHORIZED'), gt(paymentConsents.expiresAt, now)),
    REVOKED: eq(paymentConsents.status, 'REVOKED'),
    EXPIRED: and(eq(paymentConsents.status, 'AUTHORIZED'), lte(paymentConsents.expiresAt, now)),
  };
  const where = and(
    eq(paymentConsents.tenantId, tenantId),
    customerId ? eq(paymentConsents.customerId, customerId) : undefined,
    query.walletId ? eq(paymentConsents.walletId, query.walletId) : undefined,
    query.status ? or(byStatus[query.status]) : undefined,
  );
  const { rows, total } = await pageRows(db, paymentConsents, where, query);
  return { items: rows.map(toPaymentConsent), page: query.page, pageSize: query.pageSize, total };
}

const scoped = (tenantId: string, actor: Actor, id: string) =>
  and(eq(paymentConsents.tenantId, tenantId), eq(paymentConsents.id, id), actor.customerId ? eq(paymentConsents.customerId, actor.customerId) : undefined);

export async function getPaymentConsent(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<PaymentConsent> {
  const [row] = await db
    .select()
    .from(paymentConsents)
    .where(scoped(tenantId, actor, id));
  if (!row) throw notFound('payment consent');
  return toPaymentConsent(row);
}

/** AUTHORIZED -> REVOKED in one statement; revoking a revoked or expired consent answers it unchanged. */
export async function revokePaymentConsent(db: DbOrTx, tenantId: string, actor: Actor, id: string): Promise<PaymentConsent> {
  const now = clock.now();
  const [row] = await db
    .update(paymentConsents)
    .set({ status: 'REVOKED', revokedAt: now, updatedAt: now })
    .where(and(scoped(tenantId, actor, id), eq(paymentConsents.status, 'AUTHORIZED'), gt(paymentConsents.expiresAt, now)))
    .returning();
  return row ? toPaymentConsent(row) : getPaymentConsent(db, tenantId, actor, id);
}
