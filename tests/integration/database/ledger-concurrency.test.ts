import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '@/lib/contract/wallets';
import { getDb } from '@/lib/db/client';
import { resetEnvCache } from '@/lib/env';
import { httpIdempotencyKeys, transfers } from '@/lib/db/schema';
import { api, expectOk, ledgerTenant, readyWallet, reconciliation, routes, transfer, walletOf, type LedgerTenant } from '../ledger-fixtures';

/**
 * 100 transfers fired at once at a wallet whose balance covers only 40 of them, each key also
 * retried while the first request may still run. On PostgreSQL these run on separate pooled
 * connections and really race on the wallet's row lock; on PGlite (one connection) they interleave
 * at every await and the transactions serialize. Either way: the balance never goes negative, the
 * successes sum exactly to the debit, the ledger reconciles, and no key posts twice.
 */
// On PostgreSQL the 200 requests are in flight at once and serialize on the wallet's row lock; with
// the default pool (10 connections, 5 s wait) the last ones can wait longer than 5 s for a connection
// on the loaded shared machine, a 500 that says nothing about the ledger. This file's own pool:
process.env.DATABASE_POOL_MAX = '20';
process.env.DATABASE_CONNECT_TIMEOUT_MS = '60000';
resetEnvCache();

let t: LedgerTenant;
const AMOUNT = '7.25';
const FITS = 40;
const FIRED = 100;

beforeAll(async () => {
  t = await ledgerTenant();
});

describe('100 parallel transfers against one wallet', () => {
  it('never overdraws, posts each key once, and reconciles', async () => {
    const start = new Decimal(AMOUNT).times(FITS).toFixed(2); // 290.00
    const { wallet, body } = await readyWallet(t.alice, start);
    const keys = Array.from({ length: FIRED }, (_, i) => `race-${i}-${Date.now().toString(36)}`);

    // every key twice at the same moment: the first request and an impatient retry
    const results = await Promise.all(keys.flatMap((key) => [transfer(t.alice, body(AMOUNT), key), transfer(t.alice, body(AMOUNT), key)]));
    const statuses = results.map((r) => r.status);
    const unexpected = results.filter((r) => ![200, 400, 409].includes(r.status)).map((r) => r.json);
    expect(unexpected).toEqual([]);
    for (const r of results.filter((r) => r.status === 400)) {
      expect(r.json).toEqual({
        code: 400,
        message: 'insufficient balance',
        data: { availableBalance: expect.stringMatching(/^[0-6]\.\d{2}$/), requestedAmount: AMOUNT, currency: 'EUR' },
      });
    }
    for (const r of results.filter((r) => r.status === 409)) {
      expect(r.json.data).toMatchObject({ error: 'IDEMPOTENT_REQUEST_IN_PROGRESS' });
    }

    const db = await getDb();
    const rows = await db
      .select({ id: transfers.id, amount: transfers.amount })
      .from(transfers)
      .where(and(eq(transfers.tenantId, t.tenantId), eq(transfers.walletId, wallet.id)));
    // exactly the transfers the balance covers, no more: 40 x 7.25 = 290.00
    expect(rows).toHaveLength(FITS);
    const debited = rows.reduce((sum, r) => sum.plus(r.amount), new Decimal(0));
    expect(debited.toFixed(2)).toBe(start);
    const after = await walletOf(t.alice, wallet.id);
    expect(after.balance).toBe('0.00');

    // each successful answer names a distinct transfer; a key's two answers never name two transfers
    const okIds = new Map<string, Set<string>>();
    results.forEach((r, i) => {
      if (r.status !== 200) return;
      const key = keys[Math.floor(i / 2)]!;
      okIds.set(key, (okIds.get(key) ?? new Set()).add((r.json.data as { id: string }).id));
    });
    expect([...okIds.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(new Set([...okIds.values()].flatMap((ids) => [...ids])).size).toBe(FITS);
    // each transfer answers the balance its own debit left (282.75, 275.50, ... 0.00, each once), not
    // the one it read before the wallet's row lock; a replay answers the same figure
    const balanceOf = new Map<string, string>();
    for (const r of results.filter((r) => r.status === 200)) {
      const data = r.json.data as Transfer;
      expect(balanceOf.get(data.id) ?? data.sourceWallet.balance).toBe(data.sourceWallet.balance);
      balanceOf.set(data.id, data.sourceWallet.balance);
    }
    expect([...balanceOf.values()].sort((a, b) => Number(a) - Number(b))).toEqual(Array.from({ length: FITS }, (_, k) => new Decimal(AMOUNT).times(k).toFixed(2)));

    // retrying every key afterwards replays or refuses again; nothing is posted twice
    const retries = await Promise.all(keys.map((key) => transfer(t.alice, body(AMOUNT), key)));
    const replayed = retries.filter((r) => r.status === 200);
    expect(replayed).toHaveLength(FITS);
    expect(replayed.every((r) => r.headers.get('Idempotent-Replayed') === 'true')).toBe(true);
    expect(replayed.map((r) => (r.json.data as Transfer).sourceWallet.balance)).toEqual(replayed.map((r) => balanceOf.get((r.json.data as Transfer).id)));
    expect(retries.filter((r) => r.status === 400)).toHaveLength(FIRED - FITS);
    const [count] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(transfers)
      .where(and(eq(transfers.tenantId, t.tenantId), eq(transfers.walletId, wallet.id)));
    expect(count!.n).toBe(FITS);
    // only completed keys are kept; refused ones were released
    const [keyRows] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(httpIdempotencyKeys)
      .where(and(eq(httpIdempotencyKeys.tenantId, t.tenantId), eq(httpIdempotencyKeys.state, 'DONE')));
    expect(keyRows!.n).toBeGreaterThanOrEqual(FITS);

    // the ledger reconciles: every entry balanced, wallet = its lines, every currency sums to zero
    expect(await reconciliation(t.admin)).toEqual({ balanced: true, unbalancedEntries: [], walletMismatches: [], totals: [{ currency: 'EUR', sum: '0' }] });
    // the running balance of the statement never dips below zero
    const statement = expectOk(await api<{ items: Array<{ direction: string; amount: string }> }>(routes.statement.GET, t.alice, { params: { walletId: wallet.id }, query: 'pageSize=100' }));
    let running = new Decimal(0);
    for (const line of [...statement.items].reverse()) {
      running = line.direction === 'CREDIT' ? running.plus(line.amount) : running.minus(line.amount);
      expect(running.gte(0)).toBe(true);
    }
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(FITS);
  }, 120_000); // the transfers serialize on one row lock; a loaded shared machine needs the time
});
