import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as adminUsersRoute from '@/app/api/v2.1/admin/users/route';
import * as cardRoute from '@/app/api/v2.1/card/virtual/[...operation]/route';
import * as featureRoute from '@/app/api/v2.1/categorization/features/[id]/route';
import * as customerRoute from '@/app/api/v2.1/customers/[customerId]/route';
import * as customersRoute from '@/app/api/v2.1/customers/route';
import * as exportRoute from '@/app/api/v2.1/customers/export/route';
import * as verificationsRoute from '@/app/api/v2.1/verifications/route';
import { ALL_CARD_OPERATIONS } from '@/lib/contract/card-operations';
import { sandboxFundResultSchema, type Wallet } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { features } from '@/lib/db/schema';
import { call, contextHeaders, expectEnvelope } from './helpers';
import { cardOp, cardWorld, issueCard, key, ok, type CardResult, type CardWorld } from './card-fixtures';
import { categoryIds, organizationBody, registerOrganization, tableCounts, type Categories } from './onboarding-fixtures';
import { addBeneficiary, api, authorize, expectOk, fund, ledgerTenant, openWallet, routes, transfer, walletOf, type LedgerTenant } from './ledger-fixtures';

/**
 * Regression tests of issue 14, request input (cases 2, 3, 4, 6 and 7): the text rule at the edge,
 * strict request bodies and the money bounds, through the real route handlers and database. The
 * expected texts are the contract's and docs/errors.md's, written out here, not read from the code.
 */
const NUL = 'must not contain a NUL character (\\u0000)';
const SURROGATE = 'must be well-formed UTF-16 text (no lone surrogate such as \\udfff)';
const UNKNOWN = 'unknown field: not accepted by this operation';
const MAX_AMOUNT = '999999999.99';
const MAX_BALANCE = '9999999999.99';
const TOO_LARGE = 'must be at most 999999999.99 (MAX_AMOUNT)';

const validation = (errors: { field: string; message: string }[]) => ({ error: 'VALIDATION_FAILED', errors });

/** Envelope B of a refused card request: HTTP 400, code 500, the catalogue's message, the same data as Envelope A. */
function expectCardValidation(res: CardResult<unknown>, errors: { field: string; message: string }[]): void {
  expect({ status: res.status, body: res.json }).toEqual({
    status: 400,
    body: { success: false, code: 500, msg: 'request validation failed', data: validation(errors) },
  });
}

let t: LedgerTenant;
let cw: CardWorld;
let cats: Categories;

beforeAll(async () => {
  t = await ledgerTenant();
  cw = await cardWorld();
  cats = await categoryIds(t.tenantId);
});

describe('case 2: a lone UTF-16 surrogate in a stored string answers 400 naming the field', () => {
  it('wallet freeze and close reason: refused, the wallet unchanged', async () => {
    const wallet = await openWallet(t.alice);
    for (const [handler, reason] of [
      [routes.freeze.POST, '\udfff'],
      [routes.close.POST, 'x\ud83d'],
    ] as const) {
      expectEnvelope(
        await api(handler, t.alice, { params: { walletId: wallet.id }, body: { reason } }),
        400,
        'request validation failed',
        validation([{ field: 'reason', message: SURROGATE }]),
      );
    }
    expect(await walletOf(t.alice, wallet.id)).toMatchObject({ status: 'ACTIVE', statusReason: null });
  });

  it('a well-formed surrogate pair (an emoji) is text like any other', async () => {
    const wallet = await openWallet(t.alice);
    const frozen = expectOk(await api<Wallet>(routes.freeze.POST, t.alice, { params: { walletId: wallet.id }, body: { reason: 'lost phone \u{1F4F1}' } }));
    expect(frozen).toMatchObject({ status: 'FROZEN', statusReason: 'lost phone \u{1F4F1}' });
  });

  it('organization registrationNumber: refused, nothing written', async () => {
    const body = organizationBody(cats, { registrationNumber: 'HRB-\udfff' });
    const before = await tableCounts(t.tenantId);
    expectEnvelope(
      await registerOrganization(body, contextHeaders(t.tenantId)),
      400,
      'request validation failed',
      validation([{ field: 'organizationCustomer.organization.registrationNumber', message: SURROGATE }]),
    );
    expect(await tableCounts(t.tenantId)).toEqual(before);
  });

  it('card API, cardholder billingAddress.line1/line2: Envelope B validation error naming both', async () => {
    const res = await cardOp(cw.alice, 'cardholder/create', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+4915112345679',
      dateOfBirth: '1990-12-10',
      billingAddress: { line1: '\udfff', line2: 'x\ud83d', city: 'Berlin', postalCode: '10115', country: 'DE' },
      idempotencyKey: key('holder'),
    });
    expectCardValidation(res, [
      { field: 'billingAddress.line1', message: SURROGATE },
      { field: 'billingAddress.line2', message: SURROGATE },
    ]);
  });
});

