import Decimal from 'decimal.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { resetEnvCache } from '@/lib/env';
import { api, expectOk, ledgerTenant, readyWallet, reconciliation, routes, transfer, type LedgerTenant } from '../ledger-fixtures';

/**
 * A customer's transfers from different wallets no longer queue on the customer row (they lock it
 * for share), so a customer-wide limit must be kept another way: an advisory lock per customer,
 * taken only when the customer has such a limit (docs/ledger.md). 40 transfers of 10.00 fired at
 * once from four wallets of one customer under a DAILY customer limit of 100.00: exactly ten
 * succeed, every other one is refused with the exact limit envelope, and the ledger reconciles.
 * Then a limit is set while transfers are in flight, and more follow once it is set: every answer is
 * a success or the exact refusal, there are refusals, and each saw the limit reached.
 */
process.env.DATABASE_POOL_MAX = '20';
process.env.DATABASE_CONNECT_TIMEOUT_MS = '60000';
resetEnvCache();

let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

describe('a customer-wide limit under concurrent transfers from several wallets', () => {
  it('lets exactly the limit through and refuses the rest with the exact envelope', async () => {
    const wallets = await Promise.all(Array.from({ length: 4 }, () => readyWallet(t.bob, '1000.00')));
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { customerId: t.bob.customerId, limitType: 'DAILY', limit: '100', currency: 'EUR' } }));
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => transfer(t.bob, wallets[i % 4]!.body('10.00'))));
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(10);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.status).toBe(400);
      expect(r.json).toEqual({
        code: 400,
        message: 'transaction limit exceeded',
        data: expect.objectContaining({ limitType: 'DAILY', limit: '100.00', currentUsage: '100.00', requestedAmount: '10.00', currency: 'EUR' }),
      });
    }
    const debited = ok.reduce((sum, r) => sum.plus((r.json.data as { amount: string }).amount), new Decimal(0));
    expect(debited.toFixed(2)).toBe('100.00');
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });

  it('a limit set while transfers are in flight holds for every transfer that sees it', async () => {
    const wallets = await Promise.all(Array.from({ length: 4 }, () => readyWallet(t.alice, '1000.00')));
    const transfers = (count: number) => Array.from({ length: count }, (_, i) => transfer(t.alice, wallets[i % 4]!.body('10.00')));
    // 30 in flight while the limit is set: some may run before it, some may see it
    const inFlight = transfers(30);
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { customerId: t.alice.customerId, limitType: 'DAILY', limit: '150', currency: 'EUR' } }));
    // 20 more once the limit is committed: these surely see it, so refusals are certain whatever the
    // order of the first 30 (alone they could all finish before the limit and prove nothing)
    const results = [...(await Promise.all(inFlight)), ...(await Promise.all(transfers(20)))];
    expect(results.filter((r) => ![200, 400].includes(r.status))).toEqual([]);
    const refused = results.filter((r) => r.status === 400);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect(r.json).toEqual({
        code: 400,
        message: 'transaction limit exceeded',
        data: expect.objectContaining({ limitType: 'DAILY', limit: '150.00', requestedAmount: '10.00', currency: 'EUR' }),
      });
      // a refusal saw more than 140.00 of usage: at least fifteen transfers went through before it
      expect(new Decimal((r.json.data as unknown as { currentUsage: string }).currentUsage).greaterThan(140)).toBe(true);
    }
    expect(results.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(15);
    expect((await reconciliation(t.admin)).balanced).toBe(true);
  });
});
