import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Product } from '@/lib/contract/products';
import { computeFee } from '@/lib/contract/products';
import type { Transfer, Wallet } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { auditLog, categories, customerCategorizations, events, journalEntries, journalLines, ledgerAccounts, products, transactionLimits } from '@/lib/db/schema';
import { putCategoryProcess } from '@/lib/services/categorization/processes';
import * as productsRoute from '@/app/api/v2.1/products/route';
import * as productRoute from '@/app/api/v2.1/products/[productId]/route';
import { tenantHasOwnProducts } from '@/lib/services/products/products';
import { expectEnvelope } from '../helpers';
import {
  addBeneficiary,
  api,
  authorize,
  expectOk,
  fund,
  ledgerTenant,
  newKey,
  reconciliation,
  routes,
  transfer,
  walletOf,
  type Caller,
  type Json,
  type LedgerTenant,
} from '../ledger-fixtures';

/**
 * Products (docs/products.md): the tenant's defaults, creating and changing products, wallets opening
 * on a product, and the fee of a wallet product posted with its payment in one entry (one
 * transaction), its own statement line, the ledger reconciling after every scenario. Runs on PGlite
 * and PostgreSQL: the fee is written by the transfer's posting statements, whose SQL both run.
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

const createProduct = (caller: Caller, body: Json, key: string | null = newKey()) =>
  api<Product>(productsRoute.POST, caller, { body, headers: key === null ? {} : { 'Idempotency-Key': key } });
const listProducts = (caller: Caller, query?: string) => api<{ items: Product[] }>(productsRoute.GET, caller, { query });
const patchProduct = (caller: Caller, productId: string, body: Json) => api<Product>(productRoute.PATCH, caller, { method: 'PATCH', params: { productId }, body });

let codeSeq = 0;
const walletProduct = (extra: Json = {}): Json => ({
  kind: 'WALLET',
  code: `premium-${++codeSeq}`,
  name: 'Premium EUR',
  currency: 'EUR',
  payoutFee: { fixed: '0.50', percentBps: 150 },
  transferFee: { fixed: '0.25', percentBps: 0 },
  ...extra,
});

async function openOn(caller: Caller, product: Json, customerId?: string): Promise<Wallet> {
  return expectOk(await api<Wallet>(routes.wallets.POST, caller, { body: { currency: 'EUR', ...product, ...(customerId ? { customerId } : {}) } }));
}

/** A funded wallet of alice on the product, with a beneficiary and a recurring consent. */
async function payoutReady(product: Json, balance = '1000.00') {
  const wallet = await openOn(t.alice, product);
  await fund(t.alice, wallet.id, balance);
  const beneficiary = await addBeneficiary(t.alice);
  const consent = await authorize(t.alice, wallet.id);
  const body = (amount: string): Json => ({ walletId: wallet.id, beneficiary: { id: beneficiary.id }, amount, currency: 'EUR', reference: 'invoice 7', paymentConsentId: consent.id });
  return { wallet, body };
}

async function linesOf(transferId: string) {
  const db = await getDb();
  return db
    .select({
      kind: journalEntries.kind,
      entryId: journalLines.entryId,
      accountId: journalLines.accountId,
      side: journalLines.side,
      amount: journalLines.amount,
      purpose: journalLines.purpose,
    })
    .from(journalLines)
    .innerJoin(journalEntries, and(eq(journalEntries.tenantId, journalLines.tenantId), eq(journalEntries.id, journalLines.entryId)))
    .where(and(eq(journalLines.tenantId, t.tenantId), eq(journalEntries.transferId, transferId)))
    .orderBy(asc(journalLines.postedAt), asc(journalLines.purpose), asc(journalLines.side));
}

