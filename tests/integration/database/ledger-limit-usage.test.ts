import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fixedClock, setClock } from '@/lib/clock';
import type { Transfer } from '@/lib/contract/wallets';
import { MIGRATIONS_FOLDER, getDb } from '@/lib/db/client';
import { expectEnvelope } from '../helpers';
import { api, expectOk, ledgerTenant, openWallet, readyWallet, routes, transfer, type LedgerTenant } from '../ledger-fixtures';

/**
 * What the limits count, kept per wallet and UTC day by the ledger's triggers (wallet_usage_days,
 * migration 0027; docs/ledger.md, "Limits and their windows"): after payouts, held transfers
 * approved and rejected and a wallet-to-wallet transfer, over two UTC days, the rows hold exactly
 * what the ledger's lines say (the usage rule read from journal_lines, as it was read before the
 * rows existed), the limits' usage follows them, a wallet's payouts of one day are one row, and the
 * migration's count of existing lines gives the same rows. On both databases (triggers and SQL).
 */
// the last half hour of 30 November and the first minutes of 1 December (UTC): within a session's hour
const DAY_ONE = new Date('2026-11-30T23:30:00Z');
const DAY_TWO = new Date('2026-12-01T00:10:00Z');

/** The usage rule read from the ledger's lines, per wallet account and UTC day, for a tenant. */
async function fromLines(tenantId: string): Promise<Array<{ account: string; day: string; amount: string }>> {
  const db = await getDb();
  const result = (await db.execute(sql`
    select l.account_id::text as account, to_char((l.posted_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, sum(l.amount)::text as amount
    from journal_lines l
    join journal_entries e on e.tenant_id = l.tenant_id and e.id = l.entry_id
    join ledger_accounts a on a.tenant_id = l.tenant_id and a.id = l.account_id and a.kind = 'WALLET'
    where l.tenant_id = ${tenantId} and l.side = 'DEBIT' and l.purpose = 'AMOUNT' and e.kind in ('TRANSFER_HOLD', 'TRANSFER_SETTLEMENT')
      and not exists (select 1 from journal_entries r where r.tenant_id = e.tenant_id and r.transfer_id = e.transfer_id and r.kind = 'TRANSFER_RELEASE')
    group by 1, 2 order by 1, 2`)) as unknown as { rows: Array<{ account: string; day: string; amount: string }> };
  return result.rows;
}

/** The rows the triggers keep, for a tenant; a day whose transfers were all released again holds 0. */
async function kept(tenantId: string): Promise<Array<{ account: string; day: string; amount: string }>> {
  const db = await getDb();
  const result = (await db.execute(sql`
    select account_id::text as account, to_char(day, 'YYYY-MM-DD') as day, amount::text as amount
    from wallet_usage_days where tenant_id = ${tenantId} and amount <> 0 order by 1, 2`)) as unknown as { rows: Array<{ account: string; day: string; amount: string }> };
  return result.rows;
}

let t: LedgerTenant;
const clock = fixedClock(DAY_ONE);

afterAll(() => setClock(null));

describe('the limits’ usage per wallet and day', () => {
  it('holds what the ledger’s lines say, through holds, approvals, rejections and wallet transfers over two UTC days', async () => {
    t = await ledgerTenant(clock);
    expectOk(await api(routes.settings.PUT, t.admin, { method: 'PUT', body: { fourEyesThreshold: '100' } }));
    const { wallet, consent, body } = await readyWallet(t.alice, '5000.00');
    const savings = await openWallet(t.alice, 'EUR');
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'DAILY', limit: '1000', currency: 'EUR' } }));
    expectOk(await api(routes.limits.PUT, t.admin, { method: 'PUT', body: { walletId: wallet.id, limitType: 'MONTHLY', limit: '100000', currency: 'EUR' } }));

    // day one (30 November): two payouts, one held and approved, one held and rejected
    for (const amount of ['10.00', '20.00']) expect(expectOk(await transfer(t.alice, body(amount))).status).toBe('COMPLETED');
    const approved = expectOk(await transfer(t.alice, body('300.00')));
    const rejected = expectOk(await transfer(t.alice, body('400.00')));
    expectOk(await api<Transfer>(routes.approve.POST, t.approver, { params: { transferId: approved.id } }));
    // day two (1 December, a new month): a payout, a wallet transfer, and the rejection of day one's hold
    clock.set(DAY_TWO);
    expect(expectOk(await transfer(t.alice, body('5.00'))).status).toBe('COMPLETED');
    expect(
      expectOk(await transfer(t.alice, { walletId: wallet.id, destinationWalletId: savings.id, amount: '7.00', currency: 'EUR', reference: 'savings', paymentConsentId: consent.id })).status,
    ).toBe('COMPLETED');
    expectOk(await api<Transfer>(routes.reject.POST, t.approver, { params: { transferId: rejected.id }, body: { reason: 'not today' } }));

    expect(await kept(t.tenantId)).toEqual([
      { account: wallet.id, day: '2026-11-30', amount: '330.0000' },
      { account: wallet.id, day: '2026-12-01', amount: '12.0000' },
    ]);
    expect(await kept(t.tenantId)).toEqual((await fromLines(t.tenantId)).map((r) => ({ ...r, amount: Number(r.amount).toFixed(4) })));
    // the rejected hold gave its 400.00 back to day one's row; the limits read day two only (a new day, a new month)
    const limits = expectOk(await api<{ items: Array<{ limitType: string; currentUsage: string }> }>(routes.limits.GET, t.alice, { query: `walletId=${wallet.id}` }));
    expect(limits.items.map((l) => [l.limitType, l.currentUsage]).sort()).toEqual([
      ['DAILY', '12.00'],
      ['MONTHLY', '12.00'],
    ]);
    // and the transfer's own check counts them: 12.00 used, 988.01 more crosses the daily 1,000.00
    expectEnvelope(await transfer(t.alice, body('988.01')), 400, 'transaction limit exceeded', {
      limitType: 'DAILY',
      limit: '1000.00',
      currentUsage: '12.00',
      requestedAmount: '988.01',
      currency: 'EUR',
    });
  });

  it('keeps a wallet’s payouts of one day in one row, however many there are', async () => {
    const { wallet, body } = await readyWallet(t.bob, '1000.00');
    for (let i = 0; i < 25; i++) expectOk(await transfer(t.bob, body('1.00')));
    const db = await getDb();
    const rows = (await db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, amount::text as amount from wallet_usage_days where tenant_id = ${t.tenantId} and account_id = ${wallet.id}`,
    )) as unknown as {
      rows: unknown[];
    };
    expect(rows.rows).toEqual([{ day: '2026-12-01', amount: '25.0000' }]);
  });

  it('the migration’s count of existing lines gives the same rows as the triggers kept', async () => {
    const before = await kept(t.tenantId);
    expect(before).toHaveLength(3);
    const statements = readFileSync(path.join(MIGRATIONS_FOLDER, '0027_wallet_usage_days.sql'), 'utf8').split('--> statement-breakpoint');
    const backfill = statements.find((s) => s.trim().startsWith('INSERT INTO wallet_usage_days'));
    expect(backfill).toBeDefined();
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.execute(sql`delete from wallet_usage_days`);
      await tx.execute(sql.raw(backfill!));
    });
    expect(await kept(t.tenantId)).toEqual(before);
  });
});
