'use client';

import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Section } from '@/components/ui/page-header';
import { formatMoney } from '@/components/wallets/money';
import type { Reconciliation } from '@/lib/contract/wallets';
import { apiFetch, errorMessage } from '@/lib/ui/fetcher';

/** For administrators: the ledger's reconciliation (balanced entries, wallet balances = their lines, zero sums). */
export function ReconciliationStatus() {
  const query = useQuery({ queryKey: ['reconciliation'], queryFn: () => apiFetch<Reconciliation>('/api/v2.1/ledger/reconciliation') });
  const r = query.data;
  return (
    <Section title="Ledger reconciliation" id="reconciliation">
      {query.isError ? (
        <p role="alert" className="text-sm text-rose-700">
          {errorMessage(query.error)}
        </p>
      ) : null}
      {!r && !query.isError ? <p className="text-sm text-ink-muted">Checking the ledger…</p> : null}
      {r ? (
        <div className="space-y-2 text-sm" data-testid="reconciliation">
          <p className="flex flex-wrap items-center gap-2">
            <Badge tone={r.balanced ? 'good' : 'bad'}>{r.balanced ? 'balanced' : 'not balanced'}</Badge>
            <span className="text-ink-muted">
              {r.balanced ? 'Every entry balances, every wallet equals its ledger lines, and each currency sums to zero.' : 'The ledger needs attention: see the findings below.'}
            </span>
          </p>
          {r.unbalancedEntries.length ? (
            <p className="text-rose-800">
              {r.unbalancedEntries.length} unbalanced entries: {r.unbalancedEntries.map((e) => e.entryId.slice(0, 8)).join(', ')}
            </p>
          ) : null}
          {r.walletMismatches.length ? (
            <p className="text-rose-800">
              Wallets whose balance differs from the ledger: {r.walletMismatches.map((m) => `${m.walletId.slice(0, 8)} (${m.balance} vs ${m.ledgerBalance})`).join(', ')}
            </p>
          ) : null}
          {r.totals.length ? <p className="text-ink-muted">Sums per currency: {r.totals.map((t) => formatMoney(t.sum, t.currency)).join(' · ')}</p> : null}
        </div>
      ) : null}
    </Section>
  );
}
