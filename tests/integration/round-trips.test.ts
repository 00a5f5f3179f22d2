import { beforeAll, describe, expect, it } from 'vitest';
import * as customerRoute from '@/app/api/v2.1/customers/[customerId]/route';
import { countRoundTrips } from '@/lib/db/round-trips';
import { api, expectOk, ledgerTenant, openWallet, routes, type LedgerTenant } from './ledger-fixtures';

/**
 * Database statements per request (issue 18): authentication costs one, a wallet read one more, a
 * customer read one more (the goal: at most three in all). Counted by the drizzle logger in lib/db/round-trips.ts,
 * around the real route handler with a real bearer token. The session's last use is written at most
 * once a minute, so each request is counted warm (after a first call) as well.
 */
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

async function counted(fn: () => Promise<{ status: number }>): Promise<number> {
  const { result, roundTrips, statements } = await countRoundTrips(fn);
  expect(result.status).toBe(200);
  expect(statements).toHaveLength(roundTrips);
  return roundTrips;
}

describe('round trips per request', () => {
  it('a wallet read: one statement for the caller, one for the wallet', async () => {
    const wallet = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const read = () => api(routes.wallet.GET, t.admin, { params: { walletId: wallet.id } });
    expectOk(await read());
    expect(await counted(read)).toBe(2);
  });

  it('a customer read: one statement for the caller, one for the customer with all its lists', async () => {
    const read = () => api(customerRoute.GET, t.admin, { params: { customerId: t.alice.customerId } });
    expectOk(await read());
    expect(await counted(read)).toBe(2);
  });
});