describe('case 3: a NUL character answers 400 naming the field, never reaching the database', () => {
  const list = (handler: (typeof customersRoute)['GET'], path: string, q: string) =>
    call(handler, { path: `${path}?q=${encodeURIComponent(q)}`, headers: { authorization: `Bearer ${t.admin.token}` } });

  it.each([
    ['customers', customersRoute.GET, '/api/v2.1/customers'],
    ['customers/export', exportRoute.GET, '/api/v2.1/customers/export'],
    ['verifications', verificationsRoute.GET, '/api/v2.1/verifications'],
    ['admin/users', adminUsersRoute.GET, '/api/v2.1/admin/users'],
  ])('GET %s?q=a\\u0000b', async (_name, handler, path) => {
    expectEnvelope(await list(handler, path, 'a\u0000b'), 400, 'request validation failed', validation([{ field: 'q', message: NUL }]));
  });

  it('the same searches without the NUL still answer 200', async () => {
    for (const [handler, path] of [
      [customersRoute.GET, '/api/v2.1/customers'],
      [exportRoute.GET, '/api/v2.1/customers/export'],
      [verificationsRoute.GET, '/api/v2.1/verifications'],
      [adminUsersRoute.GET, '/api/v2.1/admin/users'],
    ] as const) {
      expect((await list(handler, path, 'ab')).status, path).toBe(200);
    }
  });

  it('a query parameter the route does not read is held to the rule too', async () => {
    const res = await call(customersRoute.GET, { path: '/api/v2.1/customers?utm=%00', headers: { authorization: `Bearer ${t.admin.token}` } });
    expectEnvelope(res, 400, 'request validation failed', validation([{ field: 'utm', message: NUL }]));
  });

  it('a path parameter with a NUL (%00)', async () => {
    const res = await call(customerRoute.GET, { headers: { authorization: `Bearer ${t.admin.token}` }, params: { customerId: 'a\u0000b' } });
    expectEnvelope(res, 400, 'request validation failed', validation([{ field: 'customerId', message: NUL }]));
  });

  it('a NUL in a JSON body names the field (wallet reason)', async () => {
    const wallet = await openWallet(t.alice);
    expectEnvelope(
      await api(routes.freeze.POST, t.alice, { params: { walletId: wallet.id }, body: { reason: 'lost\u0000' } }),
      400,
      'request validation failed',
      validation([{ field: 'reason', message: NUL }]),
    );
  });

  it('card API: a NUL in a body field or in the query is an Envelope B validation error', async () => {
    expectCardValidation(await cardOp(cw.alice, 'cardholder/create', { firstName: 'A\u0000da' }), [{ field: 'firstName', message: NUL }]);
    const res = (await call(cardRoute.POST, {
      method: 'POST',
      path: '/api/v2.1/card/virtual/card/list?x=%00',
      headers: { ...contextHeaders(cw.alice.tenantId), authorization: `Bearer ${cw.alice.token}` },
      params: { operation: ['card', 'list'] },
      body: { pageNo: 1, pageSize: 10 },
    })) as CardResult<unknown>;
    expectCardValidation(res, [{ field: 'x', message: NUL }]);
  });
});