async function feesAccountBalance(): Promise<string> {
  const db = await getDb();
  const [account] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.tenantId, t.tenantId), eq(ledgerAccounts.kind, 'FEES'), eq(ledgerAccounts.currency, 'EUR')));
  if (!account) return '0';
  const rows = await db
    .select({ side: journalLines.side, amount: journalLines.amount })
    .from(journalLines)
    .where(and(eq(journalLines.tenantId, t.tenantId), eq(journalLines.accountId, account.id)));
  return rows.reduce((sum, r) => sum + (r.side === 'CREDIT' ? 1 : -1) * Number(r.amount), 0).toFixed(2);
}

describe('the default products', () => {
  it('every tenant has default-wallet and default-card without fees; a wallet opened without a product is on default-wallet', async () => {
    const { items } = expectOk(await listProducts(t.admin));
    const defaults = items
      .filter((p) => p.isDefault)
      .map((p) => ({ kind: p.kind, code: p.code, currency: p.currency, payoutFee: p.payoutFee, transferFee: p.transferFee, binRange: p.binRange }));
    expect(defaults).toEqual([
      { kind: 'CARD', code: 'default-card', currency: null, payoutFee: null, transferFee: null, binRange: { start: '400000', end: '400000' } },
      { kind: 'WALLET', code: 'default-wallet', currency: null, payoutFee: { fixed: '0', percentBps: 0 }, transferFee: { fixed: '0', percentBps: 0 }, binRange: null },
    ]);
    const wallet = await openOn(t.alice, {});
    expect(wallet.product).toEqual({
      id: items.find((p) => p.code === 'default-wallet')!.id,
      code: 'default-wallet',
      name: 'Default wallet',
      payoutFee: { fixed: '0.00', percentBps: 0 },
      transferFee: { fixed: '0.00', percentBps: 0 },
    });
    expect(await tenantHasOwnProducts(await getDb(), t.tenantId)).toBe(false);
  });

  it('a payout from a wallet on the default product is unchanged: fee 0.00, the two lines of before, no fee line on the statement', async () => {
    const { wallet, body } = await payoutReady({}, '300.00');
    const sent = expectOk(await transfer(t.alice, body('120.00')));
    expect([sent.amount, sent.fee, sent.status, sent.sourceWallet.balance]).toEqual(['120.00', '0.00', 'COMPLETED', '180.00']);
    const lines = await linesOf(sent.id);
    expect(lines.map((l) => [l.kind, l.side, Number(l.amount).toFixed(2), l.purpose])).toEqual([
      ['TRANSFER_SETTLEMENT', 'CREDIT', '120.00', 'AMOUNT'],
      ['TRANSFER_SETTLEMENT', 'DEBIT', '120.00', 'AMOUNT'],
    ]);
    const statement = expectOk(await api<{ items: Array<{ purpose: string; amount: string }> }>(routes.statement.GET, t.alice, { params: { walletId: wallet.id } }));
    expect(statement.items.map((i) => [i.purpose, i.amount])).toEqual([
      ['AMOUNT', '120.00'],
      ['AMOUNT', '300.00'],
    ]);
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });
});

