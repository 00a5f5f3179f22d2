import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import { getDb } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { authorize, balance, business, cardWorld, fund, issueCard, merchant, ok, otpFor, relogin, type CardActor, type CardWorld, type TestCard } from '../card-fixtures';
import { resetIdentityState } from '../identity-fixtures';

/**
 * simulate/authorize|clear|reverse through the gateway: every decline reason, the rule order,
 * limit windows and their reset times on a fixed clock, holds, clearing and reversals.
 */
let w: CardWorld;
beforeAll(async () => {
  resetIdentityState();
  w = await cardWorld();
});
beforeEach(() => resetIdentityState());
afterEach(() => setClock(null));

async function funded(actor: CardActor = w.alice, amount = '100.00'): Promise<TestCard> {
  const card = await issueCard(actor);
  await fund(actor, card.cardNo, amount);
  return card;
}

async function declinedWith(card: TestCard, reason: string, extra: Record<string, unknown> = {}, amount = '10.00') {
  const before = await balance(w.alice, card.cardNo);
  const auth = await authorize(w.alice, card.cardNo, amount, extra);
  expect({ status: auth.status, declineReason: auth.declineReason }).toEqual({ status: 'DECLINED', declineReason: reason });
  expect(await balance(w.alice, card.cardNo)).toEqual(before);
  const txs = await ok<{ items: Array<{ authorizationId: string; status: string; declineReason: string }> }>(w.alice, 'transaction/list', { cardNo: card.cardNo, status: 'DECLINED' });
  expect(txs.items.find((t) => t.authorizationId === auth.authorizationId)).toMatchObject({ status: 'DECLINED', declineReason: reason });
}

describe('decline reasons', () => {
  it('CARD_INACTIVE: an inactive or a canceled card', async () => {
    const card = await issueCard(w.alice, { activate: false });
    await declinedWith(card, 'CARD_INACTIVE');
    const gone = await funded();
    await ok(w.alice, 'card/cancel', { cardNo: gone.cardNo, reason: 'USER', otp: await otpFor(w.alice, gone.cardNo, 'CANCEL') });
    await declinedWith(gone, 'CARD_INACTIVE');
  });

  it('CARD_FROZEN', async () => {
    const card = await funded();
    await ok(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'hold on' });
    await declinedWith(card, 'CARD_FROZEN');
  });

  it('CHANNEL_BLOCKED: a switched-off channel, and international when the merchant country is not the billing country', async () => {
    const card = await funded();
    await ok(w.alice, 'control/channel/update', { cardNo: card.cardNo, atm: false, international: false });
    await declinedWith(card, 'CHANNEL_BLOCKED', { channel: 'atm' });
    await declinedWith(card, 'CHANNEL_BLOCKED', { merchant: merchant({ country: 'FR' }) });
    expect((await authorize(w.alice, card.cardNo, '1.00', { channel: 'contactless', merchant: merchant({ country: 'DE' }) })).status).toBe('APPROVED');
  });

  it('MCC_BLOCKED: a blocked code, or a code outside the allowed list', async () => {
    const card = await funded();
    await ok(w.alice, 'control/mcc/update', { cardNo: card.cardNo, blocked: ['7995'] });
    await declinedWith(card, 'MCC_BLOCKED', { merchant: merchant({ mcc: '7995' }) });
    await ok(w.alice, 'control/mcc/update', { cardNo: card.cardNo, allowed: ['5411'], blocked: [] });
    await declinedWith(card, 'MCC_BLOCKED', { merchant: merchant({ mcc: '5814' }) });
    expect((await authorize(w.alice, card.cardNo, '1.00', { merchant: merchant({ mcc: '5411' }) })).status).toBe('APPROVED');
  });

  it('COUNTRY_BLOCKED: a blocked country, or one outside the allowed list', async () => {
    const card = await funded();
    await ok(w.alice, 'control/country/update', { cardNo: card.cardNo, blocked: ['FR'] });
    await declinedWith(card, 'COUNTRY_BLOCKED', { merchant: merchant({ country: 'FR' }) });
    await ok(w.alice, 'control/country/update', { cardNo: card.cardNo, allowed: ['DE'], blocked: [] });
    await declinedWith(card, 'COUNTRY_BLOCKED', { merchant: merchant({ country: 'AT' }) });
  });

  it('SPENDING_LIMIT: per transaction, and the sum of a window', async () => {
    const card = await funded();
    await ok(w.alice, 'limit/update', {
      cardNo: card.cardNo,
      limits: [
        { interval: 'PER_TRANSACTION', amount: '30.00', currency: 'EUR' },
        { interval: 'DAILY', amount: '50.00', currency: 'EUR' },
      ],
    });
    await declinedWith(card, 'SPENDING_LIMIT', {}, '30.01');
    expect((await authorize(w.alice, card.cardNo, '30.00')).status).toBe('APPROVED');
    expect((await authorize(w.alice, card.cardNo, '20.00')).status).toBe('APPROVED');
    await declinedWith(card, 'SPENDING_LIMIT', {}, '0.01');
  });

  it('INSUFFICIENT_FUNDS: available = ledger - holds', async () => {
    const card = await funded(w.alice, '50.00');
    expect((await authorize(w.alice, card.cardNo, '45.00')).status).toBe('APPROVED');
    await declinedWith(card, 'INSUFFICIENT_FUNDS', {}, '5.01');
    expect((await authorize(w.alice, card.cardNo, '5.00')).status).toBe('APPROVED');
  });

  it('the rules apply in order: state, channel, MCC, country, limits, balance', async () => {
    const card = await issueCard(w.alice); // no money at all
    await ok(w.alice, 'limit/update', { cardNo: card.cardNo, limits: [{ interval: 'PER_TRANSACTION', amount: '1.00', currency: 'EUR' }] });
    await declinedWith(card, 'SPENDING_LIMIT', {}, '2.00');
    await ok(w.alice, 'control/country/update', { cardNo: card.cardNo, blocked: ['DE'] });
    await declinedWith(card, 'COUNTRY_BLOCKED', {}, '2.00');
    await ok(w.alice, 'control/mcc/update', { cardNo: card.cardNo, blocked: ['5814'] });
    await declinedWith(card, 'MCC_BLOCKED', {}, '2.00');
    await ok(w.alice, 'control/channel/update', { cardNo: card.cardNo, ecommerce: false });
    await declinedWith(card, 'CHANNEL_BLOCKED', {}, '2.00');
    await ok(w.alice, 'card/freeze', { cardNo: card.cardNo, reason: 'x' });
    await declinedWith(card, 'CARD_FROZEN', {}, '2.00');
  });

  it('a decline is recorded and emits card.transaction.created without the card number', async () => {
    const card = await issueCard(w.alice);
    const auth = await authorize(w.alice, card.cardNo, '5.00');
    expect(auth.declineReason).toBe('INSUFFICIENT_FUNDS');
    const db = await getDb();
    const rows = await db
      .select()
      .from(events)
      .where(and(eq(events.tenantId, w.tenant.tenantId), eq(events.type, 'card.transaction.created')));
    const mine = rows.map((r) => r.payload as { data: Record<string, unknown> }).filter((p) => p.data.cardId === card.cardId);
    expect(mine.map((p) => p.data)).toEqual([
      {
        cardId: card.cardId,
        maskedCardNo: `${card.cardNo.slice(0, 6)}******${card.cardNo.slice(-4)}`,
        transactionId: expect.any(String),
        status: 'DECLINED',
        amount: '5.00',
        currency: 'EUR',
        merchant: merchant(),
        declineReason: 'INSUFFICIENT_FUNDS',
      },
    ]);
    expect(JSON.stringify(rows)).not.toContain(card.cardNo);
  });
});

