import { and, eq, gt, isNull } from 'drizzle-orm';
import { cards, cardSecureTokens } from '@/lib/db/schema';
import { hashSecret } from '@/lib/services/identity/passwords';
import { fail, findCard, newToken, requireStatus, sha256, verifyOtp, type OpHandler } from './core';

/** PIN control tokens (single use, 5 minutes, stored as SHA-256), the PIN itself as an argon2 hash. */
export const CONTROL_TOKEN_TTL_MS = 5 * 60_000;

const controlToken: OpHandler<'pin/control-token'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, ['ACTIVE']);
  await verifyOtp(c, card, 'PIN', c.body.otp);
  const token = newToken();
  const expiresAt = new Date(c.now.getTime() + CONTROL_TOKEN_TTL_MS);
  await c.tx.insert(cardSecureTokens).values({ tenantId: card.tenantId, cardId: card.id, type: c.body.type, tokenHash: sha256(token), expiresAt, createdAt: c.now });
  return { controlToken: token, type: c.body.type, expiresAt: expiresAt.toISOString() };
};

/** All digits the same, or a run up or down (1234, 9876): too easy to guess. */
export function weakPin(pin: string): boolean {
  if (/^(\d)\1+$/.test(pin)) return true;
  const steps = [...pin].slice(1).map((d, i) => Number(d) - Number(pin[i]));
  return steps.every((s) => s === 1) || steps.every((s) => s === -1);
}

const setPin: OpHandler<'pin/set'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, ['ACTIVE']);
  const [token] = await c.tx
    .select()
    .from(cardSecureTokens)
    .where(
      and(
        eq(cardSecureTokens.tenantId, card.tenantId),
        eq(cardSecureTokens.tokenHash, sha256(c.body.controlToken)),
        eq(cardSecureTokens.cardId, card.id),
        eq(cardSecureTokens.type, 'SET_PIN'),
        isNull(cardSecureTokens.usedAt),
        gt(cardSecureTokens.expiresAt, c.now),
      ),
    )
    .for('update');
  if (!token) fail('CONTROL_TOKEN_INVALID');
  if (weakPin(c.body.pin)) fail('PIN_TOO_WEAK');
  await c.tx
    .update(cardSecureTokens)
    .set({ usedAt: c.now })
    .where(and(eq(cardSecureTokens.tenantId, card.tenantId), eq(cardSecureTokens.id, token.id)));
  await c.tx
    .update(cards)
    .set({ pinHash: await hashSecret(c.body.pin), pinFailures: 0, updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  return { ok: true as const };
};

const unblock: OpHandler<'pin/unblock'> = async (c) => {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, ['ACTIVE']);
  await verifyOtp(c, card, 'PIN', c.body.otp);
  await c.tx
    .update(cards)
    .set({ pinFailures: 0, updatedAt: c.now })
    .where(and(eq(cards.tenantId, card.tenantId), eq(cards.id, card.id)));
  return { ok: true as const };
};

export const pinHandlers = { 'pin/control-token': controlToken, 'pin/set': setPin, 'pin/unblock': unblock };