describe('case 6: __proto__, constructor and prototype keys never reach a service', () => {
  let featureId: string;
  const before = async () => {
    const db = await getDb();
    const [row] = await db
      .select()
      .from(features)
      .where(and(eq(features.tenantId, t.tenantId), eq(features.id, featureId)));
    return row!;
  };
  const patch = (body: string) =>
    call(featureRoute.PATCH, {
      method: 'PATCH',
      path: `/api/v2.1/categorization/features/${featureId}`,
      headers: { authorization: `Bearer ${t.admin.token}` },
      params: { id: featureId },
      body,
    });

  beforeAll(async () => {
    const db = await getDb();
    const [row] = await db.select({ id: features.id }).from(features).where(eq(features.tenantId, t.tenantId)).limit(1);
    featureId = row!.id;
  });

  it.each([
    ['{"__proto__":{"enabled":false,"tenantId":"x"}}', '__proto__'],
    ['{"constructor":{"prototype":{"enabled":false}}}', 'constructor'],
    ['{"enabled":true,"allowedValues":{"prototype":["x"]}}', 'allowedValues.prototype'],
  ])('PATCH features/{id} %s: 400, the feature unchanged', async (body, field) => {
    const row = await before();
    const key = field.split('.').at(-1)!;
    expectEnvelope(await patch(body), 400, 'request validation failed', validation([{ field, message: `"${key}" is not accepted as a key` }]));
    expect(await before()).toEqual(row);
  });

  it('card API: a __proto__ key is an Envelope B validation error', async () => {
    const res = (await call(cardRoute.POST, {
      method: 'POST',
      path: '/api/v2.1/card/virtual/card/list',
      headers: { ...contextHeaders(cw.alice.tenantId), authorization: `Bearer ${cw.alice.token}` },
      params: { operation: ['card', 'list'] },
      body: '{"pageNo":1,"pageSize":10,"__proto__":{"admin":true}}',
    })) as CardResult<unknown>;
    expectCardValidation(res, [{ field: '__proto__', message: '"__proto__" is not accepted as a key' }]);
  });
});

describe('case 7: an unknown field at any depth answers 400 naming every unknown path', () => {
  it('top level: a typo of an optional field is not lost silently', async () => {
    const wallet = await openWallet(t.alice);
    expectEnvelope(
      await api(routes.freeze.POST, t.alice, { params: { walletId: wallet.id }, body: { reasn: 'lost phone' } }),
      400,
      'request validation failed',
      validation([{ field: 'reasn', message: UNKNOWN }]),
    );
    expect(await walletOf(t.alice, wallet.id)).toMatchObject({ status: 'ACTIVE' });
  });

  it('nested and top level at once, every path named; nothing written', async () => {
    const body = organizationBody(cats) as { organizationCustomer: { organization: Record<string, unknown> } } & Record<string, unknown>;
    body.organizationCustomer.organization.vatNumbr = 'DE1';
    (body.organizationCustomer.organization.addresses as Record<string, unknown>[])[0]!.floor = '3';
    body.referrer = 'ad';
    const before = await tableCounts(t.tenantId);
    const res = await registerOrganization(body, contextHeaders(t.tenantId));
    expect(res.status, res.text).toBe(400);
    expect(res.json.message).toBe('request validation failed');
    expect(res.json.data.error).toBe('VALIDATION_FAILED');
    expect(new Set(res.json.data.errors as unknown[])).toEqual(
      new Set([
        { field: 'organizationCustomer.organization.addresses.0.floor', message: UNKNOWN },
        { field: 'organizationCustomer.organization.vatNumbr', message: UNKNOWN },
        { field: 'referrer', message: UNKNOWN },
      ]),
    );
    expect(await tableCounts(t.tenantId)).toEqual(before);
  });

  it('card API: unknown fields, nested too, answer the Envelope B validation error', async () => {
    const res = await cardOp(cw.alice, 'cardholder/create', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+4915112345679',
      dateOfBirth: '1990-12-10',
      billingAddress: { line1: 'Hauptstr. 1', city: 'Berlin', postalCode: '10115', country: 'DE', zip: '10115' },
      idempotencyKey: key('holder'),
      nickName: 'A',
    });
    expectCardValidation(res, [
      { field: 'billingAddress.zip', message: UNKNOWN },
      { field: 'nickName', message: UNKNOWN },
    ]);
  });
});

