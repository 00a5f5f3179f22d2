import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { CardStatus } from '@/lib/contract/card-operations';
import { cardholders, cardOtps, cardSecureTokens, type CardRow } from '@/lib/db/schema';
import {
  decryptPan,
  deriveCvv,
  fail,
  findCard,
  latestOtp,
  newToken,
  openOtp,
  OTP_MAX_ATTEMPTS,
  OTP_TTL_MS,
  otpHash,
  requireStatus,
  sealOtp,
  sha256,
  verifyOtp,
  type OpHandler,
} from './core';

/**
 * One-time codes and the secure reveal. Delivery is simulated: the code is recorded (hashed, and
 * encrypted for sandbox/otp/peek) and "sent" to the cardholder's phone. Sending checks that the
 * card is in a state where the purpose makes sense.
 */
const PURPOSE_STATES: Record<string, readonly CardStatus[]> = {
  ACTIVATE: ['INACTIVE'],
  UNFREEZE: ['FROZEN'],
  CANCEL: ['INACTIVE', 'ACTIVE', 'FROZEN'],
  REVEAL: ['ACTIVE', 'FROZEN'],
  PIN: ['ACTIVE'],
};
export const REVEAL_TTL_MS = 60_000;

export const maskPhone = (phone: string) => `${phone.slice(0, 3)}${'*'.repeat(Math.max(phone.length - 7, 0))}${phone.slice(-4)}`;

const send: OpHandler<'secure/otp/send'> = async (c) => {
  const { tx, keys, now, body } = c;
  const card = await findCard(c, body.cardNo);
  if (!PURPOSE_STATES[body.purpose]!.includes(card.status)) {
    fail(body.purpose === 'REVEAL' || body.purpose === 'PIN' ? 'CARD_NOT_ACTIVE' : 'INVALID_STATE_TRANSITION', { data: { status: card.status } });
  }
  const [holder] = await tx
    .select()
    .from(cardholders)
    .where(and(eq(cardholders.tenantId, card.tenantId), eq(cardholders.id, card.cardholderId)));
  const code = String(randomInt(1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  // a new code replaces the codes sent before for the same purpose
  await tx
    .update(cardOtps)
    .set({ consumedAt: now })
    .where(and(eq(cardOtps.tenantId, card.tenantId), eq(cardOtps.cardId, card.id), eq(cardOtps.purpose, body.purpose), isNull(cardOtps.consumedAt)));
  await tx.insert(cardOtps).values({
    tenantId: card.tenantId,
    cardId: card.id,
    purpose: body.purpose,
    codeHash: otpHash(keys, card.id, body.purpose, code),
    codeCiphertext: sealOtp(keys, card.tenantId, card.id, body.purpose, code),
    expiresAt,
    createdAt: now,
  });
  return { purpose: body.purpose, channel: 'SMS' as const, destination: maskPhone(holder?.phone ?? ''), expiresAt: expiresAt.toISOString(), attemptsAllowed: OTP_MAX_ATTEMPTS };
};

const REVEAL_STATES: readonly CardStatus[] = ['ACTIVE', 'FROZEN'];

async function revealable(c: Parameters<OpHandler<'secure/reveal'>>[0] | Parameters<OpHandler<'secure/reveal-token'>>[0]): Promise<CardRow> {
  const card = await findCard(c, c.body.cardNo);
  requireStatus(card, REVEAL_STATES);
  await verifyOtp(c, card, 'REVEAL', c.body.otp);
  return card;
}

const reveal: OpHandler<'secure/reveal'> = async (c) => {
  const card = await revealable(c);
  const pan = decryptPan(c.keys, card);
  const fields = new Set(c.body.fields);
  return {
    ...(fields.has('PAN') ? { cardNo: pan } : {}),
    ...(fields.has('CVV') ? { cvv: deriveCvv(c.keys, pan, card.expiryMonth, card.expiryYear) } : {}),
    ...(fields.has('EXPIRY') ? { expiryMonth: card.expiryMonth, expiryYear: card.expiryYear } : {}),
    expiresAt: new Date(c.now.getTime() + REVEAL_TTL_MS).toISOString(),
  };
};

const revealToken: OpHandler<'secure/reveal-token'> = async (c) => {
  const card = await revealable(c);
  const token = newToken();
  const expiresAt = new Date(c.now.getTime() + REVEAL_TTL_MS);
  await c.tx.insert(cardSecureTokens).values({ tenantId: card.tenantId, cardId: card.id, type: 'REVEAL', tokenHash: sha256(token), expiresAt, createdAt: c.now });
  return { token, expiresAt: expiresAt.toISOString() };
};

/** Sandbox only: the latest live code for (card, purpose), so tests and the demo can finish a flow. */
const peek: OpHandler<'sandbox/otp/peek'> = async (c) => {
  const card = await findCard(c, c.body.cardNo, false);
  const row = await latestOtp(c.tx, card, c.body.purpose);
  if (!row || row.expiresAt <= c.now || row.attempts >= OTP_MAX_ATTEMPTS) fail('OTP_REQUIRED', { details: 'no live code for this purpose' });
  return { otp: openOtp(c.keys, card.tenantId, card.id, row.purpose, row.codeCiphertext), purpose: c.body.purpose, expiresAt: row.expiresAt.toISOString() };
};

export const secureHandlers = { 'secure/otp/send': send, 'secure/reveal': reveal, 'secure/reveal-token': revealToken, 'sandbox/otp/peek': peek };
