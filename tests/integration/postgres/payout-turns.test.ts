import Decimal from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '@/lib/contract/wallets';
import { resetEnvCache } from '@/lib/env';
import { inTurnCount } from '@/lib/services/wallets/turns';
import { expectOk, ledgerTenant, readyWallet, transfer, walletOf, type LedgerTenant } from '../ledger-fixtures';

/**
 * Payouts of one wallet take turns in the process for their posting statement
 * (lib/services/wallets/turns.ts): while another connection holds the wallet's row lock, a burst of
 * payouts from it keeps one statement waiting at PostgreSQL, not one per pooled connection, so the
 * pool still serves everyone else. The pool here has three connections; five payouts each waiting
 * on the row lock with a connection of their own would have taken all three.
 * PostgreSQL only (tests/integration/postgres/): several connections on one database.
 */
process.env.DATABASE_POOL_MAX = '3';
resetEnvCache();

let t: LedgerTenant;
let blocker: pg.Client;
let observer: pg.Client;

beforeAll(async () => {
  t = await ledgerTenant();
  blocker = new pg.Client({ connectionString: process.env.DATABASE_URL });
  observer = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await Promise.all([blocker.connect(), observer.connect()]);
});

afterAll(async () => {
  await Promise.all([blocker.end(), observer.end()]);
});

/** Statements of this database waiting for a lock (the blocker's own connection holds it and does not wait). */
const lockWaiters = async () =>
  (await observer.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0]!.n;

describe('a burst of payouts from one wallet while its row is locked', () => {
  it('waits with one statement at PostgreSQL; the pool still serves another wallet; then every payout posts, each answering its own balance', async () => {
    const hot = await readyWallet(t.alice, '100.00');
    const other = await readyWallet(t.alice, '50.00');
    const key = `${t.tenantId}:${hot.wallet.id}`;

    await blocker.query('begin');
    await blocker.query('select id from wallets where id = $1 for update', [hot.wallet.id]);
    const payouts = Array.from({ length: 5 }, () => transfer(t.alice, hot.body('1.00')));

    // all five reach their turn; one of them is at PostgreSQL, waiting for the row lock
    await expect.poll(() => inTurnCount(key), { timeout: 20_000 }).toBe(5);
    await expect.poll(lockWaiters, { timeout: 20_000 }).toBe(1);

    // the other two connections serve the rest: a read, and a payout of another wallet, end to end
    expect((await walletOf(t.alice, other.wallet.id)).balance).toBe('50.00');
    const elsewhere = expectOk(await transfer(t.alice, other.body('2.00')));
    expect(elsewhere.sourceWallet.balance).toBe('48.00');
    expect(await lockWaiters()).toBe(1);
    expect(inTurnCount(key)).toBe(5);

    await blocker.query('commit');
    const answers = (await Promise.all(payouts)).map((r) => expectOk(r) as Transfer);
    expect(answers.map((a) => a.sourceWallet.balance).sort((a, b) => Number(b) - Number(a))).toEqual(['99.00', '98.00', '97.00', '96.00', '95.00']);
    expect(inTurnCount(key)).toBe(0);
    expect((await walletOf(t.alice, hot.wallet.id)).balance).toBe(new Decimal('95').toFixed(2));
  }, 60_000);
});
