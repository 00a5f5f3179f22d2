import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import type { Transfer } from '@/lib/contract/wallets';
import { expectEnvelope } from '../helpers';
import {
  addBeneficiary,
  api,
  authorize,
  eventTypes,
  expectOk,
  fund,
  IBANS,
  ledgerTenant,
  newKey,
  notFoundData,
  openWallet,
  readyWallet,
  reconciliation,
  routes,
  transfer,
  walletOf,
  type LedgerTenant,
} from '../ledger-fixtures';

/**
 * POST /api/v2.1/transfers: every rule of the contract ("a transfer requires an existing, active
 * beneficiary, an ACTIVE wallet, sufficient balance, a valid payment consent and staying within
 * transaction limits") with its exact envelope, the idempotency key, and four-eyes approval.
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

beforeEach(() => {
  setClock(null);
});

describe('a transfer that passes every rule', () => {
  it('completes at once below the threshold: balanced entry, balance moved, events, reconciles', async () => {
    const { wallet, beneficiary, consent, body } = await readyWallet(t.alice, '500.00');
    const res = await transfer(t.alice, body('120.5'));
    const data = expectOk(res);
    expect(res.json.message).toBe('transfer completed');
    expect(data).toMatchObject({
      customerId: t.alice.customerId,
      walletId: wallet.id,
      beneficiary: { id: beneficiary.id, name: 'Grace Hopper', iban: beneficiary.iban },
      paymentConsentId: consent.id,
      amount: '120.50',
      currency: 'EUR',
      reference: 'invoice 42',
      status: 'COMPLETED',
      requiresApproval: false,
      initiatedBy: t.alice.userId,
      approvedBy: null,
      decidedAt: null,
      rejectionReason: null,
    });
    expect(await walletOf(t.alice, wallet.id)).toMatchObject({ balance: '379.50', availableBalance: '379.50', pendingOutgoing: '0.00' });
    const statement = expectOk(await api<{ items: Array<Record<string, unknown>>; total: number }>(routes.statement.GET, t.alice, { params: { walletId: wallet.id } }));
    expect(statement.items.map((i) => [i.kind, i.direction, i.amount])).toEqual([
      ['TRANSFER_SETTLEMENT', 'DEBIT', '120.50'],
      ['SANDBOX_FUNDING', 'CREDIT', '500.00'],
    ]);
    expect(await eventTypes(t.tenantId)).toEqual(expect.arrayContaining(['wallet.opened', 'wallet.funded', 'transfer.created']));
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('accepts the beneficiary by IBAN (spaces and lower case allowed)', async () => {
    const { beneficiary, body } = await readyWallet(t.alice, '50.00');
    const spaced = beneficiary.iban.toLowerCase().replace(/(.{4})/g, '$1 ');
    const data = expectOk(await transfer(t.alice, body('10.00', { beneficiary: { iban: spaced } })));
    expect(data.beneficiary!.id).toBe(beneficiary.id);
  });

  it('an ADMIN_USER can pay on behalf of a customer; GET list and one show it', async () => {
    const { body } = await readyWallet(t.alice, '50.00');
    const data = expectOk(await transfer(t.admin, body('5.00')));
    expect(data.initiatedBy).toBe(t.admin.userId);
    expect(expectOk(await api<Transfer>(routes.transfer.GET, t.employee, { params: { transferId: data.id } })).id).toBe(data.id);
    const list = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, t.alice, { query: `walletId=${data.walletId}` }));
    expect(list.items.map((i) => i.id)).toContain(data.id);
  });
});

describe('the catalogue errors, exactly', () => {
  it('400 insufficient balance with availableBalance, requestedAmount, currency as strings', async () => {
    const { wallet, body } = await readyWallet(t.alice, '100.00');
    const res = await transfer(t.alice, body('100.01'));
    expectEnvelope(res, 400, 'insufficient balance', { availableBalance: '100.00', requestedAmount: '100.01', currency: 'EUR' });
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('100.00');
  });

  it('400 insufficient balance in a zero-decimal currency', async () => {
    const { body } = await readyWallet(t.alice, '1000', 'JPY');
    expectEnvelope(await transfer(t.alice, body('1001')), 400, 'insufficient balance', { availableBalance: '1000', requestedAmount: '1001', currency: 'JPY' });
  });

  it('400 transaction limit exceeded: DAILY usage from the ledger, PER_TRANSACTION, WEEKLY and MONTHLY, wallet and customer scope', async () => {
    const { wallet, body } = await readyWallet(t.bob, '10000.00');
    // a wallet DAILY limit of 300: 200 passes, the next 150 would cross it
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'DAILY', limit: '300', currency: 'EUR' } }));
    expectOk(await transfer(t.bob, body('200.00')));
    expectEnvelope(await transfer(t.bob, body('150.00')), 400, 'transaction limit exceeded', {
      limitType: 'DAILY',
      limit: '300.00',
      currentUsage: '200.00',
      requestedAmount: '150.00',
      currency: 'EUR',
    });
    expectOk(await transfer(t.bob, body('100.00')));
    // PER_TRANSACTION is checked first and has no usage
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'PER_TRANSACTION', limit: '50', currency: 'EUR' } }));
    expectEnvelope(await transfer(t.bob, body('60.00')), 400, 'transaction limit exceeded', {
      limitType: 'PER_TRANSACTION',
      limit: '50.00',
      currentUsage: '0.00',
      requestedAmount: '60.00',
      currency: 'EUR',
    });
    // a customer-wide MONTHLY limit counts every EUR wallet of the customer
    const other = await openWallet(t.bob);
    await fund(t.bob, other.id, '100.00');
    const consent = await authorize(t.bob, other.id);
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { customerId: t.bob.customerId, limitType: 'MONTHLY', limit: '320', currency: 'EUR' } }));
    expectEnvelope(await transfer(t.bob, body('30.00', { walletId: other.id, paymentConsentId: consent.id })), 400, 'transaction limit exceeded', {
      limitType: 'MONTHLY',
      limit: '320.00',
      currentUsage: '300.00',
      requestedAmount: '30.00',
      currency: 'EUR',
    });
    // the limits list shows the usage
    const limits = expectOk(await api<{ items: Array<{ limitType: string; currentUsage: string; scope: string }> }>(routes.limits.GET, t.bob, { query: `walletId=${wallet.id}` }));
    expect(limits.items.map((l) => [l.scope, l.limitType, l.currentUsage]).sort()).toEqual([
      ['CUSTOMER', 'MONTHLY', '300.00'],
      ['WALLET', 'DAILY', '300.00'],
      ['WALLET', 'PER_TRANSACTION', '0.00'],
    ]);
  });

  it('a rejected transfer gives its usage back; the DAILY window starts at 00:00 UTC', async () => {
    // the whole story runs on a clock at 23:30 UTC (tokens are signed at that time and stay valid past midnight)
    const today = new Date();
    const clock = fixedClock(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate(), 23, 30, 0)));
    const fresh = await ledgerTenant(clock);
    const { wallet, body } = await readyWallet(fresh.alice, '50000.00');
    expectOk(await api(routes.settings.PUT, fresh.admin, { method: 'PUT', body: { fourEyesThreshold: '1000' } }));
    expectOk(await api(routes.limits.PUT, fresh.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'DAILY', limit: '2000', currency: 'EUR' } }));
    const big = expectOk(await transfer(fresh.alice, body('1500.00')));
    expect(big.status).toBe('PENDING_APPROVAL');
    expectEnvelope(await transfer(fresh.alice, body('600.00')), 400, 'transaction limit exceeded', {
      limitType: 'DAILY',
      limit: '2000.00',
      currentUsage: '1500.00',
      requestedAmount: '600.00',
      currency: 'EUR',
    });
    expectOk(await api(routes.reject.POST, fresh.approver, { params: { transferId: big.id } }));
    expectOk(await transfer(fresh.alice, body('600.00')));
    expectEnvelope(await transfer(fresh.alice, body('1500.00')), 400, 'transaction limit exceeded', {
      limitType: 'DAILY',
      limit: '2000.00',
      currentUsage: '600.00',
      requestedAmount: '1500.00',
      currency: 'EUR',
    });
    // at 00:00 UTC the daily usage starts again
    clock.advance(30 * 60_000);
    expect(expectOk(await transfer(fresh.alice, body('1500.00'))).status).toBe('PENDING_APPROVAL');
  });

  it("404 beneficiary not found: unknown IBAN, unknown id, another customer's beneficiary", async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    expectEnvelope(await transfer(t.alice, body('1.00', { beneficiary: { iban: 'NL91ABNA0417164300' } })), 404, 'beneficiary not found', {
      iban: 'NL91ABNA0417164300',
      suggestion: 'no saved beneficiary has this IBAN; create it first: POST /api/v2.1/beneficiaries',
    });
    const unknown = '00000000-0000-4000-8000-000000000000';
    expectEnvelope(await transfer(t.alice, body('1.00', { beneficiary: { id: unknown } })), 404, 'beneficiary not found', {
      iban: '',
      suggestion: `no beneficiary ${unknown} for this customer; create it first: POST /api/v2.1/beneficiaries`,
    });
    const bobs = await addBeneficiary(t.bob, IBANS[3]);
    expectEnvelope(await transfer(t.alice, body('1.00', { beneficiary: { id: bobs.id } })), 404, 'beneficiary not found', {
      iban: '',
      suggestion: `no beneficiary ${bobs.id} for this customer; create it first: POST /api/v2.1/beneficiaries`,
    });
  });
});

describe('the other transfer rules', () => {
  it('400 wallet not active (FROZEN, then CLOSED is refused too)', async () => {
    const { wallet, body } = await readyWallet(t.alice, '100.00');
    expectOk(await api(routes.freeze.POST, t.alice, { params: { walletId: wallet.id } }));
    expectEnvelope(await transfer(t.alice, body('1.00')), 400, 'wallet not active', { walletId: wallet.id, status: 'FROZEN', requiredStatus: 'ACTIVE' });
  });

  it('400 beneficiary inactive', async () => {
    const { beneficiary, body } = await readyWallet(t.alice, '100.00');
    expectOk(await api(routes.deactivateBeneficiary.POST, t.alice, { params: { beneficiaryId: beneficiary.id } }));
    expectEnvelope(await transfer(t.alice, body('1.00')), 400, 'beneficiary inactive', { beneficiaryId: beneficiary.id, iban: beneficiary.iban, status: 'INACTIVE' });
  });

  it('400 payment consent required', async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    const { paymentConsentId: _omit, ...rest } = body('1.00');
    expectEnvelope(await transfer(t.alice, rest), 400, 'payment consent required', {
      field: 'paymentConsentId',
      suggestion: 'authorize payments from the wallet first: POST /api/v2.1/payment-consents',
    });
  });

  it('422 payment consent invalid: unknown, revoked, expired, other wallet, amount above its maximum, single use spent', async () => {
    const { wallet, body } = await readyWallet(t.alice, '1000.00');
    const unknown = '00000000-0000-4000-8000-000000000001';
    const invalid = (id: string, reason: string, details: string) => ({ paymentConsentId: id, reason, details });
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: unknown })),
      422,
      'payment consent invalid',
      invalid(unknown, 'NOT_FOUND', "no payment consent with this id for the wallet's customer"),
    );

    const revoked = await authorize(t.alice, wallet.id);
    const rev = expectOk(await api<{ revokedAt: string; status: string }>(routes.revokeConsent.POST, t.alice, { params: { consentId: revoked.id } }));
    expect(rev.status).toBe('REVOKED');
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: revoked.id })),
      422,
      'payment consent invalid',
      invalid(revoked.id, 'REVOKED', `the consent was revoked at ${rev.revokedAt}`),
    );

    const clock = fixedClock(new Date());
    setClock(clock);
    const expiring = await authorize(t.alice, wallet.id, { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(120_000);
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: expiring.id })),
      422,
      'payment consent invalid',
      invalid(expiring.id, 'EXPIRED', `the consent expired at ${expiring.expiresAt}`),
    );
    expect(expectOk(await api<{ status: string }>(routes.consent.GET, t.alice, { params: { consentId: expiring.id } })).status).toBe('EXPIRED');
    setClock(null);

    const other = await openWallet(t.alice);
    const otherConsent = await authorize(t.alice, other.id);
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: otherConsent.id })),
      422,
      'payment consent invalid',
      invalid(otherConsent.id, 'WALLET_MISMATCH', `the consent covers wallet ${other.id}, not ${wallet.id}`),
    );

    const small = await authorize(t.alice, wallet.id, { max: '10.00' });
    expectEnvelope(
      await transfer(t.alice, body('10.01', { paymentConsentId: small.id })),
      422,
      'payment consent invalid',
      invalid(small.id, 'AMOUNT_EXCEEDED', 'the consent allows at most 10.00 EUR per payment'),
    );

    const single = await authorize(t.alice, wallet.id, { scope: 'SINGLE_PAYMENT' });
    expectOk(await transfer(t.alice, body('1.00', { paymentConsentId: single.id })));
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: single.id })),
      422,
      'payment consent invalid',
      invalid(single.id, 'ALREADY_USED', 'a SINGLE_PAYMENT consent covers one transfer and was used'),
    );

    // another customer's consent is unknown to this wallet
    const bobWallet = await openWallet(t.bob);
    const bobConsent = await authorize(t.bob, bobWallet.id);
    expectEnvelope(
      await transfer(t.alice, body('1.00', { paymentConsentId: bobConsent.id })),
      422,
      'payment consent invalid',
      invalid(bobConsent.id, 'NOT_FOUND', "no payment consent with this id for the wallet's customer"),
    );
  });

  it('400 currency mismatch between the amount and the wallet', async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    expectEnvelope(await transfer(t.alice, body('1.00', { currency: 'USD' })), 400, 'currency mismatch', { walletCurrency: 'EUR', requestedCurrency: 'USD' });
  });

  it("404 for an unknown wallet, another customer's and another tenant's alike", async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    const bobWallet = await openWallet(t.bob);
    expectEnvelope(await transfer(t.alice, body('1.00', { walletId: bobWallet.id })), 404, 'resource not found', notFoundData('wallet'));
    expectEnvelope(await transfer(t.alice, body('1.00', { walletId: '00000000-0000-4000-8000-000000000002' })), 404, 'resource not found', notFoundData('wallet'));
    const other = await ledgerTenant();
    const { body: foreign } = await readyWallet(other.alice, '100.00');
    expectEnvelope(await transfer(t.admin, foreign('1.00')), 404, 'resource not found', notFoundData('wallet'));
    expectEnvelope(await api(routes.wallet.GET, t.alice, { params: { walletId: bobWallet.id } }), 404, 'resource not found', notFoundData('wallet'));
    expectEnvelope(await api(routes.wallet.GET, other.admin, { params: { walletId: bobWallet.id } }), 404, 'resource not found', notFoundData('wallet'));
  });

  it("422 when the wallet's customer is not ACTIVE", async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    const { getDb } = await import('@/lib/db/client');
    const { customers } = await import('@/lib/db/schema');
    const { and, eq } = await import('drizzle-orm');
    const db = await getDb();
    await db
      .update(customers)
      .set({ status: 'SUSPENDED' })
      .where(and(eq(customers.tenantId, t.tenantId), eq(customers.id, t.alice.customerId)));
    try {
      const res = await transfer(t.admin, body('1.00'));
      expectEnvelope(res, 422, 'unprocessable request', {
        error: 'CUSTOMER_NOT_ACTIVE',
        details: `the customer ${t.alice.customerId} is SUSPENDED; only an ACTIVE customer's wallets can send or receive`,
        customerId: t.alice.customerId,
        status: 'SUSPENDED',
      });
    } finally {
      await db
        .update(customers)
        .set({ status: 'ACTIVE' })
        .where(and(eq(customers.tenantId, t.tenantId), eq(customers.id, t.alice.customerId)));
    }
  });

  it('400 validation: amount format, minor units, beneficiary shape, IBAN checksum', async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    expectEnvelope(await transfer(t.alice, body('1.001')), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'amount', message: 'must have at most 2 decimal places for EUR' }],
    });
    expectEnvelope(await transfer(t.alice, body('-1')), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'amount', message: 'must be a decimal string such as "12.50" (no sign, no exponent, at most 15 integer digits)' }],
    });
    const bad = await transfer(t.alice, body('1.00', { beneficiary: { iban: 'DE89370400440532013001' } }));
    expect(bad.status).toBe(400);
    expect(bad.json.data).toMatchObject({ error: 'VALIDATION_FAILED' });
  });

  it('403 for roles that may not pay (EMPLOYEE, TRANSACTION_APPROVER) and 401 without a credential', async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    expectEnvelope(await transfer(t.employee, body('1.00')), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles CUSTOMER, ADMIN_USER',
    });
    expectEnvelope(await transfer(t.approver, body('1.00')), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles CUSTOMER, ADMIN_USER',
    });
    expectEnvelope(await api(routes.transfers.POST, null, { body: body('1.00'), headers: { 'Idempotency-Key': newKey() } }), 401, 'authentication required', {
      error: 'UNAUTHORIZED',
      details: 'sign in, or send Authorization: Bearer <token>',
    });
  });
});

describe('Idempotency-Key', () => {
  it('400 when missing, 400 when longer than 255 characters', async () => {
    const { body } = await readyWallet(t.alice, '100.00');
    expectEnvelope(await transfer(t.alice, body('1.00'), null), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: Idempotency-Key',
      errors: [{ field: 'Idempotency-Key', message: 'header is required' }],
    });
    expectEnvelope(await transfer(t.alice, body('1.00'), 'k'.repeat(256)), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'Idempotency-Key', message: 'must be at most 255 characters' }],
    });
    expectOk(await transfer(t.alice, body('1.00'), 'k'.repeat(255)));
  });

  it('a repeat answers the first result and posts nothing; the same key with another body is 422', async () => {
    const { wallet, body } = await readyWallet(t.alice, '100.00');
    const key = newKey();
    const first = await transfer(t.alice, body('10.00'), key);
    const again = await transfer(t.alice, body('10.00'), key);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('90.00');
    expectEnvelope(await transfer(t.alice, body('11.00'), key), 422, 'idempotency key reused with a different request', {
      error: 'IDEMPOTENCY_KEY_REUSED',
      details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
      idempotencyKey: key,
    });
    // keys are per client: another user may use the same key for its own request
    const bobReady = await readyWallet(t.bob, '20.00');
    expectOk(await transfer(t.bob, bobReady.body('5.00'), key));
  });

  it('a refused request frees its key: the same key succeeds after the cause is fixed', async () => {
    const { wallet, body } = await readyWallet(t.alice, '5.00');
    const key = newKey();
    expect((await transfer(t.alice, body('10.00'), key)).status).toBe(400);
    await fund(t.alice, wallet.id, '10.00');
    expectOk(await transfer(t.alice, body('10.00'), key));
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('5.00');
  });

  it('a transfer key is its own namespace: the same key on another creating POST of the user is a different key', async () => {
    const { body } = await readyWallet(t.alice, '5.00');
    const key = newKey();
    const wallet = await api(routes.wallets.POST, t.alice, { body: { currency: 'EUR' }, headers: { 'Idempotency-Key': key } });
    const paid = await transfer(t.alice, body('1.00'), key);
    expect([wallet.status, wallet.headers.get('Idempotent-Replayed'), paid.status, paid.headers.get('Idempotent-Replayed')]).toEqual([200, null, 200, null]);
  });

  it('409 while the first request with the key is still running', async () => {
    const { body } = await readyWallet(t.alice, '5.00');
    const key = newKey();
    const { getDb } = await import('@/lib/db/client');
    const { claim, transferScope } = await import('@/lib/services/wallets/idempotency');
    const db = await getDb();
    // the first request has claimed the key and not finished
    const parsed = (await import('@/lib/contract/wallets')).createTransferBodySchema.parse(body('1.00'));
    expect(await claim(db, transferScope(t.tenantId, t.alice.userId, key), parsed)).toBeNull();
    expectEnvelope(await transfer(t.alice, body('1.00'), key), 409, 'conflict', {
      error: 'IDEMPOTENT_REQUEST_IN_PROGRESS',
      details: 'a request with this Idempotency-Key is still in progress; retry after it completes',
      idempotencyKey: key,
    });
  });
  it('a key whose first request died (its claim past its lock) or whose record expired is taken over: the payout posts', async () => {
    const { wallet, body } = await readyWallet(t.alice, '5.00');
    const { getDb } = await import('@/lib/db/client');
    const { httpIdempotencyKeys } = await import('@/lib/db/schema');
    const { claim, transferScope } = await import('@/lib/services/wallets/idempotency');
    const { and, eq, sql } = await import('drizzle-orm');
    const db = await getDb();
    const parsed = (await import('@/lib/contract/wallets')).createTransferBodySchema.parse(body('1.00'));
    const ofKey = (key: string) => and(eq(httpIdempotencyKeys.tenantId, t.tenantId), eq(httpIdempotencyKeys.clientKey, `transfer:${t.alice.userId}`), eq(httpIdempotencyKeys.key, key));
    // a claim whose server died: RUNNING, its lock run out
    const died = newKey();
    expect(await claim(db, transferScope(t.tenantId, t.alice.userId, died), parsed)).toBeNull();
    await db
      .update(httpIdempotencyKeys)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(ofKey(died));
    const taken = await transfer(t.alice, body('1.00'), died);
    expect([taken.status, taken.headers.get('Idempotent-Replayed')]).toEqual([200, null]);
    // a completed key past its 24 hours: a new request
    const old = newKey();
    expectOk(await transfer(t.alice, body('1.00'), old));
    await db
      .update(httpIdempotencyKeys)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(ofKey(old));
    const anew = await transfer(t.alice, body('1.00'), old);
    expect([anew.status, anew.headers.get('Idempotent-Replayed')]).toEqual([200, null]);
    expect((anew.json.data as Transfer).id).not.toBe((taken.json.data as Transfer).id);
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('2.00');
    // each key is DONE again, holding its own answer
    const rows = await db
      .select({ key: httpIdempotencyKeys.key, state: httpIdempotencyKeys.state })
      .from(httpIdempotencyKeys)
      .where(and(eq(httpIdempotencyKeys.tenantId, t.tenantId), sql`${httpIdempotencyKeys.key} in (${died}, ${old})`));
    expect(rows.map((r) => r.state)).toEqual(['DONE', 'DONE']);
  });
});

describe('four-eyes approval above the tenant threshold', () => {
  it('holds the money, then a second person approves: clearing -> settlement, events, reconciles', async () => {
    const f = await ledgerTenant();
    expect(expectOk(await api(routes.settings.GET, f.admin))).toEqual({ fourEyesThreshold: '10000' });
    expectOk(await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    const { wallet, body } = await readyWallet(f.alice, '1000.00');
    expect(expectOk(await transfer(f.alice, body('100.00'))).status).toBe('COMPLETED'); // equal to the threshold: no approval
    const pending = await transfer(f.alice, body('300.00'));
    expect(pending.json.message).toBe('transfer awaiting approval');
    expect(pending.json.data).toMatchObject({ status: 'PENDING_APPROVAL', requiresApproval: true, approvedBy: null });
    expect(await walletOf(f.alice, wallet.id)).toMatchObject({ balance: '600.00', availableBalance: '600.00', pendingOutgoing: '300.00' });
    const queue = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, f.approver, { query: 'status=PENDING_APPROVAL' }));
    expect(queue.items.map((i) => i.id)).toEqual([pending.json.data.id]);

    const approved = await api<Transfer>(routes.approve.POST, f.approver, { params: { transferId: pending.json.data.id } });
    expect(approved.json.message).toBe('transfer approved');
    expect(expectOk(approved)).toMatchObject({ status: 'COMPLETED', approvedBy: f.approver.userId });
    expect(await walletOf(f.alice, wallet.id)).toMatchObject({ balance: '600.00', pendingOutgoing: '0.00' });
    expectEnvelope(await api(routes.approve.POST, f.approver2, { params: { transferId: pending.json.data.id } }), 409, 'conflict', {
      error: 'TRANSFER_NOT_PENDING',
      details: 'the transfer is COMPLETED; only a PENDING_APPROVAL transfer can be approved or rejected',
      transferId: pending.json.data.id,
      status: 'COMPLETED',
    });
    expect(await eventTypes(f.tenantId)).toEqual(expect.arrayContaining(['transfer.created', 'transfer.completed']));
    expect(await reconciliation(f.admin)).toEqual({ balanced: true, unbalancedEntries: [], walletMismatches: [], totals: [{ currency: 'EUR', sum: '0' }] });
  });

  it('403 when the initiator approves its own transfer; 403 for a non-approver; rejection returns the money', async () => {
    const f = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    // approver2 (ADMIN_USER + TRANSACTION_APPROVER) opens, funds and pays from alice's wallet
    const wallet = await openWallet(f.approver2, 'EUR', f.alice.customerId);
    await fund(f.approver2, wallet.id, '1000.00');
    const payee = await addBeneficiary(f.approver2, IBANS[1], f.alice.customerId);
    const consent = await authorize(f.approver2, wallet.id);
    const body = (amount: string) => ({ walletId: wallet.id, beneficiary: { id: payee.id }, amount, currency: 'EUR', reference: 'r', paymentConsentId: consent.id });
    const pending = expectOk(await transfer(f.approver2, body('500.00')));
    expectEnvelope(await api(routes.approve.POST, f.approver2, { params: { transferId: pending.id } }), 403, 'approver must differ from initiator', {
      transferId: pending.id,
      initiatedBy: f.approver2.userId,
      approverId: f.approver2.userId,
    });
    expectEnvelope(await api(routes.approve.POST, f.admin, { params: { transferId: pending.id } }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'this operation requires one of the roles TRANSACTION_APPROVER',
    });
    const rejected = await api<Transfer>(routes.reject.POST, f.approver, { params: { transferId: pending.id }, body: { reason: 'unknown payee' } });
    expect(rejected.json.message).toBe('transfer rejected');
    expect(expectOk(rejected)).toMatchObject({ status: 'REJECTED', approvedBy: f.approver.userId, rejectionReason: 'unknown payee' });
    expect((await walletOf(f.admin, wallet.id)).balance).toBe('1000.00');
    expect(await eventTypes(f.tenantId)).toEqual(expect.arrayContaining(['transfer.rejected']));
    expect((await reconciliation(f.admin)).balanced).toBe(true);
  });

  it('approval of a transfer whose wallet was frozen meanwhile FAILS it and returns the money', async () => {
    const f = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: '0' } }));
    const { wallet, body } = await readyWallet(f.alice, '100.00');
    const pending = expectOk(await transfer(f.alice, body('40.00')));
    expectEnvelope(await api(routes.close.POST, f.alice, { params: { walletId: wallet.id } }), 409, 'conflict', {
      error: 'WALLET_BALANCE_NOT_ZERO',
      details: 'the wallet still holds 60.00 EUR; only a zero balance can be closed',
      walletId: wallet.id,
      balance: '60.00',
      currency: 'EUR',
    });
    expectOk(await api(routes.freeze.POST, f.admin, { params: { walletId: wallet.id }, body: { reason: 'fraud check' } }));
    const failed = await api<Transfer>(routes.approve.POST, f.approver, { params: { transferId: pending.id } });
    expect(failed.json.message).toBe('transfer failed: the wallet is FROZEN');
    expect(expectOk(failed)).toMatchObject({ status: 'FAILED', rejectionReason: 'the wallet is FROZEN' });
    expect((await walletOf(f.alice, wallet.id)).balance).toBe('100.00');
    expect(await eventTypes(f.tenantId)).toEqual(expect.arrayContaining(['transfer.failed', 'wallet.status.changed']));
    expect((await reconciliation(f.admin)).balanced).toBe(true);
  });

  it("404 for another tenant's transfer and for a customer's view of another customer's", async () => {
    const { body } = await readyWallet(t.alice, '10.00');
    const done = expectOk(await transfer(t.alice, body('1.00')));
    expectEnvelope(await api(routes.transfer.GET, t.bob, { params: { transferId: done.id } }), 404, 'resource not found', notFoundData('transfer'));
    const other = await ledgerTenant();
    expectEnvelope(await api(routes.transfer.GET, other.admin, { params: { transferId: done.id } }), 404, 'resource not found', notFoundData('transfer'));
    expectEnvelope(await api(routes.approve.POST, other.approver, { params: { transferId: done.id } }), 404, 'resource not found', notFoundData('transfer'));
  });
});
