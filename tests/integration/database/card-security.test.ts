import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import type { AnyCardOperationName } from '@/lib/contract/card-operations';
import { CARD_OPERATIONS, SANDBOX_OPERATIONS } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import * as schema from '@/lib/db/schema';
import { cardOtps, cards, events, httpIdempotencyKeys } from '@/lib/db/schema';
import {
  balance,
  business,
  cardOp,
  cardWorld,
  expectBusiness,
  fund,
  holderBody,
  issueCard,
  key,
  merchant,
  ok,
  otpFor,
  relogin,
  revealPan,
  type CardWorld,
  type TestCard,
} from '../card-fixtures';
import { resetIdentityState } from '../identity-fixtures';

/**
 * What the sandbox keeps secret and from whom: scope isolation on every operation that takes a
 * card, what is stored (never a clear PAN or code), and idempotency (replay, mismatch, expiry,
 * concurrency, another caller's key).
 */
let w: CardWorld;
let other: CardWorld;
beforeAll(async () => {
  resetIdentityState();
  w = await cardWorld();
  other = await cardWorld();
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

/** A valid body for every operation that names a card. */
const BODIES: Partial<Record<AnyCardOperationName, (cardNo: string) => Record<string, unknown>>> = {
  'card/info': (cardNo) => ({ cardNo }),
  'card/activate': (cardNo) => ({ cardNo, otp: '123456' }),
  'card/freeze': (cardNo) => ({ cardNo, reason: 'x' }),
  'card/unfreeze': (cardNo) => ({ cardNo, otp: '123456' }),
  'card/cancel': (cardNo) => ({ cardNo, reason: 'USER', otp: '123456' }),
  'card/replace': (cardNo) => ({ cardNo, reason: 'LOST' }),
  'card/renew': (cardNo) => ({ cardNo }),
  'card/update': (cardNo) => ({ cardNo, nickname: 'mine now' }),
  'card/status-history': (cardNo) => ({ cardNo }),
  'secure/otp/send': (cardNo) => ({ cardNo, purpose: 'REVEAL' }),
  'secure/reveal': (cardNo) => ({ cardNo, otp: '123456', fields: ['PAN', 'CVV'] }),
  'secure/reveal-token': (cardNo) => ({ cardNo, otp: '123456' }),
  'limit/info': (cardNo) => ({ cardNo }),
  'limit/update': (cardNo) => ({ cardNo, limits: [] }),
  'control/info': (cardNo) => ({ cardNo }),
  'control/mcc/update': (cardNo) => ({ cardNo, blocked: ['5814'] }),
  'control/country/update': (cardNo) => ({ cardNo, blocked: ['DE'] }),
  'control/channel/update': (cardNo) => ({ cardNo, atm: false }),
  'control/alert/update': (cardNo) => ({ cardNo, notifyOnAuthorization: true }),
  'balance/info': (cardNo) => ({ cardNo }),
  'topup/quote': (cardNo) => ({ cardNo, amount: '1', currency: 'EUR', sourceAccountId: 'a' }),
  'topup/create': (cardNo) => ({ cardNo, quoteId: '00000000-0000-4000-8000-000000000000', idempotencyKey: key() }),
  'withdraw/create': (cardNo) => ({ cardNo, amount: '1', currency: 'EUR', targetAccountId: 'a', idempotencyKey: key() }),
  'fund/order/list': (cardNo) => ({ cardNo }),
  'transaction/list': (cardNo) => ({ cardNo }),
  'transaction/info': (cardNo) => ({ cardNo, transactionId: 't' }),
  'authorization/list': (cardNo) => ({ cardNo }),
  'statement/list': (cardNo) => ({ cardNo, year: 2026 }),
  'statement/download': (cardNo) => ({ cardNo, statementId: 'STMT-2026-01', format: 'CSV' }),
  'pin/control-token': (cardNo) => ({ cardNo, type: 'SET_PIN', otp: '123456' }),
  'pin/set': (cardNo) => ({ cardNo, controlToken: 't', pin: '4827' }),
  'pin/unblock': (cardNo) => ({ cardNo, otp: '123456' }),
  '3ds/pending': (cardNo) => ({ cardNo }),
  '3ds/confirm': (cardNo) => ({ cardNo, challengeId: 'c', decision: 'APPROVE' }),
  'wallet/provision': (cardNo) => ({ cardNo, walletType: 'APPLE_PAY', deviceId: 'd' }),
  'wallet/token/list': (cardNo) => ({ cardNo }),
  'wallet/token/update': (cardNo) => ({ cardNo, tokenId: 't', action: 'PAUSE' }),
  'dispute/create': (cardNo) => ({ cardNo, transactionId: 't', reason: 'FRAUD', amount: '1', description: 'd', idempotencyKey: key() }),
  'dispute/list': (cardNo) => ({ cardNo }),
  'simulate/authorize': (cardNo) => ({ cardNo, amount: '1', currency: 'EUR', merchant: merchant() }),
  'simulate/clear': (cardNo) => ({ cardNo, authorizationId: 'a' }),
  'simulate/reverse': (cardNo) => ({ cardNo, authorizationId: 'a' }),
  'sandbox/otp/peek': (cardNo) => ({ cardNo, purpose: 'ACTIVATE' }),
};

describe('scope: another customer’s or tenant’s card answers exactly like an unknown card', () => {
  let bobs: TestCard;
  beforeAll(async () => {
    resetIdentityState();
    bobs = await issueCard(w.bob);
    await fund(w.bob, bobs.cardNo, '10.00');
  });

  it('the table names every operation that takes a cardNo', () => {
    const withCard = Object.entries({ ...CARD_OPERATIONS, ...SANDBOX_OPERATIONS })
      .filter(([, spec]) => spec.body.safeParse({}).error?.issues.some((i) => i.path[0] === 'cardNo'))
      .map(([name]) => name);
    expect(Object.keys(BODIES).sort()).toEqual(withCard.sort());
  });

  it.each(Object.keys(BODIES))('%s', async (name) => {
    const body = BODIES[name as AnyCardOperationName]!;
    expectBusiness(await cardOp(w.alice, name, body(bobs.cardNo)), 'CARD_NOT_FOUND');
    expectBusiness(await cardOp(other.admin, name, body(bobs.cardNo)), 'CARD_NOT_FOUND');
    expectBusiness(await cardOp(other.bob, name, body(bobs.cardNo)), 'CARD_NOT_FOUND');
    expectBusiness(await cardOp(w.alice, name, body('4000009999999999')), 'CARD_NOT_FOUND');
  });

  it('and nothing changed on the card', async () => {
    expect(await ok(w.bob, 'card/info', { cardNo: bobs.cardNo })).toMatchObject({ status: 'ACTIVE', nickname: null });
    expect(await balance(w.bob, bobs.cardNo)).toEqual({ currency: 'EUR', available: '10.00', pending: '0.00', ledger: '10.00' });
    expect(await ok(w.bob, 'control/info', { cardNo: bobs.cardNo })).toMatchObject({ mcc: { blocked: [] }, channel: { atm: true } });
  });

  it('an administrator (EMPLOYEE or ADMIN_USER) of the tenant sees every card of the tenant', async () => {
    expect(await ok(w.employee, 'card/info', { cardNo: bobs.cardNo })).toMatchObject({ cardId: bobs.cardId });
    expect(await ok(w.admin, 'balance/info', { cardNo: bobs.cardNo })).toMatchObject({ ledger: '10.00' });
  });
});

describe('sandbox one-time codes', () => {
  it('are read with write access only: EMPLOYEE (card read) is refused with 403 in Envelope B; ADMIN_USER and the card’s own customer read them', async () => {
    // issue 26, item 5: the code is what secure/reveal asks for; as a read operation any card-read role could take it
    const card = await issueCard(w.alice);
    await ok(w.alice, 'secure/otp/send', { cardNo: card.cardNo, purpose: 'REVEAL' });
    const refused = await cardOp(w.employee, 'sandbox/otp/peek', { cardNo: card.cardNo, purpose: 'REVEAL' });
    expect({ status: refused.status, body: refused.json }).toEqual({
      status: 403,
      body: { success: false, code: 403, msg: 'access denied', data: { error: 'FORBIDDEN', details: 'changing a card requires the role ADMIN_USER' } },
    });
    const byAdmin = await ok<{ otp: string; purpose: string }>(w.admin, 'sandbox/otp/peek', { cardNo: card.cardNo, purpose: 'REVEAL' });
    const byOwner = await ok<{ otp: string; purpose: string }>(w.alice, 'sandbox/otp/peek', { cardNo: card.cardNo, purpose: 'REVEAL' });
    expect(byAdmin.otp).toMatch(/^\d{6}$/);
    expect({ purpose: byOwner.purpose, otp: byOwner.otp }).toEqual({ purpose: 'REVEAL', otp: byAdmin.otp });
  });
});

describe('what is stored', () => {
  it('the PAN never in clear: encrypted, found by an HMAC, not in events, OTP rows or idempotency records; no CVV column', async () => {
    const card = await issueCard(w.alice);
    const pan = await revealPan(w.alice, card.cardNo);
    expect(pan).toBe(card.cardNo);
    const db = await getDb();
    const [row] = await db
      .select()
      .from(cards)
      .where(and(eq(cards.tenantId, w.tenant.tenantId), eq(cards.id, card.cardId)));
    expect(row!.panCiphertext).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(row!.panHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.panHash).not.toBe((await import('node:crypto')).createHash('sha256').update(pan).digest('hex'));
    expect(Object.keys(row!).filter((k) => /cvv|cvc/i.test(k))).toEqual([]);
    expect(row!.panFirst6 + row!.panLast4).toBe(pan.slice(0, 6) + pan.slice(-4));
    // every sandbox table and the outbox, as text: the PAN and its middle digits appear nowhere
    const tables = Object.entries(schema).filter(([name, t]) => /^card|^events$/.test(name) && typeof t === 'object' && t !== null && 'tenantId' in (t as object));
    expect(tables.length).toBeGreaterThanOrEqual(14);
    for (const [, table] of tables) {
      const t = table as typeof cards;
      const dump = JSON.stringify(await db.select().from(t).where(eq(t.tenantId, w.tenant.tenantId)));
      expect(dump).not.toContain(pan);
      expect(dump).not.toContain(pan.slice(6, 12));
    }
  });

  it('one-time codes are stored as an HMAC (and encrypted for the sandbox peek), never in clear', async () => {
    const card = await issueCard(w.alice);
    const code = await otpFor(w.alice, card.cardNo, 'REVEAL');
    const db = await getDb();
    const rows = await db
      .select()
      .from(cardOtps)
      .where(and(eq(cardOtps.tenantId, w.tenant.tenantId), eq(cardOtps.cardId, card.cardId), eq(cardOtps.purpose, 'REVEAL')));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('a new code replaces the previous one; a code of another purpose does not count', async () => {
    const card = await issueCard(w.alice, { activate: false });
    const first = await otpFor(w.alice, card.cardNo, 'ACTIVATE');
    const second = await otpFor(w.alice, card.cardNo, 'ACTIVATE');
    if (first !== second) await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp: first }, 'OTP_INVALID', { attemptsRemaining: 4 });
    await ok(w.alice, 'card/activate', { cardNo: card.cardNo, otp: second });
    const cancelCode = await otpFor(w.alice, card.cardNo, 'CANCEL');
    await ok(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'r' });
    await business(w.alice, 'card/unfreeze', { cardNo: card.cardNo, otp: cancelCode }, 'OTP_REQUIRED', { details: 'send a code for UNFREEZE with secure/otp/send first' });
  });
});

describe('idempotency', () => {
  it('same key, same body: the first answer, money moved once; another body: IDEMPOTENCY_KEY_REUSED', async () => {
    const card = await issueCard(w.alice);
    await fund(w.alice, card.cardNo, '50.00');
    const body = { cardNo: card.cardNo, amount: '10', currency: 'EUR', targetAccountId: 'acc', idempotencyKey: key() };
    const first = await ok(w.alice, 'withdraw/create', body);
    expect(await ok(w.alice, 'withdraw/create', body)).toEqual(first);
    // the order of the members does not matter
    const reordered = { idempotencyKey: body.idempotencyKey, targetAccountId: 'acc', currency: 'EUR', amount: '10', cardNo: card.cardNo };
    expect(await ok(w.alice, 'withdraw/create', reordered)).toEqual(first);
    await business(w.alice, 'withdraw/create', { ...body, amount: '11' }, 'IDEMPOTENCY_KEY_REUSED');
    expect((await balance(w.alice, card.cardNo)).ledger).toBe('40.00');
  });

  it('concurrent requests with one key: one order, both get it', async () => {
    const card = await issueCard(w.alice);
    const quote = await ok<{ quoteId: string }>(w.alice, 'topup/quote', { cardNo: card.cardNo, amount: '5', currency: 'EUR', sourceAccountId: 'a' });
    const body = { cardNo: card.cardNo, quoteId: quote.quoteId, idempotencyKey: key() };
    const [a, b] = await Promise.all([ok(w.alice, 'topup/create', body), ok(w.alice, 'topup/create', body)]);
    expect(a).toEqual(b);
    expect((await balance(w.alice, card.cardNo)).ledger).toBe('5.00');
  });

  it('a key is per caller: another customer with the same key and body does not get the first answer', async () => {
    const k = key();
    await ok(w.alice, 'cardholder/create', holderBody({ idempotencyKey: k }));
    await business(w.bob, 'cardholder/create', holderBody({ idempotencyKey: k }), 'IDEMPOTENCY_KEY_REUSED');
  });

  it('keys are kept 24 hours', async () => {
    const clock = fixedClock(new Date('2026-05-04T10:00:00.000Z'));
    setClock(clock);
    let alice = await relogin(w.alice);
    const k = key();
    const first = await ok<{ cardholderId: string }>(alice, 'cardholder/create', holderBody({ idempotencyKey: k }));
    clock.advance(24 * 3600_000 - 1000);
    alice = await relogin(alice);
    await business(alice, 'cardholder/create', holderBody({ idempotencyKey: k, firstName: 'Grace' }), 'IDEMPOTENCY_KEY_REUSED');
    clock.advance(1000);
    const fresh = await ok<{ cardholderId: string; firstName: string }>(alice, 'cardholder/create', holderBody({ idempotencyKey: k, firstName: 'Grace' }));
    expect(fresh.cardholderId).not.toBe(first.cardholderId);
    const db = await getDb();
    const stored = await db
      .select()
      .from(httpIdempotencyKeys)
      .where(and(eq(httpIdempotencyKeys.tenantId, w.tenant.tenantId), eq(httpIdempotencyKeys.clientKey, 'card:cardholder/create'), eq(httpIdempotencyKeys.key, k)));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.expiresAt.toISOString()).toBe('2026-05-06T10:00:00.000Z');
  });

  it('a business error is not stored: the same key may be retried after fixing the cause', async () => {
    const card = await issueCard(w.alice);
    const body = { cardNo: card.cardNo, amount: '10', currency: 'EUR', targetAccountId: 'acc', idempotencyKey: key() };
    await business(w.alice, 'withdraw/create', body, 'INSUFFICIENT_FUNDS', { available: '0.00' });
    await fund(w.alice, card.cardNo, '10.00');
    expect(await ok(w.alice, 'withdraw/create', body)).toMatchObject({ type: 'WITHDRAW', amount: '10.00' });
  });
});

describe('events carry no card number', () => {
  it('card.issued and card.status.changed name the card masked', async () => {
    const card = await issueCard(w.alice);
    const db = await getDb();
    const rows = await db.select().from(events).where(eq(events.tenantId, w.tenant.tenantId));
    const mine = rows.map((r) => r.payload as { type: string; data: Record<string, unknown> }).filter((p) => p.data.cardId === card.cardId);
    expect(mine.map((p) => p.type)).toEqual(['card.issued', 'card.status.changed']);
    expect(mine[1]!.data).toEqual({
      cardId: card.cardId,
      maskedCardNo: `${card.cardNo.slice(0, 6)}******${card.cardNo.slice(-4)}`,
      previousStatus: 'INACTIVE',
      status: 'ACTIVE',
      reason: 'ACTIVATED',
    });
    expect(JSON.stringify(rows)).not.toContain(card.cardNo);
  });
});