describe('creating and changing products', () => {
  it('creates a wallet product (audited, product.created in the same transaction); the Idempotency-Key replays it', async () => {
    const key = newKey();
    const body = walletProduct({ description: 'for frequent payers', limits: { perTransaction: '500.00', daily: null, monthly: '2000.00' } });
    const res = await createProduct(t.admin, body, key);
    const product = expectOk(res);
    expect(product).toEqual({
      id: expect.any(String),
      kind: 'WALLET',
      code: body.code,
      name: 'Premium EUR',
      description: 'for frequent payers',
      isDefault: false,
      currency: 'EUR',
      payoutFee: { fixed: '0.50', percentBps: 150 },
      transferFee: { fixed: '0.25', percentBps: 0 },
      limits: { perTransaction: '500.00', daily: null, monthly: '2000.00' },
      binRange: null,
      allowedMccs: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const replay = await createProduct(t.admin, body, key);
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.json.data.id).toBe(product.id);
    const db = await getDb();
    expect(
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.tenantId, t.tenantId), eq(products.code, String(body.code)))),
    ).toHaveLength(1);
    const [event] = await db
      .select({ data: events.payload })
      .from(events)
      .where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'product.created')));
    expect(event!.data.data).toEqual({ productId: product.id, kind: 'WALLET', code: body.code, name: 'Premium EUR', currency: 'EUR' });
    const audited = await db
      .select({ action: auditLog.action, entityId: auditLog.entityId, actor: auditLog.actorUserId })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.entityType, 'PRODUCT')));
    expect(audited).toEqual([{ action: 'PRODUCT_CREATED', entityId: product.id, actor: t.admin.userId }]);
    expect(await tenantHasOwnProducts(db, t.tenantId)).toBe(true);

    // a wallet opened on it gets the product's default limits as its own transaction limits
    const wallet = await openOn(t.alice, { productCode: body.code });
    const limits = await db
      .select({ type: transactionLimits.limitType, amount: transactionLimits.limitAmount })
      .from(transactionLimits)
      .where(and(eq(transactionLimits.tenantId, t.tenantId), eq(transactionLimits.walletId, wallet.id)))
      .orderBy(asc(transactionLimits.limitType));
    expect(limits.map((l) => [l.type, Number(l.amount).toFixed(2)])).toEqual([
      ['MONTHLY', '2000.00'],
      ['PER_TRANSACTION', '500.00'],
    ]);
  });

  it('creates a card product with its BIN range, spending limits and merchant categories', async () => {
    const product = expectOk(
      await createProduct(t.admin, {
        kind: 'CARD',
        code: 'travel-card',
        name: 'Travel card',
        currency: 'EUR',
        binRange: { start: '45678900', end: '45678999' },
        limits: { perTransaction: '250.00', daily: '1000.00', monthly: null },
        allowedMccs: ['4511', '7011'],
      }),
    );
    expect([product.kind, product.binRange, product.allowedMccs, product.limits, product.payoutFee]).toEqual([
      'CARD',
      { start: '45678900', end: '45678999' },
      ['4511', '7011'],
      { perTransaction: '250.00', daily: '1000.00', monthly: null },
      null,
    ]);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const db = await getDb();
    const count = async () => (await db.select({ id: products.id }).from(products).where(eq(products.tenantId, t.tenantId))).length;
    const before = await count();
    const refused = async (body: Json, errors: Array<{ field: string; message: string }>) =>
      expectEnvelope(await createProduct(t.admin, body), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
    await refused(walletProduct({ payoutFee: { fixed: '-1.00', percentBps: 0 } }), [{ field: 'payoutFee.fixed', message: 'must not be negative' }]);
    await refused(walletProduct({ transferFee: { fixed: '0', percentBps: -5 } }), [{ field: 'transferFee.percentBps', message: 'must not be negative' }]);
    await refused(walletProduct({ payoutFee: { fixed: '0', percentBps: 10001 } }), [{ field: 'payoutFee.percentBps', message: 'must be at most 10000 (100 %)' }]);
    await refused(walletProduct({ currency: 'XXX' }), [{ field: 'currency', message: 'must be a supported ISO 4217 currency code (e.g. EUR)' }]);
    await refused(walletProduct({ payoutFee: { fixed: '0.505', percentBps: 0 } }), [{ field: 'payoutFee.fixed', message: 'must have at most 2 decimal places for EUR' }]);
    await refused({ kind: 'CARD', code: 'bad-bin', name: 'Bad', currency: 'EUR', binRange: { start: '4000AB', end: '400099' } }, [
      { field: 'binRange.start', message: 'must be 6 to 8 digits' },
    ]);
    await refused({ kind: 'CARD', code: 'bad-bin', name: 'Bad', currency: 'EUR', binRange: { start: '400099', end: '400000' } }, [
      { field: 'binRange.end', message: 'must not be below start' },
    ]);
    await refused({ kind: 'CARD', code: 'bad-mcc', name: 'Bad', currency: 'EUR', binRange: { start: '400000', end: '400001' }, allowedMccs: ['54'] }, [
      { field: 'allowedMccs.0', message: 'must be a 4-digit merchant category code (ISO 18245)' },
    ]);
    await refused(walletProduct({ code: 'Not A Code' }), [{ field: 'code', message: 'must be lower-case letters, digits and hyphens, starting and ending with a letter or digit' }]);
    expect(await count()).toBe(before);
  });

  it('409 PRODUCT_CODE_EXISTS for a code the tenant uses (the defaults included); 403 for staff without product:manage', async () => {
    const { items } = expectOk(await listProducts(t.admin));
    const defaultWallet = items.find((p) => p.code === 'default-wallet')!;
    expectEnvelope(await createProduct(t.admin, walletProduct({ code: 'default-wallet' })), 409, 'conflict', {
      error: 'PRODUCT_CODE_EXISTS',
      details: 'the tenant already has a product with the code default-wallet',
      code: 'default-wallet',
      existingProductId: defaultWallet.id,
    });
    const res = await createProduct(t.employee, walletProduct());
    expect([res.status, res.json.message]).toEqual([403, 'access denied']);
  });

  it('PATCH refuses a field of the other kind, naming it; 404 for an unknown product', async () => {
    const { items } = expectOk(await listProducts(t.admin, 'kind=WALLET'));
    expect(items.every((p) => p.kind === 'WALLET')).toBe(true);
    expectEnvelope(await patchProduct(t.admin, items[0]!.id, { binRange: { start: '400000', end: '400001' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'binRange', message: 'applies to card products only; this is a wallet product' }],
    });
    expectEnvelope(await patchProduct(t.admin, '00000000-0000-4000-8000-000000000000', { name: 'x' }), 404, 'resource not found', { error: 'NOT_FOUND', details: 'product not found' });
  });

  it('opening a wallet: 400 on a card product or another currency, 404 for an unknown product', async () => {
    const card = expectOk(await listProducts(t.admin, 'kind=CARD')).items.find((p) => p.isDefault)!;
    const refused = async (body: Json, errors: Array<{ field: string; message: string }>) =>
      expectEnvelope(await api(routes.wallets.POST, t.alice, { body }), 400, 'request validation failed', { error: 'VALIDATION_FAILED', errors });
    await refused({ currency: 'EUR', productId: card.id }, [{ field: 'productId', message: 'names a card product; a wallet opens on a wallet product' }]);
    const eur = expectOk(await createProduct(t.admin, walletProduct()));
    await refused({ currency: 'USD', productCode: eur.code }, [{ field: 'currency', message: `must be EUR, the currency of the product ${eur.code}` }]);
    expectEnvelope(await api(routes.wallets.POST, t.alice, { body: { currency: 'EUR', productCode: 'no-such-product' } }), 404, 'resource not found', {
      error: 'NOT_FOUND',
      details: 'product not found',
    });
  });
});

