import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { setClock } from '@/lib/clock';
import type { CardBusinessReason } from '@/lib/contract/card-errors';
import { CARD_OPERATIONS, type CardOperationName } from '@/lib/contract/card-operations';
import { getDb } from '@/lib/db/client';
import { cards, categories, customerCategorizations } from '@/lib/db/schema';
import { createProductBodySchema } from '@/lib/contract/products';
import { putCategoryProcess } from '@/lib/services/categorization/processes';
import { createProduct } from '@/lib/services/products/products';
import { authorize, balance, business, cardWorld, fund, holderBody, issueCard, key, merchant, ok, otpFor, panOf, type CardWorld, type TestCard } from './card-fixtures';
import { ISO, freezeClock, resetIdentityState, UUID } from './identity-fixtures';

/**
 * Table-driven: for each of the 46 operations one success through the gateway and each of its
 * business errors, with exact envelopes. The table is keyed by operation; a test checks it covers
 * CARD_OPERATIONS completely.
 */
let w: CardWorld;
beforeAll(async () => {
  resetIdentityState();
  w = await cardWorld();
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

const UNKNOWN_PAN = '4000009999999999';
const MASKED = /^400000\*{6}\d{4}$/;

type Step = () => Promise<void>;
interface Case {
  success: Step;
  errors?: Partial<Record<CardBusinessReason, Step>>;
}

const active = () => issueCard(w.alice);
const inactive = () => issueCard(w.alice, { activate: false });
async function canceled(): Promise<TestCard> {
  const card = await active();
  await ok(w.alice, 'card/cancel', { cardNo: card.cardNo, reason: 'USER', otp: await otpFor(w.alice, card.cardNo, 'CANCEL') });
  return card;
}
async function frozen(): Promise<TestCard> {
  const card = await active();
  await ok(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'lost it somewhere' });
  return card;
}
/** An active card with 100.00 and one settled purchase of 30.00. */
async function withSettled() {
  const card = await active();
  await fund(w.alice, card.cardNo, '100.00');
  const auth = await authorize(w.alice, card.cardNo, '30.00');
  const tx = await ok<{ transactionId: string }>(w.alice, 'simulate/clear', { cardNo: card.cardNo, authorizationId: auth.authorizationId });
  return { card, transactionId: tx.transactionId, authorizationId: auth.authorizationId };
}
const state = (status: string) => ({ status });
/** A card product of the tenant (docs/products.md), created through the service the products route calls. */
const cardProduct = async (extra: Record<string, unknown> = {}) =>
  createProduct(
    await getDb(),
    { tenantId: w.tenant.tenantId, userId: w.admin.userId },
    createProductBodySchema.parse({ kind: 'CARD', code: `card-${key().toLowerCase()}`, name: 'Premium card', currency: null, binRange: { start: '400000', end: '400000' }, ...extra }),
  );

const TABLE: Record<CardOperationName, Case> = {
  'card/apply': {
    success: async () => {
      const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
      const card = await ok<Record<string, unknown>>(w.alice, 'card/apply', {
        cardholderId: holder.cardholderId,
        currency: 'EUR',
        nickname: 'Groceries',
        limits: [{ interval: 'DAILY', amount: '50.00', currency: 'EUR' }],
        idempotencyKey: key(),
      });
      expect(card).toEqual({
        cardId: expect.stringMatching(UUID),
        cardNo: expect.stringMatching(MASKED),
        last4: expect.stringMatching(/^\d{4}$/),
        cardholderId: holder.cardholderId,
        customerId: w.alice.customerId,
        currency: 'EUR',
        nickname: 'Groceries',
        status: 'INACTIVE',
        expiryMonth: expect.any(Number),
        expiryYear: new Date().getUTCFullYear() + 3,
        replacesCardId: null,
        replacedByCardId: null,
        // issued on the tenant's default-card product (docs/products.md)
        productId: expect.stringMatching(UUID),
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    },
    errors: {
      CARDHOLDER_NOT_FOUND: async () => {
        const bobs = await ok<{ cardholderId: string }>(w.bob, 'cardholder/create', holderBody());
        for (const cardholderId of [bobs.cardholderId, '00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
          await business(w.alice, 'card/apply', { cardholderId, currency: 'EUR', idempotencyKey: key() }, 'CARDHOLDER_NOT_FOUND');
        }
      },
      LIMIT_CURRENCY_MISMATCH: async () => {
        const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
        await business(
          w.alice,
          'card/apply',
          { cardholderId: holder.cardholderId, currency: 'EUR', limits: [{ interval: 'DAILY', amount: '5.00', currency: 'USD' }], idempotencyKey: key() },
          'LIMIT_CURRENCY_MISMATCH',
          { interval: 'DAILY' },
        );
        // rolled back: no card was issued for the cardholder
        expect((await ok<{ total: number }>(w.alice, 'card/list', { cardholderId: holder.cardholderId })).total).toBe(0);
      },
      PRODUCT_NOT_FOUND: async () => {
        const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
        // an unknown code, an unknown id, and a wallet product's code: none is a card product of the tenant
        for (const choice of [{ productCode: 'no-such-card' }, { productId: '00000000-0000-4000-8000-000000000000' }, { productCode: 'default-wallet' }]) {
          await business(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', ...choice, idempotencyKey: key() }, 'PRODUCT_NOT_FOUND');
        }
        expect((await ok<{ total: number }>(w.alice, 'card/list', { cardholderId: holder.cardholderId })).total).toBe(0);
      },
      CURRENCY_MISMATCH: async () => {
        const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
        const usd = await cardProduct({ currency: 'USD' });
        await business(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', productCode: usd.code, idempotencyKey: key() }, 'CURRENCY_MISMATCH');
        expect((await ok<{ total: number }>(w.alice, 'card/list', { cardholderId: holder.cardholderId })).total).toBe(0);
        // the product's own currency is issued on it
        expect(await ok(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'USD', productCode: usd.code, idempotencyKey: key() })).toMatchObject({ productId: usd.id });
      },
      PRODUCT_NOT_ALLOWED: async () => {
        // bob's category names the products it may open (docs/category-processes.md): default-card only
        const db = await getDb();
        const [category] = await db
          .insert(categories)
          .values({ tenantId: w.tenant.tenantId, code: `cards-${key()}`, name: 'Cards limited', riskLevel: 'LOW' })
          .returning({ id: categories.id });
        await putCategoryProcess(db, { tenantId: w.tenant.tenantId, userId: w.admin.userId }, category!.id, {
          requiredDocuments: { INDIVIDUAL: ['IDENTITY'], ORGANIZATION: ['COMPANY_REGISTRATION', 'PROOF_OF_ADDRESS', 'REPRESENTATIVE_IDENTITY'] },
          screeningRequired: true,
          approvalsRequired: 1,
          productCodes: ['default-card'],
        });
        await db
          .insert(customerCategorizations)
          .values({ tenantId: w.tenant.tenantId, customerId: w.bob.customerId, categoryId: category!.id, riskLevel: 'LOW', featureIds: [], parameters: {} });
        const premium = await cardProduct();
        const holder = await ok<{ cardholderId: string }>(w.bob, 'cardholder/create', holderBody());
        await business(w.bob, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', productCode: premium.code, idempotencyKey: key() }, 'PRODUCT_NOT_ALLOWED');
        expect((await ok<{ total: number }>(w.bob, 'card/list', { cardholderId: holder.cardholderId })).total).toBe(0);
        // the allowed product is issued; alice, without a category, may have any product
        expect(await ok(w.bob, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', productCode: 'default-card', idempotencyKey: key() })).toMatchObject({
          status: 'INACTIVE',
        });
        const alices = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
        expect(await ok(w.alice, 'card/apply', { cardholderId: alices.cardholderId, currency: 'EUR', productCode: premium.code, idempotencyKey: key() })).toMatchObject({
          productId: premium.id,
        });
      },
      IDEMPOTENCY_KEY_REUSED: async () => {
        const holder = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
        const k = key();
        const first = await ok(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: k });
        expect(await ok(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'EUR', idempotencyKey: k })).toEqual(first);
        await business(w.alice, 'card/apply', { cardholderId: holder.cardholderId, currency: 'USD', idempotencyKey: k }, 'IDEMPOTENCY_KEY_REUSED');
        expect((await ok<{ total: number }>(w.alice, 'card/list', { cardholderId: holder.cardholderId })).total).toBe(1);
      },
    },
  },
  'card/list': {
    success: async () => {
      const mine = await active();
      const bobs = await issueCard(w.bob);
      const aliceList = await ok<{ items: Array<{ cardId: string; customerId: string }>; total: number; pageNo: number; pageSize: number }>(w.alice, 'card/list', {});
      expect(aliceList.items.map((c) => c.cardId)).toContain(mine.cardId);
      expect(aliceList.items.every((c) => c.customerId === w.alice.customerId)).toBe(true);
      expect(aliceList).toMatchObject({ pageNo: 1, pageSize: 20 });
      const adminList = await ok<{ items: Array<{ cardId: string }> }>(w.employee, 'card/list', { pageSize: 100 });
      expect(adminList.items.map((c) => c.cardId)).toEqual(expect.arrayContaining([mine.cardId, bobs.cardId]));
      const filtered = await ok<{ items: Array<{ status: string }> }>(w.alice, 'card/list', { status: 'INACTIVE', pageSize: 100 });
      expect(filtered.items.every((c) => c.status === 'INACTIVE')).toBe(true);
      for (const cardholderId of ['not-an-id', '00000000-0000-4000-8000-000000000000', bobs.cardholderId]) {
        expect(await ok(w.alice, 'card/list', { cardholderId })).toEqual({ items: [], pageNo: 1, pageSize: 20, total: 0 });
      }
      const page = await ok<{ items: unknown[]; total: number }>(w.alice, 'card/list', { pageNo: 2, pageSize: 1 });
      expect(page.items).toHaveLength(1);
      expect(page.total).toBeGreaterThanOrEqual(2);
    },
  },
  'card/info': {
    success: async () => {
      const card = await active();
      const info = await ok<{ cardId: string; cardNo: string; status: string }>(w.employee, 'card/info', { cardNo: card.cardNo });
      expect(info).toMatchObject({ cardId: card.cardId, cardNo: `${card.cardNo.slice(0, 6)}******${card.cardNo.slice(-4)}`, status: 'ACTIVE' });
    },
    errors: {
      CARD_NOT_FOUND: async () => {
        const bobs = await issueCard(w.bob);
        await business(w.alice, 'card/info', { cardNo: bobs.cardNo }, 'CARD_NOT_FOUND');
        await business(w.alice, 'card/info', { cardNo: UNKNOWN_PAN }, 'CARD_NOT_FOUND');
      },
    },
  },
  'card/activate': {
    success: async () => {
      const card = await inactive();
      const data = await ok<{ status: string }>(w.alice, 'card/activate', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'ACTIVATE') });
      expect(data.status).toBe('ACTIVE');
    },
    errors: {
      INVALID_STATE_TRANSITION: async () => business(w.alice, 'card/activate', { cardNo: (await active()).cardNo, otp: '123456' }, 'INVALID_STATE_TRANSITION', state('ACTIVE')),
      OTP_REQUIRED: async () =>
        business(w.alice, 'card/activate', { cardNo: (await inactive()).cardNo, otp: '123456' }, 'OTP_REQUIRED', { details: 'send a code for ACTIVATE with secure/otp/send first' }),
      OTP_INVALID: async () => {
        const card = await inactive();
        const otp = await otpFor(w.alice, card.cardNo, 'ACTIVATE');
        const wrong = otp === '000000' ? '000001' : '000000';
        await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp: wrong }, 'OTP_INVALID', { attemptsRemaining: 4 });
        await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp: wrong }, 'OTP_INVALID', { attemptsRemaining: 3 });
        // the right code still works after wrong ones
        expect((await ok<{ status: string }>(w.alice, 'card/activate', { cardNo: card.cardNo, otp })).status).toBe('ACTIVE');
      },
      OTP_EXPIRED: async () => {
        const clock = freezeClock();
        const card = await inactive();
        const otp = await otpFor(w.alice, card.cardNo, 'ACTIVATE');
        clock.advance(5 * 60_000);
        await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp }, 'OTP_EXPIRED');
      },
      OTP_ATTEMPTS_EXCEEDED: async () => {
        const card = await inactive();
        const otp = await otpFor(w.alice, card.cardNo, 'ACTIVATE');
        const wrong = otp === '000000' ? '000001' : '000000';
        for (let left = 4; left >= 0; left--) await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp: wrong }, 'OTP_INVALID', { attemptsRemaining: left });
        // the sixth try fails even with the right code; a new code is needed
        await business(w.alice, 'card/activate', { cardNo: card.cardNo, otp }, 'OTP_ATTEMPTS_EXCEEDED');
        await business(w.alice, 'sandbox/otp/peek', { cardNo: card.cardNo, purpose: 'ACTIVATE' }, 'OTP_REQUIRED', { details: 'no live code for this purpose' });
        expect((await ok<{ status: string }>(w.alice, 'card/activate', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'ACTIVATE') })).status).toBe('ACTIVE');
      },
    },
  },
  'card/freeze': {
    success: async () => {
      const card = await active();
      expect((await ok<{ status: string }>(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'misplaced' })).status).toBe('FROZEN');
    },
    errors: {
      INVALID_STATE_TRANSITION: async () => business(w.alice, 'card/freeze', { cardNo: (await inactive()).cardNo, reason: 'x' }, 'INVALID_STATE_TRANSITION', state('INACTIVE')),
    },
  },
  'card/unfreeze': {
    success: async () => {
      const card = await frozen();
      expect((await ok<{ status: string }>(w.alice, 'card/unfreeze', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'UNFREEZE') })).status).toBe('ACTIVE');
    },
    errors: {
      INVALID_STATE_TRANSITION: async () => business(w.alice, 'card/unfreeze', { cardNo: (await active()).cardNo, otp: '123456' }, 'INVALID_STATE_TRANSITION', state('ACTIVE')),
      OTP_INVALID: async () => {
        const card = await frozen();
        const otp = await otpFor(w.alice, card.cardNo, 'UNFREEZE');
        await business(w.alice, 'card/unfreeze', { cardNo: card.cardNo, otp: otp === '111111' ? '222222' : '111111' }, 'OTP_INVALID', { attemptsRemaining: 4 });
      },
    },
  },
  'card/cancel': {
    success: async () => {
      const card = await frozen();
      const data = await ok<{ status: string }>(w.alice, 'card/cancel', { cardNo: card.cardNo, reason: 'STOLEN', otp: await otpFor(w.alice, card.cardNo, 'CANCEL') });
      expect(data.status).toBe('CANCELED');
    },
    errors: {
      INVALID_STATE_TRANSITION: async () =>
        business(w.alice, 'card/cancel', { cardNo: (await canceled()).cardNo, reason: 'USER', otp: '123456' }, 'INVALID_STATE_TRANSITION', state('CANCELED')),
      OTP_REQUIRED: async () =>
        business(w.alice, 'card/cancel', { cardNo: (await active()).cardNo, reason: 'USER', otp: '123456' }, 'OTP_REQUIRED', {
          details: 'send a code for CANCEL with secure/otp/send first',
        }),
    },
  },
  'card/replace': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '50.00');
      await authorize(w.alice, card.cardNo, '20.00');
      await ok(w.alice, 'limit/update', { cardNo: card.cardNo, limits: [{ interval: 'DAILY', amount: '99.00', currency: 'EUR' }] });
      const data = await ok<{ previous: Record<string, unknown>; card: Record<string, unknown> }>(w.alice, 'card/replace', { cardNo: card.cardNo, reason: 'DAMAGED' });
      expect(data.previous).toMatchObject({ cardId: card.cardId, status: 'CANCELED', replacedByCardId: data.card.cardId });
      expect(data.card).toMatchObject({ status: 'INACTIVE', replacesCardId: card.cardId, cardholderId: card.cardholderId, currency: 'EUR' });
      expect(data.card.cardNo).not.toBe(data.previous.cardNo);
      // the hold stays with the old card, the available money moves
      expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '0.00', pending: '20.00', ledger: '20.00' });
      const successor = await panOf(w.tenant.tenantId, data.card.cardId as string);
      expect(await balance(w.alice, successor)).toEqual({ currency: 'EUR', available: '30.00', pending: '0.00', ledger: '30.00' });
      expect((await ok<{ items: Array<{ interval: string; amount: string }> }>(w.alice, 'limit/info', { cardNo: successor })).items).toMatchObject([{ interval: 'DAILY', amount: '99.00' }]);
    },
    errors: {
      INVALID_STATE_TRANSITION: async () => business(w.alice, 'card/replace', { cardNo: (await canceled()).cardNo, reason: 'LOST' }, 'INVALID_STATE_TRANSITION', state('CANCELED')),
    },
  },
  'card/renew': {
    success: async () => {
      const clock = freezeClock();
      const card = await active();
      clock.advance(40 * 60_000);
      const data = await ok<{ expiryMonth: number; expiryYear: number; cardId: string }>(w.alice, 'card/renew', { cardNo: card.cardNo });
      const now = new Date(Date.now());
      expect(data).toMatchObject({ cardId: card.cardId, expiryYear: expect.any(Number) });
      expect(data.expiryYear).toBeGreaterThanOrEqual(now.getUTCFullYear() + 3);
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'card/renew', { cardNo: (await canceled()).cardNo }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'card/update': {
    success: async () => {
      const card = await active();
      expect((await ok<{ nickname: string | null }>(w.alice, 'card/update', { cardNo: card.cardNo, nickname: 'Travel' })).nickname).toBe('Travel');
      expect((await ok<{ nickname: string | null }>(w.alice, 'card/update', { cardNo: card.cardNo, nickname: null })).nickname).toBeNull();
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'card/update', { cardNo: (await canceled()).cardNo, nickname: 'x' }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'card/status-history': {
    // every line says who: the actor's id and name
    success: async () => {
      const card = await frozen();
      const data = await ok<{ items: Array<Record<string, unknown>> }>(w.alice, 'card/status-history', { cardNo: card.cardNo });
      expect(data.items).toEqual([
        { from: null, to: 'INACTIVE', reason: 'ISSUED', actorUserId: w.alice.userId, actorName: 'Cora Customer', at: expect.stringMatching(ISO) },
        { from: 'INACTIVE', to: 'ACTIVE', reason: 'ACTIVATED', actorUserId: w.alice.userId, actorName: 'Cora Customer', at: expect.stringMatching(ISO) },
        { from: 'ACTIVE', to: 'FROZEN', reason: 'lost it somewhere', actorUserId: w.alice.userId, actorName: 'Cora Customer', at: expect.stringMatching(ISO) },
      ]);
    },
  },
  'secure/otp/send': {
    success: async () => {
      const card = await active();
      expect(await ok(w.alice, 'secure/otp/send', { cardNo: card.cardNo, purpose: 'REVEAL' })).toEqual({
        purpose: 'REVEAL',
        channel: 'SMS',
        destination: '+49*******5679',
        expiresAt: expect.stringMatching(ISO),
        attemptsAllowed: 5,
      });
    },
    errors: {
      INVALID_STATE_TRANSITION: async () => business(w.alice, 'secure/otp/send', { cardNo: (await active()).cardNo, purpose: 'ACTIVATE' }, 'INVALID_STATE_TRANSITION', state('ACTIVE')),
      CARD_NOT_ACTIVE: async () => business(w.alice, 'secure/otp/send', { cardNo: (await inactive()).cardNo, purpose: 'REVEAL' }, 'CARD_NOT_ACTIVE', state('INACTIVE')),
    },
  },
  'secure/reveal': {
    success: async () => {
      const card = await active();
      const data = await ok<Record<string, unknown>>(w.alice, 'secure/reveal', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'REVEAL'), fields: ['PAN', 'CVV', 'EXPIRY'] });
      expect(data).toEqual({
        cardNo: card.cardNo,
        cvv: expect.stringMatching(/^\d{3}$/),
        expiryMonth: expect.any(Number),
        expiryYear: expect.any(Number),
        expiresAt: expect.stringMatching(ISO),
      });
      // the CVV is derived, the same every time for the same expiry
      const again = await ok<Record<string, unknown>>(w.alice, 'secure/reveal', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'REVEAL'), fields: ['CVV'] });
      expect(again).toEqual({ cvv: data.cvv, expiresAt: expect.stringMatching(ISO) });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'secure/reveal', { cardNo: (await inactive()).cardNo, otp: '123456', fields: ['PAN'] }, 'CARD_NOT_ACTIVE', state('INACTIVE')),
      OTP_INVALID: async () => {
        const card = await active();
        const otp = await otpFor(w.alice, card.cardNo, 'REVEAL');
        await business(w.alice, 'secure/reveal', { cardNo: card.cardNo, otp: otp === '999999' ? '999998' : '999999', fields: ['PAN'] }, 'OTP_INVALID', { attemptsRemaining: 4 });
      },
    },
  },
  'secure/reveal-token': {
    success: async () => {
      const card = await active();
      const otp = await otpFor(w.alice, card.cardNo, 'REVEAL');
      // 60 s from the moment of issue, which lies between these two readings of the clock
      const before = Date.now();
      const data = await ok<{ token: string; expiresAt: string }>(w.alice, 'secure/reveal-token', { cardNo: card.cardNo, otp });
      const after = Date.now();
      expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      const expiresAt = new Date(data.expiresAt).getTime();
      expect(expiresAt >= before + 60_000 - 1_000 && expiresAt <= after + 60_000).toBe(true);
    },
    errors: {
      OTP_REQUIRED: async () =>
        business(w.alice, 'secure/reveal-token', { cardNo: (await active()).cardNo, otp: '123456' }, 'OTP_REQUIRED', { details: 'send a code for REVEAL with secure/otp/send first' }),
    },
  },
  'limit/info': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '100.00');
      await ok(w.alice, 'limit/update', {
        cardNo: card.cardNo,
        limits: [
          { interval: 'MONTHLY', amount: '500', currency: 'EUR' },
          { interval: 'PER_TRANSACTION', amount: '40.00', currency: 'EUR' },
        ],
      });
      await authorize(w.alice, card.cardNo, '12.50');
      const data = await ok<{ items: unknown[] }>(w.alice, 'limit/info', { cardNo: card.cardNo });
      expect(data.items).toEqual([
        { interval: 'PER_TRANSACTION', amount: '40.00', currency: 'EUR', used: '0.00', remaining: '40.00', resetsAt: null },
        { interval: 'MONTHLY', amount: '500.00', currency: 'EUR', used: '12.50', remaining: '487.50', resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/) },
      ]);
    },
  },
  'limit/update': {
    success: async () => {
      const card = await active();
      const data = await ok<{ items: Array<{ interval: string }> }>(w.alice, 'limit/update', { cardNo: card.cardNo, limits: [{ interval: 'DAILY', amount: '10', currency: 'EUR' }] });
      expect(data.items).toMatchObject([{ interval: 'DAILY', amount: '10.00', used: '0.00', remaining: '10.00' }]);
      expect(await ok(w.alice, 'limit/update', { cardNo: card.cardNo, limits: [] })).toEqual({ items: [] });
    },
    errors: {
      LIMIT_CURRENCY_MISMATCH: async () =>
        business(w.alice, 'limit/update', { cardNo: (await active()).cardNo, limits: [{ interval: 'WEEKLY', amount: '10', currency: 'GBP' }] }, 'LIMIT_CURRENCY_MISMATCH', {
          interval: 'WEEKLY',
        }),
      CARD_NOT_ACTIVE: async () => business(w.alice, 'limit/update', { cardNo: (await canceled()).cardNo, limits: [] }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'control/info': {
    success: async () => {
      expect(await ok(w.alice, 'control/info', { cardNo: (await active()).cardNo })).toEqual({
        mcc: { allowed: null, blocked: [] },
        country: { allowed: null, blocked: [] },
        channel: { ecommerce: true, atm: true, contactless: true, international: true },
        alerts: { lowBalancePercent: null, notifyOnAuthorization: false },
      });
    },
  },
  'control/mcc/update': {
    success: async () => {
      const data = await ok<{ mcc: unknown }>(w.alice, 'control/mcc/update', { cardNo: (await active()).cardNo, blocked: ['7995', '7995', '5933'] });
      expect(data.mcc).toEqual({ allowed: null, blocked: ['7995', '5933'] });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'control/mcc/update', { cardNo: (await canceled()).cardNo, blocked: [] }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'control/country/update': {
    success: async () => {
      const card = await active();
      const data = await ok<{ country: unknown }>(w.alice, 'control/country/update', { cardNo: card.cardNo, allowed: ['DE', 'FR'] });
      expect(data.country).toEqual({ allowed: ['DE', 'FR'], blocked: [] });
      expect((await ok<{ country: unknown }>(w.alice, 'control/country/update', { cardNo: card.cardNo, allowed: null, blocked: ['RU'] })).country).toEqual({
        allowed: null,
        blocked: ['RU'],
      });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'control/country/update', { cardNo: (await canceled()).cardNo, blocked: [] }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'control/channel/update': {
    success: async () => {
      const data = await ok<{ channel: unknown }>(w.alice, 'control/channel/update', { cardNo: (await active()).cardNo, atm: false, international: false });
      expect(data.channel).toEqual({ ecommerce: true, atm: false, contactless: true, international: false });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'control/channel/update', { cardNo: (await canceled()).cardNo, atm: false }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'control/alert/update': {
    success: async () => {
      const data = await ok<{ alerts: unknown }>(w.alice, 'control/alert/update', { cardNo: (await active()).cardNo, lowBalancePercent: 10, notifyOnAuthorization: true });
      expect(data.alerts).toEqual({ lowBalancePercent: 10, notifyOnAuthorization: true });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'control/alert/update', { cardNo: (await canceled()).cardNo, lowBalancePercent: 5 }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'balance/info': {
    success: async () => {
      const card = await active();
      expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '0.00', pending: '0.00', ledger: '0.00' });
    },
  },
  'topup/quote': {
    success: async () => {
      const card = await active();
      expect(await ok(w.alice, 'topup/quote', { cardNo: card.cardNo, amount: '200', currency: 'EUR', sourceAccountId: 'acc-9' })).toEqual({
        quoteId: expect.stringMatching(UUID),
        amount: '200.00',
        currency: 'EUR',
        fee: '1.00',
        rate: '1',
        total: '201.00',
        expiresAt: expect.stringMatching(ISO),
      });
    },
    errors: {
      CURRENCY_MISMATCH: async () =>
        business(w.alice, 'topup/quote', { cardNo: (await active()).cardNo, amount: '1', currency: 'USD', sourceAccountId: 'a' }, 'CURRENCY_MISMATCH', { cardCurrency: 'EUR' }),
      CARD_NOT_ACTIVE: async () =>
        business(w.alice, 'topup/quote', { cardNo: (await canceled()).cardNo, amount: '1', currency: 'EUR', sourceAccountId: 'a' }, 'CARD_NOT_ACTIVE', state('CANCELED')),
    },
  },
  'topup/create': {
    success: async () => {
      const card = await active();
      const quote = await ok<{ quoteId: string }>(w.alice, 'topup/quote', { cardNo: card.cardNo, amount: '10.10', currency: 'EUR', sourceAccountId: 'acc-1' });
      const order = await ok(w.alice, 'topup/create', { cardNo: card.cardNo, quoteId: quote.quoteId, idempotencyKey: key() });
      expect(order).toEqual({
        orderNo: expect.stringMatching(UUID),
        type: 'TOPUP',
        status: 'COMPLETED',
        amount: '10.10',
        fee: '0.05',
        currency: 'EUR',
        accountId: 'acc-1',
        cardId: card.cardId,
        createdAt: expect.stringMatching(ISO),
      });
      expect((await balance(w.alice, card.cardNo)).ledger).toBe('10.10');
    },
    errors: {
      QUOTE_NOT_FOUND: async () => {
        const card = await active();
        const other = await active();
        const quote = await ok<{ quoteId: string }>(w.alice, 'topup/quote', { cardNo: other.cardNo, amount: '1', currency: 'EUR', sourceAccountId: 'a' });
        for (const quoteId of [quote.quoteId, 'nope']) await business(w.alice, 'topup/create', { cardNo: card.cardNo, quoteId, idempotencyKey: key() }, 'QUOTE_NOT_FOUND');
      },
      QUOTE_EXPIRED: async () => {
        const clock = freezeClock();
        const card = await active();
        const quote = await ok<{ quoteId: string }>(w.alice, 'topup/quote', { cardNo: card.cardNo, amount: '1', currency: 'EUR', sourceAccountId: 'a' });
        clock.advance(5 * 60_000);
        await business(w.alice, 'topup/create', { cardNo: card.cardNo, quoteId: quote.quoteId, idempotencyKey: key() }, 'QUOTE_EXPIRED');
      },
      QUOTE_ALREADY_USED: async () => {
        const card = await active();
        const quote = await ok<{ quoteId: string }>(w.alice, 'topup/quote', { cardNo: card.cardNo, amount: '1', currency: 'EUR', sourceAccountId: 'a' });
        await ok(w.alice, 'topup/create', { cardNo: card.cardNo, quoteId: quote.quoteId, idempotencyKey: key() });
        await business(w.alice, 'topup/create', { cardNo: card.cardNo, quoteId: quote.quoteId, idempotencyKey: key() }, 'QUOTE_ALREADY_USED');
        expect((await balance(w.alice, card.cardNo)).ledger).toBe('1.00');
      },
    },
  },
  'withdraw/create': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '20.00');
      const order = await ok(w.alice, 'withdraw/create', { cardNo: card.cardNo, amount: '7.5', currency: 'EUR', targetAccountId: 'acc-2', idempotencyKey: key() });
      expect(order).toMatchObject({ type: 'WITHDRAW', status: 'COMPLETED', amount: '7.50', fee: '0.00', accountId: 'acc-2' });
      expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '12.50', pending: '0.00', ledger: '12.50' });
    },
    errors: {
      INSUFFICIENT_FUNDS: async () => {
        const card = await active();
        await fund(w.alice, card.cardNo, '20.00');
        await authorize(w.alice, card.cardNo, '15.00');
        await business(w.alice, 'withdraw/create', { cardNo: card.cardNo, amount: '5.01', currency: 'EUR', targetAccountId: 'a', idempotencyKey: key() }, 'INSUFFICIENT_FUNDS', {
          available: '5.00',
        });
      },
      CURRENCY_MISMATCH: async () =>
        business(w.alice, 'withdraw/create', { cardNo: (await active()).cardNo, amount: '1', currency: 'CHF', targetAccountId: 'a', idempotencyKey: key() }, 'CURRENCY_MISMATCH', {
          cardCurrency: 'EUR',
        }),
    },
  },
  'fund/order/info': {
    success: async () => {
      const card = await active();
      const order = await fund(w.alice, card.cardNo, '3.00');
      expect(await ok(w.employee, 'fund/order/info', { orderNo: order.orderNo })).toEqual(order);
    },
    errors: {
      ORDER_NOT_FOUND: async () => {
        const bobs = await issueCard(w.bob);
        const order = await fund(w.bob, bobs.cardNo, '3.00');
        for (const orderNo of [order.orderNo, 'unknown']) await business(w.alice, 'fund/order/info', { orderNo }, 'ORDER_NOT_FOUND');
      },
    },
  },
  'fund/order/list': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '3.00');
      await ok(w.alice, 'withdraw/create', { cardNo: card.cardNo, amount: '1', currency: 'EUR', targetAccountId: 'a', idempotencyKey: key() });
      const all = await ok<{ total: number; items: Array<{ type: string }> }>(w.alice, 'fund/order/list', { cardNo: card.cardNo });
      expect(all.total).toBe(2);
      const today = new Date().toISOString().slice(0, 10);
      const topups = await ok<{ total: number; items: Array<{ type: string }> }>(w.alice, 'fund/order/list', { cardNo: card.cardNo, type: 'TOPUP', dateFrom: today, dateTo: today });
      expect(topups.items.map((o) => o.type)).toEqual(['TOPUP']);
      expect((await ok<{ total: number }>(w.alice, 'fund/order/list', { cardNo: card.cardNo, dateFrom: '2000-01-01', dateTo: '2000-01-02' })).total).toBe(0);
    },
  },
  'transaction/list': {
    success: async () => {
      const { card } = await withSettled();
      await authorize(w.alice, card.cardNo, '500.00'); // declined: insufficient funds
      const all = await ok<{ items: Array<{ status: string }>; total: number }>(w.alice, 'transaction/list', { cardNo: card.cardNo });
      expect(all.items.map((t) => t.status).sort()).toEqual(['DECLINED', 'SETTLED']);
      const declined = await ok<{ items: Array<{ status: string; declineReason: string }> }>(w.alice, 'transaction/list', { cardNo: card.cardNo, status: 'DECLINED' });
      expect(declined.items).toMatchObject([{ status: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS' }]);
    },
  },
  'transaction/info': {
    success: async () => {
      const { card, transactionId, authorizationId } = await withSettled();
      expect(await ok(w.alice, 'transaction/info', { cardNo: card.cardNo, transactionId })).toEqual({
        transactionId,
        cardId: card.cardId,
        authorizationId,
        status: 'SETTLED',
        amount: '30.00',
        currency: 'EUR',
        merchant: merchant(),
        channel: 'ecommerce',
        declineReason: null,
        createdAt: expect.stringMatching(ISO),
        settledAt: expect.stringMatching(ISO),
      });
    },
    errors: {
      TRANSACTION_NOT_FOUND: async () => {
        const { transactionId } = await withSettled();
        const other = await active();
        await business(w.alice, 'transaction/info', { cardNo: other.cardNo, transactionId }, 'TRANSACTION_NOT_FOUND');
      },
    },
  },
  'authorization/list': {
    success: async () => {
      const { card } = await withSettled();
      await authorize(w.alice, card.cardNo, '1000.00');
      const data = await ok<{ items: Array<{ status: string; declineReason: string | null }> }>(w.alice, 'authorization/list', { cardNo: card.cardNo, status: 'DECLINED' });
      expect(data.items).toMatchObject([{ status: 'DECLINED', declineReason: 'INSUFFICIENT_FUNDS' }]);
      expect((await ok<{ total: number }>(w.alice, 'authorization/list', { cardNo: card.cardNo })).total).toBe(2);
    },
  },
  'statement/list': {
    success: async () => {
      const { card } = await withSettled();
      const now = new Date();
      const data = await ok<{ items: unknown[] }>(w.alice, 'statement/list', { cardNo: card.cardNo, year: now.getUTCFullYear() });
      const month = now.getUTCMonth() + 1;
      expect(data.items).toEqual([
        {
          statementId: `STMT-${now.getUTCFullYear()}-${String(month).padStart(2, '0')}`,
          year: now.getUTCFullYear(),
          month,
          currency: 'EUR',
          openingBalance: '0.00',
          closingBalance: '70.00',
          totalSpent: '30.00',
          totalFunded: '100.00',
          transactionCount: 1,
          formats: ['CSV'],
        },
      ]);
      expect(await ok(w.alice, 'statement/list', { cardNo: card.cardNo, year: 2001 })).toEqual({ items: [] });
    },
  },
  'statement/download': {
    success: async () => {
      const { card } = await withSettled();
      const [item] = (await ok<{ items: Array<{ statementId: string }> }>(w.alice, 'statement/list', { cardNo: card.cardNo, year: new Date().getUTCFullYear() })).items;
      const file = await ok<{ content: string; contentType: string; fileName: string; encoding: string }>(w.alice, 'statement/download', {
        cardNo: card.cardNo,
        statementId: item!.statementId,
        format: 'CSV',
      });
      expect(file).toMatchObject({ contentType: 'text/csv; charset=utf-8', encoding: 'utf8', fileName: expect.stringMatching(/^statement-\d{4}-\d{4}-\d{2}\.csv$/) });
      const lines = file.content.trim().split('\n');
      expect(lines[0]).toBe('date,type,description,amount,currency,status');
      expect(lines.slice(1, 3).map((l) => l.split(',').slice(1))).toEqual([
        ['TOPUP', 'acc-1', '100.00', 'EUR', 'COMPLETED'],
        ['PURCHASE', 'Coffee Corner', '-30.00', 'EUR', 'SETTLED'],
      ]);
      expect(lines.slice(3)).toEqual([',OPENING_BALANCE,,0.00,EUR,', ',CLOSING_BALANCE,,70.00,EUR,']);
      expect(file.content).not.toContain(card.cardNo);
    },
    errors: {
      STATEMENT_NOT_FOUND: async () => {
        const card = await active();
        for (const statementId of ['STMT-2001-01', 'whatever']) await business(w.alice, 'statement/download', { cardNo: card.cardNo, statementId, format: 'CSV' }, 'STATEMENT_NOT_FOUND');
      },
      STATEMENT_FORMAT_UNAVAILABLE: async () => {
        const card = await active();
        const now = new Date();
        const statementId = `STMT-${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
        await business(w.alice, 'statement/download', { cardNo: card.cardNo, statementId, format: 'PDF' }, 'STATEMENT_FORMAT_UNAVAILABLE', { formats: ['CSV'] });
      },
    },
  },
  'cardholder/create': {
    success: async () => {
      const mine = await ok(w.alice, 'cardholder/create', holderBody());
      expect(mine).toEqual({
        cardholderId: expect.stringMatching(UUID),
        customerId: w.alice.customerId,
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '+4915112345679',
        dateOfBirth: '1990-12-10',
        billingAddress: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE' },
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
      const byAdmin = await ok<{ customerId: string }>(w.admin, 'cardholder/create', holderBody({ customerId: w.bob.customerId }));
      expect(byAdmin.customerId).toBe(w.bob.customerId);
    },
    errors: {
      CARDHOLDER_CUSTOMER_REQUIRED: async () => {
        await business(w.admin, 'cardholder/create', holderBody(), 'CARDHOLDER_CUSTOMER_REQUIRED', { details: 'customerId is required' });
        await business(w.admin, 'cardholder/create', holderBody({ customerId: '00000000-0000-4000-8000-000000000000' }), 'CARDHOLDER_CUSTOMER_REQUIRED', { details: 'no such customer' });
        await business(w.alice, 'cardholder/create', holderBody({ customerId: w.bob.customerId }), 'CARDHOLDER_CUSTOMER_REQUIRED', {
          details: 'a customer user creates cardholders for its own customer only',
        });
      },
    },
  },
  'cardholder/info': {
    success: async () => {
      const created = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
      expect(await ok(w.alice, 'cardholder/info', { cardholderId: created.cardholderId })).toEqual(created);
      expect(await ok(w.employee, 'cardholder/info', { cardholderId: created.cardholderId })).toEqual(created);
    },
    errors: {
      CARDHOLDER_NOT_FOUND: async () => {
        const bobs = await ok<{ cardholderId: string }>(w.bob, 'cardholder/create', holderBody());
        for (const cardholderId of [bobs.cardholderId, 'x']) await business(w.alice, 'cardholder/info', { cardholderId }, 'CARDHOLDER_NOT_FOUND');
      },
    },
  },
  'cardholder/update': {
    success: async () => {
      const created = await ok<{ cardholderId: string }>(w.alice, 'cardholder/create', holderBody());
      const updated = await ok(w.alice, 'cardholder/update', {
        cardholderId: created.cardholderId,
        email: 'new@example.com',
        billingAddress: { line1: 'Rue 2', city: 'Paris', postalCode: '75001', country: 'FR' },
      });
      expect(updated).toMatchObject({ email: 'new@example.com', phone: '+4915112345679', billingAddress: { city: 'Paris', country: 'FR' } });
    },
    errors: {
      CARDHOLDER_NOT_FOUND: async () => {
        const bobs = await ok<{ cardholderId: string }>(w.bob, 'cardholder/create', holderBody());
        await business(w.alice, 'cardholder/update', { cardholderId: bobs.cardholderId, email: 'x@example.com' }, 'CARDHOLDER_NOT_FOUND');
      },
    },
  },
  'pin/control-token': {
    success: async () => {
      const card = await active();
      const data = await ok(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'SET_PIN', otp: await otpFor(w.alice, card.cardNo, 'PIN') });
      expect(data).toEqual({ controlToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), type: 'SET_PIN', expiresAt: expect.stringMatching(ISO) });
    },
    errors: {
      CARD_NOT_ACTIVE: async () => business(w.alice, 'pin/control-token', { cardNo: (await frozen()).cardNo, type: 'SET_PIN', otp: '123456' }, 'CARD_NOT_ACTIVE', state('FROZEN')),
      OTP_INVALID: async () => {
        const card = await active();
        const otp = await otpFor(w.alice, card.cardNo, 'PIN');
        await business(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'SET_PIN', otp: otp === '424242' ? '242424' : '424242' }, 'OTP_INVALID', { attemptsRemaining: 4 });
      },
    },
  },
  'pin/set': {
    success: async () => {
      const card = await active();
      const { controlToken } = await ok<{ controlToken: string }>(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'SET_PIN', otp: await otpFor(w.alice, card.cardNo, 'PIN') });
      expect(await ok(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken, pin: '4827' })).toEqual({ ok: true });
      const db = await getDb();
      const [row] = await db
        .select({ pinHash: cards.pinHash })
        .from(cards)
        .where(and(eq(cards.tenantId, w.tenant.tenantId), eq(cards.id, card.cardId)));
      expect(row!.pinHash).toMatch(/^\$argon2id\$/);
      expect(row!.pinHash).not.toContain('4827');
    },
    errors: {
      CONTROL_TOKEN_INVALID: async () => {
        const card = await active();
        const { controlToken } = await ok<{ controlToken: string }>(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'SET_PIN', otp: await otpFor(w.alice, card.cardNo, 'PIN') });
        await ok(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken, pin: '4827' });
        // single use; unknown tokens and REVEAL_PIN tokens do not set a PIN either
        await business(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken, pin: '4827' }, 'CONTROL_TOKEN_INVALID');
        await business(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken: 'made-up', pin: '4827' }, 'CONTROL_TOKEN_INVALID');
        const reveal = await ok<{ controlToken: string }>(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'REVEAL_PIN', otp: await otpFor(w.alice, card.cardNo, 'PIN') });
        await business(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken: reveal.controlToken, pin: '4827' }, 'CONTROL_TOKEN_INVALID');
      },
      PIN_TOO_WEAK: async () => {
        const card = await active();
        const { controlToken } = await ok<{ controlToken: string }>(w.alice, 'pin/control-token', { cardNo: card.cardNo, type: 'SET_PIN', otp: await otpFor(w.alice, card.cardNo, 'PIN') });
        for (const pin of ['1111', '1234', '98765']) await business(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken, pin }, 'PIN_TOO_WEAK');
        // the token was not used up by the refusals
        expect(await ok(w.alice, 'pin/set', { cardNo: card.cardNo, controlToken, pin: '1357' })).toEqual({ ok: true });
      },
    },
  },
  'pin/unblock': {
    success: async () => {
      const card = await active();
      expect(await ok(w.alice, 'pin/unblock', { cardNo: card.cardNo, otp: await otpFor(w.alice, card.cardNo, 'PIN') })).toEqual({ ok: true });
    },
    errors: {
      OTP_REQUIRED: async () =>
        business(w.alice, 'pin/unblock', { cardNo: (await active()).cardNo, otp: '123456' }, 'OTP_REQUIRED', { details: 'send a code for PIN with secure/otp/send first' }),
      CARD_NOT_ACTIVE: async () => business(w.alice, 'pin/unblock', { cardNo: (await inactive()).cardNo, otp: '123456' }, 'CARD_NOT_ACTIVE', state('INACTIVE')),
    },
  },
  '3ds/pending': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '10.00');
      const auth = await authorize(w.alice, card.cardNo, '4.00', { threeDSecure: true });
      expect(auth.status).toBe('PENDING_3DS');
      const data = await ok<{ items: unknown[] }>(w.alice, '3ds/pending', { cardNo: card.cardNo });
      expect(data.items).toEqual([
        {
          challengeId: expect.stringMatching(UUID),
          cardId: card.cardId,
          authorizationId: auth.authorizationId,
          amount: '4.00',
          currency: 'EUR',
          merchant: merchant(),
          status: 'PENDING',
          expiresAt: expect.stringMatching(ISO),
          createdAt: expect.stringMatching(ISO),
        },
      ]);
    },
  },
  '3ds/confirm': {
    success: async () => {
      const card = await active();
      await fund(w.alice, card.cardNo, '10.00');
      await authorize(w.alice, card.cardNo, '4.00', { threeDSecure: true });
      const [challenge] = (await ok<{ items: Array<{ challengeId: string }> }>(w.alice, '3ds/pending', { cardNo: card.cardNo })).items;
      expect(await ok(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: challenge!.challengeId, decision: 'APPROVE' })).toMatchObject({ status: 'APPROVED' });
      expect(await balance(w.alice, card.cardNo)).toMatchObject({ available: '6.00', pending: '4.00' });
      expect((await ok<{ items: Array<{ status: string }> }>(w.alice, 'authorization/list', { cardNo: card.cardNo })).items).toMatchObject([{ status: 'APPROVED' }]);
      // DECLINE: the authorization is declined, nothing is held
      await authorize(w.alice, card.cardNo, '1.00', { threeDSecure: true });
      const [second] = (await ok<{ items: Array<{ challengeId: string }> }>(w.alice, '3ds/pending', { cardNo: card.cardNo })).items;
      expect(await ok(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: second!.challengeId, decision: 'DECLINE' })).toMatchObject({ status: 'DECLINED' });
      expect(await balance(w.alice, card.cardNo)).toMatchObject({ available: '6.00', pending: '4.00' });
      // APPROVE runs the rules at that moment: frozen meanwhile -> declined CARD_FROZEN
      await authorize(w.alice, card.cardNo, '1.00', { threeDSecure: true });
      const [third] = (await ok<{ items: Array<{ challengeId: string }> }>(w.alice, '3ds/pending', { cardNo: card.cardNo })).items;
      await ok(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'check' });
      await ok(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: third!.challengeId, decision: 'APPROVE' });
      const latest = await ok<{ items: Array<{ status: string; declineReason: string | null }> }>(w.alice, 'transaction/list', { cardNo: card.cardNo, status: 'DECLINED' });
      expect(latest.items.map((t) => t.declineReason).sort()).toEqual(['CARD_FROZEN', null].sort());
    },
    errors: {
      CHALLENGE_NOT_FOUND: async () => business(w.alice, '3ds/confirm', { cardNo: (await active()).cardNo, challengeId: 'nope', decision: 'APPROVE' }, 'CHALLENGE_NOT_FOUND'),
      CHALLENGE_EXPIRED: async () => {
        const clock = freezeClock();
        const card = await active();
        await fund(w.alice, card.cardNo, '10.00');
        await authorize(w.alice, card.cardNo, '4.00', { threeDSecure: true });
        const [challenge] = (await ok<{ items: Array<{ challengeId: string }> }>(w.alice, '3ds/pending', { cardNo: card.cardNo })).items;
        clock.advance(10 * 60_000);
        await business(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: challenge!.challengeId, decision: 'APPROVE' }, 'CHALLENGE_EXPIRED');
        expect(await ok(w.alice, '3ds/pending', { cardNo: card.cardNo })).toEqual({ items: [] });
      },
      CHALLENGE_ALREADY_ANSWERED: async () => {
        const card = await active();
        await fund(w.alice, card.cardNo, '10.00');
        await authorize(w.alice, card.cardNo, '4.00', { threeDSecure: true });
        const [challenge] = (await ok<{ items: Array<{ challengeId: string }> }>(w.alice, '3ds/pending', { cardNo: card.cardNo })).items;
        await ok(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: challenge!.challengeId, decision: 'DECLINE' });
        await business(w.alice, '3ds/confirm', { cardNo: card.cardNo, challengeId: challenge!.challengeId, decision: 'APPROVE' }, 'CHALLENGE_ALREADY_ANSWERED', state('DECLINED'));
      },
    },
  },
  'wallet/provision': {
    success: async () => {
      const card = await active();
      expect(await ok(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'APPLE_PAY', deviceId: 'iphone-1' })).toEqual({
        tokenId: expect.stringMatching(UUID),
        cardId: card.cardId,
        walletType: 'APPLE_PAY',
        deviceId: 'iphone-1',
        status: 'ACTIVE',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    },
    errors: {
      WALLET_ALREADY_PROVISIONED: async () => {
        const card = await active();
        const token = await ok<{ tokenId: string }>(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'GOOGLE_PAY', deviceId: 'pixel' });
        await business(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'GOOGLE_PAY', deviceId: 'pixel' }, 'WALLET_ALREADY_PROVISIONED', { tokenId: token.tokenId });
      },
      CARD_NOT_ACTIVE: async () =>
        business(w.alice, 'wallet/provision', { cardNo: (await inactive()).cardNo, walletType: 'GOOGLE_PAY', deviceId: 'p' }, 'CARD_NOT_ACTIVE', state('INACTIVE')),
    },
  },
  'wallet/token/list': {
    success: async () => {
      const card = await active();
      await ok(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'GOOGLE_PAY', deviceId: 'pixel' });
      await ok(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'APPLE_PAY', deviceId: 'iphone' });
      const data = await ok<{ items: Array<{ walletType: string }> }>(w.alice, 'wallet/token/list', { cardNo: card.cardNo });
      expect(data.items.map((t) => t.walletType).sort()).toEqual(['APPLE_PAY', 'GOOGLE_PAY']);
    },
  },
  'wallet/token/update': {
    success: async () => {
      const card = await active();
      const { tokenId } = await ok<{ tokenId: string }>(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'GOOGLE_PAY', deviceId: 'pixel' });
      for (const [action, status] of [
        ['PAUSE', 'PAUSED'],
        ['RESUME', 'ACTIVE'],
        ['DELETE', 'DELETED'],
      ]) {
        expect(await ok(w.alice, 'wallet/token/update', { cardNo: card.cardNo, tokenId, action })).toMatchObject({ tokenId, status });
      }
    },
    errors: {
      WALLET_TOKEN_STATE: async () => {
        const card = await active();
        const { tokenId } = await ok<{ tokenId: string }>(w.alice, 'wallet/provision', { cardNo: card.cardNo, walletType: 'GOOGLE_PAY', deviceId: 'pixel' });
        await business(w.alice, 'wallet/token/update', { cardNo: card.cardNo, tokenId, action: 'RESUME' }, 'WALLET_TOKEN_STATE', state('ACTIVE'));
      },
      WALLET_TOKEN_NOT_FOUND: async () => business(w.alice, 'wallet/token/update', { cardNo: (await active()).cardNo, tokenId: 'x', action: 'PAUSE' }, 'WALLET_TOKEN_NOT_FOUND'),
    },
  },
  'dispute/create': {
    success: async () => {
      const { card, transactionId } = await withSettled();
      const data = await ok(w.alice, 'dispute/create', { cardNo: card.cardNo, transactionId, reason: 'NOT_RECEIVED', amount: '30', description: 'never arrived', idempotencyKey: key() });
      expect(data).toEqual({
        disputeId: expect.stringMatching(UUID),
        cardId: card.cardId,
        transactionId,
        reason: 'NOT_RECEIVED',
        amount: '30.00',
        currency: 'EUR',
        description: 'never arrived',
        status: 'OPEN',
        createdAt: expect.stringMatching(ISO),
        updatedAt: expect.stringMatching(ISO),
      });
    },
    errors: {
      TRANSACTION_NOT_FOUND: async () =>
        business(
          w.alice,
          'dispute/create',
          { cardNo: (await active()).cardNo, transactionId: 'x', reason: 'FRAUD', amount: '1', description: 'd', idempotencyKey: key() },
          'TRANSACTION_NOT_FOUND',
        ),
      DISPUTE_NOT_ALLOWED: async () => {
        const card = await active();
        await fund(w.alice, card.cardNo, '10.00');
        await authorize(w.alice, card.cardNo, '5.00');
        const [tx] = (await ok<{ items: Array<{ transactionId: string }> }>(w.alice, 'transaction/list', { cardNo: card.cardNo })).items;
        await business(
          w.alice,
          'dispute/create',
          { cardNo: card.cardNo, transactionId: tx!.transactionId, reason: 'FRAUD', amount: '1', description: 'd', idempotencyKey: key() },
          'DISPUTE_NOT_ALLOWED',
          state('PENDING'),
        );
      },
      DISPUTE_AMOUNT_EXCEEDED: async () => {
        const { card, transactionId } = await withSettled();
        await business(
          w.alice,
          'dispute/create',
          { cardNo: card.cardNo, transactionId, reason: 'FRAUD', amount: '30.01', description: 'd', idempotencyKey: key() },
          'DISPUTE_AMOUNT_EXCEEDED',
          { transactionAmount: '30.00' },
        );
      },
      DISPUTE_EXISTS: async () => {
        const { card, transactionId } = await withSettled();
        const first = await ok<{ disputeId: string }>(w.alice, 'dispute/create', {
          cardNo: card.cardNo,
          transactionId,
          reason: 'FRAUD',
          amount: '1',
          description: 'd',
          idempotencyKey: key(),
        });
        await business(w.alice, 'dispute/create', { cardNo: card.cardNo, transactionId, reason: 'DUPLICATE', amount: '1', description: 'd', idempotencyKey: key() }, 'DISPUTE_EXISTS', {
          disputeId: first.disputeId,
        });
      },
    },
  },
  'dispute/info': {
    success: async () => {
      const { card, transactionId } = await withSettled();
      const created = await ok<{ disputeId: string }>(w.alice, 'dispute/create', {
        cardNo: card.cardNo,
        transactionId,
        reason: 'FRAUD',
        amount: '1',
        description: 'd',
        idempotencyKey: key(),
      });
      expect(await ok(w.employee, 'dispute/info', { disputeId: created.disputeId })).toEqual(created);
    },
    errors: {
      DISPUTE_NOT_FOUND: async () => {
        const { card, transactionId } = await withSettled();
        const created = await ok<{ disputeId: string }>(w.alice, 'dispute/create', {
          cardNo: card.cardNo,
          transactionId,
          reason: 'FRAUD',
          amount: '1',
          description: 'd',
          idempotencyKey: key(),
        });
        for (const disputeId of [created.disputeId, 'x']) await business(w.bob, 'dispute/info', { disputeId }, 'DISPUTE_NOT_FOUND');
      },
    },
  },
  'dispute/list': {
    success: async () => {
      const { card, transactionId } = await withSettled();
      await ok(w.alice, 'dispute/create', { cardNo: card.cardNo, transactionId, reason: 'FRAUD', amount: '1', description: 'd', idempotencyKey: key() });
      const data = await ok<{ total: number; items: Array<{ status: string }> }>(w.alice, 'dispute/list', { cardNo: card.cardNo, status: 'OPEN' });
      expect(data.total).toBe(1);
      expect((await ok<{ total: number }>(w.alice, 'dispute/list', { cardNo: card.cardNo, status: 'WON' })).total).toBe(0);
    },
  },
};

it('the table covers all 46 operations', () => {
  expect(Object.keys(TABLE).sort()).toEqual(Object.keys(CARD_OPERATIONS).sort());
  expect(Object.keys(TABLE)).toHaveLength(46);
});

for (const [name, c] of Object.entries(TABLE)) {
  describe(name, () => {
    it('succeeds', c.success);
    for (const [reason, step] of Object.entries(c.errors ?? {})) it(`answers ${reason}`, step!);
  });
}