describe('case 4: money bounds, checked before any write, every answer within its schema', () => {
  it("an amount above MAX_AMOUNT (also the issue's 999999999999999.99) is a validation error naming the field", async () => {
    const wallet = await openWallet(t.alice);
    for (const amount of ['1000000000.00', '999999999999999.99']) {
      expectEnvelope(
        await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount, currency: 'EUR' } }),
        400,
        'request validation failed',
        validation([{ field: 'amount', message: TOO_LARGE }]),
      );
    }
    expect(await walletOf(t.alice, wallet.id)).toMatchObject({ balance: '0.00' });
  });

  it('a wallet fills up to MAX_BALANCE exactly; one cent more is `transaction limit exceeded` (MAX_BALANCE), nothing written', async () => {
    const wallet = await openWallet(t.alice);
    const first = await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: MAX_AMOUNT, currency: 'EUR' } });
    expect(sandboxFundResultSchema.safeParse(expectOk(first)).success).toBe(true);
    for (let i = 1; i < 10; i += 1) await fund(t.alice, wallet.id, MAX_AMOUNT);
    const last = expectOk(await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '0.09', currency: 'EUR' } }));
    expect(sandboxFundResultSchema.parse(last).wallet.balance).toBe(MAX_BALANCE);

    expectEnvelope(await api(routes.fund.POST, t.alice, { params: { walletId: wallet.id }, body: { amount: '0.01', currency: 'EUR' } }), 400, 'transaction limit exceeded', {
      limitType: 'MAX_BALANCE',
      limit: MAX_BALANCE,
      currentUsage: MAX_BALANCE,
      requestedAmount: '0.01',
      currency: 'EUR',
    });
    expect(await walletOf(t.alice, wallet.id)).toMatchObject({ balance: MAX_BALANCE });
  });

  it('a transfer waiting for approval still counts: the wallet cannot be refilled past MAX_BALANCE, so the rejection cannot overflow it', async () => {
    const f = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, f.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    const wallet = await openWallet(f.alice);
    for (let i = 0; i < 10; i += 1) await fund(f.alice, wallet.id, MAX_AMOUNT);
    await fund(f.alice, wallet.id, '0.09');
    const payee = await addBeneficiary(f.alice);
    const consent = await authorize(f.alice, wallet.id, { max: MAX_AMOUNT });
    const pending = expectOk(
      await transfer(f.alice, { walletId: wallet.id, beneficiary: { id: payee.id }, amount: MAX_AMOUNT, currency: 'EUR', reference: 'r', paymentConsentId: consent.id }),
    );
    expect(pending).toMatchObject({ status: 'PENDING_APPROVAL', amount: MAX_AMOUNT });
    expect(await walletOf(f.alice, wallet.id)).toMatchObject({ balance: '9000000000.00' });

    expectEnvelope(await api(routes.fund.POST, f.alice, { params: { walletId: wallet.id }, body: { amount: '0.01', currency: 'EUR' } }), 400, 'transaction limit exceeded', {
      limitType: 'MAX_BALANCE',
      limit: MAX_BALANCE,
      currentUsage: MAX_BALANCE,
      requestedAmount: '0.01',
      currency: 'EUR',
    });
    expectOk(await api(routes.reject.POST, f.approver, { params: { transferId: pending.id }, body: { reason: 'no' } }));
    expect(await walletOf(f.alice, wallet.id)).toMatchObject({ balance: MAX_BALANCE });
  });

  it('card top-up quote and top-up at MAX_AMOUNT answer within their declared schemas; above it, Envelope B validation', async () => {
    const card = await issueCard(cw.alice);
    const quote = await ok(cw.alice, 'topup/quote', { cardNo: card.cardNo, amount: MAX_AMOUNT, currency: 'EUR', sourceAccountId: 'acc-1' });
    expect(ALL_CARD_OPERATIONS['topup/quote'].response.safeParse(quote).error).toBeUndefined();
    expect(quote).toMatchObject({ amount: MAX_AMOUNT, fee: '5000000.00', total: '1004999999.99' });
    const order = await ok(cw.alice, 'topup/create', { cardNo: card.cardNo, quoteId: (quote as { quoteId: string }).quoteId, idempotencyKey: key('topup') });
    expect(ALL_CARD_OPERATIONS['topup/create'].response.safeParse(order).error).toBeUndefined();
    const balance = await ok(cw.alice, 'balance/info', { cardNo: card.cardNo });
    expect(ALL_CARD_OPERATIONS['balance/info'].response.safeParse(balance).error).toBeUndefined();
    expect(balance).toMatchObject({ ledger: MAX_AMOUNT, available: MAX_AMOUNT });

    for (const amount of ['1000000000.00', '999999999999999.99']) {
      expectCardValidation(await cardOp(cw.alice, 'topup/quote', { cardNo: card.cardNo, amount, currency: 'EUR', sourceAccountId: 'acc-1' }), [{ field: 'amount', message: TOO_LARGE }]);
    }
  });

  it('a card fills up to MAX_BALANCE; a quote past it is the business error BALANCE_LIMIT_EXCEEDED, and so is a top-up whose quote no longer fits', async () => {
    const card = await issueCard(cw.alice);
    const topUp = async (amount: string) => {
      const q = await ok<{ quoteId: string }>(cw.alice, 'topup/quote', { cardNo: card.cardNo, amount, currency: 'EUR', sourceAccountId: 'acc-1' });
      return ok(cw.alice, 'topup/create', { cardNo: card.cardNo, quoteId: q.quoteId, idempotencyKey: key('topup') });
    };
    for (let i = 0; i < 9; i += 1) await topUp(MAX_AMOUNT);
    // a quote taken now still fits; another top-up fills the card first
    const late = await ok<{ quoteId: string }>(cw.alice, 'topup/quote', { cardNo: card.cardNo, amount: MAX_AMOUNT, currency: 'EUR', sourceAccountId: 'acc-1' });
    await topUp(MAX_AMOUNT);
    await topUp('0.09');
    expect(await ok(cw.alice, 'balance/info', { cardNo: card.cardNo })).toMatchObject({ ledger: MAX_BALANCE });

    const full = {
      success: false,
      code: -1,
      msg: 'card balance would exceed the maximum balance',
      data: { reason: 'BALANCE_LIMIT_EXCEEDED', maxBalance: MAX_BALANCE, ledger: MAX_BALANCE, currency: 'EUR' },
    };
    const quoteRes = await cardOp(cw.alice, 'topup/quote', { cardNo: card.cardNo, amount: '0.01', currency: 'EUR', sourceAccountId: 'acc-1' });
    expect({ status: quoteRes.status, body: quoteRes.json }).toEqual({ status: 200, body: full });
    const createRes = await cardOp(cw.alice, 'topup/create', { cardNo: card.cardNo, quoteId: late.quoteId, idempotencyKey: key('topup') });
    expect({ status: createRes.status, body: createRes.json }).toEqual({ status: 200, body: full });
    expect(await ok(cw.alice, 'balance/info', { cardNo: card.cardNo })).toMatchObject({ ledger: MAX_BALANCE });
  });
});
