import Decimal from 'decimal.js';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '@/lib/contract/wallets';
import { resetEnvCache } from '@/lib/env';
import { inTurnCount } from '@/lib/services/wallets/turns';
import { expectOk, ledgerTenant, newKey, readyWallet, transfer, walletOf, type LedgerTenant } from '../ledger-fixtures';

/**
 * Payouts of one wallet take turns in the process for their posting statement
 * (lib/services/wallets/turns.ts): while another connection holds the wallet's row lock, a burst of
 * payouts from it keeps one statement waiting at PostgreSQL, not one per pooled connection, so the
 * pool still serves everyone else. The pool here has three connections; five payouts each waiting
 * on the row lock with a connection of their own would have taken all three.
 * PostgreSQL only (tests/integration/postgres/): several connections on one database.
 */
process.env.DATABASE_POOL_MAX = '3';
// the statement's wait for a lock, and a payout's wait for its turn, give up after 6 s (10 s by default)
process.env.DATABASE_QUERY_TIMEOUT_MS = '6000';
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

  it('a repeat of a payout still in flight (same Idempotency-Key) waits for it and gets its answer: one transfer', async () => {
    const hot = await readyWallet(t.alice, '100.00');
    const key = `${t.tenantId}:${hot.wallet.id}`;
    const idempotencyKey = newKey();
    await blocker.query('begin');
    await blocker.query('select id from wallets where id = $1 for update', [hot.wallet.id]);
    // the first is at PostgreSQL, its key not yet claimed (its posting statement claims it); the repeat's read finds no record
    const first = transfer(t.alice, hot.body('1.00'), idempotencyKey);
    await expect.poll(lockWaiters, { timeout: 20_000 }).toBe(1);
    const repeat = transfer(t.alice, hot.body('1.00'), idempotencyKey);
    await expect.poll(() => inTurnCount(key), { timeout: 20_000 }).toBe(2);
    await blocker.query('commit');
    const [one, two] = await Promise.all([first, repeat]);
    expect([one.status, one.headers.get('Idempotent-Replayed'), two.status, two.headers.get('Idempotent-Replayed')]).toEqual([200, null, 200, 'true']);
    expect(two.json).toEqual(one.json);
    expect((await walletOf(t.alice, hot.wallet.id)).balance).toBe('99.00');
  }, 60_000);
});

/** The posting statements node-postgres sent, with their parameters (one transfer's carry its Idempotency-Key). */
const sent: Array<{ text: string; values: unknown[] }> = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: unknown }).query = function recorded(this: unknown, config: unknown, ...rest: unknown[]) {
  const c = config as { text?: unknown; values?: unknown[] };
  if (c && typeof c === 'object' && typeof c.text === 'string' && c.text.includes('insert into transfers')) sent.push({ text: c.text, values: c.values ?? (rest[0] as unknown[]) ?? [] });
  return query.call(this, config, ...rest);
};
/** A statement, or a payout's turn, past DATABASE_QUERY_TIMEOUT_MS (the catalogue's databaseTimeout). */
const TIMED_OUT = { code: 503, message: 'service unavailable', data: { error: 'SERVICE_UNAVAILABLE', details: 'the database did not answer in time; retry later' } };

const postingsWith = (key: string) => sent.filter((s) => s.values.includes(key)).length;

describe('a wallet whose row stays locked', () => {
  it('a payout waiting for its turn gives up after DATABASE_QUERY_TIMEOUT_MS with 503 and its key left free, never sending its statement, instead of one statement timeout per payout ahead', async () => {
    const hot = await readyWallet(t.alice, '100.00');
    const key = `${t.tenantId}:${hot.wallet.id}`;
    await blocker.query('begin');
    await blocker.query('select id from wallets where id = $1 for update', [hot.wallet.id]);

    // one at PostgreSQL waiting for the row, then two waiting for their turn behind it, in this order
    const first = transfer(t.alice, hot.body('1.00'));
    await expect.poll(lockWaiters, { timeout: 20_000 }).toBe(1);
    const second = transfer(t.alice, hot.body('1.00'));
    await expect.poll(() => inTurnCount(key), { timeout: 20_000 }).toBe(2);
    const thirdKey = newKey();
    const third = transfer(t.alice, hot.body('1.00'), thirdKey);
    await expect.poll(() => inTurnCount(key), { timeout: 20_000 }).toBe(3);

    // the row stays locked: the third's turn cannot come (the second, should it get the turn, waits
    // for the row in it), and it gives up when its wait reaches the bound, its statement never sent
    const refused = await third;
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual(TIMED_OUT);
    expect(refused.headers.get('Retry-After')).toBe('2');
    expect(postingsWith(thirdKey)).toBe(0);

    await blocker.query('commit');
    // the first's statement waited past its own timeout: the same 503 whether the server's
    // statement_timeout (57014) or the client's query timeout fired first; the second either had
    // its turn and posted once the row was free, or gave up like the third
    const [one, two] = await Promise.all([first, second]);
    expect([one.status, one.json, one.headers.get('Retry-After')]).toEqual([503, TIMED_OUT, '2']);
    expect([200, 503]).toContain(two.status);
    const posted = two.status === 200 ? 1 : 0;
    expect((await walletOf(t.alice, hot.wallet.id)).balance).toBe(new Decimal(100).minus(posted).toFixed(2));

    // the third's key is free (its claim is its posting statement, never sent): the same request again posts, once
    const again = expectOk(await transfer(t.alice, hot.body('1.00'), thirdKey)) as Transfer;
    expect(again.sourceWallet.balance).toBe(new Decimal(99).minus(posted).toFixed(2));
    expect(postingsWith(thirdKey)).toBe(1);
    expect(inTurnCount(key)).toBe(0);
  }, 60_000);
});