describe('limit windows reset at their boundary (UTC, fixed clock)', () => {
  const CASES = [
    { interval: 'DAILY', before: '2026-03-10T23:50:00.000Z', resetsAt: '2026-03-11T00:00:00.000Z' },
    { interval: 'WEEKLY', before: '2026-03-15T23:50:00.000Z', resetsAt: '2026-03-16T00:00:00.000Z' }, // Sunday -> Monday
    { interval: 'MONTHLY', before: '2026-02-28T23:50:00.000Z', resetsAt: '2026-03-01T00:00:00.000Z' },
    { interval: 'YEARLY', before: '2026-12-31T23:50:00.000Z', resetsAt: '2027-01-01T00:00:00.000Z' },
  ] as const;

  it.each(CASES)('$interval resets at $resetsAt', async ({ interval, before, resetsAt }) => {
    const clock = fixedClock(new Date(before));
    setClock(clock);
    const alice = await relogin(w.alice);
    const card = await funded(alice);
    await ok(alice, 'limit/update', { cardNo: card.cardNo, limits: [{ interval, amount: '50.00', currency: 'EUR' }] });
    expect((await authorize(alice, card.cardNo, '40.00')).status).toBe('APPROVED');
    expect((await authorize(alice, card.cardNo, '20.00')).declineReason).toBe('SPENDING_LIMIT');
    expect((await ok<{ items: unknown[] }>(alice, 'limit/info', { cardNo: card.cardNo })).items).toEqual([
      { interval, amount: '50.00', currency: 'EUR', used: '40.00', remaining: '10.00', resetsAt },
    ]);
    clock.set(new Date(new Date(resetsAt).getTime() - 1));
    expect((await authorize(alice, card.cardNo, '20.00')).declineReason).toBe('SPENDING_LIMIT');
    clock.set(new Date(resetsAt));
    expect((await authorize(alice, card.cardNo, '20.00')).status).toBe('APPROVED');
    expect((await ok<{ items: Array<{ used: string }> }>(alice, 'limit/info', { cardNo: card.cardNo })).items[0]!.used).toBe('20.00');
  });

  it('LIFETIME never resets; a reversal gives the amount back to every window', async () => {
    const clock = fixedClock(new Date('2026-06-30T23:50:00.000Z'));
    setClock(clock);
    const alice = await relogin(w.alice);
    const card = await funded(alice);
    await ok(alice, 'limit/update', { cardNo: card.cardNo, limits: [{ interval: 'LIFETIME', amount: '50.00', currency: 'EUR' }] });
    const first = await authorize(alice, card.cardNo, '40.00');
    clock.advance(30 * 60_000);
    expect((await authorize(alice, card.cardNo, '20.00')).declineReason).toBe('SPENDING_LIMIT');
    expect((await ok<{ items: unknown[] }>(alice, 'limit/info', { cardNo: card.cardNo })).items).toEqual([
      { interval: 'LIFETIME', amount: '50.00', currency: 'EUR', used: '40.00', remaining: '10.00', resetsAt: null },
    ]);
    await ok(alice, 'simulate/reverse', { cardNo: card.cardNo, authorizationId: first.authorizationId });
    expect((await authorize(alice, card.cardNo, '20.00')).status).toBe('APPROVED');
  });
});

