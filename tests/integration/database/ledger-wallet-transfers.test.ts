import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transfer, TransferDetail, Wallet } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import { customers, events, journalLines } from '@/lib/db/schema';
import * as ledgerSettingsRoute from '@/app/api/v2.1/ledger/settings/route';
import * as limitRoute from '@/app/api/v2.1/transaction-limits/[limitId]/route';
import { expectEnvelope } from '../helpers';
import {
  addBeneficiary,
  api,
  authorize,
  expectOk,
  fund,
  ledgerTenant,
  newKey,
  notFoundData,
  openWallet,
  reconciliation,
  routes,
  transfer,
  walletOf,
  type Caller,
  type Json,
  type LedgerTenant,
} from '../ledger-fixtures';

/**
 * Wallet-to-wallet transfers: POST /api/v2.1/transfers with `destinationWalletId`. One balanced
 * entry (debit the source, credit the destination), the payout's rules (limits, consent when a
 * customer starts it, four-eyes above the threshold, Idempotency-Key), and every refusal with its
 * exact envelope.
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

/** Two EUR wallets; the first funded. `owner` opens both (a customer: its own; the admin: alice's). */
async function pair(owner: Caller, balance = '500.00', customerId?: string) {
  const source = await openWallet(owner, 'EUR', customerId);
  const destination = await openWallet(owner, 'EUR', customerId);
  if (balance !== '0') await fund(owner, source.id, balance);
  return { source, destination };
}

const body = (source: Wallet, destination: Wallet | string, amount: string, extra: Json = {}): Json => ({
  walletId: source.id,
  destinationWalletId: typeof destination === 'string' ? destination : destination.id,
  amount,
  currency: 'EUR',
  reference: 'savings',
  ...extra,
});

/** Alice's customer name, as the transfers name whose money it is. */
async function aliceName(customerId = t.alice.customerId, tenantId = t.tenantId): Promise<string> {
  const db = await getDb();
  const [row] = await db
    .select({ name: customers.displayName })
    .from(customers)
    .where(and(eq(customers.tenantId, tenantId), eq(customers.id, customerId)));
  return row!.name;
}

async function setCustomerStatus(customerId: string, status: 'ACTIVE' | 'SUSPENDED') {
  const db = await getDb();
  await db
    .update(customers)
    .set({ status })
    .where(and(eq(customers.tenantId, t.tenantId), eq(customers.id, customerId)));
}

