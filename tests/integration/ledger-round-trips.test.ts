import { beforeAll, describe, expect, it } from 'vitest';
import { countRoundTrips } from '@/lib/db/round-trips';
import { expectOk, ledgerTenant, openWallet, fund, readyWallet, transfer, type LedgerTenant } from './ledger-fixtures';

/**
 * Database statements of one POST /api/v2.1/transfers (issue 18; docs/ledger.md "A transfer, step
 * by step"), counted by the drizzle logger around the real route handler with a real bearer token:
 * authentication, the idempotency claim (its own statement), then in one transaction the statement
 * that locks and reads and the statement that checks and writes (transfer, entry, lines, balances,
 * event, stored answer). On PostgreSQL drizzle's BEGIN and COMMIT are counted too; PGlite opens its
 * transactions itself. Before: 17 statements for a payout and 15 for an administrator's wallet
 * transfer on PGlite (2 more on PostgreSQL).
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
  it('a payout: authentication, the claim, then locks-and-reads and checks-and-writes in one transaction', async () => {
    const w = await readyWallet(t.alice);
    expectOk(await transfer(t.alice, w.body('1.00'))); // warm: the session's last use is written at most once a minute
    const { roundTrips } = await counted(() => transfer(t.alice, w.body('2.00')));
    expect(roundTrips).toBe(4);
  });

  it('a wallet-to-wallet transfer by an administrator: the same count', async () => {
    const a = await openWallet(t.admin, 'EUR', t.alice.customerId);
    const b = await openWallet(t.admin, 'EUR', t.bob.customerId);
    await fund(t.admin, a.id, '100.00', 'EUR');
    const body = (amount: string) => ({ walletId: a.id, destinationWalletId: b.id, amount, currency: 'EUR', reference: 'rent' });
    expectOk(await transfer(t.admin, body('1.00')));
    const { roundTrips } = await counted(() => transfer(t.admin, body('2.00')));
    expect(roundTrips).toBe(4);
  });

  it('a replay: authentication and the claim only', async () => {
    const w = await readyWallet(t.alice);
    const key = `replay-${Date.now()}`;
    expectOk(await transfer(t.alice, w.body('3.00'), key));
    const { roundTrips } = await counted(() => transfer(t.alice, w.body('3.00'), key));
    expect(roundTrips).toBe(3);
  });
});