describe('holds, clearing and reversals', () => {
  it('an approval holds, clearing settles (also for less), a reversal releases', async () => {
    const card = await funded();
    const auth = await authorize(w.alice, card.cardNo, '30.00');
    expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '70.00', pending: '30.00', ledger: '100.00' });
    const settled = await ok(w.alice, 'simulate/clear', { cardNo: card.cardNo, authorizationId: auth.authorizationId, amount: '25.50' });
    expect(settled).toMatchObject({ authorizationId: auth.authorizationId, status: 'SETTLED', amount: '25.50', settledAt: expect.any(String) });
    expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '74.50', pending: '0.00', ledger: '74.50' });

    const second = await authorize(w.alice, card.cardNo, '10.00');
    expect((await balance(w.alice, card.cardNo)).available).toBe('64.50');
    expect(await ok(w.alice, 'simulate/reverse', { cardNo: card.cardNo, authorizationId: second.authorizationId })).toMatchObject({ status: 'REVERSED' });
    expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '74.50', pending: '0.00', ledger: '74.50' });
    const txs = await ok<{ items: Array<{ authorizationId: string; status: string }> }>(w.alice, 'transaction/list', { cardNo: card.cardNo });
    expect(txs.items.map((t) => [t.authorizationId, t.status]).sort()).toEqual(
      [
        [auth.authorizationId, 'SETTLED'],
        [second.authorizationId, 'REVERSED'],
      ].sort(),
    );
    const auths = await ok<{ items: Array<{ status: string }> }>(w.alice, 'authorization/list', { cardNo: card.cardNo });
    expect(auths.items.map((a) => a.status).sort()).toEqual(['CLEARED', 'REVERSED']);
  });

  it('concurrent authorizations on one card never spend more than the balance (the card row is locked)', async () => {
    const card = await funded(w.alice, '50.00');
    const results = await Promise.all(Array.from({ length: 6 }, () => authorize(w.alice, card.cardNo, '20.00')));
    expect(results.map((r) => r.status).sort()).toEqual(['APPROVED', 'APPROVED', 'DECLINED', 'DECLINED', 'DECLINED', 'DECLINED']);
    expect(results.filter((r) => r.status === 'DECLINED').every((r) => r.declineReason === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balance(w.alice, card.cardNo)).toEqual({ currency: 'EUR', available: '10.00', pending: '40.00', ledger: '50.00' });
  });

  it('AUTHORIZATION_NOT_FOUND, AUTHORIZATION_STATE, CLEAR_AMOUNT_EXCEEDED, CURRENCY_MISMATCH', async () => {
    const card = await funded();
    const other = await funded();
    const auth = await authorize(w.alice, card.cardNo, '10.00');
    for (const authorizationId of [auth.authorizationId, 'nope']) {
      await business(w.alice, 'simulate/clear', { cardNo: other.cardNo, authorizationId }, 'AUTHORIZATION_NOT_FOUND');
      await business(w.alice, 'simulate/reverse', { cardNo: other.cardNo, authorizationId }, 'AUTHORIZATION_NOT_FOUND');
    }
    await business(w.alice, 'simulate/clear', { cardNo: card.cardNo, authorizationId: auth.authorizationId, amount: '10.01' }, 'CLEAR_AMOUNT_EXCEEDED', { authorized: '10.00' });
    await ok(w.alice, 'simulate/reverse', { cardNo: card.cardNo, authorizationId: auth.authorizationId });
    await business(w.alice, 'simulate/clear', { cardNo: card.cardNo, authorizationId: auth.authorizationId }, 'AUTHORIZATION_STATE', { status: 'REVERSED' });
    await business(w.alice, 'simulate/reverse', { cardNo: card.cardNo, authorizationId: auth.authorizationId }, 'AUTHORIZATION_STATE', { status: 'REVERSED' });
    await business(w.alice, 'simulate/authorize', { cardNo: card.cardNo, amount: '1.00', currency: 'USD', merchant: merchant() }, 'CURRENCY_MISMATCH', { cardCurrency: 'EUR' });
    const declined = await authorize(w.alice, card.cardNo, '1000.00');
    await business(w.alice, 'simulate/clear', { cardNo: card.cardNo, authorizationId: declined.authorizationId }, 'AUTHORIZATION_STATE', { status: 'DECLINED' });
  });
});