describe('a wallet-to-wallet transfer that passes every rule', () => {
  it('an administrator moves money between two wallets: one balanced entry, both balances, both statements, reconciles', async () => {
    const { source, destination } = await pair(t.admin, '500.00', t.alice.customerId);
    const res = await transfer(t.admin, body(source, destination, '120.5'));
    const data = expectOk(res);
    expect(res.json.message).toBe('transfer completed');
    expect(data).toEqual({
      id: expect.any(String),
      type: 'WALLET_TRANSFER',
      customerId: t.alice.customerId,
      customerName: await aliceName(),
      walletId: source.id,
      // settled at once: the balance now, nothing awaits a decision
      sourceWallet: { id: source.id, name: 'EUR wallet', balance: '379.50', balanceBefore: null, balanceAfter: null },
      beneficiary: null,
      destinationWallet: { id: destination.id, customerId: t.alice.customerId, name: 'EUR wallet' },
      paymentConsentId: null,
      amount: '120.50',
      // the default product: no fee (docs/products.md)
      fee: '0.00',
      currency: 'EUR',
      reference: 'savings',
      status: 'COMPLETED',
      requiresApproval: false,
      initiatedBy: t.admin.userId,
      initiatedByName: expect.any(String),
      approvedBy: null,
      approvedByName: null,
      decidedAt: null,
      rejectionReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect((await walletOf(t.admin, source.id)).balance).toBe('379.50');
    expect((await walletOf(t.admin, destination.id)).balance).toBe('120.50');

    // exactly one entry for the transfer, with two lines that balance
    const detail = expectOk(await api<TransferDetail>(routes.transfer.GET, t.admin, { params: { transferId: data.id } }));
    expect(detail.entries).toHaveLength(1);
    expect(detail.entries[0]!.kind).toBe('TRANSFER_SETTLEMENT');
    const db = await getDb();
    const lines = await db
      .select({ accountId: journalLines.accountId, side: journalLines.side, amount: journalLines.amount })
      .from(journalLines)
      .where(and(eq(journalLines.tenantId, t.tenantId), eq(journalLines.entryId, detail.entries[0]!.entryId)))
      .orderBy(asc(journalLines.side));
    expect(lines).toEqual([
      { accountId: destination.id, side: 'CREDIT', amount: '120.5000' },
      { accountId: source.id, side: 'DEBIT', amount: '120.5000' },
    ]);
    expect(detail.history).toEqual([{ status: 'COMPLETED', at: data.createdAt, by: t.admin.userId, byName: data.initiatedByName, reason: null }]);

    const statementOf = async (walletId: string) =>
      expectOk(
        await api<{ items: Array<{ kind: string; direction: string; amount: string; transferId: string | null; balanceAfter: string }> }>(routes.statement.GET, t.admin, {
          params: { walletId },
        }),
      ).items;
    // newest first, each line with the running balance right after it
    expect((await statementOf(source.id)).map((l) => [l.kind, l.direction, l.amount, l.transferId, l.balanceAfter])).toEqual([
      ['TRANSFER_SETTLEMENT', 'DEBIT', '120.50', data.id, '379.50'],
      ['SANDBOX_FUNDING', 'CREDIT', '500.00', null, '500.00'],
    ]);
    expect((await statementOf(destination.id)).map((l) => [l.kind, l.direction, l.amount, l.transferId, l.balanceAfter])).toEqual([
      ['TRANSFER_SETTLEMENT', 'CREDIT', '120.50', data.id, '120.50'],
    ]);

    // the event names the type and the destination
    const all = await db
      .select({ payload: events.payload })
      .from(events)
      .where(and(eq(events.tenantId, t.tenantId), eq(events.type, 'transfer.created')));
    expect(all.map((e) => (e.payload as { data: unknown }).data)).toContainEqual({
      transferId: data.id,
      type: 'WALLET_TRANSFER',
      customerId: t.alice.customerId,
      walletId: source.id,
      beneficiaryId: null,
      destinationWalletId: destination.id,
      amount: '120.50',
      currency: 'EUR',
      status: 'COMPLETED',
      initiatedBy: t.admin.userId,
    });
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it("a customer pays another customer's wallet with its consent; the receiver sees it, the list filters by type and wallet", async () => {
    const source = await openWallet(t.alice);
    await fund(t.alice, source.id, '50.00');
    const bobs = await openWallet(t.bob);
    const consent = await authorize(t.alice, source.id);
    const sent = expectOk(await transfer(t.alice, body(source, bobs, '20.00', { paymentConsentId: consent.id })));
    expect(sent).toMatchObject({ type: 'WALLET_TRANSFER', paymentConsentId: consent.id, destinationWallet: { id: bobs.id, customerId: t.bob.customerId }, initiatedBy: t.alice.userId });
    expect((await walletOf(t.bob, bobs.id)).balance).toBe('20.00');
    // bob reads the transfer it received, in its list and alone
    expect(expectOk(await api<Transfer>(routes.transfer.GET, t.bob, { params: { transferId: sent.id } })).id).toBe(sent.id);
    const bobList = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, t.bob, { query: `walletId=${bobs.id}` }));
    expect(bobList.items.map((i) => i.id)).toEqual([sent.id]);
    const wallets = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, t.admin, { query: `type=WALLET_TRANSFER&walletId=${source.id}` }));
    expect(wallets.items.map((i) => i.id)).toEqual([sent.id]);
    const payouts = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, t.admin, { query: `type=PAYOUT&walletId=${source.id}` }));
    expect(payouts.items).toEqual([]);
  });
});

