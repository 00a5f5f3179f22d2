import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import type { Reconciliation } from '@/lib/contract/wallets';
import type { DbOrTx } from '@/lib/db/client';

/**
 * The reconciliation query of docs/ledger.md: every entry balances per currency, every wallet's
 * stored balance equals its account's lines (credits - debits), and per currency the balances of
 * all accounts of the tenant sum to zero. An empty result on each check is a healthy ledger.
 */
type Rows<T> = { rows: T[] };

export async function reconcile(db: DbOrTx, tenantId: string): Promise<Reconciliation> {
  const unbalanced = (await db.execute(sql`
    select entry_id as "entryId", currency, sum(case when side = 'DEBIT' then amount else -amount end)::text as difference
    from journal_lines where tenant_id = ${tenantId}
    group by entry_id, currency
    having sum(case when side = 'DEBIT' then amount else -amount end) <> 0`)) as unknown as Rows<{ entryId: string; currency: string; difference: string }>;
  const mismatches = (await db.execute(sql`
    select w.id as "walletId", w.balance::text as balance,
           coalesce((select sum(case when l.side = 'CREDIT' then l.amount else -l.amount end)
                     from journal_lines l where l.tenant_id = w.tenant_id and l.account_id = w.id), 0)::text as "ledgerBalance"
    from wallets w where w.tenant_id = ${tenantId}`)) as unknown as Rows<{ walletId: string; balance: string; ledgerBalance: string }>;
  const totals = (await db.execute(sql`
    select currency, sum(case when side = 'CREDIT' then amount else -amount end)::text as sum
    from journal_lines where tenant_id = ${tenantId} group by currency order by currency`)) as unknown as Rows<{ currency: string; sum: string }>;
  const walletMismatches = mismatches.rows
    .filter((r) => !new Decimal(r.balance).eq(new Decimal(r.ledgerBalance)))
    .map((r) => ({ walletId: r.walletId, balance: new Decimal(r.balance).toFixed(), ledgerBalance: new Decimal(r.ledgerBalance).toFixed() }));
  const unbalancedEntries = unbalanced.rows.map((r) => ({ ...r, difference: new Decimal(r.difference).toFixed() }));
  const sums = totals.rows.map((r) => ({ currency: r.currency, sum: new Decimal(r.sum).toFixed() }));
  return {
    balanced: unbalancedEntries.length === 0 && walletMismatches.length === 0 && sums.every((t) => new Decimal(t.sum).isZero()),
    unbalancedEntries,
    walletMismatches,
    totals: sums,
  };
}