describe("a category's products (docs/category-processes.md)", () => {
  it('a category that names its products: the mapping refuses an unknown code, a wallet on another product answers 400 naming the field', async () => {
    const db = await getDb();
    const [category] = await db.select({ id: categories.id }).from(categories).where(eq(categories.tenantId, t.tenantId)).limit(1);
    const actor = { tenantId: t.tenantId, userId: t.admin.userId };
    const process = (productCodes: string[]) => ({
      requiredDocuments: { INDIVIDUAL: ['IDENTITY' as const], ORGANIZATION: ['COMPANY_REGISTRATION' as const, 'PROOF_OF_ADDRESS' as const, 'REPRESENTATIVE_IDENTITY' as const] },
      screeningRequired: true,
      approvalsRequired: 1 as const,
      productCodes,
    });
    await expect(putCategoryProcess(db, actor, category!.id, process(['default-wallet', 'no-such-product']))).rejects.toMatchObject({
      status: 400,
      data: { error: 'VALIDATION_FAILED', errors: [{ field: 'productCodes.1', message: 'names no product of this tenant: no-such-product' }] },
    });
    const own = expectOk(await createProduct(t.admin, walletProduct()));
    await putCategoryProcess(db, actor, category!.id, process(['default-wallet']));
    await db.insert(customerCategorizations).values({ tenantId: t.tenantId, customerId: t.bob.customerId, categoryId: category!.id, riskLevel: 'LOW', featureIds: [], parameters: {} });
    expectEnvelope(await api(routes.wallets.POST, t.bob, { body: { currency: 'EUR', productCode: own.code } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'productCode', message: "the customer's category allows only the products default-wallet" }],
    });
    expect((await openOn(t.bob, {})).product.code).toBe('default-wallet');
    // alice has no category: any product
    expect((await openOn(t.alice, { productCode: own.code })).product.code).toBe(own.code);
  });
});