describe('refusals, with their exact envelopes', () => {
  it('400 payment consent required when a customer starts it without a consent', async () => {
    const { source, destination } = await pair(t.alice, '50.00');
    expectEnvelope(await transfer(t.alice, body(source, destination, '1.00')), 400, 'payment consent required', {
      field: 'paymentConsentId',
      suggestion: 'authorize payments from the wallet first: POST /api/v2.1/payment-consents',
    });
  });

  it('422 payment consent invalid: a consent of another wallet, an amount above its maximum', async () => {
    const { source, destination } = await pair(t.alice, '50.00');
    const other = await authorize(t.alice, destination.id);
    expectEnvelope(await transfer(t.alice, body(source, destination, '1.00', { paymentConsentId: other.id })), 422, 'payment consent invalid', {
      paymentConsentId: other.id,
      reason: 'WALLET_MISMATCH',
      details: `the consent covers wallet ${destination.id}, not ${source.id}`,
    });
    const small = await authorize(t.alice, source.id, { max: '10' });
    expectEnvelope(await transfer(t.alice, body(source, destination, '10.01', { paymentConsentId: small.id })), 422, 'payment consent invalid', {
      paymentConsentId: small.id,
      reason: 'AMOUNT_EXCEEDED',
      details: 'the consent allows at most 10.00 EUR per payment',
    });
  });

  it('400 validation: the same wallet twice, both a beneficiary and a destination, neither', async () => {
    const { source } = await pair(t.admin, '50.00', t.alice.customerId);
    expectEnvelope(await transfer(t.admin, body(source, source, '1.00')), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'destinationWalletId', message: 'must differ from walletId' }],
    });
    const beneficiary = await addBeneficiary(t.admin, undefined, t.alice.customerId);
    const destination = await openWallet(t.admin, 'EUR', t.alice.customerId);
    expectEnvelope(await transfer(t.admin, body(source, destination, '1.00', { beneficiary: { id: beneficiary.id } })), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'destinationWalletId', message: 'give either beneficiary or destinationWalletId, not both' }],
    });
    expectEnvelope(await transfer(t.admin, { walletId: source.id, amount: '1.00', currency: 'EUR', reference: 'x' }), 400, 'request validation failed', {
      error: 'VALIDATION_FAILED',
      errors: [{ field: 'beneficiary', message: 'give a beneficiary (payout) or a destinationWalletId (wallet transfer)' }],
    });
    expect((await walletOf(t.admin, source.id)).balance).toBe('50.00');
  });

  it("400 currency mismatch: the destination holds another currency; the amount is not the source's currency", async () => {
    const source = await openWallet(t.admin, 'EUR', t.alice.customerId);
    await fund(t.admin, source.id, '50.00');
    const dollars = await openWallet(t.admin, 'USD', t.alice.customerId);
    expectEnvelope(await transfer(t.admin, body(source, dollars, '1.00')), 400, 'currency mismatch', {
      walletCurrency: 'USD',
      requestedCurrency: 'EUR',
      destinationWalletId: dollars.id,
    });
    expectEnvelope(await transfer(t.admin, body(source, dollars, '1.00', { currency: 'USD' })), 400, 'currency mismatch', { walletCurrency: 'EUR', requestedCurrency: 'USD' });
  });

  it('400 wallet not active: a frozen destination, a closed destination, a frozen source', async () => {
    const { source, destination } = await pair(t.admin, '50.00', t.alice.customerId);
    expectOk(await api(routes.freeze.POST, t.admin, { params: { walletId: destination.id }, body: { reason: 'check' } }));
    expectEnvelope(await transfer(t.admin, body(source, destination, '1.00')), 400, 'wallet not active', { walletId: destination.id, status: 'FROZEN', requiredStatus: 'ACTIVE' });
    const closed = await openWallet(t.admin, 'EUR', t.alice.customerId);
    expectOk(await api(routes.close.POST, t.admin, { params: { walletId: closed.id }, body: {} }));
    expectEnvelope(await transfer(t.admin, body(source, closed, '1.00')), 400, 'wallet not active', { walletId: closed.id, status: 'CLOSED', requiredStatus: 'ACTIVE' });
    expectOk(await api(routes.unfreeze.POST, t.admin, { params: { walletId: destination.id }, body: {} }));
    expectOk(await api(routes.freeze.POST, t.admin, { params: { walletId: source.id }, body: {} }));
    expectEnvelope(await transfer(t.admin, body(source, destination, '1.00')), 400, 'wallet not active', { walletId: source.id, status: 'FROZEN', requiredStatus: 'ACTIVE' });
    expect((await walletOf(t.admin, destination.id)).balance).toBe('0.00');
  });

  it("404 for another tenant's wallet as destination or source, and an unknown destination", async () => {
    const { source } = await pair(t.admin, '50.00', t.alice.customerId);
    const other = await ledgerTenant();
    const foreign = await openWallet(other.alice);
    await fund(other.alice, foreign.id, '50.00');
    expectEnvelope(await transfer(t.admin, body(source, foreign, '1.00')), 404, 'resource not found', notFoundData('destination wallet'));
    expectEnvelope(await transfer(t.admin, body(source, '00000000-0000-4000-8000-000000000009', '1.00')), 404, 'resource not found', notFoundData('destination wallet'));
    expectEnvelope(await transfer(t.admin, body(foreign, source, '1.00')), 404, 'resource not found', notFoundData('wallet'));
    // a customer's user may not spend from another customer's wallet
    const bobs = await openWallet(t.bob);
    const consent = await authorize(t.bob, bobs.id);
    expectEnvelope(await transfer(t.alice, body(bobs, source, '1.00', { paymentConsentId: consent.id })), 404, 'resource not found', notFoundData('wallet'));
    expect((await walletOf(other.alice, foreign.id)).balance).toBe('50.00');
  });

  it("422 when the destination's customer is not ACTIVE", async () => {
    const source = await openWallet(t.admin, 'EUR', t.alice.customerId);
    await fund(t.admin, source.id, '50.00');
    const bobs = await openWallet(t.bob);
    await setCustomerStatus(t.bob.customerId, 'SUSPENDED');
    try {
      expectEnvelope(await transfer(t.admin, body(source, bobs, '1.00')), 422, 'unprocessable request', {
        error: 'CUSTOMER_NOT_ACTIVE',
        details: `the customer ${t.bob.customerId} is SUSPENDED; only an ACTIVE customer's wallets can send or receive`,
        customerId: t.bob.customerId,
        status: 'SUSPENDED',
      });
    } finally {
      await setCustomerStatus(t.bob.customerId, 'ACTIVE');
    }
  });

  it('400 insufficient balance, and nothing moves', async () => {
    const { source, destination } = await pair(t.admin, '100.00', t.alice.customerId);
    expectEnvelope(await transfer(t.admin, body(source, destination, '100.01')), 400, 'insufficient balance', { availableBalance: '100.00', requestedAmount: '100.01', currency: 'EUR' });
    expect((await walletOf(t.admin, source.id)).balance).toBe('100.00');
    expect((await walletOf(t.admin, destination.id)).balance).toBe('0.00');
  });

  it("400 transaction limit exceeded: a wallet transfer counts toward the source's limits like a payout", async () => {
    const { source, destination } = await pair(t.admin, '1000.00', t.bob.customerId);
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: source.id, limitType: 'DAILY', limit: '300', currency: 'EUR' } }));
    expectOk(await transfer(t.admin, body(source, destination, '200.00')));
    expectEnvelope(await transfer(t.admin, body(source, destination, '150.00')), 400, 'transaction limit exceeded', {
      limitType: 'DAILY',
      limit: '300.00',
      currentUsage: '200.00',
      requestedAmount: '150.00',
      currency: 'EUR',
    });
    // the credit on the destination is not its usage: it may send on its own
    expectOk(await transfer(t.admin, body(destination, source, '150.00')));
  });

  it('Idempotency-Key: required; a repeat replays and posts nothing; another body with the same key is 422', async () => {
    const { source, destination } = await pair(t.admin, '100.00', t.alice.customerId);
    expectEnvelope(await transfer(t.admin, body(source, destination, '1.00'), null), 400, 'missing required headers', {
      error: 'MISSING_HEADERS',
      details: 'missing required headers: Idempotency-Key',
      errors: [{ field: 'Idempotency-Key', message: 'header is required' }],
    });
    const key = newKey();
    const first = await transfer(t.admin, body(source, destination, '10.00'), key);
    const again = await transfer(t.admin, body(source, destination, '10.00'), key);
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await walletOf(t.admin, source.id)).balance).toBe('90.00');
    expect((await walletOf(t.admin, destination.id)).balance).toBe('10.00');
    expectEnvelope(await transfer(t.admin, body(source, destination, '11.00'), key), 422, 'idempotency key reused with a different request', {
      error: 'IDEMPOTENCY_KEY_REUSED',
      details: 'this Idempotency-Key was used with a different request; use a new key for a new request',
      idempotencyKey: key,
    });
  });

  it('403 for roles that may not pay (EMPLOYEE, TRANSACTION_APPROVER)', async () => {
    const { source, destination } = await pair(t.admin, '10.00', t.alice.customerId);
    for (const caller of [t.employee, t.approver]) {
      const res = await transfer(caller, body(source, destination, '1.00'));
      expect(res.status).toBe(403);
      expect(res.json.message).toBe('access denied');
    }
  });
});

