import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import type { Beneficiary, PaymentConsent, Wallet } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { customers, journalEntries, journalLines, tenants, wallets } from '@/lib/db/schema';
import { resetEnvCache } from '@/lib/env';
import { postEntry, systemAccount } from '@/lib/services/ledger/post-entry';
import { expectEnvelope } from '../helpers';
import { createCustomerUser } from '../identity-fixtures';
import {
  addBeneficiary,
  api,
  authorize,
  customerCaller,
  eventTypes,
  expectOk,
  freshIban,
  fund,
  inDays,
  ledgerTenant,
  newKey,
  notFoundData,
  openWallet,
  reconciliation,
  routes,
  transfer,
  walletOf,
  type LedgerTenant,
} from '../ledger-fixtures';

/**
 * Wallets (open, list, get, freeze/unfreeze/close, statement, sandbox funding), beneficiaries,
 * payment consents and transaction limits: rules, role rules and exact envelopes; and the
 * database's own guards of the ledger (balanced entries at commit, immutable lines).
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

afterEach(() => {
  setClock(null);
  delete process.env.SANDBOX_FUNDING;
  delete (process.env as Record<string, string | undefined>).NODE_ENV;
  (process.env as Record<string, string>).NODE_ENV = 'test';
  resetEnvCache();
});

const validation = (field: string, message: string) => ({ error: 'VALIDATION_FAILED', errors: [{ field, message }] });
const forbiddenData = (roles: string) => ({ error: 'FORBIDDEN', details: `this operation requires one of the roles ${roles}` });

describe('wallets', () => {
  it('a customer opens, lists and reads its own wallets; the admin names the customer', async () => {
    const res = await api<Wallet>(routes.wallets.POST, t.alice, { body: { currency: 'EUR', name: 'Household' } });
    expect(res.json.message).toBe('wallet opened');
    const wallet = expectOk(res);
    expect(wallet).toMatchObject({
      customerId: t.alice.customerId,
      currency: 'EUR',
      name: 'Household',
      status: 'ACTIVE',
      balance: '0.00',
      availableBalance: '0.00',
      pendingOutgoing: '0.00',
      closedAt: null,
    });
    const byAdmin = await openWallet(t.admin, 'USD', t.alice.customerId);
    expect(byAdmin).toMatchObject({ customerId: t.alice.customerId, name: 'USD wallet', currency: 'USD' });
    const mine = expectOk(await api<{ items: Wallet[]; total: number }>(routes.wallets.GET, t.alice));
    expect(mine.items.map((w) => w.id)).toEqual(expect.arrayContaining([wallet.id, byAdmin.id]));
    expect(mine.items.every((w) => w.customerId === t.alice.customerId)).toBe(true);
    // bob sees none of alice's; asking for alice's customerId gives an empty page
    const bobs = expectOk(await api<{ items: Wallet[]; total: number }>(routes.wallets.GET, t.bob, { query: `customerId=${t.alice.customerId}` }));
    expect(bobs).toEqual({ items: [], page: 1, pageSize: 20, total: 0 });
    // EMPLOYEE reads, filters by currency
    const usd = expectOk(await api<{ items: Wallet[] }>(routes.wallets.GET, t.employee, { query: `customerId=${t.alice.customerId}&currency=USD` }));
    expect(usd.items.map((w) => w.id)).toEqual([byAdmin.id]);
    expect(await eventTypes(t.tenantId)).toContain('wallet.opened');
  });

  it('errors: admin without customerId, unknown customer, inactive customer, unsupported currency, EMPLOYEE may not open', async () => {
    expectEnvelope(await api(routes.wallets.POST, t.admin, { body: { currency: 'EUR' } }), 400, 'request validation failed', validation('customerId', 'is required for an administrator'));
    expectEnvelope(await api(routes.wallets.POST, t.admin, { body: { currency: 'EUR', customerId: randomUUID() } }), 404, 'resource not found', notFoundData('customer'));
    expectEnvelope(await api(routes.wallets.POST, t.alice, { body: { currency: 'EUR', customerId: t.bob.customerId } }), 404, 'resource not found', notFoundData('customer'));
    expectEnvelope(
      await api(routes.wallets.POST, t.alice, { body: { currency: 'XXX' } }),
      400,
      'request validation failed',
      validation('currency', 'must be a supported ISO 4217 currency code (e.g. EUR)'),
    );
    expectEnvelope(await api(routes.wallets.POST, t.employee, { body: { currency: 'EUR', customerId: t.alice.customerId } }), 403, 'access denied', forbiddenData('CUSTOMER, ADMIN_USER'));
    const pending = await createCustomerUser(t.tenantId, { status: 'PENDING_ACTIVATION' });
    expectEnvelope(await api(routes.wallets.POST, t.admin, { body: { currency: 'EUR', customerId: pending.customerId } }), 422, 'unprocessable request', {
      error: 'CUSTOMER_NOT_ACTIVE',
      details: `the customer ${pending.customerId} is PENDING_ACTIVATION; only an ACTIVE customer's wallets can send or receive`,
      customerId: pending.customerId,
      status: 'PENDING_ACTIVATION',
    });
    expectEnvelope(await api(routes.wallets.GET, null), 401, 'authentication required', { error: 'UNAUTHORIZED', details: 'sign in, or send Authorization: Bearer <token>' });
  });

  it('freeze (customer or admin), unfreeze (admin only), close at zero; state conflicts are 409', async () => {
    const wallet = await openWallet(t.alice);
    const frozen = await api<Wallet>(routes.freeze.POST, t.alice, { params: { walletId: wallet.id }, body: { reason: 'lost phone' } });
    expect(frozen.json.message).toBe('wallet frozen');
    expect(expectOk(frozen)).toMatchObject({ status: 'FROZEN', statusReason: 'lost phone' });
    expectEnvelope(await api(routes.freeze.POST, t.alice, { params: { walletId: wallet.id } }), 409, 'conflict', {
      error: 'WALLET_STATE_CONFLICT',
      details: 'cannot freeze a wallet that is FROZEN',
      walletId: wallet.id,
      status: 'FROZEN',
    });
    expectEnvelope(await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '1.00', currency: 'EUR' } }), 400, 'wallet not active', {
      walletId: wallet.id,
      status: 'FROZEN',
      requiredStatus: 'ACTIVE',
    });
    expectEnvelope(await api(routes.unfreeze.POST, t.alice, { params: { walletId: wallet.id } }), 403, 'access denied', forbiddenData('ADMIN_USER'));
    expect(expectOk(await api<Wallet>(routes.unfreeze.POST, t.admin, { params: { walletId: wallet.id } }))).toMatchObject({ status: 'ACTIVE', statusReason: null });
    await fund(t.alice, wallet.id, '10.00');
    expectEnvelope(await api(routes.close.POST, t.alice, { params: { walletId: wallet.id } }), 409, 'conflict', {
      error: 'WALLET_BALANCE_NOT_ZERO',
      details: 'the wallet still holds 10.00 EUR; only a zero balance can be closed',
      walletId: wallet.id,
      balance: '10.00',
      currency: 'EUR',
    });
    const empty = await openWallet(t.alice);
    const closed = expectOk(await api<Wallet>(routes.close.POST, t.alice, { params: { walletId: empty.id } }));
    expect(closed.status).toBe('CLOSED');
    expect(closed.closedAt).not.toBeNull();
    expectEnvelope(await api(routes.unfreeze.POST, t.admin, { params: { walletId: empty.id } }), 409, 'conflict', {
      error: 'WALLET_STATE_CONFLICT',
      details: 'cannot unfreeze a wallet that is CLOSED',
      walletId: empty.id,
      status: 'CLOSED',
    });
    expectEnvelope(await api(routes.close.POST, t.alice, { params: { walletId: empty.id } }), 409, 'conflict', {
      error: 'WALLET_STATE_CONFLICT',
      details: 'cannot close a wallet that is CLOSED',
      walletId: empty.id,
      status: 'CLOSED',
    });
    // another customer's wallet is unknown
    expectEnvelope(await api(routes.freeze.POST, t.bob, { params: { walletId: wallet.id } }), 404, 'resource not found', notFoundData('wallet'));
    expectEnvelope(await api(routes.wallet.GET, t.bob, { params: { walletId: wallet.id } }), 404, 'resource not found', notFoundData('wallet'));
    expect((await api(routes.wallet.GET, t.alice, { params: { walletId: wallet.id } })).status).toBe(200);
    expectEnvelope(await api(routes.wallet.GET, t.alice, { params: { walletId: 'not-a-uuid' } }), 400, 'request validation failed', validation('walletId', 'must be a UUID'));
    expect(await eventTypes(t.tenantId)).toEqual(expect.arrayContaining(['wallet.status.changed', 'wallet.funded']));
  });

  it('statement: newest first, paged, date range with opening and closing balances', async () => {
    const clock = fixedClock(new Date());
    setClock(clock);
    const wallet = await openWallet(t.alice);
    const t0 = clock.now();
    await fund(t.alice, wallet.id, '10.00');
    clock.advance(60_000);
    await fund(t.alice, wallet.id, '20.00');
    clock.advance(60_000);
    const t2 = clock.now();
    await fund(t.alice, wallet.id, '30.00');
    type Statement = { items: Array<{ amount: string; direction: string; kind: string }>; total: number; openingBalance: string; closingBalance: string; balance: string };
    const all = expectOk(await api<Statement>(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: 'pageSize=2' }));
    expect(all).toMatchObject({ total: 3, balance: '60.00', openingBalance: '0.00', closingBalance: '60.00', page: 1, pageSize: 2 });
    expect(all.items.map((i) => i.amount)).toEqual(['30.00', '20.00']);
    const page2 = expectOk(await api<Statement>(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: 'pageSize=2&page=2' }));
    expect(page2.items.map((i) => [i.kind, i.direction, i.amount])).toEqual([['SANDBOX_FUNDING', 'CREDIT', '10.00']]);
    const from = new Date(t0.getTime() + 30_000).toISOString();
    const range = expectOk(
      await api<Statement>(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: `from=${encodeURIComponent(from)}&to=${encodeURIComponent(t2.toISOString())}` }),
    );
    expect(range).toMatchObject({ total: 1, openingBalance: '10.00', closingBalance: '30.00' });
    expect(range.items.map((i) => i.amount)).toEqual(['20.00']);
    expectEnvelope(
      await api(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: 'from=yesterday' }),
      400,
      'request validation failed',
      validation('from', 'Invalid ISO datetime'),
    );
    expectEnvelope(await api(routes.statement.GET, t.bob, { params: { walletId: wallet.id } }), 404, 'resource not found', notFoundData('wallet'));
  });

  // Two postings can carry the same time: the clock's resolution is a millisecond, and a transfer's
  // fast path reads the clock before it waits for the wallet's lock. The statement still lists the
  // lines in the order they moved the balance, so its running balance is one the wallet really had.
  it('statement: postings of the same instant are listed in the order they moved the balance', async () => {
    setClock(fixedClock(new Date()));
    const wallet = await openWallet(t.alice);
    const other = await openWallet(t.bob);
    const consent = await authorize(t.alice, wallet.id);
    const expected: Array<[string, string, string]> = [];
    for (let i = 1; i <= 6; i++) {
      await fund(t.alice, wallet.id, `${i}.00`);
      expected.push(['CREDIT', `${i}.00`, `${i}.00`]);
      expectOk(
        await transfer(t.alice, { walletId: wallet.id, destinationWalletId: other.id, amount: `${i}.00`, currency: 'EUR', reference: `same instant ${i}`, paymentConsentId: consent.id }),
      );
      expected.push(['DEBIT', `${i}.00`, '0.00']);
    }
    type Statement = { items: Array<{ direction: string; amount: string; balanceAfter: string }> };
    const statement = expectOk(await api<Statement>(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: 'pageSize=100' }));
    expect(statement.items.map((i) => [i.direction, i.amount, i.balanceAfter])).toEqual(expected.reverse());
  });

  it('sandbox funding: amount rules, currency mismatch, refused in production unless SANDBOX_FUNDING=true', async () => {
    const wallet = await openWallet(t.alice);
    expectEnvelope(await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '1.00', currency: 'USD' } }), 400, 'currency mismatch', {
      walletCurrency: 'EUR',
      requestedCurrency: 'USD',
    });
    expectEnvelope(
      await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '0', currency: 'EUR' } }),
      400,
      'request validation failed',
      validation('amount', 'must be greater than zero'),
    );
    expectEnvelope(
      await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: 12.5, currency: 'EUR' } }),
      400,
      'request validation failed',
      validation('amount', 'Invalid input: expected string, received number'),
    );
    (process.env as Record<string, string>).NODE_ENV = 'production';
    resetEnvCache();
    expectEnvelope(await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '1.00', currency: 'EUR' } }), 403, 'access denied', {
      error: 'FORBIDDEN',
      details: 'sandbox funding is disabled in production (set SANDBOX_FUNDING=true to allow it)',
    });
    process.env.SANDBOX_FUNDING = 'true';
    resetEnvCache();
    const funded = expectOk(await api<{ entryId: string; wallet: Wallet }>(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '1.5', currency: 'EUR' } }));
    expect(funded.wallet.balance).toBe('1.50');
  });
});

describe('beneficiaries', () => {
  it('Idempotency-Key on the creating POSTs (wallet, beneficiary, payment consent): a repeat replays, another body is 422', async () => {
    const iban = freshIban();
    const body = { name: 'Grace Hopper', iban, country: 'DE' };
    const headers = { 'Idempotency-Key': newKey() };
    const first = await api<Beneficiary>(routes.beneficiaries.POST, t.alice, { body, headers });
    const again = await api<Beneficiary>(routes.beneficiaries.POST, t.alice, { body, headers });
    expect({ status: again.status, text: again.text, replayed: again.headers.get('Idempotent-Replayed') }).toEqual({ status: 200, text: first.text, replayed: 'true' });
    const listed = expectOk(await api<{ items: Beneficiary[] }>(routes.beneficiaries.GET, t.alice));
    expect(listed.items.filter((b) => b.iban === iban)).toHaveLength(1);
    expectEnvelope(await api(routes.beneficiaries.POST, t.alice, { body: { ...body, name: 'Someone else' }, headers }), 422, 'idempotency key reused with a different request', {
      error: 'IDEMPOTENCY_KEY_REUSED',
      details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
    });

    const walletHeaders = { 'Idempotency-Key': newKey() };
    const opened = await api<Wallet>(routes.wallets.POST, t.alice, { body: { currency: 'GBP' }, headers: walletHeaders });
    const reopened = await api<Wallet>(routes.wallets.POST, t.alice, { body: { currency: 'GBP' }, headers: walletHeaders });
    expect({ status: reopened.status, id: reopened.json.data.id, replayed: reopened.headers.get('Idempotent-Replayed') }).toEqual({ status: 200, id: expectOk(opened).id, replayed: 'true' });

    const consentHeaders = { 'Idempotency-Key': newKey() };
    const consentBody = { walletId: expectOk(opened).id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '10.00', currency: 'GBP', expiresAt: inDays(30) };
    const consent = await api<PaymentConsent>(routes.consents.POST, t.alice, { body: consentBody, headers: consentHeaders });
    const consentAgain = await api<PaymentConsent>(routes.consents.POST, t.alice, { body: consentBody, headers: consentHeaders });
    expect({ status: consentAgain.status, text: consentAgain.text, replayed: consentAgain.headers.get('Idempotent-Replayed') }).toEqual({
      status: 200,
      text: consent.text,
      replayed: 'true',
    });
  });

  it('create (IBAN normalized), list, get, deactivate; duplicates are 409', async () => {
    const iban = freshIban();
    const spaced = iban
      .replace(/(.{4})/g, '$1 ')
      .trim()
      .toLowerCase();
    const res = await api<Beneficiary>(routes.beneficiaries.POST, t.alice, { body: { name: 'Ada Lovelace', iban: spaced, bic: 'cobadeffxxx', country: 'DE' } });
    expect(res.json.message).toBe('beneficiary created');
    const created = expectOk(res);
    expect(created).toMatchObject({ customerId: t.alice.customerId, name: 'Ada Lovelace', iban, bic: 'COBADEFFXXX', country: 'DE', status: 'ACTIVE' });
    expectEnvelope(await api(routes.beneficiaries.POST, t.alice, { body: { name: 'Again', iban, country: 'DE' } }), 409, 'conflict', {
      error: 'BENEFICIARY_EXISTS',
      details: 'the customer already has an active beneficiary with this IBAN',
      existingBeneficiaryId: created.id,
    });
    expect(expectOk(await api<Beneficiary>(routes.beneficiary.GET, t.alice, { params: { beneficiaryId: created.id } })).id).toBe(created.id);
    expectEnvelope(await api(routes.beneficiary.GET, t.bob, { params: { beneficiaryId: created.id } }), 404, 'resource not found', notFoundData('beneficiary'));
    const off = await api<Beneficiary>(routes.deactivateBeneficiary.POST, t.alice, { params: { beneficiaryId: created.id } });
    expect(off.json.message).toBe('beneficiary deactivated');
    expect(expectOk(off).status).toBe('INACTIVE');
    expect(expectOk(await api<Beneficiary>(routes.deactivateBeneficiary.POST, t.alice, { params: { beneficiaryId: created.id } })).status).toBe('INACTIVE');
    const inactive = expectOk(await api<{ items: Beneficiary[] }>(routes.beneficiaries.GET, t.alice, { query: 'status=INACTIVE' }));
    expect(inactive.items.map((b) => b.id)).toContain(created.id);
    // after deactivation the IBAN may be saved again
    expectOk(await api(routes.beneficiaries.POST, t.alice, { body: { name: 'Ada again', iban, country: 'DE' } }));
    expectEnvelope(await api(routes.deactivateBeneficiary.POST, t.bob, { params: { beneficiaryId: created.id } }), 404, 'resource not found', notFoundData('beneficiary'));
  });

  it('validates IBAN checksum, BIC and country', async () => {
    expectEnvelope(
      await api(routes.beneficiaries.POST, t.alice, { body: { name: 'X', iban: 'DE89370400440532013001', country: 'DE' } }),
      400,
      'request validation failed',
      validation('iban', 'must be a valid IBAN (country code, check digits, mod-97 checksum)'),
    );
    expectEnvelope(
      await api(routes.beneficiaries.POST, t.alice, { body: { name: 'X', iban: freshIban(), bic: 'COBA', country: 'DE' } }),
      400,
      'request validation failed',
      validation('bic', 'must be a valid BIC (8 or 11 characters)'),
    );
    expectEnvelope(
      await api(routes.beneficiaries.POST, t.alice, { body: { name: 'X', iban: freshIban(), country: 'Germany' } }),
      400,
      'request validation failed',
      validation('country', 'must be an ISO 3166-1 alpha-2 country code'),
    );
    expectEnvelope(await api(routes.beneficiaries.POST, t.employee, { body: { name: 'X', iban: freshIban(), country: 'DE' } }), 403, 'access denied', forbiddenData('CUSTOMER, ADMIN_USER'));
  });
});

describe('payment consents', () => {
  it('create, list (status filter, EXPIRED derived), get, revoke', async () => {
    const wallet = await openWallet(t.alice);
    const res = await api<PaymentConsent>(routes.consents.POST, t.alice, {
      body: { walletId: wallet.id, scope: 'SINGLE_PAYMENT', maxAmountPerPayment: '250.5', currency: 'EUR', expiresAt: inDays(7) },
    });
    expect(res.json.message).toBe('payment consent authorized');
    const consent = expectOk(res);
    expect(consent).toMatchObject({
      customerId: t.alice.customerId,
      walletId: wallet.id,
      scope: 'SINGLE_PAYMENT',
      maxAmountPerPayment: '250.50',
      status: 'AUTHORIZED',
      authorizedBy: t.alice.userId,
      revokedAt: null,
    });
    const listed = expectOk(await api<{ items: PaymentConsent[] }>(routes.consents.GET, t.alice, { query: `walletId=${wallet.id}&status=AUTHORIZED` }));
    expect(listed.items.map((c) => c.id)).toEqual([consent.id]);
    expect(expectOk(await api<{ items: PaymentConsent[] }>(routes.consents.GET, t.bob, { query: `walletId=${wallet.id}` })).items).toEqual([]);
    const revoked = await api<PaymentConsent>(routes.revokeConsent.POST, t.alice, { params: { consentId: consent.id } });
    expect(revoked.json.message).toBe('payment consent revoked');
    expect(expectOk(revoked).status).toBe('REVOKED');
    expect(expectOk(await api<PaymentConsent>(routes.revokeConsent.POST, t.alice, { params: { consentId: consent.id } })).status).toBe('REVOKED');
    expectEnvelope(await api(routes.consent.GET, t.bob, { params: { consentId: consent.id } }), 404, 'resource not found', notFoundData('payment consent'));
    expectEnvelope(await api(routes.revokeConsent.POST, t.bob, { params: { consentId: consent.id } }), 404, 'resource not found', notFoundData('payment consent'));

    const clock = fixedClock(new Date());
    setClock(clock);
    const short = await authorize(t.alice, wallet.id, { expiresAt: new Date(clock.now().getTime() + 60_000).toISOString() });
    clock.advance(61_000);
    expect(expectOk(await api<PaymentConsent>(routes.consent.GET, t.alice, { params: { consentId: short.id } })).status).toBe('EXPIRED');
    const expired = expectOk(await api<{ items: PaymentConsent[] }>(routes.consents.GET, t.alice, { query: `walletId=${wallet.id}&status=EXPIRED` }));
    expect(expired.items.map((c) => c.id)).toEqual([short.id]);
  });

  it("errors: past or too distant expiry, wrong currency, minor units, another customer's wallet", async () => {
    const wallet = await openWallet(t.alice);
    const body = (extra: Record<string, unknown>) => ({ walletId: wallet.id, scope: 'RECURRING_PAYMENTS', maxAmountPerPayment: '10', currency: 'EUR', expiresAt: inDays(1), ...extra });
    expectEnvelope(await api(routes.consents.POST, t.alice, { body: body({ expiresAt: inDays(-1) }) }), 400, 'request validation failed', validation('expiresAt', 'must be in the future'));
    expectEnvelope(
      await api(routes.consents.POST, t.alice, { body: body({ expiresAt: inDays(400) }) }),
      400,
      'request validation failed',
      validation('expiresAt', 'must be at most 366 days ahead'),
    );
    expectEnvelope(await api(routes.consents.POST, t.alice, { body: body({ currency: 'USD' }) }), 400, 'currency mismatch', { walletCurrency: 'EUR', requestedCurrency: 'USD' });
    expectEnvelope(
      await api(routes.consents.POST, t.alice, { body: body({ maxAmountPerPayment: '1.001' }) }),
      400,
      'request validation failed',
      validation('maxAmountPerPayment', 'must have at most 2 decimal places for EUR'),
    );
    expectEnvelope(
      await api(routes.consents.POST, t.alice, { body: body({ scope: 'FOREVER' }) }),
      400,
      'request validation failed',
      validation('scope', 'Invalid option: expected one of "SINGLE_PAYMENT"|"RECURRING_PAYMENTS"'),
    );
    expectEnvelope(await api(routes.consents.POST, t.bob, { body: body({}) }), 404, 'resource not found', notFoundData('wallet'));
  });
});

describe('transaction limits', () => {
  it('set (create, then replace) and list; admin only; exactly one of customerId and walletId', async () => {
    const wallet = await openWallet(t.alice);
    const set = await api<{ id: string; limit: string }>(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'WEEKLY', limit: '500', currency: 'EUR' } });
    expect(set.json.message).toBe('transaction limit set');
    const first = expectOk(set);
    expect(first).toMatchObject({ scope: 'WALLET', walletId: wallet.id, customerId: t.alice.customerId, limitType: 'WEEKLY', limit: '500.00', currentUsage: '0.00', currency: 'EUR' });
    const replaced = expectOk(
      await api<{ id: string; limit: string }>(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'WEEKLY', limit: '750.50', currency: 'EUR' } }),
    );
    expect({ id: replaced.id, limit: replaced.limit }).toEqual({ id: first.id, limit: '750.50' });
    const listed = expectOk(await api<{ items: Array<{ id: string; windowStart: string }> }>(routes.limits.GET, t.alice, { query: `walletId=${wallet.id}` }));
    expect(listed.items.map((l) => l.id)).toEqual([first.id]);
    const monday = new Date(listed.items[0]!.windowStart);
    expect([monday.getUTCDay(), monday.getUTCHours(), monday.getUTCMinutes()]).toEqual([1, 0, 0]);
    expectEnvelope(
      await api(routes.limits.PUT, t.alice, { method: 'PUT', body: { walletId: wallet.id, limitType: 'DAILY', limit: '1', currency: 'EUR' } }),
      403,
      'access denied',
      forbiddenData('ADMIN_USER'),
    );
    expectEnvelope(
      await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, customerId: t.alice.customerId, limitType: 'DAILY', limit: '1', currency: 'EUR' } }),
      400,
      'request validation failed',
      validation('walletId', 'give exactly one of customerId and walletId'),
    );
    expectEnvelope(
      await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'YEARLY', limit: '1', currency: 'EUR' } }),
      400,
      'request validation failed',
      validation('limitType', 'Invalid option: expected one of "DAILY"|"WEEKLY"|"MONTHLY"|"PER_TRANSACTION"'),
    );
    expectEnvelope(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'DAILY', limit: '1', currency: 'USD' } }), 400, 'currency mismatch', {
      walletCurrency: 'EUR',
      requestedCurrency: 'USD',
    });
    expectEnvelope(await api(routes.limits.GET, t.bob, { query: `walletId=${wallet.id}` }), 404, 'resource not found', notFoundData('wallet'));
  });
});

describe('transfer settings', () => {
  it('ADMIN_USER reads and sets the four-eyes threshold (null: never); others 403; bad values 400', async () => {
    const f = await ledgerTenant();
    expect(expectOk(await api(routes.settings.GET, f.admin))).toEqual({ fourEyesThreshold: '10000' });
    const set = await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: null } });
    expect(set.json).toEqual({ code: 200, message: 'transfer settings updated', data: { fourEyesThreshold: null } });
    expect(expectOk(await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: '2500.5' } }))).toEqual({ fourEyesThreshold: '2500.5' });
    expectEnvelope(
      await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: 100 } }),
      400,
      'request validation failed',
      validation('fourEyesThreshold', 'Invalid input: expected string, received number'),
    );
    expectEnvelope(await api(routes.settings.PUT, f.approver, { method: 'PUT', body: { fourEyesThreshold: '1' } }), 403, 'access denied', forbiddenData('ADMIN_USER'));
    expectEnvelope(await api(routes.settings.GET, f.alice), 403, 'access denied', forbiddenData('ADMIN_USER'));
  });

  it('sandbox funding needs an ACTIVE customer too', async () => {
    const wallet = await openWallet(t.bob);
    const db = await getDb();
    await db
      .update(customers)
      .set({ status: 'SUSPENDED' })
      .where(and(eq(customers.tenantId, t.tenantId), eq(customers.id, t.bob.customerId)));
    try {
      expectEnvelope(await api(routes.fund.POST, t.admin, { params: { walletId: wallet.id }, body: { amount: '1.00', currency: 'EUR' } }), 422, 'unprocessable request', {
        error: 'CUSTOMER_NOT_ACTIVE',
        details: `the customer ${t.bob.customerId} is SUSPENDED; only an ACTIVE customer's wallets can send or receive`,
        customerId: t.bob.customerId,
        status: 'SUSPENDED',
      });
    } finally {
      await db
        .update(customers)
        .set({ status: 'ACTIVE' })
        .where(and(eq(customers.tenantId, t.tenantId), eq(customers.id, t.bob.customerId)));
    }
  });
});

describe('the ledger guards in the database', () => {
  it('refuses an unbalanced entry at commit and any change to posted lines', async () => {
    const db = await getDb();
    const wallet = await openWallet(t.alice);
    await fund(t.alice, wallet.id, '5.00');
    const source = await systemAccount(db, t.tenantId, 'SANDBOX_FUNDING', 'EUR');
    // bypassing the service's own check: the deferred trigger refuses it at commit
    const unbalanced = db.transaction(async (tx) => {
      const entryId = randomUUID();
      const postedAt = new Date();
      await tx.insert(journalEntries).values({ id: entryId, tenantId: t.tenantId, kind: 'SANDBOX_FUNDING', description: 'bad', postedAt });
      await tx.insert(journalLines).values([
        { tenantId: t.tenantId, entryId, accountId: source, side: 'DEBIT', amount: '5', currency: 'EUR', postedAt },
        { tenantId: t.tenantId, entryId, accountId: wallet.id, side: 'CREDIT', amount: '4', currency: 'EUR', postedAt },
      ]);
    });
    await expect(unbalanced).rejects.toThrow();
    // the service refuses it before the database does
    await expect(
      postEntry(db, t.tenantId, {
        kind: 'SANDBOX_FUNDING',
        description: 'bad',
        lines: [
          { accountId: source, side: 'DEBIT', amount: '5', currency: 'EUR' },
          { accountId: wallet.id, side: 'CREDIT', amount: '4.99', currency: 'EUR' },
        ],
      }),
    ).rejects.toThrow('entry does not balance in EUR');
    await expect(db.execute(sql`update journal_lines set amount = 500 where tenant_id = ${t.tenantId} and account_id = ${wallet.id}`)).rejects.toThrow();
    await expect(db.execute(sql`delete from journal_entries where tenant_id = ${t.tenantId}`)).rejects.toThrow();
    // a line in another currency than its account is refused by the composite foreign key
    await expect(
      db.transaction(async (tx) => {
        await postEntry(tx, t.tenantId, {
          kind: 'SANDBOX_FUNDING',
          description: 'bad currency',
          lines: [
            { accountId: source, side: 'DEBIT', amount: '1', currency: 'USD' },
            { accountId: wallet.id, side: 'CREDIT', amount: '1', currency: 'USD' },
          ],
        });
      }),
    ).rejects.toThrow();
    // a negative wallet balance is refused by its check constraint
    await expect(
      db
        .update(wallets)
        .set({ balance: '-0.01' })
        .where(and(eq(wallets.tenantId, t.tenantId), eq(wallets.id, wallet.id))),
    ).rejects.toThrow();
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('5.00');
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('deleting a tenant takes its ledger with it (the immutability guard lets the cascade through)', async () => {
    const db = await getDb();
    const gone = await ledgerTenant();
    const wallet = await openWallet(gone.alice);
    await fund(gone.alice, wallet.id, '3.00');
    await db.delete(tenants).where(eq(tenants.id, gone.tenantId));
    const left = await db.execute(sql`select count(*)::int as n from journal_lines where tenant_id = ${gone.tenantId}`);
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });

  it('reconciliation is for ADMIN_USER only', async () => {
    expectEnvelope(await api(routes.reconciliation.GET, t.employee), 403, 'access denied', forbiddenData('ADMIN_USER'));
  });

  it('a customer user of a second customer sees only its own beneficiaries', async () => {
    const carol = await customerCaller(t.tenantId);
    await addBeneficiary(carol);
    const list = expectOk(await api<{ items: Beneficiary[] }>(routes.beneficiaries.GET, carol));
    expect(list.items.every((b) => b.customerId === carol.customerId)).toBe(true);
    expect(list.items).toHaveLength(1);
  });
});
