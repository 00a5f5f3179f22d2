import { beforeAll, describe, expect, it } from 'vitest';
import { countRoundTrips } from '@/lib/db/round-trips';
import { api, expectOk, fund, ledgerTenant, openWallet, readyWallet, routes, transfer, type LedgerTenant } from '../ledger-fixtures';

/**
 * Database statements of one POST /api/v2.1/transfers (issue 18; docs/ledger.md "A transfer, step
 * by step"), counted by the drizzle logger around the real route handler with a real bearer token,
 * warm (the principal comes from the process's cache, docs/identity.md: no statement for
 * authentication): an unlocked read (the Idempotency-Key's record with it), and the fast path's one
 * statement that claims the key with its answer, locks, checks again and writes (transfer, entry,
 * lines, balances, event), all or nothing by itself (a guard in the statement fails it on a partial
 * write, so no BEGIN/COMMIT around it). A wallet with a limit takes the locked path: the read, the
 * claim, then one transaction of two statements (drizzle's BEGIN and COMMIT are counted on
 * PostgreSQL; PGlite opens its transactions itself). A replay is answered by the read alone. Before
 * the claim joined the posting statement: 3 for a payout, 2 for a replay. Before: 17 statements for a
 * payout and 15 for an administrator's wallet transfer on PGlite (2 more on PostgreSQL), authentication
 * included.
 */
const TX = process.env.DATABASE_URL ? 2 : 0;
let t: LedgerTenant;

beforeAll(async () => {
  t = await ledgerTenant();
});

async function counted(fn: () => Promise<{ status: number }>) {
  const { result, roundTrips, statements } = await countRoundTrips(fn);
  expect(result.status).toBe(200);
  return { roundTrips, statements };
}

describe('round trips of a transfer', () => {
  it('a payout: the read, and one statement that claims the key, locks, checks and writes', async () => {
    const w = await readyWallet(t.alice);
    expectOk(await transfer(t.alice, w.body('1.00'))); // warm: the principal is cached, the session's last use written at most once a minute
    const { roundTrips } = await counted(() => transfer(t.alice, w.body('2.00')));
    expect(roundTrips).toBe(2);
  });

  it('a wallet-to-wallet transfer by an administrator: the same count', async () => {
    const a = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const b = await openWallet(t.admin, 'EUR', t.bob.customerId);
    await fund(t.admin, a.id, '100.00', 'EUR');
    const body = (amount: string) => ({ walletId: a.id, destinationWalletId: b.id, amount, currency: 'EUR', reference: 'rent' });
    expectOk(await transfer(t.admin, body('1.00')));
    const { roundTrips } = await counted(() => transfer(t.admin, body('2.00')));
    expect(roundTrips).toBe(2);
  });

  it('a payout from a wallet with a limit: the read, the claim, then the locked path', async () => {
    const w = await readyWallet(t.alice);
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: w.wallet.id, limitType: 'DAILY', limit: '500', currency: 'EUR' } }));
    expectOk(await transfer(t.alice, w.body('1.00')));
    const { roundTrips } = await counted(() => transfer(t.alice, w.body('2.00')));
    expect(roundTrips).toBe(4 + TX);
  });

  it('a replay: the read only', async () => {
    const w = await readyWallet(t.alice);
    const key = `replay-${Date.now()}`;
    expectOk(await transfer(t.alice, w.body('3.00'), key));
    const { roundTrips } = await counted(() => transfer(t.alice, w.body('3.00'), key));
    expect(roundTrips).toBe(1);
  });
});