describe('four-eyes above the threshold', () => {
  it('holds the money on clearing; a second person approves and the destination is credited; history and entries show it', async () => {
    const tenant = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, tenant.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    const { source, destination } = await pair(tenant.admin, '1000.00', tenant.alice.customerId);
    const pending = expectOk(await transfer(tenant.admin, body(source, destination, '250.00')));
    expect(pending).toMatchObject({ status: 'PENDING_APPROVAL', requiresApproval: true });
    // whose money an approver moves: the customer, the wallet, its balance before and after (the amount is held since the request)
    const whose = {
      customerName: await aliceName(tenant.alice.customerId, tenant.tenantId),
      sourceWallet: { id: source.id, name: 'EUR wallet', balance: '750.00', balanceBefore: '1000.00', balanceAfter: '750.00' },
    };
    expect(pending).toMatchObject(whose);
    expect(expectOk(await api<TransferDetail>(routes.transfer.GET, tenant.approver2, { params: { transferId: pending.id } }))).toMatchObject(whose);
    const queue = expectOk(await api<{ items: Transfer[] }>(routes.transfers.GET, tenant.approver2, { query: 'status=PENDING_APPROVAL' }));
    expect(queue.items.map((i) => ({ customerName: i.customerName, sourceWallet: i.sourceWallet }))).toEqual([whose]);
    expect(await walletOf(tenant.admin, source.id)).toMatchObject({ balance: '750.00', pendingOutgoing: '250.00' });
    expect((await walletOf(tenant.admin, destination.id)).balance).toBe('0.00');
    // the initiator may not approve its own; another approver does
    expect((await api(routes.approve.POST, tenant.admin, { params: { transferId: pending.id } })).status).toBe(403);
    expect((await api(routes.approve.POST, tenant.approver2, { params: { transferId: pending.id } })).status).toBe(200);
    const done = expectOk(await api<TransferDetail>(routes.transfer.GET, tenant.admin, { params: { transferId: pending.id } }));
    expect(done.status).toBe('COMPLETED');
    expect(done.approvedBy).toBe(tenant.approver2.userId);
    expect(done.history.map((h) => [h.status, h.by])).toEqual([
      ['PENDING_APPROVAL', tenant.admin.userId],
      ['COMPLETED', tenant.approver2.userId],
    ]);
    expect(done.entries.map((e) => e.kind)).toEqual(['TRANSFER_HOLD', 'TRANSFER_SETTLEMENT']);
    // decided: the wallet has moved on, only its balance now is given
    expect(done.sourceWallet).toEqual({ id: source.id, name: 'EUR wallet', balance: '750.00', balanceBefore: null, balanceAfter: null });
    // the hold's statement line says what became of it: the transfer is COMPLETED (the panel no longer reads "Held for approval")
    const lines = expectOk(
      await api<{ items: Array<{ kind: string; transferId: string | null; transferStatus: string | null }> }>(routes.statement.GET, tenant.admin, { params: { walletId: source.id } }),
    ).items;
    expect(lines.map((l) => [l.kind, l.transferId, l.transferStatus])).toEqual([
      ['TRANSFER_HOLD', pending.id, 'COMPLETED'],
      ['SANDBOX_FUNDING', null, null],
    ]);
    expect((await walletOf(tenant.admin, destination.id)).balance).toBe('250.00');
    expect(await reconciliation(tenant.admin)).toEqual({ balanced: true, unbalancedEntries: [], walletMismatches: [], totals: [{ currency: 'EUR', sum: '0' }] });
  });

  it('a rejection returns the money; approval after the destination was frozen FAILS and returns it too', async () => {
    const tenant = await ledgerTenant();
    expectOk(await api(routes.settings.PUT, tenant.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    const { source, destination } = await pair(tenant.admin, '1000.00', tenant.alice.customerId);
    const first = expectOk(await transfer(tenant.admin, body(source, destination, '200.00')));
    const rejected = await api<Transfer>(routes.reject.POST, tenant.approver, { params: { transferId: first.id }, body: { reason: 'not agreed' } });
    expect(rejected.json.message).toBe('transfer rejected');
    expect(rejected.json.data).toMatchObject({ status: 'REJECTED', rejectionReason: 'not agreed', approvedBy: tenant.approver.userId, approvedByName: expect.any(String) });
    expect((await walletOf(tenant.admin, source.id)).balance).toBe('1000.00');

    const second = expectOk(await transfer(tenant.admin, body(source, destination, '300.00')));
    expectOk(await api(routes.freeze.POST, tenant.admin, { params: { walletId: destination.id }, body: {} }));
    const failed = await api<Transfer>(routes.approve.POST, tenant.approver, { params: { transferId: second.id } });
    expect(failed.status).toBe(200);
    expect(failed.json.message).toBe('transfer failed: the destination wallet is FROZEN');
    expect(failed.json.data).toMatchObject({ status: 'FAILED', rejectionReason: 'the destination wallet is FROZEN' });
    expect((await walletOf(tenant.admin, source.id)).balance).toBe('1000.00');
    expect((await walletOf(tenant.admin, destination.id)).balance).toBe('0.00');
    expect((await reconciliation(tenant.admin)).balanced).toBe(true);
  });
});

describe('what the money screens read and remove', () => {
  it('GET /ledger/settings: sandbox funding on (tests run outside production) with its explanation, and the threshold, for every read role', async () => {
    const tenant = await ledgerTenant();
    for (const caller of [tenant.admin, tenant.employee, tenant.approver, tenant.alice]) {
      expect(expectOk(await api(ledgerSettingsRoute.GET, caller))).toEqual({
        sandboxFunding: { enabled: true, explanation: 'This is a test installation: sandbox funding credits a wallet with demo money that never came from a bank.' },
        fourEyesThreshold: '10000',
      });
    }
    expectOk(await api(routes.settings.PUT, tenant.admin, { method: 'PUT', body: { fourEyesThreshold: null } }));
    expect(expectOk(await api<{ fourEyesThreshold: string | null }>(ledgerSettingsRoute.GET, tenant.employee)).fourEyesThreshold).toBeNull();
    expect((await api(ledgerSettingsRoute.GET, null)).status).toBe(401);
  });

  it('GET /ledger/settings says why sandbox funding is off, and funding is refused alike', async () => {
    const previous = process.env.SANDBOX_FUNDING;
    process.env.SANDBOX_FUNDING = 'false';
    resetEnvCache();
    try {
      expect(expectOk(await api<{ sandboxFunding: unknown }>(ledgerSettingsRoute.GET, t.employee)).sandboxFunding).toEqual({
        enabled: false,
        explanation: 'Sandbox funding is switched off for this installation. Wallets receive money only from real incoming payments and transfers.',
      });
      const wallet = await openWallet(t.admin, 'EUR', t.alice.customerId);
      expectEnvelope(await api(routes.fund.POST, t.admin, { params: { walletId: wallet.id }, body: { amount: '1.00', currency: 'EUR' } }), 403, 'access denied', {
        error: 'FORBIDDEN',
        details: 'sandbox funding is disabled in production (set SANDBOX_FUNDING=true to allow it)',
      });
    } finally {
      if (previous === undefined) delete process.env.SANDBOX_FUNDING;
      else process.env.SANDBOX_FUNDING = previous;
      resetEnvCache();
    }
  });

  it("DELETE /transaction-limits/{id}: an administrator removes a limit and transfers pass again; 404 for another tenant's; 403 for others", async () => {
    const { source, destination } = await pair(t.admin, '100.00', t.alice.customerId);
    const limit = expectOk(
      await api<{ id: string }>(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: source.id, limitType: 'PER_TRANSACTION', limit: '0', currency: 'EUR' } }),
    );
    expect((await transfer(t.admin, body(source, destination, '1.00'))).status).toBe(400);
    const other = await ledgerTenant();
    expectEnvelope(await api(limitRoute.DELETE, other.admin, { method: 'DELETE', params: { limitId: limit.id } }), 404, 'resource not found', notFoundData('transaction limit'));
    expect((await api(limitRoute.DELETE, t.employee, { method: 'DELETE', params: { limitId: limit.id } })).status).toBe(403);
    const removed = await api(limitRoute.DELETE, t.admin, { method: 'DELETE', params: { limitId: limit.id } });
    expect(removed.json.message).toBe('transaction limit removed');
    expect(removed.json.data).toMatchObject({ id: limit.id, limitType: 'PER_TRANSACTION', limit: '0.00' });
    expectEnvelope(await api(limitRoute.DELETE, t.admin, { method: 'DELETE', params: { limitId: limit.id } }), 404, 'resource not found', notFoundData('transaction limit'));
    expectOk(await transfer(t.admin, body(source, destination, '1.00')));
  });
});