describe('fees on payments', () => {
  it('the fee rule: fixed + amount x bps / 10000, the percentage part rounded half up to minor units', () => {
    expect(computeFee({ fixed: '0.50', percentBps: 150 }, '100.00', 'EUR')).toBe('2.00');
    expect(computeFee({ fixed: '0.50', percentBps: 150 }, '10.01', 'EUR')).toBe('0.65'); // 0.15015 -> 0.15
    expect(computeFee({ fixed: '0', percentBps: 150 }, '10.10', 'EUR')).toBe('0.15'); // 0.1515 -> 0.15
    expect(computeFee({ fixed: '0', percentBps: 50 }, '1.01', 'EUR')).toBe('0.01'); // 0.00505 -> 0.01
    expect(computeFee({ fixed: '1', percentBps: 250 }, '999', 'JPY')).toBe('26'); // 24.975 -> 25
    expect(computeFee(null, '100.00', 'EUR')).toBe('0.00');
  });

  it('a payout posts the payment and its fee in one entry: four lines, the wallet pays amount + fee, the FEES account gets the fee, the statement shows the fee as its own line', async () => {
    const product = expectOk(await createProduct(t.admin, walletProduct()));
    const { wallet, body } = await payoutReady({ productId: product.id });
    expect(wallet.product).toEqual({ id: product.id, code: product.code, name: 'Premium EUR', payoutFee: { fixed: '0.50', percentBps: 150 }, transferFee: { fixed: '0.25', percentBps: 0 } });
    const feesBefore = await feesAccountBalance();
    const sent: Transfer = expectOk(await transfer(t.alice, body('100.00')));
    expect([sent.amount, sent.fee, sent.status, sent.sourceWallet.balance]).toEqual(['100.00', '2.00', 'COMPLETED', '898.00']);
    const lines = await linesOf(sent.id);
    expect(new Set(lines.map((l) => l.entryId)).size).toBe(1);
    expect(lines.map((l) => [l.kind, l.side, Number(l.amount).toFixed(2), l.purpose, l.accountId === wallet.id ? 'wallet' : 'system'])).toEqual([
      ['TRANSFER_SETTLEMENT', 'CREDIT', '100.00', 'AMOUNT', 'system'],
      ['TRANSFER_SETTLEMENT', 'DEBIT', '100.00', 'AMOUNT', 'wallet'],
      ['TRANSFER_SETTLEMENT', 'CREDIT', '2.00', 'FEE', 'system'],
      ['TRANSFER_SETTLEMENT', 'DEBIT', '2.00', 'FEE', 'wallet'],
    ]);
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('898.00');
    expect(Number(await feesAccountBalance()) - Number(feesBefore)).toBeCloseTo(2, 6);
    const statement = expectOk(
      await api<{ items: Array<{ purpose: string; direction: string; amount: string; description: string; balanceAfter: string }> }>(routes.statement.GET, t.alice, {
        params: { walletId: wallet.id },
      }),
    );
    expect(statement.items.map((i) => [i.purpose, i.direction, i.amount, i.balanceAfter])).toEqual([
      ['FEE', 'DEBIT', '2.00', '898.00'],
      ['AMOUNT', 'DEBIT', '100.00', '900.00'],
      ['AMOUNT', 'CREDIT', '1000.00', '1000.00'],
    ]);
    expect(statement.items[0]!.description).toMatch(/^Fee: /);
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('the balance must cover amount + fee: 400 insufficient balance names what would leave the wallet, nothing is posted', async () => {
    const product = expectOk(await createProduct(t.admin, walletProduct()));
    const { wallet, body } = await payoutReady({ productId: product.id }, '100.00');
    // 99.00 + 0.50 + 1.49 = 100.99 > 100.00
    expectEnvelope(await transfer(t.alice, body('99.00')), 400, 'insufficient balance', { availableBalance: '100.00', requestedAmount: '100.99', currency: 'EUR' });
    expect((await walletOf(t.alice, wallet.id)).balance).toBe('100.00');
    // exactly the balance passes
    const sent = expectOk(await transfer(t.alice, body('98.03'))); // 0.50 + 1.47045 -> 1.47: 98.03 + 1.97 = 100.00
    expect([sent.fee, (await walletOf(t.alice, wallet.id)).balance]).toEqual(['1.97', '0.00']);
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('changing a fee affects later payments only: an earlier transfer keeps its fee', async () => {
    const product = expectOk(await createProduct(t.admin, walletProduct()));
    const { body } = await payoutReady({ productId: product.id });
    const first = expectOk(await transfer(t.alice, body('10.00')));
    expect(first.fee).toBe('0.65');
    const changed = expectOk(await patchProduct(t.admin, product.id, { payoutFee: { fixed: '1.00', percentBps: 0 } }));
    expect(changed.payoutFee).toEqual({ fixed: '1.00', percentBps: 0 });
    const second = expectOk(await transfer(t.alice, body('10.00')));
    expect(second.fee).toBe('1.00');
    expect(expectOk(await api<Transfer>(routes.transfer.GET, t.alice, { params: { transferId: first.id } })).fee).toBe('0.65');
    const db = await getDb();
    const audited = await db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.tenantId, t.tenantId), eq(auditLog.entityId, product.id)));
    expect(audited.map((a) => a.action).sort()).toEqual(['PRODUCT_CREATED', 'PRODUCT_UPDATED']);
  });

  it('product.updated names the members a PATCH changed, in the same transaction; a PATCH that changes nothing sends none', async () => {
    const product = expectOk(await createProduct(t.admin, walletProduct()));
    const db = await getDb();
    const updates = async () =>
      (
        await db
          .select({ payload: events.payload })
          .from(events)
          .where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'product.updated')))
      )
        .map((e) => e.payload.data as { productId: string })
        .filter((d) => d.productId === product.id);
    // the fee as it was, a new limit and a new description: two members changed
    expectOk(
      await patchProduct(t.admin, product.id, {
        payoutFee: product.payoutFee,
        limits: { ...product.limits, daily: '300.00' },
        description: 'now with a daily limit',
      }),
    );
    expect(await updates()).toEqual([{ productId: product.id, kind: 'WALLET', code: product.code, name: product.name, changed: ['description', 'limits'] }]);
    // the same values again: audited, but nothing changed, so no event
    expectOk(await patchProduct(t.admin, product.id, { description: 'now with a daily limit' }));
    expect(await updates()).toHaveLength(1);
    // a refused PATCH writes no event either
    expectEnvelope(await patchProduct(t.admin, product.id, { binRange: { start: '400000', end: '400001' } }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'binRange', message: 'applies to card products only; this is a wallet product' }],
    });
    expect(await updates()).toHaveLength(1);
  });

  it('a wallet transfer pays the transfer fee; the destination gets the amount', async () => {
    const product = expectOk(await createProduct(t.admin, walletProduct()));
    const source = await openOn(t.admin, { productId: product.id }, t.alice.customerId);
    const destination = await openOn(t.admin, {}, t.alice.customerId);
    await fund(t.admin, source.id, '50.00');
    const sent = expectOk(await transfer(t.admin, { walletId: source.id, destinationWalletId: destination.id, amount: '20.00', currency: 'EUR', reference: 'savings' }));
    expect([sent.fee, (await walletOf(t.admin, source.id)).balance, (await walletOf(t.admin, destination.id)).balance]).toEqual(['0.25', '29.75', '20.00']);
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('above the four-eyes threshold the fee is held with the amount: a rejection returns both, an approval posts the fee to FEES', async () => {
    const fresh = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, fresh.admin, { method: 'PUT', body: { fourEyesThreshold: '50' } }));
    const product = expectOk(await createProduct(fresh.admin, walletProduct()));
    const wallet = expectOk(await api<Wallet>(routes.wallets.POST, fresh.alice, { body: { currency: 'EUR', productId: product.id } }));
    await fund(fresh.alice, wallet.id, '1000.00');
    const beneficiary = await addBeneficiary(fresh.alice);
    const consent = await authorize(fresh.alice, wallet.id);
    const body = { walletId: wallet.id, beneficiary: { id: beneficiary.id }, amount: '100.00', currency: 'EUR', reference: 'big', paymentConsentId: consent.id };

    const held = expectOk(await transfer(fresh.alice, body));
    expect([held.status, held.fee, held.sourceWallet.balanceBefore, held.sourceWallet.balanceAfter]).toEqual(['PENDING_APPROVAL', '2.00', '1000.00', '898.00']);
    expect((await walletOf(fresh.alice, wallet.id)).pendingOutgoing).toBe('102.00');
    const rejected = expectOk(await api<Transfer>(routes.reject.POST, fresh.approver, { params: { transferId: held.id }, body: {} }));
    expect(rejected.status).toBe('REJECTED');
    expect((await walletOf(fresh.alice, wallet.id)).balance).toBe('1000.00');

    const second = expectOk(await transfer(fresh.alice, body));
    const approved = expectOk(await api<Transfer>(routes.approve.POST, fresh.approver, { params: { transferId: second.id }, body: {} }));
    expect([approved.status, approved.fee]).toEqual(['COMPLETED', '2.00']);
    expect((await walletOf(fresh.alice, wallet.id)).balance).toBe('898.00');
    const db = await getDb();
    const settlement = await db
      .select({ side: journalLines.side, amount: journalLines.amount, purpose: journalLines.purpose, kind: ledgerAccounts.kind })
      .from(journalLines)
      .innerJoin(journalEntries, and(eq(journalEntries.tenantId, journalLines.tenantId), eq(journalEntries.id, journalLines.entryId)))
      .innerJoin(ledgerAccounts, and(eq(ledgerAccounts.tenantId, journalLines.tenantId), eq(ledgerAccounts.id, journalLines.accountId)))
      .where(and(eq(journalLines.tenantId, fresh.tenantId), eq(journalEntries.transferId, second.id), eq(journalEntries.kind, 'TRANSFER_SETTLEMENT')));
    expect(settlement.map((l) => [l.kind, l.side, Number(l.amount).toFixed(2), l.purpose]).sort()).toEqual(
      [
        ['TRANSFER_CLEARING', 'DEBIT', '100.00', 'AMOUNT'],
        ['OUTGOING_SETTLEMENT', 'CREDIT', '100.00', 'AMOUNT'],
        ['TRANSFER_CLEARING', 'DEBIT', '2.00', 'FEE'],
        ['FEES', 'CREDIT', '2.00', 'FEE'],
      ].sort(),
    );
    expect((await reconciliation(fresh.admin)).balanced).toBe(true);
  });
});
